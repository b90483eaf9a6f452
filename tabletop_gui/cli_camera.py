"""``tabletop-gui markers`` and ``tabletop-gui table``: the printed markers out,
a photo of the real table in (docs/camera.md).

tabletop-gui markers -o FILE.pdf [--corners] [--tags 4-40] [--size S] [--paper a4|letter]
tabletop-gui table GAME.json PHOTO [-o OUT.json] [--json] [--record] [--corners X0,Y0,...,X3,Y3]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from tabletop_gui.camera.errors import CameraError
from tabletop_gui.camera.markers import CORNER_SIZE_IN, TAG_SIZE_IN, parse_ids
from tabletop_gui.camera.records import alignment_of, kept_fit, lens_of
from tabletop_gui.camera.table_read import (
    TableReading,
    board_words,
    facing_words,
    read_table,
    removed_by,
    units_words,
)
from tabletop_gui.io import FileFormatError, load_game, save_game
from tabletop_gui.model.bounds import piece_name
from tabletop_gui.model.camera import TableCamera
from tabletop_gui.model.game import Game
from tabletop_gui.model.limits import terminal_safe
from tabletop_gui.model.names import piece_label
from tabletop_gui.model.scene import Scene
from tabletop_gui.rules import replay
from tabletop_gui.rules.engine import apply, initial_state

SubParsers = argparse._SubParsersAction


def add_parsers(sub: SubParsers) -> None:
    p = sub.add_parser(
        "markers",
        help="print the camera's markers at true scale (a PDF)",
        description="Write marker sheets at true scale: the four corner markers and unit "
        "tags (AprilTag 36h11, docs/camera.md). Default: the corners and tags 4-43.",
    )
    p.add_argument("-o", "--output", required=True, help="the PDF to write")
    p.add_argument("--corners", action="store_true", help="the four corner markers 0-3")
    p.add_argument("--tags", metavar="IDS", help="unit tags to print, e.g. 4-40 or 4,9,12-20")
    p.add_argument("--size", type=float, metavar="IN",
                   help=f"the black square's side in inches (default: corners "
                        f"{CORNER_SIZE_IN:g}, tags {TAG_SIZE_IN:g})")  # fmt: skip
    p.add_argument("--paper", default="a4", choices=("a4", "letter"), help="the paper size")
    p.add_argument("--game", metavar="GAME",
                   help="print the tags of this game's units (unless --tags), each with the "
                        "unit's name under it")  # fmt: skip
    p.add_argument("--calibration", action="store_true",
                   help="the lens calibration grid (the window's Camera > Calibrate lens...)",
                   )  # fmt: skip
    t = sub.add_parser(
        "table",
        help="place the game's tagged units where a photo of the real table shows them",
        description="Find the board's corner markers and the unit tags in PHOTO and place "
        "every tagged unit where its tag stands. Without -o nothing is written.",
    )
    t.add_argument("file", help="the game (GAME.json)")
    t.add_argument("photo", help="the photo of the table (JPEG, PNG, ...)")
    t.add_argument("-o", "--output", help="write the game with the units placed here")
    t.add_argument("--json", action="store_true", help="print the reading as JSON")
    t.add_argument("--record", action="store_true",
                   help="append one move event per unit that moved (as if its player had "
                        "moved it) instead of editing the set-up")  # fmt: skip
    t.add_argument("--corners", metavar="X0,Y0,...,X3,Y3",
                   help="the image pixels of the board's corners (0,0), (W,0), (W,H), (0,H), "
                        "when the corner markers cannot be used")  # fmt: skip


def say(text: str, stream: Any = None) -> None:
    print(terminal_safe(text), file=stream if stream is not None else sys.stdout)


def run(args: argparse.Namespace) -> int:
    try:
        if args.command == "markers":
            return _markers(args)
        return _table(args)
    except (CameraError, ValueError) as exc:
        say(f"error: {exc}", sys.stderr)
        return 2


def _markers(args: argparse.Namespace) -> int:
    # Sheets printed at true scale: a PDF keeps the page size, a picture would not.
    if not args.output.lower().endswith(".pdf"):
        raise ValueError(f"{args.output}: the output must end in .pdf (the sheets are a PDF, "
                         "to print at true scale)")  # fmt: skip
    if args.size is not None and not (math.isfinite(args.size) and 0.2 <= args.size <= 24):
        raise ValueError(f"--size {args.size:g}: give the black square's side, 0.2 to 24 in")
    names: dict[int, str] = {}
    if args.game:
        game = load_game(args.game)  # a bad file: its FileFormatError, named by place
        units = replay(game.setup, game.events).scene.units.values()  # added ones too
        names = {u.tag: piece_label(u) for u in units if u.tag}
        if not names:
            raise ValueError(f"{args.game}: no unit has a camera tag yet (set its Camera tag "
                             "in the Inspector, or give --tags)")  # fmt: skip
    only_grid = args.calibration and not args.corners and args.tags is None
    corners = not only_grid and (args.corners or args.tags is None)
    default = [] if (args.corners or only_grid) else (sorted(names) or list(range(4, 44)))
    tags = parse_ids(args.tags) if args.tags else default
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from tabletop_gui.app.camera.marker_sheets import marker_list, write_marker_pdf

    try:
        markers = marker_list(corners, tags, args.size)
        pages = write_marker_pdf(args.output, markers, args.paper, args.calibration, names)
    except OSError as exc:
        raise ValueError(f"{args.output}: cannot write: {exc.strerror or exc}") from None
    n = len(tags) + (4 if corners else 0) + (20 if args.calibration else 0)
    say(f"wrote {args.output}: {n} markers on {pages} {args.paper} page{'s' * (pages > 1)}, "
        "at true scale (print at 100 %)")  # fmt: skip
    return 0


def _table(args: argparse.Namespace) -> int:
    try:
        game = load_game(args.file)
    except FileFormatError as exc:
        from tabletop_gui.io.other_programs import advised  # only for a bad file

        say(f"error: {advised(exc, args.file)}", sys.stderr)
        return 2
    corners = _corners(args.corners) if args.corners else None
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from tabletop_gui.app.camera.photo import load_photo

    if args.output and os.path.abspath(args.output) == os.path.abspath(args.photo):
        raise CameraError("-o would overwrite the photo being read (give the game's file)")
    if not os.path.isfile(args.photo):
        what = "a folder, not a photo" if os.path.isdir(args.photo) else "no such file"
        raise CameraError(f"{args.photo}: {what}")
    image = load_photo(args.photo)
    camera = game.camera or TableCamera()
    states = [initial_state(game.setup)]
    for event in game.events:
        states.append(apply(states[-1], event))
    state = states[-1]
    reading = read_table(
        state.scene, image, corners=corners, fit=kept_fit(camera, state.scene.board.extent),
        lens=lens_of(camera), corner_size=camera.corner_size, tag_size=camera.tag_size,
        where=args.photo, removed=removed_by([s.scene for s in states]),
    ).checked(state)  # fmt: skip
    refused: list[str] = []
    if args.output:  # written before anything is printed: a closed pipe loses nothing
        placed, refused = apply_reading(game, reading, record=args.record)
        save_game(placed, args.output)
    if args.json:
        doc = reading.to_json()
        doc["problems"] += refused
        print(json.dumps(doc, indent=1))
    else:
        say(summary(reading, args.photo, refused, state.scene))
        if args.output:
            say(f"wrote {args.output}")
        elif args.record:  # the moves would be appended to a file -o names
            say("nothing written: --record appends the moves to the game -o writes")
    return 0


def _corners(text: str) -> list[float]:
    try:
        return [float(v) for v in text.replace(" ", "").split(",")]
    except ValueError:
        raise CameraError(f"--corners {text!r}: give 8 numbers X0,Y0,X1,Y1,X2,Y2,X3,Y3") from None


def apply_reading(game: Game, reading: TableReading, *, record: bool) -> tuple[Game, list[str]]:
    """The game with the reading's units placed: set-up edited (a game with no
    events yet), or one move event each appended (``record``); and the units
    the rules refuse to move, each with the reason (they keep their place, the
    others move). Keeps the alignment with the game."""
    camera = replace(game.camera or TableCamera(), alignment=alignment_of(reading.fit))
    if record:
        moves, refused = reading.accepted_moves(replay(game.setup, game.events))
        return replace(game, events=(*game.events, *moves), camera=camera), refused
    if game.events:
        raise CameraError(
            f"the game has {len(game.events)} events: the set-up is edited only before the "
            "first; add --record to append the moves to the log"
        )
    moves, refused = reading.accepted_moves(initial_state(game.setup))
    scene = game.setup.scene
    for move in moves:
        unit = scene.units[move.piece_id]
        facing = unit.facing if move.facing is None else move.facing
        scene = scene.with_piece(replace(unit, x=move.x, y=move.y, facing=facing))
    return replace(game, setup=replace(game.setup, scene=scene), camera=camera), refused


def summary(
    reading: TableReading, photo: str, refused: Sequence[str] = (), scene: Scene | None = None
) -> str:
    """What ``table`` prints: the board, then each tagged unit by its name and
    id when ``scene`` (the one read) is given, then the problems and notes."""
    fit = reading.fit
    lens = ""
    if fit.lens is not None:
        source = (
            "kept with the alignment" if reading.kept
            else "fitted from an earlier photo (too few unit tags in this one)"
            if reading.lens_earlier
            else "fitted from the photo"
        )  # fmt: skip
        lens = (f"; the lens's distortion {source} (k1 {fit.lens.k1:.4f}, "
                f"k2 {fit.lens.k2:.4f})" if fit.lens.fitted
                else "; the game's lens calibration used")  # fmt: skip
    lines = [f"{photo}: {board_words(reading)}{lens}; {units_words(reading)}"]
    for u in reading.units:
        if u.problem:
            continue
        name = piece_name(scene.units[u.unit_id]) if scene is not None else u.unit_id
        # "Knights (a-knights, tag 4)", not "Knights (a-knights) (tag 4)".
        called = f"{name[:-1]}, tag {u.tag})" if name.endswith(")") else f"{name} (tag {u.tag})"
        if not u.seen:
            lines.append(f"  {called}: not seen, keeps its place")
        elif u.moved:
            lines.append(f"  {called}: moved {u.moved_in:.2f} in to "
                         f"({u.x:.2f}, {u.y:.2f}) facing {facing_words(u.facing)}")  # fmt: skip
    lines += [f"  ! {p}" for p in (*reading.problems, *refused)]
    lines += [f"  note: {n}" for n in reading.notes]
    return "\n".join(lines)

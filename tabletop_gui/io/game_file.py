"""File format v2: one JSON format for scenarios and games (setup + log). Version 1
files read too: they differ only in the names of some events (``Event.aliases``).

See docs/file-format.md. Loading validates everything, replays the log through
the rules and raises FileFormatError naming the JSON path; saving writes
atomically (``io.atomic``), so a crash mid-save leaves the old file whole.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from tabletop_gui.io.atomic import write_atomic
from tabletop_gui.io.codec import decode, encode, parse_float, parse_int, text
from tabletop_gui.io.errors import FileFormatError, LogRefusal, json_error, not_text
from tabletop_gui.io.reading import Strict
from tabletop_gui.model import limits
from tabletop_gui.model.annotations import Annotations, RangeRing, Ruler
from tabletop_gui.model.bounds import off_board
from tabletop_gui.model.camera import TableCamera
from tabletop_gui.model.events import Event, EventError
from tabletop_gui.model.game import Game
from tabletop_gui.model.pieces import Marker, Side, Terrain, Unit, Zone
from tabletop_gui.model.scene import Board, ObjectiveSpec, Scene, Setup
from tabletop_gui.model.state import GameState
from tabletop_gui.model.terms import PLAIN_TERMS, Terms
from tabletop_gui.rules.engine import (
    RuleError,
    apply,
    initial_state,
    objectives_of,
    unknown_kind,
)
from tabletop_gui.rules.family import Family
from tabletop_gui.rules.objective import every_piece
from tabletop_gui.rules.registry import family_names, find_family

FORMAT_NAME = "tabletop-gui"
#: The version written; version 1 named some family events otherwise (each
#: event's ``aliases``), and reads as well (docs/file-format.md, Versions).
FORMAT_VERSION = 2
READ_VERSIONS = (1, 2)
TOP_KEYS = (
    "format", "version", "family", "name", "deployment", "notes", "settings", "board",
    "sides", "units", "markers", "terrain", "zones", "objectives", "events", "briefing",
    "annotations", "camera",
)  # fmt: skip
#: Told of each event the loader's replay applies: (index, state before, event, state after).
Step = Callable[[int, GameState, Event, GameState], None]


# -- writing --------------------------------------------------------------


def game_to_json(game: Game) -> dict[str, Any]:
    setup, scene = game.setup, game.setup.scene
    board = encode(scene.board)
    board = {"kind": scene.board.kind, **board}
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "family": setup.family,
        "name": setup.name,
        "deployment": setup.deployment,
        "notes": setup.notes,
        **({"briefing": dict(setup.briefing)} if setup.briefing else {}),
        "settings": encode(setup.settings),
        "board": board,
        "sides": [encode(s) for s in scene.sides],
        "units": [encode(u) for u in scene.units.values()],
        "markers": [encode(m) for m in scene.markers.values()],
        "terrain": [encode(t) for t in scene.terrain.values()],
        "zones": [encode(z) for z in scene.zones.values()],
        "objectives": [encode(o) for o in setup.objectives],
        "events": [event_to_json(e) for e in game.events],
        **({"annotations": encode(game.annotations)} if game.annotations else {}),
        **({"camera": encode(game.camera)} if game.camera is not None else {}),
    }


def event_to_json(event: Event) -> dict[str, Any]:
    return {"type": event.type, **encode(event)}


def dumps(game: Game) -> str:
    return json.dumps(game_to_json(game), indent=1, ensure_ascii=False) + "\n"


def save_game(game: Game, path: str | os.PathLike[str]) -> None:
    """Write atomically (``io.atomic``): the old file stays whole until the new
    one is complete on disk. A link at ``path`` is followed: the user's own file
    (kept elsewhere and linked here) is saved, and the link kept."""
    write_atomic(path, dumps(game).encode("utf-8"), follow_links=True)


# -- reading --------------------------------------------------------------


def load_game(path: str | os.PathLike[str], step: Step | None = None) -> Game:
    """The game of the file at ``path``, every check passed and its log replayed
    once through the rules (``step`` is told of each event as it is applied)."""
    source = str(path)
    try:
        with open(path, "rb") as fh:
            raw = fh.read(limits.MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise FileFormatError("(file)", f"cannot read: {exc.strerror or exc}", source) from None
    try:
        return loads(raw, step)
    except LogRefusal as exc:
        raise LogRefusal(exc.path, exc.problem, source, index=exc.index, game=exc.game) from None
    except FileFormatError as exc:
        raise FileFormatError(exc.path, exc.problem, source) from None


def loads(raw: str | bytes, step: Step | None = None) -> Game:
    return game_from_json(parse(raw), step=step)


def parse(raw: str | bytes) -> Any:
    """The JSON document of a file's bytes (or text), within the size limit."""
    if len(raw) > limits.MAX_FILE_BYTES:
        raise FileFormatError(
            "(file)", f"larger than the limit of {limits.MAX_FILE_BYTES // 2**20} MB"
        )
    if isinstance(raw, bytes):
        data = raw
        try:
            raw = data.decode("utf-8-sig")  # a BOM (Notepad) is not an error
        except UnicodeDecodeError as exc:
            raise not_text(data, exc.start) from None
    try:
        data = json.loads(raw, parse_int=parse_int, parse_float=parse_float)
    except json.JSONDecodeError as exc:
        raise json_error(exc) from None
    except RecursionError:  # the parser's own limit, far past MAX_DEPTH
        raise FileFormatError(
            "(file)", f"nested more than {limits.MAX_DEPTH} levels deep"
        ) from None
    return data


def game_from_json(data: Any, *, step: Step | None = None, problems: Strict | None = None) -> Game:
    """The game of a parsed file. ``problems``: how a problem is met (default:
    raised; ``io.reading.Collecting`` notes each and reads on, for ``validate``);
    a problem the rest of the file cannot be read without is raised either way."""
    problems = Strict() if problems is None else problems
    if not isinstance(data, dict):
        raise FileFormatError("(file)", "expected a JSON object at the top")
    unknown = [str(key) for key in data if key not in TOP_KEYS]
    if unknown:
        known = f"unknown field (known: {', '.join(TOP_KEYS)})"
        problems.unknown_keys(unknown, lambda key: FileFormatError(key, known), "(file)")
    if data.get("format", FORMAT_NAME) != FORMAT_NAME:
        raise FileFormatError("format", f"expected {FORMAT_NAME!r}")
    version = data.get("version")
    if isinstance(version, bool) or version not in READ_VERSIONS:
        raise FileFormatError(
            "version", f"this program reads versions 1 and {FORMAT_VERSION}, got {version!r}"
        )
    if "family" not in data:
        raise FileFormatError("family", f"missing (one of: {', '.join(family_names())})")
    family_name = decode(str, data["family"], "family")
    board = decode(Board, data.get("board", {"kind": "inch"}), "board")
    _check_sizes(data)
    try:
        family = find_family(family_name)()
    except RuleError as exc:
        raise FileFormatError("family", str(exc)) from None
    terms = family.terms()  # what it adds to units and markers is read with them
    sides = [side for _, side in _list(Side, data, "sides", problems)]
    side_ids = [s.id for s in sides]
    if len(set(side_ids)) != len(side_ids):
        raise FileFormatError("sides", "side ids must be unique")
    seen: set[str] = set()
    pieces: dict[str, Any] = {}
    for key, cls in (("units", Unit), ("markers", Marker), ("terrain", Terrain), ("zones", Zone)):
        coll: dict[str, Any] = {}
        for i, piece in _list(cls, data, key, problems, terms=terms):
            if piece.id in seen:
                problems.problem(FileFormatError(f"{key}[{i}].id", f"duplicate id {piece.id!r}"))
                problems.set_aside(key, i)
                continue
            seen.add(piece.id)
            side = getattr(piece, "side", None)
            problem = off_board(board, piece) if isinstance(piece, Unit | Marker) else None
            if problem:
                bad = FileFormatError(f"{key}[{i}]", problem)
            elif isinstance(piece, Unit | Zone) and side not in side_ids:
                where, why = f"{key}[{i}].side", f"unknown side {side!r} (sides: {side_ids})"
                bad = FileFormatError(where, why)
            else:
                coll[piece.id] = piece
                continue
            problems.problem(bad)
            problems.set_aside(key, i, piece.id)
        pieces[key] = coll
    scene = Scene(board=board, sides=tuple(sides), **pieces)
    numbered = _list(ObjectiveSpec, data, "objectives", problems)
    objectives = tuple(spec for _, spec in numbered)
    read = problems.read
    setup = Setup(
        family=family_name,
        scene=scene,
        name=read(lambda: decode(str, data.get("name", ""), "name"), ""),
        objectives=objectives,
        settings=_settings(data.get("settings", {}), problems),
        deployment=read(lambda: decode(str, data.get("deployment", ""), "deployment"), ""),
        notes=read(lambda: _notes(data.get("notes", "")), ""),
        briefing=read(lambda: decode(dict[str, str], data.get("briefing", {}), "briefing"), {}),
    )
    needed = family.side_count
    if needed is not None and len(sides) != needed:
        raise FileFormatError(
            "sides", f"{family.title} is played by {needed} sides, this file has {len(sides)}"
        )
    setup = family.completed(setup)
    unknown = [name for name in setup.settings if name not in family.setting_names]
    for name in unknown:
        import difflib  # only for the message

        near = difflib.get_close_matches(name, family.setting_names, n=1)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        known = ", ".join(family.setting_names) or "no settings"
        problems.problem(
            FileFormatError(
                f"settings.{name}", f"unknown setting{hint} ({family.title} reads: {known})"
            )
        )
    ids = [o.id for o in objectives]
    kinds = family.objective_kinds()
    usable = []
    for i, spec in numbered:
        if ids.count(spec.id) > 1:
            problems.problem(FileFormatError(f"objectives[{i}].id", f"duplicate id {spec.id!r}"))
        elif spec.kind not in kinds:
            problems.problem(
                FileFormatError(f"objectives[{i}].kind", unknown_kind(spec.kind, setup.family))
            )
        else:
            usable.append((i, spec))
            continue
        problems.set_aside("objectives", i)
    if unknown or len(usable) < len(numbered):  # only when collecting: else raised
        settings = {k: v for k, v in setup.settings.items() if k not in unknown}
        setup = replace(setup, settings=settings, objectives=tuple(s for _, s in usable))
    events = _events(data.get("events", []), family, problems)
    every = every_piece(setup.scene, events)
    setup = _checked_params(setup, usable, every, problems)
    annotations = _annotations(data.get("annotations", {}), every, problems)
    camera = None
    if "camera" in data:
        camera = problems.read(lambda: decode(TableCamera, data["camera"], "camera"), None)
    game = Game(setup, tuple(events), annotations, camera)
    _replay_checked(game, step)
    return game


def _checked_params(
    setup: Setup, numbered: list[tuple[int, ObjectiveSpec]], every: Scene, problems: Strict
) -> Setup:
    """``setup`` once each objective's params are checked against every piece of
    the game; an objective with a problem is set aside when collecting."""
    kept = []
    for (i, spec), obj in zip(numbered, objectives_of(setup), strict=True):
        found = obj.param_problems(every)
        for param, problem in found:
            problems.problem(FileFormatError(f"objectives[{i}].params.{param}", problem))
        if found:
            problems.set_aside("objectives", i)
        else:
            kept.append(spec)
    if len(kept) < len(numbered):
        setup = replace(setup, objectives=tuple(kept))
    return setup


def _annotations(data: Any, every: Scene, problems: Strict) -> Annotations:
    """The pinned rulers and range rings; each piece they name must be one of the game."""
    if not problems.collecting or not isinstance(data, dict):
        notes = problems.read(lambda: decode(Annotations, data, "annotations"), Annotations())
    else:
        for key in data:
            if key not in ("rulers", "rings"):
                problems.problem(
                    FileFormatError(f"annotations.{key}", "unknown field (known: rulers, rings)")
                )
        rulers = [r for _, r in _list(Ruler, data, "rulers", problems, "annotations.")]
        rings = [r for _, r in _list(RangeRing, data, "rings", problems, "annotations.")]
        notes = Annotations(tuple(rulers), tuple(rings))
    kept_rulers, kept_rings = [], []
    for i, ruler in enumerate(notes.rulers):
        for end in ("start_piece", "end_piece"):
            pid = getattr(ruler, end)
            if pid is not None and not every.has_piece(pid):
                problems.problem(
                    FileFormatError(f"annotations.rulers[{i}].{end}", f"no piece {pid!r}")
                )
                break
        else:
            kept_rulers.append(ruler)
    for i, ring in enumerate(notes.rings):
        if not every.has_piece(ring.piece_id):
            problems.problem(
                FileFormatError(f"annotations.rings[{i}].piece_id", f"no piece {ring.piece_id!r}")
            )
        else:
            kept_rings.append(ring)
    return Annotations(tuple(kept_rulers), tuple(kept_rings))


def _check_sizes(data: dict[str, Any]) -> None:
    """Refuse a file past the limits on pieces, events, sides and objectives
    (docs/file-format.md, "Limits") before reading any of them."""
    pieces = 0
    for key in ("units", "markers", "terrain", "zones"):
        items = data.get(key, [])
        pieces += len(items) if isinstance(items, list) else 0
    if pieces > limits.MAX_PIECES:
        raise FileFormatError(
            "(file)",
            f"{pieces:,} pieces (units, markers, terrain, zones), more than the limit of "
            f"{limits.MAX_PIECES:,}",
        )
    for key, limit, what in (
        ("events", limits.MAX_EVENTS, "events"),
        ("sides", limits.MAX_SIDES, "sides"),
        ("objectives", limits.MAX_OBJECTIVES, "objectives"),
    ):
        items = data.get(key, [])
        if isinstance(items, list) and len(items) > limit:
            raise FileFormatError(key, f"{len(items):,} {what}, more than the limit of {limit:,}")


def _notes(value: Any) -> str:
    if not isinstance(value, str):
        raise FileFormatError("notes", f"expected text, got {type(value).__name__}")
    return text(value, "notes", limits.MAX_NOTES)


def _settings(value: Any, problems: Strict) -> dict[str, Any]:
    if not problems.collecting or not isinstance(value, dict):
        return problems.read(lambda: decode(dict[str, Any], value, "settings"), {})
    out: dict[str, Any] = {}
    for name, item in value.items():  # each setting alone: one with a problem is set aside
        out.update(problems.read(partial(decode, dict[str, Any], {name: item}, "settings"), {}))
    return out


def _list(
    cls: type,
    data: dict[str, Any],
    key: str,
    problems: Strict,
    prefix: str = "",
    terms: Terms = PLAIN_TERMS,
) -> list[tuple[int, Any]]:
    """(index in the file, item) for each item of list ``key`` that reads
    (``terms``: the fields the game's family adds to its pieces)."""
    items = data.get(key, [])
    if not isinstance(items, list):
        problems.problem(FileFormatError(f"{prefix}{key}", "expected a list"))
        return []
    return list(problems.items(cls, items, f"{prefix}{key}", terms))


def _events(items: Any, family: Family, problems: Strict) -> list[Event]:
    """The log, each event of a type the family's games take (its own and the
    core ones, under their names or those of earlier versions)."""
    if not isinstance(items, list):
        problems.problem(FileFormatError("events", "expected a list"))
        return []
    types = family.event_types()
    terms = family.terms()
    events = []
    for i, item in enumerate(items):
        path = f"events[{i}]"
        kind = item.get("type") if isinstance(item, dict) else None
        cls = types.get(kind) if isinstance(kind, str) else None
        if not isinstance(item, dict):
            problems.problem(FileFormatError(path, "expected an object"))
        elif cls is None:
            problems.problem(FileFormatError(f"{path}.type", unknown_event(kind, family)))
        else:
            event = problems.item(cls, item, path, skip=("type",), terms=terms)
            if event is not None:
                events.append(event)
                continue
        problems.set_aside("events", i)
    return events


def unknown_event(kind: Any, family: Family) -> str:
    """'unknown event type 'carnevale.revael'; did you mean 'carnevale.reveal'?
    (Carnevale games log: ...)'."""
    import difflib  # only for the message

    known = sorted({e.type for e in family.event_types().values()})
    near = difflib.get_close_matches(kind, known, n=1) if isinstance(kind, str) else []
    hint = f"; did you mean {near[0]!r}?" if near else ""
    return f"unknown event type {kind!r}{hint} ({family.title} games log: {', '.join(known)})"


def _replay_checked(game: Game, step: Step | None = None) -> GameState:
    state = initial_state(game.setup)
    for i, event in enumerate(game.events):
        try:
            after = apply(state, event)
        except (EventError, RuleError) as exc:
            raise LogRefusal(f"events[{i}]", str(exc), index=i, game=game) from None
        if step is not None:
            step(i, state, event, after)
        state = after
    return state

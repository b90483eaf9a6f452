"""Command line: open the program, or score / validate / render a file headless.

tabletop-gui [FILE]                     open the window (the demo board by default)
tabletop-gui examples [--json]           the bundled example games, and where they are
tabletop-gui validate FILE
tabletop-gui score FILE [--json] [--at N] [--view SIDE]
tabletop-gui render FILE -o out.png|out.svg|out.pdf [--at N] [--view SIDE] [--transparent]
                    [--paper P]
tabletop-gui measure FILE A B [--at N] [--json]
tabletop-gui serve FILE [--port N] [--host ADDRESS] [--referee]
tabletop-gui import FILE -o GAME.json [--side SIDE] [--into GAME.json [--other-game]]
                    [--deployment NAME] [--base "Unit Name=25x50" ...] [--bases TABLE]
tabletop-gui export FILE --tts -o SAVE.json [--at N]
tabletop-gui markers -o FILE.pdf [--corners] [--tags 4-40] [--size S] [--paper a4|letter]
tabletop-gui table GAME.json PHOTO [-o OUT.json] [--json] [--record] [--corners X0,Y0,...]
tabletop-gui --version
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from tabletop_gui import __version__
from tabletop_gui.cli_moment import UsageError, load_moment
from tabletop_gui.io import FileFormatError
from tabletop_gui.model.events.base import turn_word
from tabletop_gui.model.game import Game
from tabletop_gui.model.limits import printable, terminal_safe
from tabletop_gui.model.names import side_name
from tabletop_gui.model.state import GameState
from tabletop_gui.play.score_doc import score_document
from tabletop_gui.rules import evaluate
from tabletop_gui.rules.engine import family_of
from tabletop_gui.rules.scoreboard import Scoreboard

COMMANDS = (
    "validate", "score", "render", "open", "import", "export", "examples", "serve", "markers",
    "table", "measure",
)  # fmt: skip


#: The commands whose modules (and parsers) are imported only when they run or
#: when every command is listed (``--help``): ``score`` never loads the importers
#: or the camera.
LAZY_COMMANDS = ("import", "export", "markers", "table")


def terminal_columns() -> int:
    """``shutil.get_terminal_size().columns``, what argparse wraps its help to:
    COLUMNS, else the width of the terminal of standard output, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, its width worked out as argparse does, without
    importing ``shutil`` (and the compression modules it imports): argparse
    makes a formatter for every argument added, and ``score`` needs none."""

    def __init__(
        self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
        width: int | None = None,
    ) -> None:  # fmt: skip
        if width is None:
            width = terminal_columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)


class ArgumentParser(argparse.ArgumentParser):
    """argparse's parser with ``HelpFormatter`` (its commands' parsers too)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of ``command`` alone (argparse translates
    every help text as it is added: a command's start builds only its own)."""
    parser: argparse.ArgumentParser = ArgumentParser(
        prog="tabletop-gui", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--version", action="version", version=f"tabletop-gui {__version__}")
    sub = parser.add_subparsers(dest="command")

    def wanted(name: str) -> bool:
        return command is None or command == name

    if wanted("open"):
        p_open = sub.add_parser("open", help="open the window on FILE (default: the demo board)")
        p_open.add_argument("file", nargs="?")
        p_open.add_argument(
            "--video", metavar="VIDEO",
            help="play a video of the table once the window is open (Camera > Play a video)",
        )  # fmt: skip
    if wanted("examples"):
        p_examples = sub.add_parser(
            "examples", help="list the bundled example games (open one: tabletop-gui PATH)"
        )
        p_examples.add_argument("--json", action="store_true", help="machine-readable output")
    if wanted("validate"):
        p_val = sub.add_parser("validate", help="check a scenario or game file")
        p_val.add_argument("file")
    if wanted("score"):
        p_score = sub.add_parser("score", help="print the standings of a file")
        p_score.add_argument("file")
        p_score.add_argument("--json", action="store_true", help="machine-readable output")
        p_score.add_argument(
            "--at", type=int, metavar="N", help="standings after N events (default: all)"
        )
        p_score.add_argument(
            "--view",
            metavar="SIDE",
            help="score as side SIDE sees it (hidden values unknown); default: the referee's view",
        )
    if wanted("render"):
        p_render = sub.add_parser("render", help="draw the board to an image without a window")
        p_render.add_argument("file")
        p_render.add_argument("-o", "--output", required=True, help="out.png, out.svg or out.pdf")
        p_render.add_argument("--at", type=int, metavar="N", help="the board after N events")
        p_render.add_argument(
            "--view",
            metavar="SIDE",
            help="draw it as side SIDE sees it (face-down values as '?'); default: the referee's",
        )
        p_render.add_argument(
            "--width", type=int, default=None, help="PNG width in pixels (200 to 16384; 1600)"
        )
        p_render.add_argument(
            "--transparent", action="store_true", help="PNG: nothing drawn around the board"
        )
        p_render.add_argument(
            "--paper",
            default=None,
            choices=("board", "a4", "letter", "a3", "tabloid"),
            help="PDF at true scale: one page the board's size (default), or tiled on this paper",
        )
        p_render.add_argument(
            "--overlap", type=float, default=None,
            help="PDF tiles: inches shared by neighbours (0.5)",
        )  # fmt: skip
    if wanted("measure"):
        p_measure = sub.add_parser(
            "measure",
            help="what a referee measures between two units: distance, the arc of B that "
            "holds A's front and its margin, the charge's reach, spacing, line of sight",
        )
        p_measure.add_argument("file")
        p_measure.add_argument("a", help="the charger or viewer: a unit's id (or its name)")
        p_measure.add_argument("b", help="the target: a unit's id (or its name)")
        p_measure.add_argument("--at", type=int, metavar="N", help="after N events (default: all)")
        p_measure.add_argument(
            "--json", action="store_true", help="machine-readable output (docs/measure-json.md)"
        )
    if wanted("serve"):
        p_serve = sub.add_parser(
            "serve", help="serve FILE as a live overlay for streaming (a browser source)"
        )
        p_serve.add_argument("file")
        p_serve.add_argument("--port", type=int, default=8765, help="the port (default 8765)")
        p_serve.add_argument(
            "--host",
            default="127.0.0.1",
            metavar="ADDRESS",
            help="listen on this address of the machine instead of 127.0.0.1 (other computers "
            "on the network can then see the board)",
        )
        p_serve.add_argument(
            "--referee",
            action="store_true",
            help="the referee's view (every hidden value shown); default: the players' view",
        )
    if command is None or command in LAZY_COMMANDS:
        from tabletop_gui import cli_camera, cli_export, cli_import

        cli_import.add_parser(sub)
        cli_export.add_parser(sub)
        cli_camera.add_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:
        # Run as the program (its own command line): what the imports made
        # (modules, classes, functions) lives as long as the process, so the
        # cyclic garbage collector need never go through it again, neither in
        # its full passes nor in the one at exit, most of a short command's
        # last tenth (docs/performance.md, Start). Objects made from here on
        # are collected as ever.
        gc.freeze()
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or (args_list[0] not in COMMANDS and not args_list[0].startswith("-")):
        args_list = ["open", *args_list]
    first = args_list[0]
    args = build_parser(first if first in COMMANDS else None).parse_args(args_list)
    if args.command is None:
        args = build_parser("open").parse_args(["open"])
    try:
        if args.command == "import":
            from tabletop_gui import cli_import

            return cli_import.run(args)
        if args.command == "export":
            return _export(args)
        if args.command in ("markers", "table"):
            from tabletop_gui import cli_camera

            return cli_camera.run(args)
        if args.command == "open":
            from tabletop_gui.app.windows.launch import run_app

            return run_app(args.file, video=args.video)
        if args.command == "examples":
            say(examples_listing(as_json=args.json))
            return 0
        if args.command == "serve":
            return _serve(args)
        if args.command == "validate":
            return validate(args.file)
        game, state = load_moment(args.file, args.at)
        if args.command == "measure":
            return measure(args.file, state, args.a, args.b, args.json, game)
        if args.view is not None and args.view not in state.scene.side_ids:
            raise UsageError(f"--view {args.view}: sides are {', '.join(state.scene.side_ids)}")
        if args.command == "score":
            board = evaluate(state, viewer=args.view)
            if args.json:
                print(json.dumps(score_json(args.file, game, state, board, args.view), indent=1))
            else:
                say(score_text(game, state, board))
            return 0
        if args.command == "render":
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
            from tabletop_gui.app.export.render import render_file

            refused = render_options_refused(args)
            if refused:
                raise UsageError(refused)
            try:
                pages = render_file(
                    state, args.output, width=1600 if args.width is None else args.width,
                    transparent=args.transparent, paper=args.paper or "board",
                    overlap=0.5 if args.overlap is None else args.overlap, viewer=args.view,
                    events=game.events[: state.index], annotations=game.annotations,
                )  # fmt: skip
            except (OSError, ValueError) as exc:
                raise UsageError(str(exc)) from None
            more = f" ({pages} pages)" if pages > 1 else ""
            say(f"wrote {args.output}{more}")
            return 0
    except FileFormatError as exc:
        if getattr(args, "file", None) and exc.source == printable(str(args.file)):
            from tabletop_gui.io.other_programs import advised  # only for a bad file

            exc = advised(exc, args.file)
        say(f"error: {exc}", sys.stderr)
        return 2
    except UsageError as exc:
        say(f"error: {exc}", sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader (e.g. `| head`) stopped early: not an error of ours.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return 1


def say(text: str, stream: TextIO | None = None) -> None:
    """Print ``text`` with control characters stripped: a name in a file (or a
    path typed) cannot send escape sequences to the terminal."""
    print(terminal_safe(text), file=stream if stream is not None else sys.stdout)


def _export(args: argparse.Namespace) -> int:
    from tabletop_gui import cli_export

    if not args.tts:
        raise UsageError("export: say which format (--tts: a Tabletop Simulator save)")
    try:
        lines = cli_export.export_tts(args.file, args.output, args.at)
    except (OSError, ValueError) as exc:
        if isinstance(exc, FileFormatError):
            raise
        raise UsageError(str(exc)) from None
    for line in lines:
        say(line)
    return 0


def _serve(args: argparse.Namespace) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from tabletop_gui.app.stream.serve_file import run_serve

    if not 0 < args.port < 65536:
        raise UsageError(f"--port {args.port}: give a port from 1 to 65535")
    from tabletop_gui.overlay.server import PortTaken, free_port

    try:
        return run_serve(args.file, port=args.port, host=args.host, referee=args.referee)
    except PortTaken as exc:
        # A port that is free now (tried on the same address), not merely the next.
        try:
            hint = f", e.g. --port {free_port(args.host, args.port)} (free now)"
        except (OSError, ValueError):
            hint = ""
        raise UsageError(
            f"{exc}: another program uses that port (an overlay already running?); "
            f"give another with --port{hint}"
        ) from None
    except FileFormatError:
        raise  # a file's problem, with its place (or what the file is: main says)
    except (OSError, ValueError) as exc:
        raise UsageError(str(exc)) from None


#: The ``render`` options each kind of output reads (by the output's suffix).
RENDER_OPTIONS = {
    ".png": ("--width", "--transparent"),
    ".svg": (),
    ".pdf": ("--paper", "--overlap"),
}


def render_options_refused(args: argparse.Namespace) -> str:
    """Why ``render``'s options do not fit its output ("" when they do): an
    option another kind of output reads is refused, not left unread (a PNG
    asked for on A4 paper, an SVG at a width)."""
    given = {
        "--width": args.width is not None,
        "--transparent": bool(args.transparent),
        "--paper": args.paper is not None,
        "--overlap": args.overlap is not None,
    }
    suffix = Path(args.output).suffix.lower()
    reads = RENDER_OPTIONS.get(suffix)
    if reads is None:
        return ""  # render_file names the suffixes it writes
    unread = [opt for opt, on in given.items() if on and opt not in reads]
    if not unread:
        return ""
    kind = suffix[1:].upper()
    if not reads:
        return f"{', '.join(unread)}: not read for {kind} output (an {kind} is drawn at true scale)"
    return f"{', '.join(unread)}: not read for {kind} output (a {kind} takes {' and '.join(reads)})"


def validate(path: str) -> int:
    """Every problem of the file, each with its JSON path (repeated ones grouped);
    on a file that reads, the events flagged for a referee's review. One read of
    the file, one replay of its log."""
    from tabletop_gui.io.file_problems import problems_of_file

    report = problems_of_file(path)
    if not report.ok:
        n = len(report.problems) + report.more
        say(f"{path}: {n:,} problem{'' if n == 1 else 's'}", sys.stderr)
        groups = report.grouped()
        source = report.problems[0].source  # the path as every message shows it
        for g in groups[:MAX_LINES]:
            say(f"error: {source}: {g}", sys.stderr)
        if len(groups) > MAX_LINES or report.more:
            rest = max(0, len(groups) - MAX_LINES) + report.more
            say(f"... and {rest:,} more problems", sys.stderr)
        refusal = report.refusal
        # ``score --at N`` reads a log refused at event N, not a file with other
        # problems (a unit's wrong number stops it before the log).
        if refusal is not None and all(p.path.startswith(refusal.path) for p in report.problems):
            # events[N] counts from 0, the window's game log from 1: both named.
            say(
                f"the log is read up to its first refusal (events[{refusal.index}], row "
                f"{refusal.index + 1} of the window's game log): score --at {refusal.index} "
                "shows the moment before it",
                sys.stderr,
            )
        return 2
    assert report.game is not None and report.state is not None
    game = report.game
    say(f"{path}: OK ({game.setup.family}, {units_text(game, report.state)}, "
        f"{len(game.events)} events)")  # fmt: skip
    from tabletop_gui.rules.registry import find_family

    unusable = find_family(game.setup.family).settings_problems(game.setup)
    if unusable:
        n = len(unusable)
        say(f"{n} setting{'' if n == 1 else 's'} cannot be used; the default applies:")
        say("\n".join(f"  {p}" for p in unusable))
    flagged = report.flag_groups()
    if flagged:
        n, events = len(report.flag_numbers), report.flagged_events
        many = f" ({n:,} flags)" if n != events else ""
        say(f"{events:,} event{'' if events == 1 else 's'} flagged for review{many}:")
        # Where the window's game log shows them too: a referee goes from one to the other.
        say("\n".join(f"  {g.where()} (game log {g.log_rows()}): {g.problem}{g.count()}"
                       for g in flagged[:MAX_LINES]))  # fmt: skip
        if len(flagged) > MAX_LINES:
            say(f"  ... and {len(flagged) - MAX_LINES:,} more")
    warnings(game, report.state, report.start)
    return 0


def warnings(game: Game, state: GameState, start: tuple[int, GameState] | None) -> None:
    """What ``validate`` lists of a file that reads besides the flags of its
    events, as warnings (the file is OK): the family's flags of the set-up
    (bases that overlap), which no event's review sees, and the objectives'
    problems as ``score`` lists them, as the game starts (``start``: the set-up
    before the event that starts the first turn, where a marker's placement is
    judged) and after the whole log."""
    flagged = family_of(game.setup).setup_flags(game.setup)
    if flagged:
        n = len(flagged)
        many = f" ({n:,} flags)" if n > 1 else ""
        say(f"The set-up (before the log) is flagged for review{many}:")
        say("\n".join(f"  set-up: {text}" for text in flagged[:MAX_LINES]))
        if n > MAX_LINES:
            say(f"  ... and {n - MAX_LINES:,} more")
    found: dict[str, list[str]] = {}
    moments = [(f"as the game starts (score --at {start[0]})", start[1])] if start else []
    for when, moment in [*moments, ("after the log (score)", state)]:
        for r in evaluate(moment).results:
            for p in r.problems:
                found.setdefault(f"{r.name}: {p}", []).append(when)
    if found:
        n = len(found)
        say(f"{n} objective problem{'' if n == 1 else 's'}, as score lists them:")
        say(
            "\n".join(f"  {' and '.join(when)}: {p}" for p, when in list(found.items())[:MAX_LINES])
        )
        if n > MAX_LINES:
            say(f"  ... and {n - MAX_LINES:,} more")


def unit_id(state: GameState, given: str) -> str:
    """The unit ``given`` names: its id, or a name only one unit has."""
    units = state.scene.units
    if given in units:
        return given
    named = [u.id for u in units.values() if u.name.casefold() == given.casefold()]
    if len(named) == 1:
        return named[0]
    if named:
        raise UsageError(f"{given!r}: {len(named)} units have that name; give an id: "
                         f"{', '.join(named)}")  # fmt: skip
    ids = ", ".join(list(units)[:40]) + (", ..." if len(units) > 40 else "")
    raise UsageError(f"{given!r}: no unit has that id or name (units: {ids or 'none'})")


def measure(
    path: str, state: GameState, a: str, b: str, as_json: bool, game: Game | None = None
) -> int:
    """A's and B's distance and the family's rulings between them (play/rulings.py);
    a unit no longer on the board (eliminated, a casualty) is refused, naming the
    event that removed it (``game``: the log ``state`` was replayed from)."""
    from tabletop_gui.play import rulings

    a_id, b_id = unit_id(state, a), unit_id(state, b)
    if a_id == b_id:
        raise UsageError(f"{a!r} and {b!r} are the same unit: give two")
    for uid in (a_id, b_id):
        if state.scene.units[uid].removed:
            setup, events = (game.setup, game.events) if game else (state.setup, ())
            raise UsageError(rulings.off_the_board(setup, events, state, uid))
    family = family_of(state.setup)
    if as_json:
        doc = {"file": path, **rulings.measure_document(state, family, a_id, b_id)}
        print(json.dumps(doc, indent=1))
    else:
        say("\n".join(rulings.measure_lines(state, family, a_id, b_id)))
    return 0


#: ``validate`` prints at most this many lines of problems or of flags.
MAX_LINES = 200


def units_text(game: Game, after: GameState) -> str:
    """'11 units' on the board ``after`` the log; '11 units (0 in the setup)' when
    the log places or removes some (an imported army list places its units)."""
    before = len(game.setup.scene.units)
    now = len(after.scene.units)
    text = f"{now} unit{'' if now == 1 else 's'}"
    return text if now == before else f"{text} ({before} in the setup)"


def examples_listing(as_json: bool = False) -> str:
    """The bundled examples: name, family, one line about each and its path."""
    from tabletop_gui.examples import examples

    found = examples()
    if as_json:
        rows = [
            {"name": e.name, "family": e.family, "title": e.title,
             "description": e.description, "path": str(e.path)}
            for e in found
        ]  # fmt: skip
        return json.dumps(rows, indent=1)
    lines = []
    for e in found:
        lines += [f"{e.name} ({e.family}): {e.title}", f"  {e.description}", f"  {e.path}"]
    lines.append("")
    lines.append("tabletop-gui PATH opens one as an unsaved copy (Save asks where to keep it).")
    return "\n".join(lines)


def score_json(
    path: str, game: Game, state: GameState, board: Scoreboard, view: str | None = None
) -> dict[str, Any]:
    """The score document (``play.score_doc``) with the file it was read from."""
    return {"file": path, **score_document(game.setup, len(game.events), state, board, view)}


def score_text(game: Game, state: GameState, board: Scoreboard) -> str:
    from tabletop_gui.play import wording  # not needed by --json
    from tabletop_gui.play.turns import finished

    scene = state.scene
    over = finished(state, board)
    c = state.clock
    word = turn_word(state)
    who = side_name(scene, c.side)
    when = f"{word} {c.turn}" + (f", {who}" if who else "") if c.turn else "setup"
    title = game.setup.name or "Untitled"
    lines = [f"{title}: after {state.index} of {len(game.events)} events ({when})"]
    for r in board.results:
        lines.append("")
        lines.append(f"{r.name}: {wording.standing(scene, r, over=over).text}")
        lines.append(f"  counts: {wording.counted_text(scene, r)}")
        lines.append(f"  {r.reason}")
        lines += [f"    - {line}" for line in wording.counting_lines(scene, r)]
        for p in r.problems:
            lines.append(f"  ! {p}")
    if board.summary:
        lines.append("")
        lines.append(board.summary)
    if board.winner:
        lines.append(f"Winner: {wording.winner_name(scene, board)}")
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())

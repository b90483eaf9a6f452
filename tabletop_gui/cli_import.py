"""``tabletop-gui import``: one command for every importable format (army lists,
scenarios), the format chosen by the file's content (``io.importers``).

tabletop-gui import FILE -o GAME.json [--side SIDE] [--into GAME.json [--other-game]]
                    [--deployment NAME] [--objective NAME] [--base "Unit Name=25x50" ...]
                    [--bases TABLE]
"""

from __future__ import annotations

import argparse
import os
import sys

from tabletop_gui.io import FileFormatError, load_game, save_game
from tabletop_gui.io.importers import ImportRequest, import_file
from tabletop_gui.model.limits import printable, terminal_safe


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "import",
        help="read an army list or a scenario from another program into a game file",
        description="Read FILE (its format is told from its content) and write a game to -o.",
    )
    p.add_argument("file", help="the army list or scenario to import")
    p.add_argument("-o", "--output", required=True, help="the game file to write (GAME.json)")
    p.add_argument("--side", metavar="SIDE", help="the side (id) the imported pieces join")
    p.add_argument("--into", metavar="GAME", help="add to this game instead of a new one")
    p.add_argument(
        "--other-game",
        action="store_true",
        help="read a Tabletop Simulator save exported from another game into --into all the "
        "same (else refused)",
    )
    p.add_argument("--deployment", metavar="NAME", help="the Deployment Type of a new game")
    p.add_argument(
        "--objective",
        metavar="NAME",
        help='the Secondary Objective of a new game, e.g. hold_the_ground or "King of the Hill"',
    )
    p.add_argument(
        "--base",
        action="append",
        default=[],
        metavar='"UNIT=BASE"',
        help='the base of a unit, e.g. "Men-at-Arms=20x20" or "Hippogriff=round 50" (repeatable)',
    )
    p.add_argument("--bases", metavar="TABLE", help="a table of bases (CSV) to use first")
    return p


def parse_base_options(items: list[str]) -> dict[str, str]:
    out = {}
    for item in items:
        name, sep, base = item.rpartition("=")
        if not sep or not name.strip() or not base.strip():
            raise ValueError(f'--base {item!r}: expected "Unit Name=25x50"')
        out[name.strip()] = base.strip()
    return out


def run(args: argparse.Namespace) -> int:
    """Import, write ``-o``, print what was imported and what to check. Errors go
    to stderr with exit code 2; the output file is written only on success."""
    try:
        if os.path.abspath(args.output) == os.path.abspath(args.file):
            raise ValueError("-o would overwrite the file being imported")
        into = load_game(args.into) if args.into else None
        request = ImportRequest(
            source=args.file,
            side=args.side,
            into=into,
            deployment=args.deployment,
            objective=args.objective,
            bases=parse_base_options(args.base),
            bases_table=args.bases,
            other_game=args.other_game,
        )
        result = import_file(args.file, request)
        save_game(result.game, args.output)
    except (FileFormatError, ValueError, OSError) as exc:
        if isinstance(exc, FileFormatError) and args.into and exc.source == printable(args.into):
            from tabletop_gui.io.other_programs import advised

            exc = advised(exc, args.into)  # --into a TTS save: what it is, how to read it
        print(terminal_safe(f"error: {exc}"), file=sys.stderr)
        return 2
    # Names come from the imported file: no control characters reach the terminal.
    print(terminal_safe(result.summary))
    for note in result.notes:
        print(terminal_safe(f"  ! {note}"))
    print(terminal_safe(f"wrote {args.output}"))
    return 0

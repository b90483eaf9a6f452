"""``tabletop-gui export``: a game written for another program.

tabletop-gui export GAME --tts -o SAVE.json [--at N]

``--tts``: a Tabletop Simulator save (``io.tts``; docs/file-format.md, "Tabletop
Simulator saves"), with the board's picture, the pieces' meshes and texture
written beside it."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

#: What the command prints after writing a save: how to open it in TTS.
LOAD_HINT = (
    "In Tabletop Simulator: copy {save} into the Saves folder (Windows: Documents\\My Games\\"
    "Tabletop Simulator\\Saves; macOS: ~/Library/Tabletop Simulator/Saves; Linux: "
    "~/.local/share/Tabletop Simulator/Saves), then Games > Save & Load. Leave the files "
    "beside it where they are; to play with others, Modding > Cloud Manager > Upload All, "
    "then save."
)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "export",
        help="write a game for another program (--tts: a Tabletop Simulator save)",
        description="Write GAME (after N events with --at) in another program's format.",
    )
    p.add_argument("file", help="the game or scenario file")
    p.add_argument(
        "--tts",
        action="store_true",
        help="a Tabletop Simulator save (its board picture and meshes are written beside it)",
    )
    p.add_argument("-o", "--output", required=True, help="the save to write (SAVE.json)")
    p.add_argument("--at", type=int, metavar="N", help="the game after N events (default: all)")
    return p


def export_tts(file: str, output: str, at: int | None) -> list[str]:
    """Write the TTS save; the lines to print. ValueError for a bad request."""
    from tabletop_gui.cli_moment import load_moment
    from tabletop_gui.io.tts.hidden import marker_names, withheld
    from tabletop_gui.io.tts.write import write_save

    if Path(output).suffix.lower() != ".json":
        raise ValueError(f"-o {output}: a Tabletop Simulator save ends in .json")
    if os.path.abspath(output) == os.path.abspath(file):
        raise ValueError("-o would overwrite the game being exported")
    game, state = load_moment(file, at)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from tabletop_gui.app.export.tts_board import board_picture_png

    picture = board_picture_png(state, output)
    paths = write_save(output, game.truncated(state.index), state, picture)
    units = sum(1 for u in state.scene.units.values() if u.on_table)
    markers = sum(1 for mk in state.scene.markers.values() if mk.on_table)
    beside = ", ".join(p.name for p in paths.written()[:-1])
    lines = [
        f"wrote {output} ({units} units, {markers} markers, after {state.index} events)",
        f"  beside it: {beside}",
    ]
    shown = game.truncated(state.index)
    hidden = withheld(shown, state)
    if hidden:
        n = len(hidden)
        lines.append(
            f"  {n} value{'' if n == 1 else 's'} still face down ({marker_names(shown, hidden)}) "
            "left out of the save (every player can read its objects in TTS); read a later "
            f"save back into the game file: tabletop-gui import SAVE.json --into {file} -o NEW.json"
        )
    return [*lines, LOAD_HINT.format(save=Path(output).name)]

"""After a hex battle is won, a banner nobody holds reads 'nobody (final)'."""

from __future__ import annotations

from pathlib import Path

from tabletop_gui.app.panels.score_panel import COL_LEADER
from tabletop_gui.app.windows.main_window import MainWindow
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game

from .helpers import open_window

SCENARIOS = Path(DEMO_BOARD).parent
HEX = SCENARIOS / "hex_hochkirch_ridge_demo.json"


def open_file(qtbot, path: Path) -> MainWindow:
    return open_window(qtbot, load_game(str(path)), str(path))


def test_after_the_hex_battle_is_won_a_row_nobody_holds_reads_nobody_final(qtbot):
    window = open_file(qtbot, HEX)
    panel = window.score_panel
    shown = [panel.cell(i, COL_LEADER) for i in range(len(panel.rows))]
    rows = {r.name: text for r, text in zip(panel.rows, shown, strict=True)}
    assert rows["Ridge (majority)"] == "nobody (final)"
    assert not any("nobody yet" in text for text in rows.values())

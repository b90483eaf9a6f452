"""The why in the window: under each objective the score panel lists every piece
that counts, is in range or contests, with its distance, margin and the rule
that decided it, in the words of `tabletop-gui score`; choosing a piece's row
selects the piece on the board. One bundled game per family."""

from __future__ import annotations

import pytest

from tabletop_gui.app.windows.main_window import MainWindow
from tabletop_gui.cli import score_text
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.rules import evaluate, replay

from .helpers import open_window

GAMES = {
    "t9a": "t9a_frontline_clash_secure_target.json",
    "hex": "hex_hochkirch_ridge_demo.json",
    "carnevale": "carnevale_drowned_quarter.json",
}


def open_game(qtbot, name: str) -> MainWindow:
    return open_window(qtbot, load_game(SCENARIOS / name))


@pytest.mark.parametrize("family", sorted(GAMES))
def test_each_objective_lists_its_pieces_with_distances_as_the_score_command_prints(qtbot, family):
    window = open_game(qtbot, GAMES[family])
    game = load_game(SCENARIOS / GAMES[family])
    state = replay(game.setup, game.events)
    cli = score_text(game, state, evaluate(state)).splitlines()
    listed = 0
    for row in window.score_panel.rows:
        for _pid, text in window.score_panel.piece_rows(row.objective_id):
            line = text.removeprefix("   • ")
            assert f"    - {line}" in cli, line
            listed += 1
    assert listed > 0
    if family != "hex":  # hex banners are hexes held, not ranges: no inches there
        assert any(" in  margin " in t for r in window.score_panel.rows
                   for _, t in window.score_panel.piece_rows(r.objective_id))  # fmt: skip


def test_choosing_a_pieces_row_selects_that_piece_on_the_board(qtbot):
    window = open_game(qtbot, GAMES["t9a"])
    panel = window.score_panel
    objective = panel.rows[0].objective_id
    pid, text = panel.piece_rows(objective)[-1]
    assert "Wolf Riders [Orcs]  4.30 in  margin +1.70 in" in text
    panel.select_piece_row(objective, pid)
    assert window.scene.selected_ids() == [pid]
    assert window.inspector.piece is not None and window.inspector.piece.id == pid

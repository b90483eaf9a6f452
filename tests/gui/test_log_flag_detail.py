"""The game log shows a flagged event's reasons on its row, on one line cut at the
panel's edge; choosing the row shows them whole, word-wrapped, under the list
(docs/playing.md, The game log and the timeline)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from tabletop_gui.examples import DEMO_BOARD, SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model.game import Game

from .helpers import open_window


def test_choosing_a_flagged_row_shows_its_reasons_whole_and_another_row_hides_them(qtbot):
    window = open_window(qtbot, load_game(SCENARIOS / "t9a_refused_flank_spoils_of_war.json"))
    log = window.log_panel
    flagged = log.flagged_rows()
    assert flagged, "the bundled game has a move into Impassable Terrain (docs/t9a.md)"
    row = flagged[0]
    log.list.setCurrentRow(row)
    QApplication.processEvents()
    text = log.flag_detail.text()
    assert log.flag_detail.isVisible()
    assert text.startswith(f"Event {row} flagged for review: ")
    assert all(reason in text for reason in log.flags[row - 1])
    plain = next(r for r in range(1, len(log.flags) + 1) if not log.flags[r - 1])
    log.list.setCurrentRow(plain)
    QApplication.processEvents()
    assert not log.flag_detail.isVisible()


def test_a_formation_widened_in_the_inspector_to_0_72_in_from_another_unit_is_flagged(qtbot):
    # The Peasant Levy, 25 models 5 wide, set to 20 per rank in the Inspector:
    # 15.75 in wide, 0.72 in from the Duke. Flagged as a drag there would be
    # (docs/t9a.md, Flags for review).
    window = open_window(qtbot, Game(load_game(str(DEMO_BOARD)).setup), None)
    window.scene.clearSelection()
    window.scene.pieces["a-peasants"].setSelected(True)
    QApplication.processEvents()
    window.inspector.edit("models_per_rank", "20")
    QApplication.processEvents()
    log = window.log_panel
    assert log.flagged_rows() == [1]
    assert log.flags[0] == [
        "Peasant Levy is 0.72 in from Duke: units keep more than 1 in apart (Unit Spacing)"
    ]
    assert "⚑" in log.list.item(1).text()

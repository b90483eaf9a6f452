"""An army list imported in the window into a game under way joins the log, one
row per unit, and the game log flags a unit placed on another's base (⚑,
Flagged only), as ``validate`` does (docs/t9a.md, Flags for review)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from tabletop_gui.app.windows.army_import import ArmyImportDialog
from tabletop_gui.cli import main
from tabletop_gui.io import load_game
from tabletop_gui.model.events import MovePiece
from tabletop_gui.model.game import Game
from tabletop_gui.rules import Timeline
from tabletop_gui.rules.engine import family_of

from .helpers import open_window

HORDE = "Horde - Vermin Swarm\n"
SLAVES = "100 - 40 Vermin Slaves\n"


def under_way(tmp_path) -> Game:
    """A player's 20 Orc Warriors in the set-up and one move in the log."""
    orcs, path = tmp_path / "orcs.txt", tmp_path / "game.json"
    orcs.write_text("Orcs\n100 - 20 Orc Warriors\n", encoding="utf-8")
    assert main(["import", str(orcs), "-o", str(path)]) == 0
    game = load_game(path)
    (u,) = game.setup.scene.units.values()
    return game.pushed(MovePiece(u.id, u.x + 0.1, u.y))


def imported(qtbot, tmp_path, text: str):
    window = open_window(qtbot, under_way(tmp_path))
    action = next(a for a in window.actions() if a.text() == "&Import army list…")
    action.trigger()
    (dialog,) = [d for d in window.findChildren(ArmyImportDialog) if d.isVisible()]
    dialog.side.setCurrentIndex(dialog.side.findData("player-b"))
    dialog.text.setPlainText(text)
    qtbot.waitUntil(lambda: not dialog._debounce.isActive())
    dialog.place_button.click()
    QApplication.processEvents()
    return window


def reviewed(game: Game) -> list[tuple[int, str]]:
    """What ``validate`` lists: (event index, flag)."""
    tl = Timeline(game)
    review = family_of(game.setup).review(game.setup)
    for i, e in enumerate(tl.events):
        review.step(i, tl.state_at(i), e, tl.state_at(i + 1))
    found = review.finish()
    at, numbers = found.arrays()
    return [(i, found.texts[n]) for i, n in zip(at.tolist(), numbers.tolist(), strict=True)]


def test_a_list_that_stacks_two_units_flags_the_later_row_in_the_game_log(qtbot, tmp_path):
    # 65 units do not fit in the zone nor beside it: the 65th has no room and
    # stands on the 64th (docs/army-lists.md, Placement and Scoring).
    window = imported(qtbot, tmp_path, HORDE + SLAVES * 65)
    log = window.log_panel
    assert len(window.doc.timeline.events) == 66
    assert log.flags[65] == ["Vermin Slaves' base overlaps Vermin Slaves"]
    assert log.list.item(66).text().startswith("⚑ 66. ")
    log.flagged_only.setChecked(True)
    assert not log.list.isRowHidden(66) and log.list.isRowHidden(2)
    # The same flags as validate lists, row for row.
    found = [(row - 1, text) for row in log.flagged_rows() for text in log.flags[row - 1]]
    assert found == reviewed(Game(window.doc.committed.setup, window.doc.timeline.events))


def test_a_list_that_fits_flags_no_row(qtbot, tmp_path):
    window = imported(qtbot, tmp_path, HORDE + SLAVES * 2 + "100 - 20 Vermin Slaves\n")
    assert len(window.doc.timeline.events) == 4
    assert window.log_panel.flagged_rows() == []

"""File ▸ Import army list…: a pasted list or a file previewed (units, models,
bases, unknown units), unknown units asked once and remembered, placed as one
undo step inside the side's zone; a bad list names its line and changes nothing."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import shapely
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from tabletop_gui.app.windows.army_import import TOO_LARGE, UNKNOWN, ArmyImportDialog
from tabletop_gui.geometry.outline import unit_outline
from tabletop_gui.io.armylists.bases import user_table
from tabletop_gui.model.game import Game
from tabletop_gui.rules.t9a.play import new_setup as t9a_setup

from .helpers import open_window

LISTS = Path(__file__).parent.parent / "armylists" / "lists"
KOE = (LISTS / "equitaine_odd_spacing.txt").read_text(encoding="utf-8")


def _window(qtbot):
    return open_window(qtbot, Game(t9a_setup("frontline_clash", "t9a.hold_the_ground")))


def _open_dialog(qtbot, window) -> ArmyImportDialog:
    action = next(a for a in window.actions() if a.text() == "&Import army list…")
    assert action.shortcut().toString() == "Ctrl+I"
    action.trigger()
    shown = [d for d in window.findChildren(ArmyImportDialog) if d.isVisible()]
    assert len(shown) == 1
    qtbot.waitExposed(shown[0])
    return shown[0]


def _paste(qtbot, dialog: ArmyImportDialog, text: str) -> None:
    dialog.text.setPlainText(text)  # read once typing pauses
    assert dialog._debounce.isActive()
    qtbot.waitUntil(lambda: not dialog._debounce.isActive())


def _cells(dialog: ArmyImportDialog, row: int) -> list[str]:
    return [dialog.table.item(row, c).text() for c in range(dialog.table.columnCount())]


def test_a_pasted_list_is_previewed_with_models_bases_and_unknown_units(qtbot):
    window = _window(qtbot)
    dialog = _open_dialog(qtbot, window)
    _paste(qtbot, dialog, KOE)
    assert "Anna (Kingdom of Equitaine)" in dialog.summary.text()
    assert "6 units, 65 models, 1560 points" in dialog.summary.text()
    assert _cells(dialog, 0)[:5] == ["Men-at-Arms", "20", "20x20", "5", "standard"]
    assert _cells(dialog, 1)[:3] == ["Duke", "1", "25x50"]  # on its Barded Warhorse
    assert _cells(dialog, 1)[5] == "no (Character)"
    hermit = dialog.table.cellWidget(4, 2)
    assert isinstance(hermit, QComboBox) and hermit.isEditable()
    assert "Questing Hermit" in dialog.notes.text() and "Grail Pilgrims" in dialog.notes.text()
    assert dialog.place_button.isEnabled()


def test_placing_is_one_undo_step_inside_the_zone_and_keeps_the_board(qtbot):
    window = _window(qtbot)
    doc = window.doc
    before = dict(doc.committed.scene.units)
    markers = dict(doc.committed.scene.markers)
    dialog = _open_dialog(qtbot, window)
    dialog.side.setCurrentIndex(1)  # player-b
    _paste(qtbot, dialog, KOE)
    steps = doc.undo_stack.count()
    dialog.place_button.click()
    assert not dialog.isVisible()
    assert doc.undo_stack.count() == steps + 1
    scene = doc.committed.scene
    new = [u for uid, u in scene.units.items() if uid not in before]
    assert len(new) == 6 and {u.side for u in new} == {"player-b"}
    zone = shapely.Polygon(scene.zones["zone-player-b"].polygon).buffer(1e-6)
    assert all(zone.covers(shapely.Polygon(unit_outline(u).polygon())) for u in new)
    assert dict(scene.markers) == markers
    doc.undo_stack.undo()
    assert dict(doc.committed.scene.units) == before


def test_an_unknown_unit_is_asked_once_and_remembered(qtbot):
    window = _window(qtbot)
    dialog = _open_dialog(qtbot, window)
    twice = KOE.replace("Total: 1560 pts", "150 - 1 Questing Hermit\nTotal: 1710 pts")
    _paste(qtbot, dialog, twice)
    boxes = [r for r in range(dialog.table.rowCount()) if dialog.table.cellWidget(r, 2)]
    assert len(boxes) == 2  # Questing Hermit (twice in the list, asked once), Grail Pilgrims
    dialog.table.cellWidget(4, 2).setEditText("round 40")
    dialog.table.cellWidget(5, 2).setEditText("Men-at-Arms")  # stands like a known unit
    dialog.place_button.click()
    scene = window.doc.committed.scene
    hermits = [u for u in scene.units.values() if u.name == "Questing Hermit"]
    assert len(hermits) == 2 and all(u.base_shape.value == "round" for u in hermits)
    pilgrims = next(u for u in scene.units.values() if u.name == "Grail Pilgrims")
    assert (pilgrims.base_width_mm, pilgrims.base_depth_mm) == (20, 20)
    # Remembered: the next import knows both.
    table = user_table()
    assert table.find("Questing Hermit", "Kingdom of Equitaine").base.text() == "round 40"
    again = _open_dialog(qtbot, window)
    _paste(qtbot, again, KOE)
    assert not any(again.table.cellWidget(r, 2) for r in range(again.table.rowCount()))
    assert _cells(again, 4)[6] == "your table"


def test_every_row_of_an_unknown_unit_shows_the_base_it_will_be_placed_on(qtbot):
    """The second row of a unit answered on its first row showed the 25x25
    placeholder although the piece was placed on the typed base (issue 25)."""
    window = _window(qtbot)
    dialog = _open_dialog(qtbot, window)
    twice = KOE.replace("Total: 1560 pts", "150 - 2 Questing Hermit\nTotal: 1710 pts")
    _paste(qtbot, dialog, twice)
    assert dialog.table.cellWidget(6, 2) is None  # asked once, on row 5
    assert _cells(dialog, 6)[2] == "25x25" and _cells(dialog, 6)[6].endswith("on row 5")
    box = dialog.table.cellWidget(4, 2)
    qtbot.keyClicks(box.lineEdit(), "40x40")
    assert _cells(dialog, 6)[2:5] == ["40x40", "2", "large"]
    assert _cells(dialog, 6)[6] == "your answer on row 5"
    assert _cells(dialog, 4)[6] == "your answer: 40x40"
    box.setEditText("Knights of the Realm (25x50)")  # a suggestion-like known unit
    assert _cells(dialog, 6)[2] == "25x50"
    box.setEditText("a rock")
    assert _cells(dialog, 6)[6] == "not a base: 'a rock'"
    box.setEditText("round 40")
    dialog.place_button.click()
    hermits = [u for u in window.doc.committed.scene.units.values() if u.name == "Questing Hermit"]
    assert [u.base_width_mm for u in hermits] == [40, 40]
    assert {u.base_shape.value for u in hermits} == {"round"}


def test_a_bad_answer_is_named_and_nothing_is_placed(qtbot):
    window = _window(qtbot)
    dialog = _open_dialog(qtbot, window)
    _paste(qtbot, dialog, KOE)
    dialog.table.cellWidget(4, 2).setEditText("a big rock")
    n = len(window.doc.committed.scene.units)
    dialog.place_button.click()
    assert dialog.isVisible() and "'a big rock' is neither a base" in dialog.notes.text()
    assert len(window.doc.committed.scene.units) == n


def test_a_bad_list_names_its_line_and_cannot_be_placed(qtbot):
    window = _window(qtbot)
    dialog = _open_dialog(qtbot, window)
    _paste(qtbot, dialog, "Anna - Kingdom of Equitaine\n100 - Duke\nsome words here\n")
    assert "line 3: cannot read 'some words here'" in dialog.notes.text()
    assert not dialog.place_button.isEnabled()
    qtbot.keyClick(dialog, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert window.doc.undo_stack.count() == 0


def test_a_rosz_file_is_read_and_previewed(qtbot, tmp_path):
    rosz = tmp_path / "host.rosz"
    with zipfile.ZipFile(rosz, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("host.ros", (LISTS / "undying_2nd.ros").read_bytes())
    window = _window(qtbot)
    dialog = _open_dialog(qtbot, window)
    dialog.load_file(str(rosz))
    assert dialog.file_label.text() == "host.rosz"
    assert dialog.table.rowCount() == 6
    assert _cells(dialog, 0)[:3] == ["Nomarch", "1", "50x100"]  # its chariot mount
    assert _cells(dialog, 0)[6] == "the list"


def test_a_hostile_roster_is_refused_in_the_dialog(qtbot, tmp_path):
    bomb = tmp_path / "laughs.ros"
    bomb.write_bytes(b'<?xml version="1.0"?>\n<!DOCTYPE roster [<!ENTITY a "aa">]>\n<roster/>')
    window = _window(qtbot)
    dialog = _open_dialog(qtbot, window)
    dialog.load_file(str(bomb))
    assert "line 2: refused" in dialog.notes.text() and not dialog.place_button.isEnabled()


def test_a_game_of_another_family_is_told_to_start_a_ninth_age_board(qtbot):
    from tabletop_gui.rules.hexbanners.play import new_setup as hex_setup

    window = open_window(qtbot, Game(hex_setup()))
    dialog = _open_dialog(qtbot, window)
    assert "army lists go into The Ninth Age games" in dialog.notes.text()
    assert not dialog.text.isEnabled()


def test_a_list_whose_stated_total_is_wrong_is_previewed_with_its_units_points(qtbot):
    window = _window(qtbot)
    dialog = _open_dialog(qtbot, window)
    _paste(qtbot, dialog, "Anna - Kingdom of Equitaine\n310 - 20 Men-at-Arms, Spear\n900\n")
    assert "): 1 unit, 20 models, 310 points (the list states 900)." in dialog.summary.text()


RED = "color:#b00020"


def _red_lines(dialog: ArmyImportDialog) -> list[str]:
    return [line for line in dialog.notes.text().split("<br>") if RED in line]


def test_a_unit_larger_than_the_board_is_named_in_red_and_placing_keeps_board_and_list(qtbot):
    """Place did nothing at all (the refusal went to stderr as a traceback):
    the unit and why are named in red before Place and after it, and nothing moves."""
    window = _window(qtbot)
    doc = window.doc
    before = dict(doc.committed.scene.units)
    dialog = _open_dialog(qtbot, window)
    listed = "Bob - Vampire Covenant\n200 - 500 Skeletons\n100 - 5 Vampire Knights\n"
    _paste(qtbot, dialog, listed)
    said = (
        "Cannot place Skeletons (line 2): 500 models on 20x20 mm bases stand 3.94 x 78.74 in, "
        "larger than the 72 x 48 in board"
    )
    assert [said in line for line in _red_lines(dialog)] == [True]  # warned before Place
    assert dialog.table.item(0, 0).background().color() == TOO_LARGE
    assert dialog.table.item(1, 0).background().style() == Qt.BrushStyle.NoBrush
    dialog.place_button.click()
    assert dialog.isVisible() and dialog.text.toPlainText() == listed
    assert [said in line for line in _red_lines(dialog)] == [True]  # said once
    assert dict(doc.committed.scene.units) == before and doc.undo_stack.count() == 0


def test_an_answer_that_makes_a_unit_larger_than_the_board_is_named_and_kept(qtbot):
    """Goblin Rabble answered 150x200: 40 ranks stand 315 in deep. The answer stays
    in its box, the red note names the unit until another base is answered."""
    window = _window(qtbot)
    dialog = _open_dialog(qtbot, window)
    _paste(qtbot, dialog, "Grishka - Orcs and Goblins\n180 - 40 Goblin Rabble, Bows\n")
    box = dialog.table.cellWidget(0, 2)
    box.setEditText("150x200")
    (red,) = _red_lines(dialog)
    assert "Cannot place Goblin Rabble (line 2): 40 models on 150x200 mm bases" in red
    assert "larger than the 72 x 48 in board; answer another base" in red
    dialog.place_button.click()
    assert dialog.isVisible() and box.currentText() == "150x200"
    assert len(_red_lines(dialog)) == 1 and window.doc.undo_stack.count() == 0
    box.setEditText("25x25")
    assert _red_lines(dialog) == [] and "Unknown:" not in dialog.notes.text()  # answered
    assert dialog.table.item(0, 0).background().color() == UNKNOWN
    dialog.place_button.click()
    assert not dialog.isVisible() and window.doc.undo_stack.count() == 1


def test_a_refused_answers_red_note_goes_once_the_answer_is_corrected(qtbot):
    """The note of a refused answer stayed on screen after later answers."""
    window = _window(qtbot)
    dialog = _open_dialog(qtbot, window)
    _paste(qtbot, dialog, KOE)
    box = dialog.table.cellWidget(4, 2)
    box.setEditText("250x500")
    assert _red_lines(dialog) == []  # named in its row while typing, in red once placed
    dialog.place_button.click()
    (red,) = _red_lines(dialog)
    assert "'250x500' is neither a base" in red
    assert "Unknown: Questing Hermit" in dialog.notes.text()  # the plan's notes kept
    box.setEditText("250x5000")  # still not a base: still said, with the new answer
    assert ["'250x5000' is neither a base" in line for line in _red_lines(dialog)] == [True]
    box.setEditText("25x50")
    assert _red_lines(dialog) == [] and "Unknown: Grail Pilgrims." in dialog.notes.text()


def test_two_lists_imported_in_turn_into_a_board_whose_sides_both_have_units_go_one_to_each(
    qtbot,
):
    """The demo board has units on both sides: the first list offers the first
    side, the next one the other side, not the first again (a trial put both
    armies on one side) (docs/army-lists.md, In the window)."""
    from tabletop_gui.examples import DEMO_BOARD
    from tabletop_gui.io import load_game

    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    sides = window.doc.committed.scene.side_ids
    first = _open_dialog(qtbot, window)
    assert first.side.currentData() == sides[0]
    _paste(qtbot, first, KOE)
    first.place_button.click()
    # The demo is at Game Turn 3: the list joins the log there, and says so.
    message = window.statusBar().currentMessage()
    assert message.startswith("Imported 6 units into ") and "(added at Game Turn 3" in message
    second = _open_dialog(qtbot, window)
    assert second.side.currentData() == sides[1]
    second.reject()
    # Another game opened in the same window starts afresh: the first side again.
    assert window.files.open_path(str(DEMO_BOARD), ask=False)
    third = _open_dialog(qtbot, window)
    assert third.side.currentData() == sides[0]


def test_a_json_model_without_a_number_is_noted_under_the_table(qtbot):
    """(docs/army-lists.md, Formats): the model assumed is said in the dialog too."""
    doc = json.loads((LISTS / "dwarven_holds_nr.json").read_text(encoding="utf-8"))
    del doc["roster"]["forces"][0]["selections"][1]["selections"][0]["number"]
    dialog = _open_dialog(qtbot, _window(qtbot))
    _paste(qtbot, dialog, json.dumps(doc, indent=1))
    assert _cells(dialog, 1)[:2] == ["Greybeards", "1"]
    assert "'Greybeard' of unit 'Greybeards' gives no number of models: 1 assumed" in (
        dialog.notes.text()
    )


VERMIN = (
    "Skritch - Vermin Swarm\n360 - Vermin Sentaor, Wizard Master\n"
    "160 - 10 Plague Cultists\n100 - 5 Plague Cultists\n620\n"
)


def test_the_preview_shows_the_scoring_base_and_unknown_units_the_answers_will_place(qtbot):
    """(docs/army-lists.md, In the window): a unit answered with a Character's
    name shows Scoring "no", as it is placed; a typed answer shows its base; the
    "Unknown:" line names only the units still unanswered."""
    window = _window(qtbot)
    dialog = _open_dialog(qtbot, window)
    _paste(qtbot, dialog, VERMIN)
    assert "Unknown: Vermin Sentaor, Plague Cultists." in dialog.notes.text()
    assert _cells(dialog, 0)[5] == "yes (list does not say)"
    assert _cells(dialog, 0)[6] == "unknown: give its base (25x25 if left empty)"
    senator = dialog.table.cellWidget(0, 2)
    senator.setCurrentIndex(senator.findText("Vermin Senator (20x20)"))
    assert _cells(dialog, 0)[2:] == [
        "20x20",
        "1",
        "standard",
        "no (Character)",
        "your answer: 20x20",
    ]
    assert "Unknown: Plague Cultists." in dialog.notes.text()
    cultists = dialog.table.cellWidget(1, 2)
    qtbot.keyClicks(cultists.lineEdit(), "Goblins")
    typed = _cells(dialog, 1)
    assert typed[6] == f"your answer: {typed[2]}" and typed[2] != "25x25"
    assert _cells(dialog, 2)[2] == typed[2] and _cells(dialog, 2)[6] == "your answer on row 2"
    assert "Unknown:" not in dialog.notes.text()
    dialog.place_button.click()
    placed = {u.name: u for u in window.doc.committed.scene.units.values()}
    assert placed["Vermin Sentaor"].scoring is False
    assert f"{placed['Plague Cultists'].base_width_mm:g}x" in typed[2]


def test_a_remembered_answer_offered_for_another_unknown_unit_shows_its_base(qtbot):
    """(docs/army-lists.md, In the window): a typo answered once is remembered in
    your table, and offered with its base when a like name is unknown."""
    window = _window(qtbot)
    dialog = _open_dialog(qtbot, window)
    _paste(qtbot, dialog, "Skritch - Vermin Swarm\n160 - 10 Plague Cultistz\n")
    dialog.table.cellWidget(0, 2).setEditText("30x30")
    dialog.place_button.click()
    again = _open_dialog(qtbot, window)
    _paste(qtbot, again, "Skritch - Vermin Swarm\n160 - 10 Plague Cultistx\n")
    box = again.table.cellWidget(0, 2)
    offered = [box.itemText(i) for i in range(box.count())]
    assert "Plague Cultistz (30x30)" in offered
    box.setCurrentIndex(offered.index("Plague Cultistz (30x30)"))
    assert _cells(again, 0)[6] == "your answer: 30x30"


def test_units_of_one_name_beside_the_zone_are_named_once_in_the_status_bar(qtbot):
    """(docs/army-lists.md, In the window): "Goblin Horde ×N", not N names."""
    window = _window(qtbot)
    dialog = _open_dialog(qtbot, window)
    _paste(qtbot, dialog, "Grishka - Orcs and Goblins\n" + "100 - 50 Goblin Horde\n" * 40)
    dialog.place_button.click()
    said = window.statusBar().currentMessage()
    assert "does not fit" in said and said.count("Goblin Horde") == 1
    beside = said.split("Goblin Horde ×", 1)[1].split()[0]
    assert 1 < int(beside) <= 40

"""A Tabletop Simulator save read into the open game in the window: a community
mod's save is mapped unit by unit in the dialog (found by name, chosen, one
object never chosen twice), the moves go in as ONE undo step, the choices are
remembered for the next save; a save the program wrote goes straight in; a
hostile save is refused and the game left as it was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QMessageBox

from tabletop_gui.app.windows.tts_import import NOT_ON_TABLE, SaveMappingDialog, import_save
from tabletop_gui.io.tts import mapping
from tabletop_gui.io.tts.memory import recall
from tabletop_gui.io.tts.write import white_png, write_save
from tabletop_gui.rules import replay


def units(window) -> dict[str, Any]:
    return dict(window.doc.committed.scene.units)


def block(nickname: str, guid: str, x: float, y: float, rot_y: float = 180.0) -> dict[str, Any]:
    """An object of a community save standing at board point (x, y) of the demo."""
    px, pz = mapping.to_tts((72, 48), x, y)
    return {
        "GUID": guid,
        "Name": "Custom_Model",
        "Nickname": nickname,
        "Transform": {"posX": px, "posY": 1.0, "posZ": pz, "rotX": 0, "rotY": rot_y, "rotZ": 0},
    }


def community_save(path: Path, *objects: dict[str, Any]) -> str:
    path.write_text(json.dumps({"SaveName": "Club table", "ObjectStates": list(objects)}))
    return str(path)


def row_of(dialog: SaveMappingDialog, piece_id: str) -> int:
    return [p.id for p in dialog.pieces].index(piece_id)


def found_text(dialog: SaveMappingDialog, piece_id: str) -> str:
    return dialog.table.item(row_of(dialog, piece_id), 3).text()


def choose(dialog: SaveMappingDialog, piece_id: str, key: str) -> None:
    combo = dialog.combos[piece_id]
    combo.setCurrentIndex(combo.findData(key))


def press_import(qtbot, dialog: SaveMappingDialog) -> bool:
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    return dialog.result() == QDialog.DialogCode.Accepted


def test_a_community_save_is_mapped_unit_by_unit_and_goes_in_as_one_undo_step(
    qtbot, demo, tmp_path
):
    path = community_save(
        tmp_path / "club.json",
        block("Orc Boyz", "aa0001", 36, 26.5),  # found by its name, 4 in forward
        block("Big Horse Men", "beef01", 30, 22, 0.0),  # named nothing of the game
        {**block("", "dd0001", 80, 0), "Name": "Die_6"},
    )
    before = units(demo)
    steps = demo.doc.undo_stack.count()
    seen: dict[str, Any] = {}

    def user(dialog: SaveMappingDialog) -> bool:
        assert found_text(dialog, "b-boyz") == "by its name"
        assert dialog.combos["a-knights"].currentText() == NOT_ON_TABLE
        choose(dialog, "a-knights", "beef01")
        assert found_text(dialog, "a-knights") == "chosen"
        choose(dialog, "a-duke", "beef01")  # the same object for a second unit
        assert not dialog.import_button.isEnabled()
        assert "One object is chosen for two pieces: Big Horse Men" in dialog.summary.text()
        choose(dialog, "a-duke", "")
        assert dialog.import_button.isEnabled()
        assert dialog.summary.text().startswith("2 of 8 pieces placed from the save; 2 moves")
        assert dialog.others.count() == 1 and dialog.others.item(0).text().startswith("Die_6")
        seen["grab"] = dialog.grab()
        return press_import(qtbot, dialog)

    result = import_save(demo.files, path, demo, choose=user)
    assert result is not None and len(result.events) == 2
    # The Orc Boyz were found by name and left so: counted so, not as chosen.
    assert "2 pieces found (1 by name, 1 chosen)" in result.summary
    assert not seen["grab"].isNull()
    after = units(demo)
    assert (after["b-boyz"].x, after["b-boyz"].y) == (36, 26.5)
    assert (after["a-knights"].x, after["a-knights"].y, after["a-knights"].facing) == (30, 22, 0)
    assert demo.doc.undo_stack.count() == steps + 1  # one undo step for the whole save
    demo.doc.undo_stack.undo()
    QApplication.processEvents()
    assert units(demo) == before
    assert "Imported club.json" in demo.statusBar().currentMessage()


def test_the_choices_are_remembered_for_the_next_save_of_the_game(qtbot, demo, tmp_path):
    first = community_save(tmp_path / "one.json", block("Big Horse Men", "beef01", 30, 22, 0.0))

    def pick(dialog: SaveMappingDialog) -> bool:
        choose(dialog, "a-knights", "beef01")
        return press_import(qtbot, dialog)

    assert import_save(demo.files, first, demo, choose=pick) is not None
    assert [(r.guid, r.piece) for r in recall()] == [("beef01", "a-knights")]
    later = community_save(tmp_path / "two.json", block("Big Horse Men", "beef01", 30, 26, 0.0))

    def check(dialog: SaveMappingDialog) -> bool:
        assert found_text(dialog, "a-knights") == "chosen before"
        return press_import(qtbot, dialog)

    assert import_save(demo.files, later, demo, choose=check) is not None
    assert units(demo)["a-knights"].y == 26


def test_a_save_the_program_wrote_goes_straight_in(qtbot, demo, tmp_path):
    game = demo.doc.game
    state = replay(game.setup, game.events)
    path = tmp_path / "ours.json"
    write_save(path, game, state, white_png())
    data = json.loads(path.read_text())
    shaman = next(o for o in data["ObjectStates"] if o["Nickname"] == "Shaman")
    shaman["Transform"]["posZ"] -= 6.0  # 6 in toward side A
    path.write_text(json.dumps(data))

    def never(dialog: SaveMappingDialog) -> bool:
        pytest.fail("a save of the open game needs no mapping")

    result = import_save(demo.files, str(path), demo, choose=never)
    assert result is not None and result.summary.endswith("8 by id); 1 moved, 0 turned")
    assert units(demo)["b-shaman"].y == 38


def test_a_hostile_save_is_refused_and_the_game_left_as_it_was(qtbot, demo, tmp_path, dialogs):
    bad = tmp_path / "bad.json"
    bad.write_text('{"ObjectStates": [{"Name": "Die_6", "Transform": {"posX": NaN}}]}')
    steps = demo.doc.undo_stack.count()
    assert import_save(demo.files, str(bad), demo) is None
    title, text = dialogs.warnings[-1]
    assert title == "Cannot import this save"
    assert "Where in the file: ObjectStates[0].Transform.posX" in text
    assert "Problem: not a finite number (nan)" in text
    assert demo.doc.undo_stack.count() == steps


def test_cancelling_the_dialog_changes_nothing(qtbot, demo, tmp_path):
    path = community_save(tmp_path / "club.json", block("Orc Boyz", "aa0001", 36, 26.5))
    before = units(demo)
    assert import_save(demo.files, path, demo, choose=lambda dialog: False) is None
    assert units(demo) == before and recall() == []


def test_file_export_and_file_import_carry_a_game_to_tts_and_back(
    qtbot, demo, tmp_path, monkeypatch
):
    save = tmp_path / "demo-tts.json"
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName", lambda *a, **k: (str(save), "")
    )
    export = next(a for a in demo.exports.export_menu.actions() if "Tabletop" in a.text())
    assert export.text() == "Tabletop Simulator &save…"
    export.trigger()
    assert save.exists() and (tmp_path / "demo-tts.board.png").exists()
    assert demo.statusBar().currentMessage().startswith(f"Wrote {save} and 4 files beside it")
    data = json.loads(save.read_text())
    giant = next(o for o in data["ObjectStates"] if o["Nickname"] == "Giant")
    giant["Transform"]["posX"] += 10.0  # the Giant walks 10 in along x in TTS
    save.write_text(json.dumps(data))
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getOpenFileName", lambda *a, **k: (str(save), "")
    )
    steps = demo.doc.undo_stack.count()
    demo.files.actions["import"].trigger()
    assert units(demo)["b-giant"].x == 30
    assert demo.doc.undo_stack.count() == steps + 1
    assert demo.doc.undo_stack.undoText() == "Import demo-tts.json (1 moves)"


def test_file_import_names_a_file_it_cannot_read_and_leaves_the_game(
    qtbot, demo, tmp_path, dialogs
):
    odd = tmp_path / "notes.bin"
    odd.write_bytes(b"\x00\x01\x02")
    before = units(demo)
    assert demo.files.import_any(str(odd)) is None
    title, text = dialogs.warnings[-1]
    assert title == "Cannot import this file" and "not a format this program imports" in text
    assert units(demo) == before


def test_a_save_of_another_game_leaving_out_hidden_values_is_not_opened(
    qtbot, demo, tmp_path, dialogs
):
    """Its plate carries the players' game (docs/file-format.md, "What the save
    holds"): opening that as the game would lose the values face down."""
    from tabletop_gui.io import load_game
    from tests.core.scenario_files import scenario_path

    carn = load_game(scenario_path("carnevale_drowned_quarter.json"))
    path = tmp_path / "carn-tts.json"
    write_save(path, carn, replay(carn.setup, carn.events), white_png())
    steps = demo.doc.undo_stack.count()
    assert import_save(demo.files, str(path), demo) is None
    title, text = dialogs.warnings[-1]
    assert title == "A save of another game" and "(Sunken Relic)" in text
    assert "Open the game file it was exported from, then import the save into it" in text
    assert dialogs.questions == [] and demo.doc.undo_stack.count() == steps


def test_a_unit_whose_name_two_objects_have_is_chosen_in_the_dialog(qtbot, demo, tmp_path):
    path = community_save(
        tmp_path / "club.json",
        block("Orc Boyz", "aa0001", 36, 28),
        block("Orc Boyz", "aa0002", 46, 28),
        block("Wolf Riders", "ww0001", 52, 34),
    )
    seen: dict[str, Any] = {}

    def user(dialog: SaveMappingDialog) -> bool:
        combo = dialog.combos["b-boyz"]
        seen["found"] = found_text(dialog, "b-boyz")
        seen["first"] = [combo.itemData(i) for i in range(3)]
        seen["summary"] = dialog.summary.text()
        seen["others"] = [dialog.others.item(i).text() for i in range(dialog.others.count())]
        choose(dialog, "b-boyz", "aa0002")
        seen["after"] = found_text(dialog, "b-boyz")
        return press_import(qtbot, dialog)

    result = import_save(demo.files, path, demo, choose=user)
    assert seen["found"] == "2 objects have its name: choose one"
    assert seen["first"] == ["", "aa0001", "aa0002"]  # its name's objects first
    assert "Several objects have the name of Orc Boyz: choose which one it is." in (seen["summary"])
    assert any("aa0001" in t and t.endswith("— may be Orc Boyz: choose above")
               for t in seen["others"])  # fmt: skip
    assert seen["after"] == "chosen"
    assert result is not None and units(demo)["b-boyz"].x == 46
    assert {r.guid for r in recall()} >= {"aa0002"}


def test_a_save_leaving_out_hidden_values_goes_straight_into_its_game(qtbot, tmp_path):
    """The open game is the game file: it keeps the values the save left out."""
    from tabletop_gui.io import load_game
    from tests.core.scenario_files import scenario_path

    from .helpers import open_window

    carn = load_game(scenario_path("carnevale_drowned_quarter.json"))
    window = open_window(qtbot, carn)
    path = tmp_path / "carn-tts.json"
    write_save(path, carn, replay(carn.setup, carn.events), white_png())
    data = json.loads(path.read_text())
    capo = next(o for o in data["ObjectStates"] if o["Nickname"] == "Guild Capo")
    capo["Transform"]["posX"] += 1.0
    path.write_text(json.dumps(data))

    def never(dialog: SaveMappingDialog) -> bool:
        pytest.fail("a save of the open game needs no mapping")

    result = import_save(window.files, str(path), window, choose=never)
    assert result is not None and "1 moved" in result.summary
    relic = window.doc.committed.scene.markers["obj-relic"]
    assert relic.value == 2 and "hidden" in relic.rules


def test_a_unit_two_copies_in_the_save_claim_is_chosen_in_the_dialog(qtbot, demo, tmp_path):
    """An object copied in TTS keeps its piece's id: both claim the unit. The
    dialog says so and lets the user choose; it must not read as "not on the table"."""
    game = demo.doc.game
    path = tmp_path / "ours.json"
    write_save(path, game, replay(game.setup, game.events), white_png())
    data = json.loads(path.read_text())
    shaman = next(o for o in data["ObjectStates"] if o["Nickname"] == "Shaman")
    copy = json.loads(json.dumps(shaman))
    copy["GUID"] = "c0ffee"
    copy["Transform"]["posZ"] -= 6.0  # the copy stands 6 in toward side A
    data["ObjectStates"].append(copy)
    path.write_text(json.dumps(data))
    seen: dict[str, Any] = {}

    def user(dialog: SaveMappingDialog) -> bool:
        seen["found"] = found_text(dialog, "b-shaman")
        seen["first"] = [dialog.combos["b-shaman"].itemData(i) for i in range(3)]
        seen["summary"] = dialog.summary.text()
        choose(dialog, "b-shaman", next(k for k in seen["first"][1:] if "c0ffee" in k))
        return press_import(qtbot, dialog)

    result = import_save(demo.files, str(path), demo, choose=user)
    assert seen["found"] == "2 objects claim it (copied in TTS?): choose one"
    assert sum("c0ffee" in k for k in seen["first"]) == 1, "both claimants listed first"
    assert "Several objects could be Shaman" in seen["summary"]
    assert result is not None and units(demo)["b-shaman"].y == 38


def test_a_save_of_another_game_read_into_the_open_one_says_so_in_its_notes(qtbot, demo, tmp_path):
    from dataclasses import replace

    game = demo.doc.game
    scene = game.setup.scene
    knights = replace(scene.units["a-knights"], x=scene.units["a-knights"].x + 2)
    elsewhere = replace(scene, units={**scene.units, "a-knights": knights})
    other = replace(game, setup=replace(game.setup, name="Table 7", scene=elsewhere), events=())
    path = tmp_path / "table7.json"
    write_save(path, other, replay(other.setup, other.events), white_png())
    data = json.loads(path.read_text())
    shaman = next(o for o in data["ObjectStates"] if o["Nickname"] == "Shaman")
    shaman["Transform"]["posZ"] -= 6.0
    path.write_text(json.dumps(data))
    result = import_save(demo.files, str(path), demo, choose=lambda d: press_import(qtbot, d))
    assert result is not None
    assert result.notes[0].startswith("this save was exported from another game, 'Table 7'")
    box = demo.findChild(QMessageBox, "ttsImportNotes")
    assert box is not None and "another game, 'Table 7'" in box.informativeText()


def test_objects_that_share_the_remembered_guid_are_not_taken_for_its_unit(qtbot, demo, tmp_path):
    """A copy of the Knights renamed "Scenery tree", with the GUID remembered for
    the Knights (docs/file-format.md, Reading a save): the dialog said "Scenery
    tree ... chosen before" on the Knights' row and placed 7 of 8 without a reason.
    Now the Knights are found by their name and the shared GUID is named."""
    from tabletop_gui.io.tts.memory import Remembered, game_key, remember

    game = demo.doc.game
    remember([Remembered("a00003", "Knights of the Realm", "a-knights",
                         "Knights of the Realm", game_key(game))])  # fmt: skip
    path = community_save(
        tmp_path / "dup.json",
        block("Scenery tree", "a00003", 60, 20),
        block("Knights of the Realm", "a00003", 30, 12),
    )
    seen: dict[str, Any] = {}

    def user(dialog: SaveMappingDialog) -> bool:
        seen["found"] = found_text(dialog, "a-knights")
        seen["object"] = dialog.combos["a-knights"].currentText()
        seen["summary"] = dialog.summary.text()
        seen["remembered"] = dialog.remembered()
        return press_import(qtbot, dialog)

    result = import_save(demo.files, path, demo, choose=user)
    assert seen["found"] == "by its name"
    assert seen["object"].startswith("Knights of the Realm (Custom_Model, a00003) at (30.0, 12.0)")
    assert "Objects that share a GUID are not found by it" in seen["summary"]
    assert "a00003: Scenery tree (Custom_Model, a00003), Knights of the Realm" in seen["summary"]
    assert seen["remembered"] == []  # a GUID two objects have is not remembered
    assert result is not None and (units(demo)["a-knights"].x, units(demo)["a-knights"].y) == (
        30,
        12,
    )


def test_moves_the_rules_refuse_are_named_in_the_dialog_and_after_the_import(qtbot, tmp_path):
    """A save read into a finished game: "a move the rules refuse ... left as they
    were and named" (docs/tabletop-simulator.md, Bring a game played in TTS back);
    the dialog said "0 moves to add" and the status bar "nothing moved", the
    refusals unsaid; the import command names each. Now the dialog and the notes
    after the import name them with the rules' reason."""
    from tabletop_gui.examples import SCENARIOS
    from tabletop_gui.io import load_game

    from .helpers import open_window

    path_game = SCENARIOS / "hex_hochkirch_ridge_demo.json"
    window = open_window(qtbot, load_game(str(path_game)), str(path_game))
    assert window.doc.scoreboard().winner == "prussia"  # the game is over
    musketeers = window.doc.committed.scene.units["b-musk"]
    extent = window.doc.committed.scene.board.extent
    px, pz = mapping.to_tts(extent, musketeers.x + 2, musketeers.y)
    musk = block("Musketeers", "mm0001", 0, 0)
    musk["Transform"].update(posX=px, posZ=pz)
    path = community_save(tmp_path / "late.json", musk)
    seen: dict[str, str] = {}

    def user(dialog: SaveMappingDialog) -> bool:
        seen["summary"] = dialog.summary.text()
        return press_import(qtbot, dialog)

    steps = window.doc.undo_stack.count()
    result = import_save(window.files, path, window, choose=user)
    assert result is not None and result.events == ()
    assert "0 moves to add" in seen["summary"]
    assert "1 move the rules refuse, left where it was: Musketeers (" in seen["summary"]
    assert "undo the winning event or continue from a moment before it)." in seen["summary"]
    assert "1 move the rules refuse" in window.statusBar().currentMessage()
    box = window.findChild(QMessageBox, "ttsImportNotes")
    assert box is not None and "Musketeers: left where it was (" in box.informativeText()
    assert window.doc.undo_stack.count() == steps


def test_file_open_on_a_save_says_it_is_one_and_how_to_import_it(qtbot, demo, tmp_path, dialogs):
    """File ▸ Open… on a TTS save listed "7 problems: SaveName: unknown field ...";
    it names the save and File ▸ Import… now (docs/tabletop-simulator.md, Bring a
    game played in TTS back), and the open game stays."""
    path = community_save(tmp_path / "TS_Save_12.json", block("Orc Boyz", "aa0001", 36, 26.5))
    before = units(demo)
    assert not demo.files.open_path(path, ask=False)
    (title, text), *_ = dialogs.warnings
    assert title == "Cannot open this file"
    assert "a Tabletop Simulator save, not a game file of this program" in text
    assert "File ▸ Import…" in text and "unknown field" not in text
    assert "a Tabletop Simulator save" in demo.statusBar().currentMessage()
    assert units(demo) == before


def test_file_import_starts_in_the_folder_of_the_last_file_imported(
    qtbot, tmp_path, dialogs, monkeypatch
):
    """File ▸ Import… opened in the game file's folder every time, not where the
    last save was read from (TTS's Saves folder): it remembers that folder, as the
    program keeps its other settings (docs/tabletop-simulator.md, Bring a game
    played in TTS back)."""
    from PySide6.QtWidgets import QFileDialog

    from tabletop_gui.examples import DEMO_BOARD
    from tabletop_gui.io import load_game, save_game

    from .helpers import open_window

    games = tmp_path / "games"
    games.mkdir()
    save_game(load_game(str(DEMO_BOARD)), games / "game.json")
    window = open_window(qtbot, load_game(str(games / "game.json")), str(games / "game.json"))
    saves = tmp_path / "Tabletop Simulator" / "Saves"
    saves.mkdir(parents=True)
    path = community_save(saves / "TS_Save_12.json", block("Orc Boyz", "aa0001", 36, 26.5))
    starts: list[str] = []

    def ask(_parent, _title, start, _filter):
        starts.append(start)
        return path, ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", ask)
    monkeypatch.setattr(SaveMappingDialog, "exec", lambda self: QDialog.DialogCode.Rejected)
    window.files.import_any()
    window.files.import_any()
    assert starts[0] == str(games)  # nothing imported yet: the game file's folder
    assert starts[1] == str(saves.resolve())


def test_a_save_of_very_long_names_opens_a_box_within_the_screen(qtbot, demo, tmp_path):
    """40 objects with 6,000-character names (viewers' spam) opened a notes box
    1000 x 21,072 px with no OK in sight: names are cut short in every list and
    the box lists at most a few notes, cut, the rest under Show Details…
    (docs/tabletop-simulator.md, Bring a game played in TTS back)."""
    spam = [block(f"Viewer spam {i} " * 400, f"s{i:05}", 1 + i, 2) for i in range(40)]
    path = tmp_path / "long.json"
    path.write_text(json.dumps({"SaveName": "Long " + "W" * 5000, "ObjectStates": [
        block("Orc Boyz", "aa0001", 36, 26.5), *spam]}))  # fmt: skip
    seen: dict[str, Any] = {}

    def user(dialog: SaveMappingDialog) -> bool:
        seen["longest"] = max(len(dialog.others.item(i).text()) for i in range(40))
        return press_import(qtbot, dialog)

    result = import_save(demo.files, str(path), demo, choose=user)
    assert result is not None and seen["longest"] < 140
    box = demo.findChild(QMessageBox, "ttsImportNotes")
    assert box is not None
    qtbot.waitExposed(box)
    screen = box.screen().availableGeometry()
    assert box.width() <= screen.width() and box.height() <= screen.height()
    assert box.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).isVisible()
    assert "Viewer spam 0 Viewer spam 0" in box.detailedText()
    assert len(box.text()) < 200  # the save's name cut short too


def test_a_unit_in_a_bag_or_nearly_named_says_so_on_its_row(qtbot, demo, tmp_path):
    """The dialog's Found column says where the save has a unit no object on the
    table is (docs/tabletop-simulator.md, Bring a game played in TTS back): in
    its bag, or on an object whose name is nearly its own."""
    bag = {**block("Casualties", "g00001", 80, 0), "Name": "Bag"}
    bag["ContainedObjects"] = [block("Giant", "gg0001", 0, 0)]
    path = community_save(tmp_path / "bag.json", bag, block("Orc Boys", "ob0001", 36, 26.5))
    seen: dict[str, str] = {}

    def user(dialog: SaveMappingDialog) -> bool:
        seen["giant"] = found_text(dialog, "b-giant")
        seen["boyz"] = found_text(dialog, "b-boyz")
        return False

    assert import_save(demo.files, path, demo, choose=user) is None
    assert seen == {"giant": "inside Casualties", "boyz": "Orc Boys nearly has its name"}


def test_a_choice_in_the_dialog_does_not_search_the_save_for_the_unfound_again(
    qtbot, demo, tmp_path, monkeypatch
):
    """Each choice previews the import's summary. That preview searched where
    the save has every unfound unit (every name left against every object):
    seconds per choice on a large community save (the review: 5 s a choice
    with 64 unfound units and 3,000 objects). The search is made once, when the
    dialog opens, for the rows; the notes after the import still have it."""
    from tabletop_gui.io.tts import replay as tts_replay

    bag = {**block("Casualties", "g00001", 80, 0), "Name": "Bag"}
    bag["ContainedObjects"] = [block("Giant", "gg0001", 0, 0)]
    path = community_save(tmp_path / "bag.json", bag, block("Big Horse Men", "beef01", 30, 22))
    calls: list[int] = []
    real = tts_replay.missing_where
    monkeypatch.setattr(tts_replay, "missing_where", lambda *a: calls.append(1) or real(*a))
    seen: dict[str, int] = {}

    def user(dialog: SaveMappingDialog) -> bool:
        seen["opened"] = len(calls)
        choose(dialog, "a-knights", "beef01")
        choose(dialog, "a-knights", "")
        choose(dialog, "a-knights", "beef01")
        seen["chosen"] = len(calls)
        return press_import(qtbot, dialog)

    result = import_save(demo.files, path, demo, choose=user)
    assert result is not None
    assert seen["chosen"] == seen["opened"]  # no search per choice
    assert any(n.startswith("Giant: inside Casualties") for n in result.notes)


def test_the_windows_export_says_a_face_down_value_was_left_out(qtbot, tmp_path):
    """As `export --tts` says it: the Sunken Relic, still face down, is not in
    the save, which therefore goes back only into this game
    (docs/tabletop-simulator.md, Hidden values)."""
    from tabletop_gui.io import load_game
    from tests.core.scenario_files import scenario_path

    from .helpers import open_window

    window = open_window(qtbot, load_game(scenario_path("carnevale_drowned_quarter.json")))
    said = window.exports.export_tts(str(tmp_path / "carn-tts.json"))
    assert "1 value still face down (Sunken Relic) left out of the save" in said
    assert "read a later save back into this game (File ▸ Import…)" in said


def test_import_pressed_at_once_on_a_copy_sharing_its_guid_notes_what_the_command_does(
    qtbot, demo, tmp_path
):
    """The Shaman copied in TTS with its GUID (docs/tabletop-simulator.md): both
    copies carry its id and one GUID. Import pressed without choosing: the notes
    box said "Shaman: ... no object has its name, but Shaman ... nearly has it" and
    "2 objects are pieces of the game no longer on the table"; the import command
    says "Shaman: 2 objects claim it". Now the window's notes are the command's
    (the Giant moved 3 in: the notes box opens after a move)."""
    from tabletop_gui.io.importers import ImportRequest, import_bytes

    game = demo.doc.game
    path = tmp_path / "copied.json"
    write_save(path, game, replay(game.setup, game.events), white_png())
    data = json.loads(path.read_text())
    shaman = next(o for o in data["ObjectStates"] if o["Nickname"] == "Shaman")
    copy = json.loads(json.dumps(shaman))  # the same GUID
    copy["Transform"]["posZ"] -= 6.0
    data["ObjectStates"].append(copy)
    giant = next(o for o in data["ObjectStates"] if o["Nickname"] == "Giant")
    giant["Transform"]["posX"] += 3.0  # a move, so the notes box opens
    path.write_text(json.dumps(data))
    command = import_bytes(path.read_bytes(), ImportRequest(source=str(path), into=game))
    seen: dict[str, str] = {}

    def user(dialog: SaveMappingDialog) -> bool:
        seen["summary"] = dialog.summary.text()
        return press_import(qtbot, dialog)

    result = import_save(demo.files, str(path), demo, choose=user)
    assert "Several objects could be Shaman: choose which one it is." in seen["summary"]
    assert result is not None and result.notes == command.notes
    box = demo.findChild(QMessageBox, "ttsImportNotes")
    assert box is not None
    shown = box.informativeText()
    assert shown.startswith("Shaman: 2 objects claim it (Shaman (Custom_Model, ")
    assert "nearly has it" not in shown and "no longer on the table" not in shown


def test_the_dialog_says_the_guid_chosen_before_is_shared_not_the_name(qtbot, demo, tmp_path):
    """The GUID chosen before for the Knights is on two objects named otherwise:
    the summary said "Several objects have the name of Knights of the Realm" and,
    imported as found, the notes that the Knights were not in the save. Now both
    say the GUID chosen before is on two objects, as the import command does,
    in a notes box that opens with nothing moved too."""
    from tabletop_gui.io.importers import ImportRequest, import_bytes
    from tabletop_gui.io.tts.memory import Remembered, game_key, remember

    game = demo.doc.game
    remember([Remembered("a00003", "Knights of the Realm", "a-knights",
                         "Knights of the Realm", game_key(game))])  # fmt: skip
    path = community_save(
        tmp_path / "horses.json",
        block("Horse 1", "a00003", 30, 12),
        block("Horse 2", "a00003", 60, 20),
    )
    command = import_bytes(Path(path).read_bytes(), ImportRequest(source=path, into=game))
    seen: dict[str, str] = {}

    def user(dialog: SaveMappingDialog) -> bool:
        seen["found"] = found_text(dialog, "a-knights")
        seen["summary"] = dialog.summary.text()
        return press_import(qtbot, dialog)

    result = import_save(demo.files, path, demo, choose=user)
    assert seen["found"] == "2 objects have the GUID chosen before: choose one"
    assert "Several objects have the GUID chosen before for Knights of the Realm" in seen["summary"]
    assert "have the name of" not in seen["summary"]
    assert result is not None and result.notes == command.notes
    assert any(n.startswith("Knights of the Realm: left where it was: the object chosen")
               for n in result.notes)  # fmt: skip
    # Nothing moved: the notes box opens all the same (it said nothing before).
    box = demo.findChild(QMessageBox, "ttsImportNotes")
    assert box is not None
    assert box.informativeText().startswith("Knights of the Realm: left where it was: the object")

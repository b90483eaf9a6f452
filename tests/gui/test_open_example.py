"""File > Open example lists the bundled examples; an example always opens as an
unsaved copy: Save asks where (Documents, under the example's name), choosing the
example itself is refused and asked again, and no bundled file is ever written."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QFileDialog

from tabletop_gui.app.windows import launch
from tabletop_gui.app.windows.main_window import MainWindow
from tabletop_gui.examples import DEMO_BOARD, SCENARIOS, examples, is_example
from tabletop_gui.io import load_game

from .helpers import open_window

HEX = SCENARIOS / "hex_hochkirch_ridge_demo.json"
KING = SCENARIOS / "t9a_encircle_king_of_the_hill.json"  # a game still going on


def fingerprint() -> dict[str, str]:
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest() + str(p.stat().st_mtime_ns)
        for p in sorted(SCENARIOS.iterdir())
        if p.is_file()
    }


@pytest.fixture(autouse=True)
def bundled_files_untouched():
    """Every test here ends with the examples' folder exactly as it was."""
    before = fingerprint()
    yield
    assert fingerprint() == before


class SaveDialog:
    """Answers File > Save as with the paths given, in turn; records what it was offered."""

    def __init__(self, *answers: Path) -> None:
        self.answers = [str(a) for a in answers]
        self.offered: list[str] = []

    def __call__(self, _parent, _title, start, _filter, *args, **kwargs):
        self.offered.append(start)
        return (self.answers.pop(0) if self.answers else "", "Games (*.json)")


def move_a_unit(window: MainWindow) -> None:
    unit = next(iter(window.doc.state.scene.units))
    refusal = window.editor.update(unit, {"name": "Renamed on my copy"})
    assert refusal is None and window.doc.dirty


def test_the_menu_lists_every_example_by_title_and_family(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), None)
    assert window.files.examples_menu.actions() == []  # read when first opened
    window.files.examples_menu.aboutToShow.emit()
    texts = [a.text() for a in window.files.examples_menu.actions()]
    assert texts == [f"{e.title}  ({e.family_title})" for e in examples()]
    assert "Hex demo: the Ridge at Hochkirch  (Hex Victory Banners)" in texts
    assert all(a.toolTip().endswith(str(e.path)) for a, e in
               zip(window.files.examples_menu.actions(), examples(), strict=True))  # fmt: skip


def test_an_example_from_the_menu_opens_as_an_unsaved_copy(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), None)
    window.files.examples_menu.aboutToShow.emit()
    action = next(a for a in window.files.examples_menu.actions() if "(Hex Victory" in a.text())
    action.trigger()
    QApplication.processEvents()
    assert window.doc.committed.setup.family == "hex"
    assert window.doc.path is None and window.doc.opened_from == str(HEX)
    assert "hex_hochkirch_ridge_demo.json (a copy, not saved yet)" in window.windowTitle()
    assert "unsaved copy" in window.statusBar().currentMessage()


def test_save_of_an_example_asks_where_and_offers_documents_under_its_name(
    qtbot, tmp_path, monkeypatch
):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), None)
    assert window.files.open_example("t9a_encircle_king_of_the_hill")
    move_a_unit(window)
    mine = tmp_path / "mine.json"
    dialog = SaveDialog(mine)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    assert window.files.save()
    assert len(dialog.offered) == 1  # Save asked, it did not write the example
    assert Path(dialog.offered[0]).name == KING.name
    assert not is_example(dialog.offered[0])
    assert window.doc.path == str(mine) and not window.doc.dirty
    assert load_game(mine) == window.doc.game != load_game(KING)


def test_choosing_the_example_itself_in_save_as_is_refused_and_asked_again(
    qtbot, tmp_path, monkeypatch, dialogs
):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), None)
    assert window.files.open_path(str(KING), ask=False)
    move_a_unit(window)
    elsewhere = tmp_path / "copy.json"
    dialog = SaveDialog(KING, elsewhere)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    assert window.files.save_as()
    assert len(dialog.offered) == 2
    title, text = dialogs.warnings[-1]
    assert title == "Choose another place" and "never written" in text
    assert window.doc.path == str(elsewhere) and elsewhere.is_file()


def test_save_to_an_example_path_writes_nothing(qtbot, dialogs):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), None)
    move_a_unit(window)
    assert not window.files.save_to(str(DEMO_BOARD))
    assert not window.files.save_to(str(SCENARIOS / ".." / "examples" / "new_one.json"))
    assert not (SCENARIOS / "new_one.json").exists()
    assert window.doc.dirty and window.doc.path is None
    assert len(dialogs.warnings) == 2


def test_a_window_given_an_example_path_keeps_no_path_to_save_over(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    assert window.doc.path is None and window.doc.opened_from == str(DEMO_BOARD)


def test_a_recovered_autosave_of_an_example_stays_a_copy(qtbot, tmp_path):
    from tabletop_gui.app import session

    window = open_window(qtbot, load_game(str(DEMO_BOARD)), None)
    autosave = tmp_path / "autosave.json"
    autosave.write_bytes(HEX.read_bytes())
    left = session.Leftover(autosave, tmp_path / "m.json", tmp_path / "l.lock", str(HEX),
                            "Hex demo", 0.0)  # fmt: skip
    assert window.files.recover(left)
    assert window.doc.path is None and window.doc.opened_from == str(HEX)
    assert window.doc.dirty  # recovered work is unsaved, and Save will ask where


def test_run_app_on_an_example_opens_a_copy_and_the_smoke_grab_draws_it(
    qtbot, tmp_path, monkeypatch
):
    grab = tmp_path / "window.png"
    monkeypatch.setenv("TABLETOP_GUI_SMOKE_GRAB", str(grab))
    monkeypatch.setenv("TABLETOP_GUI_SMOKE_AFTER_MS", "300")
    monkeypatch.setattr(launch, "_WINDOWS", [])
    assert launch.run_app(str(HEX)) == 0  # the grab quits the event loop
    (window,) = launch._WINDOWS
    qtbot.addWidget(window)
    assert window.doc.path is None and window.doc.opened_from == str(HEX)
    picture = QImage(str(grab))
    assert (picture.width(), picture.height()) == (window.width(), window.height())
    colours = {picture.pixel(x, y) for x in range(0, picture.width(), 37)
               for y in range(0, picture.height(), 37)}  # fmt: skip
    assert len(colours) > 20  # a drawn window, not a blank one
    assert not QApplication.windowIcon().isNull()


def test_without_the_smoke_variable_nothing_is_armed(qtbot, monkeypatch):
    from tabletop_gui.app.windows import smoke

    monkeypatch.delenv(smoke.ENV_GRAB, raising=False)
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), None)
    assert not smoke.arm_from_environment(window)
    assert os.environ.get(smoke.ENV_GRAB) is None


def test_without_a_documents_folder_save_starts_in_the_home_folder(monkeypatch, tmp_path):
    """Not the folder the program was started from (a trial's Save started in the
    repository checkout): Documents, else home."""
    from tabletop_gui.app.session import save_beside

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DOCUMENTS_DIR", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / ".config"))
    assert save_beside(None, "game.json") == str(tmp_path / "game.json")
    (tmp_path / "Documents").mkdir()
    assert save_beside(None, "game.json") == str(tmp_path / "Documents" / "game.json")
    assert save_beside(str(tmp_path / "x" / "a.json"), "b.json") == str(tmp_path / "x" / "b.json")

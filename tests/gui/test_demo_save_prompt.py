"""The demo opened at start is named as the demo (read from its file) in the save
prompt, and is never saved over."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QMessageBox


def test_the_demo_opened_at_start_is_named_as_the_demo_in_the_save_prompt(
    qtbot, monkeypatch, dialogs
):
    from tabletop_gui.app.windows import launch
    from tabletop_gui.app.windows.file_actions import FilesController

    monkeypatch.setattr(QApplication, "exec", lambda *_a: 0)
    monkeypatch.setattr(FilesController, "offer_recovery", lambda *_a, **_k: 0)
    monkeypatch.setattr(launch, "_WINDOWS", [])
    assert launch.run_app(None) == 0  # as `tabletop-gui` with no file starts
    (window,) = launch._WINDOWS
    qtbot.addWidget(window)
    assert window.doc.path is None  # Save never writes over the bundled demo
    assert "t9a_frontline_clash_demo.json (a copy, not saved yet)" in window.windowTitle()

    window.inspector.editor.update("a-duke", {"x": 30.0})  # a change to lose
    dialogs.answer = QMessageBox.StandardButton.Discard
    assert window.files.new_game("carnevale")
    assert dialogs.questions[-1][1] == (
        "Save the changes to the demo game (from t9a_frontline_clash_demo.json) first?"
    )
    QApplication.processEvents()  # now a new game: it is called one
    assert "not saved yet" in window.windowTitle() and "demo" not in window.windowTitle()
    assert window.files.game_name() == "this new game"

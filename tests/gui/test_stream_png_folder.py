"""The stream PNG's file dialog opens in the data folder, which it creates."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog

from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game

from .helpers import open_window


def test_the_stream_png_dialog_opens_in_the_data_folder_which_it_creates(
    qtbot, monkeypatch, tmp_path
):
    data = tmp_path / "fresh" / "tabletop_gui"
    monkeypatch.setenv("TABLETOP_GUI_DATA_DIR", str(data))
    asked: list[str] = []

    def save_dialog(_parent, _caption, start, _filter, *args, **kwargs):
        asked.append(start)
        assert Path(start).parent.is_dir()  # the dialog can open there
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    assert not data.exists()
    window.stream.stream_action.trigger()
    assert asked == [str(data / "stream.png")]
    assert data.is_dir()
    assert not window.stream.stream_action.isChecked()  # cancelled: no output started

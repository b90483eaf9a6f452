"""The window's Ctrl shortcuts work while an Inspector field has the keyboard,
and a field keeps its own editing keys (docs/playing.md, Keyboard)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit

from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game

from .helpers import open_window

#: Run in the real X11 key scheme, where a line edit claims Ctrl+E ("end of line").
X11_CHECK = r"""
import sys
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit
app = QApplication(sys.argv)
from tabletop_gui.app.windows.main_window import MainWindow
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game
asked = []
QFileDialog.getSaveFileName = staticmethod(lambda *a, **k: (asked.append(a[1]), ("", ""))[1])
w = MainWindow(load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
w.show()
w.activateWindow()
QTest.qWaitForWindowActive(w, 5000)
uid = next(iter(w.doc.state.scene.units))
w.scene.piece_item(uid).setSelected(True)
app.processEvents()
field = w.inspector.findChildren(QLineEdit)[0]
field.setFocus()
app.processEvents()
assert QApplication.focusWidget() is field, QApplication.focusWidget()
QTest.keyClick(field, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
app.processEvents()
print("asked", asked)
sys.exit(0 if asked == ["Export board"] else 1)
"""


def test_ctrl_e_exports_while_an_inspector_field_has_the_keyboard_on_x11(tmp_path):
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        pytest.skip("needs Xvfb for the X11 key scheme (offscreen uses another)")
    display = f":{90 + os.getpid() % 100}"
    server = subprocess.Popen([xvfb, display, "-screen", "0", "1400x900x24"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        time.sleep(1.0)
        env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb",
                   TABLETOP_GUI_DATA_DIR=str(tmp_path),
                   TABLETOP_GUI_SETTINGS=str(tmp_path / "settings.ini"))  # fmt: skip
        run = subprocess.run([sys.executable, "-c", X11_CHECK], env=env, capture_output=True,
                             text=True, timeout=120)  # fmt: skip
    finally:
        server.terminate()
        server.wait()
    no_x11 = ("could not connect to display", 'Could not load the Qt platform plugin "xcb"')
    if run.returncode and any(text in run.stderr for text in no_x11):
        pytest.skip(f"no X11 session here: {run.stderr[-300:]}")
    assert run.returncode == 0, run.stdout + run.stderr[-2000:]


def test_ctrl_c_in_a_field_copies_the_field_text_not_the_selected_unit(qtbot, monkeypatch):
    asked: list[str] = []
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda *a, **k: (asked.append(a[1]), ("", ""))[1]
    )
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    uid = next(iter(window.doc.state.scene.units))
    window.scene.piece_item(uid).setSelected(True)
    QApplication.processEvents()
    field = window.inspector.findChildren(QLineEdit)[0]
    field.setFocus()
    field.selectAll()
    QGuiApplication.clipboard().setText("")
    qtbot.keyClick(field, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QGuiApplication.clipboard().text() == field.text() != ""
    qtbot.keyClick(field, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert asked == ["Export board"]  # and a window key the field does not edit with still runs

"""Help > About names the version, the licence and the Python and Qt it runs on,
shows the licence text, and copies the details for a bug report."""

from __future__ import annotations

import platform

import PySide6
from PySide6.QtCore import qVersion
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

import tabletop_gui
from tabletop_gui import about
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game

from .helpers import open_window


def open_about(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), None)
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    action = next(a for a in help_menu.actions() if a.text() == "&About tabletop_gui")
    action.trigger()
    QApplication.processEvents()
    dialog = next(w for w in QApplication.topLevelWidgets()
                  if type(w).__name__ == "AboutDialog" and w.isVisible())  # fmt: skip
    qtbot.addWidget(dialog)
    return dialog


def test_about_names_version_licence_python_and_qt(qtbot):
    dialog = open_about(qtbot)
    values = {label: shown.text() for label, shown in dialog.values.items()}
    assert values["Version"] == tabletop_gui.__version__
    assert values["Licence"] == "MIT"
    assert values["Python"].startswith(platform.python_version())
    assert values["Qt"] == f"{qVersion()} (PySide6 {PySide6.__version__})"
    assert values["Installed as"] == "source checkout"
    assert tabletop_gui.__version__ in dialog.findChild(type(dialog.values["Version"]),
                                                        "aboutTitle").text()  # fmt: skip


def test_about_shows_the_mit_licence_text(qtbot):
    dialog = open_about(qtbot)
    assert dialog.texts.tabText(0) == "Licence"
    assert dialog.texts.widget(0).toPlainText().startswith("MIT License")
    assert dialog.texts.count() == 1  # third-party notices only inside a desktop bundle


def test_copy_details_puts_every_fact_on_the_clipboard(qtbot):
    dialog = open_about(qtbot)
    dialog.copy_details()
    copied = QGuiApplication.clipboard().text()
    for label, value in about.facts(qVersion(), PySide6.__version__):
        assert f"{label}: {value}" in copied

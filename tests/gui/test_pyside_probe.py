"""app/pyside_probe.py: PySide's import hook asks of each module whether its
source names PySide6; the quick probe must answer as PySide's own does."""

from __future__ import annotations

import sys

import tabletop_gui.app  # noqa: F401 (installs the quick probe)
from tabletop_gui.app import pyside_probe
from tabletop_gui.app.canvas import view
from tabletop_gui.model import pieces


def test_the_quick_probe_answers_as_pysides_own_for_qt_and_qt_free_modules():
    feature = sys.modules["shibokensupport.feature"]
    quick = feature._mod_uses_pyside
    assert getattr(quick, "quick", False), "the quick probe is not installed"
    assert pyside_probe.quicken()  # a second call changes nothing
    assert feature._mod_uses_pyside is quick
    assert quick(view) is True  # the board view imports PySide6
    assert quick(pieces) is False  # the model never does
    assert quick(sys) is False  # built in: no file

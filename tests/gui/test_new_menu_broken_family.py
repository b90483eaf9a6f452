"""File > New with a rule family installed whose package does not load: the
menu opens with every other family's boards and names the broken one (its entry
point and error) as a disabled entry; before, the menu never opened (the
registry's error went to stderr from aboutToShow) and the built-in boards were
gone too."""

from __future__ import annotations

from core.broken_family import PROBLEM, broken_family_installed
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QMenu

from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game

from .helpers import open_window


def _entries(menu: QMenu) -> list[tuple[str, bool]]:
    """(text, enabled) of every entry of ``menu`` and its submenus, depth first."""
    out = []
    for a in menu.actions():
        if a.isSeparator():
            continue
        out.append((a.text(), a.isEnabled()))
        if a.menu() is not None:
            a.menu().aboutToShow.emit()
            out += _entries(a.menu())
    return out


def test_file_new_offers_the_other_families_and_names_the_broken_one(qtbot, tmp_path):
    with broken_family_installed(tmp_path / "site"):
        window = open_window(qtbot, load_game(str(DEMO_BOARD)))
        menu = window.files.new_menu
        menu.popup(window.mapToGlobal(QPoint(10, 10)))  # as the File menu opens it
        qtbot.waitUntil(menu.isVisible)
        entries = _entries(menu)
        menu.hide()
    assert ("Not offered: " + PROBLEM, False) in entries
    titles = [text for text, enabled in entries if enabled]
    assert any("Carnevale" in t for t in titles) and any("Memoir" in t or "hex" in t.lower()
                                                        for t in titles)  # fmt: skip
    assert len(titles) > 5  # the Ninth Age's Deployment Types too
    # The board it leaves is played as before: a built-in preset still starts a game.
    assert window.files.new_game("carnevale", ask=False)
    assert window.doc.committed.setup.family == "carnevale"

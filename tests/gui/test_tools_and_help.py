"""Finding your way: the tools' toolbar (icons, tooltips naming the keys, the
Ruler button the measure tool) and the Help menu (the quick-start guide, F1 at
the tool in use, the keyboard shortcuts, each family's rules reference)."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui import help as help_pages
from tabletop_gui.app.canvas.view import Tool
from tabletop_gui.app.windows.help_window import SHORTCUTS, HelpWindow
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game
from tabletop_gui.rules.registry import families

from .helpers import open_window


def demo(qtbot):
    return open_window(qtbot, load_game(str(DEMO_BOARD)))


def test_the_toolbar_holds_the_tools_and_toggles_with_icons_and_keys_in_their_tooltips(qtbot):
    window = demo(qtbot)
    bar = window.tools.toolbar
    assert bar.isVisible()
    actions = [a for a in bar.actions() if not a.isSeparator()]
    tips = [a.toolTip() for a in actions]
    keys = ["V", "M", "T", "Z", "W", "A", "L"]  # the tools; Where it scores, Arcs, Line of sight
    assert [re.search(r"\((\w)\)", t).group(1) for t in tips] == keys
    assert all(not a.icon().isNull() for a in actions)
    assert tips[1].startswith("Ruler")
    for action, key in zip(actions, keys, strict=True):
        assert action.shortcut().toString() == key


def test_the_ruler_button_is_the_measure_tool_and_select_comes_back(qtbot):
    window = demo(qtbot)
    bar = window.tools.toolbar
    ruler = bar.widgetForAction(window.tools.tool_actions["measure"])
    qtbot.mouseClick(ruler, Qt.MouseButton.LeftButton)
    assert window.view.tool is Tool.MEASURE
    assert window.tools.tool_actions["measure"].isChecked()
    qtbot.mouseClick(
        bar.widgetForAction(window.tools.tool_actions["select"]), Qt.MouseButton.LeftButton
    )
    assert window.view.tool is Tool.SELECT
    scores = bar.widgetForAction(window.tools.scores_action)
    qtbot.mouseClick(scores, Qt.MouseButton.LeftButton)
    assert window.tools.scores_action.isChecked() and window.tools.regions_panel.isVisible()


def help_titles(window) -> list[str]:
    return [a.text().replace("&", "") for a in window.help.menu.actions() if not a.isSeparator()]


def test_help_opens_the_quick_start_guide_in_the_window(qtbot):
    window = demo(qtbot)
    assert help_titles(window)[:2] == ["Quick start (at the tool in use)", "Keyboard shortcuts"]
    quick = window.help.menu.actions()[0]
    quick.trigger()
    QApplication.processEvents()
    help_ = window.help.help_window
    assert isinstance(help_, HelpWindow) and help_.isVisible()
    text = help_.browser.toPlainText()
    assert text.startswith("Quick start: your first five minutes")
    for step in ("1. Start a game", "2. Place your units", "3. Add an objective",
                 "4. Read the score"):  # fmt: skip
        assert step in text


def test_the_quick_start_guide_names_import_army_list_as_the_file_menu_has_it(qtbot):
    """Step 2 points to File ▸ Import army list… (Ctrl+I) by the menu's own text
    and key, and to the dialog's buttons by theirs (docs/army-lists.md, In the
    window)."""
    window = demo(qtbot)
    guide = help_pages.text(help_pages.QUICK_START)
    step2 = guide.split("## 2. Place your units")[1].split("## 3.")[0]
    army = window.files.actions["army"]
    file_menu = next(
        a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "File"
    )
    assert army in file_menu.actions()
    name, key = army.text().replace("&", ""), army.shortcut().toString()
    assert f"*File ▸ {name}* (`{key}`" in " ".join(step2.split())
    dialog = window.files.import_army_list()
    assert dialog.file_button.text().replace("&", "") in step2  # Choose file…
    assert f"*{dialog.place_button.text().replace('&', '')}* (`Ctrl+Return`)" in step2
    dialog.close()


def test_f1_opens_the_guide_at_the_tool_in_use(qtbot):
    window = demo(qtbot)
    window.view.set_tool(Tool.TERRAIN)
    qtbot.keyClick(window.view, Qt.Key.Key_F1)
    help_ = window.help.help_window
    assert help_.heading_at_top() == "Draw terrain"
    window.view.set_tool(Tool.MEASURE)
    help_ = window.help.help_here()
    assert help_.heading_at_top() == "Ruler"
    window.tools.scores_action.trigger()
    help_ = window.help.help_here()
    assert help_.heading_at_top() == "Where it scores"


def test_the_keyboard_shortcuts_page_is_read_from_the_menus(qtbot):
    window = demo(qtbot)
    help_ = window.help.show_help(SHORTCUTS)
    text = help_.browser.toPlainText()
    assert "Paste at the cursor" in text and "Where it scores" in text
    assert "Sides (names and colours)" not in text  # no key: not listed


def test_file_quit_has_ctrl_q_and_the_shortcuts_page_lists_it(qtbot):
    """Ctrl+Q quits where the platform gives Quit no key (offscreen has none), and
    Help ▸ Keyboard shortcuts lists it (docs/playing.md, Files)."""
    window = demo(qtbot)
    rows = {(menu, action): keys for menu, action, keys in window.help.shortcut_rows()}
    assert "Ctrl+Q" in rows[("File", "Quit")].split(", ")
    text = window.help.show_help(SHORTCUTS).browser.toPlainText()
    assert "Quit" in text and "Ctrl+Q" in text
    window.help.help_window.close()
    window.activateWindow()
    qtbot.keyClick(window.view, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert not window.isVisible()


def test_the_shortcuts_page_names_undo_and_redo_not_the_step_they_would_take(qtbot):
    window = demo(qtbot)
    window.edit.select_all()
    window.edit.copy_selected()
    window.edit.paste(at=(36.0, 24.0))  # Edit > Undo now reads "Undo Paste 8 pieces"
    assert window.edit.undo_action.text().replace("&", "").startswith("Undo Paste")
    rows = {(menu, action): keys for menu, action, keys in window.help.shortcut_rows()}
    assert rows[("Edit", "Undo")] == "Ctrl+Z"
    assert rows[("Edit", "Redo")].startswith("Ctrl+Shift+Z, Ctrl+Y")
    assert all("+" in key for key in rows[("Edit", "Redo")].split(", "))  # no bare "Redo"
    text = window.help.show_help(SHORTCUTS).browser.toPlainText()
    assert "Undo Paste" not in text


def test_each_familys_rules_reference_opens_from_the_help_menu(qtbot):
    window = demo(qtbot)
    refs = next(a.menu() for a in window.help.menu.actions() if a.menu() is not None)
    refs.aboutToShow.emit()  # filled when opened
    titles = [a.text() for a in refs.actions()]
    for family in families():
        title = f"Rules: {family.title}"
        assert title in titles
        next(a for a in refs.actions() if a.text() == title).trigger()
        QApplication.processEvents()
        doc_title = (window.help.help_window.browser.toPlainText().splitlines() or [""])[0]
        assert doc_title, family.reference
        assert window.help.help_window.page == family.reference.rsplit("/", 1)[-1]


def test_the_camera_army_list_and_streaming_guides_open_from_the_help_menu(qtbot):
    # Pages a referee, a player and a streamer reach for: their docs, in Help.
    window = demo(qtbot)
    refs = next(a.menu() for a in window.help.menu.actions() if a.menu() is not None)
    refs.aboutToShow.emit()
    for title, page, heading in [
        ("Camera: photos, video, markers", "camera.md", "The marker convention"),
        ("Army lists: importing", "army-lists.md", "Formats"),
        ("Streaming: overlay and PNG", "streaming.md", "The PNG for streaming"),
        ("The board: editing, measuring, rulings", "canvas.md", "Measuring"),
        ("Playing: turns, the log, files, pictures", "playing.md", "The turn bar"),
    ]:
        next(a for a in refs.actions() if a.text() == title).trigger()
        QApplication.processEvents()
        help_ = window.help.help_window
        assert help_.page == page
        assert heading in help_.browser.toPlainText()


def test_a_doc_a_help_page_names_is_a_link_that_opens_its_page(qtbot):
    """The Streaming page cites docs/canvas.md: it is a link, and following it
    shows the board's page (docs/canvas.md, Looking around)."""
    from PySide6.QtCore import QUrl

    window = demo(qtbot)
    help_ = window.help.show_help("streaming.md")
    assert 'href="canvas.md"' in help_.browser.toHtml()
    help_.browser.anchorClicked.emit(QUrl("canvas.md"))
    assert help_.page == "canvas.md"
    assert help_.browser.toPlainText().startswith("The board canvas")

"""The streamer window: the players' view by default, F10 closes it, and a small
stream picture keeps the board large with no name over another unit."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas.items import UnitItem
from tabletop_gui.app.stream import audience
from tabletop_gui.app.stream.board_picture import MAX_STREAM_LABEL_SCALE
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game

from .helpers import open_window

DEMO = SCENARIOS / "t9a_frontline_clash_demo.json"
SECURE = SCENARIOS / "t9a_frontline_clash_secure_target.json"
CARNEVALE = SCENARIOS / "carnevale_drowned_quarter.json"


def _base(item: UnitItem) -> QRectF:
    return item.path.boundingRect().translated(item.pos())


def test_a_new_streamer_hides_face_down_values_until_the_referee_switches_them_on(qtbot, tmp_path):
    """Drowned Quarter: the Sunken Relic (2 VP) is face down. A first streamer (fresh
    settings) shows '?' and 'hidden', in the window and in the stream PNG; the
    explicit switch (H) shows the value."""
    from PySide6.QtCore import Qt

    window = open_window(qtbot, load_game(str(CARNEVALE)))
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    qtbot.waitExposed(streamer)
    assert not audience.stream_settings().show_hidden
    assert "players' view" in streamer.windowTitle()
    assert streamer.scene.piece_item("obj-relic").text == "?"
    relic = next(s for s in streamer.bar.info.tiles if s.name == "Sunken Relic")
    assert "2 VP" not in relic.text and "hidden" in relic.text
    out = window.stream.start_stream_output(str(tmp_path / "s.png"))
    assert out.scene.public and out.scene.piece_item("obj-relic").text == "?"
    window.stream.stop_stream_output()
    qtbot.keyClick(streamer, Qt.Key.Key_H)
    assert streamer.scene.piece_item("obj-relic").text == "2?"
    assert "referee's view" in streamer.windowTitle()


def test_the_referee_view_switched_on_in_one_run_is_off_in_the_next(qtbot):
    """H shows face-down values for this run only: the next start (a new run
    reads its settings afresh) is the players' view again, as the overlay is, so
    an earlier reveal cannot leak the next game's hidden values on air
    (docs/streaming.md, Players' view and referee's view)."""
    from PySide6.QtCore import Qt

    window = open_window(qtbot, load_game(str(CARNEVALE)))
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    qtbot.keyClick(streamer, Qt.Key.Key_H)
    assert audience.stream_settings().show_hidden
    streamer.close()
    window.close()

    audience.forget_settings()  # what a new run starts from
    window = open_window(qtbot, load_game(str(CARNEVALE)))
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    assert not audience.stream_settings().show_hidden
    assert streamer.scene.piece_item("obj-relic").text == "?"
    assert "players' view" in streamer.windowTitle()


def test_f10_in_the_streamer_window_closes_it(qtbot):
    """F10 pressed while the streamer window has the keyboard (its own window
    active): the key event reaches the window, which closes."""
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent

    window = open_window(qtbot, load_game(str(DEMO)))
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    qtbot.waitExposed(streamer)
    streamer.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is streamer, timeout=1000)
    press = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_F10, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(streamer.view, press)
    assert not streamer.isVisible()


@pytest.mark.parametrize("size", [(640, 360), (960, 540)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_small_stream_picture_keeps_the_board_large_and_no_name_on_another_unit(
    qtbot, tmp_path, size
):
    """Frontline Clash / Secure Target at 640 x 360 drew the board 230 px wide in a
    640 x 290 area (labels grew in inches and the shown area grew with them)."""
    from tabletop_gui.app.stream.board_picture import shown_rect
    from tabletop_gui.app.stream.png_output import StreamOutput
    from tabletop_gui.app.stream.score_bar import bar_height
    from tabletop_gui.app.stream.window import doc_bar

    window = open_window(qtbot, load_game(str(SECURE)))
    out = StreamOutput(window.doc, tmp_path / "s.png", size=size)
    w, h = size
    board = out.scene.board_rect()
    ppi = out.board_rect.width() / shown_rect(out.scene).width()
    info = doc_bar(window.doc, window.doc.scoreboard(), out.scene)
    area_w, area_h = w, h - bar_height(info, w, h)
    fill = max(board.width() * ppi / area_w, board.height() * ppi / area_h)
    assert fill >= 0.8, f"the board fills {fill:.0%} of the picture above the bar"
    units = [it for it in out.scene.pieces.values() if isinstance(it, UnitItem)]
    for u in units:
        name = u.name_box(ppi)
        for other in units:
            if other is not u:
                assert not name.intersects(_base(other)), (
                    f"{u.unit.name}'s name is on {other.unit.name}"
                )
    out.stop()


def test_a_streamer_window_shrunk_to_a_sliver_and_back_keeps_its_labels_sane(qtbot):
    """Shrunk to a few pixels, the picture asked for names thousands of inches
    tall and Qt refused the font size (an error on every resize); now a sliver
    keeps the labels it has, and the full size brings back the usual scale."""
    window = open_window(qtbot, load_game(str(SCENARIOS / "carnevale_drowned_quarter.json")))
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    streamer.resize(1280, 720)
    qtbot.waitExposed(streamer)
    QApplication.processEvents()
    usual = streamer.scene.label_scale
    streamer.view.resize(200, 60)  # a strip: names would be 130 times their size
    QApplication.processEvents()
    assert streamer.scene.label_scale == MAX_STREAM_LABEL_SCALE
    for w, h in ((60, 40), (12, 9), (2, 2)):  # slivers keep the labels they have
        streamer.view.resize(w, h)  # below the window's own minimum: the view alone
        QApplication.processEvents()
        assert streamer.scene.label_scale == MAX_STREAM_LABEL_SCALE
    streamer.resize(1000, 600)  # the layout sizes the view again
    QApplication.processEvents()
    streamer.resize(1280, 720)
    QApplication.processEvents()
    assert streamer.scene.label_scale == pytest.approx(usual, rel=0.1)


def menu_on_right_click(qtbot, widget, pos) -> list[str]:
    """The entries of the menu a right-click at ``pos`` in ``widget`` opens (then
    closed), or [] when none opens."""
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QContextMenuEvent
    from PySide6.QtWidgets import QMenu

    seen: list[str] = []

    def look() -> None:
        menu = QApplication.activePopupWidget()
        if isinstance(menu, QMenu):
            seen.extend(a.text() for a in menu.actions())
            menu.close()

    QTimer.singleShot(300, look)
    # What Qt's window does on a right-button press (QTest's clicks skip it): a
    # context menu event to the widget under the mouse, passed up its parents
    # until one takes it.
    target = widget.childAt(pos) or widget
    local = target.mapFrom(widget, pos)
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, local, target.mapToGlobal(local))
    QApplication.sendEvent(target, event)
    qtbot.wait(400)
    return seen


@pytest.mark.parametrize("where", ["board", "bar"])
def test_the_right_click_menu_opens_over_the_board_as_over_the_score_bar(qtbot, where):
    """The tester's right-click over the board opened nothing, over the bar the
    menu; the docs switch the audience's view with "`H` in the streamer view, or
    its right-click menu" (docs/streaming.md, Players' view and referee's view)."""
    window = open_window(qtbot, load_game(str(DEMO)))
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    qtbot.waitExposed(streamer)
    widget = streamer.view.viewport() if where == "board" else streamer.bar
    entries = menu_on_right_click(qtbot, widget, widget.rect().center())
    assert entries and entries[0] == streamer.show_hidden_action.text()
    assert any("Full screen" in e for e in entries)


@pytest.mark.parametrize("where", ["board", "bar"])
def test_a_double_click_over_the_board_goes_full_screen_as_over_the_score_bar(qtbot, where):
    """F11 or a double-click goes full screen (docs/streaming.md, The streamer
    view); over the board a double-click did nothing."""
    from PySide6.QtCore import Qt

    window = open_window(qtbot, load_game(str(DEMO)))
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    qtbot.waitExposed(streamer)
    widget = streamer.view.viewport() if where == "board" else streamer.bar
    qtbot.mouseDClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())
    qtbot.waitUntil(streamer.isFullScreen, timeout=3000)

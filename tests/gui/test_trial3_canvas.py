"""Third new-user trial, canvas findings (docs: /work/briefs/usertest3.md Part 2
items 1-4, the streamer's default of item 7 and three small points of item 8),
driven through the real widgets offscreen.

Base sizes: a 25 mm character (Duke, Shaman, Orc Warboss) is 0.98 in square; a
40 mm Carnevale model (Guild Capo, Rashaar Priest, Drowned Thrall) 1.57 in round.
A unit name is about 0.55 in tall and 2-4 in wide at the fitted zoom: wider than
those bases, so it must stand beside them.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication

from tabletop_gui import SCENARIOS
from tabletop_gui.app import streamer as streamer_module
from tabletop_gui.app.items import UnitItem
from tabletop_gui.io import load_game

from .helpers import open_window

DEMO = SCENARIOS / "t9a_frontline_clash_demo.json"
SECURE = SCENARIOS / "t9a_frontline_clash_secure_target.json"
CARNEVALE = SCENARIOS / "carnevale_drowned_quarter.json"
REFUSED = SCENARIOS / "t9a_refused_flank_spoils_of_war.json"
KING = SCENARIOS / "t9a_encircle_king_of_the_hill.json"
SMALL = {
    DEMO: ["a-duke", "b-shaman"],
    SECURE: ["a-duke", "b-warboss", "a-hippogriff"],
    CARNEVALE: ["g-capo", "r-priest", "r-thrall", "g-runner"],
}


@pytest.fixture(autouse=True)
def fresh_stream_settings():
    streamer_module._SETTINGS = None
    yield
    streamer_module._SETTINGS = None


def _base(item: UnitItem) -> QRectF:
    return item.path.boundingRect().translated(item.pos())


def _area(r: QRectF) -> float:
    return max(0.0, r.width()) * max(0.0, r.height())


def _covered_share(item: UnitItem, ppi: float) -> float:
    """How much of the unit's base box its own drawn name (and note) covers."""
    base = _base(item)
    return _area(base.intersected(item.name_box(ppi))) / _area(base)


# -- 1. a small unit's name stands beside its base, not on it ---------------------------


@pytest.mark.parametrize("path", list(SMALL), ids=lambda p: p.stem)
def test_a_name_wider_than_its_small_base_is_drawn_beside_it_in_the_window(qtbot, path):
    window = open_window(qtbot, load_game(str(path)))
    ppi = window.view.pixels_per_inch()
    for uid in SMALL[path]:
        item = window.scene.piece_item(uid)
        name = item.name_box(ppi)
        assert not name.isEmpty()
        assert name.width() > _base(item).width(), f"{uid}: the name is wider than the base"
        assert not name.intersects(_base(item)), f"{item.unit.name}'s name covers its base"
    for item in window.scene.pieces.values():
        if isinstance(item, UnitItem) and item.isVisible():
            share = _covered_share(item, ppi)
            assert share <= 0.5, f"{item.unit.name}: its name covers {share:.0%} of the base"


@pytest.mark.parametrize("path", list(SMALL), ids=lambda p: p.stem)
def test_a_small_units_name_is_beside_its_base_in_the_streamer_at_1080p(qtbot, path):
    window = open_window(qtbot, load_game(str(path)))
    streamer = window.open_streamer()
    qtbot.addWidget(streamer)
    streamer.resize(1920, 1080)
    qtbot.waitExposed(streamer)
    QApplication.processEvents()
    ppi = streamer.view.pixels_per_inch()
    for uid in SMALL[path]:
        item = streamer.scene.piece_item(uid)
        assert not item.name_box(ppi).intersects(_base(item)), item.unit.name


# -- 4. the measure's reading is never under the rotate handle ---------------------------


def _press_drag_release(qtbot, window, a, b) -> None:
    from PySide6.QtCore import Qt

    from .helpers import at

    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=at(window, *a))
    qtbot.mouseMove(vp, at(window, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    qtbot.mouseMove(vp, at(window, *b))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=at(window, *b))


def test_measuring_from_the_selected_unit_hides_its_rotate_handle_and_the_reading_is_on_top(
    qtbot,
):
    """The Guild Capo (40 mm round, at 8, 5) selected: its rotate knob shows. Press M
    and measure from it to the Golden Mask (8, 14): the knob is gone while measuring
    and the reading is the topmost thing where it is drawn."""
    from PySide6.QtCore import Qt

    window = open_window(qtbot, load_game(str(CARNEVALE)))
    view = window.view
    capo = window.scene.piece_item("g-capo")
    capo.setSelected(True)
    assert view.handle.isVisible()
    qtbot.keyClick(view, Qt.Key.Key_M)
    assert view.tool.value == "measure"
    assert not view.handle.isVisible(), "no rotate knob in measure mode"
    _press_drag_release(qtbot, window, (8, 5), (8, 14))
    item = view.measure_item
    assert item.isVisible() and view.measurement is not None
    assert not view.handle.isVisible()
    assert item.zValue() > view.handle.zValue()
    box = item.label_box()
    top = window.scene.items(box.center())[0]
    assert top is item, f"the reading is covered by {top}"


# -- 8. one Escape leaves the measure tool; a click then measures nothing ----------------


def test_one_escape_in_measure_mode_leaves_it_and_the_next_click_draws_no_zero_line(qtbot):
    from PySide6.QtCore import Qt

    from .helpers import at

    window = open_window(qtbot, load_game(str(DEMO)))
    view = window.view
    qtbot.keyClick(view, Qt.Key.Key_M)
    _press_drag_release(qtbot, window, (10, 30), (20, 30))
    assert view.measurement is not None and view.measure_item.isVisible()
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert view.tool.value == "select"
    assert window.tool_actions["select"].isChecked()
    assert view.measurement is None and not view.measure_item.isVisible()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(window, 12, 32))
    assert view.measurement is None and not view.measure_item.isVisible()
    assert "0.00 in" not in window.statusBar().currentMessage()


def test_a_click_without_a_drag_in_measure_mode_draws_no_zero_line(qtbot):
    from PySide6.QtCore import Qt

    from .helpers import at

    window = open_window(qtbot, load_game(str(DEMO)))
    view = window.view
    qtbot.keyClick(view, Qt.Key.Key_M)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(window, 12, 32))
    assert view.tool.value == "measure"
    assert view.measurement is None and not view.measure_item.isVisible()


# -- 8. the King of the Hill pick badge reads at the fitted zoom and says what it is ------


def test_the_pick_badge_is_at_least_14_px_across_and_its_tooltip_names_the_pick(qtbot):
    """Encircle / King of the Hill: Equitaine picked Temple Hill. Its ⚑ badge was
    7 px wide at the fitted zoom (a dot) with no tooltip."""
    from tabletop_gui.app.items import BadgeTip, badge_rect
    from tabletop_gui.rules.scoreboard import Role

    window = open_window(qtbot, load_game(str(KING)))
    ppi = window.view.pixels_per_inch()
    picked = [
        it for it in window.scene.pieces.values() if any(m.role is Role.SELECTED for m in it.marks)
    ]
    assert picked, "the picks carry a badge"
    for item in picked:
        box = badge_rect(item.marks, item.badge_anchor(), item.ts, ppi)
        assert box.height() * ppi >= 14, f"{box.height() * ppi:.1f} px"
        centre = item.mapToScene(item.badge_anchor())
        tips = [it for it in window.scene.items(centre) if it.toolTip()]
        assert isinstance(tips[0], BadgeTip), "hovering the badge shows the badge's tooltip"
        assert "⚑" in tips[0].toolTip() and "pick" in tips[0].toolTip()


# -- 7. spectators watch the stream: face-down values hidden unless a referee says so ---


def test_a_new_streamer_hides_face_down_values_until_the_referee_switches_them_on(qtbot, tmp_path):
    """Drowned Quarter: the Sunken Relic (2 VP) is face down. A first streamer (fresh
    settings) shows '?' and 'hidden', in the window and in the stream PNG; the
    explicit switch (H) shows the value."""
    from PySide6.QtCore import Qt

    window = open_window(qtbot, load_game(str(CARNEVALE)))
    streamer = window.open_streamer()
    qtbot.addWidget(streamer)
    qtbot.waitExposed(streamer)
    assert not streamer_module.stream_settings().show_hidden
    assert "players' view" in streamer.windowTitle()
    assert streamer.scene.piece_item("obj-relic").text == "?"
    relic = next(s for s in streamer.bar.info.standings if s.name == "Sunken Relic")
    assert "2 VP" not in relic.text and "hidden" in relic.text
    out = window.start_stream_output(str(tmp_path / "s.png"))
    assert out.scene.public and out.scene.piece_item("obj-relic").text == "?"
    window.stop_stream_output()
    qtbot.keyClick(streamer, Qt.Key.Key_H)
    assert streamer.scene.piece_item("obj-relic").text == "2?"
    assert "referee's view" in streamer.windowTitle()


def test_f10_in_the_streamer_window_closes_it(qtbot):
    """F10 pressed while the streamer window has the keyboard (its own window
    active): the key event reaches the window, which closes."""
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent

    window = open_window(qtbot, load_game(str(DEMO)))
    streamer = window.open_streamer()
    qtbot.addWidget(streamer)
    qtbot.waitExposed(streamer)
    streamer.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is streamer, timeout=1000)
    press = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_F10, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(streamer.view, press)
    assert not streamer.isVisible()


# -- 2. a small stream picture keeps the board large and names off other units -----------


@pytest.mark.parametrize("size", [(640, 360), (960, 540)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_small_stream_picture_keeps_the_board_large_and_no_name_on_another_unit(
    qtbot, tmp_path, size
):
    """Frontline Clash / Secure Target at 640 x 360 drew the board 230 px wide in a
    640 x 290 area (labels grew in inches and the shown area grew with them)."""
    from tabletop_gui.app.streamer import StreamOutput, bar_height, bar_info, shown_rect

    window = open_window(qtbot, load_game(str(SECURE)))
    out = StreamOutput(window.doc, tmp_path / "s.png", size=size)
    w, h = size
    board = out.scene.board_rect()
    ppi = out.board_rect.width() / shown_rect(out.scene).width()
    info = bar_info(window.doc, window.doc.scoreboard(), out.scene.colours)
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

"""The measure tool as a mode: the rotate handle hidden while measuring from a
selected unit, Escape leaving the tool, a click without a drag drawing nothing."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from tabletop_gui.app.canvas.items import UnitItem
from tabletop_gui.app.stream import audience
from tabletop_gui.examples import SCENARIOS
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
    audience.forget_settings()
    yield
    audience.forget_settings()


def _base(item: UnitItem) -> QRectF:
    return item.path.boundingRect().translated(item.pos())


def _area(r: QRectF) -> float:
    return max(0.0, r.width()) * max(0.0, r.height())


def _covered_share(item: UnitItem, ppi: float) -> float:
    """How much of the unit's base box its own drawn name (and note) covers."""
    base = _base(item)
    return _area(base.intersected(item.name_box(ppi))) / _area(base)


# -- 1. a small unit's name stands beside its base, not on it ---------------------------


# -- 4. the measure's reading is never under the rotate handle ---------------------------


def _press_drag_release(qtbot, window, a, b) -> None:
    from PySide6.QtCore import Qt

    from .helpers import at

    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=at(window, *a))
    qtbot.mouseMove(vp, at(window, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    qtbot.mouseMove(vp, at(window, *b))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=at(window, *b))


# -- 8. one Escape leaves the measure tool; a click then measures nothing ----------------


# -- 8. the King of the Hill pick badge reads at the fitted zoom and says what it is ------


# -- 7. spectators watch the stream: face-down values hidden unless a referee says so ---


# -- 2. a small stream picture keeps the board large and names off other units -----------


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


def test_the_first_escape_clears_the_line_the_second_leaves_and_a_click_draws_no_zero_line(
    qtbot,
):
    from PySide6.QtCore import Qt

    from .helpers import at

    window = open_window(qtbot, load_game(str(DEMO)))
    view = window.view
    qtbot.keyClick(view, Qt.Key.Key_M)
    _press_drag_release(qtbot, window, (10, 30), (20, 30))
    assert view.measurement is not None and view.measure_item.isVisible()
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert view.tool.value == "measure"  # a drag now still measures, never moves
    assert view.measurement is None and not view.measure_item.isVisible()
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

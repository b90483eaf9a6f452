"""The measure tool as a mode: the rotate handle hidden while measuring from a
selected unit, Escape leaving the tool, a click without a drag drawing nothing."""

from __future__ import annotations

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game

from .helpers import open_window

DEMO = SCENARIOS / "t9a_frontline_clash_demo.json"
CARNEVALE = SCENARIOS / "carnevale_drowned_quarter.json"


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
    assert window.tools.tool_actions["select"].isChecked()
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

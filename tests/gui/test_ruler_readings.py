"""Where the rulers are drawn: an unpinned line belongs to the measure tool and
goes when the tool is left; a pinned ruler's reading sits beside its own line,
clear of the pieces.

The demo board after its log: Knights of the Realm at (33, 22), Peasant Levy at
(41, 19.2), Orc Boyz at (36, 30.5), Wolf Riders at (52, 34), the Duke at (36, 4)."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas.annotation_items import PinnedRulerItem
from tabletop_gui.app.canvas.items import UnitItem
from tabletop_gui.app.canvas.view import Tool
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model.annotations import Annotations, Ruler

from .helpers import at, open_window

DEMO = SCENARIOS / "t9a_frontline_clash_demo.json"
KNIGHTS, BOYZ = (33.0, 22.0), (36.0, 30.5)


@pytest.fixture
def demo_window(qtbot):
    return open_window(qtbot, load_game(DEMO))


def measure(qtbot, window, a, b) -> None:
    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=at(window, *a))
    qtbot.mouseMove(vp, at(window, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=at(window, *b))


def test_going_back_to_select_takes_the_unpinned_line_away(qtbot, demo_window):
    view = demo_window.view
    qtbot.keyClick(view, Qt.Key.Key_M)
    assert view.tool is Tool.MEASURE
    measure(qtbot, demo_window, KNIGHTS, BOYZ)
    assert view.measure_item.isVisible()
    assert demo_window.tools.measure_label.text()
    qtbot.keyClick(view, Qt.Key.Key_V)  # Tools ▸ Select / move
    assert view.tool is Tool.SELECT
    assert not view.measure_item.isVisible()
    assert view.measure_ends is None
    assert demo_window.tools.measure_label.text() == ""
    # Nothing is left to pin or to report on from the tool that was left.
    assert view.pin_measurement() is None
    assert demo_window.referee.report_subject() is None


def test_a_pinned_line_stays_when_the_tool_is_left(qtbot, demo_window):
    view = demo_window.view
    view.set_tool(Tool.MEASURE)
    measure(qtbot, demo_window, KNIGHTS, BOYZ)
    qtbot.keyClick(view, Qt.Key.Key_P)  # pin it
    view.set_tool(Tool.SELECT)
    rulers = [it for it in demo_window.scene.items() if isinstance(it, PinnedRulerItem)]
    assert [r.ruler.id for r in rulers] == ["ruler-1"] and rulers[0].isVisible()


def footprints(window) -> dict[str, QRectF]:
    return {
        it.unit.name: it.path.boundingRect().translated(it.pos())
        for it in window.scene.pieces.values()
        if isinstance(it, UnitItem) and it.isVisible()
    }


def gap_to_segment(box: QRectF, a: QPointF, b: QPointF) -> float:
    """How far the box is from the segment a-b (0 when they touch or cross)."""
    best = math.inf
    for i in range(41):
        p = a + (b - a) * (i / 40)
        dx = max(box.left() - p.x(), 0.0, p.x() - box.right())
        dy = max(box.top() - p.y(), 0.0, p.y() - box.bottom())
        best = min(best, math.hypot(dx, dy))
    return best


@pytest.mark.parametrize(
    "ends",
    [("a-knights", "b-boyz"), ("a-peasants", "b-wolves"), ("a-duke", "a-peasants")],
    ids=["knights-boyz", "levy-wolves", "duke-levy"],
)
def test_a_pinned_rulers_reading_sits_beside_its_line_and_on_no_unit(qtbot, demo_window, ends):
    """The three rulers a referee pinned on the demo: the Knights to Orc Boyz
    reading was drawn on top of Orc Boyz, 3 in from its short line."""
    scene = demo_window.doc.state.scene
    rulers = []
    for i, (p, q) in enumerate(
        [("a-knights", "b-boyz"), ("a-peasants", "b-wolves"), ("a-duke", "a-peasants")]
    ):
        a, b = scene.units[p], scene.units[q]
        rulers.append(Ruler(f"r{i + 1}", (a.x, a.y), (b.x, b.y), p, q))
    demo_window.doc.set_annotations(Annotations(tuple(rulers), ()), "Pin")
    QApplication.processEvents()
    items = {
        (it.ruler.start_piece, it.ruler.end_piece): it
        for it in demo_window.scene.items()
        if isinstance(it, PinnedRulerItem)
    }
    item = items[ends]
    box = item.label_box()
    # Beside its own line: within a line height of it (not beside a unit far off).
    assert gap_to_segment(box, item.a, item.b) <= item.GAP * 2 + 1e-6
    covered = [name for name, fp in footprints(demo_window).items() if fp.intersects(box)]
    assert covered == []


def test_a_pinned_reading_follows_the_zoom_it_is_seen_at_once_the_zoom_rests(qtbot):
    """A game opened with pinned rulers draws them before its board is fitted;
    zoomed in, each reading takes the size of the zoom it is now seen at (not
    the twice-the-board size a reading gets at 1 pixel an inch)
    (docs/canvas.md, Measuring)."""
    path = "tests/gui/games/wolves_levy_dispute.json"
    window = open_window(qtbot, load_game(path), path)
    view = window.view

    def pinned() -> list[PinnedRulerItem]:
        return [i for i in window.scene.annotation_items if isinstance(i, PinnedRulerItem)]

    assert len(pinned()) == 2
    view.zoom(4.0)
    ppi = view.pixels_per_inch()
    qtbot.waitUntil(lambda: all(r.ppi == pytest.approx(ppi) for r in pinned()), timeout=2000)
    for reading in pinned():
        small = reading.LABEL_IN * window.scene.text_scale  # the board's size, readable here
        assert reading.size_in == pytest.approx(max(small, reading.READABLE_PX / ppi))

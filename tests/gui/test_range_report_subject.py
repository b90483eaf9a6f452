"""The disputed-range report is about the ruler the referee means (the selected
one, else the only pinned one, else the one asked for, never a stray line
measured earlier), and its picture has a scale bar and no label cut by its
frame.

The demo board after its log: Knights of the Realm at (33, 22), Orc Boyz at
(36, 30.5), the Duke at (36, 4)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QInputDialog

from tabletop_gui.app.canvas.view import Tool
from tabletop_gui.app.export import range_report
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model.annotations import Annotations, Ruler

from .helpers import at, open_window

DEMO = SCENARIOS / "t9a_frontline_clash_demo.json"


@pytest.fixture
def window(qtbot):
    return open_window(qtbot, load_game(DEMO))


def pin(window, *pairs: tuple[str, str]) -> list[Ruler]:
    scene = window.doc.state.scene
    rulers = []
    for i, (p, q) in enumerate(pairs):
        a, b = scene.units[p], scene.units[q]
        rulers.append(Ruler(f"ruler-{i + 1}", (a.x, a.y), (b.x, b.y), p, q))
    window.doc.set_annotations(Annotations(tuple(rulers), ()), "Pin")
    QApplication.processEvents()
    return rulers


def measure_duke_to_a_point(qtbot, window) -> None:
    """The unpinned drag a referee made before: the Duke to a point 8.5 in off."""
    window.view.set_tool(Tool.MEASURE)
    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=at(window, 36.0, 4.0))
    qtbot.mouseMove(vp, at(window, 36.0, 9.0))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=at(window, 36.0, 13.5))
    assert window.view.measure_ends is not None


def test_with_nothing_selected_the_report_is_about_the_only_pinned_ruler_not_a_later_drag(
    qtbot, window, monkeypatch
):
    (ruler,) = pin(window, ("a-knights", "b-boyz"))
    measure_duke_to_a_point(qtbot, window)
    asked: list[list[str]] = []

    def get_item(parent, title, label, items, current=0, editable=False):
        asked.append(list(items))
        return items[0], True

    monkeypatch.setattr(QInputDialog, "getItem", get_item)
    subject = window.referee.report_subject()
    # Two candidates (the pinned ruler and the line being measured): asked, the
    # pinned ruler first.
    assert asked and asked[0][0].startswith("ruler-1: Knights of the Realm")
    assert subject is not None and subject.ruler == ruler


def test_the_only_pinned_ruler_is_taken_without_asking(qtbot, window, monkeypatch):
    (ruler,) = pin(window, ("a-knights", "b-boyz"))
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: pytest.fail("asked"))
    subject = window.referee.report_subject()
    assert subject is not None and subject.ruler == ruler


def test_with_two_pinned_rulers_the_report_asks_which_and_a_cancel_writes_nothing(
    qtbot, window, monkeypatch
):
    _first, second = pin(window, ("a-knights", "b-boyz"), ("a-duke", "a-peasants"))
    answers = iter([("", False)])
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: next(answers))
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName", lambda *a, **k: pytest.fail("saved")
    )
    window.referee.range_report_dialog()  # cancelled: no file asked for

    def pick_second(parent, title, label, items, current=0, editable=False):
        assert len(items) == 2 and items[1].startswith("ruler-2: Duke to Peasant Levy")
        return items[1], True

    monkeypatch.setattr(QInputDialog, "getItem", pick_second)
    subject = window.referee.report_subject()
    assert subject is not None and subject.ruler == second


def test_a_selected_ruler_is_the_subject_whatever_else_is_pinned(qtbot, window):
    _first, second = pin(window, ("a-knights", "b-boyz"), ("a-duke", "a-peasants"))
    window.doc.set_selection([], ["ruler-2"])
    subject = window.referee.report_subject()
    assert subject is not None and subject.ruler == second


@pytest.fixture
def painted(monkeypatch):
    """The scene and the region (board inches) each report paints."""
    calls = []
    real = range_report.Layout.paint

    def spy(self, painter, scene, region):
        real(self, painter, scene, region)
        calls.append((self, range_report.label_boxes(scene), QRectF(region)))

    monkeypatch.setattr(range_report.Layout, "paint", spy)
    return calls


def dark_run(image: QImage, y: int, x0: int, x1: int) -> int:
    """The longest run of near-black pixels on row ``y`` between x0 and x1."""
    best = run = 0
    for x in range(x0, x1):
        c = QColor(image.pixel(x, y))
        run = run + 1 if c.red() < 60 and c.green() < 60 and c.blue() < 60 else 0
        best = max(best, run)
    return best


def test_the_report_shows_every_label_whole_and_a_scale_bar_of_its_scale(
    qtbot, window, painted, tmp_path
):
    (ruler,) = pin(window, ("a-knights", "b-boyz"))
    out = tmp_path / "report.png"
    window.referee.write_report(str(out), range_report.Subject(ruler=ruler))
    (layout, boxes, region), *_ = painted
    cut = [b for b in boxes if b.intersects(region) and not region.contains(b)]
    assert cut == []
    # The bar: a round number of inches, drawn at the picture's own scale.
    ppi = layout.board.width() / region.width()
    assert layout.scale_inches in (0.5, 1, 2, 3, 6, 12, 24)
    image = QImage(str(out))
    k = layout.unit / 12
    y = round(layout.board.bottom() - 40 * k + 26 * k)
    x0 = round(layout.board.left())
    longest = max(
        dark_run(image, y + dy, x0, x0 + int(layout.board.width() / 2)) for dy in (-1, 0, 1)
    )
    assert longest == pytest.approx(layout.scale_inches * ppi, abs=4)

"""The window's legend shows every entry whole: columns as wide as their texts,
measured in the font the legend draws with."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas.legend import TEXT_FLAGS
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game

from .helpers import open_window


def shown(widget) -> QRectF:
    """The part of ``widget`` its parents leave visible, widget coordinates."""
    return QRectF(widget.visibleRegion().boundingRect())


def test_every_legend_entry_fits_on_one_line_in_the_window_at_its_default_size(qtbot):
    path = str(SCENARIOS / "carnevale_drowned_quarter.json")  # the longest side names
    window = open_window(qtbot, load_game(path), path)
    window.resize(1600, 950)  # MainWindow's own default size
    QApplication.processEvents()
    legend = window.legend
    texts = [text for _, text, _ in legend.entries]
    assert "placement rule broken (!)" in texts
    fm = QFontMetricsF(legend.font())
    visible = shown(legend)
    boxes = legend.text_boxes()
    for text, box in zip(texts, boxes, strict=True):
        assert fm.horizontalAdvance(text) <= box.width(), text
        assert visible.contains(box), f"{text!r} at {box} outside the shown {visible}"
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not a.intersects(b)


def test_a_narrow_legend_wraps_its_texts_and_grows_to_hold_them(qtbot):
    path = str(SCENARIOS / "carnevale_drowned_quarter.json")
    window = open_window(qtbot, load_game(path), path)
    legend = window.legend
    legend.setParent(None)
    qtbot.addWidget(legend)
    legend.resize(150, 40)
    legend.show()
    QApplication.processEvents()
    fm = QFontMetricsF(legend.font())
    boxes = legend.text_boxes()
    wrapped = 0
    for (_, text, _), box in zip(legend.entries, boxes, strict=True):
        need = fm.boundingRect(box, int(TEXT_FLAGS), text)
        wrapped += fm.horizontalAdvance(text) > box.width()
        assert need.width() <= box.width() + 0.5, text
        assert need.top() >= box.top() - 0.5 and need.bottom() <= box.bottom() + 0.5, text
        assert need.bottom() <= legend.height(), text
    assert wrapped, "150 px is too narrow for the longest texts on one line"

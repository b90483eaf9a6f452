"""Marker sheets at true scale (docs/camera.md): the corner markers and unit
tags of the marker convention, each labelled with its id and size, and a scale
check on every page. One painter for the PDF (``tabletop-gui markers``) and the
printer (Help ▸ Print markers)."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)

from tabletop_gui.app.headless import ensure_app
from tabletop_gui.camera.markers import (
    BLACK_CELLS,
    CORNER_IDS,
    LINE_MM,
    MARGIN_MM,
    MM_PER_IN,
    PAPERS_MM,
    PRINTED_CELLS,
    Placed,
    grid_sheet,
    pattern,
    sheets,
)
from tabletop_gui.io.atomic import write_atomic

PDF_DPI = 1200
CORNER_WORDS = {0: "(0, 0)", 1: "(W, 0)", 2: "(W, H)", 3: "(0, H)"}


def marker_list(
    corners: bool, tags: list[int], size: float | None, corner_size: float = 2.0,
    tag_size: float = 1.0,
) -> list[tuple[int, float]]:  # fmt: skip
    """(id, size) of every marker to print."""
    out = [(i, size or corner_size) for i in CORNER_IDS] if corners else []
    return out + [(t, size or tag_size) for t in tags]


def paint_sheets(
    device: QPagedPaintDevice,
    pages: list[list[Placed]],
    paper: str,
    names: Mapping[int, str] | None = None,
) -> None:
    """Paint ``pages`` on ``device`` (its page the paper's size, no margins);
    ``names``: the unit each tag is for, printed under it (lay the pages out
    with ``sheets(..., label_lines=2)``)."""
    painter = QPainter(device)
    try:
        for n, page in enumerate(pages):
            if n:
                device.newPage()
            _paint_page(painter, device, page, paper, n + 1, len(pages), names or {})
    finally:
        painter.end()


def _paint_page(painter: QPainter, device: QPagedPaintDevice, page: list[Placed], paper: str,
                number: int, count: int,
                names: Mapping[int, str] | None = None) -> None:  # fmt: skip
    names = names or {}
    px_per_mm = device.logicalDpiX() / MM_PER_IN
    painter.save()
    painter.scale(px_per_mm, px_per_mm)  # millimetres from here
    font = QFont("Sans Serif")
    font.setPointSizeF(7)
    for m in page:
        side = m.size_in * MM_PER_IN
        cell = side / BLACK_CELLS
        cells = pattern(m.tag_id)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("black"))
        for r in range(1, PRINTED_CELLS - 1):
            c = 1
            while c < PRINTED_CELLS - 1:
                if cells[r, c]:
                    c += 1
                    continue
                start = c
                while c < PRINTED_CELLS - 1 and not cells[r, c]:
                    c += 1
                painter.drawRect(QRectF(m.x_mm + (start - 1) * cell, m.y_mm + (r - 1) * cell,
                                        (c - start) * cell, cell))  # fmt: skip
        # A hairline at the quiet zone's edge: where to cut.
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(170, 170, 170), 0.1, Qt.PenStyle.DashLine))
        painter.drawRect(QRectF(m.x_mm - cell, m.y_mm - cell, side + 2 * cell, side + 2 * cell))
        painter.setPen(QColor("black"))
        painter.setFont(_mm_font(font))
        what = (f"corner {m.tag_id} at {CORNER_WORDS[m.tag_id]}" if m.tag_id in CORNER_IDS
                else f"tag {m.tag_id}")  # fmt: skip
        width = max(side + 2 * cell, 40)
        painter.drawText(QRectF(m.x_mm - cell, m.y_mm + side + cell, width, 5),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                         f"{what} · {m.size_in:g} in · top ↑")  # fmt: skip
        name = names.get(m.tag_id)
        if name:  # which unit to stick it on
            shown = painter.fontMetrics().elidedText(name, Qt.TextElideMode.ElideRight, int(width))
            below = QRectF(m.x_mm - cell, m.y_mm + side + cell + LINE_MM, width, 5)
            painter.drawText(below, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, shown)
    _paint_footer(painter, paper, number, count, font)
    painter.restore()


def _mm_font(font: QFont) -> QFont:
    """``font`` 3 mm tall under the painter's millimetre scale (a point size
    would be scaled by the device's dpi a second time)."""
    f = QFont(font)
    f.setPixelSize(3)
    return f


def _paint_footer(painter: QPainter, paper: str, number: int, count: int, font: QFont) -> None:
    page_w, page_h = PAPERS_MM[paper]
    y = page_h - MARGIN_MM + 1
    painter.setPen(QPen(QColor("black"), 0.3))
    painter.drawLine(QPointF(MARGIN_MM, y), QPointF(MARGIN_MM + 100, y))
    for x in (MARGIN_MM, MARGIN_MM + 100):
        painter.drawLine(QPointF(x, y - 1.5), QPointF(x, y + 1.5))
    painter.setFont(_mm_font(font))
    painter.drawText(QRectF(MARGIN_MM, y + 1.5, page_w - 2 * MARGIN_MM, 5),
                     Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                     "this line is 100 mm: print at 100 % (no 'fit to page') · AprilTag "
                     f"36h11, marker convention 1 (docs/camera.md) · page {number} of {count}",
                     )  # fmt: skip


def write_marker_pdf(path: str, markers: list[tuple[int, float]], paper: str = "a4",
                     calibration: bool = False,
                     names: Mapping[int, str] | None = None) -> int:  # fmt: skip
    """The marker sheets as a PDF at true scale (``calibration``: the lens
    calibration grid's page first; ``names``: the unit each tag is for, printed
    under it); returns the number of pages."""
    pages = sheets(markers, paper, 2 if names else 1) if markers else []
    if calibration:
        from tabletop_gui.camera.lens_calibration import GRID

        grid = grid_sheet(GRID.cols, GRID.rows, GRID.size, GRID.pitch, GRID.first, paper)
        pages = [grid, *pages]
    ensure_app()
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buf)
    writer.setResolution(PDF_DPI)
    writer.setTitle("tabletop_gui markers")
    writer.setCreator("tabletop_gui")
    w, h = PAPERS_MM[paper]
    size = QPageSize(QSizeF(w, h), QPageSize.Unit.Millimeter, paper,
                     QPageSize.SizeMatchPolicy.FuzzyMatch)  # fmt: skip
    writer.setPageLayout(QPageLayout(size, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0)))
    paint_sheets(writer, pages, paper, names)
    del writer
    buf.close()
    write_atomic(path, data.data())
    return len(pages)

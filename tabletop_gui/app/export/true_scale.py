"""The board at true scale, 1 in on the board = 1 in on paper: a PDF of one
page the board's size, or the board tiled over sheets of a paper size (with
overlap, crop marks and each sheet's name), and printing the same way."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)

from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.export.page import board_scene
from tabletop_gui.io.atomic import write_atomic
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.state import GameState

if TYPE_CHECKING:  # QtPrintSupport is loaded when something is printed
    from PySide6.QtPrintSupport import QPrinter

#: Paper sizes for tiled PDFs, inches (portrait width, height).
PAPERS = {
    "a4": (210 / 25.4, 297 / 25.4),
    "a3": (297 / 25.4, 420 / 25.4),
    "letter": (8.5, 11.0),
    "tabloid": (11.0, 17.0),
}
#: Unprintable border kept on each tiled page, inches (most printers need ~0.25).
PAGE_MARGIN_IN = 0.4
#: Inches each tile shares with its neighbour, so sheets can be overlapped and glued.
DEFAULT_OVERLAP_IN = 0.5
#: Edge of a tiled PDF's sheet kept clear of the sheet's label, inches.
PDF_PRINTABLE_IN = 0.05
#: Room a sheet's label needs between what a printer cannot print and the board, inches.
LABEL_BAND_IN = 0.21
#: Device resolution of PDF pages (cosmetic 1 px lines are 1/96 in thick).
PDF_DPI = 96


@dataclass(frozen=True)
class Tile:
    """One page of a tiled board: the board rectangle it shows (scene inches, y
    down from side B's edge) and where that lands on the page (inches)."""

    row: int
    col: int
    rows: int
    cols: int
    source: QRectF  # board inches shown on this page
    at: QPointF  # page inches of the source's top-left corner
    #: The whole board's depth: board y runs up from side A's edge (the file's,
    #: the Inspector's, ``measure``'s y), the source's down from side B's.
    board_h: float = 0.0

    @property
    def board_y(self) -> tuple[float, float]:
        """The board y this page shows, lowest first (inches from side A's edge)."""
        return self.board_h - self.source.bottom(), self.board_h - self.source.top()

    @property
    def name(self) -> str:
        return f"{chr(ord('A') + self.row)}{self.col + 1}"


def _count(length: float, usable: float, overlap: float) -> int:
    if length <= usable + 1e-9:
        return 1
    return math.ceil((length - overlap) / (usable - overlap) - 1e-9)


def tile_layout(
    board_w: float,
    board_h: float,
    page_w: float,
    page_h: float,
    margin: float = PAGE_MARGIN_IN,
    overlap: float = DEFAULT_OVERLAP_IN,
) -> list[Tile]:
    """Tiles covering a ``board_w`` x ``board_h`` in board at true scale on pages of
    ``page_w`` x ``page_h`` in with ``margin`` unprintable; neighbours share
    ``overlap`` in. The board's top-left is tile A1."""
    uw, uh = page_w - 2 * margin, page_h - 2 * margin
    if uw <= overlap or uh <= overlap:
        raise ValueError(
            f"paper {page_w:.2f} x {page_h:.2f} in leaves no room for tiles "
            f"(margin {margin} in, overlap {overlap} in)"
        )
    cols, rows = _count(board_w, uw, overlap), _count(board_h, uh, overlap)
    tiles = []
    for r in range(rows):
        for c in range(cols):
            x0 = min(c * (uw - overlap), max(board_w - uw, 0.0))
            y0 = min(r * (uh - overlap), max(board_h - uh, 0.0))
            w, h = min(uw, board_w - x0), min(uh, board_h - y0)
            tiles.append(
                Tile(r, c, rows, cols, QRectF(x0, y0, w, h), QPointF(margin, margin), board_h)
            )
    return tiles


def paper_size(paper: str, board_w: float, board_h: float) -> tuple[float, float]:
    """Page size in inches: the board itself, or the paper turned the way that
    needs fewer pages."""
    if paper == "board":
        return board_w, board_h
    if paper not in PAPERS:
        raise ValueError(f"paper: {paper!r} is not one of board, {', '.join(PAPERS)}")
    pw, ph = PAPERS[paper]
    portrait = len(tile_layout(board_w, board_h, pw, ph))
    landscape = len(tile_layout(board_w, board_h, ph, pw))
    return (ph, pw) if landscape < portrait else (pw, ph)


def _paint_board_region(
    painter: QPainter, scene: BoardScene, source: QRectF, at: QPointF, dpi: float
) -> None:
    """Draw board inches ``source`` at true scale with its top-left at page inches ``at``."""
    target = QRectF(at.x() * dpi, at.y() * dpi, source.width() * dpi, source.height() * dpi)
    painter.save()
    painter.setClipRect(target)
    scene.render(painter, target, source, Qt.AspectRatioMode.IgnoreAspectRatio)
    painter.restore()


def _fitted(painter: QPainter, text: str, width: float, height: float, px: int) -> str:
    """Set on ``painter`` the largest font of at most ``px`` pixels (not under 6)
    whose one line of ``text`` fits ``width`` x ``height`` pixels; ``text``, cut
    with an ellipsis when even the smallest is too wide."""
    font = QFont("DejaVu Sans")
    size = px
    while True:
        font.setPixelSize(size)
        metrics = QFontMetricsF(font, painter.device())
        fits = metrics.horizontalAdvance(text) <= width and metrics.height() <= height
        if fits or size <= 6:
            break
        size -= 1
    painter.setFont(font)
    return text if fits else metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)


def tile_label(tile: Tile, overlap: float, title: str) -> tuple[str, str]:
    """What a sheet says above its board (its name, place and the board inches it
    shows, x and y as the file and the Inspector give them: y up from side A's
    edge) and below it (the game, true scale, the overlap)."""
    src = tile.source
    y0, y1 = tile.board_y
    top = (
        f"Sheet {tile.name} (row {tile.row + 1}/{tile.rows}, column {tile.col + 1}/{tile.cols})"
        f" · board x {src.left():.1f}-{src.right():.1f} in, y {y0:.1f}-{y1:.1f} in"
    )
    return top, f"{title} · true scale · red dashes: {overlap:g} in overlap"


def _paint_tile_marks(
    painter: QPainter,
    tile: Tile,
    overlap: float,
    dpi: float,
    title: str,
    page: QSizeF,
    printable: QMarginsF,
) -> None:
    """Crop marks at the printed area's corners, dashed lines where the
    neighbouring sheets' edges go (the overlap), and the tile's label: above the
    board and below it, inside ``printable`` (inches of the ``page`` a printer
    cannot print on)."""
    src, at = tile.source, tile.at
    x0, y0 = at.x() * dpi, at.y() * dpi
    x1, y1 = x0 + src.width() * dpi, y0 + src.height() * dpi
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    mark = QPen(QColor("black"), 0.01 * dpi)
    painter.setPen(mark)
    m = 0.25 * dpi
    for cx, cy in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
        dx = -1 if cx == x0 else 1
        dy = -1 if cy == y0 else 1
        painter.drawLine(QPointF(cx + dx * 0.05 * dpi, cy), QPointF(cx + dx * m, cy))
        painter.drawLine(QPointF(cx, cy + dy * 0.05 * dpi), QPointF(cx, cy + dy * m))
    dash = QPen(QColor(200, 0, 0), 0.015 * dpi, Qt.PenStyle.DashLine)
    painter.setPen(dash)
    o = overlap * dpi
    if tile.col + 1 < tile.cols:  # the next sheet to the right starts here
        painter.drawLine(QPointF(x1 - o, y0), QPointF(x1 - o, y1))
    if tile.col > 0:
        painter.drawLine(QPointF(x0 + o, y0), QPointF(x0 + o, y1))
    if tile.row + 1 < tile.rows:
        painter.drawLine(QPointF(x0, y1 - o), QPointF(x1, y1 - o))
    if tile.row > 0:
        painter.drawLine(QPointF(x0, y0 + o), QPointF(x1, y0 + o))
    painter.setPen(QColor("#222222"))
    # Between the crop marks (0.06 in clear of them), inside what prints.
    left = max(x0 + 0.06 * dpi, printable.left() * dpi)
    right = min(x1 - 0.06 * dpi, (page.width() - printable.right()) * dpi)
    gap = 0.05 * dpi
    above = QRectF(left, printable.top() * dpi, right - left, y0 - gap - printable.top() * dpi)
    below_bottom = (page.height() - printable.bottom()) * dpi
    below = QRectF(left, y1 + gap, right - left, below_bottom - y1 - gap)
    px = max(6, round(0.14 * dpi))
    for text, box, align in zip(
        tile_label(tile, overlap, title),
        (above, below),
        (Qt.AlignmentFlag.AlignBottom, Qt.AlignmentFlag.AlignTop),
        strict=True,
    ):
        if box.height() <= 0 or box.width() <= 0:
            continue
        shown = _fitted(painter, text, box.width(), box.height(), px)
        painter.drawText(box, align | Qt.AlignmentFlag.AlignLeft, shown)
    painter.restore()


def paint_true_scale(
    device: QPagedPaintDevice,
    scene: BoardScene,
    page_w: float,
    page_h: float,
    *,
    overlap: float = DEFAULT_OVERLAP_IN,
    margin: float = PAGE_MARGIN_IN,
    title: str = "",
    dpi: float = PDF_DPI,
    printable: QMarginsF | None = None,
) -> list[Tile]:
    """Paint the board at true scale on ``device`` (a QPdfWriter or QPrinter whose
    page is ``page_w`` x ``page_h`` in): one page exactly the board's size when the
    page is the board, else tiles, each sheet's label inside ``printable`` (the
    inches at each edge that do not print; default :data:`PDF_PRINTABLE_IN`).
    Returns the tiles painted."""
    if printable is None:
        printable = QMarginsF(*(PDF_PRINTABLE_IN,) * 4)
    rect = scene.board_rect()
    bw, bh = rect.width(), rect.height()
    whole = abs(page_w - bw) < 1e-6 and abs(page_h - bh) < 1e-6
    if whole:
        tiles = [Tile(0, 0, 1, 1, QRectF(0, 0, bw, bh), QPointF(0, 0), bh)]
    else:
        tiles = tile_layout(bw, bh, page_w, page_h, margin, overlap)
    painter = QPainter(device)
    if not painter.isActive():
        raise OSError("could not start painting the pages")
    try:
        # The device's own resolution may differ (printers): scale to ``dpi``.
        s = device.logicalDpiX() / dpi if device.logicalDpiX() > 0 else 1.0
        for i, tile in enumerate(tiles):
            if i:
                device.newPage()
            painter.resetTransform()
            painter.scale(s, s)
            source = tile.source.translated(rect.x(), rect.y())
            _paint_board_region(painter, scene, source, tile.at, dpi)
            if not whole:
                _paint_tile_marks(
                    painter, tile, overlap, dpi, title or "board", QSizeF(page_w, page_h), printable
                )
    finally:
        painter.end()
    return tiles


def write_pdf(
    scene: BoardScene,
    output_path: str,
    *,
    paper: str = "board",
    overlap: float = DEFAULT_OVERLAP_IN,
    title: str = "",
) -> int:
    """The board at true scale in a PDF; returns the number of pages."""
    rect = scene.board_rect()
    page_w, page_h = paper_size(paper, rect.width(), rect.height())
    if not overlap >= 0:  # NaN too
        raise ValueError(f"overlap: must be 0 or more inches, got {overlap}")
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buf)
    writer.setResolution(PDF_DPI)
    writer.setTitle(title or "board")
    writer.setCreator("tabletop_gui")
    size = QPageSize(
        QSizeF(page_w, page_h), QPageSize.Unit.Inch, paper, QPageSize.SizeMatchPolicy.ExactMatch
    )
    writer.setPageLayout(QPageLayout(size, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0)))
    tiles = paint_true_scale(writer, scene, page_w, page_h, overlap=overlap, title=title)
    del writer  # finishes the document
    buf.close()
    write_atomic(output_path, data.data())
    return len(tiles)


def turn_paper(
    printer: QPrinter, board_w: float, board_h: float, overlap: float = DEFAULT_OVERLAP_IN
) -> float:
    """Turn ``printer``'s paper the way a ``board_w`` x ``board_h`` in board
    needs fewer sheets (as :func:`paper_size` turns the tiled PDF's); returns the
    border round the board on each sheet, inches: 0.4, or the printer's margins
    (what it cannot print) and room for the sheet's label when that is more."""
    layout = printer.pageLayout()
    unprintable = layout.margins(QPageLayout.Unit.Inch)
    most = max(unprintable.left(), unprintable.top(), unprintable.right(), unprintable.bottom())
    margin = max(PAGE_MARGIN_IN, most + LABEL_BAND_IN)
    paper = layout.pageSize().size(QPageSize.Unit.Inch)  # portrait, whatever the turn
    pw, ph = sorted((paper.width(), paper.height()))
    portrait = len(tile_layout(board_w, board_h, pw, ph, margin, overlap))
    landscape = len(tile_layout(board_w, board_h, ph, pw, margin, overlap))
    turn = QPageLayout.Orientation.Portrait
    if landscape < portrait:
        turn = QPageLayout.Orientation.Landscape
    printer.setPageOrientation(turn)  # a printer that refuses prints as it is
    return margin


def print_board(
    state: GameState,
    printer: QPrinter,
    overlap: float = DEFAULT_OVERLAP_IN,
    viewer: str | None = None,
) -> int:
    """Print the board at true scale on ``printer`` (a configured QPrinter), tiled
    over its paper turned the way that needs fewer sheets (as the tiled PDF's,
    :func:`paper_size`), in ``viewer``'s view (None: the referee's); returns the
    number of pages."""
    scene = board_scene(state, viewer=viewer)
    # Painted at the PDF's resolution, the page is the PDF's: what the drawing
    # sizes in pixels (cosmetic lines, hatching, the smallest label drawn) is
    # 1/96 in, not a printer's 1/1200 (grid lines all but vanished and the
    # hatching was 150 hairlines an inch, a grey wash). Vector drawing and text
    # still print at the printer's own resolution.
    printer.setResolution(PDF_DPI)
    try:
        rect = scene.board_rect()
        margin = turn_paper(printer, rect.width(), rect.height(), overlap)
        layout = printer.pageLayout()
        full = layout.fullRect(QPageLayout.Unit.Inch)
        printable = layout.margins(QPageLayout.Unit.Inch)
        printer.setFullPage(True)
        tiles = paint_true_scale(
            printer, scene, full.width(), full.height(), overlap=overlap, margin=margin,
            title=state.setup.name, printable=printable,
        )  # fmt: skip
    finally:
        scene.clear()
    return len(tiles)

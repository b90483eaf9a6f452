"""Draw a game state to PNG, SVG or PDF without a window, or print it.

The board is painted by the very ``BoardScene`` the window shows, with the
Scoreboard's overlays.

- A player's view (``viewer``, ``render --view SIDE``, or the window's View >
  Score as seen by): face-down values are drawn as "?" and the score is that
  side's (what it cannot know is not shown), as the window shows it.
- PNG and SVG: the board with a title, the legend and the score rows below it.
  PNG can have a transparent background (nothing drawn around the board). The
  SVG states its size in physical units (``width="...in"``): the board is at
  true scale, 1 in on the board = 1 in in the file.
- PDF and printing: the board alone at true scale. ``paper="board"`` gives one
  page exactly the board's size (72 x 48 in for The Ninth Age); a paper name
  (``a4``, ``letter``, ``a3``, ``tabloid``) tiles the board over pages of that
  paper with ``overlap`` inches shared between neighbours, overlap lines, crop
  marks and a label on each page saying where it goes.
"""

from __future__ import annotations

import math
import os
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QIODevice,
    QMarginsF,
    QPointF,
    QRectF,
    QSize,
    QSizeF,
    Qt,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)
from PySide6.QtWidgets import QApplication

from tabletop_gui.app import style
from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.hex_terrain import legend_terrain
from tabletop_gui.app.canvas.legend import legend_entries, paint_legend
from tabletop_gui.model.events import Event
from tabletop_gui.model.names import possessive
from tabletop_gui.model.state import GameState
from tabletop_gui.play.turns import clock_text
from tabletop_gui.play.wording import score_rows, summary_text
from tabletop_gui.rules.engine import evaluate
from tabletop_gui.rules.scoreboard import Scoreboard


def ensure_app() -> QApplication:
    app = QApplication.instance()
    if app is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QApplication([])
    return app  # type: ignore[return-value]


class Page:
    """The layout of a rendered page, in pixels of a ``width``-wide image."""

    def __init__(
        self,
        scene: BoardScene,
        state: GameState,
        board: Scoreboard,
        width: int,
        events: Sequence[Event] = (),
        viewer: str | None = None,
    ) -> None:
        self.scene = scene
        self.state = state
        self.width = width
        self.title = page_title(state, board, events, viewer)
        self.source = scene.sceneRect()
        self.scale = width / self.source.width()
        self.board_h = self.source.height() * self.scale
        self.unit = max(10.0, width / 110)  # base text size, px
        self.title_font = QFont("DejaVu Sans")
        self.title_font.setPixelSize(round(self.unit * 1.5))
        self.title_font.setBold(True)
        self.font = QFont("DejaVu Sans")
        self.font.setPixelSize(round(self.unit))
        self.bold = QFont(self.font)
        self.bold.setBold(True)
        self.rows = score_rows(state.scene, board)
        self.summary = summary_text(state.scene, board)
        sides = [(s.name, scene.colours.get(s.id, style.NEUTRAL)) for s in state.scene.sides]
        self.legend = legend_entries(sides, legend_terrain(state.scene.board))
        self.entry_w = self.unit * 17
        self.row_h = self.unit * 2.1
        self.title_h = self.unit * 3
        self.pad = self.unit
        cols = max(1, int((width - 2 * self.pad) // self.entry_w))
        legend_h = ((len(self.legend) + cols - 1) // cols) * self.row_h
        self.lines = self._lines()
        self.text_h = legend_h + self.pad + len(self.lines) * self.unit * 1.45 + 2 * self.pad
        self.height = round(self.title_h + self.board_h + self.text_h)
        self.legend_h = legend_h

    def _lines(self) -> list[tuple[str, bool]]:
        """The score text under the board, each paragraph wrapped to the page."""
        paragraphs: list[tuple[str, bool]] = []
        for r in self.rows:
            paragraphs.append((f"{r.name}: {r.leader}. Counts: {r.counts}.", True))
            paragraphs.append((r.reason, False))
            if r.problems:
                paragraphs.append((f"Problems: {r.problems}", False))
        if self.summary:
            paragraphs.append((self.summary, True))
        room = self.width - 2 * self.pad
        out: list[tuple[str, bool]] = []
        for text, bold in paragraphs:
            metrics = QFontMetricsF(self.bold if bold else self.font)
            out += [(line, bold) for line in _wrapped(text, metrics, room)]
        return out

    def paint(self, painter: QPainter, transparent: bool = False) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        w = self.width
        if not transparent:
            painter.fillRect(QRectF(0, 0, w, self.height), QColor("white"))
        painter.setFont(self.title_font)
        painter.setPen(QColor("#111111"))
        painter.drawText(
            QRectF(self.pad, 0, w - 2 * self.pad, self.title_h),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
            self.title,
        )
        target = QRectF(0, self.title_h, w, self.board_h)
        self.scene.render(painter, target, self.source, Qt.AspectRatioMode.KeepAspectRatio)
        y = self.title_h + self.board_h + self.pad
        paint_legend(
            painter,
            QRectF(self.pad, y, w - 2 * self.pad, self.legend_h),
            self.legend,
            self.font,
            self.entry_w,
            self.row_h,
        )
        y += self.legend_h + self.pad
        line_h = self.unit * 1.45
        for text, bold in self.lines:
            painter.setFont(self.bold if bold else self.font)
            painter.setPen(QColor("#111111"))
            painter.drawText(
                QRectF(self.pad, y, w - 2 * self.pad, line_h),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                text,
            )
            y += line_h


def _wrapped(text: str, metrics: QFontMetricsF, width: float) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` (a word wider
    than that stands alone on its line)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and metrics.horizontalAdvance(trial) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line or not lines else lines


def page_title(
    state: GameState,
    board: Scoreboard,
    events: Sequence[Event] = (),
    viewer: str | None = None,
) -> str:
    """'Drowned Quarter  ·  Round 2 ended, after 14 events  ·  Guild of Thieves' view':
    the clock in the window's words (Game Turn, Round, Turn), and whose view it is."""
    title = state.setup.name or "Untitled board"
    when = clock_text(state, events, board)
    text = f"{title}  ·  {when}, after {state.index} events"
    if viewer is not None and viewer in state.scene.side_ids:
        text += f"  ·  {possessive(state.scene.side(viewer).name)} view"
    return text


def check_viewer(state: GameState, viewer: str | None) -> None:
    """ValueError naming the sides when ``viewer`` is not one of them."""
    sides = state.scene.side_ids
    if viewer is not None and viewer not in sides:
        listed = ", ".join(sides) if sides else "none"
        raise ValueError(f"--view {viewer}: not a side of this game (the sides: {listed})")


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
#: The widest PNG ``render`` makes: a 72 x 48 in board is then about 16384 x 12000
#: pixels (750 MB while drawing); wider pictures fail to allocate or take minutes.
MAX_PNG_WIDTH = 16384
#: Device resolution of PDF pages (cosmetic 1 px lines are 1/96 in thick).
PDF_DPI = 96


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _named(exc: OSError, target: Path) -> OSError:
    """``exc`` reworded to name the file asked for, not the temp file beside it."""
    reason = exc.strerror or str(exc)
    if isinstance(exc, FileNotFoundError) and not target.parent.is_dir():
        reason = f"the folder {target.parent} does not exist"
    err = type(exc)(f"{target}: {reason}")
    err.__cause__ = exc
    return err


def _temp_beside(target: Path, suffix: str = ".tmp") -> tuple[int, str]:
    """A temp file in ``target``'s folder (same file system: the rename is atomic),
    with the permissions an ordinary new file gets."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=suffix, dir=target.parent)
        os.chmod(tmp, 0o666 & ~_umask())
    except OSError as exc:
        raise _named(exc, target) from None
    return fd, tmp


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to a temp file beside ``path`` and rename it over ``path``:
    a reader sees the old file or the new one, never half of one. An error names
    ``path`` (e.g. ``x.png: the folder /nonexistent/dir does not exist``)."""
    target = Path(path)
    fd, tmp = _temp_beside(target)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, target)
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise _named(exc, target) from None
        raise


def board_scene(
    state: GameState, board: Scoreboard | None = None, viewer: str | None = None
) -> BoardScene:
    """A BoardScene drawing ``state`` with its overlays (the window's drawing code);
    in ``viewer``'s view (a side id) face-down values are not drawn."""
    ensure_app()
    scene = BoardScene()
    scene.public = viewer is not None
    scene.sync(state, board if board is not None else evaluate(state, viewer=viewer))
    return scene


def render_file(
    state: GameState,
    output_path: str,
    width: int = 1600,
    *,
    transparent: bool = False,
    paper: str = "board",
    overlap: float = DEFAULT_OVERLAP_IN,
    viewer: str | None = None,
    events: Sequence[Event] = (),
) -> int:
    """Write the board of ``state`` with its overlays to ``output_path``: .png
    (``width`` pixels wide, ``transparent`` background), .svg (true scale) or .pdf
    (true scale; ``paper`` "board" or a paper name to tile). ``viewer``: a side's
    view (face-down values unknown), None: the referee's. ``events``: the log up
    to ``state`` (the title says where the game is, as the window does). Returns
    the number of pages (1 for images)."""
    ensure_app()
    check_viewer(state, viewer)
    if width < 200:
        raise ValueError(f"width: must be at least 200 pixels, got {width}")
    suffix = Path(output_path).suffix.lower()
    if suffix not in (".png", ".svg", ".pdf"):
        raise ValueError(f"{output_path}: the output must end in .png, .svg or .pdf")
    if suffix == ".png" and width > MAX_PNG_WIDTH:
        raise ValueError(f"width: a PNG can be at most {MAX_PNG_WIDTH} pixels wide, got {width}")
    board = evaluate(state, viewer=viewer)
    scene = board_scene(state, board, viewer)
    try:
        if suffix == ".pdf":
            return write_pdf(
                scene, output_path, paper=paper, overlap=overlap, title=state.setup.name
            )
        page = Page(scene, state, board, width, events, viewer)
        if suffix == ".png":
            scene.transparent_table = transparent
            image = page_image(page, transparent)
            buf = QBuffer()
            buf.open(QIODevice.OpenModeFlag.WriteOnly)
            if not image.save(buf, "PNG"):
                raise OSError(f"{output_path}: could not encode the PNG")
            write_atomic(output_path, bytes(buf.data()))
        else:
            write_atomic(output_path, svg_bytes(page, state.setup.name or "board"))
    finally:
        scene.clear()
    return 1


def page_image(page: Page, transparent: bool = False) -> QImage:
    image = QImage(page.width, page.height, QImage.Format.Format_ARGB32_Premultiplied)
    if image.isNull():
        raise OSError(
            f"could not make a {page.width} x {page.height} pixel picture (not enough memory): "
            "choose a smaller width"
        )
    image.fill(QColor(0, 0, 0, 0) if transparent else QColor("white"))
    painter = QPainter(image)
    page.paint(painter, transparent)
    painter.end()
    return image


def svg_bytes(page: Page, title: str) -> bytes:
    """The page as SVG whose ``width``/``height`` are in inches, the board at true
    scale (the page's pixels per board inch become pixels per physical inch)."""
    from PySide6.QtSvg import QSvgGenerator

    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    gen = QSvgGenerator()
    gen.setOutputDevice(buf)
    gen.setSize(QSize(page.width, page.height))
    gen.setViewBox(QRectF(0, 0, page.width, page.height))
    gen.setTitle(title)
    gen.setDescription("tabletop_gui board; 1 in on the board = 1 in in this file")
    painter = QPainter(gen)
    page.paint(painter)
    painter.end()
    buf.close()
    text = bytes(data).decode("utf-8")
    w_in, h_in = page.width / page.scale, page.height / page.scale
    head = re.search(r"<svg\b[^>]*>", text)
    if head is None:
        raise OSError("the SVG generator wrote no <svg> element")
    tag = head.group(0)
    tag = re.sub(r'\swidth="[^"]*"', f' width="{w_in:.4f}in"', tag, count=1)
    tag = re.sub(r'\sheight="[^"]*"', f' height="{h_in:.4f}in"', tag, count=1)
    return (text[: head.start()] + tag + text[head.end() :]).encode("utf-8")


# -- true scale: PDF and printing ---------------------------------------------------


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
            tiles.append(Tile(r, c, rows, cols, QRectF(x0, y0, w, h), QPointF(margin, margin)))
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


def _paint_tile_marks(
    painter: QPainter, tile: Tile, overlap: float, dpi: float, title: str, page_w: float
) -> None:
    """Crop marks at the printed area's corners, dashed lines where the
    neighbouring sheets' edges go (the overlap), and the tile's name."""
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
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(6, round(0.14 * dpi)))
    painter.setFont(font)
    painter.setPen(QColor("#222222"))
    text = (
        f"Sheet {tile.name} (row {tile.row + 1}/{tile.rows}, column {tile.col + 1}/{tile.cols})"
        f" · board x {tile.source.left():.1f}-{tile.source.right():.1f} in"
        f" · true scale · red dashes: {overlap:g} in overlap · {title}"
    )
    painter.drawText(
        QRectF(x0, 0.05 * dpi, page_w * dpi - 2 * x0, y0 - 0.08 * dpi),
        Qt.AlignmentFlag.AlignBottom | Qt.AlignmentFlag.AlignLeft,
        text,
    )
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
) -> list[Tile]:
    """Paint the board at true scale on ``device`` (a QPdfWriter or QPrinter whose
    page is ``page_w`` x ``page_h`` in): one page exactly the board's size when the
    page is the board, else tiles. Returns the tiles painted."""
    rect = scene.board_rect()
    bw, bh = rect.width(), rect.height()
    whole = abs(page_w - bw) < 1e-6 and abs(page_h - bh) < 1e-6
    if whole:
        tiles = [Tile(0, 0, 1, 1, QRectF(0, 0, bw, bh), QPointF(0, 0))]
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
                _paint_tile_marks(painter, tile, overlap, dpi, title or "board", page_w)
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
    if overlap < 0:
        raise ValueError(f"overlap: must be 0 or more inches, got {overlap}")
    fd, tmp = _temp_beside(Path(output_path).resolve(), ".pdf")
    os.close(fd)
    try:
        writer = QPdfWriter(tmp)
        writer.setResolution(PDF_DPI)
        writer.setTitle(title or "board")
        writer.setCreator("tabletop_gui")
        size = QPageSize(
            QSizeF(page_w, page_h), QPageSize.Unit.Inch, paper, QPageSize.SizeMatchPolicy.ExactMatch
        )
        writer.setPageLayout(
            QPageLayout(size, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0))
        )
        tiles = paint_true_scale(writer, scene, page_w, page_h, overlap=overlap, title=title)
        del writer
        os.replace(tmp, output_path)
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError) and not str(exc).startswith(f"{output_path}:"):
            raise _named(exc, Path(output_path)) from None
        raise
    return len(tiles)


def print_board(
    state: GameState,
    printer: object,
    overlap: float = DEFAULT_OVERLAP_IN,
    viewer: str | None = None,
) -> int:
    """Print the board at true scale on ``printer`` (a configured QPrinter), tiled
    over its paper, in ``viewer``'s view (None: the referee's); returns the number
    of pages."""
    scene = board_scene(state, viewer=viewer)
    try:
        layout = printer.pageLayout()
        full = layout.fullRect(QPageLayout.Unit.Inch)
        printer.setFullPage(True)
        margin = max(PAGE_MARGIN_IN, layout.margins(QPageLayout.Unit.Inch).left())
        tiles = paint_true_scale(
            printer, scene, full.width(), full.height(), overlap=overlap, margin=margin,
            title=state.setup.name,
        )  # fmt: skip
    finally:
        scene.clear()
    return len(tiles)

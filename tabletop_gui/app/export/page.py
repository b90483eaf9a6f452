"""The rendered page: the board picture (the window's ``BoardScene`` with the
Scoreboard's overlays) with a title above it and the legend and the score
text below it, as a PNG image or an SVG whose board is at true scale."""

from __future__ import annotations

import re
from collections.abc import Sequence

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter

from tabletop_gui.app import style
from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.glyphs import legend_symbols
from tabletop_gui.app.canvas.hex_terrain import legend_terrain
from tabletop_gui.app.canvas.legend import blocks_sight, legend_entries, legend_height, paint_legend
from tabletop_gui.app.headless import ensure_app
from tabletop_gui.model.events import Event
from tabletop_gui.model.hexgrid import HexBoard
from tabletop_gui.model.names import possessive
from tabletop_gui.model.state import GameState
from tabletop_gui.play.turns import clock_text, finished
from tabletop_gui.play.wording import score_rows, summary_text
from tabletop_gui.rules.engine import evaluate
from tabletop_gui.rules.scoreboard import Scoreboard


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
        if isinstance(state.scene.board, HexBoard):
            scene.set_label_ppi(self.scale)  # a hex board's labels fit this size
        self.board_h = self.source.height() * self.scale
        self.unit = max(10.0, width / 110)  # base text size, px
        self.title_font, self.font, self.bold = page_fonts(self.unit)
        self.rows = score_rows(state.scene, board, over=finished(state, board))
        self.summary = summary_text(state.scene, board)
        sides = [(s.name, scene.colours.get(s.id, style.NEUTRAL)) for s in state.scene.sides]
        self.legend = legend_entries(
            sides,
            legend_terrain(state.scene.board),
            legend_symbols(scene.unit_looks()),
            blocks_sight(state.scene),
        )
        self.entry_w = self.unit * 17
        self.row_h = self.unit * 2.1
        # The title wrapped to the page: its font grows with the page, so a title
        # that just fit at one width could run past the right edge at another
        # (the size is rounded to whole pixels: 1600 and 2400 px cut it, 1280 and
        # 1920 did not). One line keeps the usual band; each more line adds one.
        self.title_lines = title_lines(
            self.title, QFontMetricsF(self.title_font), width - 2 * self.unit
        )
        self.title_line_h = self.unit * 2.1
        self.title_h = self.unit * 3 + (len(self.title_lines) - 1) * self.title_line_h
        self.pad = self.unit
        legend_h = legend_height(
            self.legend, self.font, width - 2 * self.pad, self.entry_w, self.row_h
        )
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
            out += [(line, bold) for line in wrapped(text, metrics, room)]
        return out

    def paint(self, painter: QPainter, transparent: bool = False) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        w = self.width
        if not transparent:
            painter.fillRect(QRectF(0, 0, w, self.height), QColor("white"))
        painter.setFont(self.title_font)
        painter.setPen(QColor("#111111"))
        top = (self.title_h - len(self.title_lines) * self.title_line_h) / 2
        for i, line in enumerate(self.title_lines):
            painter.drawText(
                QRectF(self.pad, top + i * self.title_line_h, w - 2 * self.pad, self.title_line_h),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                line,
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


def page_fonts(unit: float) -> tuple[QFont, QFont, QFont]:
    """The fonts of a page whose base text is ``unit`` pixels: the title (bold,
    1.5 times), the text, and the text in bold."""
    title = QFont("DejaVu Sans")
    title.setPixelSize(round(unit * 1.5))
    title.setBold(True)
    text = QFont("DejaVu Sans")
    text.setPixelSize(round(unit))
    bold = QFont(text)
    bold.setBold(True)
    return title, text, bold


def png_bytes(image: QImage, path: str) -> bytes:
    """``image`` encoded as a PNG (an OSError naming ``path`` if Qt cannot)."""
    buf = QBuffer()
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    # PySide6 stub gap: the stubs type the format as bytes, the binding takes a str.
    if not image.save(buf, "PNG"):  # type: ignore[call-overload]
        raise OSError(f"{path}: could not encode the PNG")
    return bytes(buf.data().data())


def wrapped(text: str, metrics: QFontMetricsF, width: float) -> list[str]:
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


#: Between the parts of a page's title (name, clock, view).
TITLE_SEP = "  ·  "


def title_lines(title: str, metrics: QFontMetricsF, width: float) -> list[str]:
    """``title`` on as few lines no wider than ``width`` as it takes, broken
    between its parts (``TITLE_SEP``) where it can, else between words; a word
    wider than the page alone is cut short with "…" (the PNG keeps the whole
    title in its text, see ``page_image``)."""
    room = width - 1  # drawn text may come out a pixel wider than measured
    lines: list[str] = []
    line = ""
    for part in title.split(TITLE_SEP):
        trial = f"{line}{TITLE_SEP}{part}" if line else part
        if metrics.horizontalAdvance(trial) <= room:
            line = trial
            continue
        if line:
            lines.append(line)
        *full, line = wrapped(part, metrics, room)
        lines += full
    lines.append(line)
    return [metrics.elidedText(t, Qt.TextElideMode.ElideRight, room) for t in lines]


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
    text = f"{title}{TITLE_SEP}{when}, after {state.index} events"
    if viewer is not None and viewer in state.scene.side_ids:
        text += f"{TITLE_SEP}{possessive(state.scene.side(viewer).name)} view"
    return text


def page_image(page: Page, transparent: bool = False) -> QImage:
    image = QImage(page.width, page.height, QImage.Format.Format_ARGB32_Premultiplied)
    if image.isNull():
        raise OSError(
            f"could not make a {page.width} x {page.height} pixel picture (not enough memory): "
            "choose a smaller width"
        )
    image.fill(QColor(0, 0, 0, 0) if transparent else QColor("white"))
    image.setText("Title", page.title)  # whole, whatever the picture had room for
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
    text = bytes(data.data()).decode("utf-8")
    w_in, h_in = page.width / page.scale, page.height / page.scale
    head = re.search(r"<svg\b[^>]*>", text)
    if head is None:
        raise OSError("the SVG generator wrote no <svg> element")
    tag = head.group(0)
    tag = re.sub(r'\swidth="[^"]*"', f' width="{w_in:.4f}in"', tag, count=1)
    tag = re.sub(r'\sheight="[^"]*"', f' height="{h_in:.4f}in"', tag, count=1)
    return (text[: head.start()] + tag + text[head.end() :]).encode("utf-8")

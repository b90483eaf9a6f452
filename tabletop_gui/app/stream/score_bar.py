"""The score bar painted with Qt (the streamer window and the stream PNG): the
sides with colour and total at both ends, the title and turn in the middle,
then one tile per objective with its standing. What it says is
``play.score_bar.BarContent``; this module only lays it out and paints it.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.play.score_bar import BarContent

#: Background of the score bar.
BACKDROP = QColor("#1d2024")
BAR_TEXT = QColor("#f4f4f4")
BAR_DIM = QColor("#b8bcc2")
TILE = QColor("#2c3036")
RESULT = QColor("#ffd75e")
NOBODY = QColor("#6b7078")
#: Standing text wraps onto at most this many lines in its tile (then elides;
#: the window's tooltip has the full text).
STANDING_LINES = 2
#: The bar takes at most this share of a picture's height when it can: past it,
#: a standing keeps to one line, then shares its line with the objective's name.
MAX_SHARE = 0.3
#: An objective's name too long for its tile is drawn down to this share of
#: its size before it is elided (the overlay's pages do the same).
NAME_MIN = 0.75
#: The smallest text, pixels (a 480 x 270 picture).
MIN_UNIT = 8.0
#: Pixels kept clear between the glyphs of two lines of text.
TEXT_GAP = 2.0
#: A picture at most this high is small (640 x 360 and less): each standing
#: keeps to one line (the window's tooltip has the rest).
SMALL_PICTURE_PX = 360


def _font(px: float, bold: bool = False) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(8, round(px)))
    font.setBold(bold)
    return font


def bar_unit(width: float, height: float) -> float:
    """Base text size in pixels: 26 px on a 1920 x 1080 picture."""
    return max(MIN_UNIT, min(width / 1920 * 26, height / 1080 * 26 * 1.4))


def bar_columns(width: float, unit: float) -> int:
    return max(1, min(4, int(width // (unit * 17))))


def wrap_text(text: str, fm: QFontMetricsF, width: float, max_lines: int) -> list[str]:
    """``text`` broken at spaces into lines at most ``width`` wide; a word wider
    than a line, or text past ``max_lines``, is elided with '…'."""
    words = text.split(" ")
    lines: list[str] = []
    line = ""
    for i, word in enumerate(words):
        trial = f"{line} {word}" if line else word
        if fm.horizontalAdvance(trial) <= width or not line:
            line = trial
            continue
        if len(lines) + 1 == max_lines:  # the last line takes the rest, elided
            line = " ".join([line, *words[i:]])
            break
        lines.append(line)
        line = word
    lines.append(line)
    return [fm.elidedText(t, Qt.TextElideMode.ElideRight, width) for t in lines]


@dataclass(frozen=True)
class BarLayout:
    """Where everything in the bar goes, in pixels from the bar's top-left."""

    unit: float
    height: float
    head: QRectF
    tiles: tuple[tuple[QRectF, list[str]], ...]  # tile rect, standing lines
    #: The standing shares its line with the objective's name (a small picture).
    inline: bool = False
    #: Each tile's name, on one line or (too long for its tile even drawn
    #: NAME_MIN of its size) two; empty: each on one line.
    names: tuple[list[str], ...] = ()


@dataclass(frozen=True)
class BarFonts:
    """The bar's fonts for a text unit ``u`` and the heights their lines take:
    never less than the text drawn in them needs (no font is drawn under 8 px,
    so at the smallest unit the lines the unit alone gave overlapped)."""

    side: QFont  # a side's name (its largest: a long name is drawn smaller)
    small: QFont  # a side's total, the clock, a standing
    title: QFont
    result: QFont  # the clock line with a result
    tile_name: QFont
    #: The header's height: the side's name above its total, the title above
    #: the clock, neither's glyphs on the other's.
    head: float
    name_line: float  # a tile's name line
    line: float  # a standing's line


def bar_fonts(u: float) -> BarFonts:
    side, small, title = _font(u * 1.25, True), _font(u * 0.85), _font(u * 0.95, True)
    result, tile_name = _font(u * 0.85, True), _font(u * 0.9, True)

    def h(font: QFont) -> float:
        return QFontMetricsF(font).height()

    def above(upper: QFont, lower: QFont) -> float:
        """Room for a line of ``upper`` over one of ``lower``: the upper's
        ascent, a gap, then the lower's capitals and descent (the upper's rare
        descender may reach into the room over the lower's capitals)."""
        a, b = QFontMetricsF(upper), QFontMetricsF(lower)
        return a.ascent() + TEXT_GAP + b.capHeight() + b.descent()

    head = max(u * 2.2, above(side, small), above(title, small), above(title, result))
    # A tile's name line: room for its descenders over the standing's capitals.
    name_line = max(u * 1.15, h(tile_name) + TEXT_GAP / 2)
    return BarFonts(side, small, title, result, tile_name, head, name_line, max(u * 1.15, h(small)))


def bar_layout(info: BarContent, width: float, height: float) -> BarLayout:
    """Lay the bar out ``width`` wide for a ``height``-high picture: the header,
    then rows of tiles; a row is as tall as its most wrapped standing. Where
    that takes more than MAX_SHARE of the picture, or on a small picture (at
    most SMALL_PICTURE_PX high), standings keep to one line, then share it with
    their objective's name."""
    small = height <= SMALL_PICTURE_PX
    lay = _layout(info, width, height, 1 if small else STANDING_LINES)
    if lay.height > MAX_SHARE * height and not small:
        lay = _layout(info, width, height, 1)
    if lay.height > MAX_SHARE * height:
        lay = _inline_layout(info, width, height)
    return lay


def _inline_layout(info: BarContent, width: float, height: float) -> BarLayout:
    """One line a tile: the name, then the standing (elided when painted)."""
    u = bar_unit(width, height)
    fonts = bar_fonts(u)
    cols = max(1, min(5, int(width // (u * 15))))
    pad = u * 0.6
    head = QRectF(pad, u * 0.3, width - 2 * pad, fonts.head)
    cell_w = (width - 2 * pad) / cols
    cell_h = max(u * 1.35, max(fonts.name_line, fonts.line) + TEXT_GAP)
    tiles = []
    top = head.bottom() + u * 0.3
    for i, st in enumerate(info.tiles):
        row, col = divmod(i, cols)
        rect = QRectF(pad + col * cell_w, top + row * (cell_h + u * 0.2), cell_w - u * 0.3, cell_h)
        tiles.append((rect, [st.text]))
    rows = (len(info.tiles) + cols - 1) // cols
    bottom = top + rows * (cell_h + u * 0.2)
    return BarLayout(u, bottom + u * 0.2, head, tuple(tiles), inline=True)


def _layout(info: BarContent, width: float, height: float, max_lines: int) -> BarLayout:
    u = bar_unit(width, height)
    fonts = bar_fonts(u)
    cols = bar_columns(width, u)
    pad = u * 0.6
    head = QRectF(pad, u * 0.3, width - 2 * pad, fonts.head)
    cell_w = (width - 2 * pad) / cols
    fm = QFontMetricsF(fonts.small)
    inner_w = cell_w - u * 0.4 - u * 0.9
    line_h = fonts.line
    wrapped = [wrap_text(st.text, fm, inner_w, max_lines) for st in info.tiles]
    names = [name_lines(st.name, u, inner_w) for st in info.tiles]
    tiles = []
    top = head.bottom() + u * 0.3
    # The name, then the standing's lines, with a little room above and below.
    one = max(u * 2.6, fonts.name_line + fonts.line + u * 0.3)
    for start in range(0, len(wrapped), cols):
        row = wrapped[start : start + cols]
        extra = max(len(n) for n in names[start : start + cols]) - 1
        cell_h = one + line_h * (max(len(lines) for lines in row) - 1) + fonts.name_line * extra
        for c, lines in enumerate(row):
            rect = QRectF(pad + c * cell_w, top, cell_w - u * 0.4, cell_h)
            tiles.append((rect, lines))
        top += cell_h + u * 0.3
    return BarLayout(u, top + u * 0.3, head, tuple(tiles), names=tuple(names))


def tile_name_font(name: str, u: float, width: float) -> QFont:
    """The font of an objective's name on one line in a tile ``width`` wide:
    smaller where it needs, down to NAME_MIN of its size."""
    return _fitting_font(name, width, u * 0.9, u * 0.9 * NAME_MIN)


def name_lines(name: str, u: float, width: float) -> list[str]:
    """An objective's name in its tile: one line where it fits drawn at least
    NAME_MIN of its size (``tile_name_font``), else broken at spaces onto two."""
    if QFontMetricsF(tile_name_font(name, u, width)).horizontalAdvance(name) <= width:
        return [name]
    return wrap_text(name, QFontMetricsF(_font(u * 0.9, True)), width, 2)


def bar_height(info: BarContent, width: float, height: float) -> float:
    return bar_layout(info, width, height).height


def _fitting_font(text: str, width: float, px: float, min_px: float) -> QFont:
    """A bold font ``px`` tall, smaller (down to ``min_px``) if ``text`` needs it
    to fit ``width``; past that the text is elided."""
    font = _font(px, True)
    wide = QFontMetricsF(font).horizontalAdvance(text)
    if wide > width:
        font = _font(max(min_px, px * width / wide), True)
    return font


def _text(painter: QPainter, rect: QRectF, align: Qt.AlignmentFlag, text: str) -> None:
    """``text`` in ``rect`` with the painter's font, elided to fit."""
    fm = QFontMetricsF(painter.font())
    painter.drawText(rect, align, fm.elidedText(text, Qt.TextElideMode.ElideRight, rect.width()))


def paint_score_bar(painter: QPainter, rect: QRectF, info: BarContent, height: float) -> BarLayout:
    """The bar: sides with colour and total at both ends, title and turn in the
    middle, then one tile per objective with its standing. Returns the layout."""
    lay = bar_layout(info, rect.width(), height)
    u = lay.unit
    painter.save()
    painter.translate(rect.topLeft())
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    painter.fillRect(QRectF(0, 0, rect.width(), rect.height()), BACKDROP)
    head = lay.head
    fonts = bar_fonts(u)
    small = fonts.small
    side_w = head.width() * 0.3
    for i, side in enumerate(info.sides[:2]):
        name, total = side.name, side.total
        left = i == 0
        box = QRectF(head.x() if left else head.right() - side_w, head.y(), side_w, head.height())
        sw = QRectF(box.x() if left else box.right() - u * 0.7, box.y() + u * 0.2, u * 0.7,
                    head.height() - u * 0.4)  # fmt: skip
        painter.fillRect(sw, QColor(side.colour))
        text = box.adjusted(u * 1.1, 0, 0, 0) if left else box.adjusted(0, 0, -u * 1.1, 0)
        align = Qt.AlignmentFlag.AlignLeft if left else Qt.AlignmentFlag.AlignRight
        painter.setFont(_fitting_font(name, text.width(), u * 1.25, u * 0.9))
        painter.setPen(BAR_TEXT)
        _text(painter, text, align | Qt.AlignmentFlag.AlignTop, name)
        painter.setFont(small)
        painter.setPen(BAR_DIM)
        _text(painter, text, align | Qt.AlignmentFlag.AlignBottom, total)
    mid = QRectF(head.x() + side_w, head.y(), head.width() - 2 * side_w, head.height())
    painter.setFont(fonts.title)
    painter.setPen(BAR_TEXT)
    _text(painter, mid, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, info.title)
    painter.setFont(fonts.result if info.result else small)
    painter.setPen(RESULT if info.result else BAR_DIM)
    line = f"{info.clock}  ·  {info.result}" if info.result else info.clock
    _text(painter, mid, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, line)
    name_font, text_font = fonts.tile_name, small
    for i, (st, (cell, lines)) in enumerate(zip(info.tiles, lay.tiles, strict=True)):
        painter.fillRect(cell, TILE)
        edge = QRectF(cell.x(), cell.y(), u * 0.35, cell.height())
        colour = QColor(st.colour) if st.colour else None
        painter.fillRect(edge, colour or NOBODY)
        inner = cell.adjusted(u * 0.6, u * 0.15, -u * 0.3, -u * 0.15)
        painter.setFont(name_font)
        painter.setPen(BAR_TEXT)
        if lay.inline:
            _paint_inline(painter, inner, st.name, lines[0], text_font, colour)
            continue
        # A long name is drawn smaller (as a side's is), else on two lines.
        names = lay.names[i] if i < len(lay.names) else [st.name]
        if len(names) == 1:
            painter.setFont(tile_name_font(st.name, u, inner.width()))
        for k, name_text in enumerate(names):
            box = inner.adjusted(0, k * fonts.name_line, 0, 0)
            _text(painter, box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, name_text)
        painter.setFont(text_font)
        painter.setPen(colour.lighter(150) if colour else BAR_DIM)
        y = inner.y() + fonts.name_line * len(names)  # under the name
        for line_text in lines:
            box = QRectF(inner.x(), y, inner.width(), fonts.line)
            align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
            painter.drawText(box, align, line_text)
            y += fonts.line
    painter.restore()
    return lay


def _paint_inline(painter: QPainter, box: QRectF, name: str, text: str, text_font: QFont,
                  colour: QColor | None) -> None:  # fmt: skip
    """The objective's name (at most half the box), then its standing, on one line."""
    middle = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    fm = QFontMetricsF(painter.font())
    name = fm.elidedText(name, Qt.TextElideMode.ElideRight, box.width() * 0.5)
    painter.drawText(box, middle, name)
    gap = fm.horizontalAdvance(name) + fm.horizontalAdvance("  ")
    painter.setFont(text_font)
    painter.setPen(colour.lighter(150) if colour else BAR_DIM)
    _text(painter, box.adjusted(gap, 0, 0, 0), middle, text)

"""The "Where it scores" overlay: for the selected unit, the region of centre
positions at which it would count for each active objective (the rules answer,
``rules.engine.scoring_regions``; during set-up the family adds where it may
deploy), shaded in the objective's colour, hatched where enemies present now
would contest it, with a cross on the unit's centre and a panel of what each
objective says of where it stands ("Hold the Ground: 2.30 in short").

The regions do not depend on where the unit stands, only on its footprint,
facing, elevation and flags and on the other pieces: they are computed once and
kept while the unit is dragged (only the words and the cross follow it), and
again when it turns or anything else changes."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QLabel,
    QStyleOptionGraphicsItem,
    QWidget,
)

from tabletop_gui.app import style
from tabletop_gui.app.canvas.drawing import BoardMap
from tabletop_gui.geometry.minkowski import Footprint
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.engine import family_of, scoring_regions
from tabletop_gui.rules.region import RegionAnswer

#: Stacking: above zones, terrain and rule areas, below circles and pieces.
Z_REGION = 3.2
Z_CROSS = 9.0
#: Paul Tol's "bright" qualitative scheme: objectives told apart by colour-blind
#: readers too, and apart from the Okabe-Ito side colours' order.
#: Green, purple and yellow come first: the sides are blue and vermillion by default.
OBJECTIVE_COLOURS = ("#228833", "#aa3377", "#ccbb44", "#66ccee", "#4477aa", "#ee6677", "#bbbbbb")
DEPLOY_COLOUR = "#555555"


def objective_colour(index: int) -> QColor:
    return QColor(OBJECTIVE_COLOURS[index % len(OBJECTIVE_COLOURS)])


@dataclass(frozen=True)
class Shown:
    """One answer and its colour ("deploy": the set-up region)."""

    answer: RegionAnswer
    colour: QColor


def unit_key(unit: Unit) -> Hashable:
    """What the regions depend on besides the unit's position and the other pieces."""
    return (
        unit.id,
        Footprint.of(unit),
        unit.elevation,
        unit.side,
        (unit.scoring, unit.removed, unit.kind, unit.extra),
    )


def answers(state: GameState, unit: Unit) -> list[Shown]:
    """Every active objective's region for ``unit`` (as it is now, on the pieces
    of ``state``), and during set-up where it may deploy."""
    shown = [
        Shown(a, objective_colour(i)) for i, a in enumerate(scoring_regions(state, unit.id, unit))
    ]
    deploy = family_of(state.setup).deployment_region(state, unit)
    if deploy is not None:
        answer = RegionAnswer("deployment", deploy.title or "Deployment Zone", deploy)
        shown.append(Shown(answer, QColor(DEPLOY_COLOUR)))
    return shown


class RegionItem(QGraphicsPathItem):
    """One part of a region: filled in its colour (hatched when contested), its
    edge drawn in a cosmetic pen."""

    def __init__(self, path: QPainterPath, colour: QColor, contested: bool, tip: str) -> None:
        super().__init__(path)
        fill = QColor(colour)
        fill.setAlpha(70)
        brush = QBrush(fill)
        if contested:
            hatch = QColor(colour).darker(150)
            hatch.setAlpha(200)
            brush = QBrush(hatch, Qt.BrushStyle.BDiagPattern)
        edge = QPen(colour.darker(120), 2.0)
        edge.setCosmetic(True)
        if contested:
            edge.setStyle(Qt.PenStyle.DashLine)
        self.setBrush(brush)
        self.setPen(edge)
        self.setZValue(Z_REGION)
        # Drawn once per zoom: a drag repaints what it passes over, not the hatching.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setToolTip(tip)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.contested = contested
        if contested:  # a light wash under the hatching, so the region reads as one
            under = QGraphicsPathItem(path, self)
            wash = QColor(colour)
            wash.setAlpha(40)
            under.setBrush(QBrush(wash))
            under.setPen(QPen(Qt.PenStyle.NoPen))
            under.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent)
            under.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)


class CentreCross(QGraphicsItem):
    """A cross on the unit's centre: the point the regions are drawn for."""

    SIZE = 12.0  # device pixels

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(Z_CROSS)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        s = self.SIZE + 2
        return QRectF(-s, -s, 2 * s, 2 * s)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        s = self.SIZE
        for colour, width in ((QColor("white"), 5.0), (style.TEXT, 2.0)):
            painter.setPen(QPen(colour, width))
            painter.drawLine(QPointF(-s, 0), QPointF(s, 0))
            painter.drawLine(QPointF(0, -s), QPointF(0, s))


def path_of(answer: RegionAnswer, bmap: BoardMap) -> list[tuple[QPainterPath, bool, str]]:
    """(path, contested, tooltip) per part of the answer's region."""
    out: list[tuple[QPainterPath, bool, str]] = []
    region = answer.region
    if region is None:
        return out
    for part in region.parts:
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.OddEvenFill)
        for exterior, holes in part.polygons():
            path.addPolygon(bmap.polygon(exterior))
            for hole in holes:
                path.addPolygon(bmap.polygon(hole))
        if path.isEmpty():
            continue
        tip = f"{answer.name}: {part.label}"
        if part.note:
            tip += f" ({part.note})"
        out.append((path, part.contested, tip))
    return out


PANEL_BACKGROUND = QColor("#ffffff")
PANEL_BORDER = QColor("#888888")


class RegionsPanel(QWidget):
    """The overlay's words in the view's corner: a title, then a row per objective
    (a swatch of its colour and a plain line). Opaque, and a row is rewritten only
    when its words change: a drag changes a distance every frame."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("whereItScores")
        # Opaque: it paints every pixel itself (``paintEvent``) and Qt is told so,
        # so rewriting a row repaints the panel, not the board under it. (A style
        # sheet had turned its palette fill off: the board showed through.)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.WindowText, QColor("#111111"))
        self.setPalette(palette)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        # No layout: ``fit`` places the words. A layout measured every wrapped
        # line again whenever one changed (a LayoutRequest on each drag frame).
        self.title = QLabel(self)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setWordWrap(True)
        bold = self.title.font()
        bold.setBold(True)
        self.title.setFont(bold)
        self.rows: list[tuple[QLabel, QLabel]] = []
        self.pool: list[tuple[QLabel, QLabel]] = []
        #: Where the unit stands now, in the view's viewport pixels (None: no unit):
        #: the panel keeps off it. Asked each time the panel is placed.
        self.avoid: Callable[[], QRect | None] = lambda: None
        self.hide()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), PANEL_BACKGROUND)
        painter.setPen(PANEL_BORDER)
        painter.drawRect(self.rect().adjusted(0, 0, -1, -1))
        painter.end()

    def set_rows(self, title: str, rows: Sequence[tuple[QColor | None, str]]) -> None:
        """A new set of rows (another unit, or a message alone); the row widgets
        are kept and reused."""
        self.title.setText(title)
        while len(self.pool) < len(rows):
            swatch, line = QLabel("■", self), QLabel(self)
            line.setTextFormat(Qt.TextFormat.PlainText)
            line.setWordWrap(True)
            line.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            self.pool.append((swatch, line))
        for i, (swatch, line) in enumerate(self.pool):
            used = i < len(rows)
            swatch.setVisible(used)
            line.setVisible(used)
            if used:
                colour, text = rows[i]
                swatch.setStyleSheet(f"color: {colour.name() if colour else '#ffffff'};")
                line.setText(text)
        self.rows = self.pool[: len(rows)]
        self.show()
        self.fit()

    def set_lines(self, lines: Sequence[str]) -> None:
        """The rows' words again (the same objectives): only the changed ones. A
        drag changes a distance every frame: the panel is sized again only when
        a changed line needs another number of lines, or more width it can have."""
        refit = False
        for (swatch, label), text in zip(self.rows, lines, strict=True):
            if label.text() == text:
                continue
            label.setText(text)
            if refit:
                continue
            room = label.width()
            wider = label.fontMetrics().horizontalAdvance(text) > room
            height = max(label.heightForWidth(room), swatch.sizeHint().height())
            refit = height != label.height() or (wider and self.width() < self.maximum_width())
        if refit:
            self.fit()

    def text(self) -> str:
        """The panel's words, a line each (what a reader sees)."""
        lines = [self.title.text()] if self.title.text() else []
        return "\n".join(lines + [line.text() for _, line in self.rows])

    def area(self) -> QRect:
        """Where the panel may stand, in its parent's pixels: the board's viewport
        when the parent is the view (the panel is the view's child, not the
        viewport's, so scrolling the board does not carry it off its corner)."""
        parent = self.parentWidget()
        if isinstance(parent, QAbstractScrollArea):
            return parent.viewport().geometry()
        return parent.rect() if parent is not None else QRect(0, 0, 10_000, 10_000)

    def maximum_width(self) -> int:
        return max(MIN_WIDTH, int(self.area().width() * MAX_SHARE))

    def wanted_width(self) -> int:
        """As wide as the longest line, at most MAX_SHARE of the view (longer
        lines wrap: a panel across the whole view hid the top of the board)."""
        left, _, right, _ = PANEL_MARGINS
        title = self.title.fontMetrics().horizontalAdvance(self.title.text())
        lines = [
            swatch.sizeHint().width() + PANEL_SPACING[0]
            + line.fontMetrics().horizontalAdvance(line.text())
            for swatch, line in self.rows
        ]  # fmt: skip
        return min(max([title, *lines]) + left + right + 2, self.maximum_width())

    def fit(self) -> None:
        """Take the wanted width, place the title and each row's swatch and words
        (wrapped) under each other, take their height, and a corner (``place``)."""
        width = self.wanted_width()
        left, top, right, bottom = PANEL_MARGINS
        across, down = PANEL_SPACING
        inner = width - left - right
        y = top
        if self.title.text():
            h = self.title.heightForWidth(inner)
            self.title.setGeometry(left, y, inner, h)
            y += h + down
        for swatch, line in self.rows:
            mark = swatch.sizeHint()
            words = inner - mark.width() - across
            h = max(line.heightForWidth(words), mark.height())
            swatch.setGeometry(left, y, mark.width(), mark.height())
            line.setGeometry(left + mark.width() + across, y, words, h)
            y += h + down
        self.resize(width, y - down + bottom)
        self.place()

    def place(self) -> None:
        """In a corner of the board's view off the unit (``avoid``): top right,
        else bottom right, else top left (the scale bar is bottom left, a
        looking-back notice top centre)."""
        area, m = self.area(), 8
        right = max(area.left() + 4, area.right() + 1 - self.width() - m)
        bottom = max(area.top() + 4, area.bottom() + 1 - self.height() - m)
        corners = [QPoint(right, area.top() + m), QPoint(right, bottom),
                   QPoint(area.left() + m, area.top() + m)]  # fmt: skip
        unit = self.avoid()
        if unit is not None:
            unit = unit.translated(area.topLeft())
        free = [p for p in corners if unit is None or not QRect(p, self.size()).intersects(unit)]
        spot = free[0] if free else corners[0]
        if spot != self.pos():
            self.move(spot)


#: Room around the panel's words (left, top, right, bottom) and between its
#: swatches and words, and its rows (pixels).
PANEL_MARGINS = (6, 4, 6, 4)
PANEL_SPACING = (4, 1)
#: The panel is at most this share of the view wide, and at least MIN_WIDTH px.
MAX_SHARE, MIN_WIDTH = 0.45, 220


class WhereItScores:
    """The overlay on a board scene: ``show(state, unit)`` draws (or keeps) the
    regions for ``unit`` and updates the words; ``clear()`` removes them."""

    def __init__(self, scene: QGraphicsScene, panel: RegionsPanel) -> None:
        self.scene = scene
        self.panel = panel
        self.items: list[QGraphicsItem] = []
        self.cross: CentreCross | None = None
        self.key: Hashable = None
        #: The state the regions were measured on (held: compared by identity).
        self.base: GameState | None = None
        self.shown: list[Shown] = []

    def clear(self, message: str = "") -> None:
        for item in self.items:
            if item.scene() is self.scene:
                self.scene.removeItem(item)
        self.items = []
        if self.cross is not None and self.cross.scene() is self.scene:
            self.scene.removeItem(self.cross)
        self.cross = None
        self.key = None
        self.base = None
        self.shown = []
        if message:
            self.panel.set_rows(message, [])
        else:
            self.panel.hide()

    def show(self, base: GameState, unit: Unit, bmap: BoardMap) -> None:
        """Regions for ``unit`` as it stands now, measured against the pieces of
        ``base`` (the committed state: a drag moves only this unit)."""
        key = (unit_key(unit), bmap.height)
        if key != self.key or base is not self.base:
            self.clear()
            self.key, self.base = key, base
            self.shown = answers(base, unit)
            for shown in self.shown:
                for path, contested, tip in path_of(shown.answer, bmap):
                    item = RegionItem(path, shown.colour, contested, tip)
                    self.scene.addItem(item)
                    self.items.append(item)
            self.cross = CentreCross()
            self.scene.addItem(self.cross)
            title = f"Where {unit.name or unit.id} would count"
            rows = [(s.colour, line) for s, line in zip(self.shown, self.lines(unit), strict=True)]
            self.panel.set_rows(title, rows or [(None, "No active objective.")])
        else:
            self.panel.set_lines(self.lines(unit))
        if self.cross is not None:
            self.cross.setPos(bmap.to_scene(unit.x, unit.y))

    def lines(self, unit: Unit) -> list[str]:
        return [s.answer.text(unit.x, unit.y) for s in self.shown]

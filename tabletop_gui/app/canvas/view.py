"""The board view: zoom, pan, fit, scale bar, and the editing gestures.

Each gesture (drag pieces, rotate, measure, draw a polygon, pan) is a small
object that lives from mouse press to release, in the manner of Orange canvas
core's interactions; a drag previews on every move and commits ONE undo step
on release. Palette drops arrive as ordinary drag-and-drop events.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from enum import StrEnum

import shiboken6
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsView,
    QLabel,
    QStyleOptionGraphicsItem,
    QWidget,
)

from tabletop_gui.app import style
from tabletop_gui.app.canvas import labels
from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.drawing import draw_dashed, draw_label, text_size
from tabletop_gui.app.canvas.items import Z_TOOL, PieceItem, UnitItem
from tabletop_gui.app.document import Document
from tabletop_gui.app.editor import Editor
from tabletop_gui.geometry.outline import unit_outline
from tabletop_gui.play import presets
from tabletop_gui.play.measure import Measurement, measure_between

ZOOM_PER_NOTCH = 1.15
#: Above this many pieces the view draws without antialiasing: antialiased fills
#: of a thousand footprints take ~10x longer in Qt's raster engine (measured by
#: benchmarks/bench_canvas.py). Rendered images always antialias.
AA_PIECE_LIMIT = 300
MIN_PPI, MAX_PPI = 2.0, 400.0
#: Units and markers are picked this many pixels around their bases (thin units
#: stay easy to hit; a name beside a unit is not the unit).
PICK_PX = 4.0


class Tool(StrEnum):
    SELECT = "select"
    MEASURE = "measure"
    TERRAIN = "terrain"  # draw a terrain polygon point by point
    ZONE = "zone"  # draw a deployment zone point by point


class RotateHandle(QGraphicsEllipseItem):
    """The knob in front of the selected unit: drag it to turn the unit."""

    RADIUS_PX = 7.0

    def __init__(self) -> None:
        r = self.RADIUS_PX
        super().__init__(-r, -r, 2 * r, 2 * r)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setZValue(Z_TOOL + 1)
        self.setBrush(QColor("white"))
        self.setPen(style.cosmetic(QColor("black"), 2))
        self.setToolTip("Drag to rotate (R / Shift+R: 15° / 1° steps)")
        self.setCursor(Qt.CursorShape.CrossCursor)
        self.unit_id: str | None = None


class MeasureItem(QGraphicsItem):
    """The measure tool's closest-points line and its label: one line of text per
    part of the reading (the distance, then each rule's margin), placed beside
    the line where it covers no other label (``labels.line_label_spot``)."""

    #: Text size and the gap between the line and its label, inches on a 72 in
    #: board (times the scene's text scale: smaller on a small hex board).
    LABEL_IN = 0.6
    GAP = 0.3
    #: The text is drawn at least this many pixels tall (up to twice its size).
    READABLE_PX = 12.0

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_TOOL + 2)  # above the rotate handle: the reading stays whole
        self.a = QPointF()
        self.b = QPointF()
        self.lines: list[str] = []
        self.centre = QPointF()
        self.size_in = self.LABEL_IN
        self._rect = QRectF()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    @property
    def text(self) -> str:
        return ", ".join(self.lines)

    def text_block(self) -> tuple[float, float, float]:
        """Width and height of the label's text (all its lines), and one line's height."""
        sizes = [text_size(t, self.size_in, bold=True) for t in self.lines] or [(0.0, 0.0)]
        line_h = max(h for _, h in sizes)
        return max(w for w, _ in sizes), line_h * len(sizes), line_h

    def label_box(self) -> QRectF:
        """The label with its background, scene coordinates."""
        w, h, _ = self.text_block()
        c = self.centre
        px, py = self.pad()
        return QRectF(c.x() - w / 2 - px, c.y() - h / 2 - py, w + 2 * px, h + 2 * py)

    def pad(self) -> tuple[float, float]:
        """The label's background around its text (x, y), inches."""
        k = self.size_in / self.LABEL_IN
        return 0.1 * k, 0.06 * k

    def set_line(
        self, a: QPointF, b: QPointF, text: str | list[str], ppi: float | None = None
    ) -> None:
        """Show the line ``a``-``b`` and its reading; ``ppi`` (the view's zoom) keeps
        the text at least READABLE_PX tall."""
        self.prepareGeometryChange()
        self.a, self.b = a, b
        self.lines = [text] if isinstance(text, str) else list(text)
        scene = self.scene()
        ts = scene.text_scale if isinstance(scene, BoardScene) else 1.0
        self.size_in = self.LABEL_IN * ts
        if ppi:
            self.size_in = min(max(self.size_in, self.READABLE_PX / ppi), 2 * self.size_in)
        w, h, _ = self.text_block()
        px, py = self.pad()
        gap = self.GAP * ts
        if isinstance(scene, BoardScene):
            self.centre = labels.line_label_spot(scene, a, b, w + 2 * px, h + 2 * py, gap)
        else:
            self.centre = (a + b) / 2 + QPointF(0, -(h / 2 + gap))
        self._rect = (
            QRectF(a, b).normalized().adjusted(-0.5, -0.5, 0.5, 0.5).united(self.label_box())
        )
        self.update()

    def label_at(self) -> QPointF:
        return self.centre

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setOpacity(1.0)
        painter.setPen(style.cosmetic(QColor("white"), 5))
        painter.drawLine(self.a, self.b)
        line = QPainterPath(self.a)
        line.lineTo(self.b)
        draw_dashed(painter, line, QColor("black"), 2, pixels=True)
        painter.setBrush(QColor("black"))
        for p in (self.a, self.b):
            painter.drawEllipse(p, 0.12, 0.12)
        box = self.label_box()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 200))
        painter.drawRoundedRect(box, self.pad()[1], self.pad()[1])
        _, h, line_h = self.text_block()
        y = self.centre.y() - h / 2 + line_h / 2
        for text in self.lines:
            draw_label(painter, text, QPointF(self.centre.x(), y), self.size_in,
                       QColor("white"), bold=True)  # fmt: skip
            y += line_h


class PolygonPreview(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_TOOL)
        self.points: list[QPointF] = []
        self.cursor: QPointF | None = None
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set(self, points: list[QPointF], cursor: QPointF | None) -> None:
        self.prepareGeometryChange()
        self.points, self.cursor = list(points), cursor
        self.update()

    def boundingRect(self) -> QRectF:
        pts = self.points + ([self.cursor] if self.cursor is not None else [])
        if not pts:
            return QRectF()
        xs, ys = [p.x() for p in pts], [p.y() for p in pts]
        return QRectF(min(xs) - 1, min(ys) - 1, max(xs) - min(xs) + 2, max(ys) - min(ys) + 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setOpacity(1.0)
        pts = self.points + ([self.cursor] if self.cursor is not None else [])
        path = QPainterPath()
        if pts:
            path.moveTo(pts[0])
            for p in pts[1:]:
                path.lineTo(p)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 30))
        painter.drawPath(path)
        draw_dashed(painter, path, QColor("black"), 2, pixels=True)
        painter.setPen(style.cosmetic(QColor("black"), 1))
        painter.setBrush(QColor("white"))
        for p in self.points:
            painter.drawEllipse(p, 0.15, 0.15)


class ScaleBar(QWidget):
    """A bar of a round number of inches in the view's corner; follows the zoom."""

    LENGTHS = (0.5, 1, 2, 3, 6, 12, 24)

    def __init__(self, view: BoardView) -> None:
        super().__init__(view)
        self.view = view
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.resize(240, 40)
        self.inches = 6.0

    def paintEvent(self, event: QPaintEvent) -> None:
        ppi = self.view.pixels_per_inch()
        length = next((n for n in self.LENGTHS if n * ppi >= 60), self.LENGTHS[-1])
        self.inches = float(length)
        px = length * ppi
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 210))
        painter.drawRoundedRect(QRectF(2, 4, px + 70, 30), 4, 4)
        y = 26.0
        painter.setPen(style.cosmetic(QColor("black"), 2))
        painter.drawLine(QPointF(10, y), QPointF(10 + px, y))
        for i in range(int(length) + 1 if length >= 1 else 2):
            x = 10 + (i * ppi if length >= 1 else i * px)
            painter.drawLine(QPointF(x, y - (6 if i in (0, int(length)) else 3)), QPointF(x, y))
        painter.drawText(
            QRectF(16 + px, 8, 60, 24), Qt.AlignmentFlag.AlignVCenter, f"{length:g} in"
        )
        painter.end()


class BoardView(QGraphicsView):
    measured = Signal(str)
    tool_changed = Signal(str)
    #: Right-click for the selection's objective actions: global position, board x, y.
    context_requested = Signal(QPoint, float, float)

    def __init__(
        self,
        scene: BoardScene,
        doc: Document,
        editor: Editor,
        side: Callable[[], str | None] = lambda: None,
        impassable: Callable[[], bool] = lambda: False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(scene, parent)
        self.board_scene = scene
        self.doc = doc
        self.editor = editor
        self.placing_side = side
        self.draw_impassable = impassable
        self.tool = Tool.SELECT
        self.gesture: Gesture | None = None
        self.space_down = False
        self.measurement: Measurement | None = None
        self.measure_item = MeasureItem()
        self.measure_item.setVisible(False)
        scene.addItem(self.measure_item)
        self.polygon_preview = PolygonPreview()
        self.polygon_points: list[tuple[float, float]] = []
        scene.addItem(self.polygon_preview)
        self.handle = RotateHandle()
        self.handle.setVisible(False)
        scene.addItem(self.handle)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        # The idle units, drawn by one item, are kept as a picture of this view.
        scene.batch.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        # Items draw inside their bounding rects (halo margins included), except for the
        # half width of cosmetic pens (at most 2 px), so the view keeps its 2 px
        # antialiasing pad on every update (DontAdjustForAntialiasing left trails of the
        # selection box after a drag). Items set every pen, brush and opacity they use.
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
        self.setRubberBandSelectionMode(Qt.ItemSelectionMode.IntersectsItemShape)
        self.setAcceptDrops(True)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.scale_bar = ScaleBar(self)
        #: A banner over the board while the timeline looks back (read-only).
        self.notice = QLabel(self)
        self.notice.setObjectName("boardNotice")
        self.notice.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.notice.setStyleSheet(
            "background: rgba(138, 75, 0, 220); color: white; padding: 6px 14px;"
            " font-weight: bold; border-radius: 4px;"
        )
        self.notice.hide()
        self._fitted = False
        scene.selectionChanged.connect(self.update_handle)
        # A player's view (the document's viewer) hides face-down values on the board.
        doc.changed.connect(self.follow_viewer)
        self.follow_viewer()
        self._zoomed()

    def follow_viewer(self) -> None:
        """The board shows what the score panel's viewer may see: in a player's
        view a face-down objective reads '?' (the referee's view shows its value)."""
        if shiboken6.isValid(self.board_scene):
            self.board_scene.set_public(self.doc.viewer is not None)

    def _zoomed(self) -> None:
        """After the zoom changed: pieces are picked PICK_PX pixels around their
        bases, the rotate handle keeps clear of the name drawn at this zoom."""
        ppi = self.pixels_per_inch()
        self.board_scene.pick_pad_in = PICK_PX / max(ppi, 1e-6)
        self.update_handle()
        item = self.measure_item
        if self.measurement is not None and item.isVisible():
            item.set_line(item.a, item.b, item.lines, ppi)

    def set_notice(self, text: str) -> None:
        self.notice.setText(text)
        self.notice.setVisible(bool(text))
        self.notice.adjustSize()
        self._place_notice()

    def _place_notice(self) -> None:
        if self.notice.isVisible():
            x = (self.viewport().width() - self.notice.width()) // 2
            self.notice.move(max(4, x), 8)

    def update_quality(self, pieces: int) -> None:
        aa = pieces <= AA_PIECE_LIMIT
        if bool(self.renderHints() & QPainter.RenderHint.Antialiasing) != aa:
            self.setRenderHint(QPainter.RenderHint.Antialiasing, aa)
            self.viewport().update()

    # -- zoom, pan, fit ---------------------------------------------------
    def pixels_per_inch(self) -> float:
        return self.transform().m11()

    def fit_board(self) -> None:
        self.fitInView(self.board_scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self._fitted = True
        self.scale_bar.update()
        self._zoomed()

    def zoom(self, factor: float, at: QPoint | None = None) -> None:
        """Zoom by ``factor`` keeping the scene point under ``at`` (viewport pixels) still."""
        ppi = self.pixels_per_inch()
        factor = max(MIN_PPI / ppi, min(MAX_PPI / ppi, factor))
        if at is None:
            at = self.viewport().rect().center()
        before = self.mapToScene(at)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.scale(factor, factor)
        after = self.mapToScene(at)
        delta = after - before
        self.translate(delta.x(), delta.y())
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        # translate() is a no-op when the scene fits the view: scroll explicitly.
        moved = self.mapFromScene(before) - at
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + moved.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + moved.y())
        self._fitted = False
        self.scale_bar.update()
        self._zoomed()
        self.viewport().update()

    def wheelEvent(self, event: QWheelEvent) -> None:
        notches = event.angleDelta().y() / 120.0
        if notches:
            self.zoom(ZOOM_PER_NOTCH**notches, event.position().toPoint())
        event.accept()

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)
        self.scale_bar.move(8, self.viewport().height() - self.scale_bar.height() - 4)
        self._place_notice()
        if self._fitted:  # keep the whole board in view until the user zooms or pans
            self.fit_board()

    def showEvent(self, event: object) -> None:
        super().showEvent(event)
        self.fit_board()

    # -- coordinates ------------------------------------------------------
    def board_point(self, viewport_pos: QPoint | QPointF) -> tuple[float, float]:
        p = viewport_pos.toPoint() if isinstance(viewport_pos, QPointF) else viewport_pos
        return self.board_scene.bmap.to_board(self.mapToScene(p))

    def viewport_pos(self, x: float, y: float) -> QPoint:
        """Where board point (x, y) is in the viewport (tests and benchmarks drive the mouse)."""
        return self.mapFromScene(self.board_scene.bmap.to_scene(x, y))

    def piece_at(self, pos: QPoint, exclude: str | None = None) -> PieceItem | None:
        for item in self.items(pos):
            if isinstance(item, PieceItem) and item.isVisible() and item.piece_id != exclude:
                return item
        return None

    # -- tools ------------------------------------------------------------
    def set_tool(self, tool: Tool | str) -> None:
        tool = Tool(tool)
        if tool is self.tool:
            return
        self.cancel_polygon()
        self.tool = tool
        self.setDragMode(
            QGraphicsView.DragMode.RubberBandDrag
            if tool is Tool.SELECT
            else QGraphicsView.DragMode.NoDrag
        )
        cursor = Qt.CursorShape.ArrowCursor if tool is Tool.SELECT else Qt.CursorShape.CrossCursor
        self.viewport().setCursor(cursor)
        self.update_handle()  # the rotate knob shows with the select tool only
        self.tool_changed.emit(tool.value)

    def clear_measure(self) -> None:
        self.measurement = None
        self.measure_item.setVisible(False)
        self.measured.emit("")

    def set_measurement(
        self,
        start_id: str | None,
        start: tuple[float, float],
        end_id: str | None,
        end: tuple[float, float],
    ) -> Measurement:
        scene = self.doc.state.scene
        m = measure_between(scene, self.doc.scoreboard(), start_id, start, end_id, end)
        bmap = self.board_scene.bmap
        self.measure_item.set_line(
            bmap.to_scene(*m.a), bmap.to_scene(*m.b), m.lines, self.pixels_per_inch()
        )
        self.measure_item.setVisible(True)
        self.measurement = m
        self.measured.emit(m.text)
        return m

    # -- polygon drawing ------------------------------------------------------
    def cancel_polygon(self) -> None:
        self.polygon_points = []
        self.polygon_preview.set([], None)

    def finish_polygon(self) -> str | None:
        pts = self.polygon_points
        kind = "zone" if self.tool is Tool.ZONE else "terrain"
        self.cancel_polygon()
        if len(pts) < 3:
            return "a polygon needs at least 3 points"
        return self.editor.add_polygon(kind, pts, self.placing_side(), self.draw_impassable())

    def _polygon_preview(self, cursor: tuple[float, float] | None) -> None:
        bmap = self.board_scene.bmap
        self.polygon_preview.set(
            [bmap.to_scene(*p) for p in self.polygon_points],
            bmap.to_scene(*cursor) if cursor else None,
        )

    # -- rotate handle --------------------------------------------------------
    def update_handle(self) -> None:
        if not shiboken6.isValid(self.board_scene) or not shiboken6.isValid(self.handle):
            return  # the window is being torn down
        ids = self.board_scene.selected_ids()
        item = self.board_scene.piece_item(ids[0]) if len(ids) == 1 else None
        if not isinstance(item, UnitItem) or not item.isVisible() or self.tool is not Tool.SELECT:
            self.handle.setVisible(False)
            self.handle.unit_id = None
            return
        unit = item.unit
        o = unit_outline(unit)
        reach = (o.radius if o.radius is not None else o.half_d) + 0.9
        a = math.radians(unit.facing)
        bmap = self.board_scene.bmap
        # Further out in front while the knob would cover the unit's name.
        ppi = max(self.pixels_per_inch(), 1e-6)
        r = (RotateHandle.RADIUS_PX + 2) / ppi
        name = item.name_box(ppi).adjusted(-r, -r, r, r)
        step = max(0.25, r)
        for _ in range(200):
            at = bmap.to_scene(unit.x - math.sin(a) * reach, unit.y + math.cos(a) * reach)
            if name.isEmpty() or not name.contains(at):
                break
            reach += step
        self.handle.setPos(at)
        self.handle.unit_id = unit.id
        self.handle.setVisible(True)

    # -- mouse --------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if event.button() == Qt.MouseButton.MiddleButton or (
            event.button() == Qt.MouseButton.LeftButton and self.space_down
        ):
            self.gesture = PanGesture(self, pos)
            event.accept()
            return
        if event.button() != Qt.MouseButton.LeftButton:
            if event.button() == Qt.MouseButton.RightButton and self.polygon_points:
                self.polygon_points.pop()
                self._polygon_preview(self.board_point(pos))
            super().mousePressEvent(event)
            return
        if self.tool is Tool.MEASURE:
            self.gesture = MeasureGesture(self, pos)
            event.accept()
            return
        if self.tool in (Tool.TERRAIN, Tool.ZONE):
            self.polygon_points.append(self.board_point(pos))
            self._polygon_preview(self.board_point(pos))
            event.accept()
            return
        if self.handle.isVisible() and self.handle.unit_id and self.itemAt(pos) is self.handle:
            self.gesture = RotateGesture(self, self.handle.unit_id)
            event.accept()
            return
        item = self.piece_at(pos)
        if item is None:
            super().mousePressEvent(event)  # rubber band on empty board
            return
        ctrl = bool(
            event.modifiers()
            & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
        )
        if ctrl:
            item.setSelected(not item.isSelected())
        elif not item.isSelected():
            self.board_scene.clearSelection()
            item.setSelected(True)
        ids = [i for i in self.board_scene.selected_ids() if self.board_scene.pieces[i].movable]
        if item.isSelected() and ids:
            self.gesture = DragGesture(self, pos, ids)
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if self.gesture is not None:
            self.gesture.move(pos, event.modifiers())
            event.accept()
            return
        if self.polygon_points:
            self._polygon_preview(self.board_point(pos))
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.gesture is not None:
            gesture, self.gesture = self.gesture, None
            gesture.release(event.position().toPoint(), event.modifiers())
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if self.tool in (Tool.TERRAIN, Tool.ZONE):
            self.finish_polygon()
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key == Qt.Key.Key_Space and not event.isAutoRepeat():
            self.space_down = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.polygon_points:
            self.finish_polygon()
            event.accept()
            return
        if key == Qt.Key.Key_Escape:
            if self.gesture is not None:
                self.gesture.cancel()
                self.gesture = None
            elif self.polygon_points:
                self.cancel_polygon()
            elif self.measurement is not None or self.tool is Tool.MEASURE:
                # One Escape leaves the measure tool with its line: the next click
                # selects, it does not start a measure from where it lands.
                self.clear_measure()
                self.set_tool(Tool.SELECT)
            else:
                self.set_tool(Tool.SELECT)
                self.board_scene.clearSelection()
            event.accept()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self.space_down = False
            self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
            event.accept()
            return
        super().keyReleaseEvent(event)

    def contextMenuEvent(self, event: object) -> None:
        if self.tool is not Tool.SELECT or self.polygon_points or self.gesture is not None:
            event.accept()
            return
        pos = event.pos()
        item = self.piece_at(pos)
        if item is not None and not item.isSelected():
            self.board_scene.clearSelection()
            item.setSelected(True)
        x, y = self.board_point(pos)
        self.context_requested.emit(event.globalPos(), x, y)
        event.accept()

    # -- palette drops ------------------------------------------------------
    def dragEnterEvent(self, event: object) -> None:
        if event.mimeData().hasFormat(presets.MIME_TYPE):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: object) -> None:
        if event.mimeData().hasFormat(presets.MIME_TYPE):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: object) -> None:
        mime = event.mimeData()
        if not mime.hasFormat(presets.MIME_TYPE):
            event.ignore()
            return
        try:
            payload = json.loads(bytes(mime.data(presets.MIME_TYPE)).decode("utf-8"))
        except ValueError:
            event.ignore()
            return
        x, y = self.board_point(event.position())
        refused = self.editor.add_preset(payload, x, y, self.placing_side())
        if refused is None:
            event.acceptProposedAction()
            added = self.doc.undo_stack.command(self.doc.undo_stack.index() - 1)
            self._select_added(added)
        else:
            event.ignore()

    def _select_added(self, command: object) -> None:
        events = getattr(command, "events", ())
        ids = [getattr(getattr(e, "piece", None), "id", None) for e in events]
        ids = [i for i in ids if i and i in self.board_scene.pieces]
        if ids:
            self.board_scene.clearSelection()
            for i in ids:
                self.board_scene.pieces[i].setSelected(True)


class Gesture:
    def move(self, pos: QPoint, modifiers: Qt.KeyboardModifier) -> None: ...

    def release(self, pos: QPoint, modifiers: Qt.KeyboardModifier) -> None: ...

    def cancel(self) -> None: ...


class PanGesture(Gesture):
    def __init__(self, view: BoardView, pos: QPoint) -> None:
        self.view, self.last = view, pos
        view.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)

    def move(self, pos: QPoint, modifiers: Qt.KeyboardModifier) -> None:
        d = pos - self.last
        self.last = pos
        h, v = self.view.horizontalScrollBar(), self.view.verticalScrollBar()
        h.setValue(h.value() - d.x())
        v.setValue(v.value() - d.y())
        self.view._fitted = False

    def release(self, pos: QPoint, modifiers: Qt.KeyboardModifier) -> None:
        cursor = (
            Qt.CursorShape.OpenHandCursor if self.view.space_down else Qt.CursorShape.ArrowCursor
        )
        self.view.viewport().setCursor(cursor)


class DragGesture(Gesture):
    """Move the selected pieces: a provisional state on every move, one MovePiece
    per piece pushed as ONE undo step on release."""

    def __init__(self, view: BoardView, pos: QPoint, ids: list[str]) -> None:
        self.view = view
        self.ids = ids
        self.press = pos
        self.start = view.board_point(pos)
        self.active = False
        self.delta = (0.0, 0.0)
        self.refusal: str | None = None

    def _delta(self, pos: QPoint) -> tuple[float, float]:
        x, y = self.view.board_point(pos)
        return (x - self.start[0], y - self.start[1])

    def move(self, pos: QPoint, modifiers: Qt.KeyboardModifier) -> None:
        if not self.active:
            if (pos - self.press).manhattanLength() < QApplication.startDragDistance():
                return
            self.active = True
        self.delta = self._delta(pos)
        refusal = self.view.editor.preview_move(self.ids, *self.delta)
        if refusal != self.refusal:
            self.refusal = refusal
            self.view.doc.message.emit(f"Not allowed here: {refusal}" if refusal else "")
        self.view.update_handle()

    def release(self, pos: QPoint, modifiers: Qt.KeyboardModifier) -> None:
        if not self.active:
            return
        self.view.editor.commit_move(self.ids, *self._delta(pos))
        self.view.update_handle()

    def cancel(self) -> None:
        self.view.doc.cancel_preview()
        self.view.update_handle()


class RotateGesture(Gesture):
    """Turn a unit to face the mouse: 1° steps, 15° with Shift; one undo step."""

    def __init__(self, view: BoardView, unit_id: str) -> None:
        self.view = view
        self.unit_id = unit_id
        self.facing: float | None = None

    def _facing(self, pos: QPoint, modifiers: Qt.KeyboardModifier) -> float:
        unit = self.view.doc.committed.scene.units[self.unit_id]
        x, y = self.view.board_point(pos)
        f = math.degrees(math.atan2(-(x - unit.x), y - unit.y)) % 360.0
        step = 15.0 if modifiers & Qt.KeyboardModifier.ShiftModifier else 1.0
        return (round(f / step) * step) % 360.0

    def move(self, pos: QPoint, modifiers: Qt.KeyboardModifier) -> None:
        self.facing = self._facing(pos, modifiers)
        self.view.editor.preview_rotate(self.unit_id, self.facing)
        self.view.update_handle()

    def release(self, pos: QPoint, modifiers: Qt.KeyboardModifier) -> None:
        if self.facing is None:
            return
        self.view.editor.commit_rotate([self.unit_id], facing=self._facing(pos, modifiers))
        self.view.update_handle()

    def cancel(self) -> None:
        self.view.doc.cancel_preview()
        self.view.update_handle()


class MeasureGesture(Gesture):
    """From a piece (or a point) to another piece (or a point): closest points,
    distance to 0.01 in and the margin to each threshold on the board."""

    def __init__(self, view: BoardView, pos: QPoint) -> None:
        self.view = view
        item = view.piece_at(pos)
        self.start_id = (
            item.piece_id if item is not None and item.kind in ("unit", "marker") else None
        )
        self.start = view.board_point(pos)
        self.press = pos
        self.moved = False

    def move(self, pos: QPoint, modifiers: Qt.KeyboardModifier) -> None:
        self.moved = True
        item = self.view.piece_at(pos, exclude=self.start_id)
        end_id = item.piece_id if item is not None and item.kind in ("unit", "marker") else None
        self.view.set_measurement(self.start_id, self.start, end_id, self.view.board_point(pos))

    def release(self, pos: QPoint, modifiers: Qt.KeyboardModifier) -> None:
        still = (pos - self.press).manhattanLength() < QApplication.startDragDistance()
        if still and not self.moved:  # a click, not a measure: no "0.00 in" line
            self.view.clear_measure()
            return
        self.move(pos, modifiers)

    def cancel(self) -> None:
        self.view.clear_measure()

"""The board view: zoom, pan, fit, scale bar, tools, and the routing of mouse
and keys to the gestures.

Each gesture (drag pieces, rotate, measure, draw a polygon, pan) is a small
object in ``gestures.py``; the items the tools draw are in ``tool_items.py``.
Palette drops arrive as ordinary drag-and-drop events.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from enum import StrEnum

import shiboken6
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPixmapCache,
    QResizeEvent,
    QShowEvent,
    QUndoCommand,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsView,
    QLabel,
    QWidget,
)

from tabletop_gui.app.canvas.annotation_items import DragReadout, PinnedRulerItem
from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.gestures import (
    DragGesture,
    Gesture,
    MeasureGesture,
    PanGesture,
    PolygonGesture,
    RotateGesture,
)
from tabletop_gui.app.canvas.items import MarkerItem, PieceItem, PolygonItem, UnitItem
from tabletop_gui.app.canvas.label_spots import Placer
from tabletop_gui.app.canvas.lod_tiles import SETTLE_MS
from tabletop_gui.app.canvas.marks import HEX_SELECT_GAP
from tabletop_gui.app.canvas.scale_bar import draw_scale_bar
from tabletop_gui.app.canvas.tool_items import MeasureItem, RotateHandle
from tabletop_gui.app.document import Document, EventCommand
from tabletop_gui.app.editor import MEASURING, Editor
from tabletop_gui.geometry.outline import unit_outline
from tabletop_gui.model.annotations import Ruler
from tabletop_gui.model.events import AddPiece
from tabletop_gui.model.hexgrid import HexBoard
from tabletop_gui.model.names import piece_label, turned
from tabletop_gui.play import presets
from tabletop_gui.play.measure import Measurement, measure_between

MeasureEnds = tuple[str | None, tuple[float, float], str | None, tuple[float, float]]

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


class ScaleBar(QWidget):
    """A bar of a round number of inches in the view's corner; follows the zoom.
    On a hex board, where inches mean nothing to the rules, a bar of hexes (its
    ticks a hex apart, centre to centre)."""

    def __init__(self, view: BoardView) -> None:
        super().__init__(view)
        self.view = view
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.resize(240, 40)
        self.inches = 6.0

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        board = self.view.board_scene.board
        hex_size = board.hex_size if isinstance(board, HexBoard) else None
        self.inches, _ = draw_scale_bar(
            painter, QPointF(0, 0), self.view.pixels_per_inch(), hex_size=hex_size
        )
        painter.end()


#: Viewport-sized pictures Qt's pixmap cache must hold: what the board scene
#: keeps (``BoardScene.keep_pictures``: the unit batches, overlays, zones,
#: terrain, markers) covered 0.6 to 2.3 viewports in the bundled examples and
#: the overlay benchmark, at 1600x950 and 1024x640; the rest is room for the
#: where-it-scores regions and icons.
CACHED_PICTURES = 6


#: What a knob over a piece costs against one over a label, per area covered.
KNOB_ON_PIECE = 0.02


class BoardView(QGraphicsView):
    measured = Signal(str)
    tool_changed = Signal(str)
    #: Right-click for the selection's objective actions: global position, board x, y.
    context_requested = Signal(QPoint, float, float)
    #: A pinned ruler was double-clicked: its id (the window asks for its note).
    ruler_note_requested = Signal(str)
    #: The zoom changed (pixels per inch): what is sized for the zoom follows.
    zoom_changed = Signal(float)

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
        #: A hex board's labels are placed again for the zoom once it rests (as the
        #: kept pictures are drawn sharp again: lod_tiles.SETTLE_MS).
        self.label_timer = QTimer(self)
        self.label_timer.setSingleShot(True)
        self.label_timer.setInterval(SETTLE_MS)
        self.label_timer.timeout.connect(self._place_hex_labels)
        self.editor = editor
        self.placing_side = side
        self.draw_impassable = impassable
        self.tool = Tool.SELECT
        self.gesture: Gesture | None = None
        #: The piece a click on the one selected selects, released without a drag.
        self._beneath: PieceItem | PinnedRulerItem | None = None
        #: What the rotate handle was last placed for: (item, unit, name's place, zoom).
        self._handle_for: tuple[object, object, object, float] | None = None
        self.space_down = False
        self.measurement: Measurement | None = None
        #: The live measure's ends (start piece, start, end piece, end): P pins them.
        self.measure_ends: MeasureEnds | None = None
        self.drag_readout = DragReadout()
        self.drag_readout.add_to(scene)
        self.measure_item = MeasureItem()
        self.measure_item.setVisible(False)
        scene.addItem(self.measure_item)
        #: The polygon being drawn, from its first point until it is finished or dropped.
        self.drawing: PolygonGesture | None = None
        self.handle = RotateHandle()
        self.handle.setVisible(False)
        scene.addItem(self.handle)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        # The scene keeps the background and the unit batches as pictures per zoom
        # band (lod_tiles.py): Qt's background cache would be drawn anew at each scale.
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
        scene.keep_pictures()
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
        #: What was selected when a rubber band began with Ctrl (it adds to that).
        self._band_before: set[QGraphicsItem] = set()
        scene.selectionChanged.connect(self._band_takes_areas_whole)
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
        if isinstance(self.board_scene.board, HexBoard):
            # A hex board's labels take the room this zoom leaves (hex_labels):
            # at once the first time, then once the zoom rests.
            if self.board_scene.label_ppi <= 0:
                self._place_hex_labels()
            else:
                self.label_timer.start()
        self.update_handle()
        item = self.measure_item
        if self.measurement is not None and item.isVisible():
            item.set_line(item.a, item.b, item.lines, ppi)
        self.zoom_changed.emit(ppi)

    def _place_hex_labels(self) -> None:
        if shiboken6.isValid(self.board_scene) and isinstance(self.board_scene.board, HexBoard):
            self.board_scene.set_label_ppi(self.pixels_per_inch())

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
            # Kept pictures were drawn with the other hint: draw them again.
            for item in self.board_scene.items():
                if item.cacheMode() != QGraphicsItem.CacheMode.NoCache:
                    item.update()
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

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.scale_bar.move(8, self.viewport().height() - self.scale_bar.height() - 4)
        self._room_for_pictures()
        self._place_notice()
        if self._fitted:  # keep the whole board in view until the user zooms or pans
            self.fit_board()

    def _room_for_pictures(self) -> None:
        """Make Qt's pixmap cache (where the batches' pictures are kept, each up to
        the viewport's size) hold CACHED_PICTURES viewports: with its default 10 MB,
        a large window's pictures pushed each other out and every repaint drew
        the army again (75 ms instead of 13 at 3000 x 1800)."""
        vp = self.viewport()
        dpr = vp.devicePixelRatioF()
        need = int(CACHED_PICTURES * vp.width() * vp.height() * 4 * dpr * dpr / 1024)
        if need > QPixmapCache.cacheLimit():
            QPixmapCache.setCacheLimit(need)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit_board()

    # -- coordinates ------------------------------------------------------
    def board_point(self, viewport_pos: QPoint | QPointF) -> tuple[float, float]:
        p = viewport_pos.toPoint() if isinstance(viewport_pos, QPointF) else viewport_pos
        return self.board_scene.bmap.to_board(self.mapToScene(p))

    def viewport_pos(self, x: float, y: float) -> QPoint:
        """Where board point (x, y) is in the viewport (tests and benchmarks drive the mouse)."""
        return self.mapFromScene(self.board_scene.bmap.to_scene(x, y))

    def ruler_at(self, pos: QPoint) -> PinnedRulerItem | None:
        """The pinned ruler whose reading is under ``pos``, unless a unit or a
        marker is too: a click there is meant for the piece (a reading with no
        clear spot drawn over a unit took the drag meant for that unit)."""
        item = self.itemAt(pos)
        if not isinstance(item, PinnedRulerItem):
            return None
        pieces = (it for it in self.items(pos) if isinstance(it, UnitItem | MarkerItem))
        return None if any(it.isVisible() for it in pieces) else item

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
        if self.tool is Tool.MEASURE and self.measure_ends is not None:
            # An unpinned line belongs to the measure tool: leaving the tool takes
            # it away (pin it first with P or Enter to keep it).
            self.clear_measure()
        self.tool = tool
        self.editor.locked = MEASURING if tool is Tool.MEASURE else None
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
        self.measure_ends = None
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
        self.measure_item.ends = (start_id, end_id)
        self.measure_item.set_line(
            bmap.to_scene(*m.a), bmap.to_scene(*m.b), m.lines, self.pixels_per_inch()
        )
        self.measure_item.setVisible(True)
        self.measurement = m
        self.measure_ends = (start_id, start, end_id, end)
        self.measured.emit(m.text)
        return m

    def pin_measurement(self) -> str | None:
        """Pin the live measure as a ruler of the game's annotations (one undo
        step); returns the new ruler's id."""
        if self.measure_ends is None:
            return None
        start_id, start, end_id, end = self.measure_ends
        notes = self.doc.annotations
        at = self.doc.state.index  # the moment shown (looking back: that one)
        ruler = Ruler(notes.new_ruler_id(), start, end, start_id, end_id, at=at)
        self.doc.set_annotations(notes.with_ruler(ruler), f"Pin ruler {ruler.id}")
        self.clear_measure()
        self.doc.message.emit(f"Pinned {ruler.id}: select it and press Delete to remove it")
        return ruler.id

    def show_drag(self, ids: list[str]) -> None:
        """While pieces are dragged: the first one's distance from where it began
        (where the board drew it when the drag began). Looking back at an earlier
        moment nothing moves (the move is refused, read-only, and the status bar
        says so): no reading, not the way from the present to the moment shown."""
        if self.doc.looking_back:
            self.hide_drag()
            return
        scene = self.doc.state.scene
        committed = self.doc.committed.scene
        pid = next((i for i in ids if i in committed.units or i in committed.markers), None)
        if pid is None:
            self.hide_drag()
            return
        was = committed.units.get(pid) or committed.markers[pid]
        now = scene.units.get(pid) or scene.markers.get(pid) or was
        dx, dy = now.x - was.x, now.y - was.y
        bmap, ppi = self.board_scene.bmap, self.pixels_per_inch()
        text = self.drag_readout.show_move((was.x, was.y), dx, dy, bmap, ppi, scene.board)
        self.measured.emit(text)

    def show_turn(self, unit_id: str, facing: float) -> None:
        """While the rotate knob is dragged: the turn from the facing the unit
        had ('turned 35° left, facing 35°'), beside the unit and in the status bar.
        Looking back nothing turns (read-only): no reading."""
        was = self.doc.committed.scene.units.get(unit_id)
        if was is None or self.doc.looking_back:
            self.hide_drag()
            return
        centre = self.board_scene.bmap.to_scene(was.x, was.y)
        tip = self.handle.pos() if self.handle.isVisible() else centre
        text = turned(was.facing, facing)
        self.measured.emit(self.drag_readout.show_turn(centre, tip, text, self.pixels_per_inch()))

    def hide_drag(self) -> None:
        if self.drag_readout.hide_move():
            self.measured.emit("")

    # -- polygon drawing ------------------------------------------------------
    def cancel_polygon(self) -> None:
        drawing, self.drawing = self.drawing, None
        if drawing is not None:
            drawing.cancel()

    def finish_polygon(self) -> str | None:
        drawing, self.drawing = self.drawing, None
        if drawing is None:
            return "a polygon needs at least 3 points"
        return drawing.finish()

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
        ppi = max(self.pixels_per_inch(), 1e-6)
        placed = (item, unit, item.name_at, ppi)
        last = self._handle_for
        if (
            self.handle.isVisible()
            and last is not None
            and all(a is b for a, b in zip(placed[:2], last[:2], strict=True))
            and placed[2:] == last[2:]
        ):
            return  # placed for this very unit, name and zoom (a move asks twice)
        self._handle_for = placed
        o = unit_outline(unit)
        reach = (o.radius if o.radius is not None else o.half_d) + 0.9
        a = math.radians(unit.facing)
        bmap = self.board_scene.bmap
        # Further out in front while the knob would cover the unit's name.
        r = (RotateHandle.RADIUS_PX + 2) / ppi
        name = item.name_box(ppi).adjusted(-r, -r, r, r)
        step = max(0.25, r)
        placer = self.board_scene.label_placer
        if isinstance(self.board_scene.board, HexBoard) and isinstance(placer, Placer):
            # A hex board: the counter fills most of its hex and the next hexes'
            # names stand close by; the knob goes just in front of the counter,
            # further out (up to 2 hex sizes: by its unit still) only while it
            # would cover a label or another counter; where every such spot
            # covers one, the spot covering least, a label counting far more
            # than a counter (the knob over a counter's corner hides no word).
            drawn = item.drawn_rect()
            first = max(drawn.width(), drawn.height()) / 2 + HEX_SELECT_GAP + r
            knob = QRectF(-r, -r, 2 * r, 2 * r)
            step = r / 2
            spots = [first + k * step for k in range(60)]
            spots = [d for d in spots if d <= max(first, 2 * self.board_scene.board.hex_size)]
            costs = []
            for d in spots:
                at = bmap.to_scene(unit.x - math.sin(a) * d, unit.y + math.cos(a) * d)
                if name.contains(at):
                    costs.append(math.inf)
                    continue
                costs.append(placer.cost([knob.translated(at)], item, math.inf, KNOB_ON_PIECE))
                if costs[-1] == 0:
                    break
            reach = spots[costs.index(min(costs))] if costs else first
        for _ in range(200):
            at = bmap.to_scene(unit.x - math.sin(a) * reach, unit.y + math.cos(a) * reach)
            if name.isEmpty() or not name.contains(at):
                break
            reach += step
        self.handle.setPos(at)
        self.handle.unit_id = unit.id
        self.handle.setVisible(True)

    # -- mouse --------------------------------------------------------------
    def _band_takes_areas_whole(self) -> None:
        """A rubber band takes the units and markers it touches, but an area (a
        terrain feature, a deployment zone) only when it holds the whole of it: a
        band dragged across a zone's edge round a unit standing in the zone took
        the zone too, and Delete then deleted it."""
        band = self.rubberBandRect()
        if band.isNull():
            return
        held = QPainterPath()
        held.addPolygon(self.mapToScene(band))
        scene = self.scene()
        dropped = [
            item for item in scene.selectedItems()
            if isinstance(item, PolygonItem) and item not in self._band_before
            and not held.contains(item.mapToScene(item.path))
        ]  # fmt: skip
        if not dropped:
            return
        # One selectionChanged for them all (each would rebuild the units' batches;
        # the one sent finds nothing left to drop).
        blocked = scene.blockSignals(True)
        try:
            for item in dropped:
                item.setSelected(False)
        finally:
            scene.blockSignals(blocked)
        scene.selectionChanged.emit()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if event.button() == Qt.MouseButton.MiddleButton or (
            event.button() == Qt.MouseButton.LeftButton and self.space_down
        ):
            self.gesture = PanGesture(self, pos)
            event.accept()
            return
        if event.button() != Qt.MouseButton.LeftButton:
            right = event.button() == Qt.MouseButton.RightButton
            if right and self.drawing is not None and not self.drawing.take_back(pos):
                self.cancel_polygon()  # the last point taken back: nothing is drawn
            if right:
                # Not passed to the scene, which clears the selection on a press
                # off every piece: the menu (contextMenuEvent) offers the selected
                # units' actions at the point right-clicked (a hex to retreat to).
                event.accept()
                return
            super().mousePressEvent(event)
            return
        if self.tool is Tool.MEASURE:
            self.gesture = MeasureGesture(self, pos)
            event.accept()
            return
        if self.tool in (Tool.TERRAIN, Tool.ZONE):
            if self.drawing is None:
                self.drawing = PolygonGesture(self, self.tool.value)
            self.drawing.add(pos)
            event.accept()
            return
        if self.handle.isVisible() and self.handle.unit_id and self.itemAt(pos) is self.handle:
            self.gesture = RotateGesture(self, self.handle.unit_id)
            event.accept()
            return
        if self.ruler_at(pos) is not None:
            super().mousePressEvent(event)  # a pinned ruler's reading: select it
            return
        item = self.piece_at(pos)
        if item is None:
            control = event.modifiers() & Qt.KeyboardModifier.ControlModifier
            self._band_before = set(self.scene().selectedItems()) if control else set()
            super().mousePressEvent(event)  # rubber band on empty board
            return
        ctrl = bool(
            event.modifiers()
            & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
        )
        # A click on a piece already selected alone, with others under it (a
        # marker lying on a unit) or a pinned ruler's reading over it: released
        # without a drag, it selects the one beneath, or the ruler
        # (``mouseReleaseEvent``; a reading over a piece leaves it the clicks).
        stack = [it for it in self.items(pos)
                 if isinstance(it, UnitItem | MarkerItem) and it.isVisible()]  # fmt: skip
        self._beneath = None
        if not ctrl and self.board_scene.selected_ids() == [item.piece_id]:
            top = self.itemAt(pos)
            if len(stack) > 1:
                self._beneath = stack[1]
            elif isinstance(top, PinnedRulerItem):
                self._beneath = top
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
        if self.drawing is not None:
            self.drawing.hover(pos)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        beneath, self._beneath = self._beneath, None
        if self.gesture is not None:
            gesture, self.gesture = self.gesture, None
            gesture.release(event.position().toPoint(), event.modifiers())
            dragged = isinstance(gesture, DragGesture) and gesture.active
            if beneath is not None and not dragged and shiboken6.isValid(beneath):
                under = self.piece_at(event.position().toPoint())
                self.board_scene.clearSelection()
                beneath.setSelected(True)
                if isinstance(beneath, PinnedRulerItem):
                    name = piece_label(under.piece) if under and under.piece is not None else ""
                    self.doc.message.emit(
                        f"Selected the pinned ruler over {name} (Delete removes it;"
                        f" click again for {name})"
                    )
                else:
                    name = piece_label(beneath.piece) if beneath.piece is not None else ""
                    self.doc.message.emit(f"Selected {name}, beneath (click again for the other)")
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if self.tool in (Tool.TERRAIN, Tool.ZONE):
            self.finish_polygon()
            event.accept()
            return
        item = self.ruler_at(event.position().toPoint())
        if self.tool is Tool.SELECT and item is not None:
            self.ruler_note_requested.emit(item.ruler.id)
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
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.drawing is not None:
            self.finish_polygon()
            event.accept()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.measure_ends:
            self.pin_measurement()
            event.accept()
            return
        if key == Qt.Key.Key_Escape:
            if self.gesture is not None:
                self.gesture.cancel()
                self.gesture = None
            elif self.drawing is not None:
                self.cancel_polygon()
            elif self.measurement is not None:
                # The first Escape clears the line and stays in the measure tool, so
                # the next drag measures again and never moves a piece; the second
                # leaves the tool.
                self.clear_measure()
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

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        if self.tool is not Tool.SELECT or self.drawing is not None or self.gesture is not None:
            event.accept()
            return
        pos = event.pos()
        item = self.piece_at(pos)
        if item is not None and not item.isSelected():
            self.board_scene.clearSelection()
            item.setSelected(True)
            # A marker lying on a unit (a Spoils of War marker it stands on to
            # pick it up) is drawn over it: the unit beneath is asked too, so its
            # actions there (pick up) are in the menu.
            if isinstance(item, MarkerItem):
                for under in self.items(pos):
                    if isinstance(under, UnitItem) and under.isVisible():
                        under.setSelected(True)
                        break
        x, y = self.board_point(pos)
        self.context_requested.emit(event.globalPos(), x, y)
        event.accept()

    # -- palette drops ------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(presets.MIME_TYPE):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if event.mimeData().hasFormat(presets.MIME_TYPE):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        mime = event.mimeData()
        if not mime.hasFormat(presets.MIME_TYPE):
            event.ignore()
            return
        try:
            payload = json.loads(bytes(mime.data(presets.MIME_TYPE).data()).decode("utf-8"))
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

    def _select_added(self, command: QUndoCommand) -> None:
        """Select the pieces the drop added (a deployment's zones too)."""
        events = command.events if isinstance(command, EventCommand) else ()
        ids = [e.piece.id for e in events if isinstance(e, AddPiece)]
        ids = [i for i in ids if i in self.board_scene.pieces]
        if ids:
            self.board_scene.clearSelection()
            for i in ids:
                self.board_scene.pieces[i].setSelected(True)

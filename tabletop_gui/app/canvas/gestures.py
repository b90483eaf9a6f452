"""The view's gestures, one small object each, in the manner of the
interactions of Orange canvas core (biolab/orange-canvas-core,
``document/interactions.py``): pan, drag pieces, rotate a unit and measure live
from mouse press to release; polygon drawing lives from its first click to the
click, key or tool change that ends it. A drag previews on every move and
commits ONE undo step on release."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas.tool_items import PolygonPreview
from tabletop_gui.model.hexgrid import HexBoard

if TYPE_CHECKING:
    from tabletop_gui.app.canvas.view import BoardView


class Gesture:
    """A press-to-release gesture: the view sends it the moves and the release,
    or ``cancel`` on Escape, and forgets it after either."""

    def move(self, pos: QPoint, modifiers: Qt.KeyboardModifier) -> None:
        """The mouse moved to ``pos`` (viewport pixels) with a button down."""

    def release(self, pos: QPoint, modifiers: Qt.KeyboardModifier) -> None:
        """The button came up at ``pos``: the gesture's one undo step, if any."""

    def cancel(self) -> None:
        """Escape: undo whatever the gesture previewed."""


class PanGesture(Gesture):
    """Middle button, or Space and the left button: scroll the board."""

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
        #: The last place the rules allowed during the drag (what the board showed
        #: while the mouse went on where they refuse).
        self.allowed: tuple[float, float] | None = None

    def _delta(self, pos: QPoint) -> tuple[float, float]:
        """How far the pointer took the pieces, stopped at the table's edge."""
        x, y = self.view.board_point(pos)
        return self.view.editor.kept_on_board(self.ids, x - self.start[0], y - self.start[1])

    def move(self, pos: QPoint, modifiers: Qt.KeyboardModifier) -> None:
        if not self.active:
            if (pos - self.press).manhattanLength() < QApplication.startDragDistance():
                return
            self.active = True
        self.delta = self._delta(pos)
        refusal = self.view.editor.preview_move(self.ids, *self.delta)
        if refusal is None:
            self.allowed = self.delta
        if refusal != self.refusal:
            self.refusal = refusal
            self.view.doc.message.emit(f"Not allowed here: {refusal}" if refusal else "")
        self.view.show_drag(self.ids)
        self.view.update_handle()

    def release(self, pos: QPoint, modifiers: Qt.KeyboardModifier) -> None:
        if not self.active:
            return
        self.view.hide_drag()
        delta = self._delta(pos)
        editor = self.view.editor
        refusal = editor.preview_move(self.ids, *delta)
        on_hexes = isinstance(self.view.doc.committed.scene.board, HexBoard)
        if refusal is not None and on_hexes:
            # A hex is the place meant (an enemy's: an attack, not a move): the
            # last hex allowed on the way would be a move nobody made.
            self.view.doc.cancel_preview()
            self.view.doc.message.emit(f"Not moved: {refusal}")
        elif refusal is not None and self.allowed is not None and any(self.allowed):
            # Released where the rules refuse: the pieces go where the board
            # showed them, the last place allowed, and the status bar says why.
            delta = self.allowed
            if editor.commit_move(self.ids, *delta) is None:
                self.view.doc.message.emit(f"Left at the last place allowed: {refusal}")
        else:
            editor.commit_move(self.ids, *delta)
        self.view.update_handle()

    def cancel(self) -> None:
        self.view.hide_drag()
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
        self.view.show_turn(self.unit_id, self.facing)  # as a drag reads 'moved 5.97 in'

    def release(self, pos: QPoint, modifiers: Qt.KeyboardModifier) -> None:
        if self.facing is None:
            return
        self.view.hide_drag()
        self.view.editor.commit_rotate([self.unit_id], facing=self._facing(pos, modifiers))
        self.view.update_handle()

    def cancel(self) -> None:
        self.view.hide_drag()
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


class PolygonGesture:
    """Draw a terrain polygon or a deployment zone point by point: a click adds
    a point, a right-click takes the last one back, the preview follows the
    mouse; a double-click or Enter adds the piece as ONE undo step, Escape or
    another tool drops it. It lives from the first click until one of those."""

    def __init__(self, view: BoardView, kind: str) -> None:
        self.view = view
        self.kind = kind  # "terrain" or "zone"
        self.points: list[tuple[float, float]] = []
        self.preview = PolygonPreview()
        view.board_scene.addItem(self.preview)

    def add(self, pos: QPoint) -> None:
        """A click: one more point, at ``pos`` (viewport pixels)."""
        self.points.append(self.view.board_point(pos))
        self.hover(pos)

    def take_back(self, pos: QPoint) -> bool:
        """A right-click: the last point goes. False when none is left."""
        if self.points:
            self.points.pop()
        self.hover(pos)
        return bool(self.points)

    def hover(self, pos: QPoint) -> None:
        """The edge from the last point follows the mouse."""
        bmap = self.view.board_scene.bmap
        cursor = self.view.board_point(pos)
        self.preview.set([bmap.to_scene(*p) for p in self.points], bmap.to_scene(*cursor))

    def finish(self) -> str | None:
        """Add the polygon (one undo step); the refusal, if any."""
        points = list(self.points)
        self.cancel()
        if len(points) < 3:
            return "a polygon needs at least 3 points"
        view = self.view
        return view.editor.add_polygon(
            self.kind, points, view.placing_side(), view.draw_impassable()
        )

    def cancel(self) -> None:
        """Take the preview off the board."""
        self.points = []
        scene = self.preview.scene()
        if scene is not None:
            scene.removeItem(self.preview)

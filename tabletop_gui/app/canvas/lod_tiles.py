"""Level-of-detail pictures of what covers the board, kept per zoom band.

Qt's DeviceCoordinateCache drops an item's picture whenever the view's scale
changes, so every zoom step drew the whole army again (12-21 ms at 1,000 units
with the game started, about 50 ms in set-up: benchmarks/bench_canvas.py).
``TilePictures`` keeps a large item (a unit batch) or the scene's background
drawn at one scale (the *sharp* scale) as tiles
of TILE device pixels. While the view zooms within a band around that scale
(ZOOM_BAND either way), the tiles are drawn scaled with the view's transform, a
few blits; once the zoom has rested for SETTLE_MS the item is drawn again,
sharp, at the new scale. Panning draws only the tiles newly in view, all of
them in one pass. Exports and prints never use it (they draw directly: a kept
picture would go into them as a bitmap).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QRect, QRectF, QTimer
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import QWidget

#: Tile side in device pixels (a 1600 x 950 view shows 12 to 20 of them).
TILE = 512
#: A kept picture is drawn scaled while the view's scale is within this factor of
#: the scale it was drawn at; past it the item is drawn again at once.
ZOOM_BAND = 1.5
#: After a zoom step, the item is drawn sharp again once the zoom has rested this long.
SETTLE_MS = 150
#: Tiles kept per view and picture, past which those out of view go: about two
#: viewports of 1600 x 950 (32 MB).
MAX_TILES = 32

#: Draws the picture's content within a rectangle (item or scene coordinates).
Draw = Callable[[QPainter, QRectF], None]


class _ViewTiles:
    """The tiles of one view (each view has its own scale)."""

    def __init__(self) -> None:
        self.scale = 0.0
        #: The view's translation less whole pixels when drawn: tiles start on
        #: the view's pixels, so at the sharp scale a tile is a plain copy.
        self.frac = (0.0, 0.0)
        #: The scale and fraction of the last paint: a new one is a zoom step (the
        #: wait for the view to rest restarts).
        self.shown = (0.0, (0.0, 0.0))
        self.key: tuple = ()
        self.tiles: dict[tuple[int, int], QPixmap] = {}


class TilePictures:
    """Pictures per view, as tiles at the last sharp scale; ``repaint`` asks the
    views to paint again (once a zoom rests: the pictures are drawn sharp)."""

    def __init__(self, owner: object, repaint: Callable[[], None]) -> None:
        #: The scene or item the pictures belong to: once Qt has deleted it, a
        #: settle timer still pending repaints nothing.
        self._owner = owner
        self.repaint = repaint
        self._views: dict[int, _ViewTiles] = {}
        self._timer: QTimer | None = None
        self._pending: set[int] = set()
        #: Views whose zoom has rested: their next paint draws sharp.
        self._settled: set[int] = set()

    def resting(self) -> bool:
        """No view waits to be drawn sharp after a zoom step (its settle is not pending)."""
        return self._timer is None or not self._timer.isActive()

    def scales(self) -> set[float]:
        """The scales the views' pictures are drawn at."""
        return {v.scale for v in self._views.values()}

    def clear(self) -> None:
        """The item's content changed: every kept tile is stale."""
        self._views.clear()

    def paint(
        self,
        painter: QPainter,
        exposed: QRectF,
        widget: QWidget,
        draw: Draw,
        key: tuple = (),
        opaque: QColor | None = None,
    ) -> None:
        """Paint the part ``exposed`` (item coordinates) through the tiles;
        ``draw`` draws the content on a painter (at any scale); ``key``: what
        else the drawing depends on (a change draws it again); ``opaque``: the
        colour under the content when it covers every pixel (the background),
        so its tiles are copied, not blended."""
        t = painter.worldTransform()
        if t.m12() != 0 or t.m21() != 0 or t.m11() <= 0 or t.m22() <= 0:
            draw(painter, exposed)  # rotated or mirrored: no tiles
            return
        scale = t.m11()
        dpr = painter.device().devicePixelRatioF() if painter.device() else 1.0
        wid = shiboken6.getCppPointer(widget)[0]  # its Python wrapper may be made anew
        view = self._views.get(wid)
        rest = wid in self._settled
        self._settled.discard(wid)
        hints = int(painter.renderHints().value)
        full_key = (key, hints, dpr, opaque.rgba() if opaque is not None else None)
        frac = (t.dx() % 1.0, t.dy() % 1.0)
        if (
            view is None
            or view.key != full_key
            or not 1 / ZOOM_BAND <= scale / view.scale <= ZOOM_BAND
            or (rest and (scale, frac) != (view.scale, view.frac))
        ):
            view = self._views[wid] = _ViewTiles()
            view.scale, view.key, view.frac = scale, full_key, frac
        elif (scale, frac) != view.shown:
            self._settle_later(wid)  # a zoom step: drawn scaled (or shifted) until it rests
        view.shown = (scale, frac)
        s, (fx, fy) = view.scale, view.frac
        step = TILE / s  # a tile's side in item coordinates; tile (i, j) starts at
        ox, oy = -fx / s, -fy / s  # (ox + i * step, oy + j * step)
        i0, j0 = math.floor((exposed.left() - ox) / step), math.floor((exposed.top() - oy) / step)
        i1 = math.floor((exposed.right() - ox) / step)
        j1 = math.floor((exposed.bottom() - oy) / step)
        wanted = [(i, j) for j in range(j0, j1 + 1) for i in range(i0, i1 + 1)]
        missing = [k for k in wanted if k not in view.tiles]
        if missing:
            self._render(view, missing, draw, painter.renderHints(), dpr, opaque)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        painter.setOpacity(1.0)
        tiles = view.tiles
        if (scale, frac) == (s, (fx, fy)):
            # At the sharp scale a tile is a plain copy to whole pixels: drawn in
            # the device's coordinates (through the world transform Qt takes a
            # slower, transforming path even when it scales by 1).
            # Only the part of each tile the repaint exposes is copied: a drag
            # exposes a few small rectangles, and a whole tile blended through
            # that clip costs as much as a full one.
            bx, by = t.dx() - fx, t.dy() - fy
            box = t.mapRect(exposed).toAlignedRect()
            painter.resetTransform()
            for i, j in wanted:
                pm = tiles[(i, j)]
                x, y = round(bx + i * TILE), round(by + j * TILE)
                part = box.intersected(QRect(x, y, TILE, TILE))
                if part.isEmpty():
                    continue
                src = part.translated(-x, -y)
                painter.drawPixmap(
                    part.topLeft(),
                    pm,
                    QRect(
                        round(src.x() * dpr),
                        round(src.y() * dpr),
                        round(src.width() * dpr),
                        round(src.height() * dpr),
                    ),
                )
        else:
            for i, j in wanted:
                pm = tiles[(i, j)]
                target = QRectF(ox + i * step, oy + j * step, step, step)
                painter.drawPixmap(target, pm, QRectF(0, 0, pm.width(), pm.height()))
        painter.restore()
        if len(view.tiles) > MAX_TILES:  # keep the ones in view
            keep = set(wanted)
            view.tiles = {k: v for k, v in view.tiles.items() if k in keep}

    def _render(
        self,
        view: _ViewTiles,
        missing: list[tuple[int, int]],
        draw: Draw,
        hints: QPainter.RenderHint,
        dpr: float,
        opaque: QColor | None,
    ) -> None:
        """Draw the tiles ``missing`` in one pass over the box they span."""
        i0, i1 = min(k[0] for k in missing), max(k[0] for k in missing)
        j0, j1 = min(k[1] for k in missing), max(k[1] for k in missing)
        side = round(TILE * dpr)
        sheet = QPixmap((i1 - i0 + 1) * side, (j1 - j0 + 1) * side)
        sheet.fill(opaque if opaque is not None else QColor(0, 0, 0, 0))
        p = QPainter(sheet)
        p.setRenderHints(hints)
        p.scale(dpr, dpr)
        fx, fy = view.frac
        p.translate(fx - i0 * TILE, fy - j0 * TILE)
        p.scale(view.scale, view.scale)
        step = TILE / view.scale
        left, top = (i0 * TILE - fx) / view.scale, (j0 * TILE - fy) / view.scale
        area = QRectF(left, top, (i1 - i0 + 1) * step, (j1 - j0 + 1) * step)
        p.setClipRect(area)
        draw(p, area)
        p.end()
        for i, j in missing:
            pm = sheet.copy(QRect((i - i0) * side, (j - j0) * side, side, side))
            pm.setDevicePixelRatio(dpr)  # TILE logical pixels when copied as is
            view.tiles[(i, j)] = pm

    def _settle_later(self, wid: int) -> None:
        """Draw the view sharp once its zoom rests (each step restarts the wait)."""
        if self._timer is None:
            self._timer = QTimer()
            self._timer.setSingleShot(True)
            self._timer.timeout.connect(self._settle)
        self._pending.add(wid)
        self._timer.start(SETTLE_MS)

    def _settle(self) -> None:
        self._settled |= self._pending
        self._pending = set()
        if shiboken6.isValid(self._owner):
            self.repaint()

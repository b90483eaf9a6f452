"""The picture on a Tabletop Simulator save's board plate (``io.tts``): the board
with its deployment zones and terrain, drawn by the window's own ``BoardScene``,
without the units and markers (they are objects of the save) and without the
table around the board. The picture's top edge is side B's (TTS +Z)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from tabletop_gui.app.export.page import board_scene, png_bytes
from tabletop_gui.app.headless import ensure_app
from tabletop_gui.io.tts.write import picture_size
from tabletop_gui.model.state import GameState


def board_picture(state: GameState) -> QImage:
    """The board of ``state`` (zones and terrain only), TTS's texture size."""
    ensure_app()
    bare = state.with_scene(replace(state.scene, units={}, markers={}, cache={}))
    scene = board_scene(bare)
    try:
        w, h = picture_size(bare.scene.board.extent)
        image = QImage(w, h, QImage.Format.Format_RGB32)
        if image.isNull():
            raise OSError(f"could not make a {w} x {h} pixel picture (not enough memory)")
        image.fill(QColor("white"))
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        scene.render(painter, QRectF(0, 0, w, h), scene.board_rect(),
                     Qt.AspectRatioMode.IgnoreAspectRatio)  # fmt: skip
        painter.end()
    finally:
        scene.clear()
    return image


def board_picture_png(state: GameState, name: str = "the board picture") -> bytes:
    return png_bytes(board_picture(state), name)

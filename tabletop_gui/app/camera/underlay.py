"""The camera's picture under the board at true scale: the photo (or the live
frame) mapped onto the board's plane by the fit's homography, as a projective
QTransform, so everything the program draws sits on the real table."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsPixmapItem, QGraphicsRectItem, QGraphicsScene

from tabletop_gui.app.camera.photo import to_qimage
from tabletop_gui.camera.board_fit import BoardFit
from tabletop_gui.camera.picture import MARGIN_IN as MARGIN
from tabletop_gui.camera.picture import Picture, board_picture
from tabletop_gui.lazy_dataclass import dataclass

#: Below the zones (z 1): the picture replaces the board's cloth, the pieces stay on top.
Z_PHOTO = 0.5
#: How far past the board's edges the picture is shown (inches).
MARGIN_IN = MARGIN


def scene_transform(picture: Picture, fit: BoardFit, board_height: float) -> QTransform:
    """Picture pixels -> scene (board inches, y down from side B's edge): the
    picture's own layout, then the homography's inverse, then y flipped."""
    flip = np.array([[1, 0, 0], [0, -1, board_height], [0, 0, 1]])
    m = flip @ fit.inverse @ picture.to_ideal()
    m = m / m[2, 2]
    return QTransform(m[0, 0], m[1, 0], m[2, 0], m[0, 1], m[1, 1], m[2, 1], m[0, 2], m[1, 2],
                      m[2, 2])  # fmt: skip


def prepared(
    image: np.ndarray, fit: BoardFit, board: tuple[float, float], smooth: bool = True
) -> tuple[QImage, QTransform]:
    """The board's part of ``image`` without the lens's distortion, as a QImage,
    and its transform into the scene; runs in a worker thread for live frames."""
    picture = board_picture(image, fit, board, smooth)
    return to_qimage(picture.pixels), scene_transform(picture, fit, board[1])


@dataclass(frozen=True)
class ShownPicture:
    """The picture under the board as it is shown (for the disputed-range report)."""

    image: QImage
    transform: QTransform
    opacity: float
    board: tuple[float, float]


class Underlay:
    """The picture item in a board scene, clipped to the board and its margin."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.clip = QGraphicsRectItem()
        self.clip.setPen(Qt.PenStyle.NoPen)
        self.clip.setFlag(QGraphicsRectItem.GraphicsItemFlag.ItemClipsChildrenToShape)
        self.clip.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.clip.setZValue(Z_PHOTO)
        self.item = QGraphicsPixmapItem(self.clip)
        self.item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.clip.setVisible(False)
        self.opacity = 0.7
        self.wanted = True
        #: Hidden while an earlier moment of the game is looked back at: the
        #: picture is the table now (docs/camera.md, The window).
        self.held_back = False
        scene.addItem(self.clip)

    @property
    def has_picture(self) -> bool:
        return not self.item.pixmap().isNull()

    def show(self, picture: QImage, transform: QTransform, board: tuple[float, float]) -> None:
        w, h = board
        self.clip.setRect(QRectF(-MARGIN_IN, -MARGIN_IN, w + 2 * MARGIN_IN, h + 2 * MARGIN_IN))
        self.item.setPixmap(QPixmap.fromImage(picture))
        self.item.setTransform(transform)
        self._apply()

    def set_opacity(self, opacity: float) -> None:
        self.opacity = max(0.0, min(1.0, opacity))
        self._apply()

    def set_wanted(self, wanted: bool) -> None:
        self.wanted = wanted
        self._apply()

    def hold_back(self, held: bool) -> None:
        """Hide the picture (``held``) or show it again as wanted."""
        self.held_back = held
        self._apply()

    @property
    def hidden_by_looking_back(self) -> bool:
        """The picture would be shown but for an earlier moment looked back at."""
        return self.held_back and self.wanted and self.has_picture

    def shown(self) -> ShownPicture | None:
        """The picture and its placing while it is shown; None when it is not."""
        if not self.clip.isVisible():
            return None
        rect = self.clip.rect()
        board = (rect.width() - 2 * MARGIN_IN, rect.height() - 2 * MARGIN_IN)
        image = self.item.pixmap().toImage()
        return ShownPicture(image, self.item.transform(), self.opacity, board)

    def snapshot(self) -> tuple[QPixmap, QTransform, QRectF]:
        """What the underlay holds now (its picture, placing and clip), for ``restore``."""
        return QPixmap(self.item.pixmap()), QTransform(self.item.transform()), self.clip.rect()

    def restore(self, held: tuple[QPixmap, QTransform, QRectF]) -> None:
        pixmap, transform, rect = held
        self.clip.setRect(rect)
        self.item.setPixmap(pixmap)
        self.item.setTransform(transform)
        self._apply()

    def clear(self) -> None:
        self.item.setPixmap(QPixmap())
        self._apply()

    def _apply(self) -> None:
        self.clip.setOpacity(self.opacity)
        self.clip.setVisible(self.wanted and self.has_picture and not self.held_back)

"""Labels drawn above the board's fills and lines: a zone's, terrain's or
overlay's label is a ``Floating`` item of its own (Z_LABEL) that joins and
leaves the scene with its owner."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from tabletop_gui.app.canvas.drawing import pixels_per_inch
from tabletop_gui.app.canvas.layers import Z_LABEL


class PaintsLabel(Protocol):
    """The owner of a ``Floating`` label: it paints the label (scene coordinates)."""

    def paint_label(self, painter: QPainter, ppi: float) -> None: ...


class Floating(QGraphicsItem):
    """A label drawn above the board's fills and lines (Z_LABEL) for an ``owner``
    (a zone, terrain or overlay) that paints it (``owner.paint_label``). It joins
    and leaves the scene with its owner (``follow_scene``)."""

    def __init__(self, owner: PaintsLabel) -> None:
        super().__init__()
        self.owner = owner
        self.setZValue(Z_LABEL)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._rect = QRectF()

    def set_rect(self, rect: QRectF) -> None:
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = rect
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setOpacity(1.0)
        self.owner.paint_label(painter, pixels_per_inch(painter))


FOLLOWED = (
    QGraphicsItem.GraphicsItemChange.ItemSceneChange,
    QGraphicsItem.GraphicsItemChange.ItemSceneHasChanged,
)


def follow_scene(
    owner: QGraphicsItem,
    change: QGraphicsItem.GraphicsItemChange,
    value: object,
    floats: Sequence[QGraphicsItem],
) -> None:
    """From ``owner.itemChange``: add ``floats`` to the scene the owner joins and
    take them out of the one it leaves."""
    if change == QGraphicsItem.GraphicsItemChange.ItemSceneChange:
        old = owner.scene()
        if old is not None:
            for f in floats:
                if f.scene() is old:
                    old.removeItem(f)
    elif change == QGraphicsItem.GraphicsItemChange.ItemSceneHasChanged and isinstance(
        value, QGraphicsScene
    ):
        for f in floats:
            if f.scene() is None:
                value.addItem(f)

"""The badges a rule puts on a piece (placement rule broken, contested, chosen
by a rule, carried): a glyph in a disc each, in a row from the piece's badge
anchor, readable at any zoom, with a tooltip saying what each means."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tabletop_gui.app import style
from tabletop_gui.app.canvas.drawing import draw_label, pixels_per_inch
from tabletop_gui.app.canvas.layers import Z_BADGE
from tabletop_gui.app.canvas.marks import Mark
from tabletop_gui.rules.scoreboard import Role

if TYPE_CHECKING:
    from tabletop_gui.app.canvas.items import PieceItem

#: The glyph of each badge.
BADGES = {Role.PLACEMENT_ERROR: "!", Role.CONTESTED: "⚔", Role.SELECTED: "⚑", Role.CARRIED: "◆"}


#: Radius of a badge and the step between badges, inches (times the text scale).
BADGE_R, BADGE_STEP = 0.32, 0.7
#: Badges are drawn at least BADGE_PX pixels across (a glyph 7 px wide reads as a
#: dot), up to BADGE_MAX_SCALE times their board size (the whole board in view).
BADGE_PX = 16.0
BADGE_MAX_SCALE = 2.5
#: What each badge says in its tooltip.
BADGE_WORDS = {
    Role.PLACEMENT_ERROR: "placement rule broken",
    Role.CONTESTED: "contested",
    Role.SELECTED: "chosen by a rule",
    Role.CARRIED: "carried",
}


def badge_scale(ts: float, ppi: float = 0.0) -> float:
    """Badges' size factor at ``ppi`` pixels per inch (0: unknown, the largest)."""
    big = BADGE_MAX_SCALE * ts
    if ppi <= 0:
        return big
    return min(max(ts, BADGE_PX / (2 * BADGE_R * ppi)), big)


def badge_rect(marks: tuple[Mark, ...], at: QPointF, ts: float, ppi: float = 0.0) -> QRectF:
    """Where ``_badges`` draws the badges of ``marks`` from ``at`` at ``ppi`` (0:
    the largest they are drawn; empty: no badge)."""
    n = sum(1 for m in marks if m.role in BADGES)
    if not n:
        return QRectF()
    k = badge_scale(ts, ppi)
    r = (BADGE_R + 0.05) * k
    return QRectF(at.x() - r, at.y() - r, BADGE_STEP * k * (n - 1) + 2 * r, 2 * r)


def badge_tooltip(marks: tuple[Mark, ...]) -> str:
    """One line per badge: its glyph, what it means and the rule's words."""
    return "\n".join(
        f"{BADGES[m.role]} {BADGE_WORDS[m.role]}" + (f": {m.label}" if m.label else "")
        for m in marks
        if m.role in BADGES
    )


def draw_badges(
    painter: QPainter, marks: tuple[Mark, ...], at: QPointF, fallback: QColor, ts: float = 1.0
) -> None:
    k = badge_scale(ts, pixels_per_inch(painter))
    x = at.x()
    for mark in marks:
        glyph = BADGES.get(mark.role)
        if glyph is None:
            continue
        bg = style.ERROR_ALT if mark.role is Role.PLACEMENT_ERROR else QColor("white")
        colour = style.ERROR if mark.role is Role.PLACEMENT_ERROR else (mark.colour or fallback)
        painter.setPen(style.cosmetic(style.ERROR, 1))
        painter.setBrush(bg)
        painter.drawEllipse(QPointF(x, at.y()), BADGE_R * k, BADGE_R * k)
        draw_label(painter, glyph, QPointF(x, at.y()), 0.42 * k, colour, bold=True)
        x += BADGE_STEP * k


class BadgeTip(QGraphicsItem):
    """The badges' hover area, with a tooltip that says what each badge means.
    A unit's or marker's (a child item) draws nothing: the piece paints its
    badges. A zone's or terrain's (``paints``) is a ``Floating`` item above the
    overlays and paints them. Clicks go through to what is under it."""

    def __init__(self, owner: PieceItem, paints: bool = False) -> None:
        super().__init__(None if paints else owner)
        self.owner = owner
        self.paints = paints
        if paints:
            self.setZValue(Z_BADGE)
        else:
            self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._rect = QRectF()

    def refresh(self, marks: tuple[Mark, ...], at: QPointF, ts: float) -> None:
        rect = badge_rect(marks, at, ts)
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = rect
        self.setToolTip(badge_tooltip(marks))
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self.paints:
            o = self.owner
            painter.setOpacity(1.0)
            draw_badges(
                painter, o.marks, o.badge_anchor(), getattr(o, "colour", style.NEUTRAL), o.ts
            )

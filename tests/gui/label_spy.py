"""A spy on ``draw_label``: the text and box (in picture pixels) of every label
painted, where it is drawn (kept on the board by ``within`` as ``draw_label``
keeps it). Shared by the label tests that check what a painted picture shows."""

from __future__ import annotations

from types import ModuleType

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFont, QFontMetricsF

from tabletop_gui.app import style
from tabletop_gui.app.canvas import drawing


def spy_on_labels(
    monkeypatch: pytest.MonkeyPatch,
    modules: tuple[ModuleType, ...],
    local: list[tuple[str, QRectF]] | None = None,
) -> list[tuple[str, QRectF]]:
    """Replace ``draw_label`` in each of ``modules`` by a spy; its calls' list.
    ``local``: each box is added to it too in the painter's own coordinates (a
    label a ``Floating`` item draws: scene coordinates)."""
    calls: list[tuple[str, QRectF]] = []

    def spy_on(real):
        def spy(painter, text, centre, size_in, colour=style.TEXT, background=None,
                bold=False, italic=False, within=None):  # fmt: skip
            if text:
                font = QFont("DejaVu Sans")
                font.setPixelSize(max(1, round(size_in * style.TEXT_SCALE)))
                font.setBold(bold)
                font.setItalic(italic)
                fm = QFontMetricsF(font)
                w, h, at = fm.horizontalAdvance(text), fm.height(), centre
                if within is not None:
                    _, w, at = drawing._kept_within(text, w, h, fm, centre, within,
                                                    background is not None)  # fmt: skip
                w, h = w / style.TEXT_SCALE, h / style.TEXT_SCALE
                px, py = (0.08, 0.04) if background is not None else (0.0, 0.0)
                box = QRectF(at.x() - w / 2 - px, at.y() - h / 2 - py, w + 2 * px, h + 2 * py)
                calls.append((text, painter.worldTransform().mapRect(box)))
                if local is not None:
                    local.append((text, box))
            return real(painter, text, centre, size_in, colour, background, bold, italic,
                        within=within)  # fmt: skip

        return spy

    for module in modules:
        monkeypatch.setattr(module, "draw_label", spy_on(module.draw_label))
    return calls

"""Draw a game state to PNG, SVG or PDF without a window.

The board is painted by the very ``BoardScene`` the window shows, with the
Scoreboard's overlays; a title, the legend and the score rows go below it.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPageSize, QPainter, QPdfWriter
from PySide6.QtWidgets import QApplication

from tabletop_gui.app import style
from tabletop_gui.app.board_scene import BoardScene
from tabletop_gui.app.legend import legend_entries, paint_legend
from tabletop_gui.app.score_rows import score_rows
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.engine import evaluate
from tabletop_gui.rules.scoreboard import Scoreboard


def ensure_app() -> QApplication:
    app = QApplication.instance()
    if app is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QApplication([])
    return app  # type: ignore[return-value]


class Page:
    """The layout of a rendered page, in pixels of a ``width``-wide image."""

    def __init__(self, scene: BoardScene, state: GameState, board: Scoreboard, width: int) -> None:
        self.scene = scene
        self.state = state
        self.width = width
        self.source = scene.sceneRect()
        self.scale = width / self.source.width()
        self.board_h = self.source.height() * self.scale
        self.unit = max(10.0, width / 110)  # base text size, px
        self.title_font = QFont("DejaVu Sans")
        self.title_font.setPixelSize(round(self.unit * 1.5))
        self.title_font.setBold(True)
        self.font = QFont("DejaVu Sans")
        self.font.setPixelSize(round(self.unit))
        self.bold = QFont(self.font)
        self.bold.setBold(True)
        self.rows = score_rows(state.scene, board)
        self.summary = board.summary + (f"  Winner: {board.winner}" if board.winner else "")
        sides = [(s.name, scene.colours.get(s.id, style.NEUTRAL)) for s in state.scene.sides]
        self.legend = legend_entries(sides)
        self.entry_w = self.unit * 17
        self.row_h = self.unit * 2.1
        self.title_h = self.unit * 3
        self.pad = self.unit
        cols = max(1, int((width - 2 * self.pad) // self.entry_w))
        legend_h = ((len(self.legend) + cols - 1) // cols) * self.row_h
        self.lines = self._lines()
        self.text_h = legend_h + self.pad + len(self.lines) * self.unit * 1.45 + 2 * self.pad
        self.height = round(self.title_h + self.board_h + self.text_h)
        self.legend_h = legend_h

    def _lines(self) -> list[tuple[str, bool]]:
        out: list[tuple[str, bool]] = []
        for r in self.rows:
            out.append((f"{r.name}: {r.leader}. Counts: {r.counts}.", True))
            out.append((r.reason, False))
            if r.problems:
                out.append((f"Problems: {r.problems}", False))
        if self.summary:
            out.append((self.summary, True))
        return out

    def paint(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        w = self.width
        painter.fillRect(QRectF(0, 0, w, self.height), QColor("white"))
        painter.setFont(self.title_font)
        painter.setPen(QColor("#111111"))
        title = self.state.setup.name or "Untitled board"
        c = self.state.clock
        when = f"Turn {c.turn}" if c.turn else "Setup"
        painter.drawText(
            QRectF(self.pad, 0, w - 2 * self.pad, self.title_h),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
            f"{title}  ·  {when}, after {self.state.index} events",
        )
        target = QRectF(0, self.title_h, w, self.board_h)
        self.scene.render(painter, target, self.source, Qt.AspectRatioMode.KeepAspectRatio)
        y = self.title_h + self.board_h + self.pad
        paint_legend(
            painter,
            QRectF(self.pad, y, w - 2 * self.pad, self.legend_h),
            self.legend,
            self.font,
            self.entry_w,
            self.row_h,
        )
        y += self.legend_h + self.pad
        line_h = self.unit * 1.45
        for text, bold in self.lines:
            painter.setFont(self.bold if bold else self.font)
            painter.setPen(QColor("#111111"))
            painter.drawText(
                QRectF(self.pad, y, w - 2 * self.pad, line_h),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                text,
            )
            y += line_h


def render_file(state: GameState, output_path: str, width: int = 1600) -> None:
    """Write the board of ``state`` with its overlays to ``output_path``
    (.png, .svg or .pdf), ``width`` pixels wide (PNG; the page width otherwise)."""
    ensure_app()
    if width < 200:
        raise ValueError(f"width: must be at least 200 pixels, got {width}")
    suffix = Path(output_path).suffix.lower()
    if suffix not in (".png", ".svg", ".pdf"):
        raise ValueError(f"{output_path}: the output must end in .png, .svg or .pdf")
    scene = BoardScene()
    board = evaluate(state)
    scene.sync(state, board)
    page = Page(scene, state, board, width)
    if suffix == ".png":
        image = QImage(page.width, page.height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor("white"))
        painter = QPainter(image)
        page.paint(painter)
        painter.end()
        if not image.save(output_path):
            raise OSError(f"{output_path}: could not write the PNG")
    elif suffix == ".svg":
        from PySide6.QtSvg import QSvgGenerator

        gen = QSvgGenerator()
        gen.setFileName(output_path)
        gen.setSize(QSize(page.width, page.height))
        gen.setViewBox(QRectF(0, 0, page.width, page.height))
        gen.setTitle(state.setup.name or "board")
        painter = QPainter(gen)
        page.paint(painter)
        painter.end()
    else:
        writer = QPdfWriter(output_path)
        writer.setResolution(96)
        size_mm = QSizeF(page.width / 96 * 25.4, page.height / 96 * 25.4)
        writer.setPageSize(QPageSize(size_mm, QPageSize.Unit.Millimeter, "board"))
        writer.setPageMargins(QMarginsF(0, 0, 0, 0))
        painter = QPainter(writer)
        s = painter.device().width() / page.width
        painter.scale(s, s)
        page.paint(painter)
        painter.end()
    scene.clear()

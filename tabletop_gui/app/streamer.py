"""The streamer view and the PNG output for streaming.

``StreamerWindow`` is a second window without editing chrome: the board with
its overlays and a score bar (side names and colours, totals, each objective's
standing, the turn). It follows the main window's document live (throttled, so
a drag in the main window is not slowed), resizes freely and goes full screen
(F11 or a double-click; Esc leaves full screen).

``StreamOutput`` rewrites a PNG of the same picture whenever the game changes,
at most every ``interval_ms`` (250 ms), written to a temp file and renamed over
the target so a reader (OBS's Image source) never sees half a file.

Both show the public view: an objective still face down shows no value.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QObject, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QKeyEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QVBoxLayout, QWidget

from tabletop_gui.app import style
from tabletop_gui.app.board_scene import BoardScene
from tabletop_gui.app.document import Document
from tabletop_gui.app.render import write_atomic
from tabletop_gui.app.score_rows import score_rows
from tabletop_gui.app.turns import clock_text
from tabletop_gui.rules.engine import family_of
from tabletop_gui.rules.scoreboard import Scoreboard

#: Background around the board and behind the score bar.
BACKDROP = QColor("#1d2024")
BAR_TEXT = QColor("#f4f4f4")
BAR_DIM = QColor("#b8bcc2")
#: What each family's totals count.
TOTAL_WORDS = {
    "t9a": ("objective", "objectives"),
    "hex": ("banner", "banners"),
    "carnevale": ("VP", "VP"),
}


def _counted(value: float, family: str) -> str:
    """'1 banner', '3 banners', '2 VP'."""
    one, many = TOTAL_WORDS.get(family, ("", ""))
    return f"{_num(value)} {one if value == 1 else many}".rstrip()


#: Default picture size of the stream output.
STREAM_SIZE = (1920, 1080)


@dataclass(frozen=True)
class Standing:
    name: str
    text: str
    colour: QColor | None  # the leader's colour, None when nobody leads


@dataclass(frozen=True)
class BarInfo:
    title: str
    clock: str
    sides: tuple[tuple[str, QColor, str], ...]  # name, colour, total
    standings: tuple[Standing, ...]
    result: str  # the winner, when there is one


def public_scoreboard(doc: Document) -> Scoreboard:
    """The scoreboard as the audience may see it: face-down values unknown."""
    state = doc.state
    board = doc.scoreboard()
    if doc.viewer is None and state.scene.side_ids:
        board = family_of(state.setup).redact(state, board, state.scene.side_ids[0])
    return board


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.1f}"


def bar_info(doc: Document, board: Scoreboard, colours: dict[str, QColor]) -> BarInfo:
    state = doc.state
    scene = state.scene
    family = state.setup.family
    sides = tuple(
        (s.name, colours.get(s.id, style.NEUTRAL), _counted(board.totals.get(s.id, 0), family))
        for s in scene.sides
    )
    standings = []
    for row, result in zip(score_rows(scene, board), board.results, strict=True):
        lead = row.leader.split(" (")[0]
        pts = result.points.get(row.leader_side) if row.leader_side else None
        if isinstance(pts, int | float) and pts:
            text = f"{lead} · {_counted(pts, family)}"
        elif result.counts:
            text = f"{lead} · " + "–".join(_num(result.counts.get(s, 0)) for s in scene.side_ids)
        else:
            text = lead
        colour = colours.get(row.leader_side) if row.leader_side else None
        standings.append(Standing(row.name, text, colour))
    events = doc.timeline.events[: state.index]
    winner = scene.side(board.winner).name if board.winner in scene.side_ids else ""
    return BarInfo(
        title=state.setup.name or "tabletop_gui",
        clock=clock_text(state, events),
        sides=sides,
        standings=tuple(standings),
        result=f"{winner} wins" if winner else "",
    )


# -- the score bar ---------------------------------------------------------------


def _font(px: float, bold: bool = False) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(8, round(px)))
    font.setBold(bold)
    return font


def bar_unit(width: float, height: float) -> float:
    """Base text size in pixels: 26 px on a 1920 x 1080 picture."""
    return max(11.0, min(width / 1920 * 26, height / 1080 * 26 * 1.4))


def bar_columns(width: float, unit: float) -> int:
    return max(1, min(4, int(width // (unit * 17))))


def bar_height(info: BarInfo, width: float, height: float) -> float:
    u = bar_unit(width, height)
    cols = bar_columns(width, u)
    rows = (len(info.standings) + cols - 1) // cols
    return u * 2.6 + rows * u * 2.9 + u * 0.6


def _text(painter: QPainter, rect: QRectF, align: Qt.AlignmentFlag, text: str) -> None:
    """``text`` in ``rect`` with the painter's font, elided to fit."""
    fm = QFontMetricsF(painter.font())
    painter.drawText(rect, align, fm.elidedText(text, Qt.TextElideMode.ElideRight, rect.width()))


def paint_score_bar(painter: QPainter, rect: QRectF, info: BarInfo, height: float) -> None:
    """The bar: sides with colour and total at both ends, title and turn in the
    middle, then one tile per objective with its standing."""
    u = bar_unit(rect.width(), height)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    painter.fillRect(rect, BACKDROP)
    pad = u * 0.6
    head = QRectF(rect.x() + pad, rect.y() + u * 0.3, rect.width() - 2 * pad, u * 2.2)
    big = _font(u * 1.25, True)
    small = _font(u * 0.85)
    side_w = head.width() * 0.3
    for i, (name, colour, total) in enumerate(info.sides[:2]):
        left = i == 0
        box = QRectF(head.x() if left else head.right() - side_w, head.y(), side_w, head.height())
        sw = QRectF(box.x() if left else box.right() - u * 0.7, box.y() + u * 0.2, u * 0.7,
                    head.height() - u * 0.4)  # fmt: skip
        painter.fillRect(sw, colour)
        text = box.adjusted(u * 1.1, 0, 0, 0) if left else box.adjusted(0, 0, -u * 1.1, 0)
        align = Qt.AlignmentFlag.AlignLeft if left else Qt.AlignmentFlag.AlignRight
        painter.setFont(big)
        painter.setPen(BAR_TEXT)
        fm = QFontMetricsF(big)
        label = fm.elidedText(name, Qt.TextElideMode.ElideRight, text.width() * 0.62)
        painter.drawText(text, align | Qt.AlignmentFlag.AlignTop, label)
        painter.setFont(small)
        painter.setPen(BAR_DIM)
        painter.drawText(text, align | Qt.AlignmentFlag.AlignBottom, total)
    mid = QRectF(head.x() + side_w, head.y(), head.width() - 2 * side_w, head.height())
    painter.setFont(_font(u * 0.95, True))
    painter.setPen(BAR_TEXT)
    fm = QFontMetricsF(painter.font())
    _text(painter, mid, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, info.title)
    painter.setFont(_font(u * 0.85, bool(info.result)))
    painter.setPen(QColor("#ffd75e") if info.result else BAR_DIM)
    line = f"{info.clock}  ·  {info.result}" if info.result else info.clock
    _text(painter, mid, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, line)
    cols = bar_columns(rect.width(), u)
    top = head.bottom() + u * 0.3
    cell_w = (rect.width() - 2 * pad) / cols
    name_font, text_font = _font(u * 0.9, True), _font(u * 0.85)
    for i, st in enumerate(info.standings):
        r, c = divmod(i, cols)
        cell = QRectF(rect.x() + pad + c * cell_w, top + r * u * 2.9, cell_w - u * 0.4, u * 2.6)
        painter.fillRect(cell, QColor("#2c3036"))
        edge = QRectF(cell.x(), cell.y(), u * 0.35, cell.height())
        painter.fillRect(edge, st.colour or QColor("#6b7078"))
        inner = cell.adjusted(u * 0.6, u * 0.15, -u * 0.3, -u * 0.15)
        painter.setFont(name_font)
        painter.setPen(BAR_TEXT)
        _text(painter, inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, st.name)
        painter.setFont(text_font)
        painter.setPen(st.colour.lighter(150) if st.colour else BAR_DIM)
        _text(painter, inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom, st.text)
    painter.restore()


def paint_frame(painter: QPainter, size: QSize, scene: BoardScene, info: BarInfo) -> None:
    """A whole streamer picture: the board fitted above the score bar."""
    w, h = size.width(), size.height()
    painter.fillRect(QRectF(0, 0, w, h), BACKDROP)
    bh = bar_height(info, w, h)
    scene.render(painter, QRectF(0, 0, w, h - bh), scene.sceneRect(),
                 Qt.AspectRatioMode.KeepAspectRatio)  # fmt: skip
    paint_score_bar(painter, QRectF(0, h - bh, w, bh), info, h)


class ScoreBar(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.info: BarInfo | None = None
        self.setObjectName("scoreBar")

    def set_info(self, info: BarInfo) -> None:
        self.info = info
        self._fit()
        self.update()

    def _fit(self) -> None:
        if self.info is None:
            return
        top = self.window()
        h = bar_height(self.info, top.width(), top.height())
        if abs(self.height() - h) > 0.5:
            self.setFixedHeight(round(h))

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.info is None:
            return
        painter = QPainter(self)
        paint_score_bar(painter, QRectF(self.rect()), self.info, self.window().height())
        painter.end()


class StreamerWindow(QWidget):
    """The board and the score bar, nothing to edit; follows ``doc`` live."""

    def __init__(self, doc: Document, interval_ms: int = 40) -> None:
        super().__init__(None, Qt.WindowType.Window)
        self.doc = doc
        self.setWindowTitle("tabletop_gui — streamer view")
        self.setObjectName("streamerView")
        self.scene = BoardScene(self)
        self.scene.public = True
        self.view = QGraphicsView(self.scene, self)
        self.view.setFrameShape(QFrame.Shape.NoFrame)
        self.view.setInteractive(False)
        self.view.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.view.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.bar = ScoreBar(self)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addWidget(self.view, 1)
        lay.addWidget(self.bar)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.sync)
        doc.changed.connect(self.schedule)
        self.resize(1280, 720)
        self.sync()

    def schedule(self) -> None:
        if not self.timer.isActive():  # throttle: at most one sync per interval
            self.timer.start()

    def sync(self) -> None:
        board = public_scoreboard(self.doc)
        self.scene.sync(self.doc.state, board)
        self.bar.set_info(bar_info(self.doc, board, self.scene.colours))
        self._fit()

    def _fit(self) -> None:
        self.view.fitInView(self.scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)
        self.bar._fit()
        self._fit()

    def showEvent(self, event: object) -> None:
        super().showEvent(event)
        self.bar._fit()
        self._fit()

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_F11:
            self.toggle_full_screen()
        elif event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self.showNormal()
        else:
            super().keyPressEvent(event)

    def mouseDoubleClickEvent(self, event: object) -> None:
        self.toggle_full_screen()

    def frame(self, size: QSize | None = None) -> QImage:
        """The picture at ``size`` (default: the window's), drawn offscreen."""
        size = size or self.size()
        image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
        painter = QPainter(image)
        info = bar_info(self.doc, public_scoreboard(self.doc), self.scene.colours)
        paint_frame(painter, size, self.scene, info)
        painter.end()
        return image


class StreamOutput(QObject):
    """Rewrite ``path`` (PNG) with the streamer picture after every change."""

    written = Signal(str)
    failed = Signal(str)

    def __init__(
        self,
        doc: Document,
        path: str | Path,
        size: tuple[int, int] = STREAM_SIZE,
        interval_ms: int = 250,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.doc = doc
        self.path = Path(path)
        self.size = QSize(*size)
        self.scene = BoardScene(self)
        self.scene.public = True
        self.writes = 0
        self.last_write = 0.0
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.write)
        doc.changed.connect(self.schedule)
        self.write()

    def schedule(self) -> None:
        if not self.timer.isActive():
            self.timer.start()

    def stop(self) -> None:
        self.timer.stop()
        with contextlib.suppress(RuntimeError, TypeError):
            self.doc.changed.disconnect(self.schedule)

    def image(self) -> QImage:
        board = public_scoreboard(self.doc)
        self.scene.sync(self.doc.state, board)
        image = QImage(self.size, QImage.Format.Format_RGB32)
        painter = QPainter(image)
        paint_frame(painter, self.size, self.scene, bar_info(self.doc, board, self.scene.colours))
        painter.end()
        return image

    def write(self) -> None:
        buf = QBuffer()
        buf.open(QIODevice.OpenModeFlag.WriteOnly)
        if not self.image().save(buf, "PNG"):
            self.failed.emit(f"{self.path}: could not encode the PNG")
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, bytes(buf.data()))
        except OSError as exc:
            self.failed.emit(f"{self.path}: {exc.strerror or exc}")
            return
        self.writes += 1
        self.last_write = time.monotonic()
        self.written.emit(str(self.path))

"""The streamer view and the PNG output for streaming.

``StreamerWindow`` is a second window without editing chrome: the board with
its overlays and a score bar (side names and colours, totals, each objective's
standing, the turn). It follows the main window's document live (throttled, so
a drag in the main window is not slowed), resizes freely and goes full screen
(F11 or a double-click; Esc leaves full screen).

``StreamOutput`` rewrites a PNG of the same picture whenever the game changes,
at most every ``interval_ms`` (250 ms), written to a temp file and renamed over
the target so a reader (OBS's Image source) never sees half a file.

What the audience sees is one setting for both (``stream_settings()``):

- the **players' view** (the default: players and spectators watch the
  stream): what a player at the table may know; a face-down objective shows
  ``?`` on the board, and a total it would add to reads ``3 VP + ? (1 hidden)``;
- the **referee's view**, switched on explicitly: every value, as the score
  panel shows it; an objective still face down to the players says so in its
  tile.

The streamer window's right-click menu, its ``H`` key and View ▸ *Streamer
shows hidden values* switch it; the window title says which view is on. F10 in
the streamer window closes it (as F10 in the main window opened it).
"""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import (
    QBuffer,
    QEvent,
    QIODevice,
    QObject,
    QPoint,
    QRectF,
    QSize,
    QStandardPaths,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QColor,
    QFont,
    QFontMetricsF,
    QHelpEvent,
    QImage,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QMenu, QToolTip, QVBoxLayout, QWidget

from tabletop_gui.app import session, style
from tabletop_gui.app.canvas import labels
from tabletop_gui.app.canvas.annotation_items import show_annotations
from tabletop_gui.app.canvas.board_scene import LABEL_PIECE_LIMIT, MARGIN, BoardScene
from tabletop_gui.app.canvas.items import NAME_IN
from tabletop_gui.app.document import Document
from tabletop_gui.io.atomic import write_atomic
from tabletop_gui.model.scene import Scene
from tabletop_gui.model.state import GameState
from tabletop_gui.play import wording
from tabletop_gui.play.turns import clock_text
from tabletop_gui.rules.engine import evaluate, family_of
from tabletop_gui.rules.scoreboard import Scoreboard

#: Background of the score bar.
BACKDROP = QColor("#1d2024")
BAR_TEXT = QColor("#f4f4f4")
BAR_DIM = QColor("#b8bcc2")
TILE = QColor("#2c3036")
#: Default picture size of the stream output.
STREAM_SIZE = (1920, 1080)
#: Unit names are drawn this many pixels tall on a 1080-pixel-high picture
#: (never smaller than the board's own label size).
LABEL_PX_AT_1080 = 16.0
#: Standing text wraps onto at most this many lines in its tile (then elides;
#: the window's tooltip has the full text).
STANDING_LINES = 2
#: QSettings key of the audience's view (true: the referee's view).
SHOW_HIDDEN_KEY = "streamer/show_hidden"
#: Spectators watch the stream: face-down values stay hidden until a referee
#: switches the referee's view on.
SHOW_HIDDEN_DEFAULT = False
STREAM_FILE = "stream.png"


def default_stream_path() -> Path:
    """``stream.png`` in the user's data folder: ``~/.local/share/tabletop_gui/``
    on Linux (the generic data location plus the program's name once), or
    ``TABLETOP_GUI_DATA_DIR`` when set."""
    override = os.environ.get("TABLETOP_GUI_DATA_DIR")
    if override:
        return Path(override) / STREAM_FILE
    where = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
    base = Path(where) if where else Path.home()
    return base / session.APPLICATION / STREAM_FILE


# -- which view the audience gets ------------------------------------------------


class StreamSettings(QObject):
    """The audience's view, shared by the streamer window and the stream PNG."""

    changed = Signal(bool)

    def __init__(self) -> None:
        super().__init__()
        value = session.settings().value(SHOW_HIDDEN_KEY, SHOW_HIDDEN_DEFAULT)
        self._show_hidden = str(value).lower() not in ("false", "0", "no")

    @property
    def show_hidden(self) -> bool:
        """True: the referee's view (every value); False: the players' view."""
        return self._show_hidden

    def set_show_hidden(self, show: bool) -> None:
        show = bool(show)
        if show == self._show_hidden:
            return
        self._show_hidden = show
        session.settings().setValue(SHOW_HIDDEN_KEY, show)
        self.changed.emit(show)

    def toggle(self) -> None:
        self.set_show_hidden(not self._show_hidden)

    def view_name(self) -> str:
        if self._show_hidden:
            return "referee's view: every value shown"
        return "players' view: face-down values hidden"

    def action(self, parent: QObject) -> QAction:
        """A checkable menu action that follows and switches the setting."""
        act = QAction("Streamer shows hidden values (referee's view)", parent)
        act.setCheckable(True)
        act.setChecked(self._show_hidden)
        act.setToolTip(
            "On: the streamer view and stream PNG show every value, as the score panel does.\n"
            "Off: the players' view: face-down values show '?' and totals say what is hidden."
        )
        act.toggled.connect(self.set_show_hidden)
        self.changed.connect(act.setChecked)
        return act


_SETTINGS: StreamSettings | None = None


def stream_settings() -> StreamSettings:
    global _SETTINGS
    if _SETTINGS is None:
        _SETTINGS = StreamSettings()
    return _SETTINGS


def stream_scoreboard(doc: Document, show_hidden: bool) -> Scoreboard:
    """The scoreboard the audience sees: the referee's (what the score panel shows
    in the referee's view) or a player's (face-down values unknown)."""
    state = doc.state
    if show_hidden:
        return doc.scoreboard() if doc.viewer is None else evaluate(state)
    if doc.viewer is not None:
        return doc.scoreboard()
    board = doc.scoreboard()
    if state.scene.side_ids:
        board = family_of(state.setup).redact(state, board, state.scene.side_ids[0])
    return board


def public_scoreboard(doc: Document) -> Scoreboard:
    """The players' view (face-down values unknown), whatever the setting."""
    return stream_scoreboard(doc, show_hidden=False)


# -- the bar's content -------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    name: str
    text: str
    colour: QColor | None  # the leader's colour, None when nobody leads
    detail: str = ""  # the rule's reason (the window's tooltip)


@dataclass(frozen=True)
class BarInfo:
    title: str
    clock: str
    sides: tuple[tuple[str, QColor, str], ...]  # name, colour, total
    standings: tuple[Standing, ...]
    result: str  # the winner, when there is one


def bar_info(doc: Document, board: Scoreboard, colours: dict[str, QColor],
             state: GameState | None = None) -> BarInfo:  # fmt: skip
    state = state or doc.state
    scene = state.scene
    words = family_of(state.setup).words
    hidden = wording.hidden_by_side(board)
    sides = tuple(
        (
            s.name,
            colours.get(s.id, style.NEUTRAL),
            wording.total_text(words, board.totals.get(s.id, 0), hidden.get(s.id, 0)),
        )
        for s in scene.sides
    )
    standings = []
    for result in board.results:
        side = wording.standing(scene, result).side
        colour = colours.get(side) if side else None
        text = wording.tile_text(scene, words, result)
        standings.append(Standing(result.name, text, colour, result.reason))
    events = doc.timeline.events[: state.index]
    winner = wording.winner_name(scene, board)
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


def wrap_text(text: str, fm: QFontMetricsF, width: float, max_lines: int) -> list[str]:
    """``text`` broken at spaces into lines at most ``width`` wide; a word wider
    than a line, or text past ``max_lines``, is elided with '…'."""
    words = text.split(" ")
    lines: list[str] = []
    line = ""
    for i, word in enumerate(words):
        trial = f"{line} {word}" if line else word
        if fm.horizontalAdvance(trial) <= width or not line:
            line = trial
            continue
        if len(lines) + 1 == max_lines:  # the last line takes the rest, elided
            line = " ".join([line, *words[i:]])
            break
        lines.append(line)
        line = word
    lines.append(line)
    return [fm.elidedText(t, Qt.TextElideMode.ElideRight, width) for t in lines]


@dataclass(frozen=True)
class BarLayout:
    """Where everything in the bar goes, in pixels from the bar's top-left."""

    unit: float
    height: float
    head: QRectF
    tiles: tuple[tuple[QRectF, list[str]], ...]  # tile rect, standing lines


def bar_layout(info: BarInfo, width: float, height: float) -> BarLayout:
    """Lay the bar out ``width`` wide for a ``height``-high picture: the header,
    then rows of tiles; a row is as tall as its most wrapped standing."""
    u = bar_unit(width, height)
    cols = bar_columns(width, u)
    pad = u * 0.6
    head = QRectF(pad, u * 0.3, width - 2 * pad, u * 2.2)
    cell_w = (width - 2 * pad) / cols
    fm = QFontMetricsF(_font(u * 0.85))
    inner_w = cell_w - u * 0.4 - u * 0.9
    line_h = u * 1.15
    wrapped = [wrap_text(st.text, fm, inner_w, STANDING_LINES) for st in info.standings]
    tiles = []
    top = head.bottom() + u * 0.3
    for start in range(0, len(wrapped), cols):
        row = wrapped[start : start + cols]
        cell_h = u * 2.6 + line_h * (max(len(lines) for lines in row) - 1)
        for c, lines in enumerate(row):
            rect = QRectF(pad + c * cell_w, top, cell_w - u * 0.4, cell_h)
            tiles.append((rect, lines))
        top += cell_h + u * 0.3
    return BarLayout(u, top + u * 0.3, head, tuple(tiles))


def bar_height(info: BarInfo, width: float, height: float) -> float:
    return bar_layout(info, width, height).height


def _fitting_font(text: str, width: float, px: float, min_px: float) -> QFont:
    """A bold font ``px`` tall, smaller (down to ``min_px``) if ``text`` needs it
    to fit ``width``; past that the text is elided."""
    font = _font(px, True)
    wide = QFontMetricsF(font).horizontalAdvance(text)
    if wide > width:
        font = _font(max(min_px, px * width / wide), True)
    return font


def _text(painter: QPainter, rect: QRectF, align: Qt.AlignmentFlag, text: str) -> None:
    """``text`` in ``rect`` with the painter's font, elided to fit."""
    fm = QFontMetricsF(painter.font())
    painter.drawText(rect, align, fm.elidedText(text, Qt.TextElideMode.ElideRight, rect.width()))


def paint_score_bar(painter: QPainter, rect: QRectF, info: BarInfo, height: float) -> BarLayout:
    """The bar: sides with colour and total at both ends, title and turn in the
    middle, then one tile per objective with its standing. Returns the layout."""
    lay = bar_layout(info, rect.width(), height)
    u = lay.unit
    painter.save()
    painter.translate(rect.topLeft())
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    painter.fillRect(QRectF(0, 0, rect.width(), rect.height()), BACKDROP)
    head = lay.head
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
        painter.setFont(_fitting_font(name, text.width(), u * 1.25, u * 0.9))
        painter.setPen(BAR_TEXT)
        _text(painter, text, align | Qt.AlignmentFlag.AlignTop, name)
        painter.setFont(small)
        painter.setPen(BAR_DIM)
        _text(painter, text, align | Qt.AlignmentFlag.AlignBottom, total)
    mid = QRectF(head.x() + side_w, head.y(), head.width() - 2 * side_w, head.height())
    painter.setFont(_font(u * 0.95, True))
    painter.setPen(BAR_TEXT)
    _text(painter, mid, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, info.title)
    painter.setFont(_font(u * 0.85, bool(info.result)))
    painter.setPen(QColor("#ffd75e") if info.result else BAR_DIM)
    line = f"{info.clock}  ·  {info.result}" if info.result else info.clock
    _text(painter, mid, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, line)
    name_font, text_font = _font(u * 0.9, True), _font(u * 0.85)
    for st, (cell, lines) in zip(info.standings, lay.tiles, strict=True):
        painter.fillRect(cell, TILE)
        edge = QRectF(cell.x(), cell.y(), u * 0.35, cell.height())
        painter.fillRect(edge, st.colour or QColor("#6b7078"))
        inner = cell.adjusted(u * 0.6, u * 0.15, -u * 0.3, -u * 0.15)
        painter.setFont(name_font)
        painter.setPen(BAR_TEXT)
        _text(painter, inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, st.name)
        painter.setFont(text_font)
        painter.setPen(st.colour.lighter(150) if st.colour else BAR_DIM)
        y = inner.y() + u * 1.15  # under the name
        for text in lines:
            box = QRectF(inner.x(), y, inner.width(), u * 1.15)
            painter.drawText(box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
            y += u * 1.15
    painter.restore()
    return lay


# -- the board ----------------------------------------------------------------------


class StreamScene(BoardScene):
    """The board scene with labels sized for the picture it is shown in:
    ``fit_labels`` makes unit names ``label_px`` tall at the picture's scale.

    The picture always shows the whole board, so the zoom is known: labels are
    placed for the size they are drawn at that zoom (``label_ppi``, see
    ``labels``), not for the largest size a zoomable view may draw them."""

    def __init__(self, parent: QObject | None = None, public: bool = False) -> None:
        super().__init__(parent)
        self.public = public
        self.label_scale = 1.0
        #: Pixels per inch of the picture the board is drawn in (0: not known yet).
        self.label_ppi = 0.0

    def _reset(self, scene: Scene) -> None:
        super()._reset(scene)
        if self.label_scale != 1.0:
            self.text_scale *= self.label_scale
            w, h = scene.board.extent
            # The side names outside the edges need 1.7 text scales of room.
            m = MARGIN * 0.75 * self.text_scale
            self.setSceneRect(QRectF(-m, -m, w + 2 * m, h + 2 * m))

    def rebuild(self) -> None:
        """Make every item again (after ``public`` or ``label_scale`` changed)."""
        if self.state is not None:
            self.board = None
            self.sync(self.state, self.scoreboard)

    def set_public(self, public: bool) -> None:
        if public != self.public:
            self.public = public
            self.rebuild()

    def fit_labels(self, width: float, height: float, label_px: float) -> bool:
        """Choose the label scale for the board fitted into ``width`` x ``height``
        pixels; True when the items were rebuilt for it."""
        if self.board is None or width <= 0 or height <= 0:
            return False
        w, h = self.board.extent
        base = self.text_scale / self.label_scale
        ts = self.text_scale
        for _ in range(4):  # the margin grows with the text: settle on a scale
            m = 2 * MARGIN * 0.75 * ts
            ppi = min(width / (w + m), height / (h + m))
            ts = label_px / (NAME_IN * ppi)
        scale = max(1.0, ts / base)
        if abs(scale - self.label_scale) <= 0.08 * self.label_scale:
            self.set_label_ppi(ppi)
            return False
        self.label_scale = scale
        self.label_ppi = ppi
        self.rebuild()
        return True

    def set_label_ppi(self, ppi: float) -> bool:
        """Place the labels again for a picture at ``ppi`` pixels per inch, unless
        it is within 1% of the zoom they were placed for; True when they were."""
        if ppi <= 0 or abs(ppi - self.label_ppi) <= 0.01 * self.label_ppi:
            return False
        self.label_ppi = ppi
        if self.state is not None and len(self.state.scene.units) <= LABEL_PIECE_LIMIT:
            labels.place(self, LABEL_PIECE_LIMIT)
            self.sync_batch()
        return True

    def name_px(self, ppi: float) -> float:
        """How tall unit names come out at ``ppi`` pixels per inch."""
        return NAME_IN * self.text_scale * ppi


#: Unit names are never drawn smaller than this in a small picture (a 640 x 360
#: stream): a larger floor made names grow in inches as the picture shrank, so
#: they hung past the board and drifted onto other units.
MIN_LABEL_PX = 8.0
#: The shown rectangle grows past the board's margin for labels by at most this
#: share of its size on each side: the board keeps (nearly) all the picture.
MAX_GROWTH = 0.04


def label_px(picture_height: float) -> float:
    return max(MIN_LABEL_PX, LABEL_PX_AT_1080 * picture_height / 1080)


def shown_rect(scene: BoardScene) -> QRectF:
    """The scene rectangle to show: the board and its margin, grown evenly on
    opposite sides to take in a label that reaches past it (an exit label at
    the board's edge), so the board stays in the middle; grown by MAX_GROWTH at
    most, so a long caption does not shrink the board."""
    rect = scene.sceneRect()
    items = scene.itemsBoundingRect()
    if items.isEmpty():
        return rect
    dx = max(0.0, rect.left() - items.left(), items.right() - rect.right())
    dy = max(0.0, rect.top() - items.top(), items.bottom() - rect.bottom())
    dx = min(dx, MAX_GROWTH * rect.width())
    dy = min(dy, MAX_GROWTH * rect.height())
    return rect.adjusted(-dx, -dy, dx, dy)


def settle_labels(scene: BoardScene, area: QRectF) -> QRectF:
    """Place a stream scene's labels for the zoom at which its shown rectangle fits
    ``area`` (pixels); the shown rectangle grows with labels past the board's
    margin, so this repeats until the zoom holds. Returns the shown rectangle."""
    source = shown_rect(scene)
    for _ in range(3):
        if not isinstance(scene, StreamScene) or source.isEmpty():
            break
        ppi = min(area.width() / source.width(), area.height() / source.height())
        if not scene.set_label_ppi(ppi):
            break
        source = shown_rect(scene)
    return source


def board_target(source: QRectF, area: QRectF) -> QRectF:
    """``source`` scaled to fit ``area``, keeping its aspect ratio, centred."""
    s = min(area.width() / source.width(), area.height() / source.height())
    w, h = source.width() * s, source.height() * s
    return QRectF(area.center().x() - w / 2, area.center().y() - h / 2, w, h)


def paint_frame(painter: QPainter, size: QSize, scene: BoardScene, info: BarInfo) -> QRectF:
    """A whole streamer picture: the board centred above the score bar (table
    colour around it, as in the window). Returns where the board's scene went."""
    w, h = size.width(), size.height()
    bh = bar_height(info, w, h)
    area = QRectF(0, 0, w, h - bh)
    painter.fillRect(area, style.TABLE)
    source = settle_labels(scene, area)
    target = board_target(source, area)
    scene.render(painter, target, source, Qt.AspectRatioMode.KeepAspectRatio)
    paint_score_bar(painter, QRectF(0, h - bh, w, bh), info, h)
    return target


# -- the window ---------------------------------------------------------------------


class ScoreBar(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.info: BarInfo | None = None
        self.layout_: BarLayout | None = None
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

    def standing_at(self, pos: QPoint) -> Standing | None:
        if self.info is None:
            return None
        lay = bar_layout(self.info, self.width(), self.window().height())
        for st, (rect, _) in zip(self.info.standings, lay.tiles, strict=True):
            if rect.contains(pos.x(), pos.y()):
                return st
        return None

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            st = self.standing_at(event.pos())
            if st is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), f"{st.name}: {st.text}\n{st.detail}", self)
            return True
        return super().event(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.info is None:
            return
        painter = QPainter(self)
        paint_score_bar(painter, QRectF(self.rect()), self.info, self.window().height())
        painter.end()


class StreamView(QGraphicsView):
    """The board, always fitted: refits whenever its own size changes (the bar
    below it grows and shrinks with the standings)."""

    def __init__(self, scene: StreamScene, parent: QWidget) -> None:
        super().__init__(scene, parent)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setInteractive(False)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def fit(self) -> None:
        scene = self.scene()
        vp = self.viewport()
        if isinstance(scene, StreamScene):
            scene.fit_labels(vp.width(), vp.height(), label_px(self.window().height()))
        source = settle_labels(scene, QRectF(vp.rect()))
        self.fitInView(source, Qt.AspectRatioMode.KeepAspectRatio)

    def pixels_per_inch(self) -> float:
        return self.transform().m11()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()


class StreamerWindow(QWidget):
    """The board and the score bar, nothing to edit; follows ``doc`` live."""

    def __init__(self, doc: Document, interval_ms: int = 40) -> None:
        super().__init__(None, Qt.WindowType.Window)
        self.doc = doc
        self.settings = stream_settings()
        self.setObjectName("streamerView")
        self.scene = StreamScene(self, public=not self.settings.show_hidden)
        self.board: Scoreboard | None = None
        self.view = StreamView(self.scene, self)
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
        doc.annotations_changed.connect(self.schedule)
        self.settings.changed.connect(self._view_changed)
        self.show_hidden_action = self.settings.action(self)
        self.resize(1280, 720)
        self.sync()

    def _title(self) -> None:
        self.setWindowTitle(f"tabletop_gui — streamer view ({self.settings.view_name()})")

    def schedule(self) -> None:
        if not self.timer.isActive():  # throttle: at most one sync per interval
            self.timer.start()

    def _view_changed(self, show_hidden: bool) -> None:
        self.scene.set_public(not show_hidden)
        self.sync()

    def sync(self) -> None:
        self._title()
        self.board = stream_scoreboard(self.doc, self.settings.show_hidden)
        self.scene.sync(self.doc.state, self.board)
        show_annotations(self.scene, self.doc.annotations, self.doc.state.scene, self.board)
        self.bar.set_info(bar_info(self.doc, self.board, self.scene.colours))
        self.view.fit()

    def contextMenuEvent(self, event: object) -> None:
        menu = QMenu(self)
        menu.addAction(self.show_hidden_action)
        menu.addAction("Full screen (F11)", self.toggle_full_screen)
        menu.exec(event.globalPos())

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)
        self.bar._fit()

    def showEvent(self, event: object) -> None:
        super().showEvent(event)
        self.bar._fit()
        self.view.fit()

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
        elif event.key() == Qt.Key.Key_H and not event.modifiers():
            self.settings.toggle()
        elif event.key() == Qt.Key.Key_F10:
            self.close()
        else:
            super().keyPressEvent(event)

    def mouseDoubleClickEvent(self, event: object) -> None:
        self.toggle_full_screen()

    def frame(self, size: QSize | None = None) -> QImage:
        """The picture at ``size`` (default: the window's), drawn offscreen."""
        size = size or self.size()
        image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
        painter = QPainter(image)
        board = self.board or stream_scoreboard(self.doc, self.settings.show_hidden)
        paint_frame(painter, size, self.scene, bar_info(self.doc, board, self.scene.colours))
        painter.end()
        return image


# -- the PNG for streaming -------------------------------------------------------------


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
        self.settings = stream_settings()
        self.scene = StreamScene(self, public=not self.settings.show_hidden)
        self.writes = 0
        self.last_write = 0.0
        #: Where the board's scene went in the last picture (pixels).
        self.board_rect = QRectF()
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.write)
        doc.changed.connect(self.schedule)
        doc.annotations_changed.connect(self.schedule)
        self.settings.changed.connect(self._view_changed)
        self.write()

    def schedule(self) -> None:
        if not self.timer.isActive():
            self.timer.start()

    def _view_changed(self, show_hidden: bool) -> None:
        self.scene.set_public(not show_hidden)
        self.schedule()

    def stop(self) -> None:
        self.timer.stop()
        with contextlib.suppress(RuntimeError, TypeError):
            self.doc.changed.disconnect(self.schedule)
        with contextlib.suppress(RuntimeError, TypeError):
            self.doc.annotations_changed.disconnect(self.schedule)
        with contextlib.suppress(RuntimeError, TypeError):
            self.settings.changed.disconnect(self._view_changed)

    def image(self) -> QImage:
        board = stream_scoreboard(self.doc, self.settings.show_hidden)
        self.scene.sync(self.doc.state, board)
        show_annotations(self.scene, self.doc.annotations, self.doc.state.scene, board)
        info = bar_info(self.doc, board, self.scene.colours)
        w, h = self.size.width(), self.size.height()
        self.scene.fit_labels(w, h - bar_height(info, w, h), label_px(h))
        image = QImage(self.size, QImage.Format.Format_RGB32)
        painter = QPainter(image)
        self.board_rect = paint_frame(painter, self.size, self.scene, info)
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
        except OSError as exc:  # write_atomic's errors name the file
            self.failed.emit(str(exc) if exc.strerror is None else f"{self.path}: {exc.strerror}")
            return
        self.writes += 1
        self.last_write = time.monotonic()
        self.written.emit(str(self.path))

"""The streamer window: the board and the score bar, nothing to edit, following
the main window's document live; resizes freely and goes full screen (F11 or a
double-click; Esc leaves full screen). ``H`` and its right-click menu switch
the audience's view (``audience``); F10 closes it (as F10 in the main window
opened it).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QRectF, QSize, Qt
from PySide6.QtGui import (
    QCloseEvent,
    QContextMenuEvent,
    QHelpEvent,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QMenu, QToolTip, QVBoxLayout, QWidget

from tabletop_gui.app import window_memory
from tabletop_gui.app.canvas.annotation_items import show_annotations
from tabletop_gui.app.document import Document
from tabletop_gui.app.stream.audience import stream_scoreboard, stream_settings
from tabletop_gui.app.stream.board_picture import StreamScene, label_px, paint_frame, settle_labels
from tabletop_gui.app.stream.coalesce import Coalescer
from tabletop_gui.app.stream.score_bar import BarLayout, bar_height, bar_layout, paint_score_bar
from tabletop_gui.play.score_bar import BarContent, BarTile, bar_content
from tabletop_gui.rules.scoreboard import Scoreboard


def hex_colours(scene: StreamScene) -> dict[str, str]:
    """The board's side colours as ``#rrggbb``."""
    return {side: colour.name() for side, colour in scene.colours.items()}


def doc_bar(doc: Document, board: Scoreboard, scene: StreamScene) -> BarContent:
    """The bar for the document's present moment, scored as ``board``."""
    state = doc.state
    events = doc.timeline.events[: state.index]
    return bar_content(state, events, board, hex_colours(scene), len(doc.timeline.events))


class ScoreBar(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.info: BarContent | None = None
        self.layout_: BarLayout | None = None
        self.setObjectName("scoreBar")

    def set_info(self, info: BarContent) -> None:
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

    def standing_at(self, pos: QPoint) -> BarTile | None:
        if self.info is None:
            return None
        lay = bar_layout(self.info, self.width(), self.window().height())
        for st, (rect, _) in zip(self.info.tiles, lay.tiles, strict=True):
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


#: The margin ``QGraphicsView.fitInView`` leaves around what it fits, pixels.
FIT_MARGIN = 2


class StreamView(QGraphicsView):
    """The board, always fitted: refits whenever its own size changes (the bar
    below it grows and shrinks with the standings)."""

    def __init__(self, scene: StreamScene, parent: QWidget) -> None:
        super().__init__(scene, parent)
        self.stream_scene = scene
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setInteractive(False)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def fit(self) -> None:
        scene = self.stream_scene
        vp = self.viewport()
        scene.fit_labels(vp.width(), vp.height(), label_px(self.window().height()))
        # ``fitInView`` keeps FIT_MARGIN pixels free on each side: the labels are
        # placed for the zoom it shows them at (at 480 x 270 the whole viewport's
        # zoom drew names 2% larger than placed, over each other).
        m = FIT_MARGIN
        source = settle_labels(scene, QRectF(vp.rect()).adjusted(m, m, -m, -m))
        self.fitInView(source, Qt.AspectRatioMode.KeepAspectRatio)

    def pixels_per_inch(self) -> float:
        return self.transform().m11()

    # Nothing on the board answers a click: a right-click goes on to the streamer
    # window's menu and a double-click to its full screen, as over the score bar.
    # (QGraphicsView keeps both events, answered or not, when its scene is not
    # interactive.)
    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        event.ignore()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        event.ignore()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()


class StreamerWindow(QWidget):
    """The board and the score bar, nothing to edit; follows ``doc`` live."""

    def __init__(self, doc: Document) -> None:
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
        #: A change is shown on the next turn of the event loop; a burst (a drag)
        #: as often as keeps the main window responsive.
        self.coalescer = Coalescer(self.sync, self)
        doc.changed.connect(self.schedule)
        doc.annotations_changed.connect(self.schedule)
        self.settings.changed.connect(self._view_changed)
        self.show_hidden_action = self.settings.action(self)
        self.resize(1280, 720)
        #: Whether closing keeps its size and place for the next run (``window_memory``).
        self.kept_size = False
        self.sync()

    def _title(self) -> None:
        self.setWindowTitle(f"tabletop_gui — streamer view ({self.settings.view_name()})")

    def schedule(self) -> None:
        if self.isVisible():  # a closed window catches up when shown again
            self.coalescer.poke()

    def _view_changed(self, show_hidden: bool) -> None:
        self.scene.set_public(not show_hidden)
        self.sync()

    def sync(self) -> None:
        self._title()
        self.board = stream_scoreboard(self.doc, self.settings.show_hidden)
        self.scene.sync(self.doc.state, self.board)
        show_annotations(self.scene, self.doc.annotations, self.doc.state, self.board,
                         scene_at=self.doc.scene_at)  # fmt: skip
        self.bar.set_info(doc_bar(self.doc, self.board, self.scene))
        self.view.fit()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        menu = QMenu(self)
        menu.addAction(self.show_hidden_action)
        menu.addAction("Full screen (F11)", self.toggle_full_screen)
        menu.exec(event.globalPos())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.bar._fit()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.kept_size:
            window_memory.remember_size(self, window_memory.STREAMER_KEY)
        self.coalescer.stop()
        super().closeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.sync()
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

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self.toggle_full_screen()

    def frame(self, size: QSize | None = None) -> QImage:
        """The picture at ``size`` (default: the window's), drawn offscreen."""
        size = size or self.size()
        image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
        painter = QPainter(image)
        board = self.board or stream_scoreboard(self.doc, self.settings.show_hidden)
        paint_frame(painter, size, self.scene, doc_bar(self.doc, board, self.scene))
        painter.end()
        return image

"""The board in a stream picture: a ``BoardScene`` whose labels are sized for
the picture's pixels (``StreamScene``), the rectangle of it to show, and a
whole streamer frame (the board centred above the score bar), shared by the
streamer window, the stream PNG and the overlay's board picture.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QObject, QRectF, QSize, Qt
from PySide6.QtGui import QPainter

from tabletop_gui.app import style
from tabletop_gui.app.canvas.annotation_items import show_annotations
from tabletop_gui.app.canvas.board_scene import MARGIN, BoardScene, hex_names_room
from tabletop_gui.app.canvas.items import NAME_IN
from tabletop_gui.app.stream.score_bar import bar_height, paint_score_bar
from tabletop_gui.model.annotations import Annotations
from tabletop_gui.model.scene import Scene
from tabletop_gui.model.state import GameState
from tabletop_gui.play.annotations import SceneAt
from tabletop_gui.play.score_bar import BarContent
from tabletop_gui.rules.scoreboard import Scoreboard

#: Unit names are drawn this many pixels tall on a 1080-pixel-high picture
#: (never smaller than the board's own label size).
LABEL_PX_AT_1080 = 16.0


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
        #: A small picture (names at their smallest, MIN_LABEL_PX): the captions
        #: of circles, hexes and areas that cannot go clear of others are left
        #: out (``labels.place``); the score bar names every objective.
        self.drop_crowded_labels = False
        #: Where the board (0, 0)-(W, H) lies in the last picture drawn (pixels).
        self.picture_board_rect: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)

    def _reset(self, scene: Scene) -> None:
        super()._reset(scene)
        if self.label_scale != 1.0:
            self.text_scale *= self.label_scale
            w, h = scene.board.extent
            # The side names outside the edges need 1.7 text scales of room.
            m = MARGIN * 0.75 * self.text_scale + hex_names_room(scene.board)
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
        if self.board is None or min(width, height) < MIN_PICTURE_PX:
            return False  # not sized yet (or a sliver): names would grow without end
        small = label_px <= MIN_LABEL_PX
        if small != self.drop_crowded_labels:
            self.drop_crowded_labels = small
            self.label_ppi = 0.0  # place the labels again
        w, h = self.board.extent
        base = self.text_scale / self.label_scale
        ts = self.text_scale
        for _ in range(4):  # the margin grows with the text: settle on a scale
            m = 2 * (MARGIN * 0.75 * ts + hex_names_room(self.board))
            ppi = min(width / (w + m), height / (h + m))
            ts = label_px / (NAME_IN * ppi)
        scale = min(max(1.0, ts / base), MAX_STREAM_LABEL_SCALE)
        if abs(scale - self.label_scale) <= 0.08 * self.label_scale:
            self.set_label_ppi(ppi)
            return False
        self.label_scale = scale
        self.label_ppi = ppi
        self.rebuild()
        return True

    def min_text_in(self) -> float:
        """Text that must be read (the axis numbers) is at least MIN_LABEL_PX
        pixels tall in the picture: at 640 x 360 it came out 5 px."""
        return MIN_LABEL_PX / self.label_ppi if self.label_ppi > 0 else 0.0

    def name_px(self, ppi: float) -> float:
        """How tall unit names come out at ``ppi`` pixels per inch."""
        return NAME_IN * self.text_scale * ppi


#: A picture smaller than this either side keeps the labels it has: a streamer
#: window not sized yet, or shrunk to a sliver, asked for names thousands of
#: inches tall (and a font size past what Qt holds).
MIN_PICTURE_PX = 48
#: Labels grow at most this many times their board size (about 3.8 at 640 x 360).
MAX_STREAM_LABEL_SCALE = 8.0
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


def paint_frame(painter: QPainter, size: QSize, scene: BoardScene, info: BarContent) -> QRectF:
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


def board_svg(scene: StreamScene, width: int, height: int, state: GameState,
              board: Scoreboard, annotations: Annotations | None = None,
              board_hidden: bool = False, scene_at: SceneAt | None = None) -> bytes:  # fmt: skip
    """The board alone as an SVG picture ``width`` x ``height`` pixels, nothing
    drawn around it (a web page shows it over the streamer's own picture), its
    labels sized and placed for that size (unit names as tall as in a streamer
    picture of that width)."""
    from PySide6.QtSvg import QSvgGenerator

    scene.transparent_table = True
    scene.board_hidden = board_hidden
    scene.sync(state, board)
    scene.fit_labels(width, height, label_px(max(height, width * 9 / 16)))
    # After the labels are fitted to the picture: the text scale is the picture's.
    show_annotations(scene, annotations or Annotations(), state, board, scene_at=scene_at)
    area = QRectF(0, 0, width, height)
    source = settle_labels(scene, area)
    target = board_target(source, area)
    k = target.width() / source.width()
    w, h = state.scene.board.extent
    #: Where the board's own rectangle went in this picture (the /camera page maps it).
    scene.picture_board_rect = (target.x() - source.x() * k, target.y() - source.y() * k,
                                w * k, h * k)  # fmt: skip
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    gen = QSvgGenerator()
    gen.setOutputDevice(buf)
    gen.setSize(QSize(width, height))
    gen.setViewBox(area)
    gen.setTitle(state.setup.name or "board")
    painter = QPainter(gen)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    scene.render(painter, target, source, Qt.AspectRatioMode.KeepAspectRatio)
    painter.end()
    buf.close()
    return _for_browsers(bytes(data.data()), width, height)


#: Qt names the one font it drew with; a browser without it falls back to the
#: nearest of these (Verdana has DejaVu Sans's proportions), never to a serif.
SVG_FONTS = "DejaVu Sans, Verdana, Bitstream Vera Sans, sans-serif"


def _for_browsers(svg: bytes, width: int, height: int) -> bytes:
    """Qt's SVG with its size in pixels (Qt writes millimetres) and a font list."""
    text = svg.decode("utf-8")
    head = re.search(r"<svg\b[^>]*>", text)
    if head is not None:
        tag = re.sub(r'\swidth="[^"]*"', f' width="{width}px"', head.group(0), count=1)
        tag = re.sub(r'\sheight="[^"]*"', f' height="{height}px"', tag, count=1)
        text = text[: head.start()] + tag + text[head.end() :]
    return text.replace('font-family="DejaVu Sans"', f'font-family="{SVG_FONTS}"').encode()

"""The overlay's drawing side: after each change of the game, the score document,
the score bar and the board picture at every size a page shows, handed to the
overlay server's hub (``tabletop_gui.overlay``), which serves them.

One feed serves one view, chosen by the person at the machine: the players'
view (the default whenever a server starts: face-down values unknown, as a
player's ``score --view SIDE`` has them) or the referee's (every value).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import field

from PySide6.QtCore import QObject, Signal

from tabletop_gui.app import style
from tabletop_gui.app.document import Document
from tabletop_gui.app.stream.board_picture import StreamScene, board_svg
from tabletop_gui.app.stream.coalesce import Coalescer
from tabletop_gui.camera.frame_view import frame_view
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.annotations import Annotations
from tabletop_gui.model.camera import TableCamera
from tabletop_gui.model.events import Event
from tabletop_gui.model.game import Game
from tabletop_gui.model.state import GameState
from tabletop_gui.overlay.hub import Hub, Size
from tabletop_gui.play.annotations import SceneAt, moment_scenes
from tabletop_gui.play.score_bar import bar_content
from tabletop_gui.play.score_doc import score_document
from tabletop_gui.rules.engine import evaluate, replay
from tabletop_gui.rules.scoreboard import Scoreboard


@dataclass(frozen=True)
class GameMoment:
    """What the overlay shows: ``state`` after ``events`` (of ``total_events``),
    scored in the referee's view (``board``); ``viewer`` the side whose view is
    the players' view (None: a board without sides)."""

    state: GameState
    events: Sequence[Event]
    total_events: int
    board: Scoreboard
    viewer: str | None
    #: Pinned rulers and range rings, drawn on the board as in the window.
    annotations: Annotations = field(default_factory=Annotations)
    #: The camera looking at the table (the /camera page), if the game keeps one.
    camera: TableCamera | None = None
    #: The pieces at each moment of the log (a ruler's note says when it was
    #: written only where the distance shown differs); None: not known.
    scene_at: SceneAt | None = None


def doc_moment(doc: Document) -> GameMoment:
    """The window's present moment (the moment looked back at, or a drag's preview)."""
    state = doc.state
    board = doc.scoreboard() if doc.viewer is None else evaluate(state)
    sides = state.scene.side_ids
    viewer = doc.viewer if doc.viewer is not None else (sides[0] if sides else None)
    total = len(doc.timeline.events)
    events = doc.timeline.events[: state.index]
    return GameMoment(
        state, events, total, board, viewer, doc.annotations, doc.camera, doc.scene_at
    )


def game_moment(game: Game) -> GameMoment:
    """A game read from a file, after all its events."""
    state = replay(game.setup, game.events)
    sides = state.scene.side_ids
    viewer = sides[0] if sides else None
    return GameMoment(
        state, game.events, len(game.events), evaluate(state), viewer, game.annotations,
        game.camera, moment_scenes(game.setup, game.events),
    )  # fmt: skip


def audience_board(moment: GameMoment, referee: bool) -> Scoreboard:
    """The referee's scoreboard, or the players' (what ``viewer`` may know)."""
    if referee or moment.viewer is None:
        return moment.board
    return evaluate(moment.state, moment.viewer)


class OverlayFeed(QObject):
    """Publishes ``moment()`` to ``hub`` after every ``changed()`` (coalesced)."""

    #: A page asked for a board size not drawn yet (sent from the server's thread).
    new_size = Signal(object)
    #: A moment was published (its version).
    published = Signal(int)

    def __init__(
        self,
        hub: Hub,
        moment: Callable[[], GameMoment],
        referee: bool = False,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.hub = hub
        self.moment = moment
        self.referee = referee
        self.scenes: dict[Size, StreamScene] = {}
        self.camera_scenes: dict[Size, StreamScene] = {}
        self.coalescer = Coalescer(self.publish, self)
        self.new_size.connect(self.changed)
        hub.on_new_size = self.new_size.emit
        self.publish()

    @property
    def view_name(self) -> str:
        return "referee's view" if self.referee else "players' view"

    def changed(self) -> None:
        self.coalescer.poke()

    def set_referee(self, referee: bool) -> None:
        """Switch the view served (the person at the machine decides)."""
        if referee != self.referee:
            self.referee = referee
            for scene in [*self.scenes.values(), *self.camera_scenes.values()]:
                scene.set_public(not referee)
            self.changed()

    def stop(self) -> None:
        self.coalescer.stop()
        self.hub.on_new_size = None
        for scene in [*self.scenes.values(), *self.camera_scenes.values()]:
            scene.clear()
        self.scenes.clear()
        self.camera_scenes.clear()

    def camera_scene(self, size: Size) -> StreamScene:
        """The scene of the /camera page's picture at ``size`` (the board itself hidden)."""
        scene = self.camera_scenes.get(size)
        if scene is None:
            scene = self.camera_scenes[size] = StreamScene(self, public=not self.referee)
        return scene

    def scene(self, size: Size) -> StreamScene:
        scene = self.scenes.get(size)
        if scene is None:
            scene = self.scenes[size] = StreamScene(self, public=not self.referee)
        return scene

    def publish(self) -> int:
        m = self.moment()
        board = audience_board(m, self.referee)
        view = None if self.referee else m.viewer
        state = m.state
        score = score_document(state.setup, m.total_events, state, board, view)
        colours = {s: c.name() for s, c in style.side_colours(state.scene).items()}
        bar = bar_content(state, m.events, board, colours, m.total_events).to_json()
        sizes = self.hub.sizes()
        for gone in [s for s in self.scenes if s not in sizes]:
            self.scenes.pop(gone).deleteLater()
        framed_sizes = self.hub.camera_sizes()
        for gone in [s for s in self.camera_scenes if s not in framed_sizes]:
            self.camera_scenes.pop(gone).deleteLater()
        boards = {
            size: board_svg(
                self.scene(size), *size, state, board, m.annotations, scene_at=m.scene_at
            )
            for size in sizes
        }
        rects = {size: self.scene(size).picture_board_rect for size in sizes}
        camera = frame_view(m.camera, state.scene.board.extent)
        framed = {}
        for size in self.hub.camera_sizes() if camera is not None else []:
            scene = self.camera_scene(size)
            svg = board_svg(scene, *size, state, board, m.annotations, board_hidden=True,
                            scene_at=m.scene_at)  # fmt: skip
            framed[size] = (svg, scene.picture_board_rect)
        shown = "referee" if self.referee else "players"
        version = self.hub.publish(score, bar, shown, boards, rects, camera, framed)
        self.published.emit(version)
        return version

"""A game: the setup plus the ordered log of events. Plain data; replaying it
(with the rules folding their records) is ``tabletop_gui.rules.engine``'s job."""

from __future__ import annotations

from dataclasses import field, replace

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.annotations import Annotations
from tabletop_gui.model.camera import TableCamera
from tabletop_gui.model.events import Event
from tabletop_gui.model.scene import Setup


@dataclass(frozen=True)
class Game:
    setup: Setup
    events: tuple[Event, ...] = ()
    #: Pinned rulers and range rings: saved with the game, never read by a rule.
    annotations: Annotations = field(default_factory=Annotations)
    #: The camera looking at the table (marker sizes, alignment, lens): saved
    #: with the game, never read by a rule (docs/camera.md).
    camera: TableCamera | None = None

    def pushed(self, event: Event) -> Game:
        return replace(self, events=(*self.events, event))

    def truncated(self, n: int) -> Game:
        return replace(self, events=self.events[:n])

"""Following the table live (no Qt): readings of a camera's frames in, with their
times; out, where each tagged unit stands now, which are not seen, and one move
per unit that has come to rest away from its place in the game
(docs/camera.md, The window)."""

from __future__ import annotations

import math
from dataclasses import field

from tabletop_gui.camera.table_read import (
    MOVE_TOLERANCE_IN,
    TURN_TOLERANCE_DEG,
    TableReading,
    UnitReading,
)
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.events import MovePiece
from tabletop_gui.model.scene import Scene

#: A unit still for this long (seconds) has come to rest: its move is recorded.
REST_SECONDS = 1.0
#: Still: within this many inches and degrees of where it came to a stop (a tag's
#: reading wanders by a few thousandths of an inch from frame to frame).
STILL_IN = 0.06
STILL_DEG = 1.5

Place = tuple[float, float, float]


@dataclass
class _Track:
    since: float
    sum_x: float
    sum_y: float
    facing: float
    count: int = 1
    #: The place last recorded from this stop (a stop is recorded once).
    recorded: bool = False

    @property
    def place(self) -> Place:
        return (self.sum_x / self.count, self.sum_y / self.count, self.facing)


@dataclass(frozen=True)
class FollowStep:
    """What one frame changes: where each seen unit stands now (``live``), the
    tagged units not seen in it, and the moves of units that came to rest."""

    live: dict[str, Place]
    unseen: frozenset[str]
    moves: tuple[MovePiece, ...]
    problems: tuple[str, ...] = ()


@dataclass
class Follower:
    rest_seconds: float = REST_SECONDS
    _tracks: dict[str, _Track] = field(default_factory=dict)

    def feed(self, reading: TableReading, at: float, now: Scene | None = None) -> FollowStep:
        """The step of a frame read at ``at`` seconds (any clock that only goes
        forward). A unit come to rest is moved only if it stands away from its
        place in ``now``, the game as it stands when the frame is fed: a
        reading compares each tag with the game as it stood when the frame was
        read, which moves recorded since (the same still frame fed again after
        following was switched off and on) have made stale. Without ``now``,
        the reading's own comparison is taken."""
        live: dict[str, Place] = {}
        unseen: set[str] = set()
        moves: list[MovePiece] = []
        for u in reading.units:
            if not u.seen or u.problem:
                unseen.add(u.unit_id)
                continue
            live[u.unit_id] = (u.x, u.y, u.facing)
            track = self._tracks.get(u.unit_id)
            if track is None or not _near(track.place, (u.x, u.y, u.facing)):
                self._tracks[u.unit_id] = _Track(at, u.x, u.y, u.facing)
                continue
            track.sum_x += u.x
            track.sum_y += u.y
            track.count += 1
            if track.recorded or at - track.since < self.rest_seconds:
                continue
            # Recorded once a stop, and only away from the game's place now:
            # a move to where the unit already stands is never recorded.
            track.recorded = True
            x, y, facing = track.place
            place = (round(x, 3), round(y, 3), round(facing, 2) % 360)
            if _away(place, u, now):
                moves.append(MovePiece(u.unit_id, *place))
        return FollowStep(live, frozenset(unseen), tuple(moves), reading.problems)

    def forget(self) -> None:
        """Start afresh (the camera moved, or the game was changed by hand)."""
        self._tracks.clear()


def _away(place: Place, read: UnitReading, now: Scene | None) -> bool:
    """Whether ``place`` is more than the move tolerances from the unit's place
    in ``now`` (without ``now``: from where the reading compared it)."""
    unit = now.units.get(read.unit_id) if now is not None else None
    if unit is None:
        moved, turned = read.moved_in or 0.0, read.turned_deg or 0.0
    else:
        moved = math.hypot(place[0] - unit.x, place[1] - unit.y)
        turned = abs((place[2] - unit.facing + 180.0) % 360.0 - 180.0)
    return moved > MOVE_TOLERANCE_IN or turned > TURN_TOLERANCE_DEG


def _near(a: Place, b: Place) -> bool:
    turned = abs((a[2] - b[2] + 180.0) % 360.0 - 180.0)
    return math.hypot(a[0] - b[0], a[1] - b[1]) <= STILL_IN and turned <= STILL_DEG

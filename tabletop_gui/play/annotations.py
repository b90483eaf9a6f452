"""What pinned rulers and range rings read and where they are drawn (no Qt): the
window, the exports and the stream draw these answers."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tabletop_gui.geometry.outline import outline_of
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.annotations import RangeRing, Ruler
from tabletop_gui.model.events import Event
from tabletop_gui.model.names import piece_label
from tabletop_gui.model.scene import Scene, Setup
from tabletop_gui.model.state import GameState
from tabletop_gui.play.measure import Measurement, measure_between
from tabletop_gui.rules.engine import apply, initial_state
from tabletop_gui.rules.scoreboard import Scoreboard

#: The pieces as they stood after ``n`` events of the log (None: a moment not
#: known there), to tell whether a ruler reads at the moment shown what it read
#: when its note was written (``noted_when``).
SceneAt = Callable[[int], Scene | None]


def _piece(scene: Scene, piece_id: str | None) -> object | None:
    if piece_id is None:
        return None
    return scene.units.get(piece_id) or scene.markers.get(piece_id)


def ruler_ends(scene: Scene, ruler: Ruler) -> tuple[str | None, str | None]:
    """The ends' pieces that are still on the table (a removed piece's end is free)."""
    ends = []
    for pid in (ruler.start_piece, ruler.end_piece):
        piece = _piece(scene, pid)
        ends.append(pid if piece is not None and not getattr(piece, "removed", False) else None)
    return ends[0], ends[1]


def ruler_reading(scene: Scene, board: Scoreboard | None, ruler: Ruler) -> Measurement:
    """The ruler measured on ``scene`` as the measure tool does: an end on a piece
    measures from the piece's footprint where it stands now (it follows the piece),
    with the margin to each rule range that end is the subject of."""
    a_id, b_id = ruler_ends(scene, ruler)
    start, end = ruler.start, ruler.end
    a, b = _piece(scene, a_id), _piece(scene, b_id)
    if a is not None:
        start = (a.x, a.y)  # type: ignore[attr-defined]
    if b is not None:
        end = (b.x, b.y)  # type: ignore[attr-defined]
    return measure_between(scene, board, a_id, start, b_id, end)


def ruler_between(scene: Scene, ruler: Ruler) -> str:
    """'Knights to Orc Boyz', 'Knights to a point'."""

    def name(pid: str | None) -> str:
        piece = _piece(scene, pid)
        return piece_label(piece) if piece is not None else "a point"

    return f"{name(ruler.start_piece)} to {name(ruler.end_piece)}"


def noted_when(
    ruler: Ruler, moment: int | None, shown: Scene | None = None, scene_at: SceneAt | None = None
) -> str:
    """'noted after event 22; shown after event 11' when a ruler's note was
    written at another moment than the one shown and the ruler reads another
    distance there: its distance is the moment shown's, its note speaks of the
    one it was written at (docs/canvas.md, Measuring). The same distance (an
    event that moved neither of its pieces) says nothing more. ``shown``: the
    scene shown; ``scene_at``: the scenes of the log's moments; without them,
    or where the note's moment is not known there, any other moment says so."""
    if not ruler.note or ruler.at is None or moment is None or moment == ruler.at:
        return ""
    noted = scene_at(ruler.at) if scene_at is not None and shown is not None else None
    if shown is not None and noted is not None and same_reading(ruler, noted, shown):
        return ""
    return f"noted after event {ruler.at}; shown after event {moment}"


def same_reading(ruler: Ruler, a: Scene, b: Scene) -> bool:
    """Whether ``ruler`` reads the same distance on scenes ``a`` and ``b`` (as it
    is written, to 0.01 in; on a hex board with its hexes): at once when its
    pieces are the very same in both (an event that did not touch them)."""
    ends = (ruler.start_piece, ruler.end_piece)
    if all(_piece(a, pid) is _piece(b, pid) for pid in ends if pid is not None):
        return True
    return ruler_reading(a, None, ruler).lines[0] == ruler_reading(b, None, ruler).lines[0]


def moment_scenes(setup: Setup, events: Sequence[Event]) -> SceneAt:
    """``SceneAt`` for a log: each moment replayed once, when first asked for."""
    states: list[GameState] = [initial_state(setup)]

    def scene_at(n: int) -> Scene | None:
        if not 0 <= n <= len(events):
            return None
        while len(states) <= n:
            states.append(apply(states[-1], events[len(states) - 1]))
        return states[n].scene

    return scene_at


def ruler_title(
    scene: Scene, ruler: Ruler, moment: int | None = None, scene_at: SceneAt | None = None
) -> str:
    """The ends, and the note after a dash (one line, as a page prints it)."""
    text = ruler_between(scene, ruler)
    text = f"{text} — {ruler.note}" if ruler.note else text
    when = noted_when(ruler, moment, scene, scene_at)
    return f"{text} ({when})" if when else text


def ruler_heading(
    scene: Scene, ruler: Ruler, moment: int | None = None, scene_at: SceneAt | None = None
) -> list[str]:
    """The ends, then the note and when it was written (``noted_when``) on lines of
    their own (the board's reading, kept narrow: a long note would run off a
    small view)."""
    when = noted_when(ruler, moment, scene, scene_at)
    return [ruler_between(scene, ruler), *([ruler.note] if ruler.note else []),
            *([when] if when else [])]  # fmt: skip


@dataclass(frozen=True)
class RingShape:
    """A range ring to draw: its outline (board inches) and its label."""

    piece_id: str
    radius: float
    outline: tuple[tuple[float, float], ...]
    label: str


def ring_shape(scene: Scene, ring: RangeRing) -> RingShape | None:
    """The true offset of the piece's footprint by ``ring.radius`` (shapely's
    buffer: straight sides, rounded corners), or None if the piece is gone."""
    piece = _piece(scene, ring.piece_id)
    if piece is None or getattr(piece, "removed", False):
        return None
    footprint = outline_of(piece).polygon()  # type: ignore[arg-type]
    area = footprint.buffer(ring.radius, quad_segs=32)
    coords = tuple((float(x), float(y)) for x, y in area.exterior.coords)
    label = f"{ring.radius:g} in from {piece_label(piece)}"
    return RingShape(ring.piece_id, ring.radius, coords, label)

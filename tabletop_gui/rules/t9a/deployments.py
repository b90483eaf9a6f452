"""The six Deployment Types of The Ninth Age as board presets (docs/t9a.md).

Each preset builds the two Deployment Zones as plain ``Zone`` polygons (so the
user can edit them like any other zone), knows the "line dividing the board into
halves" (the Centre Line, or the diagonal for Refused Flank) and which short Board
Edge each side takes where the type assigns one.

Side A is the player whose long Board Edge is y = 0 (in Encircle: the attacker,
in Dawn Assault: the player taking the x = 0 short edge). Distances scale with
the board: the quarter of the length (18 in) and the Centre Line offsets are
those of the rules; boards other than 72 x 48 simply use the same offsets.

Refused Flank and Marching Columns are approximations: the exact text was not
available (docs/t9a.md, Deployment Types). Their ``approximate`` flag is True and their
titles say so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import shapely
from shapely.geometry import Polygon, box

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.pieces import Point, Zone
from tabletop_gui.model.scene import Board

Segment = tuple[Point, Point]
ZonePair = tuple[tuple[Point, ...], tuple[Point, ...]]

#: Refused Flank (approximation): zones are more than this far from the diagonal.
REFUSED_FLANK_OFFSET = 9.0


def _rect(x0: float, y0: float, x1: float, y1: float) -> tuple[Point, ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def _centre_line(board: Board) -> Segment:
    return ((0.0, board.height / 2), (board.width, board.height / 2))


def _diagonal(board: Board) -> Segment:
    return ((0.0, 0.0), (board.width, board.height))


def _frontline(board: Board, offset: float = 12.0) -> ZonePair:
    w, h = board.width, board.height
    return _rect(0, 0, w, h / 2 - offset), _rect(0, h / 2 + offset, w, h)


def _counterthrust(board: Board) -> ZonePair:
    return _frontline(board, 8.0)


def _dawn_assault(board: Board) -> ZonePair:
    w, h = board.width, board.height
    q = w / 4
    return _rect(0, 0, w - q, h / 2 - 12), _rect(q, h / 2 + 12, w, h)


def _encircle(board: Board) -> ZonePair:
    """A (attacker): more than 9 in from the Centre Line where wholly within a
    quarter of the length of a short edge, more than 15 in elsewhere: a U.
    B (defender) the other way round: an upside-down T."""
    w, h = board.width, board.height
    q, c = w / 4, h / 2
    a = (
        (0, 0),
        (w, 0),
        (w, c - 9),
        (w - q, c - 9),
        (w - q, c - 15),
        (q, c - 15),
        (q, c - 9),
        (0, c - 9),
    )
    b = (
        (0, h),
        (0, c + 15),
        (q, c + 15),
        (q, c + 9),
        (w - q, c + 9),
        (w - q, c + 15),
        (w, c + 15),
        (w, h),
    )
    return tuple(a), tuple(b)


def _refused_flank(board: Board) -> ZonePair:
    """Approximation: more than 9 in either side of the board diagonal from the
    (0, 0) corner to the opposite one; A takes the half holding the (width, 0) corner."""
    (x1, y1), (x2, y2) = _diagonal(board)
    far = 4 * (board.width + board.height)
    dx, dy = (x2 - x1), (y2 - y1)
    length = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / length, dy / length
    nx, ny = uy, -ux  # unit normal pointing towards the (width, 0) corner
    cx, cy = board.centre
    board_box = box(0, 0, board.width, board.height)
    out = []
    for sign in (1, -1):
        ox, oy = cx + sign * nx * REFUSED_FLANK_OFFSET, cy + sign * ny * REFUSED_FLANK_OFFSET
        half = Polygon(
            [
                (ox - ux * far, oy - uy * far),
                (ox + ux * far, oy + uy * far),
                (ox + ux * far + sign * nx * far, oy + uy * far + sign * ny * far),
                (ox - ux * far + sign * nx * far, oy - uy * far + sign * ny * far),
            ]
        )
        clipped = shapely.normalize(board_box.intersection(half))
        assert isinstance(clipped, Polygon)  # a convex board cut by a line: one polygon
        out.append(tuple((float(x), float(y)) for x, y in clipped.exterior.coords[:-1]))
    return out[0], out[1]


def _marching_columns(board: Board) -> ZonePair:
    """Approximation: the Frontline Clash zones (more than 12 in from the Centre Line),
    each side with its own short Board Edge (A: x = 0, B: x = width)."""
    return _frontline(board)


def _no_short_edges(board: Board) -> tuple[Segment | None, Segment | None]:
    return None, None


def _opposite_short_edges(board: Board) -> tuple[Segment | None, Segment | None]:
    return ((0.0, 0.0), (0.0, board.height)), ((board.width, 0.0), (board.width, board.height))


@dataclass(frozen=True)
class DeploymentType:
    """One Deployment Type preset. ``zones(board, a, b)`` gives A's zone then B's."""

    key: str
    title: str
    description: str
    _polygons: Callable[[Board], ZonePair]
    _line: Callable[[Board], Segment] = _centre_line
    _short_edges: Callable[[Board], tuple[Segment | None, Segment | None]] = _no_short_edges
    approximate: bool = False
    role_a: str = ""
    role_b: str = ""

    def polygons(self, board: Board) -> ZonePair:
        """A's zone polygon and B's, in inches."""
        return self._polygons(board)

    def zones(
        self, board: Board, side_a: str, side_b: str, names: Mapping[str, str] | None = None
    ) -> list[Zone]:
        """Two Zone pieces, ids ``zone-<side>``, named after the type and the side
        (its name from ``names`` where given, else its id)."""
        pa, pb = self.polygons(board)
        tag = f"{self.title}{' (approximation)' if self.approximate else ''}"
        ra = f", {self.role_a}" if self.role_a else ""
        rb = f", {self.role_b}" if self.role_b else ""
        na, nb = ((names or {}).get(s, s) for s in (side_a, side_b))
        return [
            Zone(f"zone-{side_a}", side_a, pa, f"{tag}: {na} zone{ra}"),
            Zone(f"zone-{side_b}", side_b, pb, f"{tag}: {nb} zone{rb}"),
        ]

    def dividing_line(self, board: Board) -> Segment:
        """The line dividing the board into halves (Spoils of War markers lie on it)."""
        return self._line(board)

    def short_edges(self, board: Board, side_a: str, side_b: str) -> dict[str, Segment]:
        """The short Board Edge each side takes, where the type assigns one."""
        ea, eb = self._short_edges(board)
        out = {}
        if ea is not None:
            out[side_a] = ea
        if eb is not None:
            out[side_b] = eb
        return out

    def long_edges(self, board: Board, side_a: str, side_b: str) -> dict[str, Segment]:
        return {
            side_a: ((0.0, 0.0), (board.width, 0.0)),
            side_b: ((0.0, board.height), (board.width, board.height)),
        }


DEPLOYMENT_TYPES: dict[str, DeploymentType] = {
    t.key: t
    for t in (
        DeploymentType(
            "frontline_clash",
            "Frontline Clash",
            "Deployment Zones are more than 12 in from the Centre Line.",
            _frontline,
        ),
        DeploymentType(
            "dawn_assault",
            "Dawn Assault",
            "More than 12 in from the Centre Line and more than a quarter of the board's "
            "length (18 in) from the opponent's short edge. A takes the x = 0 short edge.",
            _dawn_assault,
            _short_edges=_opposite_short_edges,
        ),
        DeploymentType(
            "counterthrust",
            "Counterthrust",
            "Deployment Zones are more than 8 in from the Centre Line.",
            _counterthrust,
        ),
        DeploymentType(
            "encircle",
            "Encircle",
            "Attacker (A): more than 9 in from the Centre Line where wholly within 18 in of a "
            "short edge, more than 15 in elsewhere. Defender (B): the other way round.",
            _encircle,
            role_a="attacker",
            role_b="defender",
        ),
        DeploymentType(
            "refused_flank",
            "Refused Flank",
            "APPROXIMATION (exact text not available): zones more than 9 in either side of the "
            "diagonal from corner (0, 0) to the opposite corner; the diagonal divides the board. "
            "Edit the zones if your rules differ.",
            _refused_flank,
            _line=_diagonal,
            approximate=True,
        ),
        DeploymentType(
            "marching_columns",
            "Marching Columns",
            "APPROXIMATION (exact text not available): the Frontline Clash zones (more than 12 in "
            "from the Centre Line), A taking the x = 0 short edge and B the other; deployment "
            "order restrictions are not modelled. Edit the zones if your rules differ.",
            _marching_columns,
            _short_edges=_opposite_short_edges,
            approximate=True,
        ),
    )
}


def dividing_line(board: Board, deployment: str) -> Segment:
    """The dividing line of a setup's Deployment Type (the Centre Line if unknown)."""
    dt = DEPLOYMENT_TYPES.get(deployment)
    return dt.dividing_line(board) if dt else _centre_line(board)

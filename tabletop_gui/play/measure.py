"""The measure tool's arithmetic (no Qt): closest points, distance, margins to
the rule ranges on the board, each named ("5.97 in, 0.03 in inside 6 (Hold the
Ground: 6 in of the centre)"), and on a hex board the hex count between the two
ends' hexes."""

from __future__ import annotations

from dataclasses import replace

from tabletop_gui.geometry.outline import (
    EPS,
    Outline,
    closest_points,
    distance_3d,
    outline_of,
    plan_overlap,
    point_outline,
)
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.hexgrid import Hex, HexBoard, hex_label
from tabletop_gui.model.names import inches
from tabletop_gui.model.scene import Scene
from tabletop_gui.rules.scoreboard import Circle, Scoreboard


@dataclass(frozen=True)
class Threshold:
    """A rule range the measurement is compared with (a Circle of the scoreboard)."""

    radius: float
    label: str = ""


@dataclass(frozen=True)
class HexCount:
    """On a hex board: the hexes at the two ends and how many hexes apart they are."""

    start: Hex
    end: Hex
    count: int

    @property
    def text(self) -> str:
        n = self.count
        return (
            f"{n} hex{'' if n == 1 else 'es'}"
            f" (hex {hex_label(self.start)} to hex {hex_label(self.end)})"
        )


@dataclass(frozen=True)
class Measurement:
    a: tuple[float, float]  # closest point on the first outline (board inches)
    b: tuple[float, float]
    distance: float  # edge to edge, 3D when the two differ in elevation
    dz: float
    thresholds: tuple[Threshold, ...] = ()
    subject: str = ""  # what the rule measures to, when not the outline ("the centre of ...")
    hexes: HexCount | None = None  # on a hex board
    #: How deep the two bases overlap (``plan_overlap``): 0.00 in apart is then
    #: no base contact, and the reading says so.
    overlap: float = 0.0

    @property
    def lines(self) -> list[str]:
        """The reading, one part a line: the distance, then each rule's margin."""
        parts = measure_parts(self.distance, self.thresholds, self.dz, self.subject)
        if self.overlap > 0:
            parts[0] += f" (the bases overlap by {inches(self.overlap, (0.0,))})"
        if self.hexes is not None:
            parts[0] = f"{self.hexes.text}, {parts[0]}"
        return parts

    @property
    def text(self) -> str:
        return ", ".join(self.lines)


def outline_for(scene: Scene, piece_id: str | None, point: tuple[float, float]) -> Outline:
    """The outline of a unit or marker on the table, or the bare point."""
    if piece_id is not None:
        piece = scene.units.get(piece_id) or scene.markers.get(piece_id)
        if piece is not None:
            return outline_of(piece)
    return point_outline(*point)


def subject_radius(scene: Scene, circle: Circle) -> float:
    """How far the drawn area reaches beyond ``circle.radius``: the radius of the
    round outline the range is measured from (0 for a point)."""
    if circle.measured_from is None:
        return 0.0
    piece = scene.units.get(circle.measured_from) or scene.markers.get(circle.measured_from)
    if piece is None:
        return 0.0
    o = outline_of(piece)
    return o.radius if o.radius is not None else 0.0


def _circles(board: Scoreboard | None) -> list[Circle]:
    if board is None:
        return []
    return [h for r in board.results for h in r.highlights if isinstance(h, Circle)]


def rule_subject(
    scene: Scene, board: Scoreboard | None, piece_id: str | None, point: tuple[float, float]
) -> tuple[Outline, tuple[Threshold, ...], str] | None:
    """If a rule range is measured from this end (a marker's outline, a marker's centre,
    the board centre clicked within SNAP_IN), the outline to measure to, the ranges
    and a words for the subject; else None."""
    piece = (scene.units.get(piece_id) or scene.markers.get(piece_id)) if piece_id else None
    found: list[Circle] = []
    subject: Outline | None = None
    words = ""
    for c in _circles(board):
        if piece is not None and c.measured_from == piece.id:
            subject = outline_of(piece)
            found.append(c)
        elif c.measured_from is None:
            cx, cy = (piece.x, piece.y) if piece is not None else point
            if abs(c.x - cx) <= (1e-6 if piece is not None else SNAP_IN) and abs(c.y - cy) <= (
                1e-6 if piece is not None else SNAP_IN
            ):
                elevation = getattr(piece, "elevation", 0.0) if piece is not None else 0.0
                subject = point_outline(c.x, c.y, elevation)
                found.append(c)
                words = f"to the centre of {_name(piece)}" if piece else "to the centre point"
    if subject is None:
        return None
    thresholds = tuple(
        dict.fromkeys(Threshold(round(c.radius, 6), _circle_name(scene, c)) for c in found)
    )
    return subject, thresholds, words


def _circle_name(scene: Scene, circle: Circle) -> str:
    """The circle's label, naming the piece it is measured from when the label
    does not ("Sunken Relic: 3 in from the objective's edge")."""
    label = circle.label
    piece = None
    if circle.measured_from is not None:
        piece = scene.units.get(circle.measured_from) or scene.markers.get(circle.measured_from)
    name = _name(piece) if piece is not None else ""
    if name and name not in label:
        return f"{name}: {label}" if label else name
    return label


def _name(piece: object) -> str:
    return getattr(piece, "label", "") or getattr(piece, "name", "") or getattr(piece, "id", "")


#: A free end clicked this close to a rule's centre point measures to that point.
SNAP_IN = 0.3


def measure_between(
    scene: Scene,
    board: Scoreboard | None,
    start_id: str | None,
    start: tuple[float, float],
    end_id: str | None,
    end: tuple[float, float],
) -> Measurement:
    """Measure as the rules do: where one end is what a rule range is measured from
    (a marker's centre for Secure Target, its edge for Carnevale, the board centre),
    measure to that and give the margins; between two pieces, the plain distance."""
    a = outline_for(scene, start_id, start)
    b = outline_for(scene, end_id, end)
    result = measure(a, b)
    for ends, flip in (((end_id, end), False), ((start_id, start), True)):
        found = rule_subject(scene, board, *ends)
        if found is not None:
            subject, thresholds, words = found
            if flip:
                result = measure(subject, b, thresholds, words)
            else:
                result = measure(a, subject, thresholds, words)
            break
    if isinstance(scene.board, HexBoard):
        result = replace(result, hexes=hex_count(scene, scene.board, start_id, start, end_id, end))
    return result


def hex_count(
    scene: Scene,
    board: HexBoard,
    start_id: str | None,
    start: tuple[float, float],
    end_id: str | None,
    end: tuple[float, float],
) -> HexCount:
    """The hexes holding the two ends (a piece's centre, or the point) and the
    hex distance between them, as the hex rules count it."""

    def hex_of(piece_id: str | None, point: tuple[float, float]) -> Hex:
        piece = (scene.units.get(piece_id) or scene.markers.get(piece_id)) if piece_id else None
        x, y = (piece.x, piece.y) if piece is not None else point
        return board.point_to_hex(x, y)

    ha, hb = hex_of(start_id, start), hex_of(end_id, end)
    return HexCount(ha, hb, board.distance(ha, hb))


def measure(
    a: Outline, b: Outline, thresholds: tuple[Threshold, ...] = (), subject: str = ""
) -> Measurement:
    pa, pb = closest_points(a, b)
    d = distance_3d(a, b)
    return Measurement(pa, pb, d, b.elevation - a.elevation, thresholds, subject,
                       overlap=plan_overlap(a, b) if d == 0 else 0.0)  # fmt: skip


def measure_text(
    d: float, thresholds: tuple[Threshold, ...] = (), dz: float = 0.0, subject: str = ""
) -> str:
    """'5.97 in, 0.03 in inside 6'; several thresholds are listed, each with the
    rule's circle it is ('0.03 in inside 6 (Secure Target: 6 in of Orcs' target)');
    'within' is inclusive with the core's tolerance, so exactly 6.00 reads 'exactly 6'."""
    return ", ".join(measure_parts(d, thresholds, dz, subject))


def measure_parts(
    d: float, thresholds: tuple[Threshold, ...] = (), dz: float = 0.0, subject: str = ""
) -> list[str]:
    """``measure_text``'s parts: the distance, then one margin per threshold."""
    # Every figure with the decimals that keep it off the ranges it is read against
    # (model.names.figure): 5.996 in is not "6.00 in", a margin of 0.004 not "0.00".
    text = inches(d, [t.radius for t in thresholds]) + (f" {subject}" if subject else "")
    if abs(dz) > EPS:
        text += f" (3D, {abs(dz):.2f} in height difference)"
    parts = [text]
    for t in thresholds:
        margin = t.radius - d
        if abs(margin) <= EPS:
            part = f"exactly {t.radius:g} (within)"
        elif margin > 0:
            part = f"{inches(margin, (0.0,))} inside {t.radius:g}"
        else:
            part = f"{inches(-margin, (0.0,))} outside {t.radius:g}"
        parts.append(f"{part} ({range_name(t.label)})" if t.label else part)
    return parts


def range_name(label: str) -> str:
    """A rule's range as a reading names it after 'inside 6' / 'outside 6',
    which say where: its caption on the board without the caption's own
    'within' ('Secure Target: 6 in of Orcs' target' for 'Secure Target: within
    6 in of Orcs' target'), never '2.07 in outside 6 (... within 6 in ...)'."""
    if label.startswith("within "):
        return label[len("within ") :]
    return label.replace(": within ", ": ", 1)

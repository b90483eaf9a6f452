"""What a rule family answers when a referee is called for a geometric question
(no Qt): a unit's arcs, which arc of a target a charger is located in, how far a
charge must reach, whether two units keep their spacing, and what a unit sees.
Plain data the window, the command line and the report draw and word
(``play/rulings.py``); a family without such rules answers None (its default in
``rules.family.Family``)."""

from __future__ import annotations

from shapely.geometry.base import BaseGeometry

from tabletop_gui.lazy_dataclass import dataclass

Pt = tuple[float, float]
Segment = tuple[Pt, Pt]


@dataclass(frozen=True)
class UnitArcs:
    """A unit's arcs on the board: each arc's region (name, shape, where its label
    goes) and the lines between them, from the footprint's corners to the board's
    edges; no regions and ``why`` when the unit has none (a round base)."""

    unit_id: str
    regions: tuple[tuple[str, BaseGeometry, Pt], ...] = ()
    lines: tuple[Segment, ...] = ()
    why: str = ""


@dataclass(frozen=True)
class ArcRuling:
    """The arc of ``target_id`` holding ``point`` (the point of ``charger_id`` the
    rules locate: the centre of its front), ``margin`` inches from the nearest
    line bounding it, across which lies ``across``; ``arc`` None and ``why`` when
    there is none (the point is inside the target). ``note``: how the rules
    settled it (on a line, a round base)."""

    charger_id: str
    target_id: str
    point: Pt
    arc: str | None
    margin: float | None = None
    across: str | None = None
    note: str = ""
    why: str = ""
    #: The part of the charger at ``point``, as the rules name it ("front": the
    #: centre of its front; "centre": a round base's centre).
    located: str = "front"


@dataclass(frozen=True)
class Wheeled:
    """A charge with one wheel of ``turn`` degrees (counter-clockwise > 0)
    costing ``wheel`` inches and ``forward`` inches forward, the wheel first or
    not: shorter than the straight ahead beside which it is given."""

    forward: float
    turn: float
    wheel: float
    wheel_first: bool

    @property
    def total(self) -> float:
        return self.forward + self.wheel


@dataclass(frozen=True)
class ChargeReach:
    """From the charger's front to the target's side facing ``arc`` (``""``: a
    target with no Facings, as a round base: to its edge). Measured only: the
    program rolls no dice.

    ``straight``: the shortest gap edge to edge. The charge's path
    (docs/t9a.md, Charge reach): ``straight_ahead`` when the charger's front
    moved straight forward meets the side (``forward`` inches, no wheel);
    otherwise one wheel of ``turn`` degrees (counter-clockwise > 0) costing
    ``wheel`` inches, before the forward move (``wheel_first``) or after it;
    ``start``: the point of the front that makes contact, ``end``: where it
    touches the side, ``path``: its route; ``align``: the degrees the free Align
    Move then turns it. ``found`` False: no forward move with one wheel brings
    its front to the side. ``straight_ahead`` None: no path is ruled (a round
    base, the charger's or the target's): ``start`` and ``end`` are the gap's
    ends, and for a round target ``turn`` and ``wheel`` the wheel to face its
    centre. ``wheeled``: where the charge goes straight ahead, a path with one
    wheel that is shorter still (None: none is, by more than 0.005 in)."""

    charger_id: str
    target_id: str
    arc: str
    straight: float
    start: Pt
    end: Pt
    turn: float
    wheel: float
    forward: float | None = None
    straight_ahead: bool | None = None
    wheel_first: bool = True
    align: float | None = None
    path: tuple[Pt, ...] = ()
    gap: tuple[Pt, Pt] | None = None
    found: bool = True
    wheeled: Wheeled | None = None

    @property
    def moved(self) -> float:
        """The inches moved forward: the path's, else the straight gap."""
        return self.straight if self.forward is None else self.forward

    @property
    def total(self) -> float:
        """The charge's reach: forward + the wheel (no path found: infinite)."""
        return self.moved + self.wheel if self.found else float("inf")

    @property
    def route(self) -> tuple[Pt, ...]:
        """The line drawn and checked for units in the way: the path, else the gap."""
        return self.path or (self.start, self.end)

    @property
    def gap_ends(self) -> tuple[Pt, Pt]:
        return self.gap or (self.start, self.end)


@dataclass(frozen=True)
class Spacing:
    """Two units' gap against the rules' spacing (``limit`` inches): ``contact``
    (base contact, which the rules allow where a charge brings it), and
    ``too_close``: nearer than the rules let units stand and not in contact;
    ``overlap``: how deep the bases overlap (the least move that would clear
    them), 0 when they do not (bases in contact touch and share no area)."""

    a: str
    b: str
    distance: float
    limit: float
    contact: bool
    too_close: bool
    start: Pt = (0.0, 0.0)
    end: Pt = (0.0, 0.0)
    overlap: float = 0.0


@dataclass(frozen=True)
class TargetSight:
    """Whether the viewer sees ``target_id``: a sight line (``start`` on the
    viewer, ``end`` on the target) when it does, else ``why`` ("outside the front
    arc", "behind the Hill") and the ``blockers`` (piece ids)."""

    target_id: str
    seen: bool
    why: str = ""
    blockers: tuple[str, ...] = ()
    start: Pt | None = None
    end: Pt | None = None


@dataclass(frozen=True)
class Sight:
    """What ``viewer_id`` sees: the ``region`` of the board in its view (a point of
    the battlefield there is seen), its ``source`` (the line sight is drawn from)
    and each other unit on the table (``targets``); ``why`` when it sees nothing."""

    viewer_id: str
    region: BaseGeometry | None
    source: tuple[Pt, ...] = ()
    targets: tuple[TargetSight, ...] = ()
    why: str = ""

    def target(self, unit_id: str) -> TargetSight | None:
        return next((t for t in self.targets if t.target_id == unit_id), None)

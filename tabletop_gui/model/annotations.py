"""A referee's annotations on the board: pinned rulers and range rings. They are
saved with the game (the file's ``annotations``) and drawn in the window, the
exports and the stream, but they are never events: no rule reads them, and
adding or removing one changes no score."""

from __future__ import annotations

from dataclasses import replace

from tabletop_gui.lazy_dataclass import dataclass


@dataclass(frozen=True)
class Ruler:
    """A pinned measurement from ``start`` to ``end`` (board inches). An end on a
    piece (``start_piece`` / ``end_piece``) follows that piece and measures to its
    footprint, edge to edge, as the rules do; a free end stays where it was put."""

    id: str
    start: tuple[float, float]
    end: tuple[float, float]
    start_piece: str | None = None
    end_piece: str | None = None
    note: str = ""
    #: The moment it was pinned or its note written at: how many events of the
    #: log had been applied (None: not recorded). Its ends on pieces measure where
    #: the pieces stand at the moment shown, so a note shown at another moment
    #: says which one it was written for.
    at: int | None = None

    def validate(self) -> list[tuple[str, str]]:
        problems = [] if self.id else [("id", "must not be empty")]
        if self.at is not None and self.at < 0:
            problems.append(("at", f"must be >= 0, got {self.at}"))
        return problems


@dataclass(frozen=True)
class RangeRing:
    """The area within ``radius`` inches of a unit's or marker's footprint (its
    true offset: a rectangle's ring has straight sides and rounded corners)."""

    piece_id: str
    radius: float

    def validate(self) -> list[tuple[str, str]]:
        if not self.radius > 0:
            return [("radius", f"must be > 0, got {self.radius}")]
        return []


@dataclass(frozen=True)
class Annotations:
    rulers: tuple[Ruler, ...] = ()
    rings: tuple[RangeRing, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.rulers or self.rings)

    def piece_ids(self) -> set[str]:
        ids = {r.piece_id for r in self.rings}
        for ruler in self.rulers:
            ids |= {p for p in (ruler.start_piece, ruler.end_piece) if p}
        return ids

    def with_ruler(self, ruler: Ruler) -> Annotations:
        return replace(self, rulers=(*self.rulers, ruler))

    def without_ruler(self, ruler_id: str) -> Annotations:
        return replace(self, rulers=tuple(r for r in self.rulers if r.id != ruler_id))

    def with_note(self, ruler_id: str, note: str, at: int | None = None) -> Annotations:
        """Ruler ``ruler_id`` with ``note`` ("" removes it), written at moment ``at``."""
        rulers = tuple(
            replace(r, note=note, at=at if at is not None else r.at) if r.id == ruler_id else r
            for r in self.rulers
        )
        return replace(self, rulers=rulers)

    def ruler(self, ruler_id: str) -> Ruler | None:
        return next((r for r in self.rulers if r.id == ruler_id), None)

    def rings_of(self, piece_id: str) -> tuple[RangeRing, ...]:
        return tuple(r for r in self.rings if r.piece_id == piece_id)

    def toggled_ring(self, piece_id: str, radius: float) -> Annotations:
        """The ring ``radius`` around ``piece_id`` added, or removed if it is there."""
        ring = RangeRing(piece_id, radius)
        if ring in self.rings:
            return replace(self, rings=tuple(r for r in self.rings if r != ring))
        return replace(self, rings=(*self.rings, ring))

    def new_ruler_id(self) -> str:
        used = {r.id for r in self.rulers}
        n = 1
        while f"ruler-{n}" in used:
            n += 1
        return f"ruler-{n}"

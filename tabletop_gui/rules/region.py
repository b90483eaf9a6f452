"""Where a unit would count: the region of centre positions at which the unit, as
it is (footprint, facing, elevation, Scoring), would count for an objective.

Each objective kind answers ``Objective.scoring_region(state, unit)`` with a
``Region`` (its parts, each a shape of centre positions in inches) or None when
the rule has no positional part. An empty region says why. The canvas draws the
parts generically; ``RegionAnswer.text`` words where the unit stands against it
("counts here", "2.30 in short")."""

from __future__ import annotations

from dataclasses import field
from functools import cached_property

import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.hexgrid import HexBoard
from tabletop_gui.model.names import inches

Ring = tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class RegionPart:
    """One shape of centre positions. ``contested``: enemies present now would
    contest a unit standing here (``note`` says who); ``hexes``: on a hex board,
    the hexes the shape covers."""

    shape: BaseGeometry
    label: str = ""
    contested: bool = False
    note: str = ""
    hexes: tuple[tuple[int, int], ...] = ()

    def polygons(self) -> list[tuple[Ring, list[Ring]]]:
        """The shape as (exterior, holes) point lists, for drawing."""
        out: list[tuple[Ring, list[Ring]]] = []
        for poly in getattr(self.shape, "geoms", [self.shape]):
            if not isinstance(poly, Polygon) or poly.is_empty:
                continue
            ext = tuple((float(x), float(y)) for x, y in poly.exterior.coords)
            holes = [tuple((float(x), float(y)) for x, y in r.coords) for r in poly.interiors]
            out.append((ext, holes))
        return out


@dataclass(frozen=True)
class Region:
    """The parts where the unit would count, or none and ``why``."""

    parts: tuple[RegionPart, ...] = ()
    why: str = ""
    #: A hex board: "short" is counted in hexes to the nearest hex of a part.
    hex_board: HexBoard | None = None
    #: The objective's name where the rule words it otherwise (a marker's label).
    title: str = ""

    @property
    def empty(self) -> bool:
        return all(p.shape.is_empty for p in self.parts)

    @cached_property
    def shape(self) -> BaseGeometry:
        geom = shapely.union_all([p.shape for p in self.parts if not p.shape.is_empty])
        shapely.prepare(geom)
        return geom

    def distance(self, x: float, y: float) -> float | None:
        """From the centre (x, y) to the nearest centre position that counts: 0
        inside; None when the region is empty."""
        if self.empty:
            return None
        point = Point(x, y)
        if self.shape.covers(point):
            return 0.0
        return float(self.shape.distance(point))

    def part_at(self, x: float, y: float) -> RegionPart | None:
        point = Point(x, y)
        for part in self.parts:
            if part.shape.is_empty:
                continue
            shapely.prepare(part.shape)  # once: a drag asks at every mouse move
            if part.shape.covers(point):
                return part
        return None


#: What the overlay says of an objective whose rule has no positional part.
NO_POSITIONAL_PART = "no positional part"


@dataclass(frozen=True)
class RegionAnswer:
    """One active objective's answer for one unit."""

    objective_id: str
    name: str
    region: Region | None
    extra: tuple[str, ...] = field(default_factory=tuple)

    def text(self, x: float, y: float) -> str:
        """Where a unit centred on (x, y) stands against the region: 'Hold the
        Ground: counts here', '... 2.30 in short', '... no positional part'."""
        region = self.region
        if region is None:
            return f"{self.name}: {NO_POSITIONAL_PART}"
        if region.empty:
            return f"{self.name}: {region.why or 'nowhere'}"
        part = region.part_at(x, y)
        if part is not None:
            what = part.label or "counts here"
            if part.contested and part.note:
                what += f" ({part.note})"
            return f"{self.name}: {what}"
        board = region.hex_board
        hexes = [h for p in region.parts for h in p.hexes]
        if board is not None and hexes:
            here = board.point_to_hex(x, y)
            steps = min(board.distance(here, h) for h in hexes)
            return f"{self.name}: {steps} hex{'' if steps == 1 else 'es'} short"
        d = region.distance(x, y) or 0.0
        return f"{self.name}: {inches(d, (0.0,))} short"

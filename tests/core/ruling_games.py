"""Small Ninth Age games at the boundaries a referee is called for (docs/t9a.md,
Rulings), shared by the command-line and the window tests: a charger whose front
centre is 0.01 in either side of a target's arc line, units 0.99 and 1.01 in
apart, a target 0.01 in either side of the sight line past a Hill's corner; a
target on a round base, which has no arcs."""

from __future__ import annotations

import math
from pathlib import Path

from tabletop_gui.io import dumps
from tabletop_gui.model import InchBoard, Scene, Setup, Side, Terrain, Unit
from tabletop_gui.model.game import Game
from tabletop_gui.model.pieces import MM_PER_INCH, BaseShape

SIDES = (Side("a", "Equitaine", "#0072b2"), Side("b", "Orcs", "#d55e00"))
R = 1 / math.sqrt(2)
#: The target of the arc games: 4 x 2 in facing +y; its front-right corner is
#: (38, 25), and its front-right arc line runs from there at 45 degrees.
TARGET = Unit("orcs", "Orc Boyz", "b", 36, 24, base_width_mm=4 * MM_PER_INCH,
              base_depth_mm=2 * MM_PER_INCH)  # fmt: skip
#: A point on that line, 3 in out along both axes.
ON_LINE = (41.0, 28.0)
#: The best sight line past the corner (38, 20) of the Hill below starts at the
#: viewer's front corner (37, 11) and crosses y = 30 at x = 37 + 19 / 9.
EDGE_AT_30 = 37 + 19 / 9
HILL = Terrain("hill", "Hill", ((20, 20), (38, 20), (38, 22), (20, 22)), opaque=True)


def game(units: list[Unit], terrain: tuple[Terrain, ...] = ()) -> Game:
    scene = Scene(
        board=InchBoard(72, 48),
        sides=SIDES,
        units={u.id: u for u in units},
        terrain={t.id: t for t in terrain},
    )
    return Game(Setup("t9a", scene, name="ruling"))


def rect_unit(uid: str, side: str, x0: float, y0: float, x1: float, y1: float, **kw) -> Unit:
    return Unit(uid, kw.pop("name", uid), side, (x0 + x1) / 2, (y0 + y1) / 2,
                base_width_mm=(x1 - x0) * MM_PER_INCH, base_depth_mm=(y1 - y0) * MM_PER_INCH,
                **kw)  # fmt: skip


def charger_at(offset: float) -> Unit:
    """Knights facing -y whose front's centre lies ``offset`` in off the target's
    front-right arc line: > 0 into the right flank arc, < 0 into the front arc."""
    x, y = ON_LINE[0] + offset * R, ON_LINE[1] - offset * R
    return Unit("knights", "Knights", "a", x, y + 0.5, facing=180.0,
                base_width_mm=4 * MM_PER_INCH, base_depth_mm=1 * MM_PER_INCH)  # fmt: skip


def arc_game(offset: float) -> Game:
    return game([charger_at(offset), TARGET])


def round_game() -> Game:
    """The Knights ruled against a Shaman on a 40 mm round base, 4 in ahead of
    their front's centre and 5 in to its right (its left, as they face -y)."""
    shaman = Unit("shaman", "Shaman", "b", 36, 20, base_width_mm=40.0,
                  base_shape=BaseShape.ROUND)  # fmt: skip
    knights = Unit("knights", "Knights", "a", 41, 24.5, facing=180.0,
                   base_width_mm=4 * MM_PER_INCH, base_depth_mm=1 * MM_PER_INCH)  # fmt: skip
    return game([knights, shaman])


def spacing_game(gap: float) -> Game:
    return game([rect_unit("a1", "a", 30, 20, 34, 22, name="Knights"),
                 rect_unit("b1", "b", 34 + gap, 20, 38 + gap, 22, name="Orc Boyz")])  # fmt: skip


def sight_game(past_corner: float) -> Game:
    """A 2 x 2 viewer facing +y (front from (35, 11) to (37, 11)), the Hill, and a
    2 x 1 target whose right edge is ``past_corner`` in beyond the sight line."""
    x = EDGE_AT_30 + past_corner
    return game(
        [rect_unit("d", "a", 35, 9, 37, 11, name="Bowmen"),
         rect_unit("t", "b", x - 2, 30, x, 31, name="Goblins")],
        (HILL,),
    )  # fmt: skip


def write(path: Path, g: Game) -> str:
    path.write_text(dumps(g), encoding="utf-8")
    return str(path)

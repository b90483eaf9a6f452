"""Regenerate assets/examples/t9a_frontline_clash_demo.json (the README's demo board)."""

from pathlib import Path

from tabletop_gui.io import save_game
from tabletop_gui.model import (
    HeightClass,
    InchBoard,
    ObjectiveSpec,
    Scene,
    Setup,
    Side,
    Terrain,
    Unit,
    Zone,
)
from tabletop_gui.model.events import MovePiece, TurnEnd, TurnStart
from tabletop_gui.model.game import Game

# The examples in the source tree, never an installed copy.
SCENARIOS = Path(__file__).resolve().parents[1] / "assets" / "examples"
DEMO_BOARD = SCENARIOS / "t9a_frontline_clash_demo.json"


def unit(uid, name, side, x, y, w, d, models, mpr, facing=0.0, **kw):
    return Unit(
        uid,
        name,
        side,
        x,
        y,
        facing=facing,
        base_width_mm=w,
        base_depth_mm=d,
        models=models,
        models_per_rank=mpr,
        **kw,
    )


def main() -> None:
    a, b = "equitaine", "orcs"
    units = [
        unit("a-knights", "Knights of the Realm", a, 30, 7, 25, 50, 6, 3, height=HeightClass.LARGE),
        unit("a-peasants", "Peasant Levy", a, 44, 6, 20, 20, 25, 5),
        unit("a-archers", "Bowmen", a, 14, 5, 20, 20, 10, 5),
        unit("a-duke", "Duke", a, 36, 4, 25, 25, 1, 1, scoring=False),
        unit("b-boyz", "Orc Boyz", b, 34, 41, 25, 25, 25, 5, facing=180),
        unit("b-wolves", "Wolf Riders", b, 56, 42, 25, 50, 5, 5, facing=180),
        unit("b-giant", "Giant", b, 20, 40, 50, 75, 1, 1, facing=180, height=HeightClass.GIGANTIC),
        unit("b-shaman", "Shaman", b, 40, 44, 25, 25, 1, 1, facing=180, scoring=False),
    ]
    scene = Scene(
        board=InchBoard(72, 48),
        sides=(Side(a, "Equitaine", "#0072b2"), Side(b, "Orcs", "#d55e00")),
        units={u.id: u for u in units},
        terrain={
            # A Hill is Opaque Terrain (docs/t9a.md, Line of sight).
            "hill": Terrain(
                "hill",
                "Hill",
                ((28, 26), (34, 30), (42, 29), (44, 24), (36, 21), (29, 22)),
                opaque=True,
            ),
            "forest": Terrain("forest", "Forest", ((54, 18), (62, 17), (63, 24), (56, 26))),
            "ruins": Terrain(
                "ruins",
                "Ruins (Impassable)",
                ((8, 22), (14, 22), (14, 27), (8, 27)),
                impassable=True,
            ),
        },
        zones={
            "zone-a": Zone(
                "zone-a", a, ((0, 0), (72, 0), (72, 12), (0, 12)), "Equitaine deployment"
            ),
            "zone-b": Zone("zone-b", b, ((0, 36), (72, 36), (72, 48), (0, 48)), "Orcs deployment"),
        },
    )
    setup = Setup(
        family="t9a",
        scene=scene,
        name="Demo: Frontline Clash, Hold the Ground",
        objectives=(ObjectiveSpec("hold", "t9a.hold_the_ground"),),
        deployment="frontline_clash",
        notes="Equitaine's Knights and Levy push to the hill; the Orcs answer.",
    )
    events = [
        TurnStart(1),
        TurnStart(1, a),
        MovePiece("a-knights", 31, 16),
        MovePiece("a-peasants", 42, 11),
        TurnEnd(1, a),
        TurnStart(1, b),
        MovePiece("b-boyz", 35, 33),
        MovePiece("b-wolves", 52, 34),
        TurnEnd(1, b),
        TurnEnd(1),
        TurnStart(2),
        TurnStart(2, a),
        MovePiece("a-knights", 33, 22),
        MovePiece("a-peasants", 41, 16),
        TurnEnd(2, a),
        TurnStart(2, b),
        MovePiece("b-boyz", 36, 30.5),
        TurnEnd(2, b),
        TurnEnd(2),
        TurnStart(3),
        TurnStart(3, a),
        MovePiece("a-peasants", 41, 19.2),
    ]
    save_game(Game(setup, tuple(events)), DEMO_BOARD)


if __name__ == "__main__":
    main()

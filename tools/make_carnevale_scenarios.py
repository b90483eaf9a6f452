"""Regenerate assets/scenarios/carnevale_drowned_quarter.json: a Carnevale game
with six objectives covering Hidden, Mobile, Claimable and Destructible, two
gangs on rooftops, a bridge, the street and the canal, and two rounds of play.

    .venv/bin/python tools/make_carnevale_scenarios.py
"""

from __future__ import annotations

from tabletop_gui import SCENARIOS
from tabletop_gui.io import save_game
from tabletop_gui.model import Side, Terrain
from tabletop_gui.model.events import MovePiece, TurnEnd, TurnStart, UpdatePiece
from tabletop_gui.model.events.carnevale import (
    ActivationEnd,
    ActivationStart,
    ClaimObjective,
    DestroyObjective,
    LifePointsLost,
    PickUpObjective,
    RevealObjective,
    StealObjective,
)
from tabletop_gui.model.game import Game
from tabletop_gui.model.pieces import MM_PER_INCH
from tabletop_gui.rules.carnevale.presets import (
    character,
    new_carnevale_setup,
    objective_marker,
    with_objective,
)
from tabletop_gui.rules.engine import replay

OUT = SCENARIOS / "carnevale_drowned_quarter.json"
R30 = 30 / MM_PER_INCH / 2
R40 = 40 / MM_PER_INCH / 2
R50 = 50 / MM_PER_INCH / 2
ROOF = 2.5  # rooftop height, in
BRIDGE = 1.5
WATER = -0.5


def touching_below(x: float, y: float, r_piece: float, r_other: float = R30) -> tuple[float, float]:
    """The centre of a base of radius ``r_piece`` touching a circle at (x, y) from -y."""
    return (x, round(y - r_piece - r_other, 4))


def main() -> None:
    guild = Side("guild", "Guild of Thieves", "#0072b2")
    rashaar = Side("rashaar", "The Rashaar", "#d55e00")
    setup = new_carnevale_setup(
        36, 36, sides=(guild, rashaar), name="Carnevale: The Drowned Quarter",
        settings={"rounds": 4, "contact_tolerance": 0.02, "claimable_reclaim": False,
                  "carried_scoring": "none"},
    )  # fmt: skip
    objectives = [
        objective_marker("obj-mask", 8, 14, 3, ["hidden"], label="Golden Mask"),
        objective_marker("obj-chest", 18, 12, 2, ["mobile"], label="Smuggler's Chest"),
        objective_marker(
            "obj-shrine", 28, 14, 3, ["claimable"], label="Rooftop Shrine", elevation=ROOF
        ),
        objective_marker("obj-relic", 10, 23, 2, ["hidden"], label="Sunken Relic"),
        objective_marker("obj-cache", 20, 22, 1, ["destructible"], label="Powder Cache"),
        objective_marker("obj-bell", 29, 23, 1, [], label="Bridge Bell", elevation=BRIDGE),
    ]
    for marker in objectives:
        setup = with_objective(setup, marker)
    units = [
        character("g-capo", "Guild Capo", "guild", 10, 4, base_mm=40, life_points=12),
        character("g-cutpurse", "Cutpurse", "guild", 18, 4, life_points=6, pickpocket=True),
        character("g-bravo", "Bravo", "guild", 24, 4, life_points=8),
        character("g-runner", "Rooftop Runner", "guild", 31, 3, life_points=6, elevation=ROOF),
        character("r-priest", "Rashaar Priest", "rashaar", 12, 32, base_mm=40, life_points=10),
        character("r-thrall", "Drowned Thrall", "rashaar", 20, 32, base_mm=40, life_points=8,
                  mindless=True),
        character("r-lurker", "Lurker", "rashaar", 26, 33, base_mm=50, life_points=12),
        character("r-spawn", "Deep Spawn", "rashaar", 32, 31, life_points=5, pickpocket=True,
                  elevation=WATER),
    ]  # fmt: skip
    terrain = [
        Terrain(
            "palazzo",
            "Palazzo (roof 2.5 in)",
            ((25, 11), (33, 11), (33, 17), (25, 17)),
            height=ROOF,
        ),
        Terrain(
            "warehouse",
            "Warehouse (roof 2.5 in)",
            ((28, 0.5), (35, 0.5), (35, 5), (28, 5)),
            height=ROOF,
        ),
        Terrain("canal", "Canal (water)", ((0, 26), (36, 26), (36, 30.5), (0, 30.5)), height=WATER),
        Terrain(
            "bridge", "Bridge (1.5 in)", ((27, 19), (31, 19), (31, 31), (27, 31)), height=BRIDGE
        ),
    ]
    scene = setup.scene.with_pieces([*units, *terrain])
    from dataclasses import replace

    setup = replace(
        setup, scene=scene,
        notes=("The Guild and the Rashaar fight over the Drowned Quarter. Objectives: a Hidden "
               "mask and relic, a Mobile chest, a Claimable shrine on a rooftop, a Destructible "
               "powder cache and a plain bell on the bridge. Four rounds."),
    )  # fmt: skip

    def act(uid: str, *events: object) -> list[object]:
        return [ActivationStart(uid), *events, ActivationEnd(uid)]

    cut_x, cut_y = touching_below(18, 12, R30)
    events = [
        TurnStart(1),
        *act("g-cutpurse", MovePiece("g-cutpurse", cut_x, cut_y)),
        PickUpObjective("g-cutpurse", "obj-chest"),
        *act("r-lurker", UpdatePiece("r-lurker", {"elevation": ROOF}),
             MovePiece("r-lurker", 28, round(14 + R50 + R30, 4))),
        ClaimObjective("r-lurker", "obj-shrine"),
        *act("g-capo", MovePiece("g-capo", *touching_below(8, 14, R40))),
        RevealObjective("g-capo", "obj-mask"),
        *act("r-spawn", UpdatePiece("r-spawn", {"elevation": 0.0}),
             MovePiece("r-spawn", round(cut_x + 2 * R30, 4), cut_y)),
        *act("g-bravo", MovePiece("g-bravo", *touching_below(20, 22, R30))),
        *act("r-thrall", MovePiece("r-thrall", 29, 25.5)),
        TurnEnd(1),
        TurnStart(2),
        *act("r-spawn", StealObjective("r-spawn", "g-cutpurse", 21, 13)),
        *act("r-priest", MovePiece("r-priest", 10, 25.5)),
        *act("g-runner", UpdatePiece("g-runner", {"elevation": BRIDGE}),
             MovePiece("g-runner", 29, round(23 - R30 - R30 - 0.5, 4))),
        # The Cutpurse catches the Spawn: 3 Life Points lost, so it drops the chest
        # in base contact (on its far side, where the player put it).
        *act("g-cutpurse", MovePiece("g-cutpurse", 19.8, 13),
             LifePointsLost("r-spawn", 3, drop_x=round(21 + 2 * R30, 4), drop_y=13)),
        # The Bravo started next to the cache: destroys it (1 AP), runs to the chest.
        *act("g-bravo", DestroyObjective("g-bravo", "obj-cache"),
             MovePiece("g-bravo", round(21 + 4 * R30, 4), 13)),
        PickUpObjective("g-bravo", "obj-chest"),
        TurnEnd(2),
    ]  # fmt: skip
    game = Game(setup, tuple(events))
    replay(setup, events)  # raises if a rule refuses an event
    save_game(game, OUT)
    print(f"wrote {OUT} ({len(events)} events)")


if __name__ == "__main__":
    main()

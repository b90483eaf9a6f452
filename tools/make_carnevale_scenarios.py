"""Regenerate assets/examples/carnevale_drowned_quarter.json: a Carnevale game
with six objectives covering Hidden, Mobile, Claimable and Destructible, two
gangs on rooftops, a bridge, the street and in the canal, and two of its four rounds played.

    .venv/bin/python tools/make_carnevale_scenarios.py
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tabletop_gui.io import save_game
from tabletop_gui.model import Side, Terrain
from tabletop_gui.model.events import Event, MovePiece, TurnEnd, TurnStart, UpdatePiece
from tabletop_gui.model.game import Game
from tabletop_gui.model.pieces import MM_PER_INCH
from tabletop_gui.rules.carnevale.events import (
    ActivationEnd,
    ActivationStart,
    ClaimObjective,
    DestroyObjective,
    LifePointsLost,
    PickUpObjective,
    RevealObjective,
    StealObjective,
)
from tabletop_gui.rules.carnevale.presets import (
    character,
    new_carnevale_setup,
    objective_marker,
    with_objective,
)
from tabletop_gui.rules.engine import replay

# The examples in the source tree, never an installed copy.
SCENARIOS = Path(__file__).resolve().parents[1] / "assets" / "examples"

OUT = SCENARIOS / "carnevale_drowned_quarter.json"
R30 = 30 / MM_PER_INCH / 2
R40 = 40 / MM_PER_INCH / 2
R50 = 50 / MM_PER_INCH / 2
ROOF = 2.5  # rooftop height, in
BRIDGE = 1.5
WATER = -0.5


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
        objective_marker("obj-chest", 20, 12, 2, ["mobile"], label="Smuggler's Chest"),
        objective_marker("obj-cache", 26, 11, 1, ["destructible"], label="Powder Cache"),
        objective_marker("obj-relic", 8, 24, 2, ["hidden"], label="Sunken Relic"),
        objective_marker(
            "obj-shrine", 27, 21, 3, ["claimable"], label="Rooftop Shrine", elevation=ROOF
        ),
        objective_marker("obj-bell", 15, 18, 1, [], label="Bridge Bell", elevation=BRIDGE),
    ]
    for marker in objectives:
        setup = with_objective(setup, marker)
    units = [
        character("g-capo", "Guild Capo", "guild", 8, 5, base_mm=40, life_points=12),
        character("g-cutpurse", "Cutpurse", "guild", 20, 5, life_points=6, pickpocket=True),
        character("g-bravo", "Bravo", "guild", 26, 5, life_points=8),
        character("g-runner", "Rooftop Runner", "guild", 28.5, 2.5, life_points=6, elevation=ROOF),
        character("r-priest", "Rashaar Priest", "rashaar", 8, 32, base_mm=40, life_points=10),
        character("r-thrall", "Drowned Thrall", "rashaar", 15, 30.6, base_mm=40, life_points=8,
                  mindless=True, elevation=WATER),
        character("r-lurker", "Lurker", "rashaar", 27, 31, base_mm=50, life_points=12),
        character("r-spawn", "Deep Spawn", "rashaar", 20, 30.5, life_points=5, pickpocket=True),
    ]  # fmt: skip
    terrain = [
        Terrain("palazzo", "Palazzo (roof 2.5 in)", ((23, 18), (31, 18), (31, 24), (23, 24)),
                height=ROOF),
        Terrain("warehouse", "Warehouse (roof 2.5 in)", ((27, 0.5), (35, 0.5), (35, 5), (27, 5)),
                height=ROOF),
        Terrain("canal", "Canal (water, -0.5 in)", ((13, 8), (17, 8), (17, 36), (13, 36)),
                height=WATER),
        Terrain("bridge", "Bridge (1.5 in)", ((12, 17), (18, 17), (18, 19), (12, 19)),
                height=BRIDGE),
    ]  # fmt: skip
    scene = setup.scene.with_pieces([*units, *terrain])
    setup = replace(
        setup, scene=scene,
        notes=("The Guild and the Rashaar fight over the Drowned Quarter. Objectives: a Hidden "
               "mask and relic, a Mobile chest, a Destructible powder cache, a Claimable shrine "
               "on the palazzo roof and a plain bell on the bridge. Four rounds; the log stops "
               "after round 2."),
    )  # fmt: skip

    def act(uid: str, *events: Event) -> list[Event]:
        return [ActivationStart(uid), *events, ActivationEnd(uid)]

    cutpurse = (20, round(12 - 2 * R30, 4))  # touching the chest from the south
    spawn_after = (22.5, 13.0)  # where the Spawn's disengage move ends
    chest_drop = (round(spawn_after[0] + 2 * R30, 4), 13.0)  # touching the Spawn, east
    events: list[Event] = [
        TurnStart(1),
        *act("g-cutpurse", MovePiece("g-cutpurse", *cutpurse)),
        PickUpObjective("g-cutpurse", "obj-chest"),
        *act("r-lurker", UpdatePiece("r-lurker", {"elevation": ROOF}),
             MovePiece("r-lurker", 27, round(21 + R50 + R30, 4))),
        ClaimObjective("r-lurker", "obj-shrine"),
        *act("g-capo", MovePiece("g-capo", 8, round(14 - R40 - R30, 4))),
        RevealObjective("g-capo", "obj-mask"),
        *act("r-spawn", MovePiece("r-spawn", 20, 21)),
        *act("g-bravo", MovePiece("g-bravo", 26, round(11 - 2 * R30, 4))),
        *act("r-thrall", MovePiece("r-thrall", 15, 24)),
        *act("g-runner", UpdatePiece("g-runner", {"elevation": 0.0}), MovePiece("g-runner", 19, 9)),
        *act("r-priest", MovePiece("r-priest", 8, 27)),
        TurnEnd(1),
        TurnStart(2),
        # The Spawn closes on the Cutpurse, then disengages: a Pickpocket steals the chest.
        *act("r-spawn", MovePiece("r-spawn", round(cutpurse[0] + 2 * R30, 4), cutpurse[1]),
             StealObjective("r-spawn", "g-cutpurse", *spawn_after)),
        # The Cutpurse catches it: 3 Life Points lost in one go, the chest is dropped
        # in base contact (on the Spawn's far side, where the player put it).
        *act("g-cutpurse", MovePiece("g-cutpurse", round(spawn_after[0] - 2 * R30, 4), 13),
             LifePointsLost("r-spawn", 3, drop_x=chest_drop[0], drop_y=chest_drop[1])),
        # The Bravo started touching the cache: destroys it (1 AP), then runs to the chest.
        *act("g-bravo", DestroyObjective("g-bravo", "obj-cache"),
             MovePiece("g-bravo", round(chest_drop[0] + 2 * R30, 4), 13)),
        PickUpObjective("g-bravo", "obj-chest"),
        *act("r-thrall", MovePiece("r-thrall", 15, 21)),
        *act("g-runner", UpdatePiece("g-runner", {"elevation": BRIDGE}),
             MovePiece("g-runner", round(15 + 2 * R30, 4), 18)),
        *act("r-priest", MovePiece("r-priest", 8, 26)),
        TurnEnd(2),
    ]  # fmt: skip
    game = Game(setup, tuple(events))
    replay(setup, events)  # raises if a rule refuses an event
    save_game(game, OUT)
    print(f"wrote {OUT} ({len(events)} events)")


if __name__ == "__main__":
    main()

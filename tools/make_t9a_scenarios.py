"""Regenerate the bundled Ninth Age scenarios: one per Deployment Type, each with
a Secondary Objective and a short game log so counters, pick-ups and drops show.

    .venv/bin/python tools/make_t9a_scenarios.py

Writes assets/examples/t9a_<deployment>_<objective>.json. The armies: Kingdom of
Equitaine (side A, long edge y = 0) and Orcs (side B): rank-and-file infantry on
20 x 20 and 25 x 25 mm, cavalry on 25 x 50 mm, a monster on 50 x 75 mm and a
character on 25 x 25 mm each.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from tabletop_gui.io import save_game
from tabletop_gui.model import (
    HeightClass,
    InchBoard,
    Marker,
    ObjectiveSpec,
    Scene,
    Setup,
    Side,
    Terrain,
    Unit,
)
from tabletop_gui.model.events import (
    Event,
    MovePiece,
    RemoveCasualty,
    TurnEnd,
    TurnStart,
    UpdatePiece,
)
from tabletop_gui.model.game import Game
from tabletop_gui.rules.t9a.deployments import DEPLOYMENT_TYPES
from tabletop_gui.rules.t9a.events import FlagMark, KingOfTheHillPick, SpoilsDrop, SpoilsPickUp
from tabletop_gui.rules.t9a.spoils_of_war import spoils_positions

# The examples in the source tree, never an installed copy.
SCENARIOS = Path(__file__).resolve().parents[1] / "assets" / "examples"

A, B = "equitaine", "orcs"
BOARD = InchBoard(72, 48)
SIDES = (Side(A, "Equitaine", "#0072b2"), Side(B, "Orcs", "#d55e00"))


def _unit(
    uid: str, name: str, side: str, w: float, d: float, models: int, mpr: int, **kw: Any
) -> Unit:
    facing = 0.0 if side == A else 180.0
    return Unit(
        uid,
        name,
        side,
        0.0,
        0.0,
        facing=facing,
        base_width_mm=w,
        base_depth_mm=d,
        models=models,
        models_per_rank=mpr,
        **kw,
    )


EQUITAINE = {
    "levy": _unit("a-levy", "Peasant Levy", A, 20, 20, 25, 5),
    "men": _unit("a-men", "Men-at-Arms", A, 25, 25, 20, 5),
    "knights": _unit(
        "a-knights", "Knights of the Realm", A, 25, 50, 6, 3, height=HeightClass.LARGE
    ),
    "hippogriff": _unit(
        "a-hippogriff", "Royal Hippogriff", A, 50, 75, 1, 1, height=HeightClass.GIGANTIC
    ),
    "duke": _unit("a-duke", "Duke", A, 25, 25, 1, 1, scoring=False),
}
ORCS = {
    "goblins": _unit("b-goblins", "Goblin Archers", B, 20, 20, 30, 6),
    "orcs": _unit("b-orcs", "Orc Warriors", B, 25, 25, 25, 5),
    "wolves": _unit("b-wolves", "Wolf Riders", B, 25, 50, 5, 5, height=HeightClass.LARGE),
    "giant": _unit("b-giant", "Giant", B, 50, 75, 1, 1, height=HeightClass.GIGANTIC),
    "warboss": _unit("b-warboss", "Orc Warboss", B, 25, 25, 1, 1, scoring=False),
}


def armies(
    a: Mapping[str, tuple[float, float]],
    b: Mapping[str, tuple[float, float]],
    changes: Mapping[str, Mapping[str, Any]] | None = None,
) -> list[Unit]:
    """Both armies deployed at the given centres (key -> (x, y)); ``changes`` per key."""
    changes = changes or {}
    out = []
    for roster, where in ((EQUITAINE, a), (ORCS, b)):
        for key, (x, y) in where.items():
            out.append(replace(roster[key], x=float(x), y=float(y), **changes.get(key, {})))
    return out


def turns(
    plan: Mapping[tuple[int, str], list[Event]], last: int, stop: str | None = None
) -> list[Event]:
    """A log of Game Turns 1..last, each side's planned events between its turn_start
    and turn_end (``plan[(turn, side)]``). ``stop``: end the log right after that
    side's planned events in the last turn (the game still going on)."""
    out: list[Event] = []
    for t in range(1, last + 1):
        out.append(TurnStart(t))
        for side in (A, B):
            out.append(TurnStart(t, side))
            out += plan.get((t, side), [])
            if t == last and side == stop:
                return out
            out.append(TurnEnd(t, side))
        out.append(TurnEnd(t))
    return out


def scenario(
    name: str,
    deployment: str,
    units: list[Unit],
    terrain: list[Terrain],
    objective: ObjectiveSpec,
    notes: str,
    markers: list[Marker] | None = None,
    events: list[Event] | None = None,
) -> Game:
    zones = DEPLOYMENT_TYPES[deployment].zones(BOARD, A, B)
    scene = Scene(
        board=BOARD,
        sides=SIDES,
        units={u.id: u for u in units},
        markers={m.id: m for m in markers or []},
        terrain={t.id: t for t in terrain},
        zones={z.id: z for z in zones},
    )
    setup = Setup(
        family="t9a",
        scene=scene,
        name=name,
        objectives=(objective,),
        deployment=deployment,
        notes=notes,
    )
    return Game(setup, tuple(events or ()))


def rect(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def frontline_secure_target() -> Game:
    units = armies(
        {
            "levy": (12, 6),
            "men": (24, 6),
            "knights": (40, 6),
            "hippogriff": (52, 6),
            "duke": (24, 10),
        },
        {
            "goblins": (14, 42),
            "orcs": (30, 42),
            "wolves": (46, 42),
            "giant": (58, 42),
            "warboss": (30, 38.5),
        },
    )
    terrain = [
        Terrain("hill", "Hill", ((30, 21), (36, 19), (42, 22), (40, 27), (32, 27))),
        Terrain("forest", "Forest", rect(58, 26, 66, 33)),
        Terrain("ruins", "Ruins (Impassable)", rect(5, 21, 10, 27), impassable=True),
    ]
    markers = [
        Marker("st-a", "t9a.secure_target", 22, 31, side=A, label="Equitaine's target"),
        Marker("st-b", "t9a.secure_target", 50, 17, side=B, label="Orcs' target"),
    ]
    plan = {
        (1, A): [
            MovePiece("a-knights", 44, 14),
            MovePiece("a-hippogriff", 52, 15),
            MovePiece("a-levy", 16, 13),
        ],
        (1, B): [MovePiece("b-wolves", 44, 30), MovePiece("b-orcs", 30, 34)],
        (2, A): [
            MovePiece("a-knights", 48, 19),
            MovePiece("a-hippogriff", 54, 21),
            MovePiece("a-levy", 18, 20),
        ],
        (2, B): [MovePiece("b-orcs", 24, 29), MovePiece("b-wolves", 46, 22)],
        (3, A): [MovePiece("a-levy", 20, 27)],
    }
    return scenario(
        "Frontline Clash: Secure Target",
        "frontline_clash",
        units,
        terrain,
        ObjectiveSpec("secure", "t9a.secure_target", name="Secure Target"),
        "Each marker more than 12 in from its owner's zone and 31 in apart. Turn 3: the Knights "
        "and the Hippogriff hold the Orcs' target; the Levy and the Orc Warriors tie at "
        "Equitaine's.",
        markers,
        turns(plan, 3, stop=A),
    )


def dawn_assault_breakthrough() -> Game:
    units = armies(
        {
            "levy": (10, 6),
            "men": (22, 6),
            "knights": (34, 6),
            "hippogriff": (46, 6),
            "duke": (22, 10),
        },
        {
            "goblins": (26, 42),
            "orcs": (38, 42),
            "wolves": (50, 42),
            "giant": (62, 42),
            "warboss": (38, 38.5),
        },
    )
    terrain = [
        Terrain("hill", "Hill", ((28, 20), (34, 18), (40, 21), (38, 27), (30, 26))),
        Terrain("wood", "Wood", rect(52, 20, 60, 27)),
        Terrain("tower", "Watchtower (Impassable)", rect(12, 22, 16, 26), impassable=True),
    ]
    plan = {
        (1, A): [MovePiece("a-knights", 30, 16), MovePiece("a-hippogriff", 46, 18)],
        (1, B): [MovePiece("b-wolves", 46, 30), MovePiece("b-goblins", 24, 32)],
        (2, A): [MovePiece("a-knights", 24, 28), MovePiece("a-hippogriff", 56, 32)],
        (2, B): [MovePiece("b-wolves", 40, 16), MovePiece("b-goblins", 22, 22)],
        (3, A): [MovePiece("a-knights", 30, 38.5), MovePiece("a-hippogriff", 60, 38)],
        (3, B): [MovePiece("b-wolves", 30, 9), MovePiece("b-goblins", 20, 12)],
        (4, A): [MovePiece("a-men", 22, 10.5)],
        (4, B): [MovePiece("b-goblins", 14, 10)],
        (5, A): [UpdatePiece("b-goblins", {"fleeing": True})],
        (5, B): [MovePiece("b-giant", 56, 36)],
    }
    return scenario(
        "Dawn Assault: Breakthrough (full game)",
        "dawn_assault",
        units,
        terrain,
        ObjectiveSpec("breakthrough", "t9a.breakthrough", name="Breakthrough"),
        "A whole game to the end of Game Turn 6: Equitaine's Knights and Hippogriff break into "
        "the Orc zone; the Wolf Riders get into Equitaine's, the Goblins flee there.",
        events=turns(plan, 6),
    )


def counterthrust_capture_the_flags() -> Game:
    units = armies(
        {
            "levy": (10, 8),
            "men": (24, 8),
            "knights": (40, 8),
            "hippogriff": (54, 8),
            "duke": (24, 12),
        },
        {
            "goblins": (16, 40),
            "orcs": (30, 40),
            "wolves": (44, 40),
            "giant": (58, 40),
            "warboss": (30, 36.5),
        },
        {
            "wolves": {"scoring": False, "name": "Wolf Riders (not Scoring)"},
            "giant": {"scoring": False},
        },
    )
    terrain = [
        Terrain("hill", "Hill", rect(30, 20, 40, 27)),
        Terrain("marsh", "Marsh", ((50, 22), (58, 20), (60, 26), (52, 28))),
        Terrain("rocks", "Rocks (Impassable)", rect(12, 22, 16, 26), impassable=True),
    ]
    plan = {
        (1, A): [MovePiece("a-knights", 40, 18), MovePiece("a-hippogriff", 54, 20)],
        (1, B): [MovePiece("b-giant", 54, 30), MovePiece("b-orcs", 30, 30)],
        (2, A): [MovePiece("a-levy", 14, 18), MovePiece("a-hippogriff", 54, 27)],
        (2, B): [MovePiece("b-orcs", 38, 22), RemoveCasualty("a-knights")],
        (3, A): [RemoveCasualty("b-giant"), MovePiece("a-men", 30, 18)],
        (3, B): [MovePiece("b-goblins", 16, 32), MovePiece("a-levy", 14, 14)],
        (4, A): [RemoveCasualty("b-goblins")],
    }
    events: list[Event] = [FlagMark("b-giant"), *turns(plan, 4, stop=A)]
    return scenario(
        "Counterthrust: Capture the Flags",
        "counterthrust",
        units,
        terrain,
        ObjectiveSpec("flags", "t9a.capture_the_flags", name="Capture the Flags"),
        "The Orcs have only 2 Scoring Units, so Equitaine marks the Giant as the third. By "
        "Turn 4 Equitaine has lost one marked unit, the Orcs two.",
        events=events,
    )


def encircle_king_of_the_hill() -> Game:
    units = armies(
        {
            "levy": (8, 10),
            "men": (64, 10),
            "knights": (36, 5),
            "hippogriff": (26, 5),
            "duke": (36, 8.2),
        },
        {
            "goblins": (28, 37),
            "orcs": (42, 37),
            "wolves": (10, 43),
            "giant": (64, 43),
            "warboss": (36, 41),
        },
    )
    terrain = [
        Terrain("hill", "Temple Hill", ((28, 20), (36, 18), (44, 20), (44, 27), (28, 27))),
        Terrain("forest", "Sacred Grove", rect(56, 22, 66, 30)),
        Terrain("field", "Field", rect(6, 18, 16, 26)),
        Terrain("rocks", "Crag (Impassable)", rect(46, 30, 50, 34), impassable=True),
    ]
    plan = {
        (1, A): [MovePiece("a-knights", 56, 16), MovePiece("a-men", 62, 16)],
        (1, B): [MovePiece("b-orcs", 38, 31)],
        (2, A): [MovePiece("a-knights", 61, 25)],
        (2, B): [MovePiece("b-orcs", 36, 25)],
        (3, A): [UpdatePiece("b-orcs", {"fleeing": True}), MovePiece("b-orcs", 36, 33)],
    }
    events = [KingOfTheHillPick(A, "hill"), KingOfTheHillPick(B, "forest"), *turns(plan, 3, stop=A)]
    return scenario(
        "Encircle: King of the Hill",
        "encircle",
        units,
        terrain,
        ObjectiveSpec("koth", "t9a.king_of_the_hill", name="King of the Hill"),
        "Equitaine (attacker) picks the Temple Hill, the Orcs (defender) the Sacred Grove. Turn 2 "
        "both picks are captured; in Turn 3 the Orc Warriors break and flee off the hill.",
        events=events,
    )


#: How far (inches) the outer Spoils markers go past their least distance from
#: the central one before their coordinates are rounded to three decimals.
SPOILS_ROUNDING = 0.002


def _further(p: tuple[float, float], centre: tuple[float, float], by: float) -> tuple[float, float]:
    """``p`` moved ``by`` inches further from ``centre``, on the line through both."""
    dx, dy = p[0] - centre[0], p[1] - centre[1]
    n = (dx * dx + dy * dy) ** 0.5
    return (p[0] + dx / n * by, p[1] + dy / n * by)


def refused_flank_spoils_of_war() -> Game:
    units = armies(
        {
            "levy": (40, 5),
            "men": (52, 6),
            "knights": (62, 12),
            "hippogriff": (66, 24),
            "duke": (52, 10),
        },
        {
            "goblins": (10, 40),
            "orcs": (22, 42),
            "wolves": (8, 28),
            "giant": (34, 44),
            "warboss": (22, 38),
        },
    )
    terrain = [
        Terrain(
            "stones", "Standing Stones (Impassable)", rect(36, 22.5, 38.5, 26), impassable=True
        ),
        Terrain("hill", "Hill", rect(20, 30, 28, 37)),
        Terrain("forest", "Forest", rect(44, 17, 51, 24)),
    ]
    dt = DEPLOYMENT_TYPES["refused_flank"]
    probe = Scene(board=BOARD, sides=SIDES, terrain={t.id: t for t in terrain})
    west, central, east = spoils_positions(probe, dt.dividing_line(BOARD))
    # Three decimals in the file: the outer two go 0.002 in further out along the
    # line first, so rounding never brings them under the 24 in from the centre.
    west, east = (_further(p, central, SPOILS_ROUNDING) for p in (west, east))
    west, central, east = (tuple(round(v, 3) for v in p) for p in (west, central, east))
    markers = [
        Marker("spoils-w", "t9a.spoils", *west, label="Spoils (west)"),
        Marker("spoils-c", "t9a.spoils", *central, label="Spoils (centre)"),
        Marker("spoils-e", "t9a.spoils", *east, label="Spoils (east)"),
    ]
    plan = {
        (1, A): [MovePiece("a-knights", east[0], east[1] - 1)],
        (1, B): [MovePiece("b-orcs", central[0], central[1] + 1.5)],
        (2, A): [SpoilsPickUp("spoils-e", "a-knights"), MovePiece("a-knights", 52, 32)],
        (2, B): [
            SpoilsPickUp("spoils-c", "b-orcs"),
            MovePiece("b-orcs", 30, 26),
            MovePiece("b-wolves", west[0], west[1] + 0.5),
        ],
        (3, A): [
            MovePiece("a-hippogriff", 33, 27),
            RemoveCasualty("b-orcs"),
            SpoilsDrop("spoils-c", 33, 25.5),
        ],
    }
    events = turns(plan, 3, stop=A)
    events += [TurnEnd(3, A), TurnStart(3, B), SpoilsPickUp("spoils-w", "b-wolves")]
    return scenario(
        "Refused Flank: Spoils of War",
        "refused_flank",
        units,
        terrain,
        ObjectiveSpec("spoils", "t9a.spoils_of_war", name="Spoils of War"),
        "Refused Flank is an approximation (zones 9 in either side of the diagonal). The markers "
        "lie on the diagonal; the Standing Stones push the central one off the centre. The "
        "Knights (2 Full Ranks: cannot March) and the Wolf Riders carry; the Orc Warriors were "
        "destroyed carrying the central one, which Equitaine placed within 3 in.",
        markers,
        events,
    )


def marching_columns_hold_the_ground() -> Game:
    units = armies(
        {
            "levy": (10, 6),
            "men": (24, 6),
            "knights": (38, 6),
            "hippogriff": (52, 6),
            "duke": (24, 10),
        },
        {
            "goblins": (62, 42),
            "orcs": (48, 42),
            "wolves": (34, 42),
            "giant": (20, 42),
            "warboss": (48, 38.5),
        },
    )
    terrain = [
        Terrain("hill", "Hill", ((30, 26), (34, 30), (42, 29), (44, 26), (36, 25))),
        Terrain("forest", "Forest", rect(54, 17, 62, 24)),
        Terrain("well", "Well (Impassable)", rect(10, 22, 13, 25), impassable=True),
    ]
    plan = {
        (1, A): [MovePiece("a-knights", 36, 14), MovePiece("a-men", 28, 14)],
        (1, B): [MovePiece("b-orcs", 42, 33), MovePiece("b-wolves", 34, 32)],
        (2, A): [MovePiece("a-knights", 35, 20), MovePiece("a-men", 31, 19)],
        (2, B): [MovePiece("b-orcs", 40, 29)],
        (3, A): [MovePiece("a-levy", 22, 14)],
        (3, B): [MovePiece("b-wolves", 35, 27.5)],
        (4, A): [UpdatePiece("a-knights", {"fleeing": True})],
    }
    return scenario(
        "Marching Columns: Hold the Ground",
        "marching_columns",
        units,
        terrain,
        ObjectiveSpec("hold", "t9a.hold_the_ground", name="Hold the Ground"),
        "Marching Columns is an approximation (Frontline Clash zones, opposite short edges). "
        "Equitaine takes the Turn 2 counter; Turn 3 is level; in Turn 4 the Knights flee.",
        events=turns(plan, 4, stop=A),
    )


BUILDERS: dict[str, Callable[[], Game]] = {
    "t9a_frontline_clash_secure_target.json": frontline_secure_target,
    "t9a_dawn_assault_breakthrough.json": dawn_assault_breakthrough,
    "t9a_counterthrust_capture_the_flags.json": counterthrust_capture_the_flags,
    "t9a_encircle_king_of_the_hill.json": encircle_king_of_the_hill,
    "t9a_refused_flank_spoils_of_war.json": refused_flank_spoils_of_war,
    "t9a_marching_columns_hold_the_ground.json": marching_columns_hold_the_ground,
}


def main() -> None:
    for name, build in BUILDERS.items():
        save_game(build(), SCENARIOS / name)
        print(f"wrote assets/examples/{name}")


if __name__ == "__main__":
    main()

"""An army plan placed into a game: a new The Ninth Age game, or a side of an
existing one (added to the setup while the log is empty, else as ``add_piece``
events after it, so the game's history stays as it was)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace

from tabletop_gui.io.armylists.placement import Placement, place
from tabletop_gui.io.armylists.plan import ArmyPlan, PlannedUnit
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.board import InchBoard
from tabletop_gui.model.bounds import EDGE_SLACK, inches
from tabletop_gui.model.events import AddPiece
from tabletop_gui.model.game import Game
from tabletop_gui.model.pieces import Side, Unit
from tabletop_gui.model.scene import Board, Scene, Setup

#: The Deployment Type of a new game when none is asked for.
DEFAULT_DEPLOYMENT = "frontline_clash"


class ArmyImportError(ValueError):
    """The list cannot go where it was asked (no such side, not an inch board...).
    ``where`` is the place of the list it concerns ("line 2"), else the options
    the list was imported with; ``problem`` says what is wrong there; ``text``,
    the message where no place is shown beside it (default: ``problem``)."""

    def __init__(self, problem: str, where: str = "", text: str = "") -> None:
        super().__init__(text or problem)
        self.where = where or "(options)"
        self.problem = problem


class UnitTooLarge(ArmyImportError):
    """A unit of the list stands larger than the board: "Skeletons (line 2): 500
    models on 20x20 mm bases stand 3.94 x 78.74 in, larger than the 72 x 48 in board"."""

    def __init__(self, unit: PlannedUnit, size: tuple[float, float], board: InchBoard) -> None:
        what = (
            f"{unit.models} models on {unit.base.text()} mm bases stand {inches(size[0])} x "
            f"{inches(size[1])} in, larger than the {board.width:g} x {board.height:g} in board"
        )
        where = unit.listed.where
        super().__init__(f"{unit.name}: {what}", where, f"{unit.name} ({where}): {what}")
        self.unit = unit


@dataclass(frozen=True)
class PlacedArmy:
    game: Game
    plan: ArmyPlan
    side: str
    units: tuple[Unit, ...]
    placement: Placement


def new_game(deployment: str | None, objective: str | None = None) -> Game:
    from tabletop_gui.rules.t9a.deployments import DEPLOYMENT_TYPES
    from tabletop_gui.rules.t9a.play import new_setup as t9a_setup

    key = deployment or DEFAULT_DEPLOYMENT
    if key not in DEPLOYMENT_TYPES:
        raise ArmyImportError(
            f"--deployment {key!r}: the Deployment Types are {', '.join(DEPLOYMENT_TYPES)}"
        )
    return Game(t9a_setup(key, objective_kind(objective) if objective is not None else None))


def objective_kind(given: str) -> str:
    """The Secondary Objective ``given`` names: its kind (``t9a.hold_the_ground``),
    the kind without ``t9a.``, or its name ("Hold the Ground"), in any case."""
    from tabletop_gui.rules.t9a.play import OBJECTIVES

    def key(text: str) -> str:
        return "_".join(text.casefold().removeprefix("t9a.").replace("-", " ").split())

    wanted = key(given)
    for kind, title in OBJECTIVES:
        if wanted in (key(kind), key(title)):
            return kind
    names = ", ".join(kind.removeprefix("t9a.") for kind, _ in OBJECTIVES)
    raise ArmyImportError(f"--objective {given!r}: the Secondary Objectives are {names}")


def refusal(setup: Setup) -> str | None:
    """Why an army list cannot go into a game of ``setup``, or None."""
    if setup.family != "t9a":
        return f"the game is a {setup.family!r} game: army lists go into The Ninth Age games"
    if not isinstance(setup.scene.board, InchBoard):
        return "army lists are placed on an inch board, not a hex grid"
    return None


def default_side(scene: Scene, last: str | None = None) -> str:
    """The first side without units; else the first side but ``last`` (the side
    the previous list went to: two lists imported in turn into a board whose
    sides both have units go one to each side); else the first side."""
    ids = scene.side_ids
    empty = [s for s in ids if not any(u.side == s for u in scene.units.values())]
    if empty:
        return empty[0]
    others = [s for s in ids if s != last]
    return others[0] if others else ids[0]


def list_side_name(plan: ArmyPlan) -> str:
    army = plan.army
    if army.player and army.army:
        return f"{army.player} ({army.army})"
    return army.player or army.army


def too_large(board: Board, plan: ArmyPlan) -> list[UnitTooLarge]:
    """Each unit of ``plan`` whose footprint is larger than ``board`` (an inch
    board; on others, none), in list order."""
    if not isinstance(board, InchBoard):
        return []
    out = []
    for pu in plan.units:
        w, d = pu.size_in()
        if w > board.width + EDGE_SLACK or d > board.height + EDGE_SLACK:
            out.append(UnitTooLarge(pu, (w, d), board))
    return out


def units_for(scene: Scene, side: str, plan: ArmyPlan) -> tuple[list[Unit], Placement]:
    """The plan's units placed on ``scene`` for ``side``, with fresh ids. A unit
    whose footprint is larger than the board is refused (UnitTooLarge, the first)."""
    refused = too_large(scene.board, plan)
    if refused:
        raise refused[0]
    placement = place(scene, side, [u.size_in() for u in plan.units])
    used = set(scene.units) | set(scene.markers) | set(scene.terrain) | set(scene.zones)
    units = []
    for pu, spot in zip(plan.units, placement.spots, strict=True):
        uid = _free_id(f"{side}-{_slug(pu.name)}", used)
        used.add(uid)
        units.append(_unit(pu, uid, side, spot.x, spot.y, spot.facing))
    return units, placement


def _unit(pu: PlannedUnit, uid: str, side: str, x: float, y: float, facing: float) -> Unit:
    return Unit(
        id=uid, name=pu.name, side=side, x=x, y=y, facing=facing,
        base_shape=pu.base.shape, base_width_mm=pu.base.width_mm,
        base_depth_mm=pu.base.depth_mm, models=pu.models, models_per_rank=pu.models_per_rank,
        height=pu.height, scoring=pu.scoring is not False,
    )  # fmt: skip


#: An id is made of the side and at most this much of the unit's name.
MAX_ID_NAME = 40


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower())[:MAX_ID_NAME].strip("-") or "unit"


def _free_id(stem: str, used: set[str]) -> str:
    if stem not in used:
        return stem
    n = 2
    while f"{stem}-{n}" in used:
        n += 1
    return f"{stem}-{n}"


def place_army(
    plan: ArmyPlan,
    *,
    into: Game | None = None,
    side: str | None = None,
    deployment: str | None = None,
    objective: str | None = None,
    default_names: Mapping[str, str] | None = None,
) -> PlacedArmy:
    """The game with ``plan``'s units on ``side`` (default: a new game's first side,
    else the first side of ``into`` without units). A side still named as new
    games name them ("Player A") takes the list's player and army as its name."""
    from tabletop_gui.rules import replay

    if into is not None and deployment is not None:
        raise ArmyImportError("--deployment applies to a new game, not with --into")
    if into is not None and objective is not None:
        raise ArmyImportError("--objective applies to a new game, not with --into")
    game = into if into is not None else new_game(deployment, objective)
    setup = game.setup
    problem = refusal(setup)
    if problem:
        raise ArmyImportError(problem)
    ids = setup.scene.side_ids
    if side is None:
        scene_now = replay(setup, game.events).scene
        empty = [s for s in ids if not any(u.side == s for u in scene_now.units.values())]
        if into is not None and not empty:
            raise ArmyImportError(
                f"every side already has units: choose one with --side ({', '.join(ids)})"
            )
        side = empty[0] if empty else ids[0]
    if side not in ids:
        raise ArmyImportError(f"--side {side}: the sides are {', '.join(ids)}")
    setup = _renamed(setup, side, list_side_name(plan), default_names)
    scene = replay(setup, game.events).scene
    units, placement = units_for(scene, side, plan)
    if game.events:
        game = replace(game, setup=setup)
        for u in units:
            game = game.pushed(AddPiece(unit=u))
    else:
        new_units = {**setup.scene.units, **{u.id: u for u in units}}
        scene0 = replace(setup.scene, units=new_units, cache={})
        game = replace(game, setup=replace(setup, scene=scene0))
    return PlacedArmy(game, plan, side, tuple(units), placement)


def _renamed(setup: Setup, side: str, name: str, default_names: Mapping[str, str] | None) -> Setup:
    """``setup`` with ``side`` named ``name`` if it still has a new game's name."""
    from tabletop_gui.rules.play_types import SIDE_A, SIDE_B

    defaults = set(default_names.values()) if default_names else {SIDE_A.name, SIDE_B.name}
    old = setup.scene.side(side)
    if not name or old.name not in defaults:
        return setup
    sides = tuple(Side(s.id, name, s.colour) if s.id == side else s for s in setup.scene.sides)
    zones = {
        zid: replace(z, name=z.name.replace(f"{old.name} zone", f"{name} zone"))
        for zid, z in setup.scene.zones.items()
    }
    return replace(setup, scene=replace(setup.scene, sides=sides, zones=zones, cache={}))


def summary(placed: PlacedArmy) -> str:
    army = placed.plan.army
    who = list_side_name(placed.plan) or "an army list"
    points = army.points_words()
    pts = f", {points}" if points else ""
    return (
        f"Imported {who} ({army.format}): {_count(len(army.units), 'unit')}, "
        f"{_count(army.models, 'model')}{pts}, "
        f"into {placed.placement.area} (side {placed.side})"
    )


def notes(placed: PlacedArmy) -> list[str]:
    """What the user should check, one line each: unknown units with suggestions,
    units that did not fit, Scoring left to the player."""
    plan = placed.plan
    out = list(plan.notes)
    for name in plan.unknown_names():
        pu = next(u for u in plan.unknown if u.name == name)
        near = f"; nearest known: {', '.join(pu.suggestions)}" if pu.suggestions else ""
        out.append(
            f"unknown unit {name!r} ({pu.listed.where}): placed on a {pu.base.text()} mm base"
            f'{near}; give its base with --base "{name}=WIDTHxDEPTH"'
        )
    outside = [plan.units[i].name for i in placed.placement.outside]
    if outside:
        out.append(
            f"the list does not fit in {placed.placement.area}: "
            f"{grouped_names(outside)} placed beside it"
        )
    chars = [u.name for u in plan.units if u.scoring is False and u.listed.scoring is None]
    left = [u for u in plan.units if u.scoring is None]
    if chars:
        out.append(
            f"Scoring cleared for the Characters ({grouped_names(chars)}); "
            "change it in the Inspector"
        )
    if left:
        out.append(
            f"Scoring: the list does not say for {_count(len(left), 'unit')}; left Scoring "
            "(change it per unit in the Inspector)"
        )
    return out


def grouped_names(names: Sequence[str]) -> str:
    """Names in list order, a repeated one once with its count: 'Vermin Slaves
    ×95, Swarm Priest' (a long list says each name once, not 95 times)."""
    counts = Counter(names)
    return ", ".join(n if counts[n] == 1 else f"{n} ×{counts[n]}" for n in dict.fromkeys(names))


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"

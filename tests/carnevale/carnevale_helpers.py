"""Building Carnevale positions for the rule tests: a 36 x 36 in board, gangs
'a' and 'b', characters on round bases and 30 mm objective markers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from tabletop_gui.model.events import Event, TurnStart
from tabletop_gui.model.pieces import MM_PER_INCH, Marker, Side, Unit
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.carnevale.events import ActivationEnd, ActivationStart
from tabletop_gui.rules.carnevale.presets import (
    character,
    new_carnevale_setup,
    objective_marker,
    with_objective,
)
from tabletop_gui.rules.engine import apply, initial_state

R30 = 30 / MM_PER_INCH / 2  # radius of a 30 mm base or marker, in
R40 = 40 / MM_PER_INCH / 2
A, B = "a", "b"


def char(uid: str, side: str, x: float, y: float, **kw: Any) -> Unit:
    return character(uid, uid, side, x, y, **kw)


def obj(
    mid: str, x: float, y: float, value: int = 2, rules: Iterable[str] = (), **kw: Any
) -> Marker:
    return objective_marker(mid, x, y, value, rules, **kw)


def start(
    units: Iterable[Unit],
    markers: Iterable[Marker],
    settings: Mapping[str, Any] | None = None,
    zones: bool = False,
) -> GameState:
    """A state before round 1; deployment zones only when ``zones``."""
    setup = new_carnevale_setup(
        sides=(Side(A, "Gang A"), Side(B, "Gang B", "#d55e00")), settings=settings
    )
    if not zones:
        setup = replace(setup, scene=replace(setup.scene, zones={}))
    for m in markers:
        setup = with_objective(setup, m)
    setup = replace(setup, scene=setup.scene.with_pieces(list(units)))
    return initial_state(setup)


def play(state: GameState, *events: Event) -> GameState:
    for event in events:
        state = apply(state, event)
    return state


def in_round(state: GameState, n: int = 1) -> GameState:
    return play(state, TurnStart(n))


def activation(uid: str, *events: Event) -> tuple[Event, ...]:
    """A whole activation of ``uid``: start, the events, end."""
    return (ActivationStart(uid), *events, ActivationEnd(uid))


def east_of(
    x: float, y: float, gap: float, r_piece: float, r_other: float = R30
) -> tuple[float, float]:
    """Centre of a base of radius ``r_piece`` whose edge is ``gap`` in east of a
    circle of radius ``r_other`` at (x, y)."""
    return (x + r_other + gap + r_piece, y)


def west_of(
    x: float, y: float, gap: float, r_piece: float, r_other: float = R30
) -> tuple[float, float]:
    return (x - r_other - gap - r_piece, y)

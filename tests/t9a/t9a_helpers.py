"""Builders for Ninth Age rule tests: a 72 x 48 board, sides A and B, zones from a
Deployment Type preset, units given by centre and base size."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

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
from tabletop_gui.model.events import Event, TurnEnd, TurnStart
from tabletop_gui.model.fields import take_values
from tabletop_gui.model.game import Game
from tabletop_gui.model.pieces import MM_PER_INCH, BaseShape
from tabletop_gui.model.state import GameState
from tabletop_gui.rules import Timeline, evaluate, replay
from tabletop_gui.rules.engine import family_of, flags
from tabletop_gui.rules.scoreboard import ObjectiveResult
from tabletop_gui.rules.t9a.deployments import DEPLOYMENT_TYPES
from tabletop_gui.rules.t9a.fields import FIELDS

A, B = "a", "b"
BOARD = InchBoard(72, 48)
#: Half the depth (and width) of a single 25 x 25 mm model, in inches.
HALF_25 = 25 / MM_PER_INCH / 2


def unit(
    uid: str,
    side: str,
    x: float,
    y: float,
    *,
    w: float = 25,
    d: float = 25,
    models: int = 1,
    per_rank: int = 1,
    facing: float = 0.0,
    **kw: Any,
) -> Unit:
    extra = take_values(FIELDS, kw)
    return Unit(
        uid, kw.pop("name", uid), side, x, y, facing=facing, base_width_mm=w, base_depth_mm=d,
        models=models, models_per_rank=per_rank, extra=extra, **kw,
    )  # fmt: skip


def block(uid: str, side: str, x0: float, y0: float, x1: float, y1: float, **kw: Any) -> Unit:
    """A one-model unit whose footprint is exactly the rectangle [x0, x1] x [y0, y1]."""
    return unit(
        uid, side, (x0 + x1) / 2, (y0 + y1) / 2,
        w=(x1 - x0) * MM_PER_INCH, d=(y1 - y0) * MM_PER_INCH, **kw,
    )  # fmt: skip


def setup(
    objectives: Iterable[ObjectiveSpec],
    units: Iterable[Unit] = (),
    markers: Iterable[Marker] = (),
    terrain: Iterable[Terrain] = (),
    deployment: str = "frontline_clash",
    settings: Mapping[str, Any] | None = None,
) -> Setup:
    zones = DEPLOYMENT_TYPES[deployment].zones(BOARD, A, B)
    scene = Scene(
        board=BOARD,
        sides=(Side(A, "Equitaine", "#0072b2"), Side(B, "Orcs", "#d55e00")),
        units={u.id: u for u in units},
        markers={m.id: m for m in markers},
        terrain={t.id: t for t in terrain},
        zones={z.id: z for z in zones},
    )
    return Setup(
        family="t9a", scene=scene, objectives=tuple(objectives), deployment=deployment,
        settings=dict(settings or {}),
    )  # fmt: skip


def result(setup_: Setup, events: Iterable[Event] = (), objective: str = "obj") -> ObjectiveResult:
    return evaluate(replay(setup_, list(events))).result(objective)


def state(setup_: Setup, events: Iterable[Event] = ()) -> GameState:
    return replay(setup_, list(events))


def whole_game(last_turn: int = 6) -> list[Event]:
    """Turn starts and ends up to the end of ``last_turn`` (6: the end of the game)."""
    out: list[Event] = []
    for t in range(1, last_turn + 1):
        out += [
            TurnStart(t),
            TurnStart(t, A),
            TurnEnd(t, A),
            TurnStart(t, B),
            TurnEnd(t, B),
            TurnEnd(t),
        ]
    return out


def crowd(seed: int, n: int = 240) -> list[Unit]:
    """``n`` units of every base kind packed into a 14 x 10 in corner of the
    board at random: one-model and ranked rectangles facing the same way, a
    right angle or any way, round bases, some raised 1 in, some on another's
    very spot, some side by side in base contact or exactly 1 in apart."""
    rng = random.Random(seed)
    out: list[Unit] = []
    for i in range(n):
        kind = rng.choice(("model", "ranked", "turned", "round"))
        x, y = 2 + rng.random() * 14, 2 + rng.random() * 10
        kw: dict[str, Any] = {"name": f"U{i}", "elevation": 1.0 if rng.random() < 0.1 else 0.0}
        if kind == "ranked":
            kw.update(w=20, d=20, models=rng.choice((5, 10, 15)), per_rank=5)
        elif kind == "turned":
            kw.update(w=25, d=50, facing=rng.choice((90.0, 45.0, rng.random() * 360)))
        elif kind == "round":
            kw.update(w=rng.choice((25, 40, 50)), base_shape=BaseShape.ROUND)
        else:
            kw.update(w=rng.choice((20, 25)), d=rng.choice((20, 25, 40)))
        if out and rng.random() < 0.15:  # on another's spot, beside it, or 1 in off
            other = rng.choice(out)
            x = other.x + rng.choice(
                (
                    0.0,
                    other.width_in / 2 + kw.get("w", 25) / MM_PER_INCH / 2,
                    other.width_in / 2 + kw.get("w", 25) / MM_PER_INCH / 2 + 1,
                )
            )
            y = other.y  # fmt: skip
        out.append(unit(f"u{i}", rng.choice((A, B)), x, y, **kw))
    return out


def rect(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


__all__ = ["BOARD", "HALF_25", "A", "B", "HeightClass", "Marker", "ObjectiveSpec", "Terrain"]


def flagged(s: Setup, events: list[Event]) -> list[list[str]]:
    """Each event's flags, one by one (the game log's ⚑)."""
    tl = Timeline(Game(s, tuple(events)))
    return [flags(tl.state_at(i), e, tl.state_at(i + 1)) for i, e in enumerate(tl.events)]


def reviewed(s: Setup, events: list[Event]) -> list[tuple[int, str]]:
    """The flags ``validate`` lists: the family's review of the whole replay."""
    tl = Timeline(Game(s, tuple(events)))
    review = family_of(s).review(s)
    for i, e in enumerate(tl.events):
        review.step(i, tl.state_at(i), e, tl.state_at(i + 1))
    found = review.finish()
    at, numbers = found.arrays()
    return [(i, found.texts[n]) for i, n in zip(at.tolist(), numbers.tolist(), strict=True)]

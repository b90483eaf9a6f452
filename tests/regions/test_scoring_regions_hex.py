"""Where a unit would gain a Victory Banner (docs/hex.md): the hexes of the
objective it may stand on, checked by moving the unit there through the engine."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop_gui.model import HexBoard, ObjectiveSpec, Scene, Setup, Side, Unit
from tabletop_gui.model.events import MovePiece
from tabletop_gui.model.game import Game
from tabletop_gui.model.hexgrid import Hex
from tabletop_gui.rules import Timeline, evaluate
from tabletop_gui.rules.engine import scoring_regions
from tabletop_gui.rules.hexbanners.fields import LEADER
from tabletop_gui.rules.region import Region

from .probes import probes

BLUE, RED = "blue", "red"
BOARD = HexBoard()


def unit(uid: str, side: str, hex_: Hex, leader: bool = False) -> Unit:
    x, y = BOARD.hex_to_point(hex_)
    return LEADER.set(Unit(uid, uid.title(), side, x, y), leader)


def timeline(units: list[Unit], kind: str, params: dict[str, Any]) -> Timeline:
    scene = Scene(
        board=BOARD,
        sides=(Side(BLUE, "Blue", "#0072b2"), Side(RED, "Red", "#d55e00")),
        units={u.id: u for u in units},
    )
    specs = (ObjectiveSpec("o", f"hex.{kind}", params),)
    return Timeline(Game(Setup(family="hex", scene=scene, objectives=specs)))


def region(tl: Timeline, uid: str) -> Region:
    (answer,) = scoring_regions(tl.current, uid)
    assert answer.region is not None
    return answer.region


def banner_after_move(tl: Timeline, uid: str, x: float, y: float) -> bool:
    tl.push(MovePiece(uid, x, y))
    try:
        side = tl.current.scene.units[uid].side
        return evaluate(tl.current).result("o").points.get(side, 0) > 0
    finally:
        tl.pop()


RIDGE = [[5, 4], [6, 4], [7, 4]]


@pytest.mark.parametrize("kind", ["temporary", "permanent"])
def test_the_hexes_that_give_a_banner_agree_with_a_move_there(kind: str) -> None:
    tl = timeline([unit("b1", BLUE, (2, 1))], kind, {"side": BLUE, "hexes": RIDGE})
    r = region(tl, "b1")
    assert sorted(h for p in r.parts for h in p.hexes) == [(5, 4), (6, 4), (7, 4)]
    inside, outside = probes(r.shape, BOARD.extent, step=0.3)
    assert [p for p in inside if not banner_after_move(tl, "b1", *p)] == []
    assert [p for p in outside if banner_after_move(tl, "b1", *p)] == []


def test_a_hex_the_enemy_holds_is_contested_and_the_text_counts_hexes() -> None:
    units = [unit("b1", BLUE, (6, 1)), unit("r1", RED, (7, 4))]
    tl = timeline(units, "temporary", {"hexes": RIDGE, "need": 1})
    free, held = region(tl, "b1").parts
    assert free.hexes == ((5, 4), (6, 4)) and not free.contested
    assert held.hexes == ((7, 4),) and held.contested and held.note == "the enemy holds H5 now"
    (answer,) = scoring_regions(tl.current, "b1")
    b1 = tl.current.scene.units["b1"]
    assert answer.text(b1.x, b1.y) == "Temporary Victory Banner: 3 hexes short"


def test_only_the_named_side_may_gain_it() -> None:
    tl = timeline([unit("r1", RED, (2, 1))], "temporary", {"side": BLUE, "hexes": RIDGE})
    assert region(tl, "r1").why == "only Blue may gain it"


def test_breakthrough_exits_from_the_opponents_baseline() -> None:
    tl = timeline([unit("b1", BLUE, (2, 1))], "breakthrough", {"side": BLUE})
    (part,) = region(tl, "b1").parts
    assert {h[1] for h in part.hexes} == {BOARD.rows - 1}
    assert part.label.startswith("exit from here for a banner")


def test_time_pressure_has_no_positional_part() -> None:
    tl = timeline([unit("b1", BLUE, (2, 1))], "time_pressure", {"side": BLUE})
    (answer,) = scoring_regions(tl.current, "b1")
    assert answer.region is None
    assert answer.text(0, 0).endswith(": no positional part")

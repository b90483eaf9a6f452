"""Hex moves the referee should review: a unit of the side not acting moved by
a plain or ordered move (retreats are how units move in the other turn)."""

from __future__ import annotations

from hexkit import BLUE, RED, Play, setup, turn, unit

from tabletop_gui.rules.engine import flags
from tabletop_gui.rules.hexbanners.events import HexMove, Retreat


def last_flags(p: Play) -> list[str]:
    tl = p.tl
    n = len(tl.events)
    return flags(tl.state_at(n - 1), tl.events[-1], tl.state_at(n))


def test_a_red_unit_moved_in_blues_turn_is_flagged_a_retreat_is_not():
    p = Play(setup([unit("b1", BLUE, (4, 1)), unit("r1", RED, (4, 6))]))(*turn(1, BLUE))
    p(HexMove("r1", (4, 5)))
    (flag,) = last_flags(p)
    assert flag.startswith("R1 (Red) moved in Blue's turn")
    assert "record a retreat as a retreat (hex.retreat)" in flag, "the event type files write now"
    p(Retreat("r1", (4, 7)))
    assert last_flags(p) == []


def test_a_leader_sharing_a_hex_with_its_unit_is_not_an_overlap():
    p = Play(setup([unit("b1", BLUE, (4, 1)), unit("lead", BLUE, (5, 1), leader=True)]))
    p(*turn(1, BLUE), HexMove("lead", (4, 1)))
    assert last_flags(p) == []

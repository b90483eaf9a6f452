"""model.copying.evolve: the copy a replay makes of a moved unit and of each new
state equals dataclasses.replace's, for slotted and plain dataclasses alike, and
classes it cannot copy by their fields go through replace."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from tabletop_gui.model.copying import evolve
from tabletop_gui.model.fields import FieldValues
from tabletop_gui.model.pieces import BaseShape, Unit


def test_a_moved_unit_equals_the_one_replace_makes_and_leaves_the_original_alone():
    unit = Unit("u", "Knights", "a", 10.0, 20.0, facing=30.0, base_shape=BaseShape.ROUND,
                models=5, extra=FieldValues({"fleeing": True}))  # fmt: skip
    moved = evolve(unit, x=11.5, y=19.0)
    assert moved == replace(unit, x=11.5, y=19.0)
    assert type(moved) is Unit and moved is not unit
    assert (unit.x, unit.y) == (10.0, 20.0)


@dataclass(frozen=True)
class Plain:
    a: int
    b: list[int] = field(default_factory=list)


def test_a_plain_dataclass_is_copied_field_by_field():
    p = Plain(1, [2])
    q = evolve(p, a=3)
    assert q == Plain(3, [2]) and q.b is p.b and p.a == 1


@dataclass(frozen=True)
class Derives:
    a: int
    doubled: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "doubled", 2 * self.a)


@dataclass(frozen=True)
class Caches:
    a: int

    @cached_property
    def doubled(self) -> int:
        return 2 * self.a


def test_a_class_that_derives_or_caches_a_value_gets_replace_and_a_fresh_value():
    assert evolve(Derives(1), a=5).doubled == 10
    c = Caches(1)
    assert c.doubled == 2
    assert evolve(c, a=5).doubled == 10

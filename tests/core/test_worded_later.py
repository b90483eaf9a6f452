"""Fields worded when first read (``ObjectiveResult.later``, ``Scoreboard.later``,
docs/performance.md, "Evaluate"): a result or a scoreboard whose text is left to
a function is, once read, compared, printed, written or copied, the same object
one made at once would be, and the function runs once."""

from __future__ import annotations

import copy
import pickle
from dataclasses import asdict, replace
from typing import Any

import pytest

from tabletop_gui.rules.scoreboard import (
    Circle,
    CountingPiece,
    ObjectiveResult,
    PieceMark,
    Role,
    Scoreboard,
    Status,
)

GIVEN: dict[str, Any] = {
    "objective_id": "htg",
    "name": "Hold the Ground",
    "kind": "t9a.hold_the_ground",
    "status": Status.LEADING,
    "leader": "a",
    "counts": {"a": 1, "b": 0},
    "final": False,
    "counting": (CountingPiece("u1", "a", 1.5, 4.5),),
    "counted": "counters",
}
WORDED: dict[str, Any] = {
    "reason": "Counters: A 1, B 0.",
    "highlights": (Circle(36, 24, 6.0), PieceMark("u1", Role.COUNTS, "a")),
    "details": {"now": {"a": 1, "b": 0}},
}
NAMES = ("reason", "highlights", "details")


def worded_later(calls: list[int]) -> ObjectiveResult:
    def words() -> dict[str, object]:
        calls.append(1)
        return dict(WORDED)

    return ObjectiveResult.later((NAMES, words, ()), **GIVEN)


def test_a_result_worded_later_is_the_result_made_at_once() -> None:
    eager = ObjectiveResult(**GIVEN, **WORDED)
    calls: list[int] = []
    lazy = worded_later(calls)
    assert calls == []  # nothing worded until read
    assert lazy.status is Status.LEADING and lazy.counting == eager.counting
    assert calls == []
    assert lazy.reason == eager.reason
    assert calls == [1]
    assert lazy.highlights == eager.highlights and lazy.details == eager.details
    assert calls == [1]  # once
    assert lazy == eager and eager == lazy
    assert type(lazy) is ObjectiveResult


@pytest.mark.parametrize(
    "read",
    [
        lambda r: r == ObjectiveResult(**GIVEN, **WORDED),
        repr,
        asdict,
        lambda r: r.to_json(),
        lambda r: replace(r, final=True),
        pickle.dumps,
        copy.copy,
        copy.deepcopy,
    ],
)
def test_every_way_of_reading_a_result_words_it_as_made_at_once(read: Any) -> None:
    eager = ObjectiveResult(**GIVEN, **WORDED)
    calls: list[int] = []
    lazy = worded_later(calls)
    read(lazy)
    assert calls == [1]
    assert repr(lazy) == repr(eager)
    assert lazy.to_json() == eager.to_json()
    assert "_later" not in lazy.to_json()
    assert pickle.loads(pickle.dumps(lazy)) == eager


def test_defaults_and_factories_as_init_gives_them() -> None:
    a, b = worded_later([]), worded_later([])
    assert a.problems == () and a.points == {}
    assert a.points is not b.points  # a factory's value made for each


def test_a_missing_field_or_a_post_init_is_refused() -> None:
    given = dict(GIVEN)
    del given["kind"]
    with pytest.raises(TypeError, match="kind"):
        ObjectiveResult.later((NAMES, lambda: WORDED, ()), **given)


def test_an_attribute_not_left_to_later_is_not_found() -> None:
    calls: list[int] = []
    lazy = worded_later(calls)
    assert not hasattr(lazy, "no_such_field")
    assert calls == []


def test_a_scoreboard_summary_worded_later() -> None:
    result = ObjectiveResult(**GIVEN, **WORDED)
    calls: list[int] = []

    def words() -> dict[str, str]:
        calls.append(1)
        return {"summary": "As if the game ended now: A would win Hold the Ground."}

    board = Scoreboard.later((("summary",), words, ()), results=(result,), totals={"a": 1.0})
    assert board.winner is None and board.totals == {"a": 1.0} and calls == []
    eager = Scoreboard((result,), {"a": 1.0}, summary=words()["summary"])
    assert board.to_json() == eager.to_json() and board == eager
    assert calls == [1, 1]

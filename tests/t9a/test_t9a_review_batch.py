"""`validate`'s review measures many moves at once (rules/review.py MovesReview,
docs/file-format.md, "Checking a file"): its flags are each event's own
``flags``, the same texts in the same order, on random crowded boards of round
and turned bases, raised units, renamed, removed, added and deleted units, and
batches of any size."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tabletop_gui.io import FileFormatError
from tabletop_gui.io.file_problems import problems_of
from tabletop_gui.io.game_file import game_from_json, parse
from tabletop_gui.model.events import Event
from tabletop_gui.model.state import GameState
from tabletop_gui.rules import review as review_module
from tabletop_gui.rules.engine import family_of

Step = tuple[int, GameState, Event, GameState]

W, H = 40.0, 30.0


@st.composite
def units(draw: st.DrawFn, i: int, spread: float) -> dict[str, Any]:
    u: dict[str, Any] = {
        "id": f"u{i}",
        "name": draw(st.sampled_from([f"Unit {i}", f"Unit {i % 5}", "Knights"])),
        "side": draw(st.sampled_from("ab")),
        "x": draw(st.sampled_from([10.0, 12.0, 12.5])) + draw(st.integers(0, int(spread))) / 2,
        "y": draw(st.sampled_from([10.0, 11.0])) + draw(st.integers(0, int(spread / 2))) / 2,
    }
    if draw(st.integers(0, 4)) == 0:
        size = draw(st.sampled_from([20, 25, 40]))
        u.update(base_shape="round", base_width_mm=size, base_depth_mm=size)
    else:
        u.update(base_width_mm=draw(st.sampled_from([20, 25])),
                 base_depth_mm=draw(st.sampled_from([20, 25])),
                 facing=draw(st.sampled_from([0, 0, 0, 90, 45, 12.5])))  # fmt: skip
        if draw(st.booleans()):
            u.update(models=draw(st.integers(1, 8)), models_per_rank=draw(st.integers(2, 4)))
    if draw(st.integers(0, 9)) == 0:
        u["elevation"] = draw(st.sampled_from([0.5, 1.0]))
    return u


@st.composite
def events(draw: st.DrawFn, n: int, spread: float) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"type": "turn_start", "turn": 1, "side": "a"}]
    added = 0
    for _ in range(draw(st.integers(1, 60))):
        uid = f"u{draw(st.integers(0, n - 1))}"
        kind = draw(st.sampled_from(["move"] * 6 + ["rotate", "update", "remove", "add", "delete"]))
        x = 10.0 + draw(st.integers(0, int(spread))) / 2
        y = 10.0 + draw(st.integers(0, int(spread / 2))) / 2
        if kind == "move":
            out.append({"type": "move", "piece_id": uid, "x": x, "y": y})
        elif kind == "rotate":
            out.append({"type": "rotate", "piece_id": uid,
                        "facing": draw(st.sampled_from([0, 90, 45, 30.5]))})  # fmt: skip
        elif kind == "update":
            change = draw(st.sampled_from([{"name": "Knights"}, {"name": "Renamed"},
                                           {"elevation": 1.0}, {"elevation": 0.0},
                                           {"models": 3}]))  # fmt: skip
            out.append({"type": "update", "piece_id": uid, "changes": change})
        elif kind == "remove":
            out.append({"type": "remove_casualty", "unit_id": uid})
        elif kind == "add":
            added += 1
            out.append({"type": "add_piece", "unit": {
                "id": f"new{added}", "name": f"New {added}", "side": "b", "x": x, "y": y,
                "base_width_mm": 25, "base_depth_mm": 25}})  # fmt: skip
        else:
            out.append({"type": "delete_piece", "piece_id": uid})
    turn_end = {"type": "turn_end", "turn": 1, "side": "a"}
    at = draw(st.integers(1, len(out)))
    return [*out[:at], turn_end, {"type": "turn_start", "turn": 1, "side": "b"}, *out[at:]]


@st.composite
def games(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(st.one_of(st.integers(2, 48), st.integers(49, 90)))  # small boards and larger
    spread = draw(st.sampled_from([6.0, 14.0, 30.0]))
    data: dict[str, Any] = {
        "format": "tabletop-gui", "version": 1, "family": "t9a",
        "board": {"kind": "inch", "width": W, "height": H},
        "sides": [{"id": "a", "name": "Equitaine"}, {"id": "b", "name": "Orcs"}],
        "units": [draw(units(i, spread)) for i in range(n)],
        "events": draw(events(n, spread)),
    }  # fmt: skip
    if draw(st.booleans()):  # Deployment Zones: units outside them flag the game's start
        data["zones"] = [
            {"id": "za", "side": "a", "polygon": [[0, 0], [W, 0], [W, 12], [0, 12]]},
            {"id": "zb", "side": "b", "polygon": [[0, 11], [W, 11], [W, H], [0, H]]},
        ]
    if draw(st.booleans()):  # Impassable Terrain where the moves go: a base left in it is flagged
        left = 10.0 + draw(st.integers(0, int(spread))) / 2
        data["terrain"] = [
            {
                "id": "rock",
                "name": "Rock",
                "impassable": True,
                "polygon": [[left, 10], [left + 2, 10], [left + 2, 13], [left, 13]],
            }
        ]
    spacing = draw(st.sampled_from([None, 0, 0.5, 2]))
    if spacing is not None:
        data["settings"] = {"unit_spacing": spacing}
    return data


def replay(data: dict[str, Any]) -> list[Step]:
    """Each step of the replay, up to a refusal (what follows is not reviewed)."""
    steps: list[Step] = []
    with contextlib.suppress(FileFormatError):
        game_from_json(parse(json.dumps(data)), step=lambda *s: steps.append(s))
    return steps


def one_by_one(steps: list[Step]) -> list[tuple[int, str]]:
    family = family_of(steps[0][1].setup)
    return [(i, f) for i, before, event, after in steps for f in family.flags(before, event, after)]


def at_once(steps: list[Step]) -> list[tuple[int, str]]:
    setup = steps[0][1].setup
    review = family_of(setup).review(setup)
    for step in steps:
        review.step(*step)
    found = review.finish()
    events, numbers = found.arrays()
    return [(i, found.texts[n]) for i, n in zip(events.tolist(), numbers.tolist(), strict=True)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.sampled_from([1, 3, 8, 512]))
def test_moves_measured_at_once_flag_what_each_move_flags(data, chunk):
    steps = replay(data)
    assume(len(steps) > 2)
    kept = review_module.CHUNK
    review_module.CHUNK = chunk
    try:
        fast = at_once(steps)
    finally:
        review_module.CHUNK = kept
    assert fast == one_by_one(steps)


def test_a_crowded_board_is_reviewed_at_once_with_the_flags_of_each_move():
    # 60 units 1 in apart on a row, each moved onto its neighbour's place: every
    # move overlaps a base and stands too close to others (nearest first).
    units = [{"id": f"u{i}", "name": f"Unit {i}", "side": "ab"[i % 2], "x": 5 + i % 30,
              "y": 5 + 2 * (i // 30), "base_width_mm": 20, "base_depth_mm": 20}
             for i in range(60)]  # fmt: skip
    moves = [{"type": "move", "piece_id": f"u{i}", "x": 6 + i % 29, "y": 5 + 2 * (i // 30)}
             for i in range(0, 60, 3)]  # fmt: skip
    data = {
        "format": "tabletop-gui", "version": 1, "family": "t9a",
        "board": {"kind": "inch", "width": 48, "height": 24},
        "sides": [{"id": "a", "name": "Equitaine"}, {"id": "b", "name": "Orcs"}],
        "units": units, "events": [{"type": "turn_start", "turn": 1, "side": "a"}, *moves],
    }  # fmt: skip
    steps = replay(data)
    expected = one_by_one(steps)
    assert at_once(steps) == expected
    assert any("base overlaps" in f for _, f in expected)
    assert any("(Unit Spacing)" in f for _, f in expected)
    assert any("moved in Equitaine's turn" in f for _, f in expected)
    report = problems_of(json.dumps(data))
    assert report.ok and report.flagged == expected

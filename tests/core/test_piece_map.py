"""model.piecemap.PieceMap: an ordered id -> piece map whose versions share what
they did not change, so a timeline's memory grows with events, not units x events."""

from __future__ import annotations

import random
import tracemalloc

import pytest

from tabletop_gui.model import InchBoard, ObjectiveSpec, Scene, Setup, Side, Unit
from tabletop_gui.model.events import MovePiece
from tabletop_gui.model.game import Game
from tabletop_gui.model.piecemap import PieceMap
from tabletop_gui.rules.engine import Timeline


def test_it_reads_like_the_dict_it_was_made_from_in_the_same_order():
    plain = {"b": 2, "a": 1, "c": 3}
    m = PieceMap(plain)
    assert m == plain and plain == m
    assert list(m) == ["b", "a", "c"] and list(m.values()) == [2, 1, 3]
    assert list(m.items()) == list(plain.items())
    assert (m["a"], m.get("z"), "c" in m, "z" in m, len(m)) == (1, None, True, False, 3)
    assert m.keys() & {"a", "z"} == {"a"}
    with pytest.raises(KeyError):
        m["z"]


def test_set_replaces_in_place_or_appends_and_leaves_the_old_version_as_it_was():
    m = PieceMap({"a": 1, "b": 2})
    replaced = m.set("a", 10)
    grown = m.set("c", 3)
    assert list(replaced.items()) == [("a", 10), ("b", 2)]
    assert list(grown.items()) == [("a", 1), ("b", 2), ("c", 3)]
    assert list(m.items()) == [("a", 1), ("b", 2)]
    assert replaced.position("b") == 1 and grown.position("c") == 2


def test_versions_that_append_different_ids_from_one_version_do_not_see_each_other():
    # Undo then a different edit: two branches grow from one state.
    root = PieceMap({"a": 1})
    left = root.set("x", 2).set("y", 3)
    right = root.set("z", 4)
    assert list(left) == ["a", "x", "y"] and list(right) == ["a", "z"]
    assert "z" not in left and "x" not in right and "x" not in root
    assert right.get("x") is None and left["y"] == 3
    again = left.set("w", 5)
    assert list(again) == ["a", "x", "y", "w"] and list(left) == ["a", "x", "y"]


def test_remove_keeps_the_order_of_the_rest():
    m = PieceMap({"a": 1, "b": 2, "c": 3}).remove("b")
    assert list(m.items()) == [("a", 1), ("c", 3)]
    with pytest.raises(KeyError):
        m.remove("b")


def test_a_scene_made_from_dicts_holds_piece_maps_and_edits_share_them():
    unit = Unit("u", "U", "a", 10, 10)
    scene = Scene(sides=(Side("a", "A"),), units={"u": unit})
    assert isinstance(scene.units, PieceMap)
    moved = scene.with_piece(Unit("u", "U", "a", 12, 10))
    assert moved.units["u"].x == 12 and scene.units["u"].x == 10
    assert moved.markers is scene.markers  # untouched collections are the same objects


def test_a_timeline_of_2000_units_grows_by_a_few_kilobytes_per_move_not_by_the_unit_map():
    rng = random.Random(3)
    units = {f"u{i}": Unit(f"u{i}", "U", "a", rng.uniform(2, 70), rng.uniform(2, 46))
             for i in range(2000)}  # fmt: skip
    scene = Scene(board=InchBoard(), sides=(Side("a", "A"), Side("b", "B")), units=units)
    setup = Setup("t9a", scene, objectives=(ObjectiveSpec("htg", "t9a.hold_the_ground"),))
    moves = tuple(
        MovePiece(f"u{rng.randrange(2000)}", rng.uniform(2, 70), rng.uniform(2, 46))
        for _ in range(1000)
    )
    Timeline(Game(setup, moves[:10]))  # warm up imports and caches
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        timeline = Timeline(Game(setup, moves))
        per_move = (tracemalloc.get_traced_memory()[0] - before) / len(moves)
    finally:
        tracemalloc.stop()
    assert len(timeline) == 1000
    # A copied map of 2,000 units is over 70 KB; a shared one costs a path of nodes.
    assert per_move < 8_000, f"{per_move:.0f} bytes per move"


def test_replaced_since_names_the_pieces_a_move_replaced_and_nothing_else():
    """What the board redraws after a drag: the one piece replaced, found by
    identity; a version with other ids (added, removed or reordered) is None."""
    old = PieceMap({"a": 1.5, "b": 2.5, "c": 3.5})
    moved = old.set("b", 9.5)
    assert moved.replaced_since(old) == [("b", 9.5)]
    equal_not_same = float("3.5")  # an equal piece that is another object is replaced
    assert moved.set("c", equal_not_same).replaced_since(old) == [("b", 9.5), ("c", 3.5)]
    assert old.replaced_since(old) == []
    assert old.set("d", 4.5).replaced_since(old) is None
    assert old.remove("a").replaced_since(old) is None
    assert PieceMap({"b": 2.5, "a": 1.5, "c": 3.5}).replaced_since(old) is None

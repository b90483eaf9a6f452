"""Hold the Ground through the engine contract (docs/t9a.md): counters at
the end of Game Turns 2-6 for strictly more Scoring Units within 6 in of the centre."""

from tabletop_gui.model import ObjectiveSpec
from tabletop_gui.model.events import MovePiece, RemoveCasualty, TurnEnd, TurnStart, UpdatePiece
from tabletop_gui.model.game import Game
from tabletop_gui.rules import Status, Timeline, evaluate, replay

from .helpers import block, t9a_setup

HTG = (ObjectiveSpec("htg", "t9a.hold_the_ground"),)


def near(uid, side, gap, **kw):
    """A 5x2 in unit whose front edge is ``gap`` inches below the centre (36, 24)."""
    return block(uid, side, 36, 24 - gap - 1, **kw)


def far(uid, side):
    return block(uid, side, 5, 5)


def full_turns(n):
    events = []
    for t in range(1, n + 1):
        events += [
            TurnStart(t),
            TurnStart(t, "red"),
            TurnEnd(t, "red"),
            TurnStart(t, "blue"),
            TurnEnd(t, "blue"),
            TurnEnd(t),
        ]
    return events


def test_unit_at_exactly_6_00_in_counts_and_takes_the_counter_at_end_of_turn_2():
    setup = t9a_setup([near("r", "red", 6.0), far("b", "blue")], HTG)
    board = evaluate(replay(setup, full_turns(2)))
    htg = board.result("htg")
    assert htg.counts == {"red": 1, "blue": 0}
    assert htg.leader == "red" and htg.status is Status.LEADING
    assert [c.piece_id for c in htg.counting] == ["r"]
    assert abs(htg.counting[0].margin) < 1e-9  # 6.00 in: margin 0, still inside


def test_unit_at_6_01_in_does_not_count():
    setup = t9a_setup([near("r", "red", 6.01), far("b", "blue")], HTG)
    htg = evaluate(replay(setup, full_turns(2))).result("htg")
    assert htg.counts == {"red": 0, "blue": 0}
    assert htg.details["now"] == {"red": 0, "blue": 0}


def test_end_of_turn_1_gives_no_counter_even_with_a_majority():
    setup = t9a_setup([near("r", "red", 1), far("b", "blue")], HTG)
    htg = evaluate(replay(setup, full_turns(1))).result("htg")
    assert htg.counts == {"red": 0, "blue": 0}
    assert htg.details["now_leader"] == "red"  # live: Red would take the next counter


def test_turn_2_end_with_equal_counts_gives_no_counter():
    setup = t9a_setup([near("r", "red", 1), near("b", "blue", 2)], HTG)
    htg = evaluate(replay(setup, full_turns(2))).result("htg")
    assert htg.counts == {"red": 0, "blue": 0}
    assert htg.details["checks"] == [{"turn": 2, "counts": {"red": 1, "blue": 1}, "winner": None}]


def test_fleeing_and_non_scoring_units_do_not_count():
    units = [
        near("r", "red", 1, fleeing=True),
        near("r2", "red", 2, scoring=False),
        near("b", "blue", 3),
    ]
    htg = evaluate(replay(t9a_setup(units, HTG), full_turns(2))).result("htg")
    assert htg.counts == {"red": 0, "blue": 1}
    notes = {c.piece_id: c.note for c in htg.counting}
    assert notes == {"r": "Fleeing", "r2": "not a Scoring Unit", "b": ""}


def test_destroyed_unit_no_longer_counts():
    setup = t9a_setup([near("r", "red", 1), far("b", "blue")], HTG)
    events = [*full_turns(1), TurnStart(2), RemoveCasualty("r"), *full_turns(2)[6:]]
    htg = evaluate(replay(setup, events)).result("htg")
    assert htg.counts == {"red": 0, "blue": 0}


def test_counters_fold_over_five_checks_and_the_result_is_final_after_turn_6():
    setup = t9a_setup([near("r", "red", 1), near("b", "blue", 9)], HTG)
    events = full_turns(3)
    # Blue walks in for turns 4-6 and outnumbers: Red 2 counters (t2, t3), Blue 0 until...
    events += [MovePiece("b", 30, 22), UpdatePiece("r", {"fleeing": True})]
    events += full_turns(6)[18:]
    htg = evaluate(replay(setup, events)).result("htg")
    assert htg.counts == {"red": 2, "blue": 3}  # Blue took turns 4, 5 and 6
    assert htg.final and htg.status is Status.WON and htg.leader == "blue"


def test_equal_counters_at_the_end_is_a_tie_nobody_wins():
    setup = t9a_setup([near("r", "red", 1), near("b", "blue", 9)], HTG)
    events = [*full_turns(2), MovePiece("b", 30, 22)]
    events += full_turns(6)[12:]
    # t2: Red alone, counter. t3-t6: 1 v 1, no counter... then Red 1, Blue 0.
    htg = evaluate(replay(setup, events)).result("htg")
    assert htg.counts == {"red": 1, "blue": 0}
    tie = t9a_setup([near("r", "red", 1), near("b", "blue", 1)], HTG)
    htg = evaluate(replay(tie, full_turns(6))).result("htg")
    assert htg.counts == {"red": 0, "blue": 0}
    assert htg.final and htg.status is Status.TIE and htg.leader is None


def test_undo_of_the_turn_end_removes_the_counter():
    tl = Timeline(
        Game(t9a_setup([near("r", "red", 1), far("b", "blue")], HTG), tuple(full_turns(2)))
    )
    assert evaluate(tl.current).result("htg").counts["red"] == 1
    tl.pop()
    assert evaluate(tl.current).result("htg").counts["red"] == 0

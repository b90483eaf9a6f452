"""The game log: state at any point = setup with the log replayed to that point;
undo drops the last event; replay from scratch equals applying step by step."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_gui.model import ObjectiveSpec
from tabletop_gui.model.events import (
    AddPiece,
    DeletePiece,
    EventError,
    MovePiece,
    RemoveCasualty,
    RotatePiece,
    TurnEnd,
    TurnStart,
    UpdatePiece,
)
from tabletop_gui.model.game import Game
from tabletop_gui.rules import Timeline, evaluate, replay
from tabletop_gui.rules.engine import RuleError

from .helpers import block, t9a_setup

UNITS = ["r1", "r2", "b1", "b2"]
SETUP = t9a_setup(
    [
        block("r1", "red", 30, 20),
        block("r2", "red", 40, 10),
        block("b1", "blue", 36, 30),
        block("b2", "blue", 60, 40),
    ],
    (ObjectiveSpec("htg", "t9a.hold_the_ground"),),
)

pos = st.floats(0, 72, allow_nan=False)
events = st.one_of(
    st.builds(MovePiece, st.sampled_from(UNITS), pos, st.floats(0, 48)),
    st.builds(RotatePiece, st.sampled_from(UNITS), st.floats(-720, 720)),
    st.builds(RemoveCasualty, st.sampled_from(UNITS)),
    st.builds(
        UpdatePiece,
        st.sampled_from(UNITS),
        st.fixed_dictionaries(
            {},
            optional={
                "fleeing": st.booleans(),
                "scoring": st.booleans(),
                "models": st.integers(1, 30),
            },
        ),
    ),
    st.builds(TurnStart, st.integers(1, 6), st.sampled_from([None, "red", "blue"])),
    st.builds(TurnEnd, st.integers(1, 6), st.sampled_from([None, "red", "blue"])),
)


def accepted(timeline: Timeline, log: list) -> list:
    """Push each event; keep those the model and the rules accept (random turns
    may be refused, and so is anything after the last Game Turn ended)."""
    kept = []
    for event in log:
        try:
            timeline.push(event)
        except (EventError, RuleError):
            continue
        kept.append(event)
    return kept


@settings(max_examples=60, deadline=None)
@given(st.lists(events, max_size=40))
def test_replaying_from_scratch_equals_applying_step_by_step(log):
    timeline = Timeline(Game(SETUP))
    log = accepted(timeline, log)
    for n in range(len(log) + 1):
        assert replay(SETUP, log, n) == timeline.state_at(n)
    assert evaluate(replay(SETUP, log)) == evaluate(timeline.current)


@settings(max_examples=30, deadline=None)
@given(st.lists(events, min_size=1, max_size=30))
def test_undo_restores_the_previous_state_exactly(log):
    timeline = Timeline(Game(SETUP))
    log = accepted(timeline, log)
    if not log:
        return
    before = timeline.state_at(len(log) - 1)
    timeline.pop()
    assert timeline.current == before
    assert evaluate(timeline.current) == evaluate(before)


def test_edits_make_new_states_and_leave_the_old_ones_alone():
    s0 = replay(SETUP, [])
    s1 = replay(SETUP, [MovePiece("r1", 3, 2)])
    assert (s0.scene.units["r1"].x, s0.scene.units["r1"].y) == (30, 20)
    assert (s1.scene.units["r1"].x, s1.scene.units["r1"].y) == (3, 2)
    assert s1.scene.units["r2"] is s0.scene.units["r2"]  # untouched pieces are shared


def test_add_and_delete_pieces_through_the_log():
    new = block("r3", "red", 10, 10)
    s = replay(SETUP, [AddPiece(unit=new)])
    assert s.scene.units["r3"] == new
    s = replay(SETUP, [AddPiece(unit=new), DeletePiece("r3")])
    assert "r3" not in s.scene.units


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (MovePiece("nope", 1, 1), "no piece with id 'nope'"),
        (AddPiece(unit=block("r1", "red", 1, 1)), "already exists"),
        (AddPiece(unit=block("x", "green", 1, 1)), "unknown side 'green'"),
        (UpdatePiece("r1", {"models": 0}), "r1: models must be >= 1"),
        (UpdatePiece("r1", {"colour": 3}), "no editable field 'colour'"),
        (UpdatePiece("r1", {"height": "huge"}), "is not one of"),
        (UpdatePiece("r1", {"fleeing": "yes"}), "expected true or false"),
        (TurnStart(1, "green"), "unknown side 'green'"),
    ],
)
def test_impossible_events_are_refused_with_a_clear_message(event, message):
    with pytest.raises(EventError, match=message):
        replay(SETUP, [event])


def test_turn_events_move_the_clock():
    s = replay(SETUP, [TurnStart(1), TurnStart(1, "red")])
    assert (s.clock.turn, s.clock.side) == (1, "red")
    assert s.index == 2


def test_the_log_reads_in_words_with_the_family_s_turn_name():
    s0 = replay(SETUP, [TurnStart(3), TurnStart(3, "red")])
    assert TurnStart(3).describe(s0) == "Game Turn 3 begins"
    assert UpdatePiece("r1", {"fleeing": True}).describe(s0) == "Game Turn 3, Red: r1: Fleeing set"
    assert MovePiece("r1", 33, 24).describe(s0) == "Game Turn 3, Red: r1 moved 5.00 in"
    assert TurnEnd(3, "blue").describe(s0) == "Game Turn 3: Blue's turn ends"


def test_a_base_made_larger_than_the_table_is_refused_naming_the_unit_and_edge():
    # A typo in the Inspector: 3000 mm instead of 30 mm.
    with pytest.raises(EventError) as exc:
        replay(SETUP, [UpdatePiece("r1", {"base_width_mm": 3000})])
    assert "r1: its base (118.11 x 2 in) is larger than the 72 x 48 in board" in str(exc.value)


def test_a_turn_that_swings_a_base_past_the_table_edge_is_refused():
    # A 5 x 2 in block 1.5 in from the bottom edge fits facing 0 and not facing 90.
    at_edge = AddPiece(unit=block("r9", "red", 30, 1.5))
    replay(SETUP, [at_edge])
    with pytest.raises(EventError, match="reaches 1 in past the bottom edge"):
        replay(SETUP, [at_edge, RotatePiece("r9", 90)])


def test_the_log_calls_an_unlabelled_marker_by_its_kind_not_its_id():
    from tabletop_gui.model import Marker
    from tabletop_gui.rules import Timeline

    tl = Timeline(Game(SETUP, ()))
    event = AddPiece(marker=Marker("t9a-secure", "t9a.secure_target", 20, 30, side="red"))
    assert event.describe(tl.current).endswith(": Secure Target marker placed")


def test_a_base_past_two_edges_names_both():
    corner = AddPiece(unit=block("r9", "red", 1.0, 0.5))  # 5 x 2 in at a corner
    with pytest.raises(
        EventError, match=r"reaches 1\.5 in past the left edge and 0\.5 in past the bottom edge"
    ):
        replay(SETUP, [corner])


def test_a_refused_field_value_names_the_field_and_the_problem_apart():
    with pytest.raises(EventError) as exc:
        replay(SETUP, [UpdatePiece("r1", {"models": 0})])
    assert (exc.value.field, exc.value.problem) == ("models", "must be >= 1, got 0")


def test_a_move_in_the_log_reads_the_distance_the_drag_showed():
    # The drag readout says "moved 7.35 in" (model.names.inches, two decimals):
    # the log row of that move says the same, not "moved 7.4 in".
    from tabletop_gui.model.names import inches

    s0 = replay(SETUP, [TurnStart(3), TurnStart(3, "red")])
    r1 = s0.scene.units["r1"]
    move = MovePiece("r1", r1.x, r1.y + 7.35)
    assert move.describe(s0).endswith(f"r1 moved {inches(7.35)}")
    assert move.describe(s0).endswith("r1 moved 7.35 in")


def test_a_unit_placed_in_another_sides_turn_is_named_with_its_side():
    """A list imported into a game under way: 'Game Turn 1, Blue: Red's Raiders
    placed', not a Red unit read as Blue's; in its own side's turn, just its name."""
    from tabletop_gui.model.events import TurnStart
    from tabletop_gui.rules import Timeline

    tl = Timeline(Game(SETUP, (TurnStart(1), TurnStart(1, "blue"))))
    raiders = AddPiece(unit=replace(block("r9", "red", 30, 20), name="Raiders"))
    assert raiders.describe(tl.current) == "Game Turn 1, Blue: Red's Raiders placed"
    own = AddPiece(unit=replace(block("b9", "blue", 30, 20), name="Guards"))
    assert own.describe(tl.current) == "Game Turn 1, Blue: Guards placed"
    assert raiders.describe(replay(SETUP, [])) == "Setup: Raiders placed"


def test_deleting_a_unit_that_carries_a_marker_drops_the_marker_where_it_stood():
    """A marker left carried by a unit that is gone was drawn nowhere and scored
    by nobody: it lies where its carrier stood, and the log says so."""
    from tabletop_gui.model import Marker

    carried = Marker("loot", "t9a.spoils", 10, 10, label="Spoils 1", carried_by="r1")
    s = replay(SETUP, [AddPiece(marker=carried)])
    delete = DeletePiece("r1")
    assert delete.describe(s).endswith("deleted (it drops Spoils 1 where it stood)")
    after = replay(SETUP, [AddPiece(marker=carried), delete]).scene.markers["loot"]
    assert (after.carried_by, after.x, after.y) == (None, 30, 20) and after.on_table
    plain = replay(SETUP, [DeletePiece("r2")])  # carrying nothing: nothing else changes
    assert plain.scene.markers == SETUP.scene.markers

"""A unit the log places (``add_piece``: an army list imported into a game whose
log is not empty adds one per unit) is flagged as a move to where it stands is,
never refused: its base overlapping another, within Unit Spacing of a unit it is
not in base contact with (docs/t9a.md, Flags for review). No set-up check sees
such a unit, so before this ``validate`` said OK of stacked imports."""

from __future__ import annotations

from t9a_helpers import A, B, flagged, reviewed, setup, unit

from tabletop_gui.model.events import AddPiece, Event, MovePiece
from tabletop_gui.model.game import Game
from tabletop_gui.model.scene import Setup
from tabletop_gui.rules import Timeline
from tabletop_gui.rules.engine import flags

#: A game under way: its log holds a move before the import's events.
UNDER_WAY: list[Event] = [MovePiece("knights", 20, 6)]


def board() -> Setup:
    return setup([], [unit("knights", A, 20, 5, name="Knights")])


def test_two_imported_units_placed_on_one_spot_flag_the_later_one_once_in_log_and_validate():
    # Both Orc units at (40, 40): the second's base lies on the first's. The pair
    # is flagged once, on the row of the unit placed onto the other.
    adds = [AddPiece(unit=unit("orcs-1", B, 40, 40, name="Orc Boyz")),
            AddPiece(unit=unit("orcs-2", B, 40, 40, name="Orc Boyz"))]  # fmt: skip
    events = UNDER_WAY + adds
    assert flagged(board(), events) == [[], [], ["Orc Boyz's base overlaps Orc Boyz"]]
    assert reviewed(board(), events) == [(2, "Orc Boyz's base overlaps Orc Boyz")]


def test_an_imported_unit_placed_0_5_in_from_another_breaks_unit_spacing():
    # 25 mm bases (0.98 in): the Knights span x 19.51-20.49 at y 6; the Wolves
    # placed at x 21.49 span 21.00-21.98, 0.51 in from them.
    events = [*UNDER_WAY, AddPiece(unit=unit("wolves", B, 21.49, 6, name="Wolves"))]
    text = "Wolves is 0.51 in from Knights: units keep more than 1 in apart (Unit Spacing)"
    assert flagged(board(), events)[1] == [text]
    assert reviewed(board(), events) == [(1, text)]


def test_imported_units_that_all_fit_more_than_1_in_apart_are_not_flagged():
    adds = [AddPiece(unit=unit(f"orcs-{k}", B, 10 + 3 * k, 40, name="Orc Boyz")) for k in range(5)]
    events = UNDER_WAY + adds
    assert flagged(board(), events) == [[]] * 6
    assert reviewed(board(), events) == []


def test_a_unit_placed_onto_a_stack_of_many_counts_the_bases_and_names_each_once():
    # A list that does not fit stacks its last units in the middle of its area:
    # the row says how many bases and each name once, not 5 names over again.
    stack = [unit(f"rats-{k}", B, 40, 40, name="Vermin Slaves") for k in range(4)]
    stack.append(unit("clan", B, 40, 40, name="Clanrats"))
    events = [*UNDER_WAY, *(AddPiece(unit=u) for u in stack),
              AddPiece(unit=unit("last", B, 40, 40, name="Vermin Slaves"))]  # fmt: skip
    out = flagged(board(), events)
    assert out[3] == ["Vermin Slaves' base overlaps Vermin Slaves, Vermin Slaves"]
    assert out[-1] == ["Vermin Slaves' base overlaps 5 units: Vermin Slaves ×4, Clanrats"]
    assert reviewed(board(), events)[-1] == (6, out[-1][0])


def test_the_arrays_of_a_placed_units_scene_are_its_neighbours_with_one_row_added_to_the_bit():
    # A long import measures each unit it places from the arrays of the scene
    # before with one row added, not all rebuilt: the very bits a build gives.
    from tabletop_gui.geometry import arrays
    from tabletop_gui.rules.engine import apply

    before = Timeline(Game(board(), tuple(UNDER_WAY))).state_at(1)
    arrays.unit_arrays(before.scene)
    event = AddPiece(unit=unit("r", B, 40.3, 7.7, facing=33.0, models=7, per_rank=3))
    after = apply(before, event)
    assert "unit_arrays" not in after.scene.cache
    assert flags(before, event, after) == []
    seeded = after.scene.cache["unit_arrays"]
    built = arrays._build(after.scene)
    assert seeded.ids == built.ids == ("knights", "r")
    for column in arrays._COLUMNS:
        a, b = getattr(seeded, column), getattr(built, column)
        same = a.tolist() == b.tolist() if a.dtype == object else a.tobytes() == b.tobytes()
        assert same, column

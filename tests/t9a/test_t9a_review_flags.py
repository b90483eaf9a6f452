"""Events besides moves that The Ninth Age flags for review, never refuses
(docs/t9a.md, Flags for review): a base changed in place (formation, base size)
that overlaps another or breaks Unit Spacing, an objective marker the rules fix
moved once the game started, and Capture the Flags marks not as the rule needs
them."""

from __future__ import annotations

from t9a_helpers import A, B, Marker, ObjectiveSpec, flagged, reviewed, setup, unit

from tabletop_gui.model.events import MovePiece, TurnStart, UpdatePiece
from tabletop_gui.model.scene import Setup
from tabletop_gui.rules.t9a.events import FlagMark, SpoilsPickUp

START = [TurnStart(1), TurnStart(1, A)]
SPOILS = ObjectiveSpec("obj", "t9a.spoils_of_war")
SECURE = ObjectiveSpec("obj", "t9a.secure_target")
FLAGS = ObjectiveSpec("obj", "t9a.capture_the_flags")


# -- a base changed in place (docs/t9a.md, Flags for review) --------------------


def spears_and_eagles(per_rank: int = 5) -> Setup:
    # 25 mm models (0.98 in). The Spears, 10 models 5 wide, span x 17.54-22.46;
    # the Eagles' single base x 23.51-24.49: 1.05 in apart, clear of Unit Spacing.
    units = [
        unit("spears", A, 20, 6, models=10, per_rank=per_rank, name="Citizen Spears"),
        unit("eagles", A, 24, 6, name="Giant Eagles"),
    ]
    return setup([], units)


def test_a_formation_widened_onto_another_base_is_flagged_as_a_move_onto_it_is():
    # 10 wide, the Spears span x 15.08-24.92: over the Eagles' base. The same
    # words a drag onto the Eagles gives.
    out = flagged(spears_and_eagles(), [*START, UpdatePiece("spears", {"models_per_rank": 10})])
    assert out[2][0] == "Citizen Spears' base overlaps Giant Eagles"
    moved = setup([], [unit("spears", A, 20, 30, models=10, per_rank=10, name="Citizen Spears"),
                       unit("eagles", A, 24, 6, name="Giant Eagles")])  # fmt: skip
    assert flagged(moved, [*START, MovePiece("spears", 20, 6)])[2] == out[2]


def test_a_formation_widened_to_0_56_in_from_another_unit_breaks_unit_spacing():
    # 6 wide (still 2 ranks): x 17.05-22.95, 0.56 in from the Eagles' edge at 23.51.
    out = flagged(spears_and_eagles(), [*START, UpdatePiece("spears", {"models_per_rank": 6})])
    assert out[2] == [
        "Citizen Spears is 0.56 in from Giant Eagles: units keep more than 1 in apart "
        "(Unit Spacing)"
    ]


def test_a_larger_base_size_overlapping_another_is_flagged_and_validate_lists_it():
    events = [*START, UpdatePiece("eagles", {"base_width_mm": 100})]
    out = flagged(spears_and_eagles(), events)
    assert out[2][0] == "Giant Eagles' base overlaps Citizen Spears"
    assert (2, "Giant Eagles' base overlaps Citizen Spears") in reviewed(
        spears_and_eagles(), events
    )


def test_casualties_that_only_shrink_a_base_in_place_are_not_flagged_again():
    # The Spears, 10 wide, already overlap the Eagles (their drag was flagged);
    # losing 2 models narrows them where they stand: they come closer to nothing.
    units = [
        unit("spears", A, 20, 6, models=10, per_rank=10, name="Citizen Spears"),
        unit("eagles", A, 20, 6.9, name="Giant Eagles"),
    ]
    out = flagged(setup([], units), [*START, UpdatePiece("spears", {"models": 8})])
    assert out[2] == []


def test_a_change_that_leaves_the_base_as_it_was_is_not_measured():
    out = flagged(spears_and_eagles(per_rank=6), [*START, UpdatePiece("spears", {"name": "S"})])
    assert out[2] == []


def test_a_unit_moved_in_the_inspector_in_the_other_sides_turn_is_flagged_as_a_drag_is():
    s = setup([], [unit("boyz", B, 30, 40, name="Orc Boyz")])
    (flag,) = flagged(s, [*START, UpdatePiece("boyz", {"y": 36})])[2]
    assert flag.startswith("Orc Boyz (Orcs) moved in Equitaine's turn")


def test_31_models_per_rank_for_30_models_is_one_rank_of_30_one_full_rank():
    # A rank wider than the unit's models is one rank of all of them, as its
    # footprint is drawn (30 bases wide) (docs/t9a.md, Shared rules).
    from tabletop_gui.rules.t9a.ranks import full_ranks

    wide = unit("u", A, 36, 6, models=30, per_rank=31)
    assert wide.width_in == unit("v", A, 36, 6, models=30, per_rank=30).width_in
    assert full_ranks(wide) == 1
    assert full_ranks(unit("u", A, 36, 6, models=4, per_rank=31)) == 0  # 4 wide: not Full


# -- objective markers fixed once the game started ------------------------------


def spoils() -> list[Marker]:
    return [Marker(f"s{i}", "t9a.spoils", x, 24, label=f"Spoils {i}")
            for i, x in ((1, 12), (2, 36), (3, 60))]  # fmt: skip


def test_a_spoils_marker_dragged_during_the_game_is_flagged_with_the_rule():
    out = flagged(setup([SPOILS], [], spoils()), [*START, MovePiece("s1", 16, 24)])
    (flag,) = out[2]
    assert flag.startswith("Spoils 1 moved after the game started: a Spoils of War marker moves")
    assert "only with the unit carrying it" in flag


def test_a_spoils_marker_placed_during_set_up_is_not_flagged():
    out = flagged(setup([SPOILS], [], spoils()), [MovePiece("s1", 16, 24), *START])
    assert out[0] == []


def test_a_spoils_marker_moved_by_its_x_in_the_inspector_is_flagged_too():
    out = flagged(setup([SPOILS], [], spoils()), [*START, UpdatePiece("s2", {"x": 30})])
    assert out[2][0].startswith("Spoils 2 moved after the game started")


def test_a_spoils_marker_picked_up_is_not_flagged_nor_a_logged_move_of_it_while_carried():
    # Earlier windows logged a carried marker's drag as a move: it lies nowhere.
    units = [unit("k", A, 36, 24, name="Knights")]
    events = [*START, SpoilsPickUp("s2", "k"), MovePiece("s2", 36, 30)]
    out = flagged(setup([SPOILS], units, spoils()), events)
    assert out[2:] == [[], []]


def test_a_secure_target_marker_moved_during_the_game_is_flagged():
    markers = [
        Marker("sa", "t9a.secure_target", 20, 30, side=A, label="A's target"),
        Marker("sb", "t9a.secure_target", 50, 18, side=B, label="B's target"),
    ]
    (flag,) = flagged(setup([SECURE], [], markers), [*START, MovePiece("sa", 22, 30)])[2]
    assert flag == (
        "A's target moved after the game started: a Secure Target marker stays where its "
        "player placed it before the game"
    )


def test_a_plain_marker_no_objective_reads_may_be_moved():
    markers = [Marker("m", "note", 20, 30, label="Note")]
    assert flagged(setup([SPOILS], [], markers), [*START, MovePiece("m", 22, 30)])[2] == []


# -- Capture the Flags marks ----------------------------------------------------


def army(side: str, n_scoring: int, n_other: int = 0, y: float = 5) -> list:
    units = [unit(f"{side}{i}", side, 5 + 6 * i, y, name=f"{side}{i}") for i in range(n_scoring)]
    units += [unit(f"{side}x{i}", side, 50 + 6 * i, y, scoring=False, name=f"{side}x{i}")
              for i in range(n_other)]  # fmt: skip
    return units


def test_marking_a_unit_already_marked_is_flagged():
    # b0 is a Scoring Unit: marked by the rule already.
    s = setup([FLAGS], army(A, 3) + army(B, 2, n_other=2, y=43))
    out = flagged(s, [FlagMark("bx0"), FlagMark("bx0"), FlagMark("b0")])
    assert out[0] == []
    assert out[1] == ["bx0 is already marked (Capture the Flags): a unit is marked once"]
    assert out[2] == ["b0 is already marked (Capture the Flags): a unit is marked once"]


def test_a_mark_too_many_is_flagged_with_the_number_needed():
    s = setup([FLAGS], army(A, 3) + army(B, 2, n_other=2, y=43))
    out = flagged(s, [FlagMark("bx0"), FlagMark("bx1")])
    assert out[0] == []
    assert out[1] == ["Capture the Flags: bx1: one mark too many (Orcs needs exactly 3)"]


def test_starting_game_turn_1_with_a_mark_too_many_or_missing_is_flagged():
    s = setup([FLAGS], army(A, 3, n_other=1) + army(B, 2, n_other=2, y=43))
    out = flagged(s, [FlagMark("bx0"), FlagMark("bx1"), FlagMark("ax0"), *START])
    assert out[3] == [
        "Capture the Flags as the game starts: ax0 is marked, but Equitaine already has 3 "
        "Scoring Units marked: no extra marks",
        "Capture the Flags as the game starts: bx1: one mark too many (Orcs needs exactly 3)",
    ]
    assert out[4] == []  # the Player Turn's start is not the game's
    missing = flagged(s, START)[0]
    assert missing == [
        "Capture the Flags as the game starts: Orcs has 2 marked units: Equitaine must mark 1 more"
    ]


def test_starting_the_game_with_the_marks_right_is_not_flagged():
    s = setup([FLAGS], army(A, 3) + army(B, 2, n_other=2, y=43))
    assert flagged(s, [FlagMark("bx0"), *START])[1] == []

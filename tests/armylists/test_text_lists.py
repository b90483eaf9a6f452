"""The T9A builders' text export: header, unit lines, model counts, options with
commas inside parentheses, odd spacing, and unreadable lines named by number."""

from __future__ import annotations

import pytest

from tabletop_gui.io import FileFormatError
from tabletop_gui.io.armylists.plan import plan_army
from tabletop_gui.io.armylists.text import (
    decode_text,
    looks_like_text_list,
    parse_text_list,
    split_options,
)

from .conftest import LISTS


def test_the_issue_example_reads_player_army_units_and_total():
    army = parse_text_list(
        "Anna - Kingdom of Equitaine\n310 - 20 Men-at-Arms, Spear, Standard Bearer\n"
        "240 - Duke, General, Great Weapon\n550\n"
    )
    assert (army.player, army.army, army.total_points) == ("Anna", "Kingdom of Equitaine", 550)
    men, duke = army.units
    assert (men.name, men.models, men.points) == ("Men-at-Arms", 20, 310)
    assert men.options == ("Spear", "Standard Bearer")
    assert (duke.name, duke.models, duke.where) == ("Duke", 1, "line 3")
    assert army.notes == ()


def test_odd_spacing_tabs_crlf_dashes_and_pts_are_taken_as_they_come():
    army = parse_text_list(decode_text((LISTS / "equitaine_odd_spacing.txt").read_bytes()))
    assert army.player == "Anna" and army.army == "Kingdom of Equitaine"
    names = [(u.name, u.models) for u in army.units]
    assert names == [
        ("Men-at-Arms", 20), ("Duke", 1), ("Knights of the Realm", 8),
        ("Lowborn Levies", 30), ("Questing Hermit", 1), ("Grail Pilgrims", 5),
    ]  # fmt: skip
    assert army.units[0].options == ("Spear", "Standard Bearer (Banner of Roland, Icon)")
    assert army.units[2].where == "line 5"  # the en-dash line, counted with the blank line
    assert army.total_points == 1560 and army.notes == ()


def test_commas_inside_parentheses_stay_in_their_option():
    assert split_options("Banner (A, B (c, d)), Spear,, Shield") == [
        "Banner (A, B (c, d))", "Spear", "Shield",
    ]  # fmt: skip


def test_full_width_ideographic_and_arabic_commas_separate_options_as_commas_do():
    """A list typed in another script (docs/army-lists.md, Formats): the unit is
    the King, a Character with its own base, not a unit named with its options."""
    army = parse_text_list(
        "阿明 - Dwarven Holds\n410 - King，General，Shield\n"
        "480 - 30 Clan Warriors、Shield（A，B）、Spear\n100 - 5 Rangers، Throwing Axes\n990\n"
    )
    got = [(u.name, u.models, u.options) for u in army.units]
    assert got == [
        ("King", 1, ("General", "Shield")),
        ("Clan Warriors", 30, ("Shield（A，B）", "Spear")),
        ("Rangers", 5, ("Throwing Axes",)),
    ]  # fmt: skip
    king = plan_army(army).units[0]
    assert king.known and king.character and king.scoring is False


def test_a_total_that_does_not_add_up_is_noted_not_refused():
    army = parse_text_list("P - Army\n100 - Duke\n50 - 5 Archers\n200\n")
    assert army.notes == ("the list's total is 200 points but its units add up to 150",)


@pytest.mark.parametrize(
    "total",
    [
        "Total : 1 650 pts", "Total: 1650 pts", "TOTAL = 1,650 points", "Total points: 1.650",
        "Points: 1650", "1 650", "Total\u00a0:\u00a01\u202f650\u00a0pts", "1'650 pts",
    ],
)  # fmt: skip
def test_the_usual_spellings_of_the_total_and_its_number_are_read(total):
    """(docs/army-lists.md, Formats): a French total ("Total : 1 650 pts") was
    refused with the whole list."""
    army = parse_text_list(f"X - Highborn Elves\n1 650 - 30 Sea Guard\n{total}\n")
    assert army.units[0].points == 1650 and army.total_points == 1650 and army.notes == ()


def test_a_total_that_cannot_be_read_is_noted_and_the_list_still_reads():
    army = parse_text_list("X - Highborn Elves\n400 - 30 Sea Guard\nTotal: about 400\n")
    assert [u.name for u in army.units] == ["Sea Guard"] and army.total_points is None
    assert army.notes == ("line 3: cannot read the total 'Total: about 400': left out",)


def test_a_list_cut_in_the_middle_of_a_line_with_no_total_is_noted():
    """A file saved half-way: it still reads, and the note asks whether it is
    whole (docs/army-lists.md, Formats). A list that ends its last line, or
    states its total, gets no such note."""
    cut = parse_text_list("Brokk - Dwarven Holds\n385 - 30 Clan Warriors, Standard Bea")
    assert [u.name for u in cut.units] == ["Clan Warriors"]
    assert cut.notes == (
        "the list ends in the middle of line 2 with no total: is it whole? "
        "(a list cut short loses its last units)",
    )
    whole = parse_text_list("Brokk - Dwarven Holds\n385 - 30 Clan Warriors, Standard Bearer\n")
    totalled = parse_text_list("Brokk - Dwarven Holds\n385 - 30 Clan Warriors\n385")
    assert whole.notes == () and totalled.notes == ()


def test_an_unreadable_unit_line_is_named_by_its_number():
    with pytest.raises(FileFormatError) as err:
        parse_text_list("P - Army\n100 - Duke\nten knights on horses\n", "list.txt")
    assert str(err.value).startswith("list.txt: line 3: cannot read 'ten knights on horses'")


def test_a_line_after_the_total_is_named():
    with pytest.raises(FileFormatError, match="line 4: cannot read '30 - Hound' after the total"):
        parse_text_list("P - Army\n100 - Duke\n100\n30 - Hound\n")


def test_zero_models_and_a_nameless_unit_are_refused_with_their_line():
    with pytest.raises(FileFormatError, match="line 2: 0 models"):
        parse_text_list("P - Army\n100 - 0 Knights\n")
    with pytest.raises(FileFormatError, match="line 3: '12' is not a unit name"):
        parse_text_list("P - Army\n100 - Duke\n100 - 12, Spear\n")


def test_a_header_without_unit_lines_is_not_a_list():
    with pytest.raises(FileFormatError, match="line 1: 'P - Army' is followed by no unit line"):
        parse_text_list("P - Army\n\n")


def test_sniff_accepts_lists_and_declines_other_text():
    assert looks_like_text_list((LISTS / "undying_4000.txt").read_bytes())
    assert looks_like_text_list((LISTS / "equitaine_odd_spacing.txt").read_bytes())
    assert not looks_like_text_list(b'{"format": "tabletop_gui", "version": 1}')
    assert not looks_like_text_list(b"Dear diary - today\nI went out.\n")
    assert not looks_like_text_list(b"\x00\x01PK binary - 100 - x\n100 - y")


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("9" * 5000 + " - Knights", "'999999999999... (5,000 digits)' is not a number of points"),
        ("1 000 001 - Knights", "'1 000 001' is not a number of points (0 to 1,000,000)"),
        ("100 - " + "9" * 5000 + " Knights", "999999999999... (5,000 digits) models: a unit has"),
    ],
)
def test_points_and_models_past_any_list_are_refused_naming_their_line(line, problem):
    # 5,000 digits were Python's own ValueError (its digit limit), with no line.
    with pytest.raises(FileFormatError) as err:
        parse_text_list(f"P - Army\n100 - Duke\n{line}\n", "list.txt")
    assert str(err.value).startswith(f"list.txt: line 3: {problem}")


def test_a_total_of_5000_digits_is_refused_naming_its_line():
    with pytest.raises(FileFormatError, match=r"^list.txt: line 3: '999999999999\.\.\."):
        parse_text_list("P - Army\n100 - Duke\n" + "9" * 5000 + "\n", "list.txt")

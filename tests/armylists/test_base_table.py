"""Base sizes: the bundled table (documented header, lookups by army, edition,
mount), the user's own table of remembered answers, --base and --bases."""

from __future__ import annotations

import pytest

from tabletop_gui.io import FileFormatError
from tabletop_gui.io.armylists.bases import (
    BUNDLED,
    BaseEntry,
    bundled_table,
    read_table,
    remember,
    user_table,
    user_table_path,
)
from tabletop_gui.io.armylists.model import BaseSize, parse_base
from tabletop_gui.io.armylists.plan import PLACEHOLDER, plan_army
from tabletop_gui.io.armylists.text import parse_text_list
from tabletop_gui.model.pieces import HeightClass


def test_the_bundled_table_states_sources_and_coverage_per_army_and_edition():
    head = [line for line in BUNDLED.read_text("utf-8").splitlines() if line.startswith("#")]
    text = "\n".join(head)
    assert "tools/make_t9a_bases.py" in text and "BSData The-9th-Age commit" in text
    for army in ("Orcs and Goblins", "Dwarven Holds", "Undying Dynasties", "Ogre Khans"):
        assert f"#   2nd     {army}" in text and f"#   3rd     {army}" in text
    t = bundled_table()
    assert len(t) > 1000 and all(e.source for e in t.entries)


def test_lookups_ignore_case_spacing_punctuation_and_a_plural_s():
    t = bundled_table()
    e = t.find("men at arms", "Kingdom of Equitaine", "3rd")
    assert e is not None and e.base == BaseSize.rect(20, 20) and e.frontage == 5
    assert t.find("Skeleton Archer", "Undying Dynasties", "3rd") is not None
    assert t.find("SAND-STALKERS", "undying dynasties").base == BaseSize.rect(50, 100)


def test_a_3rd_edition_unit_takes_the_2nd_edition_size_of_its_name_and_says_so():
    e = bundled_table().find("Infernal Artillery", "Infernal Dwarves", "3rd")
    assert e is not None and (e.edition, e.base) == ("3rd", BaseSize.round(75))
    assert e.source.startswith("2nd ed. Infernal Dwarves") and e.source.endswith("same name")


def test_characters_are_characters_whatever_the_army():
    """The Infernal Dwarves Prophet and Vizier came in as Scoring while the
    Undying Dynasties characters did not (issue 25): every army's Characters
    category is read alike."""
    t = bundled_table()
    for unit, army in [
        ("Prophet", "Infernal Dwarves"), ("Vizier", "Infernal Dwarves"),
        ("Nomarch", "Undying Dynasties"), ("Goblin Witch", "Orcs and Goblins"),
        ("Thane", "Dwarven Holds"), ("Khan", "Ogre Khans"), ("Mad Git", "Orcs and Goblins"),
    ]:  # fmt: skip
        assert t.is_character(unit, army, "3rd"), (unit, army)
    for unit, army in [("Immortals", "Infernal Dwarves"), ("Greybeards", "Dwarven Holds")]:
        assert not t.is_character(unit, army, "3rd"), (unit, army)


def test_a_mount_named_in_the_options_changes_the_base_and_keeps_the_character():
    t = bundled_table()
    on_foot = t.find("Duke", "Kingdom of Equitaine", "3rd")
    mounted = t.find("Duke", "Kingdom of Equitaine", "3rd", ["General", "Barded Warhorse"])
    assert on_foot.base == BaseSize.rect(20, 20) and mounted.base == BaseSize.rect(25, 50)
    assert mounted.character and on_foot.character


def test_suggestions_are_near_names_of_the_army_first():
    near = bundled_table().nearest("Skeleton Archer Guard", "Undying Dynasties")
    assert near[0] == "Skeleton Archers"


@pytest.mark.parametrize(
    ("text", "base"),
    [
        ("25x50", BaseSize.rect(25, 50)), ("25 x 50 mm", BaseSize.rect(25, 50)),
        ("20×20", BaseSize.rect(20, 20)), ("round 50", BaseSize.round(50)),
        ("60Ø", BaseSize.round(60)), ("40 round", BaseSize.round(40)),
    ],
)  # fmt: skip
def test_base_texts(text, base):
    assert parse_base(text) == base


@pytest.mark.parametrize("text", ["25", "x50", "0x20", "25x5000", "big"])
def test_bad_base_texts_say_what_is_expected(text):
    with pytest.raises(ValueError, match="base"):
        parse_base(text)


def test_a_bad_row_of_a_table_is_named_by_its_line():
    text = "# mine\nunit,base,height\nKnights,25x50,standard\nOgres,40x40,huge\n"
    with pytest.raises(FileFormatError, match=r"mine\.csv: line 4: height .huge."):
        read_table(text, "mine.csv")
    with pytest.raises(FileFormatError, match="line 1: the header needs columns base"):
        read_table("unit,size\nA,1\n")


HEADER = "# mine\nunit,base\n"


@pytest.mark.parametrize(
    ("rows", "where", "problem"),
    [
        # A quote left open reads on to the end: past CSV's own limit, Python's csv.Error.
        ('"Knights' + "x" * 200_000 + ",25x50\n", "line 3", "not CSV: a field longer than"),
        ("Knights,25x50\nOgres," + "9" * 5000 + "x40\n", "line 4", "base of 5,003 characters"),
        ("O" * 20_000 + ",25x50\n", "line 3", "unit of 20,000 characters: at most 1,000"),
        # A quoted name over two lines: the row after it is named by its own line.
        ('"Mounted\nKnights",25x50\n\n# x\nOgres,huge\n', "line 7", "base 'huge'"),
        # Old Mac line ends (a lone CR) end a row as a line break does.
        ("Knights,25x50\rOgres,huge\r", "line 4", "base 'huge'"),
    ],
)
def test_a_table_csv_cannot_read_or_a_cell_past_any_name_is_refused_naming_its_line(
    rows, where, problem
):
    with pytest.raises(FileFormatError) as err:
        read_table(HEADER + rows, "mine.csv")
    assert (err.value.source, err.value.path) == ("mine.csv", where)
    assert err.value.problem.startswith(problem), err.value.problem
    assert len(str(err.value)) < 300


def test_a_header_naming_a_column_twice_is_refused_not_read_from_its_last():
    # "unit,base,base": the second base was read, and the first silently unused.
    with pytest.raises(FileFormatError) as err:
        read_table("# mine\nunit,base,height,base\nKnights,25x50,standard,40x40\n", "mine.csv")
    assert str(err.value) == "mine.csv: line 2: the header names base twice"


def test_remembered_answers_are_written_to_the_user_table_and_replace_old_ones(user_data):
    assert len(user_table()) == 0
    remember([BaseEntry("Questing Hermit", BaseSize.rect(25, 25), army="Kingdom of Equitaine")])
    remember([BaseEntry("Questing Hermit", BaseSize.round(40), army="Kingdom of Equitaine")])
    remember([BaseEntry("Grail Pilgrims", BaseSize.rect(20, 20))])
    assert user_table_path().parent == user_data
    t = user_table()
    assert len(t) == 2
    assert t.find("Questing Hermit", "Kingdom of Equitaine").base == BaseSize.round(40)
    assert user_table_path().read_text().startswith("# Your base sizes")


LIST = "P - Kingdom of Equitaine\n100 - 10 Questing Hermits\n80 - 5 Men-at-Arms\n50 - Duke\n"


def test_unknown_units_import_on_a_placeholder_with_suggestions():
    plan = plan_army(parse_text_list(LIST))
    hermits = plan.units[0]
    assert not hermits.known and hermits.base == PLACEHOLDER
    assert plan.unknown_names() == ["Questing Hermits"]
    assert plan.units[1].known and plan.units[1].base_from.startswith("the bundled table")


def test_where_a_base_comes_from_the_first_source_wins(user_data):
    army = parse_text_list(LIST)
    remember([BaseEntry("Questing Hermits", BaseSize.rect(30, 30))])
    remember([BaseEntry("Men-at-Arms", BaseSize.rect(25, 25))])
    plan = plan_army(army, user=user_table())
    assert plan.units[0].base == BaseSize.rect(30, 30) and plan.units[0].base_from == "your table"
    # --bases table beats the user's; --base beats both.
    table = read_table("unit,base\nMen-at-Arms,22x22\n", "club.csv")
    plan = plan_army(
        army, overrides={"men at arms": BaseSize.rect(19, 19)}, tables=[table], user=user_table()
    )
    assert plan.units[1].base == BaseSize.rect(19, 19) and plan.units[1].base_from == "--base"
    plan = plan_army(army, tables=[table], user=user_table())
    assert plan.units[1].base == BaseSize.rect(22, 22)
    assert plan.units[1].base_from == "table club.csv"


def test_characters_are_imported_not_scoring_and_others_left_to_the_player():
    plan = plan_army(parse_text_list(LIST))
    duke = plan.units[2]
    assert duke.character and duke.scoring is False
    assert plan.units[1].scoring is None  # the list does not say


def test_a_unit_known_only_by_its_given_base_gets_a_height_from_the_base():
    plan = plan_army(parse_text_list("P - Nowhere\n300 - 3 Big Ones\n"),
                     overrides={"Big Ones": BaseSize.rect(50, 100)})  # fmt: skip
    assert plan.units[0].height is HeightClass.LARGE  # guessed from a 50 mm wide base

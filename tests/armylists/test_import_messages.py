"""The words an import refuses or summarises a list with: a roster's DTD named
as what it is (never an exception's repr), a file that only starts like a zip
archive refused as a damaged archive (not "not a format"), and a list whose
stated total is wrong summarised by its units' points with the stated total
beside them. Files written for these tests."""

from __future__ import annotations

import pytest

from tabletop_gui.io import FileFormatError
from tabletop_gui.io.armylists.formats import read_army
from tabletop_gui.io.armylists.model import ArmyList, ListedUnit
from tabletop_gui.io.armylists.text import parse_text_list
from tabletop_gui.io.importers import ImportRequest, import_bytes, import_file


def refusal(data: bytes, name: str) -> FileFormatError:
    with pytest.raises(FileFormatError) as caught:
        import_bytes(data, ImportRequest(source=name))
    return caught.value


@pytest.mark.parametrize(
    ("declaration", "named"),
    [
        ('<!DOCTYPE x [<!ENTITY a "b">]>', "a document type declaration (<!DOCTYPE x>)"),
        ('<!DOCTYPE roster SYSTEM "http://example.invalid/r.dtd">',
         "a document type declaration (<!DOCTYPE roster>)"),
    ],
)  # fmt: skip
def test_a_dtd_is_refused_in_words_not_an_exceptions_repr(declaration, named):
    data = f'<?xml version="1.0"?>\n{declaration}\n<roster/>'.encode()
    err = refusal(data, "ent.ros")
    assert err.path == "line 2"
    assert err.problem == (
        f"refused: {named}: a roster has none, and DTDs and entities are never read "
        "(they can make a file expand without end or read other files)"
    )
    assert "Forbidden" not in str(err) and "=" not in err.problem


@pytest.mark.parametrize("data", [b"PK\x03\x04garbage", b"PK\x03\x04" + bytes(200)])
def test_a_file_that_only_starts_like_a_zip_archive_is_a_damaged_archive(data):
    err = refusal(data, "bad.rosz")
    assert err.path == "(zip)"
    assert err.problem.startswith(
        "a zip archive that cannot be read: its table of contents, at the end of a zip "
        "archive, is missing: the file is cut short or damaged"
    )
    assert "not a format" not in err.problem


def test_a_wrong_stated_total_gives_the_units_sum_and_notes_the_total(tmp_path):
    path = tmp_path / "badtotal.txt"
    path.write_text("Anna - Kingdom of Equitaine\n310 - 20 Men-at-Arms, Spear\n900\n")
    result = import_file(path, ImportRequest())
    assert ": 1 unit, 20 models, 310 points (the list states 900), into" in result.summary
    assert "the list's total is 900 points but its units add up to 310" in result.notes


def test_points_words():
    army = parse_text_list("P - Army\n100 - Duke\n50 - 5 Archers\n150\n")
    assert army.points_words() == "150 points"
    no_points = ArmyList("P", "Army", (ListedUnit("Duke", 1, "line 2"),), "text", 300)
    assert no_points.points_words() == "300 points"  # no unit has points: the total
    assert ArmyList("P", "Army", (), "text").points_words() == ""


def test_a_list_of_only_its_header_line_is_told_it_has_no_unit_line():
    """The window said so; the command line said "not a format this program
    imports" (the text export's sniff wanted a unit line)."""
    refused = refusal(b"Bob - Vampire Covenant\n", "vc.txt")
    assert (refused.path, refused.problem) == (
        "line 1", "'Bob - Vampire Covenant' is followed by no unit line ('POINTS - Unit Name')"
    )  # fmt: skip
    # A header and a total: the same words as the window's (which reads any text as a list).
    with pytest.raises(FileFormatError) as window:
        read_army(b"Bob - Vampire Covenant\n\n1500 pts\n", "vc.txt")
    assert str(refusal(b"Bob - Vampire Covenant\n\n1500 pts\n", "vc.txt")) == str(window.value)
    # Words that are no list at all are still not a format this program imports.
    assert "not a format this program imports" in refusal(b"shopping: eggs\n", "n.txt").problem


def test_a_unit_known_only_as_another_armys_is_placed_on_its_base_and_named():
    """A Dwarven Holds list naming Vampire Knights (pasted from another list, or
    a mistyped name): the knights stand on the Vampire Covenant's base, and the
    plan says so, as a two-army list is worth a look (docs/army-lists.md, Base
    sizes)."""
    from tabletop_gui.io.armylists.plan import plan_army

    army = parse_text_list(
        "Brokk - Dwarven Holds\n385 - 30 Clan Warriors\n240 - 20 Vampire Knights\n"
    )
    plan = plan_army(army)
    knights = next(p for p in plan.units if p.name == "Vampire Knights")
    assert knights.known and knights.other_army == "Vampire Covenant"
    assert next(p for p in plan.units if p.name == "Clan Warriors").other_army == ""
    assert (
        "not units of Dwarven Holds in the bundled table: Vampire Knights (Vampire Covenant); "
        "each stands on that army's base"
    ) in plan.notes

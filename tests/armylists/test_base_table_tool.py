"""tools/make_t9a_bases.py on small sources written here: a git repository of
catalogues with two versions (sizes only in the older one), ArmyCreator data,
tournament reports and hand rows; the table it writes, its Characters and its
coverage figures."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_gui.io.armylists.bases import read_table
from tabletop_gui.io.armylists.model import BaseSize
from tabletop_gui.model.pieces import HeightClass

TOOL = Path(__file__).resolve().parents[2] / "tools" / "make_t9a_bases.py"
NS = "http://www.battlescribe.net/schema"
SECOND, THIRD = "aa64-1e8e-66fc-9abf", "8c9a-3026-84b4-cf16"
CHARS = '<categoryLinks><categoryLink targetId="cat-char" primary="true"/></categoryLinks>'


@pytest.fixture
def tool(monkeypatch, tmp_path):
    spec = importlib.util.spec_from_file_location("make_t9a_bases", TOOL)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "make_t9a_bases", module)  # its dataclasses look it up
    spec.loader.exec_module(module)
    hand = tmp_path / "hand.csv"
    hand.write_text("# mine\nedition,army,unit,mount,base,height,frontage,character,source\n")
    monkeypatch.setattr(module, "HAND", hand)
    return module


def _size(height: str, base: str) -> str:
    return (
        '<profiles><profile name="Size" typeName="0 Size"><characteristics>'
        f'<characteristic name="Height">{height}</characteristic>'
        f'<characteristic name="Base">{base}</characteristic>'
        "</characteristics></profile></profiles>"
    )


def _cat(system: str, name: str, entries: str) -> str:
    return (
        f'<catalogue name="{name}" gameSystemId="{system}" xmlns="{NS}/catalogueSchema">'
        f"<sharedSelectionEntries>{entries}</sharedSelectionEntries></catalogue>"
    )


OLD_UD = _cat(SECOND, "Undying Dynasties 2021", (
    f'<selectionEntry id="p" type="unit" name="Pharaoh">{CHARS}{_size("Standard", "20×20")}'
    '<selectionEntries><selectionEntry type="upgrade" name="Mount: Skeletal Horse">'
    f'{_size("Standard", "25×50")}</selectionEntry></selectionEntries></selectionEntry>'
    '<selectionEntry type="unit" name="Skeletons"><selectionEntries>'
    f'<selectionEntry type="model" name="Skeleton">{_size("Standard", "20×20")}'
    "</selectionEntry></selectionEntries></selectionEntry>"
    f'<selectionEntry type="unit" name="Casket (Core)">{_size("Large", "75Ø")}</selectionEntry>'
    f'<selectionEntry type="unit" name="Catapult">{_size("Standard", "75Ø")}</selectionEntry>'
))  # fmt: skip
NEW_UD = _cat(SECOND, "Undying Dynasties 2024", (
    f'<selectionEntry id="p" type="unit" name="Pharaoh">{CHARS}</selectionEntry>'
    '<selectionEntry type="unit" name="Skeletons"/><selectionEntry type="unit" name="Casket"/>'
    '<selectionEntry type="unit" name="Mystery"/>'
))  # fmt: skip
THIRD_UD = _cat(THIRD, "Undying Dynasties (Public Test)", (
    f'<selectionEntry type="unit" name="Pharaoh">{CHARS}'
    '<entryLinks><entryLink name="Mount: Skeletal Horse" targetId="x"/></entryLinks>'
    "</selectionEntry>"
    '<selectionEntry type="unit" name="Skeleton Warriors"/>'
    '<selectionEntry type="unit" name="Casket"/>'
    f'<selectionEntry type="unit" name="Nomarch">{CHARS}</selectionEntry>'
))  # fmt: skip
GAME = (
    f'<gameSystem xmlns="{NS}/gameSystemSchema"><categoryEntries>'
    '<categoryEntry id="cat-char" name="Characters"/></categoryEntries></gameSystem>'
)


def _git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t", *args],
        check=True, capture_output=True,
    )  # fmt: skip


@pytest.fixture
def bsdata(tmp_path) -> Path:
    """A repository whose older commit prints sizes its newer one no longer has."""
    repo = tmp_path / "bsdata"
    repo.mkdir()
    _git(repo, "init", "-q")
    (repo / "game.gst").write_text(GAME)
    (repo / "2nd-ud.cat").write_text(OLD_UD)
    _git(repo, "add", ".")
    _git(repo, "commit", "-q", "-m", "2021", "--date", "2021-01-01T00:00:00")
    (repo / "2nd-ud.cat").write_text(NEW_UD)
    (repo / "ud.cat").write_text(THIRD_UD)
    _git(repo, "add", ".")
    _git(repo, "commit", "-q", "-m", "2024", "--date", "2024-01-01T00:00:00")
    return repo


def _report(army: str, units: list[tuple[str, str, str]]) -> dict:
    """A tournament report; a unit's option is a Mount, or its machine after 'gun:'."""

    def option(m: str) -> list[dict]:
        if m.startswith("gun:"):
            return [{"name": m[4:], "type": "Artillery Weapons"}]
        return [{"name": m, "type": "Mount"}] if m else []

    return {"armyOne": army, "armyListOne": {"units": [
        {"name": n, "category": c, "options": option(m)} for n, c, m in units
    ]}}  # fmt: skip


def test_sizes_come_from_the_newest_version_that_prints_them(tool, bsdata):
    result = tool.build(bsdata)
    table = read_table(tool.render(result.rows), "table")
    skeletons = table.find("Skeletons", "Undying Dynasties", "2nd")
    assert skeletons.base == BaseSize.rect(20, 20)
    assert skeletons.source == "BSData 2nd ed. Undying Dynasties 2021"
    casket = table.find("Casket", "Undying Dynasties", "2nd")  # '(Core)' is not its name
    assert casket.base == BaseSize.round(75) and casket.height is HeightClass.LARGE
    assert casket.frontage == 1
    assert table.find("Mystery") is None  # no size anywhere: left out, asked on import


def test_a_3rd_edition_unit_takes_the_2nd_edition_size_of_its_name_only(tool, bsdata):
    table = read_table(tool.render(tool.build(bsdata).rows), "table")
    casket = table.find("Casket", "Undying Dynasties", "3rd")
    assert casket.edition == "3rd" and casket.base == BaseSize.round(75)
    assert casket.source == "2nd ed. Undying Dynasties 2021, same name"
    # A renamed unit is not guessed (Skeletons were not read as Skeleton Warriors).
    assert table.find("Skeleton Warriors", "Undying Dynasties", "3rd") is None
    horse = table.find("Pharaoh", "Undying Dynasties", "3rd", ["Skeletal Horse"])
    assert horse.mount == "Skeletal Horse" and horse.base == BaseSize.rect(25, 50)


def test_characters_come_from_the_army_category_with_or_without_a_base(tool, bsdata):
    table = read_table(tool.render(tool.build(bsdata).rows), "table")
    pharaoh = table.find("Pharaoh", "Undying Dynasties", "3rd")
    assert pharaoh.character and pharaoh.frontage == 1
    assert table.find("Nomarch", "Undying Dynasties", "3rd") is None  # no base anywhere
    assert table.is_character("Nomarch", "Undying Dynasties", "3rd")
    assert not table.is_character("Casket", "Undying Dynasties", "3rd")


def test_hand_rows_win_and_name_their_source(tool, bsdata):
    tool.HAND.write_text(
        "edition,army,unit,mount,base,height,frontage,character,source\n"
        "3rd,Undying Dynasties,Skeleton Warriors,,20x20,standard,,,Army book 3rd ed. p. 40\n"
    )
    table = read_table(tool.render(tool.build(bsdata).rows), "table")
    warriors = table.find("Skeleton Warriors", "Undying Dynasties", "3rd")
    assert warriors.base == BaseSize.rect(20, 20) and warriors.source == "Army book 3rd ed. p. 40"
    tool.HAND.write_text(
        "edition,army,unit,mount,base,height,frontage,character,source\n"
        "3rd,Undying Dynasties,Skeleton Warriors,,20x20,standard,,,\n"
    )
    with pytest.raises(SystemExit, match="names no source"):
        tool.build(bsdata)


def test_armycreator_fills_units_bsdata_gives_no_size(tool, bsdata, tmp_path):
    folder = tmp_path / "ac" / "T9A"
    folder.mkdir(parents=True)
    (folder / "t9a_undying_dynasties.xml").write_text(
        "<units><army><name>T9A Undying Dynasties</name><version>1.2</version>"
        "<lrbversion>2021</lrbversion></army>"
        "<unit><category>core</category><name>Mystery</name>"
        "<description>Height Large, Type Infantry, Base: 40x40 mm, Fear</description></unit>"
        "</units>"
    )
    table = read_table(tool.render(tool.build(bsdata, tmp_path / "ac").rows), "table")
    mystery = table.find("Mystery", "Undying Dynasties", "2nd")
    assert mystery.base == BaseSize.rect(40, 40) and mystery.height is HeightClass.LARGE
    assert mystery.source == "ArmyCreator data T9A Undying Dynasties 1.2 (army book 2021)"


def test_coverage_weighs_fielded_units_and_mounted_characters(tool, bsdata, tmp_path):
    reports = tmp_path / "reports" / "data" / "t1"
    reports.mkdir(parents=True)
    lists = [
        [("Pharaoh", "Characters", "Skeletal Horse"), ("Casket", "Special", "")],
        [("Pharaoh", "Characters", "Light Troops"), ("Skeleton Warriors", "Core", "")],
        [("Khopesh Guard", "Characters", "")],  # a Character of the lists only
        [("Bone Artillery", "Special", "gun:Catapult"), ("Bone Artillery", "Special", "gun:Ram")],
    ]
    for i, units in enumerate(lists):
        (reports / f"report_{i}.json").write_text(json.dumps(_report("UD", units)))
    fielded = tool.read_fielded(tmp_path / "reports")
    assert fielded.lists == 4 and fielded.units[("Undying Dynasties", "Pharaoh")] == 2
    result = tool.build(bsdata, fielded=fielded)
    covers = {(c.edition, c.army): c for c in tool.coverage(result, fielded)}
    ud = covers[("3rd", "Undying Dynasties")]
    # Fielded: Pharaoh on a horse, Casket, Pharaoh on foot, the artillery with a
    # Catapult known; Skeleton Warriors, Khopesh Guard (no base anywhere) and the
    # artillery with a Ram (no such machine) not: 4 of 7.
    assert ud.fielded == pytest.approx(4 / 7)
    assert ud.book_units == 6 and ud.known == 2  # Pharaoh, Casket
    table = read_table(tool.render(result.rows), "table")
    assert table.is_character("Khopesh Guard", "Undying Dynasties", "3rd")
    gun = table.find("Bone Artillery", "Undying Dynasties", "3rd", ["Catapult"])
    assert gun.base == BaseSize.round(75) and gun.source.endswith("the war machine the list names")
    assert table.find("Bone Artillery", "Undying Dynasties", "3rd", ["Ram"]) is None
    out = tmp_path / "table.csv"
    assert tool.main([str(bsdata), "--fielded", str(tmp_path / "reports"), "-o", str(out)]) == 0
    head = "\n".join(line for line in out.read_text("utf-8").splitlines() if line[:1] == "#")
    assert "3rd     Undying Dynasties" in head and "57.1%" in head
    assert "fielded lists: 4 lists" in head


def test_the_fielded_units_without_a_base_are_listed_most_fielded_first(
    tool, bsdata, tmp_path, capsys
):
    reports = tmp_path / "reports" / "data" / "t1"
    reports.mkdir(parents=True)
    lists = [
        [("Skeleton Warriors", "Core", ""), ("Pharaoh", "Characters", "Skeletal Horse")],
        [("Skeleton Warriors", "Core", ""), ("Pharaoh", "Characters", "Chariot")],
        [("Bone Artillery", "Special", "gun:Ram"), ("Casket", "Special", "")],
    ]
    for i, units in enumerate(lists):
        (reports / f"report_{i}.json").write_text(json.dumps(_report("UD", units)))
    fielded = tool.read_fielded(tmp_path / "reports")
    found = tool.gaps(tool.build(bsdata, fielded=fielded), fielded)
    # Known: the Pharaoh on its horse, the Casket. Not: 2 Skeleton Warriors, the
    # Pharaoh on a Chariot (no such mount), the artillery's Ram: 4 of 6 fielded.
    assert [(g.unit, g.mount, g.fielded) for g in found] == [
        ("Skeleton Warriors", "", 2), ("Bone Artillery", "Ram", 1), ("Pharaoh", "Chariot", 1)
    ]  # fmt: skip
    assert found[0].share == pytest.approx(2 / 6)
    out = tmp_path / "table.csv"
    argv = [str(bsdata), "--fielded", str(tmp_path / "reports"), "-o", str(out), "--missing"]
    assert tool.main(argv) == 0
    printed = capsys.readouterr().out
    assert "missing: Undying Dynasties / Skeleton Warriors: 2 fielded (33.3% of the army's)" in (
        printed
    )
    assert "missing: Undying Dynasties / Pharaoh on Chariot: 1 fielded" in printed
    with pytest.raises(SystemExit):
        tool.main([str(bsdata), "-o", str(out), "--missing"])  # no fielded lists to weigh

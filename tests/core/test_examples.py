"""The bundled examples are bundled data (assets/examples/): listed with name, family, a line about
each and their path; an example opens read-only (Save must ask where)."""

import json
import shutil

import pytest

import tabletop_gui
from tabletop_gui import bundled
from tabletop_gui.cli import main
from tabletop_gui.examples import (
    DEMO_BOARD,
    SCENARIOS,
    example,
    examples,
    first_sentence,
    is_example,
    open_game,
)
from tabletop_gui.io import load_game


def test_examples_are_read_from_the_bundled_assets_the_package_installs():
    assert bundled.folder("examples") == SCENARIOS
    assert SCENARIOS.parent.name == "assets"  # a checkout's assets/ or the wheel's package
    assert DEMO_BOARD.is_file()


def test_every_json_in_the_folder_is_listed_once_with_its_family_and_a_line():
    listed = examples()
    assert sorted(e.path.name for e in listed) == sorted(p.name for p in SCENARIOS.glob("*.json"))
    assert len({e.name for e in listed}) == len(listed) >= 9
    assert {e.family for e in listed} == {"t9a", "hex", "carnevale"}
    for e in listed:
        assert e.family == load_game(e.path).setup.family
        assert e.family_title in ("The Ninth Age", "Hex Victory Banners", "Carnevale")
        assert e.title and e.description and "\n" not in e.description
        assert e.name.startswith(e.family + "_")


def test_an_example_is_found_by_name_with_or_without_json():
    assert example("hex_hochkirch_ridge_demo").path == SCENARIOS / "hex_hochkirch_ridge_demo.json"
    assert example("hex_hochkirch_ridge_demo.json").family == "hex"
    with pytest.raises(KeyError, match="t9a_frontline_clash_demo"):
        example("no_such_board")


def test_first_sentence_keeps_one_line_and_cuts_long_ones():
    assert first_sentence("One.  Two lines\nhere.") == "One."
    assert first_sentence("No full stop at all") == "No full stop at all"
    cut = first_sentence("x" * 300, limit=40)
    assert len(cut) == 40 and cut.endswith("…")


def test_cli_examples_lists_name_family_line_and_path(capsys):
    assert main(["examples"]) == 0
    out = capsys.readouterr().out
    for e in examples():
        assert f"{e.name} ({e.family}): {e.title}" in out
        assert f"  {e.path}\n" in out


def test_cli_examples_json_paths_each_validate(capsys):
    assert main(["examples", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["name"] for r in rows] == [e.name for e in examples()]
    for row in rows:
        assert main(["validate", row["path"]]) == 0
        assert f"OK ({row['family']}," in capsys.readouterr().out


def test_an_example_opens_read_only_with_no_save_path():
    opened = open_game(DEMO_BOARD)
    assert opened.example and opened.save_path is None
    assert opened.game == load_game(DEMO_BOARD)


def test_a_copy_of_an_example_elsewhere_is_an_ordinary_file(tmp_path):
    copy = tmp_path / "mine.json"
    shutil.copyfile(DEMO_BOARD, copy)
    opened = open_game(copy)
    assert not opened.example and opened.save_path == str(copy)


def test_an_example_reached_through_dotdot_or_a_symlink_is_still_an_example(tmp_path):
    assert is_example(SCENARIOS / ".." / "examples" / DEMO_BOARD.name)
    link = tmp_path / "link.json"
    link.symlink_to(DEMO_BOARD)
    assert is_example(link)  # saving through it would write the bundled file
    assert is_example(SCENARIOS / "not_there_yet.json")  # a new file in the folder
    assert not is_example(tmp_path / "examples" / DEMO_BOARD.name)


def test_cli_version_is_the_package_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"tabletop-gui {tabletop_gui.__version__}"


def test_every_example_is_written_as_this_program_writes_a_game():
    """A user learns the format from the bundled examples: each is in the
    version this program writes, with the event names it writes, and saving
    it again gives the same bytes (docs/file-format.md, Versions)."""
    from tabletop_gui.io import dumps

    for path in sorted(bundled.folder("examples").glob("*.json")):
        text = path.read_text(encoding="utf-8")
        assert json.loads(text)["version"] == 2, path.name
        assert dumps(load_game(path)) == text, path.name

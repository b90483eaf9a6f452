"""`tabletop-gui import` with army lists: every format through one command, two
opposing lists into one game, unknown units named with --base to fix them, and
a refused import that leaves the game it was to extend untouched."""

from __future__ import annotations

import io
import zipfile

from tabletop_gui.cli import main
from tabletop_gui.io import load_game

from .conftest import LISTS


def test_two_opposing_lists_into_one_game(tmp_path, capsys):
    game = tmp_path / "game.json"
    assert main(["import", str(LISTS / "undying_4000.txt"), "-o", str(game)]) == 0
    out = capsys.readouterr().out
    assert (
        "Imported Nefer (Undying Dynasties)" in out and "12 units, 119 models, 4000 points" in out
    )
    assert main(["import", str(LISTS / "equitaine_odd_spacing.txt"), "--into", str(game),
                 "--side", "player-b", "-o", str(game)]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "unknown unit 'Questing Hermit' (line 7)" in out
    assert "unknown unit 'Grail Pilgrims' (line 8)" in out
    scene = load_game(game).setup.scene
    sides = {u.side for u in scene.units.values()}
    assert sides == {"player-a", "player-b"} and len(scene.units) == 18
    assert main(["validate", str(game)]) == 0


def test_base_options_name_the_unknown_units_away(tmp_path, capsys):
    game = tmp_path / "game.json"
    args = ["import", str(LISTS / "equitaine_odd_spacing.txt"), "-o", str(game),
            "--base", "Questing Hermit=round 40", "--base", "grail pilgrims = 20x20"]  # fmt: skip
    assert main(args) == 0
    assert "unknown" not in capsys.readouterr().out
    units = {u.name: u for u in load_game(game).setup.scene.units.values()}
    assert units["Questing Hermit"].base_shape.value == "round"
    assert units["Grail Pilgrims"].base_width_mm == 20


def test_a_base_option_for_a_name_no_unit_has_is_said_with_the_nearest_names(tmp_path, capsys):
    # A typo (a missing plural s) was silently unused: the unit stood on 25x25.
    game = tmp_path / "game.json"
    args = ["import", str(LISTS / "undying_4000.txt"), "-o", str(game),
            "--base", "Skeleton Warrior=20x20", "--base", "Shabtis=40x40"]  # fmt: skip
    assert main(args) == 0
    out = capsys.readouterr().out
    assert (
        "--base 'Skeleton Warrior': no unit of the list has that name (nearest: Skeleton "
        "Warriors, Skeleton Cavalry, Skeleton Archers); not used"
    ) in out
    assert "--base 'Shabtis'" not in out
    units = {u.name: u for u in load_game(game).setup.scene.units.values()}
    assert units["Shabtis"].base_width_mm == 40
    assert units["Skeleton Warriors"].base_width_mm == 25


def test_a_bases_table_file_is_read_first(tmp_path, capsys):
    table = tmp_path / "club.csv"
    table.write_text("unit,base,height,frontage\nGrail Pilgrims,25x25,standard,3\n")
    game = tmp_path / "game.json"
    src = LISTS / "equitaine_odd_spacing.txt"
    assert main(["import", str(src), "-o", str(game), "--bases", str(table)]) == 0
    units = {u.name: u for u in load_game(game).setup.scene.units.values()}
    assert (units["Grail Pilgrims"].base_width_mm, units["Grail Pilgrims"].models_per_rank) == (
        25, 3,
    )  # fmt: skip


def test_a_rosz_imports_through_the_same_command(tmp_path, capsys):
    rosz = tmp_path / "host.rosz"
    with zipfile.ZipFile(rosz, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("host.ros", (LISTS / "undying_2nd.ros").read_bytes())
    game = tmp_path / "game.json"
    assert main(["import", str(rosz), "-o", str(game), "--deployment", "counterthrust"]) == 0
    out = capsys.readouterr().out
    assert "(BattleScribe roster): 6 units, 44 models, 1635 points" in out
    assert "unknown unit 'Tomb Guardians of the Sun'" in out
    setup = load_game(game).setup
    assert setup.deployment == "counterthrust"
    units = {u.name: u for u in setup.scene.units.values()}
    assert units["Battle Sphinx"].base_depth_mm == 100  # from the bundled table
    assert units["Nomarch"].scoring is False and units["Skeletons"].scoring is True


def test_a_refused_import_leaves_the_game_untouched(tmp_path, capsys):
    game = tmp_path / "game.json"
    assert main(["import", str(LISTS / "undying_4000.txt"), "-o", str(game)]) == 0
    before = game.read_bytes()
    bad = tmp_path / "bad.txt"
    bad.write_text("Anna - Kingdom of Equitaine\n100 - Duke\nsome words\n")
    assert main(["import", str(bad), "--into", str(game), "-o", str(game)]) == 2
    assert "bad.txt: line 3: cannot read 'some words'" in capsys.readouterr().err
    assert game.read_bytes() == before


def test_hostile_xml_is_refused_by_the_command(tmp_path, capsys):
    bomb = tmp_path / "laughs.ros"
    bomb.write_bytes(b'<?xml version="1.0"?>\n<!DOCTYPE roster [<!ENTITY a "aa">]>\n'
                     b"<roster>&a;</roster>")  # fmt: skip
    out = tmp_path / "game.json"
    assert main(["import", str(bomb), "-o", str(out)]) == 2
    assert "line 2: refused" in capsys.readouterr().err and not out.exists()


def test_a_file_that_is_no_list_names_the_formats(tmp_path, capsys):
    junk = tmp_path / "notes.txt"
    junk.write_bytes(io.BytesIO(b"shopping: eggs, milk\n").read())
    assert main(["import", str(junk), "-o", str(tmp_path / "g.json")]) == 2
    err = capsys.readouterr().err
    assert "not a format this program imports" in err and "BattleScribe roster" in err


def test_a_new_game_from_a_list_takes_its_secondary_objective_by_kind_or_name(tmp_path, capsys):
    """A game made by the command line had no Secondary Objective: nothing scored."""
    game = tmp_path / "game.json"
    given = ["import", str(LISTS / "undying_4000.txt"), "-o", str(game)]
    assert main([*given, "--objective", "King of the Hill"]) == 0
    setup = load_game(game).setup
    assert [o.kind for o in setup.objectives] == ["t9a.king_of_the_hill"]
    assert setup.name.endswith(", King of the Hill")
    assert main([*given, "--objective", "t9a.secure_target"]) == 0
    assert [o.kind for o in load_game(game).setup.objectives] == ["t9a.secure_target"]
    capsys.readouterr()
    assert main([*given, "--objective", "hold"]) == 2
    err = capsys.readouterr().err
    assert "--objective 'hold': the Secondary Objectives are hold_the_ground," in err
    assert main([*given, "--objective", "breakthrough", "--into", str(game)]) == 2
    assert "--objective applies to a new game, not with --into" in capsys.readouterr().err


def test_a_list_given_where_a_game_is_read_is_named_an_army_list_and_how_to_import_it(capsys):
    # It said "a army list (...)", and to import it "into the game it shows" as
    # a Tabletop Simulator save is ("a save this program wrote: ...").
    path = LISTS / "undying_4000.txt"
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: (file): an army list (" in err
    assert (
        f", not a game file of this program: import it into a new game: tabletop-gui import "
        f"{path} -o GAME.json, or into a game: tabletop-gui import {path} --into GAME.json -o "
        "NEW.json; in the window, File ▸ Import…"
    ) in err
    assert "save" not in err

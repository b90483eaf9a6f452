"""What an import writes, the program opens: an import that reports success
never writes a game the loader refuses. Text it cannot hold is repaired with a
note (control characters removed, a name too long cut, an id shortened), a unit
that cannot stand on the board is refused naming it, and every importer's game
goes through the loader's own checks before it is written."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from tabletop_gui.cli import main
from tabletop_gui.io import FileFormatError, load_game, save_game
from tabletop_gui.io.importers import _REGISTRY as REGISTRY
from tabletop_gui.io.importers import Importer, ImportRequest, ImportResult, import_bytes, register
from tabletop_gui.model import limits
from tabletop_gui.model.board import InchBoard
from tabletop_gui.model.game import Game
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.scene import Scene, Setup
from tabletop_gui.rules.t9a.play import new_setup

from .conftest import LISTS

HEADER = "Nefer - Undying Dynasties"


def imported(tmp_path, capsys, text: str, *more: str) -> tuple[int, str, str]:
    src = tmp_path / "list.txt"
    src.write_text(text, encoding="utf-8")
    out = tmp_path / "game.json"
    code = main(["import", str(src), "-o", str(out), *more])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_control_characters_in_unit_and_side_names_are_removed_with_a_note(tmp_path, capsys):
    text = "Ne\x1bfer - Undying\x7f Dynasties\n300 - 25 Skeleton\x1b[2J Archers\n"
    code, out, _err = imported(tmp_path, capsys, text)
    assert code == 0
    game = load_game(tmp_path / "game.json")
    names = [u.name for u in game.setup.scene.units.values()]
    assert names == ["Skeleton[2J Archers"]
    assert game.setup.scene.sides[0].name == "Nefer (Undying Dynasties)"
    assert "control characters removed" in out and "line 2" in out


def test_a_unit_name_past_the_text_limit_is_cut_and_its_id_stays_short(tmp_path, capsys):
    name = "Skeleton " + "x" * 10_500
    code, out, _err = imported(tmp_path, capsys, f"{HEADER}\n300 - 25 {name}\n")
    assert code == 0
    (unit,) = load_game(tmp_path / "game.json").setup.scene.units.values()
    assert len(unit.name) == limits.MAX_TEXT and unit.name.startswith("Skeleton xxx")
    assert len(unit.id) <= 64
    assert f"cut from 10,509 to {limits.MAX_TEXT:,} characters" in out


def test_ids_of_long_names_stay_unique_when_shortened(tmp_path, capsys):
    long = "Skeleton " + "x" * 300
    code, _out, _err = imported(tmp_path, capsys, f"{HEADER}\n300 - 5 {long}a\n300 - 5 {long}b\n")
    assert code == 0
    ids = list(load_game(tmp_path / "game.json").setup.scene.units)
    assert len(set(ids)) == 2 and all(len(i) <= 64 for i in ids)


def small_board_game(tmp_path, width: float, height: float):
    setup = new_setup("frontline_clash", None)
    scene = Scene(board=InchBoard(width, height), sides=setup.scene.sides)
    path = tmp_path / "small.json"
    save_game(Game(Setup("t9a", scene)), path)
    return path


def test_a_unit_larger_than_the_board_is_refused_naming_it(tmp_path, capsys):
    small = small_board_game(tmp_path, 6, 4)
    code, _out, err = imported(
        tmp_path, capsys, f"{HEADER}\n300 - 40 Skeleton Warriors\n", "--into", str(small)
    )
    assert code == 2
    # Named by its line of the list, not as a problem of the command's options.
    assert ": line 2: Skeleton Warriors: 40 models on 25x25 mm bases stand " in err
    assert err.rstrip().endswith("larger than the 6 x 4 in board") and "(options)" not in err
    assert not (tmp_path / "game.json").exists()


def test_units_that_find_no_room_still_stand_on_the_board(tmp_path, capsys):
    # A 12 x 24 in board, two blocks of 100 skeletons 19.7 in deep: the second
    # finds no room anywhere and goes to the middle of the side's 12 in band,
    # where it reached past the edge (the loader refuses a base past an edge).
    small = small_board_game(tmp_path, 12, 24)
    lines = "\n".join(f"100 - 100 Skeleton Warriors {i}" for i in range(2))
    code, out, _err = imported(tmp_path, capsys, f"{HEADER}\n{lines}\n", "--into", str(small))
    assert code == 0, _err
    assert "does not fit" in out
    assert main(["validate", str(tmp_path / "game.json")]) == 0


@pytest.fixture
def one_sided_format():
    """An importer (of a made-up format) whose game has one side only."""

    def load(data: bytes, request: ImportRequest) -> ImportResult:
        setup = new_setup("frontline_clash", None)
        scene = Scene(board=setup.scene.board, sides=setup.scene.sides[:1])
        return ImportResult(Game(Setup("t9a", scene, name="Lonely \x1b]0;x\x07game")), "one side")

    importer = register(Importer("one-sided", "One-sided", "scenario",
                                 lambda data, name: data.startswith(b"ONE-SIDED"), load,
                                 priority=100))  # fmt: skip
    yield importer
    del REGISTRY[importer.key]


def test_every_importers_game_goes_through_the_loaders_checks(one_sided_format):
    result = import_bytes(b"ONE-SIDED", ImportRequest(source="x.one"))
    assert len(result.game.setup.scene.sides) == 2
    assert result.game.setup.name == "Lonely ]0;xgame"
    assert any("a second side was added" in n for n in result.notes)
    assert any("control characters removed" in n and "name" in n for n in result.notes)
    text = json.dumps(result.game.setup.name)
    assert "\\u001b" not in text


def test_a_game_the_loader_still_refuses_is_refused_naming_the_place(one_sided_format):
    def load(data: bytes, request: ImportRequest) -> ImportResult:
        setup = new_setup("frontline_clash", None)
        stray = Unit("u1", "Stray", setup.scene.side_ids[0], x=500, y=10)  # off the board
        return ImportResult(Game(replace(setup, scene=setup.scene.with_piece(stray))), "stray")

    register(replace(one_sided_format, load=load))
    with pytest.raises(FileFormatError) as err:
        import_bytes(b"ONE-SIDED", ImportRequest(source="x.one"))
    assert err.value.path == "(import)"
    assert "units[0]: Stray (u1): its centre (500, 10) is" in err.value.problem


def test_the_lists_of_the_test_suite_still_import_unchanged(tmp_path, capsys):
    out = tmp_path / "g.json"
    assert main(["import", str(LISTS / "undying_4000.txt"), "-o", str(out)]) == 0
    assert "control characters" not in capsys.readouterr().out

"""The objects chosen for pieces are remembered for the same game only (docs/
file-format.md, "Reading a save"): the game as it was set up, which its later
files keep (an import adds events), not another game file with pieces of the
same ids and names set up elsewhere; mappings remembered before games were
told apart (version 1 of tts-mappings.json) are never used."""

from __future__ import annotations

import json
from dataclasses import replace

from tabletop_gui.io.importers import ImportRequest, import_bytes
from tabletop_gui.io.tts.memory import Remembered, game_key, memory_path, recall, remember
from tabletop_gui.model.events.core import MovePiece
from tabletop_gui.model.game import Game
from tests.tts.tts_games import battle

SAVE = json.dumps({"SaveName": "mod", "ObjectStates": [{
    "GUID": "beef01", "Name": "Custom_Model", "Nickname": "Big Horse Men",
    "Transform": {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotY": 180.0},
}]}).encode()  # fmt: skip


def imported(game: Game):
    return import_bytes(SAVE, ImportRequest(source="mod.json", into=game))


def set_up_elsewhere(game: Game) -> Game:
    """The same pieces (ids, names) set up in other places: another game."""
    scene = game.setup.scene
    units = {**scene.units, "knights": replace(scene.units["knights"], x=12.0)}
    return replace(game, setup=replace(game.setup, scene=replace(scene, units=units)))


def test_a_choice_is_used_for_later_files_of_its_game_and_not_for_another_game():
    game = battle()
    remember([Remembered("beef01", "Big Horse Men", "knights", "Knights", game_key(game))])
    first = imported(game)
    assert first.game.events == (MovePiece("knights", 36.0, 24.0, 180.0),)
    assert "1 piece found (1 remembered)" in first.summary
    # The game's next file (the import's moves in its log) is the same game.
    assert game_key(first.game) == game_key(game)
    assert "1 piece found (1 remembered)" in imported(first.game).summary
    other = set_up_elsewhere(game)
    assert game_key(other) != game_key(game)
    result = imported(other)
    assert result.game.events == ()
    assert "0 pieces found" in result.summary
    assert any("Big Horse Men (Custom_Model, beef01)" in n for n in result.notes)


def test_one_object_is_remembered_for_each_game_it_was_chosen_in():
    game, other = battle(), set_up_elsewhere(battle())
    remember([Remembered("beef01", "Big Horse Men", "knights", "Knights", game_key(game))])
    remember([Remembered("beef01", "Big Horse Men", "spears", "Spearmen", game_key(other))])
    assert {(r.piece, r.game) for r in recall()} == {
        ("knights", game_key(game)),
        ("spears", game_key(other)),
    }
    assert imported(game).game.events[0].piece_id == "knights"
    assert imported(other).game.events[0].piece_id == "spears"


def test_a_mapping_remembered_before_games_were_told_apart_is_not_used():
    path = memory_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    old = {"version": 1, "mappings": [{"guid": "beef01", "nickname": "Big Horse Men",
                                       "piece": "knights", "piece_name": "Knights"}]}  # fmt: skip
    path.write_text(json.dumps(old), encoding="utf-8")
    assert recall() == [Remembered("beef01", "Big Horse Men", "knights", "Knights", "")]
    assert imported(battle()).game.events == ()
    remember([])  # rewriting the file keeps it
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == 2
    assert recall()[0].game == ""


def test_a_save_exported_from_another_game_is_refused_unless_asked_for(tmp_path):
    """Ids repeat from table to table (``knights``): a save whose plate holds another
    game must not be applied to this one as if it were its own. A tester's
    ``import Demo.json --into game2.json`` moved three units to the demo's places,
    exit 0, with a garbled warning; it is refused now, and ``--other-game`` reads
    it all the same, with a warning that reads (docs/tabletop-simulator.md, Bring a
    game played in TTS back)."""
    import pytest

    from tabletop_gui.io.errors import FileFormatError
    from tests.tts.tts_games import export

    elsewhere = set_up_elsewhere(battle())
    elsewhere = replace(elsewhere, setup=replace(elsewhere.setup, name="Table 7"))
    save = export(elsewhere, tmp_path / "table7.json")
    data = json.dumps(save).encode()
    with pytest.raises(FileFormatError) as refused:
        import_bytes(data, ImportRequest(source="table7.json", into=battle()))
    assert refused.value.problem.startswith(
        "a save of another game: it was exported from 'Table 7' (4 units), not from the "
        "game it is read into ('Border Skirmish', 4 units)"
    )
    assert "add --other-game to read it into this game all the same" in refused.value.problem
    asked = ImportRequest(source="table7.json", into=battle(), other_game=True)
    into_other = import_bytes(data, asked)
    assert into_other.notes[0].startswith(
        "this save was exported from another game, 'Table 7' (4 units), not from the game "
        "it is read into ('Border Skirmish', 4 units): its objects were matched"
    )
    own = import_bytes(data, ImportRequest(source="table7.json", into=elsewhere))
    assert not any("another game" in n for n in own.notes)


def test_the_import_command_refuses_another_games_save_and_writes_nothing(tmp_path, capsys):
    from tabletop_gui.cli import main
    from tabletop_gui.io import save_game
    from tests.tts.tts_games import export

    elsewhere = set_up_elsewhere(battle())
    export(replace(elsewhere, setup=replace(elsewhere.setup, name="Demo")), tmp_path / "Demo.json")
    save_game(battle(), tmp_path / "game2.json")
    out = tmp_path / "wrong.json"
    args = ["import", str(tmp_path / "Demo.json"), "--into", str(tmp_path / "game2.json")]
    assert main([*args, "-o", str(out)]) == 2
    assert not out.exists()
    assert "a save of another game" in capsys.readouterr().err
    assert main([*args, "-o", str(out), "--other-game"]) == 0
    assert out.exists()
    assert "  ! this save was exported from another game, 'Demo'" in capsys.readouterr().out


def test_a_broken_memory_file_is_forgotten_and_replaced_never_a_crash():
    # A number of 5,000 digits was Python's ValueError (its digit limit), not
    # the JSONDecodeError the reader expected: every TTS import failed.
    path = memory_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for broken in ('{"version": ' + "9" * 5000 + "}", "\xff not text", "[" * 100_000):
        path.write_bytes(broken.encode("utf-8", "surrogateescape"))
        assert recall() == []
        assert imported(battle()).game.events == ()
    remember([Remembered("beef01", "Big Horse Men", "knights", "Knights", "g")])
    assert [r.guid for r in recall()] == ["beef01"]

"""An army list imported into a game whose log is not empty joins the log as one
``add_piece`` per unit, and ``validate`` flags those units as it flags moved
ones: a list that does not fit stacks its last units in the middle of its area,
and their overlapping bases are listed (docs/t9a.md, Flags for review). Before,
only an import into a fresh game's set-up was checked, and ``validate`` said OK
of the stack."""

from __future__ import annotations

from pathlib import Path

from tabletop_gui.cli import main
from tabletop_gui.io import load_game
from tabletop_gui.io.game_file import save_game
from tabletop_gui.model.events import AddPiece, MovePiece
from tabletop_gui.model.pieces import Unit

HORDE = "Horde - Vermin Swarm\n"
SLAVES = "100 - 40 Vermin Slaves\n"


def under_way(tmp_path: Path) -> Path:
    """A game with a player's 20 Orc Warriors in its set-up and one move in its log."""
    orcs = tmp_path / "orcs.txt"
    orcs.write_text("Orcs\n100 - 20 Orc Warriors\n", encoding="utf-8")
    game = tmp_path / "game.json"
    assert main(["import", str(orcs), "-o", str(game)]) == 0
    g = load_game(game)
    (u,) = g.setup.scene.units.values()
    save_game(g.pushed(MovePiece(u.id, u.x + 0.1, u.y)), game)
    return game


def imported(tmp_path: Path, text: str) -> Path:
    game = under_way(tmp_path)
    army = tmp_path / "army.txt"
    army.write_text(text, encoding="utf-8")
    out = tmp_path / "into.json"
    args = ["import", str(army), "--into", str(game), "--side", "player-b", "-o", str(out)]
    assert main(args) == 0
    return out


def test_a_list_too_large_for_its_zone_stacks_two_units_and_validate_flags_the_overlap(
    tmp_path, capsys
):
    # 65 units of 40 Vermin Slaves do not fit in the Deployment Zone nor beside
    # it: the 65th has no room and stands on the 64th, in the middle of the area.
    out = imported(tmp_path, HORDE + SLAVES * 65)
    game = load_game(out)
    assert [type(e) for e in game.events[1:]] == [AddPiece] * 65
    capsys.readouterr()
    assert main(["validate", str(out)]) == 0  # a flag is a review note, never a refusal
    said = capsys.readouterr().out
    assert "OK (t9a, 66 units" in said
    assert "events[65] (game log 66): Vermin Slaves' base overlaps Vermin Slaves\n" in said


def test_a_list_that_fits_is_not_flagged(tmp_path, capsys):
    out = imported(tmp_path, HORDE + SLAVES * 2 + "100 - 20 Vermin Slaves\n")
    capsys.readouterr()
    assert main(["validate", str(out)]) == 0
    said = capsys.readouterr().out
    assert "OK (t9a, 4 units (1 in the setup), 4 events)" in said
    assert "flagged" not in said


def test_a_file_written_before_with_stacked_imported_units_still_opens_and_is_flagged(
    tmp_path, capsys
):
    # A game file from before (the same file format), two units added on one spot
    # by its log: it opens as it did, and validate now lists the overlap.
    g = load_game(under_way(tmp_path))
    for k in (1, 2):
        g = g.pushed(AddPiece(unit=Unit(f"rats-{k}", "Vermin Slaves", "player-b", 36, 40)))
    old = tmp_path / "old.json"
    save_game(g, old)
    assert len(load_game(old).events) == 3
    capsys.readouterr()
    assert main(["validate", str(old)]) == 0
    said = capsys.readouterr().out
    assert "1 event flagged for review:" in said
    assert "events[2] (game log 3): Vermin Slaves' base overlaps Vermin Slaves" in said

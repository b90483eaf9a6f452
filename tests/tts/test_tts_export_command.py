"""``tabletop-gui export GAME --tts -o SAVE.json [--at N]``: the save and, beside
it, the board's picture (zones and terrain, drawn by the window's BoardScene,
side B's edge at the top), the meshes and the pieces' texture; a bad request is
named and writes nothing."""

from __future__ import annotations

import json

from PySide6.QtGui import QColor, QImage

from tabletop_gui.cli import main
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io.tts.write import AssetPaths

DEMO = SCENARIOS / "t9a_frontline_clash_demo.json"


def test_export_writes_the_save_and_its_files_and_says_how_to_load_it(tmp_path, capsys, qapp):
    out = tmp_path / "demo.json"
    assert main(["export", str(DEMO), "--tts", "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(f"wrote {out} (8 units, 0 markers, after 22 events)\n")
    assert "demo.board.png, demo.block.obj, demo.round.obj, demo.white.png" in printed
    assert "Games > Save & Load" in printed and "Cloud Manager > Upload All" in printed
    for path in AssetPaths.beside(out).written():
        assert path.stat().st_size > 0, path
    save = json.loads(out.read_text(encoding="utf-8"))
    assert len(save["ObjectStates"]) == 2 + 8


def test_the_board_picture_shows_the_zones_with_side_b_at_the_top_and_no_units(
    tmp_path, capsys, qapp
):
    out = tmp_path / "demo.json"
    assert main(["export", str(DEMO), "--tts", "-o", str(out)]) == 0
    image = QImage(str(AssetPaths.beside(out).board))
    assert (image.width(), image.height()) == (3600, 2400)  # 72 x 48 in at 50 px/in

    def at(x: float, y: float) -> QColor:  # board inches; the picture's top is y = 48
        return image.pixelColor(round(x * 50), round((48 - y) * 50))

    orcs, equitaine = at(3.3, 45.3), at(3.3, 2.7)  # inside each deployment zone
    assert orcs.red() > orcs.blue()  # the Orcs' orange tint, at the top (side B)
    assert equitaine.blue() > equitaine.red()  # Equitaine's blue tint, at the bottom
    # Where the Archers (Equitaine's, at 14, 5 after the log) stand, only their zone shows.
    archers = at(14.3, 5.2)
    assert abs(archers.blue() - equitaine.blue()) < 8 and abs(archers.red() - equitaine.red()) < 8


def test_export_at_n_writes_the_game_as_it_stood_after_n_events(tmp_path, capsys, qapp):
    out = tmp_path / "start.json"
    assert main(["export", str(DEMO), "--tts", "-o", str(out), "--at", "0"]) == 0
    save = json.loads(out.read_text(encoding="utf-8"))
    memo = json.loads(save["ObjectStates"][1]["Memo"])
    assert memo["game"]["events"] == []  # the game on the plate stops at event 0


def test_a_bad_export_request_is_named_and_writes_nothing(tmp_path, capsys, qapp):
    out = tmp_path / "x.json"
    assert main(["export", str(DEMO), "-o", str(out)]) == 2
    assert "say which format (--tts" in capsys.readouterr().err
    assert main(["export", str(DEMO), "--tts", "-o", str(tmp_path / "x.png")]) == 2
    assert "a Tabletop Simulator save ends in .json" in capsys.readouterr().err
    assert main(["export", str(DEMO), "--tts", "-o", str(out), "--at", "99"]) == 2
    assert "--at 99: the log has 22 events" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_save_of_an_earlier_moment_names_a_piece_taken_off_the_table_since(
    tmp_path, capsys, qapp
):
    """The Carnevale game exported before the Powder Cache was destroyed, then
    imported into the game as it ends: the cache's object is a piece of the
    game no longer on the table, not "no piece of the game"
    (docs/tabletop-simulator.md, Bring a game played in TTS back)."""
    game = SCENARIOS / "carnevale_drowned_quarter.json"
    save = tmp_path / "early.json"
    assert main(["export", str(game), "--tts", "-o", str(save), "--at", "12"]) == 0
    into = tmp_path / "into.json"
    assert main(["import", str(save), "--into", str(game), "-o", str(into)]) == 0
    out = capsys.readouterr().out
    assert "1 object is a piece of the game no longer on the table at this moment " in out
    assert "(not moved): Powder Cache" in out
    assert "no piece of the game" not in out

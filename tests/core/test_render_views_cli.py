"""``render --view SIDE`` hides what that side cannot know, and the picture's
title names where the game is in the family's words ("Round" for Carnevale)."""

from __future__ import annotations

import re

from tabletop_gui.cli import main
from tabletop_gui.examples import SCENARIOS

CARNEVALE = SCENARIOS / "carnevale_drowned_quarter.json"


def svg_texts(path) -> list[str]:
    return re.findall(r">([^<>]+)</text>", path.read_text(encoding="utf-8"))


def test_render_in_a_players_view_draws_a_face_down_value_as_a_question_mark(
    tmp_path, capsys, qapp
):
    # The Sunken Relic is hidden (value 2) and not revealed in this game.
    ref, guild = tmp_path / "referee.svg", tmp_path / "guild.svg"
    assert main(["render", str(CARNEVALE), "-o", str(ref)]) == 0
    assert main(["render", str(CARNEVALE), "-o", str(guild), "--view", "guild"]) == 0
    assert "2?" in svg_texts(ref)  # the referee sees the value, marked face down
    texts = svg_texts(guild)
    assert "2?" not in texts and "?" in texts
    relic_rows = [t for t in texts if "Rashaar Priest within 3 in" in t]
    assert relic_rows == [
        "The Rashaar scores ? VP: Rashaar Priest within 3 in, no enemy within 3 in."
    ]
    assert any(t.endswith("Guild of Thieves' view") for t in texts)


def test_render_names_an_unknown_view_side_and_writes_nothing(tmp_path, capsys, qapp):
    out = tmp_path / "x.png"
    assert main(["render", str(CARNEVALE), "-o", str(out), "--view", "orcs"]) == 2
    assert capsys.readouterr().err.strip() == "error: --view orcs: sides are guild, rashaar"
    assert not out.exists()


def test_render_titles_a_carnevale_game_by_its_round_as_the_window_does(tmp_path, qapp):
    out = tmp_path / "c.svg"
    assert main(["render", str(CARNEVALE), "-o", str(out)]) == 0
    title = svg_texts(out)[0]
    assert "Round 2" in title and "Turn" not in title


def test_render_titles_a_t9a_game_by_its_game_turn(tmp_path, qapp):
    out = tmp_path / "t.svg"
    game = SCENARIOS / "t9a_frontline_clash_demo.json"
    assert main(["render", str(game), "-o", str(out)]) == 0
    assert "Game Turn" in svg_texts(out)[0]

"""Memoir '44 medal tags scored as Memoir scores them: which side a tag serves,
temporary, start-turn, turn-start permanent and permanent medals, group
majority, counts_for, sole control, last to occupy, any hex, and a tag without
properties imported as the plainest medal and flagged."""

from __future__ import annotations

from typing import Any

from tabletop_gui.model.game import Game
from tabletop_gui.rules.hexbanners.events import Eliminate, HexMove
from tests.hex.hexkit import Play, end, turn
from tests.hex.m44kit import ALLIES, AXIS, game_of, hexagon, hx, medal, scenario, unit_on


def game_with(tag: dict[str, Any], *units: tuple[str, str], at: str = "E5") -> Game:
    """A standard board with ``tag`` on hex ``at`` and units (hex name, unit name)."""
    cells = {name: {"unit": unit} for name, unit in units}
    cells.setdefault(at, {})["tags"] = [tag]
    return game_of(scenario(*(hexagon(name, **parts) for name, parts in cells.items())))


def move(game: Game, unit_at: str, to: str) -> HexMove:
    return HexMove(unit_on(game, unit_at), hx(game, to))


def medals(play: Play) -> dict[str, int]:
    (spec,) = [s for s in play.tl.setup.objectives]
    return play.banners(spec.id)


def test_medal1_serves_the_allies_medal2_the_axis_and_medal0_both():
    for name, sides in (("medal1", [ALLIES]), ("medal4", [ALLIES]), ("medal2", [AXIS]),
                        ("medal7", [AXIS]), ("medal0", [ALLIES, AXIS])):  # fmt: skip
        (spec,) = game_with(medal(name, permanent=False)).setup.objectives
        assert spec.params.get("sides", [spec.params.get("side")]) == sides, name


def test_a_temporary_medal_is_held_while_a_unit_stands_on_it():
    game = game_with(medal("medal1", permanent=False), ("E3", "infus"))
    play = Play(game.setup)
    play(move(game, "E3", "E5"))
    assert medals(play) == {ALLIES: 1}
    play(HexMove(unit_on(game, "E3"), hx(game, "F5")))
    assert medals(play) == {}
    assert "lost it" in play.reason(game.setup.objectives[0].id)


def test_a_medal_of_one_side_gives_the_other_side_nothing():
    game = game_with(medal("medal1", permanent=False), ("E7", "infger"))
    play = Play(game.setup)
    play(move(game, "E7", "E5"))
    assert medals(play) == {}


def test_a_unit_standing_on_a_medal_at_setup_holds_it_from_the_start():
    game = game_with(medal("medal2", permanent=False), ("E5", "infger"))
    assert medals(Play(game.setup)) == {AXIS: 1}


def test_a_start_turn_medal_changes_hands_only_at_its_sides_turn_start():
    game = game_with(medal("medal1", turn_start=True), ("E3", "infus"))
    uid = unit_on(game, "E3")
    play = Play(game.setup)
    play(*turn(1, ALLIES), HexMove(uid, hx(game, "E5")))
    assert medals(play) == {}  # entering is not enough
    play(*end(1, ALLIES), *turn(1, AXIS), *end(1, AXIS))
    assert medals(play) == {}
    play(*turn(2, ALLIES))
    assert medals(play) == {ALLIES: 1}  # there at the start of the Allied turn
    play(HexMove(uid, hx(game, "F5")))
    assert medals(play) == {ALLIES: 1}  # rechecked only at turn start: still held
    play(*end(2, ALLIES), *turn(2, AXIS))
    assert medals(play) == {ALLIES: 1}  # the Axis turn start is not the medal's
    play(*end(2, AXIS), *turn(3, ALLIES))
    assert medals(play) == {}


def test_a_turn_start_permanent_medal_is_kept_once_gained_at_a_turn_start():
    game = game_with(medal("medal1", turn_start=True, permanent=True), ("E5", "infus"))
    uid = unit_on(game, "E5")
    play = Play(game.setup)
    assert medals(play) == {}  # not at setup: only at a turn start
    play(*turn(1, ALLIES))
    assert medals(play) == {ALLIES: 1}
    play(HexMove(uid, hx(game, "F5")), *end(1, ALLIES), *turn(1, AXIS), *end(1, AXIS))
    play(*turn(2, ALLIES))
    assert medals(play) == {ALLIES: 1}
    assert play.board.result(game.setup.objectives[0].id).final


def test_a_permanent_medal_is_kept_after_the_unit_leaves_and_the_enemy_enters():
    game = game_with(medal("medal0", permanent=True), ("E3", "infus"), ("E7", "infger"))
    us, them = unit_on(game, "E3"), unit_on(game, "E7")
    play = Play(game.setup)
    play(HexMove(us, hx(game, "E5")))
    assert medals(play) == {ALLIES: 1}
    play(HexMove(us, hx(game, "F5")), HexMove(them, hx(game, "E5")))
    assert medals(play) == {ALLIES: 1}


def test_a_permanent_medals_words_say_who_took_it_then_and_who_occupies_it_now():
    """Kept for good, the medal outlives the occupation: its reason must not say
    the taker still occupies the hex once it has left (nor hide the enemy there)."""
    game = game_with(medal("medal0", permanent=True), ("E3", "infus"), ("E7", "infger"))
    us, them = unit_on(game, "E3"), unit_on(game, "E7")
    play = Play(game.setup)
    play(HexMove(us, hx(game, "E5")), HexMove(us, hx(game, "F5")))
    play(HexMove(them, hx(game, "E5")))
    reason = play.reason(game.setup.objectives[0].id)
    assert "took it for good when it occupied" in reason
    assert "occupies E5" not in reason.split("Now")[0], reason
    assert "Now, hexes occupied of 1: United States 0, Germany 1." in reason
    assert reason.endswith("It is held for good.")


def test_a_group_majority_medal_goes_to_the_side_with_more_hexes_and_counts_for_its_value():
    tag = medal("medal0", group=["F5", "G5"], majority=True, counts_for=2)
    game = game_with(tag, ("F5", "infger"), ("E3", "infus"), ("G3", "tankus"))
    play = Play(game.setup)
    assert medals(play) == {AXIS: 2}  # 1 to 0 at setup
    play(move(game, "E3", "E5"))
    assert medals(play) == {}  # 1 to 1: nobody
    play(move(game, "G3", "G5"))
    assert medals(play) == {ALLIES: 2}  # 2 to 1
    reason = play.reason(game.setup.objectives[0].id)
    assert "majority medal (worth 2)" in reason and "2 to 1" in reason


def test_a_medal_needing_two_hexes_of_its_group():
    tag = medal("medal1", group=["F5", "G5"], nbr_hex=2)
    game = game_with(tag, ("E3", "infus"), ("G3", "infus"))
    play = Play(game.setup)
    play(move(game, "E3", "E5"))
    assert medals(play) == {}
    play(move(game, "G3", "G5"))
    assert medals(play) == {ALLIES: 1}


def test_a_sole_control_medal_is_held_only_with_no_enemy_in_the_group():
    tag = medal("medal1", group=["F5"], sole_control=True)
    game = game_with(tag, ("F5", "infger"), ("E3", "infus"))
    play = Play(game.setup)
    play(move(game, "E3", "E5"))
    assert medals(play) == {}  # the Germans still stand on F5
    play(Eliminate(unit_on(game, "F5")))
    assert medals(play) == {ALLIES: 1}


def test_the_last_side_to_occupy_keeps_the_medal_until_the_other_side_takes_it():
    tag = medal("medal0", last_to_occupy=True)
    game = game_with(tag, ("E3", "infus"), ("E7", "infger"))
    us, them = unit_on(game, "E3"), unit_on(game, "E7")
    play = Play(game.setup)
    play(HexMove(us, hx(game, "E5")), HexMove(us, hx(game, "F5")))
    assert medals(play) == {ALLIES: 1}
    assert "last to occupy" in play.reason(game.setup.objectives[0].id)
    play(HexMove(them, hx(game, "E5")))
    assert medals(play) == {AXIS: 1}


def test_an_any_hex_medal_goes_to_its_side_on_any_hex_whatever_the_majority():
    units = (("F5", "infger"), ("G5", "infger"), ("E3", "infus"))
    plain = game_with(medal("medal0", group=["F5", "G5"], majority=True), *units)
    # for both sides, Memoir favours the Allies on any hex (the tag's side when it names one)
    any_hex = game_with(medal("medal0", group=["F5", "G5"], majority=True, any_hex=True), *units)
    for game, holder in ((plain, AXIS), (any_hex, ALLIES)):
        play = Play(game.setup)
        play(move(game, "E3", "E5"))  # Allies 1 hex of 3, Axis 2
        assert medals(play) == {holder: 1}


def test_a_medal_for_both_sides_goes_to_the_allies_where_both_qualify():
    tag = medal("medal0", group=["F5"])
    game = game_with(tag, ("F5", "infger"), ("E3", "infus"))
    play = Play(game.setup)
    assert medals(play) == {AXIS: 1}
    play(move(game, "E3", "E5"))
    assert medals(play) == {ALLIES: 1}  # Memoir checks the Allies first


def test_a_majority_medal_with_a_side_only_goes_to_that_side():
    tag = medal("medal0", group=["F5"], majority=True, side="ALLIES")
    game = game_with(tag, ("F5", "infger"), ("E7", "infger"))
    (spec,) = game.setup.objectives
    assert spec.params["side"] == ALLIES
    play = Play(game.setup)
    play(move(game, "E7", "E5"))
    assert medals(play) == {}  # the Axis lead, but the medal is the Allies'


def test_a_medal_without_properties_is_the_plainest_medal_and_is_flagged():
    game = game_with({"name": "medal1"}, ("E3", "infus"))
    (spec,) = game.setup.objectives
    assert spec.kind == "hex.memoir_medal"
    assert set(spec.params) == {"hexes", "group", "side", "unconfirmed"}
    assert "no properties" in spec.params["unconfirmed"]
    play = Play(game.setup)
    result = play.board.result(spec.id)
    assert any("not confirmed" in p and "Game > Objectives" in p for p in result.problems)
    play(move(game, "E3", "E5"))
    assert medals(play) == {ALLIES: 1}  # scored as a temporary medal meanwhile
    assert "not confirmed" in game.setup.briefing["Import problems"]


def test_a_group_hex_named_in_the_wrong_case_is_left_out_saying_how_it_is_written():
    """Memoir names a long row's hexes in upper case: 'e5' names no hex, and the
    problem must say so (the Inspector does), not only that it names none."""
    from tests.hex.m44kit import hexagon, imported, scenario

    tag = medal("medal1", group=["e5", "Z99"])
    result = imported(scenario(hexagon("F5", tags=[tag])))
    (wrong_case,) = [p for p in result.problems if "'e5'" in p]
    assert "row 5 is a long row, its hexes are named in upper case (E5)" in wrong_case
    assert wrong_case.endswith(": left out of the group")
    (off,) = [p for p in result.problems if "'Z99'" in p]
    assert "'Z99' is off the board: left out of the group" in off

"""How the units standing on an objective's hexes are marked
(docs/hex.md, Objectives): the holder's units count; a unit of a side the
objective serves, while nobody holds it, does not count (it is no enemy of its
own side's objective) and says why; a unit of any other side contests it; once
a medal is held for good, nothing contests it. The marks are what the board
draws, the picture exports and `score --json` writes as `highlights`
(docs/score-json.md)"""

from __future__ import annotations

from typing import Any

from tabletop_gui.model.game import Game
from tabletop_gui.rules.hexbanners.events import HexMove
from tabletop_gui.rules.scoreboard import PieceMark
from tests.hex.hexkit import BLUE, RED, Play, end, setup, turn, unit
from tests.hex.m44kit import ALLIES, AXIS, game_of, hexagon, hx, medal, scenario, unit_on


def game_with(tag: dict[str, Any], *units: tuple[str, str], at: str = "F3") -> Game:
    """A standard board with ``tag`` on hex ``at`` and units (hex name, unit name)."""
    cells = {name: {"unit": name_} for name, name_ in units}
    cells.setdefault(at, {})["tags"] = [tag]
    return game_of(scenario(*(hexagon(name, **parts) for name, parts in cells.items())))


def marks(play: Play, objective_id: str) -> dict[str, tuple[str, str]]:
    """Each marked unit's (role, label) on the objective."""
    r = play.board.result(objective_id)
    return {h.piece_id: (str(h.role), h.label) for h in r.highlights if isinstance(h, PieceMark)}


def noted(play: Play, objective_id: str) -> dict[str, str]:
    """Each unit's note in the objective's counting list."""
    return {c.piece_id: c.note for c in play.board.result(objective_id).counting}


def test_a_german_unit_on_germanys_own_start_turn_medal_waits_for_germanys_turn_not_contests():
    """An Axis-only start-turn medal (medal2, turn_start) serves Germany alone:
    a German unit that enters it is no enemy of it. Until Germany's next turn
    starts with it there the medal is nobody's, so the unit does not count
    (saying when it will); from that turn start Germany holds it and the unit
    counts."""
    game = game_with(medal("medal2", turn_start=True), ("F7", "infger"))
    oid = game.setup.objectives[0].id
    german = unit_on(game, "F7")
    play = Play(game.setup)
    play(*turn(1, ALLIES), *end(1, ALLIES), *turn(1, AXIS), HexMove(german, hx(game, "F3")))
    assert play.banners(oid) == {}
    note = "counts from Germany's next turn start"
    assert marks(play, oid) == {german: ("not_counting", note)}
    assert noted(play, oid) == {german: f"on hex F3: {note}"}
    play(*end(1, AXIS), *turn(2, ALLIES))
    assert marks(play, oid)[german][0] == "not_counting"  # the Allied turn start is not its
    play(*end(2, ALLIES), *turn(2, AXIS))
    assert play.banners(oid) == {AXIS: 1}
    assert marks(play, oid) == {german: ("counts", "hex F3")}


def test_the_other_sides_unit_on_a_one_side_medal_contests_it_before_and_after_it_is_gained():
    """The Allies cannot gain an Axis-only medal: their unit on it is the enemy of
    the only side it serves, keeping Germany off the hex, whether or not Germany
    holds the medal."""
    game = game_with(medal("medal2", turn_start=True), ("f4", "infus"), ("F7", "infger"))
    oid = game.setup.objectives[0].id
    us, german = unit_on(game, "f4"), unit_on(game, "F7")
    play = Play(game.setup)
    play(*turn(1, ALLIES), HexMove(us, hx(game, "F3")))
    assert marks(play, oid) == {us: ("contested", "hex F3")}  # nobody holds it yet
    play(HexMove(us, hx(game, "f4")), *end(1, ALLIES), *turn(1, AXIS))
    play(HexMove(german, hx(game, "F3")), *end(1, AXIS), *turn(2, ALLIES), *end(2, ALLIES))
    play(*turn(2, AXIS), HexMove(german, hx(game, "F5")), *end(2, AXIS), *turn(3, ALLIES))
    assert play.banners(oid) == {AXIS: 1}  # held until Germany's next turn start
    play(HexMove(us, hx(game, "F3")))
    assert marks(play, oid) == {us: ("contested", "hex F3")}


def test_a_unit_on_a_medal_both_sides_may_gain_contests_it_only_while_the_other_side_holds_it():
    """A two-side start-turn medal: the Allied unit on it while Germany holds it
    disputes Germany's hold (contested); the same unit on it while nobody holds
    it is a unit of a side the medal serves, waiting for its turn start."""
    game = game_with(medal("medal0", turn_start=True), ("f4", "infus"), ("f2", "infger"))
    oid = game.setup.objectives[0].id
    us, german = unit_on(game, "f4"), unit_on(game, "f2")
    play = Play(game.setup)
    play(*turn(1, ALLIES), HexMove(us, hx(game, "F3")))
    assert marks(play, oid) == {us: ("not_counting", "counts from United States' next turn start")}
    play(HexMove(us, hx(game, "f4")), *end(1, ALLIES), *turn(1, AXIS))
    play(HexMove(german, hx(game, "F3")), *end(1, AXIS), *turn(2, ALLIES), *end(2, ALLIES))
    play(*turn(2, AXIS), HexMove(german, hx(game, "f2")), *end(2, AXIS), *turn(3, ALLIES))
    play(HexMove(us, hx(game, "F3")))
    assert play.banners(oid) == {AXIS: 1}
    assert marks(play, oid) == {us: ("contested", "hex F3")}


def test_nothing_contests_a_permanent_medal_held_for_good_so_the_enemy_on_it_does_not_count():
    """A permanent medal once taken is kept for good (docs/hex.md, Memoir '44
    scenarios): the enemy unit that enters it later takes nothing back."""
    game = game_with(medal("medal1", permanent=True), ("f4", "infus"), ("f2", "infger"))
    oid = game.setup.objectives[0].id
    us, german = unit_on(game, "f4"), unit_on(game, "f2")
    play = Play(game.setup)
    play(*turn(1, ALLIES), HexMove(us, hx(game, "F3")))
    assert marks(play, oid) == {us: ("counts", "hex F3")}
    play(HexMove(us, hx(game, "f4")), *end(1, ALLIES), *turn(1, AXIS))
    play(HexMove(german, hx(game, "F3")))
    assert play.banners(oid) == {ALLIES: 1}
    assert marks(play, oid) == {german: ("not_counting", "held for good by United States")}


def test_the_seeds_start_turn_temporary_marks_a_unit_of_its_own_side_as_waiting_not_contesting():
    """The same rule for the Tricorne kinds: Blue's Start Turn Temporary banner,
    entered by a Blue unit in Blue's turn, is gained at Blue's next turn start."""
    church = (6, 4)
    objective = [("church", "start_turn_temporary", {"side": BLUE, "hexes": [list(church)]})]
    play = Play(setup([unit("b1", BLUE, (6, 3)), unit("r1", RED, (6, 5))], objective))
    play(*turn(1, BLUE), HexMove("b1", church))
    assert marks(play, "church") == {"b1": ("not_counting", "counts from Blue's next turn start")}
    play(*end(1, BLUE), *turn(1, RED), *end(1, RED), *turn(2, BLUE))
    assert marks(play, "church") == {"b1": ("counts", "hex G5")}


def test_a_temporary_group_says_how_many_hexes_a_side_still_needs():
    group = [[5, 4], [6, 4], [7, 4]]
    objective = [("ridge", "temporary", {"hexes": group, "group": "Ridge", "need": 2})]
    play = Play(setup([unit("b1", BLUE, (5, 4))], objective))
    assert marks(play, "ridge") == {"b1": ("not_counting", "Blue needs 2 of the 3 hexes")}


def test_once_the_battle_is_over_a_waiting_unit_says_its_side_did_not_hold_it_not_next_turn():
    """The bundled demo ends on Prussia's win in its turn 3 with its Musketeers
    alone on the Ridge, a majority gained only at a turn start: no turn starts
    any more, so the note cannot promise one."""
    from tabletop_gui.examples import SCENARIOS
    from tabletop_gui.io import load_game

    game = load_game(str(SCENARIOS / "hex_hochkirch_ridge_demo.json"))
    play = Play(game.setup)
    play(*game.events)
    assert play.tl.current.clock.over
    assert marks(play, "ridge") == {"b-musk": ("not_counting", "Prussia did not hold it")}

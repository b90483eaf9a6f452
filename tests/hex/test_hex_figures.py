"""Units and figures (docs/hex.md, Units and figures): a Memoir '44 unit has
figures (infantry 4, armour 3, artillery 2, more or fewer for special units, a
scenario's nbr_units first); a hit removes figures and the last one eliminates
the unit and wins its medal; the figures each side has lost are scored, logged
and undone like anything else."""

from __future__ import annotations

import pytest

from tabletop_gui.model.events.base import EventError
from tabletop_gui.rules import RuleError
from tabletop_gui.rules.engine import family_of
from tabletop_gui.rules.hexbanners.events import Eliminate, LoseFigures
from tabletop_gui.rules.hexbanners.fields import FIGURES, SPECIAL
from tests.hex.hexkit import Play, turn
from tests.hex.m44kit import ALLIES, AXIS, game_of, hexagon, imported, scenario, unit_on

BATTLE = scenario(
    hexagon("E5", unit="infger"),
    hexagon("G5", unit="tankger"),
    hexagon("E3", unit="inf2us"),
    hexagon("G3", unit="gunus"),
    hexagon("A1", unit="tankus"),
)


def figures_of(play: Play, uid: str) -> int | None:
    return FIGURES.of(play.tl.current.scene.units[uid])


def test_units_get_their_types_figures_and_a_scenarios_own_count_first():
    game = game_of(
        scenario(
            hexagon("A9", unit="infger"),
            hexagon("C9", unit="inf2ger"),
            hexagon("E9", unit="tankger"),
            hexagon("G9", unit="tank2ger"),
            hexagon("I9", unit="gunger"),
            hexagon("K9", unit={"name": "tank2ger", "nbr_units": 1}),
            hexagon("A1", unit={"name": "infus", "badge": "badge26"}),
            hexagon("C1", unit={"name": "infus", "badge": "badge30"}),
            hexagon("E1", unit={"name": "infus", "nbr_units": "3"}),
            hexagon("G1", unit="vehus"),
        )
    )
    units = game.setup.scene.units

    def of(name: str) -> tuple[int | None, str]:
        u = units[unit_on(game, name)]
        return FIGURES.of(u), SPECIAL.of(u)

    assert of("A9") == (4, "")  # infantry
    assert of("C9") == (4, "Elite")  # elite infantry
    assert of("E9") == (3, "")  # armour
    assert of("G9") == (4, "Elite")  # elite armour
    assert of("I9") == (2, "")  # artillery
    assert of("K9") == (1, "Tiger")  # an elite armour unit of one figure is a Tiger
    assert of("A1") == (1, "Sniper")
    assert of("C1") == (3, "Ski Troops")
    assert of("E1") == (3, "")  # the scenario's nbr_units
    assert of("G1") == (None, "")  # a truck: not counted in figures


def test_a_count_of_figures_that_is_not_one_is_named_and_the_types_applies():
    result = imported(scenario(hexagon("A9", unit={"name": "infger", "nbr_units": "lots"})))
    (unit,) = result.game.setup.scene.units.values()
    assert FIGURES.of(unit) == 4
    assert any("nbr_units" in p and "'lots'" in p for p in result.problems)


def test_a_hit_takes_figures_away_and_gives_no_medal_until_the_last():
    game = game_of(BATTLE)
    inf = unit_on(game, "E5")
    play = Play(game.setup)(*turn(1, ALLIES), LoseFigures(inf, 2))
    assert figures_of(play, inf) == 2
    assert not play.tl.current.scene.units[inf].removed
    assert play.totals() == {ALLIES: 0, AXIS: 0}
    play(LoseFigures(inf))
    assert figures_of(play, inf) == 1
    play(LoseFigures(inf))  # the last figure: eliminated, the Allies' medal
    assert figures_of(play, inf) == 0
    assert play.tl.current.scene.units[inf].removed
    assert play.totals() == {ALLIES: 1, AXIS: 0}
    assert "German Infantry 1" in play.reason("hex.eliminations")


def test_the_log_says_how_many_figures_each_hit_took_and_what_is_left():
    game = game_of(BATTLE)
    inf = unit_on(game, "E5")
    play = Play(game.setup)(*turn(1, ALLIES))
    state = play.tl.current
    assert LoseFigures(inf, 2).describe(state) == (
        "Turn 1, United States: German Infantry 1 loses 2 figures (2 left)"
    )
    assert LoseFigures(inf, 4).describe(state) == (
        "Turn 1, United States: German Infantry 1 loses 4 figures, its last: eliminated"
    )


def test_the_figures_each_side_lost_are_scored_and_summed_up():
    game = game_of(BATTLE)
    u = {name: unit_on(game, name) for name in ("E5", "G5", "E3")}
    play = Play(game.setup)(*turn(1, ALLIES), LoseFigures(u["E5"], 3), Eliminate(u["G5"]))
    play(LoseFigures(u["E3"]), LoseFigures(u["E3"]))
    figures = play.board.result("hex.figures")
    # the Axis: 3 infantry figures, and the 3 of the armour eliminated whole
    assert figures.counts == {ALLIES: 2.0, AXIS: 6.0}
    assert figures.points == {}  # figures win no banner of themselves
    assert "Germany 6 (1 unit eliminated)" in figures.reason
    assert "figures lost: United States 2, Germany 6" in play.board.summary
    assert play.totals() == {ALLIES: 1, AXIS: 0}


def test_losing_more_figures_than_are_left_is_refused_naming_them():
    game = game_of(BATTLE)
    gun = unit_on(game, "G3")
    play = Play(game.setup)(*turn(1, AXIS))
    with pytest.raises((RuleError, EventError), match="has 2 figures left, it cannot lose 3"):
        play(LoseFigures(gun, 3))
    assert figures_of(play, gun) == 2


def test_a_unit_without_a_figure_count_cannot_lose_figures():
    game = game_of(scenario(hexagon("A1", unit="vehus")))
    truck = unit_on(game, "A1")
    with pytest.raises((RuleError, EventError), match="has no figure count"):
        Play(game.setup)(LoseFigures(truck))


def test_undo_brings_the_figures_and_the_medal_back():
    game = game_of(BATTLE)
    gun = unit_on(game, "G3")
    play = Play(game.setup)(*turn(1, AXIS), LoseFigures(gun), LoseFigures(gun))
    assert play.totals() == {ALLIES: 0, AXIS: 1}
    play.tl.pop()
    assert figures_of(play, gun) == 1 and play.totals() == {ALLIES: 0, AXIS: 0}
    assert play.board.result("hex.figures").counts[ALLIES] == 1.0
    play.tl.pop()
    assert figures_of(play, gun) == 2
    assert play.board.result("hex.figures").counts[ALLIES] == 0.0


def test_the_family_draws_each_units_type_star_and_strength():
    game = game_of(BATTLE)
    inf = unit_on(game, "E3")
    play = Play(game.setup)(*turn(1, AXIS), LoseFigures(inf))
    state = play.tl.current
    look = family_of(state.setup).unit_look(state, state.scene.units[inf])
    assert look is not None
    assert (look.symbol, look.title, look.badge, look.strength, look.full) == (
        "infantry", "Infantry", "Elite", 3, 4,
    )  # fmt: skip
    tank = family_of(state.setup).unit_look(state, state.scene.units[unit_on(game, "G5")])
    assert tank is not None and (tank.symbol, tank.strength, tank.full) == ("armour", 3, 3)


def test_a_game_without_figures_scores_no_figures_lost():
    from tests.hex.hexkit import BLUE, setup, unit

    play = Play(setup([unit("b1", BLUE, (4, 1))]))
    assert all(r.objective_id != "hex.figures" for r in play.board.results)
    assert "figures lost" not in play.board.summary

"""What the board can tell of a retreat, an ordered move or a Command card that
the rules do not allow (docs/hex.md, Flags): the event is taken (a file holding
it keeps opening), the game log flags it for review with the reason, and the
right-click menu lists it under "Not now" with the same reason.

Blue has the near edge (row 1), Red the far edge (row 9)."""

from __future__ import annotations

from dataclasses import replace

from hexkit import BLUE, RED, Play, end, setup, turn, unit

from tabletop_gui.model.events import MovePiece, PhaseStart, TurnStart
from tabletop_gui.model.hexgrid import HexBoard, parse_hex_label
from tabletop_gui.model.hexterrain import HexTerrain, TerrainKind
from tabletop_gui.play.actions import menu
from tabletop_gui.rules.engine import flags
from tabletop_gui.rules.hexbanners.events import HexMove, PlayCard, Retreat
from tabletop_gui.rules.hexbanners.fields import SPECIAL

E6, B3 = parse_hex_label("e6"), parse_hex_label("B3")
MEMOIR_MEDAL = ("medal", "memoir_medal", {"hexes": [[1, 2]], "sides": [BLUE, RED]})


def last_flags(p: Play) -> list[str]:
    tl = p.tl
    n = len(tl.events)
    return flags(tl.state_at(n - 1), tl.events[-1], tl.state_at(n))


def offered(p: Play, ids: list[str], at: tuple[int, int]) -> dict[str, str | None]:
    point = p.tl.current.scene.board.hex_to_point(at)
    return {a.label: why for a, why in menu(p.tl.current, ids, point)}


def kind(u, k: str):
    return replace(u, kind=k)


# -- retreats (docs/hex.md, Flags) --------------------------------------------------


def test_a_red_retreat_of_5_hexes_toward_blues_edge_is_flagged_but_the_medal_it_reaches_counts():
    """The trial's German Infantry 2: e6 to B3 goes three rows away from its own
    (far) edge. The retreat is taken, so the medal on B3 is Red's while it
    stands there (medal rules), and the log flags the retreat."""
    p = Play(setup([unit("r1", RED, E6), unit("b1", BLUE, (6, 0))], [MEMOIR_MEDAL]))
    p(*turn(1, BLUE), Retreat("r1", B3))
    (flag,) = last_flags(p)
    assert flag.startswith("R1 retreats 5 hexes (e6 to B3) but 3 rows away from Red's edge (row 9)")
    assert "each hex of a retreat goes one row nearer its own side's edge" in flag
    assert p.banners("medal") == {RED: 1}


def test_a_retreat_of_two_hexes_straight_back_is_not_flagged_in_either_sides_turn():
    """Each hex one row nearer the unit's own edge; a unit of either side may
    retreat in a turn (an attacker driven back by battle back)."""
    p = Play(setup([unit("r1", RED, E6), unit("b1", BLUE, (6, 3))]))
    p(*turn(1, BLUE), Retreat("r1", (4, 7)))
    assert last_flags(p) == []
    p(Retreat("b1", (6, 2)))
    assert last_flags(p) == []


def test_a_retreat_along_its_row_gains_no_row_and_is_flagged():
    p = Play(setup([unit("r1", RED, E6)]))
    p(*turn(1, BLUE), Retreat("r1", (2, 5)))
    (flag,) = last_flags(p)
    assert "R1 retreats 2 hexes (e6 to c6) but none of them toward Red's edge" in flag


def test_a_retreat_one_hex_back_then_one_sideways_gains_one_row_of_two():
    p = Play(setup([unit("r1", RED, E6)]))
    p(*turn(1, BLUE), Retreat("r1", (6, 6)))
    (flag,) = last_flags(p)
    assert "R1 retreats 2 hexes (e6 to G7) but only 1 of them toward Red's edge" in flag


def test_the_menu_lists_a_retreat_away_from_the_units_edge_under_not_now_with_the_reason():
    p = Play(setup([unit("r1", RED, E6)]))(*turn(1, BLUE))
    assert "away from Red's edge" in (offered(p, ["r1"], B3)["R1: retreat to hex B3"] or "")
    assert offered(p, ["r1"], (4, 6))["R1: retreat to hex E7"] is None


# -- ordered moves -----------------------------------------------------------------------


def test_a_move_before_the_movement_phase_is_taken_not_ordered_and_flagged():
    """In the Command phase nothing is ordered to move yet: the move counts for
    the medal it reaches (as any move does), and is flagged."""
    p = Play(setup([unit("b1", BLUE, (1, 1))], [MEMOIR_MEDAL]))
    x, y = p.tl.current.scene.board.hex_to_point(B3)
    p(TurnStart(1, BLUE), MovePiece("b1", x, y))
    (flag,) = last_flags(p)
    assert flag.startswith("B1 moved before Blue's movement phase started: it is taken as a move")
    assert p.banners("medal") == {BLUE: 1}
    p(PhaseStart("movement"), HexMove("b1", (1, 3)))
    assert last_flags(p) == []


def test_the_menu_lists_an_ordered_move_before_the_movement_phase_under_not_now():
    p = Play(setup([unit("b1", BLUE, (1, 1))]))(TurnStart(1, BLUE))
    label = "B1: ordered move to hex B3"
    assert "moved before Blue's movement phase started" in (offered(p, ["b1"], B3)[label] or "")
    p(PhaseStart("movement"))
    assert offered(p, ["b1"], B3)[label] is None


def test_the_menu_lists_an_enemy_units_ordered_move_under_not_now_and_offers_its_retreat():
    p = Play(setup([unit("r1", RED, E6), unit("b1", BLUE, (1, 1))]))(*turn(1, BLUE))
    choices = offered(p, ["r1"], (4, 6))
    assert "only the side whose turn it is orders units" in (
        choices["R1: ordered move to hex E7"] or ""
    )
    assert choices["R1: retreat to hex E7"] is None


def test_memoir_armor_moving_5_hexes_in_one_movement_phase_is_flagged_3_is_not():
    """Memoir '44 armour moves up to 3 hexes (the trial's US Armor f2 to G7)."""
    armor = kind(unit("b1", BLUE, (5, 1)), "armor")
    p = Play(setup([armor], [MEMOIR_MEDAL]))(*turn(1, BLUE), PlayCard(BLUE, "Attack Center"))
    p(HexMove("b1", (5, 4)))
    assert last_flags(p) == []
    p(HexMove("b1", (6, 6)))
    (flag,) = last_flags(p)
    assert flag.startswith("B1 moves 5 hexes in this movement phase (f2 to G7): armor moves")
    assert "at most 3 hexes" in flag


def test_memoir_infantry_moving_3_hexes_is_flagged_unless_behind_enemy_lines_was_played():
    inf = kind(unit("b1", BLUE, (4, 0)), "infantry")
    p = Play(setup([inf], [MEMOIR_MEDAL]))(*turn(1, BLUE), HexMove("b1", (4, 3)))
    assert "infantry moves at most 2 hexes" in last_flags(p)[0]
    p = Play(setup([inf], [MEMOIR_MEDAL]))(*turn(1, BLUE), PlayCard(BLUE, "Behind Enemy Lines"))
    p(HexMove("b1", (4, 3)))
    assert last_flags(p) == []


def test_a_move_corrected_by_a_second_drag_is_one_move_from_where_the_unit_began():
    """Infantry dragged 2 hexes, then one back the other way, stands 1 hex from its
    start: not flagged as 3 hexes (docs/hex.md, Flags); 3 from its start is."""
    inf = kind(unit("b1", BLUE, (4, 0)), "infantry")
    p = Play(setup([inf], [MEMOIR_MEDAL]))(*turn(1, BLUE), PlayCard(BLUE, "Attack Center"))
    p(HexMove("b1", (4, 2)))
    assert last_flags(p) == []
    p(HexMove("b1", (4, 1)))
    assert last_flags(p) == []
    p(HexMove("b1", (4, 3)))
    assert "infantry moves at most 2 hexes" in last_flags(p)[0]


def test_memoir_infantry_moves_3_under_infantry_assault():
    """Infantry Assault: 2 hexes and battle, or 3 without battling (docs/hex.md, Flags)."""
    inf = kind(unit("b1", BLUE, (4, 0)), "infantry")
    p = Play(setup([inf], [MEMOIR_MEDAL]))(*turn(1, BLUE), PlayCard(BLUE, "Infantry Assault"))
    p(HexMove("b1", (4, 3)))
    assert last_flags(p) == []
    p(HexMove("b1", (4, 4)))
    assert "infantry moves at most 3 hexes" in last_flags(p)[0]


def test_a_road_over_a_hill_gives_its_extra_hex_as_any_road():
    hill_road = HexBoard(
        terrain=(HexTerrain((4, 0), "hill_road"),),
        legend=(TerrainKind("hill_road", "Roads over hills"),),
    )
    armor = kind(unit("b1", BLUE, (4, 0), board=hill_road), "armor")
    p = Play(setup([armor], [MEMOIR_MEDAL], board=hill_road))(*turn(1, BLUE))
    p(PlayCard(BLUE, "Attack Center"), HexMove("b1", (4, 4)))
    assert last_flags(p) == []


def test_memoir_artillery_moves_3_under_artillery_bombard_and_one_more_hex_from_a_road():
    gun = kind(unit("b1", BLUE, (4, 0)), "artillery")
    p = Play(setup([gun], [MEMOIR_MEDAL]))(*turn(1, BLUE), PlayCard(BLUE, "Artillery Bombard"))
    p(HexMove("b1", (4, 3)))
    assert last_flags(p) == []
    road = HexBoard(terrain=(HexTerrain((4, 0), "road"),), legend=(TerrainKind("road", "Roads"),))
    gun = kind(unit("b1", BLUE, (4, 0), board=road), "artillery")
    p = Play(setup([gun], [MEMOIR_MEDAL], board=road))(*turn(1, BLUE), HexMove("b1", (4, 2)))
    assert last_flags(p) == []
    p(HexMove("b1", (4, 3)))
    assert "artillery moves at most 2 hexes" in last_flags(p)[0]


def test_a_move_after_the_movement_phase_taking_ground_is_not_counted():
    armor = kind(unit("b1", BLUE, (5, 1)), "armor")
    p = Play(setup([armor], [MEMOIR_MEDAL]))(*turn(1, BLUE), HexMove("b1", (5, 4)))
    p(*end(1, BLUE)[:1], HexMove("b1", (5, 5)))
    assert last_flags(p) == []


def test_without_memoir_objectives_or_move_limits_no_move_is_judged_by_length():
    armor = kind(unit("b1", BLUE, (5, 1)), "armor")
    p = Play(setup([armor]))(*turn(1, BLUE), HexMove("b1", (6, 6)))
    assert last_flags(p) == []
    p = Play(setup([armor], move_limits={"armor": 2}))(*turn(1, BLUE), HexMove("b1", (6, 6)))
    assert "armor moves at most 2 hexes" in last_flags(p)[0]


def test_a_memoir_specialist_is_not_judged_by_its_types_move():
    ski = SPECIAL.set(kind(unit("b1", BLUE, (4, 0)), "infantry"), "Ski Troops")
    p = Play(setup([ski], [MEMOIR_MEDAL]))(*turn(1, BLUE), HexMove("b1", (4, 3)))
    assert last_flags(p) == []


# -- Command cards ---------------------------------------------------------------------------


def test_a_second_command_card_in_one_turn_is_flagged_and_the_next_turn_starts_afresh():
    p = Play(setup([unit("b1", BLUE, (1, 1))]))(*turn(1, BLUE), PlayCard(BLUE, "Probe Center"))
    assert last_flags(p) == []
    p(PlayCard(BLUE, "Attack Center"))
    (flag,) = last_flags(p)
    assert flag.startswith("Blue plays a second Command card this turn (Attack Center, after")
    p(*end(1, BLUE), *turn(1, RED), PlayCard(RED, "Scout"))
    assert last_flags(p) == []


def test_the_menu_lists_a_second_card_in_the_turn_under_not_now():
    p = Play(setup([unit("b1", BLUE, (1, 1))]))(*turn(1, BLUE))
    assert offered(p, ["b1"], (1, 2))["Play Scout"] is None
    p(PlayCard(BLUE, "Probe Center"))
    assert "plays a second Command card" in (offered(p, ["b1"], (1, 2))["Play Scout"] or "")


# -- exits --------------------------------------------------------------------------------------


def test_the_menu_lists_an_exit_that_would_earn_nothing_under_not_now():
    """A baseline hex that is not one of the side's Memoir exit hexes."""
    exits = ("exit", "memoir_exit", {"side": BLUE, "hexes": [[11, 8], [12, 8]]})
    p = Play(setup([unit("b1", BLUE, (4, 8))], [exits]))(*turn(1, BLUE))
    why = offered(p, ["b1"], (4, 8))["B1 exits the board (ordered)"]
    assert "not one of Blue's exit hexes" in (why or "")


def test_the_menu_gives_the_rules_refusal_of_an_exit_off_the_baseline_not_a_flag():
    exits = ("exit", "memoir_exit", {"side": BLUE, "hexes": [[11, 8], [12, 8]]})
    p = Play(setup([unit("b1", BLUE, (4, 4))], [exits]))(*turn(1, BLUE))
    why = offered(p, ["b1"], (4, 5))["B1 exits the board (ordered)"]
    assert "a unit leaves the board only from a baseline hex" in (why or "")


# -- the cards the turn bar suggests ---------------------------------------------------------


def suggested(p: Play) -> tuple[str, ...]:
    from tabletop_gui.rules.hexbanners.family import HexBanners

    controls = HexBanners().turn_controls(p.tl.current, p.tl.events)
    assert controls.side_input is not None
    return controls.side_input.suggestions


def test_a_memoir_game_suggests_memoirs_section_and_tactic_cards_not_tricornes_scout():
    p = Play(setup([unit("b1", BLUE, (1, 1))], [MEMOIR_MEDAL]))(*turn(1, BLUE))
    cards = suggested(p)
    assert cards[:3] == ("Recon Left Flank", "Recon Center", "Recon Right Flank")
    assert {
        "Probe Center",
        "Assault Right Flank",
        "Behind Enemy Lines",
        "Their Finest Hour",
    } <= set(cards)
    assert "Scout" not in cards


def test_a_tricorne_game_still_suggests_scout_first_and_a_memoir_one_with_time_pressure_too():
    p = Play(setup([unit("b1", BLUE, (1, 1))]))(*turn(1, BLUE))
    assert suggested(p)[0] == "Scout"
    pressure = ("tp", "time_pressure", {"side": BLUE})
    p = Play(setup([unit("b1", BLUE, (1, 1))], [MEMOIR_MEDAL, pressure]))(*turn(1, BLUE))
    assert suggested(p)[0] == "Scout" and "Probe Center" in suggested(p)


def test_a_card_typed_another_way_is_the_same_card_counterattack_leaves_a_move_unjudged():
    inf = kind(unit("b1", BLUE, (4, 0)), "infantry")
    p = Play(setup([inf], [MEMOIR_MEDAL]))(*turn(1, BLUE), PlayCard(BLUE, "counterattack"))
    p(HexMove("b1", (4, 3)))
    assert last_flags(p) == []


# -- Section cards (Memoir '44 games) ---------------------------------------------------------


def test_a_unit_ordered_from_outside_the_section_card_s_flank_is_flagged_in_a_memoir_game():
    """Blue's Attack Left Flank orders units on the board's left (Blue sits at the
    near edge); a unit on the right flank (k2) moving is flagged, one on the
    left (b2) is not, and one on the dotted line (d2) counts for its flank."""
    units = [unit("right", BLUE, (10, 1)), unit("left", BLUE, (1, 1)), unit("dot", BLUE, (3, 1))]
    p = Play(setup(units, [MEMOIR_MEDAL]))(*turn(1, BLUE), PlayCard(BLUE, "Attack Left Flank"))
    p(HexMove("left", (1, 2)))
    assert last_flags(p) == []
    p(HexMove("dot", (3, 2)))
    assert last_flags(p) == []
    p(HexMove("right", (10, 2)))
    (flag,) = last_flags(p)
    assert flag.startswith("Right is ordered from hex k2, outside Blue's left flank (Attack Left")


def test_the_far_side_s_left_flank_is_the_board_s_right_seen_from_its_own_edge():
    """Red sits at the far edge: its Probe Left Flank orders the board's right end."""
    units = [unit("mine", RED, (10, 7)), unit("other", RED, (1, 7))]
    p = Play(setup(units, [MEMOIR_MEDAL]))(*turn(1, RED), PlayCard(RED, "Probe Left Flank"))
    p(HexMove("mine", (10, 6)))
    assert last_flags(p) == []
    assert "outside Red's left flank" in (
        offered(p, ["other"], (1, 6))["Other: ordered move to hex B7"] or ""
    )


def test_a_tactic_card_or_a_game_without_memoir_objectives_judges_no_section():
    units = [unit("right", BLUE, (10, 1))]
    p = Play(setup(units, [MEMOIR_MEDAL]))(*turn(1, BLUE), PlayCard(BLUE, "Recon in Force"))
    p(HexMove("right", (10, 2)))
    assert last_flags(p) == []
    p = Play(setup(units))(*turn(1, BLUE), PlayCard(BLUE, "Attack Left Flank"))
    p(HexMove("right", (10, 2)))
    assert last_flags(p) == []

"""`tabletop-gui measure FILE A B` (docs/measure-json.md): the arc of B holding
the centre of A's front with its margin, the charge's reach, Unit Spacing and
line of sight, at the boundary positions a referee is called for."""

from __future__ import annotations

import json

import pytest

from tabletop_gui.cli import main
from tabletop_gui.examples import DEMO_BOARD, SCENARIOS

from .ruling_games import arc_game, round_game, sight_game, spacing_game, write


def measure(capsys, path: str, a: str, b: str, *more: str) -> dict:
    assert main(["measure", path, a, b, "--json", *more]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_front_centre_001_in_inside_the_flank_is_in_the_right_flank_by_001(tmp_path, capsys):
    doc = measure(capsys, write(tmp_path / "g.json", arc_game(0.01)), "knights", "orcs")
    assert doc["arc"] == "right flank" and doc["arc_line"] == "front"
    assert doc["arc_margin"] == pytest.approx(0.01, abs=1e-6)
    assert doc["charge"]["facing"] == "right flank"


def test_a_front_centre_001_in_inside_the_front_is_in_the_front_by_001(tmp_path, capsys):
    doc = measure(capsys, write(tmp_path / "g.json", arc_game(-0.01)), "knights", "orcs")
    assert doc["arc"] == "front" and doc["arc_line"] == "right flank"
    assert doc["arc_margin"] == pytest.approx(0.01, abs=1e-6)


def test_a_front_centre_on_the_line_counts_in_the_flank_and_says_so(tmp_path, capsys):
    doc = measure(capsys, write(tmp_path / "g.json", arc_game(0.0)), "knights", "orcs")
    assert doc["arc"] == "right flank" and doc["arc_margin"] == 0
    assert "flank arc" in doc["arc_note"]


def test_units_099_in_apart_are_too_close_and_101_keep_their_spacing(tmp_path, capsys):
    near = measure(capsys, write(tmp_path / "near.json", spacing_game(0.99)), "a1", "b1")
    far = measure(capsys, write(tmp_path / "far.json", spacing_game(1.01)), "a1", "b1")
    assert near["spacing"]["too_close"] and near["spacing"]["distance"] == pytest.approx(0.99)
    assert not far["spacing"]["too_close"] and far["distance"] == pytest.approx(1.01)


def test_overlapping_bases_read_as_an_overlap_with_its_depth_not_as_base_contact(tmp_path, capsys):
    """Base contact is bases touching edge to edge (docs/t9a.md, Unit Spacing);
    bases overlapping share ground no two bases may share, and `overlap` says
    how deep (docs/measure-json.md)."""
    over = measure(capsys, write(tmp_path / "o.json", spacing_game(-0.5)), "a1", "b1")
    touch = measure(capsys, write(tmp_path / "t.json", spacing_game(0.0)), "a1", "b1")
    assert over["spacing"]["overlap"] == pytest.approx(0.5)
    assert over["spacing"]["too_close"] is False and over["distance"] == 0
    assert touch["spacing"]["overlap"] == 0 and touch["spacing"]["contact"] is True
    assert main(["measure", write(tmp_path / "o.json", spacing_game(-0.5)), "a1", "b1"]) == 0
    out = capsys.readouterr().out
    assert "Spacing: bases overlap by 0.50 in" in out and "base contact" not in out
    assert "Knights to Orc Boyz: 0.00 in edge to edge (the bases overlap)" in out
    assert main(["measure", write(tmp_path / "t.json", spacing_game(0.0)), "a1", "b1"]) == 0
    assert "Spacing: 0.00 in apart: in base contact" in capsys.readouterr().out


def test_a_target_just_past_the_hills_corner_is_seen_and_just_short_of_it_is_not(tmp_path, capsys):
    seen = measure(capsys, write(tmp_path / "s.json", sight_game(0.01)), "d", "t")
    hidden = measure(capsys, write(tmp_path / "h.json", sight_game(-0.01)), "d", "t")
    assert seen["line_of_sight"]["seen"] is True
    assert seen["line_of_sight"]["from"] == pytest.approx([37, 11])
    assert hidden["line_of_sight"] == {
        "seen": False, "why": "behind the Hill", "blockers": ["hill"], "from": None, "to": None
    }  # fmt: skip


def test_plain_text_names_the_arc_with_its_margin_and_the_line(tmp_path, capsys):
    assert main(["measure", write(tmp_path / "g.json", arc_game(0.01)), "knights", "orcs"]) == 0
    out = capsys.readouterr().out
    assert "Knights' front is in Orc Boyz's right flank arc, 0.01 in from the front arc line" in out
    assert "Charge (measured only, no dice): " in out
    assert "Line of sight: Knights to Orc Boyz: " in out


def test_units_are_named_by_id_or_by_a_name_only_one_unit_has(capsys):
    doc = measure(capsys, str(DEMO_BOARD), "Knights of the Realm", "orc boyz")
    assert (doc["a"]["id"], doc["b"]["id"]) == ("a-knights", "b-boyz")


def test_an_unknown_unit_exits_2_naming_the_units_there_are(capsys):
    assert main(["measure", str(DEMO_BOARD), "a-knights", "nobody"]) == 2
    err = capsys.readouterr().err
    assert "'nobody': no unit has that id or name" in err and "b-boyz" in err


def test_at_n_measures_the_board_after_n_events(capsys):
    start = measure(capsys, str(DEMO_BOARD), "a-knights", "b-boyz", "--at", "0")
    end = measure(capsys, str(DEMO_BOARD), "a-knights", "b-boyz")
    assert start["at"] == 0 and start["distance"] > end["distance"]


def test_a_round_target_has_no_arc_and_the_charge_reaches_its_edge(tmp_path, capsys):
    path = write(tmp_path / "r.json", round_game())
    doc = measure(capsys, path, "knights", "shaman")
    assert doc["arc"] is None and doc["arc_margin"] is None
    assert doc["arc_note"] == "Shaman is on a round base, which has no arcs: it sees all round"
    # The Knights' front runs from (39, 24) to (43, 24); the Shaman's centre is
    # (36, 20), so the nearest front point is the corner (39, 24): 5 in away.
    assert doc["charge"]["facing"] is None
    assert doc["charge"]["straight"] == pytest.approx(5 - 20 / 25.4, abs=1e-6)
    assert main(["measure", path, "knights", "shaman"]) == 0
    out = capsys.readouterr().out
    assert "Arc: Shaman is on a round base, which has no arcs: it sees all round" in out
    assert "to its base, straight; a right wheel of" in out


def test_a_round_charger_is_worded_by_its_centre(tmp_path, capsys):
    # The round Shaman ruled against the Knights: its centre, not a front, is located.
    assert main(["measure", write(tmp_path / "r.json", round_game()), "shaman", "knights"]) == 0
    assert "Arc: Shaman's centre is in Knights' " in capsys.readouterr().out


HEX = SCENARIOS / "hex_hochkirch_ridge_demo.json"


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_a_unit_no_longer_on_the_board_is_refused_naming_the_event_that_removed_it(
    capsys, json_flag
):
    """The trial: Grenadiers were eliminated at event 32 of the hex example, and
    measure still gave 'Musketeers to Grenadiers: 0.94 in edge to edge' (exit 0)."""
    assert main(["measure", str(HEX), "b-musk", "Grenadiers", *json_flag]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "error: Grenadiers is no longer on the board: removed by event 32 (Turn 2, Austria: "
        "unit Grenadiers eliminated); --at 31 measures before it\n"
    )
    # Either way round, and at a moment it was still there it is measured.
    assert main(["measure", str(HEX), "b-gren", "b-musk"]) == 2
    assert "removed by event 32" in capsys.readouterr().err
    assert main(["measure", str(HEX), "b-musk", "b-gren", "--at", "31"]) == 0


def test_on_a_hex_board_the_distance_is_counted_in_hexes_and_names_them(capsys):
    """docs/hex.md: a hex board's distances are counted in hexes, each hex named
    (Naming hexes); the inches stay, as the window's ruler gives them."""
    assert main(["measure", str(HEX), "b-musk", "b-gren", "--at", "31"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "Musketeers to Grenadiers: 1 hex (hex F5 to hex G5), 0.94 in edge to edge"
    )
    doc = measure(capsys, str(HEX), "b-musk", "r-daun")
    assert doc["hexes"] == {"count": 3, "a": "F5", "b": "g8"}  # q 3, r 4 -> q 3, r 7
    assert doc["distance"] > 0 and doc["version"] == 2
    assert measure(capsys, str(DEMO_BOARD), "a-knights", "b-boyz")["hexes"] is None


def test_a_charge_whose_path_runs_through_another_unit_names_it(tmp_path, capsys):
    """Knights 10 in behind Orcs, their fronts overlapping, Boyz standing
    between them: the charge goes straight ahead from the middle of the overlap
    (30, 10) to (30, 20), through the Boyz; measured only, the reach says so (a
    unit beside the path, 1 in clear of it, is not named) (docs/t9a.md, Charge
    reach (Charge Move))."""
    from .ruling_games import game, rect_unit

    units = [rect_unit("knights", "a", 28, 8, 32, 10, name="Knights"),
             rect_unit("orcs", "b", 28, 20, 32, 22, name="Orcs"),
             rect_unit("boyz", "b", 27, 14, 33, 15, name="Boyz"),
             rect_unit("wolves", "b", 34, 14, 36, 15, name="Wolves")]  # fmt: skip
    path = write(tmp_path / "g.json", game(units))
    doc = measure(capsys, path, "knights", "orcs")
    assert doc["charge"]["crosses"] == ["boyz"]
    assert doc["charge"]["path"] == [[30, 10], [30, 20]]
    assert main(["measure", path, "knights", "orcs"]) == 0
    assert "; its path runs through Boyz" in capsys.readouterr().out
    clear = write(tmp_path / "c.json", game([u for u in units if u.id != "boyz"]))
    assert measure(capsys, clear, "knights", "orcs")["charge"]["crosses"] == []


def test_the_demos_levy_to_wolf_riders_is_a_wheeled_charge_of_1554_not_the_1355_diagonal(capsys):
    """The referee's trial on the bundled demo: "13.55 in to the front, straight,
    square to it", though the Levy's front (x 39.03-42.97) and the Wolf Riders'
    (x 49.54-54.46) do not overlap sideways. The charge is a right wheel of
    atan(6.571 / 11.847) = 29.01 degrees about the Levy's right front corner
    (3.937 in frontage: 1.994 in), then the 13.547 in from that corner to the
    Wolf Riders' near corner: 15.541 in (docs/t9a.md, Charge reach (Charge
    Move); tests/t9a/test_t9a_charge_reach.py works it through)."""
    doc = measure(capsys, str(DEMO_BOARD), "a-peasants", "b-wolves")
    charge = doc["charge"]
    assert doc["version"] == 2
    assert charge["straight"] == pytest.approx(13.547453, abs=1e-6)
    assert charge["straight_ahead"] is False and charge["wheel_first"] is True
    assert charge["wheel_angle"] == pytest.approx(-29.014, abs=1e-3)
    assert charge["wheel"] == pytest.approx(1.993673, abs=1e-6)
    assert charge["forward"] == pytest.approx(13.547453, abs=1e-6)
    assert charge["total"] == pytest.approx(15.541125, abs=1e-6)
    assert charge["align_angle"] == pytest.approx(29.014, abs=1e-3)
    assert charge["from"] == pytest.approx([42.968504, 21.168504], abs=1e-6)
    assert charge["to"] == pytest.approx([49.53937, 33.015748], abs=1e-6)
    assert charge["path"][0] == charge["from"] and charge["path"][-1] == charge["to"]
    assert charge["crosses"] == []
    assert main(["measure", str(DEMO_BOARD), "a-peasants", "b-wolves"]) == 0
    out = capsys.readouterr().out
    assert (
        "Charge (measured only, no dice): 15.54 in to the front with a wheel (not straight "
        "ahead: the fronts do not overlap; a wheel is needed): a right wheel of 29° (1.99 in), "
        "then 13.55 in forward; 13.55 in edge to edge\n"
    ) in out
    assert "square to it" not in out


def test_the_demos_knights_to_orc_boyz_charge_straight_ahead_square(capsys):
    """The demo's Knights stand square in front of the Orc Boyz, their fronts
    overlapping: 4.07 in straight ahead, no wheel, square to them."""
    charge = measure(capsys, str(DEMO_BOARD), "a-knights", "b-boyz")["charge"]
    assert charge["straight_ahead"] is True and charge["wheel"] == 0
    assert charge["total"] == pytest.approx(4.070866, abs=1e-6) and charge["align_angle"] == 0
    assert charge["wheel_first"] is None and charge["wheeled"] is None

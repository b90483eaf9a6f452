"""`validate` warns of what no event's review sees (docs/t9a.md, Flags for
review): bases that overlap in the set-up, and objective markers placed against
their rule as the game starts (docs/t9a.md, Spoils of War). Warnings, not
refusals: the file is OK and `validate` exits 0."""

from __future__ import annotations

import json

import pytest

from tabletop_gui.cli import main
from tabletop_gui.examples import SCENARIOS, examples

SPOILS = SCENARIOS / "t9a_refused_flank_spoils_of_war.json"


def setup_file(tmp_path, knights_x: float) -> str:
    """Knights (4 x 2 in, 100 x 50 mm) and Orc Boyz side by side, the Knights'
    right edge at ``knights_x`` + 2 in, the Boyz's left edge at 34."""
    game = {
        "format": "tabletop-gui", "version": 2, "family": "t9a", "name": "set-up",
        "board": {"kind": "inch"},
        "sides": [{"id": "a", "name": "Equitaine"}, {"id": "b", "name": "Orcs"}],
        "units": [
            {"id": "k", "name": "Knights", "side": "a", "x": knights_x, "y": 6,
             "base_width_mm": 101.6, "base_depth_mm": 50.8},
            {"id": "o", "name": "Orc Boyz", "side": "b", "x": 36, "y": 6,
             "base_width_mm": 101.6, "base_depth_mm": 50.8},
        ],
        "events": [],
    }  # fmt: skip
    path = tmp_path / "setup.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    return str(path)


def test_bases_overlapping_in_the_set_up_are_warned_of_and_the_file_is_ok(tmp_path, capsys):
    assert main(["validate", setup_file(tmp_path, 32.5)]) == 0
    out = capsys.readouterr().out
    assert "OK (t9a, 2 units, 0 events)" in out
    assert "The set-up (before the log) is flagged for review:" in out
    assert "  set-up: Knights' base overlaps Orc Boyz" in out


def test_bases_in_contact_in_the_set_up_are_not_an_overlap(tmp_path, capsys):
    assert main(["validate", setup_file(tmp_path, 32.0)]) == 0
    assert "overlap" not in capsys.readouterr().out


def test_a_spoils_marker_placed_short_of_24_in_is_listed_as_the_game_starts(tmp_path, capsys):
    """The outer markers lie at least 24 in from the central one (docs/t9a.md,
    Spoils of War): 0.0001 in short is listed, though the markers are picked up
    later and the standing after the log no longer checks them."""
    game = json.loads(SPOILS.read_text(encoding="utf-8"))
    west = next(m for m in game["markers"] if m["id"] == "spoils-w")
    west["x"], west["y"] = 15.03, 10.02  # 23.9999 in from the central marker
    path = tmp_path / "spoils.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    assert main(["validate", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1 objective problem, as score lists them:" in out
    assert (
        "  as the game starts (score --at 0): Spoils of War: Spoils (west): 23.9999 in from "
        "the central marker (must be at least 24 in)"
    ) in out


@pytest.mark.parametrize("example", examples(), ids=lambda e: e.name)
def test_no_bundled_example_has_a_set_up_overlap_or_an_objective_problem(example, capsys):
    assert main(["validate", str(example.path)]) == 0
    out = capsys.readouterr().out
    assert "in the set-up" not in out and "objective problem" not in out


def test_a_hex_leader_sharing_a_units_hex_in_the_set_up_is_not_flagged(tmp_path, capsys):
    """On a hex board one unit per hex is refused, not flagged, and a leader may
    share a unit's hex (docs/hex.md): its base on the unit's is no overlap to
    review."""
    hexes = SCENARIOS / "hex_hochkirch_ridge_demo.json"
    game = json.loads(hexes.read_text(encoding="utf-8"))
    units = {u["id"]: u for u in game["units"]}
    units["r-daun"]["x"], units["r-daun"]["y"] = units["r-line"]["x"], units["r-line"]["y"]
    path = tmp_path / "hex.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    assert main(["validate", str(path)]) == 0
    assert "set-up" not in capsys.readouterr().out

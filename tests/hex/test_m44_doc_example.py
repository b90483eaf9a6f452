"""The minimal scenario file shown in the manual (docs/hex.md, A minimal
scenario file) imports as the manual says: the test reads the file out of the
doc's code block, so the example cannot go stale."""

from __future__ import annotations

import re
from pathlib import Path

from tabletop_gui.io.importers import ImportRequest, import_bytes
from tabletop_gui.model.hexgrid import HexBoard, hex_label

DOC = Path(__file__).resolve().parents[2] / "docs" / "hex.md"
SECTION = "### A minimal scenario file"


def example() -> bytes:
    """The first ```json block of the section (up to the next heading)."""
    text = DOC.read_text(encoding="utf-8")
    assert SECTION in text, f"docs/hex.md has no section {SECTION!r}"
    body = text.split(SECTION, 1)[1]
    body = re.split(r"\n#{1,3} ", body, maxsplit=1)[0]
    found = re.search(r"```json\n(.*?)\n```", body, re.S)
    assert found, "the section shows no ```json block"
    return found.group(1).encode()


def test_the_minimal_scenario_in_the_manual_imports_with_no_problem_as_the_manual_describes():
    result = import_bytes(example(), ImportRequest(source="lone_hill.m44"))
    assert result.notes == ()  # no import problem, nothing repaired
    setup = result.game.setup
    board = setup.scene.board
    assert isinstance(board, HexBoard)
    assert (board.rows, board.long_row) == (9, 13)
    assert setup.name == "Lone Hill"
    assert [(s.id, s.name) for s in setup.scene.sides] == [
        ("allies", "United States"),
        ("axis", "Germany"),
    ]
    units = {u.name: hex_label(board.point_to_hex(u.x, u.y)) for u in setup.scene.units.values()}
    assert units == {"US Infantry 1": "E1", "US Armor 1": "e2", "German Infantry 1": "E9"}
    terrain = {(hex_label(t.hex), t.kind) for t in board.terrain}
    assert terrain == {("G5", "hills"), ("c6", "woods")}
    assert [(hex_label(lb.hex), lb.text) for lb in board.labels] == [("G5", "Lone Hill")]
    (medal,) = setup.objectives
    assert medal.kind == "hex.memoir_medal"
    assert medal.name == "Lone Hill (G5): both sides' medal"
    assert medal.params["hexes"] == [[6, 4]]
    assert medal.params["sides"] == ["allies", "axis"]
    assert setup.settings["banner_target"] == {"axis": 3, "allies": 3}
    assert setup.settings["first_side"] == "allies"

"""A Memoir '44 scenario with one JSON syntax error, imported in the window, names
the line and column (File ▸ Import… and File ▸ Import scenario…), not "the file
as a whole"; the open game stays. The scenario is a small file written here."""

from __future__ import annotations

import json

import pytest

from tabletop_gui.io import load_game
from tests.hex.m44kit import hexagon, scenario

from .helpers import open_window


def broken(tmp_path) -> tuple[str, str]:
    text = json.dumps(scenario(hexagon("E5", terrain="woods")), indent=1)
    text = text.replace('"woods"\n', '"woods"\n  "x": 1,\n', 1)  # a comma missing
    with pytest.raises(json.JSONDecodeError) as caught:
        json.loads(text)
    path = tmp_path / "broken2.m44"
    path.write_text(text)
    return str(path), f"line {caught.value.lineno}, column {caught.value.colno}"


@pytest.mark.parametrize("menu", ["import_any", "import_scenario"])
def test_a_scenario_with_a_comma_missing_names_the_line_and_column(qtbot, tmp_path, dialogs, menu):
    from tabletop_gui.examples import DEMO_BOARD

    window = open_window(qtbot, load_game(str(DEMO_BOARD)))
    before = window.doc.committed
    path, place = broken(tmp_path)
    assert getattr(window.files, menu)(path) is None
    ((title, text),) = dialogs.warnings
    assert title.startswith("Cannot import this")
    assert f"Where in the file: {place}" in text
    assert "not valid JSON: a ',' was expected here" in text
    assert "the file as a whole" not in text and "not a format" not in text
    assert window.doc.committed is before

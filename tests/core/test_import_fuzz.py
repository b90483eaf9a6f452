"""Fuzzed imports (tests/core/import_fuzz.py): every input made from the small
lists and scenario written for the tests is refused with FileFormatError, or
imports and writes a game the loader opens, scores and saves back the same. A
bounded budget per importer here; the long run is in tests/README.md."""

from __future__ import annotations

import pytest

from tests.tts.tts_games import battle

from .import_fuzz import exercise, run, seeds

#: Inputs per importer in the test suite (about 20 s in all); the long run takes 1,000 each.
BUDGET = {"text": 60, "ros": 150, "rosz": 150, "nrjson": 150, "m44": 300, "tts": 200}


@pytest.fixture(autouse=True)
def user_data(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_GUI_DATA_DIR", str(tmp_path / "user-data"))


@pytest.mark.parametrize("kind", list(BUDGET))
def test_fuzzed_imports_are_refused_or_write_a_game_the_loader_opens(kind):
    report = run(kind, seed=29, count=BUDGET[kind], slow=10.0)
    assert report.crashes == [], report.line()
    assert report.inputs == BUDGET[kind]
    assert report.refused > 0 and report.imported > 0, report.line()  # both paths exercised


@pytest.mark.parametrize("kind", list(BUDGET))
def test_the_seed_files_themselves_import(kind):
    # A save whose plate lost its game is imported into the game it shows.
    into = battle() if kind == "tts" else None
    assert all(exercise(raw, f"{kind}#seed", into) for raw in seeds()[kind])

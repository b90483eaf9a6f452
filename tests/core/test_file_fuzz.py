"""Fuzzed files (tests/core/file_fuzz.py): every input made from the bundled
scenarios is refused with FileFormatError, or loads, scores, saves, reloads and
(for a sample) renders. A bounded budget here; the long run is in tests/README.md."""

from __future__ import annotations

from .file_fuzz import exercise, mutants, run, svg_renderer
from .scenario_files import scenario_paths

#: Inputs per run in the test suite (about 10 s); the release run takes 100,000.
BUDGET = 600


def test_fuzzed_files_never_crash_the_loader_scorer_or_saver():
    report = run(seed=13, count=BUDGET, slow=10.0)
    assert report.crashes == [], report.line()
    assert report.inputs == BUDGET
    assert report.refused > 0 and report.accepted > 0, report.line()  # both paths exercised


def test_fuzzed_files_that_load_render_to_svg(tmp_path):
    render = svg_renderer(tmp_path)
    rendered = 0
    for _name, raw in mutants(seed=29, count=200):
        if exercise(raw, render):
            rendered += 1
        if rendered == 6:
            break
    assert rendered == 6


def test_the_bundled_files_themselves_pass_every_step(tmp_path):
    render = svg_renderer(tmp_path)
    for path in scenario_paths():
        assert exercise(path.read_bytes(), render), path.name

"""The ruler between two bases that overlap reads the overlap, not a bare
"0.00 in" that a referee would take for base contact (docs/measurement.md,
Distance)."""

from __future__ import annotations

import pytest

from tabletop_gui.play.measure import Measurement, measure_between
from tabletop_gui.rules.engine import evaluate, initial_state

from .ruling_games import spacing_game


def _ruler(gap: float) -> Measurement:
    """The ruler from Knights to Orc Boyz, their facing edges ``gap`` in apart."""
    state = initial_state(spacing_game(gap).setup)
    a, b = state.scene.units["a1"], state.scene.units["b1"]
    return measure_between(state.scene, evaluate(state), a.id, (a.x, a.y), b.id, (b.x, b.y))


def test_bases_overlapping_by_half_an_inch_read_0_in_and_the_overlap():
    m = _ruler(-0.5)
    assert m.distance == 0 and m.overlap == pytest.approx(0.5)
    assert m.lines[0] == "0.00 in (the bases overlap by 0.50 in)"


def test_bases_in_base_contact_read_0_in_with_no_overlap():
    m = _ruler(0.0)
    assert m.distance == 0 and m.overlap == 0
    assert m.lines[0] == "0.00 in"

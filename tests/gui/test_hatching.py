"""Hatching (impassable terrain, a rule's areas) is drawn as the parts of
diagonal lines inside the shape (app/canvas/drawing.py, draw_hatch)."""

from __future__ import annotations

import math

import pytest

from tabletop_gui.app.canvas.drawing import _hatch_segments

# A 6 x 5 in wood, as a closed ring of board inches.
WOOD = (((8.0, 21.0), (14.0, 21.0), (14.0, 26.0), (8.0, 26.0), (8.0, 21.0)),)


@pytest.mark.parametrize("step", [0.8, 1 / 12, 1 / 150])  # a view, a PDF, a printer's pixels
def test_cross_hatching_draws_each_line_once_whole_not_cut_at_every_crossing(step):
    """A cross of n lines each way is 2n segments: cut as one set of lines, the
    lines were split where they cross, n² pieces (2.7 million at 1/150 in)."""
    segments = _hatch_segments(WOOD, round(step, 6), True, True)
    lines_each_way = (6 + 5) / step + 1  # the rows' starts that cross the wood
    assert len(segments) <= 2 * lines_each_way
    # The lines cover the wood: 45° lines ``step`` apart along a row are
    # step / √2 apart, so each way is area · √2 / step long.
    length = sum(math.dist(a, b) for a, b in segments)
    assert length == pytest.approx(2 * 30 * math.sqrt(2) / step, rel=0.02)


def test_a_hatched_ring_leaves_its_hole_bare():
    """Even-odd, as Qt fills: a square with a square hole is hatched around the hole."""
    outer = ((0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0), (0.0, 0.0))
    hole = ((1.0, 1.0), (3.0, 1.0), (3.0, 3.0), (1.0, 3.0), (1.0, 1.0))
    segments = _hatch_segments((outer, hole), 0.1, True, False)
    for a, b in segments:
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        assert not (1.0 + 1e-6 < mx < 3.0 - 1e-6 and 1.0 + 1e-6 < my < 3.0 - 1e-6)
    length = sum(math.dist(a, b) for a, b in segments)
    assert length == pytest.approx(12 * math.sqrt(2) / 0.1, rel=0.02)

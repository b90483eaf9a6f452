"""Idle units drawn by the batch item keep their stacking order where they overlap:
the unit above covers the fill and the outline of the unit under it."""

from __future__ import annotations

import random

import numpy as np
import pytest
from PySide6.QtGui import QImage

from tabletop_gui.app.canvas.unit_batch import (
    UnitBatch,
    _stacking_layers_one_by_one,
    stacking_layers,
)
from tabletop_gui.model import InchBoard, Scene, Setup, Side, Unit
from tabletop_gui.model.game import Game

from .helpers import open_window

#: A pixel matches when no channel differs by more than this (0-255).
TOLERANCE = 12


def monster(uid: str, side: str, x: float, y: float) -> Unit:
    """One model on a 100 x 50 mm base (3.94 x 1.97 in): no rank and file lines, no
    name (nothing written over the pixels the test reads)."""
    return Unit(uid, "", side, x, y, base_width_mm=100, base_depth_mm=50)


def window_with(qtbot, units: list[Unit]):
    scene = Scene(
        board=InchBoard(72, 48),
        sides=(Side("blue", "Blue", "#0072b2"), Side("red", "Red", "#d55e00")),
        units={u.id: u for u in units},
    )
    return open_window(qtbot, Game(Setup("t9a", scene, "overlap")))


def pixels(window) -> tuple[np.ndarray, object]:
    image = window.view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine())
    return rows[:, : image.width() * 4].reshape(image.height(), image.width(), 4)[..., :3].copy()


def pixel_at(window, img: np.ndarray, x: float, y: float) -> tuple[int, int]:
    """The viewport pixel (column, row) of board point (x, y)."""
    p = window.view.mapFromScene(window.scene.bmap.to_scene(x, y))
    return p.x(), p.y()


@pytest.mark.parametrize(
    "below_side, others",
    [
        ("blue", []),  # same side: one fill colour for both units
        # the lower unit's colour comes after the upper unit's in the member list
        ("red", [monster("far", "blue", 60, 40)]),
    ],
)
def test_lower_units_outline_does_not_show_through_the_unit_drawn_over_it(
    qtbot, below_side, others
):
    """Unit ``below`` spans x 28.03..31.97 in; ``above`` (added after it, so stacked
    over it) spans x 30.03..33.97 in. Along x = 31.97 in, inside ``above``, the
    pixels must be ``above``'s fill, not ``below``'s outline."""
    below = monster("below", below_side, 30.0, 24.0)
    above = monster("above", "blue", 32.0, 24.5)
    window = window_with(qtbot, [*others, below, above])
    scene = window.scene
    members = [it.piece_id for it, *_ in scene.batch.members]
    assert set(members) >= {"below", "above"}, "both units are idle: drawn by the batch"
    assert members.index("below") < members.index("above")
    window.view.zoom(3.0, window.view.mapFromScene(scene.bmap.to_scene(32, 24.3)))
    img = pixels(window)
    edge = 30.0 + 3.937 / 2  # below's right edge, board inches
    cx, cy = pixel_at(window, img, edge, 24.3)
    ix, iy = pixel_at(window, img, 32.8, 24.3)  # well inside `above` alone
    inside = img[iy, ix].astype(int)
    strip = img[cy, cx - 3 : cx + 4].astype(int)
    worst = int(np.abs(strip - inside).max())
    assert worst <= TOLERANCE, (
        f"pixels along the lower unit's edge differ from the upper unit's fill by {worst}"
    )
    # The check can fail: the lower unit's own edge, outside the upper unit, is a line.
    ox, oy = pixel_at(window, img, 30.0 - 3.937 / 2, 23.5)
    outside = img[oy, ox - 3 : ox + 4].astype(int)
    below_fill = img[oy, ox + 8].astype(int)
    assert int(np.abs(outside - below_fill).max()) > TOLERANCE


def test_overlapping_footprints_stack_in_layers_touching_ones_share_one():
    boxes = [
        (0.0, 0.0, 2.0, 1.0),  # alone
        (2.0, 0.0, 4.0, 1.0),  # touches the first along x = 2: same layer
        (1.0, 0.5, 3.0, 1.5),  # over both
        (2.5, 1.0, 3.5, 2.0),  # over the third
        (10.0, 10.0, 11.0, 11.0),  # far away
    ]
    assert stacking_layers(boxes) == [0, 0, 1, 2, 0]


def _layers_pair_by_pair(boxes):
    """The same rule as ``stacking_layers``, every pair compared."""
    e = 0.01
    out = []
    for i, (left, top, right, bottom) in enumerate(boxes):
        over = [
            out[j]
            for j, (ol, ot, orr, ob) in enumerate(boxes[:i])
            if left + 2 * e < orr
            and ol + 2 * e < right
            and top + 2 * e < ob
            and ot + 2 * e < bottom
        ]
        out.append(max(over, default=-1) + 1)
    return out


def test_boxes_spanning_thousands_of_inches_stack_as_pair_by_pair_and_at_once():
    """A marked unit's box holds its words; in a tiny picture they reach
    thousands of inches (such a box is compared with every other box instead
    of being entered in millions of 4 in cells: it took 8 s to stack)."""
    rng = random.Random(7)
    boxes = []
    for _ in range(300):
        x, y = rng.uniform(0, 72), rng.uniform(0, 48)
        w, h = rng.choice([(rng.uniform(0.5, 4), rng.uniform(0.5, 4)), (10_000.0, 3_000.0)])
        boxes.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
    assert stacking_layers(boxes) == _layers_pair_by_pair(boxes)


@pytest.mark.parametrize("n", [600, 3000])
def test_a_crowded_board_stacks_at_once_as_box_by_box(n):
    """Hundreds of boxes or more: the overlapping pairs found at once (a tree of
    the boxes) give the layers the box-by-box pass gives, with bases on one
    spot, side by side in contact, and piles hundreds deep."""
    rng = random.Random(n)
    boxes: list[tuple[float, float, float, float]] = []
    for _ in range(n):
        x, y = rng.uniform(0, 30), rng.uniform(0, 20)
        w, h = rng.choice([(0.79, 0.79), (0.98, 1.97), (3.9, 3.1)])
        if boxes and rng.random() < 0.2:  # on the last one's spot, or beside it
            x0, y0, x1, _ = boxes[-1]
            x, y = rng.choice([x0, x1]) + w / 2, y0 + h / 2
        boxes.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
    layers = stacking_layers(boxes)
    assert layers == _layers_pair_by_pair(boxes)
    assert max(layers) > 10


def test_a_box_of_no_size_among_many_stacks_as_box_by_box():
    boxes = [(i % 40 * 0.5, i // 40 * 0.5, i % 40 * 0.5 + 1, i // 40 * 0.5 + 1) for i in range(400)]
    boxes[200] = (5.0, 2.0, 5.0, 2.0)
    assert stacking_layers(boxes) == _stacking_layers_one_by_one(boxes)


def test_batch_draws_one_layer_per_level_of_overlap(qtbot):
    window = window_with(
        qtbot,
        [
            monster("a", "blue", 10, 10),
            monster("b", "red", 20, 10),
            monster("c", "blue", 11, 10.5),
        ],
    )
    batch: UnitBatch = window.scene.batch
    assert len(batch._layers) == 2

"""Importing a long list takes time in proportion to its length: the layout
works out which spots the units already placed block for all spots at once
(instead of uniting every placed footprint again for each new unit), and the
plan looks each unit name up once. The spots are the ones the plain geometric
test picks, unit for unit."""

from __future__ import annotations

import random

import numpy as np
import pytest
import shapely
from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from tabletop_gui.io.armylists import placement, plan
from tabletop_gui.io.armylists.bases import BaseTable
from tabletop_gui.io.armylists.placement import STEP, Spot, _steps, place, side_area
from tabletop_gui.io.armylists.text import parse_text_list
from tabletop_gui.io.armylists.to_game import new_game
from tabletop_gui.model import Unit
from tabletop_gui.model.pieces import BaseShape


def plain_place(scene, side, sizes, gap=placement.GAP):
    """The layout as a plain geometric test gives it (the code before, kept here
    as the reference): every placed footprint united, each spot tested in turn."""
    from tabletop_gui.geometry.outline import unit_outline

    area, _what, facing = side_area(scene, side)
    w, h = scene.board.width, scene.board.height
    taken: list[BaseGeometry] = [
        shapely.Polygon(unit_outline(u).polygon()).buffer(gap - 1e-6, join_style="mitre")
        for u in scene.units.values()
        if u.on_table
    ]
    forward = 1.0 if facing == 0.0 else -1.0
    own_half = box(0, 0, w, h / 2) if forward > 0 else box(0, h / 2, w, h)
    regions = [(area, True), (own_half.difference(area), False), (box(0, 0, w, h), False)]
    spots = {}
    for i in sorted(range(len(sizes)), key=lambda i: -(sizes[i][0] * sizes[i][1])):
        fw, fd = sizes[i]
        found = None
        for region, inside in regions:
            found = _plain_spot(region, fw, fd, taken, forward)
            if found is not None:
                spots[i] = Spot(found[0], found[1], facing, inside)
                break
        if found is None:
            c = area.centroid
            spots[i] = Spot(c.x, c.y, facing, False)
            found = (c.x, c.y)
        x, y = found
        taken.append(box(x - fw / 2, y - fd / 2, x + fw / 2, y + fd / 2).buffer(
            gap - 1e-6, join_style="mitre"))  # fmt: skip
    return tuple(spots[i] for i in range(len(sizes)))


def _plain_spot(region, fw, fd, taken, forward):
    if region.is_empty:
        return None
    x0, y0, x1, y1 = region.bounds
    if x1 - x0 < fw - 1e-9 or y1 - y0 < fd - 1e-9:
        return None
    gx, gy = np.meshgrid(_steps(x0 + fw / 2, x1 - fw / 2), _steps(y0 + fd / 2, y1 - fd / 2))
    cx, cy = gx.ravel(), gy.ravel()
    front = y1 if forward > 0 else y0
    exact = np.abs(front - (cy + forward * fd / 2))
    order = np.lexsort((exact, np.abs(cx - (x0 + x1) / 2), np.floor(exact / STEP + 1e-9)))
    blocked = shapely.union_all(taken) if taken else None
    boxes = shapely.box(cx[order] - fw / 2, cy[order] - fd / 2, cx[order] + fw / 2,
                        cy[order] + fd / 2)  # fmt: skip
    ok = shapely.covers(region, boxes)
    if blocked is not None:
        ok &= ~shapely.intersects(blocked, boxes)
    hits = np.flatnonzero(ok)
    return None if not hits.size else (float(cx[order[hits[0]]]), float(cy[order[hits[0]]]))


def scene_with_units(seed: int, count: int):
    """A new game's scene with ``count`` units already standing, some turned,
    some on round bases, some off the table."""
    rng = random.Random(seed)
    scene = new_game(None).setup.scene
    for i in range(count):
        unit = Unit(
            id=f"old{i}", name=f"Old {i}", side=rng.choice(scene.side_ids),
            x=rng.uniform(3, 69), y=rng.uniform(3, 45), facing=rng.choice([0, 0, 30, 90, 180]),
            base_shape=rng.choice([BaseShape.RECT, BaseShape.RECT, BaseShape.ROUND]),
            base_width_mm=rng.choice([20, 25, 40, 50]), base_depth_mm=rng.choice([20, 50]),
            models=rng.choice([1, 5, 10]), models_per_rank=5, removed=rng.random() < 0.1,
        )  # fmt: skip
        scene = scene.with_piece(unit)
    return scene


@pytest.mark.parametrize("seed", range(6))
def test_the_layout_picks_the_spots_the_plain_geometric_test_picks(seed):
    rng = random.Random(seed)
    scene = scene_with_units(seed, rng.choice([0, 3, 12]))
    sizes = [(rng.choice([0.8, 1, 2, 3.94, 4.9, 6.3]), rng.choice([0.8, 1, 2, 3.15, 7.9]))
             for _ in range(rng.choice([5, 30, 90]))]  # fmt: skip
    side = rng.choice(scene.side_ids)
    assert place(scene, side, sizes).spots == plain_place(scene, side, sizes)


def long_list(n: int) -> str:
    names = ["Skeleton Warriors", "Skeleton Archers", "Shabtis", "Skeleton Cavalry", "Sphinx"]
    units = [f"100 - {5 + i % 20} {names[i % 5]}, Musician" for i in range(n)]
    return "\n".join(["Nefer - Undying Dynasties", *units])


def test_each_unit_name_is_looked_up_in_a_table_once(monkeypatch):
    # A 300-unit list of five names: the plan asked the tables for every unit,
    # and the nearest names for every unknown one (most of the time of an import).
    asked: list[str] = []
    real_find, real_nearest = BaseTable.find, BaseTable.nearest

    def find(self, name, *args, **kwargs):
        asked.append(name)
        return real_find(self, name, *args, **kwargs)

    def nearest(self, name, *args, **kwargs):
        asked.append(f"nearest {name}")
        return real_nearest(self, name, *args, **kwargs)

    monkeypatch.setattr(BaseTable, "find", find)
    monkeypatch.setattr(BaseTable, "nearest", nearest)
    planned = plan.plan_army(parse_text_list(long_list(300)))
    assert len(planned.units) == 300
    assert len(asked) <= 5 * 6  # per name and table: find, is a Character, nearest
    assert planned.unknown_names() == ["Skeleton Warriors", "Sphinx"]
    assert len(planned.unknown) == 120
    assert all(u.suggestions for u in planned.unknown)  # still suggested, once for all


def test_a_list_that_does_not_fit_scans_the_board_in_proportion_to_its_length(monkeypatch):
    # Every unit past the first few finds its zone full and looks along the
    # whole board: the spots tested exactly (shapely) grow with the list, not
    # with the list times the spots it blocks.
    tested = [0]
    real = shapely.covers

    def covers(region, boxes):
        tested[0] += len(boxes)
        return real(region, boxes)

    monkeypatch.setattr(placement.shapely, "covers", covers)
    scene = new_game(None).setup.scene
    per_unit = []
    for n in (100, 400):
        tested[0] = 0
        sizes = [(4.0 + (i % 7) * 0.3, 3.0 + (i % 5) * 0.4) for i in range(n)]
        place(scene, scene.side_ids[0], sizes)
        per_unit.append(tested[0] / n)
    assert per_unit[1] <= 1.5 * per_unit[0], per_unit

"""Zone and terrain labels sit inside their own shape, and labels keep off the
outlines drawn on the board (range rings, zone, terrain and area edges), on the
real window (trial 3, Part 2 #3)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF

from tabletop_gui.app.labels import Lines
from tabletop_gui.app.overlays import AreaOverlay
from tabletop_gui.io.game_file import load_game
from tests.gui.helpers import open_window

SCENARIOS = Path(__file__).resolve().parents[2] / "assets" / "scenarios"


def placed_box(scene, item) -> QRectF:
    """Where the last placement pass put ``item``'s label (its box)."""
    placer = scene.label_placer
    boxes = [
        b for group in placer.labels._near((-1e6, -1e6, 1e6, 1e6)) for o, b in group if o is item
    ]
    assert boxes, f"no label placed for {item}"
    left, top, right, bottom = boxes[0]
    return QRectF(left, top, right - left, bottom - top)


def polygon_item(scene, label: str):
    return next(it for it in scene.pieces.values() if getattr(it, "label", None) == label)


@pytest.mark.parametrize(
    ("file", "label"),
    [
        ("t9a_refused_flank_spoils_of_war.json", "Refused Flank (approximation): equitaine zone"),
        ("carnevale_drowned_quarter.json", "Warehouse (roof 2.5 in)"),
    ],
)
def test_zone_or_terrain_label_box_lies_wholly_inside_its_own_shape(qtbot, file, label):
    window = open_window(qtbot, load_game(SCENARIOS / file))
    scene = window.view.scene()
    item = polygon_item(scene, label)
    box = placed_box(scene, item)
    assert item.path.contains(box), f"{label}: {box} not inside {item.polygon.boundingRect()}"
    assert scene.board_rect().contains(box)
    assert item.path.contains(item.anchor)


def test_refused_flank_zone_label_keeps_off_the_forest(qtbot):
    window = open_window(qtbot, load_game(SCENARIOS / "t9a_refused_flank_spoils_of_war.json"))
    scene = window.view.scene()
    zone = polygon_item(scene, "Refused Flank (approximation): equitaine zone")
    forest = next(
        it for it in scene.pieces.values() if str(getattr(it, "label", "")).startswith("Forest")
    )
    assert not forest.path.intersects(placed_box(scene, zone))


def test_king_of_the_hill_pick_label_does_not_cross_the_sacred_grove_edge(qtbot):
    window = open_window(qtbot, load_game(SCENARIOS / "t9a_encircle_king_of_the_hill.json"))
    scene = window.view.scene()
    pick = next(
        o
        for o in scene.overlay_items()
        if isinstance(o, AreaOverlay) and o.area.label.startswith("Orcs' pick")
    )
    grove = polygon_item(scene, "Sacred Grove")
    edges = Lines()
    edges.add_polygon(grove, grove.polygon, QRectF(-1, -1, 0, 0))
    box = placed_box(scene, pick)
    assert edges.clear_of(box), f"{box} crosses the Sacred Grove's edge"

"""A zone's or terrain's label takes a spot wholly inside its own shape where one
is clear (a label half outside a triangular zone reads as another area's), on
the real window."""

from __future__ import annotations

from PySide6.QtCore import QRectF

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game

from .helpers import open_window


def placed_box(scene, item) -> QRectF:
    """Where the last placement pass put ``item``'s label (its box)."""
    everywhere = (-1e6, -1e6, 1e6, 1e6)
    boxes = [b for group in scene.label_placer.labels._near(everywhere) for o, b in group
             if o is item]  # fmt: skip
    assert boxes, f"no label placed for {item}"
    left, top, right, bottom = boxes[0]
    return QRectF(left, top, right - left, bottom - top)


def polygon_item(scene, label: str):
    return next(it for it in scene.pieces.values() if getattr(it, "label", None) == label)


def test_a_triangular_zone_s_label_lies_wholly_inside_the_zone_and_off_the_forest(qtbot):
    path = SCENARIOS / "t9a_refused_flank_spoils_of_war.json"
    window = open_window(qtbot, load_game(path))
    scene = window.view.scene()
    zone = polygon_item(scene, "Refused Flank (approximation): equitaine zone")
    box = placed_box(scene, zone)
    assert zone.path.contains(box), f"{box} is not inside the zone"
    forest = next(it for it in scene.pieces.values()
                  if str(getattr(it, "label", "")).startswith("Forest"))  # fmt: skip
    assert not forest.path.intersects(box)

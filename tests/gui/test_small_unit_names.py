"""A name wider than its small base stands beside the base, in the window and in
the streamer at 1080p.

Base sizes: a 25 mm character is 0.98 in square; a 40 mm Carnevale model
1.57 in round. A unit name is about 0.55 in tall and 2-4 in wide at the fitted
zoom: wider than those bases, so it must stand beside them."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas.items import UnitItem
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game

from .helpers import open_window

DEMO = SCENARIOS / "t9a_frontline_clash_demo.json"
SECURE = SCENARIOS / "t9a_frontline_clash_secure_target.json"
CARNEVALE = SCENARIOS / "carnevale_drowned_quarter.json"
SMALL = {
    DEMO: ["a-duke", "b-shaman"],
    SECURE: ["a-duke", "b-warboss", "a-hippogriff"],
    CARNEVALE: ["g-capo", "r-priest", "r-thrall", "g-runner"],
}


def _base(item: UnitItem) -> QRectF:
    return item.path.boundingRect().translated(item.pos())


def _area(r: QRectF) -> float:
    return max(0.0, r.width()) * max(0.0, r.height())


def _covered_share(item: UnitItem, ppi: float) -> float:
    """How much of the unit's base box its own drawn name (and note) covers."""
    base = _base(item)
    return _area(base.intersected(item.name_box(ppi))) / _area(base)


@pytest.mark.parametrize("path", list(SMALL), ids=lambda p: p.stem)
def test_a_name_wider_than_its_small_base_is_drawn_beside_it_in_the_window(qtbot, path):
    window = open_window(qtbot, load_game(str(path)))
    ppi = window.view.pixels_per_inch()
    for uid in SMALL[path]:
        item = window.scene.piece_item(uid)
        name = item.name_box(ppi)
        assert not name.isEmpty()
        assert name.width() > _base(item).width(), f"{uid}: the name is wider than the base"
        assert not name.intersects(_base(item)), f"{item.unit.name}'s name covers its base"
    for item in window.scene.pieces.values():
        if isinstance(item, UnitItem) and item.isVisible():
            share = _covered_share(item, ppi)
            assert share <= 0.5, f"{item.unit.name}: its name covers {share:.0%} of the base"


@pytest.mark.parametrize("path", list(SMALL), ids=lambda p: p.stem)
def test_a_small_units_name_is_beside_its_base_in_the_streamer_at_1080p(qtbot, path):
    window = open_window(qtbot, load_game(str(path)))
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    streamer.resize(1920, 1080)
    qtbot.waitExposed(streamer)
    QApplication.processEvents()
    ppi = streamer.view.pixels_per_inch()
    for uid in SMALL[path]:
        item = streamer.scene.piece_item(uid)
        assert not item.name_box(ppi).intersects(_base(item)), item.unit.name

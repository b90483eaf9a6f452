"""The King of the Hill pick badge is readable and names the pick in its tooltip."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from tabletop_gui.app.canvas.items import UnitItem
from tabletop_gui.app.stream import audience
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game

from .helpers import open_window

DEMO = SCENARIOS / "t9a_frontline_clash_demo.json"
SECURE = SCENARIOS / "t9a_frontline_clash_secure_target.json"
CARNEVALE = SCENARIOS / "carnevale_drowned_quarter.json"
REFUSED = SCENARIOS / "t9a_refused_flank_spoils_of_war.json"
KING = SCENARIOS / "t9a_encircle_king_of_the_hill.json"
SMALL = {
    DEMO: ["a-duke", "b-shaman"],
    SECURE: ["a-duke", "b-warboss", "a-hippogriff"],
    CARNEVALE: ["g-capo", "r-priest", "r-thrall", "g-runner"],
}


@pytest.fixture(autouse=True)
def fresh_stream_settings():
    audience.forget_settings()
    yield
    audience.forget_settings()


def _base(item: UnitItem) -> QRectF:
    return item.path.boundingRect().translated(item.pos())


def _area(r: QRectF) -> float:
    return max(0.0, r.width()) * max(0.0, r.height())


def _covered_share(item: UnitItem, ppi: float) -> float:
    """How much of the unit's base box its own drawn name (and note) covers."""
    base = _base(item)
    return _area(base.intersected(item.name_box(ppi))) / _area(base)


# -- 1. a small unit's name stands beside its base, not on it ---------------------------


# -- 4. the measure's reading is never under the rotate handle ---------------------------


def _press_drag_release(qtbot, window, a, b) -> None:
    from PySide6.QtCore import Qt

    from .helpers import at

    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=at(window, *a))
    qtbot.mouseMove(vp, at(window, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    qtbot.mouseMove(vp, at(window, *b))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=at(window, *b))


# -- 8. one Escape leaves the measure tool; a click then measures nothing ----------------


# -- 8. the King of the Hill pick badge reads at the fitted zoom and says what it is ------


# -- 7. spectators watch the stream: face-down values hidden unless a referee says so ---


# -- 2. a small stream picture keeps the board large and names off other units -----------


def test_the_pick_badge_is_at_least_14_px_across_and_its_tooltip_names_the_pick(qtbot):
    """Encircle / King of the Hill: Equitaine picked Temple Hill. Its ⚑ badge was
    7 px wide at the fitted zoom (a dot) with no tooltip."""
    from tabletop_gui.app.canvas.badges import BadgeTip, badge_rect
    from tabletop_gui.rules.scoreboard import Role

    window = open_window(qtbot, load_game(str(KING)))
    ppi = window.view.pixels_per_inch()
    picked = [
        it for it in window.scene.pieces.values() if any(m.role is Role.SELECTED for m in it.marks)
    ]
    assert picked, "the picks carry a badge"
    for item in picked:
        box = badge_rect(item.marks, item.badge_anchor(), item.ts, ppi)
        assert box.height() * ppi >= 14, f"{box.height() * ppi:.1f} px"
        centre = item.mapToScene(item.badge_anchor())
        tips = [it for it in window.scene.items(centre) if it.toolTip()]
        assert isinstance(tips[0], BadgeTip), "hovering the badge shows the badge's tooltip"
        assert "⚑" in tips[0].toolTip() and "pick" in tips[0].toolTip()

"""The King of the Hill pick badge is readable and names the pick in its tooltip."""

from __future__ import annotations

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game

from .helpers import open_window

KING = SCENARIOS / "t9a_encircle_king_of_the_hill.json"


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

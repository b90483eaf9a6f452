"""Set-up on the board: a unit not wholly inside its side's Deployment Zone is
flagged (a placement-error band, "!" badge and the distance under its name), the
turn bar counts them, and the flags go once the first turn starts."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import QApplication

from tabletop_gui.model import ObjectiveSpec
from tabletop_gui.model.game import Game
from tabletop_gui.model.pieces import Unit
from tabletop_gui.rules.scoreboard import Role
from tabletop_gui.rules.t9a.play import new_setup

from .helpers import open_window


def game() -> Game:
    setup = new_setup("frontline_clash", "t9a.hold_the_ground")
    a, b = setup.scene.sides
    units = [
        # 50 mm (1.97 in) deep, centred 0.5 in inside the edge of y < 12: its far
        # edge stands at 12.48, 0.48 in out.
        Unit("k", "Knights", a.id, 20, 11.5, base_width_mm=25, base_depth_mm=50),
        Unit("m", "Men-at-Arms", a.id, 40, 5, base_width_mm=25, base_depth_mm=25),
        Unit("o", "Orcs", b.id, 36, 24, base_width_mm=25, base_depth_mm=25),
    ]
    scene = setup.scene.with_pieces(units)

    return Game(
        replace(setup, scene=scene, objectives=(ObjectiveSpec("h", "t9a.hold_the_ground"),))
    )


def roles(window, uid: str) -> list[tuple[Role, str]]:
    return [(m.role, m.label) for m in window.scene.pieces[uid].marks]


def test_units_outside_their_zone_are_flagged_with_the_distance_until_the_game_starts(qtbot):
    window = open_window(qtbot, game())
    assert (Role.PLACEMENT_ERROR, "0.48 in outside its zone") in roles(window, "k")
    assert (Role.PLACEMENT_ERROR, "12.49 in outside its zone") in roles(window, "o")
    assert not any(r is Role.PLACEMENT_ERROR for r, _ in roles(window, "m"))
    bar = window.turn_bar
    assert bar.clock.text().endswith("· 2 units outside their Deployment Zone")
    bar.advance_button.click()
    QApplication.processEvents()
    assert not any(r is Role.PLACEMENT_ERROR for r, _ in roles(window, "k"))

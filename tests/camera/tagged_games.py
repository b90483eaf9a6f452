"""Small tagged games for the camera tests, written here (no third-party content)."""

from __future__ import annotations

from tabletop_gui.model import InchBoard, Scene, Setup, Side, Unit
from tabletop_gui.model.game import Game

RED = Side("red", "Red", "#d55e00")
BLUE = Side("blue", "Blue", "#0072b2")


def unit(uid: str, side: str, x: float, y: float, **kw) -> Unit:
    """A unit on a 50 x 50 mm base (about 2 x 2 in)."""
    return Unit(uid, uid, side, x, y, base_width_mm=50, base_depth_mm=50, **kw)


def game_of(units: list[Unit], width: float = 72, height: float = 48) -> Game:
    scene = Scene(board=InchBoard(width, height), sides=(RED, BLUE), units={u.id: u for u in units})
    return Game(Setup("t9a", scene, name="tagged table"))

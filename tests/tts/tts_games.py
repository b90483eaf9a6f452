"""Small games and saves for the Tabletop Simulator tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tabletop_gui.io.tts.write import white_png, write_save
from tabletop_gui.model import InchBoard, Marker, Scene, Setup, Side
from tabletop_gui.model.game import Game
from tabletop_gui.model.pieces import BaseShape, Unit
from tabletop_gui.model.state import GameState
from tabletop_gui.rules import replay

RED = Side("red", "Red Host", "#d55e00")
BLUE = Side("blue", "Blue Host", "#0072b2")
MM = 25.4


def unit(uid: str, side: str, x: float, y: float, facing: float = 0.0, **kw: Any) -> Unit:
    kw.setdefault("base_width_mm", 2 * MM)
    kw.setdefault("base_depth_mm", 1 * MM)
    return Unit(uid, kw.pop("name", uid.title()), side, x, y, facing=facing, **kw)


def battle() -> Game:
    """Four units at awkward facings and a marker on a 72 x 48 in board."""
    units = [
        unit("knights", "red", 10, 40, 90, models=5, models_per_rank=5, base_width_mm=25,
             base_depth_mm=50),
        unit("spears", "red", 50, 8, 37.5, name="Spearmen"),
        unit("hero", "blue", 36, 24, 181.3, name="Hero", base_shape=BaseShape.ROUND,
             base_width_mm=50),
        unit("scouts", "blue", 70.5, 46.9, 359.9, name="Scouts"),
    ]  # fmt: skip
    marker = Marker("obj", "objective", 36, 12, diameter_mm=40, label="Well")
    scene = Scene(
        board=InchBoard(72, 48),
        sides=(RED, BLUE),
        units={u.id: u for u in units},
        markers={marker.id: marker},
    )
    return Game(Setup("t9a", scene, name="Border Skirmish"))


def final(game: Game) -> GameState:
    return replay(game.setup, game.events)


def export(game: Game, path: Path) -> dict[str, Any]:
    """Write ``game``'s save at ``path`` (a plain white picture: no Qt here) and
    return it as JSON data."""
    write_save(path, game, final(game), white_png())
    return json.loads(path.read_text(encoding="utf-8"))


def by_nickname(save: dict[str, Any], nickname: str) -> dict[str, Any]:
    found = [o for o in save["ObjectStates"] if o.get("Nickname") == nickname]
    assert len(found) == 1, nickname
    return found[0]

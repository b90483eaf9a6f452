"""Small Memoir '44 scenario files written for these tests (never a published
scenario): builders for the .m44 JSON, the import, and hex names.

Hexes are named as Memoir names them: a letter (upper case on a long row, lower
case on a short row) and a row number counted from the bottom edge ("E5").
"""

from __future__ import annotations

import json
import string
from typing import Any

from tabletop_gui.io.m44 import M44Import, load
from tabletop_gui.io.m44.coords import parse_name
from tabletop_gui.model.game import Game
from tabletop_gui.model.hexgrid import Hex, HexBoard

ROWS = {"STANDARD": 9, "BRKTHRU": 17, "OVERLORD": 9}
AXIS, ALLIES = "axis", "allies"


def cell(name: str, board_type: str = "STANDARD") -> dict[str, int]:
    """The file's row and doubled col of a hex named like "E5" or "f4"."""
    index = string.ascii_uppercase.index(name[0].upper())
    return {
        "row": ROWS[board_type] - int(name[1:]),
        "col": 2 * index + (1 if name[0].islower() else 0),
    }


def hexagon(name: str, board_type: str = "STANDARD", **parts: Any) -> dict[str, Any]:
    """A hexagon entry: ``terrain="woods"``, ``unit="infger"``, ``tags=[...]``,
    ``rect_terrain="bridge"``, ``obstacle="wire"``; a dict value is used as given."""
    out: dict[str, Any] = cell(name, board_type)
    for key, value in parts.items():
        if key == "tags":
            out["tags"] = value
        else:
            out[key] = value if isinstance(value, dict) else {"name": value}
    return out


def medal(name: str = "medal1", group: list[str] | None = None, **props: Any) -> dict[str, Any]:
    """A medal tag; ``props`` become its ``medal`` object (none: a tag without properties)."""
    tag: dict[str, Any] = {"name": name}
    if group:
        tag["group"] = group
    if props:
        tag["medal"] = props
    return tag


def label(name: str, *lines: str, board_type: str = "STANDARD") -> dict[str, Any]:
    """A board label on the hex named ``name``, one text line per argument."""
    return {**cell(name, board_type), "text": list(lines)}


def sudden_death(side: str, group: list[str], number: int) -> dict[str, Any]:
    """``game_info.victory`` with one group sudden death."""
    return {"condition": [{"group_sudden_death": {"side": side, "group": group, "number": number}}]}


def exit_marker(side: str, group: list[str] | None = None) -> dict[str, Any]:
    return {"name": "tag4", "behavior": "EXIT_MARKER", "side": side, "group": group or []}


def scenario(
    *hexagons: dict[str, Any],
    board_type: str = "STANDARD",
    face: str = "COUNTRY",
    victory: tuple[int, int] = (4, 4),
    info: dict[str, Any] | None = None,
    text: dict[str, str] | None = None,
    labels: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A scenario: Axis (Germany) is player 1 at the top, Allies (United States)
    player 2 at the bottom, moving first; ``victory``: medals for player 1, 2."""
    game_info: dict[str, Any] = {
        "starting": "PLAYER2",
        "side_player1": "AXIS",
        "side_player2": "ALLIES",
        "country_player1": "DE",
        "country_player2": "US",
        "cards_player1": 4,
        "cards_player2": 5,
        "victory_player1": victory[0],
        "victory_player2": victory[1],
        **(info or {}),
    }
    return {
        "meta_data": {"scenario_id": "test"},
        "game_info": game_info,
        "board": {
            "type": board_type,
            "face": face,
            "hexagons": list(hexagons),
            "labels": labels or [],
        },
        "text": {"en": {"name": "Test scenario", **(text or {})}},
    }


def imported(data: dict[str, Any] | str | bytes) -> M44Import:
    raw = (
        data
        if isinstance(data, bytes)
        else (data.encode() if isinstance(data, str) else json.dumps(data).encode())
    )
    return load(raw, "test.m44")


def game_of(data: dict[str, Any]) -> Game:
    return imported(data).game


def hx(game: Game, name: str) -> Hex:
    """This program's hex for a Memoir hex name on the game's board."""
    board = game.setup.scene.board
    assert isinstance(board, HexBoard)
    h = parse_name(board, name)
    assert h is not None, name
    return h


def unit_on(game: Game, name: str) -> str:
    """The id of the unit standing on the hex named ``name``."""
    board = game.setup.scene.board
    assert isinstance(board, HexBoard)
    h = hx(game, name)
    found = [u.id for u in game.setup.scene.units.values() if board.point_to_hex(u.x, u.y) == h]
    assert len(found) == 1, (name, found)
    return found[0]

"""Files: the scenario/game JSON format (v1)."""

from tabletop_gui.io.errors import FileFormatError
from tabletop_gui.io.game_file import (
    dumps,
    game_from_json,
    game_to_json,
    load_game,
    loads,
    save_game,
)

__all__ = [
    "FileFormatError",
    "dumps",
    "game_from_json",
    "game_to_json",
    "load_game",
    "loads",
    "save_game",
]

"""The remembered mappings: which object of a community mod's save (by its GUID,
which TTS keeps from save to save) the user chose for which piece of which game,
kept in the program's data folder (``tts-mappings.json``) so that the next save
of the same game maps itself. The game is told by ``game_key``: the game as it
was set up (its family, board, and units and markers before the first event),
which every later file of the game keeps (a save imported adds events) and a
game set up otherwise does not. A piece is only matched again in that game, and
if it still has a piece of that id and name. Mappings of version 1 of the file
name no game: they are kept in the file but never used (they were used for any
game with such a piece, the wrong one too)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import asdict
from pathlib import Path

from tabletop_gui.io.armylists.bases import data_dir
from tabletop_gui.io.atomic import write_atomic
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model import limits
from tabletop_gui.model.game import Game

FILE_NAME = "tts-mappings.json"
#: The file's version: 2 added each mapping's ``game``.
FILE_VERSION = 2
#: At most this many mappings are kept (the oldest are forgotten first).
MAX_REMEMBERED = 10_000


@dataclass(frozen=True)
class Remembered:
    """The object ``guid`` (its Nickname then) was chosen for piece ``piece``
    (named ``piece_name``) of the game ``game`` (``game_key``; '' for a mapping
    from before games were told apart: never used)."""

    guid: str
    nickname: str
    piece: str
    piece_name: str
    game: str = ""


def game_key(game: Game) -> str:
    """Which game this is, as the remembered mappings tell games apart: its
    family, its board's size and its units and markers as set up (id, name,
    side, place, facing), hashed. Events never change it."""
    setup = game.setup
    scene = setup.scene
    parts = [setup.family, ",".join(f"{v:.4f}" for v in scene.board.extent)]
    parts += [f"u|{u.id}|{u.name}|{u.side}|{u.x:.4f}|{u.y:.4f}|{u.facing:.4f}"
              for u in scene.units.values()]  # fmt: skip
    parts += [f"m|{m.id}|{m.x:.4f}|{m.y:.4f}" for m in scene.markers.values()]
    return hashlib.sha256("\n".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:20]


def for_game(remembered: Iterable[Remembered], game: Game) -> list[Remembered]:
    """The mappings remembered for ``game`` (none of another game, none without one)."""
    key = game_key(game)
    return [r for r in remembered if r.game == key]


def memory_path() -> Path:
    return data_dir() / FILE_NAME


def recall(path: Path | None = None) -> list[Remembered]:
    """The remembered mappings; none when the file is missing or unreadable (it is
    the program's own note: a broken one is replaced by the next ``remember``)."""
    path = path or memory_path()
    try:
        raw = path.read_bytes()
        if len(raw) > limits.MAX_FILE_BYTES:
            return []
        data = json.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError):  # ValueError: not UTF-8, not JSON, 5,000 digits
        return []
    items = data.get("mappings") if isinstance(data, dict) else None
    out = []
    for item in items if isinstance(items, list) else []:
        if not isinstance(item, dict):
            continue
        guid, nickname, piece, piece_name, game = (
            item.get(k) for k in ("guid", "nickname", "piece", "piece_name", "game")
        )
        if not (isinstance(guid, str) and isinstance(piece, str) and guid and piece):
            continue
        if isinstance(nickname, str) and isinstance(piece_name, str):
            game = game if isinstance(game, str) else ""
            out.append(Remembered(guid, nickname, piece, piece_name, game))
    return out[-MAX_REMEMBERED:]


def remember(entries: Iterable[Remembered], path: Path | None = None) -> Path:
    """Add ``entries`` (an object already remembered for another piece of the
    same game is remembered for its new one) and write the file whole."""
    path = path or memory_path()
    new = [e for e in entries if e.guid and e.piece]
    keys = {(e.game, e.guid) for e in new}
    kept = [e for e in recall(path) if (e.game, e.guid) not in keys]
    every = [*kept, *new][-MAX_REMEMBERED:]
    body = {"version": FILE_VERSION, "mappings": [asdict(e) for e in every]}
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, (json.dumps(body, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
    return path

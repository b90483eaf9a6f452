"""The remembered mappings: which object of a community mod's save (by its GUID,
which TTS keeps from save to save) the user chose for which piece, kept in the
program's data folder (``tts-mappings.json``) so that the next save of the same
game maps itself. A piece is only matched again if the game still has a piece
of that id and name."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict
from pathlib import Path

from tabletop_gui.io.armylists.bases import data_dir
from tabletop_gui.io.atomic import write_atomic
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model import limits

FILE_NAME = "tts-mappings.json"
#: At most this many mappings are kept (the oldest are forgotten first).
MAX_REMEMBERED = 10_000


@dataclass(frozen=True)
class Remembered:
    guid: str
    nickname: str
    piece: str
    piece_name: str


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
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return []
    items = data.get("mappings") if isinstance(data, dict) else None
    out = []
    for item in items if isinstance(items, list) else []:
        if not isinstance(item, dict):
            continue
        values = [item.get(k) for k in ("guid", "nickname", "piece", "piece_name")]
        if all(isinstance(v, str) for v in values) and values[0] and values[2]:
            out.append(Remembered(*values))  # type: ignore[arg-type]
    return out[-MAX_REMEMBERED:]


def remember(entries: Iterable[Remembered], path: Path | None = None) -> Path:
    """Add ``entries`` (an object already remembered for another piece is
    remembered for its new one) and write the file whole."""
    path = path or memory_path()
    new = [e for e in entries if e.guid and e.piece]
    guids = {e.guid for e in new}
    kept = [e for e in recall(path) if e.guid not in guids]
    every = [*kept, *new][-MAX_REMEMBERED:]
    body = {"version": 1, "mappings": [asdict(e) for e in every]}
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, (json.dumps(body, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
    return path

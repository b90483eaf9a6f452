"""Pieces on the clipboard: the pieces copied, as the file format writes them
(so a copy pastes into another game too), and read back with a clear message
when the clipboard holds something else. The fields a family adds are read as
the pasting game's family declares them; another family's are left behind."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable

from tabletop_gui.io.codec import decode_dataclass, encode, json_value
from tabletop_gui.model import limits
from tabletop_gui.model.pieces import Marker, Piece, Terrain, Unit, Zone
from tabletop_gui.model.scene import Scene
from tabletop_gui.model.terms import PLAIN_TERMS, Terms

#: The clipboard's mime type for pieces (JSON: {"pieces": [{"kind", "piece"}]}).
MIME = "application/x-tabletop-gui-pieces"
KINDS: dict[str, type[Unit] | type[Marker] | type[Terrain] | type[Zone]] = {
    "unit": Unit,
    "marker": Marker,
    "terrain": Terrain,
    "zone": Zone,
}


def _kind(piece: Piece) -> str:
    return next(k for k, cls in KINDS.items() if isinstance(piece, cls))


def copy_text(scene: Scene, ids: Iterable[str]) -> str:
    """The pieces ``ids`` as the clipboard holds them ('' when none is a piece)."""
    wanted = set(ids)
    pieces = [  # in the board's order, whatever the order of selection
        p
        for coll in (scene.zones, scene.terrain, scene.markers, scene.units)
        for p in coll.values()
        if p.id in wanted
    ]
    if not pieces:
        return ""
    return json.dumps({"pieces": [{"kind": _kind(p), "piece": encode(p)} for p in pieces]})


def read(text: str, terms: Terms = PLAIN_TERMS) -> list[Piece]:
    """The pieces in clipboard text, with the fields the pasting game's family adds
    (``terms``); ValueError saying what is wrong with it."""
    try:
        data = json_value(text)  # a number of 5,000 digits is refused where it stands
    except json.JSONDecodeError as exc:
        raise ValueError(f"the clipboard holds no pieces ({exc.msg})") from None
    except RecursionError:
        raise ValueError("the clipboard holds no pieces (JSON nested too deeply)") from None
    items = data.get("pieces") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise ValueError("the clipboard holds no pieces")
    if len(items) > limits.MAX_PIECES:
        raise ValueError(
            f"the clipboard holds {len(items):,} pieces, more than a game may have "
            f"({limits.MAX_PIECES:,})"
        )
    out: list[Piece] = []
    for i, item in enumerate(items):
        cls = KINDS.get(str(item.get("kind"))) if isinstance(item, dict) else None
        if cls is None:
            raise ValueError(f"pieces[{i}]: not a unit, marker, terrain or zone")
        data = item.get("piece")
        if isinstance(data, dict):  # what this family does not read stays behind
            shared = {f.name for f in dataclasses.fields(cls) if f.init}
            data = {k: v for k, v in data.items() if k in shared or k in terms.fields_of(cls)}
        piece = decode_dataclass(cls, data, f"pieces[{i}].piece", terms=terms)
        problems = piece.validate()
        if problems:
            name, problem = problems[0]
            raise ValueError(f"pieces[{i}].piece.{name}: {problem}")
        out.append(piece)
    return out


def piece_count(text: str) -> str:
    """'3 pieces' copied in clipboard text."""
    n = len(json.loads(text).get("pieces", [])) if text else 0
    return "1 piece" if n == 1 else f"{n} pieces"

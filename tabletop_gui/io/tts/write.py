"""A game as a Tabletop Simulator save (docs/file-format.md, "Tabletop Simulator
saves"): the board as a locked plate of its true size showing a picture of its
zones and terrain, every unit on the table as a block of its footprint in its
side's colour, every marker on the table as a disc of its diameter.

The pieces are TTS ``Custom_Model`` objects built on two meshes written beside
the save, a box and a cylinder each 1 unit (1 in) across, so a piece's
``scale`` is its size in inches by construction. The plate's picture, the meshes
and a white texture for the pieces are written beside the save too and named by
``file:`` addresses (TTS's Cloud Manager ▸ Upload All puts them online for a
game with other players).

The plate's ``Memo`` (hidden notes TTS keeps with an object, which every player
can read) carries the game itself, so that ``import`` can read a later save of
it back without the game file: the players' game, without the values still face
down (``hidden``; they are listed as ``withheld``, and such a save is read back
into the game file). Every piece's ``Description`` starts with its id
(``ID_PREFIX``)."""

from __future__ import annotations

import hashlib
import json
import math
import os
import struct
import zlib
from pathlib import Path
from typing import Any

from tabletop_gui import __version__
from tabletop_gui.io.atomic import write_atomic
from tabletop_gui.io.game_file import game_to_json
from tabletop_gui.io.tts import mapping as m
from tabletop_gui.io.tts.hidden import players_game, withheld
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.game import Game
from tabletop_gui.model.names import piece_label, side_name
from tabletop_gui.model.pieces import MM_PER_INCH, BaseShape, Marker, Unit
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.engine import family_of

#: The first line of every piece's Description: ``tabletop-gui id: u12``.
ID_PREFIX = "tabletop-gui id: "
#: What the plate's Memo holds, and its version. Version 2 added ``withheld``
#: (the markers whose values the game in the Memo leaves out); version 1 saves
#: carry the whole game and read as before.
MEMO_FORMAT = "tabletop-gui tts"
MEMO_VERSION = 2
MEMO_VERSIONS_READ = (1, 2)
#: The plate's and the table's GMNotes: how a reader tells them from the pieces.
PLATE_NOTE = "tabletop-gui board"
TABLE_NOTE = "tabletop-gui table"
#: Inches of table around the board (the locked slab under the plate).
TABLE_MARGIN = 12.0
TABLE_COLOUR = "#3b3b3b"
MARKER_COLOUR = "#f2c200"
#: The board picture's resolution: TTS's guide keeps textures under 4096 px a side.
PICTURE_MAX_PX = 4096
PICTURE_PPI = 50.0


@dataclass(frozen=True)
class Assets:
    """Where the files beside the save are: the board picture, the box and the
    cylinder meshes and the pieces' white texture, as TTS addresses them."""

    board: str
    block: str
    round: str
    white: str


@dataclass(frozen=True)
class AssetPaths:
    """The files an export writes beside ``save``."""

    save: Path
    board: Path
    block: Path
    round: Path
    white: Path

    @classmethod
    def beside(cls, save: str | os.PathLike[str]) -> AssetPaths:
        path = Path(save)
        stem = path.name[: -len(path.suffix)] if path.suffix else path.name
        folder = path.parent
        return cls(
            save=path,
            board=folder / f"{stem}.board.png",
            block=folder / f"{stem}.block.obj",
            round=folder / f"{stem}.round.obj",
            white=folder / f"{stem}.white.png",
        )

    def assets(self) -> Assets:
        def url(p: Path) -> str:
            return p.resolve().as_uri()

        return Assets(url(self.board), url(self.block), url(self.round), url(self.white))

    def written(self) -> tuple[Path, ...]:
        return (self.board, self.block, self.round, self.white, self.save)


def picture_size(extent: tuple[float, float]) -> tuple[int, int]:
    """The board picture's size in pixels: PICTURE_PPI, less for a board so large
    that its long side would pass PICTURE_MAX_PX."""
    w, h = extent
    ppi = min(PICTURE_PPI, PICTURE_MAX_PX / max(w, h))
    return max(1, round(w * ppi)), max(1, round(h * ppi))


# -- the save -------------------------------------------------------------


def save_document(game: Game, state: GameState, assets: Assets) -> dict[str, Any]:
    """The save of ``state`` (the game after ``state.index`` events) as JSON data.
    ``game`` is the game up to that moment: the plate carries it."""
    scene = state.scene
    extent = scene.board.extent
    guids = _Guids()
    title = game.setup.name or "tabletop-gui board"
    objects: list[dict[str, Any]] = [
        _table(extent, assets, guids),
        _plate(game, state, assets, guids),
    ]
    for unit in scene.units.values():
        if unit.on_table:
            objects.append(_unit(state, unit, assets, guids))
    for marker in scene.markers.values():
        if marker.on_table:
            objects.append(_marker(state, marker, assets, guids))
    names = [s.name for s in scene.sides]
    south = f"side A ({names[0]})" if names else "side A"
    north = f"side B ({names[1]})" if len(names) > 1 else "side B"
    note = (
        f"{title}: exported by tabletop-gui {__version__} after {state.index} events.\n"
        f"1 unit = 1 in. {south} along -Z, {north} along +Z; the board's x runs along +X.\n"
        "Import a later save with: tabletop-gui import SAVE.json -o GAME.json"
    )
    return {
        "SaveName": title,
        "GameMode": "tabletop-gui",
        "Date": "",
        "VersionNumber": "",
        "GameType": "",
        "GameComplexity": "",
        "Tags": [],
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "Table_None",
        "Sky": "Sky_Museum",
        "Note": note,
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "TabStates": {},
        "Grid": {
            "Type": 0,
            "Lines": False,
            "Snapping": False,
            "Offset": False,
            "BothSnapping": False,
            "xSize": 1.0,
            "ySize": 1.0,
        },
        "ObjectStates": objects,
    }


def dumps(document: dict[str, Any]) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def write_save(
    path: str | os.PathLike[str], game: Game, state: GameState, board_png: bytes
) -> AssetPaths:
    """Write the save at ``path`` and its files beside it (each written whole or
    not at all; the save last, so a save never names a missing file)."""
    paths = AssetPaths.beside(path)
    document = save_document(game, state, paths.assets())
    write_atomic(paths.board, board_png)
    write_atomic(paths.block, block_mesh().encode("ascii"))
    write_atomic(paths.round, round_mesh().encode("ascii"))
    write_atomic(paths.white, white_png())
    write_atomic(paths.save, dumps(document).encode("utf-8"))
    return paths


# -- objects --------------------------------------------------------------


def _base(
    name: str,
    guid: str,
    pos: tuple[float, float, float],
    rot: float,
    scale: tuple[float, float, float],
    nickname: str,
    description: str,
    colour: dict[str, float],
    locked: bool,
) -> dict[str, Any]:
    x, y, z = pos
    sx, sy, sz = scale
    return {
        "GUID": guid,
        "Name": name,
        "Transform": {
            "posX": _n(x),
            "posY": _n(y),
            "posZ": _n(z),
            "rotX": 0.0,
            "rotY": _n(rot),
            "rotZ": 0.0,
            "scaleX": _n(sx),
            "scaleY": _n(sy),
            "scaleZ": _n(sz),
        },
        "Nickname": nickname,
        "Description": description,
        "GMNotes": "",
        "ColorDiffuse": colour,
        "Locked": locked,
        "Grid": False,
        "Snap": False,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "GridProjection": False,
        "Hands": False,
    }


def _mesh(url: str, texture: str, type_index: int) -> dict[str, Any]:
    return {
        "MeshURL": url,
        "DiffuseURL": texture,
        "NormalURL": "",
        "ColliderURL": "",
        "Convex": True,
        "MaterialIndex": 0,
        "TypeIndex": type_index,
        "CastShadows": True,
    }


def _table(extent: tuple[float, float], assets: Assets, guids: _Guids) -> dict[str, Any]:
    w, h = extent
    obj = _base(
        "Custom_Model", guids.of("(table)"),
        (0.0, m.TABLE_TOP_Y - 0.5, 0.0), 0.0, (w + 2 * TABLE_MARGIN, 1.0, h + 2 * TABLE_MARGIN),
        "Table", "The table under the board.", m.colour(TABLE_COLOUR), True,
    )  # fmt: skip
    obj["GMNotes"] = TABLE_NOTE
    obj["CustomMesh"] = _mesh(assets.block, assets.white, 0)
    return obj


def _plate(game: Game, state: GameState, assets: Assets, guids: _Guids) -> dict[str, Any]:
    scene = state.scene
    w, h = scene.board.extent
    names = [s.name for s in scene.sides]
    sides = f"; {names[0]} at -Z, {names[1]} at +Z" if len(names) >= 2 else ""
    obj = _base(
        "Custom_Model", guids.of("(board)"),
        (0.0, m.TABLE_TOP_Y + m.PLATE_THICKNESS / 2, 0.0), 0.0, (w, m.PLATE_THICKNESS, h),
        game.setup.name or "Board",
        f"The board, {w:g} x {h:g} in{sides}. Exported by tabletop-gui.",
        m.colour("#ffffff"), True,
    )  # fmt: skip
    obj["GMNotes"] = PLATE_NOTE
    hidden = withheld(game, state)  # every player can read a Memo
    memo = {
        "format": MEMO_FORMAT,
        "version": MEMO_VERSION,
        "withheld": list(hidden),
        "game": game_to_json(players_game(game, hidden)),
    }
    obj["Memo"] = json.dumps(
        memo,
        ensure_ascii=False,
        separators=(",", ":"),
    )
    obj["CustomMesh"] = _mesh(assets.block, assets.board, 4)
    return obj


def _unit(state: GameState, unit: Unit, assets: Assets, guids: _Guids) -> dict[str, Any]:
    scene = state.scene
    x, z = m.to_tts(scene.board.extent, unit.x, unit.y)
    height = m.BLOCK_HEIGHT.get(str(unit.height), m.BLOCK_HEIGHT["standard"])
    y = m.BOARD_TOP_Y + height / 2 + m.DROP_GAP
    round_base = unit.base_shape is BaseShape.ROUND
    if round_base:
        base = f"round {unit.base_width_mm:g} mm base"
    else:
        models = f"{unit.models} model{'' if unit.models == 1 else 's'}"
        base = f"{models}, {unit.base_width_mm:g} x {unit.base_depth_mm:g} mm bases"
    description = (
        f"{ID_PREFIX}{unit.id}\n{side_name(scene, unit.side)} · {base} · "
        f"{unit.width_in:.2f} x {unit.depth_in:.2f} in"
    )
    obj = _base(
        "Custom_Model", guids.of(unit.id), (x, y, z), m.rot_y(unit.facing),
        (unit.width_in, height, unit.depth_in), unit.name or unit.id, description,
        m.side_colour(scene.sides, unit.side), False,
    )  # fmt: skip
    obj["CustomMesh"] = _mesh(assets.round if round_base else assets.block, assets.white, 0)
    return obj


def _marker(state: GameState, marker: Marker, assets: Assets, guids: _Guids) -> dict[str, Any]:
    scene = state.scene
    x, z = m.to_tts(scene.board.extent, marker.x, marker.y)
    d = marker.diameter_mm / MM_PER_INCH
    y = m.BOARD_TOP_Y + m.MARKER_HEIGHT / 2 + m.DROP_GAP
    label = piece_label(marker) if marker.label else marker.kind.replace("_", " ").capitalize()
    hidden = family_of(state.setup).value_hidden(marker)  # face down: no value shown
    value = f" · {marker.value} VP" if marker.value is not None and not hidden else ""
    owner = f" · {side_name(scene, marker.side)}" if marker.side else ""
    description = (
        f"{ID_PREFIX}{marker.id}\n{label} marker · {marker.diameter_mm:g} mm{value}{owner}"
    )
    colour = m.side_colour(scene.sides, marker.side) if marker.side else m.colour(MARKER_COLOUR)
    obj = _base(
        "Custom_Model", guids.of(marker.id), (x, y, z), 0.0, (d, m.MARKER_HEIGHT, d),
        label, description, colour, False,
    )  # fmt: skip
    obj["CustomMesh"] = _mesh(assets.round, assets.white, 0)
    return obj


def _n(value: float) -> float:
    """A number as the save writes it: 6 decimals (a millionth of an inch), no -0."""
    out = round(float(value), 6)
    return 0.0 if out == 0 else out


class _Guids:
    """Six hex digits per piece, from its id: the same piece gets the same GUID in
    every export (TTS keeps an object's GUID from save to save)."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def of(self, key: str) -> str:
        for salt in range(1000):
            digest = hashlib.sha1(f"tabletop-gui:{salt}:{key}".encode()).hexdigest()[:6]
            if digest not in self.used:
                self.used.add(digest)
                return digest
        raise RuntimeError("no free GUID")  # 1000 collisions in 16 million: never


# -- the files beside the save -------------------------------------------


def block_mesh() -> str:
    """A box 1 unit each way centred on its origin (OBJ, right-handed as OBJ files
    are; TTS turns it into its left-handed world by mirroring x, as Unity's
    importers do). Its top face shows the whole texture, the texture's top edge
    toward +Z and its left edge toward -X in TTS."""
    # In the OBJ's coordinates TTS's X is -x: a corner at TTS (X, Z) is (-X, Z) here.
    lines = ["# tabletop-gui: a box 1 in each way (the board plate, a unit's block)"]
    corners = [(x, y, z) for x in (-0.5, 0.5) for y in (-0.5, 0.5) for z in (-0.5, 0.5)]
    lines += [f"v {x:g} {y:g} {z:g}" for x, y, z in corners]
    # Texture coordinates: the top face maps TTS X -> u, TTS Z -> v (u = 0.5 - x).
    lines += ["vt 0 0", "vt 1 0", "vt 1 1", "vt 0 1", "vt 0.5 0.5"]
    lines += ["vn 1 0 0", "vn -1 0 0", "vn 0 1 0", "vn 0 -1 0", "vn 0 0 1", "vn 0 0 -1"]

    def idx(x: float, y: float, z: float) -> int:
        return corners.index((x, y, z)) + 1

    def quad(pts: list[tuple[float, float, float]], uvs: list[int], normal: int) -> list[str]:
        a, b, c, d = (idx(*p) for p in pts)
        ta, tb, tc, td = uvs
        return [
            f"f {a}/{ta}/{normal} {b}/{tb}/{normal} {c}/{tc}/{normal}",
            f"f {a}/{ta}/{normal} {c}/{tc}/{normal} {d}/{td}/{normal}",
        ]

    flat = [5, 5, 5, 5]
    # Counter-clockwise seen from outside (right-handed), each face.
    top = [(0.5, 0.5, -0.5), (-0.5, 0.5, -0.5), (-0.5, 0.5, 0.5), (0.5, 0.5, 0.5)]
    # uv of each: x=0.5 -> u 0; x=-0.5 -> u 1; z=-0.5 -> v 0; z=0.5 -> v 1.
    lines += quad(top, [1, 2, 3, 4], 3)
    lines += quad(
        [(0.5, -0.5, 0.5), (-0.5, -0.5, 0.5), (-0.5, -0.5, -0.5), (0.5, -0.5, -0.5)], flat, 4
    )
    lines += quad([(0.5, -0.5, -0.5), (0.5, 0.5, -0.5), (0.5, 0.5, 0.5), (0.5, -0.5, 0.5)], flat, 1)
    lines += quad(
        [(-0.5, -0.5, 0.5), (-0.5, 0.5, 0.5), (-0.5, 0.5, -0.5), (-0.5, -0.5, -0.5)], flat, 2
    )
    lines += quad([(0.5, -0.5, 0.5), (0.5, 0.5, 0.5), (-0.5, 0.5, 0.5), (-0.5, -0.5, 0.5)], flat, 5)
    lines += quad(
        [(-0.5, -0.5, -0.5), (-0.5, 0.5, -0.5), (0.5, 0.5, -0.5), (0.5, -0.5, -0.5)], flat, 6
    )
    return "\n".join(lines) + "\n"


def round_mesh(segments: int = 48) -> str:
    """A cylinder 1 unit across and 1 unit tall centred on its origin (OBJ)."""
    lines = ["# tabletop-gui: a cylinder 1 in across, 1 in tall (a round base, a marker)"]
    ring = [
        (0.5 * math.cos(2 * math.pi * i / segments), 0.5 * math.sin(2 * math.pi * i / segments))
        for i in range(segments)
    ]
    lines += [f"v {x:.6f} 0.5 {z:.6f}" for x, z in ring]  # 1..n: the top ring
    lines += [f"v {x:.6f} -0.5 {z:.6f}" for x, z in ring]  # n+1..2n: the bottom ring
    lines += ["v 0 0.5 0", "v 0 -0.5 0", "vt 0.5 0.5"]
    top, bottom = 2 * segments + 1, 2 * segments + 2
    for i in range(segments):
        j = (i + 1) % segments
        a, b = i + 1, j + 1
        c, d = j + 1 + segments, i + 1 + segments
        # Counter-clockwise seen from outside: the ring runs counter-clockwise
        # seen from below (+x toward +z), so the top fan goes the other way.
        lines.append(f"f {top}/1 {b}/1 {a}/1")
        lines.append(f"f {bottom}/1 {d}/1 {c}/1")
        lines.append(f"f {a}/1 {b}/1 {c}/1")
        lines.append(f"f {a}/1 {c}/1 {d}/1")
    return "\n".join(lines) + "\n"


def white_png(size: int = 4) -> bytes:
    """A small white PNG: the pieces' texture, which their colour tints."""
    raw = b"".join(b"\x00" + b"\xff\xff\xff" * size for _ in range(size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )

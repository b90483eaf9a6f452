"""What is printed on a hex board: terrain per hex, the legend naming and
colouring each terrain kind, and text labels (town and river names).

Board data, not rules: no terrain here changes movement or combat. A hex may
carry several layers (a river and a bridge, a road and sandbags): the first
layer whose kind is not an ``overlay`` fills the hex, overlays are drawn on top
of it. docs/hex.md describes the fields; the Memoir '44 importer fills them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tabletop_gui.lazy_dataclass import dataclass

Hex = tuple[int, int]


@dataclass(frozen=True, slots=True)
class TerrainKind:
    """A legend entry: ``key`` (what hexes name), the name shown, a colour, and
    ``overlay``: drawn as a badge over the hex's ground rather than filling it."""

    key: str
    name: str
    colour: str = "#9e9e9e"
    overlay: bool = False


@dataclass(frozen=True, slots=True)
class HexTerrain:
    """One terrain layer on one hex: ``hex`` is ``[col, row]``, ``kind`` a legend key."""

    hex: Hex
    kind: str


@dataclass(frozen=True, slots=True)
class HexLabel:
    """Text printed on the board at a hex (a town's or a river's name)."""

    hex: Hex
    text: str


def _colour_problem(colour: str) -> str | None:
    if len(colour) == 7 and colour.startswith("#"):
        try:
            int(colour[1:], 16)
            return None
        except ValueError:
            pass
    return f"must be '#rrggbb', got {colour!r}"


def problems(
    terrain: Iterable[HexTerrain],
    legend: Iterable[TerrainKind],
    labels: Iterable[HexLabel],
    contains: Callable[[Hex], bool],
    ground: str = "",
) -> list[tuple[str, str]]:
    """Problems as (field path, message): a terrain or label off the board, a
    terrain kind (or the ground) missing from the legend, a legend key listed
    twice, a bad colour."""
    errors: list[tuple[str, str]] = []
    keys: list[str] = []
    for i, kind in enumerate(legend):
        if not kind.key:
            errors.append((f"legend[{i}].key", "must not be empty"))
        elif kind.key in keys:
            errors.append((f"legend[{i}].key", f"{kind.key!r} is listed twice"))
        keys.append(kind.key)
        bad = _colour_problem(kind.colour)
        if bad:
            errors.append((f"legend[{i}].colour", bad))
    known = set(keys)
    if ground and ground not in known:
        listed = ", ".join(sorted(known)) or "none"
        errors.append(("ground", f"{ground!r} is not in the legend (keys: {listed})"))
    for i, layer in enumerate(terrain):
        if not contains(layer.hex):
            where = f"hex {layer.hex[0]},{layer.hex[1]}"
            errors.append((f"terrain[{i}].hex", f"{where} is not on the board"))
        if layer.kind not in known:
            listed = ", ".join(sorted(known)) or "none"
            problem = f"{layer.kind!r} is not in the legend (keys: {listed})"
            errors.append((f"terrain[{i}].kind", problem))
    for i, label in enumerate(labels):
        if not contains(label.hex):
            where = f"hex {label.hex[0]},{label.hex[1]}"
            errors.append((f"labels[{i}].hex", f"{where} is not on the board"))
    return errors


def layers_by_hex(terrain: Iterable[HexTerrain]) -> dict[Hex, list[str]]:
    """The terrain kinds of each hex, in the order listed."""
    out: dict[Hex, list[str]] = {}
    for layer in terrain:
        out.setdefault(layer.hex, []).append(layer.kind)
    return out

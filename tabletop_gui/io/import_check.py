"""Every imported game goes through the loader's own checks before anyone sees
it, so an import that reports success never writes a game the program refuses
to open. What can be repaired is repaired with a note: text another program's
file gave that a game file cannot hold (control characters removed, text past
its limit cut), sides missing from a game its family plays with more (added,
named "Side 2"...). Anything else the loader refuses refuses the import, naming
the place the loader names (``(import)``: a defect of the importer or of the
file, said either way)."""

from __future__ import annotations

from typing import Any

from tabletop_gui.io.errors import FileFormatError
from tabletop_gui.io.game_file import game_from_json, game_to_json
from tabletop_gui.model import limits
from tabletop_gui.model.game import Game
from tabletop_gui.model.scene import Scene, Setup
from tabletop_gui.rules.engine import RuleError, family_of

#: Colours of the sides an import adds (the Okabe-Ito palette the program's sides use).
ADDED_COLOURS = ("#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#f0e442", "#000000")
#: At most this many places are named per kind of repair.
NAMED = 5


def checked_game(
    game: Game, notes: tuple[str, ...], source: str = ""
) -> tuple[Game, tuple[str, ...]]:
    """``game`` as the loader reads it back, repaired where it can be, and
    ``notes`` with a line per kind of repair; FileFormatError where the loader
    refuses it even so."""
    data, repaired = cleaned_json(game_to_json(game))
    added = _add_sides(data)
    try:
        loaded = game_from_json(data)
    except FileFormatError as exc:
        raise FileFormatError(
            "(import)", f"the game made from it is refused: {exc.path}: {exc.problem}", source
        ) from None
    out = [*notes, *repaired]
    if added:
        were = "a second side was" if added == ["Side 2"] else ", ".join(added) + " were"
        out.append(f"{were} added: the family plays with {len(data['sides'])} sides")
    return loaded, tuple(out)


def cleaned_json(data: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """A game's JSON with each text made fit to be read (``limits.cleaned``), and
    a line per kind of repair naming where."""
    repairs: dict[str, list[str]] = {}
    out = _cleaned(data, "", repairs)
    lines = []
    for what, paths in repairs.items():
        more = f" and {len(paths) - NAMED:,} more" if len(paths) > NAMED else ""
        lines.append(f"{what} in {', '.join(paths[:NAMED])}{more}")
    return out, lines


def _cleaned(value: Any, path: str, repairs: dict[str, list[str]]) -> Any:
    """``value`` (a game's JSON) with each text made fit (``limits.cleaned``)."""
    if isinstance(value, str):
        limit = limits.MAX_NOTES if path == "notes" else limits.MAX_TEXT
        text, done = limits.cleaned(value, limit)
        for what in done:
            repairs.setdefault(what.split(" from ")[0], []).append(path or "(file)")
        return text
    if isinstance(value, list):
        return [_cleaned(v, f"{path}[{i}]", repairs) for i, v in enumerate(value)]
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            key = _cleaned(k, path, repairs) if isinstance(k, str) else k
            out[key] = _cleaned(v, f"{path}.{key}" if path else str(key), repairs)
        return out
    return value


def _add_sides(data: dict[str, Any]) -> list[str]:
    """Sides added to ``data`` up to the number its family plays with; their names."""
    try:
        family = family_of(Setup(str(data.get("family")), Scene()))
    except RuleError:
        return []  # the loader names the family
    needed = getattr(family, "side_count", None)
    sides = data.get("sides")
    if not isinstance(needed, int) or not isinstance(sides, list) or len(sides) >= needed:
        return []
    used = {s.get("id") for s in sides if isinstance(s, dict)}
    colours = [c for c in ADDED_COLOURS if c not in {s.get("colour") for s in sides}]
    added = []
    n = len(sides)
    while len(sides) < needed:
        n += 1
        sid = f"side-{n}"
        while sid in used:
            sid += "-x"
        used.add(sid)
        sides.append({"id": sid, "name": f"Side {n}", "colour": colours.pop(0)})
        added.append(f"Side {n}")
    return added

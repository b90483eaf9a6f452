"""Read a Memoir '44 scenario (.m44, the scenario editor's JSON) into a hex game.

What it makes (docs/hex.md, "Memoir '44 scenarios"): the board of the file's
type with its terrain, legend and labels; the two sides named by country (by
side where no country is given), player 2's side first (the bottom edge, as
printed); the units on their hexes; one objective per medal tag, one exit
objective per side with exit markers, one per sudden-death condition; the
medals to win as each side's banner target; the scenario's texts as the
game's briefing.

Bad input: a file that is not a scenario at all (no board, an unknown board
type or side) is refused with a FileFormatError naming the field; anything
else the program cannot use (an unknown unit, terrain or tag, a hex off the
board, a medal whose data says nothing) is imported with a problem that names
it: the problems are returned, and listed in the briefing ("Import problems")
so the window shows them. A medal tag without properties is imported as the
plainest medal and flagged (``unconfirmed``) on its objective.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import field
from typing import Any

from tabletop_gui.io.codec import encode, json_value
from tabletop_gui.io.errors import FileFormatError, json_error, not_text
from tabletop_gui.io.game_file import FORMAT_NAME, FORMAT_VERSION, game_from_json
from tabletop_gui.io.import_check import cleaned_json
from tabletop_gui.io.m44 import catalogue as cat
from tabletop_gui.io.m44 import coords, text_checks
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model import limits
from tabletop_gui.model.game import Game
from tabletop_gui.model.hexboards import BOARD_TYPES
from tabletop_gui.model.hexgrid import Hex, HexBoard
from tabletop_gui.model.hexterrain import HexLabel, HexTerrain, TerrainKind
from tabletop_gui.model.pieces import MM_PER_INCH

#: A hex unit's base: this fraction of the hex size, as the palette's hex units.
UNIT_FRACTION = 0.8
#: Briefing section titles, in the order shown.
TEXTS = (
    ("subtitle", "Subtitle"),
    ("historical", "Historical background"),
    ("description", "Briefing"),
    ("rules", "Special rules"),
    ("victory", "Victory"),
)
PROBLEMS_TITLE = "Import problems"
ADJECTIVES = {"axis": "Axis", "allies": "Allied"}
#: Overlays that name the place they stand on (a medal on a bridge is the bridge's).
NAMING_OVERLAYS = {"bridge", "bunker"}


@dataclass(frozen=True)
class M44Import:
    """The game read from a scenario, one line saying what it holds, and the
    problems the user should know about (also in the game's briefing)."""

    game: Game
    summary: str
    problems: tuple[str, ...] = ()


def sniff(data: bytes, name: str = "") -> bool:
    """Whether ``data`` is a Memoir '44 scenario: a JSON object with a board of
    hexagons and game information (the name is not consulted). A JSON object that
    does not parse but names ``"game_info"`` (Memoir's own key) is one too, cut
    short or mistyped: ``load`` names the line and column."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    if not head.startswith(b"{") or b"game_info" not in data:
        return False
    try:
        value = json_value(data.decode("utf-8-sig"))
    except json.JSONDecodeError:
        return b'"game_info"' in data
    except (UnicodeDecodeError, RecursionError):
        return False
    return (
        isinstance(value, dict)
        and isinstance(value.get("game_info"), dict)
        and isinstance(value.get("board"), dict)
        and "hexagons" in value["board"]
    )


def load(data: bytes, source: str = "") -> M44Import:
    """The game of a .m44 scenario. Raises FileFormatError for a file that is
    not one; everything else it cannot use is a problem in the result."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        err = not_text(data, exc.start)
        raise FileFormatError(err.path, err.problem, source) from None
    try:
        value = json_value(text)
    except json.JSONDecodeError as exc:
        raise json_error(exc, source) from None
    except RecursionError:
        raise FileFormatError("(file)", "nested too deeply", source) from None
    try:
        return _Builder(value).build()
    except FileFormatError as exc:
        raise FileFormatError(exc.path, exc.problem, source) from None


# -- helpers ---------------------------------------------------------------


def _items(value: Any, path: str) -> Iterator[tuple[str, Any]]:
    """A list, or an object keyed by index (or holding the list in ``item``):
    (path, item) for each item, in order."""
    if isinstance(value, dict) and "item" in value:
        value, path = value["item"], f"{path}.item"
        if isinstance(value, dict):  # one item alone
            value = [value]
    if isinstance(value, list):
        for i, item in enumerate(value):
            yield f"{path}[{i}]", item
    elif isinstance(value, dict):
        for key, item in value.items():
            yield f"{path}.{key}", item


def _whole(value: Any) -> int | None:
    """A whole number from a number or digits, else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    digits = value.strip().lstrip("-") if isinstance(value, str) else ""
    if digits.isdecimal():  # past 18 digits no count or place: not int() of 5,000 digits
        return int(value.strip()) if len(digits) <= 18 else None
    return None


def _flag(value: Any) -> bool | None:
    """True / false from a flag, a 0/1 or "true"/"false"; None if it is neither."""
    if isinstance(value, bool):
        return value
    if value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in ("true", "false", "1", "0"):
        return value.strip().lower() in ("true", "1")
    return None


def _shown(value: Any) -> str:
    """A value of the file as a message shows it: at most 40 characters."""
    shown = repr(value) if isinstance(value, str | int | float | bool) else type(value).__name__
    return shown if len(shown) <= 40 else shown[:37] + "..."


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def label_text(lines: list[Any]) -> str:
    """A label's lines as one name: a line ending in a dash runs on into the next
    ("Colleville-", "sur-Mer" is "Colleville-sur-Mer"), other lines are joined by
    a space, and stray spaces are dropped."""
    out = ""
    for line in lines:
        part = re.sub(r"\s+", " ", str(line)).strip()
        if not part:
            continue
        out += part if not out or out.endswith("-") else f" {part}"
    return re.sub(r"(?<=\w)-\s+(?=\w)", "-", out)


def _slug(text: str) -> str:
    """Lower-case letters, digits and dashes, at most 40 of them (an id's part)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower())[:40].strip("-") or "x"


def _free(base: str, taken: set[str]) -> str:
    name, n = base, 2
    while name in taken:
        name, n = f"{base}-{n}", n + 1
    taken.add(name)
    return name


@dataclass
class _Medal:
    """What a medal tag says, before it becomes an objective."""

    path: str
    tag: str
    hexes: list[Hex]
    sides: list[str]
    params: dict[str, Any] = field(default_factory=dict)
    unconfirmed: str = ""


class _Builder:
    def __init__(self, data: Any) -> None:
        if not isinstance(data, dict):
            raise FileFormatError("(file)", "expected a JSON object (a .m44 scenario)")
        self.data = data
        self.problems: list[str] = []
        self.info = self._object("game_info")
        self.board_data = self._object("board")
        self.board_type = self._board_type()
        self.board = BOARD_TYPES[self.board_type].board()
        self.sides = self._sides()  # file side (AXIS / ALLIES) -> side id
        self.layers: list[HexTerrain] = []
        self.kinds: dict[str, TerrainKind] = {}
        self.units: list[dict[str, Any]] = []
        self.unit_at: dict[Hex, str] = {}
        self.no_medal: dict[str, int] = {}
        self.cannot_exit: dict[str, list[str]] = {}
        self.medals: list[_Medal] = []
        self.exits: dict[str, list[Hex]] = {}
        self.labels: list[HexLabel] = []
        self._counts: dict[tuple[str, str], int] = {}
        #: Medal objective id -> the label printed on its own hex; the ids of
        #: medals whose data had no properties.
        self.medal_labels: dict[str, str] = {}
        self.bare: set[str] = set()
        self._countries: dict[str, str] = {}
        self._face_said = False

    # -- the top ----------------------------------------------------------
    def _object(self, key: str) -> dict[str, Any]:
        value = self.data.get(key)
        if not isinstance(value, dict):
            got = "missing" if value is None else f"expected an object, got {type(value).__name__}"
            raise FileFormatError(key, f"{got}: not a Memoir '44 scenario")
        return value

    def _board_type(self) -> str:
        raw = self.board_data.get("type", "STANDARD")
        key = cat.BOARD_TYPES.get(str(raw).upper())
        if key is None:
            known = ", ".join(cat.BOARD_TYPES)
            raise FileFormatError(
                "board.type", f"unknown board type {_shown(raw)} (known: {known})"
            )
        return key

    def _sides(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for player in ("player1", "player2"):
            path = f"game_info.side_{player}"
            raw = self.info.get(f"side_{player}")
            side = str(raw).upper() if raw is not None else ""
            if side not in cat.SIDES:
                known = " or ".join(cat.SIDES)
                what = "missing" if raw is None else f"unknown side {_shown(raw)}"
                raise FileFormatError(path, f"{what} (a side is {known})")
            if side in out:
                raise FileFormatError(path, f"both players are {side}")
            out[side] = side.lower()
        return out

    def side_of_player(self, player: str) -> str:
        return str(self.info[f"side_{player}"]).upper()

    def where(self, h: Hex) -> str:
        return coords.name_of(self.board, h)

    def problem(self, text: str) -> None:
        self.problems.append(text)

    # -- build ------------------------------------------------------------
    def build(self) -> M44Import:
        self._hexagons()
        self._ground()
        self._labels()
        objectives = [*self._medal_objectives(), *self._exit_objectives(), *self._sudden_death()]
        objectives = self._read_texts(objectives)
        settings = self._settings()
        name = self._name()
        briefing = self._briefing()
        ground = self._ground_key()
        board = HexBoard(
            rows=self.board.rows,
            long_row=self.board.long_row,
            sections=self.board.sections,
            terrain=tuple(self.layers),
            legend=tuple(self.kinds.values()),
            labels=tuple(self.labels),
            ground=ground,
        )
        data: dict[str, Any] = {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "family": "hex",
            "name": name,
            "notes": f"Imported from a Memoir '44 scenario ({self.board_type} board).",
            "settings": settings,
            "board": {"kind": "hex", **encode(board)},
            "sides": self._side_list(),
            "units": self.units,
            "objectives": objectives,
            "briefing": briefing,
        }
        # The file's own text (names, labels, the briefing) made fit for a game file.
        data, repaired = cleaned_json(data)
        self.problems += repaired
        if self.problems:
            text = "\n".join(f"- {p}" for p in self.problems)
            data["briefing"][PROBLEMS_TITLE] = limits.cleaned(text)[0]
        try:
            game = game_from_json(data)
        except FileFormatError as exc:  # a defect of this importer: say where
            raise FileFormatError(
                "(import)", f"the game made from it is refused: {exc.path}: {exc.problem}"
            ) from None
        unconfirmed = sum(1 for o in objectives if o["params"].get("unconfirmed"))
        summary = (
            f"{name}: {BOARD_TYPES[self.board_type].title} board, "
            f"{_count(len(self.units), 'unit')}, {_count(len(objectives), 'objective')}"
            + (f" ({unconfirmed} unconfirmed)" if unconfirmed else "")
            + (f"; {_count(len(self.problems), 'problem')}" if self.problems else "")
        )
        return M44Import(game, summary, tuple(self.problems))

    # -- hexes ------------------------------------------------------------
    def _hexagons(self) -> None:
        hexagons = self.board_data.get("hexagons")
        if not isinstance(hexagons, list | dict):
            raise FileFormatError("board.hexagons", "expected a list of hexagons")
        self.with_terrain: set[Hex] = set()
        for path, item in _items(hexagons, "board.hexagons"):
            if not isinstance(item, dict):
                self.problem(f"{path}: expected an object, got {item!r:.40}: left out")
                continue
            row, col = _whole(item.get("row")), _whole(item.get("col"))
            h = (
                coords.from_file(self.board, row, col)
                if row is not None and col is not None
                else None
            )
            if h is None:
                self.problem(
                    f"{path}: row {item.get('row')!r:.40}, col {item.get('col')!r:.40} is not "
                    f"a hex of the {self.board_type} board: left out"
                )
                continue
            for key in ("terrain", "rect_terrain", "obstacle"):
                if key in item:
                    self._terrain(path, h, key, item[key])
            if "unit" in item:
                self._unit(path, h, item["unit"])
            if "tags" in item:
                self._tags(path, h, item["tags"])

    def _terrain(self, path: str, h: Hex, key: str, tile: Any) -> None:
        if not isinstance(tile, dict) or not isinstance(tile.get("name"), str):
            self.problem(f"{path}.{key}: expected a tile with a name: left out")
            return
        name = tile["name"]
        if key == "rect_terrain" and name in cat.TERRAIN_UNITS:
            owner = self.side_of_player("player2")
            self._place(path, h, cat.TERRAIN_UNITS[name], owner, "", name)
            return
        behaviour = tile.get("behavior")
        kind = cat.terrain_kind(name, behaviour if isinstance(behaviour, str) else None)
        if kind is None:
            kind = f"unknown-{_slug(name)}"
            if kind not in self.kinds:
                self.kinds[kind] = TerrainKind(
                    kind, f"Unknown terrain {name!r}", cat.UNKNOWN_COLOUR, overlay=key != "terrain"
                )
            self.problem(
                f"hex {self.where(h)}: unknown terrain {name!r} ({path}.{key}): drawn in "
                "magenta as 'Unknown terrain'"
            )
        else:
            self.kinds.setdefault(kind, cat.KINDS[kind])
        if key == "terrain":
            self.with_terrain.add(h)
        self.layers.append(HexTerrain(h, kind))

    def _ground(self) -> None:
        """The beach and ocean rows of a BEACH board, where no terrain is printed."""
        if self._face() != "BEACH":
            return
        rows = cat.BEACH_ROWS[self.board_type]
        extra = []
        for h in self.board.hexes():
            file_row, _ = coords.to_file(self.board, h)
            kind = rows.get(file_row)
            if kind is not None and h not in self.with_terrain:
                self.kinds.setdefault(kind, cat.KINDS[kind])
                extra.append(HexTerrain(h, kind))
        self.layers = extra + self.layers

    def _face(self) -> str:
        raw = self.board_data.get("face", "COUNTRY")
        face = str(raw).upper()
        if face not in cat.FACES:
            if not self._face_said:
                self._face_said = True
                self.problem(f"board.face: unknown board face {raw!r}: drawn as countryside")
            return "COUNTRY"
        return face

    def _ground_key(self) -> str:
        """The ground's legend key, first in the legend."""
        key = cat.FACES[self._face()]
        self.kinds = {key: cat.KINDS[key], **self.kinds}
        return key

    def _labels(self) -> None:
        for path, item in _items(self.board_data.get("labels") or [], "board.labels"):
            if not isinstance(item, dict):
                continue
            row, col = _whole(item.get("row")), _whole(item.get("col"))
            h = (
                coords.from_file(self.board, row, col)
                if row is not None and col is not None
                else None
            )
            lines = item.get("text")
            parts = [lines] if isinstance(lines, str) else lines if isinstance(lines, list) else []
            text = label_text(parts)
            if not text:
                continue  # an empty label: the editor leaves them behind
            if h is None:
                self.problem(f"{path}: label {text!r} is not on a hex of the board: left out")
                continue
            self.labels.append(HexLabel(h, text))

    # -- units ------------------------------------------------------------
    def _unit(self, path: str, h: Hex, unit: Any) -> None:
        if not isinstance(unit, dict) or not isinstance(unit.get("name"), str):
            self.problem(f"hex {self.where(h)}: {path}.unit has no name: left out")
            return
        name = unit["name"].strip()
        low = name.lower()
        utype = next((t for t in cat.UNIT_TYPES if low.startswith(t.prefix)), None)
        nation_code = low[len(utype.prefix) :] if utype else ""
        if utype is None:  # an unknown type: its nation may still say whose it is
            nation_code = next(
                (n for n in sorted(cat.NATIONS, key=len, reverse=True) if low.endswith(n)), ""
            )
        nation = cat.NATIONS.get(nation_code)
        if nation is None:
            self.problem(
                f"hex {self.where(h)}: unit {name!r} ({path}.unit): its nation is not known, "
                "so neither is its side: left out"
            )
            return
        badge = str(unit.get("badge") or "").lower().removeprefix("badge")
        special = cat.BADGES.get(badge, "")
        if utype is None:
            self.problem(
                f"hex {self.where(h)}: unknown unit type {name!r} ({path}.unit): placed as an "
                f"'Unknown unit' of the {cat.SIDES[nation.side]}"
            )
            utype = cat.UnitType(low, "", f"Unknown unit {name!r}")
            special = ""
        figures = self._figures(path, h, unit, utype, special)
        if utype.prefix == "tank2" and figures == 1:
            utype = cat.TIGER  # an elite armour unit of one figure (as Memoir reads it)
        uid = self._place(path, h, utype, nation.side, special, nation.adjective, figures)
        if uid and unit.get("behavior") == "CANNOT_EXIT":
            self.cannot_exit.setdefault(self.sides[nation.side], []).append(uid)

    def _figures(
        self, path: str, h: Hex, unit: dict[str, Any], utype: cat.UnitType, special: str
    ) -> int | None:
        """The unit's figures: its ``nbr_units``, else its badge's or type's count."""
        raw = unit.get("nbr_units")
        if raw is not None:
            n = _whole(raw)
            if n is not None and 1 <= n <= 99:
                return n
            self.problem(
                f"hex {self.where(h)}: {path}.unit.nbr_units: expected a whole number of "
                f"figures from 1 to 99, got {_shown(raw)}: its type's count applies"
            )
        return cat.BADGE_FIGURES.get(special, utype.figures)

    def _place(
        self,
        path: str,
        h: Hex,
        utype: cat.UnitType,
        side: str,
        special: str,
        adjective: str,
        figures: int | None = None,
    ) -> str | None:
        if h in self.unit_at:
            self.problem(
                f"hex {self.where(h)}: a second unit ({path}) where {self.unit_at[h]} stands: "
                "left out"
            )
            return None
        side_id = self.sides[side]
        title = special or utype.name
        key = (side_id, title)
        self._counts[key] = self._counts.get(key, 0) + 1
        taken = {u["id"] for u in self.units}
        uid = _free(f"{side_id}-{_slug(title)}-{self._counts[key]}", taken)
        label = (
            f"{adjective} {title}".strip()
            if utype.prefix in {t.prefix for t in cat.UNIT_TYPES}
            else title
        )
        x, y = self.board.hex_to_point(h)
        mm = round(UNIT_FRACTION * self.board.hex_size * MM_PER_INCH, 1)
        unit: dict[str, Any] = {
            "id": uid,
            "name": f"{label} {self._counts[key]}",
            "side": side_id,
            "x": x,
            "y": y,
            "base_width_mm": mm,
            "base_depth_mm": mm,
        }
        if utype.kind:
            unit["kind"] = utype.kind
        figures = figures if figures is not None else utype.figures
        if figures is not None:
            unit["figures"] = figures
        if special or utype.special:
            unit["special"] = special or utype.special
        self.units.append(unit)
        self.unit_at[h] = unit["name"]
        if special in cat.NO_MEDAL or utype.name in cat.NO_MEDAL:
            self.no_medal[uid] = 0
        return uid

    # -- tags -------------------------------------------------------------
    def _tags(self, path: str, h: Hex, tags: Any) -> None:
        for tpath, tag in _items(tags, f"{path}.tags"):
            if not isinstance(tag, dict) or not isinstance(tag.get("name"), str):
                self.problem(f"hex {self.where(h)}: {tpath} is not a tag with a name: left out")
                continue
            name, raw = tag["name"], tag.get("behavior")
            behaviour = raw if isinstance(raw, str) else None  # a list or object names nothing
            if name.startswith("medal"):
                self._medal(tpath, h, tag)
            elif behaviour == cat.EXIT_MARKER:
                self._exit(tpath, h, tag)
            elif behaviour in cat.MINE_FIELDS:
                self.kinds.setdefault("minefield", cat.KINDS["minefield"])
                self.layers.append(HexTerrain(h, "minefield"))
                if behaviour != "MINE_FIELD":
                    self.problem(
                        f"hex {self.where(h)}: a decoy-medal mine field ({tpath}): drawn as a "
                        "minefield; its medal is not scored"
                    )
            elif name in cat.QUIET_TAGS:
                continue
            elif name in cat.EXIT_PICTURES:
                self.problem(
                    f"hex {self.where(h)}: exit marker picture {name!r} without exit data "
                    f"({tpath}): not scored; if the victory text makes it an exit, add a "
                    "Memoir '44 exit objective in Game > Objectives"
                )
            else:
                what = f" (behaviour {_shown(raw)})" if raw else ""
                self.problem(f"hex {self.where(h)}: unknown tag {name!r}{what} ({tpath}): ignored")

    def _group(self, path: str, h: Hex, group: Any) -> list[Hex]:
        hexes = [h]
        for gpath, name in _items(group or [], f"{path}.group"):
            if isinstance(name, str):
                why = coords.name_problem(self.board, name)
            else:
                why = f"{name!r} is not a hex name"
            g = coords.parse_name(self.board, name) if why is None else None
            if g is None:
                self.problem(f"{gpath}: {why}: left out of the group")
            elif g not in hexes:
                hexes.append(g)
        return hexes

    def _medal(self, path: str, h: Hex, tag: dict[str, Any]) -> None:
        name = tag["name"]
        allies, axis = self.sides["ALLIES"], self.sides["AXIS"]
        if name == cat.BOTH_MEDAL:
            sides = [allies, axis]  # where both qualify, Memoir gives it to the Allies
        else:
            sides = [allies] if name in cat.ALLIED_MEDALS else [axis]
        medal = _Medal(path, name, self._group(path, h, tag.get("group")), sides)
        props = tag.get("medal")
        if not isinstance(props, dict):
            who = " and ".join(s.capitalize() for s in sides)
            medal.unconfirmed = (
                f"the scenario's data gives medal {name!r} on {self.where(h)} no properties; "
                f"it is scored as a temporary medal for {who}, one banner while a unit holds "
                f"any of its {len(medal.hexes)} hex(es)."
            )
            self.medals.append(medal)
            return
        for key, param in (
            ("permanent", "permanent"),
            ("turn_start", "turn_start"),
            ("majority", "majority"),
            ("sole_control", "sole_control"),
            ("last_to_occupy", "last_to_occupy"),
            ("any_hex", "any_hex"),
        ):
            if key in props:
                value = _flag(props[key])
                if value is None:
                    self.problem(
                        f"{path}.medal.{key}: expected true or false, got "
                        f"{props[key]!r}: false applies"
                    )
                elif value:
                    medal.params[param] = True
        for key, param in (("counts_for", "counts_for"), ("nbr_hex", "need")):
            if key in props:
                number = _whole(props[key])
                if number is None or number < 1:
                    self.problem(
                        f"{path}.medal.{key}: expected a whole number >= 1, got "
                        f"{props[key]!r}: 1 applies"
                    )
                elif number > 1:
                    medal.params[param] = number
        need = medal.params.get("need", 1)
        if need > len(medal.hexes):
            self.problem(
                f"{path}.medal.nbr_hex: {need} hexes of a group of {len(medal.hexes)}: "
                f"{len(medal.hexes)} applies"
            )
            medal.params["need"] = len(medal.hexes)
        favoured = str(props.get("side") or "").upper()
        if favoured and favoured not in self.sides:
            self.problem(f"{path}.medal.side: unknown side {props['side']!r}: ignored")
        elif favoured:
            fav = self.sides[favoured]
            if medal.params.get("majority"):
                if fav in medal.sides:
                    medal.sides = [fav]
                else:
                    self.problem(
                        f"{path}.medal.side: {favoured} may not gain medal {name!r}: ignored"
                    )
            if medal.params.get("any_hex") and fav in medal.sides:
                medal.sides = [fav] + [s for s in medal.sides if s != fav]
        self.medals.append(medal)

    def _exit(self, path: str, h: Hex, tag: dict[str, Any]) -> None:
        side = str(tag.get("side") or "").upper()
        if side not in self.sides:
            self.problem(
                f"hex {self.where(h)}: exit marker {tag['name']!r} ({path}) names no side "
                f"({tag.get('side')!r}): not scored"
            )
            return
        hexes = self.exits.setdefault(self.sides[side], [])
        hexes += [g for g in self._group(path, h, tag.get("group")) if g not in hexes]

    # -- objectives -------------------------------------------------------
    def _own_label(self, hexes: list[Hex]) -> tuple[str, Hex] | None:
        """The label printed on one of ``hexes`` (the first such), and its hex.
        A neighbour's label is never taken: two towns side by side would share
        one name."""
        labels = {lab.hex: lab.text for lab in self.labels}
        return next(((labels[h], h) for h in hexes if h in labels), None)

    def _place_name(self, hexes: list[Hex]) -> str:
        """A medal's name: the label printed on one of its hexes, else what stands
        on its first hex (a bridge or bunker before the ground under it), and the
        Memoir name of that hex."""
        own = self._own_label(hexes)
        if own is not None:
            return f"{own[0]} ({self.where(own[1])})"
        first = hexes[0]
        kinds = [t.kind for t in self.layers if t.hex == first]
        named = [k for k in kinds if k in NAMING_OVERLAYS] or [
            k for k in kinds if not self.kinds[k].overlay
        ]
        if not named:
            return f"Hex {self.where(first)}"
        return f"{self.kinds[named[-1]].name} ({self.where(first)})"

    def _medal_objectives(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        taken: set[str] = set()
        for medal in self.medals:
            place = self._place_name(medal.hexes)
            whose = "both sides'" if len(medal.sides) > 1 else ADJECTIVES[medal.sides[0]]
            params: dict[str, Any] = {
                "hexes": [list(h) for h in medal.hexes],
                "group": place,
                **medal.params,
            }
            if len(medal.sides) == 1:
                params["side"] = medal.sides[0]
            else:
                params["sides"] = medal.sides
            if medal.unconfirmed:
                params["unconfirmed"] = medal.unconfirmed
            oid = _free(f"medal-{_slug(place)}", taken)
            out.append(
                {
                    "id": oid,
                    "kind": "hex.memoir_medal",
                    "name": f"{place}: {whose} medal",
                    "params": params,
                }
            )
            own = self._own_label(medal.hexes)
            if own is not None:
                self.medal_labels[oid] = own[0]
            if medal.unconfirmed:
                self.bare.add(oid)
        return out

    def _exit_objectives(self) -> list[dict[str, Any]]:
        options = self.info.get("options") if isinstance(self.info.get("options"), dict) else {}
        worth = 2 if options and _flag(options.get(cat.INFANTRY_EXIT_OPTION)) else 1
        out = []
        for side, hexes in self.exits.items():
            named = ", ".join(self.where(h) for h in hexes[:6]) + (
                ", ..." if len(hexes) > 6 else ""
            )
            params: dict[str, Any] = {
                "side": side,
                "hexes": [list(h) for h in hexes],
                "group": f"the {side.capitalize()} exit hexes ({named})",
            }
            if worth != 1:
                params["infantry_worth"] = worth
            if self.cannot_exit.get(side):
                params["cannot_exit"] = self.cannot_exit[side]
            out.append(
                {
                    "id": f"exit-{side}",
                    "kind": "hex.memoir_exit",
                    "name": f"{side.capitalize()} exit markers",
                    "params": params,
                }
            )
        return out

    def _sudden_death(self) -> list[dict[str, Any]]:
        victory = self.info.get("victory")
        if victory in (None, [], {}):
            return []
        conditions = victory.get("condition") if isinstance(victory, dict) else None
        out: list[dict[str, Any]] = []
        for path, cond in _items(conditions or [], "game_info.victory.condition"):
            if not isinstance(cond, dict):
                self.problem(f"{path}: expected a condition object: not scored")
                continue
            for key, value in cond.items():
                if key != "group_sudden_death" or not isinstance(value, dict):
                    self.problem(f"{path}.{key}: a victory condition this program does not score")
                    continue
                side = str(value.get("side") or "").upper()
                if side not in self.sides:
                    self.problem(
                        f"{path}.{key}.side: unknown side {value.get('side')!r}: not scored"
                    )
                    continue
                names = [n for _, n in _items(value.get("group") or [], "")]
                hexes: list[Hex] = []
                for n in names:
                    g = coords.parse_name(self.board, n) if isinstance(n, str) else None
                    if g is None:
                        self.problem(f"{path}.{key}.group: {n!r} names no hex: left out")
                    elif g not in hexes:
                        hexes.append(g)
                if not hexes:
                    self.problem(f"{path}.{key}: no hex of the board in its group: not scored")
                    continue
                need = _whole(value.get("number", 1))
                if need is None or not 1 <= need <= len(hexes):
                    self.problem(
                        f"{path}.{key}.number: {value.get('number')!r} hexes of "
                        f"{len(hexes)}: {len(hexes)} applies"
                    )
                    need = len(hexes)
                sid = self.sides[side]
                where = ", ".join(self.where(h) for h in hexes)
                out.append(
                    {
                        "id": f"sudden-death-{sid}" + (f"-{len(out) + 1}" if out else ""),
                        "kind": "hex.memoir_sudden_death",
                        "name": f"{sid.capitalize()} sudden death ({where})",
                        "params": {
                            "side": sid,
                            "hexes": [list(h) for h in hexes],
                            "need": need,
                            "group": where,
                        },
                    }
                )
        return out

    def _read_texts(self, objectives: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The objectives as the scenario's prose qualifies them, its warnings
        added to the problems (``text_checks``)."""
        countries = {
            self.side_of_player(p): str(self.info.get(f"country_{p}") or "")
            for p in ("player1", "player2")
        }
        baselines = {
            self.sides[self.side_of_player("player2")]: 0,
            self.sides[self.side_of_player("player1")]: self.board.rows - 1,
        }
        reading = text_checks.Reading(
            board=self.board,
            sides=self.sides,
            countries=countries,
            baselines=baselines,
            side_names={sid: cat.SIDES[f] for f, sid in self.sides.items()},
            victory=self._text("victory"),
            rules=self._text("rules"),
            medal_labels=self.medal_labels,
            bare=self.bare,
        )
        objectives, problems = text_checks.review(reading, objectives)
        for o in objectives:
            note = o["params"].get("unconfirmed")
            if note:
                self.problem(f"{o['name']}: not confirmed: {note}")
        self.problems += problems
        return objectives

    # -- settings, sides, texts ------------------------------------------
    def _settings(self) -> dict[str, Any]:
        targets: dict[str, int] = {}
        for player in ("player1", "player2"):
            side = self.sides[self.side_of_player(player)]
            raw = self.info.get(f"victory_{player}")
            n = _whole(raw)
            if n is None or n < 1:
                self.problem(
                    f"game_info.victory_{player}: expected the medals {side.capitalize()} needs "
                    f"to win, got {raw!r}: no banner target for {side.capitalize()}"
                )
            else:
                targets[side] = n
        self._check_victory_text(targets)
        options = self.info.get("options")
        if isinstance(options, dict):
            for key, what in cat.UNSCORED_OPTIONS.items():
                if key in options and options[key] not in (None, False, "", 0):
                    self.problem(f"game_info.options.{key} ({what}): not scored by this program")
        out: dict[str, Any] = {"banner_target": targets}
        starting = str(self.info.get("starting") or "").lower()
        if starting in ("player1", "player2"):
            out["first_side"] = self.sides[self.side_of_player(starting)]
        elif self.info.get("starting") is not None:
            self.problem(f"game_info.starting: {self.info['starting']!r} is not PLAYER1 or "
                         "PLAYER2: the referee picks who goes first")  # fmt: skip
        if self.no_medal:
            out["elimination_banners"] = self.no_medal
        return out

    def _check_victory_text(self, targets: dict[str, int]) -> None:
        """The prose and the data sometimes disagree: say so, the data applies."""
        said = re.match(r"\s*(\d{1,6})\s+medals?\b", self._text("victory"), re.IGNORECASE)
        if not said or not targets:
            return
        n = int(said.group(1))
        if any(t != n for t in targets.values()):
            each = ", ".join(f"{s.capitalize()} {t}" for s, t in targets.items())
            self.problem(
                f"the victory text says {n} medals, the scenario's data {each}: the data "
                "applies (settings.banner_target)"
            )

    def _text(self, key: str) -> str:
        texts = self.data.get("text")
        if not isinstance(texts, dict) or not texts:
            return ""
        lang = texts.get("en") if isinstance(texts.get("en"), dict) else None
        if lang is None:
            lang = next((v for v in texts.values() if isinstance(v, dict)), {})
        value = lang.get(key, "")
        return value.strip() if isinstance(value, str) else ""

    def _name(self) -> str:
        meta = self.data.get("meta_data") if isinstance(self.data.get("meta_data"), dict) else {}
        number = meta.get("scenario_id") if meta else None
        return self._text("name") or (
            f"Memoir '44 scenario {number}" if number else "Memoir '44 scenario"
        )

    def _country(self, player: str) -> str:
        if player not in self._countries:
            self._countries[player] = self._country_name(player)
        return self._countries[player]

    def _country_name(self, player: str) -> str:
        code = self.info.get(f"country_{player}")
        side = self.side_of_player(player)
        if not code:
            return cat.SIDES[side]
        name = cat.COUNTRIES.get(str(code).upper())
        if name is None:
            self.problem(
                f"game_info.country_{player}: country {code!r} not known: the side is "
                f"named {cat.SIDES[side]}"
            )
            return cat.SIDES[side]
        return name

    def _side_list(self) -> list[dict[str, str]]:
        out = []
        names = {self.side_of_player(p): self._country(p) for p in ("player1", "player2")}
        if len(set(names.values())) < 2:
            names = {side: f"{name} ({cat.SIDES[side]})" for side, name in names.items()}
        for player in ("player2", "player1"):  # player 2 at the bottom, as printed
            side = self.side_of_player(player)
            out.append(
                {"id": self.sides[side], "name": names[side], "colour": cat.SIDE_COLOURS[side]}
            )
        return out

    def _briefing(self) -> dict[str, str]:
        out: dict[str, str] = {}
        setup = self._setup_text()
        if setup:
            out["Setup"] = setup
        for key, title in TEXTS:
            text = self._text(key)
            if text:
                out[title] = text
        return out

    def _setup_text(self) -> str:
        lines = []
        for player, edge in (("player1", "top"), ("player2", "bottom")):
            side = self.side_of_player(player)
            cards = self.info.get(f"cards_{player}")
            medals = self.info.get(f"victory_{player}")
            lines.append(
                f"{cat.SIDES[side]}: {self._country(player)}, {edge} edge; "
                f"{cards if cards is not None else '?'} command cards; "
                f"{medals if medals is not None else '?'} medals to win."
            )
        starting = str(self.info.get("starting") or "").lower()
        if starting in ("player1", "player2"):
            lines.append(f"{cat.SIDES[self.side_of_player(starting)]} move first.")
        board = BOARD_TYPES[self.board_type].title
        lines.append(f"Board: {board}, {self._face().lower()} face.")
        options = self.info.get("options")
        if isinstance(options, dict) and options:
            scored = {cat.INFANTRY_EXIT_OPTION, *cat.UNSCORED_OPTIONS}
            listed = ", ".join(str(k) for k in options if k not in scored)
            if listed:
                lines.append(f"Options (play rules, not scored): {listed}.")
            if _flag(options.get(cat.INFANTRY_EXIT_OPTION)):
                lines.append("An infantry unit that exits counts as 2 medals.")
        dates = self.info.get("date_begin")
        if dates:
            lines.append(f"Date: {dates}.")
        return "\n".join(lines)

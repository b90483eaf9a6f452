"""The fields a referee edits on a piece, and how typed text becomes a value
(no Qt). The shared fields are the model's (listed here); a family adds its own
(``Family.piece_fields``, with their labels and help) and the rule names its
markers may hold (``Family.marker_rules``); which fields a board offers is its
family's answer (``Family.unit_fields`` / ``marker_fields``)."""

from __future__ import annotations

from typing import Any

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.events import Event, UpdatePiece
from tabletop_gui.model.fields import PieceField
from tabletop_gui.model.hexgrid import HexBoard, hex_label, parse_hex_label
from tabletop_gui.model.pieces import BaseShape, HeightClass, Marker, Terrain, Unit, Zone
from tabletop_gui.model.scene import Scene
from tabletop_gui.rules.family import Family

#: What a player's view shows for a face-down objective's value.
HIDDEN_TEXT = "?"


@dataclass(frozen=True)
class Field:
    name: str  # the dataclass field, or the key of a family's field
    label: str
    #: text, opt_text, float, opt_float, int, opt_int, bool, choice, side, opt_side,
    #: rule (a name in ``Marker.rules``), hex_cell (a hex of the board, named as
    #: "E5": docs/hex.md)
    kind: str
    choices: tuple[str, ...] = ()
    help: str = ""
    #: The family's field it shows (its value is in the piece's ``extra``).
    declared: PieceField[Any] | None = None

    @classmethod
    def of(cls, f: PieceField[Any]) -> Field:
        """The Inspector's field for a family's own field."""
        return cls(f.key, f.label, f.kind, help=f.help, declared=f)


def field_value(f: Field, piece: Any) -> Any:
    """The value ``f`` shows on ``piece`` (a rule: whether the marker has it)."""
    if f.declared is not None:
        return f.declared.of(piece)
    if f.kind == "rule":
        return f.name in piece.rules
    return getattr(piece, f.name)


UNIT_FIELDS = (
    Field("name", "Name", "text"),
    Field("side", "Side", "side"),
    Field("kind", "Kind", "text"),
    Field("base_shape", "Base shape", "choice", tuple(s.value for s in BaseShape)),
    Field("base_width_mm", "Base width (mm)", "float"),
    Field("base_depth_mm", "Base depth (mm)", "float"),
    Field("models", "Models", "int"),
    Field("models_per_rank", "Models per rank", "int"),
    Field("x", "x (in)", "float"),
    Field("y", "y (in)", "float"),
    Field("facing", "Facing (°)", "float"),
    Field("elevation", "Elevation (in)", "float"),
    Field("height", "Height class", "choice", tuple(h.value for h in HeightClass)),
    Field("scoring", "Scoring", "bool"),
)
#: Offered on every unit whatever its family: no rule reads it; the camera does
#: (the printed tag lying on the unit, docs/camera.md).
CAMERA_FIELDS = (Field("tag", "Camera tag", "opt_int"),)
MARKER_FIELDS = (
    Field("label", "Label", "text"),
    Field("kind", "Kind", "text"),
    Field("value", "Value", "opt_int"),
    Field("diameter_mm", "Diameter (mm)", "float"),
    Field("side", "Side", "opt_side"),
    Field("x", "x (in)", "float"),
    Field("y", "y (in)", "float"),
    Field("elevation", "Elevation (in)", "float"),
)
TERRAIN_FIELDS = (
    Field("name", "Name", "text"),
    Field("impassable", "Impassable", "bool"),
    Field("opaque", "Blocks sight (Opaque)", "bool"),
    Field("height", "Height (in)", "float"),
)
ZONE_FIELDS = (Field("name", "Name", "text"), Field("side", "Side", "side"))
#: A round base has one size: its diameter (the model keeps it in base_width_mm
#: and reads no depth).
DIAMETER = Field("base_width_mm", "Base diameter (mm)", "float")
#: A unit on a hex board stands on a hex: its place is edited by its name, "E5" (the
#: hex's centre in inches is the field's tooltip).
HEX_FIELD = Field("hex", "Hex", "hex_cell")


def _only(fields: tuple[Field, ...], names: tuple[str, ...] | None) -> tuple[Field, ...]:
    return fields if names is None else tuple(f for f in fields if f.name in names)


def _own(family: Family | None, piece: str) -> tuple[Field, ...]:
    """The fields ``family`` adds to its ``piece``s ("unit", "marker")."""
    declared = family.piece_fields if family is not None else ()
    return tuple(Field.of(f) for f in declared if f.piece == piece)


def _unit_fields(unit: Unit, family: Family | None, hexes: bool) -> tuple[Field, ...]:
    out: list[Field] = []
    offered = (*UNIT_FIELDS, *_own(family, "unit"))
    for f in _only(offered, family.unit_fields(unit) if family else None):
        if unit.base_shape is BaseShape.ROUND and f.name == "base_depth_mm":
            continue
        if unit.base_shape is BaseShape.ROUND and f.name == "base_width_mm":
            f = DIAMETER
        if hexes and f.name in ("x", "y"):
            f = HEX_FIELD
            if f in out:
                continue
        out.append(f)
    return (*out, *CAMERA_FIELDS)


def fields_for(
    piece: object, family: Family | None = None, hexes: bool = False
) -> tuple[Field, ...]:
    """The fields shown for ``piece`` on a board of ``family``: those its rules read
    (the family's answer; None: all of them); ``hexes``: the board is a hex board
    (a unit's place is its hex)."""
    if isinstance(piece, Unit):
        return _unit_fields(piece, family, hexes)
    if isinstance(piece, Marker):
        rules = family.marker_rules() if family is not None else ()
        offered = (
            *MARKER_FIELDS,
            *(Field(r, r.capitalize(), "rule") for r in rules),
            *_own(family, "marker"),
        )
        return _only(offered, family.marker_fields() if family else None)
    if isinstance(piece, Terrain):
        return TERRAIN_FIELDS
    if isinstance(piece, Zone):
        return ZONE_FIELDS
    return ()


class InputError(ValueError):
    pass


def parse(f: Field, text: str) -> Any:
    text = text.strip()
    if f.kind.startswith("opt_") and text == "":
        return None
    # What was typed is shown cut short: 20,000 characters pasted into a field
    # made a refusal as long (and int() refuses past 4,300 digits).
    shown = text if len(text) <= 40 else f"{text[:37]}..."
    if f.kind in ("float", "opt_float"):
        try:
            return float(text)
        except ValueError:
            raise InputError(f"expected a number, got {shown!r}") from None
    if f.kind in ("int", "opt_int"):
        try:
            return int(text)
        except ValueError:
            raise InputError(f"expected a whole number, got {shown!r}") from None
    return text


def parse_hex(board: HexBoard, text: str) -> tuple[int, int]:
    """A hex of ``board`` by its name ('E5', 'b8'; the file's '4,4' too);
    InputError when it names none."""
    try:
        h = parse_hex_label(text)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    if not board.contains(h):
        raise InputError(f"hex {hex_label(h)} is not on the board")
    return h


def refusal_words(reason: str, fields: tuple[Field, ...]) -> str:
    """The model's refusal in the Inspector's words: a refused field value
    (``document.Refusal`` names the field) under the field's label, "Base width
    (mm) must be > 0, got 0.0"; a refusal about the piece without its name (the
    header names it); any other reason as it is."""
    field = getattr(reason, "field", None)
    problem = getattr(reason, "problem", "")
    label = next((f.label for f in fields if f.name == field and f.kind != "hex_cell"), None)
    if label:
        return f"{label} {problem}"
    return problem or str(reason)  # the piece is named by the header already


def value_hidden(marker: Any, viewer: str | None, family: Family) -> bool:
    """A face-down objective's value (the family's answer), which a player's view
    does not show (the referee's view, ``viewer`` None, shows everything)."""
    return viewer is not None and isinstance(marker, Marker) and family.value_hidden(marker)


def event_seen(event: Event, scene: Scene, viewer: str | None, family: Family) -> Event:
    """``event`` as the game log shows it to ``viewer``: a value set on an
    objective still face down in ``scene`` (the present) reads '?' in a
    player's view, as the Inspector and the score do (the referee's view,
    ``viewer`` None, shows everything)."""
    if not isinstance(event, UpdatePiece) or "value" not in event.changes:
        return event
    if not value_hidden(scene.markers.get(event.piece_id), viewer, family):
        return event
    return UpdatePiece(event.piece_id, {**event.changes, "value": HIDDEN_TEXT})

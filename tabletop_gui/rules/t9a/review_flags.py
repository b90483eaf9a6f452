"""What The Ninth Age flags for review besides moves (docs/t9a.md, Flags for
review): a unit an ``add_piece`` places (an army list imported into a game under
way) or a unit's base changed in place (its formation, base size, facing) so that
it overlaps another or breaks Unit Spacing, an objective marker the rules fix in
place moved once the game started, and Capture the Flags marks that are not as
the rules need them (a unit marked twice, a mark too many, the game started with
marks missing or in surplus). Never a refusal: the game log marks the event with
a flag and ``validate`` lists it."""

from __future__ import annotations

from collections.abc import Callable

from tabletop_gui.geometry.outline import unit_outline
from tabletop_gui.model.bounds import keeps_front
from tabletop_gui.model.events import Event, MovePiece, UpdatePiece
from tabletop_gui.model.names import piece_label
from tabletop_gui.model.pieces import Marker, Unit
from tabletop_gui.model.state import GameState
from tabletop_gui.rules import flags
from tabletop_gui.rules.t9a import rulings
from tabletop_gui.rules.t9a.capture_the_flags import CaptureTheFlags
from tabletop_gui.rules.t9a.events import FlagMark
from tabletop_gui.rules.t9a.secure_target import SecureTarget
from tabletop_gui.rules.t9a.spoils_of_war import SpoilsOfWar

#: The unit fields that make its footprint (where it stands and how big it is).
FOOTPRINT_FIELDS = (
    "x", "y", "facing", "base_shape", "base_width_mm", "base_depth_mm", "models",
    "models_per_rank", "elevation", "removed",
)  # fmt: skip
#: Of those, the ones that move or turn it.
PLACE_FIELDS = ("x", "y", "facing")

#: Why a Spoils of War marker, and a Secure Target marker, stay where they lie.
SPOILS_WHY = (
    "a Spoils of War marker moves only with the unit carrying it (picked up at the "
    "start of its Player Turn, placed by the opponent when the carrier is lost)"
)
SECURE_WHY = "a Secure Target marker stays where its player placed it before the game"


def reshaped_unit(before: GameState, event: Event, after: GameState) -> tuple[Unit, Unit] | None:
    """(before, after) of the unit an ``update`` changed so that its base reaches
    where it did not (a wider formation, a larger base, a turn, a move, a unit put
    back on the table), or None. A base that only shrank in place (models removed
    as casualties) comes no closer to anything and is not measured again."""
    if not isinstance(event, UpdatePiece):
        return None
    old = before.scene.units.get(event.piece_id)
    new = after.scene.units.get(event.piece_id)
    if old is None or new is None or new.removed:
        return None
    if all(getattr(old, f) == getattr(new, f) for f in FOOTPRINT_FIELDS):
        return None
    if not old.removed and old.elevation == new.elevation:
        grown = unit_outline(new).polygon().difference(unit_outline(old).polygon())
        if grown.area <= flags.OVERLAP_AREA:
            return None
    return old, new


def reshape_flags(
    before: GameState,
    after: GameState,
    old: Unit,
    new: Unit,
    other_side_moved: Callable[[GameState, Unit], str | None],
) -> list[str]:
    """A changed base's flags, in a move's words and order: moved in the other
    side's turn (when the change moved or turned it), overlapping bases, standing
    in Impassable Terrain, Unit Spacing."""
    moved = any(getattr(old, f) != getattr(new, f) for f in PLACE_FIELDS) and not (
        old.removed == new.removed and keeps_front(old, new)
    )
    found = [other_side_moved(before, old) if moved and not old.removed else None]
    found += [flags.overlap_flag(after, new.id), flags.impassable_flag(after.scene, new)]
    found += rulings.spacing_flags(after, new.id)
    return [f for f in found if f]


def placed_flags(after: GameState, unit: Unit) -> list[str]:
    """A unit an ``add_piece`` placed (an army list imported into a game under
    way, a unit added or pasted), in a move's order: overlapping bases (many
    counted: ``flags.placed_overlap_flag``), standing in Impassable Terrain,
    Unit Spacing (docs/t9a.md, Flags for review)."""
    found = [flags.placed_overlap_flag(after, unit.id), flags.impassable_flag(after.scene, unit)]
    found += rulings.spacing_flags(after, unit.id)
    return [f for f in found if f]


def _moved_marker(before: GameState, event: Event) -> Marker | None:
    """The marker a ``move`` (or an ``update`` of its x, y) takes elsewhere."""
    if isinstance(event, MovePiece):
        m = before.scene.markers.get(event.piece_id)
        return m if m is not None and (m.x, m.y) != (event.x, event.y) else None
    if isinstance(event, UpdatePiece) and {"x", "y"} & set(event.changes):
        m = before.scene.markers.get(event.piece_id)
        if m is None:
            return None
        x, y = event.changes.get("x", m.x), event.changes.get("y", m.y)
        return m if (m.x, m.y) != (x, y) else None
    return None


def marker_flags(before: GameState, event: Event) -> list[str]:
    """A Spoils of War or Secure Target marker lying on the table moved once Game
    Turn 1 started: the rules fix where it lies (Spoils move only with a carrier;
    a move earlier files logged of a carried marker is not one)."""
    if before.clock.turn < 1:
        return []
    marker = _moved_marker(before, event)
    if marker is None or not marker.on_table:  # a carried marker goes with its carrier
        return []
    setup, scene = before.setup, before.scene
    for spec in setup.objectives:
        if spec.kind == SpoilsOfWar.kind:
            ids = {m.id for m in SpoilsOfWar(spec).markers(scene)}
            why = SPOILS_WHY
        elif spec.kind == SecureTarget.kind:
            ids = {m.id for m in SecureTarget(spec).markers(before)}
            why = SECURE_WHY
        else:
            continue
        if marker.id in ids:
            return [f"{piece_label(marker)} moved after the game started: {why}"]
    return []


def capture_the_flags_flags(before: GameState, event: Event, after: GameState) -> list[str]:
    """A mark of a unit already marked or a mark too many (``t9a.capture_the_flags_mark``),
    and the start of Game Turn 1 with the marks not as the rule needs them."""
    found: list[str] = []
    for spec in before.setup.objectives:
        if spec.kind != CaptureTheFlags.kind:
            continue
        objective = CaptureTheFlags(spec)
        if isinstance(event, FlagMark):
            found += _mark_flags(objective, before, event, after)
        elif before.clock.turn == 0 and after.clock.turn != 0:
            _, problems, _ = objective.marked(before)
            found += [f"Capture the Flags as the game starts: {p}" for p in problems]
    return found


def _mark_flags(
    objective: CaptureTheFlags, before: GameState, event: FlagMark, after: GameState
) -> list[str]:
    unit = before.scene.units.get(event.unit_id)
    if unit is None:
        return []
    marked, _, wrong_before = objective.marked(before)
    name = piece_label(unit)
    if event.unit_id in wrong_before or event.unit_id in marked.get(unit.side, ()):
        return [f"{name} is already marked (Capture the Flags): a unit is marked once"]
    _, problems, wrong = objective.marked(after)
    if event.unit_id not in wrong:
        return []
    said = [p for p in problems if p.startswith(f"{unit.name}:") or p.startswith(f"{unit.name} ")]
    return [f"Capture the Flags: {said[0] if said else f'{name}: a mark too many'}"]

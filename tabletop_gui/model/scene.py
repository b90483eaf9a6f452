"""The scene (what stands on the board) and the setup (scene + scenario data)."""

from __future__ import annotations

import operator
import weakref
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import field
from typing import TYPE_CHECKING, Any, TypeVar

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.board import InchBoard
from tabletop_gui.model.hexgrid import HexBoard
from tabletop_gui.model.piecemap import PieceMap
from tabletop_gui.model.pieces import Marker, Piece, Side, Terrain, Unit, Zone
from tabletop_gui.model.plain import plain

Board = InchBoard | HexBoard

if TYPE_CHECKING:
    from functools import cached_property as kept_property
else:

    class kept_property:
        """``functools.cached_property`` without its lock (Python 3.11's takes
        an RLock at each first read; 3.12 dropped it): a value worked out from
        an instance's fields when first read, kept in its ``__dict__``."""

        def __init__(self, func):
            self.func = func
            self.name = func.__name__
            self.__doc__ = func.__doc__

        def __set_name__(self, owner, name):
            self.name = name

        def __get__(self, obj, objtype=None):
            if obj is None:
                return self
            value = obj.__dict__[self.name] = self.func(obj)
            return value


_COLLECTIONS = {Unit: "units", Marker: "markers", Terrain: "terrain", Zone: "zones"}
T = TypeVar("T")


@dataclass(frozen=True)
class Scene:
    """Board and pieces. Collections map id -> piece and are never mutated:
    ``with_piece``/``without`` return new scenes that share the untouched pieces."""

    board: Board = field(default_factory=InchBoard)
    sides: tuple[Side, ...] = ()
    units: Mapping[str, Unit] = field(default_factory=dict)
    markers: Mapping[str, Marker] = field(default_factory=dict)
    terrain: Mapping[str, Terrain] = field(default_factory=dict)
    zones: Mapping[str, Zone] = field(default_factory=dict)
    # Derived data (numpy arrays, shapely geometries) keyed by the geometry module.
    cache: dict[Hashable, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        # Each collection is a PieceMap (a dict given is converted once): a scene
        # made by an edit shares every untouched piece and most of the map with
        # the scene it came from (see ``model.piecemap``).
        for name in _COLLECTIONS.values():
            coll = getattr(self, name)
            if not isinstance(coll, PieceMap):
                object.__setattr__(self, name, PieceMap(coll))

    def side(self, side_id: str) -> Side:
        for s in self.sides:
            if s.id == side_id:
                return s
        raise KeyError(side_id)

    @kept_property
    def side_ids(self) -> tuple[str, ...]:
        # Asked many times per evaluate; kept in the instance (sides never change).
        return tuple([s.id for s in self.sides])  # (a list first: no generator)

    def unit_list(self) -> list[Unit]:
        """The units in order, as a list (``PieceMap.values_list``: copied in C)."""
        units: PieceMap[Unit] = self.units  # type: ignore[assignment]  # (made one: __post_init__)
        return units.values_list()

    def opponent(self, side_id: str) -> str:
        others = [s.id for s in self.sides if s.id != side_id]
        if len(others) != 1:
            raise ValueError(f"side {side_id!r} has no single opponent")
        return others[0]

    def piece(self, piece_id: str) -> Piece:
        for coll in (self.units, self.markers, self.terrain, self.zones):
            found = coll.get(piece_id)
            if found is not None:
                return found
        raise KeyError(piece_id)

    def has_piece(self, piece_id: str) -> bool:
        return any(piece_id in c for c in (self.units, self.markers, self.terrain, self.zones))

    def with_piece(self, piece: Piece) -> Scene:
        """A scene with ``piece`` added or replacing the piece of the same id."""
        name = _COLLECTIONS[type(piece)]
        old: PieceMap[Piece] = getattr(self, name)
        coll = old.set(piece.id, piece)
        replacing_unit = isinstance(piece, Unit) and len(coll) == len(old)  # not appended
        # One unit replaced in place (a move, a flag): derived arrays can be patched
        # from this scene's instead of rebuilt (see ``derived``).
        cache: dict[Hashable, Any] = (
            {"_parent": (weakref.ref(self), piece.id)} if replacing_unit else {}
        )
        return self._with(name, coll, cache)

    def with_pieces(self, pieces: Iterable[Piece]) -> Scene:
        scene = self
        for piece in pieces:
            scene = scene.with_piece(piece)
        return scene

    def without(self, piece_id: str) -> Scene:
        for name in _COLLECTIONS.values():
            coll = getattr(self, name)
            if piece_id in coll:
                return self._with(name, coll.remove(piece_id), {})
        raise KeyError(piece_id)

    def _with(self, name: str, coll: PieceMap[Any], cache: dict[Hashable, Any]) -> Scene:
        """This scene with collection ``name`` replaced: a copy of its fields (the
        board, the sides and what was computed from them stay), made without
        ``dataclasses.replace`` (an edit is the hot path of a replay)."""
        new = object.__new__(Scene)
        fields = new.__dict__
        fields.update(self.__dict__)
        fields[name] = coll
        fields["cache"] = cache
        return new

    def zones_of(self, side_id: str) -> list[Zone]:
        return [z for z in self.zones.values() if z.side == side_id]


#: Patch from the last value built under a key when at most this many units differ.
MAX_PATCHED = 4

#: key -> (the units the value was last made for, as the scene's persistent map:
#: kept, not copied, so a build costs nothing more on a board of 20,000 units; the value).
#: The LAST_KEYS keys used last: a key may hold what the value also depends on
#: (a marker's place), so keys come and go.
_LAST: dict[Hashable, tuple[PieceMap[Unit], Any]] = {}
LAST_KEYS = 64


def derived(
    scene: Scene,
    key: Hashable,
    build: Callable[[Scene], T],
    patch: Callable[[T, Scene, int], T] | None = None,
) -> T:
    """A value computed from ``scene`` and kept in its cache.

    With ``patch`` (the value must then depend on the scene's units and ``key``
    alone: a key names whatever else it reads, a marker's place), a copy
    is updated instead of rebuilt: ``patch(value, scene, unit_index)`` per changed
    unit, from the parent scene's value when the scene was made by replacing one
    unit (a drag), or else from the last value made under ``key`` when this scene
    has the same unit ids in the same order and at most MAX_PATCHED other units
    (the parent is gone, or a marker edit started a fresh cache)."""
    value = scene.cache.get(key)
    if value is not None:
        return value
    if patch is not None:
        value = _patched(scene, key, patch)
    if value is None:
        value = build(scene)
    scene.cache[key] = value
    if patch is not None:
        _LAST.pop(key, None)  # the newest last
        _LAST[key] = (scene.units, value)  # type: ignore[assignment]
        if len(_LAST) > LAST_KEYS:
            del _LAST[next(iter(_LAST))]
    return value


def _patched(scene: Scene, key: Hashable, patch: Callable[[T, Scene, int], T]) -> T | None:
    units: PieceMap[Unit] = scene.units  # type: ignore[assignment]  # (made one: __post_init__)
    lineage = scene.cache.get("_parent")
    parent = lineage[0]() if lineage is not None else None
    if lineage is not None and parent is not None and key in parent.cache:
        return patch(parent.cache[key], scene, units.position(lineage[1]))
    last = _LAST.get(key)
    if last is None or len(last[0]) != len(units):
        return None
    # The indices of the units that are not the very objects of the last build,
    # found in C (a drag compares 1,000 units each time) and no more than needed.
    changed = units.replaced_positions(last[0], MAX_PATCHED + 1)
    if len(changed) > MAX_PATCHED or not _same_ids(last[0], units):
        return None  # a new set of units
    value = last[1]
    for i in changed:
        value = patch(value, scene, i)
    return value


def _same_ids(a: Mapping[str, Unit], b: Mapping[str, Unit]) -> bool:
    """Whether two unit maps hold the same ids in the same order (versions of one
    map that added or removed none share their ids: found at once)."""
    if isinstance(a, PieceMap) and isinstance(b, PieceMap) and a.same_keys(b):
        return True
    return len(a) == len(b) and all(map(operator.eq, a, b))


@dataclass(frozen=True)
class ObjectiveSpec:
    """An active objective of a scenario: its kind (``<family>.<objective>``)
    and the parameters the rule reads (hexes, values, which side...)."""

    id: str
    kind: str
    params: Mapping[str, Any] = field(default_factory=dict)
    name: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", plain(self.params))


@dataclass(frozen=True)
class Setup:
    """Everything fixed before the first event: family, scene, objectives, settings."""

    family: str
    scene: Scene
    name: str = ""
    objectives: tuple[ObjectiveSpec, ...] = ()
    settings: Mapping[str, Any] = field(default_factory=dict)
    deployment: str = ""
    notes: str = ""
    #: The scenario's own words, section title -> text (an imported scenario's
    #: historical background, special rules and victory conditions), shown as
    #: written; no rule reads them.
    briefing: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "settings", plain(self.settings))

    def setting(self, name: str, default: Any) -> Any:
        return self.settings.get(name, default)

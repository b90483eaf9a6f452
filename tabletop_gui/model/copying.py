"""``evolve``: ``dataclasses.replace`` for the model's hot paths (a move in a
replay, the index of a new state). It copies the instance's fields and sets
the changed ones without running ``__init__`` again, so it is only for frozen
dataclasses with nothing to check or derive on construction (no
``__post_init__``, no cached property); other classes get ``replace``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, is_dataclass, replace
from functools import cached_property
from operator import attrgetter
from typing import Any, TypeVar

T = TypeVar("T")

#: How ``evolve`` copies each class, worked out once (None: with ``replace``).
_COPIERS: dict[type, Callable[[Any, dict[str, Any]], Any] | None] = {}


def evolve(obj: T, **changes: Any) -> T:
    """A copy of ``obj`` with ``changes`` (fields by name)."""
    cls = type(obj)
    try:
        copier = _COPIERS[cls]
    except KeyError:
        copier = _COPIERS[cls] = _copier(cls)
    if copier is None:
        return replace(obj, **changes)  # type: ignore[type-var]
    made: T = copier(obj, changes)
    return made


def _copier(cls: type) -> Callable[[Any, dict[str, Any]], Any] | None:
    """A dataclass whose construction only stores its fields, and with nothing
    cached beside them (a cached property would be copied stale): its copier."""
    if not is_dataclass(cls) or hasattr(cls, "__post_init__"):
        return None
    if any(isinstance(v, cached_property) for k in cls.__mro__ for v in vars(k).values()):
        return None
    names = [f.name for f in fields(cls)]
    if not all(f.init for f in fields(cls)):
        return None
    new = object.__new__
    if "__slots__" not in cls.__dict__:

        def copy_dict(obj: Any, changes: dict[str, Any]) -> Any:
            made = new(cls)
            d = made.__dict__
            d.update(obj.__dict__)
            d.update(changes)
            return made

        return copy_dict
    # Slots: one C-level read of every field, then each slot's own setter.
    read = attrgetter(*names)
    setters = {n: cls.__dict__[n].__set__ for n in names}
    ordered = list(setters.values())

    def copy_slots(obj: Any, changes: dict[str, Any]) -> Any:
        made = new(cls)
        for put, value in zip(ordered, read(obj), strict=True):
            put(made, value)
        for name, value in changes.items():
            setters[name](made, value)
        return made

    return copy_slots if len(names) > 1 else None

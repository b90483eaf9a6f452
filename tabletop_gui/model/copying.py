"""``evolve``: ``dataclasses.replace`` for the model's hot paths (a move in a
replay, the index of a new state). It copies the instance's fields and sets
the changed ones without running ``__init__`` again, so it is only for frozen
dataclasses with nothing to check or derive on construction (no
``__post_init__``, no cached property), or whose ``__post_init__`` only caches
in fields not passed to ``__init__``, read again when at their defaults (they
say so with ``post_init_caches_only``); other classes get ``replace``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields, is_dataclass, replace
from functools import cached_property
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
    if not is_dataclass(cls):
        return None
    caches_only = getattr(cls, "post_init_caches_only", False)
    if hasattr(cls, "__post_init__") and not caches_only:
        return None
    if any(isinstance(v, cached_property) for k in cls.__mro__ for v in vars(k).values()):
        return None
    names = [f.name for f in fields(cls) if f.init]
    #: Fields not passed to ``__init__``: caches, set back to their defaults.
    cleared = {f.name: f.default for f in fields(cls) if not f.init}
    if cleared and not (caches_only and "__slots__" in cls.__dict__):
        return None
    if any(v is MISSING for v in cleared.values()):
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
    # Slots: a copier written for the class (as ``dataclasses`` writes
    # ``__init__``): each field read and stored by its own slot's setter with
    # no loop, then the changed ones stored over (half of a loop's time).
    setters = {n: cls.__dict__[n].__set__ for n in names}
    scope: dict[str, Any] = {"new": new, "cls": cls, "setters": setters}
    lines = ["def copy_slots(obj, changes):", "    made = new(cls)"]
    for i, name in enumerate(names):
        scope[f"set_{i}"] = setters[name]
        lines.append(f"    set_{i}(made, obj.{name})")
    for i, (name, default) in enumerate(cleared.items()):
        scope[f"clear_{i}"], scope[f"default_{i}"] = cls.__dict__[name].__set__, default
        lines.append(f"    clear_{i}(made, default_{i})")
    lines += [
        "    for name, value in changes.items():",
        "        setters[name](made, value)",
        "    return made",
    ]
    exec("\n".join(lines), scope)  # the source is built from field names alone
    copy_slots: Callable[[Any, dict[str, Any]], Any] = scope["copy_slots"]
    return copy_slots if len(names) > 1 else None

"""Free-form values (objective params, settings, the changes of an edit) in one
canonical shape: the shape a file gives them back in. A value made in code with
tuples (a terrain dragged: its corners) then equals the same value read from a
saved file (lists), so a reloaded game equals the live one."""

from __future__ import annotations

from collections.abc import Mapping, Set
from typing import Any


def plain(value: Any) -> Any:
    """``value`` with tuples as lists, sets as sorted lists and mappings as dicts
    of str keys, all the way down (numbers, text, None and bools as they are)."""
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, Set):
        items = [plain(v) for v in value]
        try:
            return sorted(items)
        except TypeError:
            return items
    return value

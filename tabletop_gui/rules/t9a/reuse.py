"""Derived per-unit values that survive their scene's parent.

``model.scene.derived`` patches a value from the parent scene's when one unit
changed, but only while the parent is alive (it holds a weak reference). A
caller that keeps no earlier state (or an edit that starts a fresh cache, such
as moving a marker) rebuilds over every unit. Here the last units a value was
built for are kept with it: a scene with the same unit ids in the same order, whose
units are the same objects but for a few, patches those rows (the same arithmetic as a build, so the
same value) instead of going over all units in Python again.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

import numpy as np

from tabletop_gui.geometry import arrays
from tabletop_gui.geometry.arrays import UnitArrays
from tabletop_gui.model.scene import Scene, derived

T = TypeVar("T")

#: Patch at most this many changed units; more, and the value is rebuilt.
MAX_PATCHED = 4

#: key -> (the unit ids and units the value was built for, in order; the value).
_LAST: dict[Hashable, tuple[tuple[str, ...], tuple[Any, ...], Any]] = {}


def reuse_derived(
    scene: Scene,
    key: Hashable,
    build: Callable[[Scene], T],
    patch: Callable[[T, Scene, int], T],
) -> T:
    """``derived(scene, key, build, patch)``, also patching from the last value
    built under ``key`` when its units are this scene's but for a few. ``build``
    and ``patch`` must read nothing of the scene but its units."""
    value = scene.cache.get(key)
    if value is not None:
        return value
    keys = tuple(scene.units)
    units = tuple(scene.units.values())
    lineage = scene.cache.get("_parent")
    parent = lineage[0]() if lineage is not None else None
    if parent is None or key not in parent.cache:
        last = _LAST.get(key)
        if last is not None and last[0] == keys:
            same = np.fromiter(map(operator.is_, last[1], units), bool, len(units))
            changed = np.flatnonzero(~same).tolist()
            if len(changed) <= MAX_PATCHED:
                value = last[2]
                for i in changed:
                    value = patch(value, scene, i)
                scene.cache[key] = value
    value = derived(scene, key, build, patch)
    _LAST[key] = (keys, units, value)
    return value


def unit_arrays(scene: Scene) -> UnitArrays:
    """``geometry.arrays.unit_arrays``, reused across scenes as above (same cache key,
    so every other reader of the scene's arrays gets the same value)."""
    return reuse_derived(scene, "unit_arrays", arrays._build, arrays._patch)

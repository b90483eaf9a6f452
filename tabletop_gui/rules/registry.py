"""The rule families installed, found through the entry points of the group
``tabletop_gui.families``: each entry point is named for a family and names its
``Family`` subclass (``t9a = "tabletop_gui.rules.t9a.family:NinthAge"``). This
program declares its three families that way in its pyproject.toml; a family in
a package of its own declares itself the same way (CONTRIBUTING.md, "Adding a
rule family"). Nothing registers itself on import: a family is loaded when it is
first asked for, and every member it brings (objective kinds, events, piece
fields) is listed on its class."""

from __future__ import annotations

import difflib
from functools import cache
from importlib.metadata import EntryPoint, entry_points

from tabletop_gui.rules.errors import RuleError
from tabletop_gui.rules.family import Family
from tabletop_gui.rules.objective import Objective

GROUP = "tabletop_gui.families"


@cache
def _entry_points() -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for ep in entry_points(group=GROUP):
        if ep.name in found and found[ep.name].value != ep.value:
            raise RuleError(
                f"two installed packages declare the rule family {ep.name!r} "
                f"({found[ep.name].value} and {ep.value}); uninstall one"
            )
        found[ep.name] = ep
    if not found:
        raise RuleError(
            f"no rule family is installed (no entry point of group {GROUP!r}): "
            "install the program with pip (pip install -e . in a checkout)"
        )
    return found


def family_names() -> tuple[str, ...]:
    """The names of every installed family, sorted."""
    return tuple(sorted(_entry_points()))


@cache
def find_family(name: str) -> type[Family]:
    """The family called ``name``; RuleError naming the installed ones (and the
    nearest, for a near miss) when there is none, or when its package fails to
    load or declares something else."""
    eps = _entry_points()
    ep = eps.get(name)
    if ep is None:
        near = difflib.get_close_matches(name, eps, n=1)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        raise RuleError(f"unknown rule family {name!r}{hint} (installed: {', '.join(sorted(eps))})")
    try:
        cls = ep.load()
    except Exception as exc:  # a third-party package: say which one failed, and how
        raise RuleError(
            f"the rule family {name!r} ({ep.value}) could not be loaded: "
            f"{type(exc).__name__}: {exc}"
        ) from exc
    if not (isinstance(cls, type) and issubclass(cls, Family)):
        raise RuleError(f"the rule family {name!r} ({ep.value}) is not a Family subclass")
    if cls.name != name:
        raise RuleError(f"the entry point {name!r} names a family called {cls.name!r} ({ep.value})")
    problem = cls.declaration_problem()
    if problem:
        raise RuleError(f"the rule family {name!r} ({ep.value}): {problem}")
    return cls


def families() -> list[type[Family]]:
    """Every installed family, by name."""
    return [find_family(name) for name in family_names()]


def objective_kind(kind: str) -> type[Objective] | None:
    """The objective class of ``kind`` in whichever installed family declares it."""
    for cls in families():
        found = cls.objective_kinds().get(kind)
        if found is not None:
            return found
    return None

"""The rule families installed, found through the entry points of the group
``tabletop_gui.families``: each entry point is named for a family and names its
``Family`` subclass (``t9a = "tabletop_gui.rules.t9a.family:NinthAge"``). This
program declares its three families that way in its pyproject.toml; a family in
a package of its own declares itself the same way (CONTRIBUTING.md, "Adding a
rule family"). Nothing registers itself on import: a family is loaded when it is
first asked for, and every member it brings (objective kinds, events, piece
fields) is listed on its class.

The entry points are read from the ``entry_points.txt`` of each distribution on
``sys.path`` (``entry_points``), as ``importlib.metadata`` finds them: the first
distribution of a name wins, zipped path entries included (not the old ``.egg``
format's). Importing ``importlib.metadata`` and building every distribution's
objects was about a quarter of what ``score`` adds to a bare import of numpy and
shapely (docs/performance.md, Start)."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from functools import cache, partial
from importlib import import_module

from tabletop_gui.rules.errors import RuleError
from tabletop_gui.rules.family import Family
from tabletop_gui.rules.objective import Objective

GROUP = "tabletop_gui.families"


class EntryPoint:
    """One entry point: ``name = module:attr`` of a group (what
    ``importlib.metadata.EntryPoint`` holds, and loads the same way)."""

    __slots__ = ("group", "name", "value")

    def __init__(self, name: str, value: str, group: str) -> None:
        self.name, self.value, self.group = name, value, group

    def __repr__(self) -> str:
        return f"EntryPoint(name={self.name!r}, value={self.value!r}, group={self.group!r})"

    def load(self) -> object:
        """The object named: ``module`` imported, then each ``.attr`` of ``attr``
        (extras in brackets ignored)."""
        module, _, attr = self.value.partition(":")
        found: object = import_module(module.strip())
        for part in attr.split("[", 1)[0].strip().split("."):
            if part:
                found = getattr(found, part)
        return found


def _metadata_dirs(entry: str) -> list[tuple[str, Callable[[], str | None]]]:
    """The distributions' metadata folders in one ``sys.path`` entry, in listing
    order: (normalized name, a reader of its ``entry_points.txt``)."""
    try:
        children = os.listdir(entry or ".")
    except NotADirectoryError:
        return _zip_metadata_dirs(entry)
    except OSError:
        return []

    def reader(folder: str) -> Callable[[], str | None]:
        def read() -> str | None:
            try:
                with open(os.path.join(folder, "entry_points.txt"), encoding="utf-8") as f:
                    return f.read()
            except OSError:
                return None

        return read

    return [
        (_dist_name(child), reader(os.path.join(entry or ".", child)))
        for child in children
        if child.lower().endswith((".dist-info", ".egg-info"))
    ]


def _zip_metadata_dirs(entry: str) -> list[tuple[str, Callable[[], str | None]]]:
    import zipfile  # only a zipped path entry (a frozen bundle's library) needs it

    try:
        with zipfile.ZipFile(entry) as archive:
            listed = archive.namelist()  # in the archive's order, as importlib.metadata
            names = set(listed)
            tops = dict.fromkeys(n.split("/", 1)[0] for n in listed if "/" in n)
            found: list[tuple[str, Callable[[], str | None]]] = []
            for top in tops:
                if top.lower().endswith((".dist-info", ".egg-info")):
                    member = f"{top}/entry_points.txt"
                    text = archive.read(member).decode("utf-8") if member in names else None
                    found.append((_dist_name(top), partial(_same, text)))
            return found
    except (OSError, zipfile.BadZipFile):
        return []


def _same(text: str | None) -> str | None:
    return text


def _dist_name(folder: str) -> str:
    """A metadata folder's distribution, normalized: ``Foo.Bar-1.0.dist-info`` is
    ``foo_bar``."""
    name = folder.lower().rpartition(".")[0].partition("-")[0]
    return re.sub(r"[-_.]+", "_", name)


def entry_points(group: str) -> list[EntryPoint]:
    """The entry points of ``group`` of every distribution on ``sys.path``, the
    first of each distribution name only (``importlib.metadata.entry_points``'s
    answer, without importing it)."""
    seen: set[str] = set()
    points: list[EntryPoint] = []
    for entry in sys.path:
        for name, read in _metadata_dirs(entry):
            if name in seen:
                continue
            seen.add(name)
            text = read()
            if text is None or f"[{group}]" not in text:
                continue
            section = None
            for raw in text.splitlines():
                line = raw.strip()
                if not line or line.startswith("#"):
                    continue
                if line.startswith("[") and line.endswith("]"):
                    section = line.strip("[]")
                elif section == group and "=" in line:
                    key, value = line.split("=", 1)
                    points.append(EntryPoint(key.strip(), value.strip(), group))
    return points


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
        import difflib  # only for the message

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
    """Every installed family, by name (RuleError at the first that does not load)."""
    return [find_family(name) for name in family_names()]


def loaded_families() -> tuple[list[type[Family]], list[str]]:
    """Every installed family that loads, by name, and why each other one does
    not (find_family's words, naming its entry point and the error): one broken
    package costs its own family only, not the others'."""
    loaded, problems = [], []
    for name in family_names():
        try:
            loaded.append(find_family(name))
        except RuleError as exc:
            problems.append(str(exc))
    return loaded, problems


def objective_kind(kind: str) -> type[Objective] | None:
    """The objective class of ``kind`` in whichever installed family declares it
    (families that do not load declare none)."""
    for cls in loaded_families()[0]:
        found = cls.objective_kinds().get(kind)
        if found is not None:
            return found
    return None

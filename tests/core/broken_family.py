"""A rule family package that is installed but does not load: its entry point's
module imports a module nobody has (as a family whose dependency is missing).
Written into a folder put first on ``sys.path``, with a distribution's metadata
declaring the entry point, so the registry finds it as it finds any installed
family (rules/registry.py); taken away again afterwards."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tabletop_gui.rules import registry

#: The problem the registry names for it.
PROBLEM = (
    "the rule family 'cracked' (cracked_family.family:Cracked) could not be loaded: "
    "ModuleNotFoundError: No module named 'cracked_family_missing_dependency'"
)


@contextmanager
def broken_family_installed(folder: Path) -> Iterator[None]:
    package = folder / "cracked_family"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "family.py").write_text(
        "import cracked_family_missing_dependency  # noqa: F401\n", encoding="utf-8"
    )
    meta = folder / "cracked_family-1.0.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text("Name: cracked-family\nVersion: 1.0\n", encoding="utf-8")
    (meta / "entry_points.txt").write_text(
        "[tabletop_gui.families]\ncracked = cracked_family.family:Cracked\n", encoding="utf-8"
    )
    sys.path.insert(0, str(folder))
    registry._entry_points.cache_clear()
    registry.find_family.cache_clear()
    try:
        yield
    finally:
        sys.path.remove(str(folder))
        for name in [m for m in sys.modules if m.split(".")[0] == "cracked_family"]:
            del sys.modules[name]
        registry._entry_points.cache_clear()
        registry.find_family.cache_clear()

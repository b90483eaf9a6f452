"""The bundled scenario files, wherever the package keeps them (one place for
every test that reads them)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import tabletop_gui


def scenarios_dir() -> Path:
    """The folder of the bundled scenarios (``tabletop_gui.SCENARIOS`` if the
    package names it, else its ``examples`` folder)."""
    named = getattr(tabletop_gui, "SCENARIOS", None)
    if named is not None and Path(named).is_dir():
        return Path(named)
    return Path(tabletop_gui.__file__).resolve().parent / "examples"


def scenario_paths() -> list[Path]:
    paths = sorted(scenarios_dir().glob("*.json"))
    assert paths, f"no bundled scenarios in {scenarios_dir()}"
    return paths


def scenario_path(name: str) -> Path:
    return scenarios_dir() / name


def scenario_data(name: str) -> dict[str, Any]:
    """A bundled scenario as parsed JSON, a fresh copy to change."""
    data: dict[str, Any] = json.loads(scenario_path(name).read_text(encoding="utf-8"))
    return data

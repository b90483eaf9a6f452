"""The bundled scenario files, wherever the package keeps them (one place for
every test that reads them)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tabletop_gui.examples import SCENARIOS


def scenarios_dir() -> Path:
    """The folder of the bundled scenarios (assets/examples/, installed in the package)."""
    return SCENARIOS


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

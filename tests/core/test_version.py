"""The version is written once, in tabletop_gui/__init__.py: pyproject.toml reads it
and the installed metadata carries it."""

import re
import tomllib
from importlib.metadata import version
from pathlib import Path

import tabletop_gui

ROOT = Path(__file__).resolve().parents[2]


def test_pyproject_reads_the_version_from_the_package():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    dynamic = project["tool"]["setuptools"]["dynamic"]["version"]
    assert dynamic == {"attr": "tabletop_gui.__version__"}


def test_the_version_is_a_release_number_the_metadata_agrees_with():
    assert re.fullmatch(r"\d+\.\d+\.\d+", tabletop_gui.__version__)
    assert version("tabletop-gui") == tabletop_gui.__version__


def test_the_changelog_names_this_version():
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## {tabletop_gui.__version__}" in changelog


def test_the_licence_file_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["license"] == {"text": "MIT"}
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")

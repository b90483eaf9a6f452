"""Help's pages ship inside the package: the quick-start guide, and a copy of
every doc a family names as its rules reference, equal to the project's doc."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tabletop_gui import help as help_pages
from tabletop_gui.rules.registry import families

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", help_pages.COPIED_DOCS)
def test_each_copied_doc_equals_the_projects_doc(name: str) -> None:
    shipped = help_pages.text(name)
    doc = (ROOT / "docs" / name).read_text(encoding="utf-8")
    assert shipped == doc, f"run: .venv/bin/python tools/copy_help_docs.py ({name} differs)"


def test_every_family_reference_has_a_help_page() -> None:
    assert families()
    for family in families():
        name = help_pages.page_name(family.reference)
        assert name is not None, family.reference
        assert help_pages.text(name).startswith("# ")


def test_the_quick_start_guide_covers_the_first_five_minutes_and_every_tool() -> None:
    guide = help_pages.text(help_pages.QUICK_START)
    for heading in ("## 1. Start a game", "## 2. Place your units", "## 3. Add an objective",
                    "## 4. Read the score", "### Select", "### Ruler", "### Draw terrain",
                    "### Draw zone", "### Where it scores"):  # fmt: skip
        assert heading in guide


def test_the_help_pages_are_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data = config["tool"]["setuptools"]["package-data"]
    assert "help/*.md" in data["tabletop_gui.assets"]


def test_a_missing_page_is_named() -> None:
    with pytest.raises(FileNotFoundError, match=r"no help page 'nope\.md'"):
        help_pages.text("nope.md")


def test_a_doc_named_in_a_page_is_a_link_to_its_help_page_outside_code() -> None:
    """ "(docs/canvas.md, Measuring)" in a page opens the board's page; a doc
    Help does not ship (docs/performance.md) and a name in `code` stay text."""
    text = (
        "See (docs/canvas.md, Measuring) and docs/performance.md.\n"
        "Run `cat docs/t9a.md` first.\n"
        "```\ndocs/hex.md\n```\n"
        "Also docs/t9a.md."
    )
    assert help_pages.linked(text).split("\n") == [
        "See ([docs/canvas.md](canvas.md), Measuring) and docs/performance.md.",
        "Run `cat docs/t9a.md` first.",
        "```",
        "docs/hex.md",
        "```",
        "Also [docs/t9a.md](t9a.md).",
    ]


def test_every_doc_a_help_page_cites_for_a_user_is_a_help_page_too() -> None:
    """The pages cite each other; each cited doc is in Help but for the
    developers' own (the architecture, the performance figures)."""
    developers = {"architecture.md", "performance.md"}
    for name in (help_pages.QUICK_START, *help_pages.COPIED_DOCS):
        for cited in set(re.findall(r"docs/([a-z0-9-]+\.md)", help_pages.text(name))):
            assert cited in developers or help_pages.page_name(cited), (name, cited)

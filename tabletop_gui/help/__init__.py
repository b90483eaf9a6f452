"""What Help shows, bundled in ``assets/help/`` (``tabletop_gui.assets``, read
through ``importlib.resources``, so an installed or frozen program has it): the
quick-start guide, written here, and copies of the project's docs the program
reads its rules from (docs/t9a.md, docs/hex.md, docs/carnevale.md,
docs/measurement.md) and the guides to Tabletop Simulator saves
(docs/tabletop-simulator.md), the camera and its printed markers
(docs/camera.md), army lists (docs/army-lists.md) and streaming
(docs/streaming.md), made by ``tools/copy_help_docs.py``; a test keeps the copies
equal to the docs."""

from __future__ import annotations

from tabletop_gui import bundled

#: The guide the window opens at (Help > Quick start, F1).
QUICK_START = "quick-start.md"
#: The project docs copied here, by their name under docs/.
COPIED_DOCS = (
    "t9a.md",
    "hex.md",
    "carnevale.md",
    "measurement.md",
    "tabletop-simulator.md",
    "camera.md",
    "army-lists.md",
    "streaming.md",
)


def page_name(reference: str) -> str | None:
    """The help page of a doc as the code cites it ('docs/t9a.md' -> 't9a.md'),
    None when Help has no copy of it."""
    name = reference.rsplit("/", 1)[-1]
    return name if name in (QUICK_START, *COPIED_DOCS) else None


def text(name: str) -> str:
    """A help page's Markdown; FileNotFoundError naming it when there is none."""
    found = bundled.resource("help", name)
    if not found.is_file():
        raise FileNotFoundError(f"no help page {name!r}")
    return found.read_text(encoding="utf-8")

"""What Help shows, bundled in ``assets/help/`` (``tabletop_gui.assets``, read
through ``importlib.resources``, so an installed or frozen program has it): the
quick-start guide, written here, and copies of the project's docs the program
reads its rules from (docs/t9a.md, docs/hex.md, docs/carnevale.md,
docs/measurement.md) and the guides to Tabletop Simulator saves
(docs/tabletop-simulator.md), the camera and its printed markers
(docs/camera.md), army lists (docs/army-lists.md) and streaming
(docs/streaming.md), and the manual's pages on the board (docs/canvas.md),
playing (docs/playing.md), the file format (docs/file-format.md) and the JSON
outputs (docs/score-json.md, docs/measure-json.md), which the other pages cite,
made by ``tools/copy_help_docs.py``; a test keeps the copies equal to the docs."""

from __future__ import annotations

import re

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
    "canvas.md",
    "playing.md",
    "file-format.md",
    "score-json.md",
    "measure-json.md",
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


#: A doc named as the pages name each other ("docs/canvas.md", "docs/t9a.md,").
_DOC_REFERENCE = re.compile(r"docs/([a-z0-9-]+\.md)")


def linked(markdown: str) -> str:
    """``markdown`` with each doc it names (docs/canvas.md) that Help has a page
    for made a link to it (outside code: a fenced block or a `span` is left as
    written)."""
    out = []
    fenced = False
    for line in markdown.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if fenced or "docs/" not in line:
            out.append(line)
            continue
        parts = line.split("`")
        for i in range(0, len(parts), 2):  # the even parts are outside `code`
            parts[i] = _DOC_REFERENCE.sub(_link, parts[i])
        out.append("`".join(parts))
    return "\n".join(out)


def _link(m: re.Match[str]) -> str:
    name = m.group(1)
    return f"[{m.group(0)}]({name})" if page_name(name) is not None else m.group(0)

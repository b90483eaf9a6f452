"""The bundled example games: ``assets/examples/`` (``tabletop_gui.assets``), read
through ``importlib.resources`` so a wheel, an sdist and a frozen bundle all carry them.

An example is never written: :func:`open_game` marks a file read from here as an
example, whose ``save_path`` is None, so a program asks where to save a copy.
"""

from __future__ import annotations

import os
from pathlib import Path

from tabletop_gui import bundled
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.game import Game

#: The folder holding the bundled example games (``*.json``).
SCENARIOS: Path = bundled.folder("examples")
#: The example the window opens on when given no file.
DEMO_BOARD: Path = SCENARIOS / "t9a_frontline_clash_demo.json"


@dataclass(frozen=True)
class Example:
    """One bundled example: ``name`` is its file name without ``.json``."""

    name: str
    family: str
    title: str
    description: str
    path: Path
    #: The rule family's own name for itself ("The Ninth Age").
    family_title: str = ""


def example_paths() -> list[Path]:
    return sorted(p for p in SCENARIOS.iterdir() if p.suffix == ".json")


def examples() -> list[Example]:
    """Every bundled example, by name. Each is read and checked, so a broken
    bundled file fails here (a FileFormatError naming it), not when opened."""
    from tabletop_gui.io import load_game
    from tabletop_gui.rules.registry import find_family

    found = []
    for path in example_paths():
        setup = load_game(path).setup
        title = find_family(setup.family).title or setup.family
        found.append(
            Example(path.stem, setup.family, setup.name, first_sentence(setup.notes), path, title)
        )
    return found


def example(name: str) -> Example:
    """The example called ``name`` (with or without ``.json``); KeyError names the others."""
    stem = name.removesuffix(".json")
    for ex in examples():
        if ex.name == stem:
            return ex
    names = ", ".join(ex.name for ex in examples())
    raise KeyError(f"no example called {name!r}; the examples are {names}")


def first_sentence(text: str, limit: int = 100) -> str:
    """The notes' first sentence on one line, cut at ``limit`` characters."""
    line = " ".join(text.split())
    end = line.find(". ")
    if end >= 0:
        line = line[: end + 1]
    if len(line) > limit:
        line = line[: limit - 1].rstrip() + "…"
    return line


def is_example(path: str | os.PathLike[str]) -> bool:
    """True when ``path`` names a file in the bundled examples' folder (or the folder
    itself), by its real location, so a symlink or a ``..`` does not hide one."""
    try:
        real = Path(path).resolve()
    except (OSError, RuntimeError):
        return False
    return real == SCENARIOS or SCENARIOS in real.parents


@dataclass(frozen=True)
class Opened:
    """A game read from a file, and whether that file may be saved over."""

    game: Game
    source: str
    #: A bundled example: read-only; it opens as an unsaved copy.
    example: bool

    @property
    def save_path(self) -> str | None:
        """Where Save writes without asking: the file read, never an example."""
        return None if self.example else self.source


def open_game(path: str | os.PathLike[str]) -> Opened:
    """Read ``path`` (a FileFormatError when it is not a game) and say whether it is
    a bundled example."""
    from tabletop_gui.io import load_game

    return Opened(load_game(path), str(path), is_example(path))

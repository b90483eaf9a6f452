"""What the About dialog and a bug report say about this copy of the program:
its version, licence, the Python and Qt it runs on, and where its licence texts are.
Qt-free: the window passes the Qt versions in."""

from __future__ import annotations

import platform
import sys
from importlib import metadata
from pathlib import Path

from tabletop_gui import __version__

NAME = "tabletop_gui"
LICENCE = "MIT"
SUMMARY = "Board visualiser and objective scorer for tabletop wargames."
#: Beside the programs in a desktop bundle (packaging/ puts them there).
BUNDLED_TEXTS = ("LICENSE", "THIRD_PARTY_NOTICES.md")


def frozen_folder() -> Path | None:
    """The folder a desktop bundle unpacked its files into, None when not frozen."""
    folder = getattr(sys, "_MEIPASS", None)
    return Path(folder) if getattr(sys, "frozen", False) and folder else None


def how_installed() -> str:
    if frozen_folder() is not None:
        return "desktop bundle"
    source = Path(__file__).resolve().parent.parent
    return "source checkout" if (source / "pyproject.toml").is_file() else "installed package"


def facts(qt_version: str, pyside_version: str) -> list[tuple[str, str]]:
    """(label, value) rows: version, licence, Python, Qt, system, how it is installed."""
    return [
        ("Version", __version__),
        ("Licence", LICENCE),
        ("Python", f"{platform.python_version()} ({platform.python_implementation()})"),
        ("Qt", f"{qt_version} (PySide6 {pyside_version})"),
        ("System", f"{platform.system()} {platform.release()} {platform.machine()}".strip()),
        ("Installed as", how_installed()),
    ]


def licence_text() -> str:
    """The program's own licence text: from the bundle, the installed package's
    metadata or the source checkout, whichever this copy is."""
    frozen = frozen_folder()
    candidates = [frozen / "LICENSE"] if frozen else []
    candidates.append(Path(__file__).resolve().parent.parent / "LICENSE")
    for path in candidates:
        if path.is_file():
            return path.read_text(encoding="utf-8")
    try:
        dist = metadata.distribution("tabletop-gui")
    except metadata.PackageNotFoundError:
        dist = None
    for name in ("LICENSE", "licenses/LICENSE"):
        text = dist.read_text(name) if dist else None
        if text:
            return text
    return f"{LICENCE} licence (the LICENSE file was not found beside this copy)."


def third_party_notices() -> str | None:
    """The bundle's notices for the libraries it carries (Qt, PySide6, GEOS, numpy...);
    None outside a bundle, where each library is a package with its own licence."""
    frozen = frozen_folder()
    path = frozen / "THIRD_PARTY_NOTICES.md" if frozen else None
    return path.read_text(encoding="utf-8") if path and path.is_file() else None

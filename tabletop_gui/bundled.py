"""Where the bundled data is: ``assets/`` at the top of the repository, which the
build installs into the package as ``tabletop_gui.assets`` (pyproject.toml's
package-dir), so a checkout, a wheel, an sdist and a frozen bundle all read it
through ``importlib.resources``. Its folders: ``examples`` (the example games),
``help`` (what Help shows), ``bases`` (the base table), ``icons``, ``overlay``
(the stream overlay's pages)."""

from __future__ import annotations

import atexit
import contextlib
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

PACKAGE = "tabletop_gui.assets"


def resource(*parts: str) -> Traversable:
    """A bundled file or folder, ``resource("help", "t9a.md")``."""
    return resources.files(PACKAGE).joinpath(*parts)


def folder(name: str) -> Path:
    """The bundled folder ``name`` as a real directory. Installed from a wheel or
    frozen one-folder it is one already; from a zip it is extracted once, for
    this run."""
    found = resource(name)
    if isinstance(found, Path):
        return found.resolve()
    stack = contextlib.ExitStack()  # pragma: no cover - zip imports only
    atexit.register(stack.close)
    return Path(stack.enter_context(resources.as_file(found))).resolve()


def read_bytes(*parts: str) -> bytes:
    """A bundled file's bytes, ``read_bytes("icons", "tabletop-gui.svg")``."""
    return resource(*parts).read_bytes()

"""The packaging tests' fixture: a private environment for each run."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture
def private_env(tmp_path: Path) -> dict[str, str]:
    """The environment for a run: offscreen, a home and data folders of its own
    (so nothing lands in the user's), and Qt's hash seed fixed so a PDF's font
    objects come out in one order (Qt would shuffle them per process)."""
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TABLETOP_GUI_", "XDG_"))}
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        XDG_CACHE_HOME=str(home / ".cache"),
        XDG_RUNTIME_DIR=str(home / "run"),
        QT_QPA_PLATFORM="offscreen",
        QT_HASH_SEED="0",
        LC_ALL="C.UTF-8",
    )
    (home / "run").mkdir(mode=0o700)
    return env

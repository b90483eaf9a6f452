"""What the packaging tests share: the installed wheel and the desktop bundle are
run as a user would, in processes with a private home, offscreen, and compared
with this development install."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Messages that mean a broken install: a crash, a module or Qt plugin the copy lacks.
BROKEN = re.compile(
    r"Traceback|ModuleNotFoundError|ImportError|Could not (load|find)|Cannot load library"
    r"|Failed to (load|execute)|qt\.qpa\.plugin|Fatal Python error"
)


def run(
    cmd: Sequence[str | os.PathLike[str]],
    env: dict[str, str],
    cwd: Path,
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(c) for c in cmd], env=env, cwd=cwd, capture_output=True, text=True,
        timeout=timeout, stdin=subprocess.DEVNULL,
    )  # fmt: skip


def dev_cli(*args: str) -> list[str]:
    """This development install's command line."""
    return [sys.executable, "-m", "tabletop_gui", *args]


def normalised(data: bytes) -> bytes:
    """A PDF or SVG with what differs run to run made constant: creation and
    modification dates, document ids and uuids."""
    data = re.sub(rb"/(CreationDate|ModDate) ?\(D:[^)]*\)", rb"/\1 (D:0)", data)
    data = re.sub(rb'xmp:(\w*Date)="[^"]*"', rb'xmp:\1="0"', data)
    data = re.sub(rb"uuid:[0-9a-fA-F-]{36}", b"uuid:0", data)
    data = re.sub(rb"/ID ?\[ ?<[0-9a-fA-F]*> ?<[0-9a-fA-F]*> ?\]", b"/ID [<0> <0>]", data)
    return data


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``folder`` with its size and modification time."""
    return {
        str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns)
        for p in sorted(folder.rglob("*"))
        if p.is_file() or p.is_symlink()
    }


def picture_is_drawn(path: Path) -> tuple[int, int, int]:
    """Width, height and how many colours a sample of the PNG has (a blank or
    black window has one or two)."""
    from PySide6.QtGui import QImage

    image = QImage(str(path))
    assert not image.isNull(), f"{path} is not a PNG"
    colours = {image.pixel(x, y) for x in range(0, image.width(), 23)
               for y in range(0, image.height(), 23)}  # fmt: skip
    return image.width(), image.height(), len(colours)

"""Files written whole or not at all: a temp file beside the target, renamed
over it, and errors that name the file asked for (not the temp file)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def named_error(exc: OSError, target: Path) -> OSError:
    """``exc`` reworded to name the file asked for, not the temp file beside it."""
    reason = exc.strerror or str(exc)
    if isinstance(exc, FileNotFoundError) and not target.parent.is_dir():
        reason = f"the folder {target.parent} does not exist"
    err = type(exc)(f"{target}: {reason}")
    err.__cause__ = exc
    return err


def temp_beside(target: Path, suffix: str = ".tmp") -> tuple[int, str]:
    """A temp file in ``target``'s folder (same file system: the rename is atomic),
    with the permissions an ordinary new file gets."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=suffix, dir=target.parent)
        os.chmod(tmp, 0o666 & ~_umask())
    except OSError as exc:
        raise named_error(exc, target) from None
    return fd, tmp


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to a temp file beside ``path`` and rename it over ``path``:
    a reader sees the old file or the new one, never half of one. An error names
    ``path`` (e.g. ``x.png: the folder /nonexistent/dir does not exist``)."""
    target = Path(path)
    fd, tmp = temp_beside(target)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, target)
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise named_error(exc, target) from None
        raise

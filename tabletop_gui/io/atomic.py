"""One way to write a file so that a reader, or a crash, never sees half of it.

``write_atomic`` writes the bytes to a temp file of its own in the target's
folder (same file system, so the rename is atomic), flushes it to disk, renames
it over the target and flushes the folder, so the rename itself survives a power
cut. The temp file is made with O_EXCL under a name no one can guess, so nothing
planted there (a link to another file) is ever written through. A new file gets
the permissions the user's umask gives any new file (the kernel applies it: the
program never changes its umask), an existing one keeps its mode, and ``mode``
asks for a given one (0o600 for private files). On any failure the temp file is
removed; a temp file left by a killed process is removed by the next write to the
same target, once that process is gone. Never another running process's.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from pathlib import Path

#: Temp names: ``.{target name}.{pid}.{random}.tmp`` (the pid says whose it is).
TEMP_SUFFIX = ".tmp"


def write_atomic(
    path: str | os.PathLike[str], data: bytes | bytearray | memoryview, *, mode: int | None = None
) -> None:
    """Replace the file at ``path`` with ``data``, all or nothing. ``path`` may be
    a symlink: the file it points to is replaced and the link kept. ``mode``:
    the permissions to give the file (default: keep the old file's, or the usual
    ones for a new file). An OSError names ``path``, not the temp file."""
    target = _resolved(Path(path))
    tmp = _temp_name(target)
    try:
        fd = os.open(tmp, _CREATE_FLAGS, 0o666 if mode is None else mode)
    except OSError as exc:
        raise _named(exc, target) from None
    try:
        try:
            keep = mode if mode is not None else _old_mode(target)
            if keep is not None and hasattr(os, "fchmod"):
                os.fchmod(fd, keep)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise _named(exc, target) from None
        raise
    _sync_folder(target.parent)
    remove_stale_temps(target)


def stale_temps(path: str | os.PathLike[str]) -> list[Path]:
    """Temp files beside ``path`` that an interrupted ``write_atomic`` of this
    user left: their process is gone. A running process's temp file is not stale."""
    target = _resolved(Path(path))
    prefix = f".{target.name}."
    found = []
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return []
    for entry in entries:
        name = entry.name
        if not (name.startswith(prefix) and name.endswith(TEMP_SUFFIX)):
            continue
        pid_text = name[len(prefix) :].split(".", 1)[0]
        if not pid_text.isdigit() or _running(int(pid_text)):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode) and info.st_uid == os.getuid():
            found.append(Path(entry.path))
    return found


def remove_stale_temps(path: str | os.PathLike[str]) -> int:
    """Remove ``stale_temps(path)``; how many were removed."""
    removed = 0
    for tmp in stale_temps(path):
        with contextlib.suppress(OSError):
            tmp.unlink()
            removed += 1
    return removed


_CREATE_FLAGS = (
    os.O_WRONLY
    | os.O_CREAT
    | os.O_EXCL
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def _resolved(target: Path) -> Path:
    """A symlink's target (so the link survives the rename), else ``target``."""
    if target.is_symlink():
        return Path(os.path.realpath(target))
    return target


def _temp_name(target: Path) -> Path:
    token = secrets.token_hex(8)
    return target.with_name(f".{target.name}.{os.getpid()}.{token}{TEMP_SUFFIX}")


def _old_mode(target: Path) -> int | None:
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        return None  # a new file: the mode given to os.open, less the umask


def _sync_folder(folder: Path) -> None:
    """Flush the folder entry, so the rename is on disk (POSIX; a no-op elsewhere)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(folder, flags)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a folder; the file itself is synced
    finally:
        os.close(fd)


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's live process
    except OSError:
        return True
    return True


def _named(exc: OSError, target: Path) -> OSError:
    """``exc`` reworded to name the file asked for, not the temp file beside it."""
    reason = exc.strerror or str(exc)
    if isinstance(exc, FileNotFoundError) and not target.parent.is_dir():
        reason = f"the folder {target.parent} does not exist"
    err = type(exc)(f"{target}: {reason}")
    err.errno = exc.errno
    err.__cause__ = exc
    return err

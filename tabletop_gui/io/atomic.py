"""One way to write a file so that a reader, or a crash, never sees half of it.

``write_atomic`` writes the bytes to a temp file of its own in the target's
folder (same file system, so the rename is atomic), flushes it to disk, renames
it over the target and flushes the folder, so the rename itself survives a power
cut. The temp file is made with O_EXCL under a name no one can guess, so nothing
planted there (a link to another file) is ever written through. A link at the
target's own path is not followed: the rename replaces the link itself, so a
folder others can write to cannot aim the write at another file (a save of the
user's own game file may ask to follow it, ``follow_links``). A new file gets
the permissions the user's umask gives any new file (the kernel applies it: the
program never changes its umask), an existing one keeps its mode, and ``mode``
asks for a given one (0o600 for private files). On any failure the temp file is
removed; a temp file left by a killed process is removed by the next write to the
same target, once that process is gone (``remove_stale_temps_in`` clears a whole
folder, for files whose names change from run to run). Never another running
process's.

What differs between systems is decided in one place, ``RULES`` (``PosixRules``
or ``WindowsRules``), so each one's logic can be run, and tested, under the
other's: on Windows ``os.kill(pid, 0)`` would send Ctrl-C to the process group
and ``os.getuid`` does not exist, a process is looked up with OpenProcess, and a
rename over a file a reader holds open (OBS reading the stream picture) is tried
again for a moment instead of failing at once.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


class PosixRules:
    """Linux, macOS and the other POSIX systems."""

    windows = False

    def running(self, pid: int) -> bool:
        """Whether process ``pid`` exists (signal 0 checks without sending one)."""
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except (OSError, OverflowError):  # OverflowError: past pid_t, cannot tell
            return True  # someone else's live process (PermissionError), or unknown
        return True

    def owned(self, info: os.stat_result) -> bool:
        """Whether a file (its lstat) is this user's."""
        return info.st_uid == os.getuid()

    def replace(self, src: Path, dst: Path) -> None:
        os.replace(src, dst)

    def sync_folder(self, folder: Path) -> None:
        """Flush the folder entry, so the rename is on disk."""
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


# Windows API values (learn.microsoft.com: OpenProcess, GetExitCodeProcess).
PROCESS_QUERY_LIMITED_INFORMATION = 0x1000
STILL_ACTIVE = 259
ERROR_ACCESS_DENIED = 5
#: A rename over a file another program holds open is tried this often, this far apart.
REPLACE_TRIES = 20
REPLACE_WAIT_S = 0.05


class WindowsRules:
    """Windows: no signals, no user ids (a file in the user's folder is theirs:
    its access list says so), a folder cannot be flushed, and a file open in
    another program cannot be renamed over until it is closed. ``kernel32`` and
    ``last_error`` are the Windows API's (given: another system's tests)."""

    windows = True

    def __init__(self, kernel32: Any = None, last_error: Callable[[], int] | None = None) -> None:
        self._kernel32 = kernel32
        self._last_error = last_error

    def _api(self) -> tuple[Any, Callable[[], int]]:
        if self._kernel32 is None:
            from ctypes import wintypes

            k = ctypes.WinDLL("kernel32", use_last_error=True)  # type: ignore[attr-defined]
            # Declared, so a handle is not cut to 32 bits on a 64-bit system.
            k.OpenProcess.argtypes = (wintypes.DWORD, wintypes.BOOL, wintypes.DWORD)
            k.OpenProcess.restype = wintypes.HANDLE
            k.GetExitCodeProcess.argtypes = (wintypes.HANDLE, ctypes.POINTER(wintypes.DWORD))
            k.GetExitCodeProcess.restype = wintypes.BOOL
            k.CloseHandle.argtypes = (wintypes.HANDLE,)
            k.CloseHandle.restype = wintypes.BOOL
            self._kernel32 = k
            self._last_error = ctypes.get_last_error  # type: ignore[attr-defined]
        assert self._last_error is not None
        return self._kernel32, self._last_error

    def running(self, pid: int) -> bool:
        kernel32, last_error = self._api()
        handle = kernel32.OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, False, pid)
        if not handle:
            return last_error() == ERROR_ACCESS_DENIED  # another user's live process
        try:
            code = ctypes.c_ulong()  # a DWORD
            if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
                return True  # cannot tell: its file is left alone
            return code.value == STILL_ACTIVE
        finally:
            kernel32.CloseHandle(handle)

    def owned(self, info: os.stat_result) -> bool:
        return True

    def replace(self, src: Path, dst: Path) -> None:
        for _ in range(REPLACE_TRIES - 1):
            try:
                os.replace(src, dst)
                return
            except PermissionError:  # a reader has it open: it closes it soon
                time.sleep(REPLACE_WAIT_S)
        os.replace(src, dst)

    def sync_folder(self, folder: Path) -> None:
        """A folder cannot be opened to be flushed; the file itself is."""


#: This system's rules.
RULES: PosixRules | WindowsRules = WindowsRules() if os.name == "nt" else PosixRules()


#: Temp names: ``.{target name}.{pid}.{random}.tmp`` (the pid says whose it is).
TEMP_SUFFIX = ".tmp"
TOKEN_BYTES = 8


def write_atomic(
    path: str | os.PathLike[str],
    data: bytes | bytearray | memoryview,
    *,
    mode: int | None = None,
    follow_links: bool = False,
) -> None:
    """Replace the file at ``path`` with ``data``, all or nothing. A symlink at
    ``path`` is replaced itself, never written through; with ``follow_links``
    (a save of the user's own file) the file it points to is replaced and the
    link kept. ``mode``: the permissions to give the file (default: keep the old
    file's, or the usual ones for a new file). An OSError names ``path``, not
    the temp file."""
    rules = RULES
    target = _resolved(Path(path)) if follow_links else Path(path)
    tmp = _temp_name(target)
    try:
        fd = os.open(tmp, _CREATE_FLAGS, 0o666 if mode is None else mode)
    except OSError as exc:
        raise _named(exc, target) from None
    try:
        try:
            keep = mode if mode is not None else _old_mode(target)
            if keep is not None and hasattr(os, "fchmod") and not rules.windows:
                os.fchmod(fd, keep)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        rules.replace(tmp, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise _named(exc, target) from None
        raise
    rules.sync_folder(target.parent)
    remove_stale_temps(target)


def stale_temps(path: str | os.PathLike[str]) -> list[Path]:
    """Temp files beside ``path`` that an interrupted ``write_atomic`` of this
    user left: their process is gone. A running process's temp file is not stale."""
    target = Path(path)
    return _stale(target.parent, target.name)


def stale_temps_in(folder: str | os.PathLike[str]) -> list[Path]:
    """Every stale temp file in ``folder``, whatever file it was for."""
    return _stale(Path(folder), None)


def remove_stale_temps(path: str | os.PathLike[str]) -> int:
    """Remove ``stale_temps(path)``; how many were removed."""
    return _remove(stale_temps(path))


def remove_stale_temps_in(folder: str | os.PathLike[str]) -> int:
    """Remove ``stale_temps_in(folder)`` (at start-up, for files such as autosaves
    whose names change from run to run); how many were removed."""
    return _remove(stale_temps_in(folder))


def _remove(paths: list[Path]) -> int:
    removed = 0
    for tmp in paths:
        with contextlib.suppress(OSError):
            tmp.unlink()
            removed += 1
    return removed


def _stale(folder: Path, target: str | None) -> list[Path]:
    """Temp files in ``folder`` for ``target`` (None: any file) whose process is
    gone: plain files of this user's named as ``_temp_name`` names them."""
    rules = RULES
    found = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        name = entry.name
        if not (name.startswith(".") and name.endswith(TEMP_SUFFIX)):
            continue
        parts = name[1 : -len(TEMP_SUFFIX)].rsplit(".", 2)  # target, pid, token
        if len(parts) != 3 or (target is not None and parts[0] != target):
            continue
        _, pid_text, token = parts
        # Not int() of any digits: '²' is a digit to isdigit, and 5,000 of them
        # past Python's limit; no process id has more than 10.
        plausible = pid_text.isascii() and pid_text.isdigit() and len(pid_text) <= 10
        if not (plausible and len(token) == 2 * TOKEN_BYTES):
            continue
        pid = int(pid_text)
        if pid <= 0 or pid == os.getpid() or rules.running(pid):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode) and rules.owned(info):
            found.append(Path(entry.path))
    return found


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


def _token() -> str:
    """A name part no one can guess (``secrets.token_hex``'s own source, without
    importing ``secrets``, whose ``hmac`` and ``random`` the command line never
    needs)."""
    return os.urandom(TOKEN_BYTES).hex()


def _temp_name(target: Path) -> Path:
    token = _token()
    return target.with_name(f".{target.name}.{os.getpid()}.{token}{TEMP_SUFFIX}")


def _old_mode(target: Path) -> int | None:
    try:
        info = os.lstat(target)
    except OSError:
        return None  # a new file: the mode given to os.open, less the umask
    return None if stat.S_ISLNK(info.st_mode) else stat.S_IMODE(info.st_mode)


def _named(exc: OSError, target: Path) -> OSError:
    """``exc`` reworded to name the file asked for, not the temp file beside it."""
    reason = exc.strerror or str(exc)
    if isinstance(exc, FileNotFoundError) and not target.parent.is_dir():
        reason = f"the folder {target.parent} does not exist"
    err = type(exc)(f"{target}: {reason}")
    err.errno = exc.errno
    err.__cause__ = exc
    return err

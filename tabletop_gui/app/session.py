"""What outlives a window: recent files (QSettings), autosaves and crash recovery.

Autosave: while the open game has unsaved changes, ``Autosaver`` writes it
every ``interval_ms`` (a minute) to ``<data folder>/autosave/autosave-<n>.json``
(the game file format, written atomically) with a small ``.meta.json`` beside
it naming the file it belongs to. A lock file (QLockFile) is held while the
window lives. Closing normally removes the autosave; after a crash the files
stay, and the next start finds them (``leftovers``): their lock is no longer
held by a living process, so the program offers to recover them.

The data folder is the generic data location plus the program's name once
(``~/.local/share/tabletop_gui/`` on Linux, where the stream picture goes
too); the environment variable ``TABLETOP_GUI_DATA_DIR`` overrides it (tests
point it at a temp folder), and ``TABLETOP_GUI_SETTINGS`` names an INI file
to use instead of the user's settings.

Earlier versions used ``QStandardPaths.AppDataLocation``, which appends the
organization and the application name, both ``tabletop_gui``: their autosaves
are in ``~/.local/share/tabletop_gui/tabletop_gui/autosave/``. ``leftovers``
looks there too, so a crash before the upgrade loses nothing; a recovered
autosave is written again in the new folder, and the old folders go once empty.
"""

from __future__ import annotations

import itertools
import json
import os
import stat
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLockFile, QObject, QSettings, QStandardPaths, QTimer

from tabletop_gui.app.document import Document
from tabletop_gui.io import dumps
from tabletop_gui.io.atomic import remove_stale_temps_in, write_atomic
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.limits import text_problem

ORGANIZATION = "tabletop_gui"
APPLICATION = "tabletop_gui"
RECENT_KEY = "recent_files"
RECENT_MAX = 8
AUTOSAVE_INTERVAL_MS = 60_000
_counter = itertools.count(1)


DATA_DIR_ENV = "TABLETOP_GUI_DATA_DIR"


def _generic_data() -> Path | None:
    where = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
    return Path(where) if where else None


def data_dir() -> Path:
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    base = _generic_data()
    return base / APPLICATION if base else Path.home() / ".tabletop_gui"


def autosave_dir() -> Path:
    return data_dir() / "autosave"


def legacy_autosave_dir() -> Path | None:
    """Where earlier versions autosaved (organization and application name both
    appended to the data location), or None under the override."""
    base = _generic_data()
    if os.environ.get(DATA_DIR_ENV) or base is None:
        return None
    old = base / ORGANIZATION / APPLICATION / "autosave"
    return None if old == autosave_dir() else old


def settings() -> QSettings:
    path = os.environ.get("TABLETOP_GUI_SETTINGS")
    if path:
        return QSettings(path, QSettings.Format.IniFormat)
    return QSettings(ORGANIZATION, APPLICATION)


# -- recent files -----------------------------------------------------------------


def save_beside(game_path: str | None, name: str) -> str:
    """Where a save dialog starts for a file called ``name``: beside the game's
    file, else in the Documents folder, else (none there) the home folder; never
    the folder the program was started from."""
    if game_path:
        return str(Path(game_path).with_name(name))
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    if not folder or not Path(folder).is_dir():  # no Documents folder: the home folder
        folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.HomeLocation)
    return str(Path(folder) / name) if folder else name


def recent_files() -> list[str]:
    value = settings().value(RECENT_KEY, [])
    # QSettings gives a one-entry list back as a plain string (INI files).
    values = [value] if isinstance(value, str) else value
    if not isinstance(values, list | tuple):
        return []
    # A settings file edited by hand may hold thousands (each one a menu entry)
    # or names no file has (control characters): the first RECENT_MAX good ones.
    files = (v for v in values if isinstance(v, str) and v and text_problem(v, 4096) is None)
    return list(itertools.islice(files, RECENT_MAX))


def add_recent(path: str) -> list[str]:
    path = str(Path(path).resolve())
    files = [path] + [p for p in recent_files() if p != path]
    files = files[:RECENT_MAX]
    s = settings()
    s.setValue(RECENT_KEY, files)
    s.sync()
    return files


def forget_recent(path: str) -> None:
    s = settings()
    s.setValue(RECENT_KEY, [p for p in recent_files() if p != path])
    s.sync()


# -- the last import folder -----------------------------------------------------------

#: The folder the last file was imported from (File ▸ Import… starts there).
IMPORT_FOLDER_KEY = "import/last_folder"


def import_folder(game_path: str | None) -> str:
    """Where File ▸ Import… starts: the folder the last file was imported from
    (TTS's Saves folder, say), if it still exists; else the game file's folder."""
    value = settings().value(IMPORT_FOLDER_KEY, "")
    if isinstance(value, str) and value and Path(value).is_dir():
        return value
    return str(Path(game_path).parent) if game_path else ""


def remember_import_folder(path: str) -> None:
    """Remember the folder of ``path``, a file chosen for File ▸ Import…."""
    s = settings()
    s.setValue(IMPORT_FOLDER_KEY, str(Path(path).resolve().parent))
    s.sync()


# -- autosave ------------------------------------------------------------------------


@dataclass(frozen=True)
class Leftover:
    """An autosave a previous session left behind (it did not close normally)."""

    file: Path
    meta: Path
    lock: Path
    original: str | None  # the file the game was opened from or saved to (read_meta)
    name: str
    saved: float  # time.time() of the autosave

    def when(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved))

    def discard(self) -> None:
        for p in (self.file, self.meta, self.lock):
            p.unlink(missing_ok=True)
        if self.file.parent == legacy_autosave_dir():
            _remove_if_empty(self.file.parent, self.file.parent.parent)


def _remove_if_empty(*folders: Path) -> None:
    for folder in folders:
        try:
            folder.rmdir()  # only an empty folder goes
        except OSError:
            return


class Autosaver(QObject):
    def __init__(
        self,
        doc: Document,
        folder: Path | None = None,
        interval_ms: int = AUTOSAVE_INTERVAL_MS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.doc = doc
        self.folder = folder or autosave_dir()
        stem = f"autosave-{os.getpid()}-{next(_counter)}"
        self.file = self.folder / f"{stem}.json"
        self.meta = self.folder / f"{stem}.meta.json"
        self.lock_path = self.folder / f"{stem}.lock"
        self.lock: QLockFile | None = None
        self.saved_log: object = None  # the events tuple last autosaved
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.autosave)
        self.timer.start()
        self.last_error = ""
        # Changes discarded (another game opened, undone back to the file) are
        # not offered back after a crash: only unsaved changes are kept.
        doc.reset_done.connect(self.discard)
        doc.dirty_changed.connect(self._dirty_changed)

    def _dirty_changed(self, dirty: bool) -> None:
        if not dirty:
            self.discard()

    def _lock(self) -> None:
        if self.lock is None:
            private_folder(self.folder)
            self.lock = QLockFile(str(self.lock_path))
            self.lock.setStaleLockTime(0)
            self.lock.tryLock(0)

    def autosave(self) -> bool:
        """Write the game if it has unsaved changes not yet autosaved; True if written."""
        doc = self.doc
        if not doc.dirty:
            return False
        log = (doc.timeline.setup, tuple(doc.timeline.events))
        if self.saved_log == log:
            return False
        try:
            self._lock()
            # Both files private to the user and written atomically (io.atomic: a
            # temp file no one can plant a link at, removed if the write fails).
            write_atomic(self.file, dumps(doc.game).encode("utf-8"), mode=PRIVATE_FILE)
            meta = {
                # absolute: the recovery dialog names the file wherever it is started
                "original": os.path.abspath(doc.path) if doc.path else None,
                "name": doc.timeline.setup.name,
                "saved": time.time(),
                "pid": os.getpid(),
                "events": len(doc.timeline),
            }
            write_atomic(self.meta, json.dumps(meta).encode("utf-8"), mode=PRIVATE_FILE)
        except (OSError, UnicodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            self.last_error = f"autosave to {self.file} failed: {reason}"
            return False
        self.saved_log = log
        return True

    def discard(self) -> None:
        """Forget the autosave (after a save, or on a normal close)."""
        self.file.unlink(missing_ok=True)
        self.meta.unlink(missing_ok=True)
        self.saved_log = None

    def close(self) -> None:
        self.timer.stop()
        self.discard()
        if self.lock is not None:
            self.lock.unlock()
            self.lock = None
        self.lock_path.unlink(missing_ok=True)

    def abandon(self) -> None:
        """Stop without cleaning up, as a crash would (tests simulate crashes so)."""
        self.timer.stop()
        if self.lock is not None:
            self.lock.unlock()  # a dead process holds no lock
            self.lock = None


def leftovers(folder: Path | None = None) -> list[Leftover]:
    """Autosaves whose session is gone (their lock is free), newest first: in
    ``folder``, or else in the autosave folder and the one earlier versions used.
    Asked at start-up, it also removes the temp files of autosaves killed while
    being written (the next run's autosaves have other names: nothing else would)."""
    if folder is not None:
        folders = [folder]
    else:
        folders = [autosave_dir(), *filter(None, [legacy_autosave_dir()])]
    for f in folders:
        remove_stale_temps_in(f)
    out = [left for f in folders for left in _leftovers_in(f)]
    return sorted(out, key=lambda x: -x.saved)


def _leftovers_in(folder: Path) -> list[Leftover]:
    out = []
    try:
        metas = sorted(folder.glob("autosave-*.meta.json"))
    except OSError:  # a data folder that cannot be read (a name too long): none
        return []
    for meta in metas:
        stem = meta.name[: -len(".meta.json")]
        file, lock_path = folder / f"{stem}.json", folder / f"{stem}.lock"
        if not _own_file(file):
            if not file.exists():
                meta.unlink(missing_ok=True)
            continue  # gone, or not a plain file of this user's: never opened
        lock = QLockFile(str(lock_path))
        if not lock.tryLock(0):
            continue  # a running window owns it
        lock.unlock()
        info = read_meta(meta)
        saved = info.get("saved")
        out.append(
            Leftover(
                file,
                meta,
                lock_path,
                info.get("original"),
                info.get("name", ""),
                saved if isinstance(saved, float) else file.stat().st_mtime,
            )
        )
    return out


#: Permissions of the autosave folder and files: the user's alone.
PRIVATE_FOLDER = 0o700
PRIVATE_FILE = 0o600
#: An autosave's metadata is a few hundred bytes; anything larger is not ours.
MAX_META_BYTES = 64 * 1024


def private_folder(folder: Path) -> None:
    """Make ``folder`` (and its parents) if missing; the folder itself is the
    user's alone (0700), also if an earlier version made it readable to others."""
    folder.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    info = folder.stat()
    if info.st_uid == os.getuid() and info.st_mode & 0o777 != PRIVATE_FOLDER:
        folder.chmod(PRIVATE_FOLDER)


def _own_file(path: Path) -> bool:
    try:
        info = path.lstat()
    except OSError:
        return False
    return stat.S_ISREG(info.st_mode) and info.st_uid == os.getuid()


def read_meta(meta: Path) -> dict[str, Any]:
    """An autosave's metadata, checked: ``original`` an absolute path of a .json
    file (shown to the user, offered in the Save dialog, never saved to without
    asking), ``name`` printable text, ``saved`` a time. A missing, broken or odd
    file, or odd values, give what is known (the recovery prompt still comes)."""
    out: dict[str, Any] = {}
    if not _own_file(meta):
        return out
    try:
        with open(meta, "rb") as fh:
            raw = fh.read(MAX_META_BYTES + 1)
        info = json.loads(raw) if len(raw) <= MAX_META_BYTES else None
    except (OSError, ValueError, RecursionError):
        return out
    if not isinstance(info, dict):
        return out
    original = info.get("original")
    if (
        isinstance(original, str)
        and text_problem(original, 4096) is None
        and os.path.isabs(original)
        and original.lower().endswith(".json")
    ):
        out["original"] = original
    name = info.get("name")
    if isinstance(name, str) and text_problem(name) is None:
        out["name"] = name
    saved = info.get("saved")
    if isinstance(saved, int | float) and not isinstance(saved, bool) and 0 < saved < 1e11:
        out["saved"] = float(saved)
    return out

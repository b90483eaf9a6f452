"""Importers: files made by other programs (army builders, scenario editors) read
into a game. One registry serves ``tabletop-gui import`` and the window.

Each format registers an :class:`Importer`: ``sniff(data, name)`` says from the
file's content (the name is only a hint) whether the file is of its format, and
``load(data, request)`` turns it into a game. The file's format is never taken
from its extension alone: the first importer (highest ``priority`` first) whose
sniff answers yes reads it.

Adding a format: write a module that calls :func:`register` at import time and
add the module's name to :data:`BUILTIN_MODULES`.
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Callable, Mapping
from dataclasses import field, replace

from tabletop_gui.io.codec import json_value
from tabletop_gui.io.errors import FileFormatError, json_problem
from tabletop_gui.io.game_file import FORMAT_NAME as GAME_FORMAT
from tabletop_gui.io.import_check import checked_game
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.game import Game

#: Modules that register the importers shipped with the program (loaded on first use).
BUILTIN_MODULES: tuple[str, ...] = (
    "tabletop_gui.io.armylists.formats",
    "tabletop_gui.io.m44.importer",
    "tabletop_gui.io.tts.importer",
)

#: No file to import is bigger (army lists are a few kB; rosters a few hundred),
#: unless its importer says otherwise (``Importer.max_bytes``: a TTS save).
MAX_IMPORT_BYTES = 8 * 1024 * 1024

#: Options of a request an importer may read (the CLI refuses the others for it).
OPTION_SIDE = "side"
OPTION_INTO = "into"
OPTION_DEPLOYMENT = "deployment"
OPTION_BASES = "bases"
OPTION_OBJECTIVE = "objective"
#: Read a save exported from another game into ``into`` all the same.
OPTION_OTHER_GAME = "other-game"


@dataclass(frozen=True)
class ImportRequest:
    """What the user asked for besides the file.

    ``side``: the side the imported pieces join (a side id); ``into``: an existing
    game to add them to (else a new game is made); ``deployment``: the Deployment
    Type of a new game; ``bases``: unit name -> base text such as ``"25x50"`` or
    ``"round 50"``; ``bases_table``: a file of bases to use before the bundled
    table."""

    source: str = ""
    side: str | None = None
    into: Game | None = None
    deployment: str | None = None
    #: The Secondary Objective of a new game (a kind or its name).
    objective: str | None = None
    bases: Mapping[str, str] = field(default_factory=dict)
    bases_table: str | None = None
    #: A save exported from another game is read into ``into`` anyway (else refused).
    other_game: bool = False

    def given(self) -> set[str]:
        """The options this request sets."""
        out = set()
        if self.side is not None:
            out.add(OPTION_SIDE)
        if self.into is not None:
            out.add(OPTION_INTO)
        if self.deployment is not None:
            out.add(OPTION_DEPLOYMENT)
        if self.objective is not None:
            out.add(OPTION_OBJECTIVE)
        if self.bases or self.bases_table is not None:
            out.add(OPTION_BASES)
        if self.other_game:
            out.add(OPTION_OTHER_GAME)
        return out


@dataclass(frozen=True)
class ImportResult:
    """The game with the imported pieces, one line saying what was imported, and
    what the user should know (unknown units, a list that did not fit...)."""

    game: Game
    summary: str
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Importer:
    key: str
    title: str
    #: What the file holds, as a user says it: "army list", "scenario".
    kind: str
    sniff: Callable[[bytes, str], bool]
    load: Callable[[bytes, ImportRequest], ImportResult]
    #: The request options this importer reads (OPTION_*).
    options: frozenset[str] = frozenset()
    #: File dialog patterns, e.g. ("*.ros", "*.rosz").
    patterns: tuple[str, ...] = ()
    #: Higher sniffs first (a loose text format sniffs last).
    priority: int = 0
    #: The largest file of this format read; 0: MAX_IMPORT_BYTES.
    max_bytes: int = 0
    #: The format is JSON (a JSON file none sniffs, for not parsing, names these).
    reads_json: bool = False

    @property
    def limit(self) -> int:
        return self.max_bytes or MAX_IMPORT_BYTES


_REGISTRY: dict[str, Importer] = {}
_loaded = False


def register(importer: Importer) -> Importer:
    """Add ``importer`` (replacing one of the same key)."""
    _REGISTRY[importer.key] = importer
    return importer


def importers() -> list[Importer]:
    """Every registered importer, in the order their sniffs are asked."""
    global _loaded
    if not _loaded:
        _loaded = True
        for name in BUILTIN_MODULES:
            importlib.import_module(name)
    return sorted(_REGISTRY.values(), key=lambda i: -i.priority)


def describe_formats() -> str:
    return "; ".join(f"{i.title} ({i.kind})" for i in importers()) or "nothing yet"


def find_importer(data: bytes, name: str = "") -> Importer:
    """The importer that reads ``data``, or a FileFormatError: an empty file; JSON
    that does not parse (its line and column, and the formats read from JSON: the
    content cannot say which it was meant to be); else the formats known."""
    for importer in importers():
        if importer.sniff(data, name):
            return importer
    if not data.strip():
        raise FileFormatError("(file)", "the file is empty: there is nothing to import", name)
    _refuse_broken_json(data, name)
    raise FileFormatError(
        "(file)", f"not a format this program imports; it reads: {describe_formats()}", name
    )


def _refuse_broken_json(data: bytes, name: str) -> None:
    """A file that is JSON-shaped (an object or a list) but does not parse is
    refused at the JSON parser's line and column, naming the formats read from
    JSON (which one it was meant to be is not told by a name); a game file of this
    program is said to be one."""
    head = data[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
    if not head.startswith((b"{", b"[")):
        return
    try:
        value = json_value(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        return
    except RecursionError:
        raise FileFormatError("(file)", "JSON nested too deeply to read", name) from None
    except json.JSONDecodeError as exc:
        where, problem = json_problem(exc)
        formats = ", ".join(i.title for i in importers() if i.reads_json)
        raise FileFormatError(
            where,
            f"{problem}. Which format it is cannot be told until it parses; the formats "
            f"read from JSON: {formats} (a game file of this program is opened, not imported)",
            name,
        ) from None
    if isinstance(value, dict) and value.get("format") == GAME_FORMAT:
        raise FileFormatError(
            "(file)",
            "a game file of this program, which is opened, not imported (tabletop-gui "
            "GAME.json, or File ▸ Open…); to add a file to this game, import it with "
            "--into GAME.json",
            name,
        )


def read_import_file(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
    """The bytes of ``path``, refusing a file larger than ``limit`` (default
    MAX_IMPORT_BYTES: too big to be an army list or scenario) before reading it all."""
    name = os.fspath(path)
    limit = limit or MAX_IMPORT_BYTES
    try:
        with open(name, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise FileFormatError("(file)", exc.strerror or str(exc), name) from None
    if len(data) > limit:
        raise _too_large(limit, name)
    return data


def _too_large(limit: int, name: str) -> FileFormatError:
    return FileFormatError(
        "(file)", f"larger than {limit // (1024 * 1024)} MiB: not an import", name
    )


def import_bytes(data: bytes, request: ImportRequest) -> ImportResult:
    """Read ``data`` with the importer its content calls for."""
    importer = find_importer(data, request.source)
    if len(data) > importer.limit:
        raise _too_large(importer.limit, request.source)
    unused = request.given() - importer.options
    if unused:
        opts = ", ".join(f"--{o}" for o in sorted(unused))
        raise FileFormatError(
            "(file)", f"is a {importer.title} ({importer.kind}): {opts} does not apply to it",
            request.source,
        )  # fmt: skip
    result = importer.load(data, request)
    # Through the loader's own checks (repaired with a note, or refused): what an
    # import writes, the program opens.
    game, notes = checked_game(result.game, result.notes, request.source)
    return replace(result, game=game, notes=notes)


def import_file(path: str | os.PathLike[str], request: ImportRequest) -> ImportResult:
    if not request.source:
        request = replace(request, source=os.fspath(path))
    return import_bytes(read_import_file(path, largest_limit()), request)


def largest_limit() -> int:
    """The largest file any importer reads."""
    return max([MAX_IMPORT_BYTES, *(i.limit for i in importers())])


def sniff_file(path: str | os.PathLike[str]) -> tuple[Importer, bytes]:
    """The importer that reads the file at ``path`` (told by its content) and the
    file's bytes; a FileFormatError names the file that none reads or that is too
    large for its format."""
    name = os.fspath(path)
    data = read_import_file(name, largest_limit())
    importer = find_importer(data, name)
    if len(data) > importer.limit:
        raise _too_large(importer.limit, name)
    return importer, data

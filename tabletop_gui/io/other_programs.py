"""A file another program wrote, given where a game file is read (``validate``,
``score``, File ▸ Open…): a Tabletop Simulator save, an army list. The import
registry (``io.importers``) tells it by its content, as ``import`` does, and the
reader says what the file is and how to read it, not every field a game file
does not have ("SaveName: unknown field ... version: got None")."""

from __future__ import annotations

import json
import os
import shlex

from tabletop_gui.io.codec import json_value
from tabletop_gui.io.errors import FileFormatError, LogRefusal
from tabletop_gui.io.game_file import FORMAT_NAME
from tabletop_gui.io.importers import OPTION_INTO, find_importer, largest_limit, read_import_file


def import_advice(path: str | os.PathLike[str]) -> FileFormatError | None:
    """What the file at ``path`` is and how to import it, when it is not a game
    file of this program (a JSON object that says ``"format": "tabletop-gui"``,
    or JSON that does not parse: the reader's own place of the problem is the
    better answer) and an importer reads it; else None."""
    source = os.fspath(path)
    try:
        data = read_import_file(source, largest_limit())
    except FileFormatError:
        return None
    head = data[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith((b"{", b"[")):
        try:
            value = json_value(data.decode("utf-8-sig"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            return None
        if isinstance(value, dict) and value.get("format") == FORMAT_NAME:
            return None
    try:
        importer = find_importer(data, source)
    except FileFormatError:
        return None
    name = shlex.quote(source)
    article = "an" if importer.kind[:1] in "aeiou" else "a"  # an army list, a scenario
    what = f"a {importer.title}" if importer.kind == "save" else (
        f"{article} {importer.kind} ({importer.title})"
    )  # fmt: skip
    if OPTION_INTO in importer.options and importer.kind != "save":  # an army list
        how = (
            f"import it into a new game: tabletop-gui import {name} -o GAME.json, or into a "
            f"game: tabletop-gui import {name} --into GAME.json -o NEW.json; in the window, "
            "File ▸ Import…"
        )
    elif OPTION_INTO in importer.options:
        how = (
            f"import it into the game it shows: tabletop-gui import {name} --into GAME.json "
            f"-o NEW.json (a save this program wrote: tabletop-gui import {name} -o "
            "GAME.json); in the window, open the game, then File ▸ Import…"
        )
    else:
        how = f"import it: tabletop-gui import {name} -o GAME.json; in the window, File ▸ Import…"
    return FileFormatError("(file)", f"{what}, not a game file of this program: {how}", source)


def advised(exc: FileFormatError, path: str | os.PathLike[str]) -> FileFormatError:
    """``exc``, a problem of the game file at ``path``, or what the file is and
    how to import it when another program wrote it (``import_advice``)."""
    if isinstance(exc, LogRefusal):
        return exc
    return import_advice(path) or exc

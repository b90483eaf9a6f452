"""File ▸ Import scenario…: a scenario made by another program (a Memoir '44
.m44 file, ...) read by the importer its content calls for (``io.importers``)
and opened as a new, unsaved game; its briefing (name, rules, victory text and
the import's problems) is shown in the Scenario panel. A file that cannot be
imported is reported with where and what, and the open board stays as it was."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from tabletop_gui.app.document import Document
from tabletop_gui.io import FileFormatError
from tabletop_gui.io.importers import ImportRequest, ImportResult, import_file, importers
from tabletop_gui.rules.engine import RuleError


class Opener(Protocol):
    """What the import needs of the window's files part."""

    doc: Document

    def maybe_save(self) -> bool: ...

    def status(self, text: str, ms: int = ...) -> None: ...


def file_filter() -> str:
    patterns = sorted({p for i in importers() if i.kind == "scenario" for p in i.patterns})
    titles = ", ".join(sorted({i.title for i in importers() if i.kind == "scenario"}))
    return f"Scenarios: {titles} ({' '.join(patterns)});;All files (*)"


def import_scenario(
    opener: Opener, path: str | None = None, parent: QWidget | None = None
) -> ImportResult | None:
    """Ask for a file (unless ``path`` is given), import it and open the game.
    None when cancelled or refused (the board is left as it was)."""
    if not opener.maybe_save():
        return None
    if path is None:
        path, _ = QFileDialog.getOpenFileName(parent, "Import scenario", "", file_filter())
        if not path:
            return None
    try:
        result = import_file(path, ImportRequest(source=path))
    except FileFormatError as exc:
        where = exc.path if exc.path != "(file)" else "the file as a whole"
        QMessageBox.warning(
            parent,
            "Cannot import this scenario",
            f"{path}\n\nWhere in the file: {where}\nProblem: {exc.problem}\n\n"
            "The open board was left as it was.",
        )
        opener.status(f"Could not import {path}: {exc.problem}", 10000)
        return None
    except RuleError as exc:
        QMessageBox.warning(parent, "Cannot import this scenario", f"{path}\n\n{exc}")
        return None
    opener.doc.reset(result.game, None, imported_from=path)
    more = " (see the Scenario panel)" if result.notes else ""
    name = Path(path).name
    opener.status(f"Imported {name}: {result.summary}{more}", 15000)
    return result

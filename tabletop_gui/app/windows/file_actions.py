"""The main window's files part: File ▸ New, Open, Open recent, Open example,
Import (any format, told by its content: a Tabletop Simulator save into the open
game), Import army list, Import scenario, Save and Save as; the unsaved-changes prompt,
crash recovery, and the window title that names the file.

A bundled example (``tabletop_gui.examples``) always opens as an unsaved copy,
from every door (start, Open, Open recent, Open example, a recovered autosave):
Save asks where to keep it, and no bundled file is ever written."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu, QMessageBox

from tabletop_gui.app import session
from tabletop_gui.app.document import Document
from tabletop_gui.app.part import Part
from tabletop_gui.examples import DEMO_BOARD, examples, is_example
from tabletop_gui.io import FileFormatError, load_game, save_game
from tabletop_gui.io.errors import LogRefusal
from tabletop_gui.model.game import Game
from tabletop_gui.play import new_game
from tabletop_gui.rules.engine import RuleError

if TYPE_CHECKING:
    from tabletop_gui.app.windows.army_import import ArmyImportDialog
    from tabletop_gui.io.importers import ImportResult

# The import dialogs and the importers (Tabletop Simulator saves, army lists,
# scenarios: with their tables and platformdirs, about a tenth of the window's
# start) are imported when an import is first asked for.


def where_in_file(exc: FileFormatError) -> str:
    """The place of a file's problem for a person: the JSON path (``units[3].x``),
    or the line and column of broken JSON (the reader gives them as the path)."""
    return exc.path if exc.path != "(file)" else "the file as a whole"


#: Problems a refused file's message lists (``tabletop-gui validate`` lists all).
MAX_SHOWN_PROBLEMS = 12


def problems_text(path: str, exc: FileFormatError) -> str:
    """What is wrong with a file that did not open: every problem ``validate``
    finds (repeated ones grouped, at most MAX_SHOWN_PROBLEMS), not only the first
    the loader stopped at; one problem as where and what."""
    from tabletop_gui.io.file_problems import problems_of_file

    report = problems_of_file(path)
    groups = report.grouped()
    if len(groups) <= 1 and not report.more:
        return f"Where in the file: {where_in_file(exc)}\nProblem: {exc.problem}"
    n = len(report.problems) + report.more
    lines = [f"{n:,} problems:"]
    lines += [f"• {g}" for g in groups[:MAX_SHOWN_PROBLEMS]]
    rest = max(0, len(groups) - MAX_SHOWN_PROBLEMS) + report.more
    if rest:
        lines.append(f"… and {rest:,} more (tabletop-gui validate FILE lists every one)")
    return "\n".join(lines)


class FilesController(Part):
    """File ▸ New, Open, Open recent, Open example, imports, Save, Save as; recovery
    of autosaves; the window title (it follows the document's file, its unsaved
    work and each new game)."""

    #: File ▸ New made a game whose armies are named next (the dialog's title).
    name_armies = Signal(str)
    #: A scenario was imported: its briefing is shown.
    briefing_wanted = Signal()

    def __init__(self, doc: Document, host: QMainWindow, autosaver: session.Autosaver) -> None:
        super().__init__(doc, host)
        self.autosaver = autosaver
        #: (the file a shortened copy was read from, the name Save as offers for it):
        #: a log cut before its refused event is not offered over its own file.
        self.save_suggestion: tuple[str, str] | None = None
        doc.path_changed.connect(self.update_title)
        doc.dirty_changed.connect(self.update_title)
        doc.reset_done.connect(self._after_reset)
        self.new_menu = QMenu("&New", host)
        # Built when first opened: the presets ask every installed family (each
        # imported for it, about 0.1 s of the window's start).
        self.new_menu.aboutToShow.connect(lambda: self._build_new_menu(self.new_menu))
        self.recent_menu = QMenu("Open &recent", host)
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self._fill_recent()
        self.examples_menu = QMenu("Open e&xample", host)
        # Filled when first opened: listing the examples reads every one of them
        # (0.1-0.3 s of the window's start).
        self.examples_menu.aboutToShow.connect(self._fill_examples)
        self.actions = {
            "same_kind": self.action(None, "New board of this &kind", self.new_same_kind,
                                     QKeySequence.StandardKey.New),
            "open": self.action(None, "&Open…", self.open_file, QKeySequence.StandardKey.Open),
            "army": self.action(None, "&Import army list…", self.import_army_list, "Ctrl+I"),
            "scenario": self.action(None, "Import &scenario…", lambda: self.import_scenario(),
                                    "Ctrl+Shift+I"),
            "import": self.action(None, "Im&port…", lambda: self.import_any(), "Ctrl+Alt+I"),
            "save": self.action(None, "&Save", self.save, QKeySequence.StandardKey.Save),
            "save_as": self.action(None, "Save &as…", self.save_as,
                                   QKeySequence.StandardKey.SaveAs),
        }  # fmt: skip
        self.actions["import"].setStatusTip(
            "Import any file the program reads, told by its content: a Tabletop Simulator "
            "save goes into the open game as moves, a scenario opens, an army list is placed"
        )
        self.update_title()

    def add_entries(self, menu: QMenu) -> None:
        """File ▸ New ... Save as, in that order."""
        a = self.actions
        menu.addMenu(self.new_menu)
        menu.addActions([a["same_kind"], a["open"]])
        menu.addMenu(self.recent_menu)
        menu.addMenu(self.examples_menu)
        menu.addActions([a["import"], a["army"], a["scenario"], a["save"], a["save_as"]])

    def _after_reset(self) -> None:
        self.autosaver.saved_log = None
        self.update_title()

    def _warn(self, title: str, text: str) -> None:
        QMessageBox.warning(self.host, title, text)

    def update_title(self, *_dirty: bool) -> None:
        """The window's title: the file (or what the game is a copy of), a star for
        unsaved work, the game's name."""
        if not shiboken6.isValid(self.host) or not shiboken6.isValid(self.doc.undo_stack):
            return  # the window is being torn down
        name = self.doc.committed.setup.name or "untitled"
        if self.doc.path:
            where = Path(self.doc.path).name
        elif self.doc.opened_from:
            where = f"{Path(self.doc.opened_from).name} (a copy, not saved yet)"
        elif self.doc.imported_from:
            where = f"{Path(self.doc.imported_from).name} (imported, not saved yet)"
        else:
            where = "not saved yet"
        dirty = " *" if self.doc.dirty else ""
        self.host.setWindowTitle(f"{where}{dirty} — {name} — tabletop_gui")

    def game_name(self) -> str:
        """How the save prompt names the game: its file, the example it was read
        from (the demo, say: never saved over), the file it is a copy of, or
        'this new game'."""
        if self.doc.path:
            return Path(self.doc.path).name
        if not self.doc.opened_from:
            return "this new game"
        name = Path(self.doc.opened_from).name
        if Path(self.doc.opened_from).resolve() == Path(DEMO_BOARD).resolve():
            return f"the demo game (from {name})"
        if is_example(self.doc.opened_from):
            return f"the example game (from {name})"
        return f"the copy of {name}"  # a recovered autosave, a log cut before a refusal

    def maybe_save(self) -> bool:
        """Before losing unsaved changes: save, discard or cancel. True to go on."""
        if not self.doc.dirty:
            return True
        answer = QMessageBox.question(
            self.host,
            "Unsaved changes",
            f"Save the changes to {self.game_name()} first?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def save(self) -> bool:
        if not self.doc.path:
            return self.save_as()
        return self.save_to(self.doc.path)

    def save_to(self, path: str) -> bool:
        if is_example(path):
            self._warn(
                "Choose another place",
                f"{path}\n\nis one of the examples that come with tabletop_gui, which are "
                "never written. Save your copy somewhere else (your Documents folder, say).",
            )
            return False
        try:
            save_game(self.doc.game, path)
        except OSError as exc:
            self._warn("Save failed", f"{path}: {exc.strerror or exc}")
            return False
        self.doc.path = path
        self.doc.saved()
        self.autosaver.discard()
        session.add_recent(path)
        self.status(f"Saved {path}", 5000)
        return True

    def save_as(self) -> bool:
        while True:
            path, _ = QFileDialog.getSaveFileName(
                self.host, "Save game", self.doc.path or self.suggested_path(), "Games (*.json)"
            )
            if not path:
                return False
            if not path.lower().endswith(".json"):
                path += ".json"
            if self.save_to(path):
                return True
            if not is_example(path):
                return False  # a write that failed was reported; an example asks again

    def suggested_path(self) -> str:
        """Where Save as starts for a game without a file: for a log cut before
        its refused event a new name beside its file, for a recovered autosave
        its file (to confirm), for an imported scenario a game file of its name
        beside it (orchard.json beside orchard.m44), else the Documents folder
        under the name of the example it was read from, if any."""
        suggestion = self.save_suggestion
        if suggestion is not None and suggestion[0] == self.doc.opened_from:
            return suggestion[1]
        if self.doc.imported_from:
            return str(Path(self.doc.imported_from).with_suffix(".json"))
        if self.doc.opened_from and not is_example(self.doc.opened_from):
            return self.doc.opened_from  # a recovered autosave's file, to confirm
        name = Path(self.doc.opened_from).name if self.doc.opened_from else "game.json"
        return session.save_beside(None, name)

    def open_file(self) -> None:
        if not self.maybe_save():
            return
        start = str(Path(self.doc.path).parent) if self.doc.path else ""
        path, _ = QFileDialog.getOpenFileName(self.host, "Open game", start, "Games (*.json)")
        if path:
            self.open_path(path, ask=False)

    def open_path(
        self, path: str, ask: bool = True, instead: str = "The open board was left as it was."
    ) -> bool:
        """Open ``path`` in this window. A file that fails to load is reported with
        the place in the file (``instead``: what the message says is open), and
        the open game stays as it was."""
        if ask and not self.maybe_save():
            return False
        try:
            with self.busy(f"Opening {Path(path).name}…"):
                game = load_game(path)
            self._reset_to(game, path)
        except LogRefusal as exc:
            return self.open_before_refusal(path, exc)
        except FileFormatError as exc:
            from tabletop_gui.io.other_programs import advised  # only for a bad file

            exc = advised(exc, path)  # a TTS save: what it is and how to import it
            self._warn(
                "Cannot open this file", f"{path}\n\n{problems_text(path, exc)}\n\n{instead}"
            )
            self.status(f"Could not open {path}: {exc.path}: {exc.problem}", 10000)
            return False
        except RuleError as exc:
            self._warn("Cannot open this file", f"{path}\n\n{exc}")
            return False
        session.add_recent(path)
        copy = " as an unsaved copy (Save asks where to keep it)" if self.doc.opened_from else ""
        self.status(f"Opened {path}{copy}", 5000)
        return True

    def open_before_refusal(self, path: str, exc: LogRefusal) -> bool:
        """The rules refuse an event of the file's log: offer the game as it stood
        just before it (what a referee wants to look at), as an unsaved copy, so
        Save never writes the shortened log over the file."""
        game = exc.game
        if not isinstance(game, Game):
            self._warn("Cannot open this file", f"{path}\n\n{exc.path}: {exc.problem}")
            return False
        n, total = exc.index, len(game.events)
        # The game log numbers events from 1 (0 is the set-up): events[n] is its n + 1.
        answer = QMessageBox.question(
            self.host,
            "Open up to the refused event?",
            f"{path}\n\nWhere in the file: {exc.path}\nProblem: {exc.problem}\n\n"
            f"The rules refuse event {n + 1} of its log of {total}. Open the game as it "
            f"stood before it, after event {n}, as an unsaved copy? Save then asks where "
            "to keep it: this file keeps its whole log.",
            QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Open,
        )
        if answer != QMessageBox.StandardButton.Open:
            self.status(f"Could not open {path}: {exc.path}: {exc.problem}", 10000)
            return False
        try:
            self.doc.reset(game.truncated(n), None, opened_from=path)
        except RuleError as again:  # cannot happen: the events before n were applied
            self._warn("Cannot open this file", f"{path}\n\n{again}")
            return False
        cut = Path(path)
        self.save_suggestion = (path, str(cut.with_name(f"{cut.stem}-to-event-{n}{cut.suffix}")))
        self.doc.unsaved_extra = True  # the log is shorter than the file's
        session.add_recent(path)
        self.status(
            f"Opened {path} up to event {n} of {total}: event {n + 1} ({exc.path}) is refused: "
            f"{exc.problem}",
            15000,
        )
        return True

    def _reset_to(self, game: Game, path: str | None) -> None:
        """Open ``game`` read from ``path``; an example becomes an unsaved copy."""
        if path is not None and is_example(path):
            self.doc.reset(game, None, opened_from=path)
        else:
            self.doc.reset(game, path)

    def open_example(self, name: str, ask: bool = True) -> bool:
        """File > Open example: a bundled example as an unsaved copy."""
        found = {e.name: e for e in examples()}
        return self.open_path(str(found[name].path), ask=ask)

    def _fill_examples(self) -> None:
        if self.examples_menu.actions():
            return
        self.examples_menu.clear()
        for e in examples():
            a = self.examples_menu.addAction(f"{e.title}  ({e.family_title})")
            a.setToolTip(f"{e.description}\n{e.path}")
            a.setStatusTip(e.description)
            a.triggered.connect(lambda _c=False, name=e.name: self.open_example(name))
        self.examples_menu.setToolTipsVisible(True)

    def new_game(self, key: str, ask: bool = True) -> bool:
        """File > New: the preset's board; when ``ask``, the armies are named
        next (Game > Sides, open on the new board: OK is one undo step)."""
        if ask and not self.maybe_save():
            return False
        setup = new_game.preset(key).build()
        self.doc.reset(Game(setup), None)
        if ask and setup.scene.sides:
            self.name_armies.emit("New game: name the armies")
        return True

    def new_same_kind(self) -> bool:
        """File > New board of this kind (Ctrl+N): an empty board like the open
        one, as its family answers (``play.new_game.same_kind``)."""
        if not self.maybe_save():
            return False
        self.doc.reset(Game(new_game.same_kind(self.doc.committed.setup)), None)
        return True

    def _build_new_menu(self, menu: QMenu) -> None:
        if menu.actions():
            return
        subs: dict[tuple[str, ...], QMenu] = {(): menu}
        for p in new_game.presets():
            for i in range(1, len(p.group) + 1):
                if p.group[:i] not in subs:
                    subs[p.group[:i]] = subs[p.group[: i - 1]].addMenu(p.group[i - 1])
            a = subs[p.group].addAction(p.title)
            a.triggered.connect(lambda _c=False, key=p.key: self.new_game(key))
        problems = new_game.not_offered()
        if problems:
            menu.addSeparator()
            menu.setToolTipsVisible(True)
        for problem in problems:  # named, not offered: the other families' boards stay
            a = menu.addAction(f"Not offered: {problem}")
            a.setToolTip(problem)
            a.setEnabled(False)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        files = session.recent_files()
        for path in files:
            a = self.recent_menu.addAction(path)
            a.triggered.connect(lambda _c=False, p=path: self._open_recent(p))
        if not files:
            self.recent_menu.addAction("(no recent files)").setEnabled(False)

    def _open_recent(self, path: str) -> None:
        if not Path(path).exists():
            session.forget_recent(path)
            self._warn("Cannot open", f"{path} no longer exists.")
            return
        self.open_path(path)

    def recover(self, leftover: session.Leftover) -> bool:
        """Open an autosave a crashed session left, as unsaved changes to its file."""
        try:
            game = load_game(leftover.file)
            # The autosave's record of its file is only a suggestion: Save asks
            # where (starting there), it never writes there unasked.
            self.doc.reset(game, None, opened_from=leftover.original)
        except (FileFormatError, RuleError) as exc:
            self._warn("Cannot recover", f"{leftover.file}: {exc}")
            return False
        self.doc.unsaved_extra = True
        leftover.discard()
        self.autosaver.autosave()
        self.status(f"Recovered the game autosaved at {leftover.when()}", 10000)
        return True

    def offer_recovery(self, folder: Path | None = None) -> int:
        """Offer the autosaves crashed sessions left behind; returns how many were
        recovered (one at most: it opens here; the others wait for the next start).
        Several are offered in one dialog, not one message box after another."""
        found = session.leftovers(folder)
        if len(found) > 1:
            return self._offer_several(found)
        recovered = 0
        for left in found:
            name = left.name or "an untitled game"
            where = f" ({left.original})" if left.original else ""
            answer = QMessageBox.question(
                self.host,
                "Recover unsaved work?",
                f"tabletop_gui did not close normally. {name}{where} was autosaved at "
                f"{left.when()} with unsaved changes.\n\nRecover it?",
                QMessageBox.StandardButton.Yes
                | QMessageBox.StandardButton.Discard
                | QMessageBox.StandardButton.Ignore,
                QMessageBox.StandardButton.Yes,
            )
            if answer == QMessageBox.StandardButton.Yes and self.recover(left):
                recovered += 1
                break
            if answer == QMessageBox.StandardButton.Discard:
                left.discard()
        return recovered

    def _offer_several(self, found: list[session.Leftover]) -> int:
        from tabletop_gui.app.windows.recovery_dialog import Choice, RecoveryDialog

        dialog = RecoveryDialog(found, self.host)
        dialog.exec()
        if dialog.choice is Choice.DISCARD_ALL:
            for left in found:
                left.discard()
            self.status(f"Discarded {len(found)} autosaved games", 10000)
            return 0
        chosen = dialog.selected()
        if dialog.choice is Choice.RECOVER and chosen is not None and self.recover(chosen):
            return 1
        return 0

    # -- imports ----------------------------------------------------------------------
    def import_scenario(self, path: str | None = None) -> ImportResult | None:
        """File ▸ Import scenario…: ask for a file (unless ``path``), open it as a new
        game and show its briefing; None when cancelled or refused."""
        from tabletop_gui.app.windows import scenario_import

        result = scenario_import.import_scenario(self, path, parent=self.host)
        if result is not None:
            self.briefing_wanted.emit()
        return result

    def import_army_list(self) -> ArmyImportDialog:
        """File ▸ Import army list…"""
        from tabletop_gui.app.windows.army_import import import_army_list

        return import_army_list(self.host, self.doc)

    def import_any(self, path: str | None = None) -> object:
        """File ▸ Import…: any file the program imports, its kind told by its content.
        A Tabletop Simulator save goes into the open game as moves (``tts_import``),
        a scenario opens as a new game, an army list opens the army list dialog on
        it. None when cancelled or refused (the open game is left as it was)."""
        from tabletop_gui.app.windows import tts_import
        from tabletop_gui.io.importers import sniff_file

        if path is None:
            start = session.import_folder(self.doc.path)
            path, _ = QFileDialog.getOpenFileName(self.host, "Import", start, import_filter())
            if not path:
                return None
            session.remember_import_folder(path)
        try:
            importer, _data = sniff_file(path)
        except FileFormatError as exc:
            where = f"Where in the file: {exc.path}\nProblem: " if exc.path != "(file)" else ""
            self._warn(
                "Cannot import this file",
                f"{path}\n\n{where}{exc.problem}\n\nThe open game was left as it was.",
            )
            return None
        if importer.key == "tts":
            return tts_import.import_save(self, path, parent=self.host)
        if importer.kind == "scenario":
            return self.import_scenario(path)
        dialog = self.import_army_list()
        dialog.load_file(path)
        return dialog


def import_filter() -> str:
    """File ▸ Import…'s file types: every importer's, then each kind's."""
    from tabletop_gui.io.importers import importers

    every = sorted({p for i in importers() for p in i.patterns})
    kinds = sorted({i.title: i.patterns for i in importers() if i.patterns}.items())
    lines = [f"Files it imports ({' '.join(every)})"]
    lines += [f"{title} ({' '.join(patterns)})" for title, patterns in kinds]
    return ";;".join([*lines, "All files (*)"])

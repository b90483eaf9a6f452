"""The main window's File handling: new, open, recent, examples, save, save as,
the unsaved-changes prompt and crash recovery, and the window title that names
the file. A mixin on ``MainWindow``: it declares the window parts it uses.

A bundled example (``tabletop_gui.examples``) always opens as an unsaved copy,
from every door (start, Open, Open recent, Open example, a recovered autosave):
Save asks where to keep it, and no bundled file is ever written."""

from __future__ import annotations

from pathlib import Path

import shiboken6
from PySide6.QtWidgets import QDialog, QFileDialog, QMainWindow, QMenu, QMessageBox

from tabletop_gui.app import session
from tabletop_gui.app.document import Document
from tabletop_gui.examples import DEMO_BOARD, examples, is_example
from tabletop_gui.io import FileFormatError, load_game, save_game
from tabletop_gui.io.errors import LogRefusal
from tabletop_gui.model.game import Game
from tabletop_gui.play import new_game
from tabletop_gui.rules.engine import RuleError


def where_in_file(exc: FileFormatError) -> str:
    """The place of a file's problem for a person: the JSON path (``units[3].x``),
    or the line and column of broken JSON (the reader gives them as the path)."""
    return exc.path if exc.path != "(file)" else "the file as a whole"


class FileActions(QMainWindow):
    """File ▸ New, Open, Open recent, Open example, Save, Save as; recovery of
    autosaves; Help ▸ About."""

    doc: Document
    autosaver: session.Autosaver
    #: The file an untitled game was read from (a bundled example such as the
    #: demo at start: it is not saved over, so Save asks for a new file), None
    #: otherwise.
    opened_from: str | None
    #: (the file a shortened copy was read from, the name Save as offers for it):
    #: a log cut before its refused event is not offered over its own file.
    save_suggestion: tuple[str, str] | None = None
    recent_menu: QMenu
    examples_menu: QMenu

    def _warn(self, title: str, text: str) -> None:
        QMessageBox.warning(self, title, text)

    def _update_title(self) -> None:
        if not shiboken6.isValid(self) or not shiboken6.isValid(self.doc.undo_stack):
            return  # the window is being torn down
        name = self.doc.committed.setup.name or "untitled"
        if self.doc.path:
            where = Path(self.doc.path).name
        elif self.opened_from:
            where = f"{Path(self.opened_from).name} (a copy, not saved yet)"
        else:
            where = "not saved yet"
        dirty = " *" if self.doc.dirty else ""
        self.setWindowTitle(f"{where}{dirty} — {name} — tabletop_gui")

    def game_name(self) -> str:
        """How the save prompt names the game: its file, the example it was read
        from (the demo, say: never saved over), the file it is a copy of, or
        'this new game'."""
        if self.doc.path:
            return Path(self.doc.path).name
        if not self.opened_from:
            return "this new game"
        name = Path(self.opened_from).name
        if Path(self.opened_from).resolve() == Path(DEMO_BOARD).resolve():
            return f"the demo game (from {name})"
        if is_example(self.opened_from):
            return f"the example game (from {name})"
        return f"the copy of {name}"  # a recovered autosave, a log cut before a refusal

    def maybe_save(self) -> bool:
        """Before losing unsaved changes: save, discard or cancel. True to go on."""
        if not self.doc.dirty:
            return True
        answer = QMessageBox.question(
            self,
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
        self.doc.unsaved_extra = False
        self.doc.undo_stack.setClean()
        self.autosaver.discard()
        session.add_recent(path)
        self._update_title()
        self.statusBar().showMessage(f"Saved {path}", 5000)
        return True

    def save_as(self) -> bool:
        while True:
            path, _ = QFileDialog.getSaveFileName(
                self, "Save game", self.doc.path or self.suggested_path(), "Games (*.json)"
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
        its file (to confirm), else the Documents folder under the name of the
        example it was read from, if any."""
        suggestion = self.save_suggestion
        if suggestion is not None and suggestion[0] == self.opened_from:
            return suggestion[1]
        if self.opened_from and not is_example(self.opened_from):
            return self.opened_from  # a recovered autosave's file, to confirm
        name = Path(self.opened_from).name if self.opened_from else "game.json"
        return session.save_beside(None, name)

    def open_file(self) -> None:
        if not self.maybe_save():
            return
        start = str(Path(self.doc.path).parent) if self.doc.path else ""
        path, _ = QFileDialog.getOpenFileName(self, "Open game", start, "Games (*.json)")
        if path:
            self.open_path(path, ask=False)

    def open_path(self, path: str, ask: bool = True) -> bool:
        """Open ``path`` in this window. A file that fails to load is reported with
        the place in the file, and the open game stays as it was."""
        if ask and not self.maybe_save():
            return False
        try:
            self._reset_to(load_game(path), path)
        except LogRefusal as exc:
            return self.open_before_refusal(path, exc)
        except FileFormatError as exc:
            self._warn(
                "Cannot open this file",
                f"{path}\n\nWhere in the file: {where_in_file(exc)}\nProblem: {exc.problem}\n\n"
                "The open board was left as it was.",
            )
            self.statusBar().showMessage(f"Could not open {path}: {exc.path}: {exc.problem}", 10000)
            return False
        except RuleError as exc:
            self._warn("Cannot open this file", f"{path}\n\n{exc}")
            return False
        session.add_recent(path)
        copy = " as an unsaved copy (Save asks where to keep it)" if self.opened_from else ""
        self.statusBar().showMessage(f"Opened {path}{copy}", 5000)
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
            self,
            "Open up to the refused event?",
            f"{path}\n\nWhere in the file: {exc.path}\nProblem: {exc.problem}\n\n"
            f"The rules refuse event {n + 1} of its log of {total}. Open the game as it "
            f"stood before it, after event {n}, as an unsaved copy? Save then asks where "
            "to keep it: this file keeps its whole log.",
            QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Open,
        )
        if answer != QMessageBox.StandardButton.Open:
            self.statusBar().showMessage(f"Could not open {path}: {exc.path}: {exc.problem}", 10000)
            return False
        try:
            self.doc.reset(game.truncated(n), None)
        except RuleError as again:  # cannot happen: the events before n were applied
            self._warn("Cannot open this file", f"{path}\n\n{again}")
            return False
        self.opened_from = path
        cut = Path(path)
        self.save_suggestion = (path, str(cut.with_name(f"{cut.stem}-to-event-{n}{cut.suffix}")))
        self.doc.unsaved_extra = True  # the log is shorter than the file's
        self._update_title()
        session.add_recent(path)
        self.statusBar().showMessage(
            f"Opened {path} up to event {n} of {total}: event {n + 1} ({exc.path}) is refused: "
            f"{exc.problem}",
            15000,
        )
        return True

    def _reset_to(self, game: Game, path: str | None) -> None:
        """Open ``game`` read from ``path``; an example becomes an unsaved copy."""
        if path is not None and is_example(path):
            self.doc.reset(game, None)
            self.opened_from = path
            self._update_title()
        else:
            self.doc.reset(game, path)

    def open_example(self, name: str, ask: bool = True) -> bool:
        """File > Open example: a bundled example as an unsaved copy."""
        found = {e.name: e for e in examples()}
        return self.open_path(str(found[name].path), ask=ask)

    def _fill_examples(self) -> None:
        self.examples_menu.clear()
        for e in examples():
            a = self.examples_menu.addAction(f"{e.title}  ({e.family_title})")
            a.setToolTip(f"{e.description}\n{e.path}")
            a.setStatusTip(e.description)
            a.triggered.connect(lambda _c=False, name=e.name: self.open_example(name))
        self.examples_menu.setToolTipsVisible(True)

    def show_about(self) -> QDialog:
        """Help > About: version, licence, the Python and Qt it runs on."""
        from tabletop_gui.app.windows.about_dialog import AboutDialog

        dialog = AboutDialog(self)
        dialog.show()
        return dialog

    def new_game(self, key: str, ask: bool = True) -> bool:
        """File > New: the preset's board; when ``ask``, the armies are named
        next (Game > Sides, open on the new board: OK is one undo step)."""
        if ask and not self.maybe_save():
            return False
        setup = new_game.preset(key).build()
        self.doc.reset(Game(setup), None)
        if ask and setup.scene.sides:
            self.open_sides("New game: name the armies")
        return True

    def new_same_kind(self) -> bool:
        """File > New board of this kind (Ctrl+N): the Deployment Type and
        objectives (The Ninth Age), rows (hex) or board size (Carnevale) of the
        open board, with nothing placed."""
        if not self.maybe_save():
            return False
        self.doc.reset(Game(new_game.same_kind(self.doc.committed.setup)), None)
        return True

    def open_sides(self, title: str = "Sides") -> object:
        raise NotImplementedError  # MainWindow names the armies

    def _build_new_menu(self, menu: QMenu) -> None:
        subs: dict[tuple[str, ...], QMenu] = {(): menu}
        for p in new_game.presets():
            for i in range(1, len(p.group) + 1):
                if p.group[:i] not in subs:
                    subs[p.group[:i]] = subs[p.group[: i - 1]].addMenu(p.group[i - 1])
            a = subs[p.group].addAction(p.title)
            a.triggered.connect(lambda _c=False, key=p.key: self.new_game(key))

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
            self.doc.reset(game, None)
            self.opened_from = leftover.original
        except (FileFormatError, RuleError) as exc:
            self._warn("Cannot recover", f"{leftover.file}: {exc}")
            return False
        self.doc.unsaved_extra = True
        leftover.discard()
        self._update_title()
        self.autosaver.autosave()
        self.statusBar().showMessage(f"Recovered the game autosaved at {leftover.when()}", 10000)
        return True

    def offer_recovery(self, folder: Path | None = None) -> int:
        """Offer each autosave a crashed session left behind; returns how many were recovered
        (the first accepted one opens here; the others wait for the next start)."""
        recovered = 0
        for left in session.leftovers(folder):
            name = left.name or "an untitled game"
            where = f" ({left.original})" if left.original else ""
            answer = QMessageBox.question(
                self,
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

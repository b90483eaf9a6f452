"""The main window's setup part: Game ▸ Objectives…, Sides…, Name of the game…
and Scenario briefing; the Palette follows the setup's sides and family, the Scenario panel
its briefing (they follow ``reset_done`` and ``setup_changed``). A change of
objectives, sides or name is one undo step, refused while looking back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog, QMainWindow

from tabletop_gui.app.canvas.view import BoardView
from tabletop_gui.app.document import Document
from tabletop_gui.app.panels.briefing_panel import BriefingPanel
from tabletop_gui.app.panels.palette import Palette
from tabletop_gui.app.part import Part
from tabletop_gui.model.limits import text_problem

if TYPE_CHECKING:
    from tabletop_gui.app.panels.objectives_dialog import ObjectivesDialog
    from tabletop_gui.app.panels.sides_dialog import SidesDialog


class SetupController(Part):
    """The game's setup: objectives, sides and briefing."""

    def __init__(
        self,
        doc: Document,
        host: QMainWindow,
        view: BoardView,
        palette: Palette,
        briefing: BriefingPanel,
        raise_briefing: Callable[[], None],
    ) -> None:
        """``raise_briefing`` brings the Scenario panel to the front."""
        super().__init__(doc, host)
        self.view = view
        self.palette = palette
        self.briefing = briefing
        self.raise_briefing = raise_briefing
        self.sides_dialog: SidesDialog | None = None
        self.objectives_dialog: ObjectivesDialog | None = None
        doc.reset_done.connect(self._new_game)
        doc.setup_changed.connect(self._sides_changed)
        self._new_game()
        #: Game ▸ Objectives…, Sides…, Scenario briefing.
        self.actions: list[QAction] = [
            self.action(None, "&Objectives…", self.open_objectives),
            self.action(None, "&Sides (names and colours)…", lambda: self.open_sides()),
            self.action(None, "&Name of the game…", lambda: self.rename()),
            self.action(None, "Scenario &briefing (name, rules, victory)", self.show_briefing,
                        "Ctrl+B"),
        ]  # fmt: skip

    def _sides_changed(self) -> None:
        self.palette.set_scene(self.doc.committed.scene)  # the sides may have new names

    def _new_game(self) -> None:
        setup = self.doc.committed.setup
        self.palette.set_scene(self.doc.committed.scene)
        self.palette.set_setup(setup)
        self.briefing.set_setup(setup)

    def open_sides(self, title: str = "Sides") -> SidesDialog | None:
        """Game > Sides...: rename and recolour the armies (one undo step)."""
        if self.doc.looking_back:
            self.status(f"Refused: {self.doc.read_only_reason()}")
            return None
        from tabletop_gui.app.panels.sides_dialog import SidesDialog

        dialog = SidesDialog(self.doc.committed.setup.scene.sides, self.host, title)
        self.sides_dialog = dialog

        def done() -> None:
            before = self.doc.committed.setup.scene.sides
            if dialog.sides() == before:
                return
            names = ", ".join(s.name for s in dialog.sides())
            refused = self.doc.replace_sides(dialog.sides(), f"Sides: {names}")
            if refused:
                self.status(f"Refused: {refused}")

        dialog.accepted.connect(done)
        dialog.open()
        return dialog

    def rename(self, name: str | None = None) -> bool:
        """Game ▸ Name of the game…: the name the title bar, the score bar and every
        picture show (one undo step); ``name`` given: no dialog. False if unchanged."""
        if self.doc.looking_back:
            self.status(f"Refused: {self.doc.read_only_reason()}")
            return False
        setup = self.doc.committed.setup
        if name is None:
            name, ok = QInputDialog.getText(
                self.host, "Name of the game", "The game's name (shown in the title, on "
                "the stream overlay and on every picture):", text=setup.name,
            )  # fmt: skip
            if not ok:
                return False
        name = " ".join(name.split())  # one line, as it is shown
        if not name or name == setup.name:
            if not name:
                self.status("Refused: a game needs a name")
            return False
        problem = text_problem(name)
        if problem is not None:
            self.status(f"Refused: the name cannot be kept: {problem}")
            return False
        events = self.doc.timeline.events
        refused = self.doc.replace_setup(replace(setup, name=name), events, f"Name: {name}", "name")
        if refused:
            self.status(f"Refused: {refused}")
            return False
        self.status(f"The game is now called {name!r} (Ctrl+Z undoes it)", 5000)
        return True

    def open_objectives(self) -> ObjectivesDialog | None:
        """Game > Objectives...: add or remove the active objectives (one undo step)."""
        if self.doc.looking_back:
            self.status(f"Refused: {self.doc.read_only_reason()}")
            return None
        from tabletop_gui.app.panels.objectives_dialog import ObjectivesDialog

        dialog = ObjectivesDialog(self.doc, self.host, view=self.view)
        self.objectives_dialog = dialog
        # Not modal: the board stays open to pick the pieces a param names.
        dialog.setWindowModality(Qt.WindowModality.NonModal)
        dialog.show()
        return dialog

    def show_briefing(self) -> None:
        """Game ▸ Scenario briefing: the Scenario panel, shown and in front."""
        self.briefing.set_setup(self.doc.committed.setup)
        self.raise_briefing()

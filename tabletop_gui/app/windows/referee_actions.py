"""The main window's referee part (Tools ▸ ...): pin the measured line, write a
ruler's note, remove pinned rulers, toggle range rings around the selection, and
the disputed-range report; it draws the game's annotations on the board as they
read on the state shown. Rulers and rings are annotations: each change is one
undo step and never an event of the game."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMainWindow, QMenu, QMessageBox

from tabletop_gui.app import session
from tabletop_gui.app.camera.underlay import ShownPicture
from tabletop_gui.app.canvas.annotation_items import show_annotations
from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.view import BoardView
from tabletop_gui.app.document import Document
from tabletop_gui.app.part import Part
from tabletop_gui.model.annotations import Annotations, Ruler
from tabletop_gui.model.limits import text_problem
from tabletop_gui.model.pieces import Marker, Unit
from tabletop_gui.play.annotations import ruler_between

if TYPE_CHECKING:
    from tabletop_gui.app.export.range_report import Subject

# The disputed-range report (its page layout and PDF writer) is imported when a
# report is first asked for.

#: The range ring's radius offered first (inches).
DEFAULT_RING_IN = 6.0


class RefereeController(Part):
    """Tools ▸ the referee's entries; the annotations drawn on the board."""

    def __init__(
        self, doc: Document, host: QMainWindow, scene: BoardScene, view: BoardView
    ) -> None:
        super().__init__(doc, host)
        self.scene = scene
        self.view = view
        #: The table's photo as the window shows it under the board, for the
        #: disputed-range report (set by the window: its camera part's).
        self.photo: Callable[[], ShownPicture | None] | None = None
        self.actions = [
            self.action(None, "&Pin the measured line", self.pin_measure, "P"),
            self.action(None, "&Note on the selected ruler…", lambda: self.edit_ruler_note(), "N"),
            self.action(None, "Remove the selected &rulers", self.remove_selected_rulers),
            self.action(None, "Remove &all pinned rulers", self.remove_all_rulers),
            self.action(None, "Range ri&ng around the selection…", self.ask_range_ring, "G"),
            self.action(None, "Remove range rings from the selection", self.remove_rings),
            self.action(None, "Disputed-range &report (PNG/PDF)…", self.range_report_dialog,
                        "Ctrl+Shift+R"),
        ]  # fmt: skip
        #: Two units a report rules between (charger, target), when the window
        #: knows them (its rulings part); None: none.
        self.pair: Callable[[], tuple[str, str] | None] = lambda: None
        #: Whether the window shows a unit's line of sight (the report draws it too).
        self.sight_on: Callable[[], bool] = lambda: False
        doc.annotations_changed.connect(self.show_annotations)
        doc.scoreboard_ready.connect(self.show_annotations)
        # Readings are sized for the zoom they are seen at: drawn again once a
        # zoom rests (a game opened draws them before its board is fitted).
        self.zoom_rest = QTimer(self)
        self.zoom_rest.setSingleShot(True)
        self.zoom_rest.setInterval(120)
        self.zoom_rest.timeout.connect(self._resize_readings)
        view.zoom_changed.connect(lambda _ppi: self.zoom_rest.start())
        #: The zoom the annotations were last drawn for (pixels per inch).
        self.drawn_ppi = 0.0
        view.ruler_note_requested.connect(self.edit_ruler_note)

    def add_entries(self, menu: QMenu) -> None:
        """Tools ▸ the referee's entries, after a separator."""
        menu.addSeparator()
        menu.addActions(self.actions)

    def show_annotations(self, *_board: object) -> None:
        """Draw the game's annotations as they read on the state shown (on
        ``annotations_changed`` and ``scoreboard_ready``)."""
        state = self.doc.state
        self.drawn_ppi = self.view.pixels_per_inch()
        show_annotations(self.scene, self.doc.annotations, state, self.doc.scoreboard(),
                         self.drawn_ppi, self.doc.scene_at)  # fmt: skip

    def _resize_readings(self) -> None:
        """The zoom rested: annotations drawn for another zoom are drawn again."""
        notes = self.doc.annotations
        if not (notes.rulers or notes.rings):
            return
        ppi = self.view.pixels_per_inch()
        if abs(ppi - self.drawn_ppi) > 0.01 * max(ppi, 1e-6):
            self.show_annotations()

    # -- rulers -----------------------------------------------------------------
    def pin_measure(self) -> None:
        if self.view.pin_measurement() is None:
            self.status("Nothing to pin: measure first (M, then drag from a piece or a point)")

    def edit_ruler_note(self, ruler_id: str | None = None) -> bool:
        """Ask for the note of a pinned ruler (``ruler_id``, else the one selected):
        a line under its title on the board, in exports and on the stream, after
        the title in the report; one undo step. False when nothing changed."""
        if ruler_id is None:
            ids = self.doc.rulers_selected
            if len(ids) != 1:
                self.status("Select one pinned ruler (click its reading) to write its note")
                return False
            ruler_id = ids[0]
        ruler = self.doc.annotations.ruler(ruler_id)
        if ruler is None:
            return False
        between = ruler_between(self.doc.state.scene, ruler)
        text, ok = QInputDialog.getText(
            self.host, "Ruler note", f"Note on the ruler {between} (empty: none):", text=ruler.note
        )
        note = " ".join(text.split())  # one line, as it is drawn
        if not ok or note == ruler.note:
            return False
        problem = text_problem(note)
        if problem is not None:
            QMessageBox.warning(self.host, "Ruler note", f"The note cannot be kept: {problem}.")
            return False
        notes = self.doc.annotations.with_note(ruler.id, note, at=self.doc.state.index)
        self.doc.set_annotations(notes, f"Note on {ruler.id}")
        return True

    def remove_selected_rulers(self) -> bool:
        """Remove the pinned rulers selected on the board (one undo step); False
        when none is selected."""
        ids = self.doc.rulers_selected
        if not ids:
            return False
        notes = self.doc.annotations
        for rid in ids:
            notes = notes.without_ruler(rid)
        what = ids[0] if len(ids) == 1 else f"{len(ids)} rulers"
        self.doc.set_annotations(notes, f"Remove ruler {what}")
        return True

    def remove_all_rulers(self) -> None:
        notes = self.doc.annotations
        if notes.rulers:
            self.doc.set_annotations(Annotations((), notes.rings), "Remove all pinned rulers")

    # -- rings ------------------------------------------------------------------
    def _selected_pieces(self) -> list[str]:
        scene = self.doc.state.scene
        return [
            pid
            for pid in self.doc.selection
            if isinstance(scene.units.get(pid) or scene.markers.get(pid), Unit | Marker)
        ]

    def ask_range_ring(self) -> None:
        ids = self._selected_pieces()
        if not ids:
            self.status("Select a unit or marker for its range ring")
            return
        radius, ok = QInputDialog.getDouble(
            self.host, "Range ring", "Inches from the base:", DEFAULT_RING_IN, 0.1, 72.0, 2
        )
        if ok:
            self.toggle_range_ring(ids, radius)

    def toggle_range_ring(self, ids: list[str], radius: float) -> None:
        """Add the ring of ``radius`` around each piece, or take it away where it is."""
        notes = self.doc.annotations
        before = len(notes.rings)
        for pid in ids:
            notes = notes.toggled_ring(pid, radius)
        # Said as done: pressed again, the same key takes the ring away.
        removed = (len(ids) - (len(notes.rings) - before)) // 2
        added = len(ids) - removed
        if not removed:
            text = f"Range ring {radius:g} in"
        elif not added:
            text = f"Range ring removed: {radius:g} in"
        else:
            text = f"Range ring {radius:g} in: added to {added}, removed from {removed}"
        self.doc.set_annotations(notes, text)

    def remove_rings(self) -> None:
        ids = set(self._selected_pieces())
        notes = self.doc.annotations
        kept = tuple(r for r in notes.rings if r.piece_id not in ids)
        if kept != notes.rings:
            self.doc.set_annotations(Annotations(notes.rulers, kept), "Remove range rings")

    # -- the disputed-range report ------------------------------------------------
    def report_subject(self) -> Subject | None:
        """What the report is about: the selected pinned ruler, else two units
        ruled between (a charger and its target: the rulings part's pair), else
        the selected piece (either with the line of sight the window shows),
        else the only pinned ruler, else (several pinned) the one the user
        chooses, else the line being measured. None: nothing, or the choice was
        cancelled."""
        from tabletop_gui.app.export.range_report import Subject

        ids = self.doc.rulers_selected
        ruler = self.doc.annotations.ruler(ids[0]) if ids else None
        if ruler is not None:
            return Subject(ruler=ruler)
        pair = self.pair()
        if pair is not None:
            return Subject(piece_id=pair[1], charger_id=pair[0], sight=self.sight_on())
        pieces = self._selected_pieces()
        if pieces:
            return Subject(piece_id=pieces[0], sight=self.sight_on())
        live = None
        if self.view.measure_ends is not None:
            start_id, start, end_id, end = self.view.measure_ends
            live = Ruler("measure", start, end, start_id, end_id)
        pinned = list(self.doc.annotations.rulers)
        if len(pinned) == 1 and live is None:
            return Subject(ruler=pinned[0])
        if pinned:
            chosen = self.choose_ruler(pinned + ([live] if live is not None else []))
            return Subject(ruler=chosen) if chosen is not None else None
        return Subject(ruler=live) if live is not None else None

    def choose_ruler(self, rulers: list[Ruler]) -> Ruler | None:
        """Ask which ruler the report is about (None: cancelled)."""
        scene = self.doc.state.scene
        names = [
            ("The line being measured: " if r.id == "measure" else f"{r.id}: ")
            + ruler_between(scene, r)
            for r in rulers
        ]
        name, ok = QInputDialog.getItem(
            self.host, "Disputed-range report", "Which ruler is the report about?", names, 0,
            False,
        )  # fmt: skip
        return rulers[names.index(name)] if ok and name in names else None

    def report_possible(self) -> bool:
        """Whether anything could be reported on: a ruler, a piece or a measure."""
        return bool(
            self.doc.annotations.rulers or self._selected_pieces() or self.view.measure_ends
        )

    def write_report(self, path: str, subject: Subject) -> None:
        from tabletop_gui.app.export.range_report import write_range_report

        state = self.doc.state
        write_range_report(
            path, state, self.doc.annotations, subject,
            events=self.doc.timeline.events[: state.index],
            file_name=Path(self.doc.path).name if self.doc.path else "",
            unsaved=self.doc.unsaved_note(state.index),  # the file may not hold what is shown
            viewer=self.doc.viewer, photo=self.photo() if self.photo is not None else None,
            scene_at=self.doc.scene_at,
        )  # fmt: skip

    def range_report_dialog(self) -> None:
        if not self.report_possible():
            self.status("Select a pinned ruler or a unit, or measure, for a disputed-range report")
            return
        subject = self.report_subject()
        if subject is None:  # the choice of ruler was cancelled
            return
        source = self.doc.path or self.doc.opened_from  # an example's name, too
        base = Path(source).stem if source else "board"
        start = session.save_beside(self.doc.path, f"{base}-range.png")
        path, chosen = QFileDialog.getSaveFileName(
            self.host, "Disputed-range report", start, "PNG (*.png);;PDF (*.pdf)"
        )
        if not path:
            return
        if Path(path).suffix.lower() not in (".png", ".pdf"):
            path += ".pdf" if "PDF" in chosen else ".png"
        try:
            self.write_report(path, subject)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self.host, "Report failed", str(exc))
            return
        self.status(f"Wrote {path}")

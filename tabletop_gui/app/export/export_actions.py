"""The main window's export part: File ▸ Export and Print. The board as shown
(the moment looked back at, the view chosen under View ▸ Score as seen by)
written to PNG, SVG or PDF, or sent to a printer at true scale; the game as
shown written as a Tabletop Simulator save (docs/tabletop-simulator.md)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu, QMessageBox

from tabletop_gui.app import session
from tabletop_gui.app.document import Document
from tabletop_gui.app.part import Part

#: File ▸ Export's entries: (text, kind, paper, key).
EXPORTS = (
    ("&PNG image…", "png", "board", "Ctrl+E"),
    ("PNG with &transparent background…", "png-t", "board", None),
    ("&SVG (true scale)…", "svg", "board", None),
    ("PDF, true scale, &one page the board's size…", "pdf", "board", None),
    *((f"PDF, true scale, tiled on {name}…", "pdf", p, None)
      for p, name in (("a4", "A4"), ("letter", "Letter"), ("a3", "A3"), ("tabloid", "Tabloid"))),
)  # fmt: skip


class ExportController(Part):
    """File ▸ Export (PNG, SVG, PDF one page or tiled) and File ▸ Print."""

    def __init__(self, doc: Document, host: QMainWindow) -> None:
        super().__init__(doc, host)
        self.export_menu = QMenu("&Export", host)
        for text, kind, paper, key in EXPORTS:
            self.action(self.export_menu, text, self._export_slot(kind, paper), key)
        self.export_menu.addSeparator()
        self.tts_action = self.action(
            self.export_menu, "Tabletop Simulator &save…", self.export_tts_dialog, "Ctrl+Alt+E"
        )
        self.print_action = self.action(None, "&Print (true scale)…", self.print_board,
                                        QKeySequence.StandardKey.Print)  # fmt: skip

    def _export_slot(self, kind: str, paper: str) -> Callable[[], None]:
        return lambda: self.export_dialog(kind, paper)

    def add_entries(self, menu: QMenu) -> None:
        """File ▸ Export ▸ ... and File ▸ Print."""
        menu.addMenu(self.export_menu)
        menu.addAction(self.print_action)

    def export(self, path: str, transparent: bool = False, paper: str = "board") -> int:
        """Write the board as shown (the moment looked back at, if any), in the view
        shown (View > Score as seen by: a player's export hides what they cannot know)."""
        from tabletop_gui.app.export.render import render_file

        state = self.doc.state
        return render_file(
            state,
            path,
            transparent=transparent,
            paper=paper,
            viewer=self.doc.viewer,
            events=self.doc.timeline.events[: state.index],
            annotations=self.doc.annotations,
            scene_at=self.doc.scene_at,
        )

    def export_dialog(self, kind: str, paper: str = "board") -> None:
        ext = {"png": "png", "png-t": "png", "svg": "svg", "pdf": "pdf"}[kind]
        base = Path(self.doc.path).stem if self.doc.path else "board"
        start = session.save_beside(self.doc.path, f"{base}.{ext}")
        path, _ = QFileDialog.getSaveFileName(
            self.host, "Export board", start, f"{ext.upper()} (*.{ext})"
        )
        if not path:
            return
        if not path.lower().endswith(f".{ext}"):
            path += f".{ext}"
        try:
            pages = self.export(path, transparent=kind == "png-t", paper=paper)
        except (OSError, ValueError) as exc:
            self.failed(str(exc))
            return
        more = f" ({pages} pages)" if pages > 1 else ""
        self.status(f"Wrote {path}{more}")

    def failed(self, why: str) -> None:
        """An export that wrote nothing: said in a message box, and in the status
        bar in place of an earlier export's "Wrote ..." (read as this one's)."""
        self.status(f"Export failed: {why}", 15000)
        QMessageBox.warning(self.host, "Export failed", why)

    def export_tts(self, path: str) -> str:
        """Write the game as shown (the moment looked back at, if any) as a Tabletop
        Simulator save at ``path``, its files beside it (``io.tts``); what to tell
        the user."""
        from tabletop_gui.app.export.tts_board import board_picture_png
        from tabletop_gui.io.tts.hidden import marker_names, withheld
        from tabletop_gui.io.tts.write import write_save

        state = self.doc.state
        game = self.doc.game.truncated(state.index)
        paths = write_save(path, game, state, board_picture_png(state, path))
        beside = len(paths.written()) - 1
        text = (
            f"Wrote {path} and {beside} files beside it: copy the save into Tabletop "
            "Simulator's Saves folder (Help ▸ Rules reference ▸ Tabletop Simulator)"
        )
        hidden = withheld(game, state)
        if hidden:  # as the export command says: the save goes back only into this game
            n, names = len(hidden), marker_names(game, hidden)
            text += (
                f". {n} value{'' if n == 1 else 's'} still face down ({names}) left out of the "
                "save: read a later save back into this game (File ▸ Import…)"
            )
        return text

    def export_tts_dialog(self) -> None:
        """File ▸ Export ▸ Tabletop Simulator save…"""
        base = Path(self.doc.path).stem if self.doc.path else "board"
        start = session.save_beside(self.doc.path, f"{base}-tts.json")
        path, _ = QFileDialog.getSaveFileName(
            self.host, "Export a Tabletop Simulator save", start, "Tabletop Simulator save (*.json)"
        )
        if not path:
            return
        if not path.lower().endswith(".json"):
            path += ".json"
        if self.doc.path and Path(path).resolve() == Path(self.doc.path).resolve():
            self.failed(f"{path} is the game's own file: choose another name")
            return
        try:
            with self.busy(f"Writing {Path(path).name}…"):
                text = self.export_tts(path)
        except (OSError, ValueError) as exc:
            self.failed(str(exc))
            return
        self.status(text, 15000)

    def print_board(self) -> None:
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        from tabletop_gui.app.export.true_scale import print_board, turn_paper

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        # The dialog shows the paper turned as it will print (for its paper now;
        # print_board turns it again for the paper chosen).
        turn_paper(printer, *self.doc.state.scene.board.extent)
        dialog = QPrintDialog(printer, self.host)
        dialog.setWindowTitle("Print the board at true scale")
        if dialog.exec() != QPrintDialog.DialogCode.Accepted:
            return
        pages = print_board(self.doc.state, printer, viewer=self.doc.viewer)
        self.status(f"Sent {pages} page(s) to the printer")

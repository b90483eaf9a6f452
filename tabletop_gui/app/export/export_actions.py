"""The main window's export part: File ▸ Export and Print. The board as shown
(the moment looked back at, the view chosen under View ▸ Score as seen by)
written to PNG, SVG or PDF, or sent to a printer at true scale."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu, QMessageBox

from tabletop_gui.app import session
from tabletop_gui.app.document import Document
from tabletop_gui.app.windows.part import Part

#: File ▸ Export's entries: (text, kind, paper, key).
EXPORTS = (
    ("&PNG image…", "png", "board", "Ctrl+E"),
    ("PNG with &transparent background…", "png-t", "board", None),
    ("&SVG (true scale)…", "svg", "board", None),
    ("PDF, true scale, &one page the board's size…", "pdf", "board", None),
    *((f"PDF, true scale, tiled on {p.upper()}…", "pdf", p, None)
      for p in ("a4", "letter", "a3", "tabloid")),
)  # fmt: skip


class ExportController(Part):
    """File ▸ Export (PNG, SVG, PDF one page or tiled) and File ▸ Print."""

    def __init__(self, doc: Document, host: QMainWindow) -> None:
        super().__init__(doc, host)
        self.export_menu = QMenu("&Export", host)
        for text, kind, paper, key in EXPORTS:
            self.action(self.export_menu, text, self._export_slot(kind, paper), key)
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
            QMessageBox.warning(self.host, "Export failed", str(exc))
            return
        more = f" ({pages} pages)" if pages > 1 else ""
        self.status(f"Wrote {path}{more}")

    def print_board(self) -> None:
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        from tabletop_gui.app.export.true_scale import print_board

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self.host)
        dialog.setWindowTitle("Print the board at true scale")
        if dialog.exec() != QPrintDialog.DialogCode.Accepted:
            return
        pages = print_board(self.doc.state, printer, viewer=self.doc.viewer)
        self.status(f"Sent {pages} page(s) to the printer")

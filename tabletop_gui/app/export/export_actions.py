"""The main window's File ▸ Export and Print: the board as shown (the moment
looked back at, the view chosen under View ▸ Score as seen by) written to PNG,
SVG or PDF, or sent to a printer at true scale. A mixin on ``MainWindow``."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox

from tabletop_gui.app import session
from tabletop_gui.app.document import Document


class ExportActions(QMainWindow):
    """File ▸ Export (PNG, SVG, PDF one page or tiled) and File ▸ Print."""

    doc: Document

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
            self, "Export board", start, f"{ext.upper()} (*.{ext})"
        )
        if not path:
            return
        if not path.lower().endswith(f".{ext}"):
            path += f".{ext}"
        try:
            pages = self.export(path, transparent=kind == "png-t", paper=paper)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, "Export failed", str(exc))
            return
        more = f" ({pages} pages)" if pages > 1 else ""
        self.statusBar().showMessage(f"Wrote {path}{more}", 8000)

    def render_image(self) -> None:  # kept for older callers
        self.export_dialog("png")

    def print_board(self) -> None:
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        from tabletop_gui.app.export.true_scale import print_board

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self)
        dialog.setWindowTitle("Print the board at true scale")
        if dialog.exec() != QPrintDialog.DialogCode.Accepted:
            return
        pages = print_board(self.doc.state, printer, viewer=self.doc.viewer)
        self.statusBar().showMessage(f"Sent {pages} page(s) to the printer", 8000)

"""Help > About: the program's version and licence, the Python and Qt it runs on
(what a bug report needs: Copy puts them on the clipboard), and the licence texts."""

from __future__ import annotations

import PySide6
from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tabletop_gui import about
from tabletop_gui.app.windows.app_icon import app_icon


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"About {about.NAME}")
        self.facts = about.facts(qVersion(), PySide6.__version__)
        layout = QVBoxLayout(self)

        head = QHBoxLayout()
        icon = QLabel()
        icon.setPixmap(app_icon().pixmap(64, 64))
        head.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        title = QLabel(f"<b>{about.NAME} {self.facts[0][1]}</b><br>{about.SUMMARY}")
        title.setObjectName("aboutTitle")
        title.setWordWrap(True)
        head.addWidget(title, 1)
        layout.addLayout(head)

        form = QFormLayout()
        self.values: dict[str, QLabel] = {}
        for label, value in self.facts:
            shown = QLabel(value)
            shown.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            form.addRow(f"{label}:", shown)
            self.values[label] = shown
        layout.addLayout(form)

        self.texts = QTabWidget()
        self._add_text("Licence", about.licence_text())
        notices = about.third_party_notices()
        if notices is not None:
            self._add_text("Third-party licences", notices)
        else:
            self.texts.setToolTip(
                "Qt (PySide6), shapely (GEOS) and numpy are installed as separate "
                "packages, each with its own licence."
            )
        layout.addWidget(self.texts, 1)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        copy = buttons.addButton("&Copy details", QDialogButtonBox.ButtonRole.ActionRole)
        copy.clicked.connect(self.copy_details)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(660, 560)

    def _add_text(self, title: str, text: str) -> None:
        view = QPlainTextEdit(text)
        view.setReadOnly(True)
        view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)  # the texts keep their lines
        view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.texts.addTab(view, title)

    def details(self) -> str:
        return "\n".join(f"{label}: {value}" for label, value in self.facts)

    def copy_details(self) -> None:
        QGuiApplication.clipboard().setText(f"{about.NAME}\n{self.details()}")

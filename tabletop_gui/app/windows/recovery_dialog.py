"""Recover unsaved work: one question for every autosave crashed sessions left
behind, instead of one message box after another at start-up. The user picks
the game to open here; the others are kept for the next start (Later) or
thrown away (Discard all)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tabletop_gui.app.session import Leftover


class Choice(Enum):
    RECOVER = "recover"  # the selected one opens here
    DISCARD_ALL = "discard"  # every one listed is thrown away
    LATER = "later"  # all kept: asked again at the next start


def leftover_line(left: Leftover) -> str:
    """'Orcs vs Equitaine (club.json), autosaved 2026-12-03 09:02'."""
    name = left.name or "An untitled game"
    where = f" ({left.original})" if left.original else ""
    return f"{name}{where}, autosaved {left.when()}"


class RecoveryDialog(QDialog):
    def __init__(self, found: Sequence[Leftover], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Recover unsaved work?")
        self.found = list(found)
        self.choice = Choice.LATER
        text = QLabel(
            f"tabletop_gui did not close normally. {len(self.found)} games were autosaved "
            "with unsaved changes (newest first). Recover opens the selected one in this "
            "window; the others wait for the next start."
        )
        text.setWordWrap(True)
        self.games = QListWidget()
        self.games.setObjectName("recoveryGames")
        for left in self.found:
            QListWidgetItem(leftover_line(left), self.games)
        self.games.setCurrentRow(0)
        self.games.itemDoubleClicked.connect(lambda _item: self._close(Choice.RECOVER))
        buttons = QDialogButtonBox()
        self.recover_button = buttons.addButton("&Recover", QDialogButtonBox.ButtonRole.AcceptRole)
        self.discard_button = buttons.addButton(
            "&Discard all", QDialogButtonBox.ButtonRole.DestructiveRole
        )
        self.later_button = buttons.addButton("&Later", QDialogButtonBox.ButtonRole.RejectRole)
        self.later_button.setToolTip("Keep them all: asked again at the next start")
        self.recover_button.setDefault(True)
        for button, choice in (
            (self.recover_button, Choice.RECOVER),
            (self.discard_button, Choice.DISCARD_ALL),
            (self.later_button, Choice.LATER),
        ):
            button.clicked.connect(lambda _on=False, c=choice: self._close(c))
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(self.games)
        layout.addWidget(buttons)
        self.resize(560, 260)

    def _close(self, choice: Choice) -> None:
        self.choice = choice
        self.done(QDialog.DialogCode.Accepted if choice is Choice.RECOVER else 0)

    def button(self, choice: Choice) -> QPushButton:
        return {
            Choice.RECOVER: self.recover_button,
            Choice.DISCARD_ALL: self.discard_button,
            Choice.LATER: self.later_button,
        }[choice]

    def selected(self) -> Leftover | None:
        row = self.games.currentRow()
        return self.found[row] if 0 <= row < len(self.found) else None

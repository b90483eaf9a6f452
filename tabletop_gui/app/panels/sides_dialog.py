"""Game ▸ Sides… and File ▸ New: the armies' names and colours. Colours come from
the colour-blind-safe palette, or any colour chosen with "Other…". The window
applies the answer as one undo step (``Document.replace_sides``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QColorDialog,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from tabletop_gui.model.pieces import Side
from tabletop_gui.play.sides import MAX_NAME, SAFE_PALETTE, colour_name, problems

OTHER = "other"


def swatch(colour: str, size: int = 16) -> QIcon:
    pix = QPixmap(size, size)
    pix.fill(QColor(colour))
    return QIcon(pix)


class ColourBox(QComboBox):
    """The safe palette's colours by name, the side's own colour if it is another,
    and "Other…" (a colour dialog)."""

    def __init__(self, colour: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        for c, name in SAFE_PALETTE:
            self.addItem(swatch(c), name, c)
        self.addItem("Other…", OTHER)
        self.set_colour(colour)
        self._last = self.colour()
        self.activated.connect(self._chosen)

    def colour(self) -> str:
        return str(self.currentData())

    def set_colour(self, colour: str) -> None:
        colour = colour.lower()
        i = self.findData(colour)
        if i < 0:
            i = self.count() - 1
            self.insertItem(i, swatch(colour), f"{colour_name(colour)} (chosen)", colour)
        self.setCurrentIndex(i)

    def _chosen(self, index: int) -> None:
        if self.itemData(index) != OTHER:
            self._last = self.colour()
            return
        picked = QColorDialog.getColor(QColor(self._last), self, "Side colour")
        self.set_colour(picked.name() if picked.isValid() else self._last)
        self._last = self.colour()


class SidesDialog(QDialog):
    """One row per side: its name and colour. ``sides()`` is the answer."""

    def __init__(
        self, sides: Sequence[Side], parent: QWidget | None = None, title: str = "Sides"
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setObjectName("sidesDialog")
        self._sides = tuple(sides)
        self.names: list[QLineEdit] = []
        self.colours: list[ColourBox] = []
        form = QFormLayout()
        for i, side in enumerate(self._sides, 1):
            name = QLineEdit(side.name)
            name.setMaxLength(MAX_NAME)
            name.setObjectName(f"sideName{i}")
            name.setPlaceholderText(f"Side {i}'s name")
            colour = ColourBox(side.colour)
            colour.setObjectName(f"sideColour{i}")
            row = QHBoxLayout()
            row.addWidget(name, 1)
            row.addWidget(colour)
            form.addRow(f"Side {i}:", row)
            name.textChanged.connect(self._check)
            colour.currentIndexChanged.connect(self._check)
            self.names.append(name)
            self.colours.append(colour)
        note = QLabel(
            "Colours from the colour-blind-safe palette are told apart by most readers. "
            "A colour chosen with Other… shows as chosen while View ▸ Colour-blind-safe "
            "side colours is off."
        )
        note.setWordWrap(True)
        self.problem = QLabel()
        self.problem.setObjectName("sidesProblem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020;")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(note)
        lay.addWidget(self.problem)
        lay.addWidget(self.buttons)
        self._check()

    def sides(self) -> tuple[Side, ...]:
        return tuple(
            replace(side, name=name.text().strip(), colour=colour.colour())
            for side, name, colour in zip(self._sides, self.names, self.colours, strict=True)
        )

    def _check(self) -> None:
        wrong = problems(self.sides())
        self.problem.setText("\n".join(wrong))
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(not wrong)

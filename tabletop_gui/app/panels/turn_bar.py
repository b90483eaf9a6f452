"""The turn bar: where the game is, the button that advances it, and what the
game's family offers besides (who goes first, a chooser such as the next
character to activate, a typed side input such as a Command card, the side's
own actions) and a dice roll a rule asks for. The bar names no family: it shows
what ``play.turns.controls`` and ``play.actions.side_actions`` answer.

Every button records events through ``Document.commit``: the engine checks
them and a refusal comes back with the rule's reason, shown in red on the bar
and in the status bar. While the timeline looks back the bar is read-only.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QWidget,
)

from tabletop_gui.app.document import Document
from tabletop_gui.app.panels.log_panel import describe
from tabletop_gui.model.events import Event
from tabletop_gui.model.state import GameState
from tabletop_gui.play import actions, turns
from tabletop_gui.rules.play_types import Chooser, SideInput

#: The side input's least width, in characters (a Command card's whole name).
INPUT_CHARS = 18


class DiceDialog(QDialog):
    """Ask for a roll a rule needs: who won it and, optionally, the number rolled.
    The program records what the players rolled; it never rolls."""

    def __init__(self, parent: QWidget, request: actions.DiceRequest, sides: list) -> None:
        super().__init__(parent)
        self.request = request
        self.setWindowTitle("Dice roll")
        form = QFormLayout(self)
        form.addRow(QLabel(f"<b>{request.objective_name}</b>: roll for {request.subject_name}"))
        self.winner_box = QComboBox()
        for side in sides:
            self.winner_box.addItem(side.name, side.id)
        form.addRow("Won by", self.winner_box)
        self.result_box = QSpinBox()
        self.result_box.setRange(0, 100)
        self.result_box.setSpecialValueText("not recorded")
        form.addRow("Number rolled", self.result_box)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def event_for(self) -> Event:
        result = self.result_box.value() or None
        return self.request.event(self.winner_box.currentData(), result)


class ElidedLabel(QLabel):
    """A one-line label that takes the room left and ends in '…' when its text is
    longer (the whole text is its tooltip), so a long message never widens the
    bar or the window."""

    def __init__(self) -> None:
        super().__init__()
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def minimumSizeHint(self) -> QSize:
        return QSize(0, super().minimumSizeHint().height())

    def sizeHint(self) -> QSize:
        return QSize(min(super().sizeHint().width(), 400), super().sizeHint().height())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        rect = self.contentsRect()
        text = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, rect.width())
        painter.drawText(
            rect, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), text
        )
        painter.end()


class TurnBar(QWidget):
    #: Events to record as one undo step, with the step's text.
    record = Signal(object, str)

    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.setObjectName("turnBar")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(6, 3, 6, 3)
        self.clock = QLabel()
        self.clock.setObjectName("turnClock")
        font = self.clock.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.clock.setFont(font)
        lay.addWidget(self.clock)
        self.first_label = QLabel("First:")
        self.first_box = QComboBox()
        self.first_box.setToolTip("Who has the first turn (fixed once the first turn is recorded)")
        self.chooser_box = QComboBox()
        for box in (self.first_box, self.chooser_box):  # whole names, after a rename too
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for w in (self.first_label, self.first_box, self.chooser_box):
            lay.addWidget(w)
        self.advance_button = QPushButton()
        self.advance_button.setObjectName("advanceButton")
        self.advance_button.setToolTip("Advance the game (Ctrl+Return)")
        self.advance_button.setDefault(True)
        self.second_button = QPushButton()
        self.third_button = QPushButton()
        for b in (self.advance_button, self.second_button, self.third_button):
            lay.addWidget(b)
        self.input_box = QComboBox()
        self.input_box.setEditable(True)
        # Wide enough for a card's whole name ("Assault Center" read "lt Center").
        self.input_box.setMinimumContentsLength(INPUT_CHARS)
        self.input_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.input_button = QPushButton()
        lay.addWidget(self.input_box)
        lay.addWidget(self.input_button)
        #: One button per side action besides the input's (created as needed).
        self.side_buttons: list[QPushButton] = []
        self._side_layout = QHBoxLayout()
        self._side_layout.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(self._side_layout)
        self.dice_button = QPushButton()
        self.dice_button.setObjectName("diceButton")
        lay.addWidget(self.dice_button)
        self.message = ElidedLabel()
        self.message.setObjectName("turnMessage")
        lay.addWidget(self.message, 1)
        # One height whatever is shown (buttons, boxes, a message): the window's
        # layout never shifts when the bar's contents change.
        probe = QComboBox()
        probe.setEditable(True)
        tallest = max(probe.sizeHint().height(), self.advance_button.sizeHint().height())
        margins = lay.contentsMargins()
        self.setFixedHeight(tallest + margins.top() + margins.bottom())
        self._steps: list[turns.Step] = []
        self._dice: list[actions.DiceRequest] = []
        self.dice_dialog: DiceDialog | None = None
        self.advance_button.clicked.connect(lambda: self.run_step(0))
        self.second_button.clicked.connect(lambda: self.run_step(1))
        self.third_button.clicked.connect(lambda: self.run_step(2))
        self.input_button.clicked.connect(self.record_input)
        self.dice_button.clicked.connect(self.ask_dice)
        self.first_box.currentIndexChanged.connect(lambda _i: self.refresh())
        self.chooser_box.currentIndexChanged.connect(lambda _i: self._refresh_steps())
        self._side_actions: list[actions.Action] = []
        self._input_label = ""
        doc.log_changed.connect(self.refresh)
        doc.reset_done.connect(self._fill_sides)
        # A "Nothing to end now" said of the last state (or the last game) is stale
        # once the log changes; the look-back line is the bar's own (refresh).
        doc.log_changed.connect(self._clear_stale_message)
        # Game ▸ Sides renames the sides (or an undo puts the names back): the
        # choice stays, under the new names.
        doc.setup_changed.connect(lambda: self._fill_sides(keep=True))
        self._fill_sides()

    # -- state -> widgets -------------------------------------------------------
    def _fill_sides(self, keep: bool = False) -> None:
        chosen = self.first_box.currentData() if keep else None
        self.first_box.blockSignals(True)
        self.first_box.clear()
        for s in self.doc.committed.scene.sides:
            self.first_box.addItem(s.name, s.id)
        # the side chosen before a rename, else the scenario's first side if it names one
        suggested = chosen or turns.controls(self.doc.state, self._events()).first
        if suggested is not None and self.first_box.findData(suggested) >= 0:
            self.first_box.setCurrentIndex(self.first_box.findData(suggested))
        self.first_box.blockSignals(False)
        self.refresh()

    def _events(self) -> list[Event]:
        return self.doc.timeline.events[: self.doc.state.index]

    def refresh(self) -> None:
        state = self.doc.state
        events = self._events()
        board = self.doc.scoreboard()
        over = turns.finished(state, board)
        self.clock.setText(turns.clock_text(state, events, board))
        ctl = turns.controls(state, events)
        self.first_label.setVisible(ctl.choose_first)
        self.first_box.setVisible(ctl.choose_first)
        read_only = self.doc.looking_back
        for w in (self.input_button, self.dice_button, self.chooser_box, self.first_box,
                  *self.side_buttons):  # fmt: skip
            w.setEnabled(not read_only)
        self._fill_chooser(ctl.chooser)
        self._refresh_steps()
        self._fill_side_input(None if over else ctl.side_input)
        self._fill_side_actions([] if over else actions.side_actions(state))
        # A roll the end of the game calls for is asked for after the end too.
        self._dice = actions.dice_requests(state, board)
        self.dice_button.setVisible(bool(self._dice))
        if self._dice:
            d = self._dice[0]
            more = f" (+{len(self._dice) - 1})" if len(self._dice) > 1 else ""
            self.dice_button.setText(f"Dice roll needed: {d.purpose}{more}…")
        if self.doc.looking_back:
            self.show_message(
                f"Looking back: event {self.doc.view_index} of {len(self.doc.timeline)}, "
                "read-only (Alt+End: the present)",
                error=False,
            )
        elif self.message.property("lookback"):
            self.show_message("")

    def _fill_chooser(self, chooser: Chooser | None) -> None:
        self.chooser_box.setVisible(chooser is not None)
        if chooser is None:
            return
        self.chooser_box.setToolTip(chooser.title)
        values = [value for value, _label in chooser.options]
        current = self.chooser_box.currentData()
        wanted = current if current in values else chooser.suggested
        self.chooser_box.blockSignals(True)
        self.chooser_box.clear()
        for value, label in chooser.options:
            self.chooser_box.addItem(label, value)
        self.chooser_box.setCurrentIndex(max(self.chooser_box.findData(wanted), 0))
        self.chooser_box.blockSignals(False)

    def _fill_side_input(self, side_input: SideInput | None) -> None:
        self.input_box.setVisible(side_input is not None)
        self.input_button.setVisible(side_input is not None)
        if side_input is None or side_input.label == self._input_label:
            return
        self._input_label = side_input.label
        self.input_button.setText(side_input.label)
        self.input_box.setToolTip(side_input.tooltip)
        self.input_box.clear()
        self.input_box.addItems(side_input.suggestions)

    def _fill_side_actions(self, offered: list[actions.Action]) -> None:
        """One button per side action that is not the input's."""
        self._side_actions = [a for a in offered if not a.takes_input]
        while len(self.side_buttons) < len(self._side_actions):
            button = QPushButton()
            i = len(self.side_buttons)
            button.clicked.connect(lambda _checked=False, i=i: self.run_side_action(i))
            self._side_layout.addWidget(button)
            self.side_buttons.append(button)
        for i, button in enumerate(self.side_buttons):
            shown = i < len(self._side_actions)
            button.setVisible(shown)
            if shown:
                button.setText(self._side_actions[i].label)
                button.setEnabled(not self.doc.looking_back)

    def _refresh_steps(self) -> None:
        state = self.doc.state
        self._steps = turns.steps(
            state,
            self._events(),
            self.first_box.currentData(),
            self.chooser_box.currentData() if self.chooser_box.isVisibleTo(self) else None,
            self.doc.scoreboard(),
        )
        buttons = (self.advance_button, self.second_button, self.third_button)
        for i, b in enumerate(buttons):
            if i < len(self._steps):
                b.setText(self._steps[i].label)
                b.setVisible(True)
                b.setEnabled(not self.doc.looking_back)
            else:
                b.setVisible(False)
        if not self._steps:
            self.advance_button.setVisible(True)
            over = turns.finished(state, self.doc.scoreboard())
            self.advance_button.setText("Game over" if over else "—")
            self.advance_button.setEnabled(False)

    @property
    def steps(self) -> list[turns.Step]:
        return list(self._steps)

    def _clear_stale_message(self) -> None:
        if not self.message.property("lookback"):
            self.show_message("")

    def show_message(self, text: str, error: bool = True) -> None:
        self.message.setProperty("lookback", not error and bool(text))
        colour = "#b00020" if error else "#555555"
        self.message.setStyleSheet(f"color: {colour};")
        self.message.setText(text)
        self.message.setToolTip(text)

    # -- buttons ------------------------------------------------------------------
    def run_step(self, i: int = 0) -> None:
        if i < len(self._steps) and not self.doc.looking_back:
            step = self._steps[i]
            self.record.emit(step.events, step.label)

    def run_ending_step(self) -> None:
        """Ctrl+Shift+Return: the step that ends the turn or the round, whichever
        button shows it (the family says which: ``Step.ends``); else say why
        nothing happens."""
        if self.doc.looking_back:
            return  # the bar already says it is read-only
        step = turns.ending_step(self._steps)
        if step is not None:
            self.record.emit(step.events, step.label)
        elif turns.finished(self.doc.state, self.doc.scoreboard()):
            self.show_message("Nothing to end: the game is over")
        elif not self._steps:
            self.show_message("Nothing to end: the turn bar offers no step")
        else:
            self.show_message(
                f"Nothing to end now: the next step is {self._steps[0].label} (Ctrl+Return)"
            )

    def input_text(self) -> str | None:
        """What the side input holds (a Command card's name, "" when empty);
        None while the bar offers no side input."""
        if self.input_box.isHidden():
            return None
        return self.input_box.currentText().strip()

    def record_input(self) -> None:
        """Record the side input's action with the typed text (a Command card)."""
        text = self.input_box.currentText().strip()
        for a in actions.side_actions(self.doc.state, text or "?"):
            if a.takes_input and a.not_now:
                # What the rules would flag (a second card in a turn) is refused
                # here as under the right-click menu's "Not now", with the reason.
                self.show_message(f"Refused: {a.label}: {a.not_now}")
            elif a.takes_input:
                before = self.doc.committed
                self.record.emit(a.events, a.label)
                self._say_recorded(before)

    def _say_recorded(self, before: GameState) -> None:
        """The status bar says what the side input recorded, in the game log's
        words ("Recorded: Turn 1, United States: United States plays Attack
        Center"), as every other action says what it did."""
        events = self.doc.timeline.events
        if self.doc.committed is before or not events:
            return  # refused: the bar says why
        self.doc.message.emit(f"Recorded: {describe(events[-1], before)}")

    def run_side_action(self, i: int) -> None:
        if i < len(self._side_actions) and not self.doc.looking_back:
            a = self._side_actions[i]
            self.record.emit(a.events, a.label)

    def ask_dice(self) -> DiceDialog | None:
        if not self._dice:
            # The key pressed with nothing to roll for: said, not silent.
            self.doc.message.emit(
                "No dice roll to record now: the bar offers one when a rule asks for a roll"
            )
            return None
        dialog = DiceDialog(self, self._dice[0], list(self.doc.committed.scene.sides))
        dialog.accepted.connect(
            lambda: self.record.emit((dialog.event_for(),), f"Dice roll: {dialog.request.purpose}")
        )
        self.dice_dialog = dialog
        dialog.open()
        return dialog

"""The main window's play part: the turn bar (on its toolbar at the top), Game ▸
Advance, End the turn or round and Record a dice roll, and the objective
actions the selection offers (a right-click on the board, or Ctrl+Space). What
is offered and whether it is allowed now is the family's answer
(``play.actions.menu``); every action is recorded as one undo step."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar

from tabletop_gui.app.canvas.view import BoardView
from tabletop_gui.app.document import Document
from tabletop_gui.app.panels.turn_bar import TurnBar
from tabletop_gui.app.part import Part
from tabletop_gui.model.events import Event
from tabletop_gui.model.pieces import Marker, Unit
from tabletop_gui.play import actions as game_actions

#: The objective-actions menu's submenu of what the rules refuse now.
NOT_NOW = "Not now"


class PlayController(Part):
    """The turn bar, its Game menu entries and the objective-actions menu."""

    def __init__(
        self, doc: Document, host: QMainWindow, view: BoardView, turn_bar: TurnBar
    ) -> None:
        super().__init__(doc, host)
        self.view = view
        self.turn_bar = turn_bar
        bar = QToolBar("Turn", host)
        bar.setObjectName("turnToolBar")
        bar.setMovable(False)
        bar.addWidget(turn_bar)
        host.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        self.toolbar = bar
        turn_bar.record.connect(self.perform)
        view.context_requested.connect(self.show_context_menu)

        advance = self.action(None, "&Advance (turn bar)", lambda: turn_bar.run_step(0))
        advance.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        #: Game ▸ Advance, End the turn or round, Record a dice roll.
        self.turn_actions: list[QAction] = [
            advance,
            self.action(None, "End the turn or round (turn bar)", turn_bar.run_ending_step,
                        "Ctrl+Shift+Return"),
            self.action(None, "Record a &dice roll…", turn_bar.ask_dice, "Ctrl+Shift+D"),
        ]  # fmt: skip
        #: Game ▸ Objective actions for the selection…
        self.menu_action = self.action(None, "Objective &actions for the selection…",
                                       self.context_menu_here, "Ctrl+Space")  # fmt: skip

    def perform(self, events: Sequence[Event], label: str) -> str | None:
        """Record ``events`` as one undo step; a refusal is shown with its reason."""
        refused = self.doc.commit(list(events), label)
        if refused:
            self.turn_bar.show_message(f"Refused: {label}: {refused}")
        else:
            self.turn_bar.show_message("")
            self.status(label, 5000)
        return refused

    # -- the objective-actions menu ---------------------------------------------
    def context_actions(
        self, point: tuple[float, float] | None = None
    ) -> list[tuple[game_actions.Action, str | None]]:
        """The objective actions for the selection, each with the rules' refusal
        now. The action the turn bar's side input records (a Command card played)
        records what the input holds, as the bar's own button does ("Play Attack
        Center" with Attack Center in the box); with the input empty, the menu
        leaves it to the bar (it would record a name nobody chose)."""
        text = self.turn_bar.input_text()
        found = game_actions.menu(self.doc.committed, self.doc.selection, point, text or "")
        if text == "":
            return [(a, why) for a, why in found if not a.takes_input]
        return found

    def build_context_menu(self, point: tuple[float, float] | None = None) -> QMenu:
        """The menu of ``context_actions``: what can be done now at the top, an
        action the family puts in a group in that group's submenu; what the rules
        refuse now goes in one ``Not now (n)`` submenu at the end, each entry's
        tooltip and status tip saying why (chosen anyway, the turn bar says why
        and nothing is recorded), so the menu stays short."""
        menu = QMenu(self.host)
        menu.setToolTipsVisible(True)
        if self.doc.looking_back:
            a = menu.addAction("Looking back: read-only (Alt+End returns to the present)")
            a.setEnabled(False)
            return menu
        subs: dict[str, QMenu] = {}
        later: list[tuple[game_actions.Action, str]] = []
        for action, refused in self.context_actions(point):
            if refused:
                later.append((action, refused))
                continue
            target = menu
            if action.group:
                target = subs.get(action.group) or subs.setdefault(
                    action.group, menu.addMenu(action.group)
                )
            qa = target.addAction(action.label)
            qa.triggered.connect(lambda _c=False, a=action: self.perform(a.events, a.label))
        if later:
            if not menu.isEmpty():
                menu.addSeparator()
            not_now = menu.addMenu(f"{NOT_NOW} ({len(later)})")
            not_now.setToolTipsVisible(True)
            for action, refused in later:
                qa = not_now.addAction(action.label)
                qa.setToolTip(refused)
                qa.setStatusTip(refused)
                qa.triggered.connect(
                    lambda _c=False, a=action, why=refused: self.turn_bar.show_message(
                        f"Refused: {a.label}: {why}"
                    )
                )
        if menu.isEmpty():
            menu.addAction("No objective actions for this selection").setEnabled(False)
        return menu

    def show_context_menu(self, global_pos: QPoint, x: float, y: float) -> None:
        """A right-click on the board at board point (x, y)."""
        self.build_context_menu((x, y)).popup(global_pos)

    def context_menu_here(self) -> None:
        """Ctrl+Space: the menu at the first selected piece (else the board's centre)."""
        ids = self.doc.selection
        scene = self.doc.committed.scene
        piece = scene.piece(ids[0]) if ids and scene.has_piece(ids[0]) else None
        if isinstance(piece, Unit | Marker):
            x, y = piece.x, piece.y
        else:
            x, y = scene.board.centre
        pos = self.view.viewport().mapToGlobal(self.view.viewport_pos(x, y))
        self.build_context_menu((x, y)).popup(pos)

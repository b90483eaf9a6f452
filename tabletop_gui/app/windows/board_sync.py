"""The main window's board part: the board scene and the Score panel kept in
step with the document. On ``changed`` the scene shows the state (the scene
adds the set-up marks, ``play.setup_marks``) and the view fits a new board; on
``scoreboard_ready`` the Score panel and the legend show the Scoreboard and a
chosen score row keeps its pieces emphasised. The selection on the board and
the document's ``selection`` are one: a click selects in the document, a part
that selects through the document (``select``) selects on the board. View ▸
Fit board, Zoom, Colour-blind-safe side colours and Score as seen by are here."""

from __future__ import annotations

from collections.abc import Sequence

import shiboken6
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from tabletop_gui.app.canvas.annotation_items import PinnedRulerItem, selected_rulers
from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.glyphs import legend_symbols
from tabletop_gui.app.canvas.hex_terrain import legend_terrain
from tabletop_gui.app.canvas.legend import LegendWidget, blocks_sight
from tabletop_gui.app.canvas.view import BoardView
from tabletop_gui.app.document import Document
from tabletop_gui.app.panels.score_panel import ScorePanel
from tabletop_gui.app.part import Part
from tabletop_gui.model.names import possessive, side_name
from tabletop_gui.play.turns import finished
from tabletop_gui.play.wording import piece_ids
from tabletop_gui.rules import evaluate
from tabletop_gui.rules.scoreboard import Scoreboard


class BoardController(Part):
    """The board scene, the view's fit and zoom, the Score panel and legend, the
    selection, and View ▸ Fit board ... Score as seen by."""

    #: The Score panel's title for the view chosen ("Score (Orcs' view)").
    viewer_changed = Signal(str)

    def __init__(
        self,
        doc: Document,
        host: QMainWindow,
        scene: BoardScene,
        view: BoardView,
        score_panel: ScorePanel,
        legend: LegendWidget,
    ) -> None:
        super().__init__(doc, host)
        self.scene = scene
        self.view = view
        self.score_panel = score_panel
        self.legend = legend
        #: The objective whose score row is chosen: its pieces stand out.
        self.focus_objective: str | None = None
        #: A new board waits to be fitted once the scene has its size.
        self.fit_pending = False
        self._selecting = False
        doc.changed.connect(self.show_state)
        doc.scoreboard_ready.connect(self.show_scores)
        doc.reset_done.connect(self._after_reset)
        doc.setup_changed.connect(self.fill_viewers)  # sides may have new names
        doc.selection_changed.connect(self._select_on_board)
        scene.selectionChanged.connect(self._select_in_document)
        score_panel.objective_selected.connect(self.set_focus_objective)
        score_panel.piece_selected.connect(self.select_piece)

        fit = self.action(None, "&Fit board", view.fit_board)
        # F wherever a letter is not typed; Ctrl+0 even while typing in a field.
        fit.setShortcuts([QKeySequence("F"), QKeySequence("Ctrl+0")])
        safe = self.action(None, "Colour-blind-safe side colours", scene.set_safe_colours)
        safe.setCheckable(True)
        safe.setChecked(scene.safe_colours)
        self.safe_colours_action = safe
        #: View ▸ Fit board, Zoom in, Zoom out, Colour-blind-safe side colours.
        self.view_actions = [
            fit,
            self.action(None, "Zoom &in", lambda: view.zoom(1.25), QKeySequence.StandardKey.ZoomIn),
            self.action(
                None, "Zoom &out", lambda: view.zoom(0.8), QKeySequence.StandardKey.ZoomOut
            ),
            safe,
        ]
        #: View ▸ Score as seen by: the referee, or one side (a player's view).
        self.viewer_menu = QMenu("Score as seen by", host)
        #: ... ▸ Next view (Ctrl+Shift+V): the referee, then each side in turn, then the
        #: referee. Not H: the streamer view's H shows or hides hidden values there.
        self.next_viewer_action = self.action(
            None, "&Next view (referee, then each side)", self.next_viewer, "Ctrl+Shift+V"
        )
        self.fill_viewers()

    # -- state -> board ---------------------------------------------------------
    def show_state(self) -> None:
        """The scene shows the document's state (``changed``)."""
        state = self.doc.state
        self.scene.sync(state, self.doc.scoreboard(), settle=self.doc.provisional is None)
        if self.fit_pending:
            self.fit_pending = False
            self.view.fit_board()
        self.view.update_quality(len(self.scene.pieces))
        self.view.update_handle()

    def show_scores(self, board: Scoreboard) -> None:
        """The Score panel and the legend show ``board`` (``scoreboard_ready``)."""
        state = self.doc.state
        scene = state.scene
        over = finished(state, board)
        self.score_panel.set_scoreboard(scene, board, self.scene.colours, over=over)
        if self.focus_objective is not None:
            self._apply_focus(board)
        self.legend.set_sides(
            [(s.name, self.scene.colours[s.id]) for s in scene.sides],
            legend_terrain(scene.board),
            legend_symbols(self.scene.unit_looks()),
            blocks_sight(scene),
        )

    def refresh(self) -> None:
        """Show the state and its scores again (after a drawing setting changed)."""
        self.show_state()
        self.show_scores(self.doc.scoreboard())

    def _after_reset(self) -> None:
        self.focus_objective = None
        self.scene.set_focus(None)
        self.scene.clearSelection()
        self.view.clear_measure()
        self.fill_viewers()
        self.viewer_changed.emit(self.viewer_title())  # a new game: the referee's view
        # The scene takes the new board's size in the ``changed`` that follows
        # ``reset_done``: the view fits it then.
        self.fit_pending = True
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)

    # -- the score panel's choices ----------------------------------------------
    def set_focus_objective(self, objective_id: str | None) -> None:
        self.focus_objective = objective_id
        if objective_id is None:
            self.scene.set_focus(None)
        else:
            self._apply_focus(self.doc.scoreboard())

    def _apply_focus(self, board: Scoreboard) -> None:
        if self.focus_objective is None:
            return
        try:
            result = board.result(self.focus_objective)
        except KeyError:
            self.focus_objective = None
            self.scene.set_focus(None)
            return
        self.scene.set_focus(piece_ids(result))

    def select_piece(self, piece_id: str) -> None:
        """Select ``piece_id`` on the board alone and scroll it into view (a score
        panel row chose it)."""
        item = self.scene.piece_item(piece_id)
        if item is None:
            return
        self.select([piece_id])
        self.view.ensureVisible(item, 40, 40)

    # -- the selection ------------------------------------------------------------
    def select(self, piece_ids: Sequence[str]) -> None:
        """Select these pieces alone, on the board and in the document."""
        self.doc.set_selection(piece_ids)

    def _select_in_document(self) -> None:
        if self._selecting or not shiboken6.isValid(self.scene):
            return
        self.doc.set_selection(self.scene.selected_ids(), selected_rulers(self.scene))

    def _select_on_board(self) -> None:
        """The document's selection changed: the board selects the same (once, as
        one change: the parts that follow the selection hear the document)."""
        if not shiboken6.isValid(self.scene):
            return
        pieces, rulers = set(self.doc.selection), set(self.doc.rulers_selected)
        if set(self.scene.selected_ids()) == pieces and set(selected_rulers(self.scene)) == rulers:
            return
        self._selecting = True
        try:
            self.scene.clearSelection()
            for pid in self.doc.selection:
                item = self.scene.piece_item(pid)
                if item is not None:
                    item.setSelected(True)
            for ruler in getattr(self.scene, "annotation_items", []):
                if isinstance(ruler, PinnedRulerItem) and ruler.ruler.id in rulers:
                    ruler.setSelected(True)
        finally:
            self._selecting = False
        self._select_in_document()  # pieces not on the board are not selected

    # -- View ▸ Score as seen by -------------------------------------------------
    def set_viewer(self, viewer: str | None) -> None:
        """View ▸ Score as seen by: the score in ``viewer``'s view (None: the
        referee's), said in the status bar and the Score panel's title, with
        whether the game hides anything from that side at all."""
        self.doc.set_viewer(viewer)
        if viewer is None:
            self.status("Score as seen by the referee: everything shown")
        else:
            name = side_name(self.doc.state.scene, viewer)
            same = self.doc.scoreboard() is evaluate(self.doc.state)
            hidden = (
                "nothing in this game is hidden from a side"
                if same
                else f"what {name} cannot know shows as '?'"
            )
            self.status(f"Score as seen by {name}: {hidden}")
        self.viewer_changed.emit(self.viewer_title())

    def next_viewer(self) -> None:
        """View ▸ Score as seen by ▸ Next view (Ctrl+Shift+V): the referee's view, then each
        side's in the order the game lists them, then the referee's again."""
        order: list[str | None] = [None, *self.doc.committed.scene.side_ids]
        now = self.doc.viewer if self.doc.viewer in order else None
        self.set_viewer(order[(order.index(now) + 1) % len(order)])
        self.fill_viewers()  # the tick follows

    def viewer_title(self) -> str:
        """The Score panel's title: "Score", or "Score (Orcs' view)"."""
        viewer = self.doc.viewer
        if viewer is None:
            return "Score"
        return f"Score ({possessive(side_name(self.doc.state.scene, viewer))} view)"

    def fill_viewers(self) -> None:
        menu = self.viewer_menu
        menu.clear()
        viewers = QActionGroup(menu)
        for sid, name in [(None, "Referee (everything)")] + [
            (s.id, s.name) for s in self.doc.committed.scene.sides
        ]:
            a = QAction(name, menu, checkable=True)
            a.setChecked(sid == self.doc.viewer)
            a.triggered.connect(lambda _c=False, sid=sid: self.set_viewer(sid))
            viewers.addAction(a)
            menu.addAction(a)
        menu.addSeparator()
        menu.addAction(self.next_viewer_action)

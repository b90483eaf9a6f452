"""The main window: the turn bar on top, the board view in the middle, palette
and inspector on the left, score panel, legend and game log on the right; the
menus File (new, open, recent, examples, save, export, print), Edit (undo stack),
View, Game (turns, timeline, streamer view), Tools and Help; refresh from the document,
selection, the objective context menu and the edit commands.

What the File, Export and streaming entries do lives in mixins beside their
kind: ``windows/file_actions.py``, ``export/export_actions.py`` and
``stream/stream_control.py``. ``run_app`` is in ``windows/launch.py``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import shiboken6
from PySide6.QtCore import QMimeData, QPoint, QRect, QSize, Qt
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QCursor,
    QGuiApplication,
    QKeySequence,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QMainWindow,
    QMenu,
    QScrollArea,
    QTabBar,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from tabletop_gui import help as help_pages
from tabletop_gui.app import icons, session
from tabletop_gui.app.canvas.annotation_items import selected_rulers
from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.hex_terrain import legend_terrain
from tabletop_gui.app.canvas.items import UnitItem
from tabletop_gui.app.canvas.legend import LegendWidget
from tabletop_gui.app.canvas.reading_label import ReadingLabel
from tabletop_gui.app.canvas.regions import RegionsPanel, WhereItScores
from tabletop_gui.app.canvas.view import BoardView, Tool
from tabletop_gui.app.document import Document
from tabletop_gui.app.editor import ROTATE_FINE, ROTATE_STEP, Editor
from tabletop_gui.app.export.export_actions import ExportController
from tabletop_gui.app.panels.briefing_panel import BriefingPanel
from tabletop_gui.app.panels.inspector import Inspector
from tabletop_gui.app.panels.log_panel import LogPanel
from tabletop_gui.app.panels.palette import Palette
from tabletop_gui.app.panels.score_panel import ScorePanel
from tabletop_gui.app.panels.turn_bar import TurnBar
from tabletop_gui.app.stream.stream_control import StreamController
from tabletop_gui.app.windows import help_window
from tabletop_gui.app.windows.file_actions import FilesController
from tabletop_gui.app.windows.referee_actions import RefereeController
from tabletop_gui.examples import is_example
from tabletop_gui.io import clipboard
from tabletop_gui.io.clipboard import piece_count
from tabletop_gui.model.events import Event
from tabletop_gui.model.game import Game
from tabletop_gui.model.pieces import Marker, Unit
from tabletop_gui.model.scene import Scene
from tabletop_gui.play import actions as game_actions
from tabletop_gui.play.clipboard import paste_events
from tabletop_gui.play.setup_marks import setup_marks
from tabletop_gui.play.wording import piece_ids

#: Below this window width the panels share one tabbed column (see fit_panels).
COMPACT_WIDTH = 1280
#: The Score panel's least width, and the tabbed column's in a small window.
SCORE_WIDTH, COMPACT_PANEL_WIDTH = 400, 310
#: The tools: their menu text, key and what the toolbar's tooltip says they do.
TOOLS = (
    (Tool.SELECT, "&Select / move", "V", "Select and move pieces"),
    (Tool.MEASURE, "&Ruler (measure)", "M", "Ruler: measure edge to edge (moves nothing)"),
    (Tool.TERRAIN, "Draw &terrain polygon", "T", "Draw a terrain feature, corner by corner"),
    (Tool.ZONE, "Draw deployment &zone", "Z", "Draw a Deployment Zone for the palette's side"),
)
#: The quick-start guide's heading for each tool (F1 opens it there).
TOOL_SECTIONS = {
    "select": "Select",
    "measure": "Ruler",
    "terrain": "Draw terrain",
    "zone": "Draw zone",
}


def _menu_actions(menu: QMenu) -> list[QAction]:
    out = []
    for action in menu.actions():
        sub = action.menu()
        if isinstance(sub, QMenu):
            out += _menu_actions(sub)
        elif not action.isSeparator():
            out.append(action)
    return out


class MainWindow(QMainWindow):
    def __init__(
        self,
        game: Game,
        path: str | None = None,
        autosave_ms: int = session.AUTOSAVE_INTERVAL_MS,
        opened_from: str | None = None,
    ) -> None:
        super().__init__()
        if path is not None and is_example(path):
            path, opened_from = None, path  # an example is never saved over
        self.doc = Document(game, path, self, opened_from=opened_from)
        self.editor = Editor(self.doc)
        self.scene = BoardScene(self)
        self.palette_panel = Palette()
        self.view = BoardView(
            self.scene,
            self.doc,
            self.editor,
            side=self.palette_panel.side,
            impassable=self.palette_panel.impassable.isChecked,
            parent=self,
        )
        self.setCentralWidget(self.view)
        self.score_panel = ScorePanel()
        self.legend = LegendWidget()
        self.inspector = Inspector(self.editor)
        self.focus_objective: str | None = None
        self._fit_pending = False
        self.measure_label = ReadingLabel()
        self.measure_label.setObjectName("measureLabel")
        self.statusBar().addPermanentWidget(self.measure_label)

        score = QWidget()
        lay = QVBoxLayout(score)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.score_panel, 1)
        lay.addWidget(self.legend)
        score.setMinimumWidth(SCORE_WIDTH)
        self.score_box = score
        #: Whether the panels share one tabbed column (a small window).
        self.compact = False
        self.docks: dict[str, QDockWidget] = {}
        self.setTabPosition(Qt.DockWidgetArea.AllDockWidgetAreas, QTabWidget.TabPosition.North)
        self._dock("Score", score, Qt.DockWidgetArea.RightDockWidgetArea)
        self._dock("Palette", self.palette_panel, Qt.DockWidgetArea.LeftDockWidgetArea)
        scroll = QScrollArea()
        scroll.setWidget(self.inspector)
        scroll.setWidgetResizable(True)
        self._dock("Inspector", scroll, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.log_panel = LogPanel(self.doc)
        self.log_dock = self._dock(
            "Game log", self.log_panel, Qt.DockWidgetArea.RightDockWidgetArea
        )
        self.briefing_panel = BriefingPanel()
        self.briefing_dock = self._dock(
            "Scenario", self.briefing_panel, Qt.DockWidgetArea.RightDockWidgetArea
        )
        self.tabifyDockWidget(self.log_dock, self.briefing_dock)
        self.log_dock.raise_()

        self.turn_bar = TurnBar(self.doc)
        bar = QToolBar("Turn", self)
        self.turn_toolbar = bar
        bar.setObjectName("turnToolBar")
        bar.setMovable(False)
        bar.addWidget(self.turn_bar)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        self.turn_bar.record.connect(self.perform)

        self.autosaver = session.Autosaver(self.doc, interval_ms=autosave_ms, parent=self)
        self.files = FilesController(self.doc, self, self.autosaver)
        self.files.name_armies.connect(self.open_sides)
        self.files.briefing_wanted.connect(self.show_briefing)
        self.exports = ExportController(self.doc, self)
        self.stream = StreamController(self.doc, self)
        self.referee = RefereeController(self.doc, self, self.scene, self.view)

        self.doc.changed.connect(self.refresh)
        self.doc.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.scene.selectionChanged.connect(self._selection_changed)
        self.score_panel.objective_selected.connect(self.set_focus_objective)
        self.score_panel.piece_selected.connect(self.select_piece)
        self.view.measured.connect(self.measure_label.show_text)
        self.palette_panel.tool_requested.connect(self.view.set_tool)
        self.palette_panel.place_requested.connect(self._place_at_centre)
        self.doc.reset_done.connect(self._after_reset)
        self.doc.log_changed.connect(self._log_moved)
        self.doc.setup_changed.connect(self._sides_changed)
        self.view.context_requested.connect(self.show_context_menu)
        self.regions_panel = RegionsPanel(self.view)
        self.regions_panel.avoid = self._selected_unit_on_screen
        self.regions = WhereItScores(self.scene, self.regions_panel)
        self._build_menus()
        self.palette_panel.set_scene(self.doc.state.scene)
        self.palette_panel.set_setup(self.doc.committed.setup)
        self.briefing_panel.set_setup(self.doc.committed.setup)
        self.resize(1600, 950)
        self._split_left()
        self.refresh()

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock_{title}")
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        self.docks[title] = dock
        return dock

    def _split_left(self) -> None:
        """Palette above, Inspector below with room for a dozen rows of the form."""
        left = [self.docks["Palette"], self.docks["Inspector"]]
        self.resizeDocks(left, [45, 55], Qt.Orientation.Vertical)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_panels()
        self.regions.panel.fit()

    def fit_panels(self) -> None:
        """Below COMPACT_WIDTH the panels share one tabbed column on the right
        (the Score in front), so the board keeps most of the window; above it they
        stand apart again: Palette over Inspector on the left, Score over the log."""
        compact = self.width() < COMPACT_WIDTH
        if compact == self.compact:
            return
        self.compact = compact
        d = self.docks
        right, left = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.LeftDockWidgetArea
        if compact:
            self.score_box.setMinimumWidth(COMPACT_PANEL_WIDTH)
            for title in ("Palette", "Inspector"):
                self.addDockWidget(right, d[title])
            order = [d[t] for t in ("Score", "Palette", "Inspector", "Game log", "Scenario")]
            for dock in order[1:]:
                self.tabifyDockWidget(order[0], dock)
            d["Score"].raise_()
            self.resizeDocks([d["Score"]], [COMPACT_PANEL_WIDTH], Qt.Orientation.Horizontal)
            for tabs in self.findChildren(QTabBar):  # whole names, scrolled if need be
                tabs.setElideMode(Qt.TextElideMode.ElideNone)
                tabs.setUsesScrollButtons(True)
            return
        self.score_box.setMinimumWidth(SCORE_WIDTH)
        self.addDockWidget(left, d["Palette"])
        self.splitDockWidget(d["Palette"], d["Inspector"], Qt.Orientation.Vertical)
        self.addDockWidget(right, d["Score"])
        self.splitDockWidget(d["Score"], d["Game log"], Qt.Orientation.Vertical)
        self.tabifyDockWidget(d["Game log"], d["Scenario"])
        d["Game log"].raise_()
        self._split_left()

    def showEvent(self, event: QShowEvent) -> None:
        first = not getattr(self, "_shown_once", False)
        super().showEvent(event)
        if first:
            self._shown_once = True
            self._split_left()

    # -- menus and shortcuts ----------------------------------------------
    def _action(
        self,
        menu: QMenu,
        text: str,
        slot: Callable[..., object],
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        menu.addAction(action)
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        f = bar.addMenu("&File")
        self.files.add_entries(f)
        f.addSeparator()
        self.exports.add_entries(f)
        f.addSeparator()
        self._action(f, "&Quit", self.close, QKeySequence.StandardKey.Quit)

        e = bar.addMenu("&Edit")
        undo = self.doc.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = self.doc.undo_stack.createRedoAction(self, "&Redo")
        # Ctrl+Shift+Z and Ctrl+Y on every platform (the standard Redo key differs),
        # and the platform's own combinations (not a keyboard's dedicated Redo key:
        # the shortcuts page listed it as a third key, "Redo").
        keys = [QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")]
        keys += [
            k
            for k in QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)
            if k not in keys and "+" in k.toString()
        ]
        redo.setShortcuts(keys)
        e.addAction(undo)
        e.addAction(redo)
        self.undo_action, self.redo_action = undo, redo
        e.addSeparator()
        self._action(
            e, "&Delete", self.delete_selected, QKeySequence.StandardKey.Delete
        ).setShortcuts(
            [QKeySequence(QKeySequence.StandardKey.Delete), QKeySequence(Qt.Key.Key_Backspace)]
        )
        self._action(e, "&Copy", self.copy_selected, QKeySequence.StandardKey.Copy)
        self._action(
            e, "&Paste at the cursor", lambda: self.paste(), QKeySequence.StandardKey.Paste
        )
        self._action(e, "D&uplicate", self.duplicate_selected, "Ctrl+D")
        self._action(
            e, f"Rotate &left {ROTATE_STEP:g}°", lambda: self.rotate_selected(ROTATE_STEP), "R"
        )
        self._action(
            e,
            f"Rotate right {ROTATE_STEP:g}°",
            lambda: self.rotate_selected(-ROTATE_STEP),
            "Shift+R",
        )
        self._action(
            e, f"Rotate left {ROTATE_FINE:g}°", lambda: self.rotate_selected(ROTATE_FINE), "Alt+R"
        )
        self._action(
            e,
            f"Rotate right {ROTATE_FINE:g}°",
            lambda: self.rotate_selected(-ROTATE_FINE),
            "Alt+Shift+R",
        )
        self._action(e, "Change &side", self.change_side, "S")
        self._action(e, "Select &all", self._select_all, QKeySequence.StandardKey.SelectAll)

        v = bar.addMenu("&View")
        fit = self._action(v, "&Fit board", self.view.fit_board, "F")
        # F wherever a letter is not typed; Ctrl+0 even while typing in a field.
        fit.setShortcuts([QKeySequence("F"), QKeySequence("Ctrl+0")])
        self._action(v, "Zoom &in", lambda: self.view.zoom(1.25), QKeySequence.StandardKey.ZoomIn)
        self._action(v, "Zoom &out", lambda: self.view.zoom(0.8), QKeySequence.StandardKey.ZoomOut)
        safe = self._action(v, "Colour-blind-safe side colours", self.scene.set_safe_colours)
        safe.setCheckable(True)
        safe.setChecked(self.scene.safe_colours)
        v.addSeparator()
        # A closed panel comes back from here (or a right-click on a panel title).
        panels = v.addMenu("&Panels")
        self.panel_actions: dict[str, QAction] = {}
        panel_keys = {"Palette": "Ctrl+1", "Inspector": "Ctrl+2", "Score": "Ctrl+3"}
        for title, dock in self.docks.items():
            act = dock.toggleViewAction()
            act.setText(title)
            if title in panel_keys:
                act.setShortcut(QKeySequence(panel_keys[title]))
            panels.addAction(act)
            self.addAction(act)
            self.panel_actions[title] = act
        bar_act = self.turn_toolbar.toggleViewAction()
        bar_act.setText("Turn bar")
        panels.addAction(bar_act)
        self.panel_actions["Turn bar"] = bar_act
        panels.addSeparator()
        self._action(panels, "Show &all panels", self.show_all_panels)
        v.addSeparator()
        self.viewer_menu = v.addMenu("Score as seen by")
        self._fill_viewers()
        v.addSeparator()
        self.stream.add_entries(v)

        g = bar.addMenu("&Game")
        self._action(g, "&Advance (turn bar)", lambda: self.turn_bar.run_step(0),
                     "Ctrl+Return").setShortcuts(
            [QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")]
        )  # fmt: skip
        self._action(g, "Second turn-bar step (end turn / end round)",
                     lambda: self.turn_bar.run_step(1), "Ctrl+Shift+Return")  # fmt: skip
        self._action(g, "Record a &dice roll…", self.turn_bar.ask_dice, "Ctrl+Shift+D")
        self._action(g, "&Objectives…", self.open_objectives)
        self._action(g, "&Sides (names and colours)…", lambda: self.open_sides())
        self._action(g, "Scenario &briefing (name, rules, victory)", self.show_briefing, "Ctrl+B")
        self._action(g, "Objective &actions for the selection…", self.context_menu_here,
                     "Ctrl+Space")  # fmt: skip
        g.addSeparator()
        self._action(g, "Look &back one event", lambda: self.log_panel.step(-1), "Alt+Left")
        self._action(g, "Look &forward one event", lambda: self.log_panel.step(1), "Alt+Right")
        self._action(g, "Back to the &present", lambda: self.doc.look_at(None), "Alt+End")
        self._action(g, "&Continue from this moment (drop the later events)",
                     self.continue_from_here)  # fmt: skip
        self._action(g, "Show the &game log", self._show_log, "Ctrl+L")

        t = bar.addMenu("&Tools")
        tools = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        for tool, text, key, tip in TOOLS:
            a = self._action(t, text, lambda _c=False, tool=tool: self.view.set_tool(tool), key)
            a.setCheckable(True)
            a.setChecked(tool is Tool.SELECT)
            a.setIcon(icons.icon(tool.value))
            a.setToolTip(f"{tip} ({key})")
            tools.addAction(a)
            self.tool_actions[tool.value] = a
        self.view.tool_changed.connect(lambda name: self.tool_actions[name].setChecked(True))
        self.referee.add_entries(t)
        t.addSeparator()
        scores = self._action(t, "&Where it scores", self._toggle_regions, "W")
        scores.setCheckable(True)
        scores.setIcon(icons.icon("scores"))
        scores.setToolTip(
            "Where it scores (W): shade where the selected unit would count for each objective"
        )
        self.scores_action = scores
        self._build_tool_bar()

        h = bar.addMenu("&Help")
        self.help_menu = h
        self._action(h, "&Quick start (at the tool in use)", self.help_here, "F1")
        self._action(h, "&Keyboard shortcuts", lambda: self.show_help(help_window.SHORTCUTS))
        refs = h.addMenu("&Rules reference")
        for title, page in help_window.pages()[2:]:
            self._action(refs, title, lambda _c=False, page=page: self.show_help(page))
        h.addSeparator()
        self._action(h, "&About tabletop_gui", self.show_about)

    def _build_tool_bar(self) -> None:
        """The tools, with icons, on the board's left edge (a narrow column keeps
        the board wide in a small window)."""
        bar = QToolBar("Tools", self)
        bar.setObjectName("toolsToolBar")
        bar.setMovable(False)
        bar.setIconSize(QSize(24, 24))
        for action in self.tool_actions.values():
            bar.addAction(action)
        bar.addSeparator()
        bar.addAction(self.scores_action)
        self.addToolBar(Qt.ToolBarArea.LeftToolBarArea, bar)
        self.tools_toolbar = bar

    # -- help -----------------------------------------------------------------
    def shortcut_rows(self) -> list[tuple[str, str, str]]:
        """(menu, action, keys) for every menu entry with a key."""
        rows = []
        for menu_action in self.menuBar().actions():
            menu = menu_action.menu()
            if not isinstance(menu, QMenu):
                continue
            title = menu_action.text().replace("&", "")
            for action in _menu_actions(menu):
                keys = ", ".join(
                    k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()
                )
                # Undo and Redo name the step they would take ("Undo Paste 1
                # piece"): the page lists them by what they are.
                fixed = {self.undo_action: "Undo", self.redo_action: "Redo"}.get(action)
                if keys:
                    rows.append((title, fixed or action.text().replace("&", ""), keys))
        return rows

    def show_about(self) -> QDialog:
        """Help > About: version, licence, the Python and Qt it runs on."""
        from tabletop_gui.app.windows.about_dialog import AboutDialog

        dialog = AboutDialog(self)
        dialog.show()
        return dialog

    def show_help(self, page: str, section: str = "") -> help_window.HelpWindow:
        """Help > ...: the help window at ``page`` (and heading ``section``)."""
        if getattr(self, "help_window", None) is None:
            self.help_window = help_window.HelpWindow(self.shortcut_rows(), self)
        self.help_window.show_page(page, section)
        return self.help_window

    def help_here(self) -> help_window.HelpWindow:
        """F1: the quick-start guide at the tool in use (Where it scores when on)."""
        if self.scores_action.isChecked():
            section = "Where it scores"
        else:
            section = TOOL_SECTIONS.get(self.view.tool.value, "")
        return self.show_help(help_pages.QUICK_START, section)

    # -- where it scores --------------------------------------------------------
    def _toggle_regions(self) -> None:
        self._update_regions()

    def _update_regions(self) -> None:
        """The overlay for the one selected unit, while Where it scores is on."""
        overlay = self.regions
        if not self.scores_action.isChecked():
            if overlay.panel.isVisible() or overlay.items:
                overlay.clear()
            return
        ids = self.scene.selected_ids()
        state = self.doc.state
        unit = state.scene.units.get(ids[0]) if len(ids) == 1 else None
        if unit is None or unit.removed:
            overlay.clear("Where it scores: select one unit on the board")
            return
        base = state if self.doc.looking_back else self.doc.committed
        if unit.id not in base.scene.units:
            base = state
        overlay.show(base, unit, self.scene.bmap)
        overlay.panel.place()

    def _selected_unit_on_screen(self) -> QRect | None:
        """The one selected unit (its base, name and badges) in the view's
        viewport pixels, with a margin: where Where it scores' words keep off."""
        ids = self.scene.selected_ids()
        item = self.scene.piece_item(ids[0]) if len(ids) == 1 else None
        if not isinstance(item, UnitItem) or not item.isVisible():
            return None
        return (
            self.view.mapFromScene(item.sceneBoundingRect()).boundingRect().adjusted(-8, -8, 8, 8)
        )

    # -- state -> widgets ---------------------------------------------------
    def refresh(self) -> None:
        state = self.doc.state
        board = self.doc.scoreboard()
        self.scene.flags = setup_marks(state)
        self.scene.sync(state, board, settle=self.doc.provisional is None)
        if self._fit_pending:
            self._fit_pending = False
            self.view.fit_board()
        self.view.update_quality(len(self.scene.pieces))
        self.score_panel.set_scoreboard(state.scene, board, self.scene.colours)
        self.referee.show_annotations()
        if self.focus_objective is not None:
            self._apply_focus()
        self._inspect_selection(state.scene)
        self.legend.set_sides(
            [(s.name, self.scene.colours[s.id]) for s in state.scene.sides],
            legend_terrain(state.scene.board),
        )
        self.view.update_handle()
        self._update_regions()

    def _selection_changed(self) -> None:
        if not shiboken6.isValid(self.scene):
            return
        self._inspect_selection(self.doc.state.scene)
        self._update_regions()

    def _inspect_selection(self, scene: Scene) -> None:
        """The Inspector shows the one selected piece; with a pinned ruler selected
        instead, what can be done with it."""
        ids = self.scene.selected_ids()
        piece = scene.piece(ids[0]) if len(ids) == 1 and scene.has_piece(ids[0]) else None
        ruler = not ids and selected_rulers(self.scene)
        nothing = (
            "A pinned ruler: N writes its note, Delete removes it" if ruler else "Nothing selected"
        )
        self.inspector.set_piece(piece, scene, nothing)

    def select_piece(self, piece_id: str) -> None:
        """Select ``piece_id`` on the board alone (a score panel row chose it)."""
        item = self.scene.piece_item(piece_id)
        if item is None:
            return
        self.scene.clearSelection()
        item.setSelected(True)
        self.view.ensureVisible(item, 40, 40)

    def set_focus_objective(self, objective_id: str | None) -> None:
        self.focus_objective = objective_id
        if objective_id is None:
            self.scene.set_focus(None)
        else:
            self._apply_focus()

    def _apply_focus(self) -> None:
        if self.focus_objective is None:
            return
        try:
            result = self.doc.scoreboard().result(self.focus_objective)
        except KeyError:
            self.focus_objective = None
            self.scene.set_focus(None)
            return
        self.scene.set_focus(piece_ids(result))

    def _sides_changed(self) -> None:
        """The sides may have new names (Game > Sides, or its undo)."""
        self.palette_panel.set_scene(self.doc.committed.scene)
        self._fill_viewers()

    def _fill_viewers(self) -> None:
        self.viewer_menu.clear()
        viewers = QActionGroup(self.viewer_menu)
        for sid, name in [(None, "Referee (everything)")] + [
            (s.id, s.name) for s in self.doc.committed.scene.sides
        ]:
            a = QAction(name, self.viewer_menu, checkable=True)
            a.setChecked(sid == self.doc.viewer)
            a.triggered.connect(lambda _c=False, sid=sid: self.doc.set_viewer(sid))
            viewers.addAction(a)
            self.viewer_menu.addAction(a)

    def show_briefing(self) -> None:
        """Game ▸ Scenario briefing: the Scenario panel, shown and in front."""
        self.briefing_panel.set_setup(self.doc.committed.setup)
        self.briefing_dock.show()
        self.briefing_dock.raise_()

    def _after_reset(self) -> None:
        self.focus_objective = None
        self.scene.set_focus(None)
        self.scene.clearSelection()
        self.view.clear_measure()
        self.palette_panel.set_scene(self.doc.committed.scene)
        self.palette_panel.set_setup(self.doc.committed.setup)
        self.briefing_panel.set_setup(self.doc.committed.setup)
        self._fill_viewers()
        # The scene takes the new board's size in the refresh that follows (the
        # document sends ``changed`` after ``reset_done``): fit once it has.
        self._fit_pending = True
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)

    def _log_moved(self) -> None:
        doc = self.doc
        if doc.looking_back:
            self.view.set_notice(
                f"Looking back: after event {doc.view_index} of {len(doc.timeline)} · read-only"
                " · Alt+End returns to the present"
            )
        else:
            self.view.set_notice("")

    def open_sides(self, title: str = "Sides") -> object:
        """Game > Sides...: rename and recolour the armies (one undo step)."""
        from tabletop_gui.app.panels.sides_dialog import SidesDialog

        if self.doc.looking_back:
            self.statusBar().showMessage(f"Refused: {self.doc.read_only_reason()}", 8000)
            return None
        dialog = SidesDialog(self.doc.committed.setup.scene.sides, self, title)
        self.sides_dialog = dialog

        def done() -> None:
            before = self.doc.committed.setup.scene.sides
            if dialog.sides() == before:
                return
            names = ", ".join(s.name for s in dialog.sides())
            refused = self.doc.replace_sides(dialog.sides(), f"Sides: {names}")
            if refused:
                self.statusBar().showMessage(f"Refused: {refused}", 8000)

        dialog.accepted.connect(done)
        dialog.open()
        return dialog

    def open_objectives(self) -> object:
        """Game > Objectives...: add or remove the active objectives (one undo step)."""
        from tabletop_gui.app.panels.objectives_dialog import ObjectivesDialog

        if self.doc.looking_back:
            self.statusBar().showMessage(f"Refused: {self.doc.read_only_reason()}", 8000)
            return None
        dialog = ObjectivesDialog(self.doc, self, view=self.view)
        self.objectives_dialog = dialog
        # Not modal: the board stays open to pick the pieces a param names.
        dialog.setWindowModality(Qt.WindowModality.NonModal)
        dialog.show()
        return dialog

    def show_all_panels(self) -> None:
        for dock in self.docks.values():
            dock.show()
        self.turn_toolbar.show()
        self._split_left()

    def _show_log(self) -> None:
        self.log_dock.show()
        self.log_dock.raise_()
        self.log_panel.list.setFocus()

    # -- playing --------------------------------------------------------------
    def perform(self, events: Sequence[Event], label: str) -> str | None:
        """Record ``events`` as one undo step; a refusal is shown with its reason."""
        refused = self.doc.commit(list(events), label)
        if refused:
            self.turn_bar.show_message(f"Refused: {label}: {refused}")
        else:
            self.turn_bar.show_message("")
            self.statusBar().showMessage(label, 5000)
        return refused

    def continue_from_here(self) -> str | None:
        refused = self.doc.continue_from_here()
        if refused:
            self.statusBar().showMessage(f"Refused: {refused}", 8000)
        return refused

    def context_actions(
        self, point: tuple[float, float] | None = None
    ) -> list[tuple[game_actions.Action, str | None]]:
        """The objective actions for the selection, each with the rules' refusal now."""
        state = self.doc.committed
        offered = game_actions.offer(state, self.scene.selected_ids(), point)
        offered += game_actions.side_actions(state)
        return [(a, game_actions.refusal(state, a.events)) for a in offered]

    def build_context_menu(self, point: tuple[float, float] | None = None) -> QMenu:
        menu = QMenu(self)
        menu.setToolTipsVisible(True)
        if self.doc.looking_back:
            a = menu.addAction("Looking back: read-only (Alt+End returns to the present)")
            a.setEnabled(False)
            return menu
        subs: dict[str, QMenu] = {}
        for action, refused in self.context_actions(point):
            target = menu
            if action.group:
                target = subs.get(action.group) or subs.setdefault(
                    action.group, menu.addMenu(action.group)
                )
            text = action.label + ("   (not now)" if refused else "")
            qa = target.addAction(text)
            if refused:
                qa.setToolTip(refused)
                qa.setStatusTip(refused)
            qa.triggered.connect(lambda _c=False, a=action: self.perform(a.events, a.label))
        if menu.isEmpty():
            menu.addAction("No objective actions for this selection").setEnabled(False)
        return menu

    def show_context_menu(self, global_pos: QPoint, x: float, y: float) -> None:
        self.build_context_menu((x, y)).popup(global_pos)

    def context_menu_here(self) -> None:
        ids = self.scene.selected_ids()
        piece = self.doc.committed.scene.piece(ids[0]) if ids else None
        if isinstance(piece, Unit | Marker):
            x, y = piece.x, piece.y
        else:
            x, y = self.doc.committed.scene.board.centre
        pos = self.view.viewport().mapToGlobal(self.view.viewport_pos(x, y))
        self.build_context_menu((x, y)).popup(pos)

    # -- edit commands ------------------------------------------------------
    def delete_selected(self) -> None:
        if self.referee.remove_selected_rulers():
            return
        self.editor.delete(self.scene.selected_ids())

    def duplicate_selected(self) -> None:
        new = self.editor.duplicate(self.scene.selected_ids())
        if new:
            self.scene.clearSelection()
            for pid in new:
                item = self.scene.piece_item(pid)
                if item is not None:
                    item.setSelected(True)

    def copy_selected(self) -> bool:
        """Edit > Copy: the selected pieces to the clipboard (the file's format)."""
        text = clipboard.copy_text(self.doc.state.scene, self.scene.selected_ids())
        if not text:
            return False
        data = QMimeData()
        data.setData(clipboard.MIME, text.encode("utf-8"))
        data.setText(text)
        QGuiApplication.clipboard().setMimeData(data)
        self.statusBar().showMessage(f"Copied {piece_count(text)}", 4000)
        return True

    def paste_point(self) -> tuple[float, float]:
        """Where a paste goes: the mouse on the board, else the board's centre."""
        viewport = self.view.viewport()
        pos = viewport.mapFromGlobal(QCursor.pos())
        if viewport.rect().contains(pos):
            x, y = self.view.board_point(pos)
            width, height = self.doc.state.scene.board.extent
            if 0 <= x <= width and 0 <= y <= height:
                return (x, y)
        return self.doc.state.scene.board.centre

    def paste(self, at: tuple[float, float] | None = None) -> list[str]:
        """Edit > Paste: the copied pieces, their centre at the cursor, as one undo
        step; returns the new ids (selected)."""
        data = QGuiApplication.clipboard().mimeData()
        raw = bytes(data.data(clipboard.MIME).data()).decode("utf-8") if data else ""
        try:
            pieces = clipboard.read(raw or (data.text() if data else ""))
        except ValueError as exc:
            self.statusBar().showMessage(f"Nothing pasted: {exc}", 8000)
            return []
        x, y = at if at is not None else self.paste_point()
        events = paste_events(self.doc.state.scene, pieces, x, y, self.editor.snap)
        what = "1 piece" if len(events) == 1 else f"{len(events)} pieces"
        if self.doc.commit(events, f"Paste {what}") is not None:
            return []
        self.statusBar().showMessage(f"Pasted {what}", 4000)
        ids = [e.piece.id for e in events]
        self.scene.clearSelection()
        for pid in ids:
            item = self.scene.piece_item(pid)
            if item is not None:
                item.setSelected(True)
        return ids

    def rotate_selected(self, by: float) -> None:
        self.editor.commit_rotate(self.scene.selected_ids(), by=by)

    def change_side(self) -> None:
        self.editor.change_side(self.scene.selected_ids())

    def _select_all(self) -> None:
        for item in self.scene.pieces.values():
            if item.kind in ("unit", "marker") and item.isVisible():
                item.setSelected(True)

    def _place_at_centre(self, payload: dict[str, Any]) -> None:
        x, y = self.doc.state.scene.board.centre
        self.editor.add_preset(payload, x, y, self.palette_panel.side())

    def closeEvent(self, event: QCloseEvent) -> None:
        # Without a screen (QT_QPA_PLATFORM=offscreen: scripts, benchmarks) nobody
        # could answer the prompt, so a close there does not ask.
        headless = QGuiApplication.platformName() == "offscreen"
        if not headless and not self.files.maybe_save():
            event.ignore()
            return
        self.autosaver.close()
        self.stream.close_streams()
        event.accept()

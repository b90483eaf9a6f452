"""The main window: the turn bar on top, the board view in the middle, palette
and inspector on the left, score panel, legend and game log on the right, the
menus File, Edit, View, Game, Tools and Help.

The window only composes: it makes the document, the board's scene and view
and the panels, then its parts (``windows/part.py``), each a plain QObject
holding its own menu entries and following the document's signals
(docs/architecture.md, The Qt layer): ``files``, ``exports``, ``stream``,
``board``, ``tools``, ``referee``, ``edit``, ``play``, ``history``, ``setup``,
``panels`` and ``help``. ``run_app`` is in ``windows/launch.py``."""

from __future__ import annotations

from PySide6.QtGui import QCloseEvent, QGuiApplication, QKeySequence, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QMainWindow

from tabletop_gui.app import session, window_memory
from tabletop_gui.app.camera.camera_part import CameraController
from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.legend import LegendWidget
from tabletop_gui.app.canvas.view import BoardView
from tabletop_gui.app.document import Document
from tabletop_gui.app.editor import Editor
from tabletop_gui.app.export.export_actions import ExportController
from tabletop_gui.app.panels.briefing_panel import BriefingPanel
from tabletop_gui.app.panels.inspector import Inspector
from tabletop_gui.app.panels.log_panel import LogPanel
from tabletop_gui.app.panels.palette import Palette
from tabletop_gui.app.panels.score_panel import ScorePanel
from tabletop_gui.app.panels.turn_bar import TurnBar
from tabletop_gui.app.part import add_action
from tabletop_gui.app.stream.stream_control import StreamController
from tabletop_gui.app.windows.board_sync import BoardController
from tabletop_gui.app.windows.edit_actions import EditController
from tabletop_gui.app.windows.field_keys import WindowKeysOverFields
from tabletop_gui.app.windows.file_actions import FilesController
from tabletop_gui.app.windows.help_actions import HelpController
from tabletop_gui.app.windows.history_actions import HistoryController
from tabletop_gui.app.windows.message_bar import MessageBar
from tabletop_gui.app.windows.panel_layout import COMPACT_WIDTH, PanelsController
from tabletop_gui.app.windows.play_actions import PlayController
from tabletop_gui.app.windows.referee_actions import RefereeController
from tabletop_gui.app.windows.rulings_actions import RulingsController
from tabletop_gui.app.windows.setup_actions import SetupController
from tabletop_gui.app.windows.tool_actions import ToolsController
from tabletop_gui.examples import is_example
from tabletop_gui.model.game import Game


class MainWindow(QMainWindow):
    def __init__(
        self,
        game: Game,
        path: str | None = None,
        autosave_ms: int = session.AUTOSAVE_INTERVAL_MS,
        opened_from: str | None = None,
    ) -> None:
        super().__init__()
        #: Whether closing keeps the size, panels and side colours for the next
        #: run (``window_memory``: set by ``run_app``, not by a script or a test).
        self.remember_layout = False
        #: Whether the panels were given the layout of an earlier run.
        self.layout_restored = False
        if path is not None and is_example(path):
            path, opened_from = None, path  # an example is never saved over
        doc = self.doc = Document(game, path, self, opened_from=opened_from)
        self.editor = Editor(doc)
        self.scene = BoardScene(self)
        self.palette_panel = Palette()
        self.view = BoardView(
            self.scene,
            doc,
            self.editor,
            side=self.palette_panel.side,
            impassable=self.palette_panel.impassable.isChecked,
            parent=self,
        )
        self.setCentralWidget(self.view)
        self.score_panel = ScorePanel()
        self.legend = LegendWidget()
        self.inspector = Inspector(self.editor)
        self.log_panel = LogPanel(doc)
        self.briefing_panel = BriefingPanel()
        self.turn_bar = TurnBar(doc)
        self.autosaver = session.Autosaver(doc, interval_ms=autosave_ms, parent=self)
        self.setStatusBar(MessageBar(self))
        self.field_keys = WindowKeysOverFields(self)
        doc.message.connect(lambda text: self.statusBar().showMessage(text, 8000))

        # The parts. The board part comes first: on ``changed`` it syncs the scene
        # that the parts following ``scoreboard_ready`` then read.
        self.board = BoardController(doc, self, self.scene, self.view, self.score_panel,
                                     self.legend)  # fmt: skip
        self.tools = ToolsController(doc, self, self.view, self.editor, self.palette_panel)
        self.files = FilesController(doc, self, self.autosaver)
        self.exports = ExportController(doc, self)
        self.stream = StreamController(doc, self)
        self.referee = RefereeController(doc, self, self.scene, self.view)
        self.camera = CameraController(doc, self, self.scene)
        self.referee.photo = self.camera.underlay.shown
        self.edit = EditController(doc, self, self.editor, self.view, self.inspector,
                                   self.referee.remove_selected_rulers)  # fmt: skip
        self.play = PlayController(doc, self, self.view, self.turn_bar)
        panels = {"Score": self.score_panel, "Palette": self.palette_panel,
                  "Inspector": self.inspector, "Game log": self.log_panel,
                  "Scenario": self.briefing_panel}  # fmt: skip
        self.panels = PanelsController(doc, self, panels, self.legend, self.play.toolbar)
        self.board.viewer_changed.connect(self.panels.docks["Score"].setWindowTitle)
        self.history = HistoryController(doc, self, self.view, self.log_panel,
                                         lambda: self.panels.raise_panel("Game log"))  # fmt: skip
        self.history.picture_hidden = lambda: self.camera.picture_held_back
        self.camera.held_back_changed.connect(self.history.show_notice)
        self.setup = SetupController(doc, self, self.view, self.palette_panel,
                                     self.briefing_panel,
                                     lambda: self.panels.raise_panel("Scenario"))  # fmt: skip
        self.files.name_armies.connect(self.setup.open_sides)
        self.files.briefing_wanted.connect(self.setup.show_briefing)
        self.rulings = RulingsController(doc, self, self.scene, self.view, self.score_panel)
        self.referee.pair = self.rulings.pair
        self.referee.sight_on = self.rulings.sight_action.isChecked
        self.tools.toolbar.addActions([self.rulings.arcs_action, self.rulings.sight_action])
        self.help = HelpController(doc, self, self.tools.help_section,
                                   {self.edit.undo_action: "Undo",
                                    self.edit.redo_action: "Redo"})  # fmt: skip
        self._build_menus()
        self.resize(1600, 950)
        self.panels.split_left()
        doc.refresh()

    def _build_menus(self) -> None:
        """The menu bar, in order, from the parts' entries."""
        bar = self.menuBar()
        f = bar.addMenu("&File")
        self.files.add_entries(f)
        f.addSeparator()
        self.exports.add_entries(f)
        self.camera.add_file_entries(f)
        f.addSeparator()
        quit_ = add_action(self, f, "&Quit", self.close)
        # The platform's Quit key (none on some desktops, nor offscreen) and Ctrl+Q.
        keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)
        ctrl_q = QKeySequence("Ctrl+Q")
        quit_.setShortcuts(keys if ctrl_q in keys else [*keys, ctrl_q])

        e = bar.addMenu("&Edit")
        e.addActions([self.edit.undo_action, self.edit.redo_action])
        e.addSeparator()
        e.addActions(self.edit.edit_actions)

        v = bar.addMenu("&View")
        v.addActions(self.board.view_actions)
        v.addSeparator()
        v.addMenu(self.panels.menu)  # a closed panel comes back from here
        v.addSeparator()
        v.addMenu(self.board.viewer_menu)
        v.addSeparator()
        self.stream.add_entries(v)

        g = bar.addMenu("&Game")
        g.addActions(self.play.turn_actions)
        g.addActions(self.setup.actions)
        g.addAction(self.play.menu_action)
        g.addSeparator()
        g.addActions(self.history.actions)

        t = bar.addMenu("&Tools")
        t.addActions(list(self.tools.tool_actions.values()))
        self.referee.add_entries(t)
        t.addSeparator()
        t.addAction(self.tools.scores_action)
        self.rulings.add_entries(t)

        self.camera.add_menu(bar)
        self.camera.add_help_entries(self.help.menu)
        bar.addMenu(self.help.menu)

    def restore_layout(self) -> bool:
        """The size, place, panels and side colours of the last main window
        closed (``window_memory``), kept again when this one closes; whether
        its size and panels were restored (not on a first run)."""
        self.remember_layout = True
        safe = window_memory.kept_flag(window_memory.SAFE_COLOURS_KEY)
        action = self.board.safe_colours_action
        if safe is not None and safe != action.isChecked():
            action.trigger()
        if not window_memory.restore_size(self, window_memory.MAIN_KEY):
            return False
        self.layout_restored = window_memory.restore_panels(self)
        if self.layout_restored:
            # The panels stand as they were kept: the small window's one column
            # is not made again over them (``fit`` acts when the width crosses).
            self.panels.compact = self.width() < COMPACT_WIDTH
        else:  # none kept (or kept by a version with other panels): as wide as it is
            self.panels.fit()
        return self.layout_restored

    def remember(self) -> None:
        """Keep this window's size, place, panels and side colours for the next run."""
        window_memory.remember_size(self, window_memory.MAIN_KEY)
        window_memory.remember_panels(self)
        window_memory.keep_flag(
            window_memory.SAFE_COLOURS_KEY, self.board.safe_colours_action.isChecked()
        )

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.panels.fit()
        self.tools.regions.panel.fit()

    def showEvent(self, event: QShowEvent) -> None:
        first = not getattr(self, "_shown_once", False)
        super().showEvent(event)
        if first:
            self._shown_once = True
            if not self.layout_restored:
                self.panels.split_left()

    def closeEvent(self, event: QCloseEvent) -> None:
        # Without a screen (QT_QPA_PLATFORM=offscreen: scripts, benchmarks) nobody
        # could answer the prompt, so a close there does not ask.
        headless = QGuiApplication.platformName() == "offscreen"
        if not headless and not self.files.maybe_save():
            event.ignore()
            return
        if self.remember_layout:
            self.remember()
        self.autosaver.close()
        self.stream.close_streams()
        self.camera.shutdown()
        event.accept()

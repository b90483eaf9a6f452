"""The main window and ``run_app``: board view in the middle, palette on the
left, score panel, legend and inspector on the right, Edit menu over the undo
stack."""

from __future__ import annotations

import sys
from pathlib import Path

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from tabletop_gui import DEMO_BOARD
from tabletop_gui.app.board_scene import BoardScene
from tabletop_gui.app.document import Document
from tabletop_gui.app.editor import ROTATE_FINE, ROTATE_STEP, Editor
from tabletop_gui.app.inspector import Inspector
from tabletop_gui.app.legend import LegendWidget
from tabletop_gui.app.palette import Palette
from tabletop_gui.app.score_panel import ScorePanel
from tabletop_gui.app.score_rows import piece_ids
from tabletop_gui.app.view import BoardView, Tool
from tabletop_gui.io import FileFormatError, load_game, save_game
from tabletop_gui.model.game import Game


class MainWindow(QMainWindow):
    def __init__(self, game: Game, path: str | None = None) -> None:
        super().__init__()
        self.doc = Document(game, path, self)
        self.editor = Editor(self.doc)
        self.scene = BoardScene(self)
        self.palette = Palette()
        self.view = BoardView(
            self.scene,
            self.doc,
            self.editor,
            side=self.palette.side,
            impassable=self.palette.impassable.isChecked,
            parent=self,
        )
        self.setCentralWidget(self.view)
        self.score_panel = ScorePanel()
        self.legend = LegendWidget()
        self.inspector = Inspector(self.editor)
        self.focus_objective: str | None = None
        self.measure_label = QLabel()
        self.measure_label.setObjectName("measureLabel")
        self.statusBar().addPermanentWidget(self.measure_label)

        score = QWidget()
        lay = QVBoxLayout(score)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.score_panel, 1)
        lay.addWidget(self.legend)
        score.setMinimumWidth(400)
        self._dock("Score", score, Qt.DockWidgetArea.RightDockWidgetArea)
        self._dock("Palette", self.palette, Qt.DockWidgetArea.LeftDockWidgetArea)
        scroll = QScrollArea()
        scroll.setWidget(self.inspector)
        scroll.setWidgetResizable(True)
        self._dock("Inspector", scroll, Qt.DockWidgetArea.LeftDockWidgetArea)

        self.doc.changed.connect(self.refresh)
        self.doc.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.scene.selectionChanged.connect(self._selection_changed)
        self.score_panel.objective_selected.connect(self.set_focus_objective)
        self.view.measured.connect(self.measure_label.setText)
        self.palette.tool_requested.connect(self.view.set_tool)
        self.palette.place_requested.connect(self._place_at_centre)
        self.doc.undo_stack.cleanChanged.connect(lambda _c: self._update_title())
        self._build_menus()
        self.palette.set_scene(self.doc.state.scene)
        self._update_title()
        self.resize(1600, 950)
        self.refresh()

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock_{title}")
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    # -- menus and shortcuts ----------------------------------------------
    def _action(self, menu: object, text: str, slot: object, shortcut: object = None) -> QAction:
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
        self._action(f, "&Open…", self.open_file, QKeySequence.StandardKey.Open)
        self._action(f, "&Save", self.save, QKeySequence.StandardKey.Save)
        self._action(f, "Save &as…", self.save_as, QKeySequence.StandardKey.SaveAs)
        self._action(f, "&Render to image…", self.render_image)
        f.addSeparator()
        self._action(f, "&Quit", self.close, QKeySequence.StandardKey.Quit)

        e = bar.addMenu("&Edit")
        undo = self.doc.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = self.doc.undo_stack.createRedoAction(self, "&Redo")
        redo.setShortcuts([QKeySequence.StandardKey.Redo, QKeySequence("Ctrl+Y")])
        e.addAction(undo)
        e.addAction(redo)
        self.undo_action, self.redo_action = undo, redo
        e.addSeparator()
        self._action(
            e, "&Delete", self.delete_selected, QKeySequence.StandardKey.Delete
        ).setShortcuts([QKeySequence.StandardKey.Delete, QKeySequence(Qt.Key.Key_Backspace)])
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
        self._action(v, "&Fit board", self.view.fit_board, "F")
        self._action(v, "Zoom &in", lambda: self.view.zoom(1.25), QKeySequence.StandardKey.ZoomIn)
        self._action(v, "Zoom &out", lambda: self.view.zoom(0.8), QKeySequence.StandardKey.ZoomOut)
        safe = self._action(v, "Colour-blind-safe side colours", self.scene.set_safe_colours)
        safe.setCheckable(True)
        safe.setChecked(self.scene.safe_colours)
        v.addSeparator()
        viewers = QActionGroup(self)
        sub = v.addMenu("Score as seen by")
        for sid, name in [(None, "Referee (everything)")] + [
            (s.id, s.name) for s in self.doc.state.scene.sides
        ]:
            a = QAction(name, self, checkable=True)
            a.setChecked(sid is None)
            a.triggered.connect(lambda _c=False, sid=sid: self.doc.set_viewer(sid))
            viewers.addAction(a)
            sub.addAction(a)

        t = bar.addMenu("&Tools")
        tools = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        for tool, text, key in (
            (Tool.SELECT, "&Select / move", "V"),
            (Tool.MEASURE, "&Measure", "M"),
            (Tool.TERRAIN, "Draw &terrain polygon", "T"),
            (Tool.ZONE, "Draw deployment &zone", "Z"),
        ):
            a = self._action(t, text, lambda _c=False, tool=tool: self.view.set_tool(tool), key)
            a.setCheckable(True)
            a.setChecked(tool is Tool.SELECT)
            tools.addAction(a)
            self.tool_actions[tool.value] = a
        self.view.tool_changed.connect(lambda name: self.tool_actions[name].setChecked(True))

    # -- state -> widgets ---------------------------------------------------
    def refresh(self) -> None:
        state = self.doc.state
        board = self.doc.scoreboard()
        self.scene.sync(state, board)
        self.view.update_quality(len(self.scene.pieces))
        self.score_panel.set_scoreboard(state.scene, board, self.scene.colours)
        if self.focus_objective is not None:
            self._apply_focus()
        ids = self.scene.selected_ids()
        piece = (
            state.scene.piece(ids[0]) if len(ids) == 1 and state.scene.has_piece(ids[0]) else None
        )
        self.inspector.set_piece(piece, state.scene)
        self.legend.set_sides([(s.name, self.scene.colours[s.id]) for s in state.scene.sides])
        self.view.update_handle()

    def _selection_changed(self) -> None:
        if not shiboken6.isValid(self.scene):
            return
        ids = self.scene.selected_ids()
        scene = self.doc.state.scene
        piece = scene.piece(ids[0]) if len(ids) == 1 and scene.has_piece(ids[0]) else None
        self.inspector.set_piece(piece, scene)

    def set_focus_objective(self, objective_id: str | None) -> None:
        self.focus_objective = objective_id
        if objective_id is None:
            self.scene.set_focus(None)
        else:
            self._apply_focus()

    def _apply_focus(self) -> None:
        try:
            result = self.doc.scoreboard().result(self.focus_objective)
        except KeyError:
            self.focus_objective = None
            self.scene.set_focus(None)
            return
        self.scene.set_focus(piece_ids(result))

    def _update_title(self) -> None:
        name = self.doc.state.setup.name or "untitled"
        where = f" — {Path(self.doc.path).name}" if self.doc.path else ""
        dirty = "" if self.doc.undo_stack.isClean() else " *"
        self.setWindowTitle(f"tabletop_gui — {name}{where}{dirty}")

    # -- edit commands ------------------------------------------------------
    def delete_selected(self) -> None:
        self.editor.delete(self.scene.selected_ids())

    def duplicate_selected(self) -> None:
        new = self.editor.duplicate(self.scene.selected_ids())
        if new:
            self.scene.clearSelection()
            for pid in new:
                item = self.scene.piece_item(pid)
                if item is not None:
                    item.setSelected(True)

    def rotate_selected(self, by: float) -> None:
        self.editor.commit_rotate(self.scene.selected_ids(), by=by)

    def change_side(self) -> None:
        self.editor.change_side(self.scene.selected_ids())

    def _select_all(self) -> None:
        for item in self.scene.pieces.values():
            if item.kind in ("unit", "marker") and item.isVisible():
                item.setSelected(True)

    def _place_at_centre(self, payload: dict) -> None:
        x, y = self.doc.state.scene.board.centre
        self.editor.add_preset(payload, x, y, self.palette.side())

    # -- files --------------------------------------------------------------
    def save(self) -> bool:
        if not self.doc.path:
            return self.save_as()
        try:
            save_game(self.doc.game, self.doc.path)
        except OSError as exc:
            QMessageBox.warning(self, "Save failed", f"{self.doc.path}: {exc}")
            return False
        self.doc.undo_stack.setClean()
        self.statusBar().showMessage(f"Saved {self.doc.path}", 5000)
        return True

    def save_as(self) -> bool:
        path, _ = QFileDialog.getSaveFileName(
            self, "Save game", self.doc.path or "", "Games (*.json)"
        )
        if not path:
            return False
        self.doc.path = path
        self._update_title()
        return self.save()

    def open_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open game", "", "Games (*.json)")
        if not path:
            return
        try:
            game = load_game(path)
        except FileFormatError as exc:
            QMessageBox.warning(self, "Cannot open", str(exc))
            return
        window = MainWindow(game, path)
        window.show()
        _WINDOWS.append(window)

    def render_image(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, "Render board", "", "Images (*.png *.svg *.pdf)"
        )
        if not path:
            return
        from tabletop_gui.app.render import render_file

        try:
            render_file(self.doc.state, path)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, "Render failed", str(exc))


_WINDOWS: list[MainWindow] = []


def run_app(path: str | None = None) -> int:
    """Open the main window on ``path`` (the demo board when None); the exit code."""
    app = QApplication.instance() or QApplication(sys.argv)
    target = str(path) if path else str(DEMO_BOARD)
    try:
        game = load_game(target)
    except FileFormatError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    window = MainWindow(game, target)
    window.show()
    _WINDOWS.append(window)
    return app.exec()

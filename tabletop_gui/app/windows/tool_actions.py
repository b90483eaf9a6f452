"""The main window's tools part: Tools ▸ Select / move, Ruler, Draw terrain, Draw
deployment zone and Where it scores, on the toolbar at the board's left edge;
the ruler's reading in the status bar; the palette's requests (a drawing tool,
a piece placed at the board's centre); and the Where it scores overlay for the
one selected unit (it follows ``selection_changed`` and ``scoreboard_ready``)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMainWindow, QToolBar

from tabletop_gui.app import icons
from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.items import UnitItem
from tabletop_gui.app.canvas.reading_label import ReadingLabel
from tabletop_gui.app.canvas.regions import RegionsPanel, WhereItScores
from tabletop_gui.app.canvas.view import BoardView, Tool
from tabletop_gui.app.document import Document
from tabletop_gui.app.editor import Editor
from tabletop_gui.app.panels.palette import Palette
from tabletop_gui.app.part import Part

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


class ToolsController(Part):
    """The board's tools, their toolbar, the ruler's reading and Where it scores."""

    def __init__(
        self,
        doc: Document,
        host: QMainWindow,
        view: BoardView,
        editor: Editor,
        palette: Palette,
    ) -> None:
        super().__init__(doc, host)
        self.view = view
        self.scene: BoardScene = view.board_scene
        self.editor = editor
        self.palette = palette
        #: The ruler's reading, at the status bar's right.
        self.measure_label = ReadingLabel()
        self.measure_label.setObjectName("measureLabel")
        host.statusBar().addPermanentWidget(self.measure_label)
        view.measured.connect(self.measure_label.show_text)
        palette.tool_requested.connect(view.set_tool)
        palette.place_requested.connect(self.place_at_centre)

        group = QActionGroup(host)
        self.tool_actions: dict[str, QAction] = {}
        for tool, text, key, tip in TOOLS:
            a = self.action(None, text, lambda _c=False, tool=tool: view.set_tool(tool), key)
            a.setCheckable(True)
            a.setChecked(tool is Tool.SELECT)
            a.setIcon(icons.icon(tool.value))
            a.setToolTip(f"{tip} ({key})")
            group.addAction(a)
            self.tool_actions[tool.value] = a
        view.tool_changed.connect(lambda name: self.tool_actions[name].setChecked(True))
        scores = self.action(None, "&Where it scores", self.update_regions, "W")
        scores.setCheckable(True)
        scores.setIcon(icons.icon("scores"))
        scores.setToolTip(
            "Where it scores (W): shade where the selected unit would count for each objective"
        )
        self.scores_action = scores

        self.regions_panel = RegionsPanel(view)
        self.regions_panel.avoid = self.selected_unit_on_screen
        self.regions = WhereItScores(self.scene, self.regions_panel)
        doc.selection_changed.connect(self._follow)
        doc.scoreboard_ready.connect(self._follow)

        bar = QToolBar("Tools", host)
        bar.setObjectName("toolsToolBar")
        bar.setMovable(False)
        bar.setIconSize(QSize(24, 24))
        bar.addActions(list(self.tool_actions.values()))
        bar.addSeparator()
        bar.addAction(scores)
        #: The tools, with icons, on the board's left edge (a narrow column keeps
        #: the board wide in a small window).
        self.toolbar = bar
        host.addToolBar(Qt.ToolBarArea.LeftToolBarArea, bar)

    def help_section(self) -> str:
        """The quick-start guide's heading for the tool in use (Where it scores when on)."""
        if self.scores_action.isChecked():
            return "Where it scores"
        return TOOL_SECTIONS.get(self.view.tool.value, "")

    def place_at_centre(self, payload: dict[str, Any]) -> None:
        """The palette's entry double-clicked: placed at the board's centre."""
        x, y = self.doc.state.scene.board.centre
        self.editor.add_preset(payload, x, y, self.palette.side())

    # -- where it scores --------------------------------------------------------
    def _follow(self, *_args: object) -> None:
        # update_regions is looked up on each call (a benchmark times it by
        # putting a timed one in its place).
        self.update_regions()

    def update_regions(self) -> None:
        """The overlay for the one selected unit, while Where it scores is on."""
        overlay = self.regions
        if not self.scores_action.isChecked():
            if overlay.panel.isVisible() or overlay.items:
                overlay.clear()
            return
        ids = self.doc.selection
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

    def selected_unit_on_screen(self) -> QRect | None:
        """The one selected unit (its base, name and badges) in the view's
        viewport pixels, with a margin: where Where it scores' words keep off."""
        ids = self.doc.selection
        item = self.scene.piece_item(ids[0]) if len(ids) == 1 else None
        if not isinstance(item, UnitItem) or not item.isVisible():
            return None
        return (
            self.view.mapFromScene(item.sceneBoundingRect()).boundingRect().adjusted(-8, -8, 8, 8)
        )

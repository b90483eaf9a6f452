"""The main window's panels part: the docks (Score with its legend, Palette,
Inspector, Game log, Scenario), how they stand in a wide or a small window, and
View ▸ Panels, where a closed panel comes back."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
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

from tabletop_gui.app.document import Document
from tabletop_gui.app.part import Part

#: Below this window width the panels share one tabbed column (see ``fit``).
COMPACT_WIDTH = 1280
#: The Score panel's least width, and the tabbed column's in a small window.
SCORE_WIDTH, COMPACT_PANEL_WIDTH = 400, 310
#: View ▸ Panels' keys.
PANEL_KEYS = {"Palette": "Ctrl+1", "Inspector": "Ctrl+2", "Score": "Ctrl+3"}


class PanelsController(Part):
    """The docks and View ▸ Panels."""

    def __init__(
        self,
        doc: Document,
        host: QMainWindow,
        panels: dict[str, QWidget],
        legend: QWidget,
        turn_toolbar: QToolBar,
    ) -> None:
        """``panels``: the Score, Palette, Inspector, Game log and Scenario panels,
        by title; ``legend`` stands under the Score panel."""
        super().__init__(doc, host)
        self.turn_toolbar = turn_toolbar
        score = QWidget()
        lay = QVBoxLayout(score)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(panels["Score"], 1)
        lay.addWidget(legend)
        score.setMinimumWidth(SCORE_WIDTH)
        self.score_box = score
        scroll = QScrollArea()
        scroll.setWidget(panels["Inspector"])
        scroll.setWidgetResizable(True)
        #: Whether the panels share one tabbed column (a small window).
        self.compact = False
        self.docks: dict[str, QDockWidget] = {}
        host.setTabPosition(Qt.DockWidgetArea.AllDockWidgetAreas, QTabWidget.TabPosition.North)
        right, left = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.LeftDockWidgetArea
        self._dock("Score", score, right)
        self._dock("Palette", panels["Palette"], left)
        self._dock("Inspector", scroll, left)
        self._dock("Game log", panels["Game log"], right)
        self._dock("Scenario", panels["Scenario"], right)
        host.tabifyDockWidget(self.docks["Game log"], self.docks["Scenario"])
        self.docks["Game log"].raise_()
        self.menu = QMenu("&Panels", host)
        self.panel_actions: dict[str, QAction] = {}
        for title, dock in self.docks.items():
            act = dock.toggleViewAction()
            act.setText(title)
            # The Score panel's title names a player's view; its menu entry stays "Score".
            dock.windowTitleChanged.connect(lambda _t, act=act, title=title: act.setText(title))
            if title in PANEL_KEYS:
                act.setShortcut(QKeySequence(PANEL_KEYS[title]))
            self.menu.addAction(act)
            host.addAction(act)
            self.panel_actions[title] = act
        bar_act = turn_toolbar.toggleViewAction()
        bar_act.setText("Turn bar")
        self.menu.addAction(bar_act)
        self.panel_actions["Turn bar"] = bar_act
        self.menu.addSeparator()
        self.action(self.menu, "Show &all panels", self.show_all)

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> None:
        dock = QDockWidget(title, self.host)
        dock.setObjectName(f"dock_{title}")
        dock.setWidget(widget)
        self.host.addDockWidget(area, dock)
        self.docks[title] = dock

    def raise_panel(self, title: str) -> None:
        """Show the panel ``title`` in front of any it shares a place with."""
        self.docks[title].show()
        self.docks[title].raise_()

    def split_left(self) -> None:
        """Palette above, Inspector below with room for a dozen rows of the form."""
        left = [self.docks["Palette"], self.docks["Inspector"]]
        self.host.resizeDocks(left, [45, 55], Qt.Orientation.Vertical)

    def fit(self) -> None:
        """Below COMPACT_WIDTH the panels share one tabbed column on the right
        (the Score in front), so the board keeps most of the window; above it they
        stand apart again: Palette over Inspector on the left, Score over the log."""
        host = self.host
        compact = host.width() < COMPACT_WIDTH
        if compact == self.compact:
            return
        self.compact = compact
        d = self.docks
        right, left = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.LeftDockWidgetArea
        if compact:
            self.score_box.setMinimumWidth(COMPACT_PANEL_WIDTH)
            for title in ("Palette", "Inspector"):
                host.addDockWidget(right, d[title])
            order = [d[t] for t in ("Score", "Palette", "Inspector", "Game log", "Scenario")]
            for dock in order[1:]:
                host.tabifyDockWidget(order[0], dock)
            d["Score"].raise_()
            host.resizeDocks([d["Score"]], [COMPACT_PANEL_WIDTH], Qt.Orientation.Horizontal)
            for tabs in host.findChildren(QTabBar):  # whole names, scrolled if need be
                tabs.setElideMode(Qt.TextElideMode.ElideNone)
                tabs.setUsesScrollButtons(True)
            return
        self.score_box.setMinimumWidth(SCORE_WIDTH)
        host.addDockWidget(left, d["Palette"])
        host.splitDockWidget(d["Palette"], d["Inspector"], Qt.Orientation.Vertical)
        host.addDockWidget(right, d["Score"])
        host.splitDockWidget(d["Score"], d["Game log"], Qt.Orientation.Vertical)
        host.tabifyDockWidget(d["Game log"], d["Scenario"])
        d["Game log"].raise_()
        self.split_left()

    def show_all(self) -> None:
        """View ▸ Panels ▸ Show all panels (the turn bar too)."""
        for dock in self.docks.values():
            dock.show()
        self.turn_toolbar.show()
        self.split_left()

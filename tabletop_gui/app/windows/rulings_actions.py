"""The main window's rulings part (Tools ▸ Arcs, Line of sight): a unit's arcs
drawn to the board's edges (A), the region a unit sees (L), and between two
units the family's ruling, live while one is dragged: which arc of the target
holds the centre of the charger's front with its margin, in the status bar and
the score panel, and the charge's reach as a ruler. The answers are the
family's (``rules.family`` rulings hooks); this part asks and draws them
(docs/canvas.md, Rulings)."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu

from tabletop_gui.app import icons
from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.ruling_items import RulingsLayer
from tabletop_gui.app.canvas.view import BoardView
from tabletop_gui.app.document import Document
from tabletop_gui.app.panels.score_panel import ScorePanel
from tabletop_gui.app.part import Part
from tabletop_gui.model.state import GameState
from tabletop_gui.play import rulings
from tabletop_gui.rules.engine import family_of
from tabletop_gui.rules.rulings import Sight

#: While a piece is dragged, the region in view is worked out again once the
#: mouse rests this long (it takes tens of milliseconds; the arc is live).
SIGHT_REST_MS = 150


class RulingsController(Part):
    """Tools ▸ Arcs (A) and Line of sight (L); the ruling between two units."""

    def __init__(
        self,
        doc: Document,
        host: QMainWindow,
        scene: BoardScene,
        view: BoardView,
        score_panel: ScorePanel,
    ) -> None:
        super().__init__(doc, host)
        self.scene = scene
        self.view = view
        self.score_panel = score_panel
        self.arcs_action = self._toggle(
            "&Arcs of the selected unit", self.toggle_arcs, "A", "arcs",
            "Arcs (A): draw the selected unit's arcs to the board's edges; select "
            "another unit, or drag one, to read which arc it is in",
        )  # fmt: skip
        self.sight_action = self._toggle(
            "&Line of sight of the selected unit", self.toggle_sight, "L", "sight",
            "Line of sight (L): the region the selected unit sees, and which units it "
            "sees or not",
        )  # fmt: skip
        #: The unit whose arcs are drawn (they stay on it while others are chosen).
        self.arcs_of: str | None = None
        #: The selected units in the order they were selected.
        self.order: list[str] = []
        self.layer = RulingsLayer(scene)
        self.label = QLabel()
        self.label.setObjectName("rulingLabel")
        host.statusBar().addPermanentWidget(self.label)
        self.sight: Sight | None = None
        self._sight_key: tuple[int, str] | None = None
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(SIGHT_REST_MS)
        self.timer.timeout.connect(self.update)
        doc.changed.connect(self.update)
        # The arcs' names and the charge's reading are sized for the zoom they
        # are seen at: drawn again once a zoom rests.
        self.zoom_rest = QTimer(self)
        self.zoom_rest.setSingleShot(True)
        self.zoom_rest.setInterval(120)
        self.zoom_rest.timeout.connect(self._zoom_rested)
        view.zoom_changed.connect(lambda _ppi: self.zoom_rest.start())
        #: The zoom the rulings were last drawn for (pixels per inch).
        self.drawn_ppi = 0.0
        doc.selection_changed.connect(self.selection_changed)
        doc.reset_done.connect(self._new_game)

    def _new_game(self) -> None:
        """Another game opened: nothing of the last one's arcs or sight stays on,
        even where a unit of the new game has the same id."""
        self.arcs_of = None
        self.order = []
        self.arcs_action.setChecked(False)
        self.sight_action.setChecked(False)
        self._sight_key = None
        self.update()

    def _toggle(self, text: str, slot: object, key: str, icon: str, tip: str) -> QAction:
        action = self.action(None, text, slot, key)  # type: ignore[arg-type]
        action.setCheckable(True)
        action.setIcon(icons.icon(icon))
        action.setToolTip(tip)
        return action

    def add_entries(self, menu: QMenu) -> None:
        """Tools ▸ the rulings' entries, after a separator."""
        menu.addSeparator()
        menu.addActions([self.arcs_action, self.sight_action])

    # -- what is selected --------------------------------------------------------
    def selection_changed(self) -> None:
        if not shiboken6.isValid(self.scene):
            return  # the window is closing
        selected = [i for i in self.doc.selection if i in self.doc.state.scene.units]
        self.order = [i for i in self.order if i in selected]
        self.order += [i for i in selected if i not in self.order]
        self.update()

    def _selected(self, state: GameState) -> list[str]:
        units = state.scene.units
        return [i for i in self.order if i in units and not units[i].removed]

    def pair(self, state: GameState | None = None) -> tuple[str, str] | None:
        """(charger, target): two selected units (the target: the one whose arcs
        are drawn, else the one selected first), or the one selected unit and the
        unit whose arcs are drawn."""
        state = state or self.doc.state
        chosen = self._selected(state)
        units = state.scene.units
        if len(chosen) == 2:
            target = self.arcs_of if self.arcs_of in chosen else chosen[0]
            charger = chosen[1] if target == chosen[0] else chosen[0]
            return charger, target
        arcs_of = self.arcs_of
        if len(chosen) == 1 and arcs_of in units and arcs_of != chosen[0]:
            assert arcs_of is not None
            return chosen[0], arcs_of
        return None

    # -- the toggles -------------------------------------------------------------
    def toggle_arcs(self, checked: bool = False) -> None:
        """On: the arcs of the selected unit (another selected unit moves them to
        it); off: none."""
        state = self.doc.state
        chosen = self._selected(state)
        unit = chosen[-1] if chosen else None
        if not checked and unit is not None and unit != self.arcs_of and len(chosen) == 1:
            checked = True  # A on another unit: its arcs instead
        if checked:
            if unit is None:
                self.status("Arcs: select a unit, then press A")
                checked = False
            else:
                arcs = family_of(state.setup).unit_arcs(state, unit)
                if arcs is None:
                    self.status("The rules of this game give units no arcs")
                    checked = False
                elif not arcs.regions:  # it has none (a round base): the family says why
                    self.status(arcs.why)
        self.arcs_of = unit if checked else None
        self.arcs_action.setChecked(checked)
        self.update()

    def toggle_sight(self, checked: bool = False) -> None:
        self._sight_key = None
        self.update()

    # -- state -> words and drawing ------------------------------------------------
    def update(self) -> None:
        state = self.doc.state
        family = family_of(state.setup)
        units = state.scene.units
        if self.arcs_of is not None and (self.arcs_of not in units or units[self.arcs_of].removed):
            self.arcs_of = None
            self.arcs_action.setChecked(False)
        pair = self.pair(state)
        lines: list[str] = []
        ruling = family.arc_ruling(state, *pair) if pair is not None else None
        reach = family.charge_reach(state, *pair) if pair is not None else None
        if pair is not None:
            lines = rulings.measure_lines(state, family, *pair)[1:]
            lines = [line.removeprefix("Arc: ") for line in lines]
        self.score_panel.set_ruling(lines)
        text = rulings.arc_sentence(state.scene, ruling) if ruling is not None else ""
        if reach is not None:
            text += f" · {rulings.reach_title(reach)}"
        self.label.setText(text)
        self.label.setToolTip("\n".join(lines))
        arcs = family.unit_arcs(state, self.arcs_of) if self.arcs_of is not None else None
        self.drawn_ppi = self.view.pixels_per_inch() if arcs is not None else 0.0
        self.layer.show(
            state.scene, arcs, self._sight(state), reach if arcs is not None else None,
            rulings.reach_lines(reach) if reach is not None else [],
            self.view.pixels_per_inch(),
        )  # fmt: skip

    def _zoom_rested(self) -> None:
        """Arcs and a charge drawn for another zoom are drawn again for this one."""
        ppi = self.view.pixels_per_inch()
        if self.drawn_ppi and abs(ppi - self.drawn_ppi) > 0.01 * ppi:
            self.update()

    def _sight(self, state: GameState) -> Sight | None:
        """The region the viewer sees (the charger of a pair, or the one selected
        unit), worked out once per state; during a drag, once the mouse rests."""
        if not self.sight_action.isChecked():
            self.sight, self._sight_key = None, None
            return None
        pair = self.pair(state)
        chosen = self._selected(state)
        viewer = pair[0] if pair is not None else (chosen[0] if len(chosen) == 1 else None)
        if viewer is None:
            self.sight, self._sight_key = None, None
            return None
        key = (id(state), viewer)
        if key != self._sight_key:
            if self.doc.provisional is not None and not self.timer.isActive():
                self.timer.start()
                return None
            if self.doc.provisional is not None:
                return None
            self.sight = family_of(state.setup).line_of_sight(state, viewer)
            self._sight_key = key
        return self.sight

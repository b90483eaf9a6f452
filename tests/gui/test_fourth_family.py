"""A rule family is one package: a small fourth family, defined only here, plays
in the real main window with no edit to the Qt layer. Its palette, inspector
fields, turn bar, context actions, score panel and streamer all come from what
the family declares.

The toy rules: a 24 x 24 in board; one objective, the Beacon: the side with more
units within ``radius`` (4 in) of the board's centre leads it; one unit kind, the
Scout (a 25 mm round base); one action, "the scout falls" (removed as a
casualty); side turns called "Watch"; totals counted in torches.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.model.board import InchBoard
from tabletop_gui.model.events import RemoveCasualty
from tabletop_gui.model.game import Game
from tabletop_gui.model.names import piece_label
from tabletop_gui.model.pieces import BaseShape, Unit
from tabletop_gui.model.scene import Board, ObjectiveSpec, Scene, Setup
from tabletop_gui.model.state import GameState
from tabletop_gui.play import new_game
from tabletop_gui.rules import registry
from tabletop_gui.rules.family import Family
from tabletop_gui.rules.objective import Objective
from tabletop_gui.rules.play_types import (
    SIDE_A,
    SIDE_B,
    Action,
    NewPreset,
    Palette,
    Param,
    UnitPreset,
    Words,
)
from tabletop_gui.rules.scoreboard import (
    Circle,
    CountingPiece,
    ObjectiveResult,
    Status,
    strict_leader,
)

from .helpers import open_window

SCOUT = UnitPreset("toy-scout", "Scout (25 mm)", BaseShape.ROUND, 25, 25, 1, 1)


def toy_setup() -> Setup:
    scene = Scene(board=InchBoard(24.0, 24.0), sides=(SIDE_A, SIDE_B))
    beacon = ObjectiveSpec("beacon", "toy.beacon", {"radius": 4.0}, "Beacon")
    return Setup(family="toy", scene=scene, name="Toy skirmish", objectives=(beacon,))


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[Family]]:
    """The toy family installed for one test, as an entry point would bring it,
    then removed (nothing else in the suite sees it)."""

    class Beacon(Objective):
        kind = "toy.beacon"
        title = "Beacon"
        params = (Param("radius", "float", 4.0, "How near the centre a unit counts, inches"),)

        def evaluate(self, state: GameState) -> ObjectiveResult:
            radius = float(self.param("radius", 4.0))
            cx, cy = state.scene.board.centre
            counts = {s: 0.0 for s in state.scene.side_ids}
            counting = []
            for u in state.scene.units.values():
                d = ((u.x - cx) ** 2 + (u.y - cy) ** 2) ** 0.5
                if not u.removed and d <= radius:
                    counts[u.side] += 1
                    counting.append(CountingPiece(u.id, u.side, d, radius - d, "near the beacon"))
            leader = strict_leader(counts) if any(counts.values()) else None
            status = Status.LEADING if leader else (Status.TIE if any(counts.values()) else
                                                     Status.NONE)  # fmt: skip
            return ObjectiveResult(
                objective_id=self.id,
                name=self.name,
                kind=self.kind,
                status=status,
                leader=leader,
                counts=counts,
                counting=tuple(counting),
                highlights=(Circle(cx, cy, radius, label="Beacon: 4 in of the centre"),),
                reason=f"Units within {radius:g} in of the centre count.",
                points={leader: 1.0} if leader else {},
            )

    class ToyFamily(Family):
        name = "toy"
        title = "Toy skirmish"
        objectives = (Beacon,)
        words = Words("torch", "torches", "the skirmish", "Watch")

        def palette(self, board: Board) -> Palette:
            return Palette(units=(SCOUT,))

        def unit_fields(self, unit: Unit) -> tuple[str, ...]:
            return ("name", "side", "x", "y")

        def actions(
            self, state: GameState, ids: Sequence[str], point: tuple[float, float] | None
        ) -> list[Action]:
            units = [state.scene.units[i] for i in ids if i in state.scene.units]
            return [
                Action(f"{piece_label(u)}: the scout falls", (RemoveCasualty(u.id),))
                for u in units
                if not u.removed
            ]

        def new_presets(self) -> list[NewPreset]:
            return [NewPreset("toy", "Toy skirmish (24 × 24 in)", ("Toy",), toy_setup)]

    class EntryPoint:
        name, value = "toy", "a test's own family"

        def load(self) -> type[Family]:
            return ToyFamily

    installed = {**registry._entry_points(), "toy": EntryPoint()}
    monkeypatch.setattr(registry, "_entry_points", lambda: installed)
    registry.find_family.cache_clear()
    yield ToyFamily
    monkeypatch.undo()
    registry.find_family.cache_clear()


def place_scout(window, x: float, y: float) -> Unit:
    before = set(window.doc.committed.scene.units)
    item = window.palette_panel.entry("unit", "toy-scout")
    window.palette_panel.tree.setCurrentItem(item)
    assert window.editor.add_preset(window.palette_panel.payload(item), x, y, "player-a") is None
    (uid,) = set(window.doc.committed.scene.units) - before
    return window.doc.committed.scene.units[uid]


def test_a_family_defined_in_a_test_plays_in_the_real_window(toy, qtbot):
    assert any(p.key == "toy" for p in new_game.presets()), "File > New offers the toy board"
    window = open_window(qtbot, Game(new_game.preset("toy").build()))

    # Palette: the family's one unit kind, no ranks asked.
    entries = window.palette_panel.tree.findItems(
        "*", Qt.MatchFlag.MatchWildcard | Qt.MatchFlag.MatchRecursive
    )
    titles = [e.text(0) for e in entries]
    assert "Scout (25 mm)" in titles
    assert not any("20×20" in t or "Round 30" in t for t in titles), "no other family's bases"
    assert not window.palette_panel.form.isRowVisible(window.palette_panel.models)

    # A scout near the beacon: the score panel says Player A leads, with the family's words.
    scout = place_scout(window, 13.0, 12.0)
    assert scout.base_shape is BaseShape.ROUND and scout.base_width_mm == 25
    QApplication.processEvents()
    assert window.score_panel.rows[0].leader == "Player A leads (if the game ended now)"
    assert "Player A 1" in window.score_panel.rows[0].counts

    # Inspector: the family's fields only.
    window.scene.pieces[scout.id].setSelected(True)
    QApplication.processEvents()
    shown = {f.name for f in window.inspector._fields(scout)}
    assert shown == {"name", "side", "x", "y"}

    # Turn bar: side turns worded as the family words them.
    bar = window.turn_bar
    assert bar.advance_button.text() == "Start Player A's turn 1"
    qtbot.mouseClick(bar.advance_button, Qt.MouseButton.LeftButton)
    assert bar.clock.text() == "Watch 1 · Player A's turn"

    # Streamer: totals in torches.
    streamer = window.stream.open_streamer()
    qtbot.waitUntil(lambda: streamer.bar.info is not None, timeout=2000)
    assert [s.total for s in streamer.bar.info.sides] == ["1 torch", "0 torches"]

    # Context action: the family's one action, recorded and undoable.
    labels = [a.label for a, _why in window.play.context_actions()]
    assert labels == [f"{scout.name}: the scout falls"]
    action, why = window.play.context_actions()[0]
    assert why is None
    assert window.play.perform(action.events, action.label) is None
    assert window.doc.committed.scene.units[scout.id].removed
    assert window.score_panel.rows[0].leader == "nobody yet"
    # The streamer follows on the next turn of the event loop; waiting for it also leaves
    # no sync pending for after this test's family is unregistered.
    qtbot.waitUntil(
        lambda: [s.total for s in streamer.bar.info.sides] == ["0 torches", "0 torches"],
        timeout=2000,
    )
    qtbot.waitUntil(lambda: not streamer.coalescer.timer.isActive(), timeout=2000)
    streamer.close()
    # The change above scheduled a streamer sync: drop it, or it runs in the next
    # test, after the toy family is unregistered (a RuleError in its event loop).
    streamer.coalescer.stop()

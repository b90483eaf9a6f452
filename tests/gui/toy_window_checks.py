"""The toy family, installed as a package of its own, plays in the real window.

Not collected by the test run: tests/gui/test_fourth_family.py runs this file with
pytest inside a fresh virtual environment where tests/toy_family is installed
(pip, its entry point in the group tabletop_gui.families) and nothing in
tabletop_gui/ names it. Its palette, inspector fields, turn bar, context actions,
game log, score panel and streamer all come from what the family declares; the
game is saved where TOY_GAME_FILE says, and opened again.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.model.game import Game
from tabletop_gui.model.pieces import BaseShape, Unit
from tabletop_gui.play import new_game
from tabletop_gui.rules.registry import find_family

from .helpers import open_window


def place_scout(window, x: float, y: float, side: str = "player-a") -> Unit:
    before = set(window.doc.committed.scene.units)
    item = window.palette_panel.entry("unit", "toy-scout")
    window.palette_panel.tree.setCurrentItem(item)
    assert window.editor.add_preset(window.palette_panel.payload(item), x, y, side) is None
    (uid,) = set(window.doc.committed.scene.units) - before
    return window.doc.committed.scene.units[uid]


def test_the_installed_toy_family_plays_in_the_real_window(qtbot):
    import toy_family
    from toy_family.fields import LANTERN

    # Found through its entry point, from its installed copy (not the test tree's).
    assert find_family("toy").__module__ == "toy_family.family"
    assert "site-packages" in Path(toy_family.__file__).parts
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

    # Inspector: the family's fields only, its own field with its label and help,
    # and the camera tag every unit has whatever its family (docs/camera.md).
    window.scene.pieces[scout.id].setSelected(True)
    QApplication.processEvents()
    shown = {f.name for f in window.inspector._fields(scout)}
    assert shown == {"name", "side", "x", "y", "lantern", "tag"}
    lantern = window.inspector.widgets["lantern"]
    label = window.inspector.form.labelForField(lantern)
    assert label.text() == "Lantern lit" and label.toolTip() == LANTERN.help
    assert not lantern.isChecked()

    # Turn bar: side turns worded as the family words them.
    bar = window.turn_bar
    assert bar.advance_button.text() == "Start Player A's turn 1"
    qtbot.mouseClick(bar.advance_button, Qt.MouseButton.LeftButton)
    assert bar.clock.text() == "Watch 1 · Player A's turn"

    # Streamer: totals in torches.
    streamer = window.stream.open_streamer()
    qtbot.waitUntil(lambda: streamer.bar.info is not None, timeout=2000)
    assert [s.total for s in streamer.bar.info.sides] == ["1 torch", "0 torches"]

    # Context actions: the family's own event (a lantern lit: its own field) first.
    labels = [a.label for a, _why in window.play.context_actions()]
    assert labels == [f"{scout.name}: light the lantern", f"{scout.name}: the scout falls"]
    action, why = window.play.context_actions()[0]
    assert why is None
    assert window.play.perform(action.events, action.label) is None
    assert LANTERN.of(window.doc.committed.scene.units[scout.id]) is True
    assert "Player A 2" in window.score_panel.rows[0].counts, "a lit lantern counts twice"
    assert window.inspector.widgets["lantern"].isChecked()
    last = window.log_panel.row_text(len(window.doc.timeline))
    assert last.endswith(f"Watch 1, Player A: {scout.name} lights a lantern"), last
    qtbot.waitUntil(lambda: streamer.bar.info.sides[0].total == "1 torch", timeout=2000)

    # Player B's scout, its lantern lit in the Inspector (an update of the family's
    # field): two against two, a tie.
    rival = place_scout(window, 12.0, 15.0, "player-b")
    window.scene.clearSelection()
    window.scene.pieces[rival.id].setSelected(True)
    QApplication.processEvents()
    window.inspector.widgets["lantern"].setChecked(True)
    assert LANTERN.of(window.doc.committed.scene.units[rival.id]) is True
    counts = window.score_panel.rows[0].counts
    assert "Player A 2" in counts and "Player B 2" in counts
    assert window.score_panel.rows[0].leader != "Player A leads (if the game ended now)"

    # Saved through the window, and opened again in a new one: the same game.
    path = os.environ["TOY_GAME_FILE"]
    assert window.files.save_to(path)
    again = open_window(qtbot, Game(new_game.preset("toy").build()))
    assert again.files.open_path(path, ask=False)
    QApplication.processEvents()
    assert again.doc.timeline.game == window.doc.timeline.game
    units = again.doc.committed.scene.units
    assert LANTERN.of(units[scout.id]) and LANTERN.of(units[rival.id])
    assert again.score_panel.rows[0].counts == window.score_panel.rows[0].counts
    assert again.turn_bar.clock.text() == "Watch 1 · Player A's turn"

    # The other action: Player A's scout falls, undoably; Player B holds the beacon.
    window.scene.clearSelection()
    window.scene.pieces[scout.id].setSelected(True)
    QApplication.processEvents()
    action, _why = window.play.context_actions()[-1]
    assert action.label == f"{scout.name}: the scout falls"
    assert window.play.perform(action.events, action.label) is None
    assert window.doc.committed.scene.units[scout.id].removed
    assert window.score_panel.rows[0].leader == "Player B leads (if the game ended now)"
    qtbot.waitUntil(
        lambda: [s.total for s in streamer.bar.info.sides] == ["0 torches", "1 torch"],
        timeout=2000,
    )
    window.doc.undo_stack.undo()
    assert not window.doc.committed.scene.units[scout.id].removed
    qtbot.waitUntil(lambda: not streamer.coalescer.timer.isActive(), timeout=2000)
    streamer.close()
    streamer.coalescer.stop()

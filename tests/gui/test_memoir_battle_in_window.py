"""The Memoir '44 battle of tests/hex/mill_ford.py in the window: imported by
the Memoir '44 reader (the command line's import is tests/hex's), played through the
objective-actions menu (a hit taking figures, a retreat, the last figure
eliminating a unit), then looked back at side turn by side turn: the score
panel, the board's counters (their figures as pips) and the legend follow."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas.items import UnitItem
from tabletop_gui.model.game import Game
from tests.hex.m44kit import ALLIES, AXIS, hx, imported, unit_on
from tests.hex.mill_ford import MILL_FORD, battle

from .helpers import open_window


def menu_texts(window, point=None) -> dict[str, object]:
    menu = window.play.build_context_menu(point)
    return {a.text(): a for a in menu.actions() if a.text()}


def test_a_hit_from_the_menu_takes_figures_and_the_last_one_wins_the_medal(qtbot):
    game = imported(MILL_FORD).game
    window = open_window(qtbot, Game(game.setup))
    doc = window.doc
    garrison = unit_on(game, "E5")
    window.play.perform(battle(game)[0][1][:2], "turn 1")  # the Allies' turn begins
    window.scene.clearSelection()
    window.scene.piece_item(garrison).setSelected(True)
    QApplication.processEvents()
    actions = menu_texts(window)
    assert "German Infantry 1 loses 2 figures (2 left)" in actions
    actions["German Infantry 1 loses 2 figures (2 left)"].trigger()
    QApplication.processEvents()
    item = window.scene.piece_item(garrison)
    assert isinstance(item, UnitItem) and item.look is not None
    assert (item.look.strength, item.look.full) == (2, 4)
    assert "2 of 4 figures" in item.toolTip()
    assert "figures lost: United States 0, Germany 2" in window.score_panel.summary.text()
    assert doc.timeline.events[-1].type == "hex.lose_figures"
    actions = menu_texts(window)
    actions["German Infantry 1 loses 2 figures (eliminated)"].trigger()
    QApplication.processEvents()
    assert doc.state.scene.units[garrison].removed
    assert "United States 1/5" in window.score_panel.summary.text()
    doc.undo_stack.undo()
    QApplication.processEvents()
    assert not doc.state.scene.units[garrison].removed
    assert "United States 0/5" in window.score_panel.summary.text()


def test_looking_back_side_turn_by_side_turn_shows_each_standing(qtbot):
    game = imported(MILL_FORD).game
    events, ends = [], []
    for _title, evs, _t, _f in battle(game):
        events += evs
        ends.append(len(events))
    window = open_window(qtbot, Game(game.setup, tuple(events)))
    for (title, _evs, (allies, axis), (lost_a, lost_x)), n in zip(battle(game), ends, strict=True):
        window.doc.look_at(n)
        QApplication.processEvents()
        text = window.score_panel.summary.text()
        assert f"United States {allies}/5, Germany {axis}/4" in text, title
        assert f"figures lost: United States {lost_a}, Germany {lost_x}" in text, title
    assert "United States reached its target and wins the battle" in text
    legend = [t for _k, t, _c in window.legend.entries]
    assert {"Infantry", "Armour", "Artillery"} <= set(legend)
    assert "figures left (hollow: lost)" in legend
    # the American infantry on the Mill, hit twice: 2 of its 4 figures
    infantry = window.scene.piece_item(unit_on(game, "E3"))
    assert isinstance(infantry, UnitItem) and infantry.look is not None
    assert (infantry.look.strength, infantry.look.full) == (2, 4)
    assert window.doc.state.scene.board.point_to_hex(
        *(lambda u: (u.x, u.y))(window.doc.state.scene.units[unit_on(game, "E3")])
    ) == hx(game, "E5")
    assert {ALLIES, AXIS} == set(window.doc.state.scene.side_ids)


def test_a_right_click_on_an_empty_hex_offers_the_selected_units_retreat_there(qtbot):
    """docs/playing.md (Objective actions (right-click)): "retreat to hex c,r (the
    hex right-clicked)". The press of the right button on an empty hex cleared
    the selection, so the menu offered no unit's move or retreat there."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QContextMenuEvent

    from tabletop_gui.model.hexgrid import hex_label

    game = imported(MILL_FORD).game
    window = open_window(qtbot, Game(game.setup))
    window.play.perform(battle(game)[0][1][:2], "turn 1")
    garrison = unit_on(game, "E5")
    window.scene.clearSelection()
    window.scene.piece_item(garrison).setSelected(True)
    QApplication.processEvents()
    scene = window.doc.state.scene
    board = scene.board
    taken = {board.point_to_hex(u.x, u.y) for u in scene.units.values()}
    here = board.point_to_hex(scene.units[garrison].x, scene.units[garrison].y)
    # a hex one row nearer Germany's (far) edge: a retreat the rules allow, so
    # the menu offers it now (docs/hex.md, Flags)
    empty = next(
        h
        for h in board.neighbours(here)
        if h not in taken and board.contains(h) and h[1] == here[1] + 1
    )
    pos = window.view.viewport_pos(*board.hex_to_point(empty))
    asked: list[tuple[float, float]] = []
    window.view.context_requested.connect(lambda _g, x, y: asked.append((x, y)))
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.RightButton, pos=pos)
    QApplication.sendEvent(
        viewport, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, viewport.mapToGlobal(pos))
    )
    qtbot.mouseRelease(viewport, Qt.MouseButton.RightButton, pos=pos)
    assert list(window.doc.selection) == [garrison]
    assert asked and board.point_to_hex(*asked[-1]) == empty
    texts = [a.text() for a in window.play.build_context_menu(asked[-1]).actions()]
    assert f"German Infantry 1: retreat to hex {hex_label(empty)}" in texts

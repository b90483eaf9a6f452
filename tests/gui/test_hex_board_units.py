"""A hex board speaks hexes (docs/canvas.md: the scale bar counts hexes, inches
mean nothing to the hex rules): a unit dragged in the window reads, while it
moves and in the game log, how many hexes it went, and the palette's terrain is
a hex. Before, a Memoir '44 board's log said "US Elite Armor 1 moved 4.58 in"
under a scale bar reading "2 hexes", and the palette offered "Rectangle 6×4 in"
and "Ellipse 8×5 in". The board answers (``distance_words``), the family the
palette (``Family.palette``); the Qt layer names no family.

The board is Mill Ford (tests/hex/mill_ford.py), a scenario written for these
tests, read by the Memoir '44 reader."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.model.game import Game
from tabletop_gui.model.hexgrid import HexBoard, hex_label
from tests.hex.m44kit import hx, imported, unit_on
from tests.hex.mill_ford import MILL_FORD

from .helpers import at, drop, open_window


def mill_ford(qtbot):
    game = imported(MILL_FORD).game
    return game, open_window(qtbot, Game(game.setup))


def test_a_unit_dragged_two_hexes_reads_two_hexes_while_dragged_and_in_the_log(qtbot):
    game, window = mill_ford(qtbot)
    board = game.setup.scene.board
    assert isinstance(board, HexBoard)
    uid = unit_on(game, "E3")
    start, to = hx(game, "E3"), hx(game, "G3")
    assert board.distance(start, to) == 2
    x0, y0 = board.hex_to_point(start)
    x1, y1 = board.hex_to_point(to)
    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=at(window, x0, y0))
    for i in range(1, 9):
        qtbot.mouseMove(vp, at(window, x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8))
    words = f"moved 2 hexes ({hex_label(start)} to {hex_label(to)})"
    assert window.view.drag_readout.lines == [words]
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=at(window, x1, y1))
    QApplication.processEvents()
    unit = window.doc.state.scene.units[uid]
    assert board.point_to_hex(unit.x, unit.y) == to
    log = window.log_panel.list
    last = log.item(log.count() - 1).text()
    assert last.endswith(f"{unit.name} {words}"), last
    assert " in" not in last.split(unit.name)[-1]


def test_the_palette_of_a_hex_board_offers_hexes_and_a_dropped_one_covers_its_hex(qtbot):
    game, window = mill_ford(qtbot)
    board = game.setup.scene.board
    assert isinstance(board, HexBoard)
    offer = window.palette_panel
    shown = _terrain_titles(offer.tree)  # what the palette lists under Terrain
    assert shown == ["Hex (one hex)", "Impassable hex (one hex)"]
    assert not any(" in" in t for t in shown)
    target = hx(game, "f4")
    x, y = board.hex_to_point(target)
    assert drop(window, offer.mime_for("terrain", "hex-impassable"), x + 0.3, y - 0.2)
    QApplication.processEvents()
    (terrain,) = [t for t in window.doc.state.scene.terrain.values() if t.id.startswith("terrain")]
    assert terrain.impassable and terrain.name == "Impassable hex terrain"
    expected = board.corners(target)
    assert len(terrain.polygon) == 6
    for (px, py), (ex, ey) in zip(terrain.polygon, expected, strict=True):
        assert abs(px - ex) < 1e-9 and abs(py - ey) < 1e-9


def _terrain_titles(tree) -> list[str]:
    for i in range(tree.topLevelItemCount()):
        group = tree.topLevelItem(i)
        if group.text(0) == "Terrain":
            return [group.child(k).text(0) for k in range(group.childCount())]
    return []


def test_a_unit_dragged_onto_an_enemys_hex_is_not_moved_at_all(qtbot):
    """US Infantry 1 on E3 dragged onto German Infantry 1 on E5 (an attack
    meant, not a move): the hex is refused and the unit stays on E3, nothing
    recorded, rather than left on the last hex allowed on the way, a move
    nobody made (docs/canvas.md, Editing)."""
    game, window = mill_ford(qtbot)
    board = game.setup.scene.board
    assert isinstance(board, HexBoard)
    uid, start, enemy = unit_on(game, "E3"), hx(game, "E3"), hx(game, "E5")
    assert unit_on(game, "E5") == "axis-infantry-1"
    x0, y0 = board.hex_to_point(start)
    x1, y1 = board.hex_to_point(enemy)
    vp = window.view.viewport()
    events = len(window.doc.timeline.events)
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=at(window, x0, y0))
    for i in range(1, 9):
        qtbot.mouseMove(vp, at(window, x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=at(window, x1, y1))
    QApplication.processEvents()
    unit = window.doc.state.scene.units[uid]
    assert board.point_to_hex(unit.x, unit.y) == start
    assert len(window.doc.timeline.events) == events
    assert window.statusBar().currentMessage().startswith("Not moved: ")
    assert "German Infantry 1" in window.statusBar().currentMessage()

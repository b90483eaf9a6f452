"""Terrain that blocks sight (Opaque: docs/t9a.md, Line of sight) is told apart
on the board: its edge is dark and thick, its tooltip says so, and the legend
says what that edge means whenever the board has such terrain."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from tabletop_gui.app import style
from tabletop_gui.app.canvas.items import TerrainItem
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game

from .helpers import open_window

SIGHT = "Terrain blocking sight"


def _labels(window) -> dict[str, str]:
    items = window.scene.pieces.values()
    return {i.piece.id: i._label(i.piece) for i in items if isinstance(i, TerrainItem)}


def _legend(window) -> list[str]:
    return [text for _kind, text, _colour in window.legend.entries]


def test_the_demo_hill_is_named_as_blocking_sight_and_the_legend_says_what_that_looks_like(demo):
    labels = _labels(demo)
    assert labels["hill"] == "Hill"  # told by its edge: a longer name crowds readings
    assert demo.scene.pieces["hill"].toolTip().split("\n")[:2] == ["Hill", "Blocks sight (Opaque)"]
    assert labels["forest"] == "Forest"  # Forests give Cover, they do not block sight
    assert labels["ruins"] == "Ruins (Impassable)"  # its own mark, its name says it
    assert SIGHT in _legend(demo)


def test_every_bundled_hill_blocks_sight_as_the_rules_make_hills_opaque():
    """(docs/t9a.md, Line of sight): "Hills are Opaque Terrain"."""
    for path in sorted(SCENARIOS.glob("t9a_*.json")):
        terrain = load_game(str(path)).setup.scene.terrain.values()
        hills = [t for t in terrain if "Hill" in t.name]
        assert hills and all(t.opaque for t in hills), path.name


def test_a_board_without_such_terrain_has_no_legend_entry_for_it(qtbot):
    game = load_game(str(SCENARIOS / "t9a_frontline_clash_demo.json"))
    hill = game.setup.scene.terrain["hill"]
    scene = replace(
        game.setup.scene, terrain={**game.setup.scene.terrain, "hill": replace(hill, opaque=False)}
    )
    window = open_window(qtbot, replace(game, setup=replace(game.setup, scene=scene)))
    assert "Blocks sight" not in window.scene.pieces["hill"].toolTip()
    assert SIGHT not in _legend(window)


def test_marking_a_feature_opaque_in_the_inspector_shows_at_once_and_undoes(demo, qtbot):
    demo.scene.clearSelection()
    demo.scene.pieces["forest"].setSelected(True)
    QApplication.processEvents()
    box = demo.inspector.widgets["opaque"]
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(6, box.height() // 2))
    assert demo.doc.committed.scene.terrain["forest"].opaque
    assert "Blocks sight (Opaque)" in demo.scene.pieces["forest"].toolTip()
    assert SIGHT in _legend(demo)
    demo.doc.undo_stack.undo()
    assert "Blocks sight" not in demo.scene.pieces["forest"].toolTip()


def test_the_hill_edge_is_drawn_dark_and_thick(demo):
    """A pixel on the Hill's outline is the dark sight edge, not the usual brown."""
    item = demo.scene.pieces["hill"]
    demo.view.centerOn(item)
    picture = demo.view.viewport().grab().toImage()
    edge = item.mapToScene(item.path.pointAtPercent(0.1))
    p = demo.view.mapFromScene(edge)
    near = [QColor(picture.pixel(p.x() + dx, p.y() + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    dark = style.OPAQUE_EDGE
    assert any(
        abs(c.red() - dark.red()) + abs(c.green() - dark.green()) + abs(c.blue() - dark.blue()) < 40
        for c in near
    )

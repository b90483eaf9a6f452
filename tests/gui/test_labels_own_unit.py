"""A unit's name reads as its own: beside (or on) its own unit, nearer its own
footprint than any other unit's (edge to edge, then its centre; and never twice
as far from its centre as another unit), and over no other unit, else tied to
its own by a leader line (docs/canvas.md, Overlays: what the colours and lines
mean).
A new user imported two lists facing each other and found "Vampire Knights"
printed over the Skeletons block, the Knights unlabelled: the name had taken the
first clear spot, a corner of its unit that lay over the neighbour."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF

from tabletop_gui.app.canvas.drawing import text_size
from tabletop_gui.app.canvas.items import MAX_LABEL_SCALE, NAME_IN, UnitItem
from tabletop_gui.app.export.page import board_scene
from tabletop_gui.cli import main
from tabletop_gui.cli_moment import load_moment
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game, save_game
from tabletop_gui.model import ObjectiveSpec
from tabletop_gui.model.game import Game
from tabletop_gui.model.pieces import BaseShape, Unit
from tabletop_gui.rules.t9a.play import new_setup

from .helpers import open_window, streamer_at

LISTS = Path(__file__).parent.parent / "armylists" / "lists"


def _distance(p: QPointF, r: QRectF) -> float:
    return _gap(QRectF(p, p), r)


def _gap(a: QRectF, r: QRectF) -> float:
    dx = max(r.left() - a.right(), 0.0, a.left() - r.right())
    dy = max(r.top() - a.bottom(), 0.0, a.top() - r.bottom())
    return math.hypot(dx, dy)


def _nearer(box: QRectF, fp: QRectF, own: QRectF) -> bool:
    """Is the footprint ``fp`` nearer the label ``box`` than its own ``own``: its
    edge nearer (or as near and nearer the box's centre), or less than half as
    far from the box's centre."""
    g, mine = _gap(box, fp), _gap(box, own)
    c = box.center()
    by_centre = _distance(c, fp) < _distance(c, own) / 2 - 1e-6
    tie = g <= mine + 1e-6 and _distance(c, fp) < _distance(c, own)
    return g < mine - 1e-6 or by_centre or tie


def _largest_name_box(item: UnitItem, text_scale: float) -> QRectF:
    """The name as drawn with the whole board in view (its largest)."""
    tw, th = text_size(item.unit.name, NAME_IN * text_scale * MAX_LABEL_SCALE)
    c = item.pos() + item.name_at
    return QRectF(c.x() - tw / 2, c.y() - th / 2, tw, th)


def _misplaced(scene) -> list[str]:
    """The names that are not their own unit's (see the module's docstring)."""
    units = [it for it in scene.items() if isinstance(it, UnitItem) and it.unit.name]
    feet = {it: it.path.boundingRect().translated(it.pos()) for it in units}
    wrong = []
    for it in units:
        assert it.name_shown, it.unit.name
        for box in (_largest_name_box(it, scene.text_scale), it.name_box(16.0)):
            for other, fp in feet.items():
                if other is it:
                    continue
                if _nearer(box, fp, feet[it]) or box.intersects(fp):
                    wrong.append(f"{it.unit.name} over {other.unit.name}")
    return wrong


@pytest.fixture
def vampires_and_elves(tmp_path) -> Path:
    game = tmp_path / "g_vc_se.json"
    assert main(["import", str(LISTS / "vampire_covenant_nr.json"), "-o", str(game)]) == 0
    assert main(["import", str(LISTS / "sylvan_9thbuilder.txt"), "--into", str(game),
                 "-o", str(game)]) == 0  # fmt: skip
    return game


def test_each_name_is_by_its_own_unit_in_the_render(vampires_and_elves):
    _, state = load_moment(str(vampires_and_elves), None)  # as `render` reads it
    scene = board_scene(state)
    try:
        assert _misplaced(scene) == []
    finally:
        scene.clear()


def test_each_name_is_by_its_own_unit_in_the_window(qtbot, vampires_and_elves):
    window = open_window(qtbot, load_game(vampires_and_elves), str(vampires_and_elves))
    assert _misplaced(window.scene) == []


def test_a_name_put_nearer_another_unit_is_tied_to_its_own_by_a_leader(qtbot):
    """On a crowded small stream picture (Carnevale at 480 x 270) some names find
    no clear spot of their own: each that ends up nearer another unit has a
    leader line from its own footprint to its own name."""
    path = str(SCENARIOS / "carnevale_drowned_quarter.json")
    window = open_window(qtbot, load_game(path), path)
    streamer = streamer_at(qtbot, window, 480, 270)
    scene = streamer.scene
    units = [it for it in scene.items() if isinstance(it, UnitItem) and it.unit.name]
    feet = {it: it.path.boundingRect().translated(it.pos()) for it in units}
    ppi = scene.label_ppi
    tied = 0
    for it in units:
        box = it.name_box(ppi)
        nearer = [o for o, fp in feet.items() if o is not it and _nearer(box, fp, feet[it])]
        leader = getattr(it, "name_leader", None)
        if not nearer:
            continue
        assert leader is not None, f"{it.unit.name} reads as {nearer[0].unit.name}'s"
        tied += 1
        a, b = leader.p1() + it.pos(), leader.p2() + it.pos()
        grown = feet[it].adjusted(-1e-6, -1e-6, 1e-6, 1e-6)
        assert grown.contains(a), it.unit.name
        assert box.adjusted(-0.2, -0.2, 0.2, 0.2).contains(b), it.unit.name
    assert tied  # the picture is crowded enough to need one


def battle_line() -> Game:
    """A Dwarf battle line before the game: five units side by side, 1.5 in
    apart, all 4 in out of their zone, so each name has a note as wide as two
    units ("5.57 in outside its zone"): a name and note set off along the line,
    one corner by its own unit's corner, read as the neighbour's."""
    setup = new_setup("frontline_clash", "t9a.hold_the_ground")
    a = setup.scene.sides[0].id
    units = [
        Unit("king", "King", a, 20.79, 16, base_width_mm=40, base_depth_mm=20),
        Unit("cw", "Clan Warriors", a, 25.04, 16, base_width_mm=20, base_depth_mm=20, models=30,
             models_per_rank=5),
        Unit("gb", "Grey Beards", a, 30.48, 16, base_width_mm=20, base_depth_mm=20, models=20,
             models_per_rank=5),
        Unit("cm", "Clan Marksmen", a, 35.92, 16, base_width_mm=20, base_depth_mm=20, models=15,
             models_per_rank=5),
        Unit("fa", "Field Artillery", a, 40.57, 16, base_width_mm=60, base_depth_mm=60,
             base_shape=BaseShape.ROUND),
    ]  # fmt: skip
    scene = setup.scene.with_pieces(units)
    return Game(
        replace(setup, scene=scene, objectives=(ObjectiveSpec("h", "t9a.hold_the_ground"),))
    )


def _not_tied(scene) -> list[str]:
    """The names nearer another unit than their own with no leader line to it."""
    units = [it for it in scene.items() if isinstance(it, UnitItem) and it.unit.name]
    feet = {it: it.path.boundingRect().translated(it.pos()) for it in units}
    wrong = []
    for it in units:
        box = it.name_box(scene.label_ppi or 16.0)
        for other, fp in feet.items():
            if other is not it and _nearer(box, fp, feet[it]) and it.name_leader is None:
                wrong.append(f"{it.unit.name} reads as {other.unit.name}'s")
    return wrong


def test_names_along_a_battle_line_each_read_as_their_own_unit_in_the_render(tmp_path):
    path = tmp_path / "line.json"
    save_game(battle_line(), str(path))
    _, state = load_moment(str(path), None)
    scene = board_scene(state)
    try:
        assert _not_tied(scene) == []
    finally:
        scene.clear()


def test_names_along_a_battle_line_each_read_as_their_own_unit_in_the_window(qtbot):
    window = open_window(qtbot, battle_line())
    assert _not_tied(window.scene) == []

"""A label on a hex board is drawn wherever there is room by its hex, and covers
nothing (docs/canvas.md, Labels on hex boards). A Memoir '44 player's trial
board: two counters side by side on e4 and f4, a counter on Orchard Farm (F5),
the printed label of that hex. The name of the second counter (US Armor 1)
was left out, in the window and in the 1920 x 1080 stream picture, though the
hexes beside it were empty: only the spots just under and just over the
counter were tried, and the first counter's name and the printed label took
them. "Orchard Farm" was left out too, under the counter standing on it.

Now a name (or a printed label with a counter on its hex) also tries those
spots slid to either side, then beside the counter: every name and label of
the board is drawn, none over another nor over a counter. The scenario is
written for this test (the trial's own positions, never a published one)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, QSize
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas import board_scene, hex_terrain, items, overlays, unit_batch
from tabletop_gui.app.canvas.items import UnitItem
from tabletop_gui.model.game import Game
from tests.hex.m44kit import exit_marker, game_of, hexagon, label, medal, scenario

from .helpers import open_window
from .label_spy import spy_on_labels
from .test_hex_board_labels import clashes, clipped, stream_picture
from .test_hex_labels_clear_of_counters import drawn_counters

PLACES = ("Orchard Farm", "Kettle Hill")
#: Two moments of the trial: German armour on the farm, US infantry and armour
#: side by side under it; then the armour on f6, the US infantry on the farm.
MOMENTS = {
    "armour on the farm": {"E7": "infger", "F7": "infger", "F5": "tankger", "G9": "gunger",
                           "e4": "infus", "f4": "tankus", "E3": "infus", "D1": "gunus"},
    "armour on f6": {"E7": "infger", "e6": "infger", "f6": "tankger", "G9": "gunger",
                     "F5": "infus", "f4": "tankus", "E3": "infus", "D1": "gunus"},
}  # fmt: skip


def trial_board(units: dict[str, str]) -> Game:
    terrain = {"F5": "buildings", "g6": "hills", "c4": "woods", "C7": "woods"}
    tags = {
        "F5": [medal("medal0", nbr_hex=1)],
        "g6": [medal("medal1", permanent=True, nbr_hex=1)],
        "A9": [exit_marker("ALLIES", ["B9"])],
    }
    cells = []
    for at in sorted(set(units) | set(terrain) | set(tags)):
        parts: dict[str, object] = {}
        if at in units:
            parts["unit"] = units[at]
        if at in terrain:
            parts["terrain"] = terrain[at]
        if at in tags:
            parts["tags"] = tags[at]
        cells.append(hexagon(at, **parts))
    return game_of(scenario(*cells, labels=[label("F5", PLACES[0]), label("g6", PLACES[1])]))


@pytest.fixture
def painted(monkeypatch) -> list[tuple[str, QRectF]]:
    """(text, box in picture pixels) of every label painted (``label_spy``)."""
    return spy_on_labels(monkeypatch, (items, unit_batch, overlays, hex_terrain, board_scene))


def names(game: Game) -> set[str]:
    return {u.name for u in game.setup.scene.units.values()}


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("moment", MOMENTS)
def test_the_stream_picture_draws_every_name_and_place_and_none_over_another(
    qapp, painted, moment, size
):
    game = trial_board(MOMENTS[moment])
    area = stream_picture(game, QSize(*size))
    drawn = [(t, r) for t, r in painted if r.intersects(area)]
    assert {t for t, _ in drawn} >= names(game) | set(PLACES)
    assert clashes(drawn) == []
    assert clipped(drawn, area) == []


@pytest.mark.parametrize("moment", MOMENTS)
def test_the_window_draws_every_name_and_place_over_no_counter_nor_label(qtbot, painted, moment):
    game = trial_board(MOMENTS[moment])
    window = open_window(qtbot, game)
    window.scene.keep_pictures(False)  # kept pictures would not paint their labels again
    for item in window.scene.items():
        item.setCacheMode(items.QGraphicsItem.CacheMode.NoCache)
    QApplication.processEvents()
    painted.clear()
    window.view.viewport().grab()
    viewport = QRectF(window.view.viewport().rect())
    drawn = []  # each once (a label painted in two passes is one label)
    for t, r in painted:
        if r.intersects(viewport) and (t, r) not in drawn:
            drawn.append((t, r))
    assert {t for t, _ in drawn} >= names(game) | set(PLACES)
    units = [it for it in window.scene.pieces.values() if isinstance(it, UnitItem)]
    assert all(u.name_shown for u in units)
    assert clashes(drawn) == []
    counters = drawn_counters(window)
    covering = [
        (text, unit)
        for text, box in drawn
        for unit, counter in counters.items()
        if text != unit and box.adjusted(0.5, 0.5, -0.5, -0.5).intersects(counter)
    ]
    assert covering == []


@pytest.mark.parametrize("size", [(1400, 900), (1100, 760)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_selected_counters_frame_and_rotate_knob_cover_no_label(qtbot, painted, size):
    """The trial: the selection's dashed box (0.3 in outside the counter) and
    the rotate knob (0.9 in in front) ran over "Kettle Hill (g6): Allied
    medal", "German Infantry 1" and the names round the selected counter. On a
    hex board the box hugs the counter as drawn and the knob stands just in
    front of it, further out only where it would cover a label."""
    from tabletop_gui.app.canvas.marks import HEX_SELECT_GAP

    game = trial_board(MOMENTS["armour on the farm"])
    window = open_window(qtbot, game)
    window.resize(*size)
    qtbot.wait(50)
    window.view.fit_board()
    window.scene.keep_pictures(False)
    view = window.view
    for item in [it for it in window.scene.pieces.values() if isinstance(it, UnitItem)]:
        window.scene.clearSelection()
        item.setSelected(True)
        QApplication.processEvents()
        for it in window.scene.items():
            it.setCacheMode(items.QGraphicsItem.CacheMode.NoCache)
        painted.clear()
        view.viewport().grab()
        drawn = {(t, r.x(), r.y(), r.width(), r.height()) for t, r in painted}
        boxes = [(t, QRectF(x, y, w, h).adjusted(0.5, 0.5, -0.5, -0.5)) for t, x, y, w, h in drawn]
        g = HEX_SELECT_GAP
        frame = view.mapFromScene(item.mapToScene(item.drawn_rect().adjusted(-g, -g, g, g)))
        frame_px = QRectF(frame.boundingRect())  # the box's line (its pen: 3 px)
        handle = view.handle
        assert handle.isVisible() and handle.unit_id == item.piece_id
        centre = view.mapFromScene(handle.pos())
        r = handle.RADIUS_PX + 1
        knob = QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r)
        on_frame = [t for t, b in boxes if b.intersects(frame_px)]
        under_knob = [t for t, b in boxes if b.intersects(knob)]
        assert (on_frame, under_knob) == ([], []), item.unit.name

"""A hex board's printed labels and unit names cover no counter as it is drawn
(docs/canvas.md, Labels on hex boards): a counter a rule marks is drawn with
its role band around it, and a label under or over it must clear the band, not
only the counter's square. A new user found "Hill 12", "Ruins" and "Crossroads"
half under the units standing on those medals, in the window and the export.

The scenario is written for this test: three labelled medals, each with a unit
on it (so each unit is marked), on a standard board."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication

from tabletop_gui.app import style
from tabletop_gui.app.canvas import board_scene, hex_terrain, items, overlays, unit_batch
from tabletop_gui.app.canvas.items import UnitItem
from tabletop_gui.model.game import Game
from tests.hex.m44kit import game_of, hexagon, label, medal, scenario

from .helpers import open_window
from .label_spy import spy_on_labels

PLACES = {"E5": "Hill 40", "G7": "Old Mill", "F3": "Crossroads"}


def marked_medals() -> Game:
    """Medals on three labelled hexes, a unit on each: a German unit on a
    medal for both sides, an American one on an Allied medal, a German one on
    an Axis medal."""
    return game_of(
        scenario(
            hexagon("E5", terrain="hills", unit="infger", tags=[medal("medal0", nbr_hex=1)]),
            hexagon(
                "G7", terrain="buildings", unit="tankus", tags=[medal("medal1", permanent=True)]
            ),
            hexagon("F3", unit="infger", tags=[medal("medal2", turn_start=True)]),
            hexagon("B1", unit="gunus"),
            labels=[label(h, text) for h, text in PLACES.items()],
        )
    )


def drawn_counters(window) -> dict[str, QRectF]:
    """Each unit's counter as painted, in viewport pixels: its square grown by
    the role band a rule's mark draws round it (style.HALO_IN wide, its middle
    HALO_IN / 2 outside the square)."""
    view = window.view
    out = {}
    for it in window.scene.pieces.values():
        if isinstance(it, UnitItem):
            grow = style.HALO_IN if it.marks else 0.0
            rect = it.path.boundingRect().adjusted(-grow, -grow, grow, grow)
            out[it.unit.name] = view.mapFromScene(it.mapToScene(rect)).boundingRect()
    return out


def test_no_printed_label_or_unit_name_covers_a_marked_counter_in_the_window(qtbot, monkeypatch):
    painted = spy_on_labels(monkeypatch, (items, unit_batch, overlays, hex_terrain, board_scene))
    window = open_window(qtbot, marked_medals())
    counters = drawn_counters(window)
    marked = {it.unit.name for it in window.scene.pieces.values() if getattr(it, "marks", ())}
    assert marked == {"German Infantry 1", "US Armor 1", "German Infantry 2"}
    window.scene.keep_pictures(False)  # kept pictures would not paint their labels again
    painted.clear()
    window.view.viewport().grab()
    QApplication.processEvents()
    names = set(counters)
    shown = [(t, r) for t, r in painted if t in set(PLACES.values()) | names]
    assert {t for t, _ in shown} >= set(PLACES.values())  # each place's name is drawn
    covering = [
        (text, unit)
        for text, box in shown
        for unit, counter in counters.items()
        if text != unit and box.adjusted(0.5, 0.5, -0.5, -0.5).intersects(counter)
    ]
    assert covering == []

"""The measure tool's readings: edge to edge, ending at a point, hexes on a hex board,
the rule each measure is named against, labels clear of other labels.

The demo board after its log: Knights of the Realm at (33, 22) on a 2.95 x 3.94 in
base, Peasant Levy at (41, 19.2), the Duke alone at (36, 4) on a 0.98 in base; the
Hold the Ground centre (36, 24) is 1.52 in from the Knights' base."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas import items as items_module
from tabletop_gui.app.canvas.drawing import text_size
from tabletop_gui.app.canvas.items import NAME_IN, MarkerItem, UnitItem, readable
from tabletop_gui.app.canvas.overlays import LABEL_IN
from tabletop_gui.app.canvas.view import Tool
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.geometry.outline import distance_to_point, unit_outline
from tabletop_gui.io import load_game
from tabletop_gui.play.measure import range_name

from .helpers import at, open_window


def drag(qtbot, window, a: tuple[float, float], b: tuple[float, float]) -> None:
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, *a))
    qtbot.mouseMove(viewport, at(window, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    qtbot.mouseMove(viewport, at(window, *b))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(window, *b))


@pytest.fixture
def carnevale(qtbot):
    path = str(SCENARIOS / "carnevale_drowned_quarter.json")
    return open_window(qtbot, load_game(path), path)


@pytest.fixture
def secure(qtbot):
    path = str(SCENARIOS / "t9a_frontline_clash_secure_target.json")
    return open_window(qtbot, load_game(path), path)


def label_boxes(window) -> dict[str, QRectF]:
    """Every unit name, marker caption and range caption as drawn at the view's zoom."""
    ppi = window.view.pixels_per_inch()
    boxes = {}
    for item in window.scene.pieces.values():
        if isinstance(item, UnitItem) and item.isVisible() and item.unit.name:
            w, h = text_size(item.unit.name, readable(NAME_IN * item.ts, ppi))
            c = item.pos() + item.name_at
            boxes[item.unit.name] = QRectF(c.x() - w / 2, c.y() - h / 2, w, h)
        elif isinstance(item, MarkerItem) and item.isVisible():
            w, h = text_size(item.caption, readable(items_module.NOTE_IN * item.ts, ppi))
            c = item.pos() + item.caption_at(item.caption_side, h, w)
            boxes[item.caption] = QRectF(c.x() - w / 2, c.y() - h / 2, w, h)
    for o in window.scene.overlay_items():
        circle = getattr(o, "circle", None)
        if circle is not None and o.show_label and circle.label:
            w, h = text_size(circle.label, readable(LABEL_IN * o.ts, ppi), bold=True)
            c = o.pos() + o.label_offset(w, h)
            boxes[circle.label] = QRectF(c.x() - w / 2, c.y() - h / 2, w, h)
    return boxes


def covered_by_measure(window, piece_id: str, marker_id: str) -> list[str]:
    """Measure from ``piece_id`` to ``marker_id`` with the mouse; the labels the
    measure's label covers."""
    scene = window.doc.state.scene
    a, b = scene.piece(piece_id), scene.piece(marker_id)
    window.view.set_tool(Tool.MEASURE)
    drag(window.qtbot, window, (a.x, a.y), (b.x, b.y))
    box = window.view.measure_item.label_box()
    assert window.scene.board_rect().adjusted(-1e-6, -1e-6, 1e-6, 1e-6).contains(box)
    return [name for name, r in label_boxes(window).items() if r.intersects(box)]


def test_measure_from_peasant_levy_to_the_board_centre_ends_at_the_centre_4_15_in(demo, qtbot):
    levy = demo.doc.state.scene.units["a-peasants"]
    demo.view.set_tool(Tool.MEASURE)
    drag(qtbot, demo, (levy.x, levy.y), (36.0, 24.0))
    expected = distance_to_point(unit_outline(levy), 36.0, 24.0)
    assert expected == pytest.approx(4.148, abs=1e-3)
    m = demo.view.measurement
    # Ends at the centre (the Knights 1.52 in away are not under the mouse).
    assert m.distance == pytest.approx(expected, abs=1e-9)
    assert m.b == pytest.approx((36.0, 24.0))
    assert demo.tools.measure_label.text().startswith("4.15 in to the centre point")


def test_measuring_musketeers_to_marshal_daun_on_the_hex_board_reads_3_hexes(qtbot):
    path = str(SCENARIOS / "hex_hochkirch_ridge_demo.json")
    window = open_window(qtbot, load_game(path), path)
    scene = window.doc.state.scene
    board = scene.board
    musk, daun = scene.units["b-musk"], scene.units["r-daun"]
    # Musketeers stand in hex F5 and Daun in hex g8: three rows up, and the
    # column step is taken by the rows' zigzag, so 3 hexes apart.
    assert board.hex_to_point((5, 4)) == pytest.approx((musk.x, musk.y))
    assert board.hex_to_point((6, 7)) == pytest.approx((daun.x, daun.y))
    window.view.set_tool(Tool.MEASURE)
    drag(qtbot, window, (musk.x, musk.y), (daun.x, daun.y))
    text = window.tools.measure_label.text()
    assert text.startswith("3 hexes (hex F5 to hex g8), ")
    assert f"{window.view.measurement.distance:.2f} in" in text  # the inches as well
    assert window.view.measure_item.lines[0].startswith("3 hexes (hex F5 to hex g8)")
    # Two neighbouring hexes: 1 hex.
    gren = scene.units["b-gren"]  # hex G5, next to the Musketeers
    drag(qtbot, window, (musk.x, musk.y), (gren.x, gren.y))
    assert window.tools.measure_label.text().startswith("1 hex (hex F5 to hex G5)")


def test_the_hippogriff_to_orcs_target_measure_names_secure_target(secure, qtbot):
    secure.qtbot = qtbot
    assert covered_by_measure(secure, "a-hippogriff", "st-b") == []
    text = secure.tools.measure_label.text()
    # 3.93 in (checked by hand), naming the rule's circle.
    assert text.startswith("3.93 in to the centre of Orcs' target, 2.07 in inside 6")
    assert text.endswith("2.07 in inside 6 (Secure Target: 6 in of Orcs' target)")


def test_the_secure_target_range_is_captioned_within_and_the_reading_names_it_without(secure):
    """The board's caption and ``score --json``'s label read 'within 6 in of';
    the measure, which says 'inside 6' already, names the range without it
    (docs/canvas.md, Measuring)."""
    board = secure.doc.scoreboard()
    labels = {h.label for r in board.results for h in r.highlights if h.kind == "circle"}
    assert "Secure Target: within 6 in of Orcs' target" in labels
    captions = {o.circle.label for o in secure.scene.overlay_items() if hasattr(o, "circle")}
    assert "Secure Target: within 6 in of Orcs' target" in captions
    assert range_name("Secure Target: within 6 in of Orcs' target") == (
        "Secure Target: 6 in of Orcs' target"
    )
    assert range_name("within 3 in") == "3 in"
    assert range_name("Sunken Relic: 3 in from the objective's edge") == (
        "Sunken Relic: 3 in from the objective's edge"
    )


@pytest.mark.parametrize("look_back", [None, 10])
def test_measuring_each_unit_to_orcs_target_covers_no_other_label(secure, qtbot, look_back):
    """Not over 'Knights of the Realm', nor, in look-back at event 10, over the
    range's caption 'Secure Target: within 6 in of Orcs' target'."""
    secure.qtbot = qtbot
    if look_back is not None:
        secure.doc.look_at(look_back)
        QApplication.processEvents()
    covered = {
        uid: covered_by_measure(secure, uid, "st-b")
        for uid, unit in secure.doc.state.scene.units.items()
        if unit.on_table
    }
    assert {uid: c for uid, c in covered.items() if c} == {}


def test_the_carnevale_measure_names_the_objective_it_measures_to(carnevale, qtbot):
    priest, relic = (carnevale.doc.state.scene.piece(i) for i in ("r-priest", "obj-relic"))
    carnevale.view.set_tool(Tool.MEASURE)
    drag(qtbot, carnevale, (priest.x, priest.y), (relic.x, relic.y))
    text = carnevale.tools.measure_label.text()
    assert "inside 3 (Sunken Relic: 3 in from the objective's edge)" in text
    # On the board, one line per part: the distance, then the rule's margin.
    lines = carnevale.view.measure_item.lines
    assert len(lines) == 2 and lines[1].endswith("(Sunken Relic: 3 in from the objective's edge)")

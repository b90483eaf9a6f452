"""The disputed-range report carries the rulings (docs/canvas.md, Rulings): the
target's arcs drawn to the board's edges, the charge's reach as a ruler, and the
family's ruling between two units in words, with the margin."""

from __future__ import annotations

import pytest
from core.ruling_games import arc_game, sight_game
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.ruling_items import REACH_COLOUR, SEEN_COLOUR, ArcsItem, RulingsLayer
from tabletop_gui.app.export.range_report import (
    Subject,
    _region,
    report_lines,
    show_rulings,
    uncropped,
    write_range_report,
)
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game
from tabletop_gui.model.annotations import Annotations, Ruler
from tabletop_gui.rules import evaluate, replay


def lines_of(game, subject: Subject) -> list[str]:
    state = replay(game.setup, list(game.events))
    return [t for t, _ in report_lines(state, evaluate(state), Annotations(), subject, (), "g")]


@pytest.mark.parametrize(("offset", "words"), [
    (0.01, "Ruling: Knights' front is in Orc Boyz's right flank arc, "
           "0.01 in from the front arc line"),
    (-0.01, "Ruling: Knights' front is in Orc Boyz's front arc, "
            "0.01 in from the right flank arc line"),
])  # fmt: skip
def test_the_report_on_a_charger_and_its_target_words_the_arc_with_its_margin(offset, words):
    found = lines_of(arc_game(offset), Subject(piece_id="orcs", charger_id="knights"))
    assert words in found
    assert any(line.startswith("Charge (measured only, no dice): ") for line in found)
    assert "Arcs of Orc Boyz: drawn to the board's edges" in found


def test_a_ruler_between_two_units_carries_the_same_ruling():
    ruler = Ruler("r", (0, 0), (0, 0), "knights", "orcs")
    found = lines_of(arc_game(0.01), Subject(ruler=ruler))
    assert any("right flank arc, 0.01 in from the front arc line" in line for line in found)


def test_the_report_says_a_target_behind_the_hill_is_not_seen():
    found = lines_of(sight_game(-0.01), Subject(piece_id="t", charger_id="d"))
    assert "Line of sight: Bowmen to Goblins: not seen: behind the Hill" in found


def picture(tmp_path, subject: Subject) -> QImage:
    game = arc_game(0.5)
    state = replay(game.setup, list(game.events))
    out = tmp_path / "report.png"
    write_range_report(str(out), state, Annotations(), subject)
    QApplication.processEvents()
    return QImage(str(out))


def pixels(image: QImage, rgb: int) -> int:
    return sum(1 for x in range(0, 1600, 2) for y in range(40, 1000, 2)
               if image.pixelColor(x, y).rgb() == rgb)  # fmt: skip


def test_the_reports_picture_draws_the_charge_ruler_and_the_arc_lines(qtbot, tmp_path):
    ruled = picture(tmp_path, Subject(piece_id="orcs", charger_id="knights"))
    plain = picture(tmp_path, Subject(ruler=Ruler("r", (36, 30), (36, 32))))
    assert pixels(ruled, REACH_COLOUR.rgb()) > 10
    assert pixels(plain, REACH_COLOUR.rgb()) == 0
    # The dashed arc lines (near black): many more than anything else drawn so.
    assert pixels(ruled, 0xFF1A1A1A) > 50 + pixels(plain, 0xFF1A1A1A)


def test_the_report_grows_its_picture_to_hold_each_arcs_name_it_cuts(qtbot):
    # The Wolf Riders charging the Orc Boyz on the demo board: the picture around
    # them cuts the Boyz' right flank arc's name at its left edge.
    game = load_game(str(DEMO_BOARD))
    state = replay(game.setup, list(game.events))
    subject = Subject(piece_id="b-boyz", charger_id="b-wolves")
    region = _region(state, Annotations(), subject)
    scene = BoardScene()
    scene.sync(state, evaluate(state))
    layer = RulingsLayer(scene, scene.bmap)
    show_rulings(layer, state, subject, 1600 / region.width())
    (arcs,) = [i for i in layer.items if isinstance(i, ArcsItem)]
    names = []
    for r in arcs.label_rects():
        (x0, y0), (x1, y1) = scene.bmap.to_board(r.topLeft()), scene.bmap.to_board(r.bottomRight())
        names.append(QRectF(QPointF(x0, y0), QPointF(x1, y1)).normalized())
    cut = [r for r in names if r.intersects(region) and not region.contains(r)]
    assert cut  # the region alone cuts a name
    grown = uncropped(scene, region)
    assert all(grown.contains(r) for r in cut)
    scene.clear()


def test_the_report_with_the_line_of_sight_on_lists_what_the_charger_sees_and_not():
    found = lines_of(sight_game(-0.01), Subject(piece_id="t", charger_id="d", sight=True))
    assert (
        "Line of sight of Bowmen (the region it sees washed yellow): sees no unit; "
        "not seen: Goblins (behind the Hill)"
    ) in found
    seen = lines_of(sight_game(0.01), Subject(piece_id="t", charger_id="d", sight=True))
    assert "Line of sight of Bowmen (the region it sees washed yellow): sees Goblins" in seen
    assert not any(line.startswith("Line of sight of") for line in lines_of(
        sight_game(0.01), Subject(piece_id="t", charger_id="d")))  # fmt: skip


def test_the_reports_picture_washes_the_region_the_charger_sees(qtbot, tmp_path):
    game = sight_game(0.01)
    state = replay(game.setup, list(game.events))
    out = []
    for sight in (False, True):
        path = tmp_path / f"report-{sight}.png"
        write_range_report(str(path), state, Annotations(),
                           Subject(piece_id="t", charger_id="d", sight=sight))  # fmt: skip
        QApplication.processEvents()
        out.append(QImage(str(path)))
    # The sight lines' green (SEEN_COLOUR) is drawn only with the line of sight.
    assert pixels(out[0], SEEN_COLOUR.rgb()) == 0
    assert pixels(out[1], SEEN_COLOUR.rgb()) > 10

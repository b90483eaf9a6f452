"""Rulings in the window (docs/canvas.md, Rulings): A draws the selected unit's
arcs to the board's edges, labelled; with another unit selected or dragged, the
status bar and the score panel say which arc of the target holds the centre of
its front, with the margin, live during the drag, and the charge's reach is drawn
as a ruler; L draws the region a unit sees and says which units it does not see
and why; Unit Spacing shows in the game log's flags. Boundary positions from
tests/core/ruling_games.py."""

from __future__ import annotations

import math
import re

import pytest
import shapely
from core.ruling_games import HILL, arc_game, game, rect_unit, round_game, sight_game, spacing_game
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas.drawing import label_rect
from tabletop_gui.app.canvas.ruling_items import ArcsItem, ReachItem, SightItem
from tabletop_gui.examples import DEMO_BOARD, SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model.events import MovePiece, TurnStart
from tabletop_gui.model.game import Game

from .helpers import at, open_window


def click(qtbot, window, x: float, y: float, ctrl: bool = False) -> None:
    mods = Qt.KeyboardModifier.ControlModifier if ctrl else Qt.KeyboardModifier.NoModifier
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, mods, at(window, x, y))
    QApplication.processEvents()


def key(qtbot, window, k: Qt.Key) -> None:
    qtbot.keyClick(window.view, k)
    QApplication.processEvents()


def drawn(window, kind: type) -> list:
    return [i for i in window.rulings.layer.items if isinstance(i, kind)]


def arcs_on_orcs_then_knights(qtbot, game):
    window = open_window(qtbot, game)
    click(qtbot, window, 36, 24)  # Orc Boyz
    key(qtbot, window, Qt.Key.Key_A)
    knights = window.doc.state.scene.units["knights"]
    click(qtbot, window, knights.x, knights.y)
    return window


def test_a_draws_the_selected_units_four_arcs_to_the_boards_edges_labelled(qtbot):
    window = open_window(qtbot, arc_game(0.01))
    click(qtbot, window, 36, 24)
    key(qtbot, window, Qt.Key.Key_A)
    assert window.rulings.arcs_action.isChecked()
    (item,) = drawn(window, ArcsItem)
    assert [name for name, _, _ in item.arcs.regions] == [
        "front", "right flank", "rear", "left flank"
    ]  # fmt: skip
    assert len(item.arcs.lines) == 4
    key(qtbot, window, Qt.Key.Key_A)
    assert not window.rulings.arcs_action.isChecked() and not drawn(window, ArcsItem)


def test_the_charges_reading_takes_the_size_of_a_zoom_once_it_rests(qtbot):
    """Zoomed in 3x with a charge shown, the charge's reading is drawn again for
    the new zoom: the board's size (readable there), not the size it had at
    the fitted zoom, which would fill the view (docs/canvas.md, Rulings)."""
    window = arcs_on_orcs_then_knights(qtbot, arc_game(0.01))
    (reach,) = drawn(window, ReachItem)
    window.view.zoom(3.0)
    ppi = window.view.pixels_per_inch()
    qtbot.waitUntil(lambda: drawn(window, ReachItem)[0].ppi == pytest.approx(ppi), timeout=2000)
    (reach,) = drawn(window, ReachItem)
    small = reach.LABEL_IN * window.scene.text_scale
    assert reach.size_in == pytest.approx(max(small, reach.READABLE_PX / ppi))


def test_a_charger_001_in_inside_the_flank_reads_right_flank_with_its_margin(qtbot):
    window = arcs_on_orcs_then_knights(qtbot, arc_game(0.01))
    words = "Knights' front is in Orc Boyz's right flank arc, 0.01 in from the front arc line"
    assert window.rulings.label.text().startswith(words)
    assert window.score_panel.ruling.isVisible()
    assert words in window.score_panel.ruling.text()
    (ruler,) = drawn(window, ReachItem)
    assert ruler.reach.arc == "right flank"


def test_a_charger_001_in_inside_the_front_reads_front_with_its_margin(qtbot):
    window = arcs_on_orcs_then_knights(qtbot, arc_game(-0.01))
    assert window.rulings.label.text().startswith(
        "Knights' front is in Orc Boyz's front arc, 0.01 in from the right flank arc line"
    )


def test_dragging_the_charger_across_the_arc_line_changes_the_ruling_live(qtbot):
    window = arcs_on_orcs_then_knights(qtbot, arc_game(-0.7))
    assert "front arc" in window.rulings.label.text()
    knights = window.doc.state.scene.units["knights"]
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, knights.x, knights.y))
    for i in range(1, 6):  # 1.4 in to the right: across the line into the flank arc
        qtbot.mouseMove(viewport, at(window, knights.x + 0.28 * i, knights.y))
    assert window.doc.provisional is not None  # mid-drag
    text = window.rulings.label.text()
    assert "right flank arc" in text and "from the front arc line" in text
    assert "right flank arc" in window.score_panel.ruling.text()
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton,
                       pos=at(window, knights.x + 1.4, knights.y))  # fmt: skip
    assert "right flank arc" in window.rulings.label.text()


def test_two_selected_units_are_ruled_between_without_the_arcs_drawn(qtbot):
    window = open_window(qtbot, arc_game(0.01))
    click(qtbot, window, 36, 24)
    knights = window.doc.state.scene.units["knights"]
    click(qtbot, window, knights.x, knights.y, ctrl=True)
    assert window.rulings.pair() == ("knights", "orcs")
    assert "right flank arc, 0.01 in" in window.rulings.label.text()
    assert not drawn(window, ArcsItem) and not drawn(window, ReachItem)
    subject = window.referee.report_subject()
    assert (subject.charger_id, subject.piece_id) == ("knights", "orcs")


def sight_window(qtbot, past: float):
    window = open_window(qtbot, sight_game(past))
    click(qtbot, window, 36, 10)  # the viewer
    key(qtbot, window, Qt.Key.Key_L)
    (item,) = drawn(window, SightItem)
    return item


def test_l_shows_a_target_001_in_short_of_the_line_past_the_hill_as_not_seen(qtbot):
    item = sight_window(qtbot, -0.01)
    assert [text for _, text in item.notes] == ["not seen: behind the Hill"]
    assert item.sight.target("t").blockers == ("hill",)
    assert not item.region.isEmpty()


def test_l_shows_a_target_001_in_past_the_hills_corner_as_seen_with_a_sight_line(qtbot):
    item = sight_window(qtbot, 0.01)
    assert item.sight.target("t").seen and len(item.seen) == 1 and not item.notes


def spacing_flags(qtbot, gap: float) -> list[int]:
    game = spacing_game(5.0)
    events = (TurnStart(1), TurnStart(1, "b"), MovePiece("b1", 36 + gap, 21))
    window = open_window(qtbot, Game(game.setup, events))
    return window.log_panel.flagged_rows()


def test_a_unit_moved_to_099_in_from_another_is_flagged_in_the_game_log(qtbot):
    assert spacing_flags(qtbot, 0.99) == [3]


def test_a_unit_moved_to_101_in_from_another_is_not_flagged(qtbot):
    assert spacing_flags(qtbot, 1.01) == []


def test_a_game_whose_rules_have_no_arcs_says_so_and_draws_none(qtbot):
    window = open_window(qtbot, load_game(SCENARIOS / "carnevale_drowned_quarter.json"))
    unit = next(iter(window.doc.state.scene.units.values()))
    click(qtbot, window, unit.x, unit.y)
    key(qtbot, window, Qt.Key.Key_A)
    assert not window.rulings.arcs_action.isChecked()
    assert "no arcs" in window.statusBar().currentMessage()


def test_a_on_a_round_base_says_it_has_no_arcs_and_a_charger_reads_no_arc(qtbot):
    window = open_window(qtbot, round_game())
    click(qtbot, window, 36, 20)  # the Shaman, on a round base
    key(qtbot, window, Qt.Key.Key_A)
    words = "Shaman is on a round base, which has no arcs: it sees all round"
    assert window.statusBar().currentMessage() == words
    assert not drawn(window, ArcsItem)
    click(qtbot, window, 41, 24.5, ctrl=True)  # the Knights
    assert window.rulings.label.text().startswith(words)
    assert words in window.score_panel.ruling.text()
    (ruler,) = drawn(window, ReachItem)
    assert ruler.reach.arc == ""
    # The Shaman stands to the Knights' right as they face -y: a right wheel.
    assert ruler.lines == ["Charge 7.80 in", "4.21 straight + 3.58 wheel (51° right)"]


def test_the_arcs_names_keep_clear_of_the_charge_ruler_its_units_and_the_boards_labels(qtbot):
    # On the demo board the Knights stand 4 in in front of the Orc Boyz: the
    # front arc's name would sit on the ruler between them and on the Hill's name.
    window = open_window(qtbot, load_game(str(DEMO_BOARD)))
    units = window.doc.state.scene.units
    click(qtbot, window, units["b-boyz"].x, units["b-boyz"].y)
    key(qtbot, window, Qt.Key.Key_A)
    click(qtbot, window, units["a-knights"].x, units["a-knights"].y, ctrl=True)
    (arcs,) = drawn(window, ArcsItem)
    (ruler,) = drawn(window, ReachItem)
    names = arcs.label_rects()
    assert len(names) == 4
    placer = window.scene.label_placer
    for box in names:
        assert not box.intersects(ruler.label_box()) and not box.intersects(ruler.line_rect())
        assert all(not box.intersects(r) for r in arcs.avoid)
        assert placer.free(box, None)
        assert arcs.boundingRect().contains(box)


def test_the_report_of_a_unit_whose_line_of_sight_is_shown_draws_it_too(qtbot):
    window = open_window(qtbot, sight_game(0.01))
    click(qtbot, window, 36, 10)  # the viewer
    assert not window.referee.report_subject().sight
    key(qtbot, window, Qt.Key.Key_L)
    subject = window.referee.report_subject()
    assert subject.piece_id == "d" and subject.sight


def test_the_charge_rulers_reading_stays_beside_its_line_in_a_crowded_centre(qtbot):
    # The demo's Knights dragged 10 in right past the Hill's crowd: the ruler to
    # the Boyz' left flank is short and every spot touching it covers something;
    # its reading stays against the line (or at an end), not across the board.
    window = open_window(qtbot, load_game(str(DEMO_BOARD)))
    units = window.doc.state.scene.units
    click(qtbot, window, units["b-boyz"].x, units["b-boyz"].y)
    key(qtbot, window, Qt.Key.Key_A)
    k = units["a-knights"]
    click(qtbot, window, k.x, k.y)
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, k.x, k.y))
    for i in range(1, 21):
        qtbot.mouseMove(viewport, at(window, k.x + 0.5 * i, k.y + 0.1 * i))
    (ruler,) = drawn(window, ReachItem)
    assert ruler.reach.arc == "left flank"
    # Beside the Boyz' left flank, not overlapping it straight ahead: a left wheel
    # then forward (docs/t9a.md, Charge reach (Charge Move)).
    assert ruler.lines[0].startswith("Charge ")
    assert re.fullmatch(r"\d+\.\d\d wheel \(\d+° left\) \+ \d+\.\d\d forward", ruler.lines[1])
    box = ruler.label_box()
    line = shapely.LineString([(ruler.a.x(), ruler.a.y()), (ruler.b.x(), ruler.b.y())])
    reading = shapely.box(box.left(), box.top(), box.right(), box.bottom())
    # Touching the line's slant, a wide reading's nearest corner may sit beyond
    # the short line's end, but never further than half the reading's width.
    assert reading.distance(line) < box.width() / 2
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(window, k.x + 10, k.y + 2))


def test_two_hidden_units_side_by_side_get_notes_that_do_not_cover_each_other(qtbot):
    window, item, boxes = bowmen_sight(
        qtbot,
        rect_unit("t1", "b", 26, 30, 28, 31, name="Goblins"),
        rect_unit("t2", "b", 28.5, 30, 30.5, 31, name="Wolves"),
    )
    assert [text for _, text in item.notes] == ["not seen: behind the Hill"] * 2
    assert not boxes[0].intersects(boxes[1])
    # Each note reads as its own unit's: its middle nearer its own unit than the
    # other, and neither covers a unit (the units are drawn over the notes).
    feet = [_footprint(window, uid) for uid in ("t1", "t2")]
    for i, box in enumerate(boxes):
        c = box.center()
        own, other = feet[i], feet[1 - i]
        assert _gap_to(c, own) < _gap_to(c, other), ("t1", "t2")[i]
        assert not any(box.intersects(fp) for fp in feet)


def bowmen_sight(qtbot, *targets):
    """The Bowmen's line of sight (L) to ``targets`` behind the Hill: the window,
    the sight item and its notes' boxes placed 0.45 in tall."""
    units = [rect_unit("d", "a", 28, 8, 30, 10, name="Bowmen"), *targets]
    window = open_window(qtbot, game(units, (HILL,)))
    click(qtbot, window, 29, 9)
    key(qtbot, window, Qt.Key.Key_L)
    (item,) = drawn(window, SightItem)
    boxes = [label_rect(text, at, 0.45) for at, text in item.placed_notes(0.45)]
    return window, item, boxes


def _footprint(window, uid: str):
    item = window.scene.pieces[uid]
    return item.path.boundingRect().translated(item.pos())


def _gap_to(p, r) -> float:
    dx = max(r.left() - p.x(), 0.0, p.x() - r.right())
    dy = max(r.top() - p.y(), 0.0, p.y() - r.bottom())
    return (dx * dx + dy * dy) ** 0.5


def test_a_hidden_unit_just_behind_another_gets_its_note_on_its_own_side(qtbot):
    """A Large unit stands just in front of a small one, both hidden behind a
    Hill: each note lies nearer its own unit than the other (not swapped: the
    small unit's note on the large one's body) and clear of both."""
    window, item, boxes = bowmen_sight(
        qtbot,
        rect_unit("big", "b", 27, 29, 29, 31, name="Varkolak"),
        rect_unit("small", "b", 27.6, 31.5, 28.4, 32.3, name="Count"),
    )
    assert len(item.notes) == 2
    feet = {uid: _footprint(window, uid) for uid in ("big", "small")}
    for uid, box in zip(item.note_units, boxes, strict=True):
        other = next(u for u in feet if u != uid)
        assert _gap_to(box.center(), feet[uid]) < _gap_to(box.center(), feet[other]), uid
        assert not any(box.intersects(fp) for fp in feet.values()), uid


def test_opening_another_game_leaves_no_arcs_of_the_last_one_on(qtbot, tmp_path, dialogs):
    """The new game has a unit of the same id (a file saved from the same set-up):
    the arcs drawn on the old game's unit must not come back on the new one's."""
    import json

    from tabletop_gui.io import dumps

    game = arc_game(0.01)
    window = open_window(qtbot, game)
    click(qtbot, window, 36, 24)
    key(qtbot, window, Qt.Key.Key_A)
    assert window.rulings.arcs_action.isChecked() and drawn(window, ArcsItem)
    other = tmp_path / "other.json"
    other.write_text(json.dumps(json.loads(dumps(game))), encoding="utf-8")
    assert window.files.open_path(str(other), ask=False)
    QApplication.processEvents()
    assert not window.rulings.arcs_action.isChecked()
    assert not drawn(window, ArcsItem) and window.rulings.label.text() == ""


def test_arc_names_along_a_battle_line_stand_clear_of_the_units_in_their_arc(qtbot):
    """A battle line 1 in apart fills both flank arcs for 30 in beside the middle
    unit: each arc's name moves out along its arc past the neighbours (the units
    are drawn over the names: one under a unit read "le…")."""
    line = [rect_unit(f"u{i}", "a", 3.5 + 5 * i, 20, 7.5 + 5 * i, 23, name=f"B{i}")
            for i in range(13)]  # fmt: skip
    window = open_window(qtbot, game(line))
    click(qtbot, window, 35.5, 21.5)  # the middle block
    key(qtbot, window, Qt.Key.Key_A)
    (item,) = drawn(window, ArcsItem)
    feet = [_footprint(window, u.id) for u in line]
    boxes = item.label_rects()
    assert len(boxes) == 4
    for (name, _, _), box in zip(item.arcs.regions, boxes, strict=True):
        assert not any(box.intersects(fp) for fp in feet), name


def test_the_demos_levy_to_wolf_riders_ruler_and_box_say_a_wheel_is_needed(qtbot):
    """The referee's trial (docs/t9a.md, Charge reach (Charge Move)): the Levy's
    front and the Wolf Riders' do not overlap sideways, so the window's ruler
    reads the wheel and the forward move (15.54 in), not the 13.55 in diagonal
    "square to it", and the rulings box says a wheel is needed. The ruler runs
    the path: the Levy's right front corner to the Wolf Riders' near corner."""
    window = open_window(qtbot, load_game(str(DEMO_BOARD)))
    units = window.doc.state.scene.units
    wolves, levy = units["b-wolves"], units["a-peasants"]
    click(qtbot, window, wolves.x, wolves.y)
    key(qtbot, window, Qt.Key.Key_A)
    click(qtbot, window, levy.x, levy.y)
    (ruler,) = drawn(window, ReachItem)
    assert ruler.lines == ["Charge 15.54 in", "1.99 wheel (29° right) + 13.55 forward"]
    box = window.score_panel.ruling.text()
    assert "not straight ahead: the fronts do not overlap; a wheel is needed" in box
    assert "square to it" not in box
    bmap = window.rulings.layer.bmap
    ends = [bmap.to_board(p) for p in (ruler.route[0], ruler.route[-1])]
    assert ends[0] == (pytest.approx(41 + 50 / 25.4), pytest.approx(19.2 + 50 / 25.4))
    assert ends[1] == (pytest.approx(52 - 62.5 / 25.4), pytest.approx(34 - 25 / 25.4))


def test_a_charge_ruler_with_a_wheels_arc_draws_the_arc_within_its_bounds(qtbot):
    """A path whose contact point swings through a wheel's arc (a quarter circle
    of radius 2 about (10, 10), then 3 in forward; docs/canvas.md, Rulings): the
    ruler is drawn along it, and what it paints holds every point of it."""
    from PySide6.QtWidgets import QGraphicsScene

    from tabletop_gui.app.canvas.drawing import BoardMap
    from tabletop_gui.app.canvas.ruling_items import RulingsLayer
    from tabletop_gui.rules.rulings import ChargeReach

    arc = [(10 + 2 * math.cos(math.radians(a)), 10 + 2 * math.sin(math.radians(a)))
           for a in range(0, 91, 10)]  # fmt: skip
    path = (*arc, (7.0, 12.0))
    reach = ChargeReach("k", "o", "front", 3.0, path[0], path[-1], 90.0, math.pi,
                        forward=3.0, straight_ahead=False, align=0.0, path=path)  # fmt: skip
    scene = QGraphicsScene()
    layer = RulingsLayer(scene, BoardMap(48))
    layer.show(game([]).setup.scene, None, None, reach, ["Charge 6.14 in"], 40.0)
    (ruler,) = [i for i in layer.items if isinstance(i, ReachItem)]
    assert [layer.bmap.to_board(p) for p in ruler.route] == [pytest.approx(p) for p in path]
    painted = ruler.line_rect()
    assert all(painted.contains(p) for p in ruler.route)

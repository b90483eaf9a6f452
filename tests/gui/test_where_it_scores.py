"""The "Where it scores" overlay in the window: W (or its toolbar button) shades
the regions the rules compute for the selected unit, keeps them while the unit
is dragged (the words follow it), recomputes them when it turns, and says why
where there is nowhere to count."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas.regions import RegionItem
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model import InchBoard, ObjectiveSpec, Scene, Setup, Side, Unit
from tabletop_gui.model.game import Game
from tabletop_gui.rules.engine import family_of, objectives_of, scoring_regions

from .helpers import at, open_window

A, B = "a", "b"


def game() -> Game:
    units = {
        "knights": Unit("knights", "Knights", A, 20, 10, base_width_mm=20, base_depth_mm=20,
                        models=20, models_per_rank=5),
        "orcs": Unit("orcs", "Orcs", B, 36, 28, base_width_mm=20, base_depth_mm=20,
                     models=20, models_per_rank=5),
    }  # fmt: skip
    scene = Scene(
        board=InchBoard(72, 48),
        sides=(Side(A, "Equitaine", "#0072b2"), Side(B, "Orcs", "#d55e00")),
        units=units,
    )
    objectives = (
        ObjectiveSpec("hold", "t9a.hold_the_ground"),
        ObjectiveSpec("flags", "t9a.capture_the_flags"),
    )
    return Game(Setup("t9a", scene, objectives=objectives))


def regions_of(window) -> list[RegionItem]:
    return [i for i in window.scene.items() if isinstance(i, RegionItem)]


def select(window, piece_id: str) -> None:
    window.scene.clearSelection()
    window.scene.pieces[piece_id].setSelected(True)
    QApplication.processEvents()


def test_w_shades_the_rules_region_and_says_how_far_short(qtbot):
    window = open_window(qtbot, game())
    select(window, "knights")
    assert not regions_of(window)
    qtbot.keyClick(window.view, Qt.Key.Key_W)
    assert window.tools.scores_action.isChecked()
    (item,) = regions_of(window)
    # The drawn path is the rules' shape: its bounds are the region's, to 0.01 in.
    (answer, _) = scoring_regions(window.doc.state, "knights")
    x0, y0, x1, y1 = answer.region.shape.bounds
    rect = item.path().boundingRect()
    h = window.scene.bmap.height
    assert (rect.left(), rect.right()) == pytest.approx((x0, x1), abs=0.01)
    assert (h - rect.bottom(), h - rect.top()) == pytest.approx((y0, y1), abs=0.01)
    assert item.contested  # the Orcs stand within 6 in of the centre now
    lines = window.tools.regions.lines(window.doc.state.scene.units["knights"])
    short = answer.region.distance(20, 10)
    assert lines == [
        f"Hold the Ground: {short:.2f} in short",
        "Capture the Flags: no positional part: it counts marked units removed as casualties",
    ]
    assert window.tools.regions_panel.isVisible()
    assert "Hold the Ground" in window.tools.regions_panel.text()


def test_the_words_panel_is_white_over_the_board_so_its_dark_text_reads(qtbot):
    """The panel sits on the board's view; the dark table around the board must
    not show through it (a style sheet had switched its fill off)."""
    window = open_window(qtbot, game())
    window.resize(1366, 768)
    select(window, "knights")
    qtbot.keyClick(window.view, Qt.Key.Key_W)
    panel = window.tools.regions_panel
    QApplication.processEvents()
    picture = window.view.grab().toImage()  # the panel is the view's child
    geo = panel.geometry()
    # Right of the longest line's words, inside the panel: only its background.
    x = geo.right() - 4
    colours = {picture.pixelColor(x, y).name() for y in range(geo.top() + 3, geo.bottom() - 3)}
    assert colours == {"#ffffff"}


def test_the_region_stays_while_the_unit_is_dragged_and_the_words_follow(qtbot):
    window = open_window(qtbot, game())
    select(window, "knights")
    window.tools.scores_action.trigger()
    (before,) = regions_of(window)
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, 20, 10))
    for i in range(1, 11):
        qtbot.mouseMove(viewport, at(window, 20 + 1.6 * i, 10 + 1.4 * i))
        QApplication.processEvents()
        assert regions_of(window) == [before]  # not rebuilt while dragging
    unit = window.doc.state.scene.units["knights"]
    assert (
        window.tools.regions.lines(unit)[0]
        == "Hold the Ground: within 6 in of the centre (Orcs: 1 Scoring Unit within 6 in now)"
    )
    cross = window.tools.regions.cross.pos()
    assert window.scene.bmap.to_board(cross) == pytest.approx((unit.x, unit.y))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(window, 36, 24))
    QApplication.processEvents()
    # Turned 45 degrees (Alt+R x 45 would do; R turns 15): a new region.
    window.edit.rotate_selected(45)
    QApplication.processEvents()
    (after,) = regions_of(window)
    assert after is not before
    assert after.path().boundingRect() != before.path().boundingRect()


def test_without_one_unit_selected_it_asks_for_one_and_off_it_clears(qtbot):
    window = open_window(qtbot, game())
    window.tools.scores_action.trigger()
    assert window.tools.regions_panel.text() == "Where it scores: select one unit on the board"
    select(window, "knights")
    assert regions_of(window)
    window.tools.scores_action.trigger()
    assert not regions_of(window) and not window.tools.regions_panel.isVisible()


@pytest.mark.parametrize(
    "example",
    [
        "t9a_frontline_clash_secure_target.json",
        "carnevale_drowned_quarter.json",
        "hex_hochkirch_ridge_demo.json",
    ],
)
def test_every_family_answers_for_each_objective(qtbot, example):
    window = open_window(qtbot, load_game(str(SCENARIOS / example)))
    unit = next(u for u in window.doc.state.scene.units.values() if not u.removed)
    select(window, unit.id)
    window.tools.scores_action.trigger()
    lines = window.tools.regions.lines(window.doc.state.scene.units[unit.id])
    state = window.doc.state
    active = [*objectives_of(state.setup), *family_of(state.setup).unlisted_objectives(state)]
    assert len(lines) == len(active) > 0
    assert regions_of(window), "at least one objective has somewhere to count"


def test_the_words_panel_wraps_within_part_of_the_view_and_keeps_off_the_unit(qtbot):
    """Carnevale gives seven long lines: the panel wraps them within 45% of the
    view's width, and moves to another corner when the dragged unit would go
    under it (the Capo dragged to the board's top right stayed hidden there)."""
    window = open_window(qtbot, load_game(SCENARIOS / "carnevale_drowned_quarter.json"))
    window.resize(1350, 720)
    select(window, "g-capo")
    qtbot.keyClick(window.view, Qt.Key.Key_W)
    panel, view = window.tools.regions_panel, window.view.viewport()
    assert panel.isVisible() and panel.width() <= 0.45 * view.width() + 1

    def on_view(rect):  # viewport pixels to the view's (the panel's parent's)
        return rect.translated(view.pos())

    assert all(label.height() >= label.heightForWidth(label.width()) for _, label in panel.rows)
    top_right = panel.geometry()
    capo = window.doc.state.scene.units["g-capo"]
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=at(window, capo.x, capo.y))
    for i in range(1, 11):  # towards the board's top right corner, under the panel
        qtbot.mouseMove(view, at(window, capo.x + 2.6 * i, capo.y + 2.8 * i))
    item = window.scene.piece_item("g-capo")
    unit_on_screen = on_view(window.view.mapFromScene(item.sceneBoundingRect()).boundingRect())
    assert top_right.intersects(unit_on_screen)  # the unit is where the panel was
    assert not panel.geometry().intersects(unit_on_screen)
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=at(window, capo.x + 26, capo.y + 28))
    # Deselected: the message goes back to the top right corner.
    window.scene.clearSelection()
    QApplication.processEvents()
    assert panel.geometry().topLeft() == top_right.topLeft()
    # Zoomed in and panned, the words stay in the view's corner.
    window.view.zoom(3.0)
    window.view.horizontalScrollBar().setValue(window.view.horizontalScrollBar().value() + 200)
    window.view.verticalScrollBar().setValue(window.view.verticalScrollBar().value() + 150)
    QApplication.processEvents()
    assert panel.geometry().topLeft() == top_right.topLeft()

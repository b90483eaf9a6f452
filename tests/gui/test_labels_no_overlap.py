"""No label covers another where they are drawn: every name, note and caption the
real streamer view (and the main window) paints, measured in the font it is
painted with, in view pixels.

The labels are caught as they are painted: ``draw_label`` in the item and
overlay modules is wrapped to record the text's box (its font's advance and
height, plus the background's pad, mapped by the painter's transform) and then
draws as before. Marker values and badge glyphs (drawn on their piece) are not
labels."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF, QSize
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas import items, overlays, unit_batch
from tabletop_gui.app.canvas.items import MarkerItem, PolygonItem, UnitItem, _note
from tabletop_gui.app.canvas.overlays import CircleOverlay
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model.hexgrid import HexBoard

from .helpers import open_window, streamer_at
from .label_spy import spy_on_labels

FILES = sorted(p.name for p in SCENARIOS.glob("*.json"))


@pytest.fixture
def painted(monkeypatch) -> list[tuple[str, QRectF]]:
    """(text, box in picture pixels) of every label painted (``label_spy``)."""
    return spy_on_labels(monkeypatch, (items, unit_batch, overlays))


def label_texts(scene) -> set[str]:
    """The texts that are labels: names, notes, captions, terrain/zone/overlay labels."""
    out: set[str] = set()
    for it in scene.pieces.values():
        if not it.isVisible():
            continue
        if isinstance(it, UnitItem):
            out |= {it.unit.name, _note(it.marks)}
        elif isinstance(it, MarkerItem):
            out.add(it.caption)
        elif isinstance(it, PolygonItem):
            out.add(it.label)
    for o in scene.overlay_items():
        if isinstance(o, CircleOverlay):
            if o.show_label:
                out.add(o.circle.label)
        elif getattr(o, "label_lines", ()):  # a caption drawn on two lines
            out |= set(o.label_lines)
        else:
            out.add(getattr(getattr(o, "mark", None) or getattr(o, "area", None), "label", ""))
    return out - {""}


def clashes(calls: list[tuple[str, QRectF]], texts: set[str]) -> list[tuple[str, str]]:
    # Half a pixel off each side: boxes that only share antialiased edge pixels do not clash.
    boxes = [(t, r.adjusted(0.5, 0.5, -0.5, -0.5)) for t, r in calls if t in texts]
    return [
        (a, b) for i, (a, ra) in enumerate(boxes) for b, rb in boxes[i + 1 :] if ra.intersects(rb)
    ]


@pytest.mark.parametrize("name", FILES)
def test_streamer_view_at_1920_by_1080_draws_no_label_over_another(qtbot, painted, name):
    path = str(SCENARIOS / name)
    window = open_window(qtbot, load_game(path), path)
    streamer = streamer_at(qtbot, window, 1920, 1080)
    painted.clear()
    streamer.view.viewport().grab()
    texts = label_texts(streamer.scene)
    drawn = {t for t, _ in painted if t in texts}
    assert drawn == texts, f"labels not drawn: {texts - drawn}"
    assert clashes(painted, texts) == []


@pytest.mark.parametrize("name", FILES)
def test_stream_picture_draws_no_label_over_another(qtbot, painted, name):
    """The PNG for streaming draws the same scene through ``paint_frame``."""
    path = str(SCENARIOS / name)
    window = open_window(qtbot, load_game(path), path)
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    painted.clear()
    streamer.frame(QSize(1920, 1080))
    texts = label_texts(streamer.scene)
    assert clashes(painted, texts) == []


@pytest.mark.parametrize("name", FILES)
def test_main_window_fitted_to_the_board_draws_no_label_over_another(qtbot, painted, name):
    path = str(SCENARIOS / name)
    window = open_window(qtbot, load_game(path), path)
    window.resize(1600, 950)
    QApplication.processEvents()
    window.view.fit_board()
    QApplication.processEvents()
    painted.clear()
    window.scene.keep_pictures(False)  # kept pictures would not paint their labels again
    window.view.viewport().grab()
    texts = label_texts(window.scene)
    drawn = {t for t, _ in painted if t in texts}
    assert drawn == texts, f"labels not drawn: {texts - drawn}"
    assert clashes(painted, texts) == []


def test_the_check_sees_labels_drawn_over_each_other(qtbot, painted):
    """The check can fail: with every name put back on its unit, the close
    Carnevale characters' names cover each other."""
    path = str(SCENARIOS / "carnevale_drowned_quarter.json")
    window = open_window(qtbot, load_game(path), path)
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    streamer.resize(1920, 1080)
    qtbot.waitExposed(streamer)
    QApplication.processEvents()
    for it in streamer.scene.pieces.values():
        if isinstance(it, UnitItem):
            it.move_name(QPointF(0, 0))
    streamer.scene.sync_batch()
    painted.clear()
    streamer.view.viewport().grab()
    assert clashes(painted, label_texts(streamer.scene))


@pytest.mark.parametrize("name", FILES)
def test_a_small_streamer_view_leaves_out_captions_rather_than_draw_them_over_others(
    qtbot, painted, name
):
    """At 640 x 360 a caption (a circle's, hex's, area's, terrain's or zone's)
    that would cover another label wherever it went is left out: no caption
    drawn covers another label, and every unit keeps its name (on the crowded
    Carnevale board two names may still touch: names are never left out), but
    on a hex board, where a name with no clear place beside its counter and
    role band gives way (docs/canvas.md, Labels on hex boards)."""
    path = str(SCENARIOS / name)
    window = open_window(qtbot, load_game(path), path)
    streamer = streamer_at(qtbot, window, 640, 360)
    assert streamer.scene.drop_crowded_labels
    painted.clear()
    streamer.view.viewport().grab()
    texts = label_texts(streamer.scene)
    drawn = {t for t, _ in painted if t in texts}
    names = {it.unit.name for it in streamer.scene.pieces.values()
             if isinstance(it, UnitItem) and it.isVisible() and it.unit.name}  # fmt: skip
    if not isinstance(streamer.scene.board, HexBoard):
        assert names <= drawn, f"names not drawn: {names - drawn}"
    notes = {_note(it.marks) for it in streamer.scene.pieces.values() if isinstance(it, UnitItem)}
    own = names | notes
    assert [c for c in clashes(painted, drawn) if not set(c) <= own] == []

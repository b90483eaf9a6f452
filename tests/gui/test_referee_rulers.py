"""The referee's rulers: measuring is a mode no drag or key can leave by accident
(the first Escape clears the line, the second leaves), so nothing in it moves a
piece; pinned rulers are annotations (one undo step each, saved with the game,
drawn in exports); range rings; the distance a dragged piece has moved.

The demo board after its log: Knights of the Realm at (33, 22), Peasant Levy at
(41, 19.2), Orc Boyz at (36, 30.5), the Duke at (36, 4)."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QInputDialog

from tabletop_gui.app.canvas.annotation_items import PinnedRulerItem, RingItem
from tabletop_gui.app.canvas.labels import box_to_segment
from tabletop_gui.app.canvas.view import Tool
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game, save_game

from .helpers import at, open_window

DEMO = SCENARIOS / "t9a_frontline_clash_demo.json"
KNIGHTS, PEASANTS, BOYZ = (33.0, 22.0), (41.0, 19.2), (36.0, 30.5)


@pytest.fixture
def demo_window(qtbot):
    return open_window(qtbot, load_game(DEMO))


def drag(qtbot, window, a, b, steps: int = 4) -> None:
    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=at(window, *a))
    for i in range(1, steps + 1):
        t = i / steps
        qtbot.mouseMove(vp, at(window, a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=at(window, *b))


def positions(window) -> dict[str, tuple[float, float, float]]:
    scene = window.doc.committed.scene
    out = {u.id: (u.x, u.y, u.facing) for u in scene.units.values()}
    out |= {m.id: (m.x, m.y, 0.0) for m in scene.markers.values()}
    return out


def test_no_sequence_of_keys_and_drags_in_measuring_mode_moves_a_piece(qtbot, demo_window):
    window, view = demo_window, demo_window.view
    before, log = positions(window), len(window.doc.timeline)
    # Select the Knights first: in measuring mode the keys that edit a selection
    # (R, Shift+R, Delete, Ctrl+D, S) must do nothing either.
    drag(qtbot, window, KNIGHTS, KNIGHTS, steps=1)
    assert window.scene.selected_ids() == ["a-knights"]
    qtbot.keyClick(view, Qt.Key.Key_M)
    keys = [
        (Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier),  # a line shown: clears it only
        (Qt.Key.Key_R, Qt.KeyboardModifier.NoModifier),
        (Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier),
        (Qt.Key.Key_Delete, Qt.KeyboardModifier.NoModifier),
        (Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier),
        (Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier),
    ]
    for key, mods in keys:
        drag(qtbot, window, KNIGHTS, (KNIGHTS[0] + 5, KNIGHTS[1] - 6))
        assert view.tool is Tool.MEASURE and view.measurement is not None
        drag(qtbot, window, PEASANTS, BOYZ)
        qtbot.keyClick(view, key, mods)
        assert view.tool is Tool.MEASURE
    # Escape with a line clears it and stays; the next drag still measures.
    drag(qtbot, window, BOYZ, (BOYZ[0] + 8, BOYZ[1]))
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert view.tool is Tool.MEASURE and view.measurement is None
    drag(qtbot, window, BOYZ, (BOYZ[0] + 8, BOYZ[1]))
    assert view.measurement is not None
    assert positions(window) == before
    assert len(window.doc.timeline) == log and window.doc.undo_stack.count() == 0
    # Two Escapes leave the mode: now a drag moves the piece (one undo step).
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert view.tool is Tool.SELECT
    drag(qtbot, window, BOYZ, (BOYZ[0] + 2, BOYZ[1]))
    assert positions(window)["b-boyz"][:2] == pytest.approx((BOYZ[0] + 2, BOYZ[1]), abs=0.1)


def test_a_refused_edit_in_measuring_mode_says_why(qtbot, demo_window):
    window, view = demo_window, demo_window.view
    drag(qtbot, window, KNIGHTS, KNIGHTS, steps=1)
    qtbot.keyClick(view, Qt.Key.Key_M)
    qtbot.keyClick(view, Qt.Key.Key_R)
    assert "measuring: the measure tool moves no piece" in window.statusBar().currentMessage()


def pin(qtbot, window, a, b) -> PinnedRulerItem:
    qtbot.keyClick(window.view, Qt.Key.Key_M)
    drag(qtbot, window, a, b)
    qtbot.keyClick(window.view, Qt.Key.Key_P)
    items = [i for i in window.scene.annotation_items if isinstance(i, PinnedRulerItem)]
    return items[-1]


def test_pinned_rulers_are_one_undo_step_each_and_removable_one_by_one(qtbot, demo_window):
    window = demo_window
    first = pin(qtbot, window, KNIGHTS, BOYZ)
    second = pin(qtbot, window, PEASANTS, BOYZ)
    notes = window.doc.annotations
    assert [r.id for r in notes.rulers] == ["ruler-1", "ruler-2"]
    assert notes.rulers[0].start_piece == "a-knights" and notes.rulers[0].end_piece == "b-boyz"
    assert first.lines[0] == "Knights of the Realm to Orc Boyz"
    assert second.lines[1].endswith(" in")
    assert window.view.measurement is None  # pinning takes the live line over
    assert len(window.doc.timeline) == len(load_game(DEMO).events)  # no event
    assert window.doc.dirty
    # Remove the first one alone: select it, Delete.
    window.scene.clearSelection()
    next(i for i in window.scene.annotation_items if getattr(i, "ruler", None)
     and i.ruler.id == "ruler-1").setSelected(True)  # fmt: skip
    qtbot.keyClick(window.view, Qt.Key.Key_Delete)
    assert [r.id for r in window.doc.annotations.rulers] == ["ruler-2"]
    window.doc.undo_stack.undo()
    assert [r.id for r in window.doc.annotations.rulers] == ["ruler-1", "ruler-2"]
    window.doc.undo_stack.undo()
    window.doc.undo_stack.undo()
    assert window.doc.annotations.rulers == ()
    assert not any(isinstance(i, PinnedRulerItem) for i in window.scene.annotation_items)


def test_a_pinned_ruler_follows_the_piece_it_is_pinned_to(qtbot, demo_window):
    window = demo_window
    pin(qtbot, window, KNIGHTS, BOYZ)
    before = window.scene.annotation_items[-1].lines[1]
    qtbot.keyClick(window.view, Qt.Key.Key_V)
    drag(qtbot, window, BOYZ, (BOYZ[0], BOYZ[1] + 3))
    after = next(i for i in window.scene.annotation_items if isinstance(i, PinnedRulerItem))
    d0, d1 = float(before.split(" in")[0]), float(after.lines[1].split(" in")[0])
    moved = window.doc.committed.scene.units["b-boyz"].y - BOYZ[1]
    assert moved == pytest.approx(3, abs=0.1)  # the bases overlap in x: straight up
    assert d1 == pytest.approx(d0 + moved, abs=0.011)


def test_pinned_rulers_and_rings_survive_save_and_reload_and_appear_in_exports(
    qtbot, demo_window, tmp_path
):
    window = demo_window
    pin(qtbot, window, KNIGHTS, BOYZ)
    qtbot.keyClick(window.view, Qt.Key.Key_V)
    window.referee.toggle_range_ring(["b-boyz"], 6.0)
    path = tmp_path / "ruled.json"
    window.doc.path = str(path)
    save_game(window.doc.game, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["annotations"]["rulers"][0]["start_piece"] == "a-knights"
    assert data["annotations"]["rings"] == [{"piece_id": "b-boyz", "radius": 6.0}]
    again = open_window(qtbot, load_game(path), str(path))
    assert again.doc.annotations == window.doc.annotations
    kinds = {type(i) for i in again.scene.annotation_items}
    assert kinds == {PinnedRulerItem, RingItem}
    # The export draws them: the PNG differs from one of the same game without them.
    with_png, without_png = tmp_path / "with.png", tmp_path / "without.png"
    again.exports.export(str(with_png))
    again.doc.set_annotations(type(again.doc.annotations)(), "clear")
    again.exports.export(str(without_png))
    a, b = QImage(str(with_png)), QImage(str(without_png))
    assert a.size() == b.size() and a != b


def test_a_range_ring_is_toggled_per_piece_and_reads_from_the_base(qtbot, demo_window):
    window = demo_window
    window.scene.clearSelection()
    window.scene.piece_item("b-boyz").setSelected(True)
    window.referee.toggle_range_ring(window.referee._selected_pieces(), 6.0)
    (ring,) = [i for i in window.scene.annotation_items if isinstance(i, RingItem)]
    assert ring.label == "6 in from Orc Boyz"
    # 6 in from a 4.92 in square base: 16.92 in across.
    assert ring.path.boundingRect().width() == pytest.approx(4.921 + 12, abs=0.02)
    assert window.doc.undo_stack.undoText() == "Range ring 6 in"
    window.referee.toggle_range_ring(["b-boyz"], 6.0)
    assert not any(isinstance(i, RingItem) for i in window.scene.annotation_items)
    assert window.doc.undo_stack.count() == 2
    # Taken away, it says so (the same key did both).
    assert window.doc.undo_stack.undoText() == "Range ring removed: 6 in"
    window.referee.toggle_range_ring(["b-boyz"], 6.0)
    window.referee.toggle_range_ring(["b-boyz", "a-knights", "b-giant"], 6.0)
    assert window.doc.undo_stack.undoText() == "Range ring 6 in: added to 2, removed from 1"


def test_dragging_a_piece_shows_how_far_it_has_moved_from_where_the_drag_began(qtbot, demo_window):
    window = demo_window
    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=at(window, *BOYZ))
    qtbot.mouseMove(vp, at(window, BOYZ[0] + 1, BOYZ[1]))
    qtbot.mouseMove(vp, at(window, BOYZ[0] + 3, BOYZ[1] + 4))
    readout = window.view.drag_readout
    assert readout.isVisible()
    (text,) = readout.lines
    assert text.startswith("moved ") and float(text.split()[1]) == pytest.approx(5.0, abs=0.1)
    assert window.tools.measure_label.text() == text  # the status bar reads it too
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=at(window, BOYZ[0] + 3, BOYZ[1] + 4))
    assert not readout.isVisible()


def test_the_stream_picture_shows_pinned_rulers_and_range_rings(qtbot, demo_window, tmp_path):
    from tabletop_gui.app.stream.png_output import StreamOutput

    window = demo_window
    output = StreamOutput(window.doc, tmp_path / "stream.png")
    plain = output.image()
    pin(qtbot, window, KNIGHTS, BOYZ)
    window.referee.toggle_range_ring(["b-wolves"], 6.0)
    ruled = output.image()
    kinds = {type(i) for i in output.scene.annotation_items}
    assert kinds == {PinnedRulerItem, RingItem}
    assert plain.size() == ruled.size() and plain != ruled
    output.stop()


def test_a_click_on_a_pinned_rulers_reading_selects_it_for_delete(qtbot, demo_window):
    window = demo_window
    item = pin(qtbot, window, KNIGHTS, BOYZ)
    # Wherever its reading went, put it over the Orc Boyz: a click there is
    # meant for the Orc Boyz (a trial's drag at a unit under a reading took the
    # reading); clicked again, it takes the ruler.
    item.centre = window.scene.piece_item("b-boyz").sceneBoundingRect().center()
    item.prepareGeometryChange()
    item._rect = item._rect.united(item.label_box())
    qtbot.keyClick(window.view, Qt.Key.Key_V)
    window.scene.clearSelection()
    centre = window.view.mapFromScene(item.label_box().center())
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    assert window.scene.selected_ids() == ["b-boyz"] and not item.isSelected()
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    assert item.isSelected() and window.scene.selected_ids() == []
    qtbot.keyClick(window.view, Qt.Key.Key_Delete)
    assert window.doc.annotations.rulers == ()
    assert "b-boyz" in window.doc.committed.scene.units  # the piece under it stays
    assert window.scene.selected_ids() == []


def test_a_ruler_note_typed_in_the_window_is_drawn_saved_and_one_undo_step(
    qtbot, demo_window, monkeypatch, tmp_path
):
    window = demo_window
    pin(qtbot, window, KNIGHTS, BOYZ)
    qtbot.keyClick(window.view, Qt.Key.Key_V)
    asked = []

    def answer(_parent, title, label, text=""):
        asked.append((title, label, text))
        return "  disputed\tcharge  ", True

    monkeypatch.setattr(QInputDialog, "getText", answer)
    qtbot.keyClick(window.view, Qt.Key.Key_N)  # no ruler selected: it says how
    assert not asked and "Select one pinned ruler" in window.statusBar().currentMessage()
    window.scene.clearSelection()
    window.scene.annotation_items[-1].setSelected(True)
    steps = window.doc.undo_stack.count()
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    assert asked == [
        ("Ruler note", "Note on the ruler Knights of the Realm to Orc Boyz (empty: none):", "")
    ]
    assert window.doc.annotations.rulers[0].note == "disputed charge"  # one line
    (item,) = [i for i in window.scene.annotation_items if isinstance(i, PinnedRulerItem)]
    assert item.lines[:2] == ["Knights of the Realm to Orc Boyz", "disputed charge"]
    assert window.doc.undo_stack.count() == steps + 1
    assert window.edit.undo_action.text().endswith("Note on ruler-1")
    path = tmp_path / "noted.json"
    save_game(window.doc.game, path)
    assert json.loads(path.read_text())["annotations"]["rulers"][0]["note"] == "disputed charge"
    window.doc.undo_stack.undo()
    assert window.doc.annotations.rulers[0].note == ""


def test_double_clicking_a_pinned_rulers_reading_asks_for_its_note(qtbot, demo_window, monkeypatch):
    window = demo_window
    pin(qtbot, window, KNIGHTS, BOYZ)
    qtbot.keyClick(window.view, Qt.Key.Key_V)
    monkeypatch.setattr(QInputDialog, "getText", lambda *_a, **_k: ("wheel first", True))
    item = next(i for i in window.scene.annotation_items if isinstance(i, PinnedRulerItem))
    spot = window.view.mapFromScene(item.mapToScene(item.label_box().center()))
    qtbot.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    assert window.doc.annotations.rulers[0].note == "wheel first"
    assert list(window.doc.timeline.events) == list(load_game(DEMO).events)  # no event


def test_the_inspector_says_what_a_selected_pinned_ruler_can_do(qtbot, demo_window):
    window = demo_window
    pin(qtbot, window, KNIGHTS, BOYZ)
    qtbot.keyClick(window.view, Qt.Key.Key_V)
    window.scene.clearSelection()
    assert window.inspector.title.text() == "Nothing selected"
    ruler = next(i for i in window.scene.annotation_items if isinstance(i, PinnedRulerItem))
    ruler.setSelected(True)
    assert window.inspector.title.text() == "A pinned ruler: N writes its note, Delete removes it"
    window.referee.toggle_range_ring(["b-boyz"], 3.0)  # a change refreshes the window: still said
    assert window.inspector.title.text() == "A pinned ruler: N writes its note, Delete removes it"


def test_a_note_looked_at_from_another_moment_says_which_moment_it_was_written_for(
    qtbot, demo_window, monkeypatch
):
    """A ruler follows its pieces to the moment shown, so its distance changes
    when the referee looks back; its note ('ruled 4.07') was written for one
    moment, and at any other the reading says which."""
    window = demo_window
    pin(qtbot, window, KNIGHTS, BOYZ)
    qtbot.keyClick(window.view, Qt.Key.Key_V)
    monkeypatch.setattr(QInputDialog, "getText", lambda *_a, **_k: ("ruled 4.07", True))
    window.scene.annotation_items[-1].setSelected(True)
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    present = len(window.doc.timeline.events)
    assert window.doc.annotations.rulers[0].at == present

    def reading() -> list[str]:
        items = window.scene.annotation_items
        return next(i for i in items if isinstance(i, PinnedRulerItem)).lines

    assert reading()[:2] == ["Knights of the Realm to Orc Boyz", "ruled 4.07"]
    assert not any("noted after" in line for line in reading())
    window.doc.look_at(11)
    assert reading()[2] == f"noted after event {present}; shown after event 11"
    window.doc.look_at(None)
    assert not any("noted after" in line for line in reading())


def test_an_event_that_moves_neither_end_leaves_a_noted_reading_undated(
    qtbot, demo_window, tmp_path
):
    """The trial's ruler: noted after one event, the next one (another unit
    moved) made the reading at the present, in the window and on the stream PNG,
    say "noted after event 1; shown after event 2" although it read the same
    distance. It says so only where the distance is not the one noted."""
    from tabletop_gui.app.stream.png_output import StreamOutput
    from tabletop_gui.model.events import MovePiece

    window = demo_window
    doc = window.doc
    pin(qtbot, window, KNIGHTS, BOYZ)
    present = len(doc.timeline.events)
    (ruler,) = doc.annotations.rulers
    doc.set_annotations(doc.annotations.with_note(ruler.id, "disputed charge", at=present), "N")
    output = StreamOutput(doc, tmp_path / "stream.png")

    def readings() -> list[list[str]]:
        output.image()
        return [
            next(i for i in items if isinstance(i, PinnedRulerItem)).lines
            for items in (window.scene.annotation_items, output.scene.annotation_items)
        ]

    try:
        archers = doc.state.scene.units["a-archers"]
        assert doc.commit([MovePiece("a-archers", archers.x + 2, archers.y)], "Move") is None
        for lines in readings():
            assert lines[:2] == ["Knights of the Realm to Orc Boyz", "disputed charge"]
            assert not any("noted after" in line for line in lines)
        boyz = doc.state.scene.units["b-boyz"]
        assert doc.commit([MovePiece("b-boyz", boyz.x, boyz.y + 2)], "Move") is None
        for lines in readings():  # the Boyz moved away: not the distance noted
            assert lines[2] == f"noted after event {present}; shown after event {present + 2}"
    finally:
        output.stop()


def test_a_pinned_readings_box_stands_by_its_line_or_is_tied_to_it(qtbot, demo_window):
    """Peasant Levy to the board's centre, pinned beside Knights of the Realm to
    Orc Boyz on the fitted demo: the readings are wider than the board's middle
    has room for. Each either touches its line (within its gap and a text line)
    or draws a leader from its line to its box, and none covers its own line (a
    trial found a reading four lines below its short line, tied to nothing)
    (docs/canvas.md, Measuring)."""
    window = demo_window
    scene = window.doc.state.scene
    levy, knights, boyz = (scene.units[u] for u in ("a-peasants", "a-knights", "b-boyz"))
    for a, b in (((knights.x, knights.y), (boyz.x, boyz.y)), ((levy.x, levy.y), (36.0, 24.0))):
        window.view.set_tool(Tool.MEASURE)
        drag(qtbot, window, a, b)
        qtbot.keyClick(window.view, Qt.Key.Key_P)
    QApplication.processEvents()
    items = [i for i in window.scene.items() if isinstance(i, PinnedRulerItem)]
    assert len(items) == 2
    for item in items:
        box = item.label_box()
        apart = box_to_segment(box.left(), box.top(), box.right(), box.bottom(),
                               item.a.x(), item.a.y(), item.b.x(), item.b.y())  # fmt: skip
        assert apart > 0, item.lines[0]
        _, _, line_h = item.text_block()
        if apart > item.GAP * window.scene.text_scale + line_h + 1e-6:
            assert item.leader is not None, item.lines[0]
            grown = box.adjusted(-1e-6, -1e-6, 1e-6, 1e-6)
            assert grown.contains(item.leader.p2()), item.lines[0]
        else:
            assert item.leader is None, item.lines[0]

"""Markers dropped from the palette: owned markers (Secure Target) take the palette's
Side, side-less ones stay side-less, and each gets a readable label."""

from __future__ import annotations

from tabletop_gui.app.panels.score_panel import COL_NAME

from .helpers import choose_side, drop, new_board


def test_a_secure_target_marker_dropped_from_the_palette_takes_the_palettes_side(qtbot):
    window = new_board(qtbot, "t9a/dawn_assault/t9a.secure_target")
    choose_side(window, "player-b")
    assert drop(window, window.palette_panel.mime_for("marker", "t9a-secure"), 36, 30)
    marker = next(
        m for m in window.doc.state.scene.markers.values() if m.kind == "t9a.secure_target"
    )
    assert marker.side == "player-b"
    inspector = window.inspector
    assert inspector.widgets["side"].currentText() == "Player B"
    # The score names the owner's marker instead of asking for one.
    reasons = " ".join(r.reason for r in window.doc.scoreboard().results)
    assert "has no owner" not in reasons


def test_a_secure_target_marker_placed_by_double_click_takes_the_side_too(qtbot):
    window = new_board(qtbot, "t9a/dawn_assault/t9a.secure_target")
    choose_side(window, "player-a")
    item = window.palette_panel.entry("marker", "t9a-secure")
    window.palette_panel.tree.itemDoubleClicked.emit(item, 0)
    markers = list(window.doc.state.scene.markers.values())
    assert [m.side for m in markers] == ["player-a"]


def test_spoils_of_war_and_plain_markers_stay_without_a_side(qtbot):
    window = new_board(qtbot, "t9a/frontline_clash/none")
    choose_side(window, "player-b")
    assert drop(window, window.palette_panel.mime_for("marker", "t9a-spoils"), 20, 24)
    assert drop(window, window.palette_panel.mime_for("marker", "plain"), 50, 24)
    sides = {m.kind: m.side for m in window.doc.state.scene.markers.values()}
    assert sides == {"t9a.spoils": None, "marker": None}


def test_a_carnevale_objective_dropped_from_the_palette_gets_a_readable_name(qtbot):
    window = new_board(qtbot, "carnevale")
    mime = window.palette_panel.mime_for("marker", "objective-hidden")
    assert drop(window, mime, 10, 18)
    assert drop(window, window.palette_panel.mime_for("marker", "objective-hidden"), 26, 18)
    assert drop(window, window.palette_panel.mime_for("marker", "objective"), 18, 10)
    labels = sorted(m.label for m in window.doc.state.scene.markers.values())
    assert labels == ["Hidden objective 1", "Hidden objective 2", "Objective 1"]
    names = [r.name for r in window.doc.scoreboard().results]
    assert "Hidden objective 1" in names and "objective-hidden" not in names
    panel = window.score_panel
    panel_text = " ".join(panel.cell(i, COL_NAME) for i in range(panel.table.rowCount() // 2))
    assert "Hidden objective 1" in panel_text and "objective-hidden" not in panel_text
    item = window.scene.pieces["objective-hidden"]
    assert item.caption.startswith("Hidden objective 1")
    assert window.inspector.title.text() == "Marker: Objective 1"
    assert window.doc.undo_stack.undoText() == "Place Objective 1"


def test_a_drop_from_the_palette_says_what_it_placed_and_how_to_undo_it(qtbot):
    """A marker, a terrain feature or a unit dropped (or double-clicked) says so
    in the status bar, as every other edit does (docs/canvas.md, The palette)."""
    window = new_board(qtbot, "t9a/dawn_assault/t9a.secure_target")
    bar = window.statusBar()
    choose_side(window, "player-b")
    assert drop(window, window.palette_panel.mime_for("marker", "t9a-secure"), 36, 30)
    assert bar.currentMessage() == "Place Player B's target (Ctrl+Z undoes it)"
    assert drop(window, window.palette_panel.mime_for("terrain", "rect"), 20, 24)
    assert bar.currentMessage() == "Place Building (Rectangle 6×4 in) (Ctrl+Z undoes it)"
    # A second one is told apart by its name (a King of the Hill pick names it).
    assert drop(window, window.palette_panel.mime_for("terrain", "rect"), 50, 24)
    assert bar.currentMessage() == "Place Building 2 (Rectangle 6×4 in) (Ctrl+Z undoes it)"
    names = sorted(t.name for t in window.doc.state.scene.terrain.values())
    assert names.count("Building") == 1 and "Building 2" in names
    item = window.palette_panel.entry("marker", "plain")
    window.palette_panel.tree.itemDoubleClicked.emit(item, 0)
    assert bar.currentMessage() == "Place Plain marker (Ctrl+Z undoes it)"
    window.edit.undo_action.trigger()
    assert bar.currentMessage() == "Undone: Place Plain marker (Ctrl+Shift+Z redoes it)"

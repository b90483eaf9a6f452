"""A Secure Target marker is called after its owner ('Player A's target') and
follows an owner change made in the Inspector."""

from __future__ import annotations

from .helpers import drop, new_board


def secure_markers(window):
    return [m for m in window.doc.state.scene.markers.values() if m.kind == "t9a.secure_target"]


def test_a_dropped_secure_target_marker_is_called_its_owners_target(qtbot):
    window = new_board(qtbot, "t9a/dawn_assault/t9a.secure_target")
    side_box = window.palette_panel.side_box
    side_box.setCurrentIndex(side_box.findData("player-a"))
    assert drop(window, window.palette_panel.mime_for("marker", "t9a-secure"), 30, 30)
    assert drop(window, window.palette_panel.mime_for("marker", "t9a-secure"), 42, 30)
    side_box.setCurrentIndex(side_box.findData("player-b"))
    assert drop(window, window.palette_panel.mime_for("marker", "t9a-secure"), 36, 20)
    labels = [m.label for m in secure_markers(window)]
    assert labels == ["Player A's target", "Player A's target 2", "Player B's target"]
    # The Inspector's header and the board's caption read the label, not the id.
    assert window.inspector.title.text() == "Marker: Player B's target"
    item = window.scene.pieces[secure_markers(window)[-1].id]
    assert "Player B's target" in item.toolTip()
    # The rule's reason lines name it the same way.
    reasons = " ".join(r.reason for r in window.doc.scoreboard().results)
    assert "t9a-secure" not in reasons


def test_a_target_given_to_the_other_side_in_the_inspector_is_renamed_with_it(qtbot):
    window = new_board(qtbot, "t9a/dawn_assault/t9a.secure_target")
    side_box = window.palette_panel.side_box
    side_box.setCurrentIndex(side_box.findData("player-a"))
    assert drop(window, window.palette_panel.mime_for("marker", "t9a-secure"), 30, 30)
    combo = window.inspector.widgets["side"]
    combo.setCurrentIndex(combo.findData("player-b"))
    combo.activated.emit(combo.currentIndex())
    (marker,) = secure_markers(window)
    assert (marker.side, marker.label) == ("player-b", "Player B's target")
    window.inspector.edit("label", "Ford")  # a label the user typed stays
    combo.setCurrentIndex(combo.findData("player-a"))
    combo.activated.emit(combo.currentIndex())
    (marker,) = secure_markers(window)
    assert (marker.side, marker.label) == ("player-a", "Ford")

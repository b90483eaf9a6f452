"""A marker a unit carries (a Spoils of War marker) goes where its carrier goes:
dragged alone it is refused with the reason; dragged with its carrier (Select
all) the carrier moves and the marker with it (docs/canvas.md, Editing)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game

from .helpers import open_window


@pytest.fixture
def window(qtbot):
    # The bundled game ends with units carrying Spoils markers.
    return open_window(qtbot, load_game(SCENARIOS / "t9a_refused_flank_spoils_of_war.json"))


def carried(window):
    scene = window.doc.state.scene
    marker = next(m for m in scene.markers.values() if m.carried_by in scene.units)
    return marker, scene.units[marker.carried_by]


def test_a_carried_marker_dragged_alone_is_refused_and_nothing_is_logged(window):
    marker, carrier = carried(window)
    events = len(window.doc.timeline)
    why = window.view.editor.commit_move([marker.id], 2.0, 0.0)
    QApplication.processEvents()
    assert why == f"{marker.label} is carried by {carrier.name}: it moves with its carrier"
    assert len(window.doc.timeline) == events
    assert window.statusBar().currentMessage() == f"Refused: {why}"


def test_a_carried_marker_dragged_with_its_carrier_lets_the_carrier_move(window):
    marker, carrier = carried(window)
    assert window.view.editor.commit_move([carrier.id, marker.id], 2.0, 0.0) is None
    scene = window.doc.state.scene
    assert scene.units[carrier.id].x == pytest.approx(carrier.x + 2.0)
    assert scene.markers[marker.id].carried_by == carrier.id
    assert window.doc.timeline.events[-1].piece_id == carrier.id

"""A unit's name reads as its own: not off a corner of its unit right under (or
over, or beside) the next unit, and, where it is tied to its unit by a leader
line, not by another unit (docs/canvas.md, Overlays: what the colours and lines
mean).

A The Ninth Age referee's trial with a real mouse (Counterthrust, Secure
Target): at set-up "Peasant Levy" stood off the Levy's corner right under the
Duke; after a list was imported mid-game, "Knights Forlorn" sat directly above
the Questing Hermitz block (which has its own name below it), a tiny tick to
its unit, while its own unit had room by it; on the stream "Knights of the
Realm" sat right under the Men-at-Arms."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.items import UnitItem
from tabletop_gui.io import load_game

from .helpers import open_window, streamer_at

GAME = Path(__file__).parent / "games" / "counterthrust_disputed_charge.json"
#: Set-up, the seven units placed; Game Turn 4; Game Turn 6, two units imported.
SET_UP, TURN_4, IMPORTED = 7, 44, 62


def gap(a: QRectF, b: QRectF) -> float:
    dx = max(b.left() - a.right(), 0.0, a.left() - b.right())
    dy = max(b.top() - a.bottom(), 0.0, a.top() - b.bottom())
    return math.hypot(dx, dy)


def beside(r: QRectF, f: QRectF) -> bool:
    """Whether ``f`` lies above, below or beside ``r`` (their spans overlap)."""
    across = f.left() < r.right() and r.left() < f.right()
    down = f.top() < r.bottom() and r.top() < f.bottom()
    return across or down


def misread(scene: BoardScene, ppi: float) -> list[str]:
    """The names (as drawn at ``ppi``) that read as another unit's: of the units
    above, below or beside the middle half of the name (else of all), the
    nearest edge to edge is not its own; or, tied to its unit by a leader line,
    within half a text line of another unit."""
    units = [it for it in scene.pieces.values()
             if isinstance(it, UnitItem) and it.isVisible() and it.unit.name]  # fmt: skip
    feet = {u: u.path.boundingRect().translated(u.pos()) for u in units}
    wrong = []
    for u in units:
        box = u.name_box(ppi)
        assert not box.isEmpty(), u.unit.name
        if u.name_leader is not None:
            line = box.height() / (2 if u.note() else 1)
            near = [o.unit.name for o, f in feet.items() if o is not u and gap(box, f) < line / 2]
            wrong += [f"{u.unit.name} (tied by a line) by {n}" for n in near]
            continue
        w, h = box.width() / 4, box.height() / 4
        middle = box.adjusted(w, h, -w, -h)
        facing = [o for o, f in feet.items() if beside(middle, f)] or list(feet)
        nearest = min(facing, key=lambda o: gap(box, feet[o]))
        if u not in facing or gap(box, feet[nearest]) < gap(box, feet[u]) - 1e-6:
            wrong.append(f"{u.unit.name} reads as {nearest.unit.name}'s")
    return wrong


def window_at(qtbot, events: int):
    window = open_window(qtbot, load_game(GAME).truncated(events))
    window.resize(1600, 1000)
    QApplication.processEvents()
    window.view.fit_board()
    QApplication.processEvents()
    return window


@pytest.mark.parametrize("events", [SET_UP, TURN_4, IMPORTED])
def test_the_windows_names_read_as_their_own_units(qtbot, events):
    window = window_at(qtbot, events)
    assert misread(window.scene, window.view.pixels_per_inch()) == []


def test_an_imported_units_name_stands_by_its_own_unit(qtbot):
    window = window_at(qtbot, IMPORTED)
    forlorn = window.scene.pieces["player-a-knights-forlorn"]
    hermitz = window.scene.pieces["player-a-questing-hermitz"]
    box = forlorn.name_box(window.view.pixels_per_inch())
    own = forlorn.path.boundingRect().translated(forlorn.pos())
    other = hermitz.path.boundingRect().translated(hermitz.pos())
    assert gap(box, own) < gap(box, other)
    assert beside(box, own)  # above, below or beside it, not off a corner


@pytest.mark.parametrize("size", [(800, 450), (960, 540), (1280, 720)])
@pytest.mark.parametrize("events", [SET_UP, TURN_4, IMPORTED])
def test_the_streams_names_read_as_their_own_units(qtbot, events, size):
    window = window_at(qtbot, events)
    streamer = streamer_at(qtbot, window, *size)
    assert misread(streamer.scene, streamer.scene.label_ppi) == []

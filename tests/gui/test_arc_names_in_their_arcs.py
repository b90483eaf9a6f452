"""A unit's arcs' names stand wholly inside their arcs and are drawn above the
rings (docs/canvas.md, Rulings). A referee's trial on the bundled demo at its
end: the Orc Boyz' arcs (A) with the Knights of the Realm as charger put "front
arc" across the line between the front and the left flank arcs, under the Hold
the Ground circle's ring, which cut its last letter ("front ar")."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas import overlays, ruling_items
from tabletop_gui.app.canvas.items import UnitItem
from tabletop_gui.app.canvas.overlays import CircleOverlay
from tabletop_gui.app.canvas.ruling_items import ArcsItem
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game

from .helpers import at, open_window
from .label_spy import spy_on_labels

NAMES = {"front arc", "left flank arc", "right flank arc", "rear arc"}
CAPTION = "Hold the Ground: 6 in of the centre"


def click(qtbot, window, x: float, y: float) -> None:
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at(window, x, y))
    QApplication.processEvents()


def test_the_arcs_names_stand_inside_their_arcs_above_the_ring_clear_of_its_caption(
    qtbot, monkeypatch
):
    painted: list[tuple[str, QRectF]] = spy_on_labels(monkeypatch, (ruling_items, overlays))
    window = open_window(qtbot, load_game(str(DEMO_BOARD)))
    window.resize(1600, 1000)
    QApplication.processEvents()
    window.view.fit_board()
    units = window.doc.state.scene.units
    click(qtbot, window, units["b-boyz"].x, units["b-boyz"].y)
    qtbot.keyClick(window.view, Qt.Key.Key_A)
    QApplication.processEvents()
    click(qtbot, window, units["a-knights"].x, units["a-knights"].y)
    (arcs,) = [i for i in window.rulings.layer.items if isinstance(i, ArcsItem)]
    # Each name wholly inside its own arc, not across the line into the next.
    for (name, path, _), box in zip(arcs.paths, arcs.label_rects(), strict=True):
        assert path.contains(box), name
    painted.clear()
    window.scene.keep_pictures(False)  # kept pictures would not paint their labels again
    window.view.viewport().grab()
    boxes = {text: box for text, box in painted if text in NAMES | {CAPTION}}
    assert set(boxes) == NAMES | {CAPTION}
    assert [n for n in NAMES if boxes[n].intersects(boxes[CAPTION])] == []
    # Drawn above every ring (and every other overlay's line), below the pieces.
    scene = window.scene
    rings = [o.zValue() for o in scene.overlay_items() if isinstance(o, CircleOverlay)]
    pieces = [it.zValue() for it in scene.pieces.values() if isinstance(it, UnitItem)]
    assert rings and pieces
    assert max(rings) < arcs.label_item.zValue() < min(pieces)
    assert arcs.label_item.scene() is scene

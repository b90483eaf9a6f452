"""Labels placed clear of each other (finding 12): the overlaps a new user found
in the bundled files, measured on the items' label boxes (largest drawn size)."""

from __future__ import annotations

from PySide6.QtCore import QRectF

from tabletop_gui.app.canvas.drawing import text_size
from tabletop_gui.app.canvas.items import MAX_LABEL_SCALE, NAME_IN, NOTE_IN
from tabletop_gui.app.canvas.overlays import NOTE_LABEL_IN
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game

from .helpers import open_window, streamer_at


def name_box(window, unit_id: str) -> QRectF:
    item = window.scene.piece_item(unit_id)
    tw, th = text_size(item.unit.name, NAME_IN * window.scene.text_scale * MAX_LABEL_SCALE)
    c = item.pos() + item.name_at
    return QRectF(c.x() - tw / 2, c.y() - th / 2, tw, th)


def caption_box(window, marker_id: str) -> QRectF:
    item = window.scene.piece_item(marker_id)
    tw, th = text_size(item.caption, NOTE_IN * window.scene.text_scale * MAX_LABEL_SCALE)
    c = item.pos() + item.caption_at(item.caption_side, th, tw)
    return QRectF(c.x() - tw / 2, c.y() - th / 2, tw, th)


def disc(window, marker_id: str) -> QRectF:
    item = window.scene.piece_item(marker_id)
    r = item.radius
    return QRectF(-r, -r, 2 * r, 2 * r).translated(item.pos())


def overlay_box(window, text: str) -> QRectF:
    for o in window.scene.overlay_items():
        label = getattr(getattr(o, "mark", None) or getattr(o, "area", None), "label", "")
        if label == text:
            tw, th = text_size(text, NOTE_LABEL_IN * window.scene.text_scale * MAX_LABEL_SCALE,
                               bold=True)  # fmt: skip
            c = o.label_at
            return QRectF(c.x() - tw / 2, c.y() - th / 2, tw, th)
    raise KeyError(text)


def test_rooftop_runner_s_name_is_not_under_the_bridge_bell(qtbot):
    path = str(SCENARIOS / "carnevale_drowned_quarter.json")
    window = open_window(qtbot, load_game(path), path)
    runner = next(u.id for u in window.doc.state.scene.units.values() if u.name == "Rooftop Runner")
    bell = next(m.id for m in window.doc.state.scene.markers.values() if m.label == "Bridge Bell")
    name = name_box(window, runner)
    assert not name.intersects(disc(window, bell))
    assert not name.intersects(caption_box(window, bell))


def test_marker_captions_and_unit_names_do_not_overlap_on_the_carnevale_board(qtbot):
    path = str(SCENARIOS / "carnevale_drowned_quarter.json")
    window = open_window(qtbot, load_game(path), path)
    scene = window.doc.state.scene
    names = {u.id: name_box(window, u.id) for u in scene.units.values() if u.on_table}
    captions = {m.id: caption_box(window, m.id) for m in scene.markers.values()}
    boxes = list(names.items()) + list(captions.items())
    clashes = [(a, b) for i, (a, ra) in enumerate(boxes) for b, rb in boxes[i + 1:]
               if ra.intersects(rb)]  # fmt: skip
    assert clashes == []


def test_hex_labels_clear_of_unit_names_and_inside_the_board(qtbot):
    path = str(SCENARIOS / "hex_hochkirch_ridge_demo.json")
    window = open_window(qtbot, load_game(path), path)
    ridge = overlay_box(window, "Ridge (majority)")
    assert not ridge.intersects(name_box(window, "b-musk"))
    board = window.scene.board_rect()
    exits = overlay_box(window, "Breakthrough: Prussia exits here")
    assert board.left() <= exits.left() and exits.right() <= board.right()


def test_labels_stay_put_during_a_drag_and_settle_on_release(qtbot):
    """Moving labels on every mouse move would repaint the board: they are placed
    again once the move is committed."""
    from PySide6.QtCore import Qt

    from .helpers import at

    path = str(SCENARIOS / "carnevale_drowned_quarter.json")
    window = open_window(qtbot, load_game(path), path)
    scene = window.doc.state.scene
    bell = next(m for m in scene.markers.values() if m.label == "Bridge Bell")
    capo = next(u for u in scene.units.values() if u.name == "Guild Capo")
    before = window.scene.piece_item(capo.id).name_at
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, capo.x, capo.y))
    qtbot.mouseMove(viewport, at(window, capo.x + 2, capo.y))
    qtbot.mouseMove(viewport, at(window, bell.x + 0.2, bell.y + 2.5))
    assert window.scene.piece_item(capo.id).name_at == before
    qtbot.mouseRelease(
        viewport, Qt.MouseButton.LeftButton, pos=at(window, bell.x + 0.2, bell.y + 2.5)
    )
    boxes = [name_box(window, u.id) for u in window.doc.state.scene.units.values() if u.on_table]
    mine = name_box(window, capo.id)
    assert sum(mine.intersects(b) for b in boxes) == 1  # only itself


def test_a_marker_at_the_boards_edge_keeps_its_caption_on_the_board(qtbot):
    """A marker's caption goes below it, else above, right or left: of the sides
    on the board (docs/canvas.md, Overlays: what the colours and lines mean).
    Markers a hair inside each edge, with a long label, printed their captions
    past the edge, over the axis numbers."""
    from tabletop_gui.model import InchBoard, Marker, Scene, Setup, Side
    from tabletop_gui.model.game import Game

    label = "Ancient Shrine of the Drowned King"
    places = {"top": (36.0, 47.4), "bottom": (36.0, 0.6), "left": (0.6, 24.0),
              "right": (71.4, 24.0), "corner": (71.4, 0.6)}  # fmt: skip
    markers = {k: Marker(k, "marker", x, y, label=label) for k, (x, y) in places.items()}
    scene = Scene(board=InchBoard(72, 48), sides=(Side("a", "A", "#0072b2"),
                  Side("b", "B", "#d55e00")), markers=markers)  # fmt: skip
    window = open_window(qtbot, Game(Setup("t9a", scene)))
    board = window.scene.board_rect()
    off = [k for k in places if not board.contains(caption_box(window, k))]
    assert off == []


def test_a_carrier_shows_under_its_name_what_carrying_means(qtbot, monkeypatch):
    """docs/carnevale.md (Carrying): "The carrier is shown with a
    `carried` highlight labelled 'Move actions only'": the label was in the
    highlight (and the JSON) but never drawn; the board showed the name alone."""
    from tabletop_gui.app.canvas import items, overlays, unit_batch
    from tabletop_gui.model.game import Game

    from .label_spy import spy_on_labels

    painted = spy_on_labels(monkeypatch, (items, unit_batch, overlays))
    game = load_game(SCENARIOS / "carnevale_drowned_quarter.json")
    window = open_window(qtbot, Game(game.setup, game.events[:5]))  # the Cutpurse carries
    assert window.doc.state.scene.markers["obj-chest"].carried_by == "g-cutpurse"
    streamer = streamer_at(qtbot, window, 1920, 1080)
    painted.clear()
    streamer.view.viewport().grab()
    texts = [t for t, _r in painted]
    assert "Cutpurse" in texts and "Move actions only" in texts

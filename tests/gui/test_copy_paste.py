"""Copy and paste of pieces: Ctrl+C copies the selection, Ctrl+V places it again
at the cursor, the group keeping its shape, as one undo step; a paste of
something else changes nothing and says so."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QCursor, QGuiApplication
from PySide6.QtWidgets import QApplication

from .helpers import drop, new_board


def select(window, ids) -> None:
    window.scene.clearSelection()
    for pid in ids:
        window.scene.pieces[pid].setSelected(True)
    QApplication.processEvents()


def test_copied_units_paste_at_the_cursor_as_one_undo_step(qtbot):
    window = new_board(qtbot, "t9a/frontline_clash/t9a.hold_the_ground")
    pal = window.palette_panel
    assert drop(window, pal.mime_for("unit", "t9a-25x25"), 20.0, 10.0)
    assert drop(window, pal.mime_for("unit", "t9a-25x25"), 26.0, 10.0)
    first, second = window.doc.state.scene.units.values()
    select(window, [first.id, second.id])
    qtbot.keyClick(window.view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    steps = window.doc.undo_stack.count()
    # The mouse over the board at (40, 30): Ctrl+V puts the pair's centre there.
    QCursor.setPos(window.view.viewport().mapToGlobal(window.view.viewport_pos(40.0, 30.0)))
    x, y = window.edit.paste_point()
    if (x, y) == window.doc.state.scene.board.centre:  # no pointer offscreen
        pytest.skip("the platform has no cursor to paste at")
    qtbot.keyClick(window.view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    QApplication.processEvents()
    units = list(window.doc.state.scene.units.values())
    assert len(units) == 4 and window.doc.undo_stack.count() == steps + 1
    a, b = sorted(units[2:], key=lambda u: u.x)
    half = (second.x - first.x) / 2  # the pair keeps its spacing about the cursor
    assert (a.x, a.y) == pytest.approx((x - half, y - (second.y - first.y) / 2), abs=1e-6)
    assert (b.x, b.y) == pytest.approx((x + half, y + (second.y - first.y) / 2), abs=1e-6)
    # 'Player A unit 1' and '... 2' copied: the next numbers free.
    assert (first.name, second.name) == ("Player A unit 1", "Player A unit 2")
    assert (a.name, b.name) == ("Player A unit 3", "Player A unit 4")
    assert set(window.scene.selected_ids()) == {a.id, b.id}
    assert window.statusBar().currentMessage() == "Pasted 2 pieces (Ctrl+Z undoes it)"
    window.edit.undo_action.trigger()
    assert len(window.doc.state.scene.units) == 2


def test_a_paste_keeps_the_shape_of_terrain_and_markers_and_snaps_on_hexes(qtbot):
    window = new_board(qtbot, "hex")
    pal = window.palette_panel
    board = window.doc.state.scene.board
    x0, y0 = board.hex_to_point((2, 2))
    assert drop(window, pal.mime_for("unit", "hex-infantry"), x0, y0)
    (unit,) = window.doc.state.scene.units.values()
    select(window, [unit.id])
    assert window.edit.copy_selected()
    target = board.hex_to_point((6, 4))
    (new,) = window.edit.paste((target[0] + 0.2, target[1] - 0.1))
    pasted = window.doc.state.scene.units[new]
    assert (pasted.x, pasted.y) == pytest.approx(target)


def test_pasting_anything_else_changes_nothing_and_says_so(qtbot):
    window = new_board(qtbot, "t9a/frontline_clash/t9a.hold_the_ground")
    QGuiApplication.clipboard().setText("Knights, 20 models")
    steps = window.doc.undo_stack.count()
    assert window.edit.paste((36, 24)) == []
    assert window.doc.undo_stack.count() == steps
    assert window.statusBar().currentMessage().startswith("Nothing pasted: the clipboard")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[" * 100_000 + "]" * 100_000, "the clipboard holds no pieces (JSON nested too deeply)"),
        ('{"pieces": [{"kind": "marker", "piece": {"id": "m", "kind": "objective", "x": '
         + "9" * 5000 + ', "y": 1}}]}', "pieces[0].piece.x: a number of 5,000 digits"),
        ('{"pieces": [' + ", ".join(["{}"] * 20_001) + "]}",
         "the clipboard holds 20,001 pieces, more than a game may have (20,000)"),
    ],
)  # fmt: skip
def test_hostile_clipboard_text_changes_nothing_and_says_what_is_wrong(qtbot, text, said):
    # The first two were a RecursionError and Python's digit limit out of the
    # paste (a traceback, and no word in the status bar).
    window = new_board(qtbot, "t9a/frontline_clash/t9a.hold_the_ground")
    QGuiApplication.clipboard().setText(text)
    steps = window.doc.undo_stack.count()
    assert window.edit.paste((36, 24)) == []
    assert window.doc.undo_stack.count() == steps
    assert window.statusBar().currentMessage().startswith(f"Nothing pasted: {said}")


def test_ctrl_d_puts_the_copy_beside_its_original_on_no_other_base(qtbot):
    """Ctrl+D copied 1 in right and down: on a 25 mm block five wide the copy
    stood mostly on its original, and two scoring units shared one place
    (docs/canvas.md, Editing)."""
    from tabletop_gui.geometry.outline import unit_outline

    window = new_board(qtbot, "t9a/frontline_clash/t9a.hold_the_ground")
    pal = window.palette_panel
    assert drop(window, pal.mime_for("unit", "t9a-25x25"), 30.0, 24.0)
    assert drop(window, pal.mime_for("unit", "t9a-25x25"), 33.0, 24.0)  # a neighbour on the right
    first = next(iter(window.doc.state.scene.units.values()))
    select(window, [first.id])
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    units = list(window.doc.state.scene.units.values())
    assert len(units) == 3
    copy = units[2]
    assert window.doc.selection == {copy.id} or list(window.doc.selection) == [copy.id]
    shapes = [unit_outline(u).polygon() for u in units]
    assert all(shapes[2].intersection(s).area < 1e-9 for s in shapes[:2])
    assert abs(copy.y - first.y) < 1e-9 or abs(copy.x - first.x) < 1e-9  # beside: in line
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(window.doc.state.scene.units) == 2

"""Editing in the Inspector: a round base by its diameter, a hex unit by its hex,
refusals in the field's words."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tabletop_gui.examples import DEMO_BOARD, SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model.game import Game
from tabletop_gui.model.hexgrid import hex_label

from .helpers import open_window

CARNEVALE = SCENARIOS / "carnevale_drowned_quarter.json"


HEX = SCENARIOS / "hex_hochkirch_ridge_demo.json"


def select(window, piece_id: str) -> None:
    window.scene.clearSelection()
    window.scene.pieces[piece_id].setSelected(True)
    for _ in range(3):
        QApplication.processEvents()


def form_labels(window) -> list[str]:
    form = window.inspector.form
    return [form.itemAt(i, form.ItemRole.LabelRole).widget().text() for i in range(form.rowCount())]


def test_a_round_base_is_edited_by_its_diameter(qtbot):
    window = open_window(qtbot, load_game(str(CARNEVALE)), str(CARNEVALE))
    select(window, "g-capo")  # a round base
    labels = form_labels(window)
    assert "Base diameter (mm)" in labels
    assert "Base width (mm)" not in labels and "Base depth (mm)" not in labels
    window.inspector.edit("base_width_mm", "40")
    unit = window.doc.state.scene.units["g-capo"]
    assert unit.base_width_mm == 40 and unit.width_in == unit.depth_in == 40 / 25.4
    window.inspector.edit("base_width_mm", "0")
    assert window.inspector.message.text() == "Base diameter (mm): refused, must be > 0, got 0.0"


def test_changing_a_base_to_rectangular_brings_back_width_and_depth(qtbot):
    window = open_window(qtbot, load_game(str(CARNEVALE)), str(CARNEVALE))
    select(window, "g-capo")
    shape = window.inspector.widgets["base_shape"]
    shape.setCurrentIndex(shape.findData("rect"))
    shape.activated.emit(shape.currentIndex())
    QApplication.processEvents()
    labels = form_labels(window)
    assert "Base width (mm)" in labels and "Base depth (mm)" in labels
    assert "Base diameter (mm)" not in labels


def test_a_hex_unit_shows_and_takes_its_place_as_a_hex(qtbot):
    # The battle's setup (its log ends in a won battle, where edits are refused).
    window = open_window(qtbot, Game(load_game(str(HEX)).setup), None)
    board = window.doc.state.scene.board
    select(window, "b-musk")
    labels = form_labels(window)
    assert "Hex" in labels and "x (in)" not in labels and "y (in)" not in labels
    unit = window.doc.state.scene.units["b-musk"]
    field = window.inspector.widgets["hex"]
    col, row = board.point_to_hex(unit.x, unit.y)
    assert field.text() == hex_label((col, row))  # its name ("f4"), as reason lines write it
    assert f"x {unit.x:.2f} in" in field.toolTip()  # the inches, secondary

    target = next(
        h
        for h in board.neighbours((col, row))
        if not any(board.point_to_hex(u.x, u.y) == h for u in window.doc.state.scene.units.values())
    )
    window.inspector.edit("hex", hex_label(target))
    unit = window.doc.state.scene.units["b-musk"]
    assert board.point_to_hex(unit.x, unit.y) == target
    assert (unit.x, unit.y) == board.hex_to_point(target)  # on the hex's centre
    assert field.text() == hex_label(target)

    window.inspector.edit("hex", "Z41")
    assert window.inspector.message.text() == "Hex: refused, hex Z41 is not on the board"
    window.inspector.edit("hex", "f5")  # a long row's hex written in lower case
    assert "row 5 is a long row, its hexes are named in upper case (F5)" in (
        window.inspector.message.text()
    )
    window.inspector.edit("hex", "north")
    assert "is not a hex name" in window.inspector.message.text()
    assert (
        board.point_to_hex(*(lambda u: (u.x, u.y))(window.doc.state.scene.units["b-musk"]))
        == target
    )


def test_an_inspector_refusal_reads_the_fields_label_not_the_models_words(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    select(window, "a-duke")
    window.inspector.edit("base_width_mm", "0")
    assert window.inspector.message.text() == "Base width (mm): refused, must be > 0, got 0.0"
    assert "base width mm" not in window.statusBar().currentMessage()
    assert window.statusBar().currentMessage() == (
        "Refused: Duke: Base width (mm) must be > 0, got 0.0"
    )
    window.inspector.edit("models_per_rank", "0")
    assert window.inspector.message.text() == "Models per rank: refused, must be >= 1, got 0"


def test_a_refusal_names_the_piece_by_its_id_too_only_where_another_shares_its_name(qtbot):
    """'Refused: Duke: ...' names the one Duke; with a second unit renamed Duke
    the id tells which (docs/canvas.md, Editing)."""
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    select(window, "a-duke")
    window.inspector.edit("models_per_rank", "0")
    bar = window.statusBar()
    assert bar.currentMessage() == "Refused: Duke: Models per rank must be >= 1, got 0"
    select(window, "b-shaman")
    window.inspector.edit("name", "Duke")
    select(window, "a-duke")
    window.inspector.edit("models_per_rank", "0")
    assert bar.currentMessage() == "Refused: Duke (a-duke): Models per rank must be >= 1, got 0"


def test_an_inspector_edits_undo_step_names_the_field_by_its_label(qtbot):
    """Edit ▸ Undo and the status bar name the field as the Inspector labels it,
    not the file's attribute (docs/canvas.md, Editing)."""
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    select(window, "a-knights")
    window.inspector.edit("models_per_rank", "4")
    assert window.doc.state.scene.units["a-knights"].models_per_rank == 4
    undo = window.edit.undo_action
    assert undo.text().replace("&", "") == "Undo Edit Knights of the Realm: Models per rank"
    window.inspector.edit("y", "20")
    undo.trigger()
    assert window.statusBar().currentMessage() == (
        "Undone: Edit Knights of the Realm: y (in) (Ctrl+Shift+Z redoes it)"
    )


def test_models_lost_in_the_inspector_come_off_the_back_in_one_undo_step(qtbot):
    """(docs/t9a.md, Editing a unit's models): the Knights' front stays where it
    was; Ctrl+Z puts the models and the place back together."""
    from tabletop_gui.geometry.arcs import front_centre
    from tabletop_gui.geometry.outline import unit_outline

    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    before = window.doc.state.scene.units["a-knights"]
    select(window, "a-knights")
    window.inspector.edit("models", str(before.models - before.models_per_rank))
    after = window.doc.state.scene.units["a-knights"]
    assert after.depth_in < before.depth_in
    assert front_centre(unit_outline(after)) == pytest.approx(front_centre(unit_outline(before)))
    assert window.doc.undo_stack.text(window.doc.undo_stack.index() - 1) == (
        "Edit Knights of the Realm: Models"
    )
    window.doc.undo_stack.undo()
    assert window.doc.state.scene.units["a-knights"] == before


def test_a_facing_a_game_file_could_not_hold_is_refused_and_the_game_still_saves_and_opens(
    qtbot, tmp_path
):
    # 1e10 was taken (the unit turned to 1e10 % 360); the game saved, then its
    # file was refused on opening: "events[22].changes.facing: ... out of range".
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    select(window, "a-duke")
    before = window.doc.state.scene.units["a-duke"].facing
    window.inspector.edit("facing", "1e10")
    assert window.inspector.message.text() == (
        "Facing (°): refused, must be <= 1,000,000,000°, got 10,000,000,000"
    )
    assert window.doc.state.scene.units["a-duke"].facing == before
    window.inspector.edit("facing", "725")  # any turn that a file holds is taken
    assert window.doc.state.scene.units["a-duke"].facing == 5
    path = tmp_path / "turned.json"
    assert window.files.save_to(str(path))
    assert load_game(path).events == window.doc.game.events


def test_an_infinite_diameter_is_refused_and_what_was_typed_is_shown_cut_short(qtbot):
    # "inf" (or 5,000 nines, which float() reads as inf) was taken as a marker's
    # diameter, and the saved game was refused on opening; a pasted 20,000
    # characters, or a centre at 1e308 in, made a refusal of as many.
    path = str(SCENARIOS / "t9a_frontline_clash_secure_target.json")
    window = open_window(qtbot, load_game(path), path)
    select(window, "st-a")
    events = window.doc.game.events
    for typed in ("inf", "9" * 5000):
        window.inspector.edit("diameter_mm", typed)
        assert window.inspector.message.text() == (
            "Diameter (mm): refused, must be a finite number"
        )
    window.inspector.edit("diameter_mm", "x" * 20_000)
    assert window.inspector.message.text() == (
        f"Diameter (mm): refused, expected a number, got '{'x' * 37}...'"
    )
    window.inspector.edit("x", "1e308")
    assert window.inspector.message.text() == (
        "x (in): refused, its centre (1e+308, 31) is 1e+308 in past the right edge of the "
        "72 x 48 in board"
    )
    assert window.doc.game.events == events

"""Game > Objectives..., the empty score panel's hint and the palette per family
(finding 10), driven through the real dialog and window."""

from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from tabletop_gui.app.panels.score_panel import COL_NAME, COL_REASON
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.geometry.outline import unit_outline
from tabletop_gui.io import load_game
from tabletop_gui.model.hexgrid import HexBoard
from tabletop_gui.play import objective_choices
from tabletop_gui.rules.hexbanners.fields import LEADER

from .helpers import drop, open_window


def new_window(qtbot, demo, key: str):
    assert demo.files.new_game(key, ask=False)
    QApplication.processEvents()
    return demo


def dialog_of(window):
    dialog = window.setup.open_objectives()
    assert dialog is not None and dialog.isVisible()
    return dialog


def add(dialog, kind: str, params: dict | None = None, name: str = "") -> bool:
    dialog.kind_box.setCurrentIndex(dialog.kind_box.findData(kind))
    if params is not None:
        dialog.json_box.setChecked(True)  # the form's "edit as JSON" escape hatch
        dialog.params_edit.setPlainText(json.dumps(params))
    if name:
        dialog.name_edit.setText(name)
    return dialog.add_from_form()


def ok(dialog) -> None:
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    QApplication.processEvents()


def tree_titles(palette) -> dict[str, list[str]]:
    out = {}
    for i in range(palette.tree.topLevelItemCount()):
        group = palette.tree.topLevelItem(i)
        out[group.text(0)] = [group.child(j).text(0) for j in range(group.childCount())]
    return out


# -- the empty score panel ------------------------------------------------------------


def test_a_new_carnevale_board_has_a_hint_where_objectives_come_from(demo, qtbot):
    window = new_window(qtbot, demo, "carnevale")
    hint = window.score_panel.hint
    assert hint.isVisible()
    assert hint.text() == "No active objectives: Game > Objectives… adds one"
    assert window.score_panel.table.rowCount() == 0


# -- the dialog ---------------------------------------------------------------------


def test_the_dialog_offers_only_the_family_s_kinds(demo, qtbot):
    window = new_window(qtbot, demo, "carnevale")
    kinds = {
        dialog_of(window).kind_box.itemData(i) for i in range(dialog_of(window).kind_box.count())
    }
    assert kinds == {"carnevale.objective"}
    window.files.new_game("hex", ask=False)
    box = dialog_of(window).kind_box
    hex_kinds = {box.itemData(i) for i in range(box.count())}
    assert "hex.temporary" in hex_kinds and "hex.time_pressure" in hex_kinds
    assert all(k.startswith("hex.") for k in hex_kinds)


def test_adding_a_carnevale_objective_scores_it_and_is_one_undo_step(demo, qtbot):
    """A new Carnevale board, an objective marker dropped in the middle, then its
    objective added in the dialog under a name: the score panel's row takes it."""
    window = new_window(qtbot, demo, "carnevale")
    assert drop(window, window.palette_panel.mime_for("marker", "objective"), 18.0, 18.0)
    marker = next(iter(window.doc.state.scene.markers))
    steps = window.doc.undo_stack.count()
    dialog = dialog_of(window)
    assert json.loads(dialog.params_edit.toPlainText()) == {"marker": marker}
    assert add(dialog, "carnevale.objective", name="Fountain")
    ok(dialog)
    assert not dialog.isVisible()
    assert [o.kind for o in window.doc.game.setup.objectives] == ["carnevale.objective"]
    assert window.doc.undo_stack.count() == steps + 1
    assert not window.score_panel.hint.isVisible()
    assert window.score_panel.cell(0, COL_NAME) == "Fountain"
    window.doc.undo_stack.undo()
    assert window.doc.game.setup.objectives == ()
    # A Carnevale objective marker scores without setup too (docs/carnevale.md):
    # the hint comes back once the marker is gone as well.
    assert not window.score_panel.hint.isVisible()
    window.doc.undo_stack.undo()
    assert window.score_panel.hint.isVisible()
    window.doc.undo_stack.redo()
    window.doc.undo_stack.redo()
    assert len(window.doc.game.setup.objectives) == 1


def test_params_the_objective_refuses_are_named_and_nothing_is_added(demo, qtbot):
    window = new_window(qtbot, demo, "hex")
    dialog = dialog_of(window)
    assert not add(dialog, "hex.clearing_sector", {"section": "middle"})
    assert "params.section: must be one of" in dialog.message.text()
    assert not add(dialog, "hex.permanent", {"hexes": "6,4"})
    assert "params.hexes" in dialog.message.text()
    dialog.kind_box.setCurrentIndex(dialog.kind_box.findData("hex.permanent"))
    dialog.json_box.setChecked(True)
    dialog.params_edit.setPlainText("{hexes: [[6, 4]]}")
    assert not dialog.add_from_form()
    assert "not valid JSON" in dialog.message.text()
    assert dialog.specs == []


def test_a_param_the_kind_does_not_read_or_a_point_off_the_board_is_refused(demo, qtbot):
    # As a referee would type them: a misspelt name, then a centre off the table.
    dialog = dialog_of(demo)
    before = list(dialog.specs)
    assert not add(dialog, "t9a.king_of_the_hill", {"foo": 1, "radius": -3})
    assert "params.foo: unknown param" in dialog.message.text()
    assert "params.radius: unknown param" in dialog.message.text()
    assert not add(dialog, "t9a.hold_the_ground", {"center": [10, 10]}, name="HtG 2")
    assert "did you mean 'centre'?" in dialog.message.text()
    assert not add(dialog, "t9a.hold_the_ground", {"centre": [500, 500]}, name="HtG 2")
    assert "params.centre: [500, 500] is off the 72 x 48 in board" in dialog.message.text()
    assert dialog.specs == before


@pytest.mark.parametrize(
    ("kind", "params", "said"),
    [
        ("t9a.secure_target", {"spacing": 1e10},
         "params.spacing: 10000000000 is out of range (numbers are at most 1e+09)"),
        ("t9a.breakthrough", {"cap": 10**30},
         "params.cap: 1000000000000000000000000000000 is out of range"),
    ],
)  # fmt: skip
def test_a_param_the_game_file_could_not_hold_is_refused_so_the_game_still_opens_once_saved(
    demo, qtbot, tmp_path, kind, params, said
):
    # The objective took them; the game saved, and its file was then refused on
    # opening ("objectives[1].params.spacing: ... out of range"): the board lost.
    dialog = dialog_of(demo)
    before = list(dialog.specs)
    assert not add(dialog, kind, params)
    assert said in dialog.message.text()
    assert dialog.specs == before


def test_params_typed_as_json_past_what_python_reads_are_refused_in_words(demo, qtbot):
    dialog = dialog_of(demo)
    dialog.kind_box.setCurrentIndex(dialog.kind_box.findData("t9a.secure_target"))
    dialog.json_box.setChecked(True)
    for text, said in [
        ('{"spacing": ' + "9" * 5000 + "}", "params: a number of more than 4,300 digits"),
        ('{"spacing": ' + "[" * 100_000 + "]" * 100_000 + "}", "params: nested too deeply"),
    ]:
        dialog.params_edit.setPlainText(text)
        assert not dialog.add_from_form()
        assert dialog.message.text() == said


def test_a_hex_objective_added_and_a_bundled_one_removed_replays_the_log(qtbot):
    """The Hochkirch battle without its Time Pressure objective: the log's Time
    Pressure banners (events 17 and 33) are refused on replay, so the change is
    refused with the reason and nothing changes. Removing the Bridge instead is
    accepted: Prussia loses that banner (5 banners, no winner yet)."""
    path = str(SCENARIOS / "hex_hochkirch_ridge_demo.json")
    window = open_window(qtbot, load_game(path), path)
    before = window.doc.game
    dialog = dialog_of(window)
    dialog.list.setCurrentRow(dialog.ids().index("time"))
    dialog.remove_selected()
    ok(dialog)
    assert dialog.isVisible()
    assert dialog.message.text().startswith("Refused: the game's log does not replay")
    assert window.doc.game == before
    assert window.doc.undo_stack.count() == 0

    dialog.reject()
    dialog = dialog_of(window)
    dialog.list.setCurrentRow(dialog.ids().index("bridge"))
    dialog.remove_selected()
    assert add(dialog, "hex.temporary", {"hexes": [[7, 7]]}, name="Hill 7,7")
    ok(dialog)
    assert not dialog.isVisible()
    ids = [o.id for o in window.doc.game.setup.objectives]
    assert "bridge" not in ids and "temporary" in ids
    assert window.doc.game.events == before.events
    board = window.doc.scoreboard()
    assert board.winner is None
    assert board.totals["prussia"] == 5.0
    assert "Hill 7,7" in [window.score_panel.cell(i, COL_NAME) for i in range(len(ids) + 1)]
    assert "has won" not in window.turn_bar.clock.text()
    window.doc.undo_stack.undo()
    assert window.doc.game == before
    assert window.doc.scoreboard().winner == "prussia"


def test_objectives_cannot_change_while_looking_back(qtbot):
    path = str(SCENARIOS / "t9a_frontline_clash_demo.json")
    window = open_window(qtbot, load_game(path), path)
    window.doc.look_at(3)
    assert window.setup.open_objectives() is None
    assert "looking back" in window.statusBar().currentMessage()
    from tabletop_gui.model.scene import ObjectiveSpec

    refused = window.doc.replace_objectives([ObjectiveSpec("x", "t9a.breakthrough")], "x")
    assert refused and "looking back" in refused


def test_every_kind_s_template_passes_its_own_check_on_a_new_board_of_its_family():
    from tabletop_gui.play import new_game

    for key, family in (("hex", "hex"), ("carnevale", "carnevale"),
                        ("t9a/frontline_clash/t9a.hold_the_ground", "t9a")):  # fmt: skip
        setup = new_game.preset(key).build()
        for kind, _title in objective_choices.family_kinds(family):
            params = objective_choices.template(kind, setup)
            from tabletop_gui.model.scene import ObjectiveSpec

            spec = ObjectiveSpec(objective_choices.new_id(kind, set()), kind, params)
            wrong = objective_choices.problems(spec)
            if kind == "carnevale.objective" and not setup.scene.markers:
                assert wrong == ["params.marker: must name the objective marker's id"]
            else:
                assert wrong == [], (kind, wrong)


# -- the palette per family -----------------------------------------------------------


def test_the_palette_offers_what_fits_each_family(demo, qtbot):
    t9a = tree_titles(demo.palette_panel)
    assert "20×20 mm (infantry)" in t9a["Units"]
    assert not any("Carnevale" in t or "one hex" in t for t in t9a["Units"])
    assert "Frontline Clash" in t9a["Deployment Types (The Ninth Age)"]
    assert "Spoils of War marker" in t9a["Objective markers"]

    demo.files.new_game("carnevale", ask=False)
    carn = tree_titles(demo.palette_panel)
    assert carn["Units"] == [f"Round {d} mm (Carnevale)" for d in (30, 40, 50, 60, 75)]
    assert "Hidden objective" in carn["Objective markers"]
    assert "Spoils of War marker" not in carn["Objective markers"]
    assert not any(k.startswith("Deployment") for k in carn)
    assert not demo.palette_panel.models.isVisibleTo(demo.palette_panel)

    demo.files.new_game("hex", ask=False)
    hexes = tree_titles(demo.palette_panel)
    assert all("one hex" in t for t in hexes["Units"])
    assert not any(k.startswith("Deployment") for k in hexes)
    assert not demo.palette_panel.draw_zone.isVisibleTo(demo.palette_panel)


@pytest.mark.parametrize("key", ["hex-infantry", "hex-leader"])
def test_a_hex_unit_dropped_on_a_hex_board_stands_on_one_hex(demo, qtbot, key):
    """Its footprint lies inside the hex it snapped to (a 20-model T9A block
    would cover about three hexes)."""
    demo.files.new_game("hex", ask=False)
    board = demo.doc.state.scene.board
    assert isinstance(board, HexBoard)
    assert drop(demo, demo.palette_panel.mime_for("unit", key), 6.2, 5.1)
    unit = next(iter(demo.doc.state.scene.units.values()))
    assert (unit.models, unit.models_per_rank) == (1, 1)
    assert LEADER.of(unit) == (key == "hex-leader")
    # The inscribed circle of a hex has radius hex_size * sqrt(3) / 2.
    o = unit_outline(unit)
    half_diagonal = (o.half_w**2 + o.half_d**2) ** 0.5
    assert half_diagonal <= board.hex_size * 3**0.5 / 2
    assert (unit.x, unit.y) == pytest.approx(board.hex_to_point(board.point_to_hex(6.2, 5.1)))
    assert demo.score_panel.cell(0, COL_REASON)  # the eliminations row scores as before

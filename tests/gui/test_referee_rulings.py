"""Rulings in the window: what the rules refuse is refused with the reason (a
move after the game is over, a hex exit breaking the rule's conditions), a roll
the end of the game calls for is still recorded after it, moves legal only in
some circumstances are flagged in the game log with a filter, and a disputed
range goes into a one-page report (PNG, PDF)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from tabletop_gui.app.canvas.annotation_items import RULER_COLOUR
from tabletop_gui.app.export.range_report import Subject
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model import HexBoard, InchBoard, Marker, ObjectiveSpec, Scene, Setup, Side, Unit
from tabletop_gui.model.annotations import Ruler
from tabletop_gui.model.events import GameEnd, PhaseStart, TurnStart
from tabletop_gui.model.game import Game
from tabletop_gui.rules.hexbanners.events import ExitBoard, HexMove

from .helpers import at, open_window

DEMO = SCENARIOS / "t9a_frontline_clash_demo.json"


def test_a_move_after_the_game_is_over_is_refused_with_the_reason(qtbot):
    game = load_game(DEMO)
    window = open_window(qtbot, Game(game.setup, (*game.events, GameEnd())))
    log = len(window.doc.timeline)
    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=at(window, 36, 30.5))
    qtbot.mouseMove(vp, at(window, 37, 30.5))
    qtbot.mouseMove(vp, at(window, 40, 30.5))
    assert "The game is over: nothing can follow its end" in window.statusBar().currentMessage()
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=at(window, 40, 30.5))
    assert len(window.doc.timeline) == log
    assert window.doc.committed.scene.units["b-boyz"].x == 36.0


def secure_target_game(ended: bool) -> Game:
    # A 15-wide horde equally near both markers: Secure Target asks for a roll
    # "at the end of the game" (docs/t9a.md).
    a, b = Side("a", "Equitaine", "#0072b2"), Side("b", "Orcs", "#d55e00")
    units = [
        Unit("h", "Horde", "a", 36, 24, base_width_mm=25, base_depth_mm=25, models=15,
             models_per_rank=15),
        Unit("b1", "Boyz", "b", 24, 26 + 1 + 25 / 25.4 / 2, base_width_mm=25, base_depth_mm=25),
    ]  # fmt: skip
    markers = [
        Marker("wa", "t9a.secure_target", 24, 26, side="a"),
        Marker("wb", "t9a.secure_target", 48, 22, side="b"),
    ]
    scene = Scene(board=InchBoard(72, 48), sides=(a, b), units={u.id: u for u in units},
                  markers={m.id: m for m in markers})  # fmt: skip
    setup = Setup(family="t9a", scene=scene, deployment="frontline_clash",
                  objectives=(ObjectiveSpec("st", "t9a.secure_target"),))  # fmt: skip
    from tabletop_gui.rules.engine import family_of

    setup = family_of(setup).completed(setup)
    return Game(setup, (GameEnd(),) if ended else ())


def test_the_secure_target_roll_is_asked_for_and_recorded_after_the_game_has_ended(qtbot):
    window = open_window(qtbot, secure_target_game(ended=True))
    bar = window.turn_bar
    assert bar.dice_button.isVisible()
    assert "Secure Target: Horde" in bar.dice_button.text()
    dialog = bar.ask_dice()
    dialog.winner_box.setCurrentIndex(1)  # Orcs
    dialog.accept()
    last = window.doc.timeline.events[-1]
    assert last.type == "dice_roll" and last.winner == "b" and last.subject == "h"
    assert not bar.dice_button.isVisible()
    assert "Refused" not in bar.message.text()


def hex_game() -> Game:
    board = HexBoard()
    blue, red = Side("blue", "Blue", "#0072b2"), Side("red", "Red", "#d55e00")
    x, y = board.hex_to_point((4, 7))
    unit = Unit("b1", "Hussars", "blue", x, y)
    scene = Scene(board=board, sides=(blue, red), units={"b1": unit})
    breakthrough = ObjectiveSpec("bt", "hex.breakthrough", {"side": "blue"})
    setup = Setup(family="hex", scene=scene, name="exit", objectives=(breakthrough,))
    return Game(setup, (TurnStart(1, "blue"), PhaseStart("movement"), HexMove("b1", (4, 8))))


def test_a_hex_exit_by_a_unit_off_the_baseline_at_the_start_of_its_turn_is_refused(qtbot):
    window = open_window(qtbot, hex_game())
    window.scene.piece_item("b1").setSelected(True)
    offered = {a.label: why for a, why in window.play.context_actions()}
    why = offered["Hussars exits the board (ordered)"]
    assert "a unit leaves the battlefield only from a baseline it already stood on" in why
    refused = window.play.perform((ExitBoard("b1"),), "Hussars exits the board (ordered)")
    assert refused and "already stood on when its turn began" in window.turn_bar.message.text()
    assert not window.doc.committed.scene.units["b1"].removed


def test_in_set_up_a_hex_unit_s_exit_is_offered_as_not_now_with_the_reason(qtbot):
    """The manual's minimal Memoir '44 scenario, imported, in set-up: no side's
    turn has started, so the right-click menu shows the exit under Not now, with the
    rules' reason (docs/hex.md, Leaving the battlefield); once the United States'
    turn has started it is still not offered now: no exit objective names the
    United States, so leaving would earn nothing (docs/hex.md, Flags)."""
    from tabletop_gui.io.importers import ImportRequest, import_bytes
    from tests.hex.test_m44_doc_example import example

    game = import_bytes(example(), ImportRequest(source="lone_hill.m44")).game
    window = open_window(qtbot, game)
    uid = next(u.id for u in game.setup.scene.units.values() if u.name == "US Infantry 1")
    window.scene.piece_item(uid).setSelected(True)
    unit = game.setup.scene.units[uid]

    def exit_entry(submenu: str = ""):
        menu = window.play.build_context_menu((unit.x, unit.y))
        if submenu:
            (title,) = [a for a in menu.actions() if a.text().startswith(submenu)]
            menu = title.menu()
        return next(
            a for a in menu.actions() if a.text().startswith("US Infantry 1 exits the board")
        )

    entry = exit_entry("Not now (")
    assert entry.text() == "US Infantry 1 exits the board (ordered)"
    assert "cannot leave the board in set-up: no side's turn has started" in entry.toolTip()
    assert entry.statusTip() == entry.toolTip()
    entry.trigger()
    assert "Refused: US Infantry 1 exits the board" in window.turn_bar.message.text()
    assert not window.doc.committed.scene.units[uid].removed
    assert window.play.perform((TurnStart(1, "allies"),), "Start turn 1") is None
    # its side's turn has started, but no exit objective names the United States:
    # leaving earns nothing, so it is still not offered now (docs/hex.md, Flags)
    entry = exit_entry("Not now (")
    assert "no exit objective names United States" in entry.toolTip()


def test_flagged_events_are_marked_in_the_log_and_the_filter_shows_only_them(qtbot):
    path = SCENARIOS / "t9a_counterthrust_capture_the_flags.json"
    window = open_window(qtbot, load_game(path))
    log = window.log_panel
    # 15: the Hippogriff is moved to 0.05 in from the Giant (Unit Spacing).
    assert log.flagged_rows() == [15, 18, 29]
    assert "Unit Spacing" in log.row_text(15)
    text = log.row_text(29)
    assert text.startswith("⚑ 29.")
    assert "Peasant Levy (Equitaine) moved in Orcs' turn" in text
    assert "flee reaction, pursuit or reform" in text
    assert log.flagged_only.text() == "Flagged only (3)"
    log.flagged_only.setChecked(True)
    shown = [r for r in range(log.list.count()) if not log.list.isRowHidden(r)]
    assert shown == [15, 18, 29]
    log.flagged_only.setChecked(False)
    assert not any(log.list.isRowHidden(r) for r in range(log.list.count()))


@pytest.mark.parametrize("suffix", ["png", "pdf"])
def test_a_disputed_range_report_is_one_page_with_the_ruler_rule_turn_and_file(
    qtbot, tmp_path, suffix
):
    window = open_window(qtbot, load_game(DEMO), str(DEMO))
    ruler = Ruler("ruler-1", (0, 0), (36, 24), "b-boyz", None)  # to the centre point
    window.doc.set_annotations(window.doc.annotations.with_ruler(ruler), "pin")
    out = tmp_path / f"report.{suffix}"
    window.referee.write_report(str(out), Subject(ruler=ruler))
    data = out.read_bytes()
    if suffix == "pdf":
        pages = data.count(b"/Type /Page") - data.count(b"/Type /Pages")
        assert data.startswith(b"%PDF") and pages == 1
        return
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1600, 1200)
    # Every column, every fourth row: the line is two pixels wide, and the region
    # shown grows to hold whole the labels its frame would cut.
    purple = sum(
        1
        for x in range(0, 1600)
        for y in range(40, 1000, 4)
        if image.pixelColor(x, y).rgb() == RULER_COLOUR.rgb()
    )
    assert purple > 20  # the ruler is drawn on the board region


def test_the_reports_text_names_the_figures_the_rule_the_turn_and_the_file(qtbot):
    from tabletop_gui.app.export.range_report import report_lines
    from tabletop_gui.rules import evaluate

    window = open_window(qtbot, load_game(DEMO), str(DEMO))
    ruler = Ruler("ruler-1", (0, 0), (36, 24), "a-knights", None)
    state = window.doc.state
    lines = [t for t, _ in report_lines(state, evaluate(state), window.doc.annotations,
                                        Subject(ruler=ruler), window.doc.timeline.events,
                                        "demo.json")]  # fmt: skip
    assert lines[0] == "Measured: Knights of the Realm to a point"
    assert lines[1] == "1.52 in to the centre point"
    assert "Against: 4.48 in inside 6 (Hold the Ground: 6 in of the centre)" in lines
    assert "Rule applied: Hold the Ground: 6 in of the centre" in lines
    assert lines[-2] == "Game turn: Game Turn 3 · Equitaine's Player Turn, after 22 events"
    assert lines[-1] == "File: demo.json"

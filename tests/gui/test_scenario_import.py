"""File ▸ Import scenario… in the real window: a Memoir '44 scenario (a small file
written for this test) opens as a new game, its name, rules, victory text and
problems in the Scenario panel, its terrain drawn and named in the legend."""

from __future__ import annotations

import json

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QFileDialog

from tabletop_gui.app.canvas.legend import legend_entries
from tabletop_gui.app.windows.scenario_import import file_filter
from tabletop_gui.io import load_game
from tabletop_gui.model.hexgrid import HexBoard
from tests.hex.m44kit import exit_marker, hexagon, medal, scenario

from .helpers import open_window

RIVER_CROSSING = scenario(
    hexagon("C5", terrain="woods"),
    hexagon("D5", terrain="woods"),
    hexagon("G5", terrain="river", rect_terrain="bridge", tags=[{"name": "medal1"}]),
    hexagon("I5", terrain="buildings", unit="infger", tags=[medal("medal2", permanent=True)]),
    hexagon("E3", unit="tankus"),
    hexagon("A9", tags=[exit_marker("ALLIES")]),
    hexagon("K7", terrain="lava"),
    labels=[{"row": 4, "col": 12, "text": ["Old Bridge"]}],
    text={
        "rules": "The river is fordable everywhere.",
        "victory": "4 Medals\nThe Old Bridge is a temporary medal objective for the Allies.",
    },
)


def write(tmp_path, data=RIVER_CROSSING, name="river.m44"):
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return str(path)


def demo_window(qtbot):
    from tabletop_gui.examples import DEMO_BOARD

    return open_window(qtbot, load_game(str(DEMO_BOARD)))


def test_the_file_menu_imports_a_scenario_as_a_new_unsaved_game(qtbot, tmp_path, monkeypatch):
    window = demo_window(qtbot)
    path = write(tmp_path)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (path, ""))
    file_menu = window.menuBar().actions()[0].menu()
    action = next(a for a in file_menu.actions() if a.text() == "Import &scenario…")
    assert action.shortcut().toString() == "Ctrl+Shift+I"
    action.trigger()
    QApplication.processEvents()
    setup = window.doc.committed.setup
    assert setup.name == "Test scenario" and setup.family == "hex"
    assert isinstance(setup.scene.board, HexBoard) and setup.scene.board.terrain
    assert [s.name for s in setup.scene.sides] == ["United States", "Germany"]
    assert window.doc.path is None and "not saved yet" in window.windowTitle()
    assert "Test scenario" in window.windowTitle()
    assert "Imported river.m44" in window.statusBar().currentMessage()
    assert "*.m44" in file_filter()


def test_the_scenario_panel_shows_name_rules_victory_text_and_problems(qtbot, tmp_path):
    window = demo_window(qtbot)
    window.files.import_scenario(write(tmp_path))
    QApplication.processEvents()
    assert window.panels.docks["Scenario"].isVisible()
    text = window.briefing_panel.plain_text()
    assert text.startswith("Test scenario")
    for part in ("Setup", "Allies move first.", "Special rules",
                 "The river is fordable everywhere.", "Victory", "4 Medals",
                 "Import problems", "unknown terrain 'lava'", "not confirmed"):  # fmt: skip
        assert part in text, part
    # the problems come last, after the victory text
    assert text.index("Import problems") > text.index("4 Medals")


def test_a_file_that_is_no_scenario_is_refused_and_the_board_stays(qtbot, tmp_path, dialogs):
    window = demo_window(qtbot)
    before = window.doc.committed
    assert (
        window.files.import_scenario(write(tmp_path, '{"board": {"type": "HUGE"', "bad.m44"))
        is None
    )
    assert window.doc.committed is before
    ((title, text),) = dialogs.warnings
    assert title == "Cannot import this scenario"
    assert "not a format this program imports" in text or "JSON" in text
    dialogs.warnings.clear()
    unknown_board = dict(RIVER_CROSSING, board={"type": "HUGE", "hexagons": []})
    assert window.files.import_scenario(write(tmp_path, unknown_board, "huge.m44")) is None
    ((_, text),) = dialogs.warnings
    assert "board.type" in text and "'HUGE'" in text and "left as it was" in text


def test_unsaved_changes_are_asked_about_before_the_import(qtbot, tmp_path, dialogs):
    window = demo_window(qtbot)
    unit = next(iter(window.doc.committed.scene.units.values()))
    window.editor.commit_rotate([unit.id], by=30)
    assert window.doc.dirty
    dialogs.answer = dialogs.answer.Cancel
    assert window.files.import_scenario(write(tmp_path)) is None
    assert window.doc.committed.setup.name != "Test scenario"
    assert dialogs.questions and dialogs.questions[0][0] == "Unsaved changes"


def test_the_board_draws_the_terrain_and_the_legend_names_it(qtbot, tmp_path):
    window = demo_window(qtbot)
    window.files.import_scenario(write(tmp_path))
    QApplication.processEvents()
    qtbot.waitUntil(lambda: not window.board.fit_pending, timeout=3000)
    board = window.doc.committed.scene.board
    assert isinstance(board, HexBoard)
    image = window.view.viewport().grab().toImage()

    def colour_at(name_hex, dx=0.0, dy=0.0):
        x, y = board.hex_to_point(name_hex)
        p = window.view.viewport_pos(x + dx, y + dy)
        return image.pixelColor(p.x() * image.devicePixelRatio(), p.y() * image.devicePixelRatio())

    def near(c: QColor, hexcode: str, tol: int = 24) -> bool:
        want = QColor(hexcode)
        return max(abs(c.red() - want.red()), abs(c.green() - want.green()),
                   abs(c.blue() - want.blue())) <= tol  # fmt: skip

    woods = colour_at((2, 4))  # C5, left section, nothing on it
    assert near(woods, "#8fb77e"), woods.name()
    ground = colour_at((1, 3))  # b4: countryside
    assert near(ground, "#dfe6c8"), ground.name()
    # the bridge over the river at G5: a brown ring inside the hex edge, the river inside
    ring = colour_at((6, 4), dx=0.0, dy=0.85 * board.hex_size)
    assert near(ring, "#7a5230", 40), ring.name()
    entries = window.legend.entries
    names = [text for kind, text, _ in entries if kind.startswith("terrain")]
    assert names[0] == "Countryside"
    assert {"Woods and forests", "Rivers", "Bridges", "Towns and buildings",
            "Unknown terrain 'lava'"} <= set(names)  # fmt: skip
    assert ("terrain_ring", "Bridges", QColor("#7a5230")) in entries


def test_the_legend_lists_terrain_after_the_sides_and_styles():
    entries = legend_entries([("A", QColor("red"))], [("Woods", QColor("green"), False)])
    assert entries[0] == ("side", "A", QColor("red"))
    assert entries[-1] == ("terrain", "Woods", QColor("green"))


def test_a_saved_imported_game_opens_with_its_briefing(qtbot, tmp_path):
    window = demo_window(qtbot)
    window.files.import_scenario(write(tmp_path))
    target = tmp_path / "river.json"
    assert window.files.save_to(str(target))
    other = open_window(qtbot, load_game(str(target)), str(target))
    assert "4 Medals" in other.briefing_panel.plain_text()
    assert other.doc.committed.setup.briefing == window.doc.committed.setup.briefing


def test_the_turn_bar_offers_the_side_the_scenario_starts_with(qtbot, tmp_path):
    window = demo_window(qtbot)
    axis_first = dict(RIVER_CROSSING, game_info={**RIVER_CROSSING["game_info"],
                                                  "starting": "PLAYER1"})  # fmt: skip
    window.files.import_scenario(write(tmp_path, axis_first))
    QApplication.processEvents()
    bar = window.turn_bar
    assert bar.first_box.isVisible() and bar.first_box.currentData() == "axis"
    bar.run_step(0)
    assert window.doc.timeline.events[0].side == "axis"


def test_save_proposes_the_scenarios_name_beside_it(qtbot, tmp_path, monkeypatch):
    """A player imported orchard.m44 and chose Save: the dialog proposed
    game.json in the current folder. It proposes orchard.json beside the
    scenario (the title says the game is imported and not saved yet)."""
    window = demo_window(qtbot)
    folder = tmp_path / "scenarios"
    folder.mkdir()
    path = write(folder, name="orchard.m44")
    assert window.files.import_scenario(path) is not None
    assert "orchard.m44 (imported, not saved yet)" in window.windowTitle()
    proposed: list[str] = []

    def save_dialog(_parent, _title, start, _filter):
        proposed.append(start)
        return start, ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    assert window.files.save()
    assert proposed == [str(folder / "orchard.json")]
    assert window.doc.path == str(folder / "orchard.json")
    assert load_game(window.doc.path).setup.name == "Test scenario"
    assert window.doc.imported_from is None and "imported" not in window.windowTitle()

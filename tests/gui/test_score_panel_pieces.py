"""The why in the window: under each objective the score panel lists every piece
that counts, is in range or contests, with its distance, margin and the rule
that decided it, in the words of `tabletop-gui score`; choosing a piece's row
selects the piece on the board. One bundled game per family."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import Qt

from tabletop_gui.app.panels.score_panel import ScorePanel
from tabletop_gui.app.windows.main_window import MainWindow
from tabletop_gui.cli import score_text
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model.game import Game
from tabletop_gui.play.turns import finished
from tabletop_gui.rules import evaluate, replay
from tabletop_gui.rules.scoreboard import Role

from .helpers import at, open_window

GAMES = {
    "t9a": "t9a_frontline_clash_secure_target.json",
    "hex": "hex_hochkirch_ridge_demo.json",
    "carnevale": "carnevale_drowned_quarter.json",
}


def open_game(qtbot, name: str) -> MainWindow:
    return open_window(qtbot, load_game(SCENARIOS / name))


@pytest.mark.parametrize("family", sorted(GAMES))
def test_each_objective_lists_its_pieces_with_distances_as_the_score_command_prints(qtbot, family):
    window = open_game(qtbot, GAMES[family])
    game = load_game(SCENARIOS / GAMES[family])
    state = replay(game.setup, game.events)
    cli = score_text(game, state, evaluate(state)).splitlines()
    listed = 0
    for row in window.score_panel.rows:
        for _pid, text in window.score_panel.piece_rows(row.objective_id):
            line = text.removeprefix("   • ")
            assert f"    - {line}" in cli, line
            listed += 1
    assert listed > 0
    if family != "hex":  # hex banners are hexes held, not ranges: no inches there
        assert any(" in  margin " in t for r in window.score_panel.rows
                   for _, t in window.score_panel.piece_rows(r.objective_id))  # fmt: skip


def test_choosing_a_pieces_row_selects_that_piece_on_the_board(qtbot):
    window = open_game(qtbot, GAMES["t9a"])
    panel = window.score_panel
    objective = panel.rows[0].objective_id
    pid, text = panel.piece_rows(objective)[-1]
    assert "Wolf Riders [Orcs]  4.30 in  margin +1.70 in" in text
    panel.select_piece_row(objective, pid)
    assert window.scene.selected_ids() == [pid]
    assert window.inspector.piece is not None and window.inspector.piece.id == pid


def table_text(panel: ScorePanel) -> list[tuple[int, list[str]]]:
    """Each table row as a reader sees it: its first cell's span and its texts."""
    table = panel.table
    out = []
    for r in range(table.rowCount()):
        cells = [table.item(r, c) for c in range(table.columnCount())]
        out.append((table.columnSpan(r, 0), [c.text() if c is not None else "" for c in cells]))
    return out


DRAGS = {
    # The Wolf Riders leave the centre's 6 in and come back: the last row goes and returns.
    "t9a": ("b-wolves", [(-2.0 * i, -0.6 * i) for i in range(1, 16)]),
    # The Capo walks up the board past five of the six objectives: rows come and go
    # under the objectives in the middle of the table.
    "carnevale": ("g-capo", [(0.9 * i, 1.6 * i) for i in range(1, 18)]),
}


@pytest.mark.parametrize("family", sorted(DRAGS))
def test_while_a_piece_is_dragged_the_table_reads_as_a_panel_written_afresh(qtbot, family):
    """A drag adds and removes piece rows (a unit comes into range, leaves it);
    the panel moves only those rows. After every mouse move its table reads
    exactly as a new panel given the same scoreboard."""
    window = open_game(qtbot, GAMES[family])
    panel = window.score_panel
    uid, steps = DRAGS[family]
    unit = window.doc.state.scene.units[uid]
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, unit.x, unit.y))
    shown: list[list] = []
    path = [(unit.x + dx, unit.y + dy) for dx, dy in steps]
    for x, y in path + path[::-1]:
        qtbot.mouseMove(viewport, at(window, x, y))
        fresh = ScorePanel()
        qtbot.addWidget(fresh)
        board = window.doc.scoreboard()
        over = finished(window.doc.state, board)
        fresh.set_scoreboard(window.doc.state.scene, board, window.scene.colours, over=over)
        assert table_text(panel) == table_text(fresh), (x, y)
        if not shown or shown[-1] != panel.keys:
            shown.append(list(panel.keys))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(window, unit.x, unit.y))
    assert len(shown) > 2  # rows came and went on the way
    if family == "carnevale":  # and not only under the last objective
        last = max(i for i, _ in shown[0])
        assert any(first_change(a, b)[0] < last for a, b in itertools.pairwise(shown))


def first_change(a: list, b: list) -> tuple:
    """The first row key where two lists of row keys part."""
    k = next((k for k, (p, q) in enumerate(zip(a, b, strict=False)) if p != q), min(len(a), len(b)))
    return a[k] if k < len(a) else b[k]


def test_a_chosen_pieces_row_leaving_the_table_leaves_that_piece_selected_on_the_board(qtbot):
    """Choosing the Wolf Riders' row selects them; dragged out of range, their row
    goes. Qt would select the next row (the Orcs') and the window the Orcs on the
    board, in the middle of the drag: the Inspector, Delete and Where it scores
    would then act on a unit nobody chose."""
    window = open_game(qtbot, GAMES["t9a"])
    panel = window.score_panel
    objective = panel.rows[0].objective_id
    panel.select_piece_row(objective, "b-wolves")
    assert window.scene.selected_ids() == ["b-wolves"]
    title = panel.table.item(0, 0)  # a row that stays: kept, not written afresh
    wolves = window.doc.state.scene.units["b-wolves"]
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, wolves.x, wolves.y))
    for i in range(1, 8):
        qtbot.mouseMove(viewport, at(window, wolves.x + 2.5 * i, wolves.y + 1.0 * i))
        assert window.scene.selected_ids() == ["b-wolves"]
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton,
                       pos=at(window, wolves.x + 17.5, wolves.y + 7))  # fmt: skip
    assert "b-wolves" not in [pid for pid, _ in panel.piece_rows(objective)]
    assert window.scene.selected_ids() == ["b-wolves"]
    assert panel.selected_piece() is None
    assert panel.table.item(0, 0) is title


def test_a_chosen_row_that_stays_stays_chosen_while_rows_come_and_go_above_it(qtbot):
    window = open_game(qtbot, GAMES["carnevale"])
    panel = window.score_panel
    last = panel.rows[-1].objective_id
    panel.select_objective(last)
    chosen = panel._selected_key()
    capo = window.doc.state.scene.units["g-capo"]
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, capo.x, capo.y))
    for dx, dy in DRAGS["carnevale"][1]:
        qtbot.mouseMove(viewport, at(window, capo.x + dx, capo.y + dy))
        assert panel._selected_key() == chosen
        assert panel.selected_objective() == last
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(window, capo.x, capo.y))


def test_a_contested_objective_lists_its_contesting_characters_and_the_board_still_marks_it(qtbot):
    """Event 35 of the bundled Carnevale game: Bravo and Deep Spawn contest the
    Powder Cache. The panel lists the two characters, not the cache itself as
    "contests" (a marker is not a contestant), and the board still draws the
    cache contested (docs/carnevale.md, Scoring)."""
    bundled = load_game(SCENARIOS / GAMES["carnevale"])
    window = open_window(qtbot, Game(bundled.setup, bundled.events[:35]))
    panel = window.score_panel
    cache = next(r for r in panel.rows if r.name == "Powder Cache")
    marker = next(
        m.id for m in window.doc.state.scene.markers.values() if m.label == "Powder Cache"
    )
    names = [
        window.doc.state.scene.units[pid].name for pid, _ in panel.piece_rows(cache.objective_id)
    ]
    assert names == ["Bravo", "Deep Spawn"]
    assert all("contests" not in text for _, text in panel.piece_rows(cache.objective_id))
    assert Role.CONTESTED in window.scene.pieces[marker].roles()

"""The main window is made of parts (docs/architecture.md, The Qt layer): it
derives from QMainWindow alone, and each part is a plain QObject that works
built alone with a document and a bare QMainWindow as its host (plus the board
widgets it draws on), its menu entries and its answers to the document's
signals included."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import QApplication, QMainWindow, QMenu, QToolBar, QWidget

from tabletop_gui.app import session
from tabletop_gui.app.canvas.annotation_items import PinnedRulerItem, RingItem
from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.legend import LegendWidget
from tabletop_gui.app.canvas.view import BoardView, Tool
from tabletop_gui.app.document import Document
from tabletop_gui.app.editor import Editor
from tabletop_gui.app.export.export_actions import ExportController
from tabletop_gui.app.panels.briefing_panel import BriefingPanel
from tabletop_gui.app.panels.inspector import Inspector
from tabletop_gui.app.panels.log_panel import LogPanel
from tabletop_gui.app.panels.palette import Palette
from tabletop_gui.app.panels.score_panel import COL_NAME, ScorePanel
from tabletop_gui.app.panels.turn_bar import TurnBar
from tabletop_gui.app.stream.stream_control import StreamController
from tabletop_gui.app.windows.board_sync import BoardController
from tabletop_gui.app.windows.edit_actions import EditController
from tabletop_gui.app.windows.file_actions import FilesController
from tabletop_gui.app.windows.help_actions import HelpController
from tabletop_gui.app.windows.history_actions import HistoryController
from tabletop_gui.app.windows.main_window import MainWindow
from tabletop_gui.app.windows.panel_layout import PanelsController
from tabletop_gui.app.windows.play_actions import PlayController
from tabletop_gui.app.windows.referee_actions import RefereeController
from tabletop_gui.app.windows.setup_actions import SetupController
from tabletop_gui.app.windows.tool_actions import ToolsController
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game
from tabletop_gui.model.annotations import Annotations, Ruler
from tabletop_gui.model.events import MovePiece, TurnStart


def texts(menu: QMenu) -> list[str]:
    return [a.text() for a in menu.actions() if not a.isSeparator()]


def bare(qtbot) -> tuple[Document, QMainWindow]:
    """The demo game in a document, and a bare window to host a part."""
    host = QMainWindow()
    qtbot.addWidget(host)
    return Document(load_game(str(DEMO_BOARD)), None, host), host


def board(doc: Document, host: QMainWindow) -> tuple[BoardScene, BoardView]:
    scene = BoardScene(host)
    view = BoardView(scene, doc, Editor(doc), parent=host)
    host.setCentralWidget(view)
    scene.sync(doc.state, doc.scoreboard())
    return scene, view


def test_the_main_window_derives_from_qmainwindow_alone():
    assert MainWindow.__bases__ == (QMainWindow,)


def test_the_files_part_names_the_file_in_the_title_and_saves_it(qtbot, tmp_path):
    doc, host = bare(qtbot)
    files = FilesController(doc, host, session.Autosaver(doc, parent=host))
    menu = QMenu()
    files.add_entries(menu)
    assert texts(menu) == ["&New", "New board of this &kind", "&Open…", "Open &recent",
                           "Open e&xample", "Im&port…", "&Import army list…", "Import &scenario…",
                           "&Save", "Save &as…"]  # fmt: skip
    assert host.windowTitle().startswith("not saved yet — ")
    unit = next(iter(doc.committed.scene.units))
    piece = doc.committed.scene.units[unit]
    assert doc.commit([MovePiece(unit, piece.x + 1, piece.y)], "move") is None
    assert host.windowTitle().startswith("not saved yet * — "), "dirty_changed reaches the title"
    path = tmp_path / "mine.json"
    assert files.save_to(str(path))
    assert path.is_file() and doc.path == str(path)
    assert host.windowTitle().startswith("mine.json — "), "path_changed and a clean stack"
    assert host.statusBar().currentMessage() == f"Saved {path}"


def test_the_export_part_writes_the_board_shown(qtbot, tmp_path):
    doc, host = bare(qtbot)
    exports = ExportController(doc, host)
    menu = QMenu()
    exports.add_entries(menu)
    assert texts(menu) == ["&Export", "&Print (true scale)…"]
    assert exports.export_menu.actions()[0].shortcut().toString() == "Ctrl+E"
    out = tmp_path / "board.svg"
    assert exports.export(str(out)) == 1
    assert out.read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_the_stream_part_streams_a_png_named_in_the_status_bar(qtbot, tmp_path):
    doc, host = bare(qtbot)
    stream = StreamController(doc, host)
    menu = QMenu()
    stream.add_entries(menu)
    assert texts(menu)[0] == "Show/hide &streamer view"
    assert stream.streamer_action.shortcut().toString() == "F10"
    out = tmp_path / "stream.png"
    stream.start_stream_output(str(out))
    assert stream.stream_action.isChecked() and stream.stream_box.isVisibleTo(host)
    assert stream.stream_path.text() == str(out.resolve())
    qtbot.waitUntil(out.is_file, timeout=5000)
    stream.stop_stream_output()
    assert not stream.stream_action.isChecked()


def test_the_referee_part_draws_the_rings_and_rulers_it_adds(qtbot):
    doc, host = bare(qtbot)
    scene, view = board(doc, host)
    referee = RefereeController(doc, host, scene, view)
    menu = QMenu()
    referee.add_entries(menu)
    assert "Range ri&ng around the selection…" in texts(menu)
    unit = next(iter(doc.committed.scene.units))
    referee.toggle_range_ring([unit], 6.0)
    assert [(r.piece_id, r.radius) for r in doc.annotations.rings] == [(unit, 6.0)]
    assert any(isinstance(i, RingItem) for i in scene.items()), "annotations_changed draws"
    ruler = Ruler("r1", (10.0, 10.0), (20.0, 10.0))
    doc.set_annotations(Annotations((ruler,), doc.annotations.rings), "pin")
    QApplication.processEvents()
    pinned = [i for i in scene.items() if isinstance(i, PinnedRulerItem)]
    assert [i.ruler.id for i in pinned] == ["r1"]
    doc.set_selection([], ["r1"])
    assert referee.remove_selected_rulers()
    assert doc.annotations.rulers == ()


# -- the parts split out of the window ------------------------------------------------


def test_the_board_part_shows_each_state_and_keeps_one_selection_with_the_document(qtbot):
    doc, host = bare(qtbot)
    scene, view = board(doc, host)
    score, legend = ScorePanel(), LegendWidget()
    part = BoardController(doc, host, scene, view, score, legend)
    doc.refresh()
    assert score.cell(0, COL_NAME) == "Hold the Ground"
    assert texts(part.viewer_menu) == [
        "Referee (everything)",
        "Equitaine",
        "Orcs",
        "&Next view (referee, then each side)",
    ]
    unit = doc.committed.scene.units["b-boyz"]
    assert doc.commit([MovePiece(unit.id, 30.0, 30.0)], "move") is None
    assert scene.piece_item(unit.id).piece.x == 30.0, "changed syncs the scene"
    scene.piece_item("b-giant").setSelected(True)
    assert doc.selection == ("b-giant",), "a selection on the board is the document's"
    doc.set_selection(["b-boyz", "b-shaman"])
    assert sorted(scene.selected_ids()) == ["b-boyz", "b-shaman"], "and the other way"
    part.set_focus_objective("hold")
    assert part.focus_objective == "hold"
    focus = {pid: item.focus for pid, item in scene.pieces.items() if item.kind == "unit"}
    assert focus["a-knights"] == 1 and focus["b-giant"] == -1, "the counting pieces stand out"


def test_the_tools_part_shows_where_the_one_selected_unit_scores(qtbot):
    doc, host = bare(qtbot)
    _scene, view = board(doc, host)
    tools = ToolsController(doc, host, view, Editor(doc), Palette())
    assert [a.shortcut().toString() for a in tools.tool_actions.values()] == ["V", "M", "T", "Z"]
    view.set_tool(Tool.MEASURE)
    assert tools.tool_actions["measure"].isChecked(), "the menu follows the view's tool"
    tools.scores_action.setChecked(True)
    doc.set_selection(["a-knights"])
    assert tools.regions.items and tools.regions_panel.text().startswith("Where Knights")
    doc.set_selection([])
    assert not tools.regions.items
    assert tools.regions_panel.text() == "Where it scores: select one unit on the board"
    assert tools.help_section() == "Where it scores"


def test_the_edit_part_works_on_the_documents_selection_and_inspects_it(qtbot):
    doc, host = bare(qtbot)
    _scene, view = board(doc, host)
    inspector = Inspector(view.editor)
    edit = EditController(doc, host, view.editor, view, inspector, lambda: False)
    doc.set_selection(["b-giant"])
    assert inspector.piece is not None and inspector.piece.id == "b-giant"
    edit.delete_selected()
    assert "b-giant" not in doc.committed.scene.units
    doc.undo_stack.undo()
    doc.set_selection(["b-giant"])
    edit.duplicate_selected()
    (copy,) = doc.selection
    assert copy != "b-giant" and copy in doc.committed.scene.units, "the copy is selected"
    doc.set_selection([], ["r1"])
    assert inspector.piece is None


def test_the_play_part_records_an_action_and_shows_a_refusal_in_the_turn_bar(qtbot):
    doc, host = bare(qtbot)
    _scene, view = board(doc, host)
    bar = TurnBar(doc)
    play = PlayController(doc, host, view, bar)
    assert [a.shortcut().toString() for a in play.turn_actions] == [
        "Ctrl+Return",
        "Ctrl+Shift+Return",
        "Ctrl+Shift+D",
    ]
    doc.set_selection(["b-boyz"])
    labels = [a.label for a, _why in play.context_actions()]
    assert "Remove Orc Boyz as a casualty" in labels
    before = len(doc.timeline)
    assert play.perform([TurnStart(1)], "Turn 1 again") is not None
    assert len(doc.timeline) == before and bar.message.text().startswith("Refused: Turn 1 again")


def test_the_history_part_says_when_the_board_looks_back(qtbot):
    doc, host = bare(qtbot)
    _scene, view = board(doc, host)
    log = LogPanel(doc)
    raised = []
    history = HistoryController(doc, host, view, log, lambda: raised.append(True))
    doc.look_at(2)
    assert view.notice.text().startswith(f"Looking back: after event 2 of {len(doc.timeline)}")
    assert history.continue_from_here() is None and len(doc.timeline) == 2
    assert view.notice.text() == ""
    history.show_log()
    assert raised == [True]


def test_the_setup_part_renames_the_palettes_sides_and_refuses_while_looking_back(qtbot):
    doc, host = bare(qtbot)
    _scene, view = board(doc, host)
    palette = Palette()
    setup = SetupController(doc, host, view, palette, BriefingPanel(), lambda: None)
    sides = doc.committed.setup.scene.sides
    renamed = (replace(sides[0], name="Bretonnia"), *sides[1:])
    assert doc.replace_sides(renamed, "Sides") is None
    box = palette.side_box
    assert box.itemText(0) == "Bretonnia"
    doc.look_at(1)
    assert setup.open_sides() is None
    assert host.statusBar().currentMessage().startswith("Refused: looking back at event 1")


def test_the_panels_part_shares_one_column_in_a_narrow_window(qtbot):
    doc, host = bare(qtbot)
    widgets = {t: QWidget() for t in ("Score", "Palette", "Inspector", "Game log", "Scenario")}
    toolbar = QToolBar("Turn", host)
    panels = PanelsController(doc, host, widgets, QWidget(), toolbar)
    assert list(panels.docks) == ["Score", "Palette", "Inspector", "Game log", "Scenario"]
    assert texts(panels.menu)[-2:] == ["Turn bar", "Show &all panels"]
    host.resize(1000, 700)
    panels.fit()
    assert panels.compact and host.tabifiedDockWidgets(panels.docks["Score"])
    host.resize(1500, 900)
    panels.fit()
    assert not panels.compact and not host.tabifiedDockWidgets(panels.docks["Palette"])


def test_the_help_part_lists_the_hosts_keys_by_the_names_it_is_given(qtbot):
    doc, host = bare(qtbot)
    undo = doc.undo_stack.createUndoAction(host, "&Undo")
    undo.setShortcut("Ctrl+Z")
    host.menuBar().addMenu("&Edit").addAction(undo)
    help_part = HelpController(doc, host, lambda: "Ruler", {undo: "Undo"})
    host.menuBar().addMenu(help_part.menu)
    rows = help_part.shortcut_rows()
    assert ("Edit", "Undo", "Ctrl+Z") in rows
    assert ("Help", "Quick start (at the tool in use)", "F1") in rows
    window = help_part.help_here()
    assert window is help_part.help_window

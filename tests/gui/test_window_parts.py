"""The main window is made of parts (docs/architecture.md, The Qt layer): it
derives from QMainWindow alone, and each part is a plain QObject that works
built alone with a document and a bare QMainWindow as its host (plus the board
widgets it draws on), its menu entries and its answers to the document's
signals included."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QMainWindow, QMenu

from tabletop_gui.app import session
from tabletop_gui.app.canvas.annotation_items import PinnedRulerItem, RingItem
from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.view import BoardView
from tabletop_gui.app.document import Document
from tabletop_gui.app.editor import Editor
from tabletop_gui.app.export.export_actions import ExportController
from tabletop_gui.app.stream.stream_control import StreamController
from tabletop_gui.app.windows.file_actions import FilesController
from tabletop_gui.app.windows.main_window import MainWindow
from tabletop_gui.app.windows.referee_actions import RefereeController
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game
from tabletop_gui.model.annotations import Annotations, Ruler
from tabletop_gui.model.events import MovePiece


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
                           "Open e&xample", "&Import army list…", "Import &scenario…", "&Save",
                           "Save &as…"]  # fmt: skip
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
    pinned[0].setSelected(True)
    assert referee.remove_selected_rulers()
    assert doc.annotations.rulers == ()

"""View ▸ Stream overlay: the window serves the open game to browser sources, and
the pages, loaded in a real browser engine (Qt WebEngine), follow every edit.
The players' view is the default; the referee's view only when switched on."""

from __future__ import annotations

import json
import socket
import urllib.request

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model.game import Game
from tabletop_gui.play import wording
from tabletop_gui.rules.engine import evaluate, family_of

from .browser import Browser
from .helpers import open_window, start_as_the_program_does

HEX = SCENARIOS / "hex_hochkirch_ridge_demo.json"
CARNEVALE = SCENARIOS / "carnevale_drowned_quarter.json"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def served_window(qtbot, game: Game):
    window = open_window(qtbot, game)
    server = window.stream.start_overlay(port=free_port())
    assert server is not None
    return window, server


def get_json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as resp:
        return json.load(resp)


def test_the_overlay_page_shows_the_score_bar_and_board_and_follows_each_edit(qtbot):
    window, server = served_window(qtbot, Game(load_game(HEX).setup))
    assert window.stream.overlay_action.isChecked()
    assert window.stream.overlay_address.text() == f"{server.url}overlay"
    browser = Browser(qtbot, 1280, 720)
    browser.load(f"{server.url}overlay")
    browser.wait_for("window.overlayShown.version > 0 && window.overlayShown.board")
    assert browser.text("#side-a .name") == "Prussia"
    assert browser.text("#side-b .name") == "Austria"
    assert browser.text("#side-a .total") == "0 banners (target 6)"
    assert browser.text(".clock") == "Setup (before the first turn)"
    assert len(browser.texts(".tile")) == len(window.doc.scoreboard().results)
    # The board picture is drawn for the page's own size and is on screen.
    size = browser.js("[document.getElementById('board-img').naturalWidth, "
                      "document.getElementById('board').clientWidth]")  # fmt: skip
    assert size[0] == pytest.approx(size[1], abs=8)
    first_board = browser.js("window.overlayShown.board")

    # An edit in the window: the turn bar advances; the page follows.
    before = browser.shown()
    qtbot.mouseClick(window.turn_bar.advance_button, Qt.MouseButton.LeftButton)
    browser.wait_for(f"window.overlayShown.version > {before}")
    assert browser.text(".clock").startswith("Turn 1 · Prussia")
    # A unit moves: a new board picture is shown.
    window.editor.commit_move(["b-gren"], 0, 1.5)
    browser.wait_for(f"window.overlayShown.board !== {json.dumps(first_board)}")
    assert any("overlay shown" in m for m in browser.page.console)


def test_the_score_document_is_the_command_lines_for_the_players_view_without_a_path(qtbot):
    window, server = served_window(qtbot, load_game(CARNEVALE))
    doc = get_json(f"{server.url}score.json")
    state = window.doc.state
    side = state.scene.side_ids[0]
    from tabletop_gui.cli import score_json

    expected = score_json("x", load_game(CARNEVALE), state, evaluate(state, viewer=side), side)
    del expected["file"]
    assert doc == json.loads(json.dumps(expected))
    assert "file" not in doc and str(SCENARIOS) not in json.dumps(doc)


def test_the_players_view_hides_a_face_down_value_until_the_person_at_the_machine_turns_it_on(
    qtbot,
):
    """Carnevale's Sunken Relic is held face down by the Rashaar (worth 2 VP in
    the referee's view): the audience sees '?' and a total without it."""
    window, server = served_window(qtbot, load_game(CARNEVALE))
    browser = Browser(qtbot, 1280, 720)
    browser.load(f"{server.url}overlay")
    browser.wait_for("window.overlayShown.version > 0 && window.overlayShown.board")
    tiles = dict(zip(browser.texts(".tile .name"), browser.texts(".tile .text"), strict=True))
    scene = window.doc.state.scene
    words = family_of(window.doc.state.setup).words
    public = evaluate(window.doc.state, viewer=scene.side_ids[0])
    relic = next(r for r in public.results if r.name == "Sunken Relic")
    assert tiles["Sunken Relic"] == wording.tile_text(scene, words, relic, over=False)
    assert "?" in tiles["Sunken Relic"] and "2 VP" not in tiles["Sunken Relic"]
    assert browser.text("#side-b .total") == "3 VP + ? (1 hidden)"
    svg = urllib.request.urlopen(
        server.url.rstrip("/") + browser.js("window.overlayShown.board"), timeout=10
    ).read()
    assert b">?<" in svg, "the face-down marker shows '?' on the board"
    score = get_json(f"{server.url}score.json")
    assert score["totals"]["rashaar"] == 3
    assert not window.stream.overlay_referee_action.isChecked()

    before = browser.shown()
    window.stream.overlay_referee_action.setChecked(True)
    browser.wait_for(f"window.overlayShown.version > {before}")
    assert browser.text("#side-b .total") == "5 VP"
    referee = dict(zip(browser.texts(".tile .name"), browser.texts(".tile .text"), strict=True))
    assert referee["Sunken Relic"] == "The Rashaar leads · 2 VP (face down)"
    assert get_json(f"{server.url}score.json")["view"] == "referee"
    assert "referee" in window.stream.overlay_label.text()
    # A new server starts in the players' view again.
    window.stream.stop_overlay()
    server = window.stream.start_overlay(port=free_port())
    assert server is not None and not window.stream.overlay_referee_action.isChecked()
    assert get_json(f"{server.url}score.json")["totals"]["rashaar"] == 3


@pytest.mark.parametrize(
    ("theme", "background"), [("transparent", "rgba(0, 0, 0, 0)"), ("opaque", "rgb(59, 63, 69)")]
)
def test_the_theme_chosen_by_the_address_is_transparent_or_opaque(qtbot, theme, background):
    _window, server = served_window(qtbot, load_game(HEX))
    browser = Browser(qtbot, 640, 360)
    browser.load(f"{server.url}overlay?theme={theme}")
    browser.wait_for("window.overlayShown.version > 0")
    assert browser.js("getComputedStyle(document.body).backgroundColor") == background
    assert browser.js("getComputedStyle(document.documentElement).backgroundColor") in (
        background,
        "rgba(0, 0, 0, 0)",
    )


def test_the_bar_page_has_no_board_and_the_board_page_no_bar(qtbot):
    window, server = served_window(qtbot, load_game(HEX))
    bar = Browser(qtbot, 1280, 200)
    bar.load(f"{server.url}bar")
    bar.wait_for("window.overlayShown.version > 0")
    assert bar.js("getComputedStyle(document.getElementById('board')).display") == "none"
    assert bar.text("#side-a .total") == "6 banners (target 6 reached)"
    board = Browser(qtbot, 800, 600)
    board.load(f"{server.url}board")
    board.wait_for("window.overlayShown.board")
    assert board.js("getComputedStyle(document.getElementById('bar')).display") == "none"
    assert board.js("document.getElementById('board-img').naturalHeight") > 500
    assert window.stream.overlay_server is server


def test_closing_the_window_stops_the_server(qtbot):
    window, server = served_window(qtbot, load_game(HEX))
    port = server.port
    assert get_json(f"{server.url}score.json")["name"]
    window.close()
    assert window.stream.overlay_server is None
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", port), 2):
        pass


def test_a_port_in_use_is_reported_and_the_menu_item_unchecked(qtbot):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        window = open_window(qtbot, load_game(HEX))
        assert window.stream.start_overlay(port=port) is None
        assert not window.stream.overlay_action.isChecked()
        assert f"127.0.0.1:{port}" in window.statusBar().currentMessage()


def held_port() -> socket.socket:
    """A port listened on by someone else (a stale ``tabletop-gui serve``)."""
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    return taken


def whole_text_shows(edit) -> bool:
    """The line edit's text fits its box, and with the cursor at its end (the
    end in view, the box painted) its first character is still at the left
    edge: nothing of the text is scrolled away."""
    margins = edit.textMargins()
    room = edit.contentsRect().width() - margins.left() - margins.right() - 2 * 2
    fits = edit.fontMetrics().horizontalAdvance(edit.text()) < room
    edit.setCursorPosition(len(edit.text()))
    edit.grab()  # a line edit scrolls its text when painted
    left = edit.contentsRect().left() + margins.left() + 3
    start_shows = edit.cursorPositionAt(QPoint(left, edit.height() // 2)) == 0
    edit.setCursorPosition(0)
    return fits and start_shows


@pytest.mark.parametrize("width", [800, 1024, 1366, 1920])
def test_the_usual_port_taken_is_said_plainly_and_the_whole_address_shows(
    qtbot, monkeypatch, tmp_path, width
):
    """The tester's case: a stale ``serve`` on the usual port, View ▸ Stream overlay
    served on another with no word, and the box read ``http://127.0.0.1:876``.
    The window says the usual port is taken and which one it uses, and the box
    shows the whole address (docs/streaming.md, The stream overlay (OBS Browser Source))."""
    from tabletop_gui.overlay import server as overlay_server

    with held_port() as taken:
        usual = taken.getsockname()[1]
        monkeypatch.setattr(overlay_server, "DEFAULT_PORT", usual)
        window = open_window(qtbot, load_game(HEX))
        window.resize(width, 800)
        # The PNG's box too: both boxes share the status bar.
        window.stream.start_stream_output(str(tmp_path / "stream.png"))
        server = window.stream.start_overlay()
        assert server is not None and server.port != usual
        QApplication.processEvents()
        address = f"http://127.0.0.1:{server.port}/overlay"
        edit = window.stream.overlay_address
        assert edit.text() == address
        assert edit.isVisible() and whole_text_shows(edit)
        right = edit.mapTo(window, QPoint(edit.width(), 0)).x()
        assert right <= window.width()
        moved = window.stream.overlay_moved
        assert moved.isVisible() and str(usual) in moved.text()
        assert f"127.0.0.1:{usual}/overlay" in moved.toolTip()
        bar = window.statusBar()
        message = bar.currentMessage()
        assert f"port {usual} is in use" in message and address in message
        # Whole, beside the boxes or over them while it shows (docs/canvas.md, Status bar).
        assert bar.shown_message() == message
        window.grab().save(str(tmp_path / f"status_{width}.png"))
        window.grab().save(str(tmp_path / f"status_{width}.png"))
        window.stream.stop_overlay()


def test_the_usual_port_free_says_nothing_of_another(qtbot):
    window, server = served_window(qtbot, load_game(HEX))
    assert not server.moved
    assert not window.stream.overlay_moved.isVisible()
    assert whole_text_shows(window.stream.overlay_address)


def test_a_stream_on_when_the_program_closed_is_said_to_be_off_at_the_next_start(
    qtbot, monkeypatch, tmp_path
):
    """The overlay and the PNG start off, whatever they were: an OBS source would go
    stale unnoticed, so the next start says so, once (docs/streaming.md, After a
    restart)."""
    window = open_window(qtbot, load_game(HEX))
    window.stream.start_stream_output(str(tmp_path / "stream.png"))
    assert window.stream.start_overlay(port=free_port()) is not None
    window.close()
    again = start_as_the_program_does(qtbot, monkeypatch)
    assert again.stream.overlay_server is None and again.stream.stream_output is None
    message = again.statusBar().currentMessage()
    assert "The stream overlay and the PNG for streaming (stream.png) were on" in message
    assert "off now" in message and "View ▸ Stream overlay" in message
    QApplication.processEvents()
    again.grab().save(str(tmp_path / "restart.png"))
    again.close()
    third = start_as_the_program_does(qtbot, monkeypatch)
    assert "were on" not in third.statusBar().currentMessage()  # said once


def test_a_stream_turned_off_before_closing_is_not_mentioned_at_the_next_start(qtbot, monkeypatch):
    window = open_window(qtbot, load_game(HEX))
    window.stream.toggle_overlay()  # on (the usual port, or the next free one)
    assert window.stream.overlay_server is not None
    window.stream.toggle_overlay()  # and off again
    window.close()
    again = start_as_the_program_does(qtbot, monkeypatch)
    assert "was on" not in again.statusBar().currentMessage()


def test_a_second_window_does_not_call_a_stream_another_window_runs_off(qtbot, monkeypatch):
    """A second window opened to look something up (docs/streaming.md, After a
    restart) said "The stream overlay was on when the program last closed; it is
    off now" while the first was serving it, and cleared the mark, so the real
    notice never came once the first window closed."""
    first = open_window(qtbot, load_game(HEX))
    assert first.stream.start_overlay(port=free_port()) is not None
    second = start_as_the_program_does(qtbot, monkeypatch)
    assert "was on" not in second.statusBar().currentMessage()
    second.close()
    first.close()  # now it is off
    third = start_as_the_program_does(qtbot, monkeypatch)
    assert "The stream overlay was on" in third.statusBar().currentMessage()


def test_a_stream_another_running_program_serves_is_not_called_off(qtbot, monkeypatch):
    """Another process (a window of another run) marks the overlay on with its
    process id: while it runs, a start says nothing; once it has ended, the
    start says the overlay is off now."""
    import subprocess
    import sys

    from tabletop_gui.app import session
    from tabletop_gui.app.stream.stream_control import OVERLAY_ON_KEY

    if sys.platform == "win32":
        pytest.skip("another process is not asked on Windows")
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        session.settings().setValue(OVERLAY_ON_KEY, other.pid)
        window = start_as_the_program_does(qtbot, monkeypatch)
        assert "was on" not in window.statusBar().currentMessage()
        window.close()
    finally:
        other.kill()
        other.wait()
    again = start_as_the_program_does(qtbot, monkeypatch)
    assert "The stream overlay was on" in again.statusBar().currentMessage()


@pytest.mark.parametrize(
    ("overlay_on", "said"),
    [
        (
            "99999999999999999999999",
            False,
        ),  # no process id: os.kill's OverflowError ended the start
        ("²²", False),  # digits to str.isdigit, not to int()
        ("4194305", True),  # a process id no process has: on when the program closed
    ],
)
def test_a_settings_file_with_any_text_as_the_overlays_process_still_starts(
    qtbot, monkeypatch, tmp_path, overlay_on, said
):
    from tabletop_gui.app.stream.stream_control import OVERLAY_ON_KEY

    ini = tmp_path / "settings.ini"  # as a hand edit leaves it (the GUI conftest's file)
    ini.write_text(f"[General]\n{OVERLAY_ON_KEY}={overlay_on}\n", encoding="utf-8")
    window = start_as_the_program_does(qtbot, monkeypatch)
    assert ("The stream overlay was on" in window.statusBar().currentMessage()) is said
    assert window.doc.state.scene.units  # the board is open

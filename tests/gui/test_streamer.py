"""The streamer view (a second window that follows the main one) and the PNG
output for streaming (rewritten atomically on every change)."""

from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QAction, QGuiApplication, QImage
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas.items import readable
from tabletop_gui.app.stream import audience, board_picture, png_output, score_bar
from tabletop_gui.app.stream.score_bar import bar_height, bar_unit
from tabletop_gui.app.stream.window import StreamerWindow
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model.game import Game
from tabletop_gui.play.score_bar import BarContent, BarSide, BarTile
from tabletop_gui.rules.carnevale.fields import REVEALED
from tabletop_gui.rules.registry import find_family

from .helpers import open_window

CARNEVALE = SCENARIOS / "carnevale_drowned_quarter.json"
HEX = SCENARIOS / "hex_hochkirch_ridge_demo.json"


def test_streamer_view_shows_sides_totals_standings_and_turn_and_follows_live(qtbot):
    window = open_window(qtbot, Game(load_game(HEX).setup))
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    streamer.resize(1920, 1080)
    qtbot.waitExposed(streamer)
    info = streamer.bar.info
    assert [s.name for s in info.sides] == ["Prussia", "Austria"]
    assert [s.total for s in info.sides] == ["0 banners (target 6)", "0 banners (target 6)"]
    assert len(info.tiles) == len(window.doc.scoreboard().results)
    assert info.clock == "Setup (before the first turn)"
    assert not streamer.findChildren(type(window.turn_bar)), "no editing chrome"
    # The main window advances: the streamer follows within its throttle.
    qtbot.mouseClick(window.turn_bar.advance_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: streamer.bar.info.clock.startswith("Turn 1 · Prussia"), timeout=1000)
    # Pieces follow too: move a unit in the main window.
    unit = window.doc.committed.scene.units["b-gren"]
    window.editor.commit_move(["b-gren"], 0, 1.5)
    moved = window.doc.committed.scene.units["b-gren"]
    assert moved is not unit
    qtbot.waitUntil(lambda: streamer.scene.piece_item("b-gren").piece is moved, timeout=1000)
    # Full screen and back.
    qtbot.keyClick(streamer, Qt.Key.Key_F11)
    assert streamer.isFullScreen()
    qtbot.keyClick(streamer, Qt.Key.Key_Escape)
    assert not streamer.isFullScreen()


def test_score_bar_text_is_large_enough_to_read_at_1920_by_1080(qtbot):
    """26 px base text (objective names 23 px, side names 32 px) at stream size;
    the bar leaves most of the height to the board."""
    window = open_window(qtbot, load_game(HEX))
    streamer = StreamerWindow(window.doc)
    qtbot.addWidget(streamer)
    assert bar_unit(1920, 1080) == 26
    h = bar_height(streamer.bar.info, 1920, 1080)
    assert h < 1080 * 0.4
    image = streamer.frame(QSize(1920, 1080))
    assert (image.width(), image.height()) == (1920, 1080)


def _complete_png(data: bytes) -> bool:
    return data.startswith(b"\x89PNG\r\n\x1a\n") and data.endswith(b"IEND\xaeB`\x82")


def test_stream_png_is_rewritten_within_a_second_and_never_read_half_written(qtbot, tmp_path):
    window = open_window(qtbot, Game(load_game(HEX).setup))
    path = tmp_path / "stream" / "board.png"
    out = window.stream.start_stream_output(str(path))
    assert window.stream.stream_box.isVisible()
    assert window.stream.stream_path.text() == str(path.resolve())
    window.stream.copy_stream_path()
    assert QGuiApplication.clipboard().text() == str(path.resolve())
    assert path.exists() and _complete_png(path.read_bytes())
    first = out.writes
    stop = threading.Event()
    bad: list[int] = []
    reads = [0]

    def reader() -> None:
        while not stop.is_set():
            try:
                data = path.read_bytes()
            except FileNotFoundError:
                bad.append(-1)
                continue
            reads[0] += 1
            if not _complete_png(data):
                bad.append(len(data))

    thread = threading.Thread(target=reader)
    thread.start()
    try:
        latencies = []
        for _ in range(4):
            n = out.writes
            t0 = time.monotonic()
            qtbot.mouseClick(window.turn_bar.advance_button, Qt.MouseButton.LeftButton)
            qtbot.waitUntil(lambda n=n: out.writes > n, timeout=1000)  # within one second
            latencies.append(time.monotonic() - t0)
    finally:
        stop.set()
        thread.join()
    print(f"stream PNG rewritten after {', '.join(f'{s * 1000:.0f}' for s in latencies)} ms")
    assert out.writes >= first + 4
    assert reads[0] > 0 and bad == []
    # No temp file left; the lock holds the PNG for this window while it streams.
    left = sorted(p.name for p in path.parent.iterdir())
    assert left == ["board.png", "board.png.lock"], "no temp file left"
    image = QImage(str(path))
    assert (image.width(), image.height()) == (1920, 1080)
    window.stream.stop_stream_output()
    assert not window.stream.stream_box.isVisible()
    n = path.stat().st_mtime_ns
    qtbot.mouseClick(window.turn_bar.advance_button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    qtbot.wait(350)
    assert path.stat().st_mtime_ns == n, "stopped: no more rewrites"


# -- what the audience sees: the referee's view by default, the players' on request --


def _totals(board, scene, family="carnevale") -> list[str]:
    words = find_family(family).words
    return [words.count(board.totals.get(s, 0)) for s in scene.side_ids]


def test_streamer_totals_equal_the_score_panels_in_the_referees_view_hidden_values_included(
    qtbot,
):
    """The Drowned Quarter after its log: The Rashaar hold the face-down Sunken
    Relic (2 VP). The score panel (referee's view) says Rashaar 5, Guild 4; the
    streamer, switched to the referee's view, says the same."""
    audience.stream_settings().set_show_hidden(True)
    window = open_window(qtbot, load_game(CARNEVALE))
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    board = window.doc.scoreboard()
    scene = window.doc.state.scene
    assert "Guild of Thieves 4, The Rashaar 5" in window.score_panel.summary.text()
    assert [s.total for s in streamer.bar.info.sides] == _totals(board, scene) == ["4 VP", "5 VP"]
    relic = next(s for s in streamer.bar.info.tiles if s.name == "Sunken Relic")
    assert relic.text == "The Rashaar leads · 2 VP (face down)"
    assert "referee's view" in streamer.windowTitle()
    assert streamer.scene.piece_item("obj-relic").text == "2?", "the value, marked face down"
    # The tile's tooltip has the whole standing and the rule's reason.
    i = streamer.bar.info.tiles.index(relic)
    lay = score_bar.bar_layout(streamer.bar.info, streamer.bar.width(), streamer.height())
    at = lay.tiles[i][0].center().toPoint()
    assert streamer.bar.standing_at(at) == relic
    assert relic.detail == board.result(board.results[i].objective_id).reason != ""


def test_players_view_marks_the_unknown_value_in_the_total_instead_of_leaving_it_out(qtbot):
    """Switched to the players' view (the window's H key): the Relic's 2 VP are not
    known to the players, so The Rashaar read '3 VP + ? (1 hidden)', never a bare 3."""
    audience.stream_settings().set_show_hidden(True)  # then H: the players' view
    window = open_window(qtbot, load_game(CARNEVALE))
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    qtbot.waitExposed(streamer)
    qtbot.keyClick(streamer, Qt.Key.Key_H)
    assert not audience.stream_settings().show_hidden
    info = streamer.bar.info
    assert [s.total for s in info.sides] == ["4 VP", "3 VP + ? (1 hidden)"]
    relic = next(s for s in info.tiles if s.name == "Sunken Relic")
    assert relic.text == "The Rashaar leads · ? VP (hidden)"
    assert "players' view" in streamer.windowTitle()
    relic = streamer.scene.piece_item("obj-relic")
    assert "hidden" in relic.marker.rules and not REVEALED.of(relic.marker)
    assert relic.text == "?", "face down: no value on the board"
    assert window.scene.piece_item("obj-relic").text == "2?", "the main window still shows it"
    # The main window's View menu has the same switch, and it follows.
    action = next(
        a
        for a in window.findChildren(type(streamer.show_hidden_action))
        if a.text().startswith("Streamer shows hidden values")
    )
    assert not action.isChecked()
    action.trigger()
    assert [s.total for s in streamer.bar.info.sides] == ["4 VP", "5 VP"]


def test_the_stream_png_follows_the_audience_view_setting(qtbot, tmp_path):
    audience.stream_settings().set_show_hidden(True)
    window = open_window(qtbot, load_game(CARNEVALE))
    out = window.stream.start_stream_output(str(tmp_path / "s.png"))
    assert not out.scene.public
    n = out.writes
    audience.stream_settings().set_show_hidden(False)
    qtbot.waitUntil(lambda: out.writes > n, timeout=1000)
    assert out.scene.public and out.scene.piece_item("obj-relic").text == "?"
    window.stream.stop_stream_output()


# -- the picture: board surface, centred, readable labels, whole standings --------------


def _pixels(image: QImage):
    import numpy as np

    image = image.convertToFormat(QImage.Format.Format_RGB32)
    w, h = image.width(), image.height()
    data = np.frombuffer(image.constBits(), np.uint8, image.bytesPerLine() * h)
    return data.reshape(h, image.bytesPerLine() // 4, 4)[:, :w, :3][..., ::-1]  # RGB


def _board_box(image: QImage) -> tuple[int, int, int, int, int, int]:
    """The board's bounding box in a streamer picture, measured from the pixels:
    rows above the score bar (whose left edge is the bar's backdrop colour), and
    in them the rows and columns mostly light (the board surface; labels around
    it are thin). Returns left, top, right, bottom and the area's width, height."""
    import numpy as np

    rgb = _pixels(image).astype(int)
    backdrop = np.array(score_bar.BACKDROP.getRgb()[:3])
    bar_rows = np.where(np.abs(rgb[:, 0, :] - backdrop).sum(axis=1) == 0)[0]
    area_h = int(bar_rows.min())
    light = rgb[:area_h].mean(axis=2) > 150
    cols, rows = light.sum(axis=0), light.sum(axis=1)
    xs = np.where(cols > 0.3 * cols.max())[0]
    ys = np.where(rows > 0.3 * rows.max())[0]
    return int(xs.min()), int(ys.min()), int(xs.max()), int(ys.max()), rgb.shape[1], area_h


#: Centred to within this many pixels (measured from the pixels: a hex board's
#: outline is not mirror-symmetric to the pixel). Off-centre was 600 px.
CENTRED_PX = 8

FILES = [
    SCENARIOS / "t9a_frontline_clash_demo.json",
    SCENARIOS / "t9a_refused_flank_spoils_of_war.json",
    CARNEVALE,
    HEX,
]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_stream_png_has_the_board_centred_in_the_1920_by_1080_frame(qtbot, tmp_path, path):
    window = open_window(qtbot, load_game(path))
    out = window.stream.start_stream_output(str(tmp_path / "s.png"))
    image = QImage(str(tmp_path / "s.png"))
    assert (image.width(), image.height()) == (1920, 1080)
    left, top, right, bottom, w, h = _board_box(image)
    print(f"{path.stem}: board x {left}-{right} of {w}, y {top}-{bottom} of {h}")
    assert max((right - left) / w, (bottom - top) / h) > 0.75, "the board fills the picture"
    assert abs(left - (w - 1 - right)) <= CENTRED_PX, "as much room left as right"
    assert abs(top - (h - 1 - bottom)) <= CENTRED_PX, "as much room above as below"
    window.stream.stop_stream_output()
    assert out.scene is not None


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_streamer_window_draws_the_board_surface_centred_with_its_grid(qtbot, path):
    from tabletop_gui.app import style

    window = open_window(qtbot, load_game(path))
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    streamer.resize(1920, 1080)
    qtbot.waitExposed(streamer)
    QApplication.processEvents()
    image = streamer.grab().toImage()
    rgb = _pixels(image)
    surface = (rgb == style.BOARD.getRgb()[:3]).all(axis=2).mean()
    # 4.6% on the hex demo, whose margin also holds the hexes' names
    assert surface > 0.04, f"the board surface is drawn ({surface:.1%} of the picture)"
    left, top, right, bottom, w, h = _board_box(image)
    assert abs(left - (w - 1 - right)) <= CENTRED_PX
    assert abs(top - (h - 1 - bottom)) <= CENTRED_PX


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_unit_names_are_at_least_15_px_tall_at_1080p(qtbot, tmp_path, path):
    window = open_window(qtbot, load_game(path))
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    streamer.resize(1920, 1080)
    qtbot.waitExposed(streamer)
    QApplication.processEvents()
    in_window = streamer.scene.name_px(streamer.view.pixels_per_inch())
    out = window.stream.start_stream_output(str(tmp_path / "s.png"))
    ppi = out.board_rect.width() / board_picture.shown_rect(out.scene).width()
    in_png = out.scene.name_px(ppi)
    print(f"{path.stem}: unit names {in_window:.1f} px in the window, {in_png:.1f} px in the PNG")
    assert in_window >= 15 and in_png >= 15
    window.stream.stop_stream_output()


def test_a_long_standing_wraps_in_its_tile_instead_of_being_cut_off(qtbot):
    from PySide6.QtGui import QFontMetricsF

    text = "The Most Serene Guild of Thieves and Cutpurses leads · 3 VP (face down)"
    sides = (BarSide("A", "A", "#0000ff", "1 VP"), BarSide("B", "B", "#ff0000", "2 VP"))
    tiles = tuple(
        BarTile(f"Objective {i}", text if i == 1 else "nobody yet · 0–0", None) for i in range(6)
    )
    info = BarContent("A scenario", "Round 2", sides, tiles, "")
    short = score_bar.bar_layout(
        BarContent(info.title, info.clock, sides, tiles[:1] + tiles[2:], ""), 1920, 1080
    )
    lay = score_bar.bar_layout(info, 1920, 1080)
    rect, lines = lay.tiles[1]
    assert len(lines) == 2 and " ".join(lines) == text, "the whole text, on two lines"
    fm = QFontMetricsF(score_bar._font(lay.unit * 0.85))
    assert all(fm.horizontalAdvance(line) <= rect.width() - lay.unit * 0.9 for line in lines)
    assert lay.tiles[0][0].height() == rect.height(), "its row grew to fit it"
    assert lay.height > short.height
    # In the window, the tile's tooltip has the full text and the rule's reason.
    assert score_bar.wrap_text(text, fm, 120, 2)[-1].endswith("…")


def test_default_stream_file_is_in_the_data_folder_named_once(monkeypatch, qapp):
    monkeypatch.delenv("TABLETOP_GUI_DATA_DIR", raising=False)
    path = png_output.default_stream_path()
    assert path.name == "stream.png"
    assert path.parent.name == "tabletop_gui"
    assert path.parent.parent.name != "tabletop_gui", f"not doubled: {path}"


def test_a_stream_png_it_cannot_write_is_reported_by_its_own_name(qtbot, tmp_path):
    """The stream output makes its folder; where it cannot (a file in the way)
    the message names the stream file, never the temp file beside it."""
    (tmp_path / "blocked").write_text("a file, not a folder")
    window = open_window(qtbot, load_game(HEX))
    out = window.stream.start_stream_output(str(tmp_path / "ok.png"))
    messages: list[str] = []
    out.failed.connect(messages.append)
    out.path = tmp_path / "blocked" / "stream.png"
    out.write()
    assert len(messages) == 1 and messages[0].startswith(str(out.path)), messages
    assert ".tmp" not in messages[0]
    window.stream.stop_stream_output()


def test_f10_in_the_main_window_opens_the_streamer_view_and_closes_it_again(demo, qtbot):
    action = next(a for a in demo.findChildren(QAction) if a.shortcut().toString() == "F10")
    action.trigger()
    assert demo.stream.streamer is not None and demo.stream.streamer.isVisible()
    action.trigger()
    assert not demo.stream.streamer.isVisible()
    action.trigger()
    assert demo.stream.streamer.isVisible()


def test_the_fast_png_encoder_writes_the_picture_exactly(qtbot, tmp_path):
    """The stream PNG is encoded by our own quick encoder (Sub filter, zlib 1):
    Qt reads it back pixel for pixel, in odd sizes too."""
    import numpy as np

    from tabletop_gui.app.stream.png_encode import encode_png, rgb_pixels

    rng = np.random.default_rng(7)
    for w, h in ((1920, 1080), (333, 17), (1, 1)):
        image = QImage(w, h, QImage.Format.Format_RGB32)
        noise = rng.integers(0, 2**24, size=(h, w), dtype=np.uint32) | np.uint32(0xFF000000)
        for y in range(0, h, max(1, h // 7)):
            for x in range(0, w, max(1, w // 11)):
                image.setPixel(x, y, int(noise[y, x]))
        path = tmp_path / f"{w}x{h}.png"
        path.write_bytes(encode_png(rgb_pixels(image)))
        back = QImage(str(path))
        assert (back.width(), back.height()) == (w, h)
        assert (_pixels(back) == _pixels(image)).all()


@pytest.mark.parametrize("size", [(480, 270), (640, 360)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_small_picture_keeps_the_score_bar_to_under_a_third_of_its_height(qtbot, size):
    """The hex demo's nine objectives took half of a 640 x 360 picture: the bar
    now keeps standings to one line (then beside the name) to stay under 30%."""
    window = open_window(qtbot, load_game(HEX))
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    streamer.resize(*size)
    qtbot.waitExposed(streamer)
    QApplication.processEvents()
    streamer.sync()
    w, h = size
    info = streamer.bar.info
    lay = score_bar.bar_layout(info, w, h)
    assert lay.height <= score_bar.MAX_SHARE * h
    assert all(len(lines) == 1 for _rect, lines in lay.tiles)
    assert len(lay.tiles) == len(info.tiles) == 9, "every objective keeps its tile"
    big = score_bar.bar_layout(info, 1920, 1080)
    assert not big.inline and big.height > lay.height


def test_a_range_circles_caption_goes_where_it_covers_no_piece(qtbot):
    """On the Carnevale board the Golden Mask's '3 in from the objective's edge'
    sat right of its ring, among Deep Spawn, Cutpurse and Bravo."""
    from tabletop_gui.app.canvas.items import MarkerItem, UnitItem
    from tabletop_gui.app.canvas.label_spots import drawn_size
    from tabletop_gui.app.canvas.overlays import LABEL_IN, CircleOverlay

    window = open_window(qtbot, load_game(CARNEVALE))
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    streamer.resize(1920, 1080)
    qtbot.waitExposed(streamer)
    QApplication.processEvents()
    streamer.sync()
    scene = streamer.scene
    circles = [
        o for o in scene.overlay_items()
        if isinstance(o, CircleOverlay) and o.circle.label and o.show_label
    ]  # fmt: skip
    assert circles
    bodies = []
    for it in scene.pieces.values():
        if isinstance(it, UnitItem):
            bodies.append((it.unit.name, it.path.boundingRect().translated(it.pos())))
        elif isinstance(it, MarkerItem):
            r = it.radius
            bodies.append((it.caption, QRectF(-r, -r, 2 * r, 2 * r).translated(it.pos())))
    for o in circles:
        size = readable(LABEL_IN * o.ts, scene.label_ppi)
        w, h = drawn_size(o.circle.label, size, bold=True)
        c = o.pos() + o.label_offset(w, h)
        box = QRectF(c.x() - w / 2, c.y() - h / 2, w, h)
        assert scene.board_rect().contains(box)
        assert [n for n, b in bodies if b.intersects(box)] == [], o.circle.label


def test_looking_back_in_the_window_tells_the_audience_it_is_a_replay(qtbot):
    """The referee looks back at event 10 of the bundled battle: the streamer
    shows that moment, and its bar says it is a replay, and of which event
    (docs/streaming.md, The streamer view)."""
    window = open_window(qtbot, load_game(HEX))
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    streamer.resize(1920, 1080)
    qtbot.waitExposed(streamer)
    total = len(window.doc.timeline.events)
    assert not streamer.bar.info.clock.startswith("Replay")
    window.doc.look_at(10)
    qtbot.waitUntil(lambda: streamer.bar.info.clock.startswith("Replay"), timeout=1000)
    assert streamer.bar.info.clock.startswith(f"Replay, event 10 of {total} · Turn ")
    window.doc.look_at(None)  # back to the present
    qtbot.waitUntil(lambda: not streamer.bar.info.clock.startswith("Replay"), timeout=1000)

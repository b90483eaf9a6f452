"""The /camera overlay page (docs/streaming.md, The camera page), in a real
browser engine: the board's overlays drawn in the camera's perspective, so the
board's corners land on the photo's board corners; live like the other pages."""

from __future__ import annotations

import socket
from dataclasses import replace

import numpy as np
import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QImage, QPainter

from tabletop_gui.app.camera.photo import to_qimage
from tabletop_gui.camera import synthetic
from tabletop_gui.camera.records import alignment_of, lens_record
from tabletop_gui.camera.table_read import read_table
from tabletop_gui.model import ObjectiveSpec, Setup
from tabletop_gui.model.camera import TableCamera
from tabletop_gui.model.events import MovePiece
from tabletop_gui.model.game import Game

from .browser import Browser
from .helpers import open_window

FRAME = (1280, 720)
TRUTH = synthetic.random_table(7, units=6)
CAMERA = synthetic.camera_for(TRUTH.board.extent, FRAME, 35.0)
CORNERS = [(0.0, 0.0), (72.0, 0.0), (72.0, 48.0), (0.0, 48.0)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def photo() -> np.ndarray:
    return synthetic.render(TRUTH, CAMERA, tag_size=2.0)


def aligned_game(photo: np.ndarray) -> Game:
    """The tagged table with its camera aligned from the photo (as the window or
    `table -o` keep it), and an objective whose control radius the page draws."""
    lens = CAMERA.lens
    reading = read_table(TRUTH, photo, lens=lens, tag_size=2.0)
    camera = TableCamera(tag_size=2.0, alignment=alignment_of(reading.fit),
                         lens=lens_record(lens))  # fmt: skip
    hold = ObjectiveSpec("hold", "t9a.hold_the_ground", {"centre": [36, 24]})
    return Game(Setup("t9a", TRUTH, name="camera page", objectives=(hold,)), camera=camera)


def corners_on_page(browser: Browser) -> list[tuple[float, float]]:
    """Where the page draws the board's corners: the browser's own transform of
    the picture (its computed matrix3d) applied to where the board lies in it."""
    js = """(() => {
      const img = document.getElementById('board-img');
      const m = new DOMMatrix(getComputedStyle(img).transform);
      const [rx, ry, rw, rh] = window.overlayShown.rect;
      return [[0, 0], [72, 0], [72, 48], [0, 48]].map(([x, y]) => {
        const p = m.transformPoint(new DOMPoint(rx + x / 72 * rw, ry + (48 - y) / 48 * rh, 0, 1));
        return [p.x / p.w, p.y / p.w];
      });
    })()"""
    return [tuple(p) for p in browser.js(js)]


def test_the_camera_page_puts_the_boards_corners_on_the_photos_within_2_px(qtbot, photo, tmp_path):
    window = open_window(qtbot, aligned_game(photo))
    server = window.stream.start_overlay(port=free_port())
    assert server is not None
    browser = Browser(qtbot, *FRAME)
    browser.load(f"{server.url}camera")
    browser.wait_for("Boolean(window.overlayShown.camera) && window.overlayShown.version > 0")
    assert browser.js("getComputedStyle(document.getElementById('camera-note')).display") == "none"
    truth = CAMERA.project(np.array(CORNERS))  # where the real lens put them
    for (x, y), (tx, ty) in zip(corners_on_page(browser), truth, strict=True):
        assert abs(x - tx) <= 2 and abs(y - ty) <= 2, ((x, y), (tx, ty))
    # Looked at: the page over the photo.
    qtbot.wait(300)
    page = browser.view.grab().toImage()
    under = to_qimage(photo).convertToFormat(QImage.Format.Format_ARGB32)
    painter = QPainter(under)
    painter.drawImage(QPoint(0, 0), page)
    painter.end()
    under.save(str(tmp_path / "camera-page-over-photo.png"))
    # Live: an edit reaches the page as on the other pages.
    shown = browser.shown()
    unit = next(iter(TRUTH.units))
    window.doc.commit([MovePiece(unit, 30.0, 20.0)], "move")
    qtbot.waitUntil(lambda: browser.shown() > shown, timeout=10_000)
    window.stream.stop_overlay() if hasattr(window.stream, "stop_overlay") else None


@pytest.mark.parametrize("theme", ["transparent", "opaque"])
def test_the_camera_page_without_a_camera_alignment_says_so_in_a_corner(qtbot, photo, theme,
                                                                        tmp_path):  # fmt: skip
    """Nothing else to show: a small note says why, in both themes (docs/streaming.md,
    The camera page)."""
    game = replace(aligned_game(photo), camera=None)
    window = open_window(qtbot, game)
    server = window.stream.start_overlay(port=free_port())
    browser = Browser(qtbot, *FRAME)
    browser.load(f"{server.url}camera?theme={theme}")
    browser.wait_for("window.overlayShown.version")
    assert browser.js("window.overlayShown.camera") is None
    assert (
        browser.js("getComputedStyle(document.getElementById('board-img')).visibility") == "hidden"
    )
    if theme == "transparent":
        assert browser.js("getComputedStyle(document.body).backgroundColor") == "rgba(0, 0, 0, 0)"
    browser.wait_for("window.overlayShown.cameraNote")
    assert browser.text("#camera-note").startswith("No camera alignment in this game")
    # Small, in the top left corner: under 5% of the page.
    box = browser.js(
        "(() => { const r = document.getElementById('camera-note')"
        ".getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()"
    )
    assert box[0] < 20 and box[1] < 20, box
    assert 0 < box[2] * box[3] < 0.05 * FRAME[0] * FRAME[1], box
    qtbot.wait(200)
    browser.view.grab().save(str(tmp_path / f"camera-note-{theme}.png"))
    # Aligned later (a table photo read in the window): the note goes.
    window.doc.set_camera(aligned_game(photo).camera, "Camera alignment")
    browser.wait_for("!window.overlayShown.cameraNote && Boolean(window.overlayShown.camera)")
    assert browser.js("getComputedStyle(document.getElementById('camera-note')).display") == "none"

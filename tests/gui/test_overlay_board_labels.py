"""The stream overlay's board picture (the SVG the /overlay and /board pages
show), read in a real browser engine: at 640 x 360 and at 1920 x 1080 no label
covers another (names, captions, zone and terrain labels, the axis numbers and
the sides' names, as the browser lays the text out), the axis numbers are
readable, and impassable terrain is hatched with lines as in the window, not
with a pattern the browser draws as coarse squares."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, QUrl

from tabletop_gui.app.canvas.items import MarkerItem, UnitItem, _note
from tabletop_gui.app.stream.board_picture import MIN_LABEL_PX, StreamScene, board_svg
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.rules.engine import evaluate, replay

from .browser import Browser
from .test_labels_no_overlap import label_texts

FILES = sorted(SCENARIOS.glob("*.json"))
SIZES = [(640, 360), (1920, 1080)]


def overlay_svg(path, size) -> tuple[bytes, StreamScene]:
    """The board picture the overlay serves at ``size`` (the players' view)."""
    game = load_game(str(path))
    state = replay(game.setup, game.events, len(game.events))
    scene = StreamScene(public=True)
    svg = board_svg(scene, *size, state, evaluate(state, viewer=state.scene.side_ids[0]),
                    game.annotations)  # fmt: skip
    return svg, scene


def text_boxes(qtbot, svg: bytes, size) -> list[tuple[str, QRectF]]:
    """Every text of the SVG as the browser draws it: (text, box in page pixels)."""
    browser = Browser(qtbot, *size)
    page = f'<html><body style="margin:0">{svg.decode("utf-8")}</body></html>'
    with qtbot.waitSignal(browser.view.loadFinished, timeout=30000):
        browser.view.setHtml(page, QUrl("http://127.0.0.1/"))
    boxes = browser.js(
        "[...document.querySelectorAll('text')].map(t => { const r = "
        "t.getBoundingClientRect(); return [t.textContent, r.x, r.y, r.width, r.height]; })"
    )
    return [(t, QRectF(x, y, w, h)) for t, x, y, w, h in boxes]


def clashes(boxes: list[tuple[str, QRectF]], texts: set[str]) -> list[tuple[str, str]]:
    # Half a pixel off each side: boxes that only share antialiased edge pixels do not clash.
    mine = [(t, r.adjusted(0.5, 0.5, -0.5, -0.5)) for t, r in boxes if t in texts]
    return [
        (a, b) for i, (a, ra) in enumerate(mine) for b, rb in mine[i + 1 :] if ra.intersects(rb)
    ]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_no_label_of_the_overlays_board_covers_another_in_a_browser(qtbot, path, size):
    svg, scene = overlay_svg(path, size)
    boxes = text_boxes(qtbot, svg, size)
    axis = {t for t, _ in boxes if t.isdigit() and int(t) % 6 == 0 and int(t) >= 6}
    sides = {f"{s.name} (side {k})" for s, k in zip(scene.state.scene.sides, "AB", strict=False)}
    texts = label_texts(scene) | axis | sides
    drawn = {t for t, _ in boxes}
    assert texts - axis <= drawn | _left_out(scene)
    assert clashes(boxes, texts) == []
    # The axis numbers are read from the stream: never under MIN_LABEL_PX tall.
    if axis:
        assert min(r.height() for t, r in boxes if t in axis) >= MIN_LABEL_PX
    assert b"<pattern" not in svg  # hatching drawn as lines


def _left_out(scene: StreamScene) -> set[str]:
    """The captions and notes a small picture leaves out (documented: they would
    cover another label wherever they went)."""
    out = set()
    for it in scene.pieces.values():
        if isinstance(it, MarkerItem) and not it.caption_shown:
            out.add(it.caption)
        if isinstance(it, UnitItem) and not it.note_shown:
            out.add(_note(it.marks))
        item = getattr(it, "label_item", None)
        if item is not None and not item.isVisible():
            out.add(getattr(it, "label", ""))
    for o in scene.overlay_items():
        item = getattr(o, "label_item", None)
        if item is not None and not item.isVisible():
            circle = getattr(o, "circle", None)
            mark = getattr(o, "mark", None) or getattr(o, "area", None)
            out.add(getattr(circle or mark, "label", ""))
    return out

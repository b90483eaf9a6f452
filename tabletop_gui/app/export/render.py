"""Draw a game state to PNG, SVG or PDF without a window, or print it: the
``render`` command's and the exports' entry point (``render_file``).

The board is painted by the very ``BoardScene`` the window shows, with the
Scoreboard's overlays.

- A player's view (``viewer``, ``render --view SIDE``, or the window's View >
  Score as seen by): face-down values are drawn as "?" and the score is that
  side's (what it cannot know is not shown), as the window shows it.
- PNG and SVG: the board with a title, the legend and the score rows below it.
  PNG can have a transparent background (nothing drawn around the board). The
  SVG states its size in physical units (``width="...in"``): the board is at
  true scale, 1 in on the board = 1 in in the file.
- PDF and printing: the board alone at true scale. ``paper="board"`` gives one
  page exactly the board's size (72 x 48 in for The Ninth Age); a paper name
  (``a4``, ``letter``, ``a3``, ``tabloid``) tiles the board over pages of that
  paper with ``overlap`` inches shared between neighbours, overlap lines, crop
  marks and a label on each page saying where it goes.

The page (title, board, legend, score text) is in ``page.py``; the true-scale
PDF, the tiles and printing in ``true_scale.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tabletop_gui.app.export.page import (
    Page,
    board_scene,
    page_image,
    png_bytes,
    svg_bytes,
)
from tabletop_gui.app.export.true_scale import DEFAULT_OVERLAP_IN, write_pdf
from tabletop_gui.app.headless import ensure_app
from tabletop_gui.io.atomic import write_atomic
from tabletop_gui.model.annotations import Annotations
from tabletop_gui.model.events import Event
from tabletop_gui.model.state import GameState
from tabletop_gui.play.annotations import SceneAt, moment_scenes
from tabletop_gui.rules.engine import evaluate

#: The widest PNG ``render`` makes: a 72 x 48 in board is then about 16384 x 12000
#: pixels (750 MB while drawing); wider pictures fail to allocate or take minutes.
MAX_PNG_WIDTH = 16384


def check_viewer(state: GameState, viewer: str | None) -> None:
    """ValueError naming the sides when ``viewer`` is not one of them."""
    sides = state.scene.side_ids
    if viewer is not None and viewer not in sides:
        listed = ", ".join(sides) if sides else "none"
        raise ValueError(f"--view {viewer}: not a side of this game (the sides: {listed})")


def render_file(
    state: GameState,
    output_path: str,
    width: int = 1600,
    *,
    transparent: bool = False,
    paper: str = "board",
    overlap: float = DEFAULT_OVERLAP_IN,
    viewer: str | None = None,
    events: Sequence[Event] = (),
    annotations: Annotations | None = None,
    scene_at: SceneAt | None = None,
) -> int:
    """Write the board of ``state`` with its overlays to ``output_path``: .png
    (``width`` pixels wide, ``transparent`` background), .svg (true scale) or .pdf
    (true scale; ``paper`` "board" or a paper name to tile). ``viewer``: a side's
    view (face-down values unknown), None: the referee's. ``events``: the log up
    to ``state`` (the title says where the game is, as the window does);
    ``annotations``: the pinned rulers and range rings to draw; ``scene_at``:
    the pieces at each moment of the log, to tell whether a ruler's note was
    written for the distance shown (default: ``events`` replayed). Returns the
    number of pages (1 for images)."""
    ensure_app()
    check_viewer(state, viewer)
    if width < 200:
        raise ValueError(f"width: must be at least 200 pixels, got {width}")
    suffix = Path(output_path).suffix.lower()
    if suffix not in (".png", ".svg", ".pdf"):
        raise ValueError(f"{output_path}: the output must end in .png, .svg or .pdf")
    if suffix == ".png" and width > MAX_PNG_WIDTH:
        raise ValueError(f"width: a PNG can be at most {MAX_PNG_WIDTH} pixels wide, got {width}")
    board = evaluate(state, viewer=viewer)
    scene = board_scene(state, board, viewer)
    if annotations:  # pinned rulers and range rings, as the window draws them
        from tabletop_gui.app.canvas.annotation_items import show_annotations

        show_annotations(scene, annotations, state, board,
                         scene_at=scene_at or moment_scenes(state.setup, events))  # fmt: skip
    try:
        if suffix == ".pdf":
            return write_pdf(
                scene, output_path, paper=paper, overlap=overlap, title=state.setup.name
            )
        page = Page(scene, state, board, width, events, viewer)
        if suffix == ".png":
            scene.transparent_table = transparent
            image = page_image(page, transparent)
            write_atomic(output_path, png_bytes(image, output_path))
        else:
            write_atomic(output_path, svg_bytes(page, state.setup.name or "board"))
    finally:
        scene.clear()
    return 1

"""Pinned rulers and range rings: annotations saved with the game (never events),
measured as the measure tool measures, rings as the true offset of a footprint."""

from __future__ import annotations

import math
from pathlib import Path

import pytest


def test_pinned_rulers_and_range_rings_survive_save_and_reload_and_change_no_score(tmp_path):
    from dataclasses import replace

    from tabletop_gui.examples import DEMO_BOARD
    from tabletop_gui.io import load_game, save_game
    from tabletop_gui.model.annotations import Annotations, RangeRing, Ruler
    from tabletop_gui.rules import evaluate, replay

    game = load_game(DEMO_BOARD)
    a, b = list(game.setup.scene.units)[:2]
    notes = Annotations((Ruler("ruler-1", (1.5, 2.0), (3.0, 4.0), a, b, "charge?"),),
                        (RangeRing(b, 6.0),))  # fmt: skip
    path = tmp_path / "annotated.json"
    save_game(replace(game, annotations=notes), path)
    back = load_game(path)
    assert back.annotations == notes
    before = evaluate(replay(game.setup, game.events)).to_json()
    assert evaluate(replay(back.setup, back.events)).to_json() == before


def test_an_annotation_naming_no_piece_of_the_game_is_refused_by_its_path():
    import json

    from tabletop_gui.examples import DEMO_BOARD
    from tabletop_gui.io import FileFormatError, loads

    data = json.loads(Path(DEMO_BOARD).read_text(encoding="utf-8"))
    data["annotations"] = {"rings": [{"piece_id": "ghost", "radius": 6}]}
    with pytest.raises(FileFormatError, match=r"annotations.rings\[0\].piece_id: no piece 'ghost'"):
        loads(json.dumps(data))


def test_a_range_ring_is_the_true_offset_of_the_footprint():
    from tabletop_gui.model import InchBoard, Scene, Side, Unit
    from tabletop_gui.model.annotations import RangeRing
    from tabletop_gui.play.annotations import ring_shape

    # A 4 x 2 in footprint (1 model on a 101.6 x 50.8 mm base) at (20, 20).
    u = Unit("u", "Block", "a", 20, 20, base_width_mm=101.6, base_depth_mm=50.8)
    scene = Scene(board=InchBoard(72, 48), sides=(Side("a", "A"),), units={"u": u})
    shape = ring_shape(scene, RangeRing("u", 6))
    xs = [x for x, _ in shape.outline]
    ys = [y for _, y in shape.outline]
    assert max(xs) == pytest.approx(20 + 2 + 6) and min(ys) == pytest.approx(20 - 1 - 6)
    # At a corner the ring is rounded: 6 in from the corner, not 6*sqrt(2).
    far = max(math.hypot(x - 22, y - 21) for x, y in shape.outline if x > 22 and y > 21)
    assert far == pytest.approx(6, abs=0.01)
    assert shape.label == "6 in from Block"


def test_a_rulers_heading_says_when_its_note_was_written_only_at_another_moment():
    from tabletop_gui.examples import DEMO_BOARD
    from tabletop_gui.io import load_game
    from tabletop_gui.model.annotations import Ruler
    from tabletop_gui.play.annotations import ruler_heading, ruler_title
    from tabletop_gui.rules import replay

    game = load_game(DEMO_BOARD)
    scene = replay(game.setup, game.events).scene
    noted = Ruler("ruler-1", (0, 0), (1, 1), note="ruled 4.07", at=22)
    assert ruler_heading(scene, noted, 22) == ["a point to a point", "ruled 4.07"]
    assert ruler_heading(scene, noted, 11)[-1] == "noted after event 22; shown after event 11"
    assert ruler_title(scene, noted, 11).endswith("(noted after event 22; shown after event 11)")
    bare = Ruler("ruler-2", (0, 0), (1, 1), at=22)  # no note: nothing to date
    assert ruler_heading(scene, bare, 11) == ["a point to a point"]
    older = Ruler("ruler-3", (0, 0), (1, 1), note="from an older file")  # no moment kept
    assert ruler_heading(scene, older, 11) == ["a point to a point", "from an older file"]


def test_a_note_is_dated_only_where_the_distance_shown_is_not_the_one_noted():
    """docs/canvas.md, Measuring: the reading adds when its note was written when
    the distance shown is another moment's. An event that moves neither of the
    ruler's pieces leaves the distance, and the note, as they were: before, the
    reading at the present grew "noted after event 1; shown after event 2"
    after any event at all."""
    from tabletop_gui.examples import DEMO_BOARD
    from tabletop_gui.io import load_game
    from tabletop_gui.model.annotations import Ruler
    from tabletop_gui.model.events import MovePiece
    from tabletop_gui.play.annotations import moment_scenes, ruler_heading, ruler_title

    game = load_game(DEMO_BOARD).truncated(0)
    knights, boyz = game.setup.scene.units["a-knights"], game.setup.scene.units["b-boyz"]
    events = (
        MovePiece("a-knights", knights.x, knights.y + 5),  # 1: the note is written after it
        MovePiece("a-archers", 20, 6),  # 2: a unit the ruler does not measure
        MovePiece("b-boyz", boyz.x, boyz.y - 2),  # 3: the ruler's own piece
        MovePiece("b-boyz", boyz.x, boyz.y),  # 4: back where it stood
    )
    scene_at = moment_scenes(game.setup, events)
    ruler = Ruler("r", (0, 0), (0, 0), "a-knights", "b-boyz", note="disputed charge", at=1)

    def when(moment: int) -> list[str]:
        scene = scene_at(moment)
        assert scene is not None
        return ruler_heading(scene, ruler, moment, scene_at)[2:]

    assert when(1) == []
    assert when(2) == []  # an unrelated event: the same distance
    assert when(3) == ["noted after event 1; shown after event 3"]  # the Boyz came closer
    assert when(4) == []  # and went back: the distance noted
    assert when(0) == ["noted after event 1; shown after event 0"]  # before the Knights moved
    shown = scene_at(2)
    assert shown is not None
    assert ruler_title(shown, ruler, 2, scene_at) == (
        "Knights of the Realm to Orc Boyz — disputed charge"
    )
    # A moment the log does not reach (a note written later than the moment an
    # export was given the log for) is another moment: it is said.
    short = moment_scenes(game.setup, events[:1])
    assert ruler_heading(shown, Ruler("r", (0, 0), (0, 0), "a-knights", "b-boyz",
                                      note="later", at=3), 2, short)[-1] == (
        "noted after event 3; shown after event 2"
    )  # fmt: skip

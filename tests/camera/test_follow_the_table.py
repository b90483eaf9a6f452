"""Following the table (tabletop_gui/camera/follow.py): a unit still for a second
away from its place is one move; a unit on the move, unseen or jittering is not."""

import math

import numpy as np

from tabletop_gui.camera.board_fit import BoardFit
from tabletop_gui.camera.follow import REST_SECONDS, Follower
from tabletop_gui.camera.table_read import TableReading, UnitReading

FIT = BoardFit(np.eye(3), (640, 480))
GAME_PLACE = (10.0, 10.0, 0.0)


def frame(x: float, y: float, facing: float = 0.0, seen: bool = True) -> TableReading:
    """A reading of one unit 'knights' whose place in the game is GAME_PLACE."""
    moved = math.hypot(x - GAME_PLACE[0], y - GAME_PLACE[1])
    turned = abs((facing - GAME_PLACE[2] + 180) % 360 - 180)
    if seen:
        unit = UnitReading("knights", 4, True, x, y, facing, moved, turned)
    else:
        unit = UnitReading("knights", 4, False, *GAME_PLACE)
    return TableReading(FIT, (unit,), (), ())


def run(frames: list[tuple[float, TableReading]]) -> list:
    follower = Follower()
    return [(t, follower.feed(r, t)) for t, r in frames]


def test_a_unit_still_for_a_second_away_from_its_place_is_recorded_once():
    # Moves for half a second (10 Hz), then stands at (14, 12) with a little jitter.
    frames = [(i / 10, frame(10 + i * 0.8, 10 + i * 0.4, i * 6)) for i in range(6)]
    rng = np.random.default_rng(0)
    frames += [(0.6 + i / 10, frame(14 + rng.normal(0, 0.005), 12 + rng.normal(0, 0.005), 30))
               for i in range(30)]  # fmt: skip
    steps = run(frames)
    moved = [(t, m) for t, s in steps for m in s.moves]
    assert len(moved) == 1
    t, move = moved[0]
    # It stopped at t = 0.5 (the last moving frame reached (14, 12)): recorded 1 s later.
    assert 0.5 + REST_SECONDS <= t <= 0.5 + REST_SECONDS + 0.11
    assert (move.piece_id, round(move.x, 1), round(move.y, 1), move.facing) == (
        "knights",
        14.0,
        12.0,
        30.0,
    )


def test_a_unit_on_the_move_is_followed_live_but_not_recorded():
    steps = run([(i / 10, frame(10 + i * 0.3, 10)) for i in range(40)])
    assert all(not s.moves for _, s in steps)
    assert steps[-1][1].live["knights"][0] == 10 + 39 * 0.3


def test_a_unit_at_rest_where_the_game_has_it_is_not_recorded():
    steps = run([(i / 10, frame(*GAME_PLACE)) for i in range(30)])
    assert all(not s.moves for _, s in steps)


def test_an_unseen_unit_is_marked_and_never_moved():
    frames = [(i / 10, frame(14, 12, seen=i < 5)) for i in range(30)]
    steps = run(frames)
    assert all(not s.moves for _, s in steps)
    assert "knights" in steps[-1][1].unseen and "knights" not in steps[-1][1].live


def test_a_unit_turned_in_place_is_recorded_as_a_turn():
    steps = run([(i / 10, frame(10.0, 10.0, 90.0)) for i in range(15)])
    moves = [m for _, s in steps for m in s.moves]
    assert [(m.x, m.y, m.facing) for m in moves] == [(10.0, 10.0, 90.0)]


def test_a_still_frame_fed_again_after_its_move_was_recorded_records_nothing():
    """Follow the table switched off and on over a video that has ended feeds its
    last frame again: that reading was made against the game before the move it
    shows was recorded (its moved_in is 5 in), yet the unit stands there in the
    game now, and a move to where a unit stands is never recorded
    (docs/camera.md, The window)."""
    from dataclasses import replace

    from tabletop_gui.model import InchBoard, Scene, Unit

    knights = Unit("knights", "knights", "red", *GAME_PLACE[:2], base_width_mm=50,
                   base_depth_mm=50, tag=4)  # fmt: skip
    before = Scene(board=InchBoard(72, 48), units={"knights": knights})
    still = frame(14.0, 13.0, 30.0)
    follower = Follower()
    first = [m for i in range(15) for m in follower.feed(still, i / 10, before).moves]
    assert [(m.x, m.y, m.facing) for m in first] == [(14.0, 13.0, 30.0)]
    after = replace(before, units={"knights": replace(knights, x=14.0, y=13.0, facing=30.0)})
    follower.forget()  # following off, then on again
    again = [m for i in range(15, 40) for m in follower.feed(still, i / 10, after).moves]
    assert again == []

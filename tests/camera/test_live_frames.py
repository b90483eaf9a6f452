"""A camera's frames read one after another (tabletop_gui/camera/live.py, the
window's worker runs it): tags tracked from frame to frame, the rest found by
the sweep a band a frame; with camera/follow.py, a unit set down is recorded
once it has been still for a second after it was found."""

import math
from dataclasses import replace

import numpy as np
import pytest
from tagged_games import BLUE, RED, unit

from tabletop_gui.camera import synthetic
from tabletop_gui.camera.follow import REST_SECONDS, Follower
from tabletop_gui.camera.live import LOST_SWEEP, SWEEP_BANDS, LiveReader
from tabletop_gui.camera.table_read import read_table
from tabletop_gui.model import InchBoard, Scene

SIZE = (1280, 720)
TAG = 1.5
CAMERA = synthetic.camera_for((72, 48), SIZE, 35.0)


def table(units) -> Scene:
    return Scene(board=InchBoard(72, 48), sides=(RED, BLUE), units={u.id: u for u in units})


GAME = table([
    unit("knights", "red", 20.25, 10.5, facing=12.5, tag=4),
    unit("archers", "red", 50.0, 14.0, facing=300.0, tag=5),
    unit("boyz", "blue", 30.5, 36.75, facing=181.0, tag=6),
    unit("wolves", "blue", 60.0, 30.0, facing=95.0, tag=7),
])  # fmt: skip
#: The knights carried 14 in: far outside the box their tag is looked for in.
CARRIED = replace(GAME.units["knights"], x=34.0, y=18.0, facing=40.0)


def shot(scene: Scene) -> np.ndarray:
    return synthetic.render(scene, CAMERA, tag_size=TAG, seed=5)


@pytest.fixture(scope="module")
def frames() -> dict[str, np.ndarray]:
    hidden = replace(GAME, units={k: v for k, v in GAME.units.items() if k != "knights"})
    carried = replace(GAME, units={**GAME.units, "knights": CARRIED})
    return {"still": shot(GAME), "hidden": shot(hidden), "carried": shot(carried)}


def read(reader: LiveReader, image: np.ndarray):
    return reader.read(GAME, image, lens=CAMERA.lens, tag_size=TAG)


def place(reading, uid: str):
    return next(u for u in reading.units if u.unit_id == uid)


def test_a_still_table_read_live_places_every_unit_as_the_photo_does(frames):
    photo = read_table(GAME, frames["still"], lens=CAMERA.lens, tag_size=TAG)
    reader = LiveReader()
    for _ in range(SWEEP_BANDS + 2):
        reading = read(reader, frames["still"])
    assert reader.whole_frames == 1  # only the first frame was read whole
    for u in photo.units:
        live = place(reading, u.unit_id)
        assert live.seen and u.seen
        assert math.hypot(live.x - u.x, live.y - u.y) <= 0.01
        truth = GAME.units[u.unit_id]
        assert math.hypot(live.x - truth.x, live.y - truth.y) <= 0.05


def test_a_tag_carried_out_of_its_box_is_found_again_by_the_sweep_within_a_round(frames):
    reader = LiveReader()
    read(reader, frames["still"])
    seen_after = None
    for i in range(1, 2 * SWEEP_BANDS + 1):
        knights = place(read(reader, frames["carried"]), "knights")
        if knights.seen:
            seen_after = i
            break
    assert seen_after is not None and seen_after <= SWEEP_BANDS
    assert math.hypot(knights.x - CARRIED.x, knights.y - CARRIED.y) <= 0.05
    # Tracked from then on: found in every frame.
    assert all(place(read(reader, frames["carried"]), "knights").seen for _ in range(3))


@pytest.mark.parametrize("carried_for", [0, 1, 3, 6])
def test_a_unit_carried_far_is_found_within_a_round_of_the_faster_sweep_after_it_is_set_down(
    frames, carried_for
):
    """While a tag is lost the sweep searches LOST_SWEEP bands a frame, so a
    round takes SWEEP_BANDS / LOST_SWEEP frames however long the unit was
    carried; set down at once it is found in the bands nearest where it was
    lost, searched first."""
    reader = LiveReader()
    read(reader, frames["still"])
    for _ in range(carried_for):  # in the hand, off the table
        assert not place(read(reader, frames["hidden"]), "knights").seen
    found = next((i for i in range(1, SWEEP_BANDS + 1)
                  if place(read(reader, frames["carried"]), "knights").seen), None)  # fmt: skip
    assert found is not None and found <= SWEEP_BANDS // LOST_SWEEP == 4
    if carried_for == 0:
        assert found <= 2


def test_a_tag_hidden_for_a_while_is_not_seen_then_found_where_it_is_uncovered(frames):
    reader = LiveReader()
    read(reader, frames["still"])
    hidden = [place(read(reader, frames["hidden"]), "knights") for _ in range(4)]
    assert not any(k.seen for k in hidden)
    back = place(read(reader, frames["still"]), "knights")  # found in its box at once
    assert back.seen and math.hypot(back.x - 20.25, back.y - 10.5) <= 0.05
    assert reader.whole_frames == 1


def test_a_unit_set_down_far_away_is_recorded_a_second_after_the_sweep_finds_it(frames):
    reader, follower = LiveReader(), Follower()
    fps = 10
    moves, found_at = [], None
    for i in range(60):
        at = i / fps
        image = frames["still"] if i < 10 else frames["carried"]  # set down at frame 10
        reading = read(reader, image)
        if found_at is None and i >= 10 and place(reading, "knights").seen:
            found_at = at
        moves += [(at, m) for m in follower.feed(reading, at).moves]
    assert [m.piece_id for _, m in moves] == ["knights"]
    t, move = moves[0]
    assert found_at is not None and found_at - 1.0 <= SWEEP_BANDS / fps
    assert found_at + REST_SECONDS <= t <= found_at + REST_SECONDS + 1 / fps + 1e-9
    assert math.hypot(move.x - CARRIED.x, move.y - CARRIED.y) <= 0.05


def test_a_frame_with_a_hidden_corner_is_checked_against_the_last_frames_fit(frames):
    """The game's alignment is from another camera position (the camera moved since
    it was kept): a frame whose corner marker 2 is hidden (a hand) is read with the
    fit of the frame before, which its corner markers 0, 1, 3 agree with, not
    refused against the old alignment, nor read with it."""
    elsewhere = synthetic.camera_for((72, 48), SIZE, 20.0, roll_deg=-4.0)
    old = read_table(GAME, synthetic.render(GAME, elsewhere, tag_size=TAG), lens=CAMERA.lens,
                     tag_size=TAG).fit  # fmt: skip
    reader = LiveReader()
    first = reader.read(GAME, frames["still"], fit=old, lens=CAMERA.lens, tag_size=TAG)
    assert not first.kept
    covered = synthetic.render(GAME, CAMERA, tag_size=TAG, seed=5, corners=(0, 1, 3))
    reading = reader.read(GAME, covered, fit=old, lens=CAMERA.lens, tag_size=TAG)
    assert reading.kept and reading.corners_seen == (0, 1, 3)
    assert reading.kept_off_in is not None and reading.kept_off_in < 0.05
    assert all(u.seen and not u.moved for u in reading.units)

"""A photo read without a lens calibration fits its own lens distortion from its
markers (tabletop_gui/camera/self_calibration.py, docs/camera.md, The lens):
synthetic photos through a known lens, so every expected place is known."""

import math

import numpy as np
import pytest

from tabletop_gui.camera import synthetic
from tabletop_gui.camera.detect import detect
from tabletop_gui.camera.live import LiveReader
from tabletop_gui.camera.records import alignment_of, kept_fit
from tabletop_gui.camera.self_calibration import self_calibrate
from tabletop_gui.camera.table_read import read_table
from tabletop_gui.io import load_game, save_game
from tabletop_gui.model.camera import TableCamera
from tabletop_gui.model.game import Game
from tabletop_gui.model.scene import Scene, Setup

#: 40 tagged units at random places and facings (the benchmark's table).
TRUTH = synthetic.random_table(3)
UHD = (3840, 2160)


def errors(reading, truth: Scene) -> tuple[int, float, float]:
    """(units placed, max position error in, max facing error degrees)."""
    used = [u for u in reading.units if u.seen and not u.problem]
    pos = [math.hypot(u.x - truth.units[u.unit_id].x, u.y - truth.units[u.unit_id].y)
           for u in used]  # fmt: skip
    turn = [abs((u.facing - truth.units[u.unit_id].facing + 180) % 360 - 180) for u in used]
    return len(used), max(pos), max(turn)


@pytest.fixture(scope="module")
def uhd_photo() -> np.ndarray:
    """4K, 1 in tags, 45 degrees from straight down, the benchmark's mild lens
    distortion (k1 = -0.04, k2 = 0.01)."""
    camera = synthetic.camera_for(TRUTH.board.extent, UHD, 45.0)
    return synthetic.render(TRUTH, camera, tag_size=1.0, seed=3)


def test_a_4k_photo_without_lens_calibration_places_every_unit_within_a_twentieth_of_an_inch(
    uhd_photo,
):
    reading = read_table(TRUTH, uhd_photo)
    assert reading.fit.lens_source == "fitted"
    placed, pos, turn = errors(reading, TRUTH)
    assert placed == 40
    assert pos <= 0.05 and turn <= 1.0
    # What the lens's distortion costs when the homography is used alone.
    plain = read_table(TRUTH, uhd_photo, self_calibrate=False)
    assert plain.fit.lens is None
    assert errors(plain, TRUTH)[1] > 0.1


def test_a_lens_without_distortion_keeps_the_homography_alone():
    camera = synthetic.camera_for(TRUTH.board.extent, (1920, 1080), 30.0, k1=0.0, k2=0.0)
    photo = synthetic.render(TRUTH, camera, tag_size=1.5, seed=4)
    reading = read_table(TRUTH, photo, tag_size=1.5)
    assert reading.fit.lens is None
    placed, pos, _ = errors(reading, TRUTH)
    assert placed == 40 and pos <= 0.02


def few(n: int) -> Scene:
    from dataclasses import replace

    keep = sorted(TRUTH.units)[:n]
    return replace(TRUTH, units={k: TRUTH.units[k] for k in keep})


def test_a_photo_with_three_tags_is_not_fitted_and_reads_as_the_homography_alone():
    scene = few(3)
    camera = synthetic.camera_for(scene.board.extent, (1920, 1080), 30.0)
    photo = synthetic.render(scene, camera, tag_size=1.5, seed=5)
    seen = detect(photo)
    plain = read_table(scene, photo, tag_size=1.5, self_calibrate=False)
    found = self_calibrate(plain.fit, seen, 2.0, 1.5)
    assert not found.kept and "3 unit tags" in found.why
    assert read_table(scene, photo, tag_size=1.5).fit is not None
    assert errors(read_table(scene, photo, tag_size=1.5), scene) == errors(plain, scene)


def test_a_photo_with_six_tags_is_not_made_worse():
    scene = few(6)
    camera = synthetic.camera_for(scene.board.extent, (1920, 1080), 50.0)
    photo = synthetic.render(scene, camera, tag_size=1.5, seed=6)
    plain = errors(read_table(scene, photo, tag_size=1.5, self_calibrate=False), scene)
    fitted = errors(read_table(scene, photo, tag_size=1.5), scene)
    assert fitted[0] == plain[0] == 6
    assert fitted[1] <= plain[1] and fitted[1] <= 0.1


def test_the_fitted_distortion_is_kept_with_the_alignment_and_reopens(uhd_photo, tmp_path):
    reading = read_table(TRUTH, uhd_photo)
    alignment = alignment_of(reading.fit)
    assert alignment.lens is not None and alignment.lens.k1 < 0
    game = Game(Setup("t9a", TRUTH, name="self-calibrated"),
                camera=TableCamera(alignment=alignment))  # fmt: skip
    save_game(game, tmp_path / "game.json")
    reopened = load_game(tmp_path / "game.json")
    assert reopened.camera == game.camera
    fit = kept_fit(reopened.camera, TRUTH.board.extent)
    assert fit is not None and fit.lens_source == "fitted"
    # The kept fit maps every pixel as the photo's own fit does.
    pixels = np.array([(100.0, 80.0), (1920.0, 1080.0), (3700.0, 2050.0)])
    assert np.abs(fit.to_board(pixels) - reading.fit.to_board(pixels)).max() < 1e-6
    # A photo whose corner marker 3 is hidden (a hand on it) is read with it.
    seen = [s for s in detect(uhd_photo) if s.tag_id != 3]
    hidden = read_table(TRUTH, uhd_photo, fit=fit, seen=seen)
    assert hidden.fit is fit
    placed, pos, turn = errors(hidden, TRUTH)
    assert placed == 40 and pos <= 0.05 and turn <= 1.0


def test_live_frames_fit_the_distortion_on_the_first_frame_and_keep_it(uhd_photo):
    reader = LiveReader()
    first = reader.read(TRUTH, uhd_photo)
    second = reader.read(TRUTH, uhd_photo)
    assert first.fit.lens is not None and first.fit.lens.fitted
    assert second.fit.lens is first.fit.lens
    placed, pos, turn = errors(second, TRUTH)
    assert placed == 40 and pos <= 0.05 and turn <= 1.0
    reader.forget()
    assert reader.read(TRUTH, uhd_photo).fit.lens is not first.fit.lens


def test_a_photo_with_three_tags_reads_through_the_lens_fitted_from_an_earlier_photo(uhd_photo):
    """A referee photographs the whole table (40 tags: the lens's distortion is
    fitted), then, the camera as it stood, a photo where only 3 units carry
    tags. Too few to fit the distortion again: the earlier photo's lens, kept
    with its alignment, is used, and the units read where they stand, not a
    fifth of an inch off as through the homography alone (which recorded
    untouched units as moved) (docs/camera.md, The lens without a calibration)."""
    first = read_table(TRUTH, uhd_photo)
    assert first.fit.lens_source == "fitted"
    scene = few(3)
    camera = synthetic.camera_for(TRUTH.board.extent, UHD, 45.0)
    photo = synthetic.render(scene, camera, tag_size=1.0, seed=6)
    alone = read_table(scene, photo)
    assert alone.fit.lens is None and errors(alone, scene)[1] > 0.1
    through = read_table(scene, photo, fit=first.fit)
    assert through.fit.lens is not None and not through.kept and through.lens_earlier
    placed, pos, _ = errors(through, scene)
    assert placed == 3 and pos <= 0.05

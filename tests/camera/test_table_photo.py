"""A photo of the table read into unit places (tabletop_gui/camera, docs/camera.md):
synthetic photos through a known camera, so every expected place is known."""

import math
import re
from dataclasses import replace

import numpy as np
import pytest
from tagged_games import BLUE, RED, unit

from tabletop_gui.camera import synthetic
from tabletop_gui.camera.errors import CameraError
from tabletop_gui.camera.table_read import check_image, read_table
from tabletop_gui.model import InchBoard, Scene

SIZE = (1600, 900)


def table(units) -> Scene:
    return Scene(board=InchBoard(72, 48), sides=(RED, BLUE), units={u.id: u for u in units})


TRUTH = table([
    unit("knights", "red", 20.25, 10.5, facing=12.5, tag=4),
    unit("archers", "red", 50.0, 14.0, facing=300.0, tag=5, tag_offset=(0.4, -0.3)),
    unit("boyz", "blue", 30.5, 36.75, facing=181.0, tag=6),
    unit("wolves", "blue", 60.0, 30.0, facing=95.0, tag=7),
])  # fmt: skip
CAMERA = synthetic.camera_for((72, 48), SIZE, 35.0)


@pytest.fixture(scope="module")
def photo() -> np.ndarray:
    return synthetic.render(TRUTH, CAMERA, tag_size=1.5)


def errors(reading, truth: Scene) -> tuple[float, float]:
    pos = [math.hypot(u.x - truth.units[u.unit_id].x, u.y - truth.units[u.unit_id].y)
           for u in reading.units]  # fmt: skip
    turn = [abs((u.facing - truth.units[u.unit_id].facing + 180) % 360 - 180)
            for u in reading.units]  # fmt: skip
    return max(pos), max(turn)


def elsewhere(scene: Scene) -> Scene:
    """The same units standing somewhere else (the game's places before the photo)."""
    from dataclasses import replace

    return table([replace(u, x=u.x + 3, y=u.y - 2, facing=u.facing + 40)
                  for u in scene.units.values()])  # fmt: skip


def test_every_tagged_unit_is_placed_within_a_twentieth_of_an_inch_and_a_degree(photo):
    reading = read_table(elsewhere(TRUTH), photo, lens=CAMERA.lens, tag_size=1.5)
    assert [u.seen for u in reading.units] == [True] * 4
    pos, turn = errors(reading, TRUTH)
    assert pos <= 0.05 and turn <= 1.0
    assert all(u.moved for u in reading.units)
    assert reading.fit.markers == (0, 1, 2, 3) and reading.fit.rms_in < 0.02


def test_a_tag_offset_from_the_footprint_centre_places_the_footprint_not_the_tag(photo):
    reading = read_table(TRUTH, photo, lens=CAMERA.lens, tag_size=1.5)
    archers = next(u for u in reading.units if u.unit_id == "archers")
    assert math.hypot(archers.x - 50.0, archers.y - 14.0) <= 0.05
    assert not archers.moved  # where the game already has it


def test_the_board_found_from_its_corners_given_by_hand_reads_the_same(photo):
    corners = CAMERA.project(np.array([(0, 0), (72, 0), (72, 48), (0, 48)], dtype=float))
    reading = read_table(elsewhere(TRUTH), photo, lens=CAMERA.lens, tag_size=1.5,
                         corners=corners.flatten().tolist())  # fmt: skip
    assert reading.fit.markers == ()
    pos, _ = errors(reading, TRUTH)
    assert pos <= 0.05


def test_a_missing_corner_marker_is_refused_naming_it():
    shot = synthetic.render(TRUTH, CAMERA, tag_size=1.5, corners=(0, 1, 3))
    with pytest.raises(CameraError, match=r"corner marker 2 not found \(found 0, 1, 3\)"):
        read_table(TRUTH, shot, lens=CAMERA.lens, tag_size=1.5, where="table.jpg")


def test_a_unit_whose_tag_is_not_seen_keeps_its_place_and_is_listed_as_not_seen():
    hidden = table([u for u in TRUTH.units.values() if u.id != "boyz"])
    shot = synthetic.render(hidden, CAMERA, tag_size=1.5)
    game = elsewhere(TRUTH)
    reading = read_table(game, shot, lens=CAMERA.lens, tag_size=1.5)
    boyz = next(u for u in reading.units if u.unit_id == "boyz")
    assert not boyz.seen and not boyz.moved
    assert (boyz.x, boyz.y) == (game.units["boyz"].x, game.units["boyz"].y)
    assert "boyz" not in {m.piece_id for m in reading.moves()}


def test_a_tag_seen_twice_moves_nobody_and_a_tag_on_no_unit_is_named():
    shot = synthetic.render(TRUTH, CAMERA, tag_size=1.5,
                            extra=((6, 40.0, 24.0, 0.0), (9, 10.0, 30.0, 45.0)))  # fmt: skip
    reading = read_table(elsewhere(TRUTH), shot, lens=CAMERA.lens, tag_size=1.5)
    boyz = next(u for u in reading.units if u.unit_id == "boyz")
    assert not boyz.moved and "tag 6 seen 2 times" in (boyz.problem or "")
    assert reading.unknown_tags == (9,)
    assert any(p.startswith("tag 9 at pixel") for p in reading.problems)
    assert {m.piece_id for m in reading.moves()} == {"knights", "archers", "wolves"}


def test_a_tag_linked_to_two_units_moves_neither(photo):
    from dataclasses import replace

    game = elsewhere(TRUTH)
    twin = replace(game.units["wolves"], id="twin", tag=4)
    reading = read_table(table([*game.units.values(), twin]), photo, lens=CAMERA.lens,
                         tag_size=1.5)  # fmt: skip
    named = {u.unit_id: u for u in reading.units}
    assert "also twin's tag" in (named["knights"].problem or "")
    assert "also knights's tag" in (named["twin"].problem or "")
    assert {m.piece_id for m in reading.moves()} == {"archers", "boyz", "wolves"}


def test_a_tag_of_another_size_than_the_game_says_moves_nobody(photo):
    reading = read_table(elsewhere(TRUTH), photo, lens=CAMERA.lens, tag_size=1.0)
    assert reading.moves() == []
    assert all(re.search(r"measures 1\.[45]\d in, not 1 in", u.problem or "")
               for u in reading.units)  # fmt: skip


def test_a_blurred_photo_is_refused_naming_the_markers_not_found():
    shot = synthetic.render(TRUTH, CAMERA, tag_size=1.5, blur=6.0)
    with pytest.raises(CameraError, match=r"corner marker 0, 1, 2, 3 not found.*sharp"):
        read_table(TRUTH, shot, tag_size=1.5)


def test_a_photo_too_oblique_is_refused():
    steep = synthetic.camera_for((72, 48), SIZE, 78.0)
    shot = synthetic.render(TRUTH, steep, tag_size=1.5, corner_size=6.0)
    with pytest.raises(CameraError, match=r"too oblique|not found"):
        read_table(TRUTH, shot, lens=steep.lens, tag_size=1.5, corner_size=6.0)


def test_a_kept_alignment_is_used_when_this_photos_corner_markers_are_hidden(photo):
    before = read_table(TRUTH, photo, lens=CAMERA.lens, tag_size=1.5)
    shot = synthetic.render(TRUTH, CAMERA, tag_size=1.5, corners=(1,))
    reading = read_table(elsewhere(TRUTH), shot, lens=CAMERA.lens, tag_size=1.5, fit=before.fit)
    pos, _ = errors(reading, TRUTH)
    assert pos <= 0.05


@pytest.mark.parametrize(
    ("shape", "words"),
    [((20_000, 10_000), "200 megapixels, more than the 100"), ((40, 4000), "too small")],
)
def test_a_huge_or_tiny_image_is_refused_by_its_size(shape, words):
    with pytest.raises(CameraError, match=words):
        check_image(shape, "big.jpg")


def test_the_json_reading_has_the_documented_shape(photo):
    reading = read_table(elsewhere(TRUTH), photo, lens=CAMERA.lens, tag_size=1.5)
    doc = reading.to_json()
    assert set(doc) == {"version", "calibration", "units", "unknown_tags", "problems", "notes"}
    assert doc["calibration"]["markers"] == [0, 1, 2, 3]
    assert set(doc["units"][0]) == {"id", "tag", "seen", "x", "y", "facing", "moved_in"}


@pytest.fixture(scope="module")
def kept(photo):
    """The alignment kept from the first photo (CAMERA's)."""
    return read_table(TRUTH, photo, lens=CAMERA.lens, tag_size=1.5).fit


def test_a_kept_alignment_is_refused_when_the_corner_markers_seen_disagree_with_it(kept):
    """The camera moved and a corner marker is hidden: the kept alignment would
    put every unit inches off, so the photo is refused naming the corner hidden
    and how far the corners seen lie from the alignment."""
    moved = synthetic.camera_for((72, 48), SIZE, 45.0, roll_deg=-3.0)
    shot = synthetic.render(TRUTH, moved, tag_size=1.5, corners=(0, 1, 3))
    with pytest.raises(CameraError) as refused:
        read_table(elsewhere(TRUTH), shot, lens=CAMERA.lens, tag_size=1.5, fit=kept,
                   where="moved.jpg")  # fmt: skip
    words = str(refused.value)
    assert "moved.jpg: corner marker 2 not found (found 0, 1, 3)" in words
    assert re.search(r"the corner markers seen lie \d+\.\d\d in \(RMS\) from the alignment kept",
                     words)  # fmt: skip
    assert "has the camera moved?" in words


def test_a_kept_alignment_used_says_which_corners_were_seen_and_how_well_they_agree(kept):
    from tabletop_gui.camera.table_read import board_words

    shot = synthetic.render(TRUTH, CAMERA, tag_size=1.5, corners=(0, 1, 3))
    reading = read_table(elsewhere(TRUTH), shot, lens=CAMERA.lens, tag_size=1.5, fit=kept)
    assert reading.kept and reading.corners_seen == (0, 1, 3)
    assert reading.kept_off_in is not None and reading.kept_off_in < 0.05
    assert errors(reading, TRUTH)[0] <= 0.05
    words = board_words(reading)
    assert words.startswith("board placed by the kept alignment: ")
    assert "corner marker 2 not seen, corner markers 0, 1, 3 agree with it within 0.0" in words
    doc = reading.to_json()["calibration"]
    assert doc["seen"] == [0, 1, 3] and doc["kept"] is True and doc["kept_off_in"] < 0.05
    fresh = read_table(TRUTH, synthetic.render(TRUTH, CAMERA, tag_size=1.5), lens=CAMERA.lens,
                       tag_size=1.5, fit=kept)  # fmt: skip
    assert not fresh.kept and fresh.kept_off_in is None and fresh.corners_seen == (0, 1, 2, 3)
    assert board_words(fresh).startswith("board found from corner markers 0, 1, 2, 3 (agree")


def test_a_kept_alignment_is_not_used_unchecked_or_for_another_picture_size(kept):
    shot = synthetic.render(TRUTH, CAMERA, tag_size=1.5, corners=())
    # No corner marker at all: the photo is refused as one without them; the
    # kept alignment (even of another size) is not what it needs to hear.
    for fit in (kept, replace(kept, image_size=(1920, 1080))):
        with pytest.raises(CameraError) as refused:
            read_table(TRUTH, shot, lens=CAMERA.lens, tag_size=1.5, fit=fit)
        assert "corner marker 0, 1, 2, 3 not found: the whole board" in str(refused.value)
        assert "alignment kept" not in str(refused.value)
    other = replace(kept, image_size=(1920, 1080))
    shot = synthetic.render(TRUTH, CAMERA, tag_size=1.5, corners=(0, 1, 3))
    with pytest.raises(CameraError, match=r"kept is of a 1920 x 1080 picture, this one is 1600"):
        read_table(TRUTH, shot, lens=CAMERA.lens, tag_size=1.5, fit=other)


def sized(scene: Scene, width: float, height: float) -> Scene:
    return Scene(board=InchBoard(width, height), sides=scene.sides, units=dict(scene.units))


@pytest.mark.parametrize(
    ("board", "words"),
    [
        ((70, 48), r"2\.\d% narrower than tall .* 70 x 48 in, as the game says\? They fit a "
                   r"board of 7[12]\.\d x 48 in"),
        ((72, 46.5), r"\d\.\d% wider than tall .* 72 x 46\.5 in, as the game says\? They fit a "
                     r"board of \d\d\.\d x 46\.5 in or 72 x 48\.\d in"),
    ],
)  # fmt: skip
def test_a_board_of_another_size_than_the_game_says_is_refused_naming_the_sizes(
    photo, board, words
):
    """Four corner markers fit any rectangle: the trial's 70 x 48 game read from a
    photo of a 72 x 48 table agreed within 0.024 in and squeezed every x by
    70/72. The markers, printed square, measure narrower than tall then."""
    with pytest.raises(CameraError, match=words):
        read_table(sized(TRUTH, *board), photo, lens=CAMERA.lens, tag_size=1.5)
    assert read_table(TRUTH, photo, lens=CAMERA.lens, tag_size=1.5).problems == ()


def test_a_wrong_board_size_is_only_warned_of_when_the_lens_may_be_the_cause():
    """No lens calibration and too few unit tags to fit the lens's distortion:
    the distortion alone makes the markers look up to 2% out of square, so the
    reading goes on with the warning first among its problems."""
    few = table([u for u in TRUTH.units.values() if u.id in ("knights", "boyz")])
    shot = synthetic.render(few, CAMERA, tag_size=1.5)
    reading = read_table(sized(few, 70, 48), shot, tag_size=1.5)
    assert reading.fit.lens is None
    assert reading.problems[0].startswith("the board: the corner markers measure")
    assert "or the lens's distortion, not fitted: fewer than 4 unit tags" in reading.problems[0]


@pytest.mark.parametrize(
    ("rms", "kept_off", "fitted", "kept"),
    [
        (0.0003, 0.00004, "agree within 0.0003 in RMS", "agree with it within 0.00004 in RMS"),
        (0.0152, 0.0141, "agree within 0.015 in RMS", "agree with it within 0.014 in RMS"),
    ],
)
def test_how_well_the_corners_agree_never_reads_as_zero(rms, kept_off, fitted, kept):
    """The trial's sharp photo said "agree within 0.000 in RMS" (0.0003 in): three
    decimals, or the fewest more that keep the figure off zero (docs/measurement.md,
    How many decimals)."""
    from tabletop_gui.camera.board_fit import BoardFit
    from tabletop_gui.camera.table_read import TableReading, board_words

    fit = BoardFit(np.eye(3), SIZE, markers=(0, 1, 2, 3), rms_in=rms)
    reading = TableReading(fit, (), (), ())
    assert f"board found from corner markers 0, 1, 2, 3 ({fitted})" in board_words(reading)
    held = replace(reading, kept=True, kept_off_in=kept_off, corners_seen=(0, 1, 3))
    assert f"corner markers 0, 1, 3 {kept}" in board_words(held)

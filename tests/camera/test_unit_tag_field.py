"""The unit's `tag` and `tag_offset` fields (docs/file-format.md, docs/camera.md):
kept through a save, left out of files that do not use them, refused by name."""

import json

import pytest
from tagged_games import game_of, unit

from tabletop_gui.io import FileFormatError, dumps, game_to_json, loads
from tabletop_gui.model.game import Game


def game_with(**tag_fields) -> Game:
    return game_of([unit("r", "red", 30, 20, **tag_fields), unit("b", "blue", 40, 30)])


def test_a_tag_and_its_offset_survive_a_save_and_a_reload():
    game = game_with(tag=7, tag_offset=(0.5, -1.25))
    again = loads(dumps(game))
    assert again.setup.scene.units["r"].tag == 7
    assert again.setup.scene.units["r"].tag_offset == (0.5, -1.25)


def test_a_unit_without_a_tag_writes_neither_key_so_old_files_read_the_same():
    units = game_to_json(game_with())["units"]
    assert all("tag" not in u and "tag_offset" not in u for u in units)


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"tag": 2}, "units[0].tag: must be from 4 to 586 (0-3 are the corner markers), got 2"),
        ({"tag": 587}, "units[0].tag: must be from 4 to 586"),
        ({"tag_offset": [1, "x"]}, "units[0].tag_offset"),
        ({"tag_offset": [1e6, 0]}, "units[0].tag_offset: must lie within the largest base"),
    ],
)
def test_a_bad_tag_is_refused_naming_the_unit_and_the_field(fields, words):
    data = game_to_json(game_with())
    data["units"][0].update(fields)
    with pytest.raises(FileFormatError) as refused:
        loads(json.dumps(data))
    assert words in str(refused.value)


def test_the_camera_key_survives_a_save_and_a_file_without_it_reads_as_before():
    from dataclasses import replace

    from tabletop_gui.model.camera import Alignment, LensRecord, TableCamera

    camera = TableCamera(
        corner_size=3,
        alignment=Alignment((40.0, 0, 200, 0, -40, 2000, 0, 0, 1), 3840, 2160, (0, 1, 2, 3), 0.01),
        lens=LensRecord(3000, 3000, 1920, 1080, 3840, 2160, k1=-0.04),
    )
    game = replace(game_with(), camera=camera)
    assert loads(dumps(game)).camera == camera
    assert "camera" not in game_to_json(game_with())


def test_a_bad_camera_record_is_refused_by_its_path():
    data = game_to_json(game_with())
    data["camera"] = {"alignment": {"homography": [1, 2, 3], "width": 10, "height": 10}}
    with pytest.raises(FileFormatError) as refused:
        loads(json.dumps(data))
    assert "camera.alignment.homography: must be 9 finite numbers" in str(refused.value)


@pytest.mark.parametrize(
    ("camera", "where", "problem"),
    [
        # The photo's reading inverted it: numpy's "Singular matrix", no file or place.
        ({"alignment": {"homography": [0, 0, 0, 0, 0, 0, 0, 0, 1], "width": 1600,
                        "height": 900}},
         "camera.alignment.homography", "takes the board onto a line or a point (singular)"),
        ({"alignment": {"homography": [1, 2, 3, 2, 4, 6, 0, 0, 1], "width": 1600,
                        "height": 900}},
         "camera.alignment.homography", "takes the board onto a line or a point (singular)"),
        # A focal length of 1e-300 pixels: numpy's "SVD did not converge".
        ({"lens": {"fx": 1e-300, "fy": 1e-300, "cx": 800, "cy": 450, "width": 1600,
                   "height": 900}},
         "camera.lens.fx", "must be 1 pixel or more, got 1e-300"),
    ],
)  # fmt: skip
def test_a_kept_alignment_or_lens_no_photo_can_be_read_through_is_refused_by_its_path(
    camera, where, problem
):
    data = game_to_json(game_with())
    data["camera"] = camera
    with pytest.raises(FileFormatError) as refused:
        loads(json.dumps(data))
    assert (refused.value.path, refused.value.problem) == (where, problem)


def test_a_real_alignment_is_not_singular_at_any_scale():
    from tabletop_gui.model.camera import Alignment

    real = (41.2, -0.8, 212.5, 0.3, -40.9, 1990.1, 0, 0.0001, 1)
    for scale in (1e-9, 1.0, 1e9):
        assert Alignment(tuple(v * scale for v in real), 3840, 2160).validate() == []

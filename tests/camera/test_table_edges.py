"""A unit at the board's edge in a photo of the table (docs/camera.md, What is
refused, and what is only reported): a tray flush with the edge, read a hair past
it within the camera's accuracy, is placed just inside; a tray really over the
edge keeps its place with the reason; the other units move in every path, and no
game file is written that the program cannot open again. With a casualty's tag
on the table, and tags printed at another size than the game says."""

import json
import math
import re
from dataclasses import replace

import pytest
from tagged_games import game_of, unit

from tabletop_gui.camera import synthetic
from tabletop_gui.camera.records import lens_record
from tabletop_gui.camera.table_read import EDGE_TOLERANCE_IN, read_table
from tabletop_gui.cli import main
from tabletop_gui.io import load_game, save_game
from tabletop_gui.model.bounds import half_extents, where_off
from tabletop_gui.model.camera import TableCamera
from tabletop_gui.model.events import RemoveCasualty, TurnStart

CAMERA = synthetic.camera_for((72, 48), (1600, 900), 30.0)
HALF = half_extents(unit("x", "red", 0, 0))[0]  # a 50 mm base: about 0.98 in
#: Where the photo shows the units: "flush" a hair (0.01 in) past the left
#: edge, as a tray pushed against the table's edge is read; "over" 0.8 in past
#: the right edge; "knights" and "boyz" well inside.
TRUTH = [
    unit("knights", "red", 20.25, 10.5, facing=12.5, tag=4),
    unit("boyz", "blue", 30.5, 36.75, facing=181.0, tag=5),
    unit("flush", "red", HALF - 0.01, 24.0, facing=0.0, tag=6),
    unit("over", "blue", 72 - HALF + 0.8, 20.0, facing=180.0, tag=7),
]  # fmt: skip


def start_units():
    """The units where the game has them before the photo: all on the board."""
    places = {"knights": (23, 9), "boyz": (33, 35), "flush": (10, 30), "over": (60, 30)}
    return [replace(u, x=places[u.id][0], y=places[u.id][1]) for u in TRUTH]


@pytest.fixture(scope="module")
def photo(tmp_path_factory) -> str:
    from tabletop_gui.app.camera.photo import to_qimage

    path = str(tmp_path_factory.mktemp("edges") / "edges.png")
    truth = game_of(TRUTH).setup.scene
    assert to_qimage(synthetic.render(truth, CAMERA, tag_size=1.5)).save(path)
    return path


def game_file(tmp_path, events=()) -> str:
    game = replace(game_of(start_units()), events=tuple(events),
                   camera=TableCamera(tag_size=1.5, lens=lens_record(CAMERA.lens)))  # fmt: skip
    path = str(tmp_path / "game.json")
    save_game(game, path)
    return path


def test_a_tray_flush_with_the_edge_is_placed_just_inside_and_one_over_it_keeps_its_place():
    scene = game_of(start_units()).setup.scene
    shot = synthetic.render(game_of(TRUTH).setup.scene, CAMERA, tag_size=1.5)
    reading = read_table(scene, shot, lens=CAMERA.lens, tag_size=1.5)
    named = {u.unit_id: u for u in reading.units}
    flush, over = named["flush"], named["over"]
    assert flush.moved and flush.problem is None
    placed = replace(scene.units["flush"], x=flush.x, y=flush.y, facing=flush.facing)
    assert where_off(scene.board, placed) is None
    assert HALF <= flush.x <= HALF + EDGE_TOLERANCE_IN
    assert "past the left edge" in (flush.note or "")
    assert "placed just inside the edge" in (flush.note or "")
    assert any(n.startswith("flush: tag 6 puts its base") for n in reading.notes)
    assert not over.moved and (over.x, over.y) == (60, 30)
    assert "reaches 0.8 in past the right edge" in (over.problem or "")
    assert {m.piece_id for m in reading.moves()} == {"knights", "boyz", "flush"}


def test_output_of_a_set_up_places_the_others_and_writes_a_file_that_opens(tmp_path, photo, capsys):
    path, out = game_file(tmp_path), str(tmp_path / "placed.json")
    assert main(["table", path, photo, "-o", out]) == 0
    said = capsys.readouterr().out
    assert "over: tag 7 puts it at (" in said and "0.8 in past the right edge" in said
    assert "note: flush: tag 6 puts its base" in said
    assert main(["validate", out]) == 0
    units = load_game(out).setup.scene.units
    assert (units["over"].x, units["over"].y) == (60, 30)
    for uid in ("knights", "boyz"):
        truth = next(u for u in TRUTH if u.id == uid)
        assert math.hypot(units[uid].x - truth.x, units[uid].y - truth.y) <= 0.05
    assert units["flush"].x == pytest.approx(HALF, abs=EDGE_TOLERANCE_IN)


def test_record_appends_the_other_units_moves(tmp_path, photo, capsys):
    path, out = game_file(tmp_path, [TurnStart(1)]), str(tmp_path / "played.json")
    assert main(["table", path, photo, "-o", out, "--record"]) == 0
    assert main(["validate", out]) == 0
    moves = load_game(out).events[1:]
    assert {m.piece_id for m in moves} == {"knights", "boyz", "flush"}


def test_the_json_reading_has_the_note_and_the_problem(tmp_path, photo, capsys):
    assert main(["table", game_file(tmp_path), photo, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    named = {u["id"]: u for u in doc["units"]}
    assert "placed just inside" in named["flush"]["note"]
    assert "past the right edge" in named["over"]["problem"]
    assert doc["notes"] and doc["notes"][0].startswith("flush: ")
    assert all(0 <= u["facing"] < 360 for u in doc["units"])


def test_a_casualtys_tag_on_the_table_names_its_unit_and_the_event_that_removed_it(
    tmp_path, photo, capsys
):
    events = [TurnStart(1), TurnStart(1, "red"), RemoveCasualty("boyz")]
    # The units at the edges untagged: their tags are on no unit.
    units = [replace(u, tag=None) if u.id in ("flush", "over") else u for u in start_units()]
    game = replace(game_of(units), events=tuple(events),
                   camera=TableCamera(tag_size=1.5, lens=lens_record(CAMERA.lens)))  # fmt: skip
    path, out = str(tmp_path / "game.json"), str(tmp_path / "played.json")
    save_game(game, path)
    assert main(["table", path, photo, "--record", "-o", out]) == 0
    said = capsys.readouterr().out
    assert "tag 5 at pixel (" in said
    assert "is the tag of boyz, removed from the table by event 3" in said
    assert 'give a unit "Camera tag" 5' not in said
    assert "boyz" not in {m.piece_id for m in load_game(out).events[3:]}
    assert 'give a unit "Camera tag" 6' in said  # a tag on no unit still gets the advice


def test_tags_of_another_size_are_counted_as_seen_and_the_size_is_named(tmp_path, photo, capsys):
    path = str(tmp_path / "game.json")
    save_game(replace(game_of(start_units()), camera=TableCamera(
        tag_size=1.0, lens=lens_record(CAMERA.lens))), path)  # fmt: skip
    assert main(["table", path, photo]) == 0
    said = capsys.readouterr().out
    assert "4 of 4 tagged units seen, 0 moved, 4 tags not used" in said
    size = r"4 unit tags were seen but measure 1\.[45]\d in \(the median\), not the game's 1 in"
    assert re.search(size, said)


def test_a_small_overhang_is_worded_with_the_digits_that_show_it():
    from tabletop_gui.camera.table_read import facing_words
    from tabletop_gui.model import InchBoard

    assert facing_words(359.97) == "0.0" and facing_words(12.46) == "12.5"

    board = InchBoard(72, 48)
    near = unit("near", "red", HALF - 0.004, 24.0)
    assert "reaches 0.004 in past the left edge" in (where_off(board, near) or "")
    tiny = unit("tiny", "red", 20.0, 48 - HALF + 0.00005)
    assert "reaches 0.00005 in past the top edge" in (where_off(board, tiny) or "")
    assert "reaches 0.8 in past" in (where_off(board, unit("o", "red", HALF - 0.8, 9)) or "")


def test_a_blurred_photo_that_loses_tags_says_it_looks_blurred_and_a_sharp_one_does_not():
    """The trial's blurred photo lost 4 of 5 tags, its corner markers found, and
    said only "not seen, keeps its place"."""
    truth = synthetic.random_table(5, units=12)
    camera = synthetic.camera_for(truth.board.extent, (1920, 1080), 0.0)
    blurred = synthetic.render(truth, camera, tag_size=1.5, blur=2.5)
    reading = read_table(truth, blurred, lens=camera.lens, tag_size=1.5)
    assert not all(u.seen for u in reading.units)
    words = [p for p in reading.problems if p.startswith("the photo looks blurred")]
    assert len(words) == 1 and "pixels wide" in words[0] and "focus on the table" in words[0]
    # A sharp photo with a tag covered (a hand over it): not seen, and no word of blur.
    covered = replace(truth, units={k: u for k, u in truth.units.items() if k != "u4"})
    sharp = synthetic.render(covered, camera, tag_size=1.5)
    reading = read_table(truth, sharp, lens=camera.lens, tag_size=1.5)
    assert [u.unit_id for u in reading.units if not u.seen] == ["u4"]
    assert not any("blurred" in p for p in reading.problems)


def test_a_sharp_photo_whose_tags_are_too_small_to_read_says_so():
    """A 1280 x 720 photo of the 72 x 48 in board from 45°: 1 in tags are about 2
    pixels a cell, too few to read; the corner markers (2 in) are read. Not
    blurred: the reading says the tags are too small, and what helps
    (docs/camera.md, What limits accuracy)."""
    truth = synthetic.random_table(5, units=12)
    camera = synthetic.camera_for(truth.board.extent, (1280, 720), 45.0)
    small = synthetic.render(truth, camera, tag_size=1.0)
    reading = read_table(truth, small, lens=camera.lens, tag_size=1.0)
    assert not all(u.seen for u in reading.units)
    words = [p for p in reading.problems if "pixels a cell" in p]
    assert len(words) == 1 and words[0].startswith("the unit tags are about ")
    assert "larger tags" in words[0] and not any("blurred" in p for p in reading.problems)


def test_the_reading_names_each_unit_by_its_name_and_id(tmp_path, photo, capsys):
    """A referee reads "Hanging tray (over): …", not an id alone, in the problems
    and in the lines ``table`` prints for the units it moved: each line starts
    with the unit's name and id (docs/camera.md, Units at the board's edge)."""
    names = {"over": "Hanging tray", "knights": "Grail Knights"}
    units = [replace(u, name=names.get(u.id, u.name)) for u in start_units()]
    game = replace(game_of(units), camera=TableCamera(tag_size=1.5, lens=lens_record(CAMERA.lens)))
    path = str(tmp_path / "named.json")
    save_game(game, path)
    assert main(["table", path, photo]) == 0
    said = capsys.readouterr().out
    assert "! Hanging tray (over): tag 7 puts it at (" in said
    assert re.search(r"^  Grail Knights \(knights, tag 4\): moved [0-9.]+ in to", said, re.M)

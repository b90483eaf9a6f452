"""`tabletop-gui table GAME.json PHOTO`: a photo of the real table places the
game's tagged units (docs/camera.md); every bad input refused by name."""

import json
import math
from dataclasses import replace
from pathlib import Path

import pytest
from tagged_games import game_of, unit

from tabletop_gui.camera import synthetic
from tabletop_gui.camera.records import lens_record
from tabletop_gui.cli import main
from tabletop_gui.io import load_game, save_game
from tabletop_gui.model.camera import TableCamera
from tabletop_gui.model.events import GameEnd, TurnStart

TRUTH = [
    unit("knights", "red", 20.25, 10.5, facing=12.5, tag=4),
    unit("boyz", "blue", 30.5, 36.75, facing=181.0, tag=5),
]
CAMERA = synthetic.camera_for((72, 48), (1600, 900), 30.0)


@pytest.fixture(scope="module")
def photo(tmp_path_factory) -> str:
    from tabletop_gui.app.camera.photo import to_qimage

    path = str(tmp_path_factory.mktemp("photo") / "table.png")
    truth = game_of(TRUTH).setup.scene
    assert to_qimage(synthetic.render(truth, CAMERA)).save(path)
    return path


def game_file(tmp_path, events=(), **camera) -> str:
    units = [replace(u, x=u.x + 2.5, y=u.y - 1.5, facing=u.facing + 30) for u in TRUTH]
    game = replace(game_of(units), events=tuple(events),
                   camera=TableCamera(lens=lens_record(CAMERA.lens), **camera))  # fmt: skip
    path = str(tmp_path / "game.json")
    save_game(game, path)
    return path


def test_json_names_each_unit_where_its_tag_stands_and_writes_nothing(tmp_path, photo, capsys):
    path = game_file(tmp_path)
    before = Path(path).read_text(encoding="utf-8")
    assert main(["table", path, photo, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["calibration"]["markers"] == [0, 1, 2, 3]
    knights = next(u for u in doc["units"] if u["id"] == "knights")
    assert knights["seen"] and math.hypot(knights["x"] - 20.25, knights["y"] - 10.5) <= 0.05
    assert knights["moved_in"] == pytest.approx(math.hypot(2.5, 1.5), abs=0.05)
    assert Path(path).read_text(encoding="utf-8") == before


def test_output_edits_the_set_up_and_keeps_the_alignment(tmp_path, photo, capsys):
    path, out = game_file(tmp_path), str(tmp_path / "placed.json")
    assert main(["table", path, photo, "-o", out]) == 0
    assert "2 of 2 tagged units seen, 2 moved" in capsys.readouterr().out
    game = load_game(out)
    assert game.events == ()
    for u in TRUTH:
        placed = game.setup.scene.units[u.id]
        assert math.hypot(placed.x - u.x, placed.y - u.y) <= 0.05
        assert abs((placed.facing - u.facing + 180) % 360 - 180) <= 1.0
    assert game.camera is not None and game.camera.alignment is not None
    assert (game.camera.alignment.width, game.camera.alignment.height) == (1600, 900)


def test_record_appends_one_move_event_per_moved_unit(tmp_path, photo):
    path, out = game_file(tmp_path, events=[TurnStart(1)]), str(tmp_path / "played.json")
    assert main(["table", path, photo, "-o", out, "--record"]) == 0
    game = load_game(out)
    moves = game.events[1:]
    assert [m.type for m in moves] == ["move", "move"]
    assert {m.piece_id for m in moves} == {"knights", "boyz"}


def test_a_game_under_way_is_not_edited_without_record(tmp_path, photo, capsys):
    path = game_file(tmp_path, events=[TurnStart(1)])
    assert main(["table", path, photo, "-o", str(tmp_path / "x.json")]) == 2
    assert "the game has 1 events" in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()


@pytest.mark.parametrize("options", [[], ["--record", "-o", "out.json"]])
def test_moves_the_rules_refuse_keep_their_units_in_the_text_the_counts_and_the_json(
    tmp_path, photo, capsys, options
):
    """A game that has ended refuses every move: each unit keeps its place, with
    the reason, in the text summary, its counts and the JSON alike, whether the
    game is written or not (docs/camera.md, What is refused, and what is only
    reported)."""
    path = game_file(tmp_path, events=[TurnStart(1), GameEnd()])
    options = [str(tmp_path / o) if o.endswith(".json") else o for o in options]
    before = {u.id: (u.x, u.y, u.facing) for u in load_game(path).setup.scene.units.values()}
    assert main(["table", path, photo, *options]) == 0
    text = capsys.readouterr().out
    assert "2 of 2 tagged units seen, 0 moved, 2 tags not used" in text
    assert "moved 2.9" not in text and ": moved " not in text
    for name, tag in (("knights", 4), ("boyz", 5)):
        assert f"! {name}: tag {tag} puts it at (" in text
    assert text.count("not moved, the rules refuse its move: The game is over") == 2
    if options:
        assert load_game(options[-1]).events == (TurnStart(1), GameEnd())
    assert main(["table", path, photo, "--json", *options]) == 0
    doc = json.loads(capsys.readouterr().out)
    for u in doc["units"]:
        assert (u["x"], u["y"], u["facing"]) == before[u["id"]]
        assert u["seen"] and u["moved_in"] is None
        assert "the rules refuse its move: The game is over" in u["problem"]
    assert len(doc["problems"]) == 2
    assert all("the rules refuse its move" in p for p in doc["problems"])


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["missing.png"], "missing.png: no such file"),
        (["--corners", "1,2,3"], "--corners: needs 8 numbers"),
        (["--corners", "a,b"], "give 8 numbers"),
    ],
)
def test_bad_input_is_refused_by_name_with_exit_2(tmp_path, photo, capsys, args, words):
    path = game_file(tmp_path)
    argv = ["table", path, *(args if args[0].endswith(".png") else [photo, *args])]
    if args[0].endswith(".png"):
        argv[2] = str(tmp_path / args[0])
    assert main(argv) == 2
    assert words in capsys.readouterr().err


def test_a_folder_given_as_the_photo_is_called_a_folder_not_missing(tmp_path, capsys):
    folder = tmp_path / "photos.png"
    folder.mkdir()
    assert main(["table", game_file(tmp_path), str(folder)]) == 2
    assert capsys.readouterr().err.strip() == f"error: {folder}: a folder, not a photo"


def test_an_output_that_is_the_photo_is_refused_and_the_photo_kept(tmp_path, photo, capsys):
    # With --record, the game was written over the photo.
    copy = tmp_path / "table.png"
    copy.write_bytes(Path(photo).read_bytes())
    argv = ["table", game_file(tmp_path), str(copy), "--record", "-o", str(copy)]
    assert main(argv) == 2
    assert capsys.readouterr().err.strip() == (
        "error: -o would overwrite the photo being read (give the game's file)"
    )
    assert copy.read_bytes() == Path(photo).read_bytes()


def test_a_file_that_is_not_an_image_is_refused_naming_it(tmp_path, capsys):
    fake = tmp_path / "notes.jpg"
    fake.write_text("not a photo")
    assert main(["table", game_file(tmp_path), str(fake)]) == 2
    assert "notes.jpg: cannot read the photo" in capsys.readouterr().err


def test_record_without_an_output_says_nothing_was_written(tmp_path, photo, capsys):
    """Said, not silent (docs/camera.md, A photo of the table)."""
    assert main(["table", game_file(tmp_path), photo, "--record"]) == 0
    assert (
        capsys.readouterr()
        .out.rstrip()
        .endswith("nothing written: --record appends the moves to the game -o writes")
    )


def test_a_jpeg_cut_short_is_refused_not_read_with_its_lower_part_grey(tmp_path, capsys):
    """A copy stopped half-way: Qt reads the top and greys the rest, where the
    units would read as gone or moved (docs/camera.md, What is refused, and
    what is only reported)."""
    from tabletop_gui.app.camera.photo import to_qimage

    whole = tmp_path / "table.jpg"
    truth = game_of(TRUTH).setup.scene
    assert to_qimage(synthetic.render(truth, CAMERA)).save(str(whole), "JPG", 95)
    cut = tmp_path / "cut.jpg"
    data = whole.read_bytes()
    cut.write_bytes(data[: len(data) // 3])
    assert main(["table", game_file(tmp_path), str(cut)]) == 2
    assert "cut.jpg: the photo is cut short" in capsys.readouterr().err
    assert main(["table", game_file(tmp_path), str(whole)]) == 0  # the whole file reads


def test_the_printed_marker_sheet_is_refused_as_a_pdf_not_read_as_a_photo(tmp_path, capsys):
    """The trial: the program's own marker sheet (a PDF, read by Qt as a picture
    of its first page) said "corner marker 0, 1, 2, 3 not found" (docs/camera.md,
    What is refused, and what is only reported)."""
    sheet = str(tmp_path / "markers.pdf")
    assert main(["markers", "-o", sheet, "--corners"]) == 0
    capsys.readouterr()
    assert main(["table", game_file(tmp_path), sheet]) == 2
    err = capsys.readouterr().err
    assert f"{sheet} is a PDF, not a photo (the marker sheet? Print it at 100 %" in err
    assert "corner marker" not in err.replace("the marker sheet", "")


#: The start of an iPhone photo: an ISO media ``ftyp`` box of brand heic.
HEIC_HEAD = (24).to_bytes(4, "big") + b"ftypheic" + bytes(4) + b"mif1heic"
AVIF_HEAD = (24).to_bytes(4, "big") + b"ftypavif" + bytes(4) + b"avifmif1"


@pytest.mark.parametrize("name", ["IMG_0042.HEIC", "renamed.jpg"])
def test_an_iphone_heic_photo_is_refused_saying_how_to_get_a_jpeg(tmp_path, capsys, name):
    """Qt reads no HEIC, an iPhone's usual photo format: the refusal names it, by
    its content whatever its name, and says how to get a JPEG (docs/camera.md,
    What is refused, and what is only reported)."""
    photo = tmp_path / name
    photo.write_bytes(HEIC_HEAD + bytes(4096))
    assert main(["table", game_file(tmp_path), str(photo)]) == 2
    err = capsys.readouterr().err
    assert f"{photo} is a HEIC photo (the iPhone's usual format), which this program" in err
    assert "Most Compatible" in err and "heif-convert" in err


def test_an_avif_picture_is_named_as_such(tmp_path, capsys):
    photo = tmp_path / "shot.avif"
    photo.write_bytes(AVIF_HEAD + bytes(4096))
    assert main(["table", game_file(tmp_path), str(photo)]) == 2
    assert f"{photo} is an AVIF picture, which this program cannot read" in capsys.readouterr().err


def test_an_avif_picture_whose_first_brand_is_mif1_is_named_avif(tmp_path, capsys):
    photo = tmp_path / "shot.avif"
    head = (28).to_bytes(4, "big") + b"ftypmif1" + bytes(4) + b"mif1avifmiaf"
    photo.write_bytes(head + bytes(4096))
    assert main(["table", game_file(tmp_path), str(photo)]) == 2
    assert f"{photo} is an AVIF picture" in capsys.readouterr().err


def test_an_mp4_video_is_not_taken_for_a_heic_photo(tmp_path, capsys):
    video = tmp_path / "clip.mp4"
    video.write_bytes((24).to_bytes(4, "big") + b"ftypisom" + bytes(4) + b"isomavc1" + bytes(99))
    assert main(["table", game_file(tmp_path), str(video)]) == 2
    err = capsys.readouterr().err
    assert "cannot read the photo" in err and "HEIC" not in err


def test_a_photo_without_corner_markers_names_them_and_offers_corners(tmp_path, capsys):
    from tabletop_gui.app.camera.photo import to_qimage

    blank = str(tmp_path / "blank.png")
    shot = synthetic.render(game_of(TRUTH).setup.scene, CAMERA, corners=(), noise=0)
    assert to_qimage(shot).save(blank)
    assert main(["table", game_file(tmp_path), blank]) == 2
    err = capsys.readouterr().err
    assert "corner marker 0, 1, 2, 3 not found: the whole board must be in the photo" in err
    assert "--corners" in err


def test_without_a_lens_calibration_the_photo_fits_its_own_distortion_and_keeps_it(
    tmp_path, capsys
):
    from tabletop_gui.app.camera.photo import to_qimage
    from tabletop_gui.model.game import Game
    from tabletop_gui.model.scene import Setup

    truth = synthetic.random_table(7, units=12)
    camera = synthetic.camera_for((72, 48), (1920, 1080), 30.0)
    photo = str(tmp_path / "table.png")
    assert to_qimage(synthetic.render(truth, camera, tag_size=1.5, seed=7)).save(photo)
    path, out = str(tmp_path / "game.json"), str(tmp_path / "placed.json")
    save_game(Game(Setup("t9a", truth), camera=TableCamera(tag_size=1.5)), path)
    assert main(["table", path, photo, "--json", "-o", out]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["calibration"]["lens"] == "fitted"
    worst = max(math.hypot(u["x"] - truth.units[u["id"]].x, u["y"] - truth.units[u["id"]].y)
                for u in doc["units"])  # fmt: skip
    assert worst <= 0.05
    kept = load_game(out).camera
    assert kept is not None and kept.lens is None
    assert kept.alignment is not None and kept.alignment.lens is not None
    assert main(["table", path, photo]) == 0
    assert "the lens's distortion fitted from the photo (k1 -0.0" in capsys.readouterr().out


def test_a_photo_with_a_hidden_corner_names_it_and_the_kept_alignment_it_was_checked_against(
    tmp_path, photo, capsys
):
    """The trial's false claim: a photo whose corner marker 2 is hidden said "board
    found from corner markers 0, 1, 2, 3" (the kept alignment's numbers), and after
    the camera moved it placed units inches off with it."""
    from tabletop_gui.app.camera.photo import to_qimage

    path, kept = game_file(tmp_path), str(tmp_path / "kept.json")
    assert main(["table", path, photo, "-o", kept]) == 0
    capsys.readouterr()
    hidden = str(tmp_path / "hidden.png")
    shot = synthetic.render(game_of(TRUTH).setup.scene, CAMERA, corners=(0, 1, 3))
    assert to_qimage(shot).save(hidden)
    assert main(["table", kept, hidden]) == 0
    out = capsys.readouterr().out
    assert "board found from" not in out
    assert "board placed by the kept alignment" in out and "corner marker 2 not seen" in out
    assert "corner markers 0, 1, 3 agree with it within 0.0" in out
    assert main(["table", kept, hidden, "--json"]) == 0
    calibration = json.loads(capsys.readouterr().out)["calibration"]
    assert calibration["seen"] == [0, 1, 3] and calibration["kept"] is True
    moved = synthetic.camera_for((72, 48), (1600, 900), 45.0, roll_deg=-3.0)
    elsewhere = str(tmp_path / "moved.png")
    shot = synthetic.render(game_of(TRUTH).setup.scene, moved, corners=(0, 1, 3))
    assert to_qimage(shot).save(elsewhere)
    assert main(["table", kept, elsewhere, "-o", str(tmp_path / "x.json")]) == 2
    err = capsys.readouterr().err
    assert "corner marker 2 not found (found 0, 1, 3)" in err and "has the camera moved?" in err
    assert not (tmp_path / "x.json").exists()


def test_a_game_whose_board_is_not_the_tables_size_is_refused_naming_both(tmp_path, photo, capsys):
    from tabletop_gui.model import InchBoard

    game = load_game(game_file(tmp_path))
    scene = replace(game.setup.scene, board=InchBoard(70, 48))
    path = str(tmp_path / "w70.json")
    save_game(replace(game, setup=replace(game.setup, scene=scene)), path)
    assert main(["table", path, photo, "-o", str(tmp_path / "x.json")]) == 2
    err = capsys.readouterr().err
    assert "narrower than tall on the board (at most 1.2%): is the board 70 x 48 in" in err
    assert "They fit a board of 72." in err
    assert not (tmp_path / "x.json").exists()


def test_a_game_with_no_tagged_unit_says_how_to_give_one_a_tag(tmp_path, photo, capsys):
    """The trial: "0 of 0 tagged units seen", and the tags seen listed as on no unit
    without a word on how to link them."""
    game = load_game(game_file(tmp_path))
    units = {k: replace(u, tag=None) for k, u in game.setup.scene.units.items()}
    scene = replace(game.setup.scene, units=units)
    path = str(tmp_path / "untagged.json")
    save_game(replace(game, setup=replace(game.setup, scene=scene)), path)
    assert main(["table", path, photo]) == 0
    out = capsys.readouterr().out
    assert "0 of 0" not in out
    assert "no unit of the game has a camera tag: nothing to place" in out
    assert 'select a unit and set its "Camera tag" in the Inspector' in out
    assert "tag 4 at pixel (" in out and 'give a unit "Camera tag" 4 to use it' in out

"""File ▸ Table photo… in the window (docs/camera.md, The window): the photo under
the board at true scale, the tagged units placed as one undo step, the
alignment kept with the game, a refused photo changing nothing."""

import math
from dataclasses import replace

import numpy as np
import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.camera.photo import load_photo, to_qimage
from tabletop_gui.camera import synthetic
from tabletop_gui.camera.homography import apply
from tabletop_gui.camera.picture import board_picture
from tabletop_gui.camera.records import lens_record
from tabletop_gui.model import Setup
from tabletop_gui.model.camera import TableCamera
from tabletop_gui.model.game import Game

from .helpers import open_window

TRUTH = synthetic.random_table(5, units=12)
CAMERA = synthetic.camera_for(TRUTH.board.extent, (1600, 900), 30.0)


def moved_game() -> Game:
    start = synthetic.moved_table(TRUTH, 2, 12)
    return Game(
        Setup("t9a", start, name="photo"),
        camera=TableCamera(tag_size=1.5, lens=lens_record(CAMERA.lens)),
    )


@pytest.fixture(scope="module")
def photo(tmp_path_factory) -> str:
    path = str(tmp_path_factory.mktemp("photo") / "table.png")
    assert to_qimage(synthetic.render(TRUTH, CAMERA, tag_size=1.5)).save(path)
    return path


def test_a_table_photo_places_every_tagged_unit_as_one_undo_step(qtbot, photo, tmp_path):
    window = open_window(qtbot, moved_game())
    assert window.camera.open_photo(photo) is None
    units = window.doc.committed.scene.units
    for uid, truth in TRUTH.units.items():
        assert math.hypot(units[uid].x - truth.x, units[uid].y - truth.y) <= 0.05, uid
        assert abs((units[uid].facing - truth.facing + 180) % 360 - 180) <= 1.0, uid
    assert window.camera.underlay.clip.isVisible()
    assert window.doc.camera.alignment is not None
    window.view.fit_board()
    QApplication.processEvents()
    window.grab().save(str(tmp_path / "window-photo.png"))
    window.doc.undo_stack.undo()  # the moves, one step
    assert window.doc.committed.scene.units == moved_game().setup.scene.units


def test_the_picture_under_the_board_lies_on_the_board_at_true_scale(qtbot, photo):
    """Board points seen in the photo are drawn at those board points (lens and all)."""
    window = open_window(qtbot, moved_game())
    window.camera.open_photo(photo)
    item = window.camera.underlay.item
    reading = window.camera.last_reading
    picture = board_picture(load_photo(photo), reading.fit, TRUTH.board.extent)
    to_picture = np.linalg.inv(picture.to_ideal())
    height = TRUTH.board.extent[1]
    for board_xy in [(0.0, 0.0), (72.0, 0.0), (72.0, 48.0), (0.0, 48.0), (36.0, 24.0)]:
        real = CAMERA.project(np.array([board_xy]))  # where the real lens put it
        ideal = CAMERA.lens.undistort(real)
        px = apply(to_picture, ideal)[0]
        at = item.transform().map(QPointF(px[0], px[1]))
        assert abs(at.x() - board_xy[0]) < 0.03 and abs(at.y() - (height - board_xy[1])) < 0.03


def test_the_picture_toggles_with_its_key_and_keeps_its_opacity(qtbot, photo):
    window = open_window(qtbot, moved_game())
    window.camera.open_photo(photo)
    window.camera.slider.setValue(40)
    assert window.camera.underlay.clip.opacity() == pytest.approx(0.4)
    window.camera.show_action.trigger()
    assert not window.camera.underlay.clip.isVisible()
    window.camera.show_action.trigger()
    assert window.camera.underlay.clip.isVisible()
    assert window.camera.show_action.shortcut().toString() == "C"


def test_a_photo_without_its_corner_markers_changes_nothing(qtbot, tmp_path):
    blank = str(tmp_path / "blank.png")
    assert to_qimage(synthetic.render(TRUTH, CAMERA, tag_size=1.5, corners=(0, 1))).save(blank)
    window = open_window(qtbot, moved_game())
    before = window.doc.game
    message = window.camera.open_photo(blank)
    assert "corner marker 2, 3 not found (found 0, 1)" in message
    assert "Nothing was changed" in message
    # The command line's way round it (--corners) is not the window's: not offered.
    assert "--corners" not in message
    assert window.doc.game == before
    assert not window.camera.underlay.clip.isVisible()


def test_an_unseen_tagged_unit_is_marked_and_keeps_its_place(qtbot, tmp_path):
    hidden = replace(TRUTH, units={k: v for k, v in TRUTH.units.items() if k != "u4"})
    shot = str(tmp_path / "hidden.png")
    assert to_qimage(synthetic.render(hidden, CAMERA, tag_size=1.5)).save(shot)
    window = open_window(qtbot, moved_game())
    before = window.doc.committed.scene.units["u4"]
    window.camera.open_photo(shot)
    assert window.camera.unseen == {"u4"}
    assert window.doc.committed.scene.units["u4"] == before


def test_print_markers_paints_the_games_tags_on_the_printer(qtbot, tmp_path):
    from PySide6.QtPrintSupport import QPrinter

    window = open_window(qtbot, moved_game())
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    assert window.camera.marker_ids() == list(range(4, 16))
    assert window.camera.paint_markers(printer) == 2  # 4 corners and 12 tags of 1.5 in
    assert (tmp_path / "printed.pdf").read_bytes().startswith(b"%PDF")


def test_calibrate_lens_keeps_the_lens_with_the_game_or_refuses_naming_why(qtbot, tmp_path):
    """Camera > Calibrate lens...: photos of the printed grid (tests/camera has the
    solver's accuracy test); too few photos change nothing."""
    import math as m

    from tabletop_gui.camera.lens_calibration import GRID
    from tabletop_gui.model import InchBoard, Scene

    board = (24.0, 14.0)
    paths = []
    for i, (tilt, turn, at) in enumerate([(0, 0, (12, 7)), (35, 40, (8, 6)), (40, -60, (16, 8)),
                                          (30, 100, (12, 7))]):  # fmt: skip
        cam = synthetic.camera_for(board, (960, 540), tilt, hfov_deg=60, k1=-0.1, fill=1.0)
        a = m.radians(turn)
        rot = np.array([[m.cos(a), -m.sin(a)], [m.sin(a), m.cos(a)]])
        middle = np.mean([GRID.corners(t).mean(axis=0) for t in GRID.ids()], axis=0)
        extra = tuple((t, *(rot @ (GRID.corners(t).mean(axis=0) - middle) + at), turn)
                      for t in GRID.ids())  # fmt: skip
        shot = synthetic.render(Scene(board=InchBoard(*board), sides=(), units={}), cam,
                                tag_size=GRID.size, corners=(), extra=extra)  # fmt: skip
        paths.append(str(tmp_path / f"grid{i}.png"))
        assert to_qimage(shot).save(paths[-1])
    window = open_window(qtbot, moved_game())
    said = window.camera.calibrate_lens(paths[:2])
    assert "at least 3 photos" in said and "Nothing was changed" in said
    assert window.doc.camera.lens == moved_game().camera.lens
    said = window.camera.calibrate_lens(paths)
    assert said.startswith("Lens measured from 4 of 4 photos")
    assert window.doc.camera.lens.k1 == pytest.approx(-0.1, abs=0.03)
    window.doc.undo_stack.undo()
    assert window.doc.camera.lens == moved_game().camera.lens


def test_the_disputed_range_report_shows_the_photo_under_the_board(qtbot, photo, tmp_path):
    from tabletop_gui.app.export.range_report import Subject

    window = open_window(qtbot, moved_game())
    plain = tmp_path / "plain.png"
    window.referee.write_report(str(plain), Subject(piece_id="u4"))
    window.camera.open_photo(photo)
    window.camera.slider.setValue(100)
    with_photo = tmp_path / "range-with-photo.png"
    window.referee.write_report(str(with_photo), Subject(piece_id="u4"))
    greens = []
    for path in (plain, with_photo):
        pixels = load_photo(str(path)).reshape(-1, 3).astype(int)
        # the synthetic cloth: green over red and blue
        greens.append(
            int(((pixels[:, 1] > pixels[:, 0] + 15) & (pixels[:, 1] > pixels[:, 2] + 15)).sum())
        )
    assert greens[1] > greens[0] + 10_000
    window.camera.show_action.trigger()  # hidden: the report leaves it out
    hidden = tmp_path / "hidden.png"
    window.referee.write_report(str(hidden), Subject(piece_id="u4"))
    pixels = load_photo(str(hidden)).reshape(-1, 3).astype(int)
    assert (
        int(((pixels[:, 1] > pixels[:, 0] + 15) & (pixels[:, 1] > pixels[:, 2] + 15)).sum())
        < greens[1]
    )


def test_a_units_camera_tag_is_set_in_the_inspector_and_a_corner_id_refused(qtbot):
    window = open_window(qtbot, moved_game())
    window.scene.clearSelection()
    window.scene.pieces["u4"].setSelected(True)
    QApplication.processEvents()
    assert "tag" in window.inspector.widgets
    window.inspector.edit("tag", "40")
    QApplication.processEvents()
    assert window.doc.committed.scene.units["u4"].tag == 40
    window.inspector.edit("tag", "2")
    QApplication.processEvents()
    assert window.doc.committed.scene.units["u4"].tag == 40
    assert "0-3 are the corner markers" in window.inspector.message.toolTip()
    # Another unit's tag: set (it may be on purpose, for a while), and said at once
    # (docs/camera.md, The window).
    other = next(u for u in window.doc.committed.scene.units.values() if u.id != "u4" and u.tag)
    window.inspector.edit("tag", str(other.tag))
    QApplication.processEvents()
    assert window.doc.committed.scene.units["u4"].tag == other.tag
    assert window.statusBar().currentMessage().startswith(f"Camera tag {other.tag} is also ")


def test_without_a_lens_calibration_the_photo_fits_its_lens_and_its_picture_lies_on_the_board(
    qtbot, photo, tmp_path
):
    """The game has no lens: the photo's own distortion is fitted (docs/camera.md,
    The lens without a calibration), the units placed and the picture drawn
    through it, and it is kept with the alignment."""
    game = moved_game()
    window = open_window(qtbot, replace(game, camera=TableCamera(tag_size=1.5)))
    assert window.camera.open_photo(photo) is None
    reading = window.camera.last_reading
    assert reading.fit.lens_source == "fitted"
    assert window.doc.camera.alignment.lens is not None
    assert "lens distortion fitted from the photo" in window.statusBar().currentMessage()
    units = window.doc.committed.scene.units
    for uid, truth in TRUTH.units.items():
        assert math.hypot(units[uid].x - truth.x, units[uid].y - truth.y) <= 0.05, uid
    item = window.camera.underlay.item
    picture = board_picture(load_photo(photo), reading.fit, TRUTH.board.extent)
    to_picture = np.linalg.inv(picture.to_ideal())
    height = TRUTH.board.extent[1]
    for board_xy in [(0.0, 0.0), (72.0, 0.0), (72.0, 48.0), (0.0, 48.0), (36.0, 0.0), (0.0, 24.0)]:
        real = CAMERA.project(np.array([board_xy]))  # where the real lens put it
        px = apply(to_picture, reading.fit.ideal(real))[0]
        at = item.transform().map(QPointF(px[0], px[1]))
        assert abs(at.x() - board_xy[0]) < 0.05 and abs(at.y() - (height - board_xy[1])) < 0.05
    window.view.fit_board()
    QApplication.processEvents()
    window.grab().save(str(tmp_path / "window-photo-fitted-lens.png"))


def test_a_photo_with_a_hidden_corner_says_so_and_a_moved_camera_changes_nothing(
    qtbot, photo, tmp_path
):
    """File > Table photo... with corner marker 2 hidden: read with the kept
    alignment only when the corners seen agree with it, and the status bar says
    which corners were seen; after the camera moved the photo is refused."""
    window = open_window(qtbot, moved_game())
    assert window.camera.open_photo(photo) is None
    assert "board found from corner markers 0, 1, 2, 3" in window.statusBar().currentMessage()
    hidden = str(tmp_path / "hidden.png")
    assert to_qimage(synthetic.render(TRUTH, CAMERA, tag_size=1.5, corners=(0, 1, 3))).save(hidden)
    window.camera.open_photo(hidden)
    said = window.statusBar().currentMessage()
    assert "board placed by the kept alignment" in said
    assert "corner marker 2 not seen, corner markers 0, 1, 3 agree with it" in said
    moved = synthetic.camera_for(TRUTH.board.extent, (1600, 900), 45.0, roll_deg=-3.0)
    shot = str(tmp_path / "moved.png")
    assert to_qimage(synthetic.render(TRUTH, moved, tag_size=1.5, corners=(0, 1, 3))).save(shot)
    before = window.doc.game
    message = window.camera.open_photo(shot)
    assert "corner marker 2 not found (found 0, 1, 3)" in message
    assert "has the camera moved?" in message and "Nothing was changed" in message
    assert window.doc.game == before


def test_undoing_a_photo_read_takes_its_picture_and_rings_away_and_redo_brings_them_back(
    qtbot, photo, tmp_path
):
    """The trial's undo of "Units placed from the table photo (N)" left the photo
    under the board and the amber rings of the units it had not seen."""
    hidden = replace(TRUTH, units={k: v for k, v in TRUTH.units.items() if k != "u4"})
    shot = str(tmp_path / "hidden.png")
    assert to_qimage(synthetic.render(hidden, CAMERA, tag_size=1.5)).save(shot)
    window = open_window(qtbot, moved_game())
    camera, stack = window.camera, window.doc.undo_stack
    camera.open_photo(shot)
    assert camera.unseen == {"u4"} and camera.underlay.clip.isVisible()
    assert stack.undoText() == "Units placed from the table photo (11)"
    window.view.fit_board()
    stack.undo()
    QApplication.processEvents()
    window.grab().save(str(tmp_path / "window-photo-undone.png"))
    assert window.doc.committed.scene.units == moved_game().setup.scene.units
    assert camera.unseen == set() and not camera.underlay.clip.isVisible()
    assert [i for i in window.scene.items() if i.zValue() == camera.underlay.clip.zValue()
            and i.isVisible()] == []  # fmt: skip
    stack.redo()
    assert camera.unseen == {"u4"} and camera.underlay.clip.isVisible()
    placed = camera.underlay.item.pixmap().cacheKey()
    # A second photo on top: its undo brings back the first photo's picture and rings.
    camera.open_photo(photo)
    assert camera.unseen == set()
    stack.undo()
    assert camera.unseen == {"u4"} and camera.underlay.item.pixmap().cacheKey() == placed


def test_a_photo_of_a_game_with_no_tagged_unit_says_how_to_tag_one(qtbot, photo):
    game = moved_game()
    units = {k: replace(u, tag=None) for k, u in game.setup.scene.units.items()}
    scene = replace(game.setup.scene, units=units)
    window = open_window(qtbot, replace(game, setup=replace(game.setup, scene=scene)))
    message = window.camera.open_photo(photo)
    said = window.statusBar().currentMessage()
    assert "no unit of the game has a camera tag: nothing to place" in said
    assert 'set its "Camera tag" in the Inspector' in said
    assert "tag 4 at pixel (" in message and 'give a unit "Camera tag" 4 to use it' in message


def test_a_unit_over_the_boards_edge_keeps_its_place_and_the_others_move(qtbot, tmp_path):
    """The trial: a tray 0.8 in over the left edge refused the whole photo ("The
    units were not moved: Wolves (u7)...") and every other unit's move was lost;
    a tray flush with the edge, read a hair past it, is placed just inside."""
    from tabletop_gui.model import InchBoard, Scene, Side, Unit
    from tabletop_gui.model.bounds import half_extents, where_off

    def tray(uid: str, x: float, y: float, facing: float, tag: int) -> Unit:
        return Unit(uid, uid.title(), "a" if tag < 6 else "b", x, y, facing=facing,
                    base_width_mm=25.4, base_depth_mm=25.4, models=16, models_per_rank=4,
                    tag=tag)  # fmt: skip

    half = half_extents(tray("x", 0, 0, 0, 4))[0]  # a 4 x 4 in tray
    truth = [
        tray("knights", 22, 10.5, 15, 4),
        tray("levy", 40, 14, 0, 5),
        tray("flush", half - 0.01, 24, 0, 6),
        tray("wolves", half - 0.8, 36, 0, 7),
    ]
    start = [replace(u, x=30 + 8 * i, y=30, facing=180) for i, u in enumerate(truth)]
    sides = (Side("a", "Alpha", "#0072b2"), Side("b", "Bravo", "#d55e00"))

    def scene(units: list[Unit]) -> Scene:
        return Scene(board=InchBoard(72, 48), sides=sides, units={u.id: u for u in units})

    shot = str(tmp_path / "edges.png")
    assert to_qimage(synthetic.render(scene(truth), CAMERA, tag_size=1.5)).save(shot)
    game = Game(Setup("t9a", scene(start), name="edges"),
                camera=TableCamera(tag_size=1.5, lens=lens_record(CAMERA.lens)))  # fmt: skip
    window = open_window(qtbot, game)
    message = window.camera.open_photo(shot) or ""
    assert "The units were not moved" not in message
    assert "Wolves (wolves): tag 7 puts it at (" in message
    assert "0.8 in past the left edge" in message
    assert "Placed at the board's edge:" in message
    assert "Flush (flush): tag 6 puts its base" in message
    said = window.statusBar().currentMessage()  # named there too, as without a problem
    assert (
        "placed just inside the board's edge, within the camera's accuracy: Flush (flush)" in said
    )
    units = window.doc.committed.scene.units
    assert (units["wolves"].x, units["wolves"].y) == (start[3].x, start[3].y)
    for u in truth[:3]:
        assert math.hypot(units[u.id].x - u.x, units[u.id].y - u.y) <= 0.05, u.id
        assert where_off(window.doc.committed.scene.board, units[u.id]) is None
    assert window.camera.unseen == {"wolves"}
    assert window.doc.undo_stack.undoText() == "Units placed from the table photo (3)"
    window.view.fit_board()
    QApplication.processEvents()
    window.grab().save(str(tmp_path / "window-photo-edges.png"))


def test_a_photo_of_a_game_that_has_ended_moves_nobody_and_says_so_in_the_status_bar(
    qtbot, photo, tmp_path
):
    """The rules refuse every move after the game's end: each unit keeps its
    place, with the reason, and the status bar counts none as moved
    (docs/camera.md, What is refused, and what is only reported)."""
    from tabletop_gui.model.events import GameEnd, TurnStart

    game = replace(moved_game(), events=(TurnStart(1), GameEnd()))
    window = open_window(qtbot, game)
    message = window.camera.open_photo(photo) or ""
    said = window.statusBar().currentMessage()
    units = len(TRUTH.units)
    assert f"{units} of {units} tagged units seen, 0 moved, {units} tags not used" in said
    assert message.count("not moved, the rules refuse its move: The game is over") == units
    first = sorted(TRUTH.units.values(), key=lambda u: u.tag)[0]
    assert f"• {first.name} ({first.id}): tag {first.tag} puts it at (" in message
    assert window.doc.committed.scene.units == game.setup.scene.units
    assert window.camera.unseen == set(TRUTH.units)
    window.view.fit_board()
    QApplication.processEvents()
    window.grab().save(str(tmp_path / "window-photo-ended.png"))


def test_looking_back_hides_the_picture_of_the_table_now_and_the_present_shows_it(qtbot, tmp_path):
    """The trial: looking back at an earlier moment showed the latest photo under
    the board, two tables at once. Looking back hides the picture and the rings
    of the units not seen (both are the table now), and the board's notice says
    so; the present shows them again (docs/camera.md, The window)."""
    hidden = replace(TRUTH, units={k: v for k, v in TRUTH.units.items() if k != "u4"})
    shot = str(tmp_path / "hidden.png")
    assert to_qimage(synthetic.render(hidden, CAMERA, tag_size=1.5)).save(shot)
    window = open_window(qtbot, moved_game())
    camera, doc = window.camera, window.doc
    camera.open_photo(shot)
    rings = list(camera._marks.values())
    assert camera.unseen == {"u4"} and camera.underlay.clip.isVisible()
    assert all(r.isVisible() for r in rings)
    doc.look_at(0)  # the set-up, before the photo's moves
    QApplication.processEvents()
    window.grab().save(str(tmp_path / "window-looking-back.png"))
    assert not camera.underlay.clip.isVisible() and camera.picture_held_back
    assert not any(r.isVisible() for r in rings)
    assert camera.underlay.shown() is None  # nor in a disputed-range report
    notice = window.view.notice.text()
    assert notice.startswith(f"Looking back: after event 0 of {len(doc.timeline)} ")
    assert "The camera's picture (the table now) is hidden" in notice
    camera.show_action.trigger()  # C off, then on: still hidden while looking back
    camera.show_action.trigger()
    assert not camera.underlay.clip.isVisible() and not any(r.isVisible() for r in rings)
    doc.look_at(None)
    QApplication.processEvents()
    assert camera.underlay.clip.isVisible() and all(r.isVisible() for r in rings)
    assert not camera.picture_held_back and not window.view.notice.isVisible()
    camera.show_action.trigger()  # C hides it at the present: looking back says nothing
    doc.look_at(0)
    assert "camera" not in window.view.notice.text()


def test_a_pdf_chosen_as_the_table_photo_is_refused_as_a_pdf(qtbot, tmp_path):
    """File > Table photo... on the printed marker sheet names it a PDF, not a
    photo, and changes nothing (docs/camera.md, What is refused, and what is only
    reported)."""
    from tabletop_gui.cli import main

    sheet = str(tmp_path / "markers.pdf")
    assert main(["markers", "-o", sheet]) == 0
    window = open_window(qtbot, moved_game())
    before = window.doc.game
    message = window.camera.open_photo(sheet) or ""
    assert message.startswith(f"The photo was not used: {sheet} is a PDF, not a photo")
    assert "Nothing was changed" in message and "corner marker 0" not in message
    assert window.doc.game == before and not window.camera.underlay.has_picture


def test_an_iphone_heic_photo_is_refused_saying_how_to_get_a_jpeg(qtbot, tmp_path):
    """(docs/camera.md, What is refused, and what is only reported): the window
    says what the command line says, and changes nothing."""
    photo = tmp_path / "IMG_0042.HEIC"
    photo.write_bytes((24).to_bytes(4, "big") + b"ftypheic" + bytes(4) + b"mif1heic" + bytes(999))
    window = open_window(qtbot, moved_game())
    before = window.doc.game
    message = window.camera.open_photo(str(photo)) or ""
    assert message.startswith(f"The photo was not used: {photo} is a HEIC photo")
    assert "Most Compatible" in message and window.doc.game == before


def test_a_unit_placed_just_inside_the_edge_is_told_in_the_status_bar_without_a_message(
    qtbot, tmp_path
):
    """The trial: every photo with a tray flush on an edge opened a message box
    "Placed at the board's edge" (0.0002 in) to click away, though nothing was
    left to decide. With no problem the photo says nothing in a message; the
    status bar names the unit and what was done (docs/camera.md, Units at the
    board's edge)."""
    from tabletop_gui.model import InchBoard, Scene, Side, Unit

    def tray(uid: str, x: float, y: float, tag: int) -> Unit:
        return Unit(uid, uid.title(), "a", x, y, base_width_mm=25.4, base_depth_mm=25.4,
                    models=16, models_per_rank=4, tag=tag)  # fmt: skip

    truth = [tray("knights", 22, 10.5, 4), tray("flush", 2.0 - 0.01, 24, 6)]
    start = [replace(u, x=30 + 8 * i, y=30) for i, u in enumerate(truth)]

    def scene(units: list[Unit]) -> Scene:
        return Scene(board=InchBoard(72, 48), sides=(Side("a", "Alpha", "#0072b2"),),
                     units={u.id: u for u in units})  # fmt: skip

    shot = str(tmp_path / "flush.png")
    assert to_qimage(synthetic.render(scene(truth), CAMERA, tag_size=1.5)).save(shot)
    game = Game(Setup("t9a", scene(start), name="flush"),
                camera=TableCamera(tag_size=1.5, lens=lens_record(CAMERA.lens)))  # fmt: skip
    window = open_window(qtbot, game)
    assert window.camera.open_photo(shot) is None  # no message box to click away
    said = window.statusBar().currentMessage()
    assert ("2 of 2 tagged units seen, 2 moved; placed just inside the board's edge, within "
            "the camera's accuracy: Flush (flush)") in said  # fmt: skip
    assert window.camera.last_reading is not None
    (note,) = window.camera.last_reading.notes  # in full with the reading (table's text, JSON)
    assert note.startswith("Flush (flush): tag 6 puts its base 0.01 in past the left edge")
    units = window.doc.committed.scene.units
    assert math.hypot(units["flush"].x - 2.0, units["flush"].y - 24) <= 0.05
    window.view.fit_board()
    QApplication.processEvents()
    window.grab().save(str(tmp_path / "window-photo-flush.png"))

"""The marker convention (docs/camera.md) and its printed sheets: the markers are
OpenCV's DICT_APRILTAG_36h11 upright, at true scale, labelled."""

import re

import cv2
import numpy as np
import pytest
from PySide6.QtGui import QImage, QPainter

from tabletop_gui.camera.detect import detect
from tabletop_gui.camera.markers import corner_marker_corners, parse_ids, pattern, sheets
from tabletop_gui.cli import main


def test_every_marker_is_opencvs_apriltag_36h11_marker_drawn_upright():
    opencv = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_APRILTAG_36h11)
    for tag in range(587):
        drawn = cv2.aruco.generateImageMarker(opencv, tag, 8, borderBits=1) > 0
        assert (drawn == pattern(tag)[1:9, 1:9]).all(), tag


def test_corner_markers_put_their_outer_corner_on_the_boards_corner():
    assert corner_marker_corners(0, 72, 48, 2).min(axis=0).tolist() == [0, 0]
    assert corner_marker_corners(2, 72, 48, 2).max(axis=0).tolist() == [72, 48]
    assert corner_marker_corners(1, 72, 48, 2)[:, 0].max() == 72


@pytest.mark.parametrize(
    ("text", "words"),
    [("2-5", "2 is not a unit tag"), ("9-4", "runs backwards"), ("x", "not an id"),
     ("4-600", "600 is not a unit tag")],
)  # fmt: skip
def test_tag_ranges_outside_the_unit_tags_are_refused_by_name(text, words):
    with pytest.raises(ValueError, match=words):
        parse_ids(text)


def test_a_marker_too_big_for_the_paper_is_refused_naming_the_largest():
    with pytest.raises(ValueError, match=r"a 8 in marker does not fit on a4 paper \(at most"):
        sheets([(4, 8.0)], "a4")


def test_a_printed_sheet_reads_back_as_its_markers_at_true_scale(qapp):
    from tabletop_gui.app.camera.marker_sheets import _paint_page

    dpi = 200
    page = sheets([(0, 2.0), (5, 1.0), (6, 1.5)], "a4")[0]
    image = QImage(round(210 / 25.4 * dpi), round(297 / 25.4 * dpi), QImage.Format.Format_RGB888)
    image.setDotsPerMeterX(round(dpi / 0.0254))
    image.setDotsPerMeterY(round(dpi / 0.0254))
    image.fill(0xFFFFFF)
    painter = QPainter(image)
    _paint_page(painter, image, page, "a4", 1, 1)
    painter.end()
    ptr = image.constBits()
    rgb = np.frombuffer(ptr, np.uint8).reshape(image.height(), image.bytesPerLine())
    grey = rgb[:, : image.width() * 3 : 3].copy()
    found = {s.tag_id: s for s in detect(grey)}
    assert set(found) == {0, 5, 6}
    for placed in page:
        s = found[placed.tag_id]
        side = np.mean([np.linalg.norm(s.corners[i] - s.corners[(i + 1) % 4]) for i in range(4)])
        assert side == pytest.approx(placed.size_in * dpi, rel=0.01)
        tl, tr = s.corners[0], s.corners[1]
        assert tr[0] > tl[0] and abs(tr[1] - tl[1]) < 2  # upright: top edge at the top
        assert tl[1] < s.corners[3][1]


def test_markers_command_writes_an_a4_pdf_and_says_how_many(tmp_path, capsys):
    out = tmp_path / "m.pdf"
    assert main(["markers", "-o", str(out), "--corners", "--tags", "4-30"]) == 0
    assert "31 markers on 2 a4 pages" in capsys.readouterr().out
    data = out.read_bytes()
    assert data.startswith(b"%PDF")
    boxes = re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", data)
    assert boxes and all(abs(float(w) - 595.3) < 1 and abs(float(h) - 841.9) < 1 for w, h in boxes)


def test_markers_command_refuses_a_bad_size_by_name(tmp_path, capsys):
    assert main(["markers", "-o", str(tmp_path / "m.pdf"), "--size", "0"]) == 2
    assert "--size 0: give the black square's side" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["m6.png", "markers.svg", "markers"])
def test_markers_command_refuses_an_output_that_is_not_a_pdf(tmp_path, capsys, name):
    """The trial's `markers -o m6.png` wrote a PDF under a .png name."""
    out = tmp_path / name
    assert main(["markers", "-o", str(out)]) == 2
    assert f"{name}: the output must end in .pdf" in capsys.readouterr().err
    assert not out.exists()


def test_the_detector_import_prints_nothing_without_opencv():
    import subprocess
    import sys

    code = ("import sys; sys.modules['cv2'] = None\n"
            "from tabletop_gui.camera import apriltag_lib; apriltag_lib.module()")  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == ""


def test_each_tag_is_printed_with_the_name_of_the_unit_it_is_for(qapp):
    """What to stick where: a tag's label names its unit on a second line, and
    the rows make room for it (docs/camera.md, The marker convention (version 1))."""
    from PySide6.QtGui import QPainter as Painter

    from tabletop_gui.app.camera.marker_sheets import _paint_page

    texts: list[str] = []

    class Spy(Painter):
        def drawText(self, *args):
            texts.append(args[-1])
            return super().drawText(*args)

    one, two = sheets([(5, 1.0), (6, 1.0)], "a4"), sheets([(5, 1.0), (6, 1.0)], "a4", 2)
    assert len(one[0]) == len(two[0]) == 2
    image = QImage(827, 1169, QImage.Format.Format_RGB888)
    image.fill(0xFFFFFF)
    painter = Spy(image)
    _paint_page(painter, image, two[0], "a4", 1, 1, {5: "Knights of the Realm"})
    painter.end()
    assert "Knights of the Realm" in texts
    assert "tag 5 · 1 in · top ↑" in texts and "tag 6 · 1 in · top ↑" in texts


def test_markers_for_a_game_print_its_units_tags_with_their_names(tmp_path, capsys):
    from tabletop_gui.io import save_game
    from tabletop_gui.model import InchBoard, Scene, Setup, Side, Unit
    from tabletop_gui.model.game import Game

    sides = (Side("a", "A", "#0072b2"), Side("b", "B", "#d55e00"))
    units = {"k": Unit("k", "Knights", "a", 10, 10, tag=7), "s": Unit("s", "Spears", "a", 20, 10)}
    game = tmp_path / "g.json"
    save_game(Game(Setup("t9a", Scene(board=InchBoard(), sides=sides, units=units))), game)
    out = tmp_path / "m.pdf"
    assert main(["markers", "-o", str(out), "--game", str(game)]) == 0
    assert "5 markers on 1 a4 page" in capsys.readouterr().out  # the 4 corners and tag 7
    bare = tmp_path / "bare.json"
    save_game(Game(Setup("t9a", Scene(board=InchBoard(), sides=sides))), bare)
    assert main(["markers", "-o", str(out), "--game", str(bare)]) == 2
    assert "no unit has a camera tag yet" in capsys.readouterr().err

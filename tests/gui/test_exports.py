"""Exports: PNG (transparent background), SVG in physical units, PDF at true
scale (one page the board's size, or tiles covering the board), printing
through the same code, and the command line's render options."""

from __future__ import annotations

import dataclasses
import itertools
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from tabletop_gui.app import style
from tabletop_gui.app.export.render import render_file
from tabletop_gui.app.export.true_scale import (
    PAGE_MARGIN_IN,
    PAPERS,
    paper_size,
    print_board,
    tile_label,
    tile_layout,
)
from tabletop_gui.cli import main as cli_main
from tabletop_gui.examples import DEMO_BOARD, SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.rules import replay
from tabletop_gui.rules.engine import evaluate

PT_PER_IN = 72


@pytest.fixture
def demo_state(qapp):
    game = load_game(DEMO_BOARD)
    return replay(game.setup, game.events)


def media_boxes(pdf: bytes) -> list[tuple[float, float]]:
    boxes = re.findall(rb"/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    return [(float(w), float(h)) for w, h in boxes]


def page_count(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def test_pdf_of_the_72_by_48_board_measures_72_by_48_inches(demo_state, tmp_path):
    out = tmp_path / "board.pdf"
    assert render_file(demo_state, str(out)) == 1
    pdf = out.read_bytes()
    assert page_count(pdf) == 1
    assert media_boxes(pdf) == [(72 * PT_PER_IN, 48 * PT_PER_IN)]  # 5184 x 3456 pt


def _raster(pdf, tmp_path, dpi: int, page: int = 1) -> QImage:
    stem = tmp_path / f"page{page}"
    subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), "-png",
                    "-singlefile", str(pdf), str(stem)], check=True)  # fmt: skip
    return QImage(str(stem) + ".png")


def _is_board(c: QColor) -> bool:
    b = style.BOARD
    return abs(c.red() - b.red()) + abs(c.green() - b.green()) + abs(c.blue() - b.blue()) < 40


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")
def test_the_one_page_pdf_is_the_board_edge_to_edge(demo_state, tmp_path):
    out = tmp_path / "board.pdf"
    render_file(demo_state, str(out))
    img = _raster(out, tmp_path, dpi=10)  # 1 px = 0.1 in
    assert (img.width(), img.height()) == (720, 480)
    # Board surface right up to the page's left and right edges (the zones, tinted,
    # at the top and bottom): no table, no white border, nothing scaled or shifted.
    for x, y in ((2, 240), (717, 240)):
        assert _is_board(img.pixelColor(x, y)), (x, y, img.pixelColor(x, y).name())
    for x, y in ((2, 2), (717, 2), (2, 477), (717, 477), (360, 2), (360, 477)):
        c = img.pixelColor(x, y)
        assert c != QColor("white") and c.lightness() > 150, (x, y, c.name())


def test_tiles_cover_the_board_at_72_points_per_inch(demo_state, tmp_path):
    out = tmp_path / "tiles.pdf"
    pages = render_file(demo_state, str(out), paper="letter", overlap=0.5)
    pdf = out.read_bytes()
    pw, ph = paper_size("letter", 72, 48)
    tiles = tile_layout(72, 48, pw, ph, PAGE_MARGIN_IN, 0.5)
    assert pages == len(tiles) == page_count(pdf) > 1
    assert set(media_boxes(pdf)) == {(round(pw * PT_PER_IN), round(ph * PT_PER_IN))}
    # Every tile prints its piece of the board at 72 pt per inch inside the page's
    # printable area; together they cover the whole board, neighbours overlapping.
    for t in tiles:
        w_pt, h_pt = t.source.width() * PT_PER_IN, t.source.height() * PT_PER_IN
        assert t.at.x() * PT_PER_IN + w_pt <= (pw - PAGE_MARGIN_IN) * PT_PER_IN + 1e-6
        assert t.at.y() * PT_PER_IN + h_pt <= (ph - PAGE_MARGIN_IN) * PT_PER_IN + 1e-6
    xs = sorted({(t.source.left(), t.source.right()) for t in tiles})
    ys = sorted({(t.source.top(), t.source.bottom()) for t in tiles})
    assert xs[0][0] == 0 and xs[-1][1] == pytest.approx(72)
    assert ys[0][0] == 0 and ys[-1][1] == pytest.approx(48)
    for (_a0, a1), (b0, _b1) in itertools.pairwise(xs):
        assert a1 - b0 >= 0.5 - 1e-9, "neighbouring columns overlap by at least 0.5 in"
    for (_a0, a1), (b0, _b1) in itertools.pairwise(ys):
        assert a1 - b0 >= 0.5 - 1e-9
    covered = QRectF()
    for t in tiles:
        covered = covered.united(t.source)
    assert covered == QRectF(0, 0, 72, 48)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")
def test_a_tile_page_has_the_board_inside_the_margin_and_crop_marks_outside(demo_state, tmp_path):
    out = tmp_path / "tiles.pdf"
    render_file(demo_state, str(out), paper="a4")
    img = _raster(out, tmp_path, dpi=20)  # first tile, A1: the board's top-left corner
    m = round(PAGE_MARGIN_IN * 20)
    assert img.pixelColor(m - 4, img.height() // 2) == QColor("white")
    inside = img.pixelColor(m + 8, img.height() // 2)  # B's zone, tinted board
    assert inside != QColor("white") and inside.lightness() > 150, inside.name()


def test_svg_states_its_size_in_inches_with_the_board_at_true_scale(demo_state, tmp_path):
    out = tmp_path / "board.svg"
    render_file(demo_state, str(out))
    root = ET.parse(out).getroot()
    width, height = root.get("width"), root.get("height")
    assert width.endswith("in") and height.endswith("in")
    vb = [float(v) for v in root.get("viewBox").split()]
    px_per_in = vb[2] / float(width[:-2])
    assert float(height[:-2]) * px_per_in == pytest.approx(vb[3], abs=0.01)
    # The scene around the 72 in board has a 2.5 in margin each side: 77 in wide.
    assert float(width[:-2]) == pytest.approx(77.0)


def test_png_with_a_transparent_background_keeps_only_the_board_opaque(demo_state, tmp_path):
    out = tmp_path / "board.png"
    render_file(demo_state, str(out), width=800, transparent=True)
    img = QImage(str(out))
    assert img.hasAlphaChannel()
    assert img.pixelColor(1, 1).alpha() == 0
    # The board's centre (scene margin 2.5 of 77 in; title band above) is opaque.
    scale = 800 / 77
    cy = round(max(10.0, 800 / 110) * 3 + (2.5 + 24) * scale)
    assert img.pixelColor(400, cy).alpha() == 255
    solid = tmp_path / "solid.png"
    render_file(demo_state, str(solid), width=800)
    assert QImage(str(solid)).pixelColor(1, 1).alpha() == 255


def test_printing_uses_the_true_scale_tiles(demo_state, tmp_path):
    from PySide6.QtGui import QPageLayout, QPageSize
    from PySide6.QtPrintSupport import QPrinter

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    printer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    printer.setPageOrientation(QPageLayout.Orientation.Landscape)
    pages = print_board(demo_state, printer)
    a4 = PAPERS["a4"]
    assert pages == len(tile_layout(72, 48, a4[1], a4[0]))
    assert page_count((tmp_path / "printed.pdf").read_bytes()) == pages


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")
def test_a_printed_sheet_shows_hatching_and_grid_lines_as_the_tiled_pdf_does(demo_state, tmp_path):
    """A printer's pages are 1,200 units an inch; drawn in those, what is sized in
    pixels thinned away (1 px grid lines 1/1200 in, hatching 150 hairlines an inch:
    a flat grey). The print is drawn at the PDF's resolution, so it is its picture."""
    import numpy as np
    from PySide6.QtGui import QPageLayout, QPageSize
    from PySide6.QtPrintSupport import QPrinter

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    printer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    printer.setPageOrientation(QPageLayout.Orientation.Landscape)
    print_board(demo_state, printer)
    render_file(demo_state, str(tmp_path / "tiled.pdf"), paper="a4")

    def sheet_d1(name: str) -> np.ndarray:  # row 4, column 1: page 22, at 100 dpi
        (tmp_path / name).mkdir()
        img = _raster(tmp_path / f"{name}.pdf", tmp_path / name, dpi=100, page=22)
        img = img.convertToFormat(QImage.Format.Format_Grayscale8)
        rows = np.frombuffer(img.constBits(), np.uint8).reshape(img.height(), img.bytesPerLine())
        return rows[:, : img.width()].astype(float)

    printed, tiled = sheet_d1("printed"), sheet_d1("tiled")
    assert printed.shape == tiled.shape
    # The sheet shows board x 0-10.9 in, y 19.6-27.1 in from 0.4 in in: the
    # demo's impassable ruins (x 8-14, y 21-26) below their name, and open board.
    ruins = (slice(360, 530), slice(850, 1070))
    board = (slice(600, 700), slice(45, 830))
    assert tiled[ruins].std() > 10, "the tiled PDF's ruins are hatched"
    assert printed[ruins].std() == pytest.approx(tiled[ruins].std(), abs=3)
    assert printed[ruins].mean() == pytest.approx(tiled[ruins].mean(), abs=5)
    assert printed[board].min() == pytest.approx(tiled[board].min(), abs=15), "grid lines"


def test_render_command_line_writes_each_format(tmp_path, capsys, qapp):
    game = SCENARIOS / "carnevale_drowned_quarter.json"
    assert cli_main(["render", str(game), "-o", str(tmp_path / "c.pdf"), "--at", "10"]) == 0
    assert media_boxes((tmp_path / "c.pdf").read_bytes()) == [(36 * 72, 36 * 72)]
    assert cli_main(["render", str(game), "-o", str(tmp_path / "c.pdf"), "--paper", "a4"]) == 0
    pw, ph = paper_size("a4", 36, 36)
    tiles = len(tile_layout(36, 36, pw, ph))
    assert f"({tiles} pages)" in capsys.readouterr().out
    assert page_count((tmp_path / "c.pdf").read_bytes()) == tiles
    assert cli_main(["render", str(game), "-o", str(tmp_path / "c.svg")]) == 0
    assert cli_main(["render", str(game), "-o", str(tmp_path / "c.png"), "--transparent"]) == 0
    assert QImage(str(tmp_path / "c.png")).pixelColor(0, 0).alpha() == 0
    assert cli_main(["render", str(game), "-o", str(tmp_path / "c.gif")]) == 2
    assert "must end in .png, .svg or .pdf" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("output", "options", "said"),
    [("c.png", ["--paper", "a4"], "--paper: not read for PNG output (a PNG takes --width and "
                                  "--transparent)"),
     ("c.svg", ["--width", "800"], "--width: not read for SVG output (an SVG is drawn at true "
                                   "scale)"),
     ("c.pdf", ["--transparent", "--width", "900"],
      "--width, --transparent: not read for PDF output (a PDF takes --paper and --overlap)")],
)  # fmt: skip
def test_render_refuses_an_option_its_output_does_not_read(tmp_path, capsys, output, options, said):
    """A PNG asked for on A4 paper is refused, not written at its default size
    as if the option had been read (docs/playing.md, Pictures, prints and the
    command line)."""
    target = tmp_path / output
    assert cli_main(["render", str(DEMO_BOARD), "-o", str(target), *options]) == 2
    assert capsys.readouterr().err.strip() == f"error: {said}"
    assert not target.exists()


@pytest.mark.parametrize(
    ("output", "options", "said"),
    [("c.png", ["--width", "0"], "width: must be at least 200 pixels, got 0"),
     ("c.pdf", ["--paper", "a4", "--overlap", "nan"],
      "overlap: must be 0 or more inches, got nan")],
)  # fmt: skip
def test_render_refuses_a_width_of_0_and_an_overlap_of_nan_naming_the_option(
    tmp_path, capsys, qapp, output, options, said
):
    # --width 0 was drawn at the default 1,600 pixels; --overlap nan said
    # "cannot convert float NaN to integer".
    target = tmp_path / output
    assert cli_main(["render", str(DEMO_BOARD), "-o", str(target), *options]) == 2
    assert capsys.readouterr().err.strip() == f"error: {said}"
    assert not target.exists()


def test_pdf_stream_is_not_empty_on_every_tile(demo_state, tmp_path):
    """Each tile page draws something (its content stream inflates to drawing ops)."""
    out = tmp_path / "tiles.pdf"
    pages = render_file(demo_state, str(out), paper="a3")
    pdf = out.read_bytes()
    streams = re.findall(rb"/Filter /FlateDecode[^>]*>>\s*stream\r?\n(.*?)endstream", pdf, re.S)
    drawn = [zlib.decompress(s) for s in streams]
    assert sum(1 for d in drawn if b" re" in d or b" l\n" in d) >= pages


@pytest.mark.parametrize("suffix", [".png", ".svg", ".pdf"])
def test_render_into_a_missing_folder_names_the_file_and_folder_not_a_temp_file(
    tmp_path, capsys, qapp, suffix
):
    target = tmp_path / "no" / "such" / f"x{suffix}"
    assert cli_main(["render", str(DEMO_BOARD), "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"error: {target}: the folder {target.parent} does not exist"
    assert ".tmp" not in err and ".x" not in err
    assert not target.parent.exists()


def test_render_refuses_a_png_too_wide_to_draw_with_a_message_and_no_qt_warnings(
    tmp_path, capfd, qapp
):
    target = tmp_path / "huge.png"
    assert cli_main(["render", str(DEMO_BOARD), "-o", str(target), "--width", "200000"]) == 2
    err = capfd.readouterr().err
    assert "error: width: a PNG can be at most 16384 pixels wide, got 200000" in err
    assert "QPainter" not in err and "could not encode" not in err
    assert not target.exists() and list(tmp_path.iterdir()) == []


def test_the_page_text_wraps_to_the_page_and_names_the_winner(qtbot):
    from PySide6.QtGui import QFontMetricsF

    from tabletop_gui.app.export.page import Page, board_scene
    from tabletop_gui.rules import evaluate

    game = load_game(SCENARIOS / "hex_hochkirch_ridge_demo.json")
    state = replay(game.setup, game.events)
    board = evaluate(state)
    page = Page(board_scene(state, board, None), state, board, 800, game.events)
    room = page.width - 2 * page.pad
    for text, bold in page.lines:
        assert QFontMetricsF(page.bold if bold else page.font).horizontalAdvance(text) <= room, text
    assert page.lines[-1][0].endswith("Winner: Prussia")


def test_svg_pictures_draw_control_circles_as_shapes_never_as_bitmaps(qapp, tmp_path):
    """The window keeps its circles as pictures (a drag across one is a blit);
    an SVG export and the overlay's board picture are drawn by scenes of their
    own, so each circle is a vector shape there, not a pasted bitmap."""
    from tabletop_gui.app.stream.board_picture import StreamScene, board_svg

    game = load_game(SCENARIOS / "carnevale_drowned_quarter.json")
    state = replay(game.setup, game.events)
    out = tmp_path / "board.svg"
    render_file(state, str(out))
    stream = board_svg(StreamScene(), 1920, 1080, state, evaluate(state))
    for svg in (out.read_text(), stream.decode()):
        assert "<circle" in svg or "<path" in svg
        assert "<image" not in svg


@pytest.mark.parametrize("dialog", ["export", "report"])
def test_save_dialogs_start_beside_the_game_or_in_documents(qtbot, monkeypatch, tmp_path, dialog):
    """Not in the folder the program was started from (a source checkout, say):
    beside the game's file, or in Documents for a game without one."""
    from PySide6.QtCore import QStandardPaths
    from PySide6.QtWidgets import QFileDialog

    from .helpers import open_window

    starts: list[str] = []

    def save_dialog(_parent, _title, start, _filter):
        starts.append(start)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    home = tmp_path / "home"
    (home / "Documents").mkdir(parents=True)  # (without one: home, test_open_example)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    saved = tmp_path / "league" / "round3.json"
    for path in (None, str(saved)):
        window = open_window(qtbot, load_game(DEMO_BOARD), path)
        window.doc.path = path
        if dialog == "export":
            window.exports.export_dialog("png")
        else:
            window.scene.piece_item("a-knights").setSelected(True)
            window.referee.range_report_dialog()
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    assert documents == str(home / "Documents")
    name = "board.png" if dialog == "export" else "board-range.png"
    assert starts[0] == str(Path(documents) / name)
    beside = "round3.png" if dialog == "export" else "round3-range.png"
    assert starts[1] == str(saved.with_name(beside))


def _pdf_words(pdf: Path) -> list[tuple[str, float, float, float, float, int]]:
    """Each word pdftotext finds: text, x0, y0, x1, y1 (points), page number."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], check=True,
                         capture_output=True, text=True).stdout  # fmt: skip
    words, page = [], 0
    for line in out.splitlines():
        if "<page " in line:
            page += 1
        num = r'"([\d.]+)"'
        m = re.search(rf"<word xMin={num} yMin={num} xMax={num} yMax={num}>(.*)</word>", line)
        if m:
            x0, y0, x1, y1 = (float(v) for v in m.groups()[:4])
            words.append((m.group(5), x0, y0, x1, y1, page))
    return words


def _printed(qtbot, monkeypatch, window, out: Path) -> list[str]:
    """File > Print... (Ctrl+P) with the system dialog answered: A4, portrait (as
    it opens), printed to ``out``. Returns the status bar's messages and the
    orientation the dialog opened with."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QPageSize
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter

    def accept(dialog):
        printer = dialog.printer()
        layout = printer.pageLayout()
        paper = layout.pageSize().size(QPageSize.Unit.Inch)
        turned.append((sorted((paper.width(), paper.height())), layout.orientation().name))
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(out))
        printer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
        return QPrintDialog.DialogCode.Accepted

    monkeypatch.setattr(QPrintDialog, "exec", accept)
    turned: list[tuple[list[float], str]] = []
    said: list[str] = []
    monkeypatch.setattr(window.statusBar(), "showMessage", lambda text, *a: said.append(text))
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    return said, turned


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler's pdftotext")
def test_print_turns_the_paper_as_the_tiled_pdf_does_and_each_sheet_names_x_and_y(
    demo, qtbot, monkeypatch, tmp_path
):
    """The trial printed a 72 x 48 in board on A4 as the dialog left it, portrait:
    55 sheets (11 x 5), where the tiled PDF takes 49 (7 x 7, landscape); every
    label named only the board's x inches and ran off a portrait sheet's edge."""
    out = tmp_path / "printed.pdf"
    said, turned = _printed(qtbot, monkeypatch, demo, out)
    # The dialog opened on its paper (the machine's default) turned as it prints:
    # A4 landscape (49 sheets, 55 portrait); Letter portrait (50, 56 landscape).
    [((pw, ph), orientation)] = turned
    wide = len(tile_layout(72, 48, ph, pw)) < len(tile_layout(72, 48, pw, ph))
    assert orientation == ("Landscape" if wide else "Portrait")
    pdf = out.read_bytes()
    render_file(demo.doc.state, str(tmp_path / "tiled.pdf"), paper="a4")
    tiled = (tmp_path / "tiled.pdf").read_bytes()
    assert page_count(pdf) == page_count(tiled) == 49
    assert said == ["Sent 49 page(s) to the printer"]
    assert set(media_boxes(pdf)) == {(842, 595)}  # A4 landscape, as the tiled PDF's
    text = subprocess.run(["pdftotext", "-layout", str(out), "-"], check=True,
                          capture_output=True, text=True).stdout  # fmt: skip
    pages = text.split("\f")
    # Sheet A1 is the board's top-left, side B's edge: board y (up from side A's
    # edge, as the file and the Inspector give it) 40.5 to 48.
    assert "Sheet A1 (row 1/7, column 1/7) · board x 0.0-10.9 in, y 40.5-48.0 in" in pages[0]
    assert "Sheet B1 (row 2/7, column 1/7) · board x 0.0-10.9 in, y 33.6-41.0 in" in pages[7]
    name = demo.doc.state.setup.name
    assert f"{name} · true scale · red dashes: 0.5 in overlap" in pages[0]


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler's pdftotext")
def test_a_sheets_label_stays_inside_what_the_printer_prints(demo_state, tmp_path):
    """On a portrait sheet the trial's label ran past the paper's edge ('The Ninth
    Age: Counte'). A 36 x 36 in board on A4 (portrait and landscape take 24 sheets
    each: it stays portrait) with a long name, and a printer that cannot print
    0.25 in at each edge: every word of every label lies inside what it prints,
    the game's name whole."""
    import dataclasses

    from PySide6.QtCore import QMarginsF
    from PySide6.QtGui import QPageLayout, QPageSize
    from PySide6.QtPrintSupport import QPrinter

    game = load_game(SCENARIOS / "carnevale_drowned_quarter.json")
    name = "A long name: Carnevale, The Drowned Quarter, fought to the last"
    tall = replay(dataclasses.replace(game.setup, name=name), game.events)
    out = tmp_path / "printed.pdf"
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(out))
    printer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    printer.setPageMargins(QMarginsF(0.25, 0.25, 0.25, 0.25), QPageLayout.Unit.Inch)
    assert print_board(tall, printer) == 24
    assert set(media_boxes(out.read_bytes())) == {(595, 842)}  # portrait A4
    # The labels: the line that starts "Sheet" and the one with "scale" on each
    # page (the board's own words are in the PDF too where it is clipped).
    words = _pdf_words(out)
    lines = {(w[5], w[2]) for w in words if w[0] in ("Sheet", "scale")}
    words = [w for w in words if (w[5], w[2]) in lines]
    assert len(lines) == 48 and {w[5] for w in words} == set(range(1, 25))
    edge = 0.25 * PT_PER_IN
    for text, x0, y0, x1, y1, page in words:
        assert edge - 0.5 <= x0 and x1 <= 595 - edge + 0.5, (page, text, x0, x1)
        assert edge - 0.5 <= y0 and y1 <= 842 - edge + 0.5, (page, text, y0, y1)
    first = " ".join(w[0] for w in words if w[5] == 1)
    assert "Sheet A1 (row 1/4, column 1/6) · board x 0.0-7.3 in, y 25.2-36.0 in" in first
    assert f"{name} · true scale" in first


@pytest.mark.parametrize("width", [800, 1280, 1366, 1600, 1920, 2400])
def test_the_whole_title_is_in_the_png_at_every_width(qapp, tmp_path, width):
    """The tester's export ended "…Player Turn, after 16 event" at 1600 and 2400 px
    (the title's size grows with the page, rounded to whole pixels, so a title
    that just fit at 1280 and 1920 ran past the edge there). A title too long for
    one line goes on more, broken between its parts, and nothing is drawn in
    the page's right margin (docs/playing.md, Pictures, prints and the command line)."""
    from PySide6.QtGui import QFontMetricsF

    from tabletop_gui.app.export.page import TITLE_SEP, Page, board_scene, page_title

    game = load_game(SCENARIOS / "hex_hochkirch_ridge_demo.json")
    state = replay(game.setup, game.events)
    long_name = "Hochkirch Ridge, the Prussian left wing at dawn, " * 2 + "as refought"
    state = dataclasses.replace(state, setup=dataclasses.replace(state.setup, name=long_name))
    board = evaluate(state)
    title = page_title(state, board, game.events)
    page = Page(board_scene(state, board, None), state, board, width, game.events)
    metrics = QFontMetricsF(page.title_font)
    assert len(page.title_lines) > 1
    # Every word of it, in order (a line ends where a "·" between parts was).
    shown = " ".join(page.title_lines).replace(TITLE_SEP, " ")
    assert shown.split() == title.replace(TITLE_SEP, " ").split()
    for line in page.title_lines:
        assert metrics.horizontalAdvance(line) <= width - 2 * page.pad, line
    out = tmp_path / "title.png"
    render_file(state, str(out), width, events=game.events)
    image = QImage(str(out))
    assert image.width() == width and image.text("Title") == title
    # The picture's title band holds all the title's ink: as many dark pixels as
    # the title drawn alone on one line, unclipped (a cut title loses letters).
    ink = dark_pixels(image, QRectF(0, 0, width, int(page.title_h) - 1))
    alone = QImage(round(metrics.horizontalAdvance(title)) + 40, round(page.title_h),
                   QImage.Format.Format_ARGB32)  # fmt: skip
    alone.fill(QColor("white"))
    painter = QPainter(alone)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    painter.setFont(page.title_font)
    painter.setPen(QColor("#111111"))
    painter.drawText(QPointF(20, page.title_h * 0.7), title)
    painter.end()
    whole = dark_pixels(alone, QRectF(alone.rect()))
    assert abs(ink - whole) <= 0.03 * whole, (ink, whole)
    # Nothing is drawn in the page's right margin.
    margin = QRectF(width - page.pad + 1, 0, page.pad - 2, int(page.title_h) - 1)
    assert not dark_pixels(image, margin)


def dark_pixels(image: QImage, rect: QRectF) -> int:
    """How many pixels of ``image`` in ``rect`` are dark (text's ink)."""
    r = rect.toAlignedRect()
    return sum(
        1
        for y in range(r.top(), r.bottom() + 1)
        for x in range(r.left(), r.right() + 1)
        if QColor(image.pixel(x, y)).lightness() < 128
    )


def test_each_sheets_label_gives_board_y_up_from_side_as_edge():
    """Sheet A1, the board's top-left, lies by side B's edge: its label gives
    the board y the file, the Inspector and ``measure`` give there (up from side
    A's edge), not the picture's (down from side B's): a trial taped the sheets
    together by the labels and had them upside down (docs/playing.md, Pictures,
    prints and the command line)."""
    tiles = tile_layout(72, 48, 11.69, 8.27)  # A4 landscape
    first, last = tiles[0], tiles[-1]
    assert (first.name, last.name) == ("A1", "G7")
    assert "board x 0.0-10.9 in, y 40.5-48.0 in" in tile_label(first, 0.5, "g")[0]
    assert "y 0.0-7.5 in" in tile_label(last, 0.5, "g")[0]


def test_an_export_that_fails_says_so_in_the_status_bar_not_the_last_ones_wrote(
    qtbot, monkeypatch, tmp_path, demo, dialogs
):
    """A picture written, then one into a folder that is not there: the status
    bar says the second failed, where it still read "Wrote ..." of the first."""
    from PySide6.QtWidgets import QFileDialog

    answers = iter([str(tmp_path / "first.png"), str(tmp_path / "gone" / "second.png")])
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (next(answers), ""))
    demo.exports.export_dialog("png")
    assert demo.statusBar().currentMessage() == f"Wrote {tmp_path / 'first.png'}"
    demo.exports.export_dialog("png")
    assert demo.statusBar().currentMessage().startswith("Export failed: ")
    assert "does not exist" in demo.statusBar().currentMessage()
    assert dialogs.warnings and dialogs.warnings[-1][0] == "Export failed"

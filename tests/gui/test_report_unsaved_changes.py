"""The disputed-range report (docs/canvas.md, Measuring) names the file the game
is kept in, and says when the game shown has unsaved changes, how many of the
events shown the file does not hold: nobody rechecks the situation against a
file that does not contain it."""

from __future__ import annotations

import shutil

from PySide6.QtWidgets import QApplication

from tabletop_gui.app.export import range_report
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game
from tabletop_gui.model.annotations import Annotations, Ruler
from tabletop_gui.model.events import MovePiece

from .helpers import open_window


def report_file_line(window, tmp_path, monkeypatch) -> str:
    """The report's "File:" line, as written into a PNG report."""
    written = []
    lines = range_report.report_lines

    def spy(*args, **kwargs):
        found = lines(*args, **kwargs)
        written.append(next(t for t, _ in found if t.startswith("File: ")))
        return found

    monkeypatch.setattr(range_report, "report_lines", spy)
    ruler = window.doc.annotations.rulers[0]
    out = tmp_path / f"report{len(list(tmp_path.glob('report*')))}.png"
    window.referee.write_report(str(out), range_report.Subject(ruler=ruler))
    assert out.stat().st_size > 0
    return written[-1]


def test_the_report_says_which_events_shown_the_file_does_not_hold(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "dispute.json"
    shutil.copy(DEMO_BOARD, path)
    window = open_window(qtbot, load_game(str(path)), str(path))
    doc = window.doc
    scene = doc.state.scene
    a, b = scene.units["a-knights"], scene.units["b-boyz"]
    ruler = Ruler("ruler-1", (a.x, a.y), (b.x, b.y), a.id, b.id)
    doc.set_annotations(Annotations((ruler,), ()), "Pin")
    assert window.files.save()
    QApplication.processEvents()
    saved = len(doc.timeline)
    assert report_file_line(window, tmp_path, monkeypatch) == "File: dispute.json"
    doc.commit([MovePiece("a-knights", a.x - 1, a.y)], "Move Knights")
    assert len(doc.timeline) == saved + 1
    assert report_file_line(window, tmp_path, monkeypatch) == (
        "File: dispute.json (unsaved changes: 1 event not in the file)"
    )
    doc.look_at(saved)  # the moment the file ends at: all of it is in the file
    assert report_file_line(window, tmp_path, monkeypatch) == (
        "File: dispute.json (unsaved changes after the moment shown)"
    )
    other = Ruler("ruler-2", (a.x, a.y), (b.x + 1, b.y))  # a ruler the file does not hold
    doc.set_annotations(Annotations((ruler, other), ()), "Pin")
    assert report_file_line(window, tmp_path, monkeypatch) == (
        "File: dispute.json (unsaved changes)"
    )
    doc.look_at(None)
    assert window.files.save()
    assert report_file_line(window, tmp_path, monkeypatch) == "File: dispute.json"

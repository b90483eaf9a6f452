"""What the command line prints carries no control characters: a file's name or a
name inside it cannot retitle the terminal or move its cursor."""

from __future__ import annotations

from tabletop_gui.cli import main
from tabletop_gui.model.limits import terminal_safe

from .scenario_files import scenario_path


def test_a_path_with_escape_sequences_is_printed_without_them(tmp_path, capsys):
    bad = tmp_path / "game\x1b]0;owned\x07\x1b[2J.json"
    bad.write_bytes(scenario_path("t9a_frontline_clash_demo.json").read_bytes())
    assert main(["validate", str(bad)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "game]0;owned[2J.json: OK (t9a" in out


def test_an_error_naming_such_a_path_is_printed_without_them(tmp_path, capsys):
    missing = tmp_path / "lost\x9b31m.json"
    assert main(["score", str(missing)]) == 2
    err = capsys.readouterr().err
    assert "\x9b" not in err and "cannot read" in err


def test_terminal_text_keeps_line_breaks_and_tabs_and_shows_a_lone_surrogate():
    assert terminal_safe("a\tb\nc\x1b[0m\x7f\x85\ud800") == "a\tb\nc[0m\ufffd"

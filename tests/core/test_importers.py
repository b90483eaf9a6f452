"""The importer registry and the `import` command: the format is told by the file's
content (never its name), unknown content and oversized files are named, options a
format does not read are refused, and nothing is written when an import fails."""

from __future__ import annotations

import pytest

from tabletop_gui.cli import main
from tabletop_gui.io import FileFormatError, load_game
from tabletop_gui.io import importers as reg
from tabletop_gui.io.importers import (
    OPTION_SIDE,
    Importer,
    ImportRequest,
    ImportResult,
    find_importer,
    import_bytes,
    import_file,
)
from tabletop_gui.model import InchBoard, Scene, Setup, Side
from tabletop_gui.model.game import Game


def _game(name: str) -> Game:
    return Game(Setup("t9a", Scene(InchBoard(), (Side("a", "A"), Side("b", "B"))), name=name))


def _load_board(data: bytes, request: ImportRequest) -> ImportResult:
    lines = data.decode().split("\n")
    if len(lines) < 2 or not lines[1].strip():
        raise FileFormatError("line 2", "no board name", request.source)
    return ImportResult(_game(lines[1].strip()), f"a board named {lines[1].strip()}")


BOARD = Importer(
    "test-board", "Test board", "scenario",
    sniff=lambda data, name: data.startswith(b"BOARD\n"),
    load=_load_board,
)  # fmt: skip
LOOSE = Importer(
    "test-loose", "Loose text", "army list",
    sniff=lambda data, name: b"\n" in data,
    load=lambda data, request: ImportResult(_game("loose"), "loose"),
    options=frozenset({OPTION_SIDE}),
    priority=-10,
)  # fmt: skip


@pytest.fixture
def registry(monkeypatch):
    monkeypatch.setattr(reg, "_REGISTRY", {})
    monkeypatch.setattr(reg, "_loaded", True)
    reg.register(LOOSE)
    reg.register(BOARD)


def test_the_content_chooses_the_format_not_the_name(registry):
    assert find_importer(b"BOARD\nHill\n", "list.txt").key == "test-board"
    assert find_importer(b"Anna\nsome text\n", "scenario.m44").key == "test-loose"


def test_a_higher_priority_sniffs_first_though_registered_later(registry):
    # Both sniffs accept this file; the loose text format sniffs last.
    assert [i.key for i in reg.importers()] == ["test-board", "test-loose"]
    assert find_importer(b"BOARD\nx\n").key == "test-board"


def test_unknown_content_names_every_known_format(registry):
    with pytest.raises(FileFormatError) as err:
        find_importer(b"\x89PNG no newline", "picture.png")
    assert "picture.png" in str(err.value)
    assert "Test board (scenario)" in str(err.value) and "Loose text (army list)" in str(err.value)


def test_an_option_the_format_does_not_read_is_named(registry):
    with pytest.raises(FileFormatError, match=r"Test board .*--side does not apply"):
        import_bytes(b"BOARD\nHill\n", ImportRequest(source="b.txt", side="a"))
    assert import_bytes(b"x\ny\n", ImportRequest(side="a")).summary == "loose"


def test_an_oversized_file_is_refused_before_reading_it_all(registry, tmp_path, monkeypatch):
    monkeypatch.setattr(reg, "MAX_IMPORT_BYTES", 1000)
    big = tmp_path / "big.txt"
    big.write_bytes(b"BOARD\n" + b"x" * 2000)
    with pytest.raises(FileFormatError, match="larger than"):
        import_file(big, ImportRequest())


def test_the_source_defaults_to_the_path_in_messages(registry, tmp_path):
    f = tmp_path / "empty-name.txt"
    f.write_bytes(b"BOARD\n\n")
    with pytest.raises(FileFormatError) as err:
        import_file(f, ImportRequest())
    assert str(f) in str(err.value) and "line 2: no board name" in str(err.value)


def test_import_command_writes_the_game(registry, tmp_path, capsys):
    src, out = tmp_path / "b.txt", tmp_path / "game.json"
    src.write_bytes(b"BOARD\nHill Fort\n")
    assert main(["import", str(src), "-o", str(out)]) == 0
    assert load_game(out).setup.name == "Hill Fort"
    assert "a board named Hill Fort" in capsys.readouterr().out


def test_import_command_failure_writes_nothing(registry, tmp_path, capsys):
    src, out = tmp_path / "b.txt", tmp_path / "game.json"
    src.write_bytes(b"BOARD\n\n")
    assert main(["import", str(src), "-o", str(out)]) == 2
    assert "line 2: no board name" in capsys.readouterr().err
    assert not out.exists()


def test_import_command_never_overwrites_its_own_input(registry, tmp_path, capsys):
    src = tmp_path / "b.txt"
    src.write_bytes(b"BOARD\nHill\n")
    assert main(["import", str(src), "-o", str(src)]) == 2
    assert "overwrite" in capsys.readouterr().err
    assert src.read_bytes() == b"BOARD\nHill\n"


def test_a_malformed_base_option_is_named(registry, tmp_path, capsys):
    src, out = tmp_path / "b.txt", tmp_path / "game.json"
    src.write_bytes(b"x\ny\n")
    assert main(["import", str(src), "-o", str(out), "--base", "Knights 25x50"]) == 2
    assert "--base 'Knights 25x50'" in capsys.readouterr().err

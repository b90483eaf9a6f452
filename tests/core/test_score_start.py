"""What ``tabletop-gui score`` loads to start (docs/performance.md, Start): none
of the modules it does not use, and the same help as argparse's own."""

import argparse
import gc
import os
import shutil
import subprocess
import sys

import pytest

from tabletop_gui.cli import ArgumentParser, terminal_columns
from tabletop_gui.examples import DEMO_BOARD

#: Modules ``score --json`` has no use for (each of them once loaded at its start).
NOT_LOADED = (
    "importlib.metadata", "email", "zipfile", "secrets", "difflib", "shutil", "pyrsistent",
    "PySide6", "cv2", "tabletop_gui.app", "tabletop_gui.io.tts", "tabletop_gui.io.armylists",
    "tabletop_gui.camera", "tabletop_gui.cli_import", "tabletop_gui.cli_export",
)  # fmt: skip


def test_score_json_loads_nothing_it_does_not_use():
    code = (
        "import sys\n"
        "from tabletop_gui.cli import main\n"
        f"main(['score', {str(DEMO_BOARD)!r}, '--json'])\n"
        "print('MODULES', *sorted(sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=120)  # fmt: skip
    loaded = set(done.stdout.rsplit("MODULES", 1)[1].split())
    assert "tabletop_gui.model.piecemap" in loaded
    assert not [m for m in NOT_LOADED if m in loaded]


def test_the_persistent_vector_is_pyrsistents():
    from pyrsistent import pvector

    from tabletop_gui.model import piecemap

    if os.environ.get("PYRSISTENT_NO_C_EXTENSION"):
        pytest.skip("pyrsistent's Python vector asked for")
    assert piecemap.pvector is pvector


@pytest.mark.parametrize("columns", [None, "120", "45", "0", "-3", "wide"])
def test_help_is_as_wide_as_argparse_makes_it(monkeypatch, columns):
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns
    ours = ArgumentParser(prog="p", description="words " * 40)
    theirs = argparse.ArgumentParser(prog="p", description="words " * 40)
    for parser in (ours, theirs):
        parser.add_argument("--flag", help="a flag with a long help text " * 5)
    assert ours.format_help() == theirs.format_help()


def test_the_program_leaves_what_its_imports_made_to_the_collector_no_more(monkeypatch, capsys):
    from tabletop_gui.cli import main

    before = gc.get_freeze_count()
    assert main(["score", str(DEMO_BOARD), "--json"]) == 0  # called with its arguments
    assert gc.get_freeze_count() == before
    monkeypatch.setattr(sys, "argv", ["tabletop-gui", "score", str(DEMO_BOARD), "--json"])
    try:
        assert main() == 0  # run as the program
        assert gc.get_freeze_count() > before
    finally:
        gc.unfreeze()
    assert capsys.readouterr().out.count('"objectives"') == 2

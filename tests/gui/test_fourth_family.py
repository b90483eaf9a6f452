"""A rule family is a package you can install: a fourth family, tests/toy_family
(its own pyproject.toml, its entry point in the group ``tabletop_gui.families``,
its own objective, event and unit field), installed with pip into a fresh
virtual environment, plays in the real main window there, is saved and opened
again, and is scored and validated by the command line, with no edit anywhere in
tabletop_gui/ (CONTRIBUTING.md, "Adding a rule family").

The environment sees this one's packages (tabletop_gui, Qt, pytest) through a
.pth file, and the toy package is installed offline (no index, no build
isolation: the setuptools of the test extra builds it). The window's checks are
tests/gui/toy_window_checks.py, run there by pytest.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from tabletop_gui.io import FileFormatError, load_game
from tabletop_gui.rules.errors import RuleError
from tabletop_gui.rules.registry import family_names, find_family

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "tests" / "toy_family"


def run(python: Path, *args: str | Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(python), *map(str, args)], cwd=ROOT, capture_output=True, text=True, timeout=600,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", **env}, stdin=subprocess.DEVNULL,
    )  # fmt: skip


@pytest.fixture(scope="module")
def toy_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The python of a fresh virtual environment holding the toy family, installed
    from a copy of its source (a build writes beside the source)."""
    work = tmp_path_factory.mktemp("toy")
    venv.EnvBuilder(with_pip=False).create(work / "venv")
    python = work / "venv" / ("Scripts" if sys.platform == "win32" else "bin") / "python"
    purelib = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
    ours = sysconfig.get_paths()["purelib"]
    Path(purelib.stdout.strip(), "running-env.pth").write_text(
        f"import site; site.addsitedir({ours!r})\n", encoding="utf-8"
    )
    source = work / "toy_family"
    shutil.copytree(TOY, source, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    pip = ("-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "--no-index")
    installed = run(python, *pip, source)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    return python


def test_the_toy_family_is_found_through_its_entry_point_where_it_is_installed(toy_python):
    names = run(
        toy_python, "-c", "import tabletop_gui.rules.registry as r; print(r.family_names())"
    )
    assert names.stdout.strip() == "('carnevale', 'hex', 't9a', 'toy')", names.stderr
    # Here it is not installed, and the program itself names no such family.
    assert "toy" not in family_names()
    with pytest.raises(RuleError, match=re.escape("unknown rule family 'toy'")):
        find_family("toy")
    for path in (ROOT / "tabletop_gui").rglob("*.py"):
        assert not re.search(r"\btoy\b", path.read_text(encoding="utf-8")), path


def test_the_toy_family_plays_in_the_real_window_is_saved_reopened_and_scored(toy_python, tmp_path):
    saved = tmp_path / "toy.json"
    checks = ROOT / "tests" / "gui" / "toy_window_checks.py"
    window = run(toy_python, "-m", "pytest", checks, "-q", "-p", "no:cacheprovider",
                 TOY_GAME_FILE=str(saved))  # fmt: skip
    assert window.returncode == 0, window.stdout[-5000:] + window.stderr[-3000:]

    # The saved game: the family's event and its field under their own names.
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert (data["family"], data["version"]) == ("toy", 2)
    types = [e["type"] for e in data["events"]]
    assert types == ["add_piece", "turn_start", "toy.light_lantern", "add_piece", "update"]
    assert data["events"][-1]["changes"] == {"lantern": True}

    # Scored and validated by the command line in the toy's environment.
    scored = run(toy_python, "-m", "tabletop_gui", "score", saved, "--json")
    assert scored.returncode == 0, scored.stderr
    (beacon,) = json.loads(scored.stdout)["objectives"]
    assert beacon["kind"] == "toy.beacon"
    assert (beacon["status"], beacon["counts"]) == ("tie", {"player-a": 2.0, "player-b": 2.0})
    valid = run(toy_python, "-m", "tabletop_gui", "validate", saved)
    assert valid.returncode == 0 and "OK (toy, 2 units" in valid.stdout, valid.stdout

    # A scenario with the lantern in its setup: the field read under its key.
    unit = data["events"][0]["unit"]
    scenario = {**data, "events": [], "units": [{**unit, "lantern": True}]}
    (tmp_path / "lit.json").write_text(json.dumps(scenario), encoding="utf-8")
    scored = run(toy_python, "-m", "tabletop_gui", "score", tmp_path / "lit.json", "--json")
    (beacon,) = json.loads(scored.stdout)["objectives"]
    assert beacon["counts"] == {"player-a": 2.0, "player-b": 0.0}, scored.stderr

    # Without the toy package the file is refused by its family, naming those installed.
    with pytest.raises(FileFormatError) as err:
        load_game(saved)
    assert err.value.path == "family"
    assert err.value.problem == "unknown rule family 'toy' (installed: carnevale, hex, t9a)"

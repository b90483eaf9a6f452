"""Installable by anyone: the sdist and the wheel built from it carry the examples
and the icon; `pip install <the wheel>` (not editable) into a fresh virtual
environment gives a tabletop-gui that lists and scores every example as this
development install does, renders, opens the demo as an unsaved copy, and never
writes inside its installation. .ci/run runs this (it installs the dependencies
from the package index into the new environment: about a minute)."""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from install_checks import BROKEN, ROOT, dev_cli, picture_is_drawn, run, snapshot

import tabletop_gui
from tabletop_gui.examples import examples

BIN = "Scripts" if sys.platform == "win32" else "bin"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    """The sdist, and the wheel built from it (as `python -m build` does)."""
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
        capture_output=True, text=True, timeout=900, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    version = tabletop_gui.__version__
    return {
        "sdist": out / f"tabletop_gui-{version}.tar.gz",
        "wheel": out / f"tabletop_gui-{version}-py3-none-any.whl",
    }


@pytest.fixture(scope="module")
def venv(built, tmp_path_factory) -> Path:
    """A fresh virtual environment with the wheel installed (not editable)."""
    where = tmp_path_factory.mktemp("venv") / "env"
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True, timeout=300)
    done = subprocess.run(
        [str(where / BIN / "python"), "-m", "pip", "install", "-q", str(built["wheel"])],
        capture_output=True, text=True, timeout=1200, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return where


#: The bundled data as the sdist carries it (assets/ at the top, as in the
#: repository) and as the wheel installs it (inside the package).
SDIST_DATA = [
    *(f"assets/examples/{e.path.name}" for e in examples()),
    "assets/icons/tabletop-gui.svg",
    "assets/bases/t9a_bases.csv",
    "tabletop_gui/py.typed",
]
WHEEL_DATA = [name.replace("assets/", "tabletop_gui/assets/", 1) for name in SDIST_DATA]


def test_the_sdist_and_the_wheel_carry_the_examples_the_icon_and_the_licence(built):
    with zipfile.ZipFile(built["wheel"]) as wheel:
        names = set(wheel.namelist())
    for name in WHEEL_DATA:
        assert name in names, name
    assert any(n.endswith(".dist-info/licenses/LICENSE") or n.endswith(".dist-info/LICENSE")
               for n in names)  # fmt: skip
    assert not any(n.startswith(("assets/", "tests/", "packaging/")) for n in names)
    with tarfile.open(built["sdist"]) as sdist:
        inside = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
    for name in [*SDIST_DATA, "LICENSE", "CHANGELOG.md", "README.md"]:
        assert name in inside, name


def test_the_installed_program_lists_and_scores_every_example_like_the_checkout(
    venv, tmp_path, private_env
):
    program = venv / BIN / "tabletop-gui"
    site = (
        next(venv.glob("lib/python*/site-packages"))
        if BIN == "bin"
        else venv / "Lib" / "site-packages"
    )
    before = snapshot(venv)

    version = run([program, "--version"], private_env, tmp_path)
    assert version.stdout.strip() == f"tabletop-gui {tabletop_gui.__version__}"

    listed = run([program, "examples", "--json"], private_env, tmp_path)
    assert listed.returncode == 0, listed.stderr
    rows = json.loads(listed.stdout)
    assert [r["name"] for r in rows] == [e.name for e in examples()]
    for row in rows:
        installed_dir = site / "tabletop_gui" / "assets" / "examples"
        assert Path(row["path"]).is_relative_to(installed_dir), row["path"]
        installed = run([program, "score", row["path"], "--json"], private_env, tmp_path)
        checkout = run(dev_cli("score", row["path"], "--json"), private_env, tmp_path)
        assert installed.returncode == 0, installed.stderr
        assert installed.stdout == checkout.stdout, row["name"]

    rendered = run([program, "render", rows[0]["path"], "-o", "board.png"], private_env, tmp_path)
    assert rendered.returncode == 0 and not BROKEN.search(rendered.stderr), rendered.stderr
    assert picture_is_drawn(tmp_path / "board.png")[2] > 20

    assert snapshot(venv) == before, "a run wrote inside the installation"


def test_the_installed_program_opens_the_demo_as_an_unsaved_copy(venv, tmp_path, private_env):
    before = snapshot(venv)
    grab = tmp_path / "window.png"
    env = dict(private_env, TABLETOP_GUI_SMOKE_GRAB=str(grab), TABLETOP_GUI_SMOKE_AFTER_MS="2000")
    started = run([venv / BIN / "tabletop-gui"], env, tmp_path, timeout=120)
    assert started.returncode == 0, started.stderr
    assert not BROKEN.search(started.stderr), started.stderr
    assert "t9a_frontline_clash_demo.json (a copy, not saved yet)" in started.stderr
    width, height, colours = picture_is_drawn(grab)
    # The window fits the offscreen screen (800 x 800), less room for a frame.
    assert 700 <= width <= 800 and 500 <= height <= 800 and colours > 20
    assert snapshot(venv) == before, "the window wrote inside the installation"

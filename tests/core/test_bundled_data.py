"""The bundled data lives in assets/ at the top of the repository and installs
into the package as ``tabletop_gui.assets`` (pyproject.toml's package-dir), so the
package list in pyproject.toml is written out: it must name every package of the
tree, and every bundled folder must be readable through ``tabletop_gui.bundled``.
(packaging/tests builds the wheel and the bundle and opens every example there.)"""

from __future__ import annotations

import tomllib
from pathlib import Path

from tabletop_gui import bundled
from tabletop_gui.examples import examples

ROOT = Path(__file__).resolve().parents[2]


def setuptools_conf() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]


def test_pyproject_lists_every_package_of_the_tree_and_the_assets():
    in_tree = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "tabletop_gui").rglob("__init__.py")
    }
    conf = setuptools_conf()
    assert set(conf["packages"]) == in_tree | {"tabletop_gui.assets"}
    assert conf["package-dir"] == {"tabletop_gui.assets": "assets"}


def test_every_bundled_folder_is_read_through_the_installed_package():
    for name in ("examples", "help", "bases", "icons", "overlay"):
        folder = bundled.folder(name)
        assert folder.is_dir() and any(folder.iterdir()), name
    assert bundled.read_bytes("icons", "tabletop-gui.svg").startswith(b"<")
    assert {e.path.parent for e in examples()} == {bundled.folder("examples")}


def test_every_file_in_assets_is_declared_as_package_data():
    patterns = setuptools_conf()["package-data"]["tabletop_gui.assets"]
    declared = {p for pattern in patterns for p in (ROOT / "assets").glob(pattern)}
    on_disk = {
        p
        for p in (ROOT / "assets").rglob("*")
        if p.is_file() and p.name != "__init__.py" and "__pycache__" not in p.parts
    }
    assert on_disk == declared

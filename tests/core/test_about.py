"""What About says: the facts rows, and the licence texts found in a desktop
bundle's folder, the source checkout or the installed metadata."""

import sys

import tabletop_gui
from tabletop_gui import about


def test_facts_name_version_licence_and_the_qt_given():
    rows = dict(about.facts("6.9.9", "6.9.8"))
    assert rows["Version"] == tabletop_gui.__version__
    assert rows["Licence"] == "MIT"
    assert rows["Qt"] == "6.9.9 (PySide6 6.9.8)"
    assert rows["Installed as"] == "source checkout"


def test_outside_a_bundle_the_licence_comes_from_the_checkout_and_no_notices():
    assert about.licence_text().startswith("MIT License")
    assert about.third_party_notices() is None


def test_inside_a_bundle_the_texts_beside_the_programs_are_read(tmp_path, monkeypatch):
    (tmp_path / "LICENSE").write_text("MIT License\n\nbundled copy\n", encoding="utf-8")
    (tmp_path / "THIRD_PARTY_NOTICES.md").write_text("# Qt: LGPL-3.0\n", encoding="utf-8")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert about.how_installed() == "desktop bundle"
    assert about.licence_text().endswith("bundled copy\n")
    assert about.third_party_notices() == "# Qt: LGPL-3.0\n"

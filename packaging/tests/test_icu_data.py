"""The bundle's slimmed ICU data (packaging/icu_data.py): Qt's own ICU data library,
rebuilt with an English interface's items, loads in place of the full one and
answers what the program asks Qt (collation of names, case, IDN host names,
time-zone names) exactly as the full library does."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

HERE = Path(__file__).resolve().parent

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the Linux bundle's ICU library")


def _icu_data() -> ModuleType:
    spec = importlib.util.spec_from_file_location("icu_data", HERE.parent / "icu_data.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


icu_data = _icu_data()

#: Run in a child process: what the program can ask of ICU through Qt, and which
#: libicudata file the process really mapped.
ASK_QT = r"""
import json
from PySide6.QtCore import QCollator, QLocale, QTimeZone, QUrl
english = QCollator(QLocale("en_US"))
english.setNumericMode(True)
names = ["b10", "a", "B2", "b2", "é", "e", "z", "Zebra", "ångström", "Apfel", "Äpfel"]
paris = QTimeZone(b"Europe/Paris")
mapped = sorted({line.split()[-1] for line in open("/proc/self/maps") if "libicudata" in line})
print(json.dumps({
    "sorted": sorted(names, key=english.sortKey),
    "upper": QLocale("en_US").toUpper("straße"),
    "idn": QUrl("http://bücher.example/").toEncoded().data().decode(),
    "zone": paris.displayName(QTimeZone.StandardTime, QTimeZone.LongName, QLocale("en_US")),
    "mapped": mapped,
}))
"""


def qt_library() -> Path:
    pyside = pytest.importorskip("PySide6")
    found = sorted(Path(pyside.__file__).parent.glob("Qt/lib/libicudata.so.*"))
    if not found:
        pytest.skip("this PySide6 carries no ICU data library")
    return found[0]


def ask_qt(library_dir: Path | None) -> dict[str, object]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    if library_dir is not None:
        env["LD_LIBRARY_PATH"] = str(library_dir)  # searched before Qt's RUNPATH
    done = subprocess.run(
        [sys.executable, "-c", ASK_QT],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    answer: dict[str, object] = json.loads(done.stdout)
    return answer


def test_the_slim_library_loads_in_place_of_qts_and_answers_as_the_full_one(tmp_path: Path) -> None:
    full = qt_library()
    slim = tmp_path / full.name
    shutil.copy2(full, slim)

    line = icu_data.slim(slim)

    assert "kept whole" not in line, line
    assert slim.stat().st_size < full.stat().st_size / 4
    with_full, with_slim = ask_qt(None), ask_qt(tmp_path)
    assert with_slim["mapped"] == [str(slim)]
    assert with_full["mapped"] != with_slim["mapped"]
    for key in ("sorted", "upper", "idn", "zone"):
        assert with_slim[key] == with_full[key], key
    assert with_slim["upper"] == "STRASSE"
    assert with_slim["zone"] == "Central European Standard Time"


def test_slim_data_keeps_english_and_root_drops_locales_converters_dictionaries(
    tmp_path: Path,
) -> None:
    full = qt_library()
    library, before, after = icu_data.rebuild_library(full.read_bytes())
    data = icu_data.CommonData.read(library[0x1000:])
    names = {name.split("/", 1)[1] for name, _ in data.items}

    assert len(data.items) == after < before
    for kept in (
        "root.res",
        "en.res",
        "en_GB.res",
        "coll/root.res",
        "coll/ucadata.icu",
        "brkitr/line.brk",
        "supplementalData.res",
        "zoneinfo64.res",
        "uts46.nrm",
        "curr/pool.res",
    ):
        assert kept in names, kept
    for dropped in (
        "de.res",
        "coll/zh.res",
        "brkitr/cjdict.dict",
        "gb18030.cnv",
        "translit/root.res",
    ):
        assert dropped not in names, dropped


def test_common_data_reads_back_what_it_writes() -> None:
    blob = icu_data.CommonData(
        b"\x20\x00\xda\x27" + b"\x14\x00\x00\x00\x00\x00\x02\x00CmnD\x01\x00\x00\x00" + bytes(12),
        [("icudt73l/a.res", b"abc"), ("icudt73l/coll/root.res", bytes(range(40)))],
    )
    written = blob.write()

    assert icu_data.CommonData.read(written).items == [
        ("icudt73l/a.res", b"abc" + bytes(13)),
        ("icudt73l/coll/root.res", bytes(range(40)) + bytes(8)),
    ]


def test_a_file_of_another_layout_is_kept_whole(tmp_path: Path) -> None:
    other = tmp_path / "libicudata.so.73"
    other.write_bytes(b"\x7fELF" + bytes(200))

    line = icu_data.slim(other)

    assert "kept whole" in line
    assert other.read_bytes() == b"\x7fELF" + bytes(200)

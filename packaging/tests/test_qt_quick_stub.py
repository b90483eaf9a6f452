"""The bundle's stand-ins for Qt Quick and QML (packaging/qt_quick_stub.py): Qt
Multimedia's FFmpeg plugin, as PySide6 installs it here, asks them for no more
than the stand-ins define (a Qt upgrade that makes it ask for more fails this
test, and the bundle then carries the real libraries), and it loads with every
symbol bound against them. test_frozen_bundle.py plays a video through them."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

HERE = Path(__file__).resolve().parent

pytestmark = [
    pytest.mark.skipif(sys.platform != "linux", reason="the Linux bundle's libraries"),
    pytest.mark.skipif(not shutil.which("nm"), reason="nm (binutils) reads the symbols"),
]


def _packaging_module(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, HERE.parent / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


qt_quick_stub = _packaging_module("qt_quick_stub")
elf_needed = _packaging_module("elf_needed")


@pytest.fixture(scope="module")
def qt() -> Path:
    import PySide6

    return Path(PySide6.__file__).resolve().parent / "Qt"


@pytest.fixture(scope="module")
def plugin(qt: Path) -> Path:
    found = qt / "plugins" / "multimedia" / "libffmpegmediaplugin.so"
    assert found.is_file(), "PySide6-Addons carries Qt Multimedia's FFmpeg plugin"
    return found


@pytest.fixture(scope="module")
def stand_ins(tmp_path_factory) -> dict[str, Path]:
    if not qt_quick_stub.compiler():
        pytest.skip("no C++ compiler: the bundle carries the real Qt Quick and QML")
    return qt_quick_stub.build(tmp_path_factory.mktemp("stub"))


def test_the_ffmpeg_plugin_asks_qt_quick_for_two_symbols_and_qml_for_none(plugin, qt):
    assert qt_quick_stub.needed_from(plugin, qt / "lib" / "libQt6Quick.so.6") == {
        "_ZN12QQuickWindow10grabWindowEv@Qt_6",  # QQuickWindow::grabWindow()
        "_ZN12QQuickWindow16staticMetaObjectE@Qt_6",  # QQuickWindow::staticMetaObject
    }
    assert qt_quick_stub.needed_from(plugin, qt / "lib" / "libQt6Qml.so.6") == set()
    qt_quick_stub.check(plugin, qt / "lib")  # what the spec asks before it uses them


def test_the_stand_ins_define_just_that_and_link_no_qt_library(stand_ins):
    quick, qml = stand_ins["libQt6Quick.so.6"], stand_ins["libQt6Qml.so.6"]
    assert qt_quick_stub.defined(quick) == {
        "_ZN12QQuickWindow10grabWindowEv@Qt_6",
        "_ZN12QQuickWindow16staticMetaObjectE@Qt_6",
    }
    assert qt_quick_stub.defined(qml) == set()
    for library in (quick, qml):
        assert not [n for n in elf_needed.needed(library) or [] if n.startswith("libQt")]
        assert library.stat().st_size < 100_000


#: Run in a child process: the stand-ins loaded first (a library is found by its
#: name), then the plugin with every symbol bound at once (RTLD_NOW).
LOAD = r"""
import ctypes, json, os, sys
quick, qml, plugin = sys.argv[1:4]
for library in (qml, quick):
    ctypes.CDLL(library, mode=os.RTLD_NOW | os.RTLD_GLOBAL)
ctypes.CDLL(plugin, mode=os.RTLD_NOW)
mapped = open("/proc/self/maps").read()
print(json.dumps(sorted({line.split()[-1] for line in mapped.splitlines() if "libQt6Q" in line})))
"""


def test_the_ffmpeg_plugin_loads_with_every_symbol_bound_against_the_stand_ins(plugin, stand_ins):
    quick, qml = stand_ins["libQt6Quick.so.6"], stand_ins["libQt6Qml.so.6"]
    loaded = subprocess.run(
        [sys.executable, "-c", LOAD, str(quick), str(qml), str(plugin)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert loaded.returncode == 0, loaded.stderr
    mapped = json.loads(loaded.stdout)
    assert str(quick) in mapped and str(qml) in mapped
    assert not [m for m in mapped if m not in (str(quick), str(qml))], mapped  # no real Qt Quick

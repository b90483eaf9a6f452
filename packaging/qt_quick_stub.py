"""Stand-ins for Qt Quick and QML in the Linux bundle (docs/performance.md, Bundle).

Qt Multimedia's FFmpeg plugin links ``libQt6Quick.so.6`` and ``libQt6Qml.so.6``
(with the QML libraries they link, about 16 MB) and uses two symbols of Qt
Quick and none of QML: ``qt_quick_stub.cpp`` says what they are and why a
stand-in that defines only them is safe. :func:`build` compiles that stand-in
and an empty ``libQt6Qml.so.6`` (a C++ compiler: g++, or $CXX); :func:`check`
refuses (:class:`NotStubbed`) when the plugin asks Qt Quick or QML for anything
else, as a Qt upgrade could make it: the bundle then carries the real libraries.

    python packaging/qt_quick_stub.py PLUGIN QT_LIB_FOLDER OUT_FOLDER
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "qt_quick_stub.cpp"
#: Qt's version node of its public symbols.
VERSION = "Qt_6"
#: What each stand-in defines (mangled names, at VERSION).
DEFINED: dict[str, frozenset[str]] = {
    "libQt6Quick.so.6": frozenset({
        "_ZN12QQuickWindow10grabWindowEv",  # QQuickWindow::grabWindow()
        "_ZN12QQuickWindow16staticMetaObjectE",  # QQuickWindow::staticMetaObject
    }),
    "libQt6Qml.so.6": frozenset(),
}  # fmt: skip


class NotStubbed(Exception):
    """The stand-ins cannot replace the real libraries here; nothing was built."""


def _nm(path: Path, *flags: str) -> list[str]:
    if not shutil.which("nm"):
        raise NotStubbed("nm (binutils) is missing")
    out = subprocess.run(["nm", "-D", *flags, str(path)], capture_output=True, text=True)
    if out.returncode:
        raise NotStubbed(f"nm cannot read {path}: {out.stderr.strip()}")
    return out.stdout.splitlines()


def defined(library: Path) -> set[str]:
    """The dynamic symbols ``library`` defines, as ``name@version``."""
    names = set()
    for line in _nm(library, "--defined-only"):
        parts = line.split()
        if len(parts) == 3 and parts[1] not in ("A",):
            name, _, version = parts[2].replace("@@", "@").partition("@")
            names.add(f"{name}@{version}" if version else name)
    return names


def undefined(binary: Path) -> set[str]:
    """The dynamic symbols ``binary`` takes from elsewhere, as ``name@version``."""
    return {line.split()[-1] for line in _nm(binary, "--undefined-only") if line.strip()}


def needed_from(plugin: Path, library: Path) -> set[str]:
    """The symbols ``plugin`` takes from ``library`` (``name@version``)."""
    return undefined(plugin) & defined(library)


def check(plugin: Path, qt_lib: Path) -> None:
    """The FFmpeg plugin asks the real Qt Quick and QML in ``qt_lib`` for exactly
    what the stand-ins define; else :class:`NotStubbed` says what differs."""
    for name, wanted in DEFINED.items():
        real = qt_lib / name
        if not real.is_file():
            raise NotStubbed(f"{real} is missing")
        needs = needed_from(plugin, real)
        given = {f"{symbol}@{VERSION}" for symbol in wanted}
        if needs != given:
            more = ", ".join(sorted(needs - given)) or "nothing more"
            raise NotStubbed(f"{plugin.name} needs from {name}: {more} (the stand-in has "
                             f"{', '.join(sorted(given)) or 'nothing'})")  # fmt: skip


def compiler() -> str | None:
    return os.environ.get("CXX") or shutil.which("g++") or shutil.which("c++")


def build(out: Path) -> dict[str, Path]:
    """Compile the stand-ins into ``out``; their paths by library name."""
    cxx = compiler()
    if not cxx:
        raise NotStubbed("no C++ compiler (g++, or $CXX)")
    out.mkdir(parents=True, exist_ok=True)
    built = {}
    for name, symbols in DEFINED.items():
        script = out / f"{name}.map"
        exported = f"global: {' '.join(f'{s};' for s in sorted(symbols))} " if symbols else ""
        script.write_text(f"{VERSION} {{ {exported}local: *; }};\n", encoding="utf-8")
        target = out / name
        source = [str(SOURCE)] if symbols else ["/dev/null"]  # QML: nothing at all
        cmd = [cxx, "-x", "c++", "-O2", "-s", "-shared", "-fPIC", "-fno-exceptions", "-fno-rtti",
               "-nodefaultlibs", f"-Wl,-soname,{name}", f"-Wl,--version-script={script}",
               "-o", str(target), *source, "-lc"]  # fmt: skip
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode:
            raise NotStubbed(f"{' '.join(cmd)} failed: {done.stderr.strip()}")
        got = {s for s in defined(target) if not s.startswith(("_init", "_fini"))}
        if got != {f"{s}@{VERSION}" for s in symbols}:
            raise NotStubbed(f"{target} defines {sorted(got)}")
        built[name] = target
    return built


def main() -> int:
    plugin, qt_lib, out = (Path(a) for a in sys.argv[1:4])
    try:
        check(plugin, qt_lib)
        for name, path in build(out).items():
            print(f"{name}: {path} ({path.stat().st_size} bytes)")
    except NotStubbed as exc:
        print(f"not stubbed: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

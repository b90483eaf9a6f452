"""The desktop bundle's size: what packaging/build.sh built (dist/tabletop-gui/)
against what PyInstaller's analysis would have collected without the spec's
exclusions (its Analysis TOC in build/pyinstaller/, the baseline of the same
build), and the largest parts left, grouped. Build first:

    PYTHON=.venv/bin/python bash packaging/build.sh
    .venv/bin/python benchmarks/bench_bundle.py
"""

from __future__ import annotations

import ast
import os
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUNDLE = ROOT / "dist" / "tabletop-gui"
ANALYSIS = ROOT / "build" / "pyinstaller" / "tabletop-gui" / "Analysis-00.toc"
MB = 1024 * 1024


def entries(toc: object) -> list[tuple[str, str, str]]:
    """Every (dest, source, kind) entry found in a TOC file's nested tuples."""
    found: list[tuple[str, str, str]] = []
    todo = [toc]
    while todo:
        item = todo.pop()
        if isinstance(item, list | tuple):
            if len(item) == 3 and all(isinstance(x, str) for x in item):
                found.append((item[0], item[1], item[2]))
            else:
                todo.extend(item)
    return found


def group(path: str) -> str:
    parts = Path(path).parts
    name = parts[-1]
    if "plugins" in parts:
        return "Qt plugins"
    if name.startswith(("libicu", "libQt6")) or "Qt" in parts:
        return "ICU data" if name.startswith("libicudata") else "Qt libraries"
    if parts[0] in ("numpy", "numpy.libs") or "openblas" in name:
        return "numpy (OpenBLAS)" if "openblas" in name or parts[0] == "numpy.libs" else "numpy"
    if parts[0] in ("PySide6", "shiboken6"):
        return "Qt bindings"
    if parts[0] in ("shapely", "shapely.libs"):
        return "shapely (GEOS)"
    if name.startswith("libpython") or parts[0] in ("python3.11", "base_library.zip"):
        return "Python"
    return "programs and other libraries"


def main() -> None:
    if not BUNDLE.is_dir() or not ANALYSIS.is_file():
        sys.exit("build the bundle first: PYTHON=.venv/bin/python bash packaging/build.sh")
    analysed = entries(ast.literal_eval(ANALYSIS.read_text(encoding="utf-8")))
    would = sum(
        os.path.getsize(src)
        for _, src, kind in analysed
        if kind in ("BINARY", "EXTENSION", "DATA") and os.path.isfile(src)
    )
    sizes: Counter[str] = Counter()
    total = 0
    for path in BUNDLE.rglob("*"):
        if path.is_file() and not path.is_symlink():
            size = path.stat().st_size
            total += size
            inside = path.relative_to(BUNDLE)
            key = inside.relative_to("_internal") if inside.parts[0] == "_internal" else inside
            sizes[group(str(key))] += size
    print(f"bundle now                      {total / MB:7.1f} MB  ({BUNDLE.relative_to(ROOT)})")
    print(f"libraries and data analysed     {would / MB:7.1f} MB  (before the spec's exclusions)")
    print(f"ratio                           {total / would:7.2f}")
    print("largest parts left:")
    for name, size in sizes.most_common():
        print(f"  {name:30s} {size / MB:7.1f} MB")


if __name__ == "__main__":
    main()

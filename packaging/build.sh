#!/usr/bin/env bash
# Build the Linux desktop bundle: dist/tabletop-gui/ (one folder, two programs:
# tabletop-gui and tabletop-gui-cli) and dist/tabletop-gui-<version>-linux-<arch>.tar.gz
# with its .sha256. From a clean clone:
#
#   bash packaging/build.sh
#
# makes its own build environment in build/bundle-venv (Python 3.11 or newer, the
# project's dependencies and PyInstaller from the package index). To use an
# environment you already have (it needs pip install '.[bundle]' or '.[test]'):
#
#   PYTHON=.venv/bin/python bash packaging/build.sh
#
# Build on the oldest Linux you want the bundle to run on: it carries libraries
# linked against the build machine's C library (glibc), which runs on that glibc
# and newer ones only. packaging/README.md has the details and the other systems.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
started=$(date +%s)

if [[ -z "${PYTHON:-}" ]]; then
    venv="$root/build/bundle-venv"
    if [[ ! -x "$venv/bin/python" ]]; then
        echo "== build environment: $venv"
        python3 -m venv "$venv"
    fi
    "$venv/bin/pip" install -q --upgrade pip
    "$venv/bin/pip" install -q ".[bundle]"
    PYTHON="$venv/bin/python"
fi

version="$("$PYTHON" -c 'import sys; sys.path.insert(0, "."); import tabletop_gui; print(tabletop_gui.__version__)')"
arch="$(uname -m)"
glibc="$(ldd --version 2>/dev/null | head -n1 | grep -oE '[0-9]+\.[0-9]+$' || echo unknown)"
echo "== tabletop_gui $version, Linux $arch, glibc $glibc, $("$PYTHON" -c 'import PyInstaller; print("PyInstaller", PyInstaller.__version__)')"

# numpy without OpenBLAS (docs/performance.md, Bundle): numpy's wheel carries a
# 27 MB OpenBLAS with its Fortran runtime, for matrix products and linear algebra
# on large arrays; the program's are a few dozen numbers (a homography, a lens
# fit), which numpy's own C loops and its bundled LAPACK subset (lapack_lite)
# do. The same numpy version as $PYTHON's, built from its source release once
# per machine (several minutes; kept in the user's cache folder, never in pip's,
# whose wheel cache ignores build options) and put first on the path PyInstaller
# analyses. TABLETOP_GUI_BUNDLE_NUMPY=wheel carries the wheel's numpy instead.
numpy_path=""
if [[ "${TABLETOP_GUI_BUNDLE_NUMPY:-noblas}" != "wheel" ]]; then
    numpy_version="$("$PYTHON" -c 'import numpy; print(numpy.__version__)')"
    python_tag="$("$PYTHON" -c 'import sys; print(sys.implementation.cache_tag)')"
    numpy_path="${XDG_CACHE_HOME:-$HOME/.cache}/tabletop-gui/numpy-noblas-$numpy_version-$python_tag-$(uname -m)"
    if [[ ! -f "$numpy_path/numpy/__init__.py" ]]; then
        if ! command -v "${CC:-cc}" >/dev/null; then
            echo "no C compiler (\$CC or cc): numpy without OpenBLAS cannot be built" >&2
            echo "(install gcc, or TABLETOP_GUI_BUNDLE_NUMPY=wheel carries the wheel's numpy)" >&2
            exit 1
        fi
        if ! "$PYTHON" -c 'import os, sysconfig, sys; sys.exit(not os.path.isfile(os.path.join(sysconfig.get_paths()["include"], "Python.h")))'; then
            echo "Python's C headers (Python.h) are missing: numpy cannot be built" >&2
            echo "(install python3-dev, or TABLETOP_GUI_BUNDLE_NUMPY=wheel carries the wheel's numpy)" >&2
            exit 1
        fi
        echo "== numpy $numpy_version without OpenBLAS, built once into $numpy_path"
        wheels="$root/build/numpy-wheel"
        rm -rf "$wheels" "$numpy_path.part"
        "$PYTHON" -m pip wheel -q --no-cache-dir --no-deps --no-binary numpy "numpy==$numpy_version" \
            -w "$wheels" -Csetup-args=-Dblas=none -Csetup-args=-Dlapack=none \
            -Csetup-args=-Dallow-noblas=true
        "$PYTHON" -m pip install -q --no-deps --target "$numpy_path.part" "$wheels"/numpy-*.whl
        mkdir -p "$(dirname "$numpy_path")"
        rm -rf "$numpy_path" && mv "$numpy_path.part" "$numpy_path"
    fi
fi
export TABLETOP_GUI_BUNDLE_NUMPY="${TABLETOP_GUI_BUNDLE_NUMPY:-noblas}"

rm -rf dist/tabletop-gui
python_path="$numpy_path${PYTHONPATH:+${numpy_path:+:}$PYTHONPATH}"
PYTHONPATH="$python_path" "$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath dist --workpath build/pyinstaller packaging/tabletop-gui.spec

archive="dist/tabletop-gui-$version-linux-$arch.tar.gz"
tar -C dist -czf "$archive" tabletop-gui
(cd dist && sha256sum "$(basename "$archive")" > "$(basename "$archive").sha256")

size="$(du -sh dist/tabletop-gui | cut -f1)"
echo "== built dist/tabletop-gui ($size) and $archive ($(du -h "$archive" | cut -f1)) in $(( $(date +%s) - started )) s"
echo "   try it: dist/tabletop-gui/tabletop-gui-cli examples"

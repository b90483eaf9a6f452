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

rm -rf dist/tabletop-gui
"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath dist --workpath build/pyinstaller packaging/tabletop-gui.spec

archive="dist/tabletop-gui-$version-linux-$arch.tar.gz"
tar -C dist -czf "$archive" tabletop-gui
(cd dist && sha256sum "$(basename "$archive")" > "$(basename "$archive").sha256")

size="$(du -sh dist/tabletop-gui | cut -f1)"
echo "== built dist/tabletop-gui ($size) and $archive ($(du -h "$archive" | cut -f1)) in $(( $(date +%s) - started )) s"
echo "   try it: dist/tabletop-gui/tabletop-gui-cli examples"

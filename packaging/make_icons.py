"""Rasterise the application icon (assets/icons/tabletop-gui.svg, drawn
by hand for this project) into what each system's bundle wants:

    python packaging/make_icons.py [OUT_DIR]      (default: build/icons)

writes tabletop-gui-<N>.png for N in SIZES, tabletop-gui.png (256 px, the Linux
desktop entry's), tabletop-gui.ico (Windows: PNG entries 16 to 256 px) and
tabletop-gui.icns (macOS: PNG entries 16 to 1024 px). Qt draws the SVG; the ICO
and ICNS containers are written here (both are a small header and PNG blobs).
The PyInstaller spec runs this itself, so a build needs nothing else.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "assets" / "icons" / "tabletop-gui.svg"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: ICNS element types that hold PNG data, by pixel size.
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09",
              1024: b"ic10"}  # fmt: skip


def render_pngs(svg: Path = SVG) -> dict[int, bytes]:
    """The icon drawn at every size in SIZES, as PNG bytes."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([])
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"{svg}: not a valid SVG")
    out: dict[int, bytes] = {}
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")
        out[size] = bytes(data.data())
    return out


def ico(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico whose entries are PNGs (allowed since Windows Vista)."""
    sizes = [s for s in ICO_SIZES if s in pngs]
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        blob = pngs[s]
        dim = 0 if s >= 256 else s  # 0 means 256 in an ICO directory entry
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(blob), offset)
        offset += len(blob)
        blobs += blob
    return header + entries + blobs


def icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding PNG elements."""
    body = b"".join(
        kind + struct.pack(">I", 8 + len(pngs[s])) + pngs[s]
        for s, kind in ICNS_TYPES.items()
        if s in pngs
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make_icons(out_dir: Path) -> dict[str, Path]:
    """Write every icon file into ``out_dir``; their paths by kind (png, ico, icns)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    pngs = render_pngs()
    for size, blob in pngs.items():
        (out_dir / f"tabletop-gui-{size}.png").write_bytes(blob)
    paths = {
        "png": out_dir / "tabletop-gui.png",
        "ico": out_dir / "tabletop-gui.ico",
        "icns": out_dir / "tabletop-gui.icns",
    }
    paths["png"].write_bytes(pngs[256])
    paths["ico"].write_bytes(ico(pngs))
    paths["icns"].write_bytes(icns(pngs))
    return paths


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "icons"
    for kind, path in make_icons(target).items():
        print(f"{kind}: {path}")

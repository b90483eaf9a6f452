"""The application icon, drawn from the SVG bundled in assets/icons/ (packaging/
rasterises the same file for the bundles' .ico, .icns and the desktop entry)."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QIcon, QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from tabletop_gui import bundled

SIZES = (16, 24, 32, 48, 64, 128, 256)


def icon_svg() -> bytes:
    return bundled.read_bytes("icons", "tabletop-gui.svg")


def app_icon() -> QIcon:
    """The icon at the usual sizes (drawn here: no SVG icon-engine plugin needed)."""
    renderer = QSvgRenderer(QByteArray(icon_svg()))
    icon = QIcon()
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        icon.addPixmap(QPixmap.fromImage(image))
    return icon

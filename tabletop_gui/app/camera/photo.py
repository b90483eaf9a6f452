"""Photos read into numpy arrays (and back), with Qt's image readers: JPEG, PNG
and the rest Qt reads, turned upright by their EXIF orientation."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import qInstallMessageHandler
from PySide6.QtGui import QImage, QImageReader

from tabletop_gui.camera.errors import CameraError

# camera.table_read (the tag reading) is imported by the functions that read a
# photo: the picture under the board only needs ``to_qimage``.


def load_photo(path: str) -> np.ndarray:
    """The photo at ``path`` as (H, W, 3) uint8 RGB; refuses by name a file that
    is missing, not an image, or too large."""
    from tabletop_gui.camera.table_read import MAX_PIXELS, check_image

    _refuse_pdf(path)
    reader = QImageReader(path)
    reader.setAutoTransform(True)
    size = reader.size()
    if not reader.canRead():
        why = reader.errorString() or "not an image Qt can read"
        raise CameraError(f"{path}: cannot read the photo: {why}")
    if size.isValid():
        check_image((size.height(), size.width()), path)
    # Qt refuses images above 256 MB by default; the cap is ours (MAX_PIXELS).
    QImageReader.setAllocationLimit(max(256, MAX_PIXELS * 4 // (1 << 20) + 1))
    said: list[str] = []
    before = qInstallMessageHandler(lambda _kind, _where, text: said.append(text))
    try:
        image = reader.read()
    finally:
        qInstallMessageHandler(before)
    if image.isNull():
        raise CameraError(f"{path}: cannot read the photo: {reader.errorString()}")
    if any(CUT_SHORT in text for text in said):
        # Qt reads what there is and greys the rest: the units below would read
        # as gone, or moved (a copy stopped half-way, a download not finished).
        raise CameraError(f"{path}: the photo is cut short (its file ends before the picture "
                          "does; copy it again)")  # fmt: skip
    return to_array(image)


#: What Qt's JPEG reader says of a file that ends before its picture does.
CUT_SHORT = "premature end of data segment"


def _refuse_pdf(path: str) -> None:
    """A PDF (by its content) is refused by name: Qt's PDF plugin would read its
    first page as a picture, and the marker sheet read so finds no corner
    marker (docs/camera.md, What is refused)."""
    try:
        with open(path, "rb") as f:
            head = f.read(1024)
    except OSError:
        return  # Qt's reader says why
    if head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"%PDF"):
        raise CameraError(f"{path} is a PDF, not a photo (the marker sheet? Print it at 100 % "
                          "and photograph the table with the markers on it)")  # fmt: skip


def to_array(image: QImage) -> np.ndarray:
    """A QImage as (H, W, 3) uint8 RGB (a copy)."""
    from tabletop_gui.camera.table_read import check_image

    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    h, w = rgb.height(), rgb.width()
    data = np.frombuffer(rgb.constBits(), dtype=np.uint8, count=rgb.bytesPerLine() * h)
    check_image((h, w), "the photo")
    return data.reshape(h, rgb.bytesPerLine())[:, : w * 3].reshape(h, w, 3).copy()


def to_qimage(array: np.ndarray) -> QImage:
    """(H, W, 3) uint8 RGB or (H, W) grey as a QImage (a copy)."""
    a = np.ascontiguousarray(array)
    h, w = a.shape[:2]
    if a.ndim == 2:
        return QImage(a.data, w, h, w, QImage.Format.Format_Grayscale8).copy()
    return QImage(a.data, w, h, w * 3, QImage.Format.Format_RGB888).copy()

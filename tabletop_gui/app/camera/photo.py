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

    _refuse_by_content(path)
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


def _refuse_by_content(path: str) -> None:
    """A PDF (by its content) is refused by name: Qt's PDF plugin would read its
    first page as a picture, and the marker sheet read so finds no corner
    marker (docs/camera.md, What is refused). A HEIC or AVIF photo, which Qt
    cannot read, is refused saying how to get a JPEG."""
    try:
        with open(path, "rb") as f:
            head = f.read(1024)
    except OSError:
        return  # Qt's reader says why
    if head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"%PDF"):
        raise CameraError(f"{path} is a PDF, not a photo (the marker sheet? Print it at 100 % "
                          "and photograph the table with the markers on it)")  # fmt: skip
    kind = _heif_kind(head)
    if kind:
        raise CameraError(
            f"{path} is {kind}, which this program cannot read: send or save the photo as "
            "JPEG (on an iPhone, Settings > Camera > Formats > Most Compatible takes JPEG "
            "photos; mailing a photo converts it too) or convert it (for example "
            "`heif-convert photo.heic photo.jpg`)"
        )


#: The brands of an ISO media file (its ``ftyp`` box) that hold a HEIF or AVIF
#: picture: an iPhone's photos are HEIC by default, and Qt has no reader for them.
_HEIF_BRANDS = {b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx", b"hevm", b"hevs",
                b"mif1", b"msf1"}  # fmt: skip
_AVIF_BRANDS = {b"avif", b"avis"}


def _heif_kind(head: bytes) -> str:
    """ "a HEIC photo" / "an AVIF picture" when ``head`` starts a file of that
    kind (by its ``ftyp`` box, whatever its name), else ""."""
    if len(head) < 16 or head[4:8] != b"ftyp":
        return ""
    size = int.from_bytes(head[:4], "big")
    brands = [head[8:12]] + [head[i : i + 4] for i in range(16, min(size, len(head)) - 3, 4)]
    if any(b in _AVIF_BRANDS for b in brands):  # (mif1 first, avif among the rest)
        return "an AVIF picture"
    if any(b in _HEIF_BRANDS or b in _AVIF_BRANDS for b in brands):
        return "a HEIC photo (the iPhone's usual format)"
    return ""


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

"""A fast PNG encoder for the stream picture.

Qt's PNG writer lets libpng try every row filter on every row and compress hard:
for a 1920 x 1080 frame that is most of the time from an edit to the stream
PNG written. A stream frame is rewritten on every change and read once by the
streaming program, so it is encoded the quick standard way instead: each row
with the 'Sub' filter (a flat board and its text compress well with it), then
zlib at level 1.
"""

from __future__ import annotations

import struct
import zlib

import numpy as np
from PySide6.QtGui import QImage

#: zlib level: 1 is several times faster than the default and a stream frame
#: only grows by about a third.
LEVEL = 1


def rgb_pixels(image: QImage) -> np.ndarray:
    """The picture's pixels as an (height, width, 3) RGB array of its own (a
    copy: it outlives the picture, which may be painted on again). Qt converts
    to RGB (several times quicker than reordering the bytes with numpy)."""
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    w, h, stride = rgb.width(), rgb.height(), rgb.bytesPerLine()
    raw = np.frombuffer(rgb.constBits(), np.uint8, stride * h)
    return raw.reshape(h, stride)[:, : w * 3].reshape(h, w, 3).copy()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def encode_png(rgb: np.ndarray, level: int = LEVEL) -> bytes:
    """An 8-bit RGB PNG of ``rgb`` (height, width, 3)."""
    h, w, _ = rgb.shape
    rows = np.empty((h, 1 + w * 3), np.uint8)
    rows[:, 0] = 1  # the Sub filter: each byte minus the one a pixel to its left
    pixels = rows[:, 1:].reshape(h, w, 3)
    pixels[:, :1] = rgb[:, :1]
    np.subtract(rgb[:, 1:], rgb[:, :-1], out=pixels[:, 1:])
    head = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)  # 8 bits, truecolour
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", head),
            _chunk(b"IDAT", zlib.compress(rows.data, level)),
            _chunk(b"IEND", b""),
        )
    )

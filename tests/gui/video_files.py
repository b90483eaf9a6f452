"""A Motion-JPEG AVI file written from frames (numpy RGB), for the tests of
"Follow the table": a synthetic video played through the same capture path as a
camera. The container is Microsoft's AVI (RIFF) with one MJPG video stream."""

from __future__ import annotations

import struct
from collections.abc import Iterable

import numpy as np
from PySide6.QtCore import QBuffer, QByteArray, QIODevice

from tabletop_gui.app.camera.photo import to_qimage


def _jpeg(frame: np.ndarray) -> bytes:
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    to_qimage(frame).save(buf, "JPG", 92)
    return bytes(data.data())


def _chunk(fourcc: bytes, payload: bytes) -> bytes:
    pad = b"\0" if len(payload) % 2 else b""
    return fourcc + struct.pack("<I", len(payload)) + payload + pad


def _list(kind: bytes, payload: bytes) -> bytes:
    return b"LIST" + struct.pack("<I", len(payload) + 4) + kind + payload


def write_avi(path: str, frames: Iterable[np.ndarray], fps: int) -> int:
    """Write ``frames`` (each (H, W, 3) uint8) at ``fps``; returns the frame count."""
    jpegs = [_jpeg(f) for f in frames]
    height, width = _size(path, jpegs)
    n = len(jpegs)
    avih = struct.pack("<IIIIIIIIIIIIII", 1_000_000 // fps, 0, 0, 0x10, n, 0, 1,
                       max(len(j) for j in jpegs), width, height, 0, 0, 0, 0)  # fmt: skip
    strh = struct.pack("<4s4sIHHIIIIIIIIhhhh", b"vids", b"MJPG", 0, 0, 0, 0, 1, fps, 0, n,
                       max(len(j) for j in jpegs), 0xFFFFFFFF, 0, 0, 0, width, height)  # fmt: skip
    strf = struct.pack("<IiiHH4sIiiII", 40, width, height, 1, 24, b"MJPG", width * height * 3,
                       0, 0, 0, 0)  # fmt: skip
    hdrl = _list(b"hdrl", _chunk(b"avih", avih)
                 + _list(b"strl", _chunk(b"strh", strh) + _chunk(b"strf", strf)))  # fmt: skip
    movi_payload = b""
    index = b""
    offset = 4
    for j in jpegs:
        chunk = _chunk(b"00dc", j)
        index += b"00dc" + struct.pack("<III", 0x10, offset, len(j))
        offset += len(chunk)
        movi_payload += chunk
    body = b"AVI " + hdrl + _list(b"movi", movi_payload) + _chunk(b"idx1", index)
    with open(path, "wb") as f:
        f.write(b"RIFF" + struct.pack("<I", len(body)) + body)
    return n


def _size(path: str, jpegs: list[bytes]) -> tuple[int, int]:
    from PySide6.QtGui import QImage

    image = QImage.fromData(jpegs[0], "JPG")
    if image.isNull():
        raise ValueError(f"{path}: the first frame did not encode")
    return image.height(), image.width()

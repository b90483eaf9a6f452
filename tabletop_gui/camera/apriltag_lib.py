"""The AprilTag library (the ``apriltag-python`` wheel: the AprilRobotics C
detector, BSD-2-Clause) loaded once: the detector, and the tag36h11 code table
read from the library's own data at run time (docs/camera.md, Why these
libraries), so no third-party table is copied into this repository."""

from __future__ import annotations

import contextlib
import ctypes
import io
import sys
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np


@cache
def module() -> Any:
    """The ``apriltag`` module. Its package prints a line to stdout when OpenCV is
    not installed (an optional helper of its own that we never use); that line
    would corrupt ``table --json``, so the import's stdout is swallowed."""
    with contextlib.redirect_stdout(io.StringIO()):
        import apriltag  # type: ignore[import-untyped]

    return apriltag


class _Family(ctypes.Structure):
    """``apriltag_family_t`` (apriltag.h), the fields up to the name."""

    _fields_ = [
        ("ncodes", ctypes.c_uint32),
        ("codes", ctypes.POINTER(ctypes.c_uint64)),
        ("width_at_border", ctypes.c_int),
        ("total_width", ctypes.c_int),
        ("reversed_border", ctypes.c_bool),
        ("nbits", ctypes.c_uint32),
        ("bit_x", ctypes.POINTER(ctypes.c_uint32)),
        ("bit_y", ctypes.POINTER(ctypes.c_uint32)),
        ("h", ctypes.c_int32),
        ("name", ctypes.c_char_p),
    ]


def _library_files() -> list[Path]:
    here = Path(module().__file__).parent
    places = [here, here.parent / "lib64", here.parent / "lib"]
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        places += [Path(bundle), Path(bundle) / "apriltag"]
    names = ("libapriltag*.so*", "libapriltag*.dylib", "apriltag*.dll", "libapriltag*.dll")
    return [p for place in places for name in names for p in sorted(place.glob(name))]


@cache
def tag36h11() -> tuple[np.ndarray, int, np.ndarray, np.ndarray]:
    """(codes, nbits, bit_x, bit_y) of the tag36h11 family, from the library."""
    for path in _library_files():
        try:
            lib = ctypes.CDLL(str(path))
        except OSError:
            continue
        create = lib.tag36h11_create
        create.restype = ctypes.POINTER(_Family)
        family = create().contents
        n, nbits = int(family.ncodes), int(family.nbits)
        codes = np.array([family.codes[i] for i in range(n)], dtype=np.uint64)
        bit_x = np.array([family.bit_x[i] for i in range(nbits)], dtype=np.int64)
        bit_y = np.array([family.bit_y[i] for i in range(nbits)], dtype=np.int64)
        return codes, nbits, bit_x, bit_y
    raise RuntimeError("the AprilTag library of the apriltag package was not found")

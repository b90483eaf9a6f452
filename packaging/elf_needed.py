"""The libraries an ELF file links to directly (its DT_NEEDED entries), read from
the file itself. The bundle's spec follows these links to find what the bundle
needs: ldd, which PyInstaller asks, lists every library loaded when the file is
loaded where it was installed, so a library the bundle replaces (Qt Quick's
stand-in, packaging/qt_quick_stub.py) would still bring in what the real one
links to.

    python packaging/elf_needed.py FILE...
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

PT_LOAD, PT_DYNAMIC = 1, 2
DT_NULL, DT_NEEDED, DT_STRTAB = 0, 1, 5


def needed(path: str | Path) -> list[str] | None:
    """The DT_NEEDED names of ``path``, in order; None when it is not an ELF file
    this reads (64-bit or 32-bit, either byte order)."""
    data = Path(path).read_bytes()
    if data[:4] != b"\x7fELF" or data[4] not in (1, 2) or data[5] not in (1, 2):
        return None
    wide = data[4] == 2
    end = "<" if data[5] == 1 else ">"
    if wide:
        (phoff,) = struct.unpack_from(end + "Q", data, 0x20)
        phentsize, phnum = struct.unpack_from(end + "HH", data, 0x36)
        header, entry = end + "IIQQQQQQ", end + "qQ"
    else:
        (phoff,) = struct.unpack_from(end + "I", data, 0x1C)
        phentsize, phnum = struct.unpack_from(end + "HH", data, 0x2A)
        header, entry = end + "IIIIIIII", end + "iI"
    loads, dynamic = [], None
    for i in range(phnum):
        fields = struct.unpack_from(header, data, phoff + i * phentsize)
        if wide:
            kind, _flags, offset, vaddr, _paddr, filesz = fields[:6]
        else:
            kind, offset, vaddr, _paddr, filesz = fields[:5]
        if kind == PT_LOAD:
            loads.append((vaddr, offset, filesz))
        elif kind == PT_DYNAMIC:
            dynamic = (offset, filesz)
    if dynamic is None:
        return []
    size = struct.calcsize(entry)
    names, strtab = [], None
    for at in range(dynamic[0], dynamic[0] + dynamic[1], size):
        tag, value = struct.unpack_from(entry, data, at)
        if tag == DT_NULL:
            break
        if tag == DT_NEEDED:
            names.append(value)
        elif tag == DT_STRTAB:
            strtab = value
    if strtab is None:
        return None
    base = next((off + strtab - va for va, off, sz in loads if va <= strtab < va + sz), None)
    if base is None:
        return None
    return [data[base + n : data.index(b"\0", base + n)].decode() for n in names]


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(name, needed(name))

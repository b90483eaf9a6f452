"""Slim Qt's ICU data library (``libicudata.so.NN``) for the Linux bundle.

QtCore links ICU, and ICU's data library is the largest file of the bundle
(32 MB): the locale data of every language (names of currencies, units, time
zones, languages and regions), the collation of every language, the code-page
converters, the line-break dictionaries of Chinese, Japanese, Thai, Khmer,
Lao and Burmese, and the transliterators. What Qt asks ICU for is small: a
collator (``QCollator``, which sorts the file dialog's names), case mapping,
IDN host names (``QUrl``), time-zone names, and the converters of codecs Qt does
not build in (``QStringConverter``; this program reads and writes UTF-8 only).

:func:`slim` keeps ICU's items the program can reach in an English interface
and the ones every ICU lookup falls back to: the data that is not per locale
(normalisation, case and property tables, the root collation's tables, the
line-break rules, time-zone and plural rules, likely subtags), and of each
locale tree the ``root`` and English (``en``, ``en_*``) locales with the tree's
index and string pool. A lookup of any other locale falls back to ``root``, as
ICU does for a locale it does not know: a German collator sorts by the root
(Unicode) order, which differs from German order for a few letters. Dropped:
other locales, converters (``*.cnv``), line-break dictionaries (``*.dict``) and
transliterators.

The library is rebuilt without a compiler: it is an ELF shared object holding
one read-only section (the common data, ICU's ``CmnD`` format, exported as
``icudtNN_dat``) and a dynamic section. The header pages are kept as they are;
the data is replaced and the dynamic section moved after it, with every offset,
address and size that names them updated. Any other layout is left alone (the
bundle keeps the full library and says so).

    python packaging/icu_data.py LIBICUDATA [--dry-run]
"""

from __future__ import annotations

import argparse
import struct
import sys
from dataclasses import dataclass
from pathlib import Path

#: Locale trees whose items are ``<tree>/<locale>.res``.
TREES = ("brkitr", "coll", "curr", "lang", "rbnf", "region", "translit", "unit", "zone")
#: Items of a tree kept whatever the locale: the tree's index and shared strings.
TREE_SHARED = ("res_index.res", "pool.res")
ALIGN = 16


class NotSlimmed(Exception):
    """The file is not laid out as this module expects; nothing was changed."""


def keeps_locale(locale: str) -> bool:
    """The locales an English interface reaches, and the fallback of all."""
    return locale in ("root", "en") or locale.startswith("en_")


def keeps_item(name: str) -> bool:
    """``name`` is an item of the common data, like ``icudt73l/coll/de.res``."""
    parts = name.split("/")
    leaf = parts[-1]
    if len(parts) == 3 and parts[1] in TREES:
        if parts[1] == "translit":
            return False
        if leaf in TREE_SHARED:
            return True
        if leaf.endswith(".res"):
            return keeps_locale(leaf[: -len(".res")])
        return not leaf.endswith(".dict")  # rules (.brk), tables (.icu, .nrm)
    if len(parts) != 2:
        return True  # a layout this module does not know: keep it
    if leaf.endswith(".cnv"):
        return False
    if leaf.endswith(".res") and _is_locale(leaf[: -len(".res")]):
        return keeps_locale(leaf[: -len(".res")])
    return True


def _is_locale(stem: str) -> bool:
    """Locale data at the top level (``de``, ``de_AT``, ``zh_Hant_TW``) rather
    than data shared by all (``supplementalData``, ``zoneinfo64``, ``pool``)."""
    if stem in ("root", "pool", "res_index"):
        return stem == "root"
    head = stem.split("_")[0]
    return 2 <= len(head) <= 3 and head.isalpha() and head.islower()


@dataclass(frozen=True)
class CommonData:
    """ICU common data: a header, then a table of contents of named items."""

    header: bytes
    items: list[tuple[str, bytes]]

    @classmethod
    def read(cls, blob: bytes) -> CommonData:
        header_size, magic1, magic2 = struct.unpack_from("<HBB", blob, 0)
        if (magic1, magic2) != (0xDA, 0x27) or blob[12:16] != b"CmnD" or blob[8] != 0:
            raise NotSlimmed("not little-endian ICU common data (CmnD)")
        toc = blob[header_size:]
        (count,) = struct.unpack_from("<I", toc, 0)
        entries = [struct.unpack_from("<II", toc, 4 + 8 * i) for i in range(count)]
        items = []
        for i, (name_at, data_at) in enumerate(entries):
            end = entries[i + 1][1] if i + 1 < count else len(toc)
            name = toc[name_at : toc.index(b"\0", name_at)].decode("ascii")
            items.append((name, bytes(toc[data_at:end])))
        return cls(bytes(blob[:header_size]), items)

    def write(self) -> bytes:
        """The same format: names after the entries, each item 16-byte aligned
        from the table's start (offsets count from there, as ICU reads them)."""
        count = len(self.items)
        names = b"".join(name.encode("ascii") + b"\0" for name, _ in self.items)
        name_at = 4 + 8 * count
        data_at = _aligned(name_at + len(names))
        entries, data = [], bytearray()
        for name, item in self.items:
            entries.append((name_at, data_at + len(data)))
            name_at += len(name) + 1
            data += item + b"\0" * (_aligned(len(item)) - len(item))
        toc = struct.pack("<I", count) + b"".join(struct.pack("<II", *e) for e in entries)
        toc += names + b"\0" * (data_at - len(toc) - len(names))
        return self.header + toc + bytes(data)


def _aligned(n: int, to: int = ALIGN) -> int:
    return -(-n // to) * to


# ELF64 little-endian layout (System V ABI).
_EHDR = struct.Struct("<16sHHIQQQIHHHHHH")
_PHDR = struct.Struct("<IIQQQQQQ")
_SHDR = struct.Struct("<IIQQQQIIQQ")
_SYM = struct.Struct("<IBBHQQ")
PT_LOAD = 1
SHT_SYMTAB, SHT_DYNSYM = 2, 11


def rebuild_library(elf: bytes) -> tuple[bytes, int, int]:
    """``elf`` with its common data slimmed; returns (library, items before, after)."""
    header = list(_EHDR.unpack_from(elf, 0))
    ident, phoff, shoff = header[0], header[5], header[6]
    phentsize, phnum, shentsize, shnum, shstrndx = header[9:14]
    if ident[:4] != b"\x7fELF" or ident[4] != 2 or ident[5] != 1:
        raise NotSlimmed("not a 64-bit little-endian ELF file")
    phdrs = [list(_PHDR.unpack_from(elf, phoff + i * phentsize)) for i in range(phnum)]
    shdrs = [list(_SHDR.unpack_from(elf, shoff + i * shentsize)) for i in range(shnum)]
    shstr = shdrs[shstrndx]
    names = [_cstring(elf, shstr[4] + sh[0]) for sh in shdrs]
    if names.count(".rodata") != 1 or names.count(".dynamic") != 1:
        raise NotSlimmed("no single .rodata and .dynamic section")
    ro = tuple(shdrs[names.index(".rodata")])  # as they were: the lists are updated below
    dyn = tuple(shdrs[names.index(".dynamic")])
    loads = [p for p in phdrs if p[0] == PT_LOAD]
    if len(loads) != 2 or ro[4] + ro[5] > dyn[4] or loads[0][2] != 0 or loads[1][2] != dyn[4]:
        raise NotSlimmed("not the layout of one read-only data segment then the dynamic one")
    # Nothing but sections not loaded may lie after the dynamic section.
    tail_start = dyn[4] + dyn[5]
    for name, sh in zip(names, shdrs, strict=True):
        if sh[3] and sh[4] > ro[4] and name not in (".dynamic", ".eh_frame") and sh[5]:
            raise NotSlimmed(f"unexpected loaded section {name} after the data")

    old = CommonData.read(elf[ro[4] : ro[4] + ro[5]])
    new = CommonData(old.header, [item for item in old.items if keeps_item(item[0])])
    data = new.write()
    ro_size = _aligned(len(data), ro[8] or 1)
    data += b"\0" * (ro_size - len(data))

    page = max(p[7] for p in loads)
    ro_end = ro[4] + ro_size
    # The dynamic segment keeps its offset congruent to its address modulo the page.
    dyn_off = _aligned(ro_end, 8)
    dyn_addr = _aligned(ro[3] + ro_size, page) + dyn_off % page
    shift_off = dyn_off - dyn[4]
    shift_addr = dyn_addr - dyn[3]

    out = bytearray(elf[: ro[4]]) + data
    out += b"\0" * (dyn_off - len(out))
    out += elf[dyn[4] : len(elf)]  # the dynamic section and the unloaded tail
    # Program headers.
    for p in phdrs:
        if p[0] == PT_LOAD and p[2] == 0:
            p[5] = p[6] = ro_end  # file and memory sizes
        elif dyn[4] <= p[2] < tail_start:
            p[2] += shift_off  # offset
            p[3] += shift_addr  # virtual and physical addresses
            p[4] += shift_addr
    for i, p in enumerate(phdrs):
        _PHDR.pack_into(out, phoff + i * phentsize, *p)
    # Section headers (moved with the tail).
    new_shoff = shoff + shift_off
    for i, (name, sh) in enumerate(zip(names, shdrs, strict=True)):
        if name == ".rodata":
            sh[5] = ro_size
        elif name == ".eh_frame" and sh[5] == 0:
            sh[3], sh[4] = ro[3] + ro_size, ro_end
        elif sh[4] >= dyn[4]:
            sh[4] += shift_off
            if sh[3]:
                sh[3] += shift_addr
        _SHDR.pack_into(out, new_shoff + i * shentsize, *sh)
    header[6] = new_shoff
    _EHDR.pack_into(out, 0, *header)
    # Symbols: the data's size, and addresses past it.
    for sh in shdrs:
        if sh[1] not in (SHT_SYMTAB, SHT_DYNSYM):
            continue
        for at in range(sh[4], sh[4] + sh[5], sh[9] or _SYM.size):
            st_name, info, other, shndx, value, size = _SYM.unpack_from(out, at)
            if value == ro[3] and size == ro[5]:
                size = ro_size
            elif value >= dyn[3]:
                value += shift_addr
            elif value >= ro[3] + ro[5]:
                value = ro[3] + ro_size
            _SYM.pack_into(out, at, st_name, info, other, shndx, value, size)
    return bytes(out), len(old.items), len(new.items)


def _cstring(data: bytes, at: int) -> str:
    return data[at : data.index(b"\0", at)].decode("ascii")


def slim(path: Path, dry_run: bool = False) -> str:
    """Slim the library at ``path`` in place; returns what was done, in a line."""
    before = path.stat().st_size
    try:
        library, items_before, items_after = rebuild_library(path.read_bytes())
    except (NotSlimmed, struct.error, ValueError, IndexError) as problem:
        return f"{path.name}: kept whole ({problem})"
    if not dry_run:
        tmp = path.with_name(path.name + ".slim")
        tmp.write_bytes(library)
        tmp.chmod(path.stat().st_mode)
        tmp.replace(path)
    return (
        f"{path.name}: {before / 1e6:.1f} MB -> {len(library) / 1e6:.1f} MB "
        f"({items_after} of {items_before} ICU data items kept)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("library", type=Path)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)
    print(slim(args.library, args.dry_run))
    return 0


if __name__ == "__main__":
    sys.exit(main())

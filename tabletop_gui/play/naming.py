"""Free names for new pieces, objectives and labels: ``stem``, else ``stem-2``,
``stem-3``... (or another separator and start)."""

from __future__ import annotations

from collections.abc import Container


def free_name(
    stem: str, taken: Container[str], sep: str = "-", first: int = 2, bare: bool = True
) -> str:
    """``stem`` itself when it is free and ``bare`` allows it, else the first
    ``stem{sep}{n}`` (n from ``first``) not in ``taken``."""
    if bare and stem not in taken:
        return stem
    n = first
    while f"{stem}{sep}{n}" in taken:
        n += 1
    return f"{stem}{sep}{n}"

"""Copy the docs the program shows in Help (its rules references) into the
package, so an installed program has them:

    .venv/bin/python tools/copy_help_docs.py

tests/core/test_help_pages.py fails when a copy differs from its doc."""

from __future__ import annotations

import shutil
from pathlib import Path

from tabletop_gui.help import COPIED_DOCS

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    target = ROOT / "assets" / "help"
    for name in COPIED_DOCS:
        shutil.copyfile(ROOT / "docs" / name, target / name)
        print(f"docs/{name} -> assets/help/{name}")


if __name__ == "__main__":
    main()

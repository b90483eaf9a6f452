"""A start-up self-check for installed copies and desktop bundles: with
TABLETOP_GUI_SMOKE_GRAB=out.png in the environment, the window grabs itself to
that PNG once it has been shown for TABLETOP_GUI_SMOKE_AFTER_MS (default 3000)
and the program quits with 0 (3 when the picture could not be written). The
bundle's smoke test and the installed-wheel test use it to prove the window
really starts and draws, with every Qt plugin it needs."""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWidget

ENV_GRAB = "TABLETOP_GUI_SMOKE_GRAB"
ENV_AFTER = "TABLETOP_GUI_SMOKE_AFTER_MS"


def arm_from_environment(window: QWidget) -> bool:
    """Arm the grab when the environment asks for it; True if armed."""
    target = os.environ.get(ENV_GRAB)
    if not target:
        return False
    after = int(os.environ.get(ENV_AFTER, "3000"))

    def grab() -> None:
        picture = window.grab()
        ok = picture.save(target, "PNG")
        print(
            f"smoke: {window.windowTitle()!r} {picture.width()}x{picture.height()} -> {target}",
            file=sys.stderr,
        )
        QApplication.exit(0 if ok else 3)

    QTimer.singleShot(after, grab)
    return True

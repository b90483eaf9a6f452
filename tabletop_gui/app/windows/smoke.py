"""A start-up self-check for installed copies and desktop bundles: with
TABLETOP_GUI_SMOKE_GRAB=out.png in the environment, the window grabs itself to
that PNG once it has been shown for TABLETOP_GUI_SMOKE_AFTER_MS (default 3000)
and the program quits with 0 (3 when the picture could not be written). The
bundle's smoke test and the installed-wheel test use it to prove the window
really starts and draws, with every Qt plugin it needs. A video played from the
start (``tabletop-gui open FILE --video VIDEO``) is waited for until it has
ended and its frames are read (for up to VIDEO_WAIT_S more), and what the
camera read is printed as one JSON line: the bundle's test of Qt Multimedia's
FFmpeg plugin."""

from __future__ import annotations

import json
import os
import sys
import time

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWidget

ENV_GRAB = "TABLETOP_GUI_SMOKE_GRAB"
ENV_AFTER = "TABLETOP_GUI_SMOKE_AFTER_MS"
#: How long past the grab's time a video still playing is waited for.
VIDEO_WAIT_S = 120.0


def arm_from_environment(window: QWidget) -> bool:
    """Arm the grab when the environment asks for it; True if armed."""
    target = os.environ.get(ENV_GRAB)
    if not target:
        return False
    after = int(os.environ.get(ENV_AFTER, "3000"))
    camera = getattr(window, "camera", None)
    deadline: list[float] = []

    def grab() -> None:
        if not deadline:
            deadline.append(time.monotonic() + VIDEO_WAIT_S)
        if camera is not None and camera.video_playing() and time.monotonic() < deadline[0]:
            QTimer.singleShot(200, grab)
            return
        if camera is not None and camera.reader is not None:
            print(f"smoke: camera: {json.dumps(camera.summary())}", file=sys.stderr)
            camera.shutdown()  # its worker thread stopped before the program ends
        picture = window.grab()
        ok = picture.save(target, "PNG")
        print(
            f"smoke: {window.windowTitle()!r} {picture.width()}x{picture.height()} -> {target}",
            file=sys.stderr,
        )
        QApplication.exit(0 if ok else 3)

    QTimer.singleShot(after, grab)
    return True

"""What the packaging tests share: the installed wheel and the desktop bundle are
run as a user would, in processes with a private home, offscreen, and compared
with this development install."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Messages that mean a broken install: a crash, a module or Qt plugin the copy lacks.
BROKEN = re.compile(
    r"Traceback|ModuleNotFoundError|ImportError|Could not (load|find)|Cannot load library"
    r"|Failed to (load|execute)|qt\.qpa\.plugin|Fatal Python error"
)


def run(
    cmd: Sequence[str | os.PathLike[str]],
    env: dict[str, str],
    cwd: Path,
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(c) for c in cmd], env=env, cwd=cwd, capture_output=True, text=True,
        timeout=timeout, stdin=subprocess.DEVNULL,
    )  # fmt: skip


def dev_cli(*args: str) -> list[str]:
    """This development install's command line."""
    return [sys.executable, "-m", "tabletop_gui", *args]


def normalised(data: bytes) -> bytes:
    """A PDF or SVG with what differs run to run made constant: creation and
    modification dates, document ids and uuids."""
    data = re.sub(rb"/(CreationDate|ModDate) ?\(D:[^)]*\)", rb"/\1 (D:0)", data)
    data = re.sub(rb'xmp:(\w*Date)="[^"]*"', rb'xmp:\1="0"', data)
    data = re.sub(rb"uuid:[0-9a-fA-F-]{36}", b"uuid:0", data)
    data = re.sub(rb"/ID ?\[ ?<[0-9a-fA-F]*> ?<[0-9a-fA-F]*> ?\]", b"/ID [<0> <0>]", data)
    return data


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``folder`` with its size and modification time."""
    return {
        str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns)
        for p in sorted(folder.rglob("*"))
        if p.is_file() or p.is_symlink()
    }


def picture_is_drawn(path: Path) -> tuple[int, int, int]:
    """Width, height and how many colours a sample of the PNG has (a blank or
    black window has one or two)."""
    from PySide6.QtGui import QImage

    image = QImage(str(path))
    assert not image.isNull(), f"{path} is not a PNG"
    colours = {image.pixel(x, y) for x in range(0, image.width(), 23)
               for y in range(0, image.height(), 23)}  # fmt: skip
    return image.width(), image.height(), len(colours)


#: The units of table_video's game (id, side, tag) with where the game file puts
#: them and where the video shows them (x, y, facing).
VIDEO_UNITS = (("knights", "red", 4), ("archers", "red", 5), ("scouts", "blue", 6))
VIDEO_GAME = ((20.0, 12.0, 10.0), (50.0, 30.0, 200.0), (60.0, 10.0, 90.0))
VIDEO_TABLE = ((31.5, 20.25, 75.0), (50.0, 30.0, 200.0), (14.0, 38.0, 300.0))


def table_video(folder: Path, frames: int = 15) -> tuple[Path, Path]:
    """A game file and an MPEG-4 video (.mp4, OpenCV's VideoWriter) of its table
    (the program's synthetic camera, docs/camera.md: a 1280 x 720 camera 30
    degrees from straight down, 1.5 in tags): the units stand at VIDEO_TABLE in
    the video and at VIDEO_GAME in the game, whose camera has the video's lens."""
    import cv2

    from tabletop_gui.camera import synthetic
    from tabletop_gui.camera.records import lens_record
    from tabletop_gui.io.game_file import save_game
    from tabletop_gui.model import InchBoard, Scene, Setup, Side, Unit
    from tabletop_gui.model.camera import TableCamera
    from tabletop_gui.model.game import Game

    sides = (Side("red", "Red", "#aa4628"), Side("blue", "Blue", "#325aa0"))

    def scene(places: tuple[tuple[float, float, float], ...]) -> Scene:
        units = [
            Unit(uid, uid, side, x, y, facing=f, base_width_mm=50, base_depth_mm=50, tag=tag)
            for (uid, side, tag), (x, y, f) in zip(VIDEO_UNITS, places, strict=True)
        ]
        return Scene(board=InchBoard(72, 48), sides=sides, units={u.id: u for u in units})

    size = (1280, 720)
    camera = synthetic.camera_for((72, 48), size, 30.0)
    picture = synthetic.render(scene(VIDEO_TABLE), camera, tag_size=1.5, seed=3)
    video = folder / "table.mp4"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"mp4v"), 10, size)
    assert writer.isOpened(), "OpenCV cannot write MPEG-4 here"
    for _ in range(frames):
        writer.write(picture[:, :, ::-1])  # OpenCV's frames are BGR
    writer.release()
    game = folder / "game.json"
    table_camera = TableCamera(tag_size=1.5, lens=lens_record(camera.lens))
    save_game(Game(Setup("t9a", scene(VIDEO_GAME), name="video"), camera=table_camera), game)
    return game, video

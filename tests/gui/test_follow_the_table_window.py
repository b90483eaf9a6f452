"""Camera > Follow the table in the window (docs/camera.md, The window): a
synthetic video of the table, played through the same capture path as a camera
(QtMultimedia into the worker thread), fills the game log with the moves of the
units that came to rest; a unit not seen is marked and never moved."""

import math

import pytest
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.camera.camera_part import multimedia_problem
from tabletop_gui.camera import synthetic
from tabletop_gui.camera.records import lens_record
from tabletop_gui.model import InchBoard, Scene, Setup, Side, Unit
from tabletop_gui.model.camera import TableCamera
from tabletop_gui.model.game import Game

from .helpers import open_window
from .video_files import write_avi

pytestmark = pytest.mark.skipif(multimedia_problem() is not None, reason=str(multimedia_problem()))

SIDES = (Side("red", "Red", "#aa4628"), Side("blue", "Blue", "#325aa0"))
START = (20.0, 12.0, 10.0)
END = (31.5, 20.25, 75.0)


def unit(uid: str, tag: int, x: float, y: float, facing: float) -> Unit:
    return Unit(uid, uid, "red", x, y, facing=facing, base_width_mm=50, base_depth_mm=50, tag=tag)


def scene(knights: tuple[float, float, float], hidden: bool) -> Scene:
    units = [unit("knights", 4, *knights), unit("archers", 5, 50.0, 30.0, 200.0)]
    if not hidden:
        units.append(unit("scouts", 6, 60.0, 10.0, 90.0))
    return Scene(board=InchBoard(72, 48), sides=SIDES, units={u.id: u for u in units})


CAMERA = synthetic.camera_for((72, 48), (1600, 900), 25.0)


@pytest.fixture(scope="module")
def video(tmp_path_factory) -> str:
    """7 s at 5 frames a second: the knights still for 1 s, moved over 0.8 s,
    then at rest for 5 s; the scouts' tag is never in the picture."""

    def shot(place):
        return synthetic.render(scene(place, hidden=True), CAMERA, tag_size=1.5, seed=3)

    still, rest = shot(START), shot(END)
    moving = [shot(tuple(s + (e - s) * k / 5 for s, e in zip(START, END, strict=True)))
              for k in range(1, 5)]  # fmt: skip
    frames = [still] * 5 + moving + [rest] * 26
    path = str(tmp_path_factory.mktemp("video") / "table.avi")
    write_avi(path, frames, fps=5)
    return path


def game() -> Game:
    camera = TableCamera(tag_size=1.5, lens=lens_record(CAMERA.lens))
    return Game(Setup("t9a", scene(START, hidden=False), name="followed"), camera=camera)


def test_following_a_video_records_one_move_for_the_unit_that_came_to_rest(qtbot, video, tmp_path):
    window = open_window(qtbot, game())
    camera = window.camera
    camera.set_following(True)
    assert camera.start_video(video) is None
    qtbot.waitUntil(lambda: bool(camera.recorded), timeout=60_000)
    qtbot.waitUntil(lambda: camera.source.mediaStatus().name == "EndOfMedia", timeout=60_000)
    qtbot.wait(500)
    window.grab().save(str(tmp_path / "window-following.png"))
    assert [m.piece_id for m in camera.recorded] == ["knights"]
    events = window.doc.committed.index
    assert events == 1  # one undo step, one event
    knights = window.doc.committed.scene.units["knights"]
    assert math.hypot(knights.x - END[0], knights.y - END[1]) <= 0.05
    assert abs((knights.facing - END[2] + 180) % 360 - 180) <= 1.0
    assert window.doc.committed.scene.units["archers"] == game().setup.scene.units["archers"]
    assert camera.unseen == {"scouts"}
    assert window.doc.committed.scene.units["scouts"] == game().setup.scene.units["scouts"]
    assert camera.reader is not None and camera.reader.frames_read >= 3
    window.doc.undo_stack.undo()
    assert window.doc.committed.scene.units["knights"] == game().setup.scene.units["knights"]
    camera.shutdown()
    QApplication.processEvents()


def test_a_camera_unplugged_stops_following_and_keeps_the_game(qtbot, video):
    window = open_window(qtbot, game())
    camera = window.camera
    camera.set_following(True)
    camera.start_video(video)
    before = window.doc.game
    camera._source_lost("the camera USB Camera was unplugged")
    assert not camera.following and camera.source is None
    assert "unplugged" in window.statusBar().currentMessage()
    assert "last alignment are kept" in window.statusBar().currentMessage()
    assert window.doc.game.setup == before.setup
    camera.shutdown()


def test_open_with_a_video_plays_it_and_the_smoke_check_prints_what_was_read(video, tmp_path):
    """``tabletop-gui open GAME --video VIDEO`` plays the video as Camera > Play a
    video of the table does; the smoke hook waits for its end, prints the
    reading and stops the camera's worker before the program ends (the desktop
    bundle's test of Qt Multimedia, packaging/tests). The program runs as it is
    started, in a process of its own: a second event loop started in this one
    after a video's playback crashed a later test's (exit 139)."""
    import json
    import os
    import subprocess
    import sys

    from tabletop_gui.io.game_file import save_game

    path = tmp_path / "followed.json"
    save_game(game(), path)
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "TABLETOP_GUI_SMOKE_GRAB": str(tmp_path / "window.png"),
        "TABLETOP_GUI_SMOKE_AFTER_MS": "300",
        "TABLETOP_GUI_DATA_DIR": str(tmp_path / "data"),
        "TABLETOP_GUI_SETTINGS": str(tmp_path / "settings.ini"),
    }
    run = subprocess.run(
        [sys.executable, "-m", "tabletop_gui", "open", str(path), "--video", video],
        env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-2000:]
    lines = [line for line in run.stderr.splitlines() if line.startswith("smoke: camera: ")]
    summary = json.loads(lines[0].removeprefix("smoke: camera: "))
    assert summary["source"] == video and summary["frames_read"] >= 3
    units = {u["id"]: u for u in summary["reading"]["units"]}
    assert math.hypot(units["knights"]["x"] - END[0], units["knights"]["y"] - END[1]) <= 0.05
    assert not units["scouts"]["seen"]
    assert (tmp_path / "window.png").stat().st_size > 0


def test_following_switched_off_and_on_over_an_ended_video_records_no_move_again(qtbot, video):
    """Follow the table switched on after the video ended records the knights'
    move from its last frame, once: switched off and on (Ctrl+Shift+F twice),
    the same still frame, read before that move was recorded, moves nobody to
    where they already stand (docs/camera.md, The window)."""
    window = open_window(qtbot, game())
    camera = window.camera
    assert camera.start_video(video) is None
    qtbot.waitUntil(lambda: not camera.video_playing(), timeout=60_000)
    assert window.doc.committed.index == 0  # not following: nothing recorded
    camera.follow_action.trigger()
    qtbot.waitUntil(lambda: bool(camera.recorded), timeout=10_000)
    qtbot.wait(1500)
    assert [m.piece_id for m in camera.recorded] == ["knights"]
    assert window.doc.committed.index == 1
    for _ in range(2):
        camera.follow_action.trigger()  # off
        camera.follow_action.trigger()  # on
        assert camera.following
        qtbot.wait(2500)  # more than a second of the same still frame
    assert window.doc.committed.index == 1
    assert [m.piece_id for m in camera.recorded] == ["knights"]
    camera.shutdown()
    QApplication.processEvents()


def test_follow_and_stop_with_no_camera_running_say_what_they_do(qtbot):
    """Camera ▸ Follow the table with no camera or video says it starts when
    one runs; Stop the camera with nothing running says so (docs/camera.md, The
    window)."""
    window = open_window(qtbot, game())
    camera = window.camera
    camera.follow_action.trigger()
    assert camera.following
    assert (
        window.statusBar()
        .currentMessage()
        .startswith("Following the table: it starts when a camera or a video runs")
    )
    stop = next(a for a in camera.menu.actions() if a.text() == "&Stop the camera")
    stop.trigger()
    assert not camera.following and window.statusBar().currentMessage() == "Camera stopped"
    stop.trigger()
    assert window.statusBar().currentMessage() == "No camera or video is running"

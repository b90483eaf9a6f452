"""The desktop bundle: packaging/build.sh builds dist/tabletop-gui/, and its
tabletop-gui-cli validates, scores and renders every bundled example exactly as
this development install does (score JSON and PNG byte for byte, PDF and SVG once
dates and ids are made constant); its windowed tabletop-gui starts offscreen,
draws the demo and quits; it plays a video of the table through Qt Multimedia's
FFmpeg plugin and reads the board and the units' tags from its frames; no run
writes inside the bundle.

.ci/run runs this on every change (the build takes a few minutes). To try a
bundle you built already: TABLETOP_GUI_BUNDLE=dist/tabletop-gui pytest packaging/tests
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from install_checks import (
    BROKEN,
    ROOT,
    VIDEO_TABLE,
    VIDEO_UNITS,
    dev_cli,
    normalised,
    picture_is_drawn,
    run,
    snapshot,
    table_video,
)

from tabletop_gui.examples import examples

EXE = ".exe" if sys.platform == "win32" else ""
KINDS = ("png", "svg", "pdf")


@pytest.fixture(scope="module")
def bundle() -> Path:
    given = os.environ.get("TABLETOP_GUI_BUNDLE")
    if given:
        return Path(given).resolve()
    if sys.platform != "linux":
        pytest.fail("packaging/build.sh builds the Linux bundle; elsewhere build with the spec")
    env = dict(os.environ, PYTHON=sys.executable)
    build = subprocess.run(
        ["bash", str(ROOT / "packaging" / "build.sh")], cwd=ROOT, env=env,
        capture_output=True, text=True, timeout=1800, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    print(build.stdout[-3000:])
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-5000:]
    return ROOT / "dist" / "tabletop-gui"


@pytest.fixture
def work(tmp_path: Path) -> Path:
    """Each example copied to in/<name>.json: both installs read the same relative
    path, so the score JSON's "file" field agrees."""
    (tmp_path / "in").mkdir()
    for e in examples():
        shutil.copyfile(e.path, tmp_path / "in" / e.path.name)
    for side in ("dev", "frozen"):
        (tmp_path / side).mkdir()
    return tmp_path


def test_the_bundle_holds_both_programs_the_licences_and_the_examples(bundle):
    for program in ("tabletop-gui", "tabletop-gui-cli"):
        assert os.access(bundle / f"{program}{EXE}", os.X_OK), program
    for text in ("LICENSE", "THIRD_PARTY_NOTICES.md", "CHANGELOG.md"):
        assert (bundle / text).is_file(), text
    inside = bundle / "_internal"
    assert (inside / "licenses" / "LGPL-3.0.txt").is_file()
    assert (inside / "licenses" / "shapely" / "LICENSE_GEOS").is_file()
    assert (inside / "licenses" / "numpy" / "LICENSE.txt").is_file()
    examples_dir = inside / "tabletop_gui" / "assets" / "examples"
    bundled = sorted(p.name for p in examples_dir.glob("*.json"))
    assert bundled == sorted(e.path.name for e in examples())


@pytest.mark.skipif(not shutil.which("readelf"), reason="readelf (binutils) reads the links")
def test_every_library_the_bundle_carries_finds_the_qt_libraries_it_links_to(bundle):
    """The spec leaves plugins and Qt libraries out (the virtual keyboard's Qt Quick,
    Qt Pdf, Wayland's): nothing left in may link to one of them."""
    if sys.platform != "linux":
        pytest.skip("ELF libraries: the Linux bundle")
    carried = {p.name for p in (bundle / "_internal").rglob("*.so*")}
    missing = {}
    for library in (bundle / "_internal").rglob("*.so*"):
        if library.is_symlink() or not library.is_file():
            continue
        dynamic = subprocess.run(
            ["readelf", "-d", str(library)], capture_output=True, text=True, check=False
        ).stdout
        needed = {
            line.split("[", 1)[1].rstrip("]") for line in dynamic.splitlines() if "(NEEDED)" in line
        }
        absent = {n for n in needed if n.startswith("libQt6") and n not in carried}
        if absent:
            missing[library.name] = sorted(absent)
    assert not missing


def test_the_linux_bundles_numpy_carries_no_openblas(bundle):
    """packaging/build.sh builds numpy without OpenBLAS (docs/performance.md, Bundle):
    no BLAS nor its Fortran runtime is carried; the video test below runs the
    camera's linear algebra (homography, lens fits) on the bundled numpy."""
    if sys.platform != "linux" or os.environ.get("TABLETOP_GUI_BUNDLE_NUMPY") == "wheel":
        pytest.skip("the Linux build's numpy")
    carried = sorted(
        p.name for p in (bundle / "_internal").rglob("*")
        if any(k in p.name for k in ("openblas", "libgfortran", "libquadmath"))
    )  # fmt: skip
    assert carried == []
    assert not (bundle / "_internal" / "numpy.libs").exists()


def test_qt_quick_and_qml_are_the_stand_ins_and_no_other_qml_library_is_carried(bundle):
    """packaging/qt_quick_stub.py: Qt Multimedia's FFmpeg plugin links Qt Quick and
    QML for two symbols of Qt Quick; the bundle carries small stand-ins for both
    (docs/performance.md, Bundle), and none of the QML libraries the real ones link."""
    if sys.platform != "linux":
        pytest.skip("the Linux bundle's stand-ins")
    lib = bundle / "_internal" / "PySide6" / "Qt" / "lib"
    for name in ("libQt6Quick.so.6", "libQt6Qml.so.6"):
        assert (lib / name).stat().st_size < 100_000, f"{name}: the real library, not the stand-in"
    carried = sorted(p.name for p in (bundle / "_internal").rglob("libQt6*"))
    assert [n for n in carried if n.startswith(("libQt6Qml", "libQt6Quick"))] == [
        "libQt6Qml.so.6", "libQt6Qml.so.6", "libQt6Quick.so.6", "libQt6Quick.so.6",
    ]  # each library and its link beside the programs  # fmt: skip


def commands(given: str, name: str, side: str) -> dict[str, list[str]]:
    """What the smoke test runs on one example, by the output it compares."""
    return {
        "validate": ["validate", given],
        "score.json": ["score", given, "--json"],
        **{kind: ["render", given, "-o", f"{side}/{name}.{kind}"] for kind in KINDS},
    }


def test_frozen_cli_matches_the_development_install_on_every_example(bundle, work, private_env):
    cli = bundle / f"tabletop-gui-cli{EXE}"
    before = snapshot(bundle)
    env = dict(private_env, PYTHONHASHSEED="0")  # both sides alike (each is reproducible)

    version = run([cli, "--version"], env, work)
    assert version.returncode == 0 and version.stdout == run(dev_cli("--version"), env, work).stdout

    listed = run([cli, "examples", "--json"], env, work)
    assert listed.returncode == 0, listed.stderr
    rows = json.loads(listed.stdout)
    assert [r["name"] for r in rows] == [e.name for e in examples()]
    for row in rows:
        assert Path(row["path"]).is_relative_to(bundle), row["path"]

    # Every command of both installs, a few at a time (each is a process of its own).
    jobs = {
        (side, e.name, what): [*program, *args]
        for side, program in (("frozen", [str(cli)]), ("dev", dev_cli()))
        for e in examples()
        for what, args in commands(f"in/{e.path.name}", e.name, side).items()
    }
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        futures = {key: pool.submit(run, cmd, env, work, 300) for key, cmd in jobs.items()}
        done = {key: future.result() for key, future in futures.items()}

    for (side, name, what), proc in done.items():
        assert proc.returncode == 0, (side, name, what, proc.stderr)
        assert not BROKEN.search(proc.stderr), (side, name, what, proc.stderr)
    for e in examples():
        for what in ("validate", "score.json"):
            frozen, dev = done["frozen", e.name, what], done["dev", e.name, what]
            assert frozen.stdout == dev.stdout, (e.name, what)
        frozen_png, dev_png = (work / side / f"{e.name}.png" for side in ("frozen", "dev"))
        assert frozen_png.read_bytes() == dev_png.read_bytes(), f"{e.name}.png differs"
        for kind in ("svg", "pdf"):
            frozen_out, dev_out = (work / side / f"{e.name}.{kind}" for side in ("frozen", "dev"))
            assert normalised(frozen_out.read_bytes()) == normalised(dev_out.read_bytes()), (
                f"{e.name}.{kind} differs beyond dates and ids"
            )

    assert snapshot(bundle) == before, "a run wrote inside the bundle"


def test_frozen_window_starts_offscreen_draws_the_demo_and_quits(bundle, work, private_env):
    before = snapshot(bundle)
    grab = work / "window.png"
    env = dict(private_env, TABLETOP_GUI_SMOKE_GRAB=str(grab), TABLETOP_GUI_SMOKE_AFTER_MS="3000")
    started = run([bundle / f"tabletop-gui{EXE}"], env, work, timeout=120)
    assert started.returncode == 0, started.stderr
    assert not BROKEN.search(started.stderr), started.stderr
    assert "(a copy, not saved yet)" in started.stderr  # the demo, as an unsaved copy
    width, height, colours = picture_is_drawn(grab)
    # The window fits the offscreen screen (800 x 800), less room for a frame.
    assert 700 <= width <= 800 and 500 <= height <= 800 and colours > 20
    assert snapshot(bundle) == before, "the window wrote inside the bundle"


def test_frozen_window_plays_a_video_of_the_table_and_reads_its_tags(bundle, tmp_path, private_env):
    """Camera > Play a video of the table, from the command line (``open GAME
    --video VIDEO``, docs/camera.md): Qt Multimedia's FFmpeg plugin in the bundle
    decodes an MPEG-4 video written here, its frames reach the reading thread,
    and the corner markers and every unit's tag are read where the video shows
    them (the smoke hook waits for the video's end and prints what was read)."""
    game, video = table_video(tmp_path)
    before = snapshot(bundle)
    grab = tmp_path / "window.png"
    env = dict(private_env, TABLETOP_GUI_SMOKE_GRAB=str(grab), TABLETOP_GUI_SMOKE_AFTER_MS="500")
    played = run([bundle / f"tabletop-gui{EXE}", "open", game, "--video", video], env, tmp_path,
                 timeout=240)  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert not BROKEN.search(played.stderr), played.stderr
    lines = [line for line in played.stderr.splitlines() if line.startswith("smoke: camera: ")]
    assert len(lines) == 1, played.stderr  # no camera line: the video never started
    summary = json.loads(lines[0].removeprefix("smoke: camera: "))
    assert summary["error"] == "" and "not available" not in summary["status"], summary
    assert summary["frames_read"] >= 3, summary  # decoded frames reached the worker
    reading = summary["reading"]
    assert reading["calibration"]["markers"] == [0, 1, 2, 3], reading
    assert reading["calibration"]["lens"] == "calibrated"
    assert reading["problems"] == [] and reading["unknown_tags"] == []
    found = {u["id"]: u for u in reading["units"]}
    for (uid, _side, _tag), (x, y, facing) in zip(VIDEO_UNITS, VIDEO_TABLE, strict=True):
        unit = found[uid]
        assert unit["seen"], unit
        assert abs(unit["x"] - x) <= 0.05 and abs(unit["y"] - y) <= 0.05, unit
        assert abs((unit["facing"] - facing + 180) % 360 - 180) <= 1.0, unit
    assert picture_is_drawn(grab)[2] > 20
    assert snapshot(bundle) == before, "the window wrote inside the bundle"


def test_frozen_overlay_server_serves_its_pages_and_the_score(bundle, tmp_path, private_env):
    """``serve FILE`` (docs/streaming.md; tornado, in the bundle): the overlay's pages
    and the score it serves."""
    example = examples()[0].path
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    cli = bundle / f"tabletop-gui-cli{EXE}"
    server = subprocess.Popen(
        [str(cli), "serve", str(example), "--port", str(port)], env=private_env, cwd=tmp_path,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        pages = {}
        deadline = time.monotonic() + 60
        for path in ("/", "/overlay", "/bar", "/overlay.css", "/score.json"):
            while True:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
                        pages[path] = (r.status, r.read())
                    break
                except OSError:
                    assert server.poll() is None and time.monotonic() < deadline, "no answer"
                    time.sleep(0.3)
    finally:
        server.send_signal(signal.SIGINT)
        _out, err = server.communicate(timeout=30)
    assert not BROKEN.search(err), err
    assert {path: status for path, (status, _) in pages.items()} == dict.fromkeys(pages, 200)
    assert b"<html" in pages["/"][1]
    assert json.loads(pages["/score.json"][1])  # the score, as JSON

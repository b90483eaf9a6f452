"""io.atomic.write_atomic: all or nothing, the folder synced, modes kept, its own
temp files cleaned up and never another process's, nothing written through a
planted link."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest

from tabletop_gui.io import atomic
from tabletop_gui.io.atomic import remove_stale_temps, stale_temps, write_atomic


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def _current_umask() -> int:
    # Read in a child process: the test never changes this process's umask.
    out = subprocess.run([sys.executable, "-c", "import os; print(os.umask(0))"],
                         capture_output=True, text=True, check=True)  # fmt: skip
    return int(out.stdout)


def test_a_new_file_gets_the_usual_mode_and_an_old_one_keeps_its_own(tmp_path):
    target = tmp_path / "game.json"
    write_atomic(target, b"one")
    assert target.read_bytes() == b"one"
    assert _mode(target) == 0o666 & ~_current_umask()
    target.chmod(0o640)
    write_atomic(target, b"two")
    assert (target.read_bytes(), _mode(target)) == (b"two", 0o640)


def test_a_private_file_is_made_owner_only(tmp_path):
    target = tmp_path / "autosave.json"
    write_atomic(target, b"x", mode=0o600)
    assert _mode(target) == 0o600


def test_a_failed_rename_leaves_the_old_file_whole_and_no_temp_file(tmp_path, monkeypatch):
    target = tmp_path / "game.json"
    write_atomic(target, b"old")

    def fail(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError, match=r"game\.json: No space left on device"):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_failed_write_removes_the_temp_file(tmp_path, monkeypatch):
    target = tmp_path / "game.json"

    def fail(fd, data):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "write", fail)
    with pytest.raises(OSError, match="Input/output error"):
        write_atomic(target, b"new")
    assert list(tmp_path.iterdir()) == []


def test_the_file_and_its_folder_are_flushed_to_disk(tmp_path, monkeypatch):
    synced: list[bool] = []
    real = os.fsync

    def spy(fd):
        synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        real(fd)

    monkeypatch.setattr(os, "fsync", spy)
    write_atomic(tmp_path / "game.json", b"x")
    assert synced == [False, True]  # the file's data, then the folder's entry


def test_a_missing_folder_is_named(tmp_path):
    with pytest.raises(FileNotFoundError, match=r"the folder .*nowhere does not exist"):
        write_atomic(tmp_path / "nowhere" / "game.json", b"x")


def test_a_symlinked_target_keeps_its_link_and_the_real_file_is_replaced(tmp_path):
    real = tmp_path / "real.json"
    real.write_bytes(b"old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_atomic(link, b"new")
    assert link.is_symlink() and real.read_bytes() == b"new"


def test_a_link_planted_at_a_temp_name_is_never_written_through(tmp_path, monkeypatch):
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"keep me")
    monkeypatch.setattr(atomic.secrets, "token_hex", lambda n: "guessed")
    planted = tmp_path / f".game.json.{os.getpid()}.guessed.tmp"
    planted.symlink_to(victim)
    with pytest.raises(FileExistsError):
        write_atomic(tmp_path / "game.json", b"x")
    assert victim.read_bytes() == b"keep me"
    assert planted.is_symlink()  # not ours: left alone


def test_temp_files_of_a_killed_save_are_removed_but_not_a_running_process(tmp_path):
    target = tmp_path / "game.json"
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        left = tmp_path / f".game.json.{dead.pid}.0123456789abcdef.tmp"
        busy = tmp_path / f".game.json.{alive.pid}.fedcba9876543210.tmp"
        other = tmp_path / ".other.json.1.0123456789abcdef.tmp"
        for p in (left, busy, other):
            p.write_bytes(b"half")
        assert stale_temps(target) == [left]
        write_atomic(target, b"x")  # a save cleans up after the killed one
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
            [busy.name, other.name, "game.json"]
        )
        assert remove_stale_temps(target) == 0
    finally:
        alive.kill()
        alive.wait()


def test_a_killed_writer_never_leaves_a_half_file(tmp_path):
    # A child writes big files in a loop and is killed mid-way: the target is
    # always one whole version, never a mix, and the next save clears the temp.
    target = tmp_path / "game.json"
    write_atomic(target, b"a" * 1_000_000)
    code = (
        "import sys\n"
        "from tabletop_gui.io.atomic import write_atomic\n"
        "print('go', flush=True)\n"
        "i = 0\n"
        "while True:\n"
        "    i += 1\n"
        f"    write_atomic({str(target)!r}, bytes([98 + i % 2]) * 1_000_000)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE)
    assert child.stdout is not None
    child.stdout.readline()
    import time

    time.sleep(0.5)
    child.kill()
    child.wait()
    data = target.read_bytes()
    assert len(data) == 1_000_000 and len(set(data)) == 1
    write_atomic(target, b"z")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]

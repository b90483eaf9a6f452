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


def test_a_save_asked_to_follow_its_link_keeps_the_link_and_replaces_the_real_file(tmp_path):
    real = tmp_path / "real.json"
    real.write_bytes(b"old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_atomic(link, b"new", follow_links=True)
    assert link.is_symlink() and real.read_bytes() == b"new"


def test_a_link_at_the_target_is_replaced_itself_never_written_through(tmp_path):
    # A folder others can write to (a shared stream folder): a link planted at the
    # target's name must not aim the write at another file of the user's.
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"keep me")
    victim.chmod(0o640)
    link = tmp_path / "stream.png"
    link.symlink_to(victim)
    write_atomic(link, b"picture")
    assert not link.is_symlink() and link.read_bytes() == b"picture"
    assert victim.read_bytes() == b"keep me"
    assert _mode(link) == 0o666 & ~_current_umask()  # a new file's mode, not the victim's


def test_a_dangling_link_at_the_target_does_not_create_the_file_it_names(tmp_path):
    aimed = tmp_path / "elsewhere" / "created.txt"
    aimed.parent.mkdir()
    link = tmp_path / "autosave.json"
    link.symlink_to(aimed)
    write_atomic(link, b"x", mode=0o600)
    assert not aimed.exists()
    assert not link.is_symlink() and link.read_bytes() == b"x" and _mode(link) == 0o600


def test_a_link_planted_at_a_temp_name_is_never_written_through(tmp_path, monkeypatch):
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"keep me")
    monkeypatch.setattr(atomic, "_token", lambda: "guessed")
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


@pytest.mark.parametrize("pid", ["99999999999999999999", "²²", "9999999999"])
def test_a_file_named_as_a_temp_of_no_possible_process_is_left_alone_and_the_save_goes_on(
    tmp_path, pid
):
    # Every save in its folder failed: os.kill's OverflowError, int('²²')'s ValueError.
    target = tmp_path / "game.json"
    odd = tmp_path / f".game.json.{pid}.0123456789abcdef.tmp"
    odd.write_bytes(b"someone's")
    assert stale_temps(target) == []
    write_atomic(target, b"x")
    assert target.read_bytes() == b"x" and odd.read_bytes() == b"someone's"


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


def _dead_pid() -> int:
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    return dead.pid


def test_every_stale_temp_of_a_folder_is_removed_whatever_file_it_was_for(tmp_path):
    # Autosaves are named after the process that wrote them: the next run writes
    # other names, so only a sweep of the folder finds a killed writer's temp file.
    pid = _dead_pid()
    left = [tmp_path / f".autosave-{pid}-1.json.{pid}.0123456789abcdef.tmp",
            tmp_path / f".autosave-{pid}-1.meta.json.{pid}.fedcba9876543210.tmp"]  # fmt: skip
    kept = [tmp_path / ".autosave-1-1.json.1.0123456789abcdef.tmp",  # pid 1 runs
            tmp_path / f".notes.{pid}.tmp", tmp_path / "autosave-9-1.json"]  # fmt: skip
    for p in left + kept:
        p.write_bytes(b"half")
    assert sorted(atomic.stale_temps_in(tmp_path)) == sorted(left)
    assert atomic.remove_stale_temps_in(tmp_path) == 2
    assert sorted(tmp_path.iterdir()) == sorted(kept)


REAL_KILL = os.kill


class Kernel32:
    """The three calls of the Windows API that WindowsRules makes, answered for
    the processes of this machine (so its logic runs here): a live process opens,
    a gone one gives ERROR_INVALID_PARAMETER, ``denied`` ones ERROR_ACCESS_DENIED."""

    def __init__(self, denied: set[int] = frozenset()) -> None:
        self.denied = denied
        self.error = 0
        self.open_handles: set[int] = set()

    def OpenProcess(self, access: int, inherit: bool, pid: int) -> int:
        assert access == atomic.PROCESS_QUERY_LIMITED_INFORMATION and inherit is False
        if pid in self.denied:
            self.error = atomic.ERROR_ACCESS_DENIED
            return 0
        try:
            REAL_KILL(pid, 0)  # this machine's answer (POSIX)
        except ProcessLookupError:
            self.error = 87  # ERROR_INVALID_PARAMETER: no such process
            return 0
        handle = 1000 + pid
        self.open_handles.add(handle)
        return handle

    def GetExitCodeProcess(self, handle: int, code) -> int:
        code._obj.value = atomic.STILL_ACTIVE
        return 1

    def CloseHandle(self, handle: int) -> int:
        self.open_handles.remove(handle)
        return 1


@pytest.fixture
def windows(monkeypatch):
    """io.atomic under Windows' rules: no process may be signalled (os.kill(pid, 0)
    is Ctrl-C there) and there is no os.getuid."""
    kernel32 = Kernel32()

    def no_signal(pid, sig):
        if sig == 0:  # the tests' own children are still killed with SIGKILL
            raise AssertionError(f"os.kill({pid}, 0) under Windows rules")
        REAL_KILL(pid, sig)

    monkeypatch.setattr(os, "kill", no_signal)
    monkeypatch.delattr(os, "getuid")
    monkeypatch.setattr(atomic, "RULES", atomic.WindowsRules(kernel32, lambda: kernel32.error))
    return kernel32


def test_under_windows_rules_stale_temps_are_found_without_a_signal_or_a_user_id(tmp_path, windows):
    dead = _dead_pid()
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        left = tmp_path / f".game.json.{dead}.0123456789abcdef.tmp"
        busy = tmp_path / f".game.json.{alive.pid}.fedcba9876543210.tmp"
        for p in (left, busy):
            p.write_bytes(b"half")
        assert stale_temps(tmp_path / "game.json") == [left]
        write_atomic(tmp_path / "game.json", b"x")  # cleans up after the killed one
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted([busy.name, "game.json"])
        assert windows.open_handles == set()  # every process handle closed
    finally:
        alive.kill()
        alive.wait()


def test_under_windows_rules_another_users_process_counts_as_running(tmp_path, windows):
    dead = _dead_pid()
    windows.denied = {dead}  # OpenProcess refused: it exists, it is not ours
    (tmp_path / f".game.json.{dead}.0123456789abcdef.tmp").write_bytes(b"half")
    assert stale_temps(tmp_path / "game.json") == []


def test_under_windows_rules_a_rename_refused_while_a_reader_holds_the_file_is_retried(
    tmp_path, windows, monkeypatch
):
    # OBS reading stream.png holds it open: Windows refuses to rename over it
    # until it is closed, a moment later.
    target = tmp_path / "stream.png"
    target.write_bytes(b"old")
    real, refusals = os.replace, [2]

    def busy(src, dst):
        if refusals[0]:
            refusals[0] -= 1
            raise PermissionError(13, "The process cannot access the file")
        real(src, dst)

    monkeypatch.setattr(os, "replace", busy)
    monkeypatch.setattr(atomic, "REPLACE_WAIT_S", 0.001)
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new" and refusals == [0]
    refusals[0] = 10_000  # never closed: the write fails naming the file, nothing left
    with pytest.raises(PermissionError, match=r"stream\.png: The process cannot access"):
        write_atomic(target, b"newer")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stream.png"]


def test_under_posix_rules_a_refused_rename_fails_at_once(tmp_path, monkeypatch):
    calls = []

    def refused(src, dst):
        calls.append(dst)
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refused)
    monkeypatch.setattr(atomic, "RULES", atomic.PosixRules())
    with pytest.raises(PermissionError):
        write_atomic(tmp_path / "game.json", b"x")
    assert len(calls) == 1

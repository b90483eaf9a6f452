"""``tabletop-gui serve FILE``: every bundled example served headless, its pages'
totals those of ``score --json --view SIDE`` for the view served (the players'
by default), never a hidden value in the players' view; the file read again
when it changes on disk."""

from __future__ import annotations

import http.client
import json
import os
import queue
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tabletop_gui.examples import examples

EXAMPLES = examples()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served:
    """A ``tabletop-gui serve`` process on a free port."""

    def __init__(self, path: Path, *extra: str) -> None:
        self.port = free_port()
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tabletop_gui", "serve", str(path), "--port", str(self.port),
             *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        )  # fmt: skip
        self.banner = ""

    def wait_ready(self) -> str:
        line = self.proc.stdout.readline() if self.proc.stdout else ""
        assert line.startswith("Serving "), line + (self.proc.stderr.read() if not line else "")
        self.banner = line
        return line

    def get(self, path: str) -> tuple[int, bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.request("GET", path, headers={"Host": f"127.0.0.1:{self.port}"})
        resp = conn.getresponse()
        body = resp.read()
        conn.close()
        return resp.status, body

    def first_update(self, query: str = "?w=960&h=540") -> dict:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.request("GET", f"/events{query}", headers={"Host": f"127.0.0.1:{self.port}"})
        resp = conn.getresponse()
        event = None
        while True:
            line = resp.fp.readline().decode("utf-8")
            assert line, "the event stream ended"
            if line.startswith("event: "):
                event = line[7:].strip()
            elif line.startswith("data: ") and event == "update":
                conn.close()
                return json.loads(line[6:])

    def stop(self) -> str:
        self.proc.terminate()
        try:
            out, err = self.proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, err = self.proc.communicate()
        return out + err


def cli_score(path: Path, side: str | None) -> dict:
    view = ["--view", side] if side else []
    out = subprocess.run(
        [sys.executable, "-m", "tabletop_gui", "score", str(path), "--json", *view],
        capture_output=True, text=True, check=True, timeout=120,
    )  # fmt: skip
    return json.loads(out.stdout)


def face_down(doc: dict) -> list[dict]:
    """The objectives whose value the players do not know yet (referee's document)."""
    return [
        o for o in doc["objectives"]
        if o["details"].get("hidden") and not o["details"].get("revealed", True)
    ]  # fmt: skip


@pytest.fixture(scope="module")
def all_served():
    """Every bundled example served at once (they start in parallel)."""
    served = {e.name: Served(e.path) for e in EXAMPLES}
    try:
        for s in served.values():
            s.wait_ready()
        yield served
    finally:
        for s in served.values():
            s.stop()


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
def test_serve_gives_the_players_view_totals_of_score_json_and_no_hidden_value(all_served, example):
    served = all_served[example.name]
    assert f"http://127.0.0.1:{served.port}/" in served.banner
    assert "players' view" in served.banner
    referee = cli_score(example.path, None)
    side = referee["sides"][0]["id"]
    players = cli_score(example.path, side)
    status, body = served.get("/score.json")
    assert status == 200
    doc = json.loads(body)
    del players["file"]
    assert doc == players, "the same document as score --json --view SIDE, without the path"
    assert str(example.path) not in body.decode() and "file" not in doc
    update = served.first_update()
    totals = [s["total"] for s in update["bar"]["sides"]]
    words = {s["id"]: s["total"] for s in update["bar"]["sides"]}
    assert len(totals) == len(doc["sides"])
    for sid, total in doc["totals"].items():
        assert words[sid].split(" ")[0] == f"{total:g}", (words, doc["totals"])
    hidden = face_down(referee)
    status, svg = served.get(update["board"])
    assert status == 200 and svg.startswith(b"<?xml")
    for obj in hidden:
        served_obj = next(o for o in doc["objectives"] if o["objective_id"] == obj["objective_id"])
        assert served_obj["details"]["value"] == "?"
        assert served_obj["points"] == {}
        tile = next(t for t in update["bar"]["tiles"] if t["name"] == obj["name"])
        assert "?" in tile["text"] and "face down" not in tile["text"]
        assert str(obj["details"]["value"]) not in tile["text"]
    if hidden:  # the held face-down value is missing from its holder's total
        assert doc["totals"] != referee["totals"]


def test_serve_referee_gives_every_value(tmp_path):
    path = next(e.path for e in EXAMPLES if e.family == "carnevale")
    served = Served(path, "--referee")
    try:
        assert "referee's view" in served.wait_ready()
        doc = json.loads(served.get("/score.json")[1])
        referee = cli_score(path, None)
        del referee["file"]
        assert doc == referee
    finally:
        served.stop()


def test_serve_reads_the_file_again_when_it_changes_and_keeps_the_last_good_one(tmp_path):
    path = tmp_path / "game.json"
    shutil.copy(next(e.path for e in EXAMPLES if e.family == "hex"), path)
    served = Served(path)
    try:
        served.wait_ready()
        data = json.loads(path.read_text())
        data["name"] = "Renamed while served"
        path.write_text(json.dumps(data))
        deadline = time.monotonic() + 30
        while json.loads(served.get("/score.json")[1])["name"] != "Renamed while served":
            assert time.monotonic() < deadline, "the change was not read"
            time.sleep(0.1)
        path.write_text("{ not json")
        time.sleep(1.0)
        assert json.loads(served.get("/score.json")[1])["name"] == "Renamed while served"
    finally:
        out = served.stop()
    assert "game.json" in out and "still showing the last moment read" in out


def test_serve_refuses_every_network_and_a_bad_file_with_a_clear_message(tmp_path):
    path = next(e.path for e in EXAMPLES if e.family == "hex")
    out = subprocess.run(
        [sys.executable, "-m", "tabletop_gui", "serve", str(path), "--host", "0.0.0.0"],
        capture_output=True, text=True, timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )  # fmt: skip
    assert out.returncode == 2 and "every network is refused" in out.stderr
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    out = subprocess.run(
        [sys.executable, "-m", "tabletop_gui", "serve", str(bad)],
        capture_output=True, text=True, timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )  # fmt: skip
    assert out.returncode == 2 and "bad.json" in out.stderr


def test_a_port_in_use_says_how_to_choose_another():
    path = next(e.path for e in EXAMPLES if e.family == "hex")
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        out = subprocess.run(
            [sys.executable, "-m", "tabletop_gui", "serve", str(path), "--port", str(port)],
            capture_output=True, text=True, timeout=120,
            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        )  # fmt: skip
    assert out.returncode == 2
    assert f"127.0.0.1:{port}: cannot listen there" in out.stderr
    assert "another program uses that port" in out.stderr
    assert f"--port {port + 1}" in out.stderr


def two_ports_held() -> tuple[list[socket.socket], int]:
    """Two neighbouring ports listened on (as a stale ``serve`` on 8765 and
    another on 8766 would), and the first of them."""
    for _ in range(50):
        first = socket.socket()
        first.bind(("127.0.0.1", 0))
        port = first.getsockname()[1]
        second = socket.socket()
        try:
            second.bind(("127.0.0.1", port + 1))
        except OSError:
            first.close()
            second.close()
            continue
        for s in (first, second):
            s.listen()
        return [first, second], port
    pytest.skip("no two neighbouring ports free")


def test_a_port_in_use_suggests_one_free_now_not_merely_the_next():
    """The tester's case: 8765 and 8766 both taken, and serve said "e.g. --port
    8766". The port suggested is one that is free, tried on the loopback address
    (docs/streaming.md, The stream overlay (OBS Browser Source))."""
    path = next(e.path for e in EXAMPLES if e.family == "hex")
    held, port = two_ports_held()
    try:
        out = subprocess.run(
            [sys.executable, "-m", "tabletop_gui", "serve", str(path), "--port", str(port)],
            capture_output=True, text=True, timeout=120,
            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        )  # fmt: skip
    finally:
        for s in held:
            s.close()
    assert out.returncode == 2
    assert f"127.0.0.1:{port}: cannot listen there" in out.stderr
    suggested = int(out.stderr.split("--port ")[-1].split()[0])
    assert suggested not in (port, port + 1), out.stderr
    with socket.socket() as probe:  # free, as suggested (nothing else took it since)
        probe.bind(("127.0.0.1", suggested))


def test_serve_says_each_moment_it_reads_and_when_the_file_becomes_another_game(tmp_path):
    """One line per moment read, and one naming both games when the file now
    holds another (docs/streaming.md, What `serve` says)."""
    carnevale = next(e.path for e in EXAMPLES if e.family == "carnevale")
    hex_game = next(e.path for e in EXAMPLES if e.family == "hex")
    path = tmp_path / "game.json"
    shutil.copy(carnevale, path)
    served = Served(path)
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert served.proc.stdout is not None
        for line in served.proc.stdout:
            lines.put(line.rstrip("\n"))

    def next_line(containing: str) -> str:
        deadline = time.monotonic() + 60
        while True:
            line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            if containing in line:
                return line

    try:
        served.wait_ready()
        threading.Thread(target=read, daemon=True).start()
        game = next_line("(carnevale)")
        assert game.strip().startswith('"Carnevale: The Drowned Quarter" (carnevale): ')
        data = json.loads(path.read_text())
        total = len(data["events"])
        assert game.endswith(f", {total} events")
        # A save of an earlier moment (the same game): one short line.
        data["events"] = data["events"][:-1]
        path.write_text(json.dumps(data))
        read_line = next_line("game.json")
        assert re.fullmatch(rf"\d\d:\d\d:\d\d game\.json read: .+, {total - 1} events", read_line)
        # The tester's copy of a hex game over the served file.
        shutil.copy(hex_game, path)
        changed = next_line("game.json")
        assert re.fullmatch(
            r'\d\d:\d\d:\d\d game\.json is now another game: "Hex demo: the Ridge at Hochkirch"'
            r' \(hex\), was "Carnevale: The Drowned Quarter" \(carnevale\); .+, \d+ events',
            changed,
        ), changed
        deadline = time.monotonic() + 30
        while json.loads(served.get("/score.json")[1])["family"] != "hex":
            assert time.monotonic() < deadline, "the pages did not switch to the hex game"
            time.sleep(0.1)
    finally:
        served.proc.terminate()
        served.proc.wait(timeout=30)

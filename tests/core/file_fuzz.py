"""Mutation fuzzing of the file format, over the bundled scenarios.

Each input is a bundled file changed in one to three ways: bytes flipped,
truncated, a value swapped for another type, a huge or odd number, deep
nesting, text that is not text, events reordered, dropped or repeated. An input
must be judged alike by `validate` and the loader, and either be refused with
FileFormatError, or load, replay, score (every moment asked for, the referee's
view and each side's), word its log and score, save, reload equal and save
again byte-identical, and (where asked) render to SVG. Anything else is a
crash; an input taking longer than ``slow`` seconds is a hang.

The test suite runs a bounded sample (tests/core/test_file_fuzz.py); before a
release run the long one (tests/README.md):

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m tests.core.file_fuzz \\
        --count 100000 --render-every 20 --out fuzz-findings
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import random
import signal
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop_gui.io import FileFormatError, dumps, loads
from tabletop_gui.io.file_problems import problems_of
from tabletop_gui.rules import evaluate
from tabletop_gui.rules.engine import Timeline

from .scenario_files import scenario_paths

ODD_NUMBERS: list[Any] = [
    0, -0.0, -1, 1, 0.5, 1e-320, -1e-9, 2**31, 2**63, -(2**63), 10**9, 10**9 + 1, 1e15,
    1e308, -1e308, 360, 720.5, -720, 9999, 100_000_000,
]  # fmt: skip
ODD_TEXT: list[str] = [
    "", " ", "\ud800", "a\udfffb", "\x00", "\x1b[2J", "\u202e", "\ufeff", "é" * 3, "\n",
    "x" * 20_000, "📌", "'\"\\", "t9a.hold_the_ground", "a-men", "equitaine", "orcs", "#00ff00",
]  # fmt: skip


DEEP = "\x00deep:"


def _text(doc: Any, ascii_only: bool) -> bytes:
    """``doc`` as JSON bytes, deep nesting written out (json.dumps would recurse)."""
    text = json.dumps(doc, ensure_ascii=ascii_only)
    marker = json.dumps(DEEP, ensure_ascii=ascii_only)[:-1]
    while marker in text:
        start = text.index(marker)
        end = text.index('"', start + len(marker))
        spec = text[start + len(marker) : end]
        depth, bracket = int(spec[:-1]), spec[-1]
        close = "]" if bracket == "[" else "}"
        opening = "[" * depth if bracket == "[" else '{"k":' * depth
        text = text[:start] + opening + "0" + close * depth + text[end + 1 :]
    return text.encode("utf-8", "surrogatepass")


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every (path, value) of a parsed JSON document, containers included."""
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _leaves(v, (*path, i))


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return doc


def _junk(rng: random.Random, old: Any) -> Any:
    """A value of another type, a huge or odd number, text that is not text,
    deep nesting, or a neighbouring value."""
    pick = rng.randrange(9)
    if pick == 0:
        return rng.choice([None, True, False, [], {}, "", 0, [old], {"x": old}])
    if pick == 1:
        return rng.choice(ODD_NUMBERS)
    if pick == 2:
        return rng.choice(ODD_TEXT)
    if pick == 3:
        depth = rng.choice([2, 20, 40, 200, 600, 1000, 5000])
        return f"{DEEP}{depth}{'[' if rng.random() < 0.5 else '{'}"  # written out by _text
    if pick == 4 and isinstance(old, int | float) and not isinstance(old, bool):
        return old * rng.choice([-1, 2, 10, 1000, 1e6]) + rng.choice([0, 0.5, 1e-7])
    if pick == 5 and isinstance(old, str):
        return old + rng.choice(ODD_TEXT[:8]) if rng.random() < 0.5 else old[::-1]
    if pick == 6 and isinstance(old, list) and old:
        return [*old, *old] if rng.random() < 0.5 else old[:-1]
    if pick == 7:
        return rng.choice([[1, 2], [[0, 0], [10, 10], [10, 0], [0, 10]], [[0, 0], [5, 0], [9, 0]]])
    return rng.choice([str(old), [old, old], -1, None])


def _mutate_param(rng: random.Random, doc: dict[str, Any]) -> bool:
    """A param an objective reads (its kind's ``param_specs``), set to junk
    (``null`` among it): a leaf the other mutations cannot reach when the file
    leaves the param at its default. False when the file has no such objective."""
    from tabletop_gui.rules.registry import objective_kind

    listed = doc.get("objectives")  # an earlier mutation may have made it anything
    objectives = [o for o in listed if isinstance(o, dict)] if isinstance(listed, list) else []
    found = [(o, cls) for o in objectives if (cls := objective_kind(str(o.get("kind"))))]
    if not found:
        return False
    spec, cls = rng.choice(found)
    params = cls.param_specs()
    if not params:
        return False
    param = rng.choice(params)
    if not isinstance(spec.get("params"), dict):
        spec["params"] = {}
    # null often: a file's way of leaving a param unset, read as its default.
    spec["params"][param.name] = None if rng.random() < 0.3 else _junk(rng, param.default)
    return True


def _mutate_tree(rng: random.Random, doc: dict[str, Any]) -> dict[str, Any]:
    nodes = list(_leaves(doc))
    kind = rng.randrange(7)
    if kind == 6 and _mutate_param(rng, doc):  # a param left at its default, given
        return doc
    if kind == 0:  # events out of order, repeated or dropped
        events = doc.get("events")
        if isinstance(events, list) and len(events) > 1:
            i, j = rng.randrange(len(events)), rng.randrange(len(events))
            op = rng.randrange(4)
            if op == 0:
                events[i], events[j] = events[j], events[i]
            elif op == 1:
                events.insert(j, copy.deepcopy(events[i]))
            elif op == 2:
                del events[i]
            else:
                events.insert(j, events.pop(i))
            return doc
    if kind == 1:  # a key removed or an unknown key added
        dicts = [(p, v) for p, v in nodes if isinstance(v, dict) and v]
        path, node = rng.choice(dicts)
        if rng.random() < 0.7:
            del node[rng.choice(list(node))]
        else:
            node[rng.choice(["extra", "kind", "id", "side", "x"])] = _junk(rng, None)
        return doc
    path, old = rng.choice(nodes[1:])
    return _set(doc, path, _junk(rng, old))


def _mutate_bytes(rng: random.Random, raw: bytes) -> bytes:
    data = bytearray(raw)
    kind = rng.randrange(4)
    if kind == 0:  # flips
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(data))
            data[i] ^= 1 << rng.randrange(8)
    elif kind == 1:  # truncation
        del data[rng.randrange(len(data)) :]
    elif kind == 2:  # a digit run made huge
        digits = [i for i, b in enumerate(data) if chr(b).isdigit()]
        if digits:
            i = rng.choice(digits)
            data[i:i] = b"9" * rng.choice([20, 310, 4301])
    else:  # a byte that is not UTF-8, or an escaped lone surrogate in a string
        i = rng.randrange(len(data))
        data[i:i] = rng.choice([b"\xff", b"\xc3", b"\\ud800", b"\\u0000"])
    return bytes(data)


def mutants(seed: int, count: int) -> Iterator[tuple[str, bytes]]:
    """``count`` inputs made from the bundled scenarios: (name, bytes)."""
    rng = random.Random(seed)
    sources = [(p.name, p.read_bytes()) for p in scenario_paths()]
    parsed = {name: json.loads(raw) for name, raw in sources}
    for n in range(count):
        name, raw = rng.choice(sources)
        if rng.random() < 0.25:
            yield f"{name}#{n}:bytes", _mutate_bytes(rng, raw)
            continue
        doc = copy.deepcopy(parsed[name])
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            doc = _mutate_tree(rng, doc)
        yield f"{name}#{n}:tree", _text(doc, ascii_only=rng.random() < 0.5)


class Hang(Exception):
    pass


@dataclass
class Report:
    inputs: int = 0
    refused: int = 0
    accepted: int = 0
    rendered: int = 0
    crashes: list[tuple[str, str]] = field(default_factory=list)
    slow: list[tuple[str, float]] = field(default_factory=list)
    slowest: float = 0.0  # CPU seconds of the slowest input
    slowest_wall: float = 0.0  # its wall-clock seconds (a shared machine waits too)

    def line(self) -> str:
        return (
            f"{self.inputs} inputs: {self.refused} refused, {self.accepted} accepted "
            f"({self.rendered} rendered to SVG), {len(self.crashes)} crashes, "
            f"{len(self.slow)} over the time limit; slowest {self.slowest:.2f} s CPU "
            f"(longest wall clock {self.slowest_wall:.2f} s)"
        )


def exercise(raw: bytes, render: Callable[[Any, Any], None] | None = None) -> bool:
    """Run one input through everything a user can do with a file. Returns False
    if the loader refused it (FileFormatError); raises on anything else wrong."""
    checked = problems_of(raw, "f.json")  # `tabletop-gui validate`: one read, one replay
    for line in [*checked.grouped(), *(checked.flag_groups() if checked.ok else [])]:
        str(line).encode("utf-8")  # each line it prints can be printed
    try:
        game = loads(raw)
    except FileFormatError as exc:
        str(exc).encode("utf-8")  # the message itself can be printed
        assert not checked.ok, f"validate says OK where the loader refuses: {exc}"
        return False
    assert checked.ok, f"validate refuses what the loader reads: {checked.grouped()[:3]}"
    from tabletop_gui.cli import score_json, score_text

    timeline = Timeline(game)
    n = len(timeline)
    for i, event in enumerate(game.events):
        event.describe(timeline.state_at(i))  # the game log's line for it
    for at in sorted({0, n // 2, n}):
        state = timeline.state_at(at)
        board = evaluate(state)
        score_text(game, state, board).encode("utf-8")
        json.dumps(score_json("f.json", game, state, board)).encode("utf-8")
        for side in state.scene.side_ids:
            evaluate(state, viewer=side)
    first = dumps(game)
    again = loads(first.encode("utf-8"))
    assert again == game, "the reloaded game differs from the saved one"
    assert dumps(again) == first, "a second save differs from the first"
    if render is not None:
        render(timeline.current, game)
    return True


def svg_renderer(folder: Path) -> Callable[[Any, Any], None]:
    """Render a state to SVG the way ``tabletop-gui render`` does (Qt offscreen)."""
    from tabletop_gui.cli import main as cli_main

    def render(state: Any, game: Any) -> None:
        from tabletop_gui.io import save_game

        source = folder / "input.json"
        save_game(game, source)
        out = folder / "out.svg"
        with contextlib.redirect_stdout(io.StringIO()):  # "wrote ..." each time
            code = cli_main(["render", str(source), "-o", str(out)])
        assert code == 0, f"render exited {code}"
        assert out.stat().st_size > 0

    return render


def run(
    seed: int,
    count: int,
    *,
    render_every: int = 0,
    slow: float = 2.0,
    out: Path | None = None,
    progress: Callable[[Report], None] | None = None,
) -> Report:
    report = Report()
    folder = Path(tempfile.mkdtemp(prefix="tabletop-fuzz-"))
    render = svg_renderer(folder) if render_every else None
    use_alarm = hasattr(signal, "SIGALRM")

    def on_alarm(signum: int, frame: Any) -> None:
        raise Hang()

    if use_alarm:
        signal.signal(signal.SIGALRM, on_alarm)
    if render is not None:  # start Qt (seconds, once) before anything is timed
        exercise(scenario_paths()[0].read_bytes(), render)
    for name, raw in mutants(seed, count):
        report.inputs += 1
        draw = render if render and report.accepted % render_every == 0 else None
        t0, c0 = time.perf_counter(), time.process_time()
        if use_alarm:
            signal.alarm(max(int(slow * 15), 30))  # a real hang is stopped, not waited for
        try:
            accepted = exercise(raw, draw)
        except Hang:
            accepted = True
            report.crashes.append((name, "Hang: stopped after the alarm"))
            _keep(out, name, raw, "hang")
        except Exception as exc:
            accepted = True
            report.crashes.append((name, f"{type(exc).__name__}: {exc}"[:300]))
            _keep(out, name, raw, traceback.format_exc())
        finally:
            if use_alarm:
                signal.alarm(0)
        # A hang is work: CPU time counts (wall time also waits for disks and for
        # the other programs of a shared machine; the longest is reported).
        took, wall = time.process_time() - c0, time.perf_counter() - t0
        report.slowest = max(report.slowest, took)
        report.slowest_wall = max(report.slowest_wall, wall)
        if took > slow:
            report.slow.append((name, took))
            _keep(out, name, raw, f"took {took:.2f} s CPU ({wall:.2f} s wall)")
        if accepted:
            report.accepted += 1
            report.rendered += draw is not None
        else:
            report.refused += 1
        if progress and report.inputs % 1000 == 0:
            progress(report)
    return report


def _keep(out: Path | None, name: str, raw: bytes, why: str) -> None:
    if out is None:
        return
    out.mkdir(parents=True, exist_ok=True)
    stem = name.replace("/", "_").replace("#", "-").replace(":", "-")
    (out / f"{stem}.json").write_bytes(raw)
    (out / f"{stem}.txt").write_text(why, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--render-every", type=int, default=20, help="0: never render")
    parser.add_argument("--slow", type=float, default=2.0, help="seconds that count as a hang")
    parser.add_argument("--out", type=Path, default=Path("fuzz-findings"))
    args = parser.parse_args()
    t0 = time.time()

    def progress(report: Report) -> None:
        print(f"[{time.time() - t0:7.0f} s] {report.line()}", flush=True)

    report = run(args.seed, args.count, render_every=args.render_every, slow=args.slow,
                 out=args.out, progress=progress)  # fmt: skip
    print(report.line())
    for name, what in report.crashes:
        print(f"CRASH {name}: {what}")
    for name, took in report.slow:
        print(f"SLOW {name}: {took:.2f} s")
    raise SystemExit(1 if report.crashes or report.slow else 0)


if __name__ == "__main__":
    main()

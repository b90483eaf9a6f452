"""Mutation fuzzing of the importers: army list text, BattleScribe .ros and
.rosz, New Recruit JSON, Memoir '44 .m44, Tabletop Simulator saves (with the
game on the plate, and without it, read into the game they show).

Each input is one of a few small files written for these tests (never a
published list or scenario), changed in one to three ways: bytes flipped,
truncated or repeated, a number made huge or odd (``1e309``, ``nan``, 400
or 5,000 digits), a name made very long or given control characters, a line or element
repeated many times, a value swapped for another type (``behavior`` a list),
deep nesting; for a .rosz also a damaged deflate stream, a wrong compression
method, an archive of several members. An input must either be refused with
FileFormatError, or import, and then the game file ``tabletop-gui import -o``
writes must load (``loads``), score and save again the same bytes. Anything
else is a crash; an input taking longer than ``slow`` seconds of CPU is a hang.

The test suite runs a bounded sample per importer (tests/core/test_import_fuzz.py);
the long run (tests/README.md):

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m tests.core.import_fuzz \\
        --count 1000 --out import-fuzz-findings
"""

from __future__ import annotations

import argparse
import io
import json
import random
import signal
import tempfile
import time
import traceback
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import FileFormatError, dumps, load_game, loads
from tabletop_gui.io.importers import ImportRequest, import_bytes
from tabletop_gui.model.board import InchBoard
from tabletop_gui.model.game import Game
from tabletop_gui.model.scene import Scene, Setup
from tabletop_gui.rules import evaluate, replay
from tabletop_gui.rules.t9a.play import new_setup

LISTS = Path(__file__).resolve().parent.parent / "armylists" / "lists"
KINDS = ("text", "ros", "rosz", "nrjson", "m44", "tts")
ARMY_LISTS = ("text", "ros", "rosz", "nrjson")
NR_JSON_SEEDS = ("dwarven_holds_nr.json", "vampire_covenant_nr.json")
TEXT_SEEDS = ("equitaine_odd_spacing.txt", "undying_4000.txt")

ODD_NUMBERS = ["1e309", "-1e309", "nan", "inf", "-0", "0", "-5", "9" * 400, "9" * 5000,
               "1e-320", "4.5", "999999999999", "0x10", "1,5", ""]  # fmt: skip
ODD_TEXT = ["\x00", "\x1b[2J", "\u202e", "\ud800", "\x7f", "\x9b", "é", "📌", "\t", "&amp;",
            "x" * 20_000, "'\"\\", "<", "]]>"]  # fmt: skip


def _m44_seed() -> dict[str, Any]:
    """A small scenario in the scenario editor's format, written for these tests."""

    def cell(name: str) -> dict[str, int]:
        index = ord(name[0].upper()) - ord("A")
        return {"row": 9 - int(name[1:]), "col": 2 * index + (1 if name[0].islower() else 0)}

    return {
        "meta_data": {"scenario_id": "fuzz"},
        "game_info": {
            "starting": "PLAYER2", "side_player1": "AXIS", "side_player2": "ALLIES",
            "country_player1": "DE", "country_player2": "US", "cards_player1": 4,
            "cards_player2": 5, "victory_player1": 4, "victory_player2": 5,
            "options": {"infantry_exit_count_double": True},
            "victory": {"condition": [{"group_sudden_death": {
                "side": "ALLIES", "group": ["E5", "F5"], "number": 1}}]},
        },
        "board": {
            "type": "STANDARD", "face": "COUNTRY",
            "hexagons": [
                {**cell("A9"), "unit": {"name": "infger"}, "terrain": {"name": "woods"}},
                {**cell("C9"), "unit": {"name": "tankger", "behavior": "CANNOT_EXIT"}},
                {**cell("E5"), "terrain": {"name": "buildings"},
                 "tags": [{"name": "medal1", "group": ["F5"], "medal": {
                     "permanent": True, "counts_for": 1, "nbr_hex": 1, "side": "AXIS"}}]},
                {**cell("G1"), "unit": {"name": "infus", "badge": "badge29"},
                 "rect_terrain": {"name": "bridge"}, "obstacle": {"name": "wire"}},
                {**cell("I1"), "tags": [{"name": "tag4", "behavior": "EXIT_MARKER",
                                         "side": "ALLIES", "group": ["H1"]}]},
                {**cell("b8"), "tags": [{"name": "tag12", "behavior": "MINE_FIELD"}]},
            ],
            "labels": [{**cell("E5"), "text": ["Town", "hall"]}],
        },
        "text": {"en": {"name": "Fuzz crossing", "description": "Written for the tests.",
                        "victory": "4 medals."}},
    }  # fmt: skip


def seeds() -> dict[str, list[bytes]]:
    """The files each importer's inputs are made from."""
    ros = (LISTS / "undying_2nd.ros").read_bytes()
    return {
        "text": [(LISTS / n).read_bytes() for n in TEXT_SEEDS],
        "ros": [ros],
        "rosz": [zipped(ros)],
        "nrjson": [(LISTS / n).read_bytes() for n in NR_JSON_SEEDS],
        "m44": [json.dumps(_m44_seed()).encode()],
        "tts": [json.dumps(_tts_seed()).encode(), json.dumps(_tts_seed(memo=False)).encode()],
    }


def _tts_seed(memo: bool = True) -> dict[str, Any]:
    """A Tabletop Simulator save of a small game, as the program writes one for
    the tests (four units at awkward facings and a marker; tests/tts); without
    ``memo``, the game on the plate left out, so the pieces themselves are read."""
    from tests.tts.tts_games import battle, export

    with tempfile.TemporaryDirectory() as folder:
        save = export(battle(), Path(folder) / "save.json")
    if not memo:
        for obj in save["ObjectStates"]:
            obj.pop("Memo", None)
    return save


def zipped(ros: bytes, name: str = "roster.ros", method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=method) as zf:
        zf.writestr(name, ros)
    return buf.getvalue()


# -- mutations --------------------------------------------------------------


def _bytes(rng: random.Random, raw: bytes) -> bytes:
    data = bytearray(raw)
    kind = rng.randrange(6)
    if kind == 0:  # flips
        for _ in range(rng.randint(1, 6)):
            i = rng.randrange(len(data))
            data[i] ^= 1 << rng.randrange(8)
    elif kind == 1:  # truncation
        del data[rng.randrange(len(data)) :]
    elif kind == 2:  # a run of digits made huge
        digits = [i for i, b in enumerate(data) if chr(b).isdigit()]
        if digits:
            i = rng.choice(digits)
            data[i:i] = rng.choice([b"9" * 400, b"9" * 5000, b"e309", b"99999999999"])
    elif kind == 3:  # a chunk repeated
        i = rng.randrange(len(data))
        j = min(len(data), i + rng.randint(1, 200))
        data[j:j] = data[i:j] * rng.choice([2, 10, 100])
    elif kind == 4:  # bytes that are not text, or control characters
        i = rng.randrange(len(data))
        data[i:i] = rng.choice([b"\xff\xfe", b"\xc3", b"\x00", b"\x1b[2J", b"\x7f", b"\xc2\x9b"])
    else:  # a byte removed or doubled
        i = rng.randrange(len(data))
        data[i : i + 1] = b"" if rng.random() < 0.5 else data[i : i + 1] * 2
    return bytes(data)


def _text(rng: random.Random, raw: bytes) -> bytes:
    """A line of an army list text changed: numbers, names, repeats."""
    lines = raw.decode("utf-8", "replace").split("\n")
    i = rng.randrange(len(lines))
    kind = rng.randrange(5)
    if kind == 0:
        words = lines[i].split(" ")
        j = rng.randrange(len(words))
        words[j] = rng.choice(ODD_NUMBERS)
        lines[i] = " ".join(words)
    elif kind == 1:
        lines[i] = lines[i] + rng.choice(ODD_TEXT)
    elif kind == 2:
        lines[i:i] = [lines[i]] * rng.choice([2, 50, 500, 1990])
    elif kind == 3:
        lines[i] = lines[i].replace(" - ", rng.choice([" – ", "-", " — ", " ", " - - "]), 1)
    else:
        name = rng.choice(["x" * 10_500, "Orc\x1bBoyz", "\u202eKnights", "Ünïcödé 📌", "   "])
        lines[i] = f"100 - 10 {name}, Spear"
    return "\n".join(lines).encode("utf-8", "surrogatepass")


def _xml(rng: random.Random, raw: bytes) -> bytes:
    """An attribute, text or element of a roster changed."""
    text = raw.decode("utf-8", "replace")
    kind = rng.randrange(5)
    if kind == 0:  # a number attribute made odd
        attr = rng.choice(["number", "value"])
        spots = [i for i in range(len(text)) if text.startswith(f'{attr}="', i)]
        if spots:
            i = rng.choice(spots) + len(attr) + 2
            j = text.index('"', i)
            text = text[:i] + rng.choice(ODD_NUMBERS) + text[j:]
    elif kind == 1:  # a name made long or given control characters
        spots = [i for i in range(len(text)) if text.startswith('name="', i)]
        i = rng.choice(spots) + 6
        j = text.index('"', i)
        extra = rng.choice(["x" * 10_500, "&#27;[2J", "&#1;", "\u202e", "&amp;", "&#xD800;"])
        text = text[:i] + text[i:j] + extra + text[j:]
    elif kind == 2:  # a selection repeated
        start = text.find("<selection ")
        end = text.find("</selection>", start)
        if start >= 0 and end > 0:
            block = text[start : end + len("</selection>")]
            text = text[:start] + block * rng.choice([2, 30, 600]) + text[start:]
    elif kind == 3:  # deep nesting, or an entity declaration
        text = rng.choice([
            text.replace("<costs>", "<costs>" + "<x>" * 5000 + "</x>" * 5000, 1),
            text.replace("<roster ", '<!DOCTYPE r [<!ENTITY a "aaaa">]><roster ', 1),
            text.replace("<selections>", "<selections>" * 300, 1),
        ])  # fmt: skip
    else:  # a characteristic changed (bases, heights)
        for old, new in (("20×20", rng.choice(["0x0", "1e309x20", "20000x20", "nanxnan", "20×"])),
                         ("Standard", rng.choice(["", "Colossal", "\x1b"]))):  # fmt: skip
            text = text.replace(old, new, 1)
    return text.encode("utf-8", "surrogatepass")


def _zip(rng: random.Random, ros: bytes) -> bytes:
    """A .rosz damaged: its deflate stream, its method, its members."""
    kind = rng.randrange(5)
    if kind == 0:  # damage inside the compressed data (after the local header)
        data = bytearray(zipped(ros))
        for _ in range(rng.randint(1, 8)):
            i = rng.randrange(40, len(data) // 2)
            data[i] ^= 1 << rng.randrange(8)
        return bytes(data)
    if kind == 1:
        return zipped(_xml(rng, ros))
    if kind == 2:
        return zipped(ros, method=rng.choice([zipfile.ZIP_STORED, zipfile.ZIP_BZIP2,
                                              zipfile.ZIP_LZMA]))  # fmt: skip
    if kind == 3:  # a member name or count odd
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as zf:
            for n in rng.choice([["a.ros", "b.ros"], ["../evil.ros"], ["x" * 300 + ".ros"],
                                 ["roster.txt"], ["dir/", "dir/r.ros"]]):  # fmt: skip
                zf.writestr(n, "" if n.endswith("/") else ros)
        return buf.getvalue()
    return _bytes(rng, zipped(ros))


def _junk(rng: random.Random, old: Any) -> Any:
    pick = rng.randrange(7)
    if pick == 0:
        return rng.choice([None, True, False, [], {}, "", 0, [old], {"x": old}])
    if pick == 1:
        return rng.choice([1e308, -1, 2**63, 10**30, 0.5, -0.0, 1e-320, float("1e300")])
    if pick == 2:
        return rng.choice(ODD_TEXT)
    if pick == 3:
        return json.loads("[" * 200 + "]" * 200) if rng.random() < 0.5 else {"a": {"b": [old]}}
    if pick == 4 and isinstance(old, str):
        return [old, old]  # a list where a name or behaviour was
    if pick == 5 and isinstance(old, list) and old:
        return old * rng.choice([2, 50])
    return rng.choice([str(old), -1, None, "AXIS", "ALLIES", "medal2", "EXIT_MARKER"])


def _tree(rng: random.Random, raw: bytes) -> bytes:
    try:
        doc = json.loads(raw)
    except (ValueError, RecursionError):  # an earlier mutation broke it
        return _bytes(rng, raw)
    nodes: list[tuple[tuple[Any, ...], Any]] = []

    def walk(node: Any, path: tuple[Any, ...]) -> None:
        nodes.append((path, node))
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, (*path, k))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, (*path, i))

    for _ in range(rng.choice([1, 1, 2, 3])):
        nodes.clear()
        walk(doc, ())
        path, node = rng.choice(nodes[1:])
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        if isinstance(node, dict) and node and rng.random() < 0.2:
            del node[rng.choice(list(node))]
        else:
            parent[path[-1]] = _junk(rng, node)
    return json.dumps(doc, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")


MUTATORS: dict[str, Callable[[random.Random, bytes], bytes]] = {
    "text": lambda rng, raw: _bytes(rng, raw) if rng.random() < 0.3 else _text(rng, raw),
    "ros": lambda rng, raw: _bytes(rng, raw) if rng.random() < 0.3 else _xml(rng, raw),
    "rosz": lambda rng, raw: _zip(rng, ros) if (ros := _unzipped(raw)) else _bytes(rng, raw),
    "nrjson": lambda rng, raw: _bytes(rng, raw) if rng.random() < 0.25 else _tree(rng, raw),
    "m44": lambda rng, raw: _bytes(rng, raw) if rng.random() < 0.25 else _tree(rng, raw),
    "tts": lambda rng, raw: _bytes(rng, raw) if rng.random() < 0.25 else _tree(rng, raw),
}


def _unzipped(raw: bytes) -> bytes:
    """The roster in a .rosz, or b"" once an earlier mutation damaged it."""
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as zf:
            return zf.read(zf.namelist()[0])
    except Exception:
        return b""


def mutants(kind: str, seed: int, count: int) -> Iterator[tuple[str, bytes]]:
    """``count`` inputs for importer ``kind``: (name, bytes)."""
    rng = random.Random(f"{kind}:{seed}")
    sources = seeds()[kind]
    for n in range(count):
        raw = rng.choice(sources)
        for _ in range(rng.choice([1, 1, 1, 2])):
            raw = MUTATORS[kind](rng, raw)
        yield f"{kind}#{n}", raw


# -- running ----------------------------------------------------------------


class Hang(Exception):
    pass


class Refused(AssertionError):
    """The game an import wrote is refused by the program's own loader."""


def into_games() -> list[Game | None]:
    """What an army list is imported into: a new game; a bundled game with units
    on both sides (the list goes to the side named); a game on a 14 x 10 in board."""
    demo = load_game(DEMO_BOARD)
    setup = new_setup("frontline_clash", None)
    small = Game(Setup("t9a", Scene(board=InchBoard(14, 10), sides=setup.scene.sides)))
    return [None, demo, small]


def kind_of(name: str) -> str:
    """The importer an input was made for, from its name (``kind#n``)."""
    return name.split("#", 1)[0]


def exercise(raw: bytes, name: str = "fuzz", into: Game | None = None) -> bool:
    """Import ``raw`` as ``tabletop-gui import`` does (``--into`` a game, for an
    army list), then load what it would write. False if the import was refused
    (FileFormatError); raises on anything else wrong."""
    side = into.setup.scene.side_ids[-1] if into is not None and kind_of(name) != "tts" else None
    try:
        result = import_bytes(raw, ImportRequest(source=name, into=into, side=side))
    except FileFormatError as exc:
        str(exc).encode("utf-8")  # the message itself can be printed
        return False
    for line in (result.summary, *result.notes):
        line.encode("utf-8")
    written = dumps(result.game)
    try:
        game = loads(written.encode("utf-8"))
    except FileFormatError as exc:
        raise Refused(f"the written game is refused: {exc}") from None
    state = replay(game.setup, game.events)
    evaluate(state)
    assert dumps(game) == written, "the written game saves other bytes when loaded"
    return True


@dataclass
class Report:
    kind: str = ""
    inputs: int = 0
    refused: int = 0
    imported: int = 0
    crashes: list[tuple[str, str]] = field(default_factory=list)
    slow: list[tuple[str, float]] = field(default_factory=list)
    slowest: float = 0.0
    seconds: float = 0.0

    def line(self) -> str:
        return (
            f"{self.kind}: {self.inputs} inputs: {self.refused} refused, {self.imported} "
            f"imported and reloaded, {len(self.crashes)} crashes or refused games, "
            f"{len(self.slow)} over the time limit; slowest {self.slowest:.2f} s CPU; "
            f"{self.seconds:.0f} s in all"
        )


def run(kind: str, seed: int, count: int, *, slow: float = 2.0, out: Path | None = None,
        progress: Callable[[Report], None] | None = None) -> Report:  # fmt: skip
    report = Report(kind)
    use_alarm = hasattr(signal, "SIGALRM")

    def on_alarm(signum: int, frame: Any) -> None:
        raise Hang()

    if use_alarm:
        signal.signal(signal.SIGALRM, on_alarm)
    exercise(seeds()[kind][0])  # warm-up: imports, the bundled base table read once
    games = into_games() if kind in ARMY_LISTS else [None]
    if kind == "tts":  # a save whose plate lost its game is read into the game it shows
        from tests.tts.tts_games import battle

        games = [None, battle()]
    start = time.perf_counter()
    for name, raw in mutants(kind, seed, count):
        into = games[report.inputs % len(games)]
        report.inputs += 1
        c0 = time.process_time()
        if use_alarm:
            signal.alarm(max(int(slow * 15), 30))  # a real hang is stopped, not waited for
        try:
            ok = exercise(raw, name, into)
        except Hang:
            ok = True
            report.crashes.append((name, "Hang: stopped after the alarm"))
            _keep(out, name, raw, "hang")
        except Exception as exc:
            ok = True
            report.crashes.append((name, f"{type(exc).__name__}: {exc}"[:300]))
            _keep(out, name, raw, traceback.format_exc())
        finally:
            if use_alarm:
                signal.alarm(0)
        took = time.process_time() - c0
        report.slowest = max(report.slowest, took)
        if took > slow:
            report.slow.append((name, took))
            _keep(out, name, raw, f"took {took:.2f} s CPU")
        if ok:
            report.imported += 1
        else:
            report.refused += 1
        if progress and report.inputs % 250 == 0:
            progress(report)
    report.imported -= len(report.crashes)
    report.seconds = time.perf_counter() - start
    return report


def _keep(out: Path | None, name: str, raw: bytes, why: str) -> None:
    if out is None:
        return
    out.mkdir(parents=True, exist_ok=True)
    stem = name.replace("#", "-")
    (out / f"{stem}.input").write_bytes(raw)
    (out / f"{stem}.txt").write_text(why, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1000, help="inputs per importer")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kind", choices=KINDS, action="append", help="default: every one")
    parser.add_argument("--slow", type=float, default=2.0, help="CPU seconds that count as a hang")
    parser.add_argument("--out", type=Path, default=Path("import-fuzz-findings"))
    args = parser.parse_args()
    failed = False
    for kind in args.kind or KINDS:
        report = run(kind, args.seed, args.count, slow=args.slow, out=args.out,
                     progress=lambda r: print(f"  {r.line()}", flush=True))  # fmt: skip
        print(report.line(), flush=True)
        for name, what in report.crashes:
            print(f"  CRASH {name}: {what}")
        for name, took in report.slow:
            print(f"  SLOW {name}: {took:.2f} s")
        failed |= bool(report.crashes or report.slow)
    raise SystemExit(1 if failed else 0)


if __name__ == "__main__":
    main()

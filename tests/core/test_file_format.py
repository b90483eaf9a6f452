"""File format v1: round trip, errors naming the JSON path, atomic save, and a
loader that returns a game or raises FileFormatError for any input."""

import contextlib
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_gui.examples import DEMO_BOARD, SCENARIOS
from tabletop_gui.io import FileFormatError, dumps, game_to_json, load_game, loads, save_game
from tabletop_gui.model import ObjectiveSpec
from tabletop_gui.model.events import DiceRoll, MovePiece, TurnEnd, TurnStart, UpdatePiece
from tabletop_gui.model.game import Game
from tabletop_gui.rules import evaluate, replay

from .helpers import block, disc, t9a_setup


def sample_game() -> Game:
    setup = t9a_setup(
        [
            block("r", "red", 30, 20, facing=33),
            disc("b", "blue", 40, 30, elevation=2.5, leader=True),
        ],
        (ObjectiveSpec("htg", "t9a.hold_the_ground", {"centre": [36, 24]}),),
    )
    events = (
        TurnStart(1),
        MovePiece("r", 31.5, 21),
        UpdatePiece("b", {"fleeing": True}),
        TurnEnd(1),
        DiceRoll("secure target tie", 4, "red", "st", "m1"),
    )
    return Game(setup, events)


def test_round_trip_keeps_setup_and_log():
    game = sample_game()
    again = loads(dumps(game))
    assert again == game
    assert evaluate(replay(again.setup, again.events)) == evaluate(replay(game.setup, game.events))


def test_every_bundled_scenario_loads_and_round_trips():
    files = sorted(SCENARIOS.glob("*.json"))
    assert DEMO_BOARD in files
    for path in files:
        game = load_game(path)
        assert loads(dumps(game)) == game, path.name


def _broken(mutate) -> dict:
    data = game_to_json(sample_game())
    mutate(data)
    return data


@pytest.mark.parametrize(
    ("mutate", "path", "problem"),
    [
        (lambda d: d["units"][0].update(base_width_mm=0), "units[0].base_width_mm", "must be > 0"),
        (lambda d: d["units"][1].update(models=-2), "units[1].models", "must be >= 1"),
        (lambda d: d["units"][0].update(side="green"), "units[0].side", "unknown side 'green'"),
        (lambda d: d["units"][0].pop("x"), "units[0].x", "missing"),
        (lambda d: d["units"][0].update(x="far"), "units[0].x", "expected a number"),
        (lambda d: d["units"][0].update(colr=1), "units[0].colr", "unknown field"),
        (lambda d: d["units"][1].update(id="r"), "units[1].id", "duplicate id 'r'"),
        (lambda d: d["sides"][0].update(colour="red"), "sides[0].colour", "#rrggbb"),
        (lambda d: d["board"].update(width=-1), "board.width", "must be > 0"),
        (lambda d: d["board"].update(kind="sphere"), "board.kind", "must be one of"),
        (lambda d: d.update(version=7), "version", "reads versions 1 and 2"),
        (lambda d: d.update(family="chess"), "family", "unknown rule family"),
        (
            lambda d: d["objectives"][0].update(kind="t9a.nope"),
            "objectives[0].kind",
            "unknown objective",
        ),
        (lambda d: d["events"][0].update(type="teleport"), "events[0].type", "unknown event type"),
        (
            lambda d: d["events"][1].update(piece_id="ghost"),
            "events[1]",
            "no piece with id 'ghost'",
        ),
        (lambda d: d["events"][3].update(turn=1.5), "events[3].turn", "whole number"),
        (lambda d: d["events"][3].update(turn=2), "events[3]", "turn 2 cannot end"),
        (
            lambda d: d["events"].insert(2, {"type": "turn_start", "turn": 9}),
            "events[2]",
            "turn 9 cannot start now: the clock is at turn 1",
        ),
        (lambda d: d["events"][0].update(turn=-4), "events[0]", "turn -4 cannot start"),
        (lambda d: d["events"][1].update(x=500), "events[1]", "(500, 21) is 428 in past the right"),
        (lambda d: d["events"].insert(1, {"type": "game_end"}), "events[2]", "The game is over"),
    ],
)
def test_broken_files_name_the_place_and_the_problem(mutate, path, problem):
    with pytest.raises(FileFormatError) as info:
        loads(json.dumps(_broken(mutate)))
    assert info.value.path == path
    assert problem in info.value.problem
    assert str(info.value).startswith(f"{path}: ")


def test_not_json_and_not_utf8_give_the_error_type():
    with pytest.raises(FileFormatError, match=r"line 1, column \d+: not valid JSON: "):
        loads("{ nope")
    with pytest.raises(FileFormatError, match="not UTF-8"):
        loads(b"\xff\xfe\x00")


@pytest.mark.parametrize(
    ("start", "kind"),
    [(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "a PNG picture"),
     (b"\xff\xd8\xff\xe0\x00\x10JFIF", "a JPEG picture"),
     (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3", "a PDF document")],
)  # fmt: skip
def test_a_picture_opened_as_a_game_is_named_for_what_it_is(start, kind):
    """A board exported as a PNG, a photo of the table, a report as a PDF,
    opened by mistake: said as what they are, not only "not UTF-8 text (byte 0)"
    (docs/file-format.md, File format v2)."""
    with pytest.raises(FileFormatError) as info:
        loads(start + bytes(range(128, 256)))
    assert info.value.problem == f"not text but {kind}"


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-16"])
def test_a_game_saved_as_utf16_is_named_utf16_not_only_not_utf8(tmp_path, encoding):
    # Windows PowerShell's ">" writes UTF-16: it said "not UTF-8 text (byte 0)".
    from tabletop_gui.examples import DEMO_BOARD

    text = DEMO_BOARD.read_text(encoding="utf-8")
    bom = {"utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff", "utf-16": b""}[encoding]
    path = tmp_path / "game.json"
    path.write_bytes(bom + text.encode(encoding))
    order = "big-endian" if encoding == "utf-16-be" else "little-endian"
    with pytest.raises(FileFormatError) as info:
        load_game(path)
    assert (info.value.path, info.value.problem) == (
        "(file)",
        f"UTF-16 text ({order}), not UTF-8: save it again as UTF-8",
    )


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(FileFormatError, match="cannot read"):
        load_game(tmp_path / "nothing.json")


def test_save_is_atomic_a_failed_rename_leaves_the_old_file_whole(tmp_path, monkeypatch):
    target = tmp_path / "game.json"
    save_game(sample_game(), target)
    old = target.read_text()

    def crash(src, dst):
        raise OSError("disk on fire")

    monkeypatch.setattr(os, "replace", crash)
    bigger = Game(sample_game().setup, (*sample_game().events, TurnEnd(2)))
    with pytest.raises(OSError):
        save_game(bigger, target)
    assert target.read_text() == old
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temp file left


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_arbitrary_json_gives_a_game_or_file_format_error(value):
    with contextlib.suppress(FileFormatError):
        loads(json.dumps(value))


def _mutations():
    base = game_to_json(sample_game())
    keys = st.sampled_from(
        ["units", "markers", "sides", "events", "objectives", "board", "settings"]
    )
    return st.tuples(st.just(base), keys, json_values)


@settings(max_examples=300, deadline=None)
@given(_mutations(), st.integers(0, 5), st.text(max_size=6))
def test_valid_files_with_one_part_replaced_never_crash_the_loader(args, index, field):
    base, key, junk = args
    data = json.loads(json.dumps(base))
    target = data[key]
    if isinstance(target, list) and target:
        item = target[index % len(target)]
        if isinstance(item, dict):
            item[field or "x"] = junk
        else:
            target[index % len(target)] = junk
    else:
        data[key] = junk
    with contextlib.suppress(FileFormatError):
        loads(json.dumps(data))


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_malformed_bytes_give_a_file_format_error(raw):
    with contextlib.suppress(FileFormatError):
        loads(raw)


def test_a_file_with_a_utf8_bom_loads():
    text = dumps(sample_game())
    assert loads("\ufeff".encode() + text.encode()) == sample_game()


def test_a_missing_family_is_named():
    data = game_to_json(sample_game())
    del data["family"]
    with pytest.raises(FileFormatError, match=r"^family: missing \(one of"):
        loads(json.dumps(data))


def test_a_unit_placed_off_the_board_is_named(tmp_path):
    data = game_to_json(sample_game())
    data["units"][1]["x"] = 500
    data["units"][1]["name"] = "Men-at-Arms"
    uid = data["units"][1]["id"]
    with pytest.raises(FileFormatError) as exc:
        loads(json.dumps(data))
    assert exc.value.path == "units[1]"
    assert exc.value.problem == (
        f"Men-at-Arms ({uid}): its centre (500, 30) is 428 in past the right edge "
        "of the 72 x 48 in board"
    )


def test_a_unit_whose_base_hangs_past_the_table_edge_is_named_with_the_edge():
    data = game_to_json(sample_game())
    unit = data["units"][1]
    unit.update(x=71.0, facing=0.0, models=1, models_per_rank=1, base_width_mm=25.4 * 5)
    with pytest.raises(FileFormatError) as exc:
        loads(json.dumps(data))
    assert exc.value.path == "units[1]"
    assert exc.value.problem.endswith("reaches 1.5 in past the right edge of the 72 x 48 in board")


def test_saving_keeps_the_usual_file_mode_not_owner_only(tmp_path):
    target = tmp_path / "game.json"
    save_game(sample_game(), target)
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask
    target.chmod(0o640)
    save_game(sample_game(), target)
    assert target.stat().st_mode & 0o777 == 0o640


#: A game of each family to put events in: the sample game and two examples.
FAMILY_GAMES = {
    "t9a": lambda: game_to_json(sample_game()),
    "hex": lambda: game_to_json(load_game(SCENARIOS / "hex_hochkirch_ridge_demo.json")),
    "carnevale": lambda: game_to_json(load_game(SCENARIOS / "carnevale_drowned_quarter.json")),
}


def _event_entries():
    """(family, an event entry): a type the family's games log, under its name or
    an earlier one, with junk in its fields."""
    from dataclasses import fields

    from tabletop_gui.rules.registry import find_family

    @st.composite
    def entry(draw):
        family = draw(st.sampled_from(sorted(FAMILY_GAMES)))
        types = find_family(family).event_types()
        kind = draw(st.sampled_from(sorted(types)))
        names = [f.name for f in fields(types[kind])] or ["extra"]
        values = draw(st.dictionaries(st.integers(0, 6), json_values, max_size=3))
        return family, {"type": kind, **{names[i % len(names)]: v for i, v in values.items()}}

    return entry()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_event_entries(), st.integers(0, 40))
def test_any_event_type_with_junk_fields_anywhere_in_the_log_never_crashes_the_loader(entry, at):
    family, event = entry
    data = FAMILY_GAMES[family]()
    data["events"].insert(at % (len(data["events"]) + 1), event)
    with contextlib.suppress(FileFormatError):
        loads(json.dumps(data))

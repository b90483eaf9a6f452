"""A Tabletop Simulator save read into a game: where the save's pieces stand
differs from where the game has them, and each difference becomes a move (or a
turn) in the game's log, in the game's order of pieces. The window commits them
as one undo step; the ``import`` command writes the game with them.

A piece within ``STILL_INCHES`` and ``STILL_DEGREES`` of where it was has not
moved (TTS's physics settles a block by a hair). A piece the save puts off the
board, a move the rules refuse, a piece missing from the save, an object leaning
over: each is left as it was and named in the notes."""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from tabletop_gui.io.tts import mapping as m
from tabletop_gui.io.tts.match import (
    BY_ID,
    BY_NAME,
    CHOSEN,
    REMEMBERED,
    Matching,
    match_save,
    movable,
    norm,
)
from tabletop_gui.io.tts.memory import Remembered, for_game, game_key
from tabletop_gui.io.tts.read import TtsObject, TtsSave
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.bounds import where_off
from tabletop_gui.model.events import Event, EventError
from tabletop_gui.model.events.core import MovePiece, RotatePiece
from tabletop_gui.model.game import Game
from tabletop_gui.model.names import elided, piece_label
from tabletop_gui.model.pieces import Marker, Unit
from tabletop_gui.model.scene import Board, Scene
from tabletop_gui.rules.engine import RuleError, apply, replay

#: An object leaning further than this (degrees) lies on its side: its facing is kept.
MAX_TILT = 20.0
#: The notes list at most this many objects that are not pieces (then a count).
MAX_LISTED = 40


@dataclass(frozen=True)
class SaveImport:
    """The game with the save's moves at the end of its log; ``events`` the moves
    (the window commits them as one undo step); ``summary`` one line, ``notes``
    what the user should know."""

    game: Game
    events: tuple[Event, ...]
    matching: Matching
    summary: str
    notes: tuple[str, ...]
    #: The moves the rules refused: (piece, the rules' reason); each also in ``notes``.
    refused: tuple[tuple[str, str], ...] = ()


def read_into(
    game: Game,
    save: TtsSave,
    chosen: Mapping[str, str] | None = None,
    remembered: Sequence[Remembered] = (),
    only_chosen: bool = False,
    found_as: Mapping[str, str] | None = None,
    whereabouts: bool = True,
) -> SaveImport:
    """The moves that bring ``game`` (after its whole log) to where ``save``
    has its pieces (``match.match_save`` says which object is which piece; of
    ``remembered``, only the mappings of this game count). ``whereabouts``
    False: the notes say nothing of where the save has the pieces no object on
    the table is (``missing_where``, a search of every name left: the mapping
    dialog's preview of each choice, which reads the summary alone)."""
    state = replay(game.setup, game.events)
    mine = for_game(remembered, game)
    matching = match_save(save, state.scene, chosen, mine, only_chosen, found_as)
    notes: list[str] = []
    refused: list[tuple[str, str]] = []
    events: list[Event] = []
    moved = turned = 0
    for pid, (obj, _how) in matching.found.items():
        piece = state.scene.piece(pid)
        assert isinstance(piece, Unit | Marker)
        event = _difference(piece, obj, state.scene.board, notes)
        if event is None:
            continue
        try:
            after = apply(state, event)
        except (EventError, RuleError) as exc:
            refused.append((_called(piece), str(exc)))
            notes.append(f"{_called(piece)}: left where it was ({exc})")
            continue
        state = after
        events.append(event)
        if isinstance(event, RotatePiece):
            turned += 1
        else:
            moved += 1
    for pid, objs in matching.clashes.items():
        listed = ", ".join(o.label for o in objs)
        notes.append(
            f"{_called(state.scene.piece(pid))}: {len(objs)} objects claim it ({listed}); "
            "left where it was"
        )
    extent = state.scene.board.extent
    for piece in movable(state.scene):  # in the game's order
        objs = matching.unremembered.get(piece.id, ())
        if objs:
            listed = "; ".join(f"{o.label} at {_at(o, extent)}" for o in objs[:MAX_LISTED])
            notes.append(
                f"{_called(piece)}: left where it was: the object chosen for it before "
                f"(GUID {objs[0].guid}) is not told apart: {len(objs)} objects have that "
                f"GUID ({listed}); choose which is which in the window (File ▸ Import…)"
            )
    notes += _shared_notes(matching, extent)
    for pid, objs in matching.ambiguous.items():
        listed = "; ".join(f"{o.label} at {_at(o, extent)}" for o in objs[:MAX_LISTED])
        more = f"; and {len(objs) - MAX_LISTED} more" if len(objs) > MAX_LISTED else ""
        piece = state.scene.units[pid]
        name = norm(piece.name)
        alike = sum(1 for u in state.scene.units.values() if u.on_table and norm(u.name) == name)
        units = f" and {alike} units" if alike > 1 else ""
        notes.append(
            f"{_called(piece)}: ambiguous, left where it was: {len(objs)} object"
            f"{'' if len(objs) == 1 else 's'}{units} have its name ({listed}{more}); "
            "choose which is which in the window (File ▸ Import…), and the choice is "
            "remembered for the next save"
        )
    named = matching.found.keys() | matching.clashes.keys() | matching.ambiguous.keys()
    named |= matching.unremembered.keys()
    missing = [p for p in movable(state.scene) if p.id not in named]
    if whereabouts:
        notes += _missing_notes(missing, save, matching, extent)
    notes += _others(matching.others, save.skipped, state.scene)
    new = replace(game, events=(*game.events, *events))
    summary = _summary(save, matching, moved, turned, len(refused))
    return SaveImport(new, tuple(events), matching, summary, tuple(notes), tuple(refused))


def _difference(
    piece: Unit | Marker, obj: TtsObject, board: Board, notes: list[str]
) -> Event | None:
    """The move (or turn) that puts ``piece`` where ``obj`` stands; None if it has
    not moved or cannot be moved there (then a note says why)."""
    t = obj.transform
    x, y = m.from_tts(board.extent, t["posX"], t["posZ"])
    facing = m.facing(t["rotY"]) if isinstance(piece, Unit) else None
    if obj.tilt > MAX_TILT:
        notes.append(
            f"{_called(piece)}: leans {obj.tilt:.0f} degrees in the save (knocked over?): "
            "its facing was kept"
        )
        facing = piece.facing if isinstance(piece, Unit) else None
    dist = math.hypot(x - piece.x, y - piece.y)
    turn = (
        m.angle_apart(facing, piece.facing)
        if isinstance(piece, Unit) and facing is not None
        else 0.0
    )
    if dist <= m.STILL_INCHES and turn <= m.STILL_DEGREES:
        return None
    if dist <= m.STILL_INCHES:
        assert facing is not None
        return RotatePiece(piece.id, round(facing, 4))
    there: Unit | Marker = replace(piece, x=x, y=y)
    if isinstance(there, Unit) and facing is not None:
        there = replace(there, facing=facing)
    off = where_off(board, there)
    if off:
        notes.append(f"{_called(piece)}: left where it was; in the save {off}")
        return None
    return MovePiece(
        piece.id, round(x, 4), round(y, 4), None if facing is None else round(facing, 4)
    )


def _called(piece: object) -> str:
    return piece_label(piece)


def _at(obj: TtsObject, extent: tuple[float, float]) -> str:
    """Where an object stands on the board: '(36, 26.5) in'."""
    x, y = m.from_tts(extent, obj.transform["posX"], obj.transform["posZ"])
    return f"({round(x, 1):g}, {round(y, 1):g}) in"


#: Names compared for a close one (missing pieces x objects left) at most: past
#: it, only names equal but for punctuation are said to be close.
MAX_NEAR_PAIRS = 200_000
#: How alike two names are (``difflib``'s ratio) to be called close.
NEAR_RATIO = 0.85


#: How ``missing_where`` places a piece: inside another object, or near by name.
HELD, NEAR = "held", "near"


def missing_where(
    missing: list[Unit | Marker], save: TtsSave, matching: Matching
) -> dict[str, tuple[str, TtsObject, str]]:
    """Where the save has pieces no object on the table is: piece id -> (HELD,
    the object on the table holding it, how: "inside"...) for a piece inside a
    bag (by id or name), or (NEAR, the object, "") for one whose name an object
    nearly has. The pieces not given are not in the save."""
    if not missing:
        return {}
    held_by: dict[str, tuple[TtsObject, str]] = {}
    for obj in save.objects:
        for how, name, pid in obj.held:
            if pid:
                held_by.setdefault("id:" + pid, (obj, how))
            if norm(name):
                held_by.setdefault("name:" + norm(name), (obj, how))
    others = [(o, n) for o in matching.others if (n := norm(o.nickname))]
    by_letters: dict[str, TtsObject] = {}
    for obj, theirs in others:
        by_letters.setdefault(_letters(theirs), obj)
    compare = len(missing) * len(others) <= MAX_NEAR_PAIRS
    matchers: dict[int, difflib.SequenceMatcher[str]] = {}
    out: dict[str, tuple[str, TtsObject, str]] = {}
    for piece in missing:
        name = norm(_name(piece))
        hit = held_by.get("id:" + piece.id) or (held_by.get("name:" + name) if name else None)
        if hit is not None:
            out[piece.id] = (HELD, hit[0], hit[1])
            continue
        close = _close(name, others, by_letters, compare, matchers) if name else None
        if close is not None:
            out[piece.id] = (NEAR, close, "")
    return out


def _missing_notes(
    missing: list[Unit | Marker],
    save: TtsSave,
    matching: Matching,
    extent: tuple[float, float],
) -> list[str]:
    """The pieces no object on the table is: those inside another object (a
    bag: by id or name), those an object nearly has the name of (named with
    it), and those that are not in the save at all."""
    where = missing_where(missing, save, matching)
    held: dict[tuple[str, str], list[str]] = {}
    holders: dict[tuple[str, str], TtsObject] = {}
    near: list[str] = []
    absent: list[str] = []
    for piece in missing:
        if piece.id not in where:
            absent.append(_called(piece))
            continue
        kind, obj, how = where[piece.id]
        if kind == HELD:
            held.setdefault((obj.path, how), []).append(_called(piece))
            holders[(obj.path, how)] = obj
        else:
            near.append(
                f"{_called(piece)}: left where it was: no object has its name, but "
                f"{obj.label} at {_at(obj, extent)} nearly has it: if it is this "
                "piece, choose it in the window (File ▸ Import…)"
            )
    notes = []
    for (path, how), names in held.items():
        one = len(names) == 1
        listed = ", ".join(names[:MAX_LISTED])
        more = f" and {len(names) - MAX_LISTED} more" if len(names) > MAX_LISTED else ""
        holder = holders[(path, how)].label
        # In a bag (or a state not shown) a piece is off the table; attached to
        # an object (a model on its tray), it is on the table where that object is.
        off = f" (choose {holder} for it)" if how == "attached to" else ", not on the table"
        notes.append(
            f"{listed}{more}: {how} {holder}{off}; left where {'it was' if one else 'they were'}"
        )
    notes += near
    if absent:
        gone = ", ".join(absent[:MAX_LISTED])
        more = f" and {len(absent) - MAX_LISTED} more" if len(absent) > MAX_LISTED else ""
        notes.append(f"not in the save, left where they were: {gone}{more}")
    return notes


def _close(
    name: str,
    others: list[tuple[TtsObject, str]],
    by_letters: dict[str, TtsObject],
    compare: bool,
    matchers: dict[int, difflib.SequenceMatcher[str]],
) -> TtsObject | None:
    """The object whose name is closest to ``name``: the same letters and
    digits (punctuation aside: ``by_letters``), or (``compare``) alike by
    ``NEAR_RATIO``."""
    letters = _letters(name)
    if letters and letters in by_letters:
        return by_letters[letters]
    if not compare:
        return None
    best, best_ratio = None, NEAR_RATIO
    for i, (obj, theirs) in enumerate(others):
        if abs(len(theirs) - len(name)) > max(3, len(name) // 4):
            continue
        # One matcher per object name, kept for every unit's name (difflib
        # keeps what it learns of the second sequence), the quick upper bound
        # first, as difflib.get_close_matches does: the same answer.
        pair = matchers.get(i)
        if pair is None:
            pair = matchers[i] = difflib.SequenceMatcher(None, "", theirs)
        pair.set_seq1(name)
        if pair.quick_ratio() < best_ratio:
            continue
        ratio = pair.ratio()
        if ratio >= best_ratio:
            best, best_ratio = obj, ratio
    return best


#: What is not a letter or a digit (``_letters`` leaves it out).
_NOT_LETTERS = re.compile(r"[\W_]+")


def _letters(name: str) -> str:
    """``name``'s letters and digits only: 'Orc.Chief' and 'orc chief' alike."""
    return _NOT_LETTERS.sub("", name)


def _name(piece: Unit | Marker) -> str:
    return piece.name if isinstance(piece, Unit) else piece.label


def _pieces(scene: Scene) -> set[str]:
    """Every piece id of ``scene``, on the table or not."""
    return set(scene.units) | set(scene.markers)


#: At most this many GUIDs that several objects share get a note each (then a count).
MAX_SHARED_NOTES = 10


def _shared_notes(matching: Matching, extent: tuple[float, float]) -> list[str]:
    """The objects that share a GUID, named with where they stand."""
    notes = []
    groups = list(matching.shared.items())
    for guid, objs in groups[:MAX_SHARED_NOTES]:
        listed = "; ".join(f"{o.label} at {_at(o, extent)}" for o in objs[:MAX_LISTED])
        more = f"; and {len(objs) - MAX_LISTED} more" if len(objs) > MAX_LISTED else ""
        notes.append(
            f"{len(objs)} objects have the GUID {guid} ({listed}{more}): a GUID that "
            "several objects have does not tell them apart, so none of them is found by "
            "it (a choice remembered for it is not used), only by its id or name"
        )
    if len(groups) > MAX_SHARED_NOTES:
        notes.append(f"and {len(groups) - MAX_SHARED_NOTES} more GUIDs several objects have")
    return notes


def _others(objects: tuple[TtsObject, ...], skipped: int, scene: Scene) -> list[str]:
    """What the objects no piece on the table was found for are: pieces of the
    game off the table at this moment (a destroyed objective, a removed unit,
    in a save exported earlier), then objects of no piece at all."""
    notes = []
    ids = _pieces(scene)
    gone = [o for o in objects if o.piece_id is not None and o.piece_id in ids]
    if gone:
        shown = "; ".join(o.label for o in gone[:MAX_LISTED])
        more = f"; and {len(gone) - MAX_LISTED} more" if len(gone) > MAX_LISTED else ""
        are = "1 object is a piece" if len(gone) == 1 else f"{len(gone)} objects are pieces"
        notes.append(
            f"{are} of the game no longer on the table at this moment (not moved): {shown}{more}"
        )
        objects = tuple(o for o in objects if o not in gone)
    if objects:
        shown = "; ".join(o.label + (f", holding {o.contains}" if o.contains else "")
                          for o in objects[:MAX_LISTED])  # fmt: skip
        more = f"; and {len(objects) - MAX_LISTED} more" if len(objects) > MAX_LISTED else ""
        are = "1 object is" if len(objects) == 1 else f"{len(objects)} objects are"
        notes.append(f"{are} no piece of the game (not moved): {shown}{more}")
    if skipped:
        were = (
            "1 object inside a bag, a deck or another object was"
            if skipped == 1
            else (f"{skipped} objects inside bags, decks and other objects were")
        )
        notes.append(f"{were} skipped")
    return notes


def _summary(save: TtsSave, matching: Matching, moved: int, turned: int, refused: int) -> str:
    found = len(matching.found)
    how = [
        (matching.count(BY_ID), "by id"),
        (matching.count(BY_NAME), "by name"),
        (matching.count(REMEMBERED), "remembered"),
        (matching.count(CHOSEN), "chosen"),
    ]
    ways = ", ".join(f"{n} {w}" for n, w in how if n)
    name = f" {elided(save.name)!r}" if save.name else ""
    changes = f"{moved} moved, {turned} turned" if moved or turned else "nothing moved"
    if refused:
        changes += f"; {refused} move{'' if refused == 1 else 's'} the rules refuse"
    return (
        f"Tabletop Simulator save{name}: {found} piece{'' if found == 1 else 's'} found"
        f"{f' ({ways})' if ways else ''}; {changes}"
    )


def _other_game(save: TtsSave, game: Game) -> str | None:
    """How the game on the save's plate and ``game`` differ, when they are two
    games (their set-ups differ: ``memory.game_key``); None for the same game."""
    exported = save.game
    if exported is None or game_key(exported) == game_key(game):
        return None
    theirs, ours = exported.setup, game.setup
    what = repr(elided(theirs.name)) if theirs.name else "an unnamed game"
    if theirs.name == ours.name:
        what += " (the same name, set up otherwise)"
    mine = repr(elided(ours.name)) if ours.name else "unnamed"
    n, m = len(theirs.scene.units), len(ours.scene.units)
    return (
        f"{what} ({n} unit{'' if n == 1 else 's'}), not from the game it is read into "
        f"({mine}, {m} unit{'' if m == 1 else 's'})"
    )


def another_game_note(save: TtsSave, game: Game) -> str | None:
    """A warning when the save's plate holds a game other than ``game`` (read
    into it all the same): its objects are matched to ``game``'s pieces by id
    and name, which another game's may share (``a-knights``)."""
    other = _other_game(save, game)
    if other is None:
        return None
    return (
        f"this save was exported from another game, {other}: its objects were matched "
        "to this game's pieces by id and name: check that it is this game's save"
    )


def another_game_refusal(save: TtsSave, game: Game) -> str | None:
    """Why a save of another game is not read into ``game`` unasked (the
    ``import`` command's ``--other-game`` reads it all the same)."""
    other = _other_game(save, game)
    if other is None:
        return None
    return (
        f"a save of another game: it was exported from {other}, so its pieces would "
        "be matched to this game's by id and name and moved to where the other game has "
        "them. Import it alone to open its own game (tabletop-gui import SAVE.json -o "
        "NEW.json), or add --other-game to read it into this game all the same"
    )

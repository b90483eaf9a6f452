"""Which object of a Tabletop Simulator save is which piece of a game.

An object is a piece when, in this order: the user chose it for that piece (the
import dialog), its Description carries the piece's id (a save this program
wrote), it was chosen for that piece before (the remembered mappings, by the
object's GUID and the piece's id and name), or its Nickname is the name of
exactly one unit and no other object has that Nickname (names compared with
case, spaces, hyphens, dashes and underscores aside: ``norm``). Objects that share a
GUID are never matched by it (it does not say which is which): a choice
remembered for it is not used, and they are found by id or name, or chosen
again. Two objects claiming
one piece (a block copied in TTS keeps its Description) are both left out and
named. A unit whose name is the Nickname of several objects (or of one object
and several units) is ambiguous: it is left out and named with those objects,
and the import dialog lets the user choose. Nothing else is guessed: every other
object is listed as not a unit."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import field

from tabletop_gui.io.tts.memory import Remembered
from tabletop_gui.io.tts.read import TtsObject, TtsSave
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.pieces import Marker, Unit
from tabletop_gui.model.scene import Scene

#: How a piece was found, as the import's summary words it.
CHOSEN, BY_ID, REMEMBERED, BY_NAME = "chosen", "id", "remembered", "name"


@dataclass(frozen=True)
class Matching:
    """``found``: piece id -> (object, how it was found); ``others``: the objects
    that are no piece; ``clashes``: piece id -> the objects that all claimed it;
    ``ambiguous``: unit id -> the objects (none found for another piece) whose
    Nickname is its name, when that name does not tell one object from another;
    ``shared``: GUID -> the objects that all have it (never matched by it);
    ``unremembered``: piece id -> the objects sharing the GUID remembered for
    it, for a piece found no other way."""

    found: Mapping[str, tuple[TtsObject, str]]
    others: tuple[TtsObject, ...]
    clashes: Mapping[str, tuple[TtsObject, ...]]
    ambiguous: Mapping[str, tuple[TtsObject, ...]] = field(default_factory=dict)
    shared: Mapping[str, tuple[TtsObject, ...]] = field(default_factory=dict)
    unremembered: Mapping[str, tuple[TtsObject, ...]] = field(default_factory=dict)

    def count(self, how: str) -> int:
        return sum(1 for _, h in self.found.values() if h == how)


#: Hyphens, dashes and underscores are read as spaces in names ("Peasant-Levy" is
#: "Peasant Levy"); case and runs of spaces are ignored too.
_TO_SPACE = str.maketrans(dict.fromkeys("-_\u2010\u2011\u2012\u2013\u2014\u2015\u2212", " "))


def norm(name: str) -> str:
    """A name as names are compared: case, spaces, hyphens, dashes and
    underscores aside ('MEN-AT-ARMS', 'Men at  Arms' and 'men_at_arms' are one)."""
    return " ".join(name.translate(_TO_SPACE).split()).casefold()


def movable(scene: Scene) -> list[Unit | Marker]:
    """The pieces a save can place: the units and markers on the table."""
    units: list[Unit | Marker] = [u for u in scene.units.values() if u.on_table]
    return units + [m for m in scene.markers.values() if m.on_table]


def match_save(
    save: TtsSave,
    scene: Scene,
    chosen: Mapping[str, str] | None = None,
    remembered: Sequence[Remembered] = (),
    only_chosen: bool = False,
    found_as: Mapping[str, str] | None = None,
) -> Matching:
    """Match the objects of ``save`` to the pieces of ``scene``. ``chosen``: object
    key -> piece id, the user's choices (they come first); ``only_chosen``: they
    are the whole mapping (the import dialog, where "not on the table" is a choice),
    and a piece left open is still named as without them (two objects claiming it,
    its name on several, its remembered GUID on several: the command's notes);
    ``found_as``: object key -> how it was found, for the choices that keep what
    the dialog found (by id, by name, remembered: counted so, not as chosen).
    ``remembered``: the mappings of this game (``memory.for_game``)."""
    pieces = {p.id: p for p in movable(scene)}
    objects = [o for o in save.objects if not o.furniture]
    claims: dict[str, list[tuple[TtsObject, str]]] = {}
    taken: set[str] = set()

    def claim(obj: TtsObject, piece_id: str, how: str) -> None:
        claims.setdefault(piece_id, []).append((obj, how))
        taken.add(obj.key)

    by_user: set[str] = set()
    for obj in objects:
        piece_id = (chosen or {}).get(obj.key)
        if piece_id in pieces:
            claim(obj, piece_id, (found_as or {}).get(obj.key, CHOSEN))
            by_user.add(obj.key)
    objects_left = [] if only_chosen else objects
    #: The objects the pieces left open are asked about (several claiming one by
    #: id, a remembered GUID several share, a name several have): with
    #: ``only_chosen``, those the user did not choose, so that the notes name a
    #: piece left open as the import command does, never as not in the save.
    unchosen = [o for o in objects if o.key not in by_user] if only_chosen else objects_left
    for obj in objects_left:
        if obj.key in taken:
            continue
        pid = obj.piece_id
        if pid is not None and pid in pieces:
            claim(obj, pid, BY_ID)
    if only_chosen:  # two or more objects claiming a piece the user left open
        by_id: dict[str, list[TtsObject]] = {}
        for obj in unchosen:
            pid = obj.piece_id
            if pid is not None and pid in pieces and pid not in claims:
                by_id.setdefault(pid, []).append(obj)
        open_clashes = {pid: tuple(objs) for pid, objs in by_id.items() if len(objs) > 1}
    else:
        open_clashes = {}
    shared: dict[str, list[TtsObject]] = {}
    for obj in objects:
        if obj.shared_guid:
            shared.setdefault(obj.guid, []).append(obj)
    # A GUID several objects have says nothing: a choice remembered for it is not used.
    unremembered: dict[str, tuple[TtsObject, ...]] = {}
    for obj in unchosen:
        if obj.key in taken or not obj.guid:
            continue
        for memo in remembered:
            piece = pieces.get(memo.piece)
            if memo.guid == obj.guid and piece is not None and _name(piece) == memo.piece_name:
                if obj.shared_guid:
                    if memo.piece not in claims:
                        unremembered[memo.piece] = tuple(shared[obj.guid])
                elif not only_chosen:
                    claim(obj, memo.piece, REMEMBERED)
                break
    # By name: a Nickname shared by no other object, naming exactly one unit.
    unit_names = Counter(norm(u.name) for u in scene.units.values() if u.on_table and u.name)
    by_name = {norm(u.name): u.id for u in scene.units.values() if u.on_table and u.name}
    nicks = {o.key: norm(o.nickname) for o in objects}  # each name normalised once
    nick_count = Counter(n for n in nicks.values() if n)
    for obj in objects_left:
        if obj.key in taken:
            continue
        n = nicks[obj.key]
        if n and nick_count[n] == 1 and unit_names[n] == 1 and by_name[n] not in claims:
            claim(obj, by_name[n], BY_NAME)
    found: dict[str, tuple[TtsObject, str]] = {}
    clashes: dict[str, tuple[TtsObject, ...]] = {}
    for pid in pieces:  # in the game's order
        got = claims.get(pid, [])
        if len(got) == 1:
            found[pid] = got[0]
        elif got:
            # The user's own choice settles a clash; else neither object is used.
            mine = [g for g in got if g[0].key in by_user]
            if len(mine) == 1:
                found[pid] = mine[0]
            else:
                clashes[pid] = tuple(o for o, _ in got)
    clashes.update(open_clashes)
    used = {o.key for o, _ in found.values()} | {o.key for c in clashes.values() for o in c}
    ambiguous: dict[str, tuple[TtsObject, ...]] = {}
    by_nick: dict[str, list[TtsObject]] | None = None  # made when first needed
    for unit in scene.units.values():  # in the game's order
        n = norm(unit.name)
        if not n or not unit.on_table or unit.id in found or unit.id in clashes:
            continue
        if by_nick is None:
            by_nick = {}
            for obj in unchosen:
                if obj.key not in used and nicks[obj.key]:
                    by_nick.setdefault(nicks[obj.key], []).append(obj)
        named = tuple(by_nick.get(n, ()))
        if len(named) > 1 or (named and unit_names[n] > 1):
            ambiguous[unit.id] = named
    candidates = {o.key for c in ambiguous.values() for o in c}
    others = tuple(o for o in objects if o.key not in used and o.key not in candidates)
    settled = found.keys() | clashes.keys() | ambiguous.keys()
    unremembered = {pid: objs for pid, objs in unremembered.items() if pid not in settled}
    shared_guids = {guid: tuple(objs) for guid, objs in shared.items()}
    return Matching(found, others, clashes, ambiguous, shared_guids, unremembered)


def _name(piece: Unit | Marker) -> str:
    return piece.name if isinstance(piece, Unit) else piece.label

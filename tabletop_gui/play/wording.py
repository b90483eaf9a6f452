"""The one wording of results (no Qt): standings, counts, totals, the winner, and
the counting pieces with their distances and margins. The command line, the
score panel, the streamer, the rendered pages and the game log all word a
standing through here, so they say the same thing the same way; nothing parses
this text back (callers take the parts they need from ``Standing``).

Formats: distances and margins always two decimals in inches
(``model.names.inches`` / ``margin``); counts and totals whole where whole, else
at most two decimals (``number``).
"""

from __future__ import annotations

from collections.abc import Mapping

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.names import inches, margin, piece_called, piece_label, side_name
from tabletop_gui.model.scene import Scene
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.engine import family_of
from tabletop_gui.rules.play_types import Words, number
from tabletop_gui.rules.scoreboard import (
    CountingPiece,
    ObjectiveResult,
    PieceMark,
    Role,
    Scoreboard,
    Status,
)

__all__ = [
    "ScoreRow",
    "Standing",
    "counted_text",
    "counting_lines",
    "counts_text",
    "inches",
    "margin",
    "number",
    "piece_ids",
    "piece_lines",
    "result_text",
    "score_row",
    "score_rows",
    "standing",
    "summary_text",
    "tally",
    "tile_text",
    "total_text",
    "winner_name",
]


@dataclass(frozen=True)
class Standing:
    """Who has an objective, in words: ``leader`` ('Orcs leads', 'tie: nobody
    wins', 'nobody yet') and ``when`` ('if the game ended now', 'final', or '' when
    the leader text says it already); ``side`` the side that has or leads it."""

    leader: str
    when: str
    side: str | None

    @property
    def text(self) -> str:
        """'Orcs leads (if the game ended now)'."""
        return f"{self.leader} ({self.when})" if self.when else self.leader


def tally(r: ObjectiveResult) -> bool:
    """A result that only counts (figures lost: ``counted`` says what) and decides
    nothing, as its ``details`` say (``"tally": true``)."""
    return r.details.get("tally") is True


def standing(scene: Scene, r: ObjectiveResult, *, over: bool) -> Standing:
    """``r`` in words; ``over``: the game has ended (``turns.finished``). A result
    decided for good while the game goes on (``won`` and ``final``: a hex
    permanent banner taken) reads "has it for good", never "wins (final)", which
    reads as the game's end. A result whose counts are kept for good but may
    still grow (``won``, not ``final``: hex banners of a cleared sector, of exits,
    of eliminations, which the other side may still match) reads "leads (banners
    kept for good)": it is not had for good (docs/score-json.md)."""
    when = "final" if r.final else "if the game ended now"
    if tally(r):
        return Standing("a tally: no winner", "", None)
    name = side_name(scene, r.leader)
    if r.status is Status.WON and r.leader and not r.final:
        return Standing(f"{name} leads", f"{r.counted or 'counts'} kept for good", r.leader)
    if r.status is Status.WON and r.leader and not over:
        return Standing(f"{name} has it for good", "", r.leader)
    if r.status in (Status.WON, Status.LEADING) and r.leader:
        verb = "wins" if r.status is Status.WON else "leads"
        return Standing(f"{name} {verb}", when, r.leader)
    if r.status is Status.TIE and any(r.points.values()):
        # Banners each side keeps (a hex objective): a tie takes nobody's away.
        top = max(r.points.values())
        return Standing(
            f"tied at {number(top)}", f"{r.counted or 'points'} count for each side", None
        )
    if r.status is Status.TIE:
        return Standing("tie: nobody wins", when, None)
    # no "yet" once it is settled
    return Standing("nobody", "final", None) if r.final else Standing("nobody yet", "", None)


def counts_text(scene: Scene, counts: Mapping[str, float]) -> str:
    """'Orcs 2 · Equitaine 1'."""
    return " · ".join(f"{side_name(scene, s)} {number(v)}" for s, v in counts.items())


def counted_text(scene: Scene, r: ObjectiveResult) -> str:
    """The counts with what they count: 'characters within 3 in: Guild of Thieves 1
    · The Rashaar 0', 'no characters count (claimed): Guild 0 · Doctors 0' (just
    the counts when the objective does not say; what it counts alone if no count)."""
    counts = counts_text(scene, r.counts)
    return f"{r.counted}: {counts}" if r.counted and counts else counts or r.counted


#: Lines already worded: by the counting piece's values, with the piece and the
#: sides they were worded for (the same objects: a drag asks for every counting
#: piece's line on every move, and most pieces stay as they were).
_LINES: dict[CountingPiece, tuple[object, object, str]] = {}
_LINES_LIMIT = 4096


def counting_line(scene: Scene, cp: CountingPiece) -> str:
    """'Knights [Equitaine]  4.48 in  margin +1.52 in  (Scoring)'."""
    piece = scene.units.get(cp.piece_id) or scene.markers.get(cp.piece_id)
    known = _LINES.get(cp)
    if known is not None and known[0] is piece and known[1] is scene.sides:
        return known[2]
    if len(_LINES) >= _LINES_LIMIT:
        _LINES.clear()
    line = _LINES[cp] = (piece, scene.sides, _counting_line(scene, cp, piece))
    return line[2]


def _counting_line(scene: Scene, cp: CountingPiece, piece: object) -> str:
    label = piece_label(piece) if piece is not None else cp.piece_id
    # The distance is kept off the range it is measured against (distance + margin).
    limit = () if cp.distance is None or cp.margin is None else (cp.distance + cp.margin,)
    dist = f"  {inches(cp.distance, limit)}" if cp.distance is not None else ""
    edge = f"  margin {margin(cp.margin)}" if cp.margin is not None else ""
    note = f"  ({cp.note})" if cp.note else ""
    return f"{label} [{side_name(scene, cp.side)}]{dist}{edge}{note}"


def counting_lines(scene: Scene, r: ObjectiveResult) -> list[str]:
    """Every piece the objective names, a line each: those it counts or finds in
    range (``counting_line``), then those it marks contested or breaking a rule."""
    return [line for _, line in piece_lines(scene, r)]


#: What a piece marked by a rule (and not in its counting list) is doing, in words.
MARK_WORDS = {
    Role.CONTESTED: "contests",
    Role.NOT_COUNTING: "in range, does not count",
    Role.PLACEMENT_ERROR: "breaks its placement rule",
}


#: The roles of those a marker is listed in. A marker is not a contestant: a
#: contested mark on a marker is the objective's own state (Carnevale's
#: objective drawn contested), which the board draws and the reason words, so
#: the marker gets no line "contests" (docs/canvas.md, Score panel).
MARKER_MARKS = frozenset({Role.PLACEMENT_ERROR})


def piece_lines(scene: Scene, r: ObjectiveResult) -> list[tuple[str, str]]:
    """(piece id, line) for every piece that counts, is in range or contests,
    and every marker that breaks its placement rule."""
    out = [(cp.piece_id, counting_line(scene, cp)) for cp in r.counting]
    named = {cp.piece_id for cp in r.counting}
    for h in r.highlights:
        if not isinstance(h, PieceMark) or h.role not in MARK_WORDS or h.piece_id in named:
            continue
        unit = scene.units.get(h.piece_id)
        if unit is None and h.piece_id in scene.markers and h.role not in MARKER_MARKS:
            continue
        named.add(h.piece_id)
        # A unit, a marker or a terrain feature (King of the Hill's pick), by its
        # name: 'Building', or 'Building (terrain-2)' where two share it.
        known = scene.has_piece(h.piece_id)
        label = piece_called(scene, scene.piece(h.piece_id)) if known else h.piece_id
        side = f" [{side_name(scene, h.side)}]" if h.side else ""
        note = f"  ({h.label})" if h.label else ""
        out.append((h.piece_id, f"{label}{side}  {MARK_WORDS[h.role]}{note}"))
    return out


def winner_name(scene: Scene, board: Scoreboard) -> str:
    return side_name(scene, board.winner) if board.winner else ""


def summary_text(scene: Scene, board: Scoreboard) -> str:
    """The scoreboard's summary, then 'Winner: Prussia' once there is one."""
    winner = winner_name(scene, board)
    if not winner:
        return board.summary
    return f"{board.summary}  Winner: {winner}" if board.summary else f"Winner: {winner}"


def result_text(state: GameState, board: Scoreboard | None) -> str | None:
    """'Prussia has won the battle (6 banners)' once the rules name a winner;
    None while nobody has won."""
    if board is None or board.winner is None:
        return None
    words = family_of(state.setup).words
    name = side_name(state.scene, board.winner)
    total = board.totals.get(board.winner)
    if total is None:
        return f"{name} has won {words.game}"
    return f"{name} has won {words.game} ({words.count(float(total))})"


# -- totals and tiles (the streamer's score bar) ---------------------------------------


def points_unknown(r: ObjectiveResult) -> bool:
    """The value this view does not know (a face-down objective in a player's view)."""
    return bool(r.details.get("points_unknown"))


def face_down(r: ObjectiveResult) -> bool:
    """A value the players at the table do not know yet (shown in the referee's view)."""
    return bool(r.details.get("hidden")) and not r.details.get("revealed", True)


def hidden_by_side(board: Scoreboard) -> dict[str, int]:
    """How many objectives each side scores whose value this view does not know."""
    out: dict[str, int] = {}
    for r in board.results:
        if points_unknown(r) and r.leader:
            out[r.leader] = out.get(r.leader, 0) + 1
    return out


def total_text(words: Words, total: float, hidden: int = 0, target: float | None = None) -> str:
    """'3 VP', or '3 VP + ? (1 hidden)' when objectives of unknown value add to
    it; '1 banner (target 4)' when the rules set a ``target`` for the side, '6
    banners (target 6 reached)' once it is ('4 to win' read as '4 more')."""
    text = words.count(total)
    text = f"{text} + ? ({hidden} hidden)" if hidden else text
    if target is None:
        return text
    return f"{text} (target {number(target)}{' reached' if total >= target else ''})"


def tile_text(scene: Scene, words: Words, r: ObjectiveResult, *, over: bool) -> str:
    """One objective in a score bar tile: 'Orcs leads · 2 VP', 'United States wins ·
    2 banners to 1' (the others' points too, where they have some), 'nobody yet ·
    1–0', 'nobody (final)' (``over``: the game has ended, as ``standing`` reads it)."""
    if tally(r):
        return counts_text(scene, r.counts)  # 'United States 5 · Germany 4'
    s = standing(scene, r, over=over)
    pts = r.points.get(s.side) if s.side else None
    if s.side and points_unknown(r):
        return f"{s.leader} · {words.count('?')} (hidden)"
    if isinstance(pts, int | float) and pts:
        text = f"{s.leader} · {words.count(pts)}"
        others = [r.points.get(x, 0) for x in scene.side_ids if x != s.side]
        if any(others):  # banners the others keep too: 'wins · 2 banners to 1'
            text += " to " + "–".join(number(o) for o in others)
        return f"{text} (face down)" if face_down(r) else text
    if r.counted.startswith("no ") or (r.final and not s.side and not any(r.counts.values())):
        # Counts that decide nothing (a destroyed objective's 0-0): the standing
        # says it all, "nobody (final)".
        return s.text
    if r.counts:
        return f"{s.leader} · " + "–".join(number(r.counts.get(x, 0)) for x in scene.side_ids)
    return s.leader


# -- rows (the score panel and the rendered page) -------------------------------------


@dataclass(frozen=True)
class ScoreRow:
    objective_id: str
    name: str
    leader: str  # the standing's text: "Orcs leads (if the game ended now)"
    leader_side: str | None
    counts: str
    reason: str
    problems: str
    final: bool
    #: Every piece that counts, is in range or contests: (piece id, its line as
    #: ``counting_line`` words it: distance, margin and what decided it).
    pieces: tuple[tuple[str, str], ...] = ()


def score_row(scene: Scene, r: ObjectiveResult, *, over: bool) -> ScoreRow:
    """``r`` as a row (``over``: the game has ended, as ``standing`` reads it)."""
    s = standing(scene, r, over=over)
    return ScoreRow(
        objective_id=r.objective_id,
        name=r.name,
        leader=s.text,
        leader_side=s.side,
        counts=counted_text(scene, r),
        reason=r.reason,
        problems="; ".join(r.problems),
        final=r.final,
        pieces=tuple(piece_lines(scene, r)),
    )


def score_rows(scene: Scene, board: Scoreboard, *, over: bool) -> list[ScoreRow]:
    """Every result of ``board`` as a row (``over``: the game has ended)."""
    return [score_row(scene, r, over=over) for r in board.results]


def piece_ids(r: ObjectiveResult) -> set[str]:
    """The pieces an objective row points at: its counting list and piece marks."""
    ids = {c.piece_id for c in r.counting}
    ids |= {h.piece_id for h in r.highlights if isinstance(h, PieceMark)}
    return ids

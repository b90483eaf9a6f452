"""A Memoir '44 medal objective: one medal tag of a scenario (a hex, or a hex and
its group), scored as Memoir scores it.

When it is checked: at setup, after every event, and at the start of every
turn; a ``turn_start`` medal only at the start of the turn of a side that may
gain it, so it is gained and lost only then. Once held, a ``permanent`` medal is
never checked again.

How the holder is found, in this order (docs/hex.md, "Memoir '44 scenarios"):

1. the first side listed in ``sides`` that occupies at least ``need`` hexes of
   the objective (``need`` default 1);
2. ``majority``: instead, the side occupying strictly more of the hexes than the
   opponent, if it may gain the medal (a tie: nobody);
3. ``sole_control``: nobody while the other side has a unit on any of the hexes;
4. ``any_hex``: the first side listed takes it whenever it occupies ``need``
   hexes, whatever the majority says (only where steps 1-3 found a holder).

A new holder takes the medal from the old one; with nobody found the holder
loses it, except under ``last_to_occupy``, where the last side to hold it keeps
it until the other side takes it, and under ``held_by``, where that side holds
it whenever nobody qualifies (a scenario's "the Axis hold it unless an Allied
unit stands on it"; held so, a ``permanent`` medal is not yet kept for good).
The holder scores ``counts_for`` banners. With ``needed_to_win``, a side the
medal serves wins only while holding it (a scenario's "10 medals, including
the Airfield").
"""

from __future__ import annotations

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.events import Event, TurnStart
from tabletop_gui.model.hexgrid import Hex
from tabletop_gui.model.names import possessive
from tabletop_gui.model.scene import Scene
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.hexbanners.base import side_name
from tabletop_gui.rules.hexbanners.memoir.common import MemoirObjective, what_happened
from tabletop_gui.rules.hexbanners.occupancy import occupied_by
from tabletop_gui.rules.objective import missing
from tabletop_gui.rules.play_types import Param
from tabletop_gui.rules.scoreboard import HexMark, Highlight, ObjectiveResult, strict_leader

PERMANENT = "permanent"
TURN_START = "turn_start"
MAJORITY = "majority"
SOLE_CONTROL = "sole_control"
LAST_TO_OCCUPY = "last_to_occupy"
ANY_HEX = "any_hex"
NEED = "need"
COUNTS_FOR = "counts_for"
HELD_BY = "held_by"
NEEDED_TO_WIN = "needed_to_win"


@dataclass(frozen=True)
class MedalHolding:
    holder: str | None = None
    how: str = ""  # how the holder gained or kept it
    lost: str = ""  # why the last holder lost it
    #: Held by ``held_by`` because nobody qualifies (not gained: a permanent
    #: medal held so is still open).
    by_default: bool = False


class MemoirMedal(MemoirObjective):
    kind = "hex.memoir_medal"
    title = "Memoir '44 medal"
    params = (
        Param(NEED, "int", 1, "Hexes of the objective a side must occupy"),
        Param(COUNTS_FOR, "int", 1, "Banners the holder scores"),
        Param(PERMANENT, "bool", False, "Once held, kept for good"),
        Param(
            TURN_START,
            "bool",
            False,
            "Gained and lost only at the start of the turn of a side that may gain it",
        ),
        Param(MAJORITY, "bool", False, "Held by the side occupying more of the hexes"),
        Param(
            SOLE_CONTROL,
            "bool",
            False,
            "Nobody holds it while the enemy has a unit on any of the hexes",
        ),
        Param(
            LAST_TO_OCCUPY, "bool", False, "The last holder keeps it until the other side takes it"
        ),
        Param(
            ANY_HEX,
            "bool",
            False,
            "The first side listed takes it on any hex, whatever the majority",
        ),
        Param(
            HELD_BY,
            "side",
            None,
            "The side holding it whenever no side qualifies (the Axis hold it unless an "
            "Allied unit stands on it)",
        ),
        Param(
            NEEDED_TO_WIN,
            "bool",
            False,
            "A side it serves wins only while holding it (10 medals, including this one)",
        ),
    )
    flags = (PERMANENT, TURN_START, MAJORITY, SOLE_CONTROL, LAST_TO_OCCUPY, ANY_HEX, NEEDED_TO_WIN)
    numbers = ((NEED, 1), (COUNTS_FOR, 1))

    def validate(self) -> list[tuple[str, str]]:
        errors = super().validate()
        need, listed = self.param(NEED, 1), self.param("hexes", None)
        if isinstance(need, int) and isinstance(listed, list) and need > len(listed) > 0:
            errors.append((NEED, f"{need} is more than the {len(listed)} hexes listed"))
        held_by = self.param(HELD_BY, None)
        if held_by is not None and not isinstance(held_by, str):
            errors.append((HELD_BY, f"expected a side id, got {held_by!r}"))
        return errors

    def validate_on(self, scene: Scene) -> list[tuple[str, str]]:
        problems = super().validate_on(scene)
        held_by = self.param(HELD_BY, None)
        gone = missing("side", held_by, scene.side_ids) if held_by is not None else None
        return problems + ([(HELD_BY, gone)] if gone else [])

    @property
    def held_by(self) -> str | None:
        held_by = self.param(HELD_BY, None)
        return held_by if isinstance(held_by, str) else None

    @property
    def need(self) -> int:
        return self.number(NEED, 1)

    @property
    def counts_for(self) -> int:
        return self.number(COUNTS_FOR, 1)

    # -- words ------------------------------------------------------------
    def what(self) -> str:
        """The medal's rule in words: 'a turn-start permanent medal worth 2'."""
        when = "turn-start " if self.flag(TURN_START) else ""
        how = "permanent" if self.flag(PERMANENT) else "temporary"
        kind = "majority medal" if self.flag(MAJORITY) else "medal"
        extras = []
        if self.counts_for > 1:
            extras.append(f"worth {self.counts_for}")
        if self.need > 1:
            extras.append(f"needs {self.need} hexes")
        if self.flag(SOLE_CONTROL):
            extras.append("sole control")
        if self.flag(LAST_TO_OCCUPY):
            extras.append("the last to occupy keeps it")
        if self.flag(ANY_HEX):
            extras.append("any hex")
        if self.flag(NEEDED_TO_WIN):
            extras.append("needed to win")
        more = f" ({', '.join(extras)})" if extras else ""
        return f"{when}{how} {kind}{more}"

    def counts(self, state: GameState) -> dict[str, int]:
        return {s: len(occupied_by(state, s, self.hexes)) for s in state.scene.side_ids}

    def standing(self, state: GameState, side: str, past: bool = False) -> str:
        """What ``side`` holds of the medal's hexes (``past``: worded as what it
        held when it took a medal kept for good, which outlives the occupation)."""
        counts = self.counts(state)
        mine = counts.get(side, 0)
        if self.flag(MAJORITY):
            others = ", ".join(f"{v}" for s, v in counts.items() if s != side) or "0"
            held = "held" if past else "holds"
            return f"{held} {mine} to {others} of the {len(self.hexes)} hexes of {self.where()}"
        occupies = "occupied" if past else "occupies"
        if len(self.hexes) == 1:
            return f"{occupies} {self.where()}"
        return f"{occupies} {mine} of the {len(self.hexes)} hexes of {self.where()}"

    # -- the rule ---------------------------------------------------------
    def allowed(self, state: GameState) -> list[str]:
        return [s for s in self.sides(state) if s in state.scene.side_ids]

    def choose(self, state: GameState, allowed: list[str]) -> str | None:
        """Who holds the medal now by the steps in the module's docstring, among
        ``allowed`` (every side that may gain it, or the one whose turn starts)."""
        counts = self.counts(state)
        need = self.need
        holder = next((s for s in allowed if counts.get(s, 0) >= need), None)
        if holder is not None and self.flag(MAJORITY):
            lead = strict_leader({s: float(v) for s, v in counts.items()})
            holder = lead if lead in allowed else None
        if (
            holder is not None
            and self.flag(SOLE_CONTROL)
            and any(v > 0 for s, v in counts.items() if s != holder)
        ):
            holder = None
        if holder is not None and self.flag(ANY_HEX):
            first = self.allowed(state)[:1]
            if first and first[0] in allowed and counts.get(first[0], 0) >= need:
                holder = first[0]
        return holder

    def by_default(self, state: GameState) -> MedalHolding:
        """The medal with nobody qualifying: held by ``held_by`` if set, else by nobody."""
        side = self.held_by
        if side is None or side not in state.scene.side_ids:
            return MedalHolding()
        return MedalHolding(
            side, f"{side_name(state, side)} holds it while no other side qualifies", "", True
        )

    def initial(self, state: GameState) -> MedalHolding:
        if self.flag(TURN_START):
            return self.by_default(state)
        holder = self.choose(state, self.allowed(state))
        if holder is None:
            return self.by_default(state)
        how = f"{side_name(state, holder)} {self.standing(state, holder)} at setup"
        return MedalHolding(holder, how)

    def holding(self, state: GameState) -> MedalHolding:
        rec = self.record(state, None)
        return rec if isinstance(rec, MedalHolding) else self.initial(state)

    def fold(self, before: GameState, event: Event, after: GameState) -> GameState:
        rec = self.holding(before)
        return after.with_record(self.id, self.step(before, event, after, rec))

    def step(
        self, before: GameState, event: Event, after: GameState, rec: MedalHolding
    ) -> MedalHolding:
        if rec.holder is not None and self.flag(PERMANENT) and not rec.by_default:
            return rec
        allowed = self.allowed(after)
        starting = ""
        if self.flag(TURN_START):
            if not (isinstance(event, TurnStart) and event.side in allowed):
                return rec
            allowed = [event.side]
            starting = f" at the start of its turn {event.turn}"
        new = self.choose(after, allowed)
        if new == rec.holder and not (rec.by_default and new is not None):
            return rec
        if new is None:
            if rec.holder is None or rec.by_default:
                return rec
            if rec.holder not in allowed:
                return rec  # another side's turn start leaves this holder alone
            who = side_name(after, rec.holder)
            if self.flag(LAST_TO_OCCUPY):
                return MedalHolding(
                    rec.holder, f"{who} was the last to occupy {self.where()} and keeps it"
                )
            fallback = self.by_default(after)
            if fallback.holder is not None:
                return fallback
            why = f"{who} lost it{starting}: {what_happened(before, event)}"
            return MedalHolding(None, lost=why)
        taken = rec.holder is not None and rec.holder != new
        took = f" (taken from {side_name(after, rec.holder)})" if taken else ""
        if self.flag(PERMANENT):
            moment = what_happened(before, event)
            held = self.standing(after, new, past=True)
            taker = side_name(after, new)
            how = f"{taker} took it for good when it {held}{starting}{took} ({moment})"
        else:
            how = f"{side_name(after, new)} {self.standing(after, new)}{starting}{took}"
        return MedalHolding(new, how)

    def banners(self, state: GameState) -> dict[str, int]:
        holder = self.holding(state).holder
        return {holder: self.counts_for} if holder is not None else {}

    def win_blocked(self, state: GameState, side: str) -> str | None:
        """With ``needed_to_win``: why ``side`` (one it serves) cannot win while not
        holding it; else None."""
        if not self.flag(NEEDED_TO_WIN) or side not in self.allowed(state):
            return None
        if self.holding(state).holder == side:
            return None
        return f"{side_name(state, side)} does not hold {self.where()}, which it needs to win"

    # -- the result -------------------------------------------------------
    def evaluate(self, state: GameState) -> ObjectiveResult:
        rec = self.holding(state)
        hexes = self.valid_hexes(state)
        allowed = self.allowed(state)
        who = " or ".join(side_name(state, s) for s in allowed) or "nobody"
        medals = "banner" if self.counts_for == 1 else f"{self.counts_for} banners"
        if rec.holder is not None:
            reason = f"{rec.how}: {side_name(state, rec.holder)} holds the {medals}."
        else:
            lost = f" ({rec.lost})" if rec.lost else ""
            reason = f"Nobody holds it{lost}."
        reason = f"{self.what().capitalize()} for {who}. {reason} {self.now_text(state, hexes)}"
        kept = self.flag(PERMANENT) and rec.holder is not None and not rec.by_default
        pieces, counting = self.occupant_marks(state, hexes, rec.holder, kept=kept)
        highlights: list[Highlight] = [HexMark(tuple(hexes), rec.holder, self.name), *pieces]
        return self.result(
            state,
            self.banners(state),
            reason,
            permanent=self.flag(PERMANENT),
            counting=counting,
            highlights=highlights,
            details={"holder": rec.holder},
        )

    def not_held_note(self, state: GameState, side: str) -> str:
        """Why ``side``'s unit on the medal does not count while nobody holds it."""
        name = side_name(state, side)
        if self.choose(state, [side]) == side:
            if self.flag(TURN_START):  # gained only at the start of the side's turn
                return f"counts from {possessive(name)} next turn start"
            return f"{name} does not hold it"
        if self.flag(MAJORITY):
            return f"{name} has no majority of the {len(self.hexes)} hexes"
        if self.counts(state).get(side, 0) < self.need:
            return f"{name} needs {self.need} of the {len(self.hexes)} hexes"
        if self.flag(SOLE_CONTROL):
            return "an enemy unit is on the hexes too"
        return f"{name} does not hold it"

    def now_text(self, state: GameState, hexes: list[Hex]) -> str:
        counts = self.counts(state)
        held = self.flag(PERMANENT) and self.holding(state).holder is not None
        if held:
            note = " It is held for good."
        elif self.flag(TURN_START):
            note = " It changes hands only at the start of a turn of a side that may gain it."
        else:
            note = ""
        if not any(counts.values()):
            return f"Now nobody occupies {self.where()}.{note}"
        each = ", ".join(f"{side_name(state, s)} {v}" for s, v in counts.items())
        return f"Now, hexes occupied of {len(self.hexes)}: {each}.{note}"

"""The hex Victory Banner family: folds turn starts, exits, eliminations and
cards into records, snaps moved units to hex centres, refuses what the board
forbids, ends the battle (the clock is over) the instant a side reaches its
banner target, and adds banners up to totals and a winner."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tabletop_gui.model.events import (
    AddPiece,
    Event,
    GameEnd,
    MovePiece,
    PhaseEnd,
    PhaseStart,
    RemoveCasualty,
    TurnStart,
    UpdatePiece,
)
from tabletop_gui.model.hexgrid import Hex, HexBoard, hex_label, row_label, snap
from tabletop_gui.model.names import possessive
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.scene import Setup
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.engine import objectives_of
from tabletop_gui.rules.hexbanners import records, settings
from tabletop_gui.rules.hexbanners.base import side_name
from tabletop_gui.rules.hexbanners.events import (
    EVENTS,
    Eliminate,
    ExitBoard,
    HexMove,
    LoseFigures,
    PlayCard,
    Retreat,
    TakeTimePressureBanner,
)
from tabletop_gui.rules.hexbanners.exits import Breakthrough, ExitObjective, Withdraw
from tabletop_gui.rules.hexbanners.fields import FIELDS, FIGURES, LEADER
from tabletop_gui.rules.hexbanners.memoir.exit_markers import MemoirExit, exit_hexes
from tabletop_gui.rules.hexbanners.memoir.medal import MemoirMedal
from tabletop_gui.rules.hexbanners.memoir.sudden_death import SuddenDeath
from tabletop_gui.rules.hexbanners.occupancy import board_of, hex_of, ordered_move
from tabletop_gui.rules.hexbanners.permanent import Permanent, TurnStartPermanent
from tabletop_gui.rules.hexbanners.play import HexBannersPlay
from tabletop_gui.rules.hexbanners.sector import ClearingSector
from tabletop_gui.rules.hexbanners.temporary import (
    StartTurnTemporary,
    Temporary,
    TurnStartMajority,
)
from tabletop_gui.rules.hexbanners.time_pressure import TimePressure
from tabletop_gui.rules.hexbanners.totals import (
    banner_totals,
    elimination_banners,
    targets,
    win_blocks,
    winner,
)
from tabletop_gui.rules.play_types import Action
from tabletop_gui.rules.scoreboard import ObjectiveResult, Scoreboard, Status, strict_leader

ELIMINATIONS_ID = "hex.eliminations"
BEFORE_ID = "hex.banners_before"
FIGURES_ID = "hex.figures"
#: The rule's own words for leaving the battlefield (docs/hex.md, Objectives).
#: The conditions for leaving the battlefield, in this program's words (docs/hex.md,
#: Leaving the battlefield).
EXIT_START = (
    "a unit leaves the battlefield only from a baseline it already stood on when its turn began"
)
EXIT_SAME = "and, under exit_same_hex, only from the very hex it stood on"
EXIT_ORDERED = "must be ordered and move off"


def exit_rows(state: GameState, board: HexBoard, side: str) -> set[int]:
    """The baseline rows ``side``'s units may leave the board from: the opponent's
    (Breakthrough) and its own (Withdraw) as the active exit objectives name them;
    both baselines when none does."""
    rows = named_rows(state, side)
    return rows or {0, board.rows - 1}


def exit_same_hex(state: GameState, board: HexBoard, side: str, here: Hex) -> bool:
    """The narrower reading applies to ``side`` leaving from ``here``: the exit
    objective naming its side and that baseline says so (its ``same_hex``, else
    the setting), or the setting does where no exit objective names it."""
    found = [
        obj
        for obj in objectives_of(state.setup)
        if isinstance(obj, ExitObjective) and side in obj.sides(state)
        and obj.baseline_row(state, side) == here[1]
    ]  # fmt: skip
    if not found:
        return settings.exit_same_hex(state.setup)
    return any(obj.same_hex(state) for obj in found)


def named_rows(state: GameState, side: str) -> set[int]:
    """The baseline rows the Breakthrough and Withdraw objectives naming ``side``
    give it a banner for leaving by (none: no such objective names it)."""
    return {
        row
        for obj in objectives_of(state.setup)
        if isinstance(obj, ExitObjective) and side in obj.sides(state)
        and (row := obj.baseline_row(state, side)) is not None
    }  # fmt: skip


def named_by_exit(state: GameState, side: str) -> bool:
    """Some exit objective (Breakthrough, Withdraw, Memoir exit markers) names ``side``."""
    return any(
        isinstance(obj, ExitObjective | MemoirExit) and side in obj.sides(state)
        for obj in objectives_of(state.setup)
    )


def hex_list(hexes: set[Hex]) -> str:
    return ", ".join(hex_label(h) for h in sorted(hexes))


def exit_flags(state: GameState, board: HexBoard, unit: Unit) -> list[str]:
    """Why an exit the family takes in the unit's side's turn deserves the
    referee's look (docs/hex.md, Leaving the battlefield): it gives no banner
    where the side's exits are Memoir exit hexes and it left by another hex, or
    where no exit objective names the side; and leaving is a move, so one made
    outside the movement phase is flagged too."""
    out: list[str] = []
    here = hex_of(board, unit)
    side = side_name(state, unit.side)
    cite = "(docs/hex.md, Leaving the battlefield)"
    marked = exit_hexes(state, unit.side)
    if here is not None and marked and here not in marked:
        if here[1] not in named_rows(state, unit.side):
            out.append(
                f"{unit.name} left by hex {hex_label(here)}, not one of "
                f"{possessive(side)} exit hexes ({hex_list(marked)}): no banner {cite}"
            )
    elif here is not None and not named_by_exit(state, unit.side):
        out.append(
            f"{unit.name} left by hex {hex_label(here)}: no exit objective names {side}, "
            f"so leaving the battlefield earns it no banner {cite}"
        )
    move = settings.movement_phase(state.setup)
    if state.clock.phase != move:
        out.append(
            f"{unit.name} left the board outside {possessive(side)} {move} phase: moving "
            f"off the board is part of an ordered move {cite}"
        )
    return out


class HexBanners(HexBannersPlay):
    name = "hex"
    title = "Hex Victory Banners"
    setting_names = tuple(settings.DEFAULTS)

    @classmethod
    def settings_problems(cls, setup: Setup) -> list[str]:
        return settings.problems(setup)

    #: A two-player game: the loader refuses a file with any other number of sides.
    side_count = 2
    objectives = (
        Breakthrough, Withdraw, MemoirExit, MemoirMedal, SuddenDeath, Permanent,
        TurnStartPermanent, ClearingSector, Temporary, StartTurnTemporary, TurnStartMajority,
        TimePressure,
    )  # fmt: skip
    events = EVENTS
    piece_fields = FIELDS

    # -- refusals ---------------------------------------------------------
    def check(self, state: GameState, event: Event) -> str | None:
        # Once a side has won, the clock is over and the engine refuses everything.
        board = board_of(state)
        if board is None:
            return None
        if isinstance(event, HexMove | Retreat):
            return self._check_destination(state, board, event.unit_id, tuple(event.to))
        if isinstance(event, MovePiece) and event.piece_id in state.scene.units:
            to = board.point_to_hex(event.x, event.y)
            return self._check_destination(state, board, event.piece_id, to)
        if isinstance(event, AddPiece) and event.unit is not None:
            to = board.point_to_hex(event.unit.x, event.unit.y)
            return self._check_destination(state, board, event.unit.id, to, event.unit)
        if isinstance(event, UpdatePiece) and {"x", "y"} & event.changes.keys():
            # A place given as a field edit (files written before the window wrote
            # it as a move) is held to the same hex rule as a move.
            unit = state.scene.units.get(event.piece_id)
            if unit is not None and not unit.removed:
                x, y = event.changes.get("x", unit.x), event.changes.get("y", unit.y)
                if isinstance(x, int | float) and isinstance(y, int | float):
                    to = board.point_to_hex(float(x), float(y))
                    return self._check_destination(state, board, unit.id, to)
        if isinstance(event, ExitBoard):
            return self._check_exit(state, board, event)
        if isinstance(event, PlayCard) and state.clock.side not in (None, event.side):
            return (
                f"{side_name(state, event.side)} plays a Command card only in its own turn "
                f"(it is {possessive(side_name(state, state.clock.side))} turn)."
            )
        if isinstance(event, TakeTimePressureBanner) and not any(
            spec.kind == "hex.time_pressure" for spec in state.setup.objectives
        ):
            return "This scenario has no Time Pressure objective."
        return None

    def _check_destination(
        self,
        state: GameState,
        board: HexBoard,
        unit_id: str,
        to: tuple[int, ...],
        unit: Unit | None = None,
    ) -> str | None:
        dest: Hex = (int(to[0]), int(to[1]))
        unit = unit or state.scene.units.get(unit_id)
        if unit is None:
            return None  # the event itself reports the unknown unit
        if not board.contains(dest):
            return f"{unit.name}: hex {hex_label(dest)} is not on the board."
        if not settings.one_unit_per_hex(state.setup):
            return None
        for other in state.scene.units.values():
            if other.id == unit.id or other.removed or hex_of(board, other) != dest:
                continue
            both_leaders = LEADER.of(other) and LEADER.of(unit)
            if other.side != unit.side and not both_leaders:
                return (
                    f"{unit.name} cannot enter hex {hex_label(dest)}: enemy {other.name} is there."
                )
            if not LEADER.of(other) and not LEADER.of(unit):
                return f"{unit.name} cannot enter hex {hex_label(dest)}: {other.name} is there."
        return None

    def _check_exit(self, state: GameState, board: HexBoard, event: ExitBoard) -> str | None:
        unit = state.scene.units.get(event.unit_id)
        if unit is None or unit.removed:
            return None
        h = hex_of(board, unit)
        rows = (0, board.rows - 1)
        if h is None or (h[1] not in rows and h not in exit_hexes(state, unit.side)):
            where = f"hex {hex_label(h)}" if h else "no hex"
            return (
                f"{unit.name} stands on {where}: a unit leaves the board only from a baseline "
                "hex (or a scenario's exit hex)."
            )
        if state.clock.side is not None and state.clock.side != unit.side:
            return (
                f"{unit.name} cannot exit in "
                f"{possessive(side_name(state, state.clock.side))} turn: "
                f"only an ordered unit moves off the board."
            )
        if not event.ordered:
            return (
                f"{unit.name} was not ordered: a unit leaving the battlefield "
                f"{EXIT_ORDERED} (docs/hex.md, Objectives)."
            )
        if h in exit_hexes(state, unit.side):
            return None  # a Memoir '44 exit hex: no start-of-turn condition (docs/hex.md)
        return self._check_exit_start(state, board, unit)

    def _check_exit_start(self, state: GameState, board: HexBoard, unit: Unit) -> str | None:
        """Where the unit stood at the start of its turn: on a baseline hex it may
        leave from (the opponent's for Breakthrough, its own for Withdraw; either
        baseline when no exit objective names its side)."""
        snap_ = records.turn_start(state, unit.side)
        if snap_ is None or state.clock.side != unit.side:
            return None  # no turn of the unit's side in the log: nothing to judge by
        rows = exit_rows(state, board, unit.side)
        start = snap_.hexes.get(unit.id)
        here = hex_of(board, unit)
        cite = "(docs/hex.md, Leaving the battlefield)"
        if start is None or start[1] not in rows:
            where = f"hex {hex_label(start)}" if start is not None else "off the board"
            marked = exit_hexes(state, unit.side)
            if marked and here is not None:
                return (
                    f"{unit.name} cannot leave by hex {hex_label(here)}: it is not one of "
                    f"{possessive(side_name(state, unit.side))} exit hexes "
                    f"({hex_list(marked)}), and off them {EXIT_START}; it stood on {where} "
                    f"{cite}."
                )
            lines = " or ".join(f"row {row_label(r)}" for r in sorted(rows))
            return (
                f"{unit.name} stood on {where} at the start of its turn, not on a baseline hex "
                f"it may leave from ({lines}): {EXIT_START} {cite}."
            )
        if here is not None and here[1] != start[1]:
            return (
                f"{unit.name} stood on hex {hex_label(start)} (row {row_label(start[1])}) at the "
                f"start of its turn, not on this baseline: {EXIT_START} {cite}."
            )
        if here is not None and here != start and exit_same_hex(state, board, unit.side, here):
            return (
                f"{unit.name} stood on hex {hex_label(start)} at the start of its turn, not on "
                f"hex {hex_label(here)}: {EXIT_START}, {EXIT_SAME} {cite}."
            )
        return None

    def flags(self, before: GameState, event: Event, after: GameState) -> list[str]:
        """The play flags, and an exit in its side's turn that gives no banner or
        is made outside the movement phase (``exit_flags``)."""
        found = super().flags(before, event, after)
        board = board_of(before)
        if isinstance(event, ExitBoard) and board is not None:
            unit = before.scene.units.get(event.unit_id)
            if unit is not None and before.clock.side == unit.side:
                found += exit_flags(before, board, unit)
        return found

    def actions(
        self, state: GameState, ids: Sequence[str], point: tuple[float, float] | None
    ) -> list[Action]:
        """The play actions; an exit of a unit of the side whose turn it is that
        would be flagged (no banner, outside the movement phase: ``exit_flags``)
        is not offered now, with the reason."""
        out = super().actions(state, ids, point)
        board = board_of(state)
        for i, action in enumerate(out):
            exit_ = action.events[0] if len(action.events) == 1 else None
            if board is None or action.not_now or not isinstance(exit_, ExitBoard):
                continue
            unit = state.scene.units.get(exit_.unit_id)
            refused = self.check(state, exit_)  # the refusal's reason says more
            if unit is not None and state.clock.side == unit.side and refused is None:
                why = exit_flags(state, board, unit)
                out[i] = replace(action, not_now=why[0]) if why else action
        return out

    # -- records ----------------------------------------------------------
    def settle(self, before: GameState, event: Event, after: GameState) -> GameState:
        """The battle ends the instant a side reaches its banner target (judged
        after the objectives' folds: a permanent capture, a sector clear, a banner
        taken): the clock is marked over. Undo, a Timeline.pop, brings it back."""
        if after.clock.over or winner(after) is None:
            return after
        return after.with_clock(over=True)

    def game_over(self, state: GameState) -> bool:
        """Over once a side has reached its target: the clock says so from the
        winning event on; a setup whose ``banners_before`` already reach a target
        is over before its first event, which is refused like any later one."""
        return state.clock.over or (state.index == 0 and winner(state) is not None)

    def refusal_after_end(self, state: GameState, event: Event) -> str | None:
        won = winner(state)
        if won is None:
            return super().refusal_after_end(state, event)
        if isinstance(event, GameEnd):
            return None  # the battle has ended already: a game_end changes nothing
        total = banner_totals(state)[won]
        banners = "Victory Banner" if total == 1 else "Victory Banners"
        return (
            f"The battle is over: {side_name(state, won)} reached {total} {banners} "
            f"(target {targets(state)[won]}); to go on, undo the winning event "
            "or continue from a moment before it."
        )

    def fold(self, before: GameState, event: Event, after: GameState) -> GameState:
        board = board_of(after)
        if board is None:
            return after
        after = _fold_play(before, event, after)
        if isinstance(event, MovePiece | AddPiece):
            after = self._snap(event, board, after)
        elif isinstance(event, TurnStart) and event.side is not None:
            hexes = {
                u.id: h
                for u in after.scene.units.values()
                if u.side == event.side and (h := hex_of(board, u)) is not None
            }
            starts = dict(after.records.get(records.TURN_START, {}))
            starts[event.side] = records.TurnStartSnapshot(event.turn, event.side, hexes)
            after = after.with_record(records.TURN_START, starts)
        elif isinstance(event, ExitBoard):
            unit = before.scene.units[event.unit_id]
            h = hex_of(board, unit)
            snap_ = records.turn_start(before, unit.side)
            own = before.clock.side == unit.side
            start = snap_.hexes.get(unit.id) if snap_ is not None and own else None
            exit_ = records.Exit(
                unit.id, unit.name, unit.side, h or (-1, -1), before.clock.turn,
                event.ordered, own, start, after.index + 1,
            )  # fmt: skip
            after = after.with_record(records.EXITS, (*records.exits(after), exit_))
        elif isinstance(event, Eliminate | RemoveCasualty | LoseFigures):
            after = self._fold_loss(before, event, after)
        elif isinstance(event, PlayCard):
            play = records.CardPlay(event.side, event.card, before.clock.turn, after.index + 1)
            after = after.with_record(records.CARDS, (*records.cards(after), play))
        return after

    def _fold_loss(
        self, before: GameState, event: Eliminate | RemoveCasualty | LoseFigures, after: GameState
    ) -> GameState:
        """Figures lost (to a hit, or the rest of them with the unit) and an
        elimination (the whole unit, or its last figure): one banner to the enemy."""
        unit = before.scene.units[event.unit_id]
        if unit.removed:
            return after
        index, turn = after.index + 1, before.clock.turn
        left = FIGURES.of(unit)
        eliminated = not isinstance(event, LoseFigures) or event.count >= (left or 0)
        lost = event.count if isinstance(event, LoseFigures) else left
        if lost:
            loss = records.FigureLoss(unit.id, unit.name, unit.side, lost, eliminated, turn, index)
            after = after.with_record(records.FIGURES_LOST, (*records.figures_lost(after), loss))
        if eliminated:
            gone = records.Loss(unit.id, unit.name, unit.side, LEADER.of(unit), turn, index)
            after = after.with_record(records.LOSSES, (*records.losses(after), gone))
        return after

    def _snap(self, event: MovePiece | AddPiece, board: HexBoard, after: GameState) -> GameState:
        uid = event.piece_id if isinstance(event, MovePiece) else getattr(event.unit, "id", None)
        unit = after.scene.units.get(uid) if uid else None
        if unit is None:
            return after
        x, y = snap(board, unit.x, unit.y)
        if (x, y) == (unit.x, unit.y):
            return after
        return after.with_scene(after.scene.with_piece(replace(unit, x=x, y=y)))

    # -- totals -----------------------------------------------------------
    def summarize(self, state: GameState, results: Sequence[ObjectiveResult]) -> Scoreboard:
        elim = self._eliminations(state)
        all_results = (*results, elim, *self._figures(state), *self._before(state))
        totals: dict[str, float] = {s: 0.0 for s in state.scene.side_ids}
        for r in all_results:
            for side, n in r.points.items():
                totals[side] = totals.get(side, 0.0) + n
        whole = {s: int(v) for s, v in totals.items()}
        won = winner(state, whole)
        tgt = targets(state)
        parts = []
        for s in state.scene.side_ids:
            of = f"/{tgt[s]}" if tgt[s] is not None else ""
            parts.append(f"{side_name(state, s)} {whole[s]}{of}")
        summary = "Victory Banners: " + ", ".join(parts)
        if all(t is None for t in tgt.values()):
            summary += " (no banner target set: no instant win)"
        figures = next((r for r in all_results if r.objective_id == FIGURES_ID), None)
        if figures is not None:
            each = ", ".join(f"{side_name(state, s)} {int(n)}" for s, n in figures.counts.items())
            summary += f"; figures lost: {each}"
        if won is not None:
            summary += f". {side_name(state, won)} reached its target and wins the battle."
        else:
            summary += "".join(f". {line}" for line in _held_back(state, whole, tgt))
        if won is not None or state.clock.over:  # a target reached, or a game_end
            all_results = tuple(_at_the_end(r) for r in all_results)
        return Scoreboard(
            results=all_results, totals=totals, winner=won, summary=summary,
            targets={s: t for s, t in tgt.items() if t is not None},
        )  # fmt: skip

    def _before(self, state: GameState) -> tuple[ObjectiveResult, ...]:
        """The banners the setup says were won before the log starts, if any."""
        before = settings.banners_before(state.setup)
        if not before:
            return ()
        counts = {s: float(before.get(s, 0)) for s in state.scene.side_ids}
        text = ", ".join(f"{side_name(state, s)} {before.get(s, 0)}" for s in state.scene.side_ids)
        leader = strict_leader(counts)
        return (
            ObjectiveResult(
                objective_id=BEFORE_ID,
                name="Banners won before the log",
                kind=BEFORE_ID,
                status=Status.WON if leader else Status.TIE,
                leader=leader,
                counts=counts,
                reason=f"Won before the log starts (settings.{settings.BANNERS_BEFORE}): {text}.",
                points={s: float(n) for s, n in before.items()},
                counted="banners",
            ),
        )

    def _figures(self, state: GameState) -> tuple[ObjectiveResult, ...]:
        """The figures each side has lost (a battle whose units count figures):
        what a Memoir '44 player reads at a glance; no banners of its own."""
        units = (*state.setup.scene.units.values(), *state.scene.units.values())
        if not any(FIGURES.of(u) is not None for u in units):
            return ()
        lost = {s: 0 for s in state.scene.side_ids}
        units_lost = {s: 0 for s in state.scene.side_ids}
        for loss in records.figures_lost(state):
            lost[loss.side] = lost.get(loss.side, 0) + loss.count
            units_lost[loss.side] = units_lost.get(loss.side, 0) + loss.eliminated
        parts = []
        for s in state.scene.side_ids:
            gone = units_lost.get(s, 0)
            whole = f" ({gone} unit{'' if gone == 1 else 's'} eliminated)" if gone else ""
            parts.append(f"{side_name(state, s)} {lost.get(s, 0)}{whole}")
        return (
            ObjectiveResult(
                objective_id=FIGURES_ID,
                name="Figures lost",
                kind=FIGURES_ID,
                status=Status.NONE,
                leader=None,
                counts={s: float(n) for s, n in lost.items()},
                reason="Figures lost: " + ", ".join(parts) + ". They win no banner of "
                "themselves; a unit's last figure does (eliminated units and leaders).",
                details={"lost": lost, "tally": True},
                counted="figures lost",
            ),
        )

    def _eliminations(self, state: GameState) -> ObjectiveResult:
        banners = elimination_banners(state)
        counts = {s: float(banners.get(s, 0)) for s in state.scene.side_ids}
        lines = []
        for s in state.scene.side_ids:
            lost = [
                f"{loss.unit_name}{' (leader)' if loss.leader else ''}"
                f"{_worth_note(settings.elimination_worth(state.setup, loss.unit_id))}"
                for loss in records.losses(state)
                if loss.side != s
            ]
            what = ", ".join(lost) if lost else "no enemy losses"
            lines.append(f"{side_name(state, s)} {banners.get(s, 0)} ({what})")
        leader = strict_leader(counts) if any(counts.values()) else None
        status = Status.NONE if not any(counts.values()) else (Status.WON if leader else Status.TIE)
        return ObjectiveResult(
            objective_id=ELIMINATIONS_ID,
            name="Eliminated units and leaders",
            kind=ELIMINATIONS_ID,
            status=status,
            leader=leader,
            counts=counts,
            reason="One banner for each eliminated enemy unit or leader: " + "; ".join(lines) + ".",
            problems=tuple(settings.problems(state.setup)),
            details={"losses": [loss.unit_id for loss in records.losses(state)]},
            points=counts,
            counted="banners",
        )


def _fold_play(before: GameState, event: Event, after: GameState) -> GameState:
    """The turn under way's ``TurnPlay`` (docs/hex.md, Flags): a ``turn_start``
    begins it; the movement phase's start and end, the side's Command cards and
    where each unit ordered in that phase began it."""
    if isinstance(event, TurnStart):
        if event.side is None:
            return after
        return after.with_record(records.TURN_PLAY, records.TurnPlay(event.side))
    play = records.turn_play(after)
    if play is None:
        return after
    move = settings.movement_phase(after.setup)
    if isinstance(event, PhaseStart | PhaseEnd) and event.phase == move:
        state = "in" if isinstance(event, PhaseStart) else "after"
        return after.with_record(records.TURN_PLAY, replace(play, movement=state))
    if isinstance(event, PlayCard) and event.side == play.side:
        return after.with_record(records.TURN_PLAY, replace(play, cards=(*play.cards, event.card)))
    ordered = ordered_move(before, event)
    if ordered is None or ordered.from_hex is None or ordered.to_hex is None:
        return after
    started = {ordered.unit_id: ordered.from_hex, **play.started}
    return after.with_record(records.TURN_PLAY, replace(play, started=started))


def _at_the_end(r: ObjectiveResult) -> ObjectiveResult:
    """``r`` once the battle is over: final, and a banner a side holds at the end
    (a temporary banner, a majority, a medal) is that side's: ``won``, as every
    family words a result once its game is over (docs/score-json.md); a tie and
    nobody stay as they are."""
    status = Status.WON if r.status is Status.LEADING else r.status
    return replace(r, status=status, final=True)


def _held_back(state: GameState, totals: dict[str, int], tgt: dict[str, int | None]) -> list[str]:
    """For each side whose banners reach its target but that may not win yet: why."""
    out = []
    for s in state.scene.side_ids:
        target = tgt[s]
        why = win_blocks(state, s) if target is not None and totals[s] >= target else []
        if why:
            out.append(
                f"{side_name(state, s)} reached its target, but {'; '.join(why)}: no win yet"
            )
    return out


def _worth_note(worth: int) -> str:
    """How a loss that is not worth one banner reads in the eliminations line."""
    return "" if worth == 1 else (" (no banner)" if worth == 0 else f" ({worth} banners)")

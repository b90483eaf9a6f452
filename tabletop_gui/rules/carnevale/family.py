"""The Carnevale family: game-wide checks and folds (rounds, activations, the
automatic drop of a carried objective) and how objective results add up to
Victory Points. Player views hide the value of objectives not yet revealed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tabletop_gui.model.events import DeletePiece, Event, RemoveCasualty, TurnEnd, TurnStart
from tabletop_gui.model.scene import Setup
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.carnevale import settings
from tabletop_gui.rules.carnevale.actions import check_event
from tabletop_gui.rules.carnevale.events import (
    EVENTS,
    ActivationEnd,
    ActivationStart,
    CharacterRemoved,
    HandOverObjective,
    LifePointsLost,
    PickUpObjective,
    StealObjective,
    carried_by,
    dropped,
)
from tabletop_gui.rules.carnevale.fields import FIELDS
from tabletop_gui.rules.carnevale.measure import markers_in_contact
from tabletop_gui.rules.carnevale.objective import (
    CarnevaleObjective,
    all_objectives,
    unlisted_objectives,
)
from tabletop_gui.rules.carnevale.play import CarnevalePlay
from tabletop_gui.rules.carnevale.records import (
    ACTIVATED,
    ACTIVATION,
    ENDED,
    LAST_SIDE,
    LOSSES,
    PLACED,
    ROUND_OPEN,
    Activation,
    activation,
    game_ended,
)
from tabletop_gui.rules.objective import Objective
from tabletop_gui.rules.scoreboard import ObjectiveResult, Scoreboard, strict_leader


class Carnevale(CarnevalePlay):
    name = "carnevale"
    title = "Carnevale"
    setting_names = settings.NAMES
    objectives = (CarnevaleObjective,)
    events = EVENTS
    piece_fields = FIELDS

    @classmethod
    def settings_problems(cls, setup: Setup) -> list[str]:
        return settings.settings_problems(setup)

    def check(self, state: GameState, event: Event) -> str | None:
        return check_event(state, event)

    def unlisted_objectives(self, state: GameState) -> Sequence[Objective]:
        return unlisted_objectives(state)

    def fold(self, before: GameState, event: Event, after: GameState) -> GameState:
        setup = after.setup
        if isinstance(event, TurnStart) and event.side is None:
            after = after.with_record(ROUND_OPEN, True)
            after = after.with_record(ACTIVATED, frozenset())
            after = after.with_record(ACTIVATION, None)
            if PLACED not in after.records:
                after = after.with_record(PLACED, dict(after.scene.markers))
        elif isinstance(event, TurnEnd) and event.side is None:
            after = after.with_record(ROUND_OPEN, False)
            after = after.with_record(ACTIVATION, None)
            if event.turn >= settings.rounds(setup):
                after = after.with_record(ENDED, True)
        elif isinstance(event, ActivationStart):
            unit = after.scene.units[event.character]
            tol = settings.contact_tolerance(setup)
            act = Activation(unit.id, markers_in_contact(after.scene, unit, tol))
            after = after.with_record(ACTIVATION, act)
            done = after.records.get(ACTIVATED, frozenset())
            after = after.with_record(ACTIVATED, done | {unit.id})
            after = after.with_record(LAST_SIDE, unit.side)
        elif isinstance(event, ActivationEnd):
            current = activation(after)
            if current is not None and current.character == event.character:
                unit = after.scene.units[event.character]
                end_at = (unit.x, unit.y, unit.elevation)
                after = after.with_record(ACTIVATION, replace(current, ended=True, end_at=end_at))
        elif isinstance(event, PickUpObjective | HandOverObjective | StealObjective):
            losses = dict(after.records.get(LOSSES, {}))
            losses[event.character] = 0
            after = after.with_record(LOSSES, losses)
        elif isinstance(event, LifePointsLost):
            lost = event.amount
            if settings.drop_counting(setup) is settings.DropCounting.SINCE_PICK_UP:
                losses = dict(after.records.get(LOSSES, {}))
                lost = losses[event.character] = losses.get(event.character, 0) + event.amount
                after = after.with_record(LOSSES, losses)
            if lost >= settings.drop_life_points(setup):
                unit = after.scene.units[event.character]
                after = dropped(after, unit, event.drop_x, event.drop_y)
        elif isinstance(event, CharacterRemoved):
            unit = after.scene.units[event.character]
            after = dropped(after, unit, event.drop_x, event.drop_y)
        elif isinstance(event, RemoveCasualty):
            after = dropped(after, after.scene.units[event.unit_id], None, None)
        elif isinstance(event, DeletePiece) and event.piece_id in before.scene.units:
            gone = before.scene.units[event.piece_id]
            held = carried_by(before, gone.id)
            if held is not None:
                # The core drops it where the unit stood; here it goes down in
                # base contact towards the centre, as a removed character's does.
                after = dropped(after.with_scene(after.scene.with_piece(held)), gone, None, None)
        return _sync_carried(after)

    def summarize(self, state: GameState, results: Sequence[ObjectiveResult]) -> Scoreboard:
        extra = [obj.evaluate(state) for obj in unlisted_objectives(state)]
        return _summarize(state, [*results, *extra], hidden_unknown=0)

    def redact(self, state: GameState, board: Scoreboard, viewer: str) -> Scoreboard:
        """A player's view: objectives not yet revealed show '?' for their value."""
        objectives = {obj.id: obj for obj in all_objectives(state)}
        results = []
        unknown = 0
        for result in board.results:
            obj = objectives.get(result.objective_id)
            if obj is not None and result.kind == obj.kind:
                result = obj.evaluate(state, hide_unrevealed=True)
                if result.details.get("points_unknown"):
                    unknown += 1
            results.append(result)
        return _summarize(state, results, hidden_unknown=unknown)


def _sync_carried(state: GameState) -> GameState:
    """Keep each carried marker on its carrier, so a canvas can draw it there and
    a drop starts from the right place."""
    moved = []
    for marker in state.scene.markers.values():
        if marker.carried_by is None:
            continue
        unit = state.scene.units.get(marker.carried_by)
        if unit is None:
            continue
        if (marker.x, marker.y, marker.elevation) != (unit.x, unit.y, unit.elevation):
            moved.append(replace(marker, x=unit.x, y=unit.y, elevation=unit.elevation))
    return state.with_scene(state.scene.with_pieces(moved)) if moved else state


def _summarize(
    state: GameState, results: Sequence[ObjectiveResult], hidden_unknown: int
) -> Scoreboard:
    scene = state.scene
    totals: dict[str, float] = {s: 0.0 for s in scene.side_ids}
    for r in results:
        for side, pts in r.points.items():
            totals[side] = totals.get(side, 0.0) + pts
    ended = game_ended(state)
    parts = ", ".join(f"{scene.side(s).name} {v:g}" for s, v in totals.items())
    when = "final" if ended else "as if the game ended now"
    summary = f"Primary Objective Victory Points ({when}): {parts}" if results else ""
    if hidden_unknown:
        summary += f", plus {hidden_unknown} held objective(s) of hidden value (?)"
    problems = settings.settings_problems(state.setup)
    if problems:
        summary += ". Settings: " + "; ".join(problems)
    winner = strict_leader(totals) if ended and not hidden_unknown and results else None
    return Scoreboard(results=tuple(results), totals=totals, winner=winner, summary=summary)

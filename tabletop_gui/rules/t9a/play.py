"""How The Ninth Age is played on the board (no Qt): Game Turns of two Player
Turns, the actions its Secondary Objectives offer, its palette (rectangular bases,
objective markers, Deployment Types), the fields its rules read and its new-game
presets (docs/t9a.md)."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tabletop_gui.geometry.outline import front_kept
from tabletop_gui.model.board import InchBoard
from tabletop_gui.model.events import Event, RemoveCasualty, TurnEnd, TurnStart, UpdatePiece
from tabletop_gui.model.names import piece_label, possessive, side_name
from tabletop_gui.model.pieces import BaseShape, Marker, Unit, Zone
from tabletop_gui.model.scene import Board, ObjectiveSpec, Scene, Setup
from tabletop_gui.model.state import GameState
from tabletop_gui.rules import deployment_check, flags, turn_order
from tabletop_gui.rules.deployment_check import DeploymentFlag
from tabletop_gui.rules.family import Family
from tabletop_gui.rules.nearby import markers_near
from tabletop_gui.rules.play_types import (
    PLAIN_MARKER,
    SIDE_A,
    SIDE_B,
    Action,
    MarkerPreset,
    NewPreset,
    Palette,
    Step,
    UnitPreset,
    Words,
    ZoneLayout,
)
from tabletop_gui.rules.region import Region
from tabletop_gui.rules.rulings import (
    ArcRuling,
    ChargeReach,
    Sight,
    Spacing,
    TargetSight,
    UnitArcs,
)
from tabletop_gui.rules.t9a import review_flags, rulings
from tabletop_gui.rules.t9a.deployments import DEPLOYMENT_TYPES, DeploymentType
from tabletop_gui.rules.t9a.events import FlagMark, KingOfTheHillPick, SpoilsDrop, SpoilsPickUp
from tabletop_gui.rules.t9a.fields import FIELDS, FLEEING, SCORING_LOST
from tabletop_gui.rules.t9a.scoring import game_ended, game_turns, is_scoring
from tabletop_gui.rules.t9a.spoils_of_war import MARKER_KIND as SPOILS_KIND
from tabletop_gui.rules.t9a.spoils_of_war import spoils_positions

if TYPE_CHECKING:
    from tabletop_gui.rules.review import Review

#: The Secondary Objectives, in the order File > New lists them.
OBJECTIVES = (
    ("t9a.hold_the_ground", "Hold the Ground"),
    ("t9a.breakthrough", "Breakthrough"),
    ("t9a.spoils_of_war", "Spoils of War"),
    ("t9a.king_of_the_hill", "King of the Hill"),
    ("t9a.capture_the_flags", "Capture the Flags"),
    ("t9a.secure_target", "Secure Target"),
)
#: The Deployment Type of a new board when the current one names none.
DEFAULT_DEPLOYMENT = "frontline_clash"

UNIT_PRESETS = (
    UnitPreset("t9a-20x20", "20×20 mm (infantry)", BaseShape.RECT, 20, 20, 20, 5),
    UnitPreset("t9a-25x25", "25×25 mm (infantry)", BaseShape.RECT, 25, 25, 20, 5),
    UnitPreset("t9a-25x50", "25×50 mm (cavalry)", BaseShape.RECT, 25, 50, 5, 5),
    UnitPreset("t9a-40x40", "40×40 mm (large infantry)", BaseShape.RECT, 40, 40, 6, 3),
    UnitPreset("t9a-50x50", "50×50 mm (monstrous)", BaseShape.RECT, 50, 50, 3, 3),
    UnitPreset("t9a-50x75", "50×75 mm (chariot)", BaseShape.RECT, 50, 75, 1, 1),
    UnitPreset("t9a-50x100", "50×100 mm (monster)", BaseShape.RECT, 50, 100, 1, 1),
)
# A Secure Target marker is placed by a player and measured from that player's
# Deployment Zone (docs/t9a.md): it has an owner. Spoils of War markers have none.
MARKER_PRESETS = (
    MarkerPreset("t9a-spoils", "Spoils of War marker", SPOILS_KIND, name="Spoils"),
    MarkerPreset(
        "t9a-secure", "Secure Target marker", "t9a.secure_target", owned=True, owner_label="target"
    ),
    PLAIN_MARKER,
)
UNIT_FIELDS = (
    "name", "side", "base_shape", "base_width_mm", "base_depth_mm", "models",
    "models_per_rank", "x", "y", "facing", "elevation", "height", "scoring",
    *(f.key for f in FIELDS),
)  # fmt: skip
MARKER_FIELDS = ("label", "kind", "diameter_mm", "side", "x", "y")


def zone_layout(dt: DeploymentType) -> ZoneLayout:
    def zones(board: Board, a: str, b: str, names: Mapping[str, str]) -> list[Zone]:
        return dt.zones(board, a, b, names)

    title = dt.title + (" (approximation)" if dt.approximate else "")
    return ZoneLayout(dt.key, title, dt.description, zones)


def new_setup(deployment: str, objective: str | Sequence[str] | None) -> Setup:
    """A new 72 x 48 in board with ``deployment``'s zones and the Secondary
    Objective(s) ``objective`` (a kind, several kinds, or None)."""
    kinds = [objective] if isinstance(objective, str) else list(objective or ())
    dt = DEPLOYMENT_TYPES[deployment]
    board = InchBoard(72.0, 48.0)
    zones = dt.zones(board, SIDE_A.id, SIDE_B.id, {s.id: s.name for s in (SIDE_A, SIDE_B)})
    scene = Scene(board=board, sides=(SIDE_A, SIDE_B), zones={z.id: z for z in zones})
    titles = dict(OBJECTIVES)
    objectives = tuple(
        ObjectiveSpec(kind.split(".")[1].replace("_", "-"), kind, {}, titles.get(kind, ""))
        for kind in kinds
    )
    if "t9a.spoils_of_war" in kinds:
        points = spoils_positions(scene, dt.dividing_line(board))
        scene = scene.with_pieces(
            Marker(f"spoils-{i + 1}", SPOILS_KIND, x, y, label=f"Spoils {i + 1}")
            for i, (x, y) in enumerate(points)
        )
    title = ", ".join(titles.get(kind, kind) for kind in kinds)
    name = f"The Ninth Age: {dt.title}" + (f", {title}" if title else "")
    return Setup(family="t9a", scene=scene, name=name, objectives=objectives,
                 deployment=deployment)  # fmt: skip


class NinthAgePlay(Family):
    """The play hooks of The Ninth Age (the registered family is ``NinthAge``)."""

    words = Words("objective", "objectives", "the battle", "Game Turn")
    reference = "docs/t9a.md"

    def game_over(self, state: GameState) -> bool:
        return game_ended(state)

    # -- the clock: Game Turns of two Player Turns --------------------------------
    def clock_text(self, state: GameState, events: Sequence[Event]) -> str:
        text = f"Game Turn {state.clock.turn}"
        last = turn_order.last_turn_event(events)
        who = possessive(side_name(state.scene, last.side)) if last and last.side else ""
        if isinstance(last, TurnStart) and last.side:
            return f"{text} · {who} Player Turn"
        if isinstance(last, TurnEnd) and last.side:
            return f"{text} · {who} Player Turn ended"
        if isinstance(last, TurnEnd):
            return f"{text} ended"
        return text

    def turn_steps(
        self, state: GameState, events: Sequence[Event], first: str | None, choice: str | None
    ) -> list[Step]:
        """``turn_start {turn}`` opens a Game Turn, ``turn_start {turn, side}`` a
        Player Turn; ``turn_end {turn}`` ends the Game Turn (Hold the Ground counts
        then); the game ends at the end of Game Turn ``game_turns`` (6)."""
        order = turn_order.side_order(state, events, first)
        if len(order) < 2:
            return []
        a, b = order[0], order[1]
        a_name, b_name = side_name(state.scene, a), side_name(state.scene, b)
        na, nb = possessive(a_name), possessive(b_name)
        last = turn_order.last_turn_event(events)
        n = state.clock.turn
        final = game_turns(state.setup)

        def end_game_turn(turn: int, ends: tuple[Event, ...]) -> Step:
            if turn >= final:
                label = f"End Game Turn {turn} (end of the game)"
                return Step(label, (*ends, TurnEnd(turn)), key="end_round")
            return Step(
                f"End Game Turn {turn} → Game Turn {turn + 1} ({a_name})",
                (*ends, TurnEnd(turn), TurnStart(turn + 1), TurnStart(turn + 1, a)),
                key="end_round",
            )

        if last is None:
            return [Step(f"Start Game Turn 1 ({a_name})", (TurnStart(1), TurnStart(1, a)))]
        if isinstance(last, TurnStart) and last.side is None:
            return [Step(f"Start {na} Player Turn", (TurnStart(n, a),))]
        if isinstance(last, TurnStart) and last.side == a:
            ends_a = (TurnEnd(n, a), TurnStart(n, b))
            return [Step(f"End {na} Player Turn → {b_name}", ends_a, key="end_turn")]
        if isinstance(last, TurnStart):
            return [end_game_turn(n, (TurnEnd(n, last.side),))]
        if isinstance(last, TurnEnd) and last.side == a:
            return [Step(f"Start {nb} Player Turn", (TurnStart(n, b),))]
        if isinstance(last, TurnEnd) and last.side is not None:
            return [end_game_turn(n, ())]
        if n >= final:  # the last Game Turn has ended
            return []
        return [Step(f"Start Game Turn {n + 1} ({a_name})",
                     (TurnStart(n + 1), TurnStart(n + 1, a)))]  # fmt: skip

    # -- actions ------------------------------------------------------------------
    def actions(
        self, state: GameState, ids: Sequence[str], point: tuple[float, float] | None
    ) -> list[Action]:
        scene = state.scene
        kinds = {spec.kind for spec in state.setup.objectives}
        out: list[Action] = []
        for u in (scene.units[i] for i in ids if i in scene.units):
            name = piece_label(u)
            if "t9a.spoils_of_war" in kinds:
                free = [m for m in scene.markers.values()
                        if m.kind == SPOILS_KIND and m.carried_by is None]  # fmt: skip
                for m in markers_near(u, free):
                    out.append(Action(f"{name} picks up {piece_label(m)} (Spoils of War)",
                                      (SpoilsPickUp(m.id, u.id),)))  # fmt: skip
            if "t9a.capture_the_flags" in kinds:
                out.append(Action(f"Mark {name} (Capture the Flags)", (FlagMark(u.id),)))
            if u.removed:
                continue
            out.append(Action(f"Remove {name} as a casualty", (RemoveCasualty(u.id),)))
            fleeing, lost = FLEEING.of(u), SCORING_LOST.of(u)
            flee = "Rallied: no longer Fleeing" if fleeing else "Fleeing"
            out.append(Action(f"{name}: {flee}", (UpdatePiece(u.id, {FLEEING.key: not fleeing}),)))
            back = "Scoring back" if lost else "Lost Scoring"
            change = UpdatePiece(u.id, {SCORING_LOST.key: not lost})
            out.append(Action(f"{name}: {back}", (change,)))
        # A carried marker is placed where the right-click is: chosen, or, once its
        # carrier no longer scores (the drop is due), wherever the click is.
        due = [m.id for m in scene.markers.values()
               if m.kind == SPOILS_KIND and m.carried_by is not None and m.id not in ids
               and not _still_scores(scene, m.carried_by)]  # fmt: skip
        for m in (scene.markers[i] for i in [*ids, *due] if i in scene.markers):
            if m.kind == SPOILS_KIND and m.carried_by is not None and point is not None:
                x, y = point
                label = f"Place {piece_label(m)} here ({x:.1f}, {y:.1f}) (dropped by its carrier)"
                out.append(Action(label, (SpoilsDrop(m.id, x, y),)))
        if "t9a.king_of_the_hill" in kinds:
            for t in (scene.terrain[i] for i in ids if i in scene.terrain):
                for s in scene.sides:
                    out.append(Action(f"{s.name} picks {piece_label(t)} (King of the Hill)",
                                      (KingOfTheHillPick(s.id, t.id),)))  # fmt: skip
        return out

    # -- the board ------------------------------------------------------------------
    def completed(self, setup: Setup) -> Setup:
        """A setup that names its Deployment Type (``deployment``) and has no zones
        gets that type's two Deployment Zones (the first two sides)."""
        dt = DEPLOYMENT_TYPES.get(setup.deployment)
        scene = setup.scene
        if dt is None or scene.zones or len(scene.sides) < 2:
            return setup
        a, b = scene.sides[0], scene.sides[1]
        zones = dt.zones(scene.board, a.id, b.id, {s.id: s.name for s in (a, b)})
        return replace(setup, scene=scene.with_pieces(zones))

    def flags(self, before: GameState, event: Event, after: GameState) -> list[str]:
        """A unit of the side not acting moved (legal for a flee reaction, a
        pursuit or a reform in the opponent's Player Turn), overlapping bases, a
        unit left within 1 in of others it is not in base contact with (Unit
        Spacing: a charge, flee or pursuit may end so), a base left in Impassable
        Terrain; a unit the log places (an army list imported into a game under
        way, a unit added) as a moved one is, bar the turn; the game started with
        units outside their Deployment Zone. A unit's base changed in place (its
        formation, base size, facing: an ``update``) is flagged as a move is; an
        objective marker the rules fix in place moved once the game started, and
        Capture the Flags marks not as the rule needs them (docs/t9a.md, Flags for
        review)."""
        unit = flags.moved_unit(before, event)
        if unit is None:
            reshaped = review_flags.reshaped_unit(before, event, after)
            if reshaped is not None:
                old, new = reshaped
                return review_flags.reshape_flags(before, after, old, new, self._other_side_moved)
            placed = flags.placed_unit(before, event, after)
            if placed is not None:
                return review_flags.placed_flags(after, placed)
            return (
                self._start_flags(before, after)
                + review_flags.marker_flags(before, event)
                + review_flags.capture_the_flags_flags(before, event, after)
            )
        found = [self._other_side_moved(before, unit), flags.overlap_flag(after, unit.id)]
        now = after.scene.units.get(unit.id)
        found.append(flags.impassable_flag(after.scene, now) if now is not None else None)
        found += rulings.spacing_flags(after, unit.id)
        return [f for f in found if f]

    @staticmethod
    def _start_flags(before: GameState, after: GameState) -> list[str]:
        """The event that starts the first Game Turn, with units not wholly inside
        their side's Deployment Zone (docs/t9a.md, Deployment check): each named, as
        the set-up's marks name it."""
        if before.clock.turn != 0 or after.clock.turn == 0:
            return []
        return [
            f"{flag.text} as the game starts: units deploy wholly inside it"
            for flag in deployment_check.deployment_flags(before)
        ]

    def review(self, setup: Setup) -> Review:
        """``flags`` of a replay's moves, measured many moves at once (the same flags)."""
        from tabletop_gui.rules.review import MovesReview, SpacingCheck  # validate's only

        spacing = SpacingCheck(
            rulings.unit_spacing(setup),
            rulings.spacing_pairs,
            rulings.spacing_words,
            rulings.spacing_flags,
            rulings.SMALL_SCENE,
        )
        return MovesReview(self.flags, self._other_side_moved, spacing, flags.impassable_flag)

    def _other_side_moved(self, before: GameState, unit: Unit) -> str | None:
        return flags.other_side_moved(
            before, unit, self.game_over(before), "legal for a flee reaction, pursuit or reform"
        )

    # -- rulings (docs/t9a.md, Rulings) ----------------------------------------------
    def unit_arcs(self, state: GameState, unit_id: str) -> UnitArcs | None:
        return rulings.unit_arcs(state, unit_id)

    def arc_ruling(self, state: GameState, charger_id: str, target_id: str) -> ArcRuling | None:
        return rulings.arc_ruling(state, charger_id, target_id)

    def charge_reach(self, state: GameState, charger_id: str, target_id: str) -> ChargeReach | None:
        return rulings.charge_reach(state, charger_id, target_id)

    def spacing(self, state: GameState, a_id: str, b_id: str) -> Spacing | None:
        return rulings.spacing(state, a_id, b_id)

    def line_of_sight(self, state: GameState, viewer_id: str) -> Sight | None:
        return rulings.line_of_sight(state, viewer_id)

    def sight_to(self, state: GameState, viewer_id: str, target_id: str) -> TargetSight | None:
        return rulings.sight_to(state, viewer_id, target_id)

    def deployment_flags(self, state: GameState) -> Sequence[DeploymentFlag]:
        """Units deploy wholly inside their side's Deployment Zone."""
        return deployment_check.deployment_flags(state)

    def deployment_region(self, state: GameState, unit: Unit) -> Region | None:
        return deployment_check.deployment_region(state, unit)

    def unit_fields(self, unit: Unit) -> tuple[str, ...]:
        """Ranks, Height class, Scoring / Fleeing / Lost Scoring, leaders."""
        return UNIT_FIELDS

    def edit_changes(
        self, state: GameState, piece: Unit | Marker | object, changes: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Models lost as casualties come off the back rank, and models returned
        join it: an edit of a unit's models (not of where it stands) keeps its
        front where it was, so a unit in base contact stays in it (docs/t9a.md,
        Editing a unit's models). A change of models per rank (a reform) keeps
        the centre, as before."""
        out = dict(changes)
        if not isinstance(piece, Unit) or "models" not in out or {"x", "y"} & set(out):
            return out
        try:
            new = replace(piece, **out)
        except (TypeError, ValueError):
            return out  # the model refuses the values: said when the edit is tried
        if new.validate():
            return out  # (likewise)
        if piece.base_shape is BaseShape.ROUND or new.depth_in == piece.depth_in:
            return out
        x, y = front_kept(piece, new.depth_in)
        out["x"], out["y"] = x, y
        return out

    def marker_fields(self) -> tuple[str, ...]:
        """Markers have an owner (Secure Target)."""
        return MARKER_FIELDS

    def greyed(self, unit: Unit) -> bool:
        """A Fleeing unit is drawn greyed out (it is not Scoring)."""
        return FLEEING.of(unit)

    def palette(self, board: Board) -> Palette:
        return Palette(
            units=UNIT_PRESETS,
            markers=MARKER_PRESETS,
            zone_layouts=tuple(zone_layout(dt) for dt in DEPLOYMENT_TYPES.values()),
            ranked=True,
            marker_group="Objective markers",
            zone_group="Deployment Types (The Ninth Age)",
        )

    def objective_template(self, kind: str, setup: Setup, scene: Scene) -> dict[str, Any]:
        return {"control_tie": "nobody"} if kind == "t9a.secure_target" else {}

    # -- new games ------------------------------------------------------------------
    def new_presets(self) -> list[NewPreset]:
        out: list[NewPreset] = []
        for key, dt in DEPLOYMENT_TYPES.items():
            title = dt.title + (" (approximation)" if dt.approximate else "")
            for kind, obj_title in (*OBJECTIVES, (None, "No Secondary Objective")):
                out.append(
                    NewPreset(
                        f"t9a/{key}/{kind or 'none'}",
                        obj_title,
                        ("The Ninth Age", title),
                        functools.partial(new_setup, key, kind),
                    )
                )
        return out

    def same_kind(self, setup: Setup) -> Setup:
        """The same Deployment Type and Secondary Objective kinds (their params name
        the old board's pieces, so they start from the defaults)."""
        deployment = setup.deployment
        if deployment not in DEPLOYMENT_TYPES:
            deployment = DEFAULT_DEPLOYMENT
        titles = dict(OBJECTIVES)
        kinds = list(dict.fromkeys(o.kind for o in setup.objectives if o.kind in titles))
        return new_setup(deployment, kinds)


def _still_scores(scene: Scene, unit_id: str) -> bool:
    unit = scene.units.get(unit_id)
    return unit is not None and is_scoring(unit)

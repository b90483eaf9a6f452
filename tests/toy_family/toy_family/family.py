"""The toy rules: a 24 x 24 in board; one objective, the Beacon: the side whose
scouts within ``radius`` (4 in) of the board's centre count more leads it, a scout
with its lantern lit counting twice; one unit kind, the Scout (a 25 mm round
base); actions "light the lantern" (the family's own event) and "the scout falls"
(removed as a casualty); side turns called "Watch"; totals counted in torches."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop_gui.model.board import InchBoard
from tabletop_gui.model.events import RemoveCasualty
from tabletop_gui.model.names import piece_label
from tabletop_gui.model.pieces import BaseShape, Unit
from tabletop_gui.model.scene import Board, ObjectiveSpec, Scene, Setup
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.family import Family
from tabletop_gui.rules.objective import Objective
from tabletop_gui.rules.play_types import (
    SIDE_A,
    SIDE_B,
    Action,
    NewPreset,
    Palette,
    Param,
    UnitPreset,
    Words,
)
from tabletop_gui.rules.scoreboard import (
    Circle,
    CountingPiece,
    ObjectiveResult,
    Status,
    strict_leader,
)
from toy_family.events import LightLantern
from toy_family.fields import LANTERN

SCOUT = UnitPreset("toy-scout", "Scout (25 mm)", BaseShape.ROUND, 25, 25, 1, 1)


def toy_setup() -> Setup:
    scene = Scene(board=InchBoard(24.0, 24.0), sides=(SIDE_A, SIDE_B))
    beacon = ObjectiveSpec("beacon", "toy.beacon", {"radius": 4.0}, "Beacon")
    return Setup(family="toy", scene=scene, name="Toy skirmish", objectives=(beacon,))


class Beacon(Objective):
    kind = "toy.beacon"
    title = "Beacon"
    params = (Param("radius", "float", 4.0, "How near the centre a unit counts, inches"),)

    def evaluate(self, state: GameState) -> ObjectiveResult:
        radius = float(self.param("radius", 4.0))
        cx, cy = state.scene.board.centre
        counts = {s: 0.0 for s in state.scene.side_ids}
        counting = []
        for u in state.scene.units.values():
            d = ((u.x - cx) ** 2 + (u.y - cy) ** 2) ** 0.5
            if not u.removed and d <= radius:
                lit = LANTERN.of(u)
                counts[u.side] += 2 if lit else 1
                note = "near the beacon, lantern lit" if lit else "near the beacon"
                counting.append(
                    CountingPiece(u.id, u.side, margin=radius - d, distance=d, note=note)
                )
        leader = strict_leader(counts) if any(counts.values()) else None
        status = Status.LEADING if leader else (Status.TIE if any(counts.values()) else
                                                 Status.NONE)  # fmt: skip
        return ObjectiveResult(
            objective_id=self.id,
            name=self.name,
            kind=self.kind,
            status=status,
            leader=leader,
            counts=counts,
            counting=tuple(counting),
            highlights=(Circle(cx, cy, radius, label="Beacon: 4 in of the centre"),),
            reason=f"Units within {radius:g} in of the centre count (twice with a lit lantern).",
            points={leader: 1.0} if leader else {},
        )


class Toy(Family):
    name = "toy"
    title = "Toy skirmish"
    words = Words("torch", "torches", "the skirmish", "Watch")
    side_count = 2
    objectives = (Beacon,)
    events = (LightLantern,)
    piece_fields = (LANTERN,)

    def palette(self, board: Board) -> Palette:
        return Palette(units=(SCOUT,))

    def unit_fields(self, unit: Unit) -> tuple[str, ...]:
        return ("name", "side", "x", "y", LANTERN.key)

    def actions(
        self, state: GameState, ids: Sequence[str], point: tuple[float, float] | None
    ) -> list[Action]:
        out = []
        for u in (state.scene.units[i] for i in ids if i in state.scene.units):
            if u.removed:
                continue
            if not LANTERN.of(u):
                out.append(Action(f"{piece_label(u)}: light the lantern", (LightLantern(u.id),)))
            out.append(Action(f"{piece_label(u)}: the scout falls", (RemoveCasualty(u.id),)))
        return out

    def new_presets(self) -> list[NewPreset]:
        return [NewPreset("toy", "Toy skirmish (24 × 24 in)", ("Toy",), toy_setup)]

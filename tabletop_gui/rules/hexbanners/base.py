"""What every Victory Banner objective shares: its parameters (sides, hexes,
group name), banners per side, and the pieces of a result."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from tabletop_gui.model.hexgrid import Hex, HexBoard, hex_label
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.scene import Scene
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.hexbanners.occupancy import board_of, occupancy
from tabletop_gui.rules.objective import Objective, missing
from tabletop_gui.rules.play_types import Param
from tabletop_gui.rules.region import Region
from tabletop_gui.rules.scoreboard import (
    CountingPiece,
    Highlight,
    ObjectiveResult,
    PieceMark,
    Role,
    Status,
    strict_leader,
)


def side_name(state: GameState, side: str | None) -> str:
    if side is None:
        return "nobody"
    return state.scene.side(side).name if side in state.scene.side_ids else side


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class BannerObjective(Objective):
    """A hex Victory Banner objective. Params every kind reads:

    - ``side`` (one side id) or ``sides`` (a list): who may gain it (default: every side);
    - ``hexes``: ``[[col, row], ...]`` for kinds played on hexes;
    - ``group``: the group's name in reason lines (a group is several hexes).
    """

    params: ClassVar[tuple[str | Param, ...]] = (
        Param("side", "side", None, "The one side that may gain it (default: every side)"),
        Param("sides", "sides", None, "The sides that may gain it (default: every side)"),
        Param("hexes", "hexes", None, "The objective hexes (col,row each): one hex, or a "
              "group sharing one banner"),
        Param("group", "text", "", "The group's name in reason lines (a group is several hexes)"),
    )  # fmt: skip
    needs_hexes = True
    #: One banner at most (per side): once gained for good, the result is final.
    single_banner = True

    # -- params -----------------------------------------------------------
    def sides(self, state: GameState) -> list[str]:
        one = self.param("side", None)
        many = self.param("sides", None)
        if one is not None:
            return [one]
        if many is not None:
            return list(many)
        return list(state.scene.side_ids)

    @property
    def hexes(self) -> tuple[Hex, ...]:
        return tuple((int(h[0]), int(h[1])) for h in self.param("hexes", None) or ())

    @property
    def group(self) -> str:
        return str(self.param("group", ""))

    def where(self) -> str:
        """The objective's hexes as a reason line names them."""
        if self.group:
            return f"group {self.group}"
        if len(self.hexes) == 1:
            return f"hex {hex_label(self.hexes[0])}"
        return "hexes " + ", ".join(hex_label(h) for h in self.hexes)

    def validate(self) -> list[tuple[str, str]]:
        errors: list[tuple[str, str]] = []
        side, sides = self.param("side", None), self.param("sides", None)
        if side is not None and not isinstance(side, str):
            errors.append(("side", f"expected a side id, got {side!r}"))
        if sides is not None and (
            not isinstance(sides, list) or not all(isinstance(s, str) for s in sides)
        ):
            errors.append(("sides", f"expected a list of side ids, got {sides!r}"))
        raw = self.param("hexes", None)
        if raw is None:
            if self.needs_hexes:
                errors.append(("hexes", "missing: list the objective hexes as [[col, row], ...]"))
            return errors
        if not isinstance(raw, list) or (self.needs_hexes and not raw):
            errors.append(("hexes", f"expected a non-empty list of [col, row], got {raw!r}"))
            return errors
        for i, h in enumerate(raw):
            if not (
                isinstance(h, list)
                and len(h) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in h)
            ):
                errors.append((f"hexes[{i}]", f"expected [col, row] whole numbers, got {h!r}"))
        return errors

    def validate_on(self, scene: Scene) -> list[tuple[str, str]]:
        problems = []
        named = [("side", self.param("side", None))] if self.param("side", None) else []
        named += [(f"sides[{i}]", s) for i, s in enumerate(self.param("sides", None) or ())]
        for path, side in named:
            gone = missing("side", side, scene.side_ids)
            if gone:
                problems.append((path, gone))
        board = scene.board
        if isinstance(board, HexBoard):
            for i, h in enumerate(self.hexes):
                if not board.contains(h):
                    problems.append((f"hexes[{i}]", f"hex {hex_label(h)} is not on the board"))
        return problems

    def scene_problems(self, state: GameState) -> list[str]:
        """Problems only the scene can show: a non-hex board, hexes off it, unknown sides."""
        out = []
        board = board_of(state)
        if board is None:
            return [f"{self.name}: this objective needs a hex board"]
        for h in self.hexes:
            if not board.contains(h):
                out.append(f"{self.name}: hex {hex_label(h)} is not on the board")
        for s in self.sides(state):
            if s not in state.scene.side_ids:
                out.append(f"{self.name}: unknown side {s!r}")
        return out

    def valid_hexes(self, state: GameState) -> list[Hex]:
        board = board_of(state)
        return [h for h in self.hexes if board is not None and board.contains(h)]

    # -- where a unit would gain it ----------------------------------------
    #: How the overlay words a hex of the objective.
    region_label: ClassVar[str] = "a banner here"

    def scoring_region(self, state: GameState, unit: Unit) -> Region | None:
        """The objective's hexes a unit of its side may stand on (kinds without
        hexes: no positional part)."""
        if not self.needs_hexes:
            return None
        from tabletop_gui.rules.hexbanners.regions import hex_region, refusal

        refused = refusal(self, state, unit, self.sides(state))
        return refused or hex_region(state, unit, self.valid_hexes(state), self.region_label)

    # -- scoring ----------------------------------------------------------
    def banners(self, state: GameState) -> dict[str, int]:
        """Banners per side this objective gives now."""
        raise NotImplementedError

    def win_blocked(self, state: GameState, side: str) -> str | None:
        """Why ``side`` cannot win yet though its banners reach its target (a
        medal it must hold to win), or None (the default)."""
        return None

    def decided(self, state: GameState) -> str | None:
        """The side this objective gives the battle outright (a sudden death), which
        no ``win_blocked`` holds back; None (the default)."""
        return None

    def holders(self, state: GameState, hexes: Sequence[Hex]) -> list[CountingPiece]:
        occ = occupancy(state)
        return [
            CountingPiece(uid, occ[h].side, note=f"on hex {hex_label(h)}")
            for h in hexes
            if h in occ
            for uid in occ[h].unit_ids
        ]

    def occupant_marks(
        self, state: GameState, hexes: Sequence[Hex], holder: str | None, *, kept: bool = False
    ) -> tuple[list[PieceMark], list[CountingPiece]]:
        """The units on ``hexes`` of an objective held by ``holder`` (None: nobody),
        each in its role, and the counting list (docs/hex.md, "Objectives"):

        - the holder's units count;
        - while nobody holds it, a unit of a side the objective serves does not
          count, the note saying why (``not_held_note``: a start-turn banner not
          gained yet; once the battle is over, that its side did not hold it);
          it is no enemy of the side it belongs to;
        - a unit of any other side contests it: the holder's enemy, or the enemy
          of the sides the objective serves;
        - ``kept`` (held for good: nothing can take it any more): the other
          units do not count, held for good by the holder.
        """
        occ = occupancy(state)
        served = set(self.sides(state))
        marks: list[PieceMark] = []
        counting: list[CountingPiece] = []
        for h in hexes:
            if h not in occ:
                continue
            side = occ[h].side
            where = f"hex {hex_label(h)}"
            note = ""
            if side == holder:
                role = Role.COUNTS
            elif kept and holder is not None:
                role, note = Role.NOT_COUNTING, f"held for good by {side_name(state, holder)}"
            elif holder is None and side in served:
                role = Role.NOT_COUNTING
                over = state.clock.over  # no turn starts any more
                note = (
                    f"{side_name(state, side)} did not hold it"
                    if over
                    else self.not_held_note(state, side)
                )
            else:
                role = Role.CONTESTED
            said = f"on {where}: {note}" if note else f"on {where}"
            for uid in occ[h].unit_ids:
                marks.append(PieceMark(uid, role, side, note or where))
                counting.append(CountingPiece(uid, side, note=said))
        return marks, counting

    def not_held_note(self, state: GameState, side: str) -> str:
        """Why ``side``, which the objective serves, does not hold it though a unit
        of its stands on it (nobody holds it): a short note under the unit's name."""
        return f"{side_name(state, side)} does not hold it"

    def result(
        self,
        state: GameState,
        banners: dict[str, int],
        reason: str,
        *,
        permanent: bool,
        counting: Sequence[CountingPiece] = (),
        highlights: Sequence[Highlight] = (),
        details: dict[str, Any] | None = None,
    ) -> ObjectiveResult:
        counts = {s: float(banners.get(s, 0)) for s in state.scene.side_ids}
        leader = strict_leader(counts) if any(counts.values()) else None
        if not any(counts.values()):
            status = Status.NONE
        elif leader is None:
            status = Status.TIE
        else:
            status = Status.WON if permanent else Status.LEADING
        return ObjectiveResult(
            objective_id=self.id,
            name=self.name,
            kind=self.kind,
            status=status,
            leader=leader,
            counts=counts,
            reason=reason,
            final=permanent and self.single_banner and leader is not None,
            counting=tuple(counting),
            highlights=tuple(highlights),
            problems=tuple(self.scene_problems(state)),
            details=details or {},
            points=counts,
            counted="banners",
        )

"""Breakthrough and Withdraw: one permanent banner for each unit ordered off the
board from a baseline hex (the opponent's for Breakthrough, the side's own for
Withdraw) in its own turn, having stood on a hex of that baseline when its turn
began (docs/hex.md). The narrower reading, leaving only from the very hex it
stood on, is the setting ``exit_same_hex``, or an objective's own ``same_hex``.
The family refuses an exit that breaks these conditions (``family._check_exit``);
what reaches an objective earns its banner."""

from __future__ import annotations

from tabletop_gui.model.hexgrid import hex_label, row_label
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.hexbanners import settings
from tabletop_gui.rules.hexbanners.base import BannerObjective, side_name
from tabletop_gui.rules.hexbanners.occupancy import board_of
from tabletop_gui.rules.hexbanners.records import Exit, exits
from tabletop_gui.rules.play_types import Param
from tabletop_gui.rules.region import Region
from tabletop_gui.rules.scoreboard import CountingPiece, HexMark, ObjectiveResult


class ExitObjective(BannerObjective):
    needs_hexes = False
    single_banner = False

    params = (
        Param("same_hex", "bool", None, "The unit exits only from the very hex it stood on "
              "at the start of its turn (off: from any hex of that baseline; unset: the "
              "setting exit_same_hex)"),
    )  # fmt: skip

    def validate(self) -> list[tuple[str, str]]:
        errors = super().validate()
        same = self.param("same_hex", None)
        if same is not None and not isinstance(same, bool):
            errors.append(("same_hex", f"expected true or false, got {same!r}"))
        return errors

    def same_hex(self, state: GameState) -> bool:
        """The narrower reading applies: its own ``same_hex``, else the setting."""
        same = self.param("same_hex", None)
        return same if isinstance(same, bool) else settings.exit_same_hex(state.setup)

    def baseline_side(self, state: GameState, side: str) -> str:
        """Whose baseline ``side``'s units leave from."""
        raise NotImplementedError

    def baseline_row(self, state: GameState, side: str) -> int | None:
        board = board_of(state)
        if board is None:
            return None
        return settings.baseline_row(state.setup, board, self.baseline_side(state, side))

    def why_not(self, state: GameState, e: Exit) -> str | None:
        """None if the exit earns a banner, else why not."""
        row = self.baseline_row(state, e.side)
        if e.hex[1] != row:
            return (
                f"hex {hex_label(e.hex)} is not on the right baseline (row {row_label(row or 0)})"
            )
        if not e.ordered:
            return "it was not ordered"
        if not e.own_turn:
            return "it was not its side's turn"
        if e.start_hex is None:
            return "it was not on the board at the start of its turn"
        if self.same_hex(state):
            if e.start_hex != e.hex:
                return (
                    f"it stood on hex {hex_label(e.start_hex)} at the start of its turn, not there"
                )
        elif e.start_hex[1] != row:
            where = hex_label(e.start_hex)
            return f"it stood on hex {where}, off the baseline, at the start of its turn"
        return None

    def scoring_region(self, state: GameState, unit: Unit) -> Region | None:
        """The baseline hexes the unit may leave from for a banner (ordered, in its
        own turn, having stood there at the start of it)."""
        from tabletop_gui.rules.hexbanners.regions import hex_region, refusal

        refused = refusal(self, state, unit, self.sides(state))
        board = board_of(state)
        row = self.baseline_row(state, unit.side)
        if refused is not None or board is None or row is None:
            return refused or Region(why="needs a hex board")
        label = "exit from here for a banner (ordered, standing here at the start of its turn)"
        return hex_region(state, unit, board.baseline(row), label)

    def banners(self, state: GameState) -> dict[str, int]:
        out: dict[str, int] = {}
        sides = self.sides(state)
        for e in exits(state):
            if e.side in sides and self.why_not(state, e) is None:
                out[e.side] = out.get(e.side, 0) + 1
        return out

    def evaluate(self, state: GameState) -> ObjectiveResult:
        banners = self.banners(state)
        sides = [s for s in self.sides(state) if s in state.scene.side_ids]
        counting = []
        lines = []
        for e in exits(state):
            if e.side not in sides:
                continue
            why = self.why_not(state, e)
            if why is None:
                note = f"left from hex {hex_label(e.hex)} in turn {e.turn}: one banner"
            else:
                note = f"left from hex {hex_label(e.hex)} in turn {e.turn}: no banner, {why}"
            counting.append(CountingPiece(e.unit_id, e.side, note=note))
            lines.append(f"{e.unit_name} {note}")
        totals = ", ".join(f"{side_name(state, s)} {banners.get(s, 0)}" for s in sides)
        detail = ("; ".join(lines) + ".") if lines else "No unit has left the board yet."
        reason = f"{self.title} banners: {totals}. {detail}"
        board = board_of(state)
        marks = []
        for s in sides:
            row = self.baseline_row(state, s)
            if board is not None and row is not None:
                marks.append(
                    HexMark(
                        tuple(board.baseline(row)),
                        s,
                        f"{self.title}: {side_name(state, s)} exits here",
                    )
                )
        return self.result(
            state, banners, reason, permanent=True, counting=counting, highlights=marks
        )


class Breakthrough(ExitObjective):
    kind = "hex.breakthrough"
    title = "Breakthrough"

    def baseline_side(self, state: GameState, side: str) -> str:
        return state.scene.opponent(side)


class Withdraw(ExitObjective):
    kind = "hex.withdraw"
    title = "Withdraw"

    def baseline_side(self, state: GameState, side: str) -> str:
        return side

"""Clearing a Sector: at the start of a side's turn, if the section holds no enemy
unit, the side gains a permanent banner (``sector_first_banners``: one or two the
first time); at each later clear start of its turn, one more. A dotted-line hex
counts for the centre alone here (the board's ``section_of``)."""

from __future__ import annotations

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.events import Event, TurnStart
from tabletop_gui.model.hexgrid import SECTIONS, hex_label
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.hexbanners import settings
from tabletop_gui.rules.hexbanners.base import BannerObjective, side_name
from tabletop_gui.rules.hexbanners.occupancy import board_of, occupancy
from tabletop_gui.rules.play_types import Param
from tabletop_gui.rules.region import Region
from tabletop_gui.rules.scoreboard import CountingPiece, HexMark, ObjectiveResult, PieceMark, Role


@dataclass(frozen=True)
class Clear:
    side: str
    turn: int
    banners: int


class ClearingSector(BannerObjective):
    """Params: ``section`` (left, centre or right, named from the file's board) and
    ``side``/``sides``: who clears it of the enemy."""

    kind = "hex.clearing_sector"
    title = "Clearing a Sector"
    needs_hexes = False
    single_banner = False

    @property
    def section(self) -> str:
        return str(self.param("section", ""))

    params = (Param("section", "choice", None, "The section to clear of the enemy", SECTIONS),)

    def validate(self) -> list[tuple[str, str]]:
        errors = super().validate()
        if self.section not in SECTIONS:
            errors.append(
                ("section", f"must be one of {', '.join(SECTIONS)}, got {self.section!r}")
            )
        return errors

    def where(self) -> str:
        return f"the {self.section} section"

    def scoring_region(self, state: GameState, unit: Unit) -> Region | None:
        """No hex of its own gives it: the side gains it while no enemy stands in
        the section."""
        return Region(why=f"no hex gives it: gained while no enemy unit stands in {self.where()}")

    def section_hexes(self, state: GameState) -> list:
        board = board_of(state)
        if board is None or self.section not in SECTIONS:
            return []
        return board.section_hexes(self.section)

    def enemies_in(self, state: GameState, side: str) -> list[tuple]:
        occ = occupancy(state)
        return [
            (h, uid)
            for h in self.section_hexes(state)
            if h in occ and occ[h].side != side
            for uid in occ[h].unit_ids
        ]

    def clears(self, state: GameState) -> tuple[Clear, ...]:
        return self.record(state, ())

    def fold(self, before: GameState, event: Event, after: GameState) -> GameState:
        if not isinstance(event, TurnStart) or event.side not in self.sides(after):
            return after
        if self.enemies_in(after, event.side):
            return after
        earlier = [c for c in self.clears(after) if c.side == event.side]
        n = 1 if earlier else settings.sector_first_banners(after.setup)
        return after.with_record(self.id, (*self.clears(after), Clear(event.side, event.turn, n)))

    def banners(self, state: GameState) -> dict[str, int]:
        out: dict[str, int] = {}
        for c in self.clears(state):
            out[c.side] = out.get(c.side, 0) + c.banners
        return out

    def evaluate(self, state: GameState) -> ObjectiveResult:
        banners = self.banners(state)
        parts = []
        counting: list[CountingPiece] = []
        marks: list = [
            HexMark(tuple(self.section_hexes(state)), None, f"{self.name}: {self.where()}")
        ]
        for side in self.sides(state):
            if side not in state.scene.side_ids:
                continue
            name = side_name(state, side)
            mine = [c for c in self.clears(state) if c.side == side]
            turns = ", ".join(f"turn {c.turn} (+{c.banners})" for c in mine)
            got = (
                f"{name} has {banners.get(side, 0)} for good "
                f"({self.where()} clear at the start of {turns})"
                if mine
                else f"{name} has not yet started a turn with {self.where()} clear"
            )
            enemies = self.enemies_in(state, side)
            if enemies:
                names = ", ".join(
                    f"{state.scene.units[uid].name} on hex {hex_label(h)}" for h, uid in enemies[:4]
                )
                more = f" and {len(enemies) - 4} more" if len(enemies) > 4 else ""
                now = f"now not clear: {names}{more}"
            else:
                first = settings.sector_first_banners(state.setup)
                gain = (
                    "one more"
                    if mine
                    else ("its first banner" if first == 1 else f"its first {first} banners")
                )
                now = f"now clear: {name} gains {gain} at the start of its next turn if it stays so"
            parts.append(f"{got}; {now}.")
            for h, uid in enemies:
                enemy = state.scene.units[uid].side
                counting.append(
                    CountingPiece(uid, enemy, note=f"enemy in {self.where()} (hex {hex_label(h)})")
                )
                marks.append(
                    PieceMark(uid, Role.CONTESTED, enemy, f"keeps {self.where()} from clear")
                )
        return self.result(
            state, banners, " ".join(parts), permanent=True, counting=counting, highlights=marks,
            details={"clears": [{"side": c.side, "turn": c.turn, "banners": c.banners}
                                for c in self.clears(state)]},
        )  # fmt: skip

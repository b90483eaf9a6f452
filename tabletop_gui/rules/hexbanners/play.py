"""How a hex Victory Banner battle is played on the board (no Qt): side turns
with a movement phase inside each, ordered moves, retreats, exits and
eliminations, Command cards and the Time Pressure banner, one-hex units, and the
printed boards File > New offers (docs/hex.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop_gui.model.events import Event, MovePiece, PhaseEnd, PhaseStart, TurnEnd, TurnStart
from tabletop_gui.model.fields import field_values
from tabletop_gui.model.hexgrid import HexBoard, hex_label
from tabletop_gui.model.names import piece_label, side_name
from tabletop_gui.model.pieces import BaseShape, Unit
from tabletop_gui.model.scene import Board, Scene, Setup
from tabletop_gui.model.state import GameState
from tabletop_gui.rules import flags, turn_order
from tabletop_gui.rules.family import Family
from tabletop_gui.rules.hexbanners.checks import (
    card_problem,
    memoir_game,
    move_problems,
    retreat_problem,
)
from tabletop_gui.rules.hexbanners.events import (
    SCOUT,
    Eliminate,
    ExitBoard,
    HexMove,
    LoseFigures,
    PlayCard,
    Retreat,
    TakeTimePressureBanner,
)
from tabletop_gui.rules.hexbanners.fields import FIGURES, LEADER, SPECIAL
from tabletop_gui.rules.hexbanners.settings import first_side, movement_phase, recorded_from_middle
from tabletop_gui.rules.play_types import (
    HEX_TERRAIN_PRESETS,
    PLAIN_MARKER,
    SIDE_A,
    SIDE_B,
    Action,
    NewPreset,
    Palette,
    SideInput,
    Step,
    TurnControls,
    UnitLook,
    UnitPreset,
    Words,
)

#: Command cards the turn bar suggests (any name can be typed): Commands &
#: Colors: Tricorne's (Scout matters to Time Pressure).
COMMAND_CARDS = (
    "Scout",
    "Attack Left Flank",
    "Attack Center",
    "Attack Right Flank",
    "Probe Left Flank",
    "Probe Center",
    "Probe Right Flank",
    "Assault Center",
)
#: The Command cards of Memoir '44, which the turn bar suggests in a game with a
#: Memoir '44 objective (docs/hex.md, Flags): its Section cards, then its
#: Tactic cards. Names only.
MEMOIR_CARDS = (
    *(
        f"{order} {section}"
        for order in ("Recon", "Probe", "Attack", "Assault")
        for section in ("Left Flank", "Center", "Right Flank")
    ),
    "Air Power", "Ambush", "Armor Assault", "Artillery Bombard", "Barrage",
    "Behind Enemy Lines", "Close Assault", "Counter-Attack", "Dig In", "Direct from HQ",
    "Firefight", "General Advance", "Infantry Assault", "Medics & Mechanics", "Move Out!",
    "Pincer Move", "Recon in Force", "Their Finest Hour",
)  # fmt: skip
BANNER_TARGET = 6
UNIT_PRESETS = (
    UnitPreset("hex-infantry", "Infantry (one hex)", BaseShape.RECT, 20, 20, 1, 1,
               hex_fraction=0.8, kind="infantry"),
    UnitPreset("hex-cavalry", "Cavalry (one hex)", BaseShape.RECT, 20, 20, 1, 1,
               hex_fraction=0.8, kind="cavalry"),
    UnitPreset("hex-armor", "Armor (one hex)", BaseShape.RECT, 20, 20, 1, 1,
               hex_fraction=0.8, kind="armor"),
    UnitPreset("hex-artillery", "Artillery (one hex)", BaseShape.RECT, 20, 20, 1, 1,
               hex_fraction=0.8, kind="artillery"),
    UnitPreset("hex-leader", "Leader (one hex)", BaseShape.RECT, 20, 20, 1, 1,
               fields=field_values({LEADER: True}), noun="leader", hex_fraction=0.6),
)  # fmt: skip
#: A hex unit fills its hex: its place is a hex, its size is its figures (docs/hex.md).
UNIT_FIELDS = ("name", "side", "kind", "x", "y", FIGURES.key, SPECIAL.key, LEADER.key)
MARKER_FIELDS = ("label", "kind", "diameter_mm", "side", "x", "y")
#: A unit's ``kind`` -> the symbol drawn for it and its name in the legend.
SYMBOLS = {
    "infantry": ("infantry", "Infantry"),
    "armor": ("armour", "Armour"),
    "armour": ("armour", "Armour"),
    "artillery": ("artillery", "Artillery"),
    "cavalry": ("cavalry", "Cavalry"),
    "vehicle": ("vehicle", "Vehicle"),
    "destroyer": ("ship", "Ship"),
    "locomotive": ("train", "Train"),
    "wagon": ("train", "Train"),
}
#: What the bar calls the parts of a side turn.
COMMAND, MOVEMENT, BATTLE = "Command and order", "Movement", "Battle and draw"


def new_setup(rows: int = 9) -> Setup:
    board = HexBoard(rows=rows)
    scene = Scene(board=board, sides=(SIDE_A, SIDE_B))
    return Setup(
        family="hex",
        scene=scene,
        name="Hex board",
        settings={"banner_target": BANNER_TARGET},
        notes=f"{SIDE_A.name} has the near baseline (row 0), {SIDE_B.name} the far one.",
    )


def phase(state: GameState, events: Sequence[Event]) -> str:
    """Where a side turn is: 'Command and order', 'Movement' or 'Battle and draw'."""
    move = movement_phase(state.setup)
    if state.clock.phase == move:
        return MOVEMENT
    for e in reversed(events):
        if isinstance(e, TurnStart):
            return COMMAND
        if isinstance(e, PhaseEnd) and e.phase == move:
            return BATTLE
    return COMMAND


class HexBannersPlay(Family):
    """The play hooks of the hex family (the registered family is ``HexBanners``)."""

    words = Words("banner", "banners", "the battle", "Turn")
    reference = "docs/hex.md"

    def clock_text(self, state: GameState, events: Sequence[Event]) -> str:
        text = super().clock_text(state, events)
        if isinstance(turn_order.last_turn_event(events), TurnEnd):
            return text
        return f"{text} · {phase(state, events)}"

    def turn_steps(
        self, state: GameState, events: Sequence[Event], first: str | None, choice: str | None
    ) -> list[Step]:
        """Side turns alternating; inside each, the movement phase opens and closes."""
        move = movement_phase(state.setup)
        now = phase(state, events) if turn_order.last_turn_event(events) else ""
        close = (PhaseEnd(move),) if now == MOVEMENT else ()
        steps = turn_order.side_turn_steps(state, events, first, *close)
        last = turn_order.last_turn_event(events)
        if last is None or isinstance(last, TurnEnd):
            return steps
        if now == COMMAND:
            return [Step("Start the movement phase", (PhaseStart(move),)), *steps]
        if now == MOVEMENT:
            return [Step("End the movement phase", (PhaseEnd(move),)), *steps]
        return steps

    def turn_controls(self, state: GameState, events: Sequence[Event]) -> TurnControls:
        base = super().turn_controls(state, events)
        card = SideInput(
            "Play card", command_cards(state.setup), "The Command card to record (type any name)"
        )
        first = first_side(state.setup)
        return TurnControls(base.choose_first, None, card if state.clock.side else None, first)

    def side_actions(self, state: GameState, text: str = "") -> list[Action]:
        side = state.clock.side
        if side is None:
            return []
        card = text.strip() or command_cards(state.setup)[0]
        second = card_problem(state, side, card) or ""
        out = [Action(f"Play {card}", (PlayCard(side, card),), takes_input=True, not_now=second)]
        if any(spec.kind == "hex.time_pressure" for spec in state.setup.objectives):
            out.append(Action("Take a Time Pressure banner", (TakeTimePressureBanner(side),)))
        return out

    def actions(
        self, state: GameState, ids: Sequence[str], point: tuple[float, float] | None
    ) -> list[Action]:
        board = state.scene.board
        out: list[Action] = []
        if not isinstance(board, HexBoard):
            return out
        for u in (state.scene.units[i] for i in ids if i in state.scene.units):
            if u.removed:
                continue
            name = piece_label(u)
            here = board.point_to_hex(u.x, u.y)
            if point is not None:
                to = board.point_to_hex(*point)
                if to != here and board.contains(to):
                    later = next(iter(move_problems(state, u, to)), "")
                    out.append(Action(f"{name}: ordered move to hex {hex_label(to)}",
                                      (HexMove(u.id, to),), not_now=later))  # fmt: skip
                    out.append(Action(f"{name}: retreat to hex {hex_label(to)}",
                                      (Retreat(u.id, to),),
                                      not_now=retreat_problem(state, u, to) or ""))  # fmt: skip
            out.append(Action(f"{name} exits the board (ordered)", (ExitBoard(u.id),),
                              not_now=setup_exit(state, u.name)))  # fmt: skip
            left = FIGURES.of(u)
            for n in range(1, min(left or 0, 4) + 1):
                lost = f"{n} figure{'' if n == 1 else 's'}"
                after = f"{left - n} left" if left is not None and n < left else "eliminated"
                out.append(Action(f"{name} loses {lost} ({after})", (LoseFigures(u.id, n),)))
            what = "leader" if LEADER.of(u) else "unit"
            out.append(Action(f"Eliminate {what} {name}", (Eliminate(u.id),)))
        return out

    def setup_flags(self, setup: Setup) -> list[str]:
        """None: one unit per hex is refused, not flagged, and a leader may share
        a hex with a unit (its base on the unit's)."""
        return []

    def flags(self, before: GameState, event: Event, after: GameState) -> list[str]:
        """A unit of the side not acting moved by a plain or ordered move (a
        retreat, ``hex.retreat``, is how units move in the opponent's turn); a
        retreat not toward its side's edge, an ordered move before the movement
        phase or farther than its type moves, a second Command card in a turn
        (``checks``; docs/hex.md, Flags). One
        unit per hex is refused, not flagged, and a leader may share a hex. An
        exit before the log's first ``turn_start`` (the window does not offer one
        in set-up: ``setup_exit``; a file's log may hold one, from a game recorded
        from its middle): legal only in the unit's side's turn, which the log
        does not name (docs/hex.md, Leaving the battlefield)."""
        if isinstance(event, ExitBoard) and before.clock.side is None:
            gone = before.scene.units.get(event.unit_id)
            if gone is None:
                return []
            return [
                f"{gone.name} ({side_name(before.scene, gone.side)}) left the board before "
                "the log's first turn start: a unit leaves only in its side's turn, which "
                "the log does not name (a game recorded from its middle); no exit banner"
            ]
        if self.game_over(before):
            return []
        if isinstance(event, Retreat):
            unit = before.scene.units.get(event.unit_id)
            to = (int(event.to[0]), int(event.to[1]))
            found = retreat_problem(before, unit, to) if unit and not unit.removed else None
            return [found] if found else []
        if isinstance(event, PlayCard):
            found = card_problem(before, event.side, event.card)
            return [found] if found else []
        unit = flags.moved_unit(before, event)
        if unit is None and isinstance(event, HexMove):
            unit = before.scene.units.get(event.unit_id)
        if unit is None or unit.removed:
            return []
        why = f"record a retreat as a retreat ({Retreat.type}) if it was one"
        found = flags.other_side_moved(before, unit, False, why)
        if found:
            return [found]
        board = before.scene.board
        if isinstance(event, HexMove) and event.ordered:
            return move_problems(before, unit, (int(event.to[0]), int(event.to[1])))
        if isinstance(event, MovePiece) and isinstance(board, HexBoard):
            return move_problems(before, unit, board.point_to_hex(event.x, event.y))
        return []

    def unit_fields(self, unit: Unit) -> tuple[str, ...]:
        return UNIT_FIELDS

    def unit_look(self, state: GameState, unit: Unit) -> UnitLook | None:
        """The unit's type as a symbol (its ``kind``), a star for what makes it
        special, and its figures left of those it started with as pips."""
        if LEADER.of(unit):
            symbol, title = "leader", "Leader"
        else:
            symbol, title = SYMBOLS.get(unit.kind, ("other", unit.kind.capitalize()))
        left = FIGURES.of(unit)
        start = state.setup.scene.units.get(unit.id)
        full = FIGURES.of(start) if start is not None else None
        if left is not None:
            full = max(full or 0, left) or None
        if not unit.kind and not LEADER.of(unit) and left is None and not SPECIAL.of(unit):
            return None
        return UnitLook(symbol, title, SPECIAL.of(unit), left, full, "figures")

    def marker_fields(self) -> tuple[str, ...]:
        return MARKER_FIELDS

    def palette(self, board: Board) -> Palette:
        return Palette(
            units=UNIT_PRESETS,
            markers=(PLAIN_MARKER,),
            terrain=HEX_TERRAIN_PRESETS,
            draw_zones=False,
        )

    def objective_template(self, kind: str, setup: Setup, scene: Scene) -> dict[str, Any]:
        """Hexes at the board's centre, or the first side, to start from."""
        board = scene.board
        c, r = board.point_to_hex(*board.centre) if isinstance(board, HexBoard) else (0, 0)
        first = scene.side_ids[0] if scene.side_ids else ""
        top = board.rows - 1 if isinstance(board, HexBoard) else 0
        templates: dict[str, dict[str, Any]] = {
            "hex.temporary": {"hexes": [[c, r]], "need": 1},
            "hex.start_turn_temporary": {"hexes": [[c, r]], "need": 1},
            "hex.turn_start_majority": {
                "hexes": [[c - 1, r], [c, r], [c + 1, r]],
                "group": "Centre",
            },
            "hex.permanent": {"hexes": [[c, r]]},
            "hex.turn_start_permanent": {"hexes": [[c, r]]},
            "hex.clearing_sector": {"side": first, "section": "left"},
            "hex.breakthrough": {"side": first},
            "hex.withdraw": {"side": first},
            "hex.time_pressure": {"side": first},
            "hex.memoir_medal": {"hexes": [[c, r]], "side": first},
            "hex.memoir_exit": {"hexes": [[0, top]], "side": first},
            "hex.memoir_sudden_death": {"hexes": [[c, r]], "side": first, "need": 1},
        }
        return templates.get(kind, {})

    def new_presets(self) -> list[NewPreset]:
        return [
            NewPreset("hex", "Hex board (9 rows, Commands && Colors)", (), new_setup),
            NewPreset("hex-11", "Hex board (11 rows, Tricorne)", (), lambda: new_setup(11)),
        ]

    def same_kind(self, setup: Setup) -> Setup:
        board = setup.scene.board
        return new_setup(board.rows if isinstance(board, HexBoard) else 9)


def command_cards(setup: Setup) -> tuple[str, ...]:
    """The Command cards the turn bar suggests: Memoir '44's in a game with a
    Memoir '44 objective, else Commands & Colors: Tricorne's; Scout first
    wherever a Time Pressure objective asks for it."""
    if not memoir_game(setup):
        return COMMAND_CARDS
    if any(spec.kind == "hex.time_pressure" for spec in setup.objectives):
        return (SCOUT, *MEMOIR_CARDS)
    return MEMOIR_CARDS


def setup_exit(state: GameState, name: str) -> str:
    """Why the window does not offer an exit now: in set-up, before the first
    ``turn_start``, it is no side's turn (a log recorded from the middle of a
    battle, setting ``banners_before``, is under way). A file's log may still
    hold one: it is read and flagged (docs/hex.md, Leaving the battlefield)."""
    if state.clock.side is not None or recorded_from_middle(state.setup):
        return ""
    return (
        f"{name} cannot leave the board in set-up: no side's turn has started, and a "
        "unit leaves the battlefield only in its side's turn "
        "(docs/hex.md, Leaving the battlefield)"
    )

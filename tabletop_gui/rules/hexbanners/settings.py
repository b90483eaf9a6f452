"""The hex family's settings (``Setup.settings``): every choice the Victory Banner
rules leave open, with its default. docs/hex.md lists them for scenario authors."""

from __future__ import annotations

from typing import Any

from tabletop_gui.model.hexgrid import End, HexBoard
from tabletop_gui.model.scene import Setup
from tabletop_gui.rules.hexbanners.events import MOVEMENT

#: Banners a side needs to win at once: a whole number, or ``{side: number}``.
#: Absent: no instant win (the scoreboard says so).
BANNER_TARGET = "banner_target"
#: Does a leader standing alone on a hex occupy it? (docs/hex.md: default no.)
LONE_LEADER_OCCUPIES = "lone_leader_occupies"
#: Banners for the first clear start of turn of a sector: 1 (default) or 2.
SECTOR_FIRST_BANNERS = "sector_first_banners"
#: Which end of the board is each side's baseline: ``{side: "near" | "far"}``.
#: Default: the first side listed is near (row 0), the second far (the last row).
BASELINES = "baselines"
#: At most one unit (leaders aside) on a hex; moves into an occupied hex are refused.
ONE_UNIT_PER_HEX = "one_unit_per_hex"
#: The phase name that is the movement phase (ordered moves, same-phase hand-over).
MOVEMENT_PHASE = "movement_phase"
#: Banners the enemy gains for eliminating a unit, by unit id: ``{unit_id: n}``
#: (default 1 each; Memoir '44 snipers and wagons give none).
ELIMINATION_BANNERS = "elimination_banners"
#: The side that takes the first turn (a scenario's word; the turn bar offers it
#: first). None: the first side listed, or whoever the referee picks.
FIRST_SIDE = "first_side"
#: Banners each side had already won when the log starts (a game recorded from
#: its middle, a campaign's carry-over): ``{side: number}``.
BANNERS_BEFORE = "banners_before"
#: Breakthrough and Withdraw exits: false (the rule's reading) a unit leaves from
#: any hex of the baseline it stood on at the start of its turn; true (narrower)
#: only from the very hex it stood on. An objective's ``same_hex`` overrides it.
EXIT_SAME_HEX = "exit_same_hex"
#: How far a unit of each ``kind`` moves in one movement phase, ``{kind: hexes}``:
#: a longer ordered move is flagged (docs/hex.md, Flags). Unset: Memoir '44's in
#: a Memoir game, none in others.
MOVE_LIMITS = "move_limits"

DEFAULTS: dict[str, Any] = {
    BANNER_TARGET: None,
    LONE_LEADER_OCCUPIES: False,
    SECTOR_FIRST_BANNERS: 1,
    BASELINES: None,
    ONE_UNIT_PER_HEX: True,
    MOVEMENT_PHASE: MOVEMENT,
    ELIMINATION_BANNERS: None,
    BANNERS_BEFORE: None,
    FIRST_SIDE: None,
    EXIT_SAME_HEX: False,
    MOVE_LIMITS: None,
}


def setting(setup: Setup, name: str) -> Any:
    return setup.setting(name, DEFAULTS[name])


def _target_problem(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        return f"expected a whole number >= 1, got {value!r}"
    return None


def target(setup: Setup, side: str) -> int | None:
    """The banner target of ``side``, or None when the scenario sets none (or sets
    one that is not a whole number >= 1: ``problems`` says so)."""
    value = setting(setup, BANNER_TARGET)
    if isinstance(value, dict):
        value = value.get(side)
    return None if _target_problem(value) else value


def _flag(setup: Setup, name: str) -> bool:
    """A true/false setting; anything else is its default (``problems`` says so)."""
    value = setting(setup, name)
    return value if isinstance(value, bool) else bool(DEFAULTS[name])


def lone_leader_occupies(setup: Setup) -> bool:
    return _flag(setup, LONE_LEADER_OCCUPIES)


def exit_same_hex(setup: Setup) -> bool:
    return _flag(setup, EXIT_SAME_HEX)


def one_unit_per_hex(setup: Setup) -> bool:
    return _flag(setup, ONE_UNIT_PER_HEX)


def sector_first_banners(setup: Setup) -> int:
    value = setting(setup, SECTOR_FIRST_BANNERS)
    return value if value in (1, 2) and not isinstance(value, bool) else 1


def elimination_worth(setup: Setup, unit_id: str) -> int:
    """Banners for eliminating unit ``unit_id`` (1 unless the scenario says otherwise)."""
    worth = setting(setup, ELIMINATION_BANNERS)
    value = worth.get(unit_id, 1) if isinstance(worth, dict) else 1
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 1


def first_side(setup: Setup) -> str | None:
    """The side the scenario says goes first, if it names one of the sides."""
    value = setting(setup, FIRST_SIDE)
    return value if isinstance(value, str) and value in setup.scene.side_ids else None


def movement_phase(setup: Setup) -> str:
    value = setting(setup, MOVEMENT_PHASE)
    return value if isinstance(value, str) and value else MOVEMENT


def move_limits(setup: Setup) -> dict[str, int] | None:
    """The scenario's ``{kind: hexes}`` (whole numbers >= 0 only), None when unset."""
    value = setting(setup, MOVE_LIMITS)
    if not isinstance(value, dict):
        return None
    return {
        kind: n
        for kind, n in value.items()
        if isinstance(kind, str) and isinstance(n, int) and not isinstance(n, bool) and n >= 0
    }


def banners_before(setup: Setup) -> dict[str, int]:
    """Banners won before the log starts, per side (whole numbers >= 0 only)."""
    value = setting(setup, BANNERS_BEFORE)
    if not isinstance(value, dict):
        return {}
    return {
        side: n
        for side, n in value.items()
        if side in setup.scene.side_ids and isinstance(n, int) and not isinstance(n, bool) and n > 0
    }


def recorded_from_middle(setup: Setup) -> bool:
    """The log starts in the middle of a battle: the setup says what was won
    before it (``banners_before``, even ``{"side": 0, ...}``). Before its first
    ``turn_start`` it is not the set-up but a turn the log does not name."""
    return isinstance(setting(setup, BANNERS_BEFORE), dict)


def _default_end(setup: Setup, side: str) -> End:
    ids = setup.scene.side_ids
    return "far" if side in ids and ids.index(side) % 2 == 1 else "near"


def baseline_end(setup: Setup, side: str) -> End:
    """Which end of the board is ``side``'s own baseline (its nearest row)."""
    ends = setting(setup, BASELINES)
    if isinstance(ends, dict) and ends.get(side) in ("near", "far"):
        return ends[side]
    return _default_end(setup, side)


def baseline_row(setup: Setup, board: HexBoard, side: str) -> int:
    return board.baseline_row(baseline_end(setup, side))


def problems(setup: Setup) -> list[str]:
    """Settings that cannot be used, naming the setting; their defaults apply."""
    out = []
    target_value = setting(setup, BANNER_TARGET)
    per_side = target_value if isinstance(target_value, dict) else None
    if per_side is None:
        why = _target_problem(target_value)
        if why:
            out.append(f"settings.{BANNER_TARGET}: {why}")
    else:
        for side, value in per_side.items():
            why = _target_problem(value)
            if why:
                out.append(f"settings.{BANNER_TARGET}.{side}: {why}")
    ends = setting(setup, BASELINES)
    if ends is not None and not isinstance(ends, dict):
        out.append(f"settings.{BASELINES}: expected {{side: 'near' or 'far'}}, got {ends!r}")
    elif isinstance(ends, dict):
        for side, end in ends.items():
            if end not in ("near", "far"):
                out.append(f"settings.{BASELINES}.{side}: must be 'near' or 'far', got {end!r}")
    first = setting(setup, SECTOR_FIRST_BANNERS)
    if first not in (1, 2) or isinstance(first, bool):
        out.append(f"settings.{SECTOR_FIRST_BANNERS}: must be 1 or 2, got {first!r} (1 applies)")
    for name in (LONE_LEADER_OCCUPIES, ONE_UNIT_PER_HEX, EXIT_SAME_HEX):
        value = setting(setup, name)
        if not isinstance(value, bool):
            out.append(
                f"settings.{name}: expected true or false, got {value!r} "
                f"({str(DEFAULTS[name]).lower()} applies)"
            )
    worth = setting(setup, ELIMINATION_BANNERS)
    if worth is not None and not isinstance(worth, dict):
        out.append(f"settings.{ELIMINATION_BANNERS}: expected {{unit id: banners}}, got {worth!r}")
    elif isinstance(worth, dict):
        for uid, n in worth.items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                out.append(f"settings.{ELIMINATION_BANNERS}.{uid}: expected a whole number >= 0, "
                           f"got {n!r} (1 applies)")  # fmt: skip
    before = setting(setup, BANNERS_BEFORE)
    if before is not None and not isinstance(before, dict):
        out.append(f"settings.{BANNERS_BEFORE}: expected {{side: number}}, got {before!r}")
    elif isinstance(before, dict):
        for side, n in before.items():
            if side not in setup.scene.side_ids:
                out.append(f"settings.{BANNERS_BEFORE}.{side}: no such side")
            elif isinstance(n, bool) or not isinstance(n, int) or n < 0:
                out.append(f"settings.{BANNERS_BEFORE}.{side}: expected a whole number >= 0")
    first = setting(setup, FIRST_SIDE)
    if first is not None and first_side(setup) is None:
        out.append(f"settings.{FIRST_SIDE}: {first!r} is not a side (sides: "
                   f"{', '.join(setup.scene.side_ids)})")  # fmt: skip
    limits = setting(setup, MOVE_LIMITS)
    if limits is not None and not isinstance(limits, dict):
        out.append(f"settings.{MOVE_LIMITS}: expected {{unit kind: hexes}}, got {limits!r}")
    elif isinstance(limits, dict):
        for kind, n in limits.items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                out.append(f"settings.{MOVE_LIMITS}.{kind}: expected a whole number >= 0, "
                           f"got {n!r} (not checked)")  # fmt: skip
    phase = setting(setup, MOVEMENT_PHASE)
    if not (isinstance(phase, str) and phase):
        out.append(f"settings.{MOVEMENT_PHASE}: expected a phase name, got {phase!r}")
    return out

"""The hex family's settings (``Setup.settings``): every choice RULES.md section 3
leaves open, with its default. docs/hex.md lists them for scenario authors."""

from __future__ import annotations

from typing import Any

from tabletop_gui.model.events.hexgame import MOVEMENT
from tabletop_gui.model.hexgrid import End, HexBoard
from tabletop_gui.model.scene import Setup

#: Banners a side needs to win at once: a whole number, or ``{side: number}``.
#: Absent: no instant win (the scoreboard says so).
BANNER_TARGET = "banner_target"
#: Does a leader standing alone on a hex occupy it? (RULES.md 5: default no.)
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

DEFAULTS: dict[str, Any] = {
    BANNER_TARGET: None,
    LONE_LEADER_OCCUPIES: False,
    SECTOR_FIRST_BANNERS: 1,
    BASELINES: None,
    ONE_UNIT_PER_HEX: True,
    MOVEMENT_PHASE: MOVEMENT,
}


def setting(setup: Setup, name: str) -> Any:
    return setup.setting(name, DEFAULTS[name])


def target(setup: Setup, side: str) -> int | None:
    """The banner target of ``side``, or None when the scenario sets none."""
    value = setting(setup, BANNER_TARGET)
    if isinstance(value, dict):
        value = value.get(side)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 1:
        raise ValueError(f"settings.{BANNER_TARGET}: expected a whole number >= 1, got {value!r}")
    return int(value)


def lone_leader_occupies(setup: Setup) -> bool:
    return bool(setting(setup, LONE_LEADER_OCCUPIES))


def sector_first_banners(setup: Setup) -> int:
    value = setting(setup, SECTOR_FIRST_BANNERS)
    if value not in (1, 2):
        raise ValueError(f"settings.{SECTOR_FIRST_BANNERS}: must be 1 or 2, got {value!r}")
    return int(value)


def movement_phase(setup: Setup) -> str:
    return str(setting(setup, MOVEMENT_PHASE))


def baseline_end(setup: Setup, side: str) -> End:
    """Which end of the board is ``side``'s own baseline (its nearest row)."""
    ends = setting(setup, BASELINES)
    if isinstance(ends, dict) and side in ends:
        end = ends[side]
        if end not in ("near", "far"):
            raise ValueError(f"settings.{BASELINES}.{side}: must be 'near' or 'far', got {end!r}")
        return end
    ids = setup.scene.side_ids
    return "far" if ids.index(side) % 2 == 1 else "near"


def baseline_row(setup: Setup, board: HexBoard, side: str) -> int:
    return board.baseline_row(baseline_end(setup, side))


def problems(setup: Setup) -> list[str]:
    """Settings that cannot be read, as messages naming the setting."""
    out = []
    for side in setup.scene.side_ids:
        try:
            target(setup, side)
            baseline_end(setup, side)
        except ValueError as exc:
            out.append(str(exc))
    try:
        sector_first_banners(setup)
    except ValueError as exc:
        out.append(str(exc))
    return sorted(set(out))

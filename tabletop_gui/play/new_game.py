"""File > New: the boards a game can start from (plain Python, no Qt).

- The Ninth Age: 72 x 48 in, two players, one entry per Deployment Type and
  Secondary Objective (Spoils of War places its three markers by the rule;
  Secure Target markers and King of the Hill picks are the players' to place).
- Hex: the printed 9-row Commands & Colors board, two sides, banner target 6;
  objectives are scenario data (open the bundled demo for an example).
- Carnevale: the 36 x 36 in board with two gangs and their Deployment Zones.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tabletop_gui.model.board import InchBoard
from tabletop_gui.model.hexgrid import HexBoard
from tabletop_gui.model.pieces import Marker, Side
from tabletop_gui.model.scene import ObjectiveSpec, Scene, Setup

T9A_OBJECTIVES = (
    ("t9a.hold_the_ground", "Hold the Ground"),
    ("t9a.breakthrough", "Breakthrough"),
    ("t9a.spoils_of_war", "Spoils of War"),
    ("t9a.king_of_the_hill", "King of the Hill"),
    ("t9a.capture_the_flags", "Capture the Flags"),
    ("t9a.secure_target", "Secure Target"),
)
#: Default sides of a new board (names and colours are editable in the file).
SIDE_A = Side("player-a", "Player A", "#0072b2")
SIDE_B = Side("player-b", "Player B", "#d55e00")
HEX_BANNER_TARGET = 6
#: The Deployment Type of a new board when the current one names none.
DEFAULT_T9A = "frontline_clash"


@dataclass(frozen=True)
class NewPreset:
    key: str
    title: str
    group: tuple[str, ...]  # menu path under File > New
    build: Callable[[], Setup]


def t9a_setup(deployment: str, objective: str | Sequence[str] | None) -> Setup:
    """A new 72 x 48 in board with ``deployment``'s zones and the Secondary
    Objective(s) ``objective`` (a kind, several kinds, or None)."""
    from tabletop_gui.rules.t9a.deployments import DEPLOYMENT_TYPES

    kinds = [objective] if isinstance(objective, str) else list(objective or ())
    dt = DEPLOYMENT_TYPES[deployment]
    board = InchBoard(72.0, 48.0)
    zones = dt.zones(board, SIDE_A.id, SIDE_B.id, {s.id: s.name for s in (SIDE_A, SIDE_B)})
    scene = Scene(board=board, sides=(SIDE_A, SIDE_B), zones={z.id: z for z in zones})
    titles = dict(T9A_OBJECTIVES)
    objectives = tuple(
        ObjectiveSpec(kind.split(".")[1].replace("_", "-"), kind, {}, titles.get(kind, ""))
        for kind in kinds
    )
    if "t9a.spoils_of_war" in kinds:
        from tabletop_gui.rules.t9a.spoils_of_war import MARKER_KIND, spoils_positions

        points = spoils_positions(scene, dt.dividing_line(board))
        scene = scene.with_pieces(
            [
                Marker(f"spoils-{i + 1}", MARKER_KIND, x, y, label=f"Spoils {i + 1}")
                for i, (x, y) in enumerate(points)
            ]
        )
    title = ", ".join(titles.get(kind, kind) for kind in kinds)
    name = f"The Ninth Age: {dt.title}" + (f", {title}" if title else "")
    return Setup(family="t9a", scene=scene, name=name, objectives=objectives,
                 deployment=deployment)  # fmt: skip


def hex_setup(rows: int = 9) -> Setup:
    board = HexBoard(rows=rows)
    scene = Scene(board=board, sides=(SIDE_A, SIDE_B))
    return Setup(
        family="hex",
        scene=scene,
        name="Hex board",
        settings={"banner_target": HEX_BANNER_TARGET},
        notes=f"{SIDE_A.name} has the near baseline (row 0), {SIDE_B.name} the far one.",
    )


def carnevale_setup() -> Setup:
    from tabletop_gui.rules.carnevale.presets import new_carnevale_setup

    return new_carnevale_setup()


def presets() -> list[NewPreset]:
    out: list[NewPreset] = []
    try:
        from tabletop_gui.rules.t9a.deployments import DEPLOYMENT_TYPES
    except ImportError:  # pragma: no cover - the family is optional
        DEPLOYMENT_TYPES = {}
    for key, dt in DEPLOYMENT_TYPES.items():
        title = dt.title + (" (approximation)" if dt.approximate else "")
        for kind, obj_title in (*T9A_OBJECTIVES, (None, "No Secondary Objective")):
            out.append(
                NewPreset(
                    f"t9a/{key}/{kind or 'none'}",
                    obj_title,
                    ("The Ninth Age", title),
                    lambda key=key, kind=kind: t9a_setup(key, kind),
                )
            )
    out.append(NewPreset("hex", "Hex board (9 rows, Commands && Colors)", (), hex_setup))
    out.append(NewPreset("hex-11", "Hex board (11 rows, Tricorne)", (), lambda: hex_setup(11)))
    out.append(NewPreset("carnevale", "Carnevale board (36 × 36 in)", (), carnevale_setup))
    return out


def preset(key: str) -> NewPreset:
    for p in presets():
        if p.key == key:
            return p
    raise KeyError(key)


def same_kind(setup: Setup) -> Setup:
    """File > New board of this kind: an empty board like the one ``setup`` is on.
    The Ninth Age: the same Deployment Type and Secondary Objective kinds (their
    params name the old board's pieces, so they start from the defaults); hex: as
    many rows; Carnevale: the same board size. Sides are the new board's own."""
    scene = setup.scene
    if setup.family == "t9a":
        from tabletop_gui.rules.t9a.deployments import DEPLOYMENT_TYPES

        deployment = setup.deployment if setup.deployment in DEPLOYMENT_TYPES else DEFAULT_T9A
        titles = dict(T9A_OBJECTIVES)
        kinds = list(dict.fromkeys(o.kind for o in setup.objectives if o.kind in titles))
        return t9a_setup(deployment, kinds)
    if setup.family == "hex":
        rows = scene.board.rows if isinstance(scene.board, HexBoard) else 9
        return hex_setup(rows)
    if setup.family == "carnevale":
        from tabletop_gui.rules.carnevale.presets import new_carnevale_setup

        board = scene.board
        if isinstance(board, InchBoard):
            return new_carnevale_setup(board.width, board.height)
        return carnevale_setup()
    return t9a_setup(DEFAULT_T9A, "t9a.hold_the_ground")

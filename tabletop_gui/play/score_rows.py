"""The Scoreboard as rows of text (one per objective), for the panel and ``render``."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop_gui.model.scene import Scene
from tabletop_gui.rules.scoreboard import ObjectiveResult, Scoreboard, Status


@dataclass(frozen=True)
class ScoreRow:
    objective_id: str
    name: str
    leader: str  # "Orcs lead", "tie: nobody wins", "nobody yet"
    leader_side: str | None
    counts: str
    reason: str
    problems: str
    final: bool


def side_name(scene: Scene, side: str | None) -> str:
    if side and side in scene.side_ids:
        return scene.side(side).name
    return str(side) if side else ""


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.2f}"


def score_row(scene: Scene, r: ObjectiveResult) -> ScoreRow:
    when = " (final)" if r.final else " (if the game ended now)"
    if r.status is Status.WON and r.leader and not r.final:
        leader, when = f"{side_name(scene, r.leader)} has it for good", ""
    elif r.status is Status.LEADING and r.leader and r.final:
        # A banner held when the battle ended (a hex instant win), as the CLI says.
        leader, when = f"{side_name(scene, r.leader)} holds it at the end", ""
    elif r.status in (Status.WON, Status.LEADING) and r.leader:
        verb = "wins" if r.status is Status.WON else "leads"
        leader = f"{side_name(scene, r.leader)} {verb}"
    elif r.status is Status.TIE:
        leader = "tie: nobody wins"
    else:
        leader = "nobody" if r.final else "nobody yet"  # no "yet" once it is settled
    counts = " · ".join(f"{side_name(scene, s)} {_num(v)}" for s, v in r.counts.items())
    return ScoreRow(
        objective_id=r.objective_id,
        name=r.name,
        leader=f"{leader}{when}",
        leader_side=r.leader if r.status in (Status.WON, Status.LEADING) else None,
        counts=counts,
        reason=r.reason,
        problems="; ".join(r.problems),
        final=r.final,
    )


def score_rows(scene: Scene, board: Scoreboard) -> list[ScoreRow]:
    return [score_row(scene, r) for r in board.results]


def piece_ids(r: ObjectiveResult) -> set[str]:
    """The pieces an objective row points at: its counting list and piece marks."""
    ids = {c.piece_id for c in r.counting}
    ids |= {h.piece_id for h in r.highlights if getattr(h, "kind", "") == "piece"}
    return ids

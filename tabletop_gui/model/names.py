"""How the program words sides, pieces and measured lengths: one helper each,
shared by the rules' reason lines, the window, the exports and the command line."""

from __future__ import annotations

from typing import Any

from tabletop_gui.model.scene import Scene


def side_name(scene: Scene, side: str | None, none: str = "") -> str:
    """A side's name ('Orcs'); ``none`` for no side; an unknown id as it is."""
    if not side:
        return none
    return scene.side(side).name if side in scene.side_ids else str(side)


def possessive(name: str) -> str:
    """'Equitaine's', 'Orcs''."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def piece_label(piece: Any) -> str:
    """What a player calls a piece: its name, else its label, else its id."""
    return getattr(piece, "name", "") or getattr(piece, "label", "") or piece.id


def inches(value: float) -> str:
    """A measured distance: always two decimals ('2.07 in'); never '-0.00'."""
    text = f"{value:.2f}"
    return f"{'0.00' if text == '-0.00' else text} in"


def margin(value: float) -> str:
    """A margin against a rule's range, signed ('+0.03 in', '-1.20 in'); a margin
    that rounds to zero is '0.00 in' (exactly at the threshold)."""
    text = f"{value:+.2f}"
    return f"{'0.00' if text in ('+0.00', '-0.00') else text} in"

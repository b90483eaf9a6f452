"""The scene model and the game log. Pure Python: no Qt here."""

from tabletop_gui.model.board import InchBoard
from tabletop_gui.model.hexgrid import HexBoard
from tabletop_gui.model.pieces import BaseShape, HeightClass, Marker, Side, Terrain, Unit, Zone
from tabletop_gui.model.scene import Board, ObjectiveSpec, Scene, Setup
from tabletop_gui.model.state import Clock, GameState

__all__ = [
    "BaseShape",
    "Board",
    "Clock",
    "GameState",
    "HeightClass",
    "HexBoard",
    "InchBoard",
    "Marker",
    "ObjectiveSpec",
    "Scene",
    "Setup",
    "Side",
    "Terrain",
    "Unit",
    "Zone",
]

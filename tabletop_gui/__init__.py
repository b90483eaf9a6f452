"""tabletop_gui: board visualiser and objective scorer for tabletop wargames."""

from pathlib import Path

__version__ = "0.1.0"

ASSETS = Path(__file__).resolve().parent.parent / "assets"
SCENARIOS = ASSETS / "scenarios"
DEMO_BOARD = SCENARIOS / "t9a_frontline_clash_demo.json"

"""The mapping between a board and a Tabletop Simulator table (docs/file-format.md,
"Tabletop Simulator saves"). It is a contract: a save written by one version must
read back the same in the next.

- 1 TTS unit = 1 inch (TTS's measuring tool reads in inches).
- The board's centre is at the origin; TTS +X runs along the board's x, TTS +Z
  toward side B (the board's +y), +Y is up.
- A unit's facing (counter-clockwise degrees, 0 facing +y) is ``rotY = -facing``
  (mod 360). TTS is a Unity program: its world is left-handed with Y up, and a
  positive turn about +Y is clockwise seen from above (TTS's own example turns
  (3, 2, 3) by +45 degrees about y to (4.24, 2, 0): from between +X and +Z onto
  +X). A block's front is its local +Z (Unity's forward) and its frontage runs
  along its local X.
"""

from __future__ import annotations

import math

from tabletop_gui.model.pieces import Side

#: TTS units per inch.
UNITS_PER_INCH = 1.0

#: Heights on the table (TTS Y, inches): the locked table slab's top, the board
#: plate's thickness, and the blocks' heights by height class.
TABLE_TOP_Y = 0.0
PLATE_THICKNESS = 0.1
BOARD_TOP_Y = TABLE_TOP_Y + PLATE_THICKNESS
BLOCK_HEIGHT = {"standard": 0.5, "large": 1.0, "gigantic": 2.0}
MARKER_HEIGHT = 0.1
#: Room left under a piece so that TTS drops it onto the plate, never into it.
DROP_GAP = 0.01

#: How much a piece may differ between a save and the game and still count as
#: where it was (TTS's physics settles a piece by a hair; a save keeps 7 digits).
STILL_INCHES = 0.01
STILL_DEGREES = 0.5


def to_tts(extent: tuple[float, float], x: float, y: float) -> tuple[float, float]:
    """Board inches ``(x, y)`` to TTS ``(posX, posZ)``."""
    w, h = extent
    return ((x - w / 2) * UNITS_PER_INCH, (y - h / 2) * UNITS_PER_INCH)


def from_tts(extent: tuple[float, float], pos_x: float, pos_z: float) -> tuple[float, float]:
    """TTS ``(posX, posZ)`` to board inches ``(x, y)``."""
    w, h = extent
    return (pos_x / UNITS_PER_INCH + w / 2, pos_z / UNITS_PER_INCH + h / 2)


def rot_y(facing: float) -> float:
    """A facing (counter-clockwise, 0 = facing +y) as TTS's ``rotY`` in [0, 360)."""
    return _turn(-facing)


def facing(rot_y_degrees: float) -> float:
    """TTS's ``rotY`` as a facing in [0, 360)."""
    return _turn(-rot_y_degrees)


def _turn(degrees: float) -> float:
    value = degrees % 360.0
    return 0.0 if math.isclose(value, 360.0) or value == 0 else value


def angle_apart(a: float, b: float) -> float:
    """The smaller angle between two headings, degrees in [0, 180]."""
    d = abs(a - b) % 360.0
    return min(d, 360.0 - d)


def colour(hex_colour: str) -> dict[str, float]:
    """'#rrggbb' as TTS's ``ColorDiffuse`` (``r``, ``g``, ``b`` from 0 to 1)."""
    value = hex_colour.lstrip("#")
    try:
        r, g, b = (int(value[i : i + 2], 16) / 255 for i in (0, 2, 4))
    except ValueError:
        r = g = b = 0.5
    return {"r": round(r, 4), "g": round(g, 4), "b": round(b, 4)}


def side_colour(sides: tuple[Side, ...], side_id: str | None) -> dict[str, float]:
    """A side's colour; neutral grey for a piece of no side."""
    for side in sides:
        if side.id == side_id:
            return colour(side.colour)
    return colour("#9e9e9e")

"""Limits on what a board or game may hold, generous for any real game (see
docs/file-format.md, "Limits"). A file past one is refused naming the place; an
edit past one is refused with the same words. They keep every accepted game
scorable, drawable and savable in reasonable time and memory."""

from __future__ import annotations

import re

#: A file larger than this is not read (a 20,000-event game is about 2 MB).
MAX_FILE_BYTES = 64 * 1024 * 1024
#: Lists and objects nested deeper than this (a real file nests about 6 deep).
MAX_DEPTH = 32
#: Digits of a whole number in a file (a longer one is read as a huge number).
MAX_DIGITS = 18
#: Any number in a file, positive or negative (inches, millimetres, counts...).
MAX_NUMBER = 1e9
#: Pieces (units, markers, terrain and zones together) a setup places.
MAX_PIECES = 20_000
#: Events in a game log.
MAX_EVENTS = 200_000
#: Sides of a game.
MAX_SIDES = 16
#: Objectives of a scenario.
MAX_OBJECTIVES = 64
#: Characters of any text (a name, an id, a label); notes may be longer.
MAX_TEXT = 10_000
MAX_NOTES = 100_000
#: Points of a terrain or zone outline.
MAX_POLYGON_POINTS = 1_000
#: An inch board's width and height, in inches (a 72 x 48 in table is usual).
MIN_BOARD_INCHES = 1.0
MAX_BOARD_INCHES = 1_000.0
#: A hex board's rows and hexes per long row (the printed board is 9 x 13).
MAX_HEX_ROWS = 100
MAX_HEX_ROW_LENGTH = 100
#: A hex's size (centre to corner), in inches.
MIN_HEX_SIZE = 0.01
MAX_HEX_SIZE = 100.0
#: A base's width or depth, or a marker's diameter, in millimetres (10 m: on an
#: inch board a base must also fit on the table, which says so first).
MAX_BASE_MM = 10_000.0
#: Models in a unit, and per rank.
MAX_MODELS = 10_000
MAX_MODELS_PER_RANK = 1_000
#: Life points, Victory Points of a marker.
MAX_POINTS = 1_000_000
#: Heights and elevations, in inches.
MAX_HEIGHT_INCHES = 1_000.0

# C0 controls other than tab, newline and carriage return, DEL, C1 controls (a
# terminal may read U+009B as an escape), and lone surrogates.
_BAD_CHAR = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
_TERMINAL_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def text_problem(text: str, limit: int = MAX_TEXT) -> str | None:
    """Why ``text`` cannot be a name, id or note, or None. Text must be encodable
    (no lone surrogate: it could never be saved) and free of control characters
    other than tab and line breaks."""
    if len(text) > limit:
        return f"text of {len(text):,} characters is longer than the limit of {limit:,}"
    bad = _BAD_CHAR.search(text)
    if bad is None:
        return None
    char = bad.group(0)
    what = "a lone surrogate" if "\ud800" <= char <= "\udfff" else "a control character"
    return f"{what} ({char!a}) at character {bad.start() + 1} is not text"


def cleaned(text: str, limit: int = MAX_TEXT) -> tuple[str, list[str]]:
    """``text`` made fit to be a name or note (what an import does with the text
    of another program's file): control characters and lone surrogates removed,
    cut to ``limit`` characters; and what was done, in words (empty: nothing)."""
    done = []
    if _BAD_CHAR.search(text):
        text = _BAD_CHAR.sub("", text)
        done.append("control characters removed")
    if len(text) > limit:
        done.append(f"cut from {len(text):,} to {limit:,} characters")
        text = text[:limit]
    return text, done


def above(value: float, high: float, unit: str = "") -> str | None:
    """ "must be <= 1,000 mm, got 5,000" if ``value`` is past ``high``, else None."""
    if value > high:
        return f"must be <= {_num(high)}{unit}, got {_num(value)}"
    return None


def _num(value: float) -> str:
    if isinstance(value, int) or (value.is_integer() and abs(value) < 1e15):
        return f"{int(value):,}"
    return f"{value:,g}"


def terminal_safe(text: str) -> str:
    """``text`` to print on a terminal: control characters (escape sequences that
    could move the cursor or retitle the window) stripped, tabs and line breaks
    kept, a lone surrogate shown as U+FFFD."""
    return _SURROGATE.sub("\ufffd", _TERMINAL_CONTROL.sub("", text))


def printable(text: str) -> str:
    """``text`` safe to print on a terminal or in a message: control characters
    and lone surrogates shown as escapes (``\\x1b``, ``\\ud800``)."""
    return _BAD_CHAR.sub(lambda m: ascii(m.group(0))[1:-1], text)

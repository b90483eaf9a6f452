"""How the program words sides, pieces and measured lengths: one helper each,
shared by the rules' reason lines, the window, the exports and the command line."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from tabletop_gui.model.tolerance import EPS

if TYPE_CHECKING:  # model.board words moves with ``moved``: no import of the scene here
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


def piece_called(scene: Scene, piece: Any) -> str:
    """A piece as a message names it: its ``piece_label`` ('Building'), with its
    id after it when another piece of ``scene`` goes by the same label
    ('Building (terrain-2)'), which tells the two apart."""
    label = piece_label(piece)
    if label == piece.id:
        return label
    colls = (scene.units, scene.markers, scene.terrain, scene.zones)
    if sum(_label_counts(c).get(label, 0) for c in colls) > 1:
        return f"{label} ({piece.id})"
    return label


#: Per collection of a scene's pieces (never changed, only replaced: a drag
#: replaces the units' and keeps the rest), how many go by each label; kept with
#: the collection itself, so its id is not reused while it is here.
_LABELS: dict[int, tuple[Mapping[str, Any], Counter[str]]] = {}
_LABELS_LIMIT = 64


def _label_counts(coll: Mapping[str, Any]) -> Counter[str]:
    known = _LABELS.get(id(coll))
    if known is not None and known[0] is coll:
        return known[1]
    if len(_LABELS) >= _LABELS_LIMIT:
        _LABELS.clear()
    counts = Counter(map(piece_label, coll.values()))
    _LABELS[id(coll)] = (coll, counts)
    return counts


#: A name from another program's file is shown with at most this many characters.
MOST_NAME_CHARS = 60


def elided(text: str, most: int = MOST_NAME_CHARS) -> str:
    """``text`` on one line, cut to ``most`` characters with '…' if longer: a
    name another program wrote (a TTS object's 6,000-character Nickname) in a
    message or a list."""
    one_line = " ".join(text.split())
    if len(one_line) <= most:
        return one_line
    return one_line[: most - 1].rstrip() + "…"


#: The most decimals a figure is given to set it apart from a threshold: past
#: the rules' tolerance (EPS, 1e-6 in), so every figure the rules tell apart
#: from a threshold is shown apart from it.
MOST_DECIMALS = 6


def figure(value: float, against: Iterable[float] = (), sign: bool = False, least: int = 2) -> str:
    """A measured figure, two decimals ('2.07'), or the fewest more (up to
    MOST_DECIMALS) that keep it off every threshold in ``against`` the rule
    compares it with: 5.996 against 6 is '5.996', not '6.00'; 0.025 against the
    0.02 in contact tolerance '0.025'. A figure within the rules' tolerance
    (EPS) of a threshold is that threshold ('6.00'); the wording says 'exactly'
    where it matters. ``sign``: '+0.004'; ``least``: the decimals shown at the
    least (a camera fit's '0.015'). Never '-0.00'. (docs/measurement.md,
    "How many decimals")."""
    near = [t for t in against if abs(value - t) > EPS]
    n = least
    while n < MOST_DECIMALS and any(_rounded(value, n) == _rounded(t, n) for t in near):
        n += 1
    text = f"{value:{'+' if sign else ''}.{n}f}"
    return text.lstrip("+-") if not text.strip("+-0.") else text  # never '-0.00'


def _rounded(value: float, decimals: int) -> str:
    """``value`` to ``decimals`` decimals, '-0.00' read as '0.00'."""
    text = f"{value:.{decimals}f}"
    return text.lstrip("-") if not text.strip("-0.") else text


def inches(value: float, against: Iterable[float] = ()) -> str:
    """A measured distance: two decimals ('2.07 in'), more where two would put
    it on a threshold in ``against`` it is not on ('5.996 in' against 6; see
    ``figure``); never '-0.00'."""
    return f"{figure(value, against)} in"


def margin(value: float) -> str:
    """A margin against a rule's range, signed ('+0.03 in', '-1.20 in'), with
    the decimals that keep it off zero ('+0.004 in'); a margin within the
    rules' tolerance of zero is 'exactly 0 in' (exactly at the threshold)."""
    if abs(value) <= EPS:
        return "exactly 0 in"
    return f"{figure(value, (0.0,), sign=True)} in"


def moved(value: float) -> str:
    """How far a piece moved: '7.35 in', '0.005 in' (a move never reads as
    '0.00 in' unless it is within the rules' tolerance of none)."""
    return inches(value, (0.0,))


def plain(value: float) -> str:
    """A number as a person would type it back: up to MOST_DECIMALS decimals,
    trailing zeros dropped ('44.004', '25.975', '36'); retyping it changes the
    value by less than the rules' tolerance."""
    text = f"{value:.{MOST_DECIMALS}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def turn(before: float, after: float) -> str:
    """A turn from facing ``before`` to ``after`` (degrees, left counter-clockwise,
    as the rotate keys turn): '35° left', '15° right', '180°', '' for none."""
    d = (after - before + 180.0) % 360.0 - 180.0
    if abs(d) <= EPS:
        return ""
    if abs(abs(d) - 180.0) <= EPS:
        return "180°"
    return f"{plain(abs(d))}° {'left' if d > 0 else 'right'}"


def turned(before: float, after: float) -> str:
    """While a unit is turned: 'turned 35° left, facing 35°'; 'not turned,
    facing 0°'."""
    how = turn(before, after)
    return f"{'turned ' + how if how else 'not turned'}, facing {plain(after % 360.0)}°"

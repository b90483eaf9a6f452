"""A photo of the table read into unit places: the board fitted from its corner
markers, each unit tag turned into its unit's position and facing
(docs/camera.md). Nothing here edits a game: the reading says where each tagged
unit stands, whether it moved, and why a tag was not used."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from tabletop_gui.camera.board_fit import (
    MAX_RMS_IN,
    MAX_SQUEEZE,
    BoardFit,
    corner_markers,
    corner_squeeze,
    fit_board,
    fit_corners,
    markers_off,
    missing_corners,
    squeeze_words,
)
from tabletop_gui.camera.detect import Seen, detect
from tabletop_gui.camera.errors import CameraError
from tabletop_gui.camera.lens import Lens
from tabletop_gui.camera.markers import CORNER_IDS, CORNER_SIZE_IN, TAG_SIZE_IN
from tabletop_gui.camera.self_calibration import MIN_TAGS
from tabletop_gui.camera.self_calibration import self_calibrate as fitted_lens
from tabletop_gui.camera.sharpness import blur_words
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.board import InchBoard
from tabletop_gui.model.bounds import (
    EDGE_SLACK,
    half_extents,
    overhang_words,
    piece_name,
    where_off,
)
from tabletop_gui.model.events import MovePiece
from tabletop_gui.model.names import figure
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.scene import Scene
from tabletop_gui.model.state import GameState

#: A unit moved when it stands this far (inches) or this many degrees from its place.
MOVE_TOLERANCE_IN = 0.1
TURN_TOLERANCE_DEG = 2.0
#: A tag measuring more than this fraction off its printed size is not trusted
#: (raised off the table, printed at another size, or misread).
SIZE_TOLERANCE = 0.2
#: A base read at most this far (inches) past the board's edge stands on the
#: edge: a tray flush with the table's edge, read within the camera's measured
#: accuracy (0.05 in at most on the benchmark's photos, docs/camera.md, What
#: is refused), is placed just inside it; further past, it keeps its place.
EDGE_TOLERANCE_IN = 0.05
#: The largest photo read (pixels): a 100-megapixel frame is past any camera
#: that films a table, and decoding it takes gigabytes.
MAX_PIXELS = 100_000_000
#: How a unit gets its tag (docs/camera.md, The marker convention).
HOW_TO_TAG = ('in the window select a unit and set its "Camera tag" in the Inspector; in the '
              "game file, the unit's tag field")  # fmt: skip
#: What a JSON reading's shape is (docs/camera.md, A photo of the table).
JSON_VERSION = 1


@dataclass(frozen=True)
class TagPlace:
    """A tag read on the board: its centre, facing (degrees counter-clockwise,
    0: its top toward +y) and measured side (inches)."""

    tag_id: int
    x: float
    y: float
    facing: float
    side_in: float
    sure: bool


@dataclass(frozen=True)
class UnitReading:
    unit_id: str
    tag: int
    seen: bool
    x: float
    y: float
    facing: float
    #: How far the unit stands from its place in the game (None: not seen).
    moved_in: float | None = None
    turned_deg: float | None = None
    #: Why the tag was not used (the unit keeps its place).
    problem: str | None = None
    #: What was done to the tag's place (a base read a hair past the board's
    #: edge placed just inside it).
    note: str | None = None

    @property
    def moved(self) -> bool:
        return (
            self.seen
            and self.problem is None
            and (
                (self.moved_in or 0.0) > MOVE_TOLERANCE_IN
                or (self.turned_deg or 0.0) > TURN_TOLERANCE_DEG
            )
        )


@dataclass(frozen=True)
class TableReading:
    fit: BoardFit
    units: tuple[UnitReading, ...]
    unknown_tags: tuple[int, ...]
    problems: tuple[str, ...]
    tags: tuple[TagPlace, ...] = ()
    #: The corner markers seen in this picture (the board's fit may be another's).
    corners_seen: tuple[int, ...] = CORNER_IDS
    #: The board's fit is the alignment kept from an earlier picture: this
    #: one's corner markers are not all seen, and those seen agree with it.
    kept: bool = False
    #: How far the corner markers seen lie from the kept alignment (inches,
    #: RMS over their corners), when it was compared.
    kept_off_in: float | None = None
    #: What the reading changed of a tag's place (a unit placed just inside
    #: the board's edge), each naming its unit.
    notes: tuple[str, ...] = ()
    #: The lens's distortion is the one fitted from an earlier photo of the same
    #: camera (this one had too few unit tags to fit its own).
    lens_earlier: bool = False

    def moves(self) -> list[MovePiece]:
        """One move event per unit that stands elsewhere than the game says."""
        return [
            MovePiece(u.unit_id, round(u.x, 3), round(u.y, 3), round(u.facing, 2) % 360.0)
            for u in self.units
            if u.moved
        ]

    def accepted_moves(self, state: GameState) -> tuple[list[MovePiece], list[str]]:
        """The moves the rules take, applied in turn from ``state``, and for each
        one refused its unit and the reason: a unit the rules refuse to move
        keeps its place, and the others still move (docs/camera.md)."""
        taken, reasons = self._tried(state)
        refused = [f"{uid}: not moved, the rules refuse its move: {why}"
                   for uid, why in reasons.items()]  # fmt: skip
        return taken, refused

    def _tried(self, state: GameState) -> tuple[list[MovePiece], dict[str, str]]:
        """The moves the rules take from ``state`` (in an order that works), and
        why each of the others is refused, by unit id."""
        from tabletop_gui.model.events import EventError
        from tabletop_gui.rules.engine import RuleError, apply

        taken: list[MovePiece] = []
        waiting = list(self.moves())
        reasons: dict[str, str] = {}
        # Again while a pass takes one: a unit may move onto the place (a hex)
        # another unit of the photo leaves later in tag order.
        while waiting:
            left = []
            for move in waiting:
                try:
                    state = apply(state, move)
                except (RuleError, EventError) as exc:
                    reasons[move.piece_id] = str(exc)
                    left.append(move)
                    continue
                taken.append(move)
            if len(left) == len(waiting):
                break
            waiting = left
        return taken, {m.piece_id: reasons[m.piece_id] for m in waiting}

    def checked(self, state: GameState) -> TableReading:
        """This reading checked against the game's rules as ``state`` stands: a
        unit whose move they refuse keeps its place, with the reason as its
        problem (as a unit a tag would put off the board), and is not counted
        as moved; the others are as read (docs/camera.md, What is refused)."""
        _, reasons = self._tried(state)
        if not reasons:
            return self
        units, problems, dropped = [], [], set()
        for u in self.units:
            why = reasons.get(u.unit_id)
            if why is None:
                units.append(u)
                continue
            keep = state.scene.units[u.unit_id]
            problem = (f"tag {u.tag} puts it at ({u.x:.2f}, {u.y:.2f}) facing "
                       f"{facing_words(u.facing)}: not moved, the rules refuse its move: "
                       f"{why}")  # fmt: skip
            units.append(UnitReading(u.unit_id, u.tag, True, keep.x, keep.y, keep.facing,
                                     problem=problem))  # fmt: skip
            problems.append(f"{piece_name(keep)}: {problem}")
            if u.note:  # not placed inside the edge after all
                dropped.add(f"{piece_name(keep)}: {u.note}")
        notes = tuple(n for n in self.notes if n not in dropped)
        return replace(self, units=tuple(units), problems=(*self.problems, *problems),
                       notes=notes)  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        """The ``table --json`` shape (docs/camera.md)."""
        return {
            "version": JSON_VERSION,
            "calibration": {
                "markers": list(self.fit.markers),
                "rms_in": round(self.fit.rms_in, 4),
                "lens": self.fit.lens_source,
                "seen": list(self.corners_seen),
                "kept": self.kept,
                "kept_off_in": None if self.kept_off_in is None else round(self.kept_off_in, 4),
            },
            "units": [
                {
                    "id": u.unit_id,
                    "tag": u.tag,
                    "seen": u.seen,
                    "x": round(u.x, 3),
                    "y": round(u.y, 3),
                    "facing": round(u.facing, 2) % 360,
                    "moved_in": None if u.moved_in is None else round(u.moved_in, 3),
                    **({"problem": u.problem} if u.problem else {}),
                    **({"note": u.note} if u.note else {}),
                }
                for u in self.units
            ],
            "unknown_tags": list(self.unknown_tags),
            "problems": list(self.problems),
            "notes": list(self.notes),
        }


def tag_place(fit: BoardFit, seen: Seen) -> TagPlace:
    """Where a tag lies on the board's plane."""
    return tag_places(fit, [seen])[0]


def tag_places(fit: BoardFit, seen: Sequence[Seen]) -> list[TagPlace]:
    """Where each tag lies on the board's plane (their corners taken through the
    lens and the homography in one call: a live frame has dozens)."""
    if not seen:
        return []
    board = fit.to_board(np.vstack([s.corners for s in seen])).reshape(-1, 4, 2)
    tl, tr, br, bl = board[:, 0], board[:, 1], board[:, 2], board[:, 3]
    right = (tr + br - tl - bl) / 2
    up = (tl + tr - bl - br) / 2
    v = right + np.column_stack((up[:, 1], -up[:, 0]))
    facings = np.degrees(np.arctan2(v[:, 1], v[:, 0])) % 360.0
    sides = np.linalg.norm(board - np.roll(board, -1, axis=1), axis=2).mean(axis=1)
    centres = board.mean(axis=1)
    return [
        TagPlace(s.tag_id, float(c[0]), float(c[1]), float(f), float(side), s.sure)
        for s, c, f, side in zip(seen, centres, facings, sides, strict=True)
    ]


def unit_place(unit: Unit, tag: TagPlace) -> tuple[float, float, float]:
    """The unit's centre and facing when its tag lies at ``tag``."""
    a = math.radians(tag.facing)
    ox, oy = unit.tag_offset
    x = tag.x - (ox * math.cos(a) - oy * math.sin(a))
    y = tag.y - (ox * math.sin(a) + oy * math.cos(a))
    return x, y, tag.facing


def check_image(shape: Sequence[int], where: str) -> None:
    """Refuses an image too large or too small to read, naming its size."""
    h, w = shape[0], shape[1]
    if w * h > MAX_PIXELS:
        raise CameraError(f"{where}: {w} x {h} is {w * h / 1e6:.0f} megapixels, more than "
                          f"the {MAX_PIXELS / 1e6:.0f} a photo may have")  # fmt: skip
    if min(w, h) < 64:
        raise CameraError(f"{where}: {w} x {h} pixels is too small to find markers in")


def read_table(
    scene: Scene,
    image: np.ndarray,
    *,
    corners: Sequence[float] | None = None,
    fit: BoardFit | None = None,
    lens: Lens | None = None,
    corner_size: float = CORNER_SIZE_IN,
    tag_size: float = TAG_SIZE_IN,
    where: str = "the photo",
    seen: Sequence[Seen] | None = None,
    self_calibrate: bool = True,
    removed: Mapping[str, int] | None = None,
) -> TableReading:
    """Read ``image`` (grey or RGB) against ``scene``. The board is fitted from
    the four corner markers, from ``corners`` (the board's corners by hand) or
    taken from ``fit`` (the alignment kept from an earlier picture) when this
    photo's corner markers are not all seen and those seen agree with it
    within MAX_RMS_IN (``_kept_agrees``). Without a ``lens`` the photo's own distortion is
    fitted from its markers when that is clearly better
    (camera/self_calibration.py; ``self_calibrate=False``: the homography
    alone). ``seen``: the markers when they were found already (a live
    frame's, camera/live.py); ``removed``: the event that took each unit off
    the table (``removed_by``). Raises CameraError when the board cannot be
    found."""
    check_image(image.shape, where)
    size = (int(image.shape[1]), int(image.shape[0]))
    expect = set(CORNER_IDS) | {u.tag for u in scene.units.values() if u.tag is not None}
    found = list(detect(image, expect) if seen is None else seen)
    board = scene.board.extent
    earlier = fit  # the alignment kept from an earlier picture, if any
    kept, off, warning, lens_earlier = False, None, None, False
    if corners is not None:
        seen_ids = tuple(sorted({s.tag_id for s in found if s.tag_id in CORNER_IDS}))
        fit = fit_corners(corners, board, size, lens)
    else:
        markers = corner_markers(found, where)
        seen_ids = tuple(markers)
        if len(markers) == len(CORNER_IDS):
            fit = fit_board(found, board, size, corner_size, lens, where)
            # Whether the corner markers' shape can be trusted: through a lens
            # (calibrated or fitted), or the photo's distortion looked for and
            # not found on enough tags; else it may be the lens's.
            sure_shape = lens is not None
            if lens is None and self_calibrate:
                own = fitted_lens(fit, found, corner_size, tag_size, SIZE_TOLERANCE)
                fit, sure_shape = own.fit, own.kept or own.tags >= MIN_TAGS
                kept_lens = _same_camera_lens(earlier, size)
                if own.tags < MIN_TAGS and kept_lens is not None:
                    # Too few tags to fit this photo's distortion: the lens fitted
                    # from an earlier photo of the same camera (its alignment kept)
                    # still bends this one alike. Without it the units read off
                    # by up to a fifth of an inch and untouched ones "moved".
                    fit = fit_board(found, board, size, corner_size, kept_lens, where)
                    sure_shape = lens_earlier = True
            squeeze = corner_squeeze(fit, markers)
            if abs(squeeze) > MAX_SQUEEZE:
                words = squeeze_words(squeeze, board)
                if sure_shape:
                    raise CameraError(f"{where}: {words}")
                warning = (f"the board: {words} (or the lens's distortion, not fitted: "
                           f"fewer than {MIN_TAGS} unit tags read; a lens calibration "
                           "measures it)")  # fmt: skip
        else:
            off = _kept_agrees(fit, markers, size, corner_size, where)
            assert fit is not None
            kept = True
    reading = place_units(scene, fit, found, tag_size, removed)
    problems = reading.problems if warning is None else (warning, *reading.problems)
    if seen is None and any(not u.seen for u in reading.units):
        # Why tags are missing when the photo is blurred (a photo's read only:
        # a live frame's unseen tags are a hand over them, a unit carried).
        corner_seen = [s for s in found if s.tag_id in CORNER_IDS]
        blurred = blur_words(image, corner_seen, corner_size, tag_size)
        if blurred:
            problems = (*problems, blurred)
    return replace(reading, corners_seen=seen_ids, kept=kept, kept_off_in=off,
                   problems=problems, lens_earlier=lens_earlier)  # fmt: skip


def _same_camera_lens(earlier: BoardFit | None, size: tuple[int, int]) -> Lens | None:
    """The lens of the alignment kept from an earlier picture of the same size
    (the same camera as it stands), if it has one."""
    if earlier is None or earlier.lens is None or earlier.image_size != size:
        return None
    return earlier.lens


def _kept_agrees(
    kept: BoardFit | None,
    markers: dict[int, Seen],
    size: tuple[int, int],
    corner_size: float,
    where: str,
) -> float:
    """How far the corner markers seen lie from the kept alignment, when it may be
    used for a picture whose other corner markers are hidden; else the refusal
    naming the corners missing and why the kept alignment is not used. A board
    is fitted afresh only from all four corner markers: three are 12 points,
    but in three clusters 2 in wide, from which the fourth corner is
    extrapolated across the board (docs/camera.md, A photo of the table)."""
    seen = sorted(markers)
    if kept is None or not seen:  # nothing to check a kept alignment against
        raise missing_corners(where, seen)
    if kept.image_size != size:
        w, h = kept.image_size
        raise missing_corners(where, seen, f"the alignment kept is of a {w} x {h} picture, "
                                           f"this one is {size[0]} x {size[1]}")  # fmt: skip
    off = markers_off(kept, markers, corner_size)
    if off > MAX_RMS_IN:
        raise missing_corners(
            where, seen,
            f"the corner marker{'s' * (len(seen) > 1)} seen lie {off:.2f} in (RMS) from "
            f"the alignment kept from an earlier picture (at most {MAX_RMS_IN:g} in): has the "
            "camera moved? A board is fitted afresh only from all four corner markers",
        )  # fmt: skip
    return off


def board_words(reading: TableReading) -> str:
    """Where the board's fit came from, in words (``table``'s summary, the
    window's status bar): the corner markers seen in this picture, whether the
    kept alignment was used and how well they agree with it."""
    fit = reading.fit
    seen = reading.corners_seen
    if reading.kept:
        missing = [i for i in CORNER_IDS if i not in seen]
        return (
            f"board placed by the kept alignment: corner marker {_ids(missing)} not seen, "
            f"corner marker{'s' * (len(seen) > 1)} {_ids(seen)} agree with it within "
            f"{_rms(reading.kept_off_in or 0.0)} in RMS"
        )
    if not fit.markers:
        return "board found from the corners given (" + (
            f"corner markers seen: {_ids(seen)})" if seen else "no corner marker seen)"
        )
    return (f"board found from corner markers {_ids(fit.markers)} (agree within "
            f"{_rms(fit.rms_in)} in RMS)")  # fmt: skip


def _rms(inches: float) -> str:
    """How far a fit's corners disagree, three decimals ('0.015'), or more that
    keep it off zero: a sharp photo's 0.0003 in is not '0.000'
    (docs/measurement.md, How many decimals)."""
    return figure(inches, (0.0,), least=3)


def units_words(reading: TableReading) -> str:
    """How many tagged units were seen and moved, in words (``table``'s summary,
    the window's status bar); a game with no tagged unit is told how to tag one."""
    if not reading.units:
        return f"no unit of the game has a camera tag: nothing to place ({HOW_TO_TAG})"
    seen = sum(1 for u in reading.units if u.seen)
    moved = sum(1 for u in reading.units if u.moved)
    unused = sum(1 for u in reading.units if u.seen and u.problem)
    words = f"{seen} of {len(reading.units)} tagged units seen, {moved} moved"
    return words + (f", {unused} tag{'s' * (unused > 1)} not used" if unused else "")


def _ids(ids: Sequence[int]) -> str:
    return ", ".join(str(i) for i in ids)


def place_units(
    scene: Scene,
    fit: BoardFit,
    found: Sequence[Seen],
    tag_size: float = TAG_SIZE_IN,
    removed: Mapping[str, int] | None = None,
) -> TableReading:
    """Every tagged unit of ``scene`` placed by the tags in ``found``.
    ``removed``: the event (numbered from 1) that took each unit off the table
    (``removed_by``), to name it when such a unit's tag is seen."""
    problems: list[str] = []
    tags: dict[int, list[Seen]] = {}
    for s in found:
        if s.tag_id not in CORNER_IDS:
            tags.setdefault(s.tag_id, []).append(s)
    owners: dict[int, list[Unit]] = {}
    gone: dict[int, list[Unit]] = {}
    for u in scene.units.values():
        if u.tag is not None:
            (owners if u.on_table else gone).setdefault(u.tag, []).append(u)
    places = dict(zip(tags, tag_places(fit, [s[0] for s in tags.values()]), strict=True))
    readings = []
    for tag, units in sorted(owners.items()):
        for unit in units:
            readings.append(_reading(unit, tag, units, tags.get(tag, []), places.get(tag),
                                     tag_size, scene))  # fmt: skip
    sizes = [
        places[r.tag].side_in
        for r in readings
        if r.problem and r.tag in places and _size_off(places[r.tag].side_in, tag_size)
    ]
    if len(sizes) > 1:
        sizes.sort()
        problems.append(
            f"{len(sizes)} unit tags were seen but measure {sizes[len(sizes) // 2]:.2f} in "
            f"(the median), not the game's {tag_size:g} in: printed at another size than the "
            "game says (its camera tag_size)? No unit is moved by a tag of another size"
        )  # fmt: skip
    for r in readings:
        if r.problem:
            problems.append(f"{piece_name(scene.units[r.unit_id])}: {r.problem}")
    for t in sorted(t for t in tags if t in gone and t not in owners):
        s = tags[t][0]
        names = " and ".join(_removed_words(u, (removed or {}).get(u.id)) for u in gone[t])
        problems.append(f"tag {t} at pixel ({s.centre[0]:.0f}, {s.centre[1]:.0f}) is {names}: "
                        "not placed (a unit off the table comes back only by the log)")  # fmt: skip
    unknown = tuple(sorted(t for t in tags if t not in owners and t not in gone))
    for t in unknown:
        s = tags[t][0]
        problems.append(f"tag {t} at pixel ({s.centre[0]:.0f}, {s.centre[1]:.0f}) is on no unit "
                        f'(give a unit "Camera tag" {t} to use it: {HOW_TO_TAG})')  # fmt: skip
    notes = tuple(f"{piece_name(scene.units[r.unit_id])}: {r.note}" for r in readings if r.note)
    return TableReading(fit, tuple(readings), unknown, tuple(problems), tuple(places.values()),
                        notes=notes)  # fmt: skip


def _removed_words(unit: Unit, event: int | None) -> str:
    """'the tag of Boyz (u6), removed from the table by event 3'."""
    by = f" by event {event}" if event is not None else ""
    return f"the tag of {piece_name(unit)}, removed from the table{by}"


def removed_by(scenes: Sequence[Scene]) -> dict[str, int]:
    """The event (numbered from 1) that took each unit now off the table off it:
    ``scenes`` are the set-up's and the scene after each event, in turn."""
    removed: dict[str, int] = {}
    for n in range(1, len(scenes)):
        before, after = scenes[n - 1].units, scenes[n].units
        for uid, u in after.items():
            if u.on_table:
                removed.pop(uid, None)
            elif uid not in before or before[uid].on_table:
                removed[uid] = n
    return removed


def _reading(
    unit: Unit,
    tag: int,
    owners: list[Unit],
    seen: list[Seen],
    place: TagPlace | None,
    tag_size: float,
    scene: Scene,
) -> UnitReading:
    keep = UnitReading(unit.id, tag, False, unit.x, unit.y, unit.facing)
    if len(owners) > 1:
        others = ", ".join(u.id for u in owners if u is not unit)
        return _problem(keep, f"tag {tag} is also {others}'s tag: neither is moved", bool(seen))
    if place is None:
        return keep
    if len(seen) > 1:
        at = " and ".join(f"({s.centre[0]:.0f}, {s.centre[1]:.0f})" for s in seen)
        return _problem(keep, f"tag {tag} seen {len(seen)} times, at pixels {at}: not moved")
    if not place.sure:
        return _problem(keep, f"tag {tag} was read unsurely (a smudge, glare or blur?): "
                              "not moved")  # fmt: skip
    if _size_off(place.side_in, tag_size):
        return _problem(keep, f"tag {tag} measures {place.side_in:.2f} in, not "
                              f"{tag_size:g} in (raised off the table, or printed at another "
                              "size?): not moved")  # fmt: skip
    x, y, facing = unit_place(unit, place)
    # The place as the game will keep it (a move's rounding), so that what is
    # checked against the board's edges is what is written.
    there = replace(unit, x=round(x, 3), y=round(y, 3), facing=round(facing, 2) % 360.0)
    there, note = _on_edge(there, scene)
    off = where_off(scene.board, there)
    if off:
        return _problem(keep, f"tag {tag} puts it at ({x:.2f}, {y:.2f}) facing "
                              f"{facing_words(facing)}, where {off}: not moved")  # fmt: skip
    moved = math.hypot(there.x - unit.x, there.y - unit.y)
    turned = abs((there.facing - unit.facing + 180.0) % 360.0 - 180.0)
    return UnitReading(unit.id, tag, True, there.x, there.y, there.facing, moved, turned,
                       note=None if note is None else f"tag {tag} {note}")  # fmt: skip


def _on_edge(unit: Unit, scene: Scene) -> tuple[Unit, str | None]:
    """``unit`` moved just inside the board when its base is read at most
    EDGE_TOLERANCE_IN past an edge (a tray flush with the table's edge; the
    overhang is the camera's error), with what was done; else as it is."""
    board = scene.board
    if not isinstance(board, InchBoard):
        return unit, None
    width, height = board.extent
    hx, hy = half_extents(unit)
    past = {"left": hx - unit.x, "right": unit.x + hx - width,
            "bottom": hy - unit.y, "top": unit.y + hy - height}  # fmt: skip
    over = [(edge, by) for edge, by in past.items() if by > EDGE_SLACK]
    if not over or max(by for _, by in over) > EDGE_TOLERANCE_IN:
        return unit, None
    if 2 * hx > width or 2 * hy > height:
        return unit, None
    inside = replace(unit, x=_between(unit.x, hx, width - hx), y=_between(unit.y, hy, height - hy))
    return inside, (f"puts its base {overhang_words(over)}, within the camera's accuracy "
                    f"({EDGE_TOLERANCE_IN:g} in): placed just inside the edge")  # fmt: skip


def _between(value: float, low: float, high: float) -> float:
    """``value`` brought within [low, high], to the thousandth of an inch (a
    move's rounding) on the inner side."""
    if value < low:
        return math.ceil(round(low * 1000, 6)) / 1000
    if value > high:
        return math.floor(round(high * 1000, 6)) / 1000
    return value


def _size_off(side_in: float, tag_size: float) -> bool:
    """Whether a tag measuring ``side_in`` is of another size than ``tag_size``."""
    return abs(side_in - tag_size) > SIZE_TOLERANCE * tag_size


def facing_words(facing: float) -> str:
    """A facing as the text output shows it: '0.0', never '360.0'."""
    return f"{round(facing, 1) % 360.0:.1f}"


def _problem(keep: UnitReading, words: str, seen: bool = True) -> UnitReading:
    return UnitReading(keep.unit_id, keep.tag, seen, keep.x, keep.y, keep.facing,
                       problem=words)  # fmt: skip

"""The board as a QGraphicsScene, built from a GameState and its Scoreboard.

``sync(state, scoreboard)`` diffs what changed (pieces by identity, highlights
by value) and touches only those items, so a drag repaints the moved piece and
the few items whose role changed, not the board. The window and ``render`` both
draw through this class.
"""

from __future__ import annotations

import bisect
import operator
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QObject, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QWidget

from tabletop_gui.app import style
from tabletop_gui.app.canvas import labels
from tabletop_gui.app.canvas.drawing import BoardMap, draw_label, pixels_per_inch, text_size
from tabletop_gui.app.canvas.hex_terrain import PrintedLabels, TerrainPaths
from tabletop_gui.app.canvas.items import (
    PICK_PAD_IN,
    MarkerItem,
    PieceItem,
    TerrainItem,
    UnitItem,
    ZoneItem,
)
from tabletop_gui.app.canvas.lod_tiles import TilePictures
from tabletop_gui.app.canvas.marks import Mark
from tabletop_gui.app.canvas.overlays import AreaOverlay, CircleOverlay, HexOverlay, OverlayItem
from tabletop_gui.app.canvas.unit_batch import UnitBatch
from tabletop_gui.model.board import InchBoard
from tabletop_gui.model.hexgrid import HexBoard, hex_label
from tabletop_gui.model.piecemap import PieceMap
from tabletop_gui.model.pieces import Marker, Terrain, Unit, Zone
from tabletop_gui.model.scene import Board, Scene
from tabletop_gui.model.state import GameState
from tabletop_gui.play.measure import subject_radius
from tabletop_gui.play.setup_marks import setup_marks
from tabletop_gui.rules.engine import family_of
from tabletop_gui.rules.family import Family
from tabletop_gui.rules.play_types import UnitLook
from tabletop_gui.rules.scoreboard import Area, Circle, HexMark, Highlight, PieceMark, Scoreboard

if TYPE_CHECKING:
    from tabletop_gui.app.canvas.annotation_items import LineReading

#: Table around the board, inches (room for edge labels).
MARGIN = 2.5
#: Axis numbers smaller than this many pixels are not drawn (unreadable).
MIN_AXIS_PX = 4.0


def axis_step(size_in: float, longest: float) -> int:
    """Inches between axis numbers ``size_in`` tall: every 6 in, or every 12 (24)
    where the numbers would crowd each other."""
    width = 0.62 * size_in * len(str(int(longest)))  # DejaVu Sans digits: 0.62 em
    return next((s for s in (6, 12, 24) if width * 1.6 <= s), 24)


#: The sides' names at the board's edges are drawn at least this many pixels tall.
EDGE_LABEL_PX = 10.0
#: More units than this make a crowded board: names show from CROWDED_LABEL_PPI up.
LABEL_PIECE_LIMIT = 300
#: The hexes' names around a hex board: this many pixels tall, between these
#: shares of the hex size; not drawn below MIN_HEX_NAME_PX.
HEX_NAME_PX = 11.0
HEX_NAME_MIN, HEX_NAME_MAX = 0.2, 0.42
MIN_HEX_NAME_PX = 7.0
#: The background ``draw_label`` paints above and below a text, inches.
LABEL_PAD_Y = 0.04
CROWDED_LABEL_PPI = 30.0
#: At most this many PieceMarks remembered with their Mark (then forgotten at once).
MARK_MEMO = 20_000
#: Past this many highlights changed since the last sync, every piece's marks are
#: worked out again (``BoardScene._sync_highlights_changed``).
HIGHLIGHTS_CHANGED = 64

PieceT = TypeVar("PieceT", Unit, Marker, Terrain, Zone)
ItemT = TypeVar("ItemT", bound=PieceItem)


class BoardScene(QGraphicsScene):
    def __init__(self, parent: QObject | None = None, safe_colours: bool = True) -> None:
        super().__init__(parent)
        #: Piece marks drawn besides the scoreboard's: the set-up flags (a unit
        #: outside its Deployment Zone, ``play.setup_marks``) of the state shown,
        #: asked of the family at each ``sync``, so the window, the exports, the
        #: stream and the reports mark the same units.
        self.flags: tuple[PieceMark, ...] = ()
        self.safe_colours = safe_colours
        self.state: GameState | None = None
        self.scoreboard: Scoreboard | None = None
        self.board: Board | None = None
        self.sides: tuple = ()
        self.bmap = BoardMap(48.0)
        self.colours: dict[str, QColor] = {}
        self.pieces: dict[str, PieceItem] = {}
        self._colls: dict[str, object] = {}
        self._marks: dict[str, tuple[Mark, ...]] = {}
        #: The Mark drawn for each PieceMark (by value): the same object while a
        #: piece keeps its role, so comparing a piece's marks is an identity check.
        self._mark_of: dict[PieceMark, Mark] = {}
        self._overlays: dict[Highlight, OverlayItem] = {}
        #: The highlight groups last shown, where each piece's PieceMarks stand in
        #: them (group, place, mark) and how often each overlay's highlight comes.
        self._hl_groups: list[tuple[Highlight, ...]] | None = None
        self._hl_entries: dict[str, list[tuple[int, int, PieceMark]]] = {}
        self._hl_wanted: dict[Highlight, int] = {}
        self._focus: set[str] | None = None
        self._hex_path: QPainterPath | None = None
        self._terrain: TerrainPaths | None = None
        self.text_scale = 1.0
        #: Unit names are drawn only from this zoom (pixels per inch) up: 0 on an
        #: ordinary board; on a crowded one (over LABEL_PIECE_LIMIT units) names
        #: appear when zoomed in, where they can be read (tooltips always have them).
        self.label_min_ppi = 0.0
        #: Draw nothing around the board (transparent PNG exports).
        self.transparent_table = False
        #: Nothing of the board itself (cloth, grid, edges): the /camera page's
        #: pictures lie over the real table.
        self.board_hidden = False
        #: A public view (the streamer's, or the window in a player's view: the
        #: document's ``viewer`` set): face-down objectives show no value.
        self.public = False
        #: How far around its base a unit or marker is picked, inches: the view
        #: sets a few of its pixels' worth (see ``items.PICK_PAD_IN``).
        self.pick_pad_in = PICK_PAD_IN
        #: The last label placement (``labels.Placer``): where the names and
        #: captions are, so a transient label (the measure tool's) can avoid them.
        self.label_placer: object | None = None
        #: The line readings placed with the labels, clear of them and of each
        #: other (``labels.place_readings``): pinned rulers, the charge's reach.
        self.readings: list[LineReading] = []
        #: The zoom (pixels per inch) a hex board's labels are placed for: the view
        #: sets it (``set_label_ppi``), a picture its own; 0: not known (labels are
        #: measured at their largest, ``labels``). Other boards' windows leave it 0.
        self.label_ppi = 0.0
        #: A hex board's printed labels, where the label pass put them.
        self.printed = PrintedLabels()
        #: Idle units, overlays, zones, terrain and markers kept as pictures of the view
        #: (``keep_pictures``, the window's view only).
        self.cache_pictures = False
        #: The table, board and grid per zoom band (``keep_pictures``).
        self._background: TilePictures | None = None
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        #: Idle units are drawn by this one item (added first: below the units
        #: that paint themselves), the idle units a rule marks by the next (above
        #: it). ``batch_units`` False: every unit paints itself.
        self.batch = UnitBatch()
        self.marked_batch = UnitBatch(marked=True)
        self.batch_units = True
        self.addItem(self.batch)
        self.addItem(self.marked_batch)
        self.addItem(self.printed)
        #: The unit items shown anew or re-marked since the batches last took
        #: their members (None: any may have changed).
        self._changed_units: list[UnitItem] | None = None
        #: ``unit_looks``' answer, until a unit's look or visibility changes (None:
        #: to be worked out again): the legend asks for it on every mouse move.
        self._looks: list[UnitLook] | None = None
        self.selectionChanged.connect(self.sync_batch)

    # -- building ---------------------------------------------------------
    def sync(self, state: GameState, scoreboard: Scoreboard | None, settle: bool = True) -> None:
        """Show ``state``. ``settle`` False (a drag in progress): labels keep their
        places (moving them on every mouse move would repaint the board)."""
        scene = state.scene
        if scene.board is not self.board or scene.sides != self.sides:
            self._reset(scene)
        self.state = state
        self.scoreboard = scoreboard
        self.flags = setup_marks(state)
        self._sync_pieces(scene, family_of(state.setup), state)
        self.label_min_ppi = CROWDED_LABEL_PPI if len(scene.units) > LABEL_PIECE_LIMIT else 0.0
        self._sync_highlights(scene, scoreboard)
        if settle and len(scene.units) <= LABEL_PIECE_LIMIT:
            labels.place(self, LABEL_PIECE_LIMIT)
            self._changed_units = None  # names may have moved
        self._sync_batch_if_changed()

    def keep_pictures(self, keep: bool = True) -> None:
        """Keep what does not change while a piece is dragged as pictures of the
        view showing this scene: the idle units, the overlays, zones, terrain,
        markers and their labels. A repaint that does not change them is a blit,
        so a piece dragged across a hatched zone or a large antialiased circle no
        longer redraws it on every move. Only for a view: Qt writes a kept picture
        into an export, a print or an SVG as a bitmap, so the scenes drawn there
        never keep one. ``keep`` False: every item paints itself again at
        each repaint."""
        self.cache_pictures = keep
        self._background = TilePictures(self, lambda: self.update()) if keep else None
        for batch in self.batches:
            batch.keep_pictures(keep)
        for item in [*self._overlays.values(), *self.pieces.values()]:
            self._keep_picture(item)

    def pictures_resting(self) -> bool:
        """Every kept picture is drawn at the view's rested zoom: none waits for
        SETTLE_MS to be drawn sharp (a repaint now shows what a later one will)."""
        kept = [self._background, *(batch.pictures for batch in self.batches)]
        return all(p.resting() for p in kept if p is not None)

    def forget_pictures(self) -> None:
        """Drop the pictures kept per zoom band: the next paint draws the
        background and the unit batches anew, sharp at the view's scale."""
        if self._background is not None:
            self._background.clear()
        for batch in self.batches:
            if batch.pictures is not None:
                batch.pictures.clear()

    def _keep_picture(self, item: QGraphicsItem) -> None:
        """Keep ``item`` (and its floating label) as a picture when this scene
        keeps pictures; not a unit that paints itself: it is the dragged or the
        selected one, redrawn as it moves."""
        if isinstance(item, (UnitItem, UnitBatch)):
            return
        cache = (
            QGraphicsItem.CacheMode.DeviceCoordinateCache
            if self.cache_pictures
            else QGraphicsItem.CacheMode.NoCache
        )
        item.setCacheMode(cache)
        label = getattr(item, "label_item", None)
        if isinstance(label, QGraphicsItem):
            label.setCacheMode(cache)

    @property
    def batches(self) -> tuple[UnitBatch, UnitBatch]:
        """The items that draw the idle units: unmarked, then marked."""
        return self.batch, self.marked_batch

    def sync_batch(self) -> None:
        """Hand the idle units to the batch items (after any change of pieces,
        highlights, selection or focus)."""
        self._changed_units = []
        units = [it for it in self.pieces.values() if isinstance(it, UnitItem)]
        for batch in self.batches:
            batch.sync(units if self.batch_units else [])

    def _sync_batch_if_changed(self) -> None:
        """``sync_batch``, unless every unit shown anew since is one no batch
        draws, before or now (the unit dragged: selected, it paints itself), so a
        mouse move over 1,000 units does not ask each of them again."""
        changed = self._changed_units
        if changed is not None:
            if not changed:
                return
            batches = self.batches if self.batch_units else ()
            if not any(b.has(it) or b.takes(it) for b in batches for it in changed):
                self._changed_units = []
                return
        self.sync_batch()

    def _unit_changed(self, item: PieceItem) -> None:
        if isinstance(item, UnitItem) and self._changed_units is not None:
            self._changed_units.append(item)

    def _reset(self, scene: Scene) -> None:
        self._changed_units = None
        self._looks = None
        for batch in self.batches:
            batch.sync([])
        for item in list(self.pieces.values()) + list(self._overlays.values()):
            self.removeItem(item)
        self.pieces.clear()
        self._overlays.clear()
        self._colls.clear()
        self._marks.clear()
        self._mark_of.clear()
        self._hl_groups = None
        self.board = scene.board
        self.sides = scene.sides
        w, h = scene.board.extent
        self.bmap = BoardMap(h)
        self.colours = style.side_colours(scene, self.safe_colours)
        self._hex_path = None
        self._terrain = None
        self.printed.set_placed([])
        # Labels are sized for a 72 in board and scale with smaller or larger ones.
        self.text_scale = min(1.5, max(0.3, max(w, h) / 72.0))
        m = MARGIN * self.text_scale + hex_names_room(scene.board)
        self.setSceneRect(QRectF(-m, -m, w + 2 * m, h + 2 * m))
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    def unit_looks(self) -> list[UnitLook]:
        """What the family draws on the units shown (symbols, stars, pips)."""
        if self._looks is None:
            self._looks = [
                it.look
                for it in self.pieces.values()
                if isinstance(it, UnitItem) and it.look is not None and it.isVisible()
            ]
        return list(self._looks)

    def set_printed_labels(self, placed: list) -> None:
        """Where the label pass put the hex board's printed labels (None: not drawn)."""
        self.printed.set_placed(placed)

    def set_label_ppi(self, ppi: float) -> bool:
        """Place the labels again for a zoom of ``ppi`` pixels per inch, unless it
        is within 1% of the zoom they were placed for; True when they were."""
        if ppi <= 0 or abs(ppi - self.label_ppi) <= 0.01 * self.label_ppi:
            return False
        self.label_ppi = ppi
        if self.state is not None and len(self.state.scene.units) <= LABEL_PIECE_LIMIT:
            labels.place(self, LABEL_PIECE_LIMIT)
            self.sync_batch()
        return True

    def set_public(self, public: bool) -> None:
        """Show face-down values (the referee's view) or '?' (a public or a
        player's view) on the markers, and redraw the ones that change."""
        if public == self.public:
            return
        self.public = public
        for item in self.pieces.values():
            item.public = public
            if isinstance(item, MarkerItem) and item.piece is not None:
                item.show_value()

    def set_safe_colours(self, safe: bool) -> None:
        self.safe_colours = safe
        if self.state is not None:
            self.board = None
            self.sync(self.state, self.scoreboard)

    def colour(self, side: str | None) -> QColor | None:
        return self.colours.get(side) if side else None

    def _sync_pieces(self, scene: Scene, family: Family, state: GameState) -> None:
        """Bring the items in line with ``scene`` (``state``'s); ``family`` says which
        units are greyed out, what is drawn on them, and which markers' values
        are face down."""
        bmap = self.bmap

        def side_name(side: str) -> str:
            return scene.side(side).name if side in scene.side_ids else side

        def carrier_at(marker: Marker) -> tuple[float, float] | None:
            carrier = scene.units.get(marker.carried_by) if marker.carried_by else None
            return (carrier.x, carrier.y) if carrier is not None else None

        def carrier_half(marker: Marker) -> float:
            carrier = scene.units.get(marker.carried_by) if marker.carried_by else None
            return min(carrier.width_in, carrier.depth_in) / 2 if carrier is not None else 0.0

        def side_colour(side: str) -> QColor:
            return self.colours.get(side, style.NEUTRAL)

        self._sync_kind(
            "zones",
            scene.zones,
            ZoneItem,
            lambda item, z: item.set_piece(z, side_colour(z.side), bmap, side_name(z.side)),
        )
        self._sync_kind(
            "terrain", scene.terrain, TerrainItem, lambda item, t: item.set_piece(t, bmap)
        )
        self._sync_kind(
            "units",
            scene.units,
            UnitItem,
            lambda item, u: item.set_piece(
                u, side_colour(u.side), bmap, family.greyed(u), family.unit_look(state, u)
            ),
        )
        # A carried marker follows its carrier: markers are shown again every time.
        self._sync_kind(
            "markers",
            scene.markers,
            MarkerItem,
            lambda item, m: item.set_piece(
                m,
                self.colour(m.side),
                bmap,
                carrier_at(m),
                family.value_hidden(m),
                carrier_half(m),
            ),
            always=True,
        )

    def _sync_kind(
        self,
        name: str,
        coll: Mapping[str, PieceT],
        cls: type[ItemT],
        show: Callable[[ItemT, PieceT], None],
        always: bool = False,
    ) -> None:
        """Bring the items of one kind of piece in line with ``coll`` (skipped when
        the collection is the one last shown): new items for new pieces, ``show``
        for changed ones (every one when ``always``), removal of the gone."""
        shown = self._colls.get(name)
        if shown is coll:
            return
        self._colls[name] = coll
        if not always and isinstance(shown, PieceMap) and isinstance(coll, PieceMap):
            replaced = coll.replaced_since(shown)
            if replaced is not None:  # the same ids: show only the pieces replaced
                for pid, piece in replaced:
                    item = self.pieces[pid]
                    self._unit_changed(item)
                    if isinstance(item, UnitItem) and self._looks is not None:
                        look, shown = item.look, item.isVisible()
                        show(item, piece)  # type: ignore[arg-type]
                        if item.look != look or item.isVisible() != shown:
                            self._looks = None
                    else:
                        show(item, piece)  # type: ignore[arg-type]
                return
        if cls is UnitItem:
            self._looks = None
        seen = set()
        for pid, piece in coll.items():
            seen.add(pid)
            old = self.pieces.get(pid)
            if old is not None and old.piece is piece and not always:
                continue
            if isinstance(old, cls):
                item = old
                self._unit_changed(item)
            else:
                if old is not None:
                    self.removeItem(old)
                item = cls(pid)
                item.ts = self.text_scale
                item.public = self.public
                self.pieces[pid] = item
                self._keep_picture(item)
                self.addItem(item)
                self._marks.pop(pid, None)
                self._changed_units = None
            show(item, piece)
        for pid in [p for p, it in self.pieces.items() if it.kind == cls.kind and p not in seen]:
            self.removeItem(self.pieces.pop(pid))
            self._marks.pop(pid, None)
            self._changed_units = None

    def _sync_highlights(self, scene: Scene, scoreboard: Scoreboard | None) -> None:
        groups = [r.highlights for r in scoreboard.results] if scoreboard is not None else []
        groups.append(self.flags)  # the set-up flags besides the rules' results
        if len(self._mark_of) > MARK_MEMO:
            self._mark_of.clear()
        if not self._sync_highlights_changed(groups, scene):
            self._sync_highlights_all(groups, scene)
        self._hl_groups = groups

    def _mark(self, hl: PieceMark) -> Mark:
        mark = self._mark_of.get(hl)
        if mark is None:
            mark = self._mark_of[hl] = Mark(hl.role, self.colour(hl.side), hl.label)
        return mark

    def _sync_highlights_all(self, groups: list[tuple[Highlight, ...]], scene: Scene) -> None:
        """Every piece's marks and every overlay from ``groups`` (the results'
        highlights, then the window's flags); keeps where each came from, for
        ``_sync_highlights_changed``."""
        marks: dict[str, list[Mark]] = {}
        wanted: dict[Highlight, int] = {}
        entries: dict[str, list[tuple[int, int, PieceMark]]] = {}
        mark = self._mark
        for g, highlights in enumerate(groups):
            for i, hl in enumerate(highlights):
                if isinstance(hl, PieceMark):
                    m = mark(hl)
                    lst = marks.setdefault(hl.piece_id, [])
                    if m not in lst:
                        lst.append(m)
                    entries.setdefault(hl.piece_id, []).append((g, i, hl))
                else:
                    wanted[hl] = wanted.get(hl, 0) + 1
        self._hl_entries, self._hl_wanted = entries, wanted
        new_marks = {pid: tuple(m) for pid, m in marks.items()}
        # In a fixed order (not a set's, which follows the string hash seed): marks
        # add floating labels, and their order decides which one draws on top.
        for pid in dict.fromkeys([*self._marks, *new_marks]):
            now = new_marks.get(pid, ())
            if self._marks.get(pid, ()) != now:
                item = self.pieces.get(pid)
                if item is not None:
                    item.set_marks(now)
                    self._unit_changed(item)
        self._marks = {pid: m for pid, m in new_marks.items() if pid in self.pieces}
        for gone in [h for h in self._overlays if h not in wanted]:
            self.removeItem(self._overlays.pop(gone))
        for want in wanted:
            if want not in self._overlays:
                self._add_overlay(want, scene)

    def _sync_highlights_changed(self, groups: list[tuple[Highlight, ...]], scene: Scene) -> bool:
        """As ``_sync_highlights_all``, working on the highlights that are not the
        very objects at the same place of the last groups alone (a drag changes
        one unit's: the others keep theirs). False (nothing done) when the
        groups' number or lengths changed, many highlights did, or pieces were
        added or removed since (their items need their marks again)."""
        last = self._hl_groups
        if (
            last is None
            or self._changed_units is None
            or len(last) != len(groups)
            or any(len(a) != len(b) for a, b in zip(last, groups, strict=True))
        ):
            return False
        changed = []
        for g, (old, new) in enumerate(zip(last, groups, strict=True)):
            if old is not new:
                changed += [
                    (g, i) for i, same in enumerate(map(operator.is_, old, new)) if not same
                ]
                if len(changed) > HIGHLIGHTS_CHANGED:
                    return False
        entries, wanted = self._hl_entries, self._hl_wanted
        touched: dict[str, None] = {}
        gone: list[Highlight] = []
        added: list[Highlight] = []
        for g, i in changed:
            before, after = last[g][i], groups[g][i]
            if isinstance(before, PieceMark):
                entries[before.piece_id].remove((g, i, before))
                touched[before.piece_id] = None
            else:
                wanted[before] -= 1
                if not wanted[before]:
                    del wanted[before]
                    gone.append(before)
            if isinstance(after, PieceMark):
                bisect.insort(entries.setdefault(after.piece_id, []), (g, i, after),
                              key=lambda e: e[:2])  # fmt: skip
                touched[after.piece_id] = None
            else:
                wanted[after] = wanted.get(after, 0) + 1
                added.append(after)
        for pid in touched:
            lst: list[Mark] = []
            for _g, _i, piece_mark in entries.get(pid, ()):
                m = self._mark(piece_mark)
                if m not in lst:
                    lst.append(m)
            if not lst:
                entries.pop(pid, None)
            now = tuple(lst)
            if self._marks.get(pid, ()) != now:
                item = self.pieces.get(pid)
                if item is not None:
                    item.set_marks(now)
                    self._unit_changed(item)
            if now and pid in self.pieces:
                self._marks[pid] = now
            else:
                self._marks.pop(pid, None)
        for gone_hl in gone:
            if gone_hl not in wanted and gone_hl in self._overlays:
                self.removeItem(self._overlays.pop(gone_hl))
        for added_hl in added:
            if added_hl in wanted and added_hl not in self._overlays:
                self._add_overlay(added_hl, scene)
        return True

    def _add_overlay(self, hl: Highlight, scene: Scene) -> None:
        overlay = self._overlay_item(hl, scene)
        if overlay is not None:
            self._overlays[hl] = overlay
            self.addItem(overlay)

    def _overlay_item(self, hl: Highlight, scene: Scene) -> OverlayItem | None:
        ts = self.text_scale
        if isinstance(hl, Circle):
            # A range measured from a round outline covers radius + the outline's radius.
            extra = subject_radius(scene, hl)
            # A label repeated on every circle is noise: the first circle carries it.
            shown = any(
                isinstance(o, CircleOverlay) and o.show_label and o.circle.label == hl.label
                for o in self._overlays.values()
            )
            width = scene.board.width if isinstance(scene.board, InchBoard) else None
            overlay: OverlayItem = CircleOverlay(
                hl, self.colour(hl.side), self.bmap, extra, ts, not shown, width
            )
        elif isinstance(hl, Area):
            overlay = AreaOverlay(hl, self.colour(hl.side), self.bmap, ts)
        elif isinstance(hl, HexMark) and isinstance(self.board, HexBoard):
            overlay = HexOverlay(hl, self.colour(hl.side), self.bmap, self.board, ts)
        else:
            return None
        self._keep_picture(overlay)
        return overlay

    def overlay_items(self) -> list[OverlayItem]:
        return list(self._overlays.values())

    # -- focus (a score row selected) ---------------------------------------
    def set_focus(self, piece_ids: Iterable[str] | None) -> None:
        """Emphasise these pieces and dim the other units and markers; None clears."""
        self._focus = set(piece_ids) if piece_ids is not None else None
        for pid, item in self.pieces.items():
            if self._focus is None or (item.kind in ("zone", "terrain") and pid not in self._focus):
                item.set_focus(0)
            else:
                item.set_focus(1 if pid in self._focus else -1)
        self.sync_batch()

    # -- lookup -----------------------------------------------------------
    def piece_item(self, piece_id: str) -> PieceItem | None:
        return self.pieces.get(piece_id)

    def selected_ids(self) -> list[str]:
        return [it.piece_id for it in self.selectedItems() if isinstance(it, PieceItem)]

    def board_rect(self) -> QRectF:
        w, h = self.board.extent if self.board is not None else (72.0, 48.0)
        return QRectF(0, 0, w, h)

    # -- background: table, board, grid, edges ----------------------------
    def invalidate(self, *args: Any, **kwargs: Any) -> None:
        """Qt's invalidate; the background's kept pictures go (drawn again)."""
        if self._background is not None:
            self._background.clear()
        super().invalidate(*args, **kwargs)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        device = painter.device()
        if self._background is not None and isinstance(device, QWidget):
            key = (self.transparent_table, self.safe_colours, self.text_scale)
            under = None if self.transparent_table else style.TABLE
            self._background.paint(
                painter, QRectF(rect), device, self.draw_background, key, opaque=under
            )
        else:
            self.draw_background(painter, QRectF(rect))

    def draw_background(self, painter: QPainter, rect: QRectF) -> None:
        """The table around the board (within ``rect``), the board, its grid and edges."""
        if not self.transparent_table:
            painter.fillRect(rect, style.TABLE)
        board = self.board
        if board is None or self.board_hidden:
            return
        if isinstance(board, HexBoard):
            self._draw_hex_board(painter, board)
            self._draw_hex_print(painter, board)
        else:
            self._draw_inch_board(painter, board)
        self._draw_edges(painter, board)

    def _draw_inch_board(self, painter: QPainter, board: InchBoard) -> None:
        w, h = board.extent
        painter.fillRect(QRectF(0, 0, w, h), style.BOARD)
        ppi = pixels_per_inch(painter)
        if ppi >= 4:
            painter.setPen(style.cosmetic(style.GRID_MINOR, 1))
            lines = [QPointF(0, 0)] * 0
            for i in range(1, int(w)):
                if i % 6:
                    lines += [QPointF(i, 0), QPointF(i, h)]
            for j in range(1, int(h)):
                if j % 6:
                    lines += [QPointF(0, h - j), QPointF(w, h - j)]
            painter.drawLines(lines)
        painter.setPen(style.cosmetic(style.GRID_MAJOR, 1))
        major = []
        for i in range(6, int(w), 6):
            major += [QPointF(i, 0), QPointF(i, h)]
        for j in range(6, int(h), 6):
            major += [QPointF(0, h - j), QPointF(w, h - j)]
        painter.drawLines(major)
        cx, cy = board.centre
        c = self.bmap.to_scene(cx, cy)
        painter.setPen(style.cosmetic(QColor(0, 0, 0, 120), 1.5))
        painter.drawLine(c + QPointF(-0.6, 0), c + QPointF(0.6, 0))
        painter.drawLine(c + QPointF(0, -0.6), c + QPointF(0, 0.6))
        ts = self.text_scale
        size = max(0.35 * ts, self.min_text_in())
        if ppi * size >= MIN_AXIS_PX:
            painter.setPen(QColor(0, 0, 0, 110))
            back = self._edge_text_backing()
            step = axis_step(size, max(w, h))
            for i in range(step, int(w), step):
                draw_label(painter, f"{i}", QPointF(i, h + 1.3 * size), size, style.AXIS_TEXT, back)
            for j in range(step, int(h), step):
                draw_label(
                    painter, f"{j}", QPointF(-1.6 * size, h - j), size, style.AXIS_TEXT, back
                )

    def min_text_in(self) -> float:
        """The least height, inches, of text that must be read (the axis numbers):
        none here; a stream picture's scene says (its pixels are known)."""
        return 0.0

    def _edge_text_backing(self) -> QColor | None:
        """Text outside the board is light on the dark table; with no table drawn
        (a transparent picture over someone's video) it gets a dark backing."""
        return style.EDGE_TEXT_BACKING if self.transparent_table else None

    def _hex_outline(self, board: HexBoard) -> QPainterPath:
        if self._hex_path is None:
            path = QPainterPath()
            for hx in board.hexes():
                path.addPolygon(QPolygonF([self.bmap.to_scene(x, y) for x, y in board.corners(hx)]))
                path.closeSubpath()
            self._hex_path = path
        return self._hex_path

    def _draw_hex_board(self, painter: QPainter, board: HexBoard) -> None:
        path = self._hex_outline(board)
        painter.setPen(style.cosmetic(QColor(0, 0, 0, 90), 1))
        painter.setBrush(style.BOARD)
        painter.drawPath(path)
        terrain = self._terrain_paths(board)
        if terrain is not None:  # printed terrain under the grid lines
            terrain.paint_fills(painter)
            painter.setPen(style.cosmetic(QColor(0, 0, 0, 90), 1))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)
        sections = _hex_sections(board)
        if sections:
            painter.setPen(Qt.PenStyle.NoPen)
            tints = {
                "left": QColor(0, 0, 0, 0),
                "centre": QColor(0, 0, 0, 14),
                "right": QColor(0, 0, 0, 0),
            }
            for hx, names in sections.items():
                if len(names) > 1:
                    painter.setBrush(QColor(0, 0, 0, 34))
                else:
                    painter.setBrush(tints.get(next(iter(names)), QColor(0, 0, 0, 0)))
                painter.drawPolygon(
                    QPolygonF([self.bmap.to_scene(x, y) for x, y in board.corners(hx)])
                )
        lines = getattr(board, "section_lines", None)
        if callable(lines):
            pen = style.cosmetic(QColor(0, 0, 0, 170), 2.5, Qt.PenStyle.DotLine)
            painter.setPen(pen)
            for line in lines():
                pts = [self.bmap.to_scene(x, y) for x, y in line]
                painter.drawPolyline(QPolygonF(pts))
        colours = [self.colours.get(s.id, style.NEUTRAL) for s in self.sides]
        for row, colour in (
            (0, colours[0] if colours else None),
            (board.rows - 1, colours[1] if len(colours) > 1 else None),
        ):
            if colour is None:
                continue
            painter.setPen(style.cosmetic(colour, 2.5))
            painter.setBrush(style.with_alpha(colour, 40))
            for hx in board.baseline(row):
                painter.drawPolygon(
                    QPolygonF([self.bmap.to_scene(x, y) for x, y in board.corners(hx)])
                )

    def _terrain_paths(self, board: HexBoard) -> TerrainPaths | None:
        if not (board.terrain or board.ground):
            return None
        if self._terrain is None:
            self._terrain = TerrainPaths(board, self.bmap)
        return self._terrain

    def _draw_hex_print(self, painter: QPainter, board: HexBoard) -> None:
        """Overlays (bridges, wire...), over the sections and baselines (the labels
        are ``printed``, placed with the others)."""
        terrain = self._terrain_paths(board)
        if terrain is not None:
            terrain.paint_rings(painter)

    def _draw_hex_names(self, painter: QPainter, board: HexBoard) -> float:
        """The hexes' names around the board (docs/hex.md, Naming hexes): the long
        rows' letters along the top, the short rows' along the bottom, the row
        numbers up both sides, just outside the sides' bands. Returns how far
        out from the bands they reach (0 when too small to read at this zoom)."""
        ppi = pixels_per_inch(painter)
        hs = board.hex_size
        size = min(max(HEX_NAME_PX / max(ppi, 1e-6), HEX_NAME_MIN * hs), HEX_NAME_MAX * hs)
        if ppi * size < MIN_HEX_NAME_PX:
            return 0.0
        w, h = board.extent
        band = 0.24 * self.text_scale
        gap = 0.25 * size
        colour, back = style.AXIS_TEXT, self._edge_text_backing()
        rows = ((board.rows - 1, -band - gap - size / 2),)  # the top row is long
        if board.rows % 2 == 0:  # an even count: the top row is short, use row 0's
            rows = ((0, -band - gap - size / 2),)
        long_row = rows[0][0]
        short = [r for r in range(board.rows) if r % 2 == 1]
        places = [(long_row, rows[0][1])]
        if short:
            places.append((short[0], h + band + gap + size / 2))
        for row, y in places:
            for col in range(board.row_length(row)):
                x = self.bmap.to_scene(*board.hex_to_point((col, row))).x()
                letters = hex_label((col, row)).rstrip("0123456789")
                draw_label(painter, letters, QPointF(x, y), size, colour, back)
        side_gap = 0.15 * hs
        for row in range(board.rows):
            y = self.bmap.to_scene(*board.hex_to_point((0, row))).y()
            number = str(row + 1)
            tw = text_size(number, size)[0]
            for x in (-side_gap - tw / 2, w + side_gap + tw / 2):
                draw_label(painter, number, QPointF(x, y), size, colour, back)
        return gap + text_size("Ag", size)[1] + LABEL_PAD_Y

    def _draw_edges(self, painter: QPainter, board: Board) -> None:
        w, h = board.extent
        names = 0.0
        if not isinstance(board, HexBoard):
            painter.setPen(style.cosmetic(style.BOARD_EDGE, 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(0, 0, w, h))
        else:
            names = self._draw_hex_names(painter, board)
        # Side A's long edge at the bottom, B's at the top: a band and the side's name.
        for i, side in enumerate(self.sides[:2]):
            colour = self.colours.get(side.id, style.NEUTRAL)
            ts = self.text_scale
            y = h + 0.12 * ts if i == 0 else -0.12 * ts
            painter.setPen(style.inches(colour, 0.24 * ts))
            painter.drawLine(QPointF(0, y), QPointF(w, y))
            ppi = pixels_per_inch(painter)
            # At least EDGE_LABEL_PX tall (it was 5 px with the whole board in a
            # 1366 x 768 window), up to 1.4 in (times the text scale: the margin
            # holds it), clear of the band and of the inch numbers under side A's.
            size = min(max(0.6 * ts, EDGE_LABEL_PX / max(ppi, 1e-6)), 1.4 * ts)
            if ppi * size >= 4:
                half = 0.6 * size  # half the text's height, with its leading
                # Past the hexes' names on a hex board (its whole box clear of theirs).
                caption_half = text_size(side.name, size, bold=True)[1] / 2 + LABEL_PAD_Y
                out = 0.24 * ts + names + caption_half + 0.05 * ts if names else 0.0
                label_y = (
                    h + max(1.4 * ts, 0.75 * ts + half, out)
                    if i == 0
                    else -max(1.1 * ts, 0.35 * ts + half, out)
                )
                draw_label(
                    painter,
                    f"{side.name} (side {'AB'[i]})",
                    QPointF(w / 2, label_y),
                    size,
                    QColor("white"),
                    self._edge_text_backing(),
                    bold=True,
                )


def hex_names_room(board: Board) -> float:
    """What the hexes' names around a hex board add to its margin, inches."""
    return (HEX_NAME_MAX + 0.15) * board.hex_size if isinstance(board, HexBoard) else 0.0


def _hex_sections(board: HexBoard) -> dict[tuple[int, int], set[str]]:
    """Section names per hex, if the hex board knows its sections (duck-typed:
    the hex grid module grows ``sections_of(hex)`` or ``section_of(hex)``)."""
    fn = getattr(board, "sections_of", None)
    out: dict[tuple[int, int], set[str]] = {}
    try:
        if callable(fn):
            for hx in board.hexes():
                out[hx] = {str(s) for s in fn(hx)}
            return out
        fn = getattr(board, "section_of", None)
        if callable(fn):
            for hx in board.hexes():
                s = fn(hx)
                out[hx] = (
                    {str(x) for x in s}
                    if isinstance(s, set | frozenset | tuple | list)
                    else {str(s)}
                )
            return out
    except Exception:  # a sections API we do not know yet: draw no sections
        return {}
    return out

"""Edits as game-log events: add, move, rotate, duplicate, delete, change side.

Each public method is one gesture and commits ONE undo step; the ``preview_*``
methods show a provisional state during a drag without touching the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from tabletop_gui.app.document import Document, KeyTurn
from tabletop_gui.app.part import undoable
from tabletop_gui.model.board import InchBoard
from tabletop_gui.model.bounds import room_to_move
from tabletop_gui.model.events import (
    AddPiece,
    DeletePiece,
    Event,
    MovePiece,
    RotatePiece,
    UpdatePiece,
)
from tabletop_gui.model.hexgrid import HexBoard
from tabletop_gui.model.names import piece_label, side_name, turn
from tabletop_gui.model.pieces import Marker, Piece, Terrain, Unit, Zone
from tabletop_gui.model.scene import Scene
from tabletop_gui.play import presets
from tabletop_gui.play.copy_place import FALLBACK_OFFSET, copy_offset
from tabletop_gui.play.fields import fields_for
from tabletop_gui.play.naming import free_name
from tabletop_gui.rules.engine import family_of

#: Degrees one press of the rotate key turns a unit (Shift: the fine step).
ROTATE_STEP = 15.0
ROTATE_FINE = 1.0
#: Offset of a duplicate from its original on a hex board, inches (snapped to a
#: hex): the offset an inch board falls back to (``copy_place``).
DUPLICATE_OFFSET = FALLBACK_OFFSET


def _add(piece: Unit | Marker | Terrain | Zone) -> AddPiece:
    if isinstance(piece, Unit):
        return AddPiece(unit=piece)
    if isinstance(piece, Marker):
        return AddPiece(marker=piece)
    if isinstance(piece, Terrain):
        return AddPiece(terrain=piece)
    return AddPiece(zone=piece)


#: Why the board's own edits are refused while the measure tool is on.
MEASURING = "measuring: the measure tool moves no piece (V, or Esc with no line shown, selects)"


class Editor:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        #: While set (the measure tool is on), moves, turns, deletions, copies and
        #: side changes from the board and its keys are refused with this reason.
        self.locked: str | None = None

    @property
    def scene(self) -> Scene:
        return self.doc.committed.scene

    def snap(self, x: float, y: float) -> tuple[float, float]:
        """Hex boards: the centre of the hex under the point; inch boards: the point."""
        board = self.scene.board
        if isinstance(board, HexBoard):
            return board.hex_to_point(board.point_to_hex(x, y))
        return (x, y)

    # -- moving (drag) ----------------------------------------------------
    def move_events(self, ids: Sequence[str], dx: float, dy: float) -> list[Event]:
        scene = self.scene
        events: list[Event] = []
        for pid in ids:
            piece = scene.piece(pid)
            if isinstance(piece, Marker) and piece.carried_by is not None:
                continue  # it goes where its carrier goes
            if isinstance(piece, Unit | Marker):
                x, y = self.snap(piece.x + dx, piece.y + dy)
                if (x, y) != (piece.x, piece.y):
                    events.append(MovePiece(pid, x, y))
            elif isinstance(piece, Terrain) and (dx or dy):
                poly = tuple((px + dx, py + dy) for px, py in piece.polygon)
                events.append(UpdatePiece(pid, {"polygon": poly}))
        return events

    def kept_on_board(self, ids: Sequence[str], dx: float, dy: float) -> tuple[float, float]:
        """(dx, dy) shortened so that the units, markers and terrain ``ids`` moves
        stay on an inch board: a drag past the table's edge stops the pieces at it (each
        direction alone, so a piece slides along the edge) instead of being
        refused there."""
        board = self.scene.board
        if not isinstance(board, InchBoard):
            return dx, dy
        scene = self.scene
        pieces = [scene.piece(i) for i in ids if scene.has_piece(i)]
        moved = [p for p in pieces if isinstance(p, Unit | Marker | Terrain)
                 and not (isinstance(p, Marker) and p.carried_by is not None)]  # fmt: skip
        if not moved:
            return dx, dy
        lo_x, hi_x, lo_y, hi_y = room_to_move(board, moved)
        return min(max(dx, lo_x), hi_x), min(max(dy, lo_y), hi_y)

    def carried_only(self, ids: Sequence[str]) -> str | None:
        """Why dragging ``ids`` moves nothing when they are all markers a unit
        carries (each goes where its carrier goes), else None."""
        scene = self.scene
        pieces = [scene.piece(i) for i in ids if scene.has_piece(i)]
        carried = [p for p in pieces if isinstance(p, Marker) and p.carried_by is not None]
        if not carried or len(carried) != len(pieces):
            return None
        marker = carried[0]
        assert marker.carried_by is not None
        carrier = scene.units.get(marker.carried_by)
        by = piece_label(carrier) if carrier is not None else repr(marker.carried_by)
        return f"{piece_label(marker)} is carried by {by}: it moves with its carrier"

    def preview_move(self, ids: Sequence[str], dx: float, dy: float) -> str | None:
        if self.locked:
            return self.locked
        carried = self.carried_only(ids)
        if carried:
            return carried
        return self.doc.preview(self.move_events(ids, dx, dy))

    def commit_move(self, ids: Sequence[str], dx: float, dy: float) -> str | None:
        if self.locked:
            return self._refuse(self.locked)
        carried = self.carried_only(ids)
        if carried:
            self.doc.cancel_preview()
            return self._refuse(carried)
        events = self.move_events(ids, dx, dy)
        if not events:
            self.doc.cancel_preview()
            return None
        what = piece_label(self.scene.piece(ids[0])) if len(ids) == 1 else f"{len(events)} pieces"
        return self.doc.commit(events, f"Move {what}")

    # -- rotating ---------------------------------------------------------
    def rotate_events(
        self, ids: Sequence[str], facing: float | None = None, by: float = 0.0
    ) -> list[Event]:
        out: list[Event] = []
        for pid in ids:
            unit = self.scene.units.get(pid)
            if unit is None:
                continue
            new = (facing if facing is not None else unit.facing + by) % 360.0
            if abs(new - unit.facing) > 1e-9:
                out.append(RotatePiece(pid, new))
        return out

    def preview_rotate(self, unit_id: str, facing: float) -> str | None:
        if self.locked:
            return self.locked
        return self.doc.preview(self.rotate_events([unit_id], facing=facing))

    def commit_rotate(
        self, ids: Sequence[str], facing: float | None = None, by: float = 0.0
    ) -> str | None:
        if self.locked:
            return self._refuse(self.locked)
        events = self.rotate_events(ids, facing, by)
        if not events:
            self.doc.cancel_preview()
            return None
        what = piece_label(self.scene.piece(ids[0])) if len(ids) == 1 else f"{len(events)} units"
        if facing is None and by:  # by key: presses in a row join one step
            turned = tuple(getattr(e, "piece_id", "") for e in events)
            key = KeyTurn(
                turned, by, lambda a: f"Rotate {what} {abs(a):g}° {'left' if a > 0 else 'right'}"
            )
            return self.doc.commit(events, key.text(by), key)
        how = ""
        if facing is not None and len(ids) == 1:  # the knob: 'Rotate Knights 35° left'
            how = f" {turn(self.scene.units[ids[0]].facing, facing)}".rstrip()
        return self.doc.commit(events, f"Rotate {what}{how}")

    # -- adding -----------------------------------------------------------
    def add_preset(
        self, payload: dict[str, Any], x: float, y: float, side: str | None
    ) -> str | None:
        """Build a piece from a palette payload at board point (x, y) and add it
        (dropped, or double-clicked in the palette); the status bar says what was
        placed and how to undo it, as every edit does ('Place Orcs' target
        (Ctrl+Z undoes it)')."""
        stack = self.doc.undo_stack
        before = stack.index()
        refused = self._add_preset(payload, x, y, side)
        if refused is None and stack.index() > before:
            self.doc.message.emit(undoable(stack.undoText()))
        return refused

    def _add_preset(
        self, payload: dict[str, Any], x: float, y: float, side: str | None
    ) -> str | None:
        kind, key = payload.get("kind"), str(payload.get("key"))
        x, y = self.snap(x, y)
        scene = self.scene
        offer = presets.palette_of(self.doc.committed.setup)
        side = side if side in scene.side_ids else (scene.side_ids[0] if scene.side_ids else None)
        unit_preset = offer.unit(key) if kind == "unit" else None
        marker_preset = offer.marker(key) if kind == "marker" else None
        terrain_preset = offer.terrain_preset(key) if kind == "terrain" else None
        if unit_preset is not None:
            p = unit_preset.for_board(scene.board)
            if side is None:
                return self._refuse("the board has no sides to give the unit to")
            n = sum(1 for u in scene.units.values() if u.side == side) + 1
            name = payload.get("name") or f"{scene.side(side).name} {p.noun} {n}"
            facing = 0.0 if side == scene.side_ids[0] else 180.0
            unit = presets.make_unit(
                p,
                self.doc.new_id(f"{side}-unit-{n}"),
                name,
                side,
                x,
                y,
                None if p.hex_fraction else payload.get("models"),
                None if p.hex_fraction else payload.get("per_rank"),
                facing,
            )
            return self.doc.commit([_add(unit)], f"Place {name}")
        if marker_preset is not None:
            mp = marker_preset
            owner = payload.get("side") or side
            owner = owner if mp.owned and owner in scene.side_ids else None
            owner_name = scene.side(owner).name if owner is not None else None
            taken = (m.label for m in scene.markers.values())
            label = presets.marker_label(mp, taken, owner_name)
            marker = presets.make_marker(mp, self.doc.new_id(key), x, y, owner, label)
            return self.doc.commit([_add(marker)], f"Place {label or mp.title}")
        if terrain_preset is not None:
            terrain = presets.make_terrain(
                terrain_preset, self.doc.new_id("terrain"), x, y, scene.board
            )
            # Told apart by name ("Building 2"): a King of the Hill pick or a
            # score row names the feature.
            names = {t.name for t in scene.terrain.values()}
            terrain = replace(terrain, name=free_name(terrain.name, names, sep=" "))
            return self.doc.commit(
                [_add(terrain)], f"Place {terrain.name} ({terrain_preset.title})"
            )
        if kind == "deployment":
            return self.apply_deployment(key)
        return self._refuse(f"unknown palette item {kind}/{key}")

    def apply_deployment(self, key: str) -> str | None:
        """Replace the deployment zones with a zone layout's (a Deployment Type, one
        undo step)."""
        layout = presets.palette_of(self.doc.committed.setup).zone_layout(key)
        if layout is None:
            return self._refuse(f"unknown Deployment Type {key!r}")
        scene = self.scene
        if len(scene.side_ids) < 2 or isinstance(scene.board, HexBoard):
            return self._refuse("Deployment Types need an inch board with two sides")
        a, b = scene.side_ids[:2]
        events: list[Event] = [DeletePiece(z) for z in scene.zones]
        names = {s.id: s.name for s in scene.sides}
        events += [_add(z) for z in layout.zones(scene.board, a, b, names)]
        return self.doc.commit(events, f"Deployment: {layout.title}")

    def add_polygon(
        self,
        kind: str,
        points: list[tuple[float, float]],
        side: str | None,
        impassable: bool = False,
    ) -> str | None:
        if len(points) < 3:
            return self._refuse("a polygon needs at least 3 points")
        poly = tuple(points)
        if kind == "zone":
            if side not in self.scene.side_ids:
                return self._refuse("choose the side the zone belongs to")
            zid = self.doc.new_id(f"zone-{side}")
            name = f"{self.scene.side(side).name} deployment (drawn)"
            return self.doc.commit([_add(Zone(zid, side, poly, name))], f"Draw {name}")
        name = "Impassable terrain" if impassable else "Terrain"
        tid = self.doc.new_id("terrain")
        return self.doc.commit(
            [_add(Terrain(tid, name, poly, impassable=impassable))], f"Draw {name}"
        )

    # -- other edits --------------------------------------------------------
    def delete(self, ids: Sequence[str]) -> str | None:
        if self.locked:
            return self._refuse(self.locked)
        ids = [i for i in ids if self.scene.has_piece(i)]
        if not ids:
            return None
        what = piece_label(self.scene.piece(ids[0])) if len(ids) == 1 else f"{len(ids)} pieces"
        return self.doc.commit([DeletePiece(i) for i in ids], f"Delete {what}")

    def duplicate(self, ids: Sequence[str]) -> list[str]:
        """Copies beside the originals on an inch board (``copy_offset``), offset by
        DUPLICATE_OFFSET on a hex board; returns the new ids (empty if refused)."""
        if self.locked:
            self._refuse(self.locked)
            return []
        dx, dy = DUPLICATE_OFFSET
        if not isinstance(self.scene.board, HexBoard):
            dx, dy = copy_offset(self.scene, [self.scene.piece(pid) for pid in ids])
        events: list[Event] = []
        new_ids: list[str] = []
        taken: set[str] = set()
        for pid in ids:
            piece = self.scene.piece(pid)
            nid = self.doc.new_id(f"{pid}-copy")
            while nid in taken:
                nid = self.doc.new_id(f"{nid}-x")
            taken.add(nid)
            copy: Piece
            if isinstance(piece, Unit | Marker):
                x, y = self.snap(piece.x + dx, piece.y + dy)
                if isinstance(self.scene.board, HexBoard) and (x, y) == (piece.x, piece.y):
                    x, y = self.snap(piece.x + 2 * dx, piece.y)
                copy = replace(piece, id=nid, x=x, y=y)
                if isinstance(piece, Unit):
                    copy = replace(piece, id=nid, x=x, y=y, name=f"{piece.name} (copy)")
            else:
                poly = tuple((px + dx, py + dy) for px, py in piece.polygon)
                copy = replace(piece, id=nid, polygon=poly)
            events.append(_add(copy))
            new_ids.append(nid)
        if not events:
            return []
        what = piece_label(self.scene.piece(ids[0])) if len(ids) == 1 else f"{len(ids)} pieces"
        return new_ids if self.doc.commit(events, f"Duplicate {what}") is None else []

    def change_side(self, ids: Sequence[str]) -> str | None:
        """Give each unit, zone or marker with a side the next side in turn."""
        if self.locked:
            return self._refuse(self.locked)
        sides = self.scene.side_ids
        events: list[Event] = []
        given: list[tuple[str, str]] = []
        for pid in ids:
            piece = self.scene.piece(pid)
            cur = getattr(piece, "side", None)
            if not sides or isinstance(piece, Terrain):
                continue
            if isinstance(piece, Marker) and cur is None:
                continue
            nxt = sides[(sides.index(cur) + 1) % len(sides)] if cur in sides else sides[0]
            changes: dict[str, Any] = {"side": nxt}
            if isinstance(piece, Marker):
                palette = presets.palette_of(self.doc.state.setup)
                label = presets.owner_label(palette, self.scene, piece, nxt)
                if label is not None:
                    changes["label"] = label
            events.append(UpdatePiece(pid, changes))
            given.append((pid, nxt))
        if not events:
            return None
        if len(events) == 1:
            (pid, side), piece = given[0], self.scene.piece(given[0][0])
            return self.doc.commit(
                events, f"Give {piece_label(piece)} to {side_name(self.scene, side)}"
            )
        return self.doc.commit(events, f"Give {len(events)} pieces to the next side")

    def update(self, piece_id: str, changes: dict[str, Any], what: str = "") -> str | None:
        """One undo step of field edits, named by ``what`` was edited (the
        Inspector's field label: 'Edit Knights: Models per rank'; by default the
        labels of the fields changed). A unit's or marker's place and a unit's
        facing go in as the move and the turn a drag makes (MovePiece,
        RotatePiece): the rules check and flag them as they do a drag's (a hex
        already held, a unit moved in the other side's turn), and the log words
        them as moves."""
        piece = self.scene.piece(piece_id)
        label = f"Edit {piece_label(piece)}: {what or self._field_labels(piece, changes)}"
        # What the rules make follow from the edit (a unit's front kept when it
        # loses models) goes in with it, not as a move.
        follows = family_of(self.doc.committed.setup).edit_changes(self.doc.state, piece, changes)
        implied = {k: v for k, v in follows.items() if k not in changes}
        rest = dict(changes)
        events: list[Event] = []
        if isinstance(piece, Unit | Marker) and ("x" in rest or "y" in rest):
            x, y = rest.pop("x", piece.x), rest.pop("y", piece.y)
            if (x, y) != (piece.x, piece.y):
                events.append(MovePiece(piece_id, x, y))
        if isinstance(piece, Unit) and "facing" in rest:
            facing = rest.pop("facing")
            if facing != piece.facing:
                events.append(RotatePiece(piece_id, facing))
        if rest or not events:
            events.insert(0, UpdatePiece(piece_id, {**(rest or changes), **implied}))
        refused = self.doc.commit(events, label)
        tag = changes.get("tag")
        if refused is None and tag is not None:
            # A tag two units carry moves neither when a photo reads it: said now,
            # not at the next photo.
            also = [u for u in self.scene.units.values() if u.tag == tag and u.id != piece_id]
            if also:
                self.doc.message.emit(
                    f"Camera tag {tag} is also {piece_label(also[0])}'s: a photo moves "
                    "neither; give one of them another tag"
                )
        return refused

    def _field_labels(self, piece: Piece, changes: dict[str, Any]) -> str:
        """'Models per rank, y (in)': the changed fields as the Inspector labels them."""
        setup = self.doc.committed.setup
        shown = fields_for(piece, family_of(setup), isinstance(self.scene.board, HexBoard))
        labels = {f.name: f.label for f in shown if f.kind not in ("rule", "hex_cell")}
        return ", ".join(labels.get(name, name.replace("_", " ")) for name in changes)

    def _refuse(self, reason: str) -> str:
        self.doc.message.emit(f"Refused: {reason}")
        return reason

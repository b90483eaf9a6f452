"""The palette: units, markers, terrain and deployments to drag onto the board.
What it offers is the game's family's answer (``Family.palette``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QEvent, QMimeData, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tabletop_gui.model.hexgrid import HexBoard
from tabletop_gui.model.scene import Scene, Setup
from tabletop_gui.play import presets
from tabletop_gui.rules import play_types
from tabletop_gui.rules.engine import family_of

PAYLOAD = Qt.ItemDataRole.UserRole + 1


class CountBox(QSpinBox):
    """A whole-number box that leaves letters to the window's shortcuts (F fits the
    board even while the Models box has the focus)."""

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            text = event.text()
            plain = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            if plain and text.isalpha():
                event.ignore()
                return True
        return super().event(event)


class PresetTree(QTreeWidget):
    """A tree whose leaves drag their preset payload as MIME_TYPE data."""

    def __init__(self, owner: Palette) -> None:
        super().__init__(owner)
        self.owner = owner
        self.setHeaderHidden(True)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)

    def mimeTypes(self) -> list[str]:
        return [presets.MIME_TYPE]

    def mimeData(self, items: Sequence[QTreeWidgetItem]) -> QMimeData:
        payload = self.owner.payload(items[0]) if items else None
        return self.owner.mime(payload) if payload else QMimeData()


class Palette(QWidget):
    tool_requested = Signal(str)  # "terrain" or "zone": draw a polygon point by point
    place_requested = Signal(dict)  # double-click: place at the board centre

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.side_box = QComboBox()
        self.side_box.setObjectName("placingSide")
        self.tree = PresetTree(self)
        self.models = CountBox()
        self.models.setRange(1, 200)
        self.per_rank = CountBox()
        self.per_rank.setRange(1, 50)
        self.impassable = QCheckBox("Impassable")
        draw_terrain = QPushButton("Draw terrain polygon")
        draw_zone = QPushButton("Draw deployment zone")
        draw_terrain.setToolTip(
            "Click points on the board; double-click or Enter to finish, Esc to cancel"
        )
        draw_zone.setToolTip(
            "A zone for the side chosen above; click points, double-click to finish"
        )
        draw_terrain.clicked.connect(lambda: self.tool_requested.emit("terrain"))
        draw_zone.clicked.connect(lambda: self.tool_requested.emit("zone"))

        form = QFormLayout()
        form.addRow("Side", self.side_box)
        form.addRow("Models", self.models)
        form.addRow("Per rank", self.per_rank)
        self.form = form
        self.draw_zone = draw_zone
        self.offer = play_types.Palette()
        self._key: tuple[str, bool] | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(form)
        layout.addWidget(QLabel("Drag onto the board (double-click: board centre):"))
        layout.addWidget(self.tree, 1)
        row = QHBoxLayout()
        row.addWidget(draw_terrain)
        row.addWidget(self.impassable)
        layout.addLayout(row)
        layout.addWidget(draw_zone)
        self.tree.currentItemChanged.connect(self._current_changed)
        self.tree.itemDoubleClicked.connect(self._double_clicked)

    def set_setup(self, setup: Setup) -> None:
        """Offer what the setup's family offers on its board; model counts are asked
        only where units stand in ranks."""
        key = (setup.family, isinstance(setup.scene.board, HexBoard))
        if key == self._key:
            return
        self._key = key
        self.offer = family_of(setup).palette(setup.scene.board)
        self.tree.clear()
        self._build(self.offer)
        for w in (self.models, self.per_rank):
            self.form.setRowVisible(w, self.offer.ranked)
        self.draw_zone.setVisible(self.offer.draw_zones)

    def _build(self, offer: play_types.Palette) -> None:
        def group(title: str) -> QTreeWidgetItem:
            g = QTreeWidgetItem(self.tree, [title])
            g.setFlags(g.flags() & ~Qt.ItemFlag.ItemIsDragEnabled)
            g.setExpanded(True)
            return g

        if offer.units:
            units = group("Units")
            for p in offer.units:
                self._leaf(units, p.title, {"kind": "unit", "key": p.key})
        markers = group(offer.marker_group)
        for m in offer.markers:
            self._leaf(markers, m.title, {"kind": "marker", "key": m.key})
        terrain = group("Terrain")
        for t in offer.terrain:
            self._leaf(terrain, t.title, {"kind": "terrain", "key": t.key})
        if offer.zone_layouts:
            deploy = group(offer.zone_group)
            for z in offer.zone_layouts:
                leaf = self._leaf(deploy, z.title, {"kind": "deployment", "key": z.key})
                leaf.setToolTip(0, z.description)
        self.tree.expandAll()

    def _leaf(
        self, parent: QTreeWidgetItem, title: str, payload: dict[str, Any]
    ) -> QTreeWidgetItem:
        leaf = QTreeWidgetItem(parent, [title])
        leaf.setData(0, PAYLOAD, payload)
        return leaf

    def set_scene(self, scene: Scene) -> None:
        current = self.side_box.currentData()
        self.side_box.blockSignals(True)
        self.side_box.clear()
        for s in scene.sides:
            self.side_box.addItem(s.name, s.id)
        i = self.side_box.findData(current)
        self.side_box.setCurrentIndex(max(i, 0))
        self.side_box.blockSignals(False)

    def side(self) -> str | None:
        return self.side_box.currentData()

    def entry(self, kind: str, key: str) -> QTreeWidgetItem:
        for item in self.tree.findItems(
            "*", Qt.MatchFlag.MatchWildcard | Qt.MatchFlag.MatchRecursive
        ):
            payload = item.data(0, PAYLOAD)
            if payload and payload["kind"] == kind and payload["key"] == key:
                return item
        raise KeyError(f"{kind}/{key}")

    def payload(self, item: QTreeWidgetItem) -> dict[str, Any] | None:
        base = item.data(0, PAYLOAD)
        if not base:
            return None
        payload = dict(base)
        if payload["kind"] == "unit":
            payload["models"] = self.models.value()
            payload["per_rank"] = self.per_rank.value()
        if payload["kind"] == "marker":
            # A marker whose rule gives it an owner takes the chosen Side, as a
            # unit does; the others belong to nobody.
            preset = self.offer.marker(payload["key"])
            payload["side"] = self.side() if preset is not None and preset.owned else None
        return payload

    def mime(self, payload: dict[str, Any]) -> QMimeData:
        data = QMimeData()
        data.setData(presets.MIME_TYPE, json.dumps(payload).encode("utf-8"))
        data.setText(f"{payload['kind']}: {payload['key']}")
        return data

    def mime_for(self, kind: str, key: str) -> QMimeData:
        """The drag data of a palette entry, as a drag from it would carry."""
        item = self.entry(kind, key)
        self.tree.setCurrentItem(item)
        return self.tree.mimeData([item])

    def _current_changed(self, item: QTreeWidgetItem | None, _prev: object = None) -> None:
        payload = item.data(0, PAYLOAD) if item is not None else None
        if payload and payload["kind"] == "unit":
            p = self.offer.unit(payload["key"])
            if p is not None:
                self.models.setValue(p.models)
                self.per_rank.setValue(p.per_rank)

    def _double_clicked(self, item: QTreeWidgetItem, _col: int) -> None:
        payload = self.payload(item)
        if payload:
            self.place_requested.emit(payload)

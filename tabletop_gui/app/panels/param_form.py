"""A form for an objective kind's params, built from what the kind declares
(``Objective.param_specs``: type, default, help, choices): a field per param,
its help under it, and for pieces, points and hexes a "Pick" button that takes
them from the board (``Picker``). ``values()`` is the params as the file holds
them: only those set, defaults left out."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tabletop_gui.model.hexgrid import HexBoard
from tabletop_gui.model.names import piece_label
from tabletop_gui.model.scene import Scene
from tabletop_gui.play.objective_choices import hex_text, parse_hexes
from tabletop_gui.rules.play_types import HEXES, ONE_HEX, Param

#: A param left at its default (not written to the file).
UNSET = object()
#: Piece collections of the scene, by the param type that names them.
PIECE_KINDS = {"marker": "markers", "markers": "markers", "terrain": "terrain", "units": "units"}


class Picker(Protocol):
    """Who takes clicks on the board for a field: ``start(field)`` until the
    field says it has what it needs (``stop``)."""

    def start(self, field: ParamField) -> None: ...

    def stop(self) -> None: ...


def words(name: str) -> str:
    """'placement_tolerance' -> 'Placement tolerance'."""
    text = name.replace("_", " ")
    return text[:1].upper() + text[1:]


class ParamField(QWidget):
    """One param's editor. ``value()`` is UNSET when the param is left out."""

    changed = Signal()

    def __init__(self, param: Param, scene: Scene, picker: Picker | None) -> None:
        super().__init__()
        self.param = param
        self.scene = scene
        self.picker = picker
        self.setObjectName(f"param_{param.name}")
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.pick_button: QPushButton | None = None

    # -- what every field does ---------------------------------------------------
    def value(self) -> Any:
        raise NotImplementedError

    def set_value(self, value: Any) -> None:
        raise NotImplementedError

    def picked(self, x: float, y: float, kind: str | None, piece_id: str | None) -> bool:
        """A click on the board at (x, y), on piece ``piece_id`` of ``kind`` (None:
        the board): True when the field has what it wanted (picking ends)."""
        return True

    def add_pick(self, tip: str) -> None:
        if self.picker is None:
            return
        button = QPushButton("Pick")
        button.setObjectName(f"pick_{self.param.name}")
        button.setToolTip(tip + " (Esc ends picking)")
        button.setCheckable(True)
        picker = self.picker
        button.toggled.connect(lambda on: picker.start(self) if on else picker.stop())
        self.row.addWidget(button)
        self.pick_button = button

    def pick_ended(self) -> None:
        if self.pick_button is not None:
            self.pick_button.blockSignals(True)
            self.pick_button.setChecked(False)
            self.pick_button.blockSignals(False)

    def _default(self, value: Any) -> Any:
        return UNSET if value == self.param.default else value


class NumberField(ParamField):
    """int / float; a param without a default is set only when its box is ticked."""

    def __init__(self, param: Param, scene: Scene, picker: Picker | None) -> None:
        super().__init__(param, scene, picker)
        whole = param.type == "int"
        self.box: QSpinBox | QDoubleSpinBox
        if whole:
            self.box = QSpinBox()
            self.box.setRange(0, 999)
        else:
            self.box = QDoubleSpinBox()
            self.box.setRange(0.0, 999.0)
            self.box.setDecimals(2)
            self.box.setSingleStep(0.1)
        self.use: QCheckBox | None = None
        if param.default is None:
            self.use = QCheckBox("set")
            self.use.toggled.connect(self.box.setEnabled)
            self.use.toggled.connect(lambda _on: self.changed.emit())
            self.box.setEnabled(False)
            self.row.addWidget(self.use)
        else:
            self.box.setValue(param.default)
        self.box.valueChanged.connect(lambda _v: self.changed.emit())
        self.row.addWidget(self.box)
        self.row.addStretch(1)

    def value(self) -> Any:
        if self.use is not None and not self.use.isChecked():
            return UNSET
        v = self.box.value()
        return self._default(int(v) if self.param.type == "int" else float(v))

    def set_value(self, value: Any) -> None:
        if value is UNSET or value is None:
            if self.use is not None:
                self.use.setChecked(False)
            elif self.param.default is not None:
                self.box.setValue(self.param.default)
            return
        if self.use is not None:
            self.use.setChecked(True)
        self.box.setValue(value)


class BoolField(ParamField):
    def __init__(self, param: Param, scene: Scene, picker: Picker | None) -> None:
        super().__init__(param, scene, picker)
        self.box = QCheckBox()
        self.box.setChecked(bool(param.default))
        self.box.toggled.connect(lambda _on: self.changed.emit())
        self.row.addWidget(self.box)
        self.row.addStretch(1)

    def value(self) -> Any:
        return (
            self._default(self.box.isChecked())
            if self.param.default is not None
            else (self.box.isChecked() or UNSET)
        )

    def set_value(self, value: Any) -> None:
        self.box.setChecked(bool(self.param.default) if value is UNSET else bool(value))


class TextField(ParamField):
    """text, and "any": a JSON value typed in a line."""

    def __init__(self, param: Param, scene: Scene, picker: Picker | None) -> None:
        super().__init__(param, scene, picker)
        self.edit = QLineEdit()
        if param.type == "any":
            self.edit.setPlaceholderText("a JSON value")
        self.edit.textChanged.connect(lambda _t: self.changed.emit())
        self.row.addWidget(self.edit)

    def value(self) -> Any:
        text = self.edit.text().strip()
        if not text:
            return UNSET
        if self.param.type == "any":
            try:
                return json.loads(text)
            except json.JSONDecodeError:
                return text
        return self._default(text)

    def set_value(self, value: Any) -> None:
        if value is UNSET or value is None:
            self.edit.clear()
        elif self.param.type == "any":
            self.edit.setText(json.dumps(value))
        else:
            self.edit.setText(str(value))


class ComboField(ParamField):
    """choice, side, marker, terrain: one of a list (or the default)."""

    def __init__(self, param: Param, scene: Scene, picker: Picker | None) -> None:
        super().__init__(param, scene, picker)
        self.box = QComboBox()
        default = "(every side)" if param.type == "side" else "(default)"
        if param.default is None:
            self.box.addItem(default, None)
        for value, text in self.options():
            self.box.addItem(text, value)
        self.box.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.row.addWidget(self.box, 1)
        if param.type in ("marker", "terrain"):
            self.add_pick(f"Click a {param.type} on the board")

    def options(self) -> list[tuple[str, str]]:
        p, scene = self.param, self.scene
        if p.type == "choice":
            return [(c, c) for c in p.choices]
        if p.type == "side":
            return [(s.id, s.name) for s in scene.sides]
        coll = getattr(scene, PIECE_KINDS[p.type])
        return [(pid, f"{piece_label(piece)} ({pid})") for pid, piece in coll.items()]

    def value(self) -> Any:
        v = self.box.currentData()
        return UNSET if v is None else self._default(v)

    def set_value(self, value: Any) -> None:
        if value is UNSET or value is None:
            value = self.param.default
        i = self.box.findData(value)
        if i < 0 and value is not None:
            self.box.addItem(f"{value} (not on the board)", value)
            i = self.box.count() - 1
        self.box.setCurrentIndex(max(i, 0))

    def picked(self, x: float, y: float, kind: str | None, piece_id: str | None) -> bool:
        if kind == self.param.type and piece_id is not None:
            self.set_value(piece_id)
            return True
        return False


class ListField(ParamField):
    """sides, markers, units: any number of a list, ticked."""

    def __init__(self, param: Param, scene: Scene, picker: Picker | None) -> None:
        super().__init__(param, scene, picker)
        self.list = QListWidget()
        for value, text in self.options():
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, value)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.list.addItem(item)
        rows = max(self.list.count(), 1)
        self.list.setMaximumHeight(min(96, rows * self.list.sizeHintForRow(0) + 8))
        self.list.itemChanged.connect(lambda _i: self.changed.emit())
        self.row.addWidget(self.list, 1)
        if param.type in ("markers", "units"):
            self.add_pick(f"Click {param.type} on the board to tick or untick them")

    def options(self) -> list[tuple[str, str]]:
        if self.param.type == "sides":
            return [(s.id, s.name) for s in self.scene.sides]
        coll = getattr(self.scene, PIECE_KINDS[self.param.type])
        return [(pid, f"{piece_label(piece)} ({pid})") for pid, piece in coll.items()]

    def items(self) -> list[QListWidgetItem]:
        return [self.list.item(i) for i in range(self.list.count())]

    def value(self) -> Any:
        ticked = [
            i.data(Qt.ItemDataRole.UserRole)
            for i in self.items()
            if i.checkState() == Qt.CheckState.Checked
        ]
        return ticked or UNSET

    def set_value(self, value: Any) -> None:
        wanted = list(value) if isinstance(value, list | tuple) else []
        self.list.blockSignals(True)
        known = {i.data(Qt.ItemDataRole.UserRole) for i in self.items()}
        for v in wanted:
            if v not in known:
                item = QListWidgetItem(f"{v} (not on the board)")
                item.setData(Qt.ItemDataRole.UserRole, v)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                self.list.addItem(item)
        for item in self.items():
            on = item.data(Qt.ItemDataRole.UserRole) in wanted
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        self.list.blockSignals(False)
        self.changed.emit()

    def picked(self, x: float, y: float, kind: str | None, piece_id: str | None) -> bool:
        if kind == {"markers": "marker", "units": "unit"}.get(self.param.type) and piece_id:
            for item in self.items():
                if item.data(Qt.ItemDataRole.UserRole) == piece_id:
                    on = item.checkState() == Qt.CheckState.Checked
                    item.setCheckState(Qt.CheckState.Unchecked if on else Qt.CheckState.Checked)
        return False  # keep picking until Done or Esc


class PointField(ParamField):
    """point [x, y] and segment [[x1, y1], [x2, y2]], inches, picked by clicks."""

    def __init__(self, param: Param, scene: Scene, picker: Picker | None) -> None:
        super().__init__(param, scene, picker)
        self.edit = QLineEdit()
        ends = 2 if param.type == "segment" else 1
        self.edit.setPlaceholderText(
            "x, y; x, y (inches; empty: the default)"
            if ends == 2
            else "x, y (inches; empty: the default)"
        )
        self.edit.textChanged.connect(lambda _t: self.changed.emit())
        self.row.addWidget(self.edit, 1)
        self._clicks: list[tuple[float, float]] = []
        self.add_pick(
            "Click the point on the board" if ends == 1 else "Click both ends on the board"
        )

    def value(self) -> Any:
        text = self.edit.text().strip()
        if not text:
            return UNSET
        try:
            points = [
                [float(v) for v in part.split(",")] for part in text.split(";") if part.strip()
            ]
        except ValueError:
            return text  # the objective's own check names what is wrong
        if self.param.type == "point":
            return points[0] if len(points) == 1 else points
        return points

    def set_value(self, value: Any) -> None:
        if value is UNSET or value is None:
            self.edit.clear()
            return
        points = [value] if self.param.type == "point" else list(value)
        self.edit.setText("; ".join(f"{p[0]:g}, {p[1]:g}" for p in points))

    def picked(self, x: float, y: float, kind: str | None, piece_id: str | None) -> bool:
        point = (round(x, 2), round(y, 2))
        if self.param.type == "point":
            self.set_value(list(point))
            return True
        self._clicks.append(point)
        if len(self._clicks) < 2:
            self.edit.setText(f"{point[0]:g}, {point[1]:g}; …")
            return False
        self.set_value([list(p) for p in self._clicks])
        self._clicks = []
        return True


class HexField(ParamField):
    """hex [col, row] and hexes [[col, row], ...], shown and typed by their names
    ("E5 F5", docs/hex.md) or picked by clicking hexes."""

    def __init__(self, param: Param, scene: Scene, picker: Picker | None) -> None:
        super().__init__(param, scene, picker)
        self.edit = QLineEdit()
        self.edit.setPlaceholderText("E5" + (" F5 …" if param.type == HEXES else ""))
        self.edit.textChanged.connect(lambda _t: self.changed.emit())
        self.row.addWidget(self.edit, 1)
        many = param.type == HEXES
        self.add_pick("Click hexes on the board to add or remove them" if many
                      else "Click the hex on the board")  # fmt: skip

    def value(self) -> Any:
        text = self.edit.text().strip()
        if not text:
            return UNSET
        try:
            hexes = parse_hexes(text)
        except ValueError:
            return text  # the objective's own check names what is wrong
        return hexes[0] if self.param.type == ONE_HEX and len(hexes) == 1 else hexes

    def set_value(self, value: Any) -> None:
        if value is UNSET or value is None:
            self.edit.clear()
            return
        hexes = [value] if self.param.type == ONE_HEX else list(value)
        try:
            self.edit.setText(" ".join(hex_text(h) for h in hexes))
        except (TypeError, ValueError, IndexError):
            self.edit.setText(json.dumps(value))

    def picked(self, x: float, y: float, kind: str | None, piece_id: str | None) -> bool:
        board = self.scene.board
        if not isinstance(board, HexBoard):
            return True
        h = board.point_to_hex(x, y)
        if not board.contains(h):
            return False
        if self.param.type == ONE_HEX:
            self.set_value(list(h))
            return True
        current = self.value()
        hexes = [list(v) for v in current] if isinstance(current, list) else []
        hexes = [v for v in hexes if tuple(v) != h] if list(h) in hexes else [*hexes, list(h)]
        self.set_value(hexes)
        return False


class MappingField(ParamField):
    """mapping {side: piece id} (``Param.of``: marker or terrain): a row per side."""

    def __init__(self, param: Param, scene: Scene, picker: Picker | None) -> None:
        super().__init__(param, scene, picker)
        box = QFormLayout()
        box.setContentsMargins(0, 0, 0, 0)
        self.sides: dict[str, ComboField] = {}
        of = param.of or "marker"
        for side in scene.sides:
            sub = ComboField(Param(f"{param.name}.{side.id}", of), scene, picker)
            sub.changed.connect(self.changed.emit)
            self.sides[side.id] = sub
            box.addRow(f"{side.name}:", sub)
        holder = QWidget()
        holder.setLayout(box)
        self.row.addWidget(holder, 1)

    def value(self) -> Any:
        out = {s: f.value() for s, f in self.sides.items()}
        out = {s: v for s, v in out.items() if v is not UNSET}
        return out or UNSET

    def set_value(self, value: Any) -> None:
        given = value if isinstance(value, dict) else {}
        for side, sub in self.sides.items():
            sub.set_value(given.get(side, UNSET))


FIELDS: dict[str, type[ParamField]] = {
    "int": NumberField, "float": NumberField, "bool": BoolField, "text": TextField,
    "any": TextField, "choice": ComboField, "side": ComboField, "marker": ComboField,
    "terrain": ComboField, "sides": ListField, "markers": ListField, "units": ListField,
    "point": PointField, "segment": PointField, ONE_HEX: HexField, HEXES: HexField,
    "mapping": MappingField,
}  # fmt: skip


class ParamForm(QWidget):
    """Every param of one kind: a field and its help. ``values()``: the params set."""

    changed = Signal()

    def __init__(
        self,
        params: tuple[Param, ...],
        scene: Scene,
        picker: Picker | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("paramForm")
        self.fields: dict[str, ParamField] = {}
        #: Params given that the kind does not declare (kept, written back as given).
        self.extra: dict[str, Any] = {}
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        for p in params:
            field = FIELDS.get(p.type, TextField)(p, scene, picker)
            field.changed.connect(lambda name=p.name: self._edited(name))
            self.fields[p.name] = field
            cell = QWidget()
            lay = QVBoxLayout(cell)
            lay.setContentsMargins(0, 0, 0, 2)
            lay.setSpacing(0)
            lay.addWidget(field)
            if p.help:
                help_ = QLabel(p.help + _default_words(p))
                help_.setWordWrap(True)
                help_.setStyleSheet("color: #505050; font-size: small;")
                lay.addWidget(help_)
            label = QLabel(words(p.name))
            label.setToolTip(p.help)
            form.addRow(label, cell)
        if not params:
            form.addRow(QLabel("This kind reads no params."))
        self.setLayout(form)

    def values(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, field in self.fields.items():
            v = field.value()
            if v is not UNSET:
                out[name] = v
        return {**out, **self.extra}

    def set_values(self, values: dict[str, Any]) -> None:
        """Show ``values``; one a field cannot show (a number where a mapping
        belongs) is kept as given until that field is edited: nothing typed is lost."""
        self.extra = {k: v for k, v in values.items() if k not in self.fields}
        for name, field in self.fields.items():
            field.blockSignals(True)
            given = values.get(name, UNSET)
            field.set_value(given)
            if given is not UNSET and field.value() != given:
                self.extra[name] = given
            field.blockSignals(False)
        self.changed.emit()

    def _edited(self, name: str) -> None:
        self.extra.pop(name, None)
        self.changed.emit()

    def field(self, name: str) -> ParamField:
        return self.fields[name]

    def each(self, fn: Callable[[ParamField], None]) -> None:
        for field in self.fields.values():
            fn(field)


def _default_words(p: Param) -> str:
    if p.default is None or p.default == "" or p.type in ("bool",):
        return ""
    return f" (default {p.default})"

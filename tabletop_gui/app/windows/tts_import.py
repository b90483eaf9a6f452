"""A Tabletop Simulator save read into the open game (File ▸ Import… on a save):
where its pieces stand becomes moves in the log, ONE undo step.

A save this program wrote finds its pieces by their ids and goes straight in. A
save it did not write (a community mod's) is mapped in ``SaveMappingDialog``:
each piece of the game with the save's object it found (by name, or as chosen
before) or none, the user choosing the rest; the choices are remembered (by the
objects' GUIDs) for the next save of the game. Objects that are no piece are
listed, never guessed. The reading, matching and moves are the core's
(``io.tts``); this module only shows them and hands the moves to the document.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import replace
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QListWidget,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tabletop_gui.app.document import Document
from tabletop_gui.io import FileFormatError
from tabletop_gui.io.importers import read_import_file
from tabletop_gui.io.tts import mapping
from tabletop_gui.io.tts.match import BY_ID, BY_NAME, CHOSEN, REMEMBERED, match_save, movable
from tabletop_gui.io.tts.memory import Remembered, for_game, game_key, recall, remember
from tabletop_gui.io.tts.read import MAX_SAVE_BYTES, TtsObject, TtsSave, read_save
from tabletop_gui.io.tts.replay import (
    HELD,
    SaveImport,
    another_game_note,
    missing_where,
    read_into,
)
from tabletop_gui.model.game import Game
from tabletop_gui.model.names import elided, piece_label, side_name
from tabletop_gui.model.pieces import Unit
from tabletop_gui.rules.engine import replay

COLUMNS = ("Piece", "Side", "Object in the save", "Found")
NOT_ON_TABLE = "— not on the table —"
#: The Found column of a unit whose name is on several objects, until one is chosen.
CHOOSE_COLOUR = "#b00020"
HOW_WORDS = {BY_ID: "by its id", BY_NAME: "by its name", REMEMBERED: "chosen before",
             CHOSEN: "chosen"}  # fmt: skip


class SaveMappingDialog(QDialog):
    """Which object of ``save`` is which piece of ``game`` (after its whole log)."""

    def __init__(
        self,
        game: Game,
        save: TtsSave,
        source: str = "",
        remembered: list[Remembered] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.game = game
        self.save = save
        #: Which game the choices are remembered for (``memory.game_key``).
        self.key = game_key(game)
        name = Path(source).name if source else "the save"
        self.setWindowTitle(f"Import {name}: which object is which unit")
        self.resize(860, 620)
        state = replay(game.setup, game.events)
        self.scene = state.scene
        self.pieces = movable(self.scene)
        self.objects = [o for o in save.objects if not o.furniture]
        #: The choices remembered for this game: the import's notes name a piece
        #: left open whose remembered GUID several objects share, as the import
        #: command's do.
        self.recalled = for_game(remembered or [], game)
        auto = match_save(save, self.scene, remembered=self.recalled)
        self.auto = {pid: (obj.key, how) for pid, (obj, how) in auto.found.items()}
        #: Units whose name is on several objects, and pieces several objects claim
        #: by id (an object copied in TTS keeps its piece's id): those objects'
        #: keys (listed first), until one is chosen.
        self.ambiguous = {pid: [o.key for o in objs] for pid, objs in auto.ambiguous.items()}
        self.clashed = {pid: [o.key for o in objs] for pid, objs in auto.clashes.items()}
        #: Pieces whose remembered object's GUID several objects have (not used).
        self.unremembered = {pid: [o.key for o in objs] for pid, objs in auto.unremembered.items()}
        self.ambiguous.update(self.clashed)
        self.ambiguous.update(self.unremembered)
        #: The GUIDs several objects have: their sentence under the table.
        self.shared = dict(auto.shared)
        #: Pieces found on no object of the table: inside a bag, or a name nearly theirs.
        unfound = [p for p in self.pieces if p.id not in auto.found and p.id not in self.ambiguous]
        self.whereabouts = missing_where(unfound, save, auto)

        intro = QLabel(
            "Choose the object of the Tabletop Simulator save that is each piece of the "
            "game. Pieces are found by their names when exactly one object has the name; "
            "objects that are no piece (dice, cards, scenery) are left alone."
        )
        intro.setWordWrap(True)
        self.table = QTableWidget(len(self.pieces), len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        for column in range(len(COLUMNS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.combos: dict[str, QComboBox] = {}
        extent = self.scene.board.extent
        for row, piece in enumerate(self.pieces):
            self.table.setItem(row, 0, QTableWidgetItem(piece_label(piece)))
            side = side_name(self.scene, piece.side) if isinstance(piece, Unit) else "marker"
            self.table.setItem(row, 1, QTableWidgetItem(side))
            combo = QComboBox()
            combo.addItem(NOT_ON_TABLE, "")
            named = self.ambiguous.get(piece.id, [])
            first = [o for o in self.objects if o.key in named]
            for obj in first + [o for o in self.objects if o.key not in named]:
                combo.addItem(_object_text(obj, extent), obj.key)
            if first:  # the objects of its name, then the rest
                combo.insertSeparator(1 + len(first))
            found = self.auto.get(piece.id)
            if found is not None:
                combo.setCurrentIndex(combo.findData(found[0]))
            combo.setAccessibleName(f"Object for {piece_label(piece)}")
            combo.currentIndexChanged.connect(self.refresh)
            self.table.setCellWidget(row, 2, combo)
            self.table.setItem(row, 3, QTableWidgetItem(""))
            self.combos[piece.id] = combo

        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        self.others_label = QLabel("")
        self.others = QListWidget()
        self.others.setMaximumHeight(120)
        self.remember_box = QCheckBox("&Remember these choices for the next save of this game")
        self.remember_box.setChecked(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.import_button = self.buttons.addButton(
            "&Import", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.import_button.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        QShortcut(QKeySequence("Ctrl+Return"), self, self._accept_if_ready)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.table, 3)
        layout.addWidget(self.summary)
        layout.addWidget(self.others_label)
        layout.addWidget(self.others, 1)
        layout.addWidget(self.remember_box)
        layout.addWidget(self.buttons)
        self.refresh()

    def chosen(self) -> dict[str, str]:
        """Object key -> piece id, as the rows stand."""
        out: dict[str, str] = {}
        for pid, combo in self.combos.items():
            key = combo.currentData()
            if key:
                out[key] = pid
        return out

    def twice(self) -> list[str]:
        """The objects chosen for more than one piece, by label."""
        seen: dict[str, int] = {}
        for combo in self.combos.values():
            key = combo.currentData()
            if key:
                seen[key] = seen.get(key, 0) + 1
        labels = {o.key: o.label for o in self.objects}
        return [labels[k] for k, n in seen.items() if n > 1]

    def imported(self, whereabouts: bool = True) -> SaveImport:
        """The moves the rows give (``whereabouts``: ``read_into``'s)."""
        chosen = self.chosen()
        # A row left as the dialog found it counts as found so (by name...), not chosen.
        kept = {key: how for pid, (key, how) in self.auto.items() if chosen.get(key) == pid}
        return read_into(self.game, self.save, chosen=chosen, remembered=self.recalled,
                         only_chosen=True, found_as=kept, whereabouts=whereabouts)  # fmt: skip

    def remembered(self) -> list[Remembered]:
        """The rows to remember: each object with a GUID and the piece chosen for it."""
        objects = {o.key: o for o in self.objects}
        pieces = {p.id: p for p in self.pieces}
        out = []
        for key, pid in self.chosen().items():
            obj = objects[key]
            if obj.guid and not obj.shared_guid:  # a shared GUID cannot be told apart
                name = _piece_name(pieces[pid])
                out.append(Remembered(obj.guid, obj.nickname, pid, name, game=self.key))
        return out

    def refresh(self) -> None:
        """The Found column, the summary of what the import would do, the objects left."""
        for row, piece in enumerate(self.pieces):
            key = self.combos[piece.id].currentData()
            auto = self.auto.get(piece.id)
            named = self.ambiguous.get(piece.id)
            if not key and piece.id in self.clashed:
                how = f"{len(self.clashed[piece.id])} objects claim it (copied in TTS?): choose one"
            elif not key and piece.id in self.unremembered:
                n = len(self.unremembered[piece.id])
                how = f"{n} objects have the GUID chosen before: choose one"
            elif not key and piece.id in self.whereabouts:
                kind, obj, held = self.whereabouts[piece.id]
                short = elided(obj.nickname.strip() or obj.name, 24)  # the list has the rest
                how = f"{held} {short}" if kind == HELD else f"{short} nearly has its name"
            elif not key:
                how = f"{len(named)} objects have its name: choose one" if named else ""
            elif auto is not None and auto[0] == key:
                how = HOW_WORDS[auto[1]]
            else:
                how = HOW_WORDS[CHOSEN]
            item = self.table.item(row, 3)
            if item is not None:
                item.setText(how)
                if named and not key:
                    item.setForeground(QColor(CHOOSE_COLOUR))
                else:  # the palette's own text colour
                    item.setData(Qt.ItemDataRole.ForegroundRole, None)
        twice = self.twice()
        used = set(self.chosen())
        left = [o for o in self.objects if o.key not in used]
        self.others.clear()
        extent = self.scene.board.extent
        open_names = {
            key: piece_label(p)
            for p in self.pieces
            if not self.combos[p.id].currentData()
            for key in self.ambiguous.get(p.id, [])
        }
        off_table = {u.id: piece_label(u) for u in self.scene.units.values() if not u.on_table}
        off_table |= {m.id: piece_label(m) for m in self.scene.markers.values() if not m.on_table}
        for obj in left:
            unit = open_names.get(obj.key)
            hint = f" — may be {unit}: choose above" if unit else ""
            gone = off_table.get(obj.piece_id or "")
            if gone and not hint:  # a piece taken off the table since the save
                hint = f" — {gone}, no longer on the table"
            self.others.addItem(_object_text(obj, extent) + hint)
        skipped = (
            f"; {self.save.skipped} inside bags and decks skipped" if self.save.skipped else ""
        )
        self.others_label.setText(
            f"Objects that are no piece on the table, not moved ({len(left)}{skipped}):"
        )
        if twice:
            self.summary.setText(
                "<span style='color:#b00020'>One object is chosen for two pieces: "
                f"{html.escape(', '.join(twice))}. Choose another for one of them.</span>"
            )
            self.import_button.setEnabled(False)
            return
        # A preview of the summary: the search of where the unfound pieces are
        # (every name left against every object) is made once, for the rows.
        result = self.imported(whereabouts=False)
        moves = len(result.events)
        placed = len(result.matching.found)
        choose = self._choose_text()
        self.summary.setText(
            f"{placed} of {len(self.pieces)} pieces placed from the save; "
            f"{moves} move{'' if moves == 1 else 's'} to add to the game log (one undo step)."
            f"{_refused_text(result)}{choose}{self._shared_text()}"
        )
        self.import_button.setEnabled(True)

    def _choose_text(self) -> str:
        """The pieces left open that several objects could be, each with why, as
        its row says: objects claim it (copied in TTS), have the GUID chosen for
        it before, or have its name."""
        open_ = [p for p in self.pieces
                 if p.id in self.ambiguous and not self.combos[p.id].currentData()]  # fmt: skip
        if not open_:
            return ""
        groups: dict[str, list[str]] = {}
        for p in open_:
            if p.id in self.clashed:
                why = "could be"
            elif p.id in self.unremembered:
                why = "have the GUID chosen before for"
            else:
                why = "have the name of"
            groups.setdefault(why, []).append(piece_label(p))
        said = "; several objects ".join(f"{why} {', '.join(ns)}" for why, ns in groups.items())
        which = "one it is" if len(open_) == 1 else "object is which"
        return f" Several objects {said}: choose which {which}."

    def _shared_text(self) -> str:
        """The GUIDs several objects have: none of those objects is found by it."""
        if not self.shared:
            return ""
        groups = list(self.shared.items())
        said = "; ".join(
            f"{guid}: {', '.join(o.label for o in objs[:4])}"
            + (f" and {len(objs) - 4} more" if len(objs) > 4 else "")
            for guid, objs in groups[:3]
        )
        more = f"; and {len(groups) - 3} more GUIDs" if len(groups) > 3 else ""
        return (
            f" Objects that share a GUID are not found by it, only by their names ({said}{more})."
        )

    def _accept_if_ready(self) -> None:
        if self.import_button.isEnabled():
            self.accept()


#: The moves the rules refuse that the dialog's summary names (then a count).
MAX_REFUSED_SHOWN = 5


def _refused_text(result: SaveImport) -> str:
    """The moves the rules refuse, each with its piece and the rules' reason
    (the reason once when every move is refused for the same one)."""
    refused = result.refused
    if not refused:
        return ""
    n = len(refused)
    reasons = {why for _, why in refused}
    if len(reasons) == 1:
        named = ", ".join(piece for piece, _ in refused[:MAX_REFUSED_SHOWN])
        if n > MAX_REFUSED_SHOWN:
            named += f" and {n - MAX_REFUSED_SHOWN} more"
        why = next(iter(reasons)).rstrip(".")
        return (
            f" {n} move{'' if n == 1 else 's'} the rules refuse, left where "
            f"{'it was' if n == 1 else 'they were'}: {named} ({why})."
        )
    listed = "; ".join(f"{piece} ({why.rstrip('.')})" for piece, why in refused[:MAX_REFUSED_SHOWN])
    more = f"; and {n - MAX_REFUSED_SHOWN} more" if n > MAX_REFUSED_SHOWN else ""
    return f" {n} moves the rules refuse: {listed}{more}."


def _object_text(obj: TtsObject, extent: tuple[float, float]) -> str:
    x, y = mapping.from_tts(extent, obj.transform["posX"], obj.transform["posZ"])
    return f"{obj.label} at ({x:.1f}, {y:.1f}) in"


def _piece_name(piece: object) -> str:
    return piece.name if isinstance(piece, Unit) else getattr(piece, "label", "")


class Opener(Protocol):
    """What the import needs of the window's files part."""

    doc: Document

    def maybe_save(self) -> bool: ...

    def status(self, text: str, ms: int = ...) -> None: ...

    def busy(self, text: str) -> AbstractContextManager[None]: ...


def import_save(
    opener: Opener,
    path: str,
    parent: QWidget | None = None,
    choose: Callable[[SaveMappingDialog], bool] | None = None,
) -> SaveImport | None:
    """Read the save at ``path`` into the open game as ONE undo step. ``choose``
    shows the mapping dialog and says whether the user accepted it (default: the
    dialog, modal). None when refused, cancelled or nothing moved."""
    doc = opener.doc
    name = Path(path).name
    blocked = doc.read_only_reason()
    if blocked:
        QMessageBox.warning(parent, "Cannot import this save", f"{path}\n\n{blocked}")
        return None
    try:
        with opener.busy(f"Reading {name}…"):  # a large save takes a second or more
            save = read_save(read_import_file(path, MAX_SAVE_BYTES), path)
            remembered = recall()
            result = read_into(doc.game, save, remembered=remembered)
    except FileFormatError as exc:
        where = exc.path if exc.path != "(file)" else "the file as a whole"
        QMessageBox.warning(
            parent,
            "Cannot import this save",
            f"{path}\n\nWhere in the file: {where}\nProblem: {exc.problem}\n\n"
            "The open game was left as it was.",
        )
        opener.status(f"Could not import {name}: {exc.problem}", 10000)
        return None
    other = another_game_note(save, doc.game)
    if save.game is not None and not result.matching.count(BY_ID):
        return _open_as_new(opener, save, save.game, path, parent)
    if not save.written_here or result.matching.clashes or _unfound(result, doc):
        dialog = SaveMappingDialog(doc.game, save, path, remembered, parent)
        accepted = (
            choose(dialog) if choose is not None else dialog.exec() == QDialog.DialogCode.Accepted
        )
        if not accepted:
            return None
        result = dialog.imported()
        if dialog.remember_box.isChecked():
            remember(dialog.remembered())
    if other is not None:
        result = replace(result, notes=(other, *result.notes))
    if not result.events:
        opener.status(f"{name}: {result.summary}", 15000)
        # What was left alone and why (the rules' refusals, a unit left open),
        # named as the import command names it, even with nothing moved.
        _show_notes(parent, name, result)
        return result
    refusal = doc.commit(list(result.events), f"Import {name} ({len(result.events)} moves)")
    if refusal:
        QMessageBox.warning(parent, "Cannot import this save", f"{path}\n\n{refusal}")
        return None
    opener.status(f"Imported {name}: {result.summary}", 15000)
    _show_notes(parent, name, result)
    return result


def _open_as_new(
    opener: Opener, save: TtsSave, game: Game, path: str, parent: QWidget | None
) -> SaveImport | None:
    """A save this program wrote of another game than the open one: open its game
    (with the save's moves) as a new, unsaved game, if the user says so."""
    title = elided(game.setup.name) or "another game"
    if save.withheld:
        QMessageBox.warning(
            parent,
            "A save of another game",
            f"{Path(path).name} is a save of {title!r}, not of the open game, and it "
            f"leaves out the values of markers still face down ({save.withheld_names()}) "
            "so that the players cannot read them in TTS.\n\nOpen the game file it was "
            "exported from, then import the save into it.",
        )
        return None
    answer = QMessageBox.question(
        parent,
        "A save of another game",
        f"{Path(path).name} is a save of {title!r}, not of the open game.\n\n"
        "Open it as a new game (the open game is closed first)?",
    )
    if answer != QMessageBox.StandardButton.Yes or not opener.maybe_save():
        return None
    result = read_into(game, save, remembered=recall())
    opener.doc.reset(result.game, None)
    opener.status(f"Opened {Path(path).name}: {result.summary}", 15000)
    _show_notes(parent, Path(path).name, result)
    return result


#: The notes box lists at most this many notes, each cut to MAX_NOTE_CHARS
#: characters, so that it stays within the screen; Show Details… has them whole.
MAX_NOTES_SHOWN = 8
MAX_NOTE_CHARS = 400


def notes_shown(notes: tuple[str, ...]) -> tuple[str, bool]:
    """The notes as the box lists them, and whether any was left out or cut."""
    lines = []
    cut = len(notes) > MAX_NOTES_SHOWN
    for note in notes[:MAX_NOTES_SHOWN]:
        if len(note) > MAX_NOTE_CHARS:
            note = note[: MAX_NOTE_CHARS - 1].rstrip() + "…"
            cut = True
        lines.append(note)
    if len(notes) > MAX_NOTES_SHOWN:
        rest = len(notes) - MAX_NOTES_SHOWN
        lines.append(f"… and {rest} more note{'' if rest == 1 else 's'}")
    if cut:
        lines.append("(Show Details… lists every note whole.)")
    return "\n".join(lines), cut


def _show_notes(parent: QWidget | None, name: str, result: SaveImport) -> None:
    """What the import left alone, in a box that does not hold the window up."""
    if not result.notes:
        return
    box = QMessageBox(
        QMessageBox.Icon.Information, f"Imported {name}", result.summary, parent=parent
    )
    shown, cut = notes_shown(result.notes)
    box.setInformativeText(shown)
    if cut:  # every note whole, in a box that scrolls (Show Details…)
        box.setDetailedText("\n".join(result.notes))
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setObjectName("ttsImportNotes")
    box.open()


def _unfound(result: SaveImport, doc: Document) -> bool:
    """Pieces on the table that the save did not give by their ids."""
    found = result.matching.found
    pieces = movable(doc.committed.scene)
    return any(p.id not in found or found[p.id][1] != BY_ID for p in pieces)


__all__ = ["SaveMappingDialog", "import_save"]

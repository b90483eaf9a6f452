"""How a read of a game file meets a problem. The loader stops at the first
(``Strict``: it raises); ``validate`` notes every one and reads on past it
(``Collecting``), in the same one pass: a field with a problem is set aside so
its default applies (or, when it has none, its item is set aside), and an item
the rules cannot use (a unit of an unknown side) is left out. Both run the same
checks, in ``io.game_file.game_from_json``; only what happens next differs."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from tabletop_gui.io.codec import _fields, decode_dataclass
from tabletop_gui.io.errors import FileFormatError
from tabletop_gui.model.terms import PLAIN_TERMS, Terms

T = TypeVar("T")

#: ``validate`` keeps at most this many problems (the rest are counted).
MAX_KEPT = 100_000
#: Unknown keys of one object named one by one; the rest are counted in one line.
NAMED_KEYS = 5
#: Problems of one item read past before it is set aside whole.
MAX_ITEM_PROBLEMS = 50


class Strict:
    """The loader's way: the first problem is raised."""

    collecting = False

    def problem(self, exc: FileFormatError) -> None:
        raise exc

    def read(self, fn: Callable[[], T], default: T) -> T:
        """``fn()``; a FileFormatError it raises is a problem (then ``default``)."""
        try:
            return fn()
        except FileFormatError as exc:
            self.problem(exc)
            return default

    def item(
        self,
        cls: type,
        data: Any,
        path: str,
        skip: tuple[str, ...] = (),
        terms: Terms = PLAIN_TERMS,
    ) -> Any:
        """``data`` decoded as ``cls`` (``terms``: the fields the game's family adds
        to its pieces); None when it cannot be (only when collecting)."""
        return decode_dataclass(cls, data, path, skip=skip, terms=terms)

    def items(
        self, cls: type, items: list[Any], key: str, terms: Terms = PLAIN_TERMS
    ) -> Iterator[tuple[int, Any]]:
        """(index, decoded item) for each item of the list ``key`` that reads."""
        for i, item in enumerate(items):
            decoded = self.item(cls, item, f"{key}[{i}]", terms=terms)
            if decoded is None:
                pid = item.get("id") if isinstance(item, dict) else None
                self.set_aside(key, i, pid if isinstance(pid, str) else None)
            else:
                yield i, decoded

    def set_aside(self, key: str, index: int, piece_id: str | None = None) -> None:
        """Item ``index`` of list ``key`` is left out (``piece_id``: the piece it was)."""

    def unknown_keys(
        self, keys: list[str], name: Callable[[str], FileFormatError], path: str
    ) -> None:
        """Keys of an object its type does not read: the first is refused."""
        self.problem(name(keys[0]))


class Collecting(Strict):
    """``validate``'s way: every problem is kept, in the order met. ``dropped``
    says which items of each list were left out (so a later path, such as the
    log's refused event, is given in the file's own numbering) and ``gone`` the
    ids of the pieces left out."""

    collecting = True

    def __init__(self) -> None:
        self.found: list[FileFormatError] = []
        #: Problems past MAX_KEPT: counted, not kept (a file of a million bad keys).
        self.more = 0
        self.dropped: dict[str, set[int]] = {}
        self.gone: set[str] = set()
        self._said: set[str] = set()
        self._keys: dict[tuple[type, int, tuple[str, ...]], tuple[Terms, set[str]]] = {}

    def problem(self, exc: FileFormatError) -> None:
        if len(self.found) >= MAX_KEPT:
            self.more += 1
            return
        self.found.append(exc)
        self._said.add(exc.path)

    def unknown_keys(
        self, keys: list[str], name: Callable[[str], FileFormatError], path: str
    ) -> None:
        """Keys of an object its type does not read: the first few named (``name``
        makes the loader's own message for one), the rest counted in one line."""
        for key in keys[:NAMED_KEYS]:
            self.problem(name(key))
        if len(keys) > NAMED_KEYS:
            rest = len(keys) - NAMED_KEYS
            self.problem(FileFormatError(path, f"{rest:,} more unknown fields"))

    def item(
        self,
        cls: type,
        data: Any,
        path: str,
        skip: tuple[str, ...] = (),
        terms: Terms = PLAIN_TERMS,
    ) -> Any:
        """``data`` decoded as ``cls``, each field with a problem set aside in
        turn (its default applies); None when it cannot be read even so (a
        required field set aside says "missing": not said again)."""
        if isinstance(data, dict):  # every unknown key at once: one pass, however many
            known = self._known(cls, terms, skip)
            unknown = [k for k in data if k not in known]
            if unknown:
                self.unknown_keys(
                    unknown, lambda k: _refusal(cls, {k: None}, path, skip, terms), path
                )
                data = {k: v for k, v in data.items() if k in known}
        for _ in range(MAX_ITEM_PROBLEMS):
            try:
                return decode_dataclass(cls, data, path, skip=skip, terms=terms)
            except FileFormatError as exc:
                if exc.path in self._said:
                    return None
                self.problem(exc)
                data = without_field(data, path, exc.path)
                if data is None:
                    return None
        self.problem(FileFormatError(path, f"more than {MAX_ITEM_PROBLEMS} problems: set aside"))
        return None

    def _known(self, cls: type, terms: Terms, skip: tuple[str, ...]) -> set[str]:
        """The keys an object of ``cls`` may have, as the codec reads them: its
        fields, those the game's family adds (``terms``) and ``skip`` (made once
        per kind of item, not per item)."""
        key = (cls, id(terms), skip)
        kept = self._keys.get(key)
        if kept is None or kept[0] is not terms:
            own = terms.fields_of(cls)  # the fields the game's family adds
            kept = self._keys[key] = (terms, {f.name for f in _fields(cls)} | set(own) | set(skip))
        return kept[1]

    def set_aside(self, key: str, index: int, piece_id: str | None = None) -> None:
        self.dropped.setdefault(key, set()).add(index)
        if piece_id is not None and key in ("units", "markers", "terrain", "zones"):
            self.gone.add(piece_id)

    def original(self, key: str, index: int) -> int:
        """The file's index of item ``index`` of list ``key`` read without the
        items left out."""
        left_out = sorted(self.dropped.get(key, ()))
        for i in left_out:
            if i <= index:
                index += 1
        return index


def _refusal(
    cls: type, data: dict[str, Any], path: str, skip: tuple[str, ...], terms: Terms
) -> FileFormatError:
    """The loader's refusal of ``data`` as ``cls`` (its message for an unknown key)."""
    try:
        decode_dataclass(cls, data, path, skip=skip, terms=terms)
    except FileFormatError as exc:
        return exc
    return FileFormatError(path, "unreadable")


def without_field(data: Any, path: str, problem_path: str) -> dict[str, Any] | None:
    """A copy of the object ``data`` (read at ``path``) without the field the
    problem at ``problem_path`` is in, or without that key of its ``params``;
    None when the problem is not in one of its fields."""
    if not isinstance(data, dict):
        return None
    for key, value in data.items():
        field = field_path(path, str(key))
        if problem_path != field and not problem_path.startswith((f"{field}.", f"{field}[")):
            continue
        if key == "params" and isinstance(value, dict) and problem_path != field:
            for name in value:
                inner = field_path(field, str(name))
                if problem_path == inner or problem_path.startswith((f"{inner}.", f"{inner}[")):
                    params = {k: v for k, v in value.items() if k != name}
                    return {**data, "params": params}
        return {k: v for k, v in data.items() if k != key}
    return None


def field_path(path: str, key: str) -> str:
    """The path of ``key`` in the object at ``path``, as a FileFormatError shows it."""
    return FileFormatError(f"{path}.{key}" if path else key, "").path

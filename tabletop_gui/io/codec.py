"""Dataclasses to JSON and back, driven by their type hints.

Decoding names the JSON path of every problem. Fields equal to their default are
left out when encoding, so files stay short and readable. The fields a family
adds to a piece (``Unit.extra``: ``model.fields``) are written beside the
piece's own under their keys, and read back as the game's family declares them
(``terms``).
"""

from __future__ import annotations

import dataclasses
import enum
import json
import math
import sys
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any

from tabletop_gui.io.errors import FileFormatError
from tabletop_gui.model import limits
from tabletop_gui.model.fields import FieldValues
from tabletop_gui.model.terms import PLAIN_TERMS, Terms


class HugeNumber(float):
    """A number of a file too long to be a real value (``1111...`` of 4,301 digits,
    ``1e400``): it reads as the largest float, so the field it is in refuses it
    by its path, and it shows as what it was."""

    shown: str

    def __new__(cls, text: str) -> HugeNumber:
        value = super().__new__(cls, -sys.float_info.max if text.startswith("-") else
                                sys.float_info.max)  # fmt: skip
        digits = sum(ch.isdigit() for ch in text)
        value.shown = text if len(text) <= 24 else f"a number of {digits:,} digits"
        return value

    def __repr__(self) -> str:
        return self.shown

    __str__ = __repr__


def parse_int(text: str) -> int | float:
    """``json.loads`` hook: Python refuses to read an int of over 4,300 digits
    (ValueError); a whole number past MAX_DIGITS is a HugeNumber instead."""
    return int(text) if len(text) <= limits.MAX_DIGITS else HugeNumber(text)


def parse_float(text: str) -> float:
    """``json.loads`` hook: a float that overflows (``1e400``) is a HugeNumber."""
    value = float(text)
    return value if math.isfinite(value) else HugeNumber(text)


def json_value(text: str | bytes) -> Any:
    """``json.loads`` with the hooks above, for every file read as JSON: a number
    of 5,000 digits is a HugeNumber refused where it stands (by the field or
    check that reads it), not Python's own ValueError with no file or place."""
    return json.loads(text, parse_int=parse_int, parse_float=parse_float)


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _fields(cls: type) -> list[dataclasses.Field[Any]]:
    return [f for f in dataclasses.fields(cls) if f.init and f.name not in ("cache", "extra")]


def encode(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {}
        for f in _fields(type(value)):
            v = getattr(value, f.name)
            if f.default is not dataclasses.MISSING and v == f.default:
                continue
            if f.default_factory is not dataclasses.MISSING and v == f.default_factory():
                continue
            out[f.name] = encode(v)
        extra = getattr(value, "extra", None)
        if isinstance(extra, FieldValues):
            out.update((key, encode(v)) for key, v in sorted(extra.items()))
        return out
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        # 20.0 is written 20, as an int 20 is: the same game saves the same bytes
        # whether its numbers were typed as ints (code) or read as floats (a file).
        return int(value)
    if isinstance(value, frozenset | set):
        return sorted(encode(v) for v in value)
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): encode(v) for k, v in value.items()}
    return value


def decode(hint: Any, data: Any, path: str, terms: Terms = PLAIN_TERMS) -> Any:
    """Decode ``data`` as type ``hint``; raise FileFormatError naming ``path``.
    ``terms``: what the game's family adds to its pieces (a piece anywhere inside
    ``data`` reads its fields)."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return _json_value(data, path)
    if origin in (typing.Union, types.UnionType):
        return _decode_union(args, data, path, terms)
    if hint is type(None):
        if data is not None:
            raise FileFormatError(path, f"expected null, got {_show(data)}")
        return None
    if hint is bool:
        if not isinstance(data, bool):
            raise FileFormatError(path, f"expected true or false, got {_show(data)}")
        return data
    if hint is int:
        whole = isinstance(data, int) or (isinstance(data, float) and data.is_integer())
        if isinstance(data, bool) or not whole:
            raise FileFormatError(path, f"expected a whole number, got {_show(data)}")
        return int(_number(data, path))
    if hint is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise FileFormatError(path, f"expected a number, got {_show(data)}")
        return float(_number(data, path))
    if hint is str:
        if not isinstance(data, str):
            raise FileFormatError(path, f"expected text, got {_show(data)}")
        return text(data, path)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(data)
        except (ValueError, TypeError):
            allowed = ", ".join(repr(m.value) for m in hint)
            raise FileFormatError(path, f"{_show(data)} is not one of {allowed}") from None
    if origin in (tuple, list, frozenset, set):
        if not isinstance(data, list):
            raise FileFormatError(path, f"expected a list, got {_show(data)}")
        if origin is tuple and args and args[-1] is not Ellipsis:
            if len(data) != len(args):
                raise FileFormatError(path, f"expected {len(args)} items, got {len(data)}")
            return tuple(
                decode(a, d, f"{path}[{i}]", terms)
                for i, (a, d) in enumerate(zip(args, data, strict=True))
            )
        item = args[0] if args else Any
        items = [decode(item, d, f"{path}[{i}]", terms) for i, d in enumerate(data)]
        if origin is frozenset or origin is set:
            try:
                return frozenset(items)
            except TypeError:
                raise FileFormatError(path, "items must be simple values") from None
        return tuple(items) if origin is tuple else items
    if origin in (dict, Mapping, typing.Mapping) or hint in (dict, Mapping):
        if not isinstance(data, dict):
            raise FileFormatError(path, f"expected an object, got {_show(data)}")
        value_hint = args[1] if len(args) == 2 else Any
        return {
            text(str(k), path): decode(value_hint, v, _join(path, str(k)), terms)
            for k, v in data.items()
        }
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return decode_dataclass(hint, data, path, terms=terms)
    raise FileFormatError(path, f"cannot read a value of type {hint}")


def decode_dataclass(
    cls: type, data: Any, path: str, skip: tuple[str, ...] = (), terms: Terms = PLAIN_TERMS
) -> Any:
    if not isinstance(data, dict):
        raise FileFormatError(path, f"expected an object, got {_show(data)}")
    hints = _hints(cls)
    fields = {f.name: f for f in _fields(cls)}
    own = terms.fields_of(cls)
    for key in data:
        if key not in fields and key not in own and key not in skip:
            known = ", ".join([*fields, *own])
            raise FileFormatError(_join(path, key), f"unknown field (known: {known})")
    kwargs = {}
    for name, f in fields.items():
        if name in data:
            kwargs[name] = decode(hints[name], data[name], _join(path, name), terms)
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise FileFormatError(_join(path, name), "missing")
    extra = FieldValues()
    for key, field in own.items():
        if key in data:
            value = decode(field.hint, data[key], _join(path, key))
            problem = field.problem(value)
            if problem:
                raise FileFormatError(_join(path, key), problem)
            extra = extra.with_value(key, value, field.default)
    if extra:
        kwargs["extra"] = extra
    obj = cls(**kwargs)
    validate = getattr(obj, "validate", None)
    if validate is not None:
        for field_name, problem in validate():
            raise FileFormatError(_join(path, field_name), problem)
    return obj


def _decode_union(args: tuple[Any, ...], data: Any, path: str, terms: Terms) -> Any:
    if data is None and type(None) in args:
        return None
    options = [a for a in args if a is not type(None)]
    classes = [a for a in options if isinstance(a, type) and dataclasses.is_dataclass(a)]
    if len(classes) > 1:
        if not isinstance(data, dict):
            raise FileFormatError(path, f"expected an object, got {_show(data)}")
        kinds = {getattr(c, "kind", None): c for c in classes}
        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in kinds:
            raise FileFormatError(_join(path, "kind"), f"must be one of {sorted(map(str, kinds))}")
        return decode_dataclass(kinds[kind], data, path, skip=("kind",), terms=terms)
    if len(options) == 1:
        return decode(options[0], data, path, terms)
    problems = []
    for option in options:
        try:
            return decode(option, data, path, terms)
        except FileFormatError as exc:
            problems.append(exc.problem)
    raise FileFormatError(path, " or ".join(problems))


def text(data: str, path: str, limit: int = limits.MAX_TEXT) -> str:
    """``data`` if it is text a file can hold and a screen can show (see
    ``limits.text_problem``), else FileFormatError naming ``path``."""
    problem = limits.text_problem(data, limit)
    if problem:
        raise FileFormatError(path, problem)
    return data


def _number(data: int | float, path: str) -> int | float:
    """``data`` if finite and within +-MAX_NUMBER (nothing a board needs is larger)."""
    if isinstance(data, float) and not math.isfinite(data):
        raise FileFormatError(path, f"must be a finite number, got {_show(data)}")
    if abs(data) > limits.MAX_NUMBER:
        raise FileFormatError(
            path, f"{_show(data)} is out of range (numbers are at most {limits.MAX_NUMBER:g})"
        )
    return data


def _json_value(data: Any, path: str, depth: int = 0) -> Any:
    """Free-form JSON (settings, params, changes) checked as the typed fields are."""
    if depth > limits.MAX_DEPTH:
        raise FileFormatError(path, f"nested more than {limits.MAX_DEPTH} levels deep")
    if data is None or isinstance(data, bool):
        return data
    if isinstance(data, int | float):
        return _number(data, path)
    if isinstance(data, str):
        return text(data, path)
    if isinstance(data, list):
        return [_json_value(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(data)]
    if isinstance(data, dict):
        out = {}
        for k, v in data.items():
            key = text(str(k), path)
            out[key] = _json_value(v, _join(path, key), depth + 1)
        return out
    raise FileFormatError(path, f"not a JSON value: {_show(data)}")


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _show(data: Any) -> str:
    if isinstance(data, int) and abs(data) > 10**40:  # repr may refuse (int digit limit)
        return f"a number of about {int(data.bit_length() * math.log10(2)) + 1} digits"
    shown = repr(data)
    return shown if len(shown) <= 40 else shown[:37] + "..."

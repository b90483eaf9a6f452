"""Which objectives a board's family offers, a starting point for their params,
and the checks a new objective passes before the game takes it. No Qt.

The kinds are those the family declares (``Family.objectives``). Params are
checked by the objective itself (``Objective.validate``); whether the game's log
still replays with the new set of objectives is the engine's answer
(``Document.replace_objectives``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from tabletop_gui.model.hexgrid import hex_label, parse_hex_label
from tabletop_gui.model.scene import ObjectiveSpec, Scene, Setup
from tabletop_gui.play.naming import free_name
from tabletop_gui.rules.engine import family_of
from tabletop_gui.rules.play_types import Param
from tabletop_gui.rules.registry import find_family, objective_kind


def family_kinds(family: str) -> list[tuple[str, str]]:
    """(kind, title) of every objective kind ``family`` declares, by title."""
    kinds = [(k, cls.title or k) for k, cls in find_family(family).objective_kinds().items()]
    return sorted(kinds, key=lambda kt: kt[1])


def param_specs(kind: str) -> tuple[Param, ...]:
    """The params ``kind`` reads, with types, defaults and help (none if unknown)."""
    cls = objective_kind(kind)
    return cls.param_specs() if cls is not None else ()


def template(kind: str, setup: Setup, scene: Scene | None = None) -> dict[str, Any]:
    """Params to start from for a new ``kind`` objective on this setup, as its
    family fills them from the board as it is now (``scene``; markers placed
    during the game count)."""
    scene = scene if scene is not None else setup.scene
    return family_of(setup).objective_template(kind, setup, scene)


def to_confirm(spec: ObjectiveSpec) -> str:
    """What the referee has still to confirm about ``spec`` (an importer's
    assumption, ``Objective.to_confirm``); "" when nothing."""
    cls = objective_kind(spec.kind)
    return cls(spec).to_confirm() if cls is not None else ""


def confirm(spec: ObjectiveSpec) -> ObjectiveSpec:
    """``spec`` confirmed by the referee (``Objective.confirmed_spec``)."""
    cls = objective_kind(spec.kind)
    return cls(spec).confirmed_spec() if cls is not None else spec


def new_id(kind: str, taken: set[str]) -> str:
    return free_name(kind.split(".", 1)[-1] or "objective", taken)


def parse_params(text: str) -> dict[str, Any]:
    """The params typed as a JSON object; ValueError with the place of a mistake."""
    text = text.strip() or "{}"
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(
            f"params: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except RecursionError:
        raise ValueError("params: nested too deeply") from None
    except ValueError:  # Python's own: a whole number of more than 4,300 digits
        raise ValueError("params: a number of more than 4,300 digits") from None
    if not isinstance(value, dict):
        raise ValueError(f"params: expected a JSON object {{...}}, got {type(value).__name__}")
    return value


def problems(
    spec: ObjectiveSpec, others: tuple[ObjectiveSpec, ...] = (), scene: Scene | None = None
) -> list[str]:
    """What is wrong with ``spec`` before it is tried on the game: an unknown kind,
    a duplicate or empty id, and the objective's own answers on its params
    (unknown names, shapes and, given the game's pieces, points and ids)."""
    out = []
    if not spec.id.strip():
        out.append("id: must not be empty")
    if any(o.id == spec.id for o in others):
        out.append(f"id: {spec.id!r} is already used by another objective")
    cls = objective_kind(spec.kind)
    if cls is None:
        return [*out, f"kind: unknown objective kind {spec.kind!r}"]
    obj = cls(spec)
    found = obj.validate() if scene is None else obj.param_problems(scene)
    out += [f"params.{param}: {message}" for param, message in found]
    return out


def describe(spec: ObjectiveSpec) -> str:
    """One line for the list: name, kind and params."""
    cls = objective_kind(spec.kind)
    title = spec.name or (cls.title if cls else spec.kind)
    params = json.dumps(dict(spec.params), separators=(", ", ": ")) if spec.params else ""
    return f"{title}  ({spec.kind}{', ' + params if params else ''})"


def hex_text(h: Any) -> str:
    """[4, 4] -> 'E5' (a hex as a form shows it: its name, docs/hex.md)."""
    col, row = h
    return hex_label((int(col), int(row)))


def parse_hexes(text: str) -> list[list[int]]:
    """'E5 F5' (or 'E5, F5', 'E5; F5'; the file's '4,4' too) -> [[4, 4], [5, 4]];
    ValueError naming the entry that names no hex."""
    out = []
    for part in re.split(r"[;\s]+|,(?=\s*[A-Za-z])", text.strip()):
        part = part.strip().strip(",")
        if not part:
            continue
        try:
            col, row = parse_hex_label(part)
        except ValueError as exc:
            raise ValueError(str(exc)) from None
        out.append([col, row])
    return out

"""The Qt layer never names a rule family: no string in tabletop_gui/app/ is a
family's name or one of its objective kinds, settings' record keys or preset
keys (``t9a``, ``hex.permanent``, ``carnevale.activation``...). What a family
means reaches the window only through the family contract (docs/architecture.md,
Rule families); the import contract checks the imports, this test the words."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import tabletop_gui
from tabletop_gui.rules.registry import families, family_names

APP = Path(tabletop_gui.__file__).parent / "app"


def family_words() -> set[str]:
    return set(family_names())


def names_a_family(text: str, families: set[str]) -> bool:
    return text in families or any(text.startswith(f"{f}.") for f in families)


def strings_in_code(path: Path) -> list[tuple[int, str]]:
    """String constants of the module, docstrings left out (prose may name a family)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def test_no_string_in_the_qt_layer_names_a_family_or_its_kinds():
    families = family_words()
    assert {"t9a", "hex", "carnevale"} <= families
    found = [
        f"{path.relative_to(APP.parent)}:{line}: {text!r}"
        for path in sorted(APP.rglob("*.py"))
        for line, text in strings_in_code(path)
        if names_a_family(text, families)
    ]
    assert found == []


def test_the_check_sees_a_family_name_in_code(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Docs may say t9a."""\nif family == "hex":\n    kind = "t9a.breakthrough"\n'
    )
    texts = [t for _line, t in strings_in_code(sample)]
    assert [t for t in texts if names_a_family(t, family_words())] == ["hex", "t9a.breakthrough"]


#: A family's phrase: two or more capitalised words ("Life Points", "Game Turn").
PHRASE = re.compile(r"[A-Z][a-z']+(?: [A-Z][a-z']+)+")


def family_phrases() -> dict[str, set[str]]:
    """Each family's capitalised phrases (its own words: a submenu's title, a
    turn's name), from the strings in the code of the package it lives in."""
    out: dict[str, set[str]] = {}
    for family in families():
        name = family.name
        package = Path(inspect.getfile(family)).parent
        found = {
            text
            for path in package.rglob("*.py")
            for _line, text in strings_in_code(path)
            if PHRASE.fullmatch(text)
        }
        out[name] = found
    return out


def test_no_string_in_the_qt_layer_is_a_familys_phrase():
    """The window once filed actions under a submenu only when their group was
    "Life Points", a Carnevale word: it asks the action now (Action.group)."""
    phrases = family_phrases()
    assert "Life Points" in phrases["carnevale"]
    found = [
        f"{path.relative_to(APP.parent)}:{line}: {text!r} ({family})"
        for path in sorted(APP.rglob("*.py"))
        for line, text in strings_in_code(path)
        for family, words in phrases.items()
        if text in words
    ]
    assert found == []


def family_field_names() -> set[str]:
    """Every key of a field a family adds to its pieces, and every event name
    (with those of earlier versions): words of one family."""
    out: set[str] = set()
    for family in families():
        out |= {f.key for f in family.piece_fields}
        out |= {n for e in family.events for n in (e.type, *e.aliases)}
    return out


def attributes_in_code(path: Path) -> list[tuple[int, str]]:
    """Attribute names the module reads or writes (``unit.fleeing``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [(n.lineno, n.attr) for n in ast.walk(tree) if isinstance(n, ast.Attribute)]


def test_the_qt_layer_names_no_familys_piece_field_or_event():
    words = family_field_names()
    assert {"fleeing", "life_points", "revealed", "claimed_by", "carnevale_reveal"} <= words
    # "leader" is also who leads an objective (ObjectiveResult.leader): a word of every
    # family. The hex game's Leader field is read through its UnitField, never here.
    words.discard("leader")
    found = [
        f"{path.relative_to(APP.parent)}:{line}: {text!r}"
        for path in sorted(APP.rglob("*.py"))
        for line, text in [*strings_in_code(path), *attributes_in_code(path)]
        if text in words
    ]
    assert found == []

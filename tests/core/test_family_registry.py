"""Rule families are found through entry points (group ``tabletop_gui.families``,
rules/registry.py): the three built-in ones are declared in pyproject.toml; a name
nobody installed, a package that fails to load and an entry point naming another
family are refused with the reason."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest

from tabletop_gui.rules import registry
from tabletop_gui.rules.errors import RuleError


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, EntryPoint]]:
    """The installed entry points, to which a test adds its own for its duration."""
    points = dict(registry._entry_points())
    monkeypatch.setattr(registry, "_entry_points", lambda: points)
    registry.find_family.cache_clear()
    yield points
    monkeypatch.undo()
    registry.find_family.cache_clear()


def test_the_three_built_in_families_are_found_by_their_entry_points():
    assert {"t9a", "hex", "carnevale"} <= set(registry.family_names())
    for cls in registry.families():
        assert registry.find_family(cls.name) is cls


def test_an_unknown_family_is_refused_naming_the_nearest_and_the_installed_ones():
    with pytest.raises(RuleError) as err:
        registry.find_family("t9b")
    assert "unknown rule family 't9b'; did you mean 't9a'?" in str(err.value)
    assert "installed: carnevale, hex, t9a" in str(err.value)


def test_an_entry_point_naming_another_familys_class_is_refused(installed):
    installed["ninth"] = EntryPoint(
        "ninth", "tabletop_gui.rules.t9a.family:NinthAge", registry.GROUP
    )
    with pytest.raises(RuleError, match="names a family called 't9a'"):
        registry.find_family("ninth")


def test_a_family_package_that_fails_to_import_is_refused_with_its_error(installed):
    installed["broken"] = EntryPoint("broken", "no_such_module.family:Broken", registry.GROUP)
    with pytest.raises(RuleError) as err:
        registry.find_family("broken")
    assert "could not be loaded: ModuleNotFoundError" in str(err.value)
    assert "no_such_module" in str(err.value)


def test_an_entry_point_to_something_not_a_family_is_refused(installed):
    installed["odd"] = EntryPoint("odd", "tabletop_gui.rules.registry:GROUP", registry.GROUP)
    with pytest.raises(RuleError, match="is not a Family subclass"):
        registry.find_family("odd")

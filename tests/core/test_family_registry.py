"""Rule families are found through entry points (group ``tabletop_gui.families``,
rules/registry.py): the three built-in ones are declared in pyproject.toml; a name
nobody installed, a package that fails to load and an entry point naming another
family are refused with the reason."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tabletop_gui.rules import registry
from tabletop_gui.rules.errors import RuleError
from tabletop_gui.rules.registry import EntryPoint


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


def test_the_entry_points_read_are_those_importlib_metadata_finds():
    # registry reads entry_points.txt itself (importlib.metadata is slow to import);
    # it must find what the standard library finds, in the same order.
    import importlib.metadata

    for group in (registry.GROUP, "console_scripts"):
        ours = [(ep.name, ep.value) for ep in registry.entry_points(group)]
        theirs = [(ep.name, ep.value) for ep in importlib.metadata.entry_points(group=group)]
        assert ours == theirs, group


def test_an_entry_point_loads_the_object_it_names():
    point = EntryPoint("t9a", "tabletop_gui.rules.t9a.family:NinthAge", registry.GROUP)
    assert point.load() is registry.find_family("t9a")


def test_entry_points_in_a_zipped_path_entry_and_a_folder_are_found_first_name_wins(
    tmp_path, monkeypatch
):
    # A frozen bundle's library is a zip on sys.path; a distribution found twice
    # counts once, the first on the path (as importlib.metadata has it).
    import importlib.metadata
    import zipfile

    text = "[tabletop_gui.families]\nzipped = zipped_family.family:Zipped\n"
    with zipfile.ZipFile(tmp_path / "lib.zip", "w") as archive:
        archive.writestr("Zipped_Family-1.0.dist-info/entry_points.txt", text)
        archive.writestr("Zipped_Family-1.0.dist-info/METADATA", "Name: Zipped-Family\n")
    shadowed = tmp_path / "later" / "zipped.family-2.0.dist-info"
    shadowed.mkdir(parents=True)
    (shadowed / "entry_points.txt").write_text(text.replace("Zipped", "Other"))
    (shadowed / "METADATA").write_text("Name: zipped.family\n")
    monkeypatch.syspath_prepend(str(tmp_path / "later"))
    monkeypatch.syspath_prepend(str(tmp_path / "lib.zip"))
    ours = [(ep.name, ep.value) for ep in registry.entry_points(registry.GROUP)]
    theirs = [(ep.name, ep.value) for ep in importlib.metadata.entry_points(group=registry.GROUP)]
    assert ours == theirs
    assert ours[0] == ("zipped", "zipped_family.family:Zipped")


def test_a_family_that_does_not_load_costs_only_itself_new_games_and_kinds_stay(tmp_path):
    """One broken family package emptied File > New (the built-in families'
    boards too): families() raised at the first that failed."""
    from tabletop_gui.play import new_game

    from .broken_family import PROBLEM, broken_family_installed

    with broken_family_installed(tmp_path):
        assert registry.family_names() == ("carnevale", "cracked", "hex", "t9a")
        loaded, problems = registry.loaded_families()
        assert [cls.name for cls in loaded] == ["carnevale", "hex", "t9a"]
        assert problems == [PROBLEM]
        keys = {p.key for p in new_game.presets()}
        assert {"carnevale", "hex"} <= keys and any(k.startswith("t9a/") for k in keys)
        assert new_game.not_offered() == [PROBLEM]
        assert registry.objective_kind("t9a.secure_target") is not None
        with pytest.raises(RuleError, match="could not be loaded"):
            registry.families()  # asked for every family, it still says which failed
    assert registry.family_names() == ("carnevale", "hex", "t9a")
    assert registry.loaded_families()[1] == [] and new_game.not_offered() == []

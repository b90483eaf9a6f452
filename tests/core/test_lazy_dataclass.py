"""``tabletop_gui.lazy_dataclass.dataclass`` behaves as ``dataclasses.dataclass``:
the same fields, construction, comparison, hashes, text, frozenness, pickling,
copies, docstrings and signatures, for each shape of class the package makes
(docs/performance.md, Start)."""

from __future__ import annotations

import abc
import copy
import dataclasses
import inspect
import pickle
import sys
import threading
from dataclasses import FrozenInstanceError, field, fields
from typing import Any, ClassVar

import pytest

from tabletop_gui.lazy_dataclass import dataclass as lazy


def shapes(deco: Any) -> dict[str, type]:
    """The same classes, made by ``deco``."""

    @deco(frozen=True)
    class Point:
        x: float
        y: float = 0.0

    @deco(frozen=True, slots=True)
    class Slotted:
        """A frozen class with slots and a field left out of ``__init__``."""

        name: str
        tags: tuple[str, ...] = ()
        items: tuple[int, ...] = field(default_factory=tuple)
        _cache: int = field(default=0, init=False, repr=False, compare=False)

    @deco
    class Plain:
        count: int = 0
        notes: dict[str, int] = field(default_factory=dict)

    @deco(frozen=True)
    class Base:
        kind: ClassVar[str] = "base"
        id: str

        def describe(self) -> str:
            return f"{self.kind} {self.id}"

    @deco(frozen=True)
    class Derived(Base):
        kind = "derived"
        size: int = 1
        hidden: str = field(default="h", hash=False)

    @deco(frozen=True)
    class Checked:
        value: int
        doubled: int = field(default=0, init=False)

        def __post_init__(self) -> None:
            if self.value < 0:
                raise ValueError("negative")
            object.__setattr__(self, "doubled", 2 * self.value)

    @deco(frozen=True, eq=False)
    class ByIdentity:
        value: int

    @deco(frozen=True)
    class OwnEquality:
        value: int
        other: int = 0

        def __eq__(self, other: object) -> bool:
            return isinstance(other, OwnEquality) and self.value == other.value

        def __hash__(self) -> int:
            return hash(self.value)

    @deco(frozen=True)
    class Empty:
        pass

    @deco(frozen=True)
    class SelfNamed:
        self: int

    return {c.__name__: c for c in (Point, Slotted, Plain, Base, Derived, Checked, ByIdentity,
                                    OwnEquality, Empty, SelfNamed)}  # fmt: skip


STD = shapes(dataclasses.dataclass)
LAZY = shapes(lazy)

#: (class, arguments) of instances made of each shape.
MADE: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = [
    ("Point", (1.5,), {}),
    ("Point", (1.5, -2.0), {}),
    ("Point", (float("nan"),), {}),
    ("Slotted", ("a",), {}),
    ("Slotted", ("a", ("t",), (1, 2)), {}),
    ("Plain", (), {}),
    ("Plain", (3,), {"notes": {"a": 1}}),
    ("Base", ("b",), {}),
    ("Derived", ("d", 4), {"hidden": "x"}),
    ("Checked", (5,), {}),
    ("ByIdentity", (1,), {}),
    ("OwnEquality", (1, 2), {}),
    ("Empty", (), {}),
    ("SelfNamed", (7,), {}),
]


def both(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, Any]:
    return STD[name](*args, **kwargs), LAZY[name](*args, **kwargs)


@pytest.mark.parametrize(("name", "args", "kwargs"), MADE)
def test_the_same_fields_values_text_and_hash(name, args, kwargs):
    std, made = both(name, args, kwargs)

    def described(obj: Any) -> list[tuple[Any, ...]]:
        return [(f.name, f.type, f.init, f.repr, f.compare, f.hash) for f in fields(obj)]

    assert described(made) == described(std)
    assert repr(made) == repr(std)
    assert dataclasses.asdict(made) == dataclasses.asdict(std)
    assert dataclasses.astuple(made) == dataclasses.astuple(std)
    assert type(made).__match_args__ == type(std).__match_args__
    hashable = type(std).__hash__ is not None
    assert (type(made).__hash__ is not None) == hashable
    if hashable and type(std).__dataclass_params__.eq:
        assert hash(made) == hash(std)


@pytest.mark.parametrize(("name", "args", "kwargs"), MADE)
def test_the_same_comparisons(name, args, kwargs):
    std_a, lazy_a = both(name, args, kwargs)
    std_b, lazy_b = both(name, args, kwargs)
    assert (lazy_a == lazy_b) == (std_a == std_b)
    assert (lazy_a != lazy_b) == (std_a != std_b)
    assert (lazy_a == lazy_a) == (std_a == std_a)  # a nan field
    assert lazy_a != std_a  # another class


@pytest.mark.parametrize(("name", "args", "kwargs"), MADE)
def test_frozen_replace_pickle_and_copy(name, args, kwargs):
    std, made = both(name, args, kwargs)
    frozen = type(std).__dataclass_params__.frozen
    assert type(made).__dataclass_params__.frozen == frozen
    first = dataclasses.fields(std)[0].name if dataclasses.fields(std) else None
    if first is not None:
        if frozen:
            with pytest.raises(FrozenInstanceError, match="cannot assign to field"):
                setattr(made, first, 1)
            with pytest.raises(FrozenInstanceError, match="cannot delete field"):
                delattr(made, first)
        changed = dataclasses.replace(made, **{first: getattr(made, first)})
        assert repr(changed) == repr(made)
    if name != "Point" or args[0] == args[0]:  # nan is not equal to itself
        for again in (copy.copy(made), copy.deepcopy(made)):
            assert type(again) is type(made)
            assert repr(again) == repr(made)
            if type(made).__eq__ is not object.__eq__:
                assert again == made


@lazy(frozen=True, slots=True)
class PickledSlots:
    name: str
    sizes: tuple[int, ...] = ()
    _cache: int = field(default=0, init=False, repr=False, compare=False)


@lazy(frozen=True)
class PickledFrozen:
    name: str
    values: dict[str, int] = field(default_factory=dict)


@lazy
class PickledPlain:
    count: int = 0


@pytest.mark.parametrize(
    "made", [PickledSlots("a", (1, 2)), PickledFrozen("b", {"x": 1}), PickledPlain(3)]
)
def test_pickled_and_copied(made):
    for again in (pickle.loads(pickle.dumps(made)), copy.copy(made), copy.deepcopy(made)):
        assert type(again) is type(made)
        assert again == made
        assert repr(again) == repr(made)


def test_the_same_signatures_and_docstrings():
    for name, std in STD.items():
        made = LAZY[name]
        assert str(inspect.signature(made)) == str(inspect.signature(std)), name
        assert made.__doc__ == std.__doc__, name
        assert made.__init__.__qualname__ == std.__init__.__qualname__, name
        assert made.__init__.__annotations__ == std.__init__.__annotations__, name


def test_slots_and_errors_as_the_standard_ones():
    assert LAZY["Slotted"].__slots__ == STD["Slotted"].__slots__
    assert not hasattr(LAZY["Slotted"]("a"), "__dict__")
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'x'"):
        LAZY["Point"]()
    with pytest.raises(ValueError, match="negative"):
        LAZY["Checked"](-1)
    assert LAZY["Checked"](3).doubled == 6
    assert LAZY["Plain"]().notes is not LAZY["Plain"]().notes  # a factory per instance
    plain = LAZY["Plain"]()
    plain.count = 2
    assert plain.count == 2
    assert LAZY["Derived"]("d").describe() == "derived d"
    with pytest.raises(TypeError, match="non-default argument 'y' follows default argument"):

        @lazy(frozen=True)
        class Bad:
            x: int = 0
            y: int


def test_a_class_is_frozen_or_not_as_its_bases():
    with pytest.raises(TypeError, match="cannot inherit non-frozen dataclass from a frozen one"):

        @lazy
        class Thawed(LAZY["Point"]):
            z: int = 0

    with pytest.raises(TypeError, match="cannot inherit frozen dataclass from a non-frozen one"):

        @lazy(frozen=True)
        class Frozen(LAZY["Plain"]):
            z: int = 0


def test_classes_of_both_decorators_derive_from_each_other():
    # A family's events are made by dataclasses.dataclass on the package's Event.
    @dataclasses.dataclass(frozen=True)
    class StdOnLazy(LAZY["Point"]):
        z: float = 2.0

    @lazy(frozen=True)
    class LazyOnStd(STD["Point"]):
        z: float = 2.0

    @lazy(frozen=True)
    class LazyOnStdOnLazy(StdOnLazy):
        w: float = 3.0

    for cls in (StdOnLazy, LazyOnStd, LazyOnStdOnLazy):
        made = cls(1.0)
        assert repr(made).endswith(
            "(x=1.0, y=0.0, z=2.0" + (", w=3.0)" if "w" in repr(made) else ")")
        )
        assert made == cls(1.0)
        assert hash(made) == hash(cls(1.0))
        with pytest.raises(FrozenInstanceError):
            made.x = 2.0
    # The bases' parameters are what they were asked for, after and between.
    assert STD["Point"].__dataclass_params__.frozen
    assert LAZY["Point"].__dataclass_params__.frozen
    assert LAZY["Point"].__dataclass_params__.eq


def test_a_subclass_without_the_decorator_uses_its_bases_methods():
    class Sub(LAZY["Derived"]):
        pass

    made = Sub("s", 2)
    assert made.size == 2
    assert repr(made).endswith(".Sub(id='s', size=2, hidden='h')")
    assert made != LAZY["Derived"]("s", 2)  # another class, as the standard methods say


@pytest.mark.skipif(sys.version_info >= (3, 13), reason="the standard decorator from 3.13")
def test_a_method_is_compiled_when_first_used():
    @lazy(frozen=True)
    class Late:
        value: int

    assert not inspect.isfunction(vars(Late)["__init__"])
    assert not inspect.isfunction(vars(Late)["__hash__"])
    made = Late(1)
    assert inspect.isfunction(vars(Late)["__init__"])
    assert not inspect.isfunction(vars(Late)["__hash__"])
    assert hash(made) == hash((1,))
    assert inspect.isfunction(vars(Late)["__hash__"])


def test_another_thread_sees_a_frozen_base_while_a_subclass_is_made():
    # While the standard decorator finds a subclass's fields, a base's
    # __init_subclass__ runs (a class with slots is made again): from there,
    # this thread and another read the base's parameters and derive from it.
    seen: list[tuple[str, bool]] = []
    errors: list[str] = []

    @lazy(frozen=True)
    class Base:
        a: int = 0

        def __init_subclass__(cls, **kwargs: Any) -> None:
            super().__init_subclass__(**kwargs)
            if cls.__name__ != "Sub":
                return

            def other_thread() -> None:
                seen.append(("other", Base.__dataclass_params__.frozen))
                for deco in (dataclasses.dataclass, lazy):
                    try:
                        deco(frozen=True)(type("Other", (Base,), {}))
                    except TypeError as error:
                        errors.append(str(error))

            seen.append(("same", Base.__dataclass_params__.frozen))
            thread = threading.Thread(target=other_thread)
            thread.start()
            thread.join()

    @lazy(frozen=True, slots=True)
    class Sub(Base):
        b: int = 0

    # (made, then made again with slots, inside the standard decorator)
    assert seen == [("same", True), ("other", True)] * 2
    assert errors == []
    assert Base.__dataclass_params__.frozen
    assert Sub.__dataclass_params__.frozen
    assert repr(Sub(1, 2)).endswith("Sub(a=1, b=2)")


def test_subclasses_made_in_threads_at_once():
    @lazy(frozen=True)
    class Event:
        pass

    errors: list[str] = []
    barrier = threading.Barrier(4)

    def define(deco: Any) -> None:
        barrier.wait()
        for i in range(100):
            namespace = {"__annotations__": {"x": int}, "x": 0}
            try:
                deco(frozen=True, slots=bool(i % 2))(type(f"E{i}", (Event,), namespace))
            except TypeError as error:
                errors.append(str(error))

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        decorators = (lazy, lazy, dataclasses.dataclass, dataclasses.dataclass)
        threads = [threading.Thread(target=define, args=(deco,)) for deco in decorators]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []
    assert Event.__dataclass_params__.frozen


def kw_only_and_init_var_shapes(deco: Any) -> list[type]:
    """Classes of options the package does not use: ``deco`` makes the last
    class of each family, ``dataclasses.dataclass`` its bases."""

    @dataclasses.dataclass(kw_only=True)
    class KwBase:
        a: int = 0

    @deco
    class OnKwBase(KwBase):
        b: int

    @deco
    class KwField:
        a: int
        b: int = field(default=0, kw_only=True)

    @dataclasses.dataclass
    class InitVarBase:
        a: int
        scale: dataclasses.InitVar[int] = 1

        def __post_init__(self, scale: int) -> None:
            self.a *= scale

    @deco
    class OnInitVarBase(InitVarBase):
        b: int = 0

    return [OnKwBase, KwField, OnInitVarBase]


@pytest.mark.parametrize("index", range(3))
def test_kw_only_fields_and_init_vars_as_the_standard_decorator(index):
    std = kw_only_and_init_var_shapes(dataclasses.dataclass)[index]
    made = kw_only_and_init_var_shapes(lazy)[index]
    assert str(inspect.signature(made)) == str(inspect.signature(std))
    assert [(f.name, f.kw_only) for f in fields(made)] == [(f.name, f.kw_only) for f in fields(std)]
    for args, kwargs in [((1,), {}), ((1, 2), {}), ((1, 2, 3), {}), ((1,), {"b": 2})]:
        results = []
        for cls in (std, made):
            try:
                results.append(repr(cls(*args, **kwargs)).rsplit(".", 1)[-1])
            except TypeError as error:
                results.append(str(error))
        assert results[1] == results[0], (args, kwargs)


def test_an_abstract_dunder_method_is_written():
    class Shown(abc.ABC):
        @abc.abstractmethod
        def __repr__(self) -> str: ...

    made = {}
    for name, deco in (("std", dataclasses.dataclass), ("lazy", lazy)):

        @deco(frozen=True)
        class Point(Shown):
            x: int

        made[name] = Point
    assert made["lazy"].__abstractmethods__ == made["std"].__abstractmethods__ == frozenset()
    assert repr(made["lazy"](1)).endswith("Point(x=1)")


@pytest.mark.skipif(sys.version_info < (3, 13), reason="lazy before Python 3.13")
def test_the_standard_decorator_itself_from_python_3_13():
    assert lazy is dataclasses.dataclass


def test_a_default_factory_shows_the_standard_marker():
    made = inspect.signature(LAZY["Plain"]).parameters["notes"].default
    assert made is inspect.signature(STD["Plain"]).parameters["notes"].default


def test_fields_named_as_the_names_in_init():
    # Each Python's dataclasses names the default factory marker and the
    # defaults in __init__ its own way (3.12: __dataclass_dflt_x__).
    made = {}
    for name, deco in (("std", dataclasses.dataclass), ("lazy", lazy)):

        @deco
        class Named:
            _HAS_DEFAULT_FACTORY: int = 0
            _dflt_b: int = 1
            b: int = 2
            x: list[int] = field(default_factory=list)

        made[name] = repr(Named()).rsplit(".", 1)[-1]
    assert made["lazy"] == made["std"]


@pytest.mark.skipif(sys.version_info >= (3, 13), reason="the standard decorator itself there")
def test_a_python_whose_dataclasses_differ_gets_the_standard_decorator(monkeypatch):
    """Should a Python release check the bases elsewhere than in the function
    this module recognises, the check at import finds out and every class goes
    to the standard decorator, rather than a subclass failing to be made."""
    import tabletop_gui.lazy_dataclass as module

    assert module._answers_as_expected()
    monkeypatch.setattr(module, "_PROCESS_CLASS", (lambda: None).__code__)
    assert not module._answers_as_expected()
    monkeypatch.setattr(module, "_PROCESS_CLASS", None)

    @lazy(frozen=True)
    class Base:
        a: int

    @lazy(frozen=True)
    class Sub(Base):
        b: int = 2

    assert type(Sub.__dict__["__dataclass_params__"]) is type(
        dataclasses.dataclass(frozen=True)(type("S", (), {})).__dataclass_params__
    )
    assert Sub(1) == Sub(1, 2) and hash(Sub(1)) == hash(Sub(1, 2))
    with pytest.raises(FrozenInstanceError):
        Sub(1).a = 3  # type: ignore[misc]

"""``dataclass``: the standard library's decorator, the methods it writes
compiled when first used.

Python 3.11's ``dataclasses.dataclass`` compiles each method it writes
(``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, and a frozen class's
``__setattr__`` and ``__delattr__``) with a call of ``exec`` of its own, about
0.7 ms a class: most of what defining the package's classes costs at each
start, though ``tabletop-gui score`` constructs fewer than half of the classes
it loads and compares, hashes or prints almost none (docs/performance.md,
Start). Here the standard decorator finds the fields (``dataclasses.fields``,
``replace``, ``asdict``, ``is_dataclass``, ``__match_args__`` and slots are its
own) and writes none of those methods; then:

- ``__init__``, ``__eq__``, ``__hash__`` and ``__repr__`` are compiled from the
  text ``dataclasses`` writes for them (the same parameters, defaults, default
  factories, stores, ``__post_init__`` call, tuples compared and hashed, so the
  same hashes) when first looked up: constructing, comparing, hashing or
  printing an instance, or ``inspect.signature``. ``__init__`` is given its
  annotations rather than compiling them, and a frozen class's stores call
  ``object.__setattr__`` through one name (half the time to compile). A method
  the class defines is kept, and ``__hash__`` follows the standard rules (set
  to None for a class compared but not frozen);
- a frozen class's ``__setattr__`` and ``__delattr__`` raise
  ``FrozenInstanceError`` as the standard ones do, and one with slots gets the
  standard pickling (its state stored with ``object.__setattr__``);
- a class without a docstring gets the standard one (its name and signature)
  when first read;
- ``__dataclass_params__`` says what was asked (frozen, eq, ...), so a class
  made by ``dataclasses.dataclass`` (a family's event) may derive from one made
  here. To find the fields of a frozen class the standard decorator is asked
  for a class not frozen: its check of the bases reads a class made here as
  not frozen, in that call alone (it is recognised by its code,
  ``dataclasses._process_class``, and the thread making the class). No class
  is changed meanwhile, so threads may define subclasses at the same time.

A class goes to the standard decorator as it is when it asks for an option the
package does not use (``order``, ``unsafe_hash``, ``kw_only``, a ``KW_ONLY``
or ``InitVar`` annotation, a ``field(kw_only=True)``, ``weakref_slot``), when
it derives from a dataclass not made here (a class of ``dataclasses`` or of
another library: its parameters cannot be answered for so, and its fields may
be keyword-only or ``InitVar``), and when it is abstract (``dataclasses``
updates the abstract methods, such as an abstract ``__repr__``, once it has
written the methods). So does every class on Python 3.13 and later, where
``dataclass`` is ``dataclasses.dataclass``: there the standard decorator
compiles a class's methods with one call of ``exec`` (what this module saves is
much less) and writes them otherwise (``__eq__`` compares field by field), so
text copied from 3.11 would differ. Python 3.12 writes the methods as 3.11
does (but for the names in their closures). If ``dataclasses._process_class``
is missing, every class goes to the standard decorator. For the type checker
this is ``dataclasses.dataclass`` itself.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import sys
from _thread import _local, get_ident
from typing import TYPE_CHECKING, Any

__all__ = ["dataclass"]

_MISSING = dataclasses.MISSING
_std_dataclass: Any = dataclasses.dataclass
_object_setattr = object.__setattr__


class _FactoryMarker:
    """The default of a parameter whose field has a default factory (shown
    ``<factory>`` in a signature, as ``dataclasses`` shows it)."""

    def __repr__(self) -> str:
        return "<factory>"


#: dataclasses' own marker where it has one (a signature's default is the same object).
_HAS_DEFAULT_FACTORY: Any = getattr(dataclasses, "_HAS_DEFAULT_FACTORY", None) or _FactoryMarker()
#: The names an ``__init__`` gives the marker and a field's default, as this
#: version's ``dataclasses`` writes them (a field of the same name shadows
#: them on 3.11 as in its ``dataclasses``, not on 3.12).
if sys.version_info >= (3, 12):
    _FACTORY_NAME, _DEFAULT_NAME = "__dataclass_HAS_DEFAULT_FACTORY__", "__dataclass_dflt_{}__"
else:
    _FACTORY_NAME, _DEFAULT_NAME = "_HAS_DEFAULT_FACTORY", "_dflt_{}"


class _MadeOnFirstUse:
    """A method of ``owner`` made by ``make(owner)`` when first looked up
    (constructing an instance looks up ``__init__``), then stored on the class
    in its place."""

    __slots__ = ("make", "name", "owner")

    def __init__(self, owner: type, name: str, make: Any) -> None:
        self.owner, self.name, self.make = owner, name, make

    def __get__(self, obj: object, objtype: type | None = None) -> Any:
        method = self.make(self.owner)
        setattr(self.owner, self.name, method)
        return method if obj is None else method.__get__(obj, objtype)


class _DocOnFirstUse:
    """The docstring ``dataclasses`` gives a class without one (its name and
    signature), worked out when first read."""

    def __get__(self, obj: object, objtype: type | None = None) -> str:
        cls = objtype if objtype is not None else type(obj)
        try:
            text_sig = str(inspect.signature(cls)).replace(" -> None", "")
        except (TypeError, ValueError):
            text_sig = ""
        doc = cls.__name__ + text_sig
        cls.__doc__ = doc
        return doc


#: ``__dataclass_params__`` of a class of these options (init, repr, eq,
#: frozen, match_args, slots), made once by the standard decorator.
_PARAMS: dict[tuple[bool, ...], Any] = {}


def _params(options: tuple[bool, ...]) -> Any:
    try:
        return _PARAMS[options]
    except KeyError:
        init, repr, eq, frozen, match_args, slots = options
        made = _std_dataclass(
            type("Params", (), {"__doc__": "-"}), init=init, repr=repr, eq=eq, frozen=frozen,
            match_args=match_args, slots=slots,
        )  # fmt: skip
        params = _PARAMS[options] = made.__dataclass_params__
        return params


#: The standard decorator's parameters of a class that writes none of its
#: methods (the fields of a class made here are found so).
_NO_METHODS = (False, False, False, False, True, False)


class _Making(_local):
    """The class this thread is making with the standard decorator (no
    methods, not frozen), None outside that call."""

    cls: Any = None


_making = _Making()
#: The standard decorator's function that checks the bases' frozenness.
_PROCESS_CLASS: Any = getattr(getattr(dataclasses, "_process_class", None), "__code__", None)


class _Params:
    """``__dataclass_params__`` of a class made here: the options asked for,
    as the standard decorator records them (made when first read).

    The one reader that sees other parameters is the standard decorator's
    check of the bases while it finds the fields of a subclass made here, in
    the thread making it (that call is asked for a class not frozen, whatever
    its bases, since this module writes the frozen methods itself): there it
    reads a class not frozen. No class is changed for that, so another thread
    defining a subclass at the same time, with either decorator, reads the
    parameters asked for.
    """

    __slots__ = ("options", "params")

    def __init__(self, options: tuple[bool, ...]) -> None:
        self.options = options
        self.params: Any = None

    def __get__(self, obj: object, objtype: type | None = None) -> Any:
        making = _making.cls
        if making is not None:
            caller = sys._getframe(1)
            if caller.f_code is _PROCESS_CLASS and caller.f_locals.get("cls") is making:
                return _params(_NO_METHODS)
        params = self.params
        if params is None:
            params = self.params = _params(self.options)
        return params


def _lazy_params(cls: type) -> _Params | None:
    """The parameters of ``cls`` if it was made here, else None."""
    params = cls.__dict__.get("__dataclass_params__")
    return params if isinstance(params, _Params) else None


def _left_to_dataclasses(cls: type) -> bool:
    """Whether ``cls`` goes to the standard decorator as it is: it derives from
    a dataclass not made here (whose parameters this module cannot answer for
    while it finds the fields), it is abstract (``dataclasses`` updates the
    abstract methods once the methods are written), or it annotates an
    ``InitVar`` or ``KW_ONLY`` or gives a field ``kw_only``. A class made here
    has none of these, so neither has any of its dataclass bases."""
    for base in cls.__mro__[1:]:
        if "__dataclass_fields__" in base.__dict__ and _lazy_params(base) is None:
            return True
    if getattr(cls, "__abstractmethods__", None):
        return True
    for annotation in inspect.get_annotations(cls).values():
        text = annotation if isinstance(annotation, str) else repr(annotation)
        if "InitVar" in text or "KW_ONLY" in text:
            return True
    for value in cls.__dict__.values():
        if isinstance(value, dataclasses.Field) and value.kw_only is True:
            return True
    return False


if TYPE_CHECKING or sys.version_info >= (3, 13):
    # Python 3.13's decorator compiles a class's methods with one call of
    # exec, and writes them otherwise (__eq__ compares field by field): there
    # it is used as it is.
    from dataclasses import dataclass
else:

    def dataclass(
        cls=None, /, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False,
        frozen=False, match_args=True, kw_only=False, slots=False, weakref_slot=False,
    ):  # fmt: skip
        """``dataclasses.dataclass``, its methods made by this module."""

        def wrap(cls):
            if (
                order or unsafe_hash or kw_only or weakref_slot or _PROCESS_CLASS is None
                or _left_to_dataclasses(cls)
            ):  # fmt: skip
                return _std_dataclass(
                    cls, init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash,
                    frozen=frozen, match_args=match_args, kw_only=kw_only, slots=slots,
                    weakref_slot=weakref_slot,
                )  # fmt: skip
            return _process(cls, init, repr, eq, frozen, match_args, slots)

        return wrap if cls is None else wrap(cls)


def _process(
    cls: Any, init: bool, repr: bool, eq: bool, frozen: bool, match_args: bool, slots: bool
) -> Any:
    own = cls.__dict__
    # What dataclasses checks and decides before writing the methods.
    bases = [b for b in cls.__mro__[1:] if "__dataclass_fields__" in b.__dict__]
    frozen_bases = [b for b in bases if _lazy_params(b).options[3]]  # type: ignore[union-attr]
    if bases and frozen_bases and not frozen:
        raise TypeError("cannot inherit non-frozen dataclass from a frozen one")
    if bases and not frozen_bases and frozen:
        raise TypeError("cannot inherit frozen dataclass from a non-frozen one")
    if frozen:
        for name in ("__setattr__", "__delattr__"):
            if name in own:
                raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    class_hash = own.get("__hash__", _MISSING)
    explicit_hash = not (class_hash is _MISSING or (class_hash is None and "__eq__" in own))
    if not own.get("__doc__"):
        cls.__doc__ = "-"  # the standard decorator would work the signature out now
        doc_later = True
    else:
        doc_later = False
    # The fields, by the standard decorator writing no method (its check of
    # frozen bases was made above with the options asked for; there the bases
    # say they are not frozen, to this call alone: see _Params).
    outer, _making.cls = _making.cls, cls
    try:
        cls = _std_dataclass(
            cls, init=False, repr=False, eq=False, frozen=False, match_args=match_args, slots=slots
        )
    finally:
        _making.cls = outer
    cls.__dataclass_params__ = _Params((init, repr, eq, frozen, match_args, slots))
    fields = dataclasses.fields(cls)
    own = cls.__dict__
    if init:
        _check_defaults(fields)
        if "__init__" not in own:
            made = _make_init(frozen, slots, hasattr(cls, "__post_init__"))
            cls.__init__ = _MadeOnFirstUse(cls, "__init__", made)
    if repr and "__repr__" not in own:
        shown = [f.name for f in fields if f.repr]
        cls.__repr__ = _MadeOnFirstUse(cls, "__repr__", _make_repr(shown))
    if eq and "__eq__" not in own:
        compared = [f.name for f in fields if f.compare]
        cls.__eq__ = _MadeOnFirstUse(cls, "__eq__", _make_eq(compared))
    if frozen:
        names = frozenset(f.name for f in fields)
        _set_method(cls, "__setattr__", _frozen_setattr(cls, names))
        _set_method(cls, "__delattr__", _frozen_delattr(cls, names))
        if slots:
            if "__getstate__" not in own:
                cls.__getstate__ = _slots_getstate
            if "__setstate__" not in own:
                cls.__setstate__ = _slots_setstate
    if eq and not explicit_hash:
        if frozen:
            hashed = [f.name for f in fields if (f.compare if f.hash is None else f.hash)]
            cls.__hash__ = _MadeOnFirstUse(cls, "__hash__", _make_hash(hashed))
        else:
            cls.__hash__ = None
    if doc_later:
        cls.__doc__ = _DocOnFirstUse()
    return cls


def _set_method(cls: type, name: str, method: Any) -> None:
    method.__name__ = name
    method.__qualname__ = f"{cls.__qualname__}.{name}"
    setattr(cls, name, method)


def _check_defaults(fields: tuple[dataclasses.Field[Any], ...]) -> None:
    """A parameter without a default after one with a default: refused when the
    class is made, as ``dataclasses`` does."""
    seen_default = False
    for f in fields:
        if f.init:
            if not (f.default is _MISSING and f.default_factory is _MISSING):
                seen_default = True
            elif seen_default:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")


def _make_init(frozen: bool, slots: bool, post_init: bool) -> Any:
    """The maker of a class's ``__init__``, as ``dataclasses`` writes it: its
    parameters, defaults, stores and ``__post_init__`` call, in the module's
    scope."""

    def make(cls: Any) -> Any:
        fields = dataclasses.fields(cls)
        every = cls.__dataclass_fields__
        self_name = "__dataclass_self__" if "self" in every else "self"
        # The annotations are given to the function made (dataclasses writes
        # them in its text: a quarter of the time to compile).
        names: dict[str, Any] = {
            _FACTORY_NAME: _HAS_DEFAULT_FACTORY,
            "__dataclass_setattr__": _object_setattr,
        }
        annotations = {f.name: f.type for f in fields if f.init}
        annotations["return"] = None
        body = []
        args = [self_name]
        for f in fields:
            default_name = _DEFAULT_NAME.format(f.name)
            if f.default_factory is not _MISSING:
                names[default_name] = f.default_factory
                value = (
                    f"{default_name}() if {f.name} is {_FACTORY_NAME} else {f.name}"
                    if f.init
                    else f"{default_name}()"
                )
            elif f.init:
                if f.default is not _MISSING:
                    names[default_name] = f.default
                value = f.name
            elif slots and f.default is not _MISSING:
                names[default_name] = f.default
                value = default_name
            else:
                value = ""
            if value:
                if frozen:
                    # (dataclasses writes __dataclass_builtins_object__.__setattr__:
                    # the same call, compiled in half the time)
                    body.append(f"__dataclass_setattr__({self_name},{f.name!r},{value})")
                else:
                    body.append(f"{self_name}.{f.name}={value}")
            if f.init:
                if f.default is not _MISSING:
                    default = f"={default_name}"
                elif f.default_factory is not _MISSING:
                    default = f"={_FACTORY_NAME}"
                else:
                    default = ""
                args.append(f"{f.name}{default}")
        if post_init:
            body.append(f"{self_name}.__post_init__()")
        method = _compile(cls, "__init__", args, body or ["pass"], names)
        method.__annotations__ = annotations
        return method

    return make


def _compile(cls: Any, name: str, args: list[str], body: list[str], names: dict[str, Any]) -> Any:
    """A method of ``cls`` from its text, compiled as ``dataclasses`` compiles it:
    in the module's scope, ``names`` its closure."""
    module = sys.modules.get(cls.__module__)
    scope = module.__dict__ if module is not None else {}
    lines = "\n".join(f"  {line}" for line in body)
    text = (f"def __create_fn__({', '.join(names)}):\n"
            f" def {name}({','.join(args)}):\n{lines}\n"
            f" return {name}")  # fmt: skip
    made: dict[str, Any] = {}
    # Compiled without this module's ``from __future__ import annotations``
    # (the annotations are the fields' types, as dataclasses gives them).
    code = compile(text, "<string>", "exec", dont_inherit=True)
    exec(code, scope, made)  # the text is made of the fields' names alone
    method = made["__create_fn__"](**names)
    method.__qualname__ = f"{cls.__qualname__}.{name}"
    return method


def _tuple_text(obj: str, names: list[str]) -> str:
    return f"({','.join(f'{obj}.{name}' for name in names)},)" if names else "()"


def _make_eq(names: list[str]) -> Any:
    def make(cls: Any) -> Any:
        body = [
            "if other.__class__ is self.__class__:",
            f" return {_tuple_text('self', names)}=={_tuple_text('other', names)}",
            "return NotImplemented",
        ]
        return _compile(cls, "__eq__", ["self", "other"], body, {})

    return make


def _make_hash(names: list[str]) -> Any:
    def make(cls: Any) -> Any:
        return _compile(
            cls, "__hash__", ["self"], [f"return hash({_tuple_text('self', names)})"], {}
        )

    return make


def _make_repr(names: list[str]) -> Any:
    def make(cls: Any) -> Any:
        shown = ", ".join([f"{name}={{self.{name}!r}}" for name in names])
        body = [f'return self.__class__.__qualname__ + f"({shown})"']
        return _recursive_repr(_compile(cls, "__repr__", ["self"], body, {}))

    return make


def _recursive_repr(user_function: Any) -> Any:
    """``user_function`` saying '...' for an instance inside its own repr."""
    running: set[tuple[int, int]] = set()

    @functools.wraps(user_function)
    def wrapper(self: Any) -> str:
        key = id(self), get_ident()
        if key in running:
            return "..."
        running.add(key)
        try:
            result: str = user_function(self)
        finally:
            running.discard(key)
        return result

    return wrapper


def _frozen_setattr(cls: Any, names: frozenset[str]) -> Any:
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    return __setattr__


def _frozen_delattr(cls: Any, names: frozenset[str]) -> Any:
    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __delattr__


def _slots_getstate(self: Any) -> list[Any]:
    return [getattr(self, f.name) for f in dataclasses.fields(self)]


def _slots_setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(dataclasses.fields(self), state, strict=False):
        _object_setattr(self, f.name, value)


def _answers_as_expected() -> bool:
    """Whether this Python's ``dataclasses`` works with this module: a frozen
    class made here, a frozen subclass of it (which needs the base check of
    ``_Params`` to be recognised), constructed, compared and refusing an
    assignment. Checked once at import: should a Python release change what
    this module relies on, every class goes to the standard decorator (a slower
    start, never a class that fails to be made)."""
    try:
        base: Any = dataclass(frozen=True)(type("Probe", (), {"__annotations__": {"a": "int"}}))
        sub: Any = dataclass(frozen=True)(
            type("ProbeSub", (base,), {"__annotations__": {"b": "int"}})
        )
        made = sub(1, 2)
        if made != sub(1, 2) or [f.name for f in dataclasses.fields(sub)] != ["a", "b"]:
            return False
        try:
            made.a = 3
        except dataclasses.FrozenInstanceError:
            return True
        return False
    except Exception:  # any failure means: leave it to dataclasses
        return False


if _PROCESS_CLASS is not None and not _answers_as_expected():
    _PROCESS_CLASS = None

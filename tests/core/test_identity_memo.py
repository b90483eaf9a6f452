"""The identity memo behind the process-wide caches: a value is found only for the
very objects it was computed from, and past its limit the oldest entry goes."""

from tabletop_gui.model.memo import IdentityMemo


def test_a_value_is_found_for_the_same_objects_and_extra_only():
    memo: IdentityMemo[str] = IdentityMemo(4)
    a, b = [1.0, 2.0], [1.0, 2.0]  # equal, not the same object
    memo.put((a,), "for a", extra=(72, 48))
    assert memo.get((a,), (72, 48)) == "for a"
    assert memo.get((b,), (72, 48)) is None, "an equal object is not the same object"
    assert memo.get((a,), (36, 36)) is None, "another board extent is another entry"


def test_past_its_limit_the_oldest_entry_goes_first():
    memo: IdentityMemo[int] = IdentityMemo(3)
    objs = [object() for _ in range(4)]
    for i, o in enumerate(objs):
        memo.put((o,), i)
    assert len(memo) == 3
    assert memo.get((objs[0],)) is None
    assert [memo.get((o,)) for o in objs[1:]] == [1, 2, 3]


def test_an_entry_keeps_its_objects_alive_so_their_ids_are_not_reused():
    memo: IdentityMemo[int] = IdentityMemo(8)
    memo.put(([1, 2, 3],), 6)
    assert memo.get(([1, 2, 3],)) is None  # a new list, even if CPython reused no id
    ((objects, value),) = memo._entries.values()
    assert objects == ([1, 2, 3],) and value == 6


def test_one_object_asked_with_or_without_a_tuple_is_one_entry():
    memo: IdentityMemo[str] = IdentityMemo(4)
    a, b = object(), object()
    memo.put_one(a, "a", extra="v")
    memo.put((b,), "b")
    assert memo.get((a,), "v") == "a" and memo.get_one(a, "v") == "a"
    assert memo.get_one(b) == "b" and memo.get_one(a) is None
    memo.put((a,), "a again", extra="v")
    assert len(memo) == 2 and memo.get_one(a, "v") == "a again"

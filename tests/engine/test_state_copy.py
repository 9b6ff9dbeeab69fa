"""``State.copy`` is written from the state class's declared fields (one rule: a list or dict
gets its own shallow copy, anything else is shared), for every family and any subclass."""

from __future__ import annotations

import random

import pytest

from riskspec.reference import engine as E
from riskspec.reference.driver import play_until
from riskspec.reference.state import State, get_fields


def _played(variant: str, players: int, steps: int) -> State:
    """The position after ``steps`` steps of seeded random play (or the game's end)."""
    left = iter(range(steps))
    return play_until(E.new_game(variant, players, {}), lambda s: next(left, None) is None, random.Random(5))


@pytest.mark.parametrize("variant, players", [("classic", 4), ("napoleon-basic", 2), ("napoleon-advanced", 3)])
def test_a_copy_equals_its_state_and_shares_nothing_mutable(variant, players):
    s = _played(variant, players, 300)
    c = s.copy()
    assert type(c) is type(s) and E.to_json(c) == E.to_json(s)
    fields = get_fields(type(s))
    assert set(fields) == {n for k in type(s).__mro__ for n in k.__dict__.get("__slots__", ())}
    for name, note in fields.items():
        a, b = getattr(s, name), getattr(c, name)
        assert a == b, name
        if isinstance(a, (list, dict)):
            assert a is not b, f"{name} ({note}) is shared by the copy"
    before = E.to_json(s)
    for name in fields:            # change every list and dict of the copy in place …
        v = getattr(c, name)
        if isinstance(v, list) and v:
            v.reverse() if len(set(map(repr, v))) > 1 else v.append(v[0])
        elif isinstance(v, dict):
            v["_changed"] = 1
    assert E.to_json(s) == before  # … and the original does not move


def test_a_subclass_field_is_copied_by_its_declared_type_and_an_undeclared_one_refused():
    """Refused when the class is defined, not at its first copy."""
    s = _played("classic", 3, 40)

    class Tagged(State):
        __slots__ = ("marks", "label")
        marks: list[int]
        label: str

    t = Tagged.__new__(Tagged)
    for name in get_fields(State):
        setattr(t, name, getattr(s, name))
    t.marks, t.label = [1, 2], "x"
    c = t.copy()
    assert type(c) is Tagged and c.marks == [1, 2] and c.marks is not t.marks and c.label == "x"

    with pytest.raises(TypeError, match="Undeclared.loose has no declared type"):
        class Undeclared(State):
            __slots__ = ("loose",)

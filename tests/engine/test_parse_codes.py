"""One action parser for both families: the same malformed input is refused with the same
error code and the same error kind in Classic and Napoléon, and every code is one of the
documented list (:data:`riskspec.reference.actions.PARSE_CODES`)."""

from __future__ import annotations

from typing import Any

import pytest

from riskspec.errors import ActionError, InvalidActionError
from riskspec.reference import engine as E
from riskspec.reference.actions import KINDS, PARSE_CODES, Grammar, names_of
from riskspec.reference.napoleon.actions import FIELDS as NAP_FIELDS

#: (action, code): malformed in both families.  "T1"/"T2" stand for two territories of the
#: family's map, "C1" for a card of its deck (each family's own IDs are put in).
MALFORMED: list[tuple[Any, str]] = [
    ([], "not-an-object"),
    ("attack", "not-an-object"),
    (None, "not-an-object"),
    ({}, "unknown-type"),
    ({"type": "castle"}, "unknown-type"),
    ({"type": 3}, "unknown-type"),
    ({"type": ["attack"]}, "unknown-type"),
    ({"type": "attack", "from": "T1", "to": "T2"}, "fields"),
    ({"type": "attack", "from": "T1", "to": "T2", "dice": 1, "extra": 0}, "fields"),
    ({"type": "end-turn", "armies": 1}, "fields"),
    ({"type": "roll", "attacker": [6]}, "fields"),
    ({"type": "attack", "from": "nowhere", "to": "T2", "dice": 1}, "unknown-territory"),
    ({"type": "attack", "from": "T1", "to": 5, "dice": 1}, "unknown-territory"),
    ({"type": "attack", "from": ["T1"], "to": "T2", "dice": 1}, "unknown-territory"),
    ({"type": "claim", "territory": None}, "unknown-territory"),
    ({"type": "place", "territory": "T1 "}, "unknown-territory"),
    ({"type": "deal", "territory": {}}, "unknown-territory"),
    ({"type": "attack", "from": "T1", "to": "T2", "dice": 0}, "bad-value"),
    ({"type": "attack", "from": "T1", "to": "T2", "dice": True}, "bad-value"),
    ({"type": "attack", "from": "T1", "to": "T2", "dice": 1.0}, "bad-value"),
    ({"type": "attack", "from": "T1", "to": "T2", "dice": "3"}, "bad-value"),
    ({"type": "defend", "dice": -1}, "bad-value"),
    ({"type": "occupy", "armies": 0}, "bad-value"),
    ({"type": "first-player", "player": 9}, "bad-value"),
    ({"type": "first-player", "player": -1}, "bad-value"),
    ({"type": "first-player", "player": False}, "bad-value"),
    ({"type": "roll", "attacker": [], "defender": [1]}, "bad-value"),
    ({"type": "roll", "attacker": [6], "defender": []}, "bad-value"),
    ({"type": "roll", "attacker": [7], "defender": [1]}, "bad-value"),
    ({"type": "roll", "attacker": [0], "defender": [1]}, "bad-value"),
    ({"type": "roll", "attacker": [True], "defender": [1]}, "bad-value"),
    ({"type": "roll", "attacker": "6", "defender": [1]}, "bad-value"),
    ({"type": "roll", "attacker": [6, 6.0], "defender": [1]}, "bad-value"),
    ({"type": "roll", "attacker": [2, 6], "defender": [1]}, "dice-order"),
    ({"type": "roll", "attacker": [6], "defender": [1, 2]}, "dice-order"),
    ({"type": "draw", "card": "no-such-card"}, "unknown-card"),
    ({"type": "draw", "card": ["C1"]}, "unknown-card"),
    ({"type": "draw", "card": 0}, "unknown-card"),
    ({"type": "mission", "player": 0, "mission": "no-such-mission"}, "unknown-mission"),
    ({"type": "mission", "player": 0, "mission": 1}, "unknown-mission"),
]


def _starts() -> dict[str, Any]:
    return {"classic": E.new_game("classic", 3), "napoleon": E.new_game("napoleon-advanced", 3)}


def _put(value: Any, state: Any) -> Any:
    """``value`` with the placeholders replaced by the family's IDs."""
    tb = state.tables
    table = {"T1": tb.territories[0], "T2": tb.territories[1], "C1": tb.cards[0]}
    if isinstance(value, dict):
        return {k: _put(v, state) for k, v in value.items()}
    if isinstance(value, list):
        return [_put(v, state) for v in value]
    return table.get(value, value) if isinstance(value, str) else value


def _refusal(state: Any, action: Any) -> tuple[str, str]:
    before = E.to_json(state)
    with pytest.raises(ActionError) as info:
        E.apply(state, action)
    assert E.to_json(state) == before
    kind = "invalid-action" if isinstance(info.value, InvalidActionError) else "illegal-action"
    return info.value.code, kind


@pytest.mark.parametrize("action,code", MALFORMED, ids=[str(i) for i in range(len(MALFORMED))])
def test_the_same_malformed_action_gets_the_same_code_and_kind_in_both_families(
        action: Any, code: str) -> None:
    got = {fam: _refusal(s, _put(action, s)) for fam, s in _starts().items()}
    assert got == {"classic": (code, "invalid-action"), "napoleon": (code, "invalid-action")}


def test_the_table_covers_every_code_both_families_can_meet() -> None:
    shared = set(PARSE_CODES) - {"card-order", "zone-order"}   # checked below, by kind
    assert {code for _, code in MALFORMED} == shared


#: one synthetic type with a field of most kinds (and the optional and nullable forms), and
#: a valid value of each; zones (Napoléon's maps only) and missions are tested apart
_KINDS = ("territory", "place", "positive", "count", "seat", "bool", "leader", "card", "cards",
          "dice")
_PROBE = Grammar({"probe": tuple((k, k) for k in _KINDS) + (("maybe", "count?"),
                                                              ("orno", "territory|null"))},
                 {"probe": lambda *a: a})
_VALID = {"territory": "T1", "place": "T1", "positive": 1, "count": 0, "seat": 0, "bool": True,
          "leader": "general", "card": "C1", "cards": ["C1"], "dice": [6], "orno": None}


@pytest.mark.parametrize("field,value,code", [
    ("cards", [], "bad-value"), ("cards", "C1", "bad-value"), ("cards", ["C1", "C1"], "card-order"),
    ("cards", ["no-such-card"], "unknown-card"), ("cards", [["C1"]], "unknown-card"),
    ("count", -1, "bad-value"), ("bool", 1, "bad-value"), ("leader", "king", "bad-value"),
    ("leader", ["general"], "bad-value"), ("place", "nowhere", "unknown-territory"),
    ("orno", "nowhere", "unknown-territory"), ("maybe", None, "bad-value"),
    ("seat", 3, "bad-value"), ("dice", [1, 2], "dice-order"),
])
def test_every_field_kind_gives_the_same_code_on_both_families_tables(
        field: str, value: Any, code: str) -> None:
    got = {}
    for fam, s in _starts().items():
        assert _PROBE.parse(_put({"type": "probe", **_VALID}, s), names_of(s.tables), 3)
        action = _put({"type": "probe", **_VALID, field: value}, s)
        with pytest.raises(InvalidActionError) as info:
            _PROBE.parse(action, names_of(s.tables), 3)
        got[fam] = info.value.code
    assert got == {"classic": code, "napoleon": code}


def test_optional_and_nullable_fields() -> None:
    grammar = Grammar({"probe": (("maybe", "count?"), ("orno", "territory|null"))},
                      {"probe": lambda *a: a})
    for s in _starts().values():
        names = names_of(s.tables)
        assert grammar.parse({"type": "probe", "orno": None}, names, 3) == ("probe", 0, -1)
        assert grammar.parse({"type": "probe", "maybe": 2, "orno": s.tables.territories[1]},
                             names, 3) == ("probe", 2, 1)
        with pytest.raises(InvalidActionError, match="missing orno") as info:
            grammar.parse({"type": "probe"}, names, 3)
        assert info.value.code == "fields"


def test_napoleon_zones_in_map_order() -> None:
    s = E.new_game("napoleon-advanced", 3)
    zones = s.tables.zones
    grammar = Grammar({"probe": (("zones", "zones"),)}, {"probe": lambda *a: a})
    names = names_of(s.tables)
    n = s.tables.n_territories
    assert grammar.parse({"type": "probe", "zones": [zones[0], zones[0]]}, names, 3) == \
        ("probe", (n, n))   # a repeated zone is the rule's to refuse, not the parser's
    for value, code in (([zones[1], zones[0]], "zone-order"), ([], "bad-value"),
                        (zones[0], "bad-value"), (["nowhere"], "unknown-territory"),
                        ([s.tables.territories[0]], "unknown-territory")):
        with pytest.raises(InvalidActionError) as info:
            grammar.parse({"type": "probe", "zones": value}, names, 3)
        assert info.value.code == code, value


def test_every_field_kind_of_both_tables_is_documented() -> None:
    from riskspec.reference.actions import FIELDS
    for table in (FIELDS, NAP_FIELDS):
        for fields in table.values():
            for _, kind in fields:
                assert kind.removesuffix("?").removesuffix("|null") in KINDS
    assert {code for _, code in KINDS.values()} <= set(PARSE_CODES)


@pytest.mark.parametrize("variant", ["classic", "napoleon-advanced"])
def test_the_adapter_kit_checks_shapes_with_the_family_parser(variant: str) -> None:
    from riskspec.adapter import parse_action
    from riskspec.adapter.errors import InvalidAction
    s = E.new_game(variant, 3)
    for action, code in MALFORMED:
        with pytest.raises(InvalidAction) as info:
            parse_action(_put(action, s), variant=variant, players=3)
        assert info.value.code == code, action
    legal = E.legal_actions(s) or [o for o, _ in E.chance_outcomes(s)]
    assert parse_action(dict(legal[0]), variant=variant, players=3) == legal[0]

"""Napoléon's parsed actions are named records (:mod:`riskspec.reference.napoleon.actions`):
one per action type, its fields the JSON fields in order, each read back to the JSON value."""

from __future__ import annotations

import random
from typing import Any

from records_common import check_is_its_record, check_records_follow_fields, listed_actions

from riskspec.reference import engine as E
from riskspec.reference.napoleon.actions import FIELD_NAMES, RECORDS, ActiveEffect
from riskspec.reference.napoleon.legal import FIELDS, parse_action


def test_one_record_per_action_type_with_the_json_fields_in_order() -> None:
    check_records_follow_fields(RECORDS, FIELDS, FIELD_NAMES)


def _json_value(rec: Any, name: str, kind: str, s: Any) -> Any:
    """A record field as the JSON action writes it (an absent optional field: None)."""
    tb = s.tables
    v = getattr(rec, FIELD_NAMES.get(name, name))
    base = kind.rstrip("?")
    if base in ("territory", "place"):
        return None if v == -1 else tb.places[v]
    if base == "zones":
        return None if v is None else [tb.places[z] for z in v]
    if base == "card":
        return tb.cards[v]
    if base == "cards":
        return [tb.cards[c] for c in v]
    if base == "dice":
        return list(v)
    return v


def test_every_legal_action_parses_to_its_record() -> None:
    rng = random.Random(7)
    seen: set[str] = set()
    for variant, players in (("napoleon-advanced", 3), ("napoleon-basic", 2)):
        for s, action in listed_actions(E.new_game(variant, players), rng, 1500, 20):
            rec = parse_action(action, s)
            check_is_its_record(rec, RECORDS, action)
            for name, kind in FIELDS[action["type"]]:
                defaults = {"count?": 0, "bool?": False}
                want = action.get(name, defaults.get(kind))
                assert _json_value(rec, name, kind, s) == want, (action, name)
            seen.add(action["type"])
    assert {"attack", "roll", "maneuver", "trade", "end-turn", "deal"} <= seen


def test_active_effects_are_records() -> None:
    e = ActiveEffect("attack-die-bonus", 0, 3, 1, -1, -1)
    assert (e.kind, e.player, e.card, e.amount, e.src, e.dst) == tuple(e)

"""Classic's parsed actions are named records (:data:`riskspec.reference.actions.RECORDS`):
one per action type, its fields the JSON fields in order, each read back to the JSON value."""

from __future__ import annotations

import random

from records_common import check_is_its_record, check_records_follow_fields, listed_actions

from riskspec.reference import engine as E
from riskspec.reference.actions import FIELD_NAMES, FIELDS, RECORDS, parse_action


def test_one_record_per_action_type_with_the_json_fields_in_order() -> None:
    check_records_follow_fields(RECORDS, FIELDS, FIELD_NAMES)


def test_every_listed_action_parses_to_its_record() -> None:
    seen: set[str] = set()
    for s, action in listed_actions(E.new_game("classic", 3, {}), random.Random(3), 2500, 10):
        rec = parse_action(dict(action), s.tables, s.n_players)
        check_is_its_record(rec, RECORDS, action)
        tb = s.tables
        for name, kind in FIELDS[action["type"]]:
            v = getattr(rec, FIELD_NAMES.get(name, name))
            shown = {"territory": lambda x: tb.territories[x],
                     "territory|null": lambda x: None if x < 0 else tb.territories[x],
                     "card": lambda x: tb.cards[x],
                     "cards": lambda x: [tb.cards[c] for c in x],
                     "mission": lambda x: tb.mission_deck[x],
                     "dice": list}.get(kind, lambda x: x)(v)
            assert shown == action[name], (action, name)
        seen.add(action["type"])
    assert {"attack", "roll", "occupy", "fortify", "end-turn", "place"} <= seen

"""Classic's parsed actions are named records (:data:`riskspec.reference.actions.RECORDS`):
one per action type, its fields the JSON fields in order, each read back to the JSON value."""

from __future__ import annotations

import random

from riskspec.reference import engine as E
from riskspec.reference.actions import FIELD_NAMES, FIELDS, RECORDS, parse_action


def test_one_record_per_action_type_with_the_json_fields_in_order() -> None:
    assert set(RECORDS) == set(FIELDS)
    for kind, fields in FIELDS.items():
        want = ("type",) + tuple(FIELD_NAMES.get(name, name) for name, _ in fields)
        assert RECORDS[kind]._fields == want, kind  # type: ignore[attr-defined]


def test_every_listed_action_parses_to_its_record() -> None:
    rng = random.Random(3)
    s = E.new_game("classic", 3, {})
    seen: set[str] = set()
    for _ in range(2500):
        if E.is_terminal(s):
            break
        options = ([a for a, _ in E.chance_outcomes(s)] if E.current_player(s) == E.CHANCE
                   else E.legal_actions(s))
        for action in options[:10]:
            rec = parse_action(dict(action), s.tables, s.n_players)
            assert isinstance(rec, RECORDS[action["type"]]) and rec.type == action["type"]
            assert rec == tuple(rec)
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
        s, _ = E.apply(s, rng.choice(options))
    assert {"attack", "roll", "occupy", "fortify", "end-turn", "place"} <= seen

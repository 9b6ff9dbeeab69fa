"""Napoléon basic rules, one test per rule ID, on positions built through the API."""

from __future__ import annotations

import random

import pytest

from riskspec.errors import IllegalActionError
from riskspec.reference import engine as E
from riskspec.reference.napoleon.game import card_set_value

from . import invariants as I


def _first_turn(seed: int = 2):
    s = E.new_game("napoleon-basic", 2)
    start = s
    for _, _, s, _ in I.random_steps(start, random.Random(seed), "by-type",
                                     until=lambda x: x.turn > 0):
        pass
    return s


def _with_hand(s, cards):
    s = s.copy()
    seat = s.current
    idx = tuple(sorted(s.tables.card_index[c] for c in cards))
    s.draw_pile = tuple(c for c in s.draw_pile if c not in idx)
    s.hands[seat] = idx
    return s


def _cards_of(s, symbol, held_by=None, n=3):
    tb = s.tables
    out = [tb.cards[c] for c in range(len(tb.cards)) if tb.card_symbol[c] == symbol
           and (tb.card_effect[c] or {}).get("in_set_bonus") is None
           and (held_by is None or tb.card_territory[c] >= 0
                and (s.owner[tb.card_territory[c]] == held_by) == bool(held_by + 1))]
    return out[:n]


def test_napoleon_cards_set_values_fixed_and_trade_territory_bonus() -> None:
    s = _first_turn()
    seat, tb = s.current, s.tables
    mine = [tb.cards[c] for c in range(len(tb.cards)) if tb.card_symbol[c] == "infantry"
            and tb.card_territory[c] >= 0 and s.owner[tb.card_territory[c]] == seat
            and not (tb.card_effect[c] or {}).get("in_set_bonus")]
    others = [tb.cards[c] for c in range(len(tb.cards)) if tb.card_symbol[c] == "infantry"
              and tb.card_territory[c] >= 0 and s.owner[tb.card_territory[c]] != seat
              and not (tb.card_effect[c] or {}).get("in_set_bonus")]
    hand = sorted(mine[:1] + others[:2], key=tb.card_index.get)
    s = _with_hand(s, hand)
    before = s.pending["to_place"]
    t = tb.card_territory[tb.card_index[mine[0]]]
    armies = s.armies[t]
    s2, ev = E.apply(s, {"type": "trade", "cards": hand})
    value = tb.params.cards_set_values_fixed["infantry"]
    assert card_set_value(tb, [tb.card_index[c] for c in hand]) == value
    assert s2.pending.get("to_place", 0) == before + value or s2.phase == "attack"
    assert s2.armies[t] == armies + tb.params.cards_territory_bonus
    assert s2.sets_traded == s.sets_traded + 1, "fixed values: the track does not escalate"


def test_napoleon_cards_jokers_limit() -> None:
    s = _first_turn()
    tb = s.tables
    jokers = [tb.cards[c] for c in range(len(tb.cards)) if tb.card_symbol[c] == "wild"]
    one = [tb.cards[c] for c in range(len(tb.cards)) if tb.card_symbol[c] == "infantry"][:1]
    hand = sorted(one + jokers, key=tb.card_index.get)
    s = _with_hand(s, hand)
    if len(jokers) > tb.params.cards_max_wilds_per_set:
        pytest.skip("jokers fit in a set on this deck")
    s2, _ = E.apply(s, {"type": "trade", "cards": hand})
    assert s2.sets_traded == 1


def test_napoleon_cards_forced_trade() -> None:
    s = _first_turn()
    tb = s.tables
    at = tb.params.cards_forced_trade_at
    hand = sorted([tb.cards[c] for c in range(len(tb.cards)) if tb.card_symbol[c] != "wild"
                   and not (tb.card_effect[c] or {}).get("in_set_bonus")][:at],
                  key=tb.card_index.get)
    s = _with_hand(s, hand)
    s.pending["must_trade"] = True
    assert {a["type"] for a in E.legal_actions(s)} == {"trade"}
    own = next(t for t in range(tb.n_territories) if s.owner[t] == s.current)
    with pytest.raises(IllegalActionError) as exc:
        E.apply(s, {"type": "place", "territory": tb.places[own]})
    assert exc.value.rule == "napoleon.cards.forced-trade"


def test_a_sole_winner_has_no_co_winners():
    """napoleon.scoring.tie-break: ``co_winners`` is written only for a shared victory (the
    vectors can require a field's value, not its absence)."""
    from riskspec.conformance.vectors import load_cases
    from riskspec.reference.napoleon.inline import variant_on_map
    case = next(c for c in load_cases() if c.id == "napoleon.scoring.winner.301")
    v = variant_on_map(E.get_variant(case.variant), case.map, case.missions)
    s, _ = E.apply(E.from_dict(case.state, variant=v), {"type": "end-turn"})
    d = E.to_dict(s)
    assert (d["winner"], d["phase"]) == (0, "game-over")
    assert "co_winners" not in d


def test_no_empire_scores_no_victory_points_event():
    """napoleon.scoring.empire-vp: a turn start without a whole empire adds no
    'victory-points' event (the vectors match events as a subsequence, so they cannot say so)."""
    from riskspec.conformance.vectors import load_cases
    from riskspec.reference.napoleon.inline import variant_on_map
    case = next(c for c in load_cases() if c.id == "napoleon.combat.general-bonus.301")
    v = variant_on_map(E.get_variant(case.variant), case.map, case.missions)
    s, events = E.apply(E.from_dict(case.state, variant=v), {"type": "end-turn"})
    assert E.to_dict(s)["current"] == 0
    assert not [e for e in events if e["type"] == "victory-points"], events

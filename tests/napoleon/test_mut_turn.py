"""Checks the vectors cannot make (triaged in conformance/mutation-triage.yaml as 'outside'):
events matched exactly, and states refused on loading."""

from __future__ import annotations

import copy

import pytest

from riskspec.conformance.vectors import load_cases
from riskspec.reference import engine as E
from riskspec.reference.napoleon.inline import variant_on_map


def _case(cid: str):
    case = next(c for c in load_cases() if c.id == cid)
    return case, variant_on_map(E.get_variant(case.variant), case.map, case.missions)


def test_a_placed_relocation_loses_no_epidemic():
    """napoleon.epidemics.relocate: a drawn card that places the epidemic ends the
    relocation with no 'epidemic-lost' event (the vectors match events as a subsequence,
    so they cannot say an event is absent)."""
    case, v = _case("napoleon.epidemics.relocate.001")
    s, _ = E.apply(E.from_dict(case.state, variant=v), {"type": "end-turn"})
    assert E.to_dict(s)["phase"] == "epidemics"
    s, events = E.apply(s, {"type": "draw", "card": "card-naples"})
    assert [e["type"] for e in events if e["type"].startswith("epidemic")] == \
        ["epidemic-card-drawn", "epidemic"], events


@pytest.mark.parametrize("deck", [["l1-two-zones", "l1-twelve-territories"],
                                  ["l1-twelve-territories", "l2-united-kingdom"]])
def test_a_mission_deck_out_of_deck_order_or_of_another_level_is_refused(deck):
    """mission_decks.<level> lists cards of that level's deck, in deck order: either fault
    alone makes the state unloadable."""
    case, v = _case("napoleon.missions.check.001")
    d = copy.deepcopy(case.state)
    d["mission_decks"]["1"] = deck
    with pytest.raises(E.InvalidStateError, match="deck order"):
        E.from_dict(d, variant=v)


def test_a_game_seat_0_wins_is_over():
    """napoleon.basic.end: when seat 0 wins, nobody is to act (current_player is TERMINAL);
    the vectors see only the empty legal list, which a game-over phase gives anyway."""
    case, v = _case("napoleon.basic.end.601")
    s = E.from_dict(case.state, variant=v)
    for step in case.steps:
        s, _ = E.apply(s, step["action"])
    assert E.to_dict(s)["winner"] == 0
    assert E.current_player(s) == E.TERMINAL and E.legal_actions(s) == []

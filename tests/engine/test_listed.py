"""Listed actions (reference/listed.py): shared, read-only, and parsed exactly as parse_action would."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

from riskspec.errors import IllegalActionError
from riskspec.reference import engine as E
from riskspec.reference.actions import parse_action
from riskspec.reference.driver import choose_action, sample_outcome
from riskspec.reference.listed import Listed, is_listed


def _positions(seed: int, steps: int, options: dict[str, str] | None = None):
    rng = random.Random(seed)
    s = E.new_game("classic", 4, options)
    for _ in range(steps):
        if s.winner >= 0:
            break
        yield s
        a = sample_outcome(s, rng) if E.current_player(s) == E.CHANCE else \
            choose_action(E.legal_actions(s), rng, "aggressive", s)
        s, _ = E.apply(s, a)


@pytest.mark.parametrize("options", [None, {"distribution": "deal"}])
def test_listed_parse_is_parse_action(options):
    seen = set()
    for s in _positions(3, 1500, options):
        listed = E.legal_actions(s)
        table = E.get_chance_table(s)
        if table is not None:
            listed = [table.outcome(i) for i in range(min(len(table), 50))]
        for a in listed:
            if a["type"] in ("first-player", "mission"):   # seat fields: built per call
                continue
            assert isinstance(a, Listed) and is_listed(a, s.tables)
            plain = json.loads(json.dumps(a))
            assert plain == a and type(plain) is dict
            assert a.parsed == parse_action(plain, s.tables, s.n_players)
            seen.add(a["type"])
    assert {"place", "attack", "end-attack", "defend", "roll", "occupy", "fortify",
            "end-turn", "draw", "trade"} <= seen


def test_listed_actions_are_read_only_and_copy_to_plain_dicts():
    s = next(p for p in _positions(1, 400) if p.phase == "attack" and len(E.legal_actions(p)) > 1)
    a = E.legal_actions(s)[0]
    with pytest.raises(TypeError, match="read-only"):
        a["dice"] = 9
    with pytest.raises(TypeError, match="read-only"):
        a.update(dice=9)
    with pytest.raises(TypeError, match="read-only"):
        del a["to"]
    for c in (dict(a), copy.copy(a), copy.deepcopy(a), pickle.loads(pickle.dumps(a))):
        assert type(c) is dict and c == a
    assert E.legal_actions(s)[0] is a            # shared between calls, unchanged
    # a changed copy is parsed and checked like any action from outside
    bad = dict(a, dice=a["dice"] + 3)
    with pytest.raises(IllegalActionError):
        E.apply(s, bad)
    assert E.apply(s, dict(a))[0] == E.apply(s, a)[0]


def test_listed_roll_lists_are_read_only():
    s = next(p for p in _positions(2, 600) if p.phase == "battle")
    roll = E.get_chance_table(s).outcome(0)
    with pytest.raises(TypeError, match="read-only"):
        roll["attacker"].append(6)
    with pytest.raises(TypeError, match="read-only"):
        roll["attacker"][0] = 1
    assert type(copy.deepcopy(roll)["attacker"]) is list


def test_an_action_listed_for_other_rules_is_parsed_again():
    # the same action object, listed under the 'deal' option's tables, applied to a game of
    # the default tables: not trusted (other tables), so parsed and checked from scratch
    claim = E.new_game("classic", 3)
    deal = E.new_game("classic", 3, {"distribution": "deal"})
    assert claim.tables is not deal.tables
    rng = random.Random(0)
    while deal.phase != "setup-place":
        deal, _ = E.apply(deal, sample_outcome(deal, rng))
    a = E.legal_actions(deal)[0]
    assert is_listed(a, deal.tables) and not is_listed(a, claim.tables)
    with pytest.raises(IllegalActionError):      # a placement during the first-player roll
        E.apply(claim, a)


@pytest.mark.parametrize("options", [None, {"classic.amb.fortify-path": "connected"}])
def test_the_fortify_view_is_the_listing_made_on_demand(options):
    """engine.legal_view (what random play reads) gives the fortify phase's listing item by
    item, in order, negative indices and slices too, and every other phase's list itself;
    at the ends it raises IndexError as a list does."""
    from riskspec.reference.views import FortifyView
    checked = 0
    for seed in (1, 2):
        for s in _positions(seed, 2500, options):
            view, listed = E.legal_view(s), E.legal_actions(s)
            if s.phase != "fortify" or s.winner >= 0:
                assert view == listed
                continue
            assert isinstance(view, FortifyView)
            assert len(view) == len(listed) and list(view) == listed
            assert view[-1] == listed[-1] and view[1:-1:3] == listed[1:-1:3]
            for bad in (len(listed), -len(listed) - 1):
                with pytest.raises(IndexError):
                    view[bad]
            checked += 1
    assert checked >= 20


def test_random_play_picks_the_same_actions_from_the_view_as_from_the_list():
    """The driver's by-type and uniform choices from engine.legal_view are those it makes
    from the full list: the same game, step by step, with the same seed."""
    for policy in ("by-type", "uniform"):
        rng_a, rng_b = random.Random(9), random.Random(9)
        s = E.new_game("classic", 2)
        fortified = 0
        for _ in range(3000):
            if s.winner >= 0:
                break
            if E.current_player(s) == E.CHANCE:
                a = sample_outcome(s, rng_a)
                assert sample_outcome(s, rng_b) == a
            else:
                a = choose_action(E.legal_view(s), rng_a, policy)
                assert choose_action(E.legal_actions(s), rng_b, policy) == a
                fortified += a["type"] == "fortify"
            s, _ = E.apply(s, a)
        assert fortified >= 5, policy

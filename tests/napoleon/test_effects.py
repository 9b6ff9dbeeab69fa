"""Napoléon territory-card effects and epidemics (reference/napoleon/effects.py)."""

from __future__ import annotations

import collections
import random
from fractions import Fraction

import pytest

from riskspec.conformance.protocol import schema_errors
from riskspec.errors import IllegalActionError, OptionError
from riskspec.reference import engine as E
from riskspec.reference.napoleon.effects import KINDS
from riskspec.reference.napoleon.inline import card_effect, small_map, variant_on_map

from . import invariants as I


def _play(variant, n, seed, policy, seen):
    """One random game; checks the invariants at every node; collects played effects,
    phases and events."""
    s = E.new_game(variant, n)
    for _, a, after, ev in I.random_steps(s, random.Random(seed), policy, checked=True,
                                          limit=30000):
        seen["phases"][after.phase] += 1
        for e in ev:
            seen["events"].append(e)
            if e["type"] == "card-played":
                seen["effects"][e["effect"]] += 1
        seen["actions"].append(a)
        if after.effects or after.phase in ("reroll", "reroll-dice", "epidemic-move"):
            I.check_round_trip(after)
        s = after
    return s


@pytest.fixture(scope="module")
def played():
    seen = {"effects": collections.Counter(), "phases": collections.Counter(), "events": [],
            "actions": []}
    for seed in range(4):
        _play("napoleon-advanced", 4, seed, "aggressive" if seed % 2 else "uniform", seen)
        _play("napoleon-basic", 2, seed, "aggressive" if seed % 2 else "uniform", seen)
    return seen


def test_random_play_with_effects_terminates_and_plays_most_kinds(played):
    kinds = played["effects"]
    assert len(kinds) >= 8, kinds  # many effect kinds come up in random play
    assert {"reroll", "reroll-dice"} <= set(played["phases"])


def test_played_actions_and_effect_events_match_their_schemas(played):
    for a in played["actions"]:
        if a["type"] in ("play-card", "keep-roll", "reroll"):
            assert not schema_errors("action.schema.json", a), a
    mine = {"card-played", "fortification-built", "epidemic-moved", "epidemic-card-loss",
            "rerolled", "ship-built"}
    checked = 0
    for e in played["events"]:
        if e["type"] in mine:
            assert not schema_errors("event.schema.json", e), e
            checked += 1
    assert checked


def test_every_kind_of_the_shipped_deck_is_played_by_the_engine():
    v = E.get_variant("napoleon-basic")
    kinds = {c.effect["kind"] for c in v.board.cards if c.effect}
    assert kinds <= set(KINDS) and len(kinds) == len(KINDS)


def _line(effects):
    return small_map({"a1": "w", "a2": "w", "b1": "e"}, {"z1": ""},
                     [("a1", "a2", "land"), ("a2", "b1", "land"), ("a1", "z1", "coast")],
                     cards=[(f"c-{t}", t, "infantry", effects.get(t))
                            for t in ("a1", "a2", "b1")])


def test_an_unknown_effect_kind_is_an_option_error():
    bad = _line({"a1": {**card_effect("reroll"), "kind": "summon-dragon"}})
    v = variant_on_map(E.get_variant("napoleon-basic"), bad)
    with pytest.raises(OptionError, match="summon-dragon"):
        E.new_game(v, 2)


def test_keeps_owner_reading_is_played():
    # the emptied territory stays its owner's until invaded (napoleon.combat.empty-territory)
    s = E.new_game("napoleon-advanced", 3, {"napoleon.amb.empty-territory-control": "keeps-owner"})
    assert s.tables.params.epidemics_empty_territory == "keeps-owner"


def test_reroll_chance_table_is_exact():
    from riskspec.reference.napoleon.legal import _reroll_table
    for n in (1, 2, 3):
        t = _reroll_table(n, 6)
        assert sum(t.weight(i) for i in range(len(t))) == t.total == 6 ** n
        probs = [Fraction(t.weight(i), t.total) for i in range(len(t))]
        assert sum(probs) == 1 and all(p > 0 for p in probs)
        assert all(len(t.outcome(i)["dice"]) == n for i in range(len(t)))


def _scenario_start(case_id: str):
    """The start position of conformance scenario ``case_id`` (built from its source, not
    from the exported vectors) on its map (inline, or the printed board), and the variant."""
    from riskspec.conformance.scenario import REGISTRY, load_all
    load_all()
    case = REGISTRY[case_id].build()
    v = variant_on_map(E.get_variant(case["variant"]), case.get("map"))
    return E.from_dict(case["state"], variant=v), v


def test_effect_state_round_trips_and_lapses():
    s, v = _scenario_start("napoleon.effects.attack-die-bonus.001")
    s, _ = E.apply(s, {"type": "play-card", "card": "card-syria"})
    assert s.effects and E.to_json(E.from_json(E.to_json(s), variant=v)) == E.to_json(s)
    # the roll effect lapses with the combat phase when unused
    s2, _ = E.apply(s, {"type": "end-attack"})
    assert s2.effects == () and s2.effect_plays == (0,) * s2.n_players


def test_a_refused_play_names_a_spec_rule():
    s, _ = _scenario_start("napoleon.cards.effect-icons.001")
    with pytest.raises(IllegalActionError) as info:
        E.apply(s, {"type": "play-card", "card": "card-egypt"})
    assert info.value.rule == "napoleon.cards.effect-icons"
    with pytest.raises(Exception) as bad:  # a target the kind does not take is malformed
        E.apply(s, {"type": "play-card", "card": "card-egypt", "zones": ["aquitaine"]})
    assert getattr(bad.value, "code", "") == "unknown-territory"


def test_turn_effects_last_the_turn_and_plays_count_per_phase():
    s, _ = _scenario_start("napoleon.effects.extra-land-maneuver.001")
    s, _ = E.apply(s, {"type": "play-card", "card": "card-bavaria"})
    assert [e[0] for e in s.effects] == ["extra-land-maneuver"] and s.effect_plays[0] == 1
    s, _ = E.apply(s, {"type": "end-turn"})
    while E.current_player(s) == E.CHANCE:
        s, _ = E.apply(s, E.chance_outcomes(s)[0][0])
    assert s.current == 1 and s.effects == () and s.effect_plays == (0,) * s.n_players


def test_a_defence_card_counts_in_a_forced_naval_battle():
    m = small_map({"a1": "w", "b1": "e"}, {"z1": ""},
                  [("a1", "b1", "land"), ("a1", "z1", "coast"), ("b1", "z1", "coast")],
                  cards=[("c-a1", "a1", "infantry", card_effect("free-ships", 1)),
                         ("c-b1", "b1", "infantry", card_effect("defence-die-bonus", 1)),
                         ("c-x", None, "wild")])
    v = variant_on_map(E.get_variant("napoleon-basic"), m)
    d = E.to_dict(E.new_game(v, 2))
    d["territories"] = {"a1": {"owner": 0, "armies": 3}, "b1": {"owner": 1, "armies": 3}}
    d["zones"]["z1"] = {"owner": 1, "ships": 1}
    d["players"][0]["cards"], d["players"][1]["cards"] = ["c-a1"], ["c-b1"]
    d["players"][0]["reserve"] = d["players"][1]["reserve"] = 0
    for p in d["players"][2:]:
        p.update(reserve=0, eliminated=True, eliminated_by=0)
    d.update(draw_pile=["c-x"], phase="reinforce", current=0, turn=1, first_player=0,
             pending={"to_place": 1, "must_trade": False, "after": "turn"})
    s = E.from_dict(d, variant=v)
    s, _ = E.apply(s, {"type": "play-card", "card": "c-a1", "zones": ["z1"]})
    s, _ = E.apply(s, {"type": "place", "territory": "a1"})
    s, _ = E.apply(s, {"type": "attack", "from": "z1", "to": "z1", "dice": 1})
    assert s.phase == "defend" and E.current_player(s) == 1
    s, _ = E.apply(s, {"type": "play-card", "card": "c-b1"})
    s, _ = E.apply(s, {"type": "defend", "dice": 1})
    s, ev = E.apply(s, {"type": "roll", "attacker": [6], "defender": [5]})
    # 5 + 1 ties the challenger's 6: the tie goes to the defender, whose ship stays
    assert [e for e in ev if e["type"] == "battle"][0]["attacker_losses"] == 1
    assert E.to_dict(s)["zones"]["z1"]["owner"] == 1 and s.effects == ()

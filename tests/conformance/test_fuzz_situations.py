"""Situations the fuzzer plays on purpose: found in reference games, or dealt; and the rules
a divergence in them is blamed on."""

from __future__ import annotations

import sys
from collections import Counter

import pytest

from riskspec.conformance.fuzz_situations import (
    DEALT,
    SITUATIONS_FIXED,
    Step,
    dealt_situations,
    find_situations,
    is_plain,
    situations_for,
)
from riskspec.conformance.fuzz_starts import _game, fuzz_starts
from riskspec.conformance.protocol import Capabilities
from riskspec.reference import engine as E
from riskspec.reference import serial

ALL = {"variants": ["classic", "classic-fr", "classic-it", "classic-pt"],
       "ops": ["new_game", "load_state", "apply", "state", "legal_actions", "chance_outcomes"], "rules": "*"}


@pytest.fixture(scope="module")
def game():
    return _game("classic", 3, {}, 104_729 * 0 + 1, limit=4000)


def test_each_situation_found_holds_at_its_step_and_its_episode_ends_in_a_game_going_on(game):
    actions, states = game
    found = find_situations(actions, states, situations_for(states[0]))
    assert len(found) >= 8, [f.situation.name for f in found]
    for f in found:
        assert 0 <= f.at < f.stop <= len(actions) and states[f.stop].winner < 0
        hits = [i for i in range(f.at, f.stop)
                if f.situation.test(Step(states[i], actions[i], states[i + 1], 0))]
        assert hits, f.situation.name
        # the episode begins at the latest plain position before the step (for an
        # elimination: before the attack that leads to it)
        assert is_plain(states[f.at]), (f.situation.name, states[f.at].phase)
        natural = hits[0] if f.situation.lead == "step" else \
            max(i for i in range(hits[0] + 1) if actions[i]["type"] == "attack")
        assert f.at <= natural and not any(is_plain(states[j]) for j in range(f.at + 1, natural + 1))


def test_a_situation_is_taken_at_its_first_occurrence_only_and_only_if_its_rules_are_wanted(game):
    actions, states = game
    sixth = next(s for s in SITUATIONS_FIXED if s.name == "sixth-set")
    (f,) = find_situations(actions, states, [sixth])
    own = next(i for i in range(f.at, f.stop) if actions[i]["type"] == "trade" and states[i].sets_traded == 5)
    assert all(states[i].sets_traded != 5 or actions[i]["type"] != "trade" for i in range(own))
    assert find_situations(actions, states, [sixth], rules=lambda r: r.startswith("classic.attack")) == []


@pytest.fixture(scope="module")
def starts():
    return fuzz_starts(Capabilities({"capabilities": ALL}))


def test_every_edition_gets_situations_and_each_replays_on_the_reference(starts):
    found, notes = starts
    per = Counter(s.variant for s in found if s.situation)
    assert set(per) == {"classic", "classic-fr", "classic-it", "classic-pt"} and min(per.values()) >= 10, per
    assert not any("situation" in n for n in notes), notes   # none missed at seed 0
    for s in (s for s in found if s.situation):
        state = serial.from_dict(s.state)   # schema-valid, loads
        for a in s.then:
            state, _ = E.apply(state, a)     # the episode is legal on the reference from there
        assert state.winner < 0, s.label
        if not s.dealt:   # a found one is reached from a new game by its prefix
            replay = E.new_game(s.variant, s.players, s.options)
            for a in s.prefix:
                replay, _ = E.apply(replay, a)
            assert serial.to_dict(replay) == s.state, s.label


def test_dealt_positions_keep_every_card_once_and_deal_what_they_say(starts):
    found, _ = starts
    dealt = {s.situation: s for s in found if s.dealt and s.variant == "classic"}
    assert set(dealt) == {d.name for d in DEALT}
    for s in dealt.values():
        st = serial.from_dict(s.state)
        cards = [c for h in st.hands for c in h] + list(st.draw_pile) + list(st.discards)
        assert sorted(cards) == list(range(len(st.tables.cards))), s.situation
        assert s.prefix == []
    wilds = serial.from_dict(dealt["dealt-trade-with-two-wilds"].state)
    assert sum(1 for c in wilds.hands[wilds.current] if wilds.tables.card_territory[c] < 0) == 2
    for name, total in (("dealt-elimination-leaving-five-cards", 5), ("dealt-elimination-forcing-a-trade", 6),
                        ("dealt-elimination-forcing-two-trades", 9)):
        s = dealt[name]
        st = serial.from_dict(s.state)
        after = st
        for a in s.then:
            after, _ = E.apply(after, a)
        victim = next(p for p, e in enumerate(after.eliminated_by) if e >= 0 > st.eliminated_by[p])
        assert len(st.hands[st.current]) + len(st.hands[victim]) == total, name


def test_an_engine_that_cannot_load_positions_gets_no_dealt_start_and_unclaimed_rules_none():
    no_load = Capabilities({"capabilities": {**ALL, "variants": ["classic"],
                                             "ops": ["new_game", "apply", "state"]}})
    found, _ = fuzz_starts(no_load, variants=["classic"])
    assert any(s.situation for s in found) and not any(s.dealt for s in found)
    attack_only = Capabilities({"capabilities": {**ALL, "variants": ["classic"], "rules": ["classic.attack.*"]}})
    found, _ = fuzz_starts(attack_only, variants=["classic"])
    from riskspec.conformance.fuzz_situations import DEALT as dealt
    from riskspec.conformance.fuzz_situations import SITUATIONS_FIXED as fixed
    rules = {s.name: s.rules for s in (*fixed, *dealt)}
    kept = {s.situation for s in found if s.situation}
    assert kept == {"attack-on-the-neutral"}   # the one whose rules include an attack rule
    assert any(r.startswith("classic.attack.") for r in rules["attack-on-the-neutral"])


def test_situations_take_every_other_game_of_their_lane(starts):
    from riskspec.conformance.properties import game_order
    order = [s for s in game_order(starts[0]) if s.variant == "classic"]
    assert [s.situation is not None for s in order[:6]] == [False, True] * 3


def test_dealt_situations_leave_out_a_deal_the_pool_cannot_make(game):
    actions, states = game
    found = find_situations(actions, states, situations_for(states[0]))
    assert dealt_situations(actions, states, found, [], 0) == []
    assert all(d.base in {s.name for s in SITUATIONS_FIXED} for d in DEALT)


# -- attribution in these situations ----------------------------------------------------------------
def test_rules_blamed_for_forced_trades_bonus_choices_and_set_numbers():
    from riskspec.conformance.attribution import set_value_rule
    from riskspec.conformance.properties import _legal_rule, state_rule
    trade = {"type": "trade", "cards": ["a", "b", "c"], "bonus_territory": None}
    place = {"type": "place", "territory": "peru"}
    only = {"t": trade}
    both = {"t": trade, "p": place}
    assert _legal_rule("classic", "reinforce", only, both) == "classic.cards.forced-trade"
    assert _legal_rule("classic", "elimination-trade", both, only) == "classic.elimination.forced-trade"
    other_bonus = {"t": trade, "u": {**trade, "bonus_territory": "peru"}}
    assert _legal_rule("classic", "reinforce", only, other_bonus, True) == "classic.cards.territory-bonus-limit"
    assert _legal_rule("classic", "reinforce", only, other_bonus, False) == "classic.cards.territory-bonus"
    attack = {"a": {"type": "attack", "from": "peru", "to": "brazil", "dice": 1}}
    assert _legal_rule("classic", "attack", attack, {**attack, "t": trade}) == "classic.cards.trade-timing"
    assert set_value_rule("classic", 6) == "classic.cards.set-values"
    assert set_value_rule("classic", 7) == "classic.cards.set-value-increment"
    diff = [{"path": "$.state.phase", "expected": "attack", "actual": "elimination-trade"}]
    assert state_rule("classic", {"type": "occupy", "armies": 3}, "occupy", ["$.state.phase"], diff) == \
        "classic.elimination.forced-trade"
    reserve = ["$.state.players[0].reserve"]
    assert state_rule("classic", None, None, reserve, players=2) == "classic.two-player.starting-armies"
    assert state_rule("classic", None, None, reserve, players=3) == "classic.setup.starting-armies"


def test_a_continent_counted_at_another_value_is_blamed_on_the_bonus_only_when_nothing_else_explains():
    from riskspec.conformance.attribution import reinforcement_rule
    asia = {"armies": 5 + 7, "territories": 15, "groups": ["asia"]}
    assert reinforcement_rule("classic", asia, 5 + 6) == "classic.reinforce.continent-bonus"
    # 14 territories: 4 + 6 is also 14 ÷ 4 + 7, which the divisor explains: the bonus counted
    # off is only the last resort
    assert reinforcement_rule("classic", {"armies": 4 + 7, "territories": 14, "groups": ["asia"]}, 4 + 6) == \
        "classic.reinforce.territory-armies"
    few = {"armies": 3 + 2, "territories": 7, "groups": ["australia"]}   # the minimum, then the bonus
    assert reinforcement_rule("classic", few, 4) == "classic.reinforce.minimum"   # max(3, 2 + 2)


MUTANT_CASES = [("elimination-trade-at-5", "dealt-elimination-leaving-five-cards", "classic.elimination.forced-trade"),
                ("one-wild-per-set", "dealt-trade-with-two-wilds", "classic.cards.valid-sets"),
                ("set-increment-2", "seventh-set", "classic.cards.set-value-increment")]


@pytest.mark.parametrize(("mutant", "situation", "rule"), MUTANT_CASES)
def test_a_mutant_random_play_misses_is_found_in_its_situation_and_blamed_on_its_rule(mutant, situation, rule):
    from riskspec.conformance.client import EngineClient, reference_client
    from riskspec.conformance.properties import play_game
    argv = [sys.executable, "-m", "riskspec.cli", "engine", "--mutant", mutant]
    with EngineClient(argv, timeout=60, handshake_timeout=120) as engine:
        caps = engine.start()
        ref = reference_client()
        ref.start()
        found, _ = fuzz_starts(caps, variants=["classic"])
        start = next(s for s in found if s.situation == situation)
        rec = play_game(engine, ref, caps, [start], 0, seed=0, max_steps=60, probe_rate=0.0)
    assert rec.divergences and rec.divergences[0].rule == rule, [(d.rule, d.what) for d in rec.divergences]


@pytest.mark.parametrize(("their_value", "placed", "rule"), [
    (14, 5 + 14, "classic.cards.set-values"),              # the engine says the 6th set is worth 14
    (15, 4 + 15, "classic.reinforce.territory-armies"),    # the set right: 16 territories counted as 4
    (None, 5 + 14, "classic.cards.set-values"),            # no event from the engine: the set
])
def test_a_short_count_with_a_set_traded_is_blamed_by_what_the_engine_said_the_set_was_worth(their_value, placed, rule):
    import random

    from riskspec.conformance.fuzz_starts import Start
    from riskspec.conformance.properties import FuzzStats, Game
    g = Game(None, None, Capabilities({"capabilities": ALL}), Start("classic", 3, {}, "t"), FuzzStats(),
             random.Random(0))
    g._count_placements({"type": "end-turn"}, "fortify",
                        [{"type": "reinforcements", "armies": 5, "territories": 16, "groups": []}])
    theirs = [] if their_value is None else [{"type": "traded", "value": their_value}]
    g._count_placements({"type": "trade"}, "reinforce", [{"type": "traded", "value": 15}], {"sets_traded": 5},
                        theirs)
    for _ in range(placed - 1):
        g._count_placements({"type": "place", "territory": "peru"}, "reinforce", [])
    last = {"type": "place", "territory": "peru"}
    g._count_placements(last, "reinforce", [])
    diff = [{"path": "$.state.phase", "expected": "reinforce", "actual": "attack"}]
    assert g._count_rule(last, "reinforce", diff) == rule


def test_when_a_divergence_happens_names_its_rule():
    import random

    from riskspec.conformance.fuzz_starts import Start
    from riskspec.conformance.properties import FuzzStats, Game
    g = Game(None, None, Capabilities({"capabilities": ALL}), Start("classic", 3, {}, "t"), FuzzStats(),
             random.Random(0))
    fortify = {"type": "fortify", "from": "peru", "to": "brazil", "armies": 1}
    stayed = [{"path": "$.state.phase", "expected": "draw", "actual": "fortify"}]
    g.reshuffled = True   # a fortification that should have ended the turn comes first
    assert g._turn_rule(fortify, "fortify", {"phase": "draw"}, stayed) == "classic.fortify.one-move"
    no_card = [{"path": "$.state.phase", "expected": "draw", "actual": "reinforce"}]   # the turn ended, no reshuffle
    assert g._turn_rule(fortify, "fortify", {"phase": "draw"}, no_card) == "classic.cards.discards"
    g.reshuffled = False
    assert g._turn_rule(fortify, "fortify", {"phase": "draw"}, no_card) is None
    place = {"type": "place", "territory": "peru"}
    current = [{"path": "$.state.current", "expected": 1, "actual": 0}]
    assert g._turn_rule(place, "setup-place", {"phase": "reinforce"}, current) == "classic.setup.first-turn"
    assert g._turn_rule(place, "setup-place", {"phase": "setup-place"}, current) is None

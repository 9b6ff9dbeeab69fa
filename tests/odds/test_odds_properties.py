"""Properties of the exact odds (hypothesis), for Classic and for made-up dice rules.

The made-up rules (other dice counts, sides, tie rules, bonuses) check that nothing in
the chain assumes Classic's 3/2/6: each is compared with a brute-force enumeration written
here, independent of the engine's ``compute_losses``.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from riskspec.errors import OptionError
from riskspec.reference.modifiers import apply_bonuses, get_modified_loss_distribution
from riskspec.reference.odds import BattleChain, BattleRules, load_rules

CLASSIC = load_rules("classic")
CHAINS = {policy: BattleChain(CLASSIC, policy) for policy in ("max", "one", "best")}
for _chain in CHAINS.values():
    _chain.square_table(40)

armies = st.integers(min_value=1, max_value=40)


@given(a=armies, d=armies, policy=st.sampled_from(sorted(CHAINS)))
@settings(max_examples=60, deadline=None)
def test_battle_distribution_is_exact_and_complete(a: int, d: int, policy: str) -> None:
    chain = CHAINS[policy]
    battle = chain.battle(a, d)
    assert sum(battle.outcomes.values()) == 1                       # exactly, not ≈
    assert all(p > 0 for p in battle.outcomes.values())
    assert battle.p_conquer == chain.p_conquer(a, d)                # forward = backward
    for (x, y) in battle.outcomes:                                  # only ends of a battle
        assert (y == 0 and 2 <= x <= a) or (x == 1 and 1 <= y <= d) or (a == 1 and y == d)
    assert 0 <= battle.expected_attacker_losses <= a - 1
    assert 0 <= battle.expected_defender_losses <= d


@given(a=armies, d=armies)
@settings(max_examples=80, deadline=None)
def test_monotone_in_armies(a: int, d: int) -> None:
    chain = CHAINS["max"]
    p = chain.p_conquer(a, d)
    assert chain.p_conquer(a + 1, d) >= p
    assert chain.p_conquer(a, d + 1) <= p
    if a >= 2:
        assert p > 0
    else:
        assert p == 0


@given(a=armies, d=armies)
@settings(max_examples=60, deadline=None)
def test_best_defence_is_at_least_as_good(a: int, d: int) -> None:
    best = CHAINS["best"].p_conquer(a, d)
    assert best <= CHAINS["max"].p_conquer(a, d)
    assert best <= CHAINS["one"].p_conquer(a, d)


def test_one_roll_sums_to_one() -> None:
    chain = CHAINS["max"]
    for a in range(2, 6):
        for d in range(1, 4):
            roll = chain.roll(a, d)
            assert roll is not None and sum(roll.losses.values()) == 1
    assert chain.roll(1, 5) is None


# ---------------------------------------------------------------- made-up dice rules

@functools.cache
def brute_roll(na: int, nd: int, sides: int, ties: str, att_bonus: tuple[int, ...],
               def_bonus: tuple[int, ...], cap: int | None) -> dict[tuple[int, int], Fraction]:
    def modify(dice: tuple[int, ...], bonus: tuple[int, ...]) -> list[int]:
        out = sorted(dice, reverse=True)
        for i in range(min(len(out), len(bonus))):
            out[i] += bonus[i]
            if cap is not None:
                out[i] = min(out[i], cap)
        return sorted(out, reverse=True)

    counts: dict[tuple[int, int], int] = {}
    for throw in itertools.product(range(1, sides + 1), repeat=na + nd):
        att, dfd = modify(throw[:na], att_bonus), modify(throw[na:], def_bonus)
        la = ld = 0
        for x, y in zip(att, dfd):
            if x > y or (x == y and ties == "attacker"):
                ld += 1
            elif x < y or ties == "defender":
                la += 1
        counts[(la, ld)] = counts.get((la, ld), 0) + 1
    return {k: Fraction(v, sides ** (na + nd)) for k, v in counts.items()}


def brute_conquer(rules: BattleRules, a: int, d: int) -> Fraction:
    @functools.cache
    def p(a: int, d: int) -> Fraction:
        if d == 0:
            return Fraction(1)
        if a < rules.min_armies or a < 2:
            return Fraction(0)
        na, nd = min(rules.max_attacker_dice, a - 1), min(rules.max_defender_dice, d)
        dist = brute_roll(na, nd, rules.sides, rules.ties, rules.attacker_bonuses,
                          rules.defender_bonuses, rules.cap)
        stay = dist.get((0, 0), Fraction(0))      # P = stay·P + Σ moves  ⇒  divide by 1 - stay
        return sum((q * p(a - la, d - ld) for (la, ld), q in dist.items() if (la, ld) != (0, 0)),
                   Fraction(0)) / (1 - stay)
    return p(a, d)


bonus = st.lists(st.integers(min_value=0, max_value=2), max_size=3).map(tuple)


@st.composite
def made_up_rules(draw: st.DrawFn) -> BattleRules:
    max_att = draw(st.integers(1, 3))
    max_def = draw(st.integers(1, 3))
    sides = draw(st.integers(2, 6 if max_att + max_def <= 5 else 4))
    cap = draw(st.sampled_from([None, sides, sides + 1]))
    return replace(CLASSIC, max_attacker_dice=max_att, max_defender_dice=max_def, sides=sides,
                   ties=draw(st.sampled_from(["defender", "attacker", "neither"])),
                   min_armies=draw(st.integers(2, 3)),
                   attacker_bonuses=draw(bonus), defender_bonuses=draw(bonus), cap=cap)


@given(rules=made_up_rules(), a=st.integers(1, 8), d=st.integers(1, 6))
@settings(max_examples=40, deadline=None)
def test_any_dice_rules_match_brute_force(rules: BattleRules, a: int, d: int) -> None:
    try:
        chain = BattleChain(rules)
    except OptionError:
        # refused only when some dice count can never cost an army (every roll a tie
        # under ties = neither): then the battle has no end
        assert rules.ties == "neither"
        assume(False)
    assert chain.p_conquer(a, d) == brute_conquer(rules, a, d)
    assert sum(chain.battle(a, d).outcomes.values()) == 1


@functools.cache
def bonus_chain(side: str, extra: int) -> BattleChain:
    return BattleChain(replace(CLASSIC, **{f"{side}_bonuses": (extra,)}))


@given(a=st.integers(2, 15), d=st.integers(1, 15), extra=st.integers(1, 2))
@settings(max_examples=30, deadline=None)
def test_bonuses_help_their_side(a: int, d: int, extra: int) -> None:
    plain = CHAINS["max"].p_conquer(a, d)
    attacker = bonus_chain("attacker", extra).p_conquer(a, d)
    defender = bonus_chain("defender", extra).p_conquer(a, d)
    assert defender <= plain <= attacker


def test_no_bonus_is_the_plain_distribution() -> None:
    from riskspec.reference.battle import get_loss_distribution
    for na, nd in itertools.product(range(1, 4), range(1, 3)):
        for ties in ("defender", "attacker"):
            assert get_modified_loss_distribution(na, nd, 6, ties) == \
                get_loss_distribution(na, nd, 6, ties)


def test_cap_settles_a_modified_six() -> None:
    # one die each, attacker +1: without a cap a 6+1 beats a 6; capped at 6 it ties
    free = get_modified_loss_distribution(1, 1, 6, "defender", (1,), (), None)
    capped = get_modified_loss_distribution(1, 1, 6, "defender", (1,), (), 6)
    assert free[(0, 1)] == Fraction(21, 36)          # attacker wins when a + 1 > d
    assert capped[(0, 1)] == Fraction(20, 36)        # … except 6 v 6
    assert apply_bonuses((6, 2), (1, 1), 6) == (6, 3)
    assert apply_bonuses((2, 6), (2, 1), None) == (8, 3)
    assert apply_bonuses((3,), (2, 1), None) == (5,)


@pytest.mark.parametrize("policy", ["one", "best"])
def test_choice_policies_need_a_choosing_variant(policy: str) -> None:
    from riskspec.errors import OptionError
    with pytest.raises(OptionError, match="attack.defender_dice"):
        BattleChain(replace(CLASSIC, defender_dice="max"), policy)


def test_unknown_tie_rule_is_refused() -> None:
    from riskspec.errors import OptionError
    with pytest.raises(OptionError, match="ties"):
        BattleChain(replace(CLASSIC, ties="coin-toss"))


def test_ties_to_neither_side() -> None:
    # 1 v 1 with ties to nobody: a tie (1/6) is rolled again, so the attacker with 2 armies
    # against 1 conquers with probability (15/36) / (1 - 6/36) = 1/2
    chain = BattleChain(replace(CLASSIC, ties="neither"))
    roll = chain.roll(2, 1)
    assert roll is not None and roll.losses[(0, 0)] == Fraction(6, 36)
    assert chain.p_conquer(2, 1) == Fraction(1, 2)
    assert sum(chain.battle(7, 5).outcomes.values()) == 1
    assert chain.p_conquer(7, 5) == brute_conquer(chain.rules, 7, 5)

"""The exact odds against a seeded Monte-Carlo of the reference engine itself.

Battles are played through ``engine.apply`` — the attack action, the defender's dice
choice, and a roll drawn by ``driver.sample_outcome`` from the engine's own chance table —
on a real Classic position whose two territories are set to A and D armies.

Statistics: for each cell, two two-sided z-tests against the exact values — the number
of conquests (binomial, variance n·p·(1-p)) and the mean attacker loss (variance from the
exact loss distribution) — each at α = 1e-6 (|z| > 4.8916).  With a fresh seed the
chance of a false alarm is at most 1e-6 per test (Bonferroni: ≤ 1.6e-5 for the 16 tests
here); the seed is fixed, so the test is deterministic.  A real discrepancy of a few
percent (a wrong tie rule, a wrong dice limit) gives |z| in the tens.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from riskspec.reference.odds import BattleChain, load_rules

engine = pytest.importorskip("riskspec.reference.engine")
driver = pytest.importorskip("riskspec.reference.driver")

Z_CRIT = 4.8916          # two-sided, α = 1e-6
SEED = 20240611
N_BATTLES = 6000


@pytest.fixture(scope="module")
def position():
    """A Classic position in the attack phase, and one own territory next to an enemy one."""
    E, D = engine, driver
    s = D.play_until(E.new_game("classic", 3),
                     lambda x: x.phase == "attack" and E.current_player(x) >= 0,
                     random.Random(SEED))
    tb = s.tables
    for f in range(len(tb.territories)):
        if s.owner[f] == s.current:
            for t in tb.adjacency[f]:
                if s.owner[t] != s.current:
                    return s, f, t
    raise AssertionError("no attack possible")  # pragma: no cover


def play_battle(position, a: int, d: int, rng: random.Random, policy: str) -> tuple[int, int]:
    """Fight one battle to the end through the engine; the final (attacker, defender) armies."""
    E, D = engine, driver
    s0, f, t = position
    s = s0.copy()
    s.armies[f], s.armies[t] = a, d
    prm = s.tables.params
    names = s.tables.territories
    while True:
        if s.armies[f] < prm.attack_min_armies:
            return s.armies[f], s.armies[t]
        dice = min(prm.attack_max_attacker_dice, s.armies[f] - 1)
        s, _ = E.apply(s, {"type": "attack", "from": names[f], "to": names[t], "dice": dice})
        if s.phase == "defend":
            most = min(prm.attack_max_defender_dice, s.armies[t])
            s, _ = E.apply(s, {"type": "defend", "dice": most if policy == "max" else 1})
        s, _ = E.apply(s, D.sample_outcome(s, rng))
        if s.phase != "attack":          # conquered: the move-in is next
            return s.armies[f], 0


def z_score(observed_sum: float, n: int, mean: Fraction, var: Fraction) -> float:
    if var == 0:
        return 0.0 if observed_sum == n * mean else math.inf
    return (observed_sum - n * float(mean)) / math.sqrt(n * float(var))


CELLS = [(2, 1, "max"), (3, 2, "max"), (4, 2, "max"), (6, 3, "max"), (8, 8, "max"),
         (11, 10, "max"), (5, 4, "one"), (7, 2, "one")]


@pytest.mark.parametrize("a,d,policy", CELLS)
def test_engine_monte_carlo_agrees(position, a: int, d: int, policy: str) -> None:
    chain = BattleChain(load_rules("classic"), policy)
    exact = chain.battle(a, d)
    rng = random.Random(f"{SEED}-{a}-{d}-{policy}")
    ends = [play_battle(position, a, d, rng, policy) for _ in range(N_BATTLES)]

    p = exact.p_conquer
    wins = sum(1 for _, y in ends if y == 0)
    z_win = z_score(wins, N_BATTLES, p, p * (1 - p))

    mean = exact.expected_attacker_losses
    second = sum((q * (a - x) ** 2 for (x, _), q in exact.outcomes.items()), Fraction(0))
    z_loss = z_score(sum(a - x for x, _ in ends), N_BATTLES, mean, second - mean ** 2)

    assert abs(z_win) < Z_CRIT, f"P(conquer): {wins / N_BATTLES:.4f} vs exact {float(p):.4f}"
    assert abs(z_loss) < Z_CRIT, f"attacker losses: z = {z_loss:.2f}"
    # every simulated end is a possible end of the chain
    assert {e for e in ends} <= set(exact.outcomes)


def test_the_statistical_test_has_power(position) -> None:
    """The same test rejects the odds of the wrong tie rule (ties to the attacker)."""
    from dataclasses import replace
    wrong = BattleChain(replace(load_rules("classic"), ties="attacker")).battle(6, 3)
    rng = random.Random(SEED)
    ends = [play_battle(position, 6, 3, rng, "max") for _ in range(N_BATTLES)]
    p = wrong.p_conquer
    z = z_score(sum(1 for _, y in ends if y == 0), N_BATTLES, p, p * (1 - p))
    assert abs(z) > Z_CRIT

"""The exact odds against values derived independently of the engine and from the literature.

Independent values
    ``brute_roll`` enumerates every ordered throw of Classic dice (6 sides, ties to the
    defender) with its own comparison — it never calls the engine's ``compute_losses`` —
    and ``brute_conquer`` runs its own recursion over it with ``Fraction``.

Literature
    * One roll: the classic counts over 6**n ordered throws — 1 v 1: the attacker wins
      15/36; 3 v 1: 855/1296; 2 v 2: attacker wins both 295/1296, defender wins both
      581/1296, one each 420/1296; 3 v 2: attacker wins both 2890/7776, one each
      2611/7776, defender wins both 2275/7776 (e.g. the recursion
      p[n,m] = 2890/7776 p[n,m-2] + 2611/7776 p[n-1,m-1] + 2275/7776 p[n-2,m] quoted from
      strategygamenetwork.com in barrycarter/bcapps ``bc-calc-risk-odds.m``; the 2v2 and
      1v1/3v1 counts as listed in ZeTornio/Risiko's README).
    * Battle to the end: J. A. Osborne, "Markov chains for the Risk board game
      revisited", Mathematics Magazine 76 (2003), Table 3 — P(attacker wins) to three
      decimals for 1..10 attacking armies against 1..10 defenders.  Osborne counts the
      armies that may attack, so his A is our A - 1.  (Values as reproduced in a public
      test file of a Clojure Risk analysis, ``jvw.analysis-test``, checked here against
      the independent brute force too.)
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction

import pytest

from riskspec.reference.odds import BattleChain, load_rules

SIDES, MAX_ATT, MAX_DEF = 6, 3, 2     # the literature's game, written out on purpose


@functools.cache
def brute_roll(na: int, nd: int) -> dict[tuple[int, int], Fraction]:
    """(attacker loss, defender loss) → probability, by enumerating ordered throws."""
    counts: dict[tuple[int, int], int] = {}
    for throw in itertools.product(range(1, SIDES + 1), repeat=na + nd):
        att = sorted(throw[:na], reverse=True)
        dfd = sorted(throw[na:], reverse=True)
        la = ld = 0
        for i in range(min(na, nd)):
            if att[i] > dfd[i]:
                ld += 1
            else:                       # ties to the defender
                la += 1
        counts[(la, ld)] = counts.get((la, ld), 0) + 1
    total = SIDES ** (na + nd)
    return {k: Fraction(v, total) for k, v in counts.items()}


@functools.cache
def brute_conquer(a: int, d: int) -> Fraction:
    """P(attacker conquers); ``a`` counts all armies in the attacking territory."""
    if d == 0:
        return Fraction(1)
    if a < 2:
        return Fraction(0)
    na, nd = min(MAX_ATT, a - 1), min(MAX_DEF, d)
    return sum((p * brute_conquer(a - la, d - ld) for (la, ld), p in brute_roll(na, nd).items()),
               Fraction(0))


@pytest.fixture(scope="module")
def chain() -> BattleChain:
    return BattleChain(load_rules("classic"), "max")


ONE_ROLL = {
    # (attacker dice, defender dice): {(attacker loss, defender loss): probability}
    (1, 1): {(0, 1): Fraction(15, 36), (1, 0): Fraction(21, 36)},
    (3, 1): {(0, 1): Fraction(855, 1296), (1, 0): Fraction(441, 1296)},
    (2, 1): {(0, 1): Fraction(125, 216), (1, 0): Fraction(91, 216)},
    (1, 2): {(0, 1): Fraction(55, 216), (1, 0): Fraction(161, 216)},
    (2, 2): {(0, 2): Fraction(295, 1296), (1, 1): Fraction(420, 1296),
             (2, 0): Fraction(581, 1296)},
    (3, 2): {(0, 2): Fraction(2890, 7776), (1, 1): Fraction(2611, 7776),
             (2, 0): Fraction(2275, 7776)},
}


@pytest.mark.parametrize("dice", sorted(ONE_ROLL))
def test_one_roll_matches_literature(chain: BattleChain, dice: tuple[int, int]) -> None:
    na, nd = dice
    # a state in which the attacker throws na dice and the defender nd
    roll = chain.roll(na + 1, nd)
    assert roll is not None and (roll.attacker_dice, roll.defender_dice) == dice
    assert roll.losses == ONE_ROLL[dice]
    assert roll.losses == brute_roll(na, nd)


# Osborne (2003), Table 3: rows = his A (armies that may attack) 1..10, columns D 1..10.
OSBORNE_TABLE_3 = [
    [0.417, 0.106, 0.027, 0.007, 0.002, 0.000, 0.000, 0.000, 0.000, 0.000],
    [0.754, 0.363, 0.206, 0.091, 0.049, 0.021, 0.011, 0.005, 0.003, 0.001],
    [0.916, 0.656, 0.470, 0.315, 0.206, 0.134, 0.084, 0.054, 0.033, 0.021],
    [0.972, 0.785, 0.642, 0.477, 0.359, 0.253, 0.181, 0.123, 0.086, 0.057],
    [0.990, 0.890, 0.769, 0.638, 0.506, 0.397, 0.297, 0.224, 0.162, 0.118],
    [0.997, 0.934, 0.857, 0.745, 0.638, 0.521, 0.423, 0.329, 0.258, 0.193],
    [0.999, 0.967, 0.910, 0.834, 0.736, 0.640, 0.536, 0.446, 0.357, 0.287],
    [1.000, 0.980, 0.947, 0.888, 0.818, 0.730, 0.643, 0.547, 0.464, 0.380],
    [1.000, 0.990, 0.967, 0.930, 0.873, 0.808, 0.726, 0.646, 0.558, 0.480],
    [1.000, 0.994, 0.981, 0.954, 0.916, 0.861, 0.800, 0.724, 0.650, 0.568],
]


def test_osborne_table_3(chain: BattleChain) -> None:
    table = chain.square_table(10)
    assert table.attackers == tuple(range(2, 12)) and table.defenders == tuple(range(1, 11))
    got = table.decimal_rows()
    for i, row in enumerate(OSBORNE_TABLE_3):
        for j, published in enumerate(row):
            assert abs(got[i][j] - published) <= 0.0005 + 1e-12, (
                f"Osborne A={i + 1} (our A={i + 2}), D={j + 1}: {got[i][j]:.4f} vs {published}")


def test_osborne_cells_by_hand(chain: BattleChain) -> None:
    # a few cells spelled out: 3 attackers (our 4) v 2, 5 (our 6) v 3, 10 (our 11) v 10
    assert round(float(chain.p_conquer(4, 2)), 3) == 0.656
    assert round(float(chain.p_conquer(6, 3)), 3) == 0.769
    assert round(float(chain.p_conquer(11, 10)), 3) == 0.568
    assert chain.p_conquer(2, 1) == Fraction(15, 36)


def test_exactly_the_brute_force(chain: BattleChain) -> None:
    for a in range(1, 13):
        for d in range(0, 11):
            assert chain.p_conquer(a, d) == brute_conquer(a, d), (a, d)
    table = chain.square_table(10)
    assert table.exact_rows() == [[brute_conquer(a, d) for d in range(1, 11)]
                                  for a in range(2, 12)]


@functools.cache
def brute_end(a: int, d: int) -> dict[tuple[int, int], Fraction]:
    """Distribution of the final state, by the independent recursion."""
    if d == 0 or a < 2:
        return {(a, d): Fraction(1)}
    out: dict[tuple[int, int], Fraction] = {}
    for (la, ld), p in brute_roll(min(MAX_ATT, a - 1), min(MAX_DEF, d)).items():
        for end, q in brute_end(a - la, d - ld).items():
            out[end] = out.get(end, Fraction(0)) + p * q
    return out


@pytest.mark.parametrize("a,d", [(2, 1), (4, 2), (5, 5), (9, 7), (12, 3), (3, 10)])
def test_survivors_match_brute_force(chain: BattleChain, a: int, d: int) -> None:
    battle = chain.battle(a, d)
    assert battle.outcomes == brute_end(a, d)
    assert sum(battle.outcomes.values()) == 1
    assert battle.p_conquer == brute_conquer(a, d)
    expected_att = sum((p * (a - x) for (x, _), p in brute_end(a, d).items()), Fraction(0))
    expected_def = sum((p * (d - y) for (_, y), p in brute_end(a, d).items()), Fraction(0))
    assert battle.expected_attacker_losses == expected_att
    assert battle.expected_defender_losses == expected_def


def test_one_roll_4_v_2_battle_by_hand(chain: BattleChain) -> None:
    # 3 dice against 2, then the remaining small battles, worked out by hand:
    # (4,0) wins at once; (3,1): 2 v 1 dice; (2,2): 1 v 2 dice then 1 v 1.
    p32 = ONE_ROLL[(3, 2)]
    p21 = ONE_ROLL[(2, 1)][(0, 1)]
    p11 = ONE_ROLL[(1, 1)][(0, 1)]
    p12 = ONE_ROLL[(1, 2)][(0, 1)]
    from_3_1 = p21 + (1 - p21) * p11                    # (3,1): win, or lose one then 1 v 1
    from_2_2 = p12 * p11                                # (2,2) → (2,1) → conquer
    expected = p32[(0, 2)] + p32[(1, 1)] * from_3_1 + p32[(2, 0)] * from_2_2
    assert chain.p_conquer(4, 2) == expected

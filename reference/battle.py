"""Battle arithmetic: pure functions, no state, no randomness.

Every number (dice limits, sides, who wins ties) is an argument, so these
functions serve every variant, exact-odds tables and CrossHair contracts
(the ``pre:``/``post:`` lines of the docstrings are PEP 316 contracts).
A roll is a pair of tuples, each side's dice sorted from highest to lowest.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from riskspec.reference import ruleids as R

Roll = tuple[tuple[int, ...], tuple[int, ...]]


def get_attacker_dice_limit(armies: int, max_dice: int) -> int:
    """Most dice a territory with ``armies`` armies may attack with: one army always stays behind.

    pre: armies >= 0 and max_dice >= 0
    post: 0 <= __return__ <= max_dice
    post: __return__ <= max(0, armies - 1)
    post: __return__ == min(max_dice, max(0, armies - 1))
    """
    return max(0, min(max_dice, armies - 1))


def get_defender_dice_limit(armies: int, max_dice: int) -> int:
    """Most dice a territory with ``armies`` armies may defend with (one per army).

    pre: armies >= 0 and max_dice >= 0
    post: 0 <= __return__ <= max_dice
    post: __return__ <= armies
    post: __return__ == min(max_dice, armies)
    """
    return max(0, min(max_dice, armies))


@R.cites(R.ATTACK_TIES, R.ATTACK_LOSSES)
def compute_losses(attacker_dice: Sequence[int], defender_dice: Sequence[int],
                   ties: str, pairs: str = "all") -> tuple[int, int]:
    """Armies lost by (attacker, defender): the highest dice of each side are compared in
    pairs, as many pairs as the smaller side rolled (``pairs`` = 'highest-only': the two
    highest dice alone); the higher die wins the pair, and a tie goes to ``ties``
    ('defender': the attacker loses; 'attacker': the defender loses; 'neither': nobody
    loses for that pair).

    pre: ties in ('defender', 'attacker', 'neither')
    pre: pairs in ('all', 'highest-only')
    post: sum(__return__) <= min(len(attacker_dice), len(defender_dice), 1 if pairs == 'highest-only' else len(attacker_dice))
    post: ties == 'neither' or sum(__return__) == min(len(attacker_dice), len(defender_dice), 1 if pairs == 'highest-only' else len(attacker_dice))
    post: min(__return__) >= 0
    post: not attacker_dice or not defender_dice or max(attacker_dice) <= max(defender_dice) or __return__[1] >= 1
    post: not attacker_dice or not defender_dice or max(attacker_dice) >= max(defender_dice) or __return__[0] >= 1
    post: not attacker_dice or not defender_dice or max(attacker_dice) != max(defender_dice) or ties != 'defender' or __return__[0] >= 1
    """
    attacker_loss = defender_loss = 0
    compared = list(zip(sorted(attacker_dice, reverse=True), sorted(defender_dice, reverse=True)))
    for a, d in compared[:1] if pairs == "highest-only" else compared:
        if a > d or (a == d and ties == "attacker"):
            defender_loss += 1
        elif a < d or ties == "defender":
            attacker_loss += 1
    return attacker_loss, defender_loss


def battle_event(player: int, defender: int, frm: str, to: str, attacker_dice: Sequence[int],
                 defender_dice: Sequence[int], losses: tuple[int, int]) -> dict[str, object]:
    """The ``battle`` event of one roll, in both families: who fought from where to where,
    the dice as compared (after any bonus) and the ``(attacker, defender)`` losses."""
    return {"type": "battle", "player": player, "defender": defender, "from": frm, "to": to,
            "attacker_dice": list(attacker_dice), "defender_dice": list(defender_dice),
            "attacker_losses": losses[0], "defender_losses": losses[1]}


def count_orderings(dice: Sequence[int]) -> int:
    """How many ordered rolls give this multiset of faces (a multinomial coefficient).

    post: __return__ >= 1
    """
    count = math.factorial(len(dice))
    for k in Counter(dice).values():
        count //= math.factorial(k)
    return count


@functools.cache
def get_sorted_rolls(n: int, sides: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every roll of ``n`` dice sorted high to low, in ascending order, with its number of
    orderings; the counts sum to ``sides ** n``."""
    rolls = itertools.combinations_with_replacement(range(sides, 0, -1), n)
    return tuple(sorted((r, count_orderings(r)) for r in rolls))


@functools.cache
def get_roll_counts(n_attacker: int, n_defender: int,
                    sides: int) -> tuple[tuple[Roll, ...], tuple[int, ...], int]:
    """(rolls, counts, total): every (attacker, defender) roll in canonical order, the number
    of ordered rolls giving each, and their total ``sides ** (n_attacker + n_defender)``."""
    rolls: list[Roll] = []
    counts: list[int] = []
    for att, ca in get_sorted_rolls(n_attacker, sides):
        for dfd, cd in get_sorted_rolls(n_defender, sides):
            rolls.append((att, dfd))
            counts.append(ca * cd)
    return tuple(rolls), tuple(counts), sides ** (n_attacker + n_defender)


def get_roll_outcomes(n_attacker: int, n_defender: int, sides: int) -> list[tuple[Roll, Fraction]]:
    """Every sorted roll with its exact probability; the probabilities sum to 1.

    pre: n_attacker >= 1 and n_defender >= 1 and sides >= 1
    post: sum(p for _, p in __return__) == 1
    """
    rolls, counts, total = get_roll_counts(n_attacker, n_defender, sides)
    return [(roll, Fraction(c, total)) for roll, c in zip(rolls, counts)]


def get_loss_distribution(n_attacker: int, n_defender: int, sides: int,
                          ties: str, pairs: str = "all") -> dict[tuple[int, int], Fraction]:
    """Exact probability of each (attacker loss, defender loss) for one roll."""
    out: dict[tuple[int, int], Fraction] = {}
    for (att, dfd), p in get_roll_outcomes(n_attacker, n_defender, sides):
        key = compute_losses(att, dfd, ties, pairs)
        out[key] = out.get(key, Fraction(0)) + p
    return dict(sorted(out.items()))

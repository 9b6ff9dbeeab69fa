"""Dice modifiers (Risk: Napoléon Edition): pure functions, every number an argument.

In the Napoléon game a general, an admiral or a fortification adds points to the
highest dice of one side before the dice are compared.  The arithmetic is the same
whatever grants the bonus, so it is written once here:

* ``bonuses`` is a tuple of non-negative points for that side's dice in order from the
  highest: ``(2, 1)`` adds 2 to the highest die and 1 to the second highest; a side that
  rolls fewer dice than there are bonuses loses the extra bonuses.  How the pieces on a
  territory add up to such a tuple is the Napoléon spec's business, not this module's.
* ``cap`` settles the ambiguity of a die modified above the highest face: ``None`` lets
  it count in full (a 6 + 1 is a 7 and beats a 6); a number caps every modified die at
  that value (a 6 + 1 counts as 6).
* The modified dice are sorted again, high to low, before the comparison, which then is
  :func:`riskspec.reference.battle.compute_losses` unchanged.

The ``pre:``/``post:`` lines of the docstrings are PEP 316 contracts checked by
CrossHair (``python -m riskspec.conformance.crosshair_check``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from riskspec.reference.battle import compute_losses, get_roll_outcomes


def apply_bonuses(dice: Sequence[int], bonuses: Sequence[int], cap: int | None) -> tuple[int, ...]:
    """The dice after the bonuses, high to low: ``bonuses[i]`` is added to the
    ``i``-th highest die, then each die is capped at ``cap`` (if not None).

    pre: all(b >= 0 for b in bonuses)
    pre: cap is None or all(d <= cap for d in dice)
    post: len(__return__) == len(dice)
    post: all(__return__[i] >= __return__[i + 1] for i in range(len(__return__) - 1))
    post: all(r >= d for r, d in zip(__return__, sorted(dice, reverse=True)))
    post: cap is None or all(r <= cap for r in __return__)
    post: cap is not None or sum(__return__) == sum(dice) + sum(bonuses[:len(dice)])
    """
    ordered = sorted(dice, reverse=True)
    modified = [d + (bonuses[i] if i < len(bonuses) else 0) for i, d in enumerate(ordered)]
    if cap is not None:
        modified = [min(v, cap) for v in modified]
    return tuple(sorted(modified, reverse=True))


def combine_bonuses(*parts: Sequence[int]) -> tuple[int, ...]:
    """Bonuses from several sources (generals, a fortification …) added position by
    position: ``combine_bonuses((1, 1), (1,)) == (2, 1)``.

    post: len(__return__) == max([len(p) for p in parts] + [0])
    post: sum(__return__) == sum(sum(p) for p in parts)
    """
    width = max([len(p) for p in parts] + [0])
    return tuple(sum(p[i] for p in parts if i < len(p)) for i in range(width))


def get_leader_bonuses(bonus_by_count: Mapping[str, Sequence[int]], count: int) -> tuple[int, ...]:
    """The bonus tuple of ``count`` leaders (generals or admirals) in the fighting
    territory, from the spec's table by count (``generals.bonus_by_count``); none for
    none.  A count the table does not list is an error (the spec caps the leaders a
    player may have)."""
    if count <= 0:
        return ()
    try:
        return tuple(bonus_by_count[str(count)])
    except KeyError:
        raise ValueError(f"the spec gives no bonus for {count} leaders (it lists "
                         f"{', '.join(sorted(bonus_by_count))})") from None


def get_modified_loss_distribution(n_attacker: int, n_defender: int, sides: int, ties: str,
                                   attacker_bonuses: Sequence[int] = (),
                                   defender_bonuses: Sequence[int] = (),
                                   cap: int | None = None) -> dict[tuple[int, int], Fraction]:
    """Exact probability of each (attacker loss, defender loss) for one roll when both
    sides' dice are modified by :func:`apply_bonuses` before the comparison.  With no
    bonuses it equals :func:`riskspec.reference.battle.get_loss_distribution`.

    Not a CrossHair target (it enumerates every roll); the odds tests check it exactly.
    """
    out: dict[tuple[int, int], Fraction] = {}
    for (att, dfd), p in get_roll_outcomes(n_attacker, n_defender, sides):
        key = compute_losses(apply_bonuses(att, attacker_bonuses, cap),
                             apply_bonuses(dfd, defender_bonuses, cap), ties)
        out[key] = out.get(key, Fraction(0)) + p
    return dict(sorted(out.items()))

"""Reinforcement arithmetic: pure functions, every number an argument."""

from __future__ import annotations

from collections.abc import Sequence

from riskspec.reference import ruleids as R


def compute_territory_armies(territories: int, divisor: int, rounding: str = "down") -> int:
    """Armies for territories held: their number divided by ``divisor``, rounded as
    ``rounding`` says ('down': any fraction dropped; 'nearest': to the closest whole
    number, a half rounded up).

    pre: territories >= 0 and divisor >= 1
    pre: rounding in ('down', 'nearest')
    post: __return__ >= 0
    post: rounding != 'down' or __return__ * divisor <= territories < (__return__ + 1) * divisor
    post: rounding != 'nearest' or abs(2 * (__return__ * divisor - territories)) <= divisor
    """
    if rounding == "down":
        return territories // divisor
    return (2 * territories + divisor) // (2 * divisor)


@R.cites(R.REINFORCE_MINIMUM, R.REINFORCE_CONTINENT_BONUS)
def compute_reinforcements(territories: int, group_bonuses: Sequence[int], divisor: int,
                           minimum: int, minimum_applies_to: str, rounding: str = "down",
                           divide_from: int = 0) -> int:
    """Armies a player receives at the start of a turn (before cards).

    ``group_bonuses`` are the bonuses of the groups (continents) the player holds
    entirely.  Territories are divided by ``divisor`` (rounded as ``rounding`` says),
    unless fewer than ``divide_from`` are held, which gives just ``minimum``.
    ``minimum_applies_to`` = 'territories': the minimum bounds the territory count's
    armies alone, continent bonuses are added after; 'total': it bounds the sum.

    pre: territories >= 0 and divisor >= 1 and minimum >= 0 and divide_from >= 0
    pre: minimum_applies_to in ('territories', 'total')
    pre: rounding in ('down', 'nearest')
    pre: all(b >= 0 for b in group_bonuses)
    post: __return__ >= minimum
    post: rounding != 'down' or divide_from > 0 or __return__ >= territories // divisor + sum(group_bonuses)
    post: rounding != 'down' or __return__ <= max(minimum, territories // divisor) + sum(group_bonuses)
    post: territories >= divide_from or __return__ <= minimum + sum(group_bonuses)
    """
    if territories < divide_from:
        base = minimum  # classic.reinforce.territory-armies: fewer than divide_from give the minimum
    else:
        base = compute_territory_armies(territories, divisor, rounding)
    bonus = sum(group_bonuses)
    if minimum_applies_to == "territories":
        return max(minimum, base) + bonus
    return max(minimum, base + bonus)


@R.cites(R.REINFORCE_CONTINENT_BONUS)
def get_held_groups(owner: Sequence[int], player: int,
                    groups: Sequence[tuple[str, int, tuple[int, ...]]]) -> list[tuple[str, int]]:
    """(group id, bonus) of every group whose territories all belong to ``player``."""
    return [(gid, bonus) for gid, bonus, members in groups
            if all(owner[t] == player for t in members)]

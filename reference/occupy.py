"""Occupation after a conquest: a pure function, every number an argument.

The engine (``classic.conquer`` / ``classic.process_occupy``) computes the same range
inline; this function states the rule once, with PEP 316 contracts for CrossHair, so
that another engine's move-in limits can be checked against it through an adapter
(docs/contracts.md).
"""

from __future__ import annotations


def get_occupy_range(armies_from: int, dice_rolled: int, min_move: str) -> tuple[int, int]:
    """(fewest, most) armies that may move into a just-conquered territory from the
    attacking territory holding ``armies_from`` armies after the last roll, in which the
    attacker threw ``dice_rolled`` dice.

    One army always stays behind, so at most ``armies_from - 1`` move.  Under
    ``conquest.min_move`` = dice-rolled at least as many as the dice thrown in the last
    roll move (fewer only if fewer are there to move); under one, at least one.

    pre: armies_from >= 2 and dice_rolled >= 1
    pre: min_move in ('dice-rolled', 'one')
    post: 1 <= __return__[0] <= __return__[1] == armies_from - 1
    post: min_move != 'one' or __return__[0] == 1
    post: min_move != 'dice-rolled' or __return__[0] == min(dice_rolled, armies_from - 1)
    """
    most = armies_from - 1
    least = dice_rolled if min_move == "dice-rolled" else 1
    return min(least, most), most

"""Occupation after a conquest: a pure function, every number an argument.

Both families' engines call it (``classic.conquer`` / ``classic.process_occupy``,
``napoleon.combat.resolve_roll`` / ``process_occupy``): the rule is stated once, with PEP
316 contracts that CrossHair proves, and another engine's move-in limits can be checked
against it through an adapter (docs/contracts.md).
"""

from __future__ import annotations

from riskspec.reference import ruleids as R


@R.cites(R.CONQUEST_ALWAYS_OCCUPIED)
def get_occupy_range(armies_from: int, dice_rolled: int, min_move: str, stay: int = 1
                     ) -> tuple[int, int]:
    """(fewest, most) armies that may move into a just-conquered place from the attacking
    place holding ``armies_from`` armies after the last roll, in which the attacker threw
    ``dice_rolled`` dice.

    ``stay`` armies stay behind (one; Napoléon: the ships a zone must keep), so at most
    ``armies_from - stay`` move.  Under ``conquest.min_move`` = dice-rolled at least as
    many as the dice thrown in the last roll move (fewer only if fewer are there to move);
    under one, at least one.

    pre: stay >= 1 and armies_from >= stay + 1 and dice_rolled >= 1
    pre: min_move in ('dice-rolled', 'one')
    post: 1 <= __return__[0] <= __return__[1] == armies_from - stay
    post: min_move != 'one' or __return__[0] == 1
    post: min_move != 'dice-rolled' or __return__[0] == min(dice_rolled, armies_from - stay)
    """
    most = armies_from - stay
    least = dice_rolled if min_move == "dice-rolled" else 1
    return min(least, most), most

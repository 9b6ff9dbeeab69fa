"""Chance outcomes with exact probabilities, as ``chance_outcomes`` answers them.

The suite never sends seeds: a dice roll or a card draw is an *outcome* the suite
applies like an action.  An adapter whose engine rolls its own dice lists the
outcomes here and, when one is applied, makes the engine use exactly those dice
(see :func:`scripted_random`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any

from riskspec.reference.battle import get_roll_counts

Outcome = dict[str, Any]


def roll_outcomes(attacker_dice: int, defender_dice: int, sides: int = 6) -> list[tuple[Outcome, Fraction]]:
    """Every roll of a battle: each side's dice sorted high to low, with its exact probability.

    >>> outs = roll_outcomes(1, 1)
    >>> outs[0]
    ({'type': 'roll', 'attacker': [1], 'defender': [1]}, Fraction(1, 36))
    >>> sum(p for _, p in roll_outcomes(3, 2))
    Fraction(1, 1)
    """
    rolls, counts, total = get_roll_counts(attacker_dice, defender_dice, sides)
    return [({"type": "roll", "attacker": list(a), "defender": list(d)}, Fraction(c, total))
            for (a, d), c in zip(rolls, counts)]


def uniform(outcomes: Iterable[Outcome]) -> list[tuple[Outcome, Fraction]]:
    """Equally likely outcomes (a card draw, a deal, the first player)."""
    outs = list(outcomes)
    return [(o, Fraction(1, len(outs))) for o in outs]


def draw_outcomes(draw_pile: Sequence[str]) -> list[tuple[Outcome, Fraction]]:
    """Drawing one card of the pile, each equally likely."""
    return uniform({"type": "draw", "card": c} for c in draw_pile)


def first_player_outcomes(seats: Sequence[int]) -> list[tuple[Outcome, Fraction]]:
    """Who wins the roll to go first, each seat equally likely."""
    return uniform({"type": "first-player", "player": s} for s in seats)


def fraction_text(p: Fraction | int) -> str:
    """A probability as the protocol writes it: ``"1/3"``, ``"1"``."""
    f = Fraction(p)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


class ScriptedDice:
    """Stands in for :mod:`random` inside an engine: answers die rolls from a script.

    ``randint(1, 6)``, ``randrange(1, 7)`` and ``choice`` return the scripted values in
    order; running out, or asking for a value outside the asked range, raises
    ``RuntimeError`` (so an engine that rolls more dice than the battle has is caught,
    never silently given random ones).
    """

    def __init__(self, values: Iterable[Any]) -> None:
        self._values: list[Any] = list(values)
        self.used = 0

    def _next(self, lo: int | None = None, hi: int | None = None) -> Any:
        if self.used >= len(self._values):
            raise RuntimeError(f"the engine asked for a random value #{self.used + 1}; "
                               f"the outcome supplies only {len(self._values)}")
        v = self._values[self.used]
        self.used += 1
        if lo is not None and hi is not None and not lo <= v <= hi:
            raise RuntimeError(f"scripted value {v!r} is outside the engine's range {lo}..{hi}")
        return v

    @property
    def left(self) -> int:
        """Scripted values not yet used."""
        return len(self._values) - self.used

    def randint(self, a: int, b: int) -> int:
        return int(self._next(a, b))

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        lo, hi = (0, start - 1) if stop is None else (start, stop - 1)
        return int(self._next(lo, hi))

    def choice(self, seq: Sequence[Any]) -> Any:
        v = self._next()
        if v not in seq:
            raise RuntimeError(f"scripted choice {v!r} is not among the engine's options")
        return v

    def shuffle(self, seq: list[Any]) -> None:  # a scripted game keeps the order it was given
        return None

    def random(self) -> float:
        return float(self._next())


@contextlib.contextmanager
def scripted_random(module: Any, values: Iterable[Any], *, attr: str = "random",
                    exact: bool = True) -> Iterator[ScriptedDice]:
    """Within the block, ``module.<attr>`` (the engine's ``random`` import) answers from ``values``.

    Both ways of rolling the wrong number of dice are caught: asking for more values than
    scripted raises at once, and (``exact``, the default) leaving some unused raises when the
    block ends without another error — the engine rolled fewer dice than the outcome has.

    >>> import types, random as r
    >>> eng = types.SimpleNamespace(random=r)
    >>> with scripted_random(eng, [6, 2]) as dice:
    ...     (eng.random.randint(1, 6), eng.random.randrange(1, 7), dice.left)
    (6, 2, 0)
    """
    dice = ScriptedDice(values)
    saved = getattr(module, attr)
    setattr(module, attr, dice)
    try:
        yield dice
    finally:
        setattr(module, attr, saved)
    if exact and dice.left:
        raise RuntimeError(f"the engine used {dice.used} of the {dice.used + dice.left} scripted values: "
                           f"it rolled fewer dice than the outcome has")


__all__ = ["Outcome", "ScriptedDice", "draw_outcomes", "first_player_outcomes", "fraction_text",
           "roll_outcomes", "scripted_random", "uniform"]

"""Chance nodes: the outcomes of a chance node with exact integer weights.

A :class:`ChanceTable` lists the outcomes in canonical order with integer
weights summing to ``total``; an outcome's probability is ``weight / total``
exactly.  ``engine.chance_outcomes`` turns it into ``[(outcome, Fraction)]``;
the driver samples an index with ``rng.randrange(total)`` (exact, and without
building every outcome — a 3-against-2 roll has 1176).

* ``first-player``: each player (not the neutral army) equally likely — the
  highest die wins, ties are rerolled;
* ``mission``: the next mission card, each undealt card of the deck equally likely;
* ``deal``: the next territory card, each undealt territory equally likely;
* ``roll``: each side's dice sorted high to low, weighted by the number of
  ordered rolls that give them (``sides ** dice`` in all);
* ``draw``: each card of the draw pile equally likely.
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from riskspec.reference.battle import get_roll_counts
from riskspec.reference.listed import get_listed
from riskspec.reference.missions import get_mission_deck
from riskspec.reference.state import State
from riskspec.reference.tables import Tables

Outcome = dict[str, Any]


@dataclass(frozen=True)
class ChanceTable:
    keys: tuple[Any, ...]
    weights: tuple[int, ...] | None   # None: every outcome has weight 1
    total: int
    make: Callable[[Any], Outcome]
    cumulative: tuple[int, ...] | None = None

    def __len__(self) -> int:
        return len(self.keys)

    def outcome(self, index: int) -> Outcome:
        """The outcome at ``index`` (for Classic a shared, read-only
        :class:`~riskspec.reference.listed.Listed`)."""
        return self.make(self.keys[index])

    def weight(self, index: int) -> int:
        return 1 if self.weights is None else self.weights[index]

    def index_of_draw(self, r: int) -> int:
        """The outcome index for a uniform integer ``0 <= r < total``."""
        if self.cumulative is None:
            return r
        return bisect.bisect_right(self.cumulative, r)


def _uniform(keys: list[Any] | tuple[Any, ...], make: Callable[[Any], Outcome]) -> ChanceTable:
    keys = tuple(keys)
    return ChanceTable(keys, None, len(keys), make)


@functools.cache
def get_roll_table(n_attacker: int, n_defender: int, sides: int) -> ChanceTable:
    rolls, counts, total = get_roll_counts(n_attacker, n_defender, sides)
    return ChanceTable(rolls, counts, total, _make_roll,
                       tuple(itertools.accumulate(counts)))


def _make_roll(roll: tuple[tuple[int, ...], tuple[int, ...]]) -> Outcome:
    return {"type": "roll", "attacker": list(roll[0]), "defender": list(roll[1])}


_LISTED_ROLLS: dict[tuple[int, int, int], tuple[Tables, ChanceTable]] = {}


def get_listed_roll_table(tables: Tables, n_attacker: int, n_defender: int) -> ChanceTable:
    """:func:`get_roll_table` for a ruleset, its outcomes the ruleset's listed rolls."""
    key = (id(tables), n_attacker, n_defender)
    got = _LISTED_ROLLS.get(key)
    if got is None or got[0] is not tables:
        plain = get_roll_table(n_attacker, n_defender, tables.params.attack_dice_sides)
        outcomes = tuple(map(get_listed(tables).roll, plain.keys))
        got = _LISTED_ROLLS[key] = (tables, dataclasses.replace(
            plain, keys=tuple(range(len(outcomes))), make=outcomes.__getitem__))
    return got[1]


def get_chance_table(s: State) -> ChanceTable | None:
    """The chance table of a Classic chance node, None at a decision or terminal node (any
    family: :func:`riskspec.reference.engine.get_chance_table`)."""
    tb, phase = s.tables, s.phase
    if phase == "battle":
        return get_listed_roll_table(tb, s.pending["attacker_dice"], s.pending["defender_dice"])
    if phase == "deal":
        return _uniform([t for t, o in enumerate(s.owner) if o < 0],
                        get_listed(tb).deal.__getitem__)
    if phase == "draw":
        return _uniform(s.draw_pile, get_listed(tb).draw.__getitem__)
    if phase == "first-player":
        return _uniform([p for p in range(s.n_players) if p != s.neutral],
                        lambda p: {"type": "first-player", "player": p})
    if phase == "deal-missions":
        seat = s.pending["next"]
        dealt = set(s.missions)
        return _uniform([m for m in get_mission_deck(s) if m not in dealt],
                        lambda m: {"type": "mission", "player": seat, "mission": m})
    return None

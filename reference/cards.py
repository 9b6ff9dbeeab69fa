"""Card arithmetic: pure functions on symbols and counts, no state.

A *set* is either as many cards of one symbol as the board has symbols, or one
card of each symbol (three for Classic); a wild card stands for any symbol,
and at most ``max_wilds`` wild cards may be in one set.  Set values come from
the spec's ``cards.*`` parameters, passed in as arguments.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from riskspec.reference import ruleids as R

WILD = "wild"


def get_set_size(symbols: Sequence[str]) -> int:
    """Cards in a set: one of each of the board's symbols (so three of a kind too)."""
    return len(symbols)


def get_set_problem(cards: Sequence[str], board_symbols: Sequence[str], max_wilds: int) -> str | None:
    """Why these card symbols are not a set (``'set-size'``, ``'too-many-wilds'``,
    ``'not-a-set'``), or None when they are one.

    pre: max_wilds >= 0
    post: __return__ in (None, 'set-size', 'too-many-wilds', 'not-a-set')
    post: __return__ is not None or (len(cards) == len(board_symbols) and sum(1 for c in cards if c == WILD) <= max_wilds)
    post: __return__ is None or WILD in cards or len(cards) != len(board_symbols) or len(set(cards)) not in (1, len(cards))
    """
    if len(cards) != get_set_size(board_symbols):
        return "set-size"
    wilds = sum(1 for s in cards if s == WILD)
    if wilds > max_wilds:
        return "too-many-wilds"
    plain = [s for s in cards if s != WILD]
    kinds = len(set(plain))
    if kinds <= 1 or kinds == len(plain):  # all alike, or all different
        return None
    return "not-a-set"


@R.cites(R.CARDS_SET_VALUES, R.CARDS_SET_VALUE_INCREMENT)
def get_set_value(n_traded: int, values: Sequence[int], increment: int, cap: int | None) -> int:
    """Armies for the next set on the escalating track, when ``n_traded`` sets were traded
    before it (by anyone): the listed values, then ``increment`` more each time, up to ``cap``.

    pre: n_traded >= 0 and len(values) >= 1
    post: cap is None or __return__ <= cap
    post: n_traded >= len(values) or __return__ == (values[n_traded] if cap is None else min(values[n_traded], cap))
    """
    if n_traded < len(values):
        value = values[n_traded]
    else:
        value = values[-1] + increment * (n_traded - len(values) + 1)
    return value if cap is None else min(value, cap)


def get_fixed_set_value(cards: Sequence[str], table: Mapping[str, int]) -> int:
    """Armies for a set by its symbols ('fixed' mode): ``table[symbol]`` for three alike,
    ``table['mixed']`` for one of each; a wild card counts as whatever is worth most.

    pre: 'mixed' in table and all(c in table for c in cards if c != WILD)
    post: __return__ in table.values()
    """
    plain = {s for s in cards if s != WILD}
    if len(plain) > 1:
        return table["mixed"]
    if len(plain) == 1:
        alike = table[next(iter(plain))]
        mixed_possible = len(cards) - sum(1 for s in cards if s == WILD) == 1
        return max(alike, table["mixed"]) if mixed_possible else alike
    return max(table.values())


def get_valid_sets(hand: Sequence[int], card_symbol: Sequence[str], board_symbols: Sequence[str],
                   max_wilds: int) -> list[tuple[int, ...]]:
    """Every set (tuple of card indices, ascending) that can be made from ``hand``."""
    size = get_set_size(board_symbols)
    return [combo for combo in itertools.combinations(sorted(hand), size)
            if get_set_problem([card_symbol[c] for c in combo], board_symbols, max_wilds) is None]


def has_valid_set(hand: Sequence[int], card_symbol: Sequence[str], board_symbols: Sequence[str],
                  max_wilds: int) -> bool:
    size = get_set_size(board_symbols)
    if len(hand) < size:
        return False
    return any(get_set_problem([card_symbol[c] for c in combo], board_symbols, max_wilds) is None
               for combo in itertools.combinations(hand, size))

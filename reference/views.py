"""The legal actions as read-only sequences whose items are made on demand, for random play
(:func:`riskspec.reference.engine.legal_view`), which reads a list's length and two or three
of its items.

The same actions in the same order as :mod:`riskspec.reference.legal` lists them
(``tests/engine/test_listed.py`` compares them item by item); only the listing is skipped.
Not a rule module: what is legal is decided in ``legal`` (mutated by the suite-power
campaign), this one only indexes it.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Any, overload

from riskspec.reference.legal import get_fortify_links, get_legal_actions
from riskspec.reference.listed import Listed, get_listed
from riskspec.reference.state import State

Action = dict[str, Any]


def get_legal_view(s: State) -> Sequence[Action]:
    """:func:`get_legal_actions` as a read-only sequence: in the fortify phase a
    :class:`FortifyView` (its items made on demand), elsewhere the list itself."""
    if s.phase == "fortify":
        return FortifyView(s)
    return get_legal_actions(s)


class FortifyView(Sequence[Action]):
    """The fortify phase's legal actions, in the order ``legal`` lists them, without the
    list: one run per pair f → t (:func:`~riskspec.reference.legal.get_fortify_links`) of
    the armies f may move, then ending the turn.  Made in O(pairs), an item found by
    bisection: a late two-player game lists thousands of moves (one per army count), of
    which random play reads two or three."""

    __slots__ = ("_listed", "_runs", "_starts", "_size")

    def __init__(self, s: State) -> None:
        armies = s.armies
        self._listed = get_listed(s.tables)
        self._runs: list[tuple[int, int, int, list[Listed]]] = []
        self._starts: list[int] = []
        size = 0
        for f, moves in get_fortify_links(s):
            n = armies[f] - 1
            if n < 1:
                continue
            for t, have in moves:
                self._runs.append((f, t, n, have))
                self._starts.append(size)
                size += n
        self._size = size + 1       # and end-turn

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> list[Action]: ...

    def __getitem__(self, i: int | slice) -> Action | list[Action]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self._size))]
        if i < 0:
            i += self._size
        if not 0 <= i < self._size:
            raise IndexError(f"fortify action {i} of {self._size}")
        if i == self._size - 1:
            return self._listed.end_turn
        j = bisect.bisect_right(self._starts, i) - 1
        f, t, n, have = self._runs[j]
        k = i - self._starts[j]
        if k >= len(have):
            self._listed.fortifications(f, t, n)      # grows ``have`` itself
        return have[k]

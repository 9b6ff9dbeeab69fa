"""Hypothesis properties of the rule functions with the CrossHair backend
(``hypothesis-crosshair``): CrossHair, not random sampling, picks the examples, so rare
paths — a tie of the two highest dice, a die pushed past the cap — are reached on purpose.

Marked ``crosshair`` (deselect with ``-m "not crosshair"``).
"""

from __future__ import annotations

import pytest

pytest.importorskip("hypothesis_crosshair_provider")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from riskspec.reference import battle  # noqa: E402
from riskspec.reference.modifiers import apply_bonuses  # noqa: E402

pytestmark = pytest.mark.crosshair

dice = st.lists(st.integers(1, 6), min_size=1, max_size=3)


@given(att=dice, dfd=st.lists(st.integers(1, 6), min_size=1, max_size=2))
@settings(backend="crosshair", max_examples=20, deadline=None, database=None)
def test_ties_go_to_the_defender_symbolically(att: list[int], dfd: list[int]) -> None:
    la, ld = battle.compute_losses(att, dfd, "defender")
    if max(att) <= max(dfd):
        assert la >= 1
    assert la + ld == min(len(att), len(dfd))


@given(d=dice, bonus=st.lists(st.integers(0, 3), max_size=3),
       cap=st.one_of(st.none(), st.integers(6, 8)))
@settings(backend="crosshair", max_examples=20, deadline=None, database=None)
def test_bonuses_never_lower_a_die_symbolically(d: list[int], bonus: list[int],
                                                cap: int | None) -> None:
    out = apply_bonuses(d, bonus, cap)
    assert sorted(out, reverse=True) == list(out)
    assert all(x >= y for x, y in zip(out, sorted(d, reverse=True)))
    if cap is not None:
        assert max(out) <= cap

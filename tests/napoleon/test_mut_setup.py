"""Checks the vectors cannot make on the printed board (triaged in
conformance/mutation-triage.yaml as 'outside'): a deal on a board smaller than the deal's
shares, a mission deck the engine cannot evaluate, a chance table of unequal odds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from riskspec.errors import OptionError
from riskspec.reference import engine as E
from riskspec.reference.napoleon.inline import small_map, variant_on_map
from riskspec.reference.napoleon.legal import _weighted
from riskspec.reference.napoleon.missions import _check_form

SIX = ("a1", "a2", "a3", "b1", "b2", "b3")


def test_the_deal_stops_when_the_board_is_dealt():
    """napoleon.basic.deal: every territory card is dealt and no more. On the printed board
    the players' and neutrals' shares add up to its 48 territories; on six territories the
    deal ends with the sixth, every seat still owed some."""
    m = small_map({t: t[0] for t in SIX}, None,
                  [(a, b, "land") for a, b in zip(SIX, SIX[1:])],
                  cards=[(f"c-{t}", t, "infantry") for t in SIX])
    s = E.new_game(variant_on_map(E.get_variant("napoleon-basic"), m), 2)
    dealt = 0
    while E.to_dict(s)["phase"] == "deal":
        (outcome, _), *_ = E.chance_outcomes(s)
        s, _ = E.apply(s, outcome)
        dealt += 1
    d = E.to_dict(s)
    assert dealt == 6 and d["phase"] == "first-player"
    assert all(t["owner"] is not None for t in d["territories"].values())


@pytest.mark.parametrize("cond, refused", [
    ({"capture_leaders": {"count": 1, "kind": "admiral"}}, True),
    ({"capture_leaders": {"count": 1, "kind": "general"}}, False),
    ({"hold_units": {"kind": "admirals", "count": 1}}, True),
    ({"hold_units": {"kind": "ships", "count": 1}}, False),
])
def test_a_mission_on_admirals_is_refused_when_the_deck_is_read(cond, refused):
    """The reference engine cannot count captured admirals or admirals held: a deck with
    such a mission is refused when read (OptionError naming it), the others are read."""
    if refused:
        with pytest.raises(OptionError, match="on admirals"):
            _check_form(cond, "m-x")
    else:
        _check_form(cond, "m-x")


def test_unequal_odds_keep_their_weights():
    """A chance table of odds 1/2, 1/4, 1/4 (every numerator 1, two denominators) is no
    uniform table: its weights are 2, 1, 1 of 4."""
    t = _weighted({"a": Fraction(1, 2), "b": Fraction(1, 4), "c": Fraction(1, 4)},
                  lambda k: {"type": "draw", "card": k})
    assert t.total == 4 and [t.weight(i) for i in range(len(t))] == [2, 1, 1]
    u = _weighted({"a": Fraction(1, 3), "b": Fraction(1, 3), "c": Fraction(1, 3)},
                  lambda k: {"type": "draw", "card": k})
    assert [Fraction(u.weight(i), u.total) for i in range(len(u))] == [Fraction(1, 3)] * 3

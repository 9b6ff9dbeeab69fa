"""The reinforcement phase's purchase and ransom listings (``leaders.buyable_places``,
``ransom.legal_ransoms``) run their place-independent checks once; they must list exactly
the actions the per-action checks (``can_buy``, ``ransom_problem``) accept, on reachable
and on scrambled positions, under every reading of the ransom parameters."""

from __future__ import annotations

import random

import pytest

from riskspec.reference import engine as E
from riskspec.reference.driver import play_game
from riskspec.reference.napoleon import leaders as L
from riskspec.reference.napoleon import ransom as RS

from .test_reach import _with_params


def _reinforce_positions(seed: int):
    r = play_game("napoleon-advanced", 3, seed=seed, policy="aggressive", max_turns=3,
                  record=True)
    s = E.new_game("napoleon-advanced", 3)
    for a in r.steps:
        s, _ = E.apply(s, a)
        if s.phase == "reinforce" and E.current_player(s) >= 0:
            yield s


def _scramble_leaders(s, rng: random.Random):
    """Random leaders on the board, captives, ransoms this turn and reinforcements."""
    s = s.copy()
    for i in range(len(s.owner)):
        on_zone = i >= s.tables.n_territories
        s.generals[i] = 0 if on_zone else rng.choice([0, 0, 0, 1, 2])
        s.admirals[i] = rng.choice([0, 0, 1]) if on_zone else 0
        if on_zone and rng.random() < 0.2:
            s.armies[i] = 0  # a zone marked with no ships: no admiral may go there
    s.pows = [rng.choice([0, 0, 1, 2]) for _ in s.pows]
    s.ransomed = [rng.choice([0, 1]), rng.choice([0, 1])]
    s.pending = dict(s.pending, to_place=rng.randint(0, 12), must_trade=rng.random() < 0.1)
    return s


@pytest.mark.parametrize("seed", range(2))
def test_listings_equal_the_per_action_checks(seed: int) -> None:
    rng = random.Random(seed)
    places = None
    listed = 0
    for base in _reinforce_positions(seed):
        for s in (base, _scramble_leaders(base, rng), _scramble_leaders(base, rng)):
            s = _with_params(s, ransom__requires_all_captured=rng.choice([True, False]),
                             ransom__applies_to=rng.choice(["generals",
                                                            "generals-and-admirals"]))
            places = range(len(s.owner))
            for kind in ("general", "admiral", "fortification"):
                assert L.buyable_places(s, kind) == \
                    [t for t in places if L.can_buy(s, kind, t) is None], kind
            expected = [{"type": "ransom", "leader": leader, "captor": c,
                         "place": s.tables.places[x]}
                        for leader in ("general", "admiral") for c in range(s.n_players)
                        for x in places if RS.ransom_problem(s, leader, c, x) is None]
            assert RS.legal_ransoms(s) == expected
            listed += len(expected)
    assert places is not None and listed > 0  # some positions do allow a ransom

"""The incremental observation (what the environments use) equals the one built from
scratch from the public state form, on positions of every variant, for every seat."""

from __future__ import annotations

import random

import numpy as np
import pytest

from riskspec.envs.game import Match, Settings
from riskspec.envs.observation import ObservationEncoder
from riskspec.reference import engine as E

from .common import SETTINGS, sample_positions


@pytest.mark.parametrize("variant,players", SETTINGS)
def test_the_incremental_observation_is_the_one_built_from_scratch(variant: str,
                                                                   players: int) -> None:
    match = Match(Settings(variant=variant, players=players))
    enc = ObservationEncoder(match.codec, match.sample)
    assert enc._plan is not None  # the fast path is the one under test
    tracker = enc.tracker()
    rng = random.Random(players)
    seen = 0
    for pos in sample_positions(variant, players, seed=players + 7, steps=2500, every=7):
        if pos.actor() >= 0 and rng.random() < 0.3:   # some with a sub-decision open
            heads = pos.legal_indices()
            for index in heads:
                if pos.resolve(index) is None:
                    pos.apply(index)
                    break
        for seat in [None, *range(len(match.sample["players"]))]:
            want = np.asarray(enc.encode(pos, seat), dtype=np.float32)
            got = enc.observe(pos, seat, tracker)
            assert np.array_equal(got, want), (E.to_dict(pos.state)["phase"], seat)
        seen += 1
    assert seen > 50


def test_the_tracker_follows_any_order_of_states() -> None:
    # the tracker diffs against the state it saw last, whatever it is (OpenSpiel observes
    # clones and earlier states in any order)
    match = Match(Settings(variant="napoleon-advanced", players=3))
    enc = ObservationEncoder(match.codec, match.sample)
    tracker = enc.tracker()
    positions = list(sample_positions("napoleon-advanced", 3, seed=4, steps=3000, every=40))
    random.Random(0).shuffle(positions)
    for pos in positions + positions[::-1]:
        want = np.asarray(enc.encode(pos, 1), dtype=np.float32)
        assert np.array_equal(enc.observe(pos, 1, tracker), want)

"""Helpers of the environment tests: sampled positions of every variant."""

from __future__ import annotations

import random
from collections.abc import Iterator

from riskspec.envs.codec import Position, get_codec
from riskspec.reference import driver as D
from riskspec.reference import engine as E

#: (variant, players) the environments are tested on
SETTINGS = [("classic", 2), ("classic", 3), ("classic", 4), ("classic", 5), ("classic", 6),
            ("napoleon-basic", 2), ("napoleon-advanced", 3), ("napoleon-advanced", 6)]


def sample_positions(variant: str, players: int, *, seed: int, steps: int,
                     every: int, policy: str = "by-type") -> Iterator[Position]:
    """Every ``every``-th position of a seeded random game (setup included)."""
    rng = random.Random(seed)
    codec = get_codec(variant)
    s = E.new_game(variant, players)
    for k in range(steps):
        if E.current_player(s) == E.TERMINAL:
            return
        if k % every == 0:
            yield Position(codec, s)
        a = D.sample_outcome(s, rng) if E.current_player(s) == E.CHANCE else \
            D.choose_action(E.legal_actions(s), rng, policy, s)
        s, _ = E.apply(s, a)

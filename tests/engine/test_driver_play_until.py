"""driver.play_until: seeded random play up to a condition, refusing to run forever."""

from __future__ import annotations

import random

import pytest

from riskspec.reference import driver as D
from riskspec.reference import engine as E


def test_stops_at_the_condition_and_replays_identically() -> None:
    def stop(s):
        return s.phase == "attack" and E.current_player(s) >= 0

    a = D.play_until(E.new_game("classic", 3), stop, random.Random(4))
    b = D.play_until(E.new_game("classic", 3), stop, random.Random(4))
    assert stop(a) and E.to_json(a) == E.to_json(b)


def test_gives_up_after_the_limit() -> None:
    with pytest.raises(ValueError, match="within 5 steps"):
        D.play_until(E.new_game("classic", 3), lambda s: False, random.Random(0), limit=5)

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


def test_type_starts_are_where_the_type_changes() -> None:
    # get_type_starts finds the blocks by doubling steps and bisection; the definition is
    # the linear scan: every index whose type differs from the one before it
    rng = random.Random(5)
    for _ in range(3000):
        actions: list[dict[str, str]] = []
        for kind in range(rng.randrange(1, 5)):
            actions += [{"type": f"t{kind}"}] * rng.choice([1, 2, 3, 7, rng.randrange(1, 2000)])
        linear = [0] + [i for i in range(1, len(actions))
                        if actions[i]["type"] != actions[i - 1]["type"]]
        assert D.get_type_starts(actions) == linear
    assert D.get_type_starts([]) == []

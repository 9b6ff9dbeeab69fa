"""napoleon.turn.order / napoleon.turn.time-track: a game turn is one round of the players
counted from the first player, whoever that is — not a pass over seat 0."""

from __future__ import annotations

import random

import pytest

from riskspec.reference import engine as E
from riskspec.reference.driver import choose_action, sample_outcome


def _turns(variant: str, players: int, first: int, seed: int) -> tuple[list[tuple[int, int]], object]:
    """Play a game whose first player (every roll for it) is ``first``; the (turn, seat) of
    every turn started, in order."""
    rng = random.Random(seed)
    s = E.new_game(variant, players)
    started: list[tuple[int, int]] = []
    steps = 0
    while s.winner < 0 and s.phase != "game-over" and steps < 200_000:
        steps += 1
        if E.current_player(s) == E.CHANCE:
            outcomes = [a for a, _ in E.chance_outcomes(s)]
            forced = [a for a in outcomes if a.get("type") == "first-player"
                      and a.get("player") == first]
            a = forced[0] if forced else sample_outcome(s, rng)
        else:
            a = choose_action(E.legal_actions(s), rng, "aggressive", s)
        before = (s.turn, s.current)
        s, _ = E.apply(s, a)
        if s.turn > 0 and (s.turn, s.current) != before and s.phase not in ("game-over",):
            if not started or started[-1] != (s.turn, s.current):
                started.append((s.turn, s.current))
    return started, s


@pytest.mark.parametrize("variant, players, first", [
    ("napoleon-advanced", 3, 2), ("napoleon-advanced", 3, 1), ("napoleon-advanced", 4, 3),
    ("napoleon-basic", 2, 1)])
def test_a_turn_is_one_round_from_the_first_player(variant: str, players: int, first: int
                                                   ) -> None:
    started, s = _turns(variant, players, first, seed=first)
    assert s.first_player == first
    assert started and started[0] == (1, first)
    by_turn: dict[int, list[int]] = {}
    for turn, seat in started:
        by_turn.setdefault(turn, []).append(seat)
    order = [(first + k) % players for k in range(players)]
    for turn, seats in by_turn.items():
        assert len(seats) == len(set(seats)), (turn, seats)  # nobody plays twice in a turn
        ranks = [order.index(x) for x in seats]
        assert ranks == sorted(ranks), (turn, seats)  # counted from the first player
    limit = s.tables.params.game_turn_limit if s.tables.params.is_advanced else None
    if limit is not None and s.eliminated_by[first] < 0:
        assert s.phase == "game-over" and s.turn == limit
        assert sum(1 for _, seat in started if seat == first) == limit

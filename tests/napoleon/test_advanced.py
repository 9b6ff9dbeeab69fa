"""Napoléon Advanced Rules implemented so far: claiming setup, the per-territory setup
limit, five turns on the time track, empire and territory victory points, the winner."""

from __future__ import annotations

import random

import pytest

from riskspec.errors import IllegalActionError, OptionError
from riskspec.reference import engine as E
from riskspec.reference.driver import choose_action, play_game, sample_outcome

from . import invariants as I

V = "napoleon-advanced"


def _run_until(s, stop, seed=0, policy="aggressive"):
    rng = random.Random(seed)
    while not stop(s) and s.winner < 0:
        I.check_node(s)
        I.check_board(s)
        a = sample_outcome(s, rng) if E.current_player(s) == E.CHANCE else \
            choose_action(E.legal_actions(s), rng, policy, s)
        after, _ = E.apply(s, a)
        I.check_step(s, a, after)
        s = after
    return s


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_napoleon_setup_players_and_regiments(n: int) -> None:
    s = E.new_game(V, n)
    assert s.reserves == [s.tables.p["setup.starting_units"][str(n)]] * n
    assert s.neutrals == ()


def test_napoleon_setup_claim_and_reinforce_limit() -> None:
    s = E.new_game(V, 3)
    s, _ = E.apply(s, {"type": "first-player", "player": 2})
    assert s.phase == "claim" and s.current == 2
    t0 = E.legal_actions(s)[0]["territory"]
    s, _ = E.apply(s, {"type": "claim", "territory": t0})
    assert s.current == 0
    with pytest.raises(IllegalActionError) as exc:
        E.apply(s, {"type": "claim", "territory": t0})
    assert exc.value.rule == "napoleon.setup.claim"
    s = _run_until(s, lambda x: x.turn > 0)
    top = s.tables.p["setup.max_units_per_territory"]
    assert s.phase == "reinforce" and max(s.armies[:s.tables.n_territories]) <= top
    assert sum(s.reserves) == 0


def test_napoleon_turn_time_track_and_scoring_winner() -> None:
    for seed in range(4):
        r = play_game(V, 4, seed=seed, policy="aggressive")
        s = r.state
        assert s.phase == "game-over" and r.turns == s.tables.p["game.turn_limit"]
        best = max(s.vp)
        assert s.vp[s.winner] == best, "the most victory points wins"


def test_napoleon_scoring_empire_vp_at_turn_start() -> None:
    from riskspec.reference.napoleon.game import score_empires
    s = E.new_game(V, 3)
    tb = s.tables
    name, bonus, terr = tb.groups[0]
    for t in terr:
        s.owner[t], s.armies[t] = 1, 1
    s.turn = 1
    score_empires(s, 1)
    assert s.vp[1] == bonus


def test_napoleon_victory_points_never_lost_without_cause() -> None:
    rng = random.Random(5)
    s = E.new_game(V, 4)
    while s.winner < 0:
        a = sample_outcome(s, rng) if E.current_player(s) == E.CHANCE else \
            choose_action(E.legal_actions(s), rng, "aggressive", s)
        after, _ = E.apply(s, a)
        assert all(x >= y for x, y in zip(after.vp, s.vp)), "VP are never lost silently"
        s = after
    I.check_round_trip(s)


def test_napoleon_capitals_option_not_yet_played() -> None:
    with pytest.raises(OptionError):
        E.new_game(V, 4, {"capitals": "on"})

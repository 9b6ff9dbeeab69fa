"""Random-play campaigns of the Advanced game (with and without the Capitals option) under
every Napoléon invariant (tests/napoleon/invariants.py), and planted violations that show
each invariant can fail."""

from __future__ import annotations

import random

import pytest

from riskspec.reference import engine as E

from . import invariants as I

CONFIGS = [("napoleon-advanced", 3, {}), ("napoleon-advanced", 4, {"capitals": "on"}),
           ("napoleon-advanced", 6, {"capitals": "on"}), ("napoleon-advanced", 5, {})]


def campaign(variant: str, players: int, options: dict, seed: int, policy: str) -> int:
    """One whole game, every invariant checked at every step; returns the steps played."""
    rng = random.Random(seed)
    s = E.new_game(variant, players, options)
    steps = 0
    start = s
    for _, _, s, _ in I.random_steps(start, rng, policy, checked=True):
        if rng.random() < 0.02:
            I.check_round_trip(s, check_schema=True)
        steps += 1
    I.check_node(s)
    I.check_board(s)
    I.check_round_trip(s)
    assert s.turn == s.tables.params.game_turn_limit, "the Advanced game runs its five turns"
    return steps


@pytest.mark.parametrize("variant,players,options", CONFIGS[:2])
def test_advanced_campaign_keeps_every_invariant(variant, players, options) -> None:
    assert campaign(variant, players, options, seed=11, policy="aggressive") > 100


@pytest.mark.slow
@pytest.mark.parametrize("variant,players,options", CONFIGS)
@pytest.mark.parametrize("policy", ["aggressive", "by-type"])
def test_long_advanced_campaign(variant, players, options, policy) -> None:
    for seed in range(12):
        campaign(variant, players, options, seed=seed, policy=policy)


# ---------------------------------------------------------------- planted violations

def _mid_game(options: dict | None = None):
    s = E.new_game("napoleon-advanced", 4, options or {})
    start = s
    for _, _, s, _ in I.random_steps(start, random.Random(3), until=lambda x: (
            x.turn >= 2 and x.phase == "attack" and E.current_player(x) >= 0)):
        pass
    I.check_board(s)
    return s


def _first_attack(legal):
    return next(x for x in legal if x["type"] == "attack")


def _mid_game_step(choose=_first_attack):
    """A mid-game position, the legal action ``choose`` picks there, and the state and
    events applying it gives."""
    s = _mid_game()
    a = choose(E.legal_actions(s))
    after, events = E.apply(s, a)
    return s, a, after, events


def _owned(s, seat=None):
    seat = s.current if seat is None else seat
    return next(t for t in range(s.tables.n_territories) if s.owner[t] == seat)


def _plant(name: str):
    s = _mid_game()
    tb, p = s.tables, s.tables.params
    t = _owned(s)
    if name == "empty-owned-territory":
        s.armies[t] = 0
    elif name == "fortification-limit":
        s.forts[t] = p.fortifications_max_per_territory + 1
    elif name == "generals-limit":
        s.generals[t] += p.generals_max + 1
    elif name == "too-many-epidemics":
        s.epidemics[t] += p.setup_epidemics + 1
    elif name == "epidemic-at-sea":
        s.epidemics[tb.n_territories] = 1
    elif name == "card-lost":
        s.draw_pile = s.draw_pile[1:]
    elif name == "card-twice":
        s.discards = s.discards + s.draw_pile[:1]
    elif name == "turn-past-limit":
        s.turn = int(p.game_turn_limit) + 1
    return s


@pytest.mark.parametrize("name", ["empty-owned-territory", "fortification-limit",
                                  "generals-limit", "too-many-epidemics", "epidemic-at-sea",
                                  "card-lost", "card-twice", "turn-past-limit"])
def test_a_planted_violation_is_caught(name) -> None:
    with pytest.raises(AssertionError):
        I.check_board(_plant(name))


def test_epidemics_per_empire_at_setup_are_checked() -> None:
    s = E.new_game("napoleon-advanced", 3)
    _, _, members = s.tables.groups[0]
    I.check_limits(s)
    s.phase, s.pending = "claim", {}
    for t in members[:2]:
        s.epidemics[t] = 1
    with pytest.raises(AssertionError, match="epidemics_max_per_empire"):
        I.check_limits(s)


def test_ships_limit_is_checked() -> None:
    import dataclasses
    s = _mid_game()
    T = s.tables.n_territories
    z = T
    s.owner[z], s.armies[z] = s.current, 3
    s.tables = dataclasses.replace(
        s.tables, params=dataclasses.replace(s.tables.params, ships_max_per_player=2))
    with pytest.raises(AssertionError, match="ships.max_per_player"):
        I.check_limits(s)


def test_victory_points_lost_silently_are_caught() -> None:
    s, a, after, events = _mid_game_step(lambda legal: legal[-1])
    I.check_step(s, a, after, events)  # the real step is fine
    after.vp[s.current] -= 1
    with pytest.raises(AssertionError, match="without a cause"):
        I.check_step(s, a, after, events)


def test_victory_points_gained_outside_the_scoring_moments_are_caught() -> None:
    s, a, after, events = _mid_game_step()
    after.vp[(s.current + 1) % s.n_players] += 2
    with pytest.raises(AssertionError, match="outside the scoring"):
        I.check_step(s, a, after, events)


def test_a_capture_explains_exactly_its_points() -> None:
    s, a, after, _ = _mid_game_step()
    other = (s.current + 1) % s.n_players
    loss, gain = s.tables.params.leaders_loss_vp, s.tables.params.leaders_capture_vp
    after.vp[other] -= loss
    after.vp[s.current] += gain
    capture = [{"type": "general-captured", "territory": "x", "player": other,
                "by": s.current, "generals": 1}]
    I.check_step(s, a, after, capture)
    after.vp[other] -= 1  # one point more than the capture costs
    with pytest.raises(AssertionError):
        I.check_step(s, a, after, capture)


def test_round_trip_check_can_fail(monkeypatch) -> None:
    s = _mid_game()
    real = E.to_json
    calls = []

    def flaky(state):
        calls.append(1)
        text = real(state)
        return text if len(calls) == 1 else text.replace('"turn":', '"turn": ', 1)

    monkeypatch.setattr(E, "to_json", flaky)
    with pytest.raises(AssertionError):
        I.check_round_trip(s, check_schema=False)

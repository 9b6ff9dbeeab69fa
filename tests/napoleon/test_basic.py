"""Napoléon basic game through the public API: setup, turns, random play, JSON."""

from __future__ import annotations

import random

import pytest

from riskspec.errors import IllegalActionError, OptionError
from riskspec.reference import engine as E
from riskspec.reference.driver import choose_action, play_game, sample_outcome

from . import invariants as I

V = "napoleon-basic"


def _play(seed: int, policy: str = "aggressive", steps: int = 20000, check: bool = True):
    rng = random.Random(seed)
    s = E.new_game(V, 2)
    for i in range(steps):
        if s.winner >= 0:
            break
        if check:
            I.check_node(s)
            I.check_board(s)
        if E.current_player(s) == E.CHANCE:
            a = sample_outcome(s, rng)
        else:
            a = choose_action(E.legal_actions(s), rng, policy, s)
        after, _ = E.apply(s, a)
        if check:
            I.check_step(s, a, after)
            if i % 97 == 0:
                I.check_round_trip(after)
        s = after
    return s


def test_napoleon_basic_players_and_starting_units() -> None:
    s = E.new_game(V, 2)
    prm = s.tables.params
    assert len(s.neutrals) == prm.setup_neutral_players
    assert s.reserves[:2] == [prm.setup_starting_units["2"]] * 2
    assert s.reserves[2:] == [prm.setup_neutral_units] * prm.setup_neutral_players
    with pytest.raises(OptionError):
        E.new_game(V, 3)


def test_napoleon_basic_deal_and_placement() -> None:
    rng = random.Random(3)
    s = E.new_game(V, 2)
    while s.phase == "deal":
        s, _ = E.apply(s, sample_outcome(s, rng))
    prm = s.tables.params
    T = s.tables.n_territories
    held = [sum(1 for o in s.owner[:T] if o == p) for p in range(s.n_players)]
    assert held == [prm.setup_deal_cards_player] * 2 + [prm.setup_deal_cards_neutral] * 4
    assert len(s.draw_pile) == len(s.tables.cards), "the deck, jokers in, is whole after the deal"
    s, _ = E.apply(s, {"type": "first-player", "player": 1})
    assert s.phase == "setup-place" and s.current == 1
    assert s.pending == {"seat": 1, "left": prm.setup_placement_per_turn}
    for _ in range(prm.setup_placement_per_turn):
        s, _ = E.apply(s, E.legal_actions(s)[0])
    assert s.current == 0 and s.pending["seat"] == 0
    for _ in range(prm.setup_placement_per_turn):
        s, _ = E.apply(s, E.legal_actions(s)[0])
    # neutral shares, placed by the players in turn starting with the first placer
    assert s.pending == {"seat": 2, "left": prm.setup_neutral_placement_per_turn}
    assert s.current == 1 and E.legal_actions(s)[0]["type"] == "place-neutral"
    with pytest.raises(IllegalActionError) as exc:
        E.apply(s, {"type": "place", "territory": E.legal_actions(s)[0]["territory"]})
    assert exc.value.rule == "napoleon.basic.placement"


def test_napoleon_reinforce_territories_counts_zones() -> None:
    from riskspec.reference.napoleon.game import reinforcements
    s = _play(5, steps=0, check=False)
    tb = s.tables
    T = tb.n_territories
    s.owner[:T] = [0] * 9 + [1] * (T - 9)
    s.armies[:T] = [1] * T
    low = tb.params.reinforce_minimum
    assert reinforcements(s, 0) == max(low, 9 // tb.params.reinforce_territory_divisor) + sum(
        b for _, b, ts in tb.groups if all(s.owner[t] == 0 for t in ts))
    z = T  # a zone with ships counts like a territory
    s.owner[z], s.armies[z] = 0, 1
    s.owner[:12] = [0] * 12
    with_zone = reinforcements(s, 0)
    s.owner[z], s.armies[z] = -1, 0
    assert with_zone >= reinforcements(s, 0)


@pytest.mark.parametrize("seed", range(6))
def test_napoleon_random_play_invariants(seed: int) -> None:
    s = _play(seed)
    assert s.winner in (0, 1)


def test_napoleon_by_type_policy_runs() -> None:
    r = play_game(V, 2, seed=7, policy="by-type", max_turns=15)
    assert r.turns >= 1


def test_napoleon_classic_battle_is_reused_and_deterministic() -> None:
    a = _play(11, check=False)
    b = _play(11, check=False)
    assert E.to_json(a) == E.to_json(b)

"""Generic checks over many seeded random games: every step of every game is checked
(tests/engine/invariants.py), then the game is replayed from its log."""

from __future__ import annotations

import random

import pytest

from riskspec.reference import engine as E
from riskspec.reference import log as L
from riskspec.reference.driver import play_game
from riskspec.reference.serial import state_hash

from .invariants import check_board, check_illegal_leaves_state, check_node, check_round_trip, check_step

CONFIGS = [
    ("classic-3", 3, {}),
    ("classic-4", 4, {}),
    ("classic-6", 6, {}),
    ("two-player-neutral", 2, {}),
    ("two-player-all-territories", 2, {"classic.amb.two-player-victory": "all-territories"}),
    ("head-to-head", 2, {"classic.amb.two-player-setup": "head-to-head-fifty"}),
    ("missions-4", 4, {"game-mode": "mission"}),
    ("missions-5-twelve", 5, {"game-mode": "mission", "classic.amb.mission-deck-size": "twelve",
                              "classic.amb.mission-check": "turn-start"}),
    ("deal-3", 3, {"distribution": "deal"}),
    ("readings-a", 4, {"classic.amb.fortify-path": "connected",
                       "classic.amb.territory-bonus-limit": "per-card",
                       "classic.amb.elimination-trade-timing": "next-turn",
                       "classic.amb.tie-rule": "tie-no-loss"}),
    ("readings-b", 3, {"classic.amb.cards-per-turn": "one-per-conquest",
                       "classic.amb.discard-reshuffle": "set-aside",
                       "classic.amb.defender-dice-choice": "always-maximum",
                       "classic.amb.forced-trade-sets": "one-set-and-any-second",
                       "classic.amb.territory-rounding": "nearest-from-twelve"}),
]
SEEDS = 3
MAX_TURNS = 40


class Recorder:
    def __init__(self, seed: int, deep: bool, node_every: int = 1) -> None:
        self.rng = random.Random(seed)
        self.deep = deep
        self.node_every = node_every
        self.steps = 0
        self.actions: list[dict] = []

    def __call__(self, before, action, after, events) -> None:
        self.steps += 1
        self.actions.append(action)
        deep = self.deep and self.steps <= 400
        if deep or self.steps % self.node_every == 0:
            check_node(before, full=deep)
        check_step(before, action, after, events)
        check_board(after)
        if deep or self.steps % 31 == 0:
            check_round_trip(after, check_schema=self.steps % 151 == 1)
        if self.steps % 53 == 0:
            check_illegal_leaves_state(after, self.rng)


@pytest.mark.parametrize("name,players,options", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_random_games_keep_every_invariant(name, players, options):
    finished = 0
    for seed in range(SEEDS):
        policy = "aggressive" if seed % 3 != 2 else "by-type"
        rec = Recorder(seed, deep=seed == 0)
        res = play_game("classic", players, seed=seed, options=options, max_turns=MAX_TURNS,
                        policy=policy, on_step=rec)
        check_node(res.state)
        assert res.winner is not None or (res.turns == MAX_TURNS and res.state.turn == MAX_TURNS + 1), \
            "ends, or stops at the cap (counting the turns played)"
        finished += res.winner is not None
        # the game replays identically from its action list
        s = E.new_game("classic", players, options)
        for a in rec.actions:
            s, _ = E.apply(s, a)
        assert state_hash(s) == state_hash(res.state)
    assert finished or players > 2, "two-player games end well within the cap"


def test_the_same_seed_gives_the_same_game_byte_for_byte():
    a = play_game("classic", 4, seed=11, max_turns=30, record=True)
    b = play_game("classic", 4, seed=11, max_turns=30, record=True)
    assert a.steps == b.steps and E.to_json(a.state) == E.to_json(b.state)
    c = play_game("classic", 4, seed=12, max_turns=30, record=True)
    assert c.steps != a.steps


def test_a_game_replays_from_its_log_and_a_tampered_log_fails_at_the_first_bad_step(tmp_path):
    s0 = E.new_game("classic", 3)
    log = L.start_log(s0, seed=5, policy="aggressive")
    res = play_game("classic", 3, seed=5, max_turns=20, policy="aggressive",
                    on_step=lambda b, a, after, ev: L.record_step(log, a, after))
    L.finish_log(log, res.state, res.actions, res.outcomes)
    path = tmp_path / "game.json"
    L.write_log(log, path)
    report = L.replay(L.read_log(path))
    assert report.ok and report.steps == len(log["steps"])
    assert state_hash(report.state) == state_hash(res.state)
    # change one roll (to a different one): the replay stops there
    bad = dict(log, steps=[dict(st) for st in log["steps"]])
    for i, st in enumerate(bad["steps"]):
        roll = dict(st["action"])
        if roll["type"] == "roll" and roll["defender"][0] < 6:
            roll["defender"] = [6] * len(roll["defender"])
            roll["attacker"] = [1] * len(roll["attacker"])
            bad["steps"][i] = {"action": roll, "hash": st["hash"]}
            break
    report = L.replay(bad)
    assert not report.ok and report.divergence.step == i + 1 and report.steps == i
    # a refused action is reported too
    bad["steps"][i] = {"action": {"type": "end-turn"}, "hash": bad["steps"][i]["hash"]}
    report = L.replay(bad)
    assert report.divergence.step == i + 1 and report.divergence.reason == "rejected"


@pytest.mark.parametrize("variant", ["classic-fr", "classic-it", "classic-pt"])
@pytest.mark.parametrize("players", [2, 4])
def test_translated_editions_play_with_every_invariant(variant, players):
    from riskspec.errors import OptionError
    if players < E.get_variant(variant).min_players:
        # the Italian summary is for three players or more (its players.min)
        with pytest.raises(OptionError, match="3 to 6 players"):
            E.new_game(variant, players)
        return
    rec = Recorder(1, deep=False)
    res = play_game(variant, players, seed=1, max_turns=25, policy="aggressive", on_step=rec)
    check_node(res.state)
    assert res.state.tables.variant.id == variant
    check_round_trip(res.state)


def test_the_engine_plays_only_the_classic_family():
    from riskspec.errors import OptionError
    with pytest.raises(OptionError):
        E.new_game("napoleon-basic", 3)


def test_hands_stay_within_limits_when_players_hoard_cards():
    """Players who never trade unless forced: the hand limits are reached and must hold."""
    from riskspec.reference.driver import choose_action, sample_outcome

    forced_trades = 0
    for seed in range(2):
        rng = random.Random(seed)
        rec = Recorder(seed, deep=False)
        s = E.new_game("classic", 3)
        while s.winner < 0 and s.turn <= 50:
            if E.current_player(s) == E.CHANCE:
                action = sample_outcome(s, rng)
            else:
                legal = E.legal_actions(s)
                kept = [a for a in legal if a["type"] != "trade"] or legal
                forced_trades += kept is legal and legal[0]["type"] == "trade"
                action = choose_action(kept, rng, "aggressive", s)
            after, events = E.apply(s, action)
            rec(s, action, after, events)
            s = after
    assert forced_trades > 0, "some trades were forced"


@pytest.mark.slow
@pytest.mark.parametrize("name,players,options", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_long_campaign(name, players, options):
    """Many more seeds and turns (run with --runslow)."""
    for seed in range(100, 112):
        rec = Recorder(seed, deep=False, node_every=17)
        res = play_game("classic", players, seed=seed, options=options, max_turns=300,
                        policy=("aggressive", "by-type", "uniform")[seed % 3], on_step=rec)
        check_node(res.state)
        check_round_trip(res.state)

"""A Hypothesis state machine driving Napoléon games (basic and Advanced) through the API;
the invariants of ``tests/napoleon/invariants.py`` are checked after every step."""

from __future__ import annotations

import random

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from riskspec.errors import ActionError
from riskspec.reference import engine as E
from riskspec.reference.driver import play_game

from .invariants import check_board, check_node, check_round_trip, check_step

GAMES = [
    ("napoleon-basic", 2, {}),
    ("napoleon-basic", 2, {"napoleon.amb.basic-game-end": "all-territories"}),
    ("napoleon-basic", 2, {"napoleon.amb.basic-game-end": "most-territories"}),
    ("napoleon-advanced", 3, {}),
    ("napoleon-advanced", 5, {}),
    ("napoleon-advanced", 4, {"capitals": "on"}),
    ("napoleon-advanced", 6, {"capitals": "on"}),
]


class NapoleonMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.state = None

    @initialize(game=st.sampled_from(GAMES), seed=st.integers(0, 2**16), turns=st.integers(0, 3))
    def start(self, game, seed, turns):
        variant, players, options = game
        if turns:
            self.state = play_game(variant, players, seed=seed, options=options,
                                   max_turns=turns, policy="aggressive").state
        else:
            self.state = E.new_game(variant, players, options)

    @precondition(lambda self: self.state is not None and self.state.winner < 0)
    @rule(data=st.data())
    def step(self, data):
        s = self.state
        if E.current_player(s) == E.CHANCE:
            outcomes = E.chance_outcomes(s)
            action = outcomes[data.draw(st.integers(0, len(outcomes) - 1), label="outcome")][0]
        else:
            actions = E.legal_actions(s)
            kind = data.draw(st.sampled_from(sorted({a["type"] for a in actions})), label="type")
            of_kind = [a for a in actions if a["type"] == kind]
            action = of_kind[data.draw(st.integers(0, len(of_kind) - 1), label="action")]
        before = E.to_json(s)
        after, events = E.apply(s, action)
        assert E.to_json(s) == before, "apply never changes its input"
        check_step(s, action, after, events)
        self.state = after

    @precondition(lambda self: self.state is not None and self.state.winner < 0)
    @rule(seed=st.integers(0, 2**16))
    def a_perturbed_action_is_refused_without_change(self, seed):
        s = self.state
        rng = random.Random(seed)
        acts = E.legal_actions(s) or [o for o, _ in E.chance_outcomes(s)]
        a = dict(acts[rng.randrange(len(acts))])
        for k, v in a.items():
            if k != "type" and isinstance(v, int):
                a[k] = v + 7
        before = E.to_json(s)
        if a not in acts:
            with pytest.raises(ActionError):
                E.apply(s, a)
        assert E.to_json(s) == before

    @precondition(lambda self: self.state is not None and self.state.winner >= 0)
    @rule()
    def a_finished_game_stays_finished(self):
        # a game may end within the steps; then nothing is legal and nothing changes
        s = self.state
        assert E.legal_actions(s) == [] and E.chance_outcomes(s) == []
        with pytest.raises(ActionError):
            E.apply(s, {"type": "end-turn"})

    @invariant()
    def consistent(self):
        if self.state is not None:
            check_node(self.state)
            check_board(self.state)

    @invariant()
    def round_trip(self):
        if self.state is not None and random.random() < 0.2:
            check_round_trip(self.state)


NapoleonMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=30,
                                             deadline=None)
test_napoleon_stateful = NapoleonMachine.TestCase

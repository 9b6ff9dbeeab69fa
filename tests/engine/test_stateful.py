"""A Hypothesis state machine that drives games through the public API.

Hypothesis picks the game (players, options), fast-forwards a few random turns
with the seeded driver, then chooses every action and chance outcome itself,
and now and then tries a perturbed action; the invariants of
``tests/engine/invariants.py`` are checked after every step.
"""

from __future__ import annotations

import random

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (RuleBasedStateMachine, initialize, invariant, precondition,
                                 rule)

from riskspec.reference import engine as E
from riskspec.reference.driver import play_game
from .invariants import (check_board, check_illegal_leaves_state, check_node,
                                     check_round_trip, check_step)

GAMES = [
    (3, {}),
    (4, {"distribution": "deal"}),
    (6, {}),
    (2, {}),
    (2, {"classic.amb.two-player-setup": "head-to-head-fifty"}),
    (4, {"game-mode": "mission"}),
    (3, {"game-mode": "mission", "classic.amb.mission-eliminated-by-other": "counts-as-done"}),
    (4, {"classic.amb.defender-dice-choice": "always-maximum",
         "classic.amb.elimination-trade-timing": "next-turn"}),
    (3, {"classic.amb.fortify-path": "connected", "classic.amb.cards-per-turn": "one-per-conquest"}),
]


class GameMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.state: E.State | None = None

    @initialize(game=st.sampled_from(GAMES), seed=st.integers(0, 2**16),
                turns=st.integers(0, 6))
    def start(self, game, seed, turns):
        players, options = game
        if turns:
            self.state = play_game("classic", players, seed=seed, options=options,
                                   max_turns=turns, policy="aggressive").state
        else:
            self.state = E.new_game("classic", players, options)

    @precondition(lambda self: self.state is not None and self.state.winner < 0)
    @rule(data=st.data())
    def step(self, data):
        s = self.state
        if E.current_player(s) == E.CHANCE:
            outcomes = E.chance_outcomes(s)
            action = outcomes[data.draw(st.integers(0, len(outcomes) - 1), label="outcome")][0]
        else:
            actions = E.legal_actions(s)
            types = sorted({a["type"] for a in actions})
            kind = data.draw(st.sampled_from(types), label="type")
            of_kind = [a for a in actions if a["type"] == kind]
            action = of_kind[data.draw(st.integers(0, len(of_kind) - 1), label="action")]
        before = E.to_json(s)
        after, events = E.apply(s, action)
        assert E.to_json(s) == before, "apply never changes its input"
        check_step(s, action, after, events)
        self.state = after

    @precondition(lambda self: self.state is not None)
    @rule(seed=st.integers(0, 2**16))
    def perturbed_actions_are_refused_without_change(self, seed):
        check_illegal_leaves_state(self.state, random.Random(seed))

    @invariant()
    def node_is_consistent(self):
        if self.state is not None:
            check_node(self.state, full=False)
            check_board(self.state)

    @invariant()
    def json_round_trips(self):
        if self.state is not None:
            check_round_trip(self.state, check_schema=False)


GameMachine.TestCase.settings = settings(settings.default, stateful_step_count=60)
TestGames = GameMachine.TestCase

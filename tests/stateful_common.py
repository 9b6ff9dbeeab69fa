"""One Hypothesis state-machine builder for every variant family (tests/engine/test_stateful.py,
tests/napoleon/test_stateful.py): Hypothesis picks a game, fast-forwards a few random turns
with the seeded driver, then chooses every action and chance outcome itself, now and then
tries perturbed actions; the family's invariants are checked after every step."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from invariants_common import check_illegal_leaves_state

from riskspec.errors import ActionError
from riskspec.reference import engine as E
from riskspec.reference.driver import play_game

Game = tuple[str, int, dict[str, str]]


def build_machine(name: str, games: Sequence[Game], *, max_turns: int,
                  check_node: Callable[[Any], None], check_board: Callable[[Any], None],
                  check_step: Callable[[Any, dict, Any, list], None],
                  check_round_trip: Callable[[Any], None],
                  extra_perturbation: Callable[[Any, random.Random], None] | None = None
                  ) -> type[RuleBasedStateMachine]:
    """A state machine class over ``games`` (variant, players, options)."""

    class Machine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.state: Any = None

        @initialize(game=st.sampled_from(list(games)), seed=st.integers(0, 2**16),
                    turns=st.integers(0, max_turns))
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
                action = outcomes[data.draw(st.integers(0, len(outcomes) - 1),
                                            label="outcome")][0]
            else:
                actions = E.legal_actions(s)
                kind = data.draw(st.sampled_from(sorted({a["type"] for a in actions})),
                                 label="type")
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
            rng = random.Random(seed)
            check_illegal_leaves_state(self.state, rng)
            if extra_perturbation is not None:
                extra_perturbation(self.state, rng)

        @precondition(lambda self: self.state is not None and self.state.winner >= 0)
        @rule()
        def a_finished_game_stays_finished(self):
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
        def round_trips(self):
            if self.state is not None:
                check_round_trip(self.state)

    Machine.__name__ = Machine.__qualname__ = name
    return Machine

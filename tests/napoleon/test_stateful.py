"""A Hypothesis state machine driving Napoléon games (basic, Advanced, Advanced with the
Capitals option) through the API (the shared builder of tests/stateful_common.py); the
invariants of ``tests/napoleon/invariants.py`` are checked after every step."""

from __future__ import annotations

import random

import pytest
from hypothesis import settings
from stateful_common import build_machine

from riskspec.errors import ActionError
from riskspec.reference import engine as E

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


def numbers_shifted_are_refused(s, rng: random.Random) -> None:
    """Every number of a legal action (or outcome) shifted by 7: refused unless legal."""
    acts = E.legal_actions(s) or [o for o, _ in E.chance_outcomes(s)]
    if not acts:
        return
    a = dict(acts[rng.randrange(len(acts))])
    for k, v in a.items():
        if k != "type" and isinstance(v, int):
            a[k] = v + 7
    before = E.to_json(s)
    if a not in acts:
        with pytest.raises(ActionError):
            E.apply(s, a)
    assert E.to_json(s) == before


def _sometimes_round_trip(s) -> None:
    if random.random() < 0.2:
        check_round_trip(s)


NapoleonMachine = build_machine("NapoleonMachine", GAMES, max_turns=3, check_node=check_node,
                                check_board=check_board, check_step=check_step,
                                check_round_trip=_sometimes_round_trip,
                                extra_perturbation=numbers_shifted_are_refused)
NapoleonMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=30,
                                             deadline=None)
test_napoleon_stateful = NapoleonMachine.TestCase

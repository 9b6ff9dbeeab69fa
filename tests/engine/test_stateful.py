"""A Hypothesis state machine that drives Classic games through the public API (the shared
builder of tests/stateful_common.py).

Hypothesis picks the game (players, options), fast-forwards a few random turns
with the seeded driver, then chooses every action and chance outcome itself,
and now and then tries a perturbed action; the invariants of
``tests/engine/invariants.py`` are checked after every step.
"""

from __future__ import annotations

from hypothesis import settings
from stateful_common import build_machine

from .invariants import check_board, check_node, check_round_trip, check_step

GAMES = [("classic", players, options) for players, options in [
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
]]

GameMachine = build_machine("GameMachine", GAMES, max_turns=6,
                            check_node=lambda s: check_node(s, full=False),
                            check_board=check_board, check_step=check_step,
                            check_round_trip=lambda s: check_round_trip(s, check_schema=False))
GameMachine.TestCase.settings = settings(settings.default, stateful_step_count=60)
TestGames = GameMachine.TestCase

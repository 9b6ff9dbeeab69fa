"""Seeded random play: the only place where random numbers are drawn.

``random.Random(seed)`` makes every choice, so a seed gives the same game on
every machine and Python version that keeps ``random``'s algorithm (Python
guarantees ``randrange`` to be reproducible across versions for a given seed).

* Chance outcomes are sampled by their exact probabilities: an index is drawn with
  ``rng.randrange(total)`` over the node's integer weights (see
  :mod:`riskspec.reference.chance`) — no floating point.
* Actions are picked by a *policy*:

  - ``by-type`` (default): first an action type uniformly among the types that
    are legal (place / trade, attack / end-attack, fortify / end-turn …), then an
    action of that type uniformly.  Picking uniformly among all actions would almost
    never end an attack phase (one ``end-attack`` among dozens of attacks) nor
    ever fortify (hundreds of fortify moves against one ``end-turn``), so games
    would crawl; by type, an attack phase lasts about one attack and games finish.
  - ``uniform``: uniformly among all legal actions.
  - ``aggressive``: random among the moves a greedy player would make, so that
    games end (four-player Classic: about 120 turns on average, at most a few
    hundred; ``benchmarks/bench_engine.py --policy aggressive``
    measures it): trade whenever possible;
    place on the frontier territory holding the most armies; attack, with as
    many dice as allowed, a territory holding fewer armies than the attacking
    one (at random among those), else end the attack; move every army it can
    into a conquest; defend with every die allowed; fortify by moving every
    army it can from an interior territory (no enemy neighbour) to a frontier
    one, the largest such move, else end the turn.  Any other choice (claims,
    setup placements) is made ``by-type``.
"""

from __future__ import annotations

import bisect
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from riskspec.model import Variant
from riskspec.reference import engine as E
from riskspec.reference.family import family_of
from riskspec.reference.state import State

POLICIES = ("by-type", "uniform", "aggressive")

Action = dict[str, Any]


def sample_outcome(state: State, rng: random.Random) -> Action:
    """A chance outcome drawn by its exact probability."""
    table = E.get_chance_table(state)
    if table is None:
        raise ValueError("sample_outcome needs a chance node")
    return table.outcome(table.index_of_draw(rng.randrange(table.total)))


def choose_action(actions: Sequence[Action], rng: random.Random, policy: str = "by-type",
                  state: State | None = None) -> Action:
    """An action picked by ``policy`` (see the module docstring); ``aggressive`` needs the
    state the actions are legal in."""
    if policy == "uniform":
        return actions[rng.randrange(len(actions))]
    if policy == "aggressive" and state is not None:
        return _aggressive(state, actions, rng)
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}; choose one of {', '.join(POLICIES)}")
    starts = get_type_starts(actions) or [0]
    k = rng.randrange(len(starts))
    lo = starts[k]
    hi = starts[k + 1] if k + 1 < len(starts) else len(actions)
    return actions[lo + rng.randrange(hi - lo)]


def get_choices(state: State, policy: str) -> Sequence[Action]:
    """The legal actions ``policy`` picks from: for ``by-type`` and ``uniform``, which read
    the length and a few items, :func:`~riskspec.reference.engine.legal_view` (the same
    actions, made on demand where a family can); for ``aggressive`` the list."""
    return E.legal_view(state) if policy in ("by-type", "uniform") else E.legal_actions(state)


def get_type_starts(actions: Sequence[Action]) -> list[int]:
    """Where each action type's block begins in a canonically ordered list (the order keeps
    each type together).  Each block's end is found by doubling steps, then bisection:
    O(types × log n) lookups, not one per action — a late two-player fortify phase lists
    thousands of moves (one per army count)."""
    starts, n, lo = [], len(actions), 0
    while lo < n:
        starts.append(lo)
        kind = actions[lo]["type"]
        step, hi = 1, lo + 1        # actions[lo:hi] are all of this kind
        while hi < n and actions[hi]["type"] == kind:
            lo, hi = hi, min(n, hi + step)
            step *= 2
        # now actions[lo] is of this kind; the block ends in (lo, hi]
        lo = bisect.bisect_left(range(lo + 1, hi), True,
                                key=lambda i: actions[i]["type"] != kind) + lo + 1
    return starts


def play_until(state: State, until: Callable[[State], bool], rng: random.Random,
               policy: str = "by-type", *, limit: int = 1_000_000) -> State:
    """Random play from ``state`` (chance by its exact odds, decisions by ``policy``) until
    ``until(state)`` holds or the game has a winner; ValueError after ``limit`` steps."""
    s = state
    for _ in range(limit):
        if until(s) or s.winner >= 0:
            return s
        action = sample_outcome(s, rng) if E.current_player(s) == E.CHANCE else \
            choose_action(get_choices(s, policy), rng, policy, s)
        s, _ = E.apply(s, action)
    raise ValueError(f"play_until: the condition did not hold within {limit} steps")


def _aggressive(s: State, actions: Sequence[Action], rng: random.Random) -> Action:
    # Canonical order puts each type in one block, so each phase's choice is found by
    # looking at the ends of the list (see the module docstring for the policy).
    own = family_of(s).aggressive_policy  # a variant family's own policy (Napoléon)
    if own is not None:
        return own(s, actions, rng)
    phase = s.phase
    index, armies = s.tables.territory_index, s.armies

    def pick(options: Sequence[Action]) -> Action:
        return options[rng.randrange(len(options))]

    if phase in ("occupy", "defend"):
        return actions[-1]                       # the most armies / dice
    if phase == "fortify":
        return _interior_to_frontier(s, actions)
    if phase in ("reinforce", "elimination-trade"):
        if actions[-1]["type"] == "trade":
            first = len(actions) - 1
            while first > 0 and actions[first - 1]["type"] == "trade":
                first -= 1
            return pick(actions[first:])
        owner, adjacency, me = s.owner, s.tables.adjacency, s.current
        best: list[Action] = []
        most = -1
        for a in actions:
            t = index[a["territory"]]
            if armies[t] >= most and any(owner[n] != me for n in adjacency[t]):
                if armies[t] > most:
                    best, most = [], armies[t]
                best.append(a)
        return pick(best or list(actions))
    if phase == "attack":
        most_dice = s.tables.params.attack_max_attacker_dice
        good = []
        for a in actions[:-1]:
            f = armies[index[a["from"]]]
            if a["dice"] == min(most_dice, f - 1) and f > armies[index[a["to"]]]:
                good.append(a)
        return pick(good) if good else actions[-1]
    return choose_action(actions, rng, "by-type")


def _interior_to_frontier(s: State, actions: Sequence[Action]) -> Action:
    """The fortification moving the most armies from an interior territory to a frontier
    one (the first such in canonical order), else ``end-turn`` (the last action)."""
    index, owner, adjacency, me = s.tables.territory_index, s.owner, s.tables.adjacency, s.current

    def is_frontier(t: int) -> bool:
        return any(owner[n] != me for n in adjacency[t])

    best, most = actions[-1], 0
    for a in actions[:-1]:
        if a["armies"] > most and not is_frontier(index[a["from"]]) \
                and is_frontier(index[a["to"]]):
            best, most = a, a["armies"]
    return best


@dataclass
class GameResult:
    """How a game ended: ``winner`` is a seat or None (turn cap reached).  ``turns`` counts
    the turns played: at the cap, the turn that had just begun (``state.turn``, one more
    than the cap) is not counted."""

    seed: int
    winner: int | None
    turns: int
    actions: int          # player decisions applied
    outcomes: int         # chance outcomes applied
    seconds: float
    state: State
    steps: list[Action] = field(default_factory=list)

    @property
    def applied(self) -> int:
        return self.actions + self.outcomes


def play_game(variant: str | Variant = "classic", players: int | Sequence[str] = 3,
              seed: int = 0, options: Mapping[str, str] | None = None,
              max_turns: int | None = None, policy: str = "by-type", record: bool = False,
              on_step: Callable[[State, Action, State, list[dict[str, Any]]], None] | None = None
              ) -> GameResult:
    """Play one random game to its end, or until ``max_turns`` turns have been played.

    ``record`` keeps every applied action/outcome in ``steps``; ``on_step(before, action,
    after, events)`` is called after each one (for logs, checks and progress bars).
    """
    rng = random.Random(seed)
    state = E.new_game(variant, players, options)
    steps: list[Action] = []
    actions = outcomes = 0
    start = time.perf_counter()
    apply = E.apply
    while state.winner < 0 and (max_turns is None or state.turn <= max_turns):
        if E.current_player(state) == E.CHANCE:
            action = sample_outcome(state, rng)
            outcomes += 1
        else:
            action = choose_action(get_choices(state, policy), rng, policy, state)
            actions += 1
        after, events = apply(state, action)
        if record:
            steps.append(action)
        if on_step is not None:
            on_step(state, action, after, events)
        state = after
    capped = max_turns is not None and state.winner < 0 and state.turn > max_turns
    return GameResult(seed=seed, winner=state.winner if state.winner >= 0 else None,
                      turns=max_turns if max_turns is not None and capped else state.turn, actions=actions, outcomes=outcomes,
                      seconds=time.perf_counter() - start, state=state, steps=steps)

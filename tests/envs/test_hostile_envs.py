"""The environments' hostile-input campaign (issue 24): actions, seeds, agents, constructor
numbers and calls after the end, thrown at the PettingZoo environment and the OpenSpiel
games in the middle of real games.

Each input has an oracle stated here, not by the code under test: an action is valid iff
it is a Python or NumPy integer (not a bool) whose index the mask (or ``legal_actions``/
``chance_outcomes``) offers and the episode is under way; a seed iff a whole number
0…2⁶⁴−1 (or None); an agent iff one of ``possible_agents``; a constructor number iff a
whole number in its documented bounds.  Every input must end as the oracle says —
accepted, or refused with the documented ``RiskspecError`` class — and is counted:

* *traceback*: any other exception (a bare ``TypeError``, ``KeyError``, ``OverflowError`` …);
* *wrongly accepted*: an input the oracle refuses that went through;
* *wrongly refused*: a valid input refused;
* *hang*: one input taking over 5 s.

The default run tries 300 inputs per surface; ``--runslow`` 10,000.  With ``-s`` each
surface prints its counts; with ``RISKSPEC_FUZZ_REPORT=DIR`` they are written to
``DIR/envs-<surface>.json``.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the riskspec[rl] extra is not installed")
pytest.importorskip("pettingzoo", reason="the riskspec[rl] extra is not installed")

from riskspec.envs import env  # noqa: E402
from riskspec.envs.errors import (  # noqa: E402
    ActionIndexError,
    EpisodeOverError,
    UnknownAgentError,
)
from riskspec.errors import InvalidActionError, OptionError, RiskspecError  # noqa: E402

SHORT, LONG = 300, 10_000
HANG = 5.0
MAX_SEED = 2**64 - 1


def _inputs(request) -> int:
    return LONG if request.config.getoption("--runslow") else SHORT


def _report(surface: str, counts: Counter) -> None:
    print(f"\nenvs campaign {surface}: " + ", ".join(f"{k} {v}" for k, v in
                                                   sorted(counts.items())))
    out = os.environ.get("RISKSPEC_FUZZ_REPORT")
    if out:
        Path(out).mkdir(parents=True, exist_ok=True)
        (Path(out) / f"envs-{surface}.json").write_text(json.dumps(dict(counts),
                                                                   sort_keys=True))


def _hostile_value(rng: random.Random, legal: list[int], size: int) -> Any:
    """A hostile (or, sometimes, a valid) action value."""
    k = rng.randrange(16)
    some = rng.choice(legal) if legal else rng.randrange(size)
    return [
        lambda: some,                                   # valid (when legal is not empty)
        lambda: np.int64(some),                         # valid, as NumPy gives it
        lambda: float(some) + rng.choice([0.0, 0.5]),   # 5.0, 5.5
        lambda: str(some),                              # "5"
        lambda: rng.choice([True, False, np.True_, np.False_]),
        lambda: None,
        lambda: rng.choice([-1, -(2**63), size, size + 1, 2**63, 2**64, 10**30, -(10**30)]),
        lambda: rng.randrange(size),                    # any index: legal or not
        lambda: rng.choice([float("nan"), float("inf"), -float("inf"), 1e300]),
        lambda: [some], lambda: (some,), lambda: {"index": some},
        lambda: np.array([some, some]), lambda: np.float32(some),
        lambda: complex(some, 0), lambda: bytes(str(some), "ascii"),
    ][k]()


def _is_index(value: Any) -> bool:
    kind = type(value)
    if kind is bool or kind.__module__ == "numpy" and kind.__name__ in ("bool_", "bool"):
        return False
    return isinstance(value, (int, np.integer)) or (
        isinstance(value, np.ndarray) and value.shape == () and value.dtype.kind in "iu")


class _Tally:
    def __init__(self) -> None:
        self.counts: Counter = Counter()

    def run(self, call: Any, valid: bool, refusal: type | tuple) -> None:
        """Run ``call``; it must go through iff ``valid``, else raise ``refusal``."""
        self.counts["inputs"] += 1
        start = time.perf_counter()
        try:
            call()
        except refusal as exc:
            self.counts["refused " + type(exc).__name__] += 1
            if valid:
                self.counts["wrongly refused"] += 1
        except RiskspecError as exc:
            self.counts["refused " + type(exc).__name__] += 1
            self.counts["wrongly refused" if valid else "refused with another class"] += 1
        except Exception as exc:  # noqa: BLE001 - what the campaign is looking for
            self.counts["tracebacks"] += 1
            self.counts["traceback " + type(exc).__name__] += 1
        else:
            self.counts["accepted"] += 1
            if not valid:
                self.counts["wrongly accepted"] += 1
        if time.perf_counter() - start > HANG:
            self.counts["hangs"] += 1

    def check(self) -> None:
        for bad in ("tracebacks", "wrongly accepted", "wrongly refused", "hangs",
                    "refused with another class"):
            assert self.counts[bad] == 0, dict(self.counts)


SETTINGS = [("classic", 3), ("classic", 2), ("napoleon-advanced", 3), ("napoleon-basic", 2)]


def _live_step(e: Any, rng: random.Random) -> None:
    """One legal step (or the dead steps and a reset at the end): the games go on."""
    if not e.agents:
        e.reset(seed=rng.randrange(MAX_SEED))
        return
    agent = e.agent_selection
    if e.terminations[agent] or e.truncations[agent]:
        e.step(None)
        return
    legal = e.observe(agent)["action_mask"].nonzero()[0]
    e.step(int(legal[rng.randrange(len(legal))]))


def test_pettingzoo_hostile_inputs(request) -> None:
    rng = random.Random(2024)
    envs = [env(v, p, auto_setup=rng.random() < 0.5, max_turns=rng.choice([2, 3, 5]))
            for v, p in SETTINGS]
    for e in envs:
        e.reset(seed=rng.randrange(1000))
    tally = _Tally()
    for _ in range(_inputs(request)):
        e = rng.choice(envs)
        for _ in range(rng.randrange(4)):
            _live_step(e, rng)
        if rng.random() < 0.12:               # to the episode's end (calls after the end)
            stop = rng.random() < 0.5                       # all gone, or the first done
            while e.agents and not (stop and (e.terminations[e.agent_selection]
                                              or e.truncations[e.agent_selection])):
                _live_step(e, rng)
        kind = rng.randrange(10)
        if kind < 5:                                        # an action
            live = bool(e.agents)
            agent = e.agent_selection if live else None
            done = live and (e.terminations[agent] or e.truncations[agent])
            legal = [] if not live or done else \
                e.observe(agent)["action_mask"].nonzero()[0].tolist()
            value = None if done and rng.random() < 0.3 else \
                _hostile_value(rng, legal, e.codec.size)
            if not live:
                valid, refusal = False, EpisodeOverError
            elif done:
                valid, refusal = value is None, ActionIndexError
            else:
                valid = _is_index(value) and int(value) in legal
                refusal = InvalidActionError               # ActionIndexError is one
            tally.run(lambda e=e, v=value: e.step(v), valid, refusal)
        elif kind < 6:                                      # last() at any moment
            tally.run(e.last, bool(e.agents), EpisodeOverError)
        elif kind < 7:                                      # a seed
            seed = rng.choice([rng.randrange(MAX_SEED), MAX_SEED, 0, -1, MAX_SEED + 1,
                               10**40, 1.5, "3", True, None, [1], np.int64(5),
                               float("nan")])
            valid = seed is None or (_is_index(seed) and 0 <= int(seed) <= MAX_SEED)
            tally.run(lambda e=e, s=seed: e.reset(seed=s), valid, OptionError)
        elif kind < 8:                                      # an agent name
            agent = rng.choice([*e.possible_agents, "player_99", "player_-1", "chance", "",
                                None, 0, 1.5, ["player_0"], "player_0 ", "PLAYER_0"])
            valid = isinstance(agent, str) and agent in e.possible_agents
            call = rng.choice([e.observe, e.action_space, e.observation_space])
            tally.run(lambda c=call, a=agent: c(a), valid, UnknownAgentError)
        elif kind < 9:                                      # a constructor number
            field = rng.choice(["players", "max_turns"])
            value = rng.choice([2, 3, 6, 1, 7, 0, -3, 10**9, 10**30, 1_000_000, 1_000_001,
                                2.0, "3", True, None, [1, 2], np.int32(4)])
            if field == "players":
                valid = _is_index(value) and 2 <= int(value) <= 6
            else:
                valid = value is None or (_is_index(value) and 1 <= int(value) <= 1_000_000)
            tally.run(lambda f=field, v=value: env("classic", **{"players": 3, f: v}),
                      valid, OptionError)
        else:                                               # describe an index
            value = _hostile_value(rng, [], e.codec.size)
            valid = _is_index(value) and 0 <= int(value) < e.codec.size
            tally.run(lambda e=e, v=value: e.codec.describe(v), valid, ActionIndexError)
    _report("pettingzoo", tally.counts)
    tally.check()


def test_openspiel_hostile_inputs(request) -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    from riskspec.envs import openspiel
    openspiel.register()
    rng = random.Random(4202)
    games = [pyspiel.load_game(openspiel.game_name(v),
                               {"players": p, "max_turns": rng.choice([1, 2, 3]),
                                "auto_setup": rng.random() < 0.5})
             for v, p in SETTINGS]
    states = [g.new_initial_state() for g in games]
    tally = _Tally()

    def step(k: int) -> None:
        s = states[k]
        if s.is_terminal():
            states[k] = games[k].new_initial_state()
        elif s.is_chance_node():
            actions, probs = zip(*s.chance_outcomes())
            s.apply_action(rng.choices(actions, probs)[0])
        else:
            s.apply_action(rng.choice(s.legal_actions()))

    size = games[0].num_distinct_actions()
    for _ in range(_inputs(request)):
        k = rng.randrange(len(games))
        for _ in range(rng.randrange(6)):
            step(k)
        if rng.random() < 0.12:               # to the end (a win or a cap)
            while not states[k].is_terminal():
                step(k)
        s = states[k]
        kind = rng.randrange(10)
        if kind < 7:                                        # an action, maybe after the end
            if s.is_terminal():
                legal = []
            elif s.is_chance_node():
                legal = [i for i, _ in s.chance_outcomes()]
            else:
                legal = s.legal_actions()
            value = _hostile_value(rng, legal, size)
            valid = not s.is_terminal() and _is_index(value) and int(value) in legal
            refusal = (EpisodeOverError, InvalidActionError)
            before = len(s.history())
            tally.run(lambda s=s, v=value: s.apply_action(v), valid, refusal)
            if len(s.history()) != before + int(valid):    # refused: nothing recorded
                tally.counts["history changed by a refusal"] += 1
        elif kind < 8:                                      # the state's questions
            tally.run(lambda s=s: (s.legal_actions(), s.returns(), s.is_terminal(),
                                   s.current_player(), str(s),
                                   s.chance_outcomes() if s.is_chance_node() else None),
                      True, RiskspecError)
        elif kind < 9:                                      # observations of any player
            player = rng.randrange(games[k].num_players())
            tally.run(lambda s=s, p=player: (s.observation_tensor(p), s.observation_string(p)),
                      True, RiskspecError)
        else:                                               # parameters
            field = rng.choice(["players", "max_turns", "max_game_length"])
            value = rng.choice([1, 2, 3, 6, 7, 0, -1, 10**6, 10**6 + 1, 2**31 - 1])
            if field == "players":
                valid = 2 <= value <= 6
            else:
                valid = 1 <= value <= 1_000_000
            tally.run(lambda f=field, v=value: pyspiel.load_game("riskspec_classic", {f: v}),
                      valid, OptionError)
    _report("openspiel", tally.counts)
    tally.check()
    assert tally.counts["history changed by a refusal"] == 0

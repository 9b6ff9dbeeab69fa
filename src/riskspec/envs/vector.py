"""Batched self-play: ``num_envs`` copies of the PettingZoo environment stepped together, as
a Gymnasium vector environment (needs the ``riskspec[rl]`` extra).

One shared policy plays every seat: in each copy the agent to act is named in
``infos["agent"]`` (its index in ``possible_agents``), ``obs`` holds that agent's
observation and action mask, and ``step(actions)`` applies one index per copy::

    from riskspec.envs import vector_env
    venv = vector_env(8, "classic", 4, auto_setup=True)
    obs, infos = venv.reset(seed=0)               # copy i is seeded seed + i
    for _ in range(1000):
        actions = [int(m.nonzero()[0][0]) for m in obs["action_mask"]]   # your policy here
        obs, rewards, terminations, truncations, infos = venv.step(actions)

* ``obs["observation"]``: ``(num_envs, size)`` float32; ``obs["action_mask"]``:
  ``(num_envs, n)`` int8 — what ``last()`` gives the agent to act in each copy.
* ``rewards``: ``(num_envs, agents)`` float32 — what this step paid to **every** agent of
  the copy (a turn-based game pays the other seats too: a win at the end, victory points);
  summed over an episode they are each agent's return.  Gymnasium's own vector
  environments have one reward per copy; here the column of ``infos["agent"]`` of the step
  before is the acting agent's.
* ``terminations`` / ``truncations``: ``(num_envs,)`` bool — the copy's episode ended in
  this step (a win / the turn cap).  Such a copy is reset at once (Gymnasium's
  ``SAME_STEP`` autoreset): the observation returned is the new episode's first, and
  ``infos["final_turn"]`` gives the turn the old one ended at (-1 where none ended).
  Each copy keeps its own seeded random stream across its episodes, so a seed at the first
  ``reset`` makes the whole run reproducible.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from riskspec.envs.errors import ActionIndexError, shown
from riskspec.envs.game import MAX_SEED, check_count
from riskspec.envs.pettingzoo_env import RiskEnv
from riskspec.errors import OptionError

#: the most copies one vector environment holds
MAX_ENVS = 4096


class RiskVectorEnv(VectorEnv):  # type: ignore[type-arg]
    """``num_envs`` copies of :class:`~riskspec.envs.pettingzoo_env.RiskEnv` (see the module
    docstring); keyword options as for :func:`riskspec.envs.env`, chance sampled."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}  # noqa: RUF012

    def __init__(self, num_envs: int, variant: str = "classic", players: Any = 3,
                 **kwargs: Any) -> None:
        self.num_envs = check_count("num_envs", num_envs, 1, MAX_ENVS)
        if kwargs.get("chance", "sample") != "sample":
            raise OptionError("a vector environment samples chance itself: chance='sample'")
        self.envs = [RiskEnv(variant, players, **kwargs) for _ in range(self.num_envs)]
        first = self.envs[0]
        self.possible_agents = list(first.possible_agents)
        self._agent_index = {a: k for k, a in enumerate(self.possible_agents)}
        self.single_observation_space = first.observation_space(first.possible_agents[0])
        self.single_action_space = first.action_space(first.possible_agents[0])
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._obs = np.zeros((self.num_envs, first.encoder.size), np.float32)
        self._mask = np.zeros((self.num_envs, first.codec.size), np.int8)
        self._started = False

    # -- Gymnasium's API -------------------------------------------------------------------
    def reset(self, *, seed: int | Sequence[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray],
                                                               dict[str, Any]]:
        """Reset every copy: copy ``i`` is seeded ``seed + i`` (or ``seed[i]``)."""
        seeds: list[int | None]
        if seed is None:
            seeds = [None] * self.num_envs
        elif isinstance(seed, (list, tuple)):
            if len(seed) != self.num_envs:
                raise OptionError(f"reset needs {self.num_envs} seeds, not {len(seed)}")
            seeds = list(seed)
        else:
            base = check_count("seed", seed, 0, MAX_SEED - self.num_envs + 1)
            seeds = [base + i for i in range(self.num_envs)]
        for e, s in zip(self.envs, seeds):
            e.reset(seed=s)
        self._started = True
        for i in range(self.num_envs):
            self._read(i)
        return self._batch(), self._infos(np.full(self.num_envs, -1))

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray,
                                          np.ndarray, dict[str, Any]]:
        """One index per copy, for the agent named in ``infos["agent"]``."""
        if not self._started:
            raise OptionError("call reset() before step()")
        actions = self._check_actions(actions)
        n = self.num_envs
        rewards = np.zeros((n, len(self.possible_agents)), np.float32)
        terminations = np.zeros(n, bool)
        truncations = np.zeros(n, bool)
        final_turn = np.full(n, -1)
        for i, (e, action) in enumerate(zip(self.envs, actions)):
            e.step(action)
            for agent, r in e.rewards.items():
                rewards[i, self._agent_index[agent]] = r
            agent = e.agent_selection
            if e.terminations[agent] or e.truncations[agent]:
                terminations[i] = e.terminations[agent]
                truncations[i] = e.truncations[agent] and not terminations[i]
                final_turn[i] = e.match.turn()
                while e.agents:            # every agent leaves (PettingZoo's API) …
                    e.step(None)
                e.reset()                  # … and the copy starts again, its stream going on
            self._read(i)
        return self._batch(), rewards, terminations, truncations, self._infos(final_turn)

    def close(self, **kwargs: Any) -> None:
        for e in self.envs:
            e.close()

    # -- helpers ------------------------------------------------------------------------
    def _check_actions(self, actions: Any) -> list[Any]:
        try:
            items = list(np.asarray(actions, dtype=object).reshape(-1)) \
                if not isinstance(actions, (list, tuple)) else list(actions)
        except (TypeError, ValueError):
            raise ActionIndexError(f"step needs {self.num_envs} indices, not "
                                   f"{shown(actions)}", action=actions) from None
        if len(items) != self.num_envs:
            raise ActionIndexError(f"step needs {self.num_envs} indices (one per copy), not "
                                   f"{len(items)}", action=actions)
        for e, a in zip(self.envs, items):  # all checked before any copy moves
            if e.position.group(a) is None:  # (ActionIndexError for what is no index)
                e.position.resolve(a)      # InvalidActionError naming the legal ones
        return items

    def _read(self, i: int) -> None:
        e = self.envs[i]
        got = e.observe(e.agent_selection)
        self._obs[i] = got["observation"]
        self._mask[i] = got["action_mask"]

    def _batch(self) -> dict[str, np.ndarray]:
        return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}

    def _infos(self, final_turn: np.ndarray) -> dict[str, Any]:
        return {"agent": np.array([self._agent_index[e.agent_selection] for e in self.envs]),
                "turn": np.array([e.match.turn() for e in self.envs]),
                "final_turn": final_turn}


def vector_env(num_envs: int, variant: str = "classic", players: Any = 3,
               **kwargs: Any) -> RiskVectorEnv:
    """``num_envs`` (1 … :data:`MAX_ENVS`) copies of ``env(variant, players, **kwargs)``
    stepped together (:class:`RiskVectorEnv`)."""
    return RiskVectorEnv(num_envs, variant, players, **kwargs)


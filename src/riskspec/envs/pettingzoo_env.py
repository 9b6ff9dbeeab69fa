"""The PettingZoo AEC environment (needs the ``riskspec[rl]`` extra)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from riskspec.envs.codec import ActionCodec, Position
from riskspec.envs.errors import (
    ActionIndexError,
    EpisodeOverError,
    UnknownAgentError,
    get_index,
    shown,
)
from riskspec.envs.game import DEFAULT_MAX_TURNS, MAX_SEED, Match, Settings, check_count
from riskspec.envs.observation import HIGH, LOW, ObservationEncoder
from riskspec.errors import OptionError
from riskspec.reference import engine as E

CHANCE_AGENT = "chance"
CHANCE_MODES = ("sample", "agent")


class RiskEnv(AECEnv):
    """A PettingZoo AEC environment of a riskspec variant.

    Agents are the seats (``player_0`` … in seat order; a neutral army is no agent).  The
    action space of every agent is ``Discrete(n)``, the fixed encoding of
    :mod:`riskspec.envs.codec`; the observation is a dict with ``observation`` (the vector of
    :mod:`riskspec.envs.observation`) and ``action_mask`` (1 for every legal index, only for
    the agent to act).  Chance (dice, deals, draws) is sampled inside :meth:`step` by exact
    probabilities from the RNG seeded by ``reset(seed=…)``; with ``chance="agent"`` an agent
    named ``chance`` acts at chance nodes instead, and :meth:`chance_distribution` gives the
    exact probability of each of its legal indices (for expectimax and friends).

    An index outside the mask raises :class:`~riskspec.errors.InvalidActionError` naming the
    legal ones; anything that is no index (``1.5``, ``"5"``, ``True``) raises
    :class:`~riskspec.envs.errors.ActionIndexError`.  Eliminated seats stay agents (they are
    never selected) until the game ends.  Episodes are cut (truncated) after ``max_turns``
    turns, :data:`~riskspec.envs.game.DEFAULT_MAX_TURNS` unless told otherwise.
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "riskspec_v0",
                                          "render_modes": ["ansi", "human"],
                                          "is_parallelizable": False}

    def __init__(self, variant: str = "classic", players: int | Sequence[str] = 3, *,
                 options: Mapping[str, str] | None = None, chance: str = "sample",
                 max_turns: int | None = DEFAULT_MAX_TURNS, auto_setup: bool = False,
                 reward: str | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        if not isinstance(chance, str) or chance not in CHANCE_MODES:
            raise OptionError(f"chance must be one of {', '.join(CHANCE_MODES)}, not "
                              f"{shown(chance)}")
        if render_mode is not None and (not isinstance(render_mode, str) or
                                        render_mode not in self.metadata["render_modes"]):
            raise OptionError(f"render_mode must be one of ansi, human, not {shown(render_mode)}")
        if options is not None and not isinstance(options, Mapping):
            raise OptionError(f"options must map option names to choices, not {shown(options)}")
        self.settings = Settings(variant=variant, players=players,  # type: ignore[arg-type]
                                 options=dict(options or {}), max_turns=max_turns,
                                 auto_setup=auto_setup, reward=reward)
        self.chance_mode, self.render_mode = chance, render_mode
        self._template = self.match = Match(self.settings)  # checks the settings now
        self.codec: ActionCodec = self.match.codec
        self.encoder = ObservationEncoder(self.codec, self.match.sample)
        self._tracker = self.encoder.tracker()
        self._seat_agent = {s: f"player_{s}" for s in self.match.seats}
        self._agent_seat = {a: s for s, a in self._seat_agent.items()}
        self.possible_agents = list(self._seat_agent.values()) + (
            [CHANCE_AGENT] if chance == "agent" else [])
        self._action_space = spaces.Discrete(self.codec.size)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(LOW, HIGH, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8),
        })
        self._rng = random.Random()
        self._carry: dict[str, float] = {}
        self._known = frozenset(self.possible_agents)
        self._started = False
        self.agents: list[str] = []

    def _check_agent(self, agent: object) -> str:
        if not isinstance(agent, str) or agent not in self._known:
            raise UnknownAgentError(f"no agent {shown(agent)} here; the agents are "
                                    f"{', '.join(self.possible_agents)}")
        return agent

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        self._check_agent(agent)
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        self._check_agent(agent)
        return self._action_space

    # -- the AEC loop --------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode; ``seed`` (0 … 2⁶⁴−1) seeds the chance; ``options`` (PettingZoo's
        signature) are ignored: the settings are the constructor's."""
        if seed is not None:
            seed = check_count("seed", seed, 0, MAX_SEED)
        self._started = True
        if seed is not None:
            self._rng = random.Random(seed)
        self.match = self._template.fresh()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._advance(None)
        # PettingZoo starts every episode at zero reward: victory points scored by the
        # setup played here are paid with the first step's rewards instead
        self._carry = {a: r for a, r in self.rewards.items() if r}
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}

    def _check_episode(self) -> str:
        if not self.agents:
            raise EpisodeOverError(
                "the episode is over (every agent is done): call reset() to start another"
                if self._started else "no episode yet: call reset() first")
        return self.agent_selection

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        agent = self._check_episode()
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action: Any) -> None:
        agent = self._check_episode()
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:  # PettingZoo's API: a done agent steps with None
                raise ActionIndexError(f"{agent} is done: its only action is None, not "
                                       f"{shown(action)}", action=action)
            self._was_dead_step(action)
            return
        index = get_index(action, self.codec.size)
        self._cumulative_rewards[agent] = 0.0
        if any(self.rewards.values()):  # the last step paid a reward (most steps pay none)
            self._clear_rewards()
        for a, r in self._carry.items():  # what the setup played at reset scored
            self.rewards[a] += r
        self._carry = {}
        self._advance(index)

    def _advance(self, index: int | None) -> None:
        """Apply an index (None at reset), play what no agent decides, reward, select."""
        match = self.match
        before = match.vp() if match.reward != "win" else None
        if index is not None:
            match.position.apply(index)
        match.settle(self._rng, sample_chance=self.chance_mode == "sample")
        if before is not None:  # victory points won or lost (at reset: by the setup)
            for seat, vp in match.vp().items():
                self.rewards[self._seat_agent[seat]] += float(vp - before[seat])
        self._finish_step()

    def _finish_step(self) -> None:
        match = self.match
        over, cut = match.is_over(), match.is_truncated()
        if over and match.reward != "vp":
            for seat, r in match.outcome().items():
                self.rewards[self._seat_agent[seat]] += r
        if over or cut:
            for a in self.agents:
                self.terminations[a] = over
                self.truncations[a] = cut and not over
        if any(self.rewards.values()):  # (all zero: nothing to accumulate)
            self._accumulate_rewards()
        who = match.position.actor()
        if over or cut:
            self.agent_selection = self.agents[0]
        elif who == E.CHANCE:
            self.agent_selection = CHANCE_AGENT
        else:
            self.agent_selection = self._seat_agent[who]

    # -- what agents see -----------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        self._check_agent(agent)
        pos = self.match.position
        seat = self._agent_seat.get(agent)
        obs = self.encoder.observe(pos, seat, self._tracker)
        if agent == self.agent_selection and agent in self.terminations and not (
                self.terminations[agent] or self.truncations[agent]):
            mask = _mask(pos.heads(), self.codec.size)
        else:
            mask = np.zeros(self.codec.size, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def chance_distribution(self) -> list[tuple[int, Fraction]]:
        """At a chance node (``chance="agent"``): each legal index with its exact probability."""
        return self.match.position.chance_distribution()

    @property
    def position(self) -> Position:
        """The current engine state and open sub-decision (read-only use, please)."""
        return self.match.position

    def describe_action(self, index: int) -> str:
        """What an index means here: the head, or the actions a slot leads to."""
        pos = self.match.position
        index = get_index(index, self.codec.size)
        group = pos.groups().get(index)
        text = self.codec.describe(index)
        if group and (pos.pending is not None or len(group) == 1):
            shown = group[0][0] if len(group) == 1 else f"{len(group)} actions from {group[0][0]}"
            return f"{text}: {shown}"
        return text

    def action_type(self, index: int) -> str:
        """The action type (``attack``, ``place`` …) a legal index leads to."""
        pos = self.match.position
        index = get_index(index, self.codec.size)
        group = pos.groups().get(index)
        if group is None:
            pos.resolve(index)  # raises the error that names the legal indices
        assert group is not None
        return str(group[0][0]["type"])

    def render(self) -> str | None:
        text = _render(self.match)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return f"riskspec_{self.settings.variant}"


def _mask(heads: list[int], size: int) -> np.ndarray:
    """The action mask (int8, 1 at each of ``heads``).  A few heads are set one by one in a
    bytearray (NumPy's fancy indexing first converts the list: about 4 µs for ten heads, as
    much as the engine's step); a long listing by NumPy."""
    if len(heads) > 64:
        mask = np.zeros(size, dtype=np.int8)
        mask[heads] = 1
        return mask
    raw = bytearray(size)
    for h in heads:
        raw[h] = 1
    return np.frombuffer(raw, dtype=np.int8)


def _render(match: Match) -> str:
    d = match.public()
    counts: dict[int, list[int]] = {}
    for place in list(d["territories"].values()) + list(d.get("zones", {}).values()):
        if place.get("owner") is not None:
            c = counts.setdefault(place["owner"], [0, 0])
            c[0] += 1
            c[1] += place.get("armies", place.get("ships", 0))
    who = match.position.actor()
    actor = {E.CHANCE: "chance", E.TERMINAL: "game over"}.get(who, f"seat {who}")
    lines = [f"{d['variant']} turn {d['turn']}, {d['phase']} phase, {actor} to act"
             + (" (sub-decision open)" if match.position.pending else "")]
    for seat, player in enumerate(d["players"]):
        places, units = counts.get(seat, [0, 0])
        vp = f", {player['vp']} VP" if "vp" in player else ""
        lines.append(f"  seat {seat} {player['colour']}: {places} places, {units} units, "
                     f"{len(player.get('cards', []))} cards{vp}")
    return "\n".join(lines)

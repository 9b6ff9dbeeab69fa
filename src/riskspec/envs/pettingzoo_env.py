"""The PettingZoo AEC environment (needs the ``riskspec[rl]`` extra)."""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from riskspec.envs.codec import ActionCodec, Position
from riskspec.envs.game import Match, Settings
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
    legal ones.  Eliminated seats stay agents (they are never selected) until the game ends.
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "riskspec_v0",
                                          "render_modes": ["ansi", "human"],
                                          "is_parallelizable": False}

    def __init__(self, variant: str = "classic", players: int | Sequence[str] = 3, *,
                 options: Mapping[str, str] | None = None, chance: str = "sample",
                 max_turns: int | None = None, auto_setup: bool = False,
                 reward: str | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        if chance not in CHANCE_MODES:
            raise OptionError(f"chance must be one of {', '.join(CHANCE_MODES)}, not {chance!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise OptionError(f"render_mode must be one of ansi, human, not {render_mode!r}")
        players = players if isinstance(players, int) else tuple(players)
        self.settings = Settings(variant=variant, players=players, options=dict(options or {}),
                                 max_turns=max_turns, auto_setup=auto_setup, reward=reward)
        self.chance_mode, self.render_mode = chance, render_mode
        self._template = self.match = Match(self.settings)  # checks the settings now
        self.codec: ActionCodec = self.match.codec
        self.encoder = ObservationEncoder(self.codec, self.match.sample)
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
        self.agents: list[str] = []

    @functools.cache  # noqa: B019 - the spaces are fixed per env
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    # -- the AEC loop --------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
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

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        for a, r in self._carry.items():  # what the setup played at reset scored
            self.rewards[a] += r
        self._carry = {}
        self._advance(int(action))

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
        pos = self.match.position
        seat = self._agent_seat.get(agent)
        obs = np.asarray(self.encoder.encode(pos, seat, self.match.public()), dtype=np.float32)
        mask = np.zeros(self.codec.size, dtype=np.int8)
        if agent == self.agent_selection and not (self.terminations.get(agent)
                                                  or self.truncations.get(agent)):
            mask[pos.legal_indices()] = 1
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
        group = pos.groups().get(int(index))
        text = self.codec.describe(int(index))
        if group and (pos.pending is not None or len(group) == 1):
            shown = group[0][0] if len(group) == 1 else f"{len(group)} actions from {group[0][0]}"
            return f"{text}: {shown}"
        return text

    def action_type(self, index: int) -> str:
        """The action type (``attack``, ``place`` …) a legal index leads to."""
        pos = self.match.position
        group = pos.groups().get(int(index))
        if group is None:
            pos.resolve(int(index))  # raises the error that names the legal indices
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

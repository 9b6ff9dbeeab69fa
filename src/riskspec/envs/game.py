"""What the PettingZoo and OpenSpiel adapters share: settings, the seats that are agents,
rewards, truncation and seeded chance — all through the reference engine's public API."""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from riskspec.envs.codec import ActionCodec, Position, get_codec
from riskspec.envs.errors import shown
from riskspec.errors import OptionError
from riskspec.reference import driver as D
from riskspec.reference import engine as E

REWARDS = ("win", "vp", "win+vp")

#: the turn cap of a new environment or OpenSpiel game unless told otherwise: random play
#: rarely ends a game of Risk (a random Classic game of four can run for thousands of turns)
DEFAULT_MAX_TURNS = 100
#: the largest turn cap (and OpenSpiel game length) accepted
MAX_TURNS_BOUND = 1_000_000
#: seeds are whole numbers 0 … MAX_SEED
MAX_SEED = 2**64 - 1


def check_count(name: str, value: object, low: int, high: int) -> int:
    """``value`` as a whole number in ``low … high`` (never a bool, a float or a string),
    else :class:`~riskspec.errors.OptionError` naming ``name``, the value and the bound."""
    message = f"{name} must be a whole number {low}…{high:,}, not {shown(value)}"
    if type(value).__name__ in ("bool", "bool_"):
        raise OptionError(message)
    try:
        number = operator.index(value)  # type: ignore[arg-type]  # also NumPy integers
    except TypeError:
        raise OptionError(message) from None
    if not low <= number <= high:
        raise OptionError(message)
    return number


def check_players(value: object, variant: str) -> int | tuple[str, ...]:
    """A number of players (bounded by the variant's) or a list of colour names."""
    v = E.get_variant(variant)
    if isinstance(value, (list, tuple)):
        if not all(isinstance(c, str) for c in value) or not \
                v.min_players <= len(value) <= v.max_players:
            raise OptionError(f"players must be {v.min_players}…{v.max_players} colour names "
                              f"(of {', '.join(v.colours)}) or a number, not {shown(value)}")
        return tuple(value)
    return check_count("players", value, v.min_players, v.max_players)


@dataclass(frozen=True)
class Settings:
    """How an environment plays a variant (keyword-only options of :func:`riskspec.envs.env`).

    * ``players``: a number of players (or a list of colours), as for ``new_game``.
    * ``options``: the variant's options (``{"game-mode": "mission"}``, readings …).
    * ``max_turns``: stop (truncate) once the state's turn counter exceeds it (1 …
      :data:`MAX_TURNS_BOUND`); None: never.
    * ``auto_setup``: the setup decisions (claims, placements) are made at random by the
      environment's RNG, so agents start at the first turn.
    * ``reward``: ``win`` — at the end, +1 to the winner and −1/(k−1) to each of the other k−1
      agents (0 to all if truncated); ``vp`` — each step, the change of each agent's victory
      points (Napoléon Advanced); ``win+vp`` — both.  Default: ``win+vp`` where the state has
      victory points, else ``win``.
    """

    variant: str = "classic"
    players: int | tuple[str, ...] = 3
    options: Mapping[str, str] = field(default_factory=dict)
    max_turns: int | None = DEFAULT_MAX_TURNS
    auto_setup: bool = False
    reward: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.variant, str):
            raise OptionError(f"variant must be a variant id, not {shown(self.variant)}")
        E.get_variant(self.variant)  # an unknown id: UnknownIdError, with suggestions
        object.__setattr__(self, "players", check_players(self.players, self.variant))
        if not isinstance(self.options, Mapping) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in self.options.items()):
            raise OptionError(f"options must map option names to choices (strings), not "
                              f"{shown(self.options)}")
        if self.reward is not None and (not isinstance(self.reward, str)
                                        or self.reward not in REWARDS):
            raise OptionError(f"reward must be one of {', '.join(REWARDS)}, not "
                              f"{shown(self.reward)}")
        if self.max_turns is not None:
            object.__setattr__(self, "max_turns",
                               check_count("max_turns", self.max_turns, 1, MAX_TURNS_BOUND))
        if self.auto_setup.__class__ is not bool:
            raise OptionError(f"auto_setup must be True or False, not {shown(self.auto_setup)}")


class Match:
    """One game under :class:`Settings`: a :class:`Position`, its agents and its rewards."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        players: int | Sequence[str] = settings.players
        state = E.new_game(settings.variant, players, dict(settings.options))
        self.initial = state
        self.codec: ActionCodec = get_codec(settings.variant)
        self.position = Position(self.codec, state)
        sample = E.to_dict(state)
        self.sample = sample
        self._public: tuple[E.State, dict[str, Any]] = (state, sample)
        #: seats played by agents (neutral armies are not agents)
        self.seats: tuple[int, ...] = tuple(i for i, p in enumerate(sample["players"])
                                            if not p.get("neutral"))
        self.has_vp = all("vp" in sample["players"][i] for i in self.seats)
        self.reward = settings.reward or ("win+vp" if self.has_vp else "win")
        if self.reward != "win" and not self.has_vp:
            raise OptionError(f"{settings.variant} has no victory points; use reward='win'")

    def fresh(self) -> Match:
        """A new game under the same settings (sharing the immutable initial state)."""
        other = Match.__new__(Match)
        other.__dict__.update(self.__dict__)
        other.position = Position(self.codec, self.initial)
        return other

    def copy(self) -> Match:
        other = Match.__new__(Match)
        other.__dict__.update(self.__dict__)
        other.position = self.position.copy()
        return other

    # -- state ---------------------------------------------------------------------------
    @property
    def state(self) -> E.State:
        return self.position.state

    def public(self) -> dict[str, Any]:
        """The state's public form (``to_dict``), computed once per state."""
        state = self.position.state
        if self._public[0] is not state:
            self._public = (state, E.to_dict(state))
        return self._public[1]

    def is_over(self) -> bool:
        return self.position.actor() == E.TERMINAL

    def is_truncated(self) -> bool:
        cap = self.settings.max_turns
        return cap is not None and not self.is_over() and self.turn() > cap

    # the turn counter, the winner and the victory points are read from the state's own
    # fields (what ``to_dict`` publishes as ``turn``, ``winner`` and ``players[i].vp``, as
    # the engine's driver reads them; tests/envs check they agree): no public form per step
    def turn(self) -> int:
        return self.position.state.turn

    def winner(self) -> int | None:
        w = self.position.state.winner
        return None if w < 0 else w

    def vp(self) -> dict[int, int]:
        if not self.has_vp:
            return {s: 0 for s in self.seats}
        vp = self.position.state.vp  # type: ignore[attr-defined]  # Napoléon Advanced
        return {s: vp[s] for s in self.seats}

    # -- rewards -------------------------------------------------------------------------
    def outcome(self) -> dict[int, float]:
        """Win rewards at the end: +1 winner, −1/(k−1) each other agent; 0 otherwise."""
        w = self.winner() if self.is_over() else None
        if w is None or w not in self.seats:
            return {s: 0.0 for s in self.seats}
        k = len(self.seats)
        return {s: 1.0 if s == w else -1.0 / (k - 1) for s in self.seats}

    # -- automatic moves -----------------------------------------------------------------
    def settle(self, rng: random.Random, *, sample_chance: bool) -> None:
        """Play what no agent decides: chance (when sampled) and, with ``auto_setup``, the
        setup decisions — until an agent (or the chance agent) is to act, or the game ends."""
        pos = self.position
        while True:  # (truncation is checked by the caller once settled: to_dict is not free)
            who = pos.actor()
            if who == E.TERMINAL or pos.pending is not None:
                return
            if who == E.CHANCE:
                if not sample_chance:
                    return
                pos.apply_action(D.sample_outcome(pos.state, rng))
            elif self.settings.auto_setup and self.turn() == 0:
                pos.apply_action(D.choose_action(E.legal_actions(pos.state), rng))
            else:
                return


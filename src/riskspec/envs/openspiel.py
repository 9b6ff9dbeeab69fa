"""The variants as OpenSpiel Python games (needs ``open_spiel``: ``pip install open_spiel``).

:func:`register` registers one game per shipped variant, named ``riskspec_<variant>`` with
dashes as underscores (``riskspec_classic``, ``riskspec_napoleon_advanced`` …)::

    import pyspiel
    from riskspec.envs import openspiel
    openspiel.register()
    game = pyspiel.load_game("riskspec_classic", {"players": 4})

* Actions are the fixed encoding of :mod:`riskspec.envs.codec` (``num_distinct_actions``
  = heads + slots); chance nodes are explicit, their outcomes indexed the same way, each
  with its exact probability (:meth:`RiskState.chance_outcomes_exact` gives the
  :class:`~fractions.Fraction`; OpenSpiel receives it as a float).
* Players are the agent seats (a neutral army is no player).
* OpenSpiel needs a finite game: parameters ``max_turns`` (default 100) and
  ``max_game_length`` (decisions, default 20000) end a game that reaches them as a draw
  (every return 0).  A win returns +1 to the winner and −1/(k−1) to each of the others
  (zero-sum).
* Parameters: ``players`` (int), ``options`` (``"game-mode=mission,distribution=deal"``),
  ``max_turns``, ``max_game_length``, ``auto_setup`` (setup decisions drawn by chance
  uniformly, so that the players start at the first turn).
* Observations: the vector of :mod:`riskspec.envs.observation` (``observation_tensor``);
  ``observation_string`` is a one-line summary.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import numpy as np
import pyspiel

from riskspec.envs.codec import Position
from riskspec.envs.errors import EpisodeOverError, get_index, shown
from riskspec.envs.game import DEFAULT_MAX_TURNS, MAX_TURNS_BOUND, Match, Settings, check_count
from riskspec.envs.observation import ObservationEncoder
from riskspec.errors import OptionError
from riskspec.loading import load_spec
from riskspec.model import parse_options as parse_items
from riskspec.reference import engine as E

DEFAULTS: dict[str, Any] = {"players": 0, "options": "", "max_turns": DEFAULT_MAX_TURNS,
                            "max_game_length": 20000, "auto_setup": False}


def game_name(variant: str) -> str:
    """The OpenSpiel short name of a variant."""
    return "riskspec_" + variant.replace("-", "_")


def parse_options(text: str) -> dict[str, str]:
    """``"a=b,c=d"`` → ``{"a": "b", "c": "d"}`` (the ``options`` parameter), read as
    ``riskspec play --option`` reads each item (:func:`riskspec.model.parse_options`)."""
    return parse_items([p.strip() for p in text.split(",") if p.strip()])


def _game_type(variant: Any) -> Any:
    return pyspiel.GameType(
        short_name=game_name(variant.id),
        long_name=f"riskspec {variant.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=variant.max_players,
        min_num_players=variant.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**DEFAULTS, "players": variant.min_players})


def _make_game_class(variant: Any) -> type:
    game_type = _game_type(variant)

    class RiskGame(pyspiel.Game):
        __doc__ = f"OpenSpiel game of riskspec's {variant.title} ({variant.id})."
        TYPE = game_type

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            p = {**DEFAULTS, "players": variant.min_players, **(params or {})}
            if not isinstance(p["options"], str):
                raise OptionError(f"options must be a text KEY=CHOICE,…, not "
                                  f"{shown(p['options'])}")
            self.settings = Settings(variant=variant.id, players=p["players"],
                                     options=parse_options(p["options"]),
                                     max_turns=p["max_turns"],
                                     auto_setup=p["auto_setup"], reward="win")
            self.max_length = check_count("max_game_length", p["max_game_length"], 1,
                                          MAX_TURNS_BOUND)
            probe = self.template = Match(self.settings)
            self.seats = probe.seats
            self.codec = probe.codec
            self.encoder = ObservationEncoder(probe.codec, probe.sample)
            self.tracker = self.encoder.tracker()
            self.at_start: dict[int, np.ndarray] = {}   # observations of the initial state
            info = pyspiel.GameInfo(
                num_distinct_actions=self.codec.size, max_chance_outcomes=self.codec.size,
                num_players=len(self.seats), min_utility=-1.0, max_utility=1.0,
                utility_sum=0.0, max_game_length=self.max_length)
            super().__init__(game_type, info, p)

        def new_initial_state(self) -> RiskState:
            return RiskState(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
            return RiskObserver(self)

    RiskGame.__name__ = RiskGame.__qualname__ = "RiskGame_" + variant.id.replace("-", "_")
    globals()[RiskGame.__name__] = RiskGame  # picklable by name
    return RiskGame


class _Core:
    """What a state holds; OpenSpiel clones a Python state by deep-copying its attributes,
    and engine states are immutable, so a copy shares them."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.match = game.template.fresh()
        self.decisions = 0
        self.player_of = {seat: i for i, seat in enumerate(game.seats)}
        self.who, self.who_of, self.who_at = 0, None, -1   # current_player, remembered
        self.checked = False   # an apply_action under way has checked its action

    def __deepcopy__(self, memo: Any) -> _Core:
        other = _Core.__new__(_Core)
        other.game, other.player_of, other.decisions = self.game, self.player_of, self.decisions
        other.match = self.match.copy()
        other.who, other.who_of, other.who_at = self.who, self.who_of, self.who_at
        other.checked = False
        return other

    def __getstate__(self) -> dict[str, Any]:  # pickling: the canonical JSON of the state
        pos = self.match.position
        return {"game": [self.game.get_type().short_name, self.game.get_parameters()],
                "decisions": self.decisions,
                "state": E.to_json(pos.state),
                "pending": None if pos.pending is None else
                [[a, None if p is None else str(p)] for a, p in pos.pending]}

    def __setstate__(self, data: dict[str, Any]) -> None:
        name, params = data["game"]
        self.__init__(pyspiel.load_game(name, params))  # type: ignore[misc]
        self.decisions = data["decisions"]
        pending = data["pending"]
        self.match.position = Position(
            self.game.codec, E.from_json(data["state"]),
            None if pending is None else
            [(a, None if p is None else Fraction(p)) for a, p in pending])


class RiskState(pyspiel.State):
    """One OpenSpiel state: a :class:`~riskspec.envs.codec.Position` plus a decision count."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._core = _Core(game)

    @property
    def _game(self) -> Any:
        return self._core.game

    @property
    def _match(self) -> Match:
        return self._core.match

    @property
    def position(self) -> Position:
        return self._core.match.position

    # -- the OpenSpiel API ----------------------------------------------------------------
    def _auto(self) -> bool:
        return self._game.settings.auto_setup and self._match.turn() == 0 \
            and self.position.actor() >= 0

    def _is_capped(self) -> bool:
        return self._match.is_truncated() or self._core.decisions >= self._game.max_length

    def current_player(self) -> int:
        # OpenSpiel asks this several times per step: remembered per engine state and
        # decision count (all it depends on)
        core = self._core
        state = core.match.position.state
        if core.who_of is state and core.who_at == core.decisions:
            return core.who
        who = self.position.actor()
        if who == E.TERMINAL or self._is_capped():
            out = _TERMINAL
        elif who == E.CHANCE or self._auto():
            out = _CHANCE
        else:
            out = core.player_of[who]
        core.who, core.who_of, core.who_at = out, state, core.decisions
        return out

    def is_terminal(self) -> bool:
        return self.current_player() == _TERMINAL

    def is_chance_node(self) -> bool:
        # answered here, not by OpenSpiel's C++ State calling back into current_player
        return self.current_player() == _CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's ``legal_actions()`` (of the player to act; at a chance node the
        outcomes, in :meth:`chance_outcomes` order) or ``legal_actions(player)``: the lists OpenSpiel's C++ ``State`` gives, answered
        here without its round trip through C++ and back (a test compares the two)."""
        who = self.current_player()
        if player is not None and player != who:    # rare: OpenSpiel's own answer
            return list(super().legal_actions(player))
        if who == _TERMINAL:
            return []
        if who == _CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        return self.position.legal_indices()

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_terminal() or player != self.current_player():
            return []
        return self.position.legal_indices()

    def chance_outcomes_exact(self) -> list[tuple[int, Fraction]]:
        """The chance outcomes with their exact probabilities."""
        if self._auto():  # setup decisions drawn uniformly (auto_setup)
            legal = self.position.legal_indices()
            return [(i, Fraction(1, len(legal))) for i in legal]
        return self.position.chance_distribution()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._auto():
            legal = self.position.legal_indices()
            return [(i, 1.0 / len(legal)) for i in legal]
        dist, total = self.position.chance_weights()
        return [(i, float(w / total)) for i, w in dist]  # exact ratio, rounded once

    def apply_action(self, action: Any) -> None:
        """OpenSpiel's ``apply_action``, refusing what is no index of the encoding
        (:class:`~riskspec.envs.errors.ActionIndexError`) and any action once the state is
        terminal (:class:`~riskspec.envs.errors.EpisodeOverError`)."""
        self._check_not_over()
        core = self._core
        core.checked = True    # _apply_action, called back by OpenSpiel, need not check again
        try:
            super().apply_action(get_index(action, self._game.codec.size))
        finally:
            core.checked = False

    def _check_not_over(self) -> None:
        if self.is_terminal():
            why = "won" if self.position.actor() == E.TERMINAL else \
                f"stopped at its cap (max_turns {self._game.settings.max_turns}, " \
                f"max_game_length {self._game.max_length})"
            raise EpisodeOverError(f"the game is over ({why}): it takes no more actions")

    def _apply_action(self, action: int) -> None:
        if self._core.checked:  # by apply_action, just before
            index = action
        else:                   # OpenSpiel's own C++ callers
            self._check_not_over()
            index = get_index(action, self._game.codec.size)
        decided = self.current_player() >= 0
        self.position.apply(index)          # an illegal index raises: nothing is counted
        if decided:
            self._core.decisions += 1

    def _action_to_string(self, player: int, action: int) -> str:
        pos = self.position
        group = pos.groups().get(int(action))
        if group and len(group) == 1:
            return json.dumps(group[0][0], sort_keys=True, separators=(",", ":"))
        return self._game.codec.describe(int(action))

    def returns(self) -> list[float]:
        if not self.is_terminal() or self._is_capped() and self.position.actor() != E.TERMINAL:
            return [0.0] * len(self._game.seats)
        outcome = self._match.outcome()
        return [outcome[s] for s in self._game.seats]

    def __str__(self) -> str:
        pos = self.position
        return E.state_hash(pos.state) + (f" pending={len(pos.pending)}" if pos.pending else "")


class RiskObserver:
    """The observation vector (:mod:`riskspec.envs.observation`) for OpenSpiel."""

    def __init__(self, game: Any) -> None:
        self._encoder: ObservationEncoder = game.encoder
        # one tracker per game, shared by its observers (OpenSpiel may make one per call):
        # it updates from whichever state of the game it saw last
        self._tracker = game.tracker
        self._initial = game.template.initial
        self._at_start: dict[int, np.ndarray] = game.at_start
        self._seats = game.seats
        self.tensor = np.zeros(self._encoder.size, np.float32)
        self.dict = {name: self.tensor[start:start + size]
                     for name, start, size in self._encoder.layout()}

    def set_from(self, state: RiskState, player: int) -> None:
        pos = state.position
        if pos.state is self._initial and pos.pending is None:
            # OpenSpiel's observation_tensor() first observes a new initial state (every
            # call): that one is remembered, so the tracker keeps following the game
            got = self._at_start.get(player)
            if got is None:
                got = self._at_start[player] = np.asarray(
                    self._encoder.encode(pos, self._seats[player]), dtype=np.float32)
            self.tensor[:] = got
            return
        self.tensor[:] = self._encoder.observe(pos, self._seats[player], self._tracker)

    def string_from(self, state: RiskState, player: int) -> str:
        d = state._match.public()
        mine = d["players"][self._seats[player]].get("cards", [])
        return f"turn {d['turn']} {d['phase']} current {d['current']} cards {','.join(mine)}"


_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)

_REGISTERED: dict[str, type] = {}


def register(variants: list[str] | None = None) -> list[str]:
    """Register the variants (default: every shipped one) with OpenSpiel; the names."""
    spec = load_spec()
    names = []
    for vid in variants or list(spec.variants):
        name = game_name(vid)
        if name not in _REGISTERED:
            cls = _make_game_class(spec.variant(vid))
            pyspiel.register_game(cls.TYPE, cls)  # type: ignore[attr-defined]
            _REGISTERED[name] = cls
        names.append(name)
    return names

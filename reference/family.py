"""Variant families: what a family of variants plugs into the one public API.

The public functions of :mod:`riskspec.reference.engine` (``new_game``, ``current_player``,
``legal_actions``, ``chance_outcomes``, ``apply``, ``to_dict``/``from_dict``) are the same
for every family; each asks :func:`family_of` for the family of the state it is given and
calls that family's hook.  A family is data — its action handlers by ``(phase, action
type)`` — plus a few named hooks (python-chess style).  Classic is defined in
:mod:`riskspec.reference.engine`, Napoléon in :mod:`riskspec.reference.napoleon.family`;
both are registered here by module path and imported on first use, so this module imports
no engine code and sits at the bottom of the layers.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from riskspec.errors import IllegalActionError, OptionError
from riskspec.reference.actions import names_of
from riskspec.reference.base import get_player_name
from riskspec.reference.state import State, dumps

Action = dict[str, Any]
Event = dict[str, Any]

#: what ``current_player`` returns at a chance node and when the game is over
CHANCE = -1
TERMINAL = -2


def _derived(*args: Any) -> Any:  # pragma: no cover - replaced in Family.__post_init__
    raise AssertionError("a derived hook of a Family was not set")


def _no_new_game(v: Any, players: Any, options: Mapping[str, str] | None) -> Any:
    raise OptionError(f"the {v.family} family has no new_game")


def _no_json(*args: Any) -> Any:
    raise OptionError("this family has no JSON form of its states (Family.to_dict/from_dict)")


@dataclasses.dataclass(frozen=True)
class Family:
    """The hooks of one variant family (``variant.family`` in the spec), python-chess style:
    every hook has a default doing the plumbing from the family's own tables, so a family
    gives its tables (``grammar``, ``handlers``, ``chance_phases``, ``chance_types``) and its
    ``process_*`` functions, and overrides only what differs (``tests/engine/test_family.py``
    builds a toy family from two ``process_*`` functions)."""

    name: str
    #: (variant, players, options) → a new game's state
    new_game: Callable[[Any, Any, Mapping[str, str] | None], State] = _no_new_game
    #: state → seat to act, CHANCE (-1) or TERMINAL (-2); default: TERMINAL once
    #: ``state.winner`` ≥ 0, CHANCE in a phase of ``chance_phases``, else ``state.current``
    current_player: Callable[[Any], int] = _derived
    #: state → every legal action in canonical order (the game is not over); default: none
    legal_actions: Callable[[Any], list[Action]] = lambda s: []
    #: state → the same actions as a read-only sequence that may make them on demand (for
    #: random play: a driver reads the length and a few items); default: ``legal_actions``
    legal_view: Callable[[Any], Sequence[Action]] | None = None
    #: state → the chance table of a chance node (None elsewhere)
    chance_table: Callable[[Any], Any] = lambda s: None
    #: (action, state) → the parsed action tuple, or InvalidActionError; default: ``grammar``
    #: (a :class:`riskspec.reference.actions.Grammar`), the one parser of every family
    parse_action: Callable[[Any, Any], tuple[Any, ...]] = _derived
    #: (phase, action type) → process_* function (state copy, parsed action, events)
    handlers: Mapping[tuple[str, str], Callable[[Any, Any, list[Event]], None]] = \
        dataclasses.field(default_factory=dict)
    #: (state, action, kind) → raises the IllegalActionError of an action of no handler;
    #: default: derived from ``handlers`` (:func:`reject_out_of_turn`)
    reject_out_of_turn: Callable[[Any, Mapping[str, Any], str], None] = _derived
    #: state → its public JSON object
    to_dict: Callable[[Any], dict[str, Any]] = _no_json
    #: (JSON object, variant) → state (its form already checked by the state schema)
    from_dict: Callable[[Mapping[str, Any], Any], State] = _no_json
    #: (new state, events) → checks after every applied action (e.g. victory)
    after_apply: Callable[[Any, list[Event]], None] = lambda s, events: None
    #: (state, legal actions, rng) → the driver's 'aggressive' choice
    aggressive_policy: Callable[[Any, Sequence[Action], random.Random], Action] | None = None
    #: every handler makes all its rule checks before its first change to the state (so
    #: ``engine.apply_in_place`` may skip the copy; tests/engine/test_in_place.py checks it)
    checks_before_changes: bool = False
    #: the action shapes (type → fields, type → record) the default ``parse_action`` reads
    grammar: Any = None
    #: the phases at which chance moves (the default ``current_player``)
    chance_phases: frozenset[str] = frozenset()
    #: the action types that are chance outcomes (the default ``reject_out_of_turn``)
    chance_types: frozenset[str] = frozenset()
    #: (state, action type, code) → the rule an action of another phase breaks
    out_of_turn_rule: Callable[[Any, str, str], str | None] = lambda s, kind, code: None

    def __post_init__(self) -> None:
        if self.current_player is _derived:
            object.__setattr__(self, "current_player", functools.partial(_current_player, self))
        if self.parse_action is _derived:
            object.__setattr__(self, "parse_action", functools.partial(_parse_action, self))
        if self.reject_out_of_turn is _derived:
            object.__setattr__(self, "reject_out_of_turn",
                               functools.partial(reject_out_of_turn, self))


def _current_player(family: Family, state: Any) -> int:
    if state.winner >= 0:
        return TERMINAL
    if state.phase in family.chance_phases:
        return CHANCE
    return int(state.current)


def _parse_action(family: Family, action: Any, state: Any) -> tuple[Any, ...]:
    if family.grammar is None:
        raise TypeError(f"the {family.name} family has neither parse_action nor grammar")
    return family.grammar.parse(action, names_of(state.tables), state.n_players)  # type: ignore[no-any-return]


def reject_out_of_turn(family: Family, state: Any, action: Mapping[str, Any], kind: str) -> None:
    """The refusal of an action no handler of the phase takes, derived from the family's
    handlers: the game is over, a chance outcome is due, a chance outcome while a player is
    to act, or an action of another phase — citing ``family.out_of_turn_rule``."""
    if state.winner >= 0:
        code, why = "game-over", "the game is over"
    elif family.current_player(state) == CHANCE:
        code, why = "chance-node", f"a chance outcome is due, not a {kind!r}"
    elif kind in family.chance_types:
        code, why = "not-chance-node", f"a player is to act; {kind!r} is a chance outcome"
    else:
        code, why = "wrong-phase", f"a {kind!r} is not allowed in the {state.phase} phase"
    expected = ", ".join(k for ph, k in family.handlers if ph == state.phase) or "nothing"
    raise IllegalActionError(f"illegal action {dumps(action)}: {why}; expected: {expected} "
                             f"({describe(state)})", code=code,
                             rule=family.out_of_turn_rule(state, kind, code), action=action)


#: family name → "module:attribute" of its :class:`Family`
REGISTRY: dict[str, str] = {
    "classic": "riskspec.reference.classic_family:CLASSIC",
    "napoleon": "riskspec.reference.napoleon.family:NAPOLEON",
}


#: families plugged in at run time (:func:`register`), by name
_REGISTERED: dict[str, Family] = {}


def register(family: Family) -> Family:
    """Plug a family in by its object (a third family: its tables and ``process_*``
    functions in a :class:`Family`); variants whose ``family`` is its name then play
    through the public API (``engine.new_game``, ``apply`` …)."""
    _REGISTERED[family.name] = family
    get_family.cache_clear()
    return family


@functools.cache
def get_family(name: str) -> Family:
    """The registered family ``name``; :class:`~riskspec.errors.OptionError` if none."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    where = REGISTRY.get(name)
    if where is None:
        raise OptionError(f"the reference engine plays the {' and '.join(sorted({*REGISTRY, *_REGISTERED}))} "
                          f"families, not {name!r}")
    module, attr = where.split(":")
    family = getattr(importlib.import_module(module), attr)
    if not isinstance(family, Family) or family.name != name:
        raise TypeError(f"{where} is not the Family {name!r}")
    return family


def family_of(state: Any) -> Family:
    """The family of a state (by its variant)."""
    global _last
    tables, last = state.tables, _last   # one read of _last: a consistent pair across threads
    if last[0] is tables:                # most calls ask about the tables asked about last
        return last[1]  # type: ignore[no-any-return]
    family = get_family(tables.variant.family)
    _last = (tables, family)
    return family


_last: tuple[Any, Any] = (None, None)   # (tables, its family)


def describe(state: Any) -> str:
    """A one-line description of the position, for error messages."""
    who = family_of(state).current_player(state)
    actor = {CHANCE: "chance to resolve", TERMINAL: "game over"}.get(
        who, f"{get_player_name(state, who) if who >= 0 else '?'} to act")
    return f"turn {state.turn}, {state.phase} phase, {actor}"

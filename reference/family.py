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

from riskspec.errors import OptionError
from riskspec.reference.base import get_player_name

Action = dict[str, Any]
Event = dict[str, Any]

#: what ``current_player`` returns at a chance node and when the game is over
CHANCE = -1
TERMINAL = -2


@dataclasses.dataclass(frozen=True)
class Family:
    """The hooks of one variant family (``variant.family`` in the spec)."""

    name: str
    #: (variant, players, options) → a new game's state
    new_game: Callable[[Any, Any, Mapping[str, str] | None], Any]
    #: state → seat to act, CHANCE (-1) or TERMINAL (-2)
    current_player: Callable[[Any], int]
    #: state → every legal action in canonical order (the game is not over)
    legal_actions: Callable[[Any], list[Action]]
    #: state → the chance table of a chance node (None elsewhere)
    chance_table: Callable[[Any], Any]
    #: (action, state) → the parsed action tuple, or InvalidActionError
    parse_action: Callable[[Any, Any], tuple[Any, ...]]
    #: (phase, action type) → process_* function (state copy, parsed action, events)
    handlers: Mapping[tuple[str, str], Callable[[Any, Any, list[Event]], None]]
    #: (state, action, kind) → raises the IllegalActionError of an action of no handler
    reject_out_of_turn: Callable[[Any, Mapping[str, Any], str], None]
    #: state → its public JSON object
    to_dict: Callable[[Any], dict[str, Any]]
    #: (JSON object, variant) → state (its form already checked by the state schema)
    from_dict: Callable[[Mapping[str, Any], Any], Any]
    #: (new state, events) → checks after every applied action (e.g. victory)
    after_apply: Callable[[Any, list[Event]], None] = lambda s, events: None
    #: (state, legal actions, rng) → the driver's 'aggressive' choice
    aggressive_policy: Callable[[Any, Sequence[Action], random.Random], Action] | None = None
    #: every handler makes all its rule checks before its first change to the state (so
    #: ``engine.apply_in_place`` may skip the copy; tests/engine/test_in_place.py checks it)
    checks_before_changes: bool = False


#: family name → "module:attribute" of its :class:`Family`
REGISTRY: dict[str, str] = {
    "classic": "riskspec.reference.classic_family:CLASSIC",
    "napoleon": "riskspec.reference.napoleon.family:NAPOLEON",
}


@functools.cache
def get_family(name: str) -> Family:
    """The registered family ``name``; :class:`~riskspec.errors.OptionError` if none."""
    where = REGISTRY.get(name)
    if where is None:
        raise OptionError(f"the reference engine plays the {' and '.join(sorted(REGISTRY))} "
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

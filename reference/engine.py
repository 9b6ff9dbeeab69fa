"""The public API of the reference engine (modelled on OpenSpiel's).

>>> from riskspec.reference import engine as E
>>> s = E.new_game("classic", 3)
>>> E.current_player(s) == E.CHANCE         # who goes first is a roll
True
>>> outcome, p = E.chance_outcomes(s)[0]
>>> s, events = E.apply(s, outcome)
>>> E.current_player(s), E.legal_actions(s)[0]
(0, {'type': 'claim', 'territory': 'alaska'})

* :func:`new_game` — a new game of a variant, for a number of players (or a
  list of colours), with options (``{"game-mode": "mission", …}``).
* :func:`current_player` — the seat to act, :data:`CHANCE` or :data:`TERMINAL`.
* :func:`legal_actions` — every legal action, in canonical order (see
  :mod:`riskspec.reference.actions`); empty at chance and terminal nodes.
* :func:`chance_outcomes` — ``[(outcome, Fraction)]`` at a chance node, summing to 1.
* :func:`apply` — ``(new state, events)``; the input is never changed.
  A malformed action raises :class:`~riskspec.errors.InvalidActionError`, an
  action the rules forbid :class:`~riskspec.errors.IllegalActionError` (with
  ``code`` and ``rule``).
* :func:`apply_in_place` — the same change made to the state itself (no copy; OpenSpiel's
  ``apply_action``, python-chess's ``push``): for loops that own their state and keep no
  earlier position.  A refused action leaves the state as it was.
* :func:`to_json` / :func:`from_json` / :func:`state_hash` — the canonical form.

The engine never draws a random number: chance outcomes are applied like actions.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from riskspec.errors import IllegalActionError
from riskspec.loading import load_spec
from riskspec.model import Variant
from riskspec.reference.chance import ChanceTable
from riskspec.reference.family import CHANCE, TERMINAL, describe, family_of, get_family
from riskspec.reference.listed import Listed
from riskspec.reference.serial import from_dict, from_json, state_hash, to_dict, to_json
from riskspec.reference.state import InvalidStateError, State, dumps

__all__ = ["CHANCE", "TERMINAL", "State", "new_game", "current_player", "legal_actions",
           "chance_outcomes", "apply", "apply_in_place", "to_json", "from_json", "to_dict", "from_dict",
           "state_hash", "is_terminal", "get_variant", "InvalidStateError"]

Action = dict[str, Any]
Event = dict[str, Any]


@functools.cache
def get_variant(variant_id: str) -> Variant:
    """A variant of the shipped specification (loaded once, and only if it is valid:
    a spec with problems raises :class:`~riskspec.errors.SpecError`)."""
    return load_spec().variant(variant_id)


def new_game(variant: str | Variant = "classic", players: int | Sequence[str] = 3,
             options: Mapping[str, str] | None = None) -> State:
    """A new game.  ``players`` is a number of players (seated in the order of the
    variant's colours) or a list of colours.  In the two-player game with
    ``two_player.mode`` = neutral, a neutral army is seated after the players.

    Raises :class:`~riskspec.errors.OptionError` for an unknown option, a player count the
    variant does not allow, or a spec the engine cannot play.
    """
    v = get_variant(variant) if isinstance(variant, str) else variant
    return get_family(v.family).new_game(v, players, options)


def current_player(state: State) -> int:
    """The seat to act; :data:`CHANCE` at a chance node, :data:`TERMINAL` when the game is over."""
    return family_of(state).current_player(state)


def is_terminal(state: State) -> bool:
    return state.winner >= 0


def legal_actions(state: State) -> list[Action]:
    """Every legal action of the player to act, in canonical order ([] at chance/terminal)."""
    if state.winner >= 0:
        return []
    return family_of(state).legal_actions(state)


def legal_view(state: State) -> Sequence[Action]:
    """:func:`legal_actions` as a read-only sequence, the same actions in the same order,
    which a family may make on demand (Classic's fortify phase: one move per army count,
    thousands in a late two-player game); for random play, which reads a few items."""
    if state.winner >= 0:
        return []
    family = family_of(state)
    view = family.legal_view
    return view(state) if view is not None else family.legal_actions(state)


def get_chance_table(state: State) -> ChanceTable | None:
    """The chance table of a chance node (outcomes with integer weights), None elsewhere."""
    return family_of(state).chance_table(state) if state.winner < 0 else None


def chance_outcomes(state: State) -> list[tuple[Action, Fraction]]:
    """Every outcome of a chance node with its exact probability ([] elsewhere)."""
    table = get_chance_table(state)
    if table is None:
        return []
    return [(table.outcome(i), Fraction(table.weight(i), table.total)) for i in range(len(table))]


def apply(state: State, action: Mapping[str, Any]) -> tuple[State, list[Event]]:
    """Apply an action or chance outcome; return the new state and the events it caused.

    ``state`` is left unchanged, whatever happens.  Deterministic: the same state and
    action give the same result, byte for byte.
    """
    new = state.copy()
    return new, _change(new, state, action, family_of(state))


def apply_in_place(state: State, action: Mapping[str, Any]) -> list[Event]:
    """Apply an action or chance outcome to ``state`` itself; return the events it caused.

    What :func:`apply` does, without the copy: for a driver, bot or RL loop that owns
    ``state`` and keeps no reference to the position before (lists read from the state
    change with it).  A refused action raises as in :func:`apply` and leaves ``state`` as
    it was: a family whose handlers make every rule check before their first change
    (``Family.checks_before_changes``, tested for every handler) is changed in place, any
    other through a copy whose fields then replace the state's.
    """
    family = family_of(state)
    if family.checks_before_changes:
        return _change(state, state, action, family)
    new = state.copy()
    events = _change(new, state, action, family)
    new.move_into(state)
    return events


def _change(target: State, state: State, action: Mapping[str, Any], family: Any) -> list[Event]:
    """Apply ``action``, legal in ``state``, to ``target`` (``state`` itself or its copy);
    ``family`` is the state's (:func:`family_of`)."""
    if action.__class__ is Listed and action.tables is state.tables:
        parsed = action.parsed  # listed by the engine: trusted
    else:
        parsed = family.parse_action(action, state)
    kind = parsed[0]
    handler = family.handlers.get((state.phase, kind))
    if handler is None:
        family.reject_out_of_turn(state, action, kind)
        raise AssertionError("reject_out_of_turn returned")  # pragma: no cover
    events: list[Event] = []
    try:
        handler(target, parsed, events)
    except IllegalActionError as exc:
        raise IllegalActionError(f"illegal action {dumps(action)}: {exc} ({describe(state)})",
                                 code=exc.code, rule=exc.rule, action=action) from None
    family.after_apply(target, events)
    return events


# re-exported for convenience
_ = (to_dict, from_dict, to_json, from_json, state_hash, InvalidStateError)

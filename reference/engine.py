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
* :func:`to_json` / :func:`from_json` / :func:`state_hash` — the canonical form.

The engine never draws a random number: chance outcomes are applied like actions.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from riskspec.errors import IllegalActionError, OptionError
from riskspec.loading import load_spec
from riskspec.model import Variant
from riskspec.reference import classic, setup
from riskspec.reference import ruleids as R
from riskspec.reference.actions import CHANCE_TYPES, Parsed, parse_action
from riskspec.reference.chance import ChanceTable
from riskspec.reference.chance import get_chance_table as get_classic_chance_table
from riskspec.reference.family import CHANCE, TERMINAL, Family, describe, family_of, get_family
from riskspec.reference.legal import get_legal_actions
from riskspec.reference.listed import Listed
from riskspec.reference.missions import check_supported, get_mission_deck
from riskspec.reference.state import (
    CHANCE_PHASES,
    InvalidStateError,
    State,
    blank_state,
    classic_from_dict,
    classic_to_dict,
    dumps,
    from_dict,
    from_json,
    state_hash,
    to_dict,
    to_json,
)
from riskspec.reference.tables import get_tables

__all__ = ["CHANCE", "TERMINAL", "State", "new_game", "current_player", "legal_actions",
           "chance_outcomes", "apply", "to_json", "from_json", "to_dict", "from_dict",
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


def _new_classic_game(v: Variant, players: int | Sequence[str],
                      options: Mapping[str, str] | None) -> State:
    tables = get_tables(v.resolve(options))
    prm = tables.params
    colours = _seat_colours(v, players)
    n = len(colours)
    neutral = -1
    if n == 2 and prm.two_player_mode == "neutral":
        spare = [c for c in v.colours if c not in colours]
        if not spare:
            raise OptionError("the two-player neutral game needs a spare colour for the neutral")
        colours, neutral = colours + (spare[0],), 2
    s = blank_state(tables, colours, neutral)
    if n == 2:
        s.reserves = [prm.two_player_armies_each] * 2 + (
            [prm.two_player_neutral_armies] if neutral >= 0 else [])
    else:
        try:
            s.reserves = [int(prm.setup_starting_armies[str(n)])] * n
        except KeyError:
            raise OptionError(f"setup.starting_armies has no entry for {n} players") from None
    if len(tables.territories) > sum(s.reserves) or min(s.reserves) * len(colours) < len(
            tables.territories):
        raise OptionError("the starting armies cannot occupy every territory")
    if tables.mission_deck:
        for mid in tables.mission_deck:
            check_supported(tables.missions[mid].condition, mid)
        in_play = get_mission_deck(s)
        if len(in_play) < n:
            raise OptionError(f"mission deck {prm.missions_deck!r} has {len(in_play)} cards "
                              f"in play for {n} players")
    setup.start_setup(s)
    return s


def _seat_colours(v: Variant, players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, int) and not isinstance(players, bool):
        n = players
        if not v.min_players <= n <= v.max_players:
            raise OptionError(f"{v.title} is for {v.min_players} to {v.max_players} players, "
                              f"not {n}")
        return tuple(v.colours[:n])
    if isinstance(players, (bool, str)):
        raise OptionError(f"players is a number or a list of colours, not {players!r}")
    colours = tuple(players)
    if not v.min_players <= len(colours) <= v.max_players:
        raise OptionError(f"{v.title} is for {v.min_players} to {v.max_players} players, "
                          f"not {len(colours)}")
    for c in colours:
        if c not in v.colours:
            raise OptionError(f"unknown colour {c!r}; {v.id} has {', '.join(v.colours)}")
    if len(set(colours)) != len(colours):
        raise OptionError("two players cannot have the same colour")
    return colours


def current_player(state: State) -> int:
    """The seat to act; :data:`CHANCE` at a chance node, :data:`TERMINAL` when the game is over."""
    return family_of(state).current_player(state)


def _classic_current_player(state: State) -> int:
    if state.winner >= 0:
        return TERMINAL
    if state.phase in CHANCE_PHASES:
        return CHANCE
    if state.phase == "defend":
        return int(state.pending["chooser"])
    return state.current


def is_terminal(state: State) -> bool:
    return state.winner >= 0


def legal_actions(state: State) -> list[Action]:
    """Every legal action of the player to act, in canonical order ([] at chance/terminal)."""
    if state.winner >= 0:
        return []
    return family_of(state).legal_actions(state)


def get_chance_table(state: State) -> ChanceTable | None:
    """The chance table of a chance node (outcomes with integer weights), None elsewhere."""
    return family_of(state).chance_table(state) if state.winner < 0 else None


def chance_outcomes(state: State) -> list[tuple[Action, Fraction]]:
    """Every outcome of a chance node with its exact probability ([] elsewhere)."""
    table = get_chance_table(state)
    if table is None:
        return []
    return [(table.outcome(i), Fraction(table.weight(i), table.total)) for i in range(len(table))]


Handler = Callable[[State, Parsed, list[Event]], None]

#: (phase, action type) → the function that applies it
HANDLERS: dict[tuple[str, str], Handler] = {
    ("deal-missions", "mission"): setup.process_mission,
    ("first-player", "first-player"): setup.process_first_player,
    ("claim", "claim"): setup.process_claim,
    ("deal", "deal"): setup.process_deal,
    ("setup-place", "place"): setup.process_setup_place,
    ("setup-place", "place-neutral"): setup.process_place_neutral,
    ("reinforce", "place"): classic.process_place,
    ("reinforce", "trade"): classic.process_trade,
    ("elimination-trade", "place"): classic.process_place,
    ("elimination-trade", "trade"): classic.process_trade,
    ("attack", "attack"): classic.process_attack,
    ("attack", "end-attack"): classic.process_end_attack,
    ("defend", "defend"): classic.process_defend,
    ("battle", "roll"): classic.process_roll,
    ("occupy", "occupy"): classic.process_occupy,
    ("fortify", "fortify"): classic.process_fortify,
    ("fortify", "end-turn"): classic.process_end_turn,
    ("draw", "draw"): classic.process_draw,
}
_EXPECTED: dict[str, list[str]] = {}
for _phase, _kind in HANDLERS:
    _EXPECTED.setdefault(_phase, []).append(_kind)


def apply(state: State, action: Mapping[str, Any]) -> tuple[State, list[Event]]:
    """Apply an action or chance outcome; return the new state and the events it caused.

    ``state`` is left unchanged, whatever happens.  Deterministic: the same state and
    action give the same result, byte for byte.
    """
    family = family_of(state)
    if action.__class__ is Listed and action.tables is state.tables:  # type: ignore[attr-defined]
        parsed = action.parsed  # type: ignore[attr-defined]  # listed by the engine: trusted
    else:
        parsed = family.parse_action(action, state)
    kind = parsed[0]
    handler = family.handlers.get((state.phase, kind))
    if handler is None:
        family.reject_out_of_turn(state, action, kind)
        raise AssertionError("reject_out_of_turn returned")  # pragma: no cover
    new = state.copy()
    events: list[Event] = []
    try:
        handler(new, parsed, events)
    except IllegalActionError as exc:
        raise IllegalActionError(f"illegal action {dumps(action)}: {exc} ({describe(state)})",
                                 code=exc.code, rule=exc.rule, action=action) from None
    family.after_apply(new, events)
    return new, events


def _reject_out_of_turn(state: State, action: Mapping[str, Any], kind: str) -> None:
    if state.winner >= 0:
        code, why = "game-over", "the game is over"
    elif state.phase in CHANCE_PHASES:
        code, why = "chance-node", f"a chance outcome is due, not a {kind!r}"
    elif kind in CHANCE_TYPES:
        code, why = "not-chance-node", f"a player is to act; {kind!r} is a chance outcome"
    else:
        code, why = "wrong-phase", f"a {kind!r} is not allowed in the {state.phase} phase"
    expected = ", ".join(_EXPECTED.get(state.phase, [])) or "nothing"
    rule = R.CARDS_TRADE_TIMING if code == "wrong-phase" and kind == "trade" else R.TURN_SEQUENCE
    raise IllegalActionError(f"illegal action {dumps(action)}: {why}; expected: {expected} "
                             f"({describe(state)})", code=code, rule=rule, action=action)


CLASSIC = Family(
    name="classic",
    new_game=_new_classic_game,
    current_player=_classic_current_player,
    legal_actions=get_legal_actions,
    chance_table=get_classic_chance_table,
    parse_action=lambda action, s: parse_action(action, s.tables, s.n_players),
    handlers=HANDLERS,
    reject_out_of_turn=_reject_out_of_turn,
    to_dict=classic_to_dict,
    from_dict=classic_from_dict,
    after_apply=classic.check_victory,
)


# re-exported for convenience
_ = (to_dict, from_dict, to_json, from_json, state_hash, InvalidStateError)

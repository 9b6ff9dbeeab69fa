"""The Classic family's hooks (:class:`~riskspec.reference.family.Family`): a new game,
who is to act, the handler of each (phase, action type), the rejection of an action no
phase accepts, and the state's JSON form with its invariants.

The public API (:mod:`riskspec.reference.engine`) reaches these through the family
registry only; nothing here imports the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from riskspec.errors import OptionError
from riskspec.model import Variant
from riskspec.reference import classic, setup
from riskspec.reference import ruleids as R
from riskspec.reference.actions import CHANCE_TYPES, GRAMMAR
from riskspec.reference.chance import get_chance_table
from riskspec.reference.consistency import check_state
from riskspec.reference.family import CHANCE, TERMINAL, Family
from riskspec.reference.legal import get_legal_actions
from riskspec.reference.missions import check_supported, get_mission_deck
from riskspec.reference.state import (
    CHANCE_PHASES,
    State,
    blank_state,
    classic_from_dict,
    classic_to_dict,
)
from riskspec.reference.tables import get_tables
from riskspec.reference.views import get_legal_view

Event = dict[str, Any]


@R.cites(R.SETUP_STARTING_ARMIES, R.TWO_PLAYER_MODE, R.TWO_PLAYER_STARTING_ARMIES, R.TWO_PLAYER_HEAD_TO_HEAD)
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


@R.cites(R.SETUP_PLAYERS)
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


def _classic_current_player(state: State) -> int:
    if state.winner >= 0:
        return TERMINAL
    if state.phase in CHANCE_PHASES:
        return CHANCE
    if state.phase == "defend":
        return int(state.pending["chooser"])
    return state.current


#: a handler takes the record of the action type it is registered for (actions.RECORDS)
Handler = Callable[[State, Any, list[Event]], None]

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


def _from_dict(data: Mapping[str, Any], variant: Variant) -> State:
    """A Classic state from its JSON object, held to the invariants of every Classic state."""
    state = classic_from_dict(data, variant)
    check_state(state)
    return state


def _out_of_turn_rule(state: State, kind: str, code: str) -> str:
    """The rule an action of another phase breaks: the card-trade timing for a trade,
    else the turn sequence."""
    return R.CARDS_TRADE_TIMING if code == "wrong-phase" and kind == "trade" else R.TURN_SEQUENCE


CLASSIC = Family(
    name="classic",
    new_game=_new_classic_game,
    current_player=_classic_current_player,
    legal_actions=get_legal_actions,
    legal_view=get_legal_view,
    chance_table=get_chance_table,
    grammar=GRAMMAR,   # parse_action: the one parser, on Classic's field table
    handlers=HANDLERS,
    chance_types=CHANCE_TYPES,
    out_of_turn_rule=_out_of_turn_rule,   # reject_out_of_turn: derived from the handlers
    to_dict=classic_to_dict,
    from_dict=_from_dict,
    after_apply=classic.check_victory,
    checks_before_changes=True,   # every process_* checks, then changes (tests/engine/test_in_place.py)
)

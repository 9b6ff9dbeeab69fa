"""The Napoléon family's hooks (:class:`riskspec.reference.family.Family`): its game, its
legal actions and chance tables, its handlers and its state format."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riskspec.errors import IllegalActionError
from riskspec.reference.family import CHANCE, Family, describe
from riskspec.reference.napoleon import game as G
from riskspec.reference.napoleon import legal as L
from riskspec.reference.napoleon import missions as MI
from riskspec.reference.napoleon import state as S
from riskspec.reference.napoleon.consistency import check_state
from riskspec.reference.napoleon.policy import aggressive
from riskspec.reference.napoleon.tables import get_tables
from riskspec.reference.state import InvalidStateError, dumps
from riskspec.reference.tables import get_explicit_options


def reject_out_of_turn(s: S.NapState, action: Mapping[str, Any], kind: str) -> None:
    """An action no handler of the phase takes: the basic game's turn, or the Advanced
    Rules' six phases, forbids it."""
    if s.winner >= 0:
        code, why = "game-over", "the game is over"
    elif L.current_player(s) == CHANCE:
        code, why = "chance-node", f"a chance outcome is due, not a {kind!r}"
    elif kind in L.CHANCE_TYPES:
        code, why = "not-chance-node", f"a player is to act; {kind!r} is a chance outcome"
    else:
        code, why = "wrong-phase", f"a {kind!r} is not allowed in the {s.phase} phase"
    raise IllegalActionError(f"illegal action {dumps(action)}: {why} ({describe(s)})",
                             code=code, rule=G.out_of_turn_rule(s), action=action)


def from_dict(data: Mapping[str, Any], variant: Any) -> S.NapState:
    """A Napoléon state from its JSON object (the state schema's Napoléon branch has
    checked its form)."""
    tb = get_tables(variant.resolve(get_explicit_options(variant, data["options"])))
    if dict(tb.ruleset.options) != dict(data["options"]):
        raise InvalidStateError("state 'options' must list every option of the variant")
    s = S.from_dict(data, tb)
    try:
        MI.load_missions(s, data.get("mission_decks"))
        check_state(s)
    except InvalidStateError:
        raise
    except (KeyError, TypeError, IndexError, ValueError, AttributeError) as exc:
        raise InvalidStateError(f"malformed Napoléon state: {exc!r}") from None
    return s


NAPOLEON = Family(
    name="napoleon",
    new_game=G.new_game,
    current_player=L.current_player,
    legal_actions=L.legal_actions,
    chance_table=L.chance_table,
    parse_action=L.parse_action,
    handlers=L.HANDLERS,
    reject_out_of_turn=reject_out_of_turn,
    to_dict=S.to_dict,
    from_dict=from_dict,
    aggressive_policy=aggressive,
)

"""The Napoléon family's hooks (:class:`riskspec.reference.family.Family`): its game, its
legal actions and chance tables, its handlers and its state format."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riskspec.reference.family import Family
from riskspec.reference.napoleon import game as G
from riskspec.reference.napoleon import legal as L
from riskspec.reference.napoleon import missions as MI
from riskspec.reference.napoleon import state as S
from riskspec.reference.napoleon.actions import GRAMMAR
from riskspec.reference.napoleon.consistency import check_state
from riskspec.reference.napoleon.policy import aggressive
from riskspec.reference.napoleon.tables import get_tables
from riskspec.reference.state import InvalidStateError
from riskspec.reference.tables import get_explicit_options


def after_apply(s: S.NapState, ev: list[dict[str, Any]]) -> None:
    """Lasting mission bonuses are watched after every action
    (napoleon.missions.lasting-bonus)."""
    if any(s.lasting):
        MI.watch(s, ev)


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
    grammar=GRAMMAR,   # parse_action: the one parser, on Napoléon's field table
    handlers=L.HANDLERS,
    chance_types=L.CHANCE_TYPES,
    out_of_turn_rule=lambda s, kind, code: G.out_of_turn_rule(s),  # reject_out_of_turn: derived
    to_dict=S.to_dict,
    from_dict=from_dict,
    after_apply=after_apply,
    aggressive_policy=aggressive,
)

"""Small helpers that put things into words the same way everywhere (the CLI, the docs,
the MCP server and the reports): counts and ranges ("1 rule", "2–6"), parameter values,
and a rule's statement as a player reads it, with its numbers filled in."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any


def count_of(n: int, singular: str, plural: str | None = None) -> str:
    """``n`` with its noun in the right number: ``count_of(1, "rule")`` is ``"1 rule"``."""
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"


def span(low: int, high: int) -> str:
    """A closed range of whole numbers: ``"2–6"``, or one number when both ends agree."""
    return str(low) if low == high else f"{low}–{high}"


def spec_size(spec: Any) -> str:
    """How big a loaded specification is, in words: "7 variants, 160 rules, …"."""
    return ", ".join([count_of(len(spec.variants), "variant"), count_of(len(spec.rules), "rule"),
                      count_of(len(spec.ambiguities), "ambiguity", "ambiguities"),
                      count_of(len(spec.boards), "map")])


def value_words(value: Any) -> str:
    """A parameter value as a player says it: 6, yes, 4, 6, 8; 3 players: 35 …"""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return ", ".join(value_words(v) for v in value)
    if isinstance(value, Mapping):
        return "; ".join(f"{k}: {value_words(v)}" for k, v in value.items())
    if isinstance(value, str):
        return value.replace("_", " ").replace("-", " ")
    return str(value)


def span_words(span: str, *, params: Mapping[str, Any], spec: Any) -> str:
    """How a player reads one backticked span of a statement: a number or a list by its
    value, a policy or a table parameter by its name in words, a map or a rule by its
    title, anything else in words."""
    if span in params:
        value = params[span]
        if isinstance(value, (str, Mapping)):  # a policy or a table: named in words
            return span.replace(".", " ").replace("_", " ")
        return value_words(value)
    if span in spec.boards:
        return str(spec.boards[span].title)
    if span in spec.rules:
        return str(spec.rules[span].title)
    return value_words(span)


_SPAN = re.compile(r"`([^`]+)`")


def players_words(statement: str, *, params: Mapping[str, Any], spec: Any) -> str:
    """A rule's statement as a player reads it: every backticked parameter name, map or
    rule ID replaced by :func:`span_words` (numbers filled in from ``params``)."""
    return _SPAN.sub(lambda mt: span_words(mt.group(1), params=params, spec=spec), statement)


#: fields of actions, events and states (and their ``pending`` part) whose integer value is a
#: seat: shown as that player (its colour), never as a bare number. Every integer field of
#: the action, event and state schemas is either here or in :data:`NUMBER_FIELDS` (a test
#: checks it), so a new field has to be classified.
SEAT_FIELDS = frozenset({
    "player", "owner", "seat", "by", "winner", "victim", "defender", "attacker", "eliminated",
    "current", "captor", "chooser", "against", "next", "from", "eliminated_by", "first_player",
})

#: integer fields that count or number something (armies, dice, cards, turns, points …)
NUMBER_FIELDS = frozenset({
    "admirals", "armies", "attacker_losses", "bonus", "cards", "defender_losses", "dice",
    "generals", "lasting_bonus", "leaders", "level", "reinforcements", "territories", "turn",
    "value", "vp", "attacker_dice", "defender_dice", "fortifications", "left", "max_hand", "min",
    "neutral", "own", "sets", "to_place", "amount", "captive_admirals", "captive_generals",
    "challenger_ships", "conquests", "epidemics", "fortify_moves", "mission_reinforcements",
    "missions_completed", "naval_moves", "prisoner_generals", "reserve", "sets_traded", "ships",
    "units",
})

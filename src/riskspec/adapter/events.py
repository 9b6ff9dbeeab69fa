"""Constructors for the events of a Classic-family game (``schemas/event.schema.json``).

Each returns the event object the suite compares (partially, in order) with the
vectors' ``events``.  :func:`event` builds any other type, checking its required
fields against the event schema shipped with riskspec.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from importlib import resources
from typing import Any

from riskspec.adapter.errors import AdapterError

Event = dict[str, Any]


@functools.lru_cache(maxsize=1)
def _required() -> dict[str, tuple[str, ...]]:
    schema = json.loads(resources.files("riskspec.schemas").joinpath("event.schema.json").read_text())
    return {alt["properties"]["type"]["const"]: tuple(alt.get("required", ()))
            for alt in schema["oneOf"]}


def event(type: str, **fields: Any) -> Event:
    """Any event type: ``event("reshuffled", cards=12)``; a missing required field is an error."""
    required = _required()
    if type not in required:
        raise AdapterError("event", f"unknown event type {type!r}")
    missing = [k for k in required[type] if k != "type" and k not in fields]
    if missing:
        raise AdapterError("event", f"event {type!r} needs {', '.join(missing)}")
    return {"type": type, **fields}


def turn_started(player: int, turn: int) -> Event:
    return {"type": "turn-started", "player": player, "turn": turn}


def reinforcements(player: int, territories: int, groups: Sequence[str], armies: int) -> Event:
    """The reinforcement count at the start of a turn (``groups``: continents held)."""
    return {"type": "reinforcements", "player": player, "territories": territories,
            "groups": list(groups), "armies": armies}


def placed(player: int, territory: str, armies: int = 1) -> Event:
    return {"type": "placed", "player": player, "territory": territory, "armies": armies}


def claimed(player: int, territory: str, armies: int = 1) -> Event:
    return {"type": "claimed", "player": player, "territory": territory, "armies": armies}


def traded(player: int, cards: Sequence[str], value: int, bonus_territory: str | None = None,
           bonus: int = 0, bonuses: Sequence[str] = ()) -> Event:
    return {"type": "traded", "player": player, "cards": list(cards), "value": value,
            "bonus_territory": bonus_territory, "bonus": bonus, "bonuses": list(bonuses)}


def attack_declared(player: int, frm: str, to: str, dice: int) -> Event:
    return {"type": "attack-declared", "player": player, "from": frm, "to": to, "dice": dice}


def defence_chosen(player: int, dice: int) -> Event:
    return {"type": "defence-chosen", "player": player, "dice": dice}


def battle(player: int, defender: int, frm: str, to: str, attacker_dice: Sequence[int],
           defender_dice: Sequence[int], attacker_losses: int, defender_losses: int) -> Event:
    return {"type": "battle", "player": player, "defender": defender, "from": frm, "to": to,
            "attacker_dice": list(attacker_dice), "defender_dice": list(defender_dice),
            "attacker_losses": attacker_losses, "defender_losses": defender_losses}


def conquered(player: int, territory: str, frm: str, victim: int) -> Event:
    return {"type": "conquered", "player": player, "territory": territory, "from": frm,
            "victim": victim}


def eliminated(player: int, by: int) -> Event:
    return {"type": "eliminated", "player": player, "by": by}


def cards_captured(player: int, frm: int, cards: Sequence[str]) -> Event:
    return {"type": "cards-captured", "player": player, "from": frm, "cards": list(cards)}


def occupied(player: int, frm: str, to: str, armies: int) -> Event:
    return {"type": "occupied", "player": player, "from": frm, "to": to, "armies": armies}


def fortified(player: int, frm: str, to: str, armies: int) -> Event:
    return {"type": "fortified", "player": player, "from": frm, "to": to, "armies": armies}


def turn_ended(player: int, turn: int) -> Event:
    return {"type": "turn-ended", "player": player, "turn": turn}


def card_drawn(player: int, card: str) -> Event:
    return {"type": "card-drawn", "player": player, "card": card}


def victory(player: int, rule: str) -> Event:
    return {"type": "victory", "player": player, "rule": rule}


def game_over(winner: int | None, reason: str) -> Event:
    return {"type": "game-over", "winner": winner, "reason": reason}

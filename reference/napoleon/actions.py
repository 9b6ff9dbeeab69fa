"""Napoléon's parsed actions and chance outcomes, and its active card effects: named records.

:func:`~riskspec.reference.napoleon.legal.parse_action` (the shared
:class:`~riskspec.reference.actions.Grammar` on :data:`FIELDS`) turns an action's JSON object into
one of these records (territories, zones, cards as indices; a JSON ``from``/``to`` is
``src``/``dst``; an absent optional place is -1, an absent count 0).  They are named tuples:
a handler reads ``a.src``, and their order and equality are those of the positional tuples
they replace.  The JSON forms (protocol, vectors, logs) are unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from riskspec.reference.actions import FIELD_NAMES as CORE_FIELD_NAMES

# the records Napoléon shares with Classic (the same fields): one definition
from riskspec.reference.actions import (
    Attack,
    Claim,
    Deal,
    Defend,
    Draw,
    EndAttack,
    EndTurn,
    FirstPlayer,
    Grammar,
    Place,
    PlaceNeutral,
    Roll,
)

#: the public names, the records shared with Classic among them (re-exported)
__all__ = [
    "Attack", "Claim", "Deal", "Defend", "Draw", "EndAttack", "EndTurn", "FirstPlayer", "Place",
    "PlaceNeutral", "Roll", "PlaceGeneral", "PlaceFortification", "Trade", "PlayCard", "KeepRoll",
    "Reroll", "BuyShip", "BuyGeneral", "BuyFortification", "BuyAdmiral", "Ransom", "Invade",
    "Occupy", "Maneuver", "Epidemic", "RandomPlacement", "Mission", "RECORDS", "FIELD_NAMES",
    "FIELDS", "GRAMMAR", "ActiveEffect",
]

class PlaceGeneral(NamedTuple):
    type: str
    territory: int


class PlaceFortification(NamedTuple):
    type: str
    territory: int


class Trade(NamedTuple):
    type: str
    cards: tuple[int, ...]


class PlayCard(NamedTuple):
    type: str
    card: int
    territory: int           # -1: none given
    src: int                 # -1: none given
    dst: int                 # -1: none given
    zones: tuple[int, ...] | None


class KeepRoll(NamedTuple):
    type: str


class Reroll(NamedTuple):
    type: str
    dice: tuple[int, ...]


class BuyShip(NamedTuple):
    type: str
    zone: int


class BuyGeneral(NamedTuple):
    type: str
    territory: int


class BuyFortification(NamedTuple):
    type: str
    territory: int


class BuyAdmiral(NamedTuple):
    type: str
    zone: int


class Ransom(NamedTuple):
    type: str
    leader: str              # 'general' or 'admiral'
    captor: int
    place: int


class Invade(NamedTuple):
    type: str
    src: int
    dst: int
    armies: int


class Occupy(NamedTuple):
    type: str
    armies: int
    leaders: int


class Maneuver(NamedTuple):
    type: str
    src: int
    dst: int
    armies: int
    leaders: int
    leader_maneuver: bool


class Epidemic(NamedTuple):
    type: str
    territory: int


class RandomPlacement(NamedTuple):
    type: str
    territory: int


class Mission(NamedTuple):
    type: str
    player: int
    mission: str


#: action type → its record
RECORDS: dict[str, Callable[..., tuple[Any, ...]]] = {
    "claim": Claim, "place-general": PlaceGeneral, "place-fortification": PlaceFortification,
    "place": Place, "place-neutral": PlaceNeutral, "trade": Trade, "play-card": PlayCard,
    "keep-roll": KeepRoll, "reroll": Reroll, "buy-ship": BuyShip, "buy-general": BuyGeneral,
    "buy-fortification": BuyFortification, "buy-admiral": BuyAdmiral, "ransom": Ransom,
    "attack": Attack, "invade": Invade, "defend": Defend, "occupy": Occupy,
    "end-attack": EndAttack, "maneuver": Maneuver, "end-turn": EndTurn,
    "first-player": FirstPlayer, "deal": Deal, "epidemic": Epidemic, "roll": Roll,
    "draw": Draw, "random-placement": RandomPlacement, "mission": Mission,
}

#: a JSON field name → its record field name: one convention for both families
FIELD_NAMES = CORE_FIELD_NAMES

#: Napoléon's field table (the kinds of :data:`riskspec.reference.actions.KINDS`)
FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    "claim": (("territory", "territory"),),
    "place-general": (("territory", "territory"),),
    "place-fortification": (("territory", "territory"),),
    "place": (("territory", "territory"),),
    "place-neutral": (("territory", "territory"),),
    "trade": (("cards", "cards"),),
    "play-card": (("card", "card"), ("territory", "territory?"), ("from", "territory?"),
                  ("to", "territory?"), ("zones", "zones?")),
    "keep-roll": (),
    "reroll": (("dice", "dice"),),
    "buy-ship": (("zone", "place"),),
    "buy-general": (("territory", "territory"),),
    "buy-fortification": (("territory", "territory"),),
    "buy-admiral": (("zone", "place"),),
    "ransom": (("leader", "leader"), ("captor", "seat"), ("place", "place")),
    "attack": (("from", "place"), ("to", "place"), ("dice", "positive")),
    "invade": (("from", "place"), ("to", "place"), ("armies", "positive")),
    "defend": (("dice", "positive"),),
    "occupy": (("armies", "positive"), ("leaders", "count?")),
    "end-attack": (),
    "maneuver": (("from", "place"), ("to", "place"), ("armies", "count"), ("leaders", "count?"),
                 ("leader_maneuver", "bool?")),
    "end-turn": (),
    "first-player": (("player", "seat"),),
    "deal": (("territory", "territory"),),
    "epidemic": (("territory", "territory"),),
    "roll": (("attacker", "dice"), ("defender", "dice")),
    "draw": (("card", "card"),),
    "random-placement": (("territory", "territory"),),
    "mission": (("player", "seat"), ("mission", "mission")),
}

#: Napoléon's action shapes, parsed by the one parser of both families
GRAMMAR = Grammar(FIELDS, RECORDS)


class ActiveEffect(NamedTuple):
    """A lasting card effect in play (``state.effects``; :mod:`.effects`)."""

    kind: str
    player: int
    card: int
    amount: int
    src: int                 # the attack it binds to (battle effects), else -1
    dst: int

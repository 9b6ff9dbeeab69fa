"""Scenarios: malformed actions and chance outcomes, refused with the parse code the protocol
documents (``riskspec codes --kind invalid-action``).

An action's *shape* is checked before any rule is consulted: a known type, exactly its
fields, each field of its kind — a territory of the map, a card of the deck, a mission of
the deck in play, a whole number (≥ 1 where positive), a seat 0 … players - 1, a leader
(general or admiral), die faces 1 … sides sorted from highest to lowest, cards distinct and
in deck order, maritime zones only.  A malformed action is refused as ``invalid-action``
with the code of its first malformed field, citing no rule, and the state stays as it was.
These cases were written for mutants of the shared action parser (``reference/actions.py``)
that no case caught: a count given as a territory name or as a fraction, a territory given
as a list or as null, a card list given as a single card, a card listed twice, a die face
beyond the die or below 1, two dice out of order by one pip, a seat past the last player, an
unknown card or mission, an action too long to quote in full; and, through the same parser
in Napoléon, a zone list naming a land territory and a ransom of a leader that is neither a
general nor an admiral.  The cases ``classic.turn.sequence.1xx`` give the malformed forms any
step of a turn can take: an unknown type, a missing field, a territory or card the board does
not have, dice out of order or beyond the die, cards out of deck order, zero dice.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.printed import BASIC, NO_TABLE, REINFORCE, pos, sc
from riskspec.conformance.scenario import scenario

MISSION = {"game-mode": "mission"}


def _attack_position(b: Any) -> None:
    """Black (seat 0) to attack from Alaska with 4 armies."""
    b.position({"alaska": (0, 4)}, phase="attack", current=0)


def _refused(b: Any, action: dict, code: str, explain: str, phase: str = "attack") -> None:
    b.reject(action, code, rule=None, kind="invalid-action", state={"phase": phase},
             explain=explain)


# ---------------------------------------------------------------- counts and territories

@scenario("classic.attack.attacker-dice.401",
          "Malformed: the dice count of an attack given as a territory name",
          ["classic.attack.attacker-dice"], negative=True)
def dice_as_territory(b: Any) -> None:
    _attack_position(b)
    _refused(b, {"type": "attack", "from": "alaska", "to": "kamchatka", "dice": "kamchatka"},
             "bad-value", "The dice count is a number from 1 to 3; a territory name is not one.")


@scenario("classic.attack.attacker-dice.402",
          "Malformed: the dice count of an attack given as a fraction",
          ["classic.attack.attacker-dice"], negative=True)
def dice_as_fraction(b: Any) -> None:
    _attack_position(b)
    _refused(b, {"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 1.5},
             "bad-value", "Dice are thrown whole: one and a half dice is no count.")


@scenario("classic.attack.declare.401",
          "Malformed: the attacking territory given as a list",
          ["classic.attack.declare"], negative=True)
def from_as_list(b: Any) -> None:
    _attack_position(b)
    _refused(b, {"type": "attack", "from": ["alaska"], "to": "kamchatka", "dice": 1},
             "unknown-territory",
             "The attacker names one territory attacking; a list of territories is none of the map's.")


@scenario("classic.attack.declare.402",
          "Malformed: an attack on no territory (null)",
          ["classic.attack.declare"], negative=True)
def to_as_null(b: Any) -> None:
    _attack_position(b)
    _refused(b, {"type": "attack", "from": "alaska", "to": None, "dice": 1},
             "unknown-territory",
             "An attack names the territory attacked; null names no territory of the map.")


@scenario("classic.attack.declare.403",
          "Malformed: an attack on a territory whose very long name is not on the map",
          ["classic.attack.declare"], negative=True)
def long_unknown_name(b: Any) -> None:
    _attack_position(b)
    _refused(b, {"type": "attack", "from": "alaska", "to": "atlantis-" * 30, "dice": 1},
             "unknown-territory",
             "No territory of the map has that name, however long the action that gives it.")


# ---------------------------------------------------------------- cards

@scenario("classic.cards.valid-sets.401",
          "Malformed: the cards of a trade given as one card name, then as an empty list",
          ["classic.cards.valid-sets"], negative=True)
def cards_not_a_list(b: Any) -> None:
    _attack_position(b)
    _refused(b, {"type": "trade", "cards": "peru", "bonus_territory": None}, "bad-value",
             "A trade lists its cards; a single card name is not a list of cards.")
    _refused(b, {"type": "trade", "cards": [], "bonus_territory": None}, "bad-value",
             "A trade of no cards at all is no list of cards either.")


@scenario("classic.cards.valid-sets.402",
          "Malformed: a trade listing the same card three times",
          ["classic.cards.valid-sets"], negative=True)
def card_listed_thrice(b: Any) -> None:
    _attack_position(b)
    _refused(b, {"type": "trade", "cards": ["peru", "peru", "peru"], "bonus_territory": None},
             "card-order",
             "A set is three different cards, each listed once: Peru three times is one card.")


@scenario("classic.cards.earn.401",
          "Malformed: a card drawn that the deck does not have",
          ["classic.cards.earn"], negative=True)
def draw_unknown_card(b: Any) -> None:
    _attack_position(b)
    _refused(b, {"type": "draw", "card": "atlantis"}, "unknown-card",
             "The deck has a card for each of the 42 territories and two wilds; no Atlantis card.")


# ---------------------------------------------------------------- dice of a roll

@scenario("classic.attack.compare.401",
          "Malformed: a roll showing a 7 beside a 6",
          ["classic.attack.compare"], negative=True)
def face_seven(b: Any) -> None:
    _attack_position(b)
    _refused(b, {"type": "roll", "attacker": [7, 6], "defender": [1]}, "bad-value",
             "A die shows 1 to 6: a 7 is no face, even beside a 6.")


@scenario("classic.attack.compare.402",
          "Malformed: an attacker's dice one pip out of order",
          ["classic.attack.compare"], negative=True)
def dice_one_pip_out_of_order(b: Any) -> None:
    _attack_position(b)
    _refused(b, {"type": "roll", "attacker": [5, 6], "defender": [1]}, "dice-order",
             "Each side's dice are sorted from high to low: 6 then 5, not 5 then 6.")


@scenario("classic.attack.compare.403",
          "Malformed: a defender's die showing 0",
          ["classic.attack.compare"], negative=True)
def face_zero(b: Any) -> None:
    _attack_position(b)
    _refused(b, {"type": "roll", "attacker": [6], "defender": [0]}, "bad-value",
             "Die faces are numbered from 1: a 0 is no face.")


# ---------------------------------------------------------------- seats and missions

@scenario("classic.setup.first-placer.401",
          "Malformed: the first placer drawn is a seat past the last player",
          ["classic.setup.first-placer"], negative=True)
def seat_past_last(b: Any) -> None:
    b.new_game()
    _refused(b, {"type": "first-player", "player": 3}, "bad-value",
             "Three players sit at seats 0, 1 and 2; there is no seat 3 to place first.",
             phase="first-player")


@scenario("classic.missions.deal.401",
          "Malformed: a mission dealt that the mission deck does not have",
          ["classic.missions.deal"], options=MISSION, negative=True)
def deal_unknown_mission(b: Any) -> None:
    b.new_game()
    _refused(b, {"type": "mission", "player": 0, "mission": "conquer-atlantis"},
             "unknown-mission", "The mission cards are dealt from the deck; it has no such card.",
             phase="deal-missions")


# ---------------------------------------------------------------- any action of the turn
# (classic.turn.sequence.1xx: refused as invalid-action, before any rule is consulted)

_MALFORMED: list[tuple[str, str, dict[str, Any], str]] = [
    ("001", "An action of an unknown type", {"type": "teleport", "from": "alaska", "to": "japan"},
     "unknown-type"),
    ("002", "An attack without its dice count", {"type": "attack", "from": "alaska", "to": "kamchatka"},
     "fields"),
    ("003", "An attack naming a territory the board does not have",
     {"type": "attack", "from": "alaska", "to": "atlantis", "dice": 1}, "unknown-territory"),
    ("004", "Dice not sorted from highest to lowest",
     {"type": "roll", "attacker": [2, 6], "defender": [1]}, "dice-order"),
    ("005", "A die face outside 1–6", {"type": "roll", "attacker": [7], "defender": [1]}, "bad-value"),
    ("006", "A trade of cards not in deck order",
     {"type": "trade", "cards": ["iceland", "peru", "east-africa"], "bonus_territory": None}, "card-order"),
    ("007", "A trade naming a card the deck does not have",
     {"type": "trade", "cards": ["peru", "iceland", "joker-9"], "bonus_territory": None}, "unknown-card"),
    ("008", "An attack with zero dice", {"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 0},
     "bad-value"),
]

for _n, _title, _action, _code in _MALFORMED:
    def _malformed(b: Any, action: dict = _action, code: str = _code) -> None:
        _attack_position(b)
        _refused(b, action, code, "A malformed action is refused as such; the state stays as it was.")
    scenario(f"classic.turn.sequence.1{_n}", f"Malformed: {_title.lower()}", ["classic.turn.sequence"],
             negative=True)(_malformed)


# ---------------------------------------------------------------- Napoléon, the same parser

@sc("napoleon.effects.free-ships.602",
    "Malformed: free ships asked for in a land territory beside a maritime zone",
    ["napoleon.effects.free-ships"], variant=BASIC, negative=True)
def ships_on_land(b: Any) -> None:
    pos(b, {"england": (0, 1), "castile": (1, 1)}, phase="reinforce",
        hands={0: ["card-catalonia"]}, pending=dict(REINFORCE))
    b.reject({"type": "play-card", "card": "card-catalonia", "zones": ["england", "north-sea"]},
             "unknown-territory", rule=None, kind="invalid-action", state={"phase": "reinforce"},
             explain="Ships go in maritime zones; England is land, so the list is no list of zones.")


@sc("napoleon.leaders.ransom.602",
    "Malformed: a ransom of a king, who is neither a general nor an admiral",
    ["napoleon.leaders.ransom"], options=NO_TABLE, negative=True)
def ransom_a_king(b: Any) -> None:
    pos(b, {"england": (0, 2), "scotland": (1, 1), "ireland": (1, 1)},
        prisoners={(1, 0, "generals"): 1}, phase="reinforce", pending=dict(REINFORCE))
    b.reject({"type": "ransom", "leader": "king", "captor": 1, "place": "england"},
             "bad-value", rule=None, kind="invalid-action", state={"phase": "reinforce"},
             explain="The leaders ransomed are generals and admirals; there is no king to free.")

"""Napoléon on the printed board: the end-of-turn card draws (napoleon.end-of-turn.draws).

Condition (c) of the rule is holding at least one whole empire or maritime route: it
earns one card whether one empire is held or several (the rule lists three conditions,
one card each, at most three a turn; napoleon.amb.end-turn-draws, one-per-condition).
A player holding two whole empires at the end of the turn therefore draws one card, not
two.  See :mod:`printed` for the positions.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon_printed_cards import P1
from riskspec.conformance.cases_napoleon_printed_cards import P2 as P2_cards
from riskspec.conformance.printed import (
    BASIC,
    NO_TABLE,
    attack,
    compute_income,
    get_board,
    get_empire,
    pos,
    sc,
    seats,
)

UK, ITALY = get_empire("united-kingdom"), get_empire("italian-protectorates")
#: player 2's three territories in these cases (no whole empire among them)
P2 = {"portugal": (1, 1), "castile": (1, 1), "andalusia": (1, 1)}


def _first_card(held: set[str] = frozenset()) -> str:  # type: ignore[assignment]
    """The top of a draw pile laid in map order (Builder.position), minus held cards."""
    return next(c.id for c in get_board().cards if c.id not in held)


@sc("napoleon.end-of-turn.draws.601",
    "Two whole empires held at the end of the turn earn one card, not one per empire",
    ["napoleon.end-of-turn.draws"], variant=BASIC, negative=True)
def two_empires_basic(b: Any) -> None:
    pos(b, {**{t: (0, 2) for t in UK + ITALY}, **P2}, phase="maneuver")
    card = _first_card()
    b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": 1}},
         explain="Player 1 holds the whole United Kingdom and the whole Italian Protectorates, "
                 "invaded nothing this turn: condition (c) holds once, one card — holding a "
                 "second empire earns nothing more.")
    deck = get_board().cards
    b.check(outcomes=[{"outcome": {"type": "draw", "card": c.id}, "p": f"1/{len(deck)}"}
                      for c in deck],
            explain="One draw to make, a chance outcome: any card of the pile (all 50 are there), "
                    "each as likely.")
    b.do({"type": "draw", "card": card},
         explain="The one card drawn, player 2 plays (still game turn 1); its 3 territories give "
                 "the minimum of 3.",
         state={"phase": "reinforce", "current": 1,
                "pending": {"to_place": compute_income(P2)},
                "players": seats(6, p0={"cards": [card]})})


@sc("napoleon.end-of-turn.draws.602",
    "Advanced game: two whole empires and an invasion earn two cards, one per condition",
    ["napoleon.end-of-turn.draws"], options=NO_TABLE)
def two_empires_invasion(b: Any) -> None:
    pos(b, {**{t: (0, 2) for t in UK + ITALY}, "catalonia": (0, 4), **P2})
    b.do(attack("catalonia", "castile", 3), state={"phase": "battle"},
         explain="Castile's one regiment can only roll one die: straight to the roll.")
    b.do({"type": "roll", "attacker": [6, 5, 4], "defender": [1]},
         state={"phase": "occupy", "territories": {"castile": {"owner": 0, "armies": 0}}})
    b.do({"type": "occupy", "armies": 3},
         state={"phase": "attack", "territories": {"catalonia": {"armies": 1},
                                                   "castile": {"armies": 3}}})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": 2}},
         explain="Condition (a), an invasion (Castile), and condition (c), whole empires "
                 "(United Kingdom and Italian Protectorates: one condition): two cards. No "
                 "mission, no epidemic.")


@sc("napoleon.end-of-turn.draws.603",
    "Only a card of the draw pile can be drawn; the next turn starts with no last attack",
    ["napoleon.end-of-turn.draws", "napoleon.combat.epidemic-loss"], options=NO_TABLE,
    negative=True)
def draw_from_pile(b: Any) -> None:
    def last_attack(d: dict) -> None:
        d["turn_flags"]["last_attack"] = ["languedoc", "aquitaine"]
    pos(b, {**P1, **P2_cards}, phase="maneuver", current=2, turn=2, hands={0: ["card-egypt"]},
        edit=last_attack)
    b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": 1}})
    b.reject({"type": "draw", "card": "card-egypt"}, "not-in-pile",
             rule="napoleon.end-of-turn.draws",
             explain="Player 1 holds the Egypt card: it is not in the pile to be drawn.")
    b.do({"type": "draw", "card": "joker-1"},
         explain="Player 3's attack on Aquitaine was this turn's; player 1's turn begins with "
                 "no attack made yet.",
         state={"phase": "reinforce", "current": 0, "turn": 3,
                "pending": {"to_place": compute_income(P1), "must_trade": False, "after": "turn"},
                "turn_flags": {"last_attack": None},
                "players": seats(3, p2={"cards": ["joker-1"]})})

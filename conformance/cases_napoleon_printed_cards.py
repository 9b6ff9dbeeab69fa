"""Napoléon on the printed board: trading territory cards and the deck (napoleon.cards.*).

The cards and their symbols are the map file's (``spec/napoleon/map.yaml``): e.g. Egypt,
Switzerland and Austria/Bohemia show infantry, Tripoli and Tunis cavalry, Ile de France
artillery (the card worth 4 more regiments, in a set too).
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.printed import (
    BASIC,
    REINFORCE,
    compute_income,
    get_board,
    pos,
    sc,
    sc_both,
    seat_fields,
)

INFANTRY = ["card-egypt", "card-switzerland", "card-austria-bohemia"]


def _hand(b: Any, seat: int, cards: Any) -> list[dict]:
    return seat_fields(b, **{f"p{seat}": {"cards": cards}})


@sc_both("napoleon.cards.trade-territory-bonus.601",
         "Three infantry for 4 regiments, and 2 more on each traded card's territory the player holds",
         ["napoleon.cards.trade-territory-bonus", "napoleon.cards.set-values"])
def trade(b: Any) -> None:
    pos(b, {"egypt": (0, 1), "switzerland": (0, 1), "castile": (1, 1)}, phase="reinforce",
        hands={0: INFANTRY}, pending=dict(REINFORCE))
    b.do({"type": "trade", "cards": INFANTRY},
         explain="Egypt and Switzerland are player 1's, Austria/Bohemia is not: 2 regiments on "
                 "each of the first two.",
         events=[{"type": "traded", "player": 0, "cards": INFANTRY, "value": 4},
                 {"type": "territory-bonus", "territory": "egypt", "armies": 2},
                 {"type": "territory-bonus", "territory": "switzerland", "armies": 2}],
         state={"pending": {"to_place": 3 + 4}, "discards": INFANTRY, "sets_traded": 1,
                "territories": {"egypt": {"armies": 3}, "switzerland": {"armies": 3}},
                "players": _hand(b, 0, [])})


@sc("napoleon.cards.effects-ignored-in-trade.601",
    "In a set a card's effect is ignored, except Ile de France's 4 extra regiments",
    ["napoleon.cards.effects-ignored-in-trade", "napoleon.cards.set-values"], variant=BASIC)
def ignored_in_trade(b: Any) -> None:
    cards = ["card-egypt", "card-tripolitania", "card-ile-de-france"]
    pos(b, {"holland": (0, 1), "castile": (1, 1)}, phase="reinforce", hands={0: cards},
        pending=dict(REINFORCE))
    b.do({"type": "trade", "cards": cards},
         explain="Infantry, cavalry, artillery: 10. Egypt's defence bonus and Tripoli's "
                 "epidemic move do nothing in a set; Ile de France's card adds its 4: 14.",
         events=[{"type": "traded", "player": 0, "cards": cards, "value": 14}],
         state={"pending": {"to_place": 3 + 14}, "discards": cards, "sets_traded": 1,
                "players": _hand(b, 0, [])})


@sc_both("napoleon.cards.forced-trade.601",
         "Five cards at the start of the turn: a set must be traded before anything else",
         ["napoleon.cards.forced-trade"], negative=True)
def forced(b: Any) -> None:
    hand = [*INFANTRY, "card-tripolitania", "card-maghreb"]
    mine = {"holland": (0, 1), "belgium": (0, 1)}
    # the player ending the turn before player 1's: player 2 (basic game) or player 3 (Advanced,
    # who then holds only Castile; player 2 holds the rest of the board)
    last = len([p for p in b.blank()["players"] if not p["neutral"]]) - 1
    pos(b, {**mine, "castile": (last, 1)}, rest=1 if last == 2 else 2, phase="maneuver",
        current=last, hands={0: hand})
    b.do({"type": "end-turn"},
         state={"phase": "reinforce", "current": 0, "turn": 4,
                "pending": {"to_place": compute_income(mine), "must_trade": True}})
    b.reject({"type": "place", "territory": "holland"}, "must-trade",
             rule="napoleon.cards.forced-trade")


@sc_both("napoleon.cards.reshuffle.601",
         "An empty draw pile is rebuilt from the discards when a card is to be drawn",
         ["napoleon.cards.reshuffle", "napoleon.end-of-turn.draws"])
def reshuffle(b: Any) -> None:
    held = ["card-castile"]

    def discards(d: dict) -> None:
        d["discards"], d["draw_pile"] = d["draw_pile"], []
    pos(b, {"aquitaine": (0, 2), "castile": (1, 1)}, phase="maneuver", conquered=True,
        hands={1: held}, edit=discards)
    pile = [c.id for c in get_board().cards if c.id not in held]
    b.do({"type": "end-turn"},
         explain="A territory was invaded this turn: one card, and the pile is empty.",
         state={"phase": "draw", "pending": {"left": 1}, "draw_pile": pile, "discards": []},
         outcomes=[{"outcome": {"type": "draw", "card": c}, "p": f"1/{len(pile)}"} for c in pile])

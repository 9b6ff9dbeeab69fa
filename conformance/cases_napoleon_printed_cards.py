"""Napoléon on the printed board: trading territory cards and the deck (napoleon.cards.*).

The cards and their symbols are the map file's (``spec/napoleon/map.yaml``): e.g. Egypt,
Switzerland and Austria/Bohemia show infantry, Tripoli and Tunis cavalry, Ile de France
artillery (the card worth 4 more regiments, in a set too).
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.printed import (
    BASIC,
    NO_TABLE,
    REINFORCE,
    aquitaine_takes_castile,
    attack,
    compute_income,
    get_board,
    pos,
    sc,
    sc_both,
    seat_fields,
    seats,
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
         events=[{"type": "traded", "player": 0, "cards": INFANTRY, "value": 4,
                  "bonus_territory": None, "bonus": 2 + 2,
                  "bonuses": [{"territory": "egypt", "armies": 2},
                              {"territory": "switzerland", "armies": 2}]},
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
         events=[{"type": "reshuffled", "cards": len(pile)}],
         state={"phase": "draw", "pending": {"left": 1}, "draw_pile": pile, "discards": []},
         outcomes=[{"outcome": {"type": "draw", "card": c}, "p": f"1/{len(pile)}"} for c in pile])


#: three infantry and a cavalry of territories the background seat holds: a set among four
FOUR = ["card-egypt", "card-switzerland", "card-austria-bohemia", "card-tripolitania"]


P1 = {"aquitaine": (0, 2), "brittany": (0, 1)}


P2 = {"castile": (1, 2), "portugal": (1, 1)}


def _four_cards(b: Any) -> None:
    pos(b, {**P1, **P2}, phase="maneuver", current=0, hands={1: FOUR})
    b.do({"type": "end-turn"},
         explain="Player 2 starts the turn with four cards: fewer than five, no trade is "
                 "forced (one is allowed: three infantry are among them).",
         state={"phase": "reinforce", "current": 1, "turn": 3,
                "pending": {"to_place": compute_income(P2), "must_trade": False,
                            "after": "turn"}},
         legal_includes=[{"type": "place", "territory": "castile"},
                         {"type": "trade", "cards": FOUR[:3]}])
sc("napoleon.cards.forced-trade.602",
   "Four cards at the start of the turn: no trade is forced",
   ["napoleon.cards.forced-trade"], options=NO_TABLE)(_four_cards)
sc("napoleon.cards.forced-trade.603",
   "Reading one-set: four cards at the start of the turn force no trade either",
   ["napoleon.cards.forced-trade"],
   # the same under every reading of napoleon.amb.forced-trade-until: it tells none apart
   options={**NO_TABLE, "napoleon.amb.forced-trade-until": "one-set"})(_four_cards)


@sc("napoleon.cards.elimination-capture.601",
    "Eight cards after taking a player's: one set leaves five, so a second trade is owed",
    ["napoleon.cards.elimination-capture", "napoleon.combat.elimination"], options=NO_TABLE)
def capture_eight(b: Any) -> None:
    mine = ["card-egypt", "card-switzerland", "card-austria-bohemia"]            # infantry
    theirs = ["card-tripolitania", "card-westphalia", "card-great-russia",        # cavalry
              "card-maghreb", "card-bavaria"]                                     # artillery
    pos(b, {"aquitaine": (0, 5), "castile": (1, 1)}, hands={0: mine, 1: theirs})
    b.do(attack("aquitaine", "castile", 3), state={"phase": "battle"})
    b.do({"type": "roll", "attacker": [6, 5, 4], "defender": [2]},
         state={"phase": "occupy", "territories": {"castile": {"owner": 0, "armies": 0}},
                "players": seats(3, p0={"cards": 8},
                                 p1={"eliminated": True, "eliminated_by": 0, "cards": []})})
    b.do({"type": "occupy", "armies": 3},
         state={"phase": "reinforce",
                "territories": {"aquitaine": {"armies": 2}, "castile": {"armies": 3}},
                "pending": {"to_place": 0, "must_trade": True, "after": "elimination"}})
    b.do({"type": "trade", "cards": mine},
         explain="Three infantry are worth 4; five cards are left, not fewer than five, so "
                 "player 1 must trade again before placing anything.",
         state={"players": seats(3, p0={"cards": 5}),
                "pending": {"to_place": 4, "must_trade": True, "after": "elimination"}})
    b.do({"type": "trade", "cards": theirs[:3]},
         state={"players": seats(3, p0={"cards": 2}),
                "pending": {"to_place": 10, "must_trade": False, "after": "elimination"}})


@sc("napoleon.cards.elimination-capture.671",
    "Five cards after taking an eliminated player's: the trade is owed at once, the capture settled",
    ["napoleon.cards.elimination-capture", "napoleon.combat.elimination"], options=NO_TABLE)
def capture_trade(b: Any) -> None:
    aquitaine_takes_castile(b, {0: ["card-egypt", "card-maghreb", "card-bavaria"],
               1: ["card-castile", "card-holland"]})
    b.do({"type": "occupy", "armies": 4},
         explain="Player 2's two cards make player 1's hand five: a trade is owed before the "
                 "attack goes on, and the captured cards are settled by it.",
         state={"phase": "reinforce",
                "pending": {"to_place": 0, "must_trade": True, "after": "elimination"},
                "territories": {"aquitaine": {"armies": 1}, "castile": {"armies": 4}},
                "players": [{"captured": False}, {}, {}]})

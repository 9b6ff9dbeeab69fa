"""Scenarios: Risk Napoléon — territory cards (napoleon.cards.*), on the printed Europe board
(see :mod:`printed`; the cards are the printed deck's, with their symbols and effects).

What a play-card action names, the effect limit of a phase, forced trades at the start of a
turn and after an elimination (cards captured, territories entered that their owner kept
empty), and the reshuffle of the discards.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon_readings import _players
from riskspec.conformance.lineboard import KEEPS, invade
from riskspec.conformance.printed import BASIC, NO_TABLE, REINFORCE, get_board, pos, sc, seats

#: the printed deck, in deck order
DECK = [c.id for c in get_board().cards]
REIN = {"to_place": 1, "must_trade": False, "after": "turn"}


@sc("napoleon.cards.use-or-trade.501",
    "A card without targets refuses a 'from' or a 'to' named alone",
    ["napoleon.cards.use-or-trade", "napoleon.effects.extra-regiments"], variant=BASIC,
    negative=True)
def targets_alone(b: Any) -> None:
    pos(b, {"aquitaine": (1, 1), "castile": (1, 1), "brittany": (0, 1), "ile-de-france": (0, 1)},
        phase="reinforce", turn=3, hands={0: ["card-aquitaine"]}, pending=REINFORCE)
    # Aquitaine's card gives 2 extra regiments and names no target.  Egypt is the board's
    # first territory: an index 0 must count as a target named
    b.reject({"type": "play-card", "card": "card-aquitaine", "from": "egypt"}, "targets",
             rule="napoleon.effects.extra-regiments")
    b.reject({"type": "play-card", "card": "card-aquitaine", "to": "egypt"}, "targets",
             rule="napoleon.effects.extra-regiments")
    b.reject({"type": "play-card", "card": "card-aquitaine", "from": "brittany", "to": "egypt"},
             "targets", rule="napoleon.effects.extra-regiments")


PLAYS = "napoleon.amb.effect-plays"


@sc("napoleon.cards.effect-limit.701",
    "Reading one-per-phase: a card played for regiments leaves the combat phase's play free",
    ["napoleon.cards.effect-limit", "napoleon.effects.extra-regiments",
     "napoleon.units.ships"], variant=BASIC, options={PLAYS: "one-per-phase"})
def stage_after_reinforcement(b: Any) -> None:
    pos(b, {"aquitaine": (1, 1), "brittany": (1, 2), "castile": (0, 5), "leon-asturias": (0, 1)},
        phase="reinforce", turn=3, hands={0: ["card-aquitaine", "card-syria"]},
        pending={"to_place": 1, "must_trade": False, "after": "turn"})
    b.do({"type": "play-card", "card": "card-aquitaine"},
         explain="2 extra regiments (Aquitaine is player 2's: no territory bonus); the phase's one play",
         state={"pending": {"to_place": 3}, "discards": ["card-aquitaine"],
                "turn_flags": {"effect_plays": [1, 0, 0, 0, 0, 0]},
                "players": _players({"cards": ["card-syria"]}, {})})
    b.do({"type": "place", "territory": "castile"},
         state={"pending": {"to_place": 2}, "territories": {"castile": {"armies": 6}}})
    b.do({"type": "place", "territory": "castile"},
         state={"pending": {"to_place": 1}, "territories": {"castile": {"armies": 7}}},
         legal=[{"type": "place", "territory": "castile"},
                {"type": "place", "territory": "leon-asturias"},
                {"type": "buy-ship", "zone": "western-europe-atlantic"}],
         explain="one regiment left: it may still pay for a ship (costs.ship 1) in the Atlantic, "
                 "off Leon-Asturias (Castile has no coast); Syria's card (highest attack die +1) is for the combat phase")
    b.do({"type": "place", "territory": "leon-asturias"},
         explain="the reinforcement phase is over; the combat phase counts its plays afresh",
         state={"phase": "attack", "territories": {"leon-asturias": {"armies": 2}}},
         legal_includes=[{"type": "play-card", "card": "card-syria"}])
    b.do({"type": "play-card", "card": "card-syria"},
         state={"discards": ["card-aquitaine", "card-syria"],
                "players": _players({"cards": []}, {})})


FORCED_UNTIL = "napoleon.amb.forced-trade-until"
#: the United Kingdom, player 1's whole empire (bonus 2)
UK = {"england": (0, 1), "scotland": (0, 1), "ireland": (0, 1)}


@sc("napoleon.cards.forced-trade.701",
    "Reading one-set: exactly five cards at the start of the turn force one trade",
    ["napoleon.cards.forced-trade", FORCED_UNTIL], variant=BASIC,
    options={FORCED_UNTIL: "one-set"}, negative=True)
def five_cards_one_set(b: Any) -> None:
    pos(b, {**UK, "castile": (1, 1)}, phase="maneuver", current=1, turn=3,
        hands={0: ["card-brittany", "card-castile", "card-andalusia", "card-portugal",
                   "card-england"]})
    b.do({"type": "end-turn"},
         explain="Player 1 holds 5 cards (cards.forced_trade_at): a set first. 3 territories "
                 "give the minimum 3, the whole United Kingdom 2 more.",
         state={"phase": "reinforce", "current": 0, "turn": 4,
                "pending": {"to_place": 3 + 2, "must_trade": True, "after": "turn"}})
    b.reject({"type": "place", "territory": "england"}, "must-trade",
             rule="napoleon.cards.forced-trade")
    b.do({"type": "trade", "cards": ["card-castile", "card-andalusia", "card-england"]},
         explain="infantry, cavalry and artillery, one of each symbol: 10; England is player "
                 "1's: 2 regiments on it. One set is enough.",
         state={"pending": {"to_place": 5 + 10, "must_trade": False},
                "territories": {"england": {"armies": 3}},
                "discards": ["card-castile", "card-andalusia", "card-england"],
                "players": _players({"cards": ["card-brittany", "card-portugal"]}, {})})


UNTIL = "napoleon.amb.forced-trade-until"


@sc("napoleon.cards.forced-trade.501",
    "Reading one-set: five cards kept after the turn's trade force nothing at a conquest",
    ["napoleon.cards.forced-trade", "napoleon.cards.elimination-capture"], variant=BASIC,
    options={UNTIL: "one-set"},
    description="Under one-set a hand of 5 or more can reach the combat phase; the case "
                "starts there, so it holds under either reading.")
def five_cards_conquest(b: Any) -> None:
    # a hand of 8 at the start of the turn, one set traded: 5 cards in the combat phase
    pos(b, {"brittany": (0, 1), "aquitaine": (0, 4), "castile": (1, 1), "catalonia": (1, 1)},
        turn=6, hands={0: ["card-brittany", "card-aquitaine", "card-languedoc", "joker-1",
                           "joker-2"]})
    b.attack("aquitaine", "castile", 3, state={"phase": "battle"})
    b.roll([6, 5, 4], [1],
           state={"phase": "occupy", "territories": {"castile": {"owner": 0, "armies": 0}}})
    b.do({"type": "occupy", "armies": 3},
         explain="no cards were taken (player 2 still holds Catalonia): the combat phase goes on",
         state={"phase": "attack", "territories": {"aquitaine": {"armies": 4 - 3},
                                                   "castile": {"armies": 3}}})


@sc("napoleon.cards.elimination-capture.701",
    "Seven cards after taking a player's last territory: one trade brings the hand to "
    "four, then every regiment is placed before the battle goes on",
    ["napoleon.cards.elimination-capture", "napoleon.reinforce.territories"],
    options=dict(NO_TABLE))
def seven_captured(b: Any) -> None:
    pos(b, {"aquitaine": (0, 5), "brittany": (0, 1), "castile": (1, 1)},
        hands={0: ["card-maghreb", "card-aquitaine", "joker-1"],
               1: ["card-brittany", "card-castile", "card-leon-asturias", "joker-2"]}, turn=3)
    b.attack("aquitaine", "castile", 3, state={"phase": "battle"})
    b.roll([6, 5, 4], [1], explain="Castile, player 2's last territory, falls: its 4 cards are player 1's",
           state={"phase": "occupy", "territories": {"castile": {"owner": 0, "armies": 0}},
                  "players": [{"cards": 7}, {"eliminated": True, "cards": []}, {}]})
    b.do({"type": "occupy", "armies": 3},
         explain="7 cards, at least 5 (five-or-more): trade at once, until at most 4 are left",
         state={"phase": "reinforce",
                "pending": {"to_place": 0, "must_trade": True, "after": "elimination"},
                "territories": {"aquitaine": {"armies": 2}, "castile": {"armies": 3}}})
    b.do({"type": "trade", "cards": ["card-brittany", "card-castile", "card-leon-asturias"]},
         explain="three infantry: 4 regiments, and 2 on Brittany and on Castile, both player 1's "
                 "now (Leon-Asturias is player 3's); 4 cards are left, no more than 4: no second trade",
         state={"pending": {"to_place": 4, "must_trade": False},
                "territories": {"brittany": {"armies": 3}, "castile": {"armies": 5}},
                "players": [{"cards": ["card-maghreb", "card-aquitaine", "joker-1", "joker-2"]},
                            {}, {}]})
    for left, t, armies in ((3, "aquitaine", 3), (2, "aquitaine", 4), (1, "castile", 6)):
        b.do({"type": "place", "territory": t},
             state={"pending": {"to_place": left}, "territories": {t: {"armies": armies}}})
    b.do({"type": "place", "territory": "castile"},
         explain="the last of the 4: the combat phase goes on",
         state={"phase": "attack", "territories": {"castile": {"armies": 7}}})


@sc("napoleon.cards.elimination-capture.501",
    "Taking the last territory: the captured cards are traded for their value alone, and "
    "the freed zone can take a ship",
    ["napoleon.cards.elimination-capture", "napoleon.combat.elimination",
     "napoleon.units.ships", "napoleon.cards.trade-territory-bonus"])
def capture_and_build(b: Any) -> None:
    atlantic = "western-europe-atlantic"
    pos(b, {"castile": (0, 5), "leon-asturias": (1, 1)}, zones={atlantic: (1, 2)}, turn=2,
        hands={0: ["card-brittany", "card-portugal"],
               1: ["card-maghreb", "card-castile", "card-leon-asturias"]})
    b.attack("castile", "leon-asturias", 3, state={"phase": "battle"})
    b.roll([6, 5, 4], [1],
           explain="Leon-Asturias, player 2's last territory, falls: its ships leave the "
                   "Atlantic, its cards go to player 1",
           state={"phase": "occupy", "territories": {"leon-asturias": {"owner": 0, "armies": 0}},
                  "zones": {atlantic: {"owner": None, "ships": 0}},
                  "players": seats(3, p0={"cards": 5}, p1={"eliminated": True, "cards": 0})})
    b.do({"type": "occupy", "armies": 3},
         explain="five cards: a trade at once, with nothing to place but what it brings",
         state={"phase": "reinforce",
                "pending": {"to_place": 0, "must_trade": True, "after": "elimination"},
                "territories": {"castile": {"armies": 5 - 3}, "leon-asturias": {"armies": 3}}})
    # three infantry: 4 regiments; Castile and Leon-Asturias are player 1's: 2 more on each
    b.do({"type": "trade", "cards": ["card-brittany", "card-castile", "card-leon-asturias"]},
         state={"pending": {"to_place": 4, "must_trade": False},
                "players": seats(3, p0={"cards": 2}),
                "territories": {"castile": {"armies": 2 + 2}, "leon-asturias": {"armies": 3 + 2}}},
         legal_includes=[{"type": "buy-ship", "zone": atlantic}])
    b.do({"type": "buy-ship", "zone": atlantic},
         state={"pending": {"to_place": 3}, "zones": {atlantic: {"owner": 0, "ships": 1}}})


def _keeps_sc(id: str, title: str, covers: list[str], **kw: Any) -> Any:
    """An Advanced printed-board case played under keeps-owner (its start, a territory its
    owner kept empty, is reachable only then), whose outcome the other reading would not change."""
    return sc(f"napoleon.{id}", title, covers, options={KEEPS[0]: KEEPS[1], **kw.pop("options", {})},
              **kw)


#: player 2's three cards, maneuver-phase cards that add nothing to its combat phase's legal
#: actions: Bavaria (artillery), Austria-Bohemia and Scotland (infantry); Crimea's (infantry,
#: given to player 1 below) is a maneuver card too
MANEUVER_HAND = ["card-bavaria", "card-austria-bohemia", "card-scotland"]


@_keeps_sc("cards.elimination-capture.801",
           "Entering a player's last empty territories: eliminated with the last one, whose cards force a trade",
           ["napoleon.combat.empty-territory", "napoleon.combat.elimination",
            "napoleon.cards.elimination-capture", "napoleon.naval.landing"], negative=True)
def invade_last_empty(b: Any) -> None:
    pos(b, {"syria": (2, 3), "egypt": (1, 5), "tripolitania": (0, 0), "maghreb": (0, 0)},
        zones={"western-mediterranean": (2, 2)}, current=1, turn=2,
        hands={0: ["card-crimea", "joker-1"], 1: MANEUVER_HAND})
    legal = [{"type": "attack", "from": "egypt", "to": "syria", "dice": d} for d in (1, 2, 3)]
    legal += [invade("egypt", "tripolitania", n) for n in (1, 2, 3, 4)] + [{"type": "end-attack"}]
    b.check(legal=legal,
            explain="Egypt borders Syria and Tripolitania alone: player 2 attacks Syria or walks "
                    "into Tripolitania (player 1's, emptied by an epidemic), one regiment staying "
                    "in Egypt; player 3's ships in the Western Mediterranean are not player 2's "
                    "to move, and player 2's cards act in the maneuver phase")
    b.reject(invade("egypt", "maghreb", 1), "not-adjacent", rule="napoleon.naval.landing",
             explain="Maghreb does not touch Egypt, and no zone of player 2's carries a landing there")
    b.do(invade("egypt", "tripolitania", 3),
         explain="player 1 still holds Maghreb (empty, but theirs): not eliminated",
         state={"territories": {"egypt": {"armies": 2}, "tripolitania": {"owner": 1, "armies": 3}},
                "players": [{"eliminated": False, "cards": 2}, {"cards": 3}, {}],
                "turn_flags": {"conquests": 1, "land_attacked": True, "conquered": False}})
    b.do(invade("tripolitania", "maghreb", 2),
         explain="player 1's last territory: eliminated, their 2 cards make player 2's hand 5, "
                 "a trade at once (no regiment to place yet)",
         events=[{"type": "invaded", "player": 1, "from": "tripolitania", "to": "maghreb",
                  "armies": 2},
                 {"type": "eliminated", "player": 0, "by": 1}],
         state={"territories": {"tripolitania": {"armies": 1}, "maghreb": {"owner": 1, "armies": 2}},
                "players": [{"eliminated": True, "eliminated_by": 1, "cards": 0},
                            {"cards": 5, "captured": False}, {}],
                "phase": "reinforce",
                "pending": {"to_place": 0, "must_trade": True, "after": "elimination"}})
    b.check(legal_count=7,
            legal_includes=[{"type": "trade",
                             "cards": ["card-austria-bohemia", "card-crimea", "card-scotland"]}],
            explain="only trades: of the three infantry, the artillery and the joker, the sets of three "
                    "are the three infantry, two infantry with the joker (three ways) and one "
                    "infantry, the artillery and the joker (three ways)")


@_keeps_sc("cards.elimination-capture.802",
           "Eliminated by an invasion of their empty territory: four cards in hand, no trade, the turn goes on",
           ["napoleon.combat.empty-territory", "napoleon.combat.elimination",
            "napoleon.cards.elimination-capture"])
def invade_last_empty_four(b: Any) -> None:
    pos(b, {"egypt": (1, 4), "tripolitania": (1, 2), "maghreb": (0, 0)}, current=1, turn=2,
        hands={0: ["joker-1"], 1: MANEUVER_HAND})
    b.do(invade("tripolitania", "maghreb", 1),
         events=[{"type": "invaded", "to": "maghreb"}, {"type": "eliminated", "player": 0, "by": 1}],
         state={"territories": {"tripolitania": {"armies": 1}, "maghreb": {"owner": 1, "armies": 1}},
                "players": [{"eliminated": True, "cards": 0}, {"cards": 4, "captured": False}, {}],
                "phase": "attack",
                "turn_flags": {"conquests": 1, "land_attacked": True}})


@_keeps_sc("cards.elimination-capture.803",
           "Under one-set five cards may be kept; eliminating a player with no cards forces no trade",
           ["napoleon.combat.empty-territory", "napoleon.cards.elimination-capture",
            "napoleon.cards.forced-trade"], options={"napoleon.amb.forced-trade-until": "one-set"})
def nothing_captured(b: Any) -> None:
    pos(b, {"egypt": (1, 4), "tripolitania": (1, 2), "maghreb": (0, 0)}, current=1, turn=2,
        hands={1: [*MANEUVER_HAND, "card-crimea", "joker-1"]})
    b.do(invade("tripolitania", "maghreb", 1),
         explain="player 2 kept five cards after the one set the turn's start asked for; player 1 "
                 "had no card to take, so no trade is owed",
         events=[{"type": "invaded", "to": "maghreb"}, {"type": "eliminated", "player": 0, "by": 1}],
         state={"territories": {"tripolitania": {"armies": 1}, "maghreb": {"owner": 1, "armies": 1}},
                "players": [{"eliminated": True}, {"cards": 5, "captured": False}, {}],
                "phase": "attack", "turn_flags": {"conquests": 1, "land_attacked": True}})


@sc("napoleon.cards.reshuffle.301",
    "No card owed, no reshuffle: an empty draw pile stays empty when nobody draws",
    ["napoleon.cards.reshuffle", "napoleon.end-of-turn.draws"], variant=BASIC,
    synthetic=(["$.discards", "$.draw_pile"], "the whole deck put in the discards at the "
               "first game turn, so that the pile is empty"))
def no_reshuffle(b: Any) -> None:
    def edit(d: dict) -> None:
        d["draw_pile"], d["discards"] = [], list(DECK)
    pos(b, {"brittany": (0, 2), "aquitaine": (0, 1), "england": (1, 1), "scotland": (1, 1)},
        phase="maneuver", edit=edit)
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 1, "pending": {"to_place": 3},
                                      "draw_pile": [], "discards": list(DECK)},
         explain="player 1 invaded nothing and holds no whole empire or route: no card is owed, "
                 "so the discards are not shuffled into a new pile; player 2's 2 territories "
                 "give the minimum 3")


#: player 1's cards and player 3's, and the one card left in the pile (Ireland's)
_HELD = {1: ["card-brittany", "card-aquitaine"], 2: ["card-castile"]}


@sc("napoleon.cards.reshuffle.501", "The relocation that takes the pile's last card "
    "reshuffles nothing: the pile stays empty until a card is drawn",
    ["napoleon.cards.reshuffle", "napoleon.epidemics.relocate"], options=dict(NO_TABLE),
    synthetic=(["$.discards", "$.draw_pile"], "all but one card discarded by the second game "
               "turn, so that the epidemic's relocation takes the pile's last card"))
def relocation_empties_pile(b):
    # players 2 and 3 hold three cards; Ireland's card alone is left in the pile, every
    # other card is discarded (Portugal's placed Portugal's epidemic)
    held = {c for cards in _HELD.values() for c in cards}

    def edit(d: dict) -> None:
        d["draw_pile"] = ["card-ireland"]
        d["discards"] = [c for c in DECK if c not in held and c != "card-ireland"]
    pos(b, {"brittany": (0, 1), "aquitaine": (0, 2), "england": (1, 2), "scotland": (1, 2),
            "ireland": (1, 2), "portugal": (2, 2)},
        epidemics={"brittany": 1, "portugal": 1}, phase="maneuver", current=0, turn=2,
        hands=_HELD, edit=edit)
    discards = [c for c in DECK if c not in held]
    b.do({"type": "end-turn"},
         state={"phase": "epidemics", "pending": {"left": 1, "moving": True},
                "territories": {"brittany": {"owner": None, "armies": 0, "epidemics": 0}}},
         outcomes=[{"outcome": {"type": "draw", "card": "card-ireland"}, "p": "1"}])
    b.do({"type": "draw", "card": "card-ireland"},
         explain="the epidemic goes to Ireland; seat 0 owes no card, so nothing is drawn and the "
                 "discards stay discards. Player 2's turn begins: the whole United Kingdom "
                 "scores its bonus, 2",
         state={"phase": "reinforce", "current": 1, "draw_pile": [],
                "discards": discards, "players": [{}, {"vp": 2}, {}],
                "territories": {"ireland": {"epidemics": 1}}})

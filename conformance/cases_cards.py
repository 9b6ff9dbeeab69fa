"""Scenarios: Risk cards — earning, sets, values, bonuses, forced trades, discards."""

from __future__ import annotations

from riskspec.conformance.scenario import scenario
from riskspec.conformance.steps import occupy, placed, take, turn_events

# Seat 0 (black) holds, by round-robin: alaska, alberta, western-united-states, argentina, venezuela,
# great-britain, southern-europe, egypt, south-africa, siberia, irkutsk, afghanistan, india, new-guinea.
INF_FOREIGN = ["peru", "iceland", "east-africa", "congo", "kamchatka"]   # infantry, not black's
CAV_FOREIGN = ["greenland", "ontario", "quebec", "scandinavia", "ukraine"]  # cavalry, not black's
ART_FOREIGN = ["northwest-territory", "eastern-united-states", "central-america", "brazil"]  # artillery


def _turn_with_hand(b, hand, *, sets_traded=0, owners=None, bonus_taken=False):
    b.position(owners, phase="fortify", current=2, hands={0: hand}, sets_traded=sets_traded)
    b.do({"type": "end-turn"}, explain=f"Black's turn begins holding {len(hand)} cards.",
         state={"current": 0, "turn": 2, "phase": "reinforce"})


_DECK: list[str] = []


def trade(cards, bonus=None):
    """A trade action, its cards in deck order (the canonical form)."""
    if not _DECK:
        from riskspec.reference.engine import get_variant
        _DECK.extend(c.id for c in get_variant("classic").board.cards)
    return {"type": "trade", "cards": sorted(cards, key=_DECK.index), "bonus_territory": bonus}


INF = ["peru", "iceland", "east-africa"]          # three infantry cards, none of black's territories


CAV = ["greenland", "ontario", "quebec"]          # three cavalry cards, none of black's


ART = ["northwest-territory", "brazil", "central-america"]  # three artillery cards, none of black's


def held(cards):
    """A hand as the state lists it: in deck order."""
    return trade(cards)["cards"]


def traded(player, cards, value):
    return {"type": "traded", "player": player, "cards": held(cards), "value": value,
            "bonus_territory": None, "bonus": 0, "bonuses": []}


@scenario("classic.cards.earn.001", "A turn with a conquest earns one card", ["classic.cards.earn"])
def earn(b):
    b.position({"alaska": (0, 4), "kamchatka": (2, 1)}, phase="attack", current=0)
    take(b, "alaska", "kamchatka", 3, attacker=[6, 2, 1], defender=[3])
    occupy(b, "alaska", "kamchatka", 3, had=4)
    b.do({"type": "end-attack"}, state={"phase": "fortify"})
    b.do({"type": "end-turn"}, explain="Black conquered a territory: a card is drawn.",
         state={"phase": "draw", "pending": {"left": 1}})
    b.check(outcomes=[{"outcome": {"type": "draw", "card": c}, "p": "1/44"} for c in b.s["draw_pile"]])
    b.do({"type": "draw", "card": "wild-1"}, state={"players": [{"cards": ["wild-1"]}, {}, {}], "current": 1,
                                                    "turn": 2, "phase": "reinforce"},
         events=[{"type": "card-drawn", "player": 0, "card": "wild-1"}])


@scenario("classic.cards.earn.002", "A turn without a conquest earns no card", ["classic.cards.earn"],
          negative=True)
def earn_none(b):
    b.position(phase="fortify", current=0)
    b.do({"type": "end-turn"}, explain="No conquest this turn: no card, the next turn starts at once.",
         state={"current": 1, "turn": 2, "phase": "reinforce", "players": [{"cards": []}, {}, {}]})


def two_conquests(b):
    """Red takes Kamchatka, then the Northwest Territory, from Alaska and ends the attack phase."""
    b.position({"alaska": (0, 9), "kamchatka": (2, 1), "alberta": (0, 1), "northwest-territory": (1, 1)},
               phase="attack", current=0)
    for had, target in ((9, "kamchatka"), (6, "northwest-territory")):
        take(b, "alaska", target, 3)
        occupy(b, "alaska", target, 3, had=had)
    b.do({"type": "end-attack"}, state={"phase": "fortify"})


@scenario("classic.cards.earn.003", "Several conquests in one turn still earn one card", ["classic.cards.earn"])
def earn_one(b):
    two_conquests(b)
    b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": 1}})


@scenario("classic.cards.valid-sets.001", "Three alike, one of each, or two and a wild are sets",
          ["classic.cards.valid-sets"])
def valid_sets(b):
    _turn_with_hand(b, ["peru", "iceland", "greenland", "northwest-territory", "wild-1"])
    b.check(legal_includes=[trade(["peru", "iceland", "wild-1"]), trade(["peru", "greenland", "northwest-territory"]),
                            trade(["iceland", "greenland", "wild-1"])],
            legal_excludes=[trade(["peru", "iceland", "greenland"])])


#: refused trades: id, title, the rule covered and cited, the hand, the trades tried (cards, bonus
#: territory or None) and the error code each gets
_REFUSED_TRADES = [
    ("classic.cards.valid-sets.002", "Two alike and one different is not a set", "classic.cards.valid-sets",
     ["peru", "iceland", "greenland"], [(["peru", "iceland", "greenland"], None, "not-a-set")]),
    ("classic.cards.territory-bonus.002", "The bonus territory must be one of the traded cards' own territories",
     "classic.cards.territory-bonus", ["alaska", "peru", "iceland"],
     [(["alaska", "peru", "iceland"], "alberta", "bonus-territory-invalid"),
      (["alaska", "peru", "iceland"], "peru", "bonus-territory-invalid")]),
    ("classic.cards.territory-bonus.003", "No bonus when no traded card shows an own territory",
     "classic.cards.territory-bonus", ["peru", "iceland", "east-africa"],
     [(["peru", "iceland", "east-africa"], "alaska", "no-bonus-due")]),
    ("classic.cards.optional-trade.201",
     "A set is traded only from one's own hand: holding one of its cards is not enough",
     "classic.cards.optional-trade", ["peru", "greenland", "ontario"],
     [(["peru", "iceland", "east-africa"], None, "not-in-hand")]),
]
for _id, _title, _rule, _hand, _tries in _REFUSED_TRADES:
    def _refused_trade(b, rule=_rule, hand=_hand, tries=_tries):
        _turn_with_hand(b, hand)
        for cards, bonus, code in tries:
            b.reject(trade(cards, bonus), code, rule=rule)
    scenario(_id, _title, [_rule], negative=True)(_refused_trade)


@scenario("classic.cards.valid-sets.003", "Two wild cards and any card make a set",
          ["classic.cards.valid-sets"])
def two_wilds(b):
    _turn_with_hand(b, ["peru", "wild-1", "wild-2"])
    b.do(trade(["peru", "wild-1", "wild-2"]), state={"pending": {"to_place": 8}, "players": [{"cards": []}, {}, {}]})


@scenario("classic.cards.trade-timing.001", "Sets are traded at the start of one's turn, not in the attack",
          ["classic.cards.trade-timing"], negative=True)
def trade_attack(b):
    b.position(phase="attack", current=0, hands={0: ["peru", "iceland", "east-africa"]})
    b.reject(trade(["peru", "iceland", "east-africa"]), "wrong-phase", rule="classic.cards.trade-timing")


@scenario("classic.cards.trade-timing.002", "No trade once every reinforcement is placed",
          ["classic.cards.trade-timing"], negative=True)
def trade_late(b):
    b.position(phase="attack", current=2, hands={0: ["peru", "iceland", "east-africa"]})
    b.load({**b.start, "phase": "fortify"})
    b.do({"type": "end-turn"}, state={"current": 0, "turn": 2, "phase": "reinforce"})
    for n in range(1, 5):
        b.do({"type": "place", "territory": "alaska"},
             state={"territories": {"alaska": {"armies": 2 + n}}, "phase": "reinforce" if n < 4 else "attack"})
    b.check(state={"phase": "attack"})
    b.reject(trade(["peru", "iceland", "east-africa"]), "wrong-phase", rule="classic.cards.trade-timing")


@scenario("classic.cards.optional-trade.001", "With fewer than five cards trading is optional",
          ["classic.cards.optional-trade"])
def optional(b):
    _turn_with_hand(b, ["peru", "iceland", "east-africa", "greenland"])
    b.check(state={"pending": {"forced": None}}, legal_count=14 + 1,
            explain="Black may place (14 territories) or trade its one set (three infantry).")
    b.do({"type": "place", "territory": "alaska"}, state={"territories": {"alaska": {"armies": 3}}})


@scenario("classic.cards.forced-trade.001", "Five cards force a trade before placing",
          ["classic.cards.forced-trade"])
def forced(b):
    _turn_with_hand(b, ["peru", "iceland", "east-africa", "greenland", "ontario"])
    b.check(state={"pending": {"forced": {"max_hand": 4}}})
    b.reject({"type": "place", "territory": "alaska"}, "forced-trade", rule="classic.cards.forced-trade")
    b.do(trade(["peru", "iceland", "east-africa"]), state={"pending": {"forced": None, "to_place": 8},
                                                           "players": [{"cards": 5 - 3}, {}, {}]})


@scenario("classic.cards.forced-trade.002", "Six cards: trading goes on until fewer than five",
          ["classic.cards.forced-trade"])
def forced_six(b):
    _turn_with_hand(b, ["peru", "iceland", "east-africa", "greenland", "ontario", "quebec"])
    b.do(trade(["peru", "iceland", "east-africa"]), explain="Three cards left: the obligation is met.",
         state={"pending": {"forced": None}, "players": [{"cards": 6 - 3}, {}, {}]})


@scenario("classic.cards.set-values.001", "The first sets are worth 4, 6, 8",
          ["classic.cards.set-values"])
def values(b):
    _turn_with_hand(b, INF_FOREIGN[:3] + CAV_FOREIGN[:3] + ART_FOREIGN[:3])
    b.do(trade(INF_FOREIGN[:3]), state={"sets_traded": 1, "pending": {"to_place": 4 + 4},
                                        "players": [{"cards": 9 - 3}, {}, {}]},
         events=[{"type": "traded", "value": 4}])
    b.do(trade(CAV_FOREIGN[:3]), state={"sets_traded": 2, "pending": {"to_place": 8 + 6},
                                        "players": [{"cards": 6 - 3}, {}, {}]},
         events=[{"type": "traded", "value": 6}])


@scenario("classic.cards.set-values.002", "The fourth, fifth and sixth sets are worth 10, 12, 15",
          ["classic.cards.set-values"])
def values_456(b):
    for n, v in ((3, 10), (4, 12), (5, 15)):
        b.position(phase="fortify", current=2, hands={0: INF_FOREIGN[:3]}, sets_traded=n)
        b.do({"type": "end-turn"}, state={"current": 0, "turn": 2, "phase": "reinforce"})
        b.do(trade(INF_FOREIGN[:3]), events=[{"type": "traded", "value": v}],
             state={"players": [{"cards": []}, {}, {}]})
        if n < 5:
            b.steps.clear()
    b.steps.clear()
    b.position(phase="fortify", current=2, hands={0: INF_FOREIGN[:3]}, sets_traded=5)
    b.do({"type": "end-turn"}, state={"current": 0, "turn": 2, "phase": "reinforce"})
    b.do(trade(INF_FOREIGN[:3]), explain="Five sets were traded before: the sixth is worth 15.",
         events=[{"type": "traded", "value": 15}], state={"players": [{"cards": []}, {}, {}]})


@scenario("classic.cards.set-count-global.001", "The set count is shared: another player's trades count",
          ["classic.cards.set-count-global"])
def global_count(b):
    b.position(phase="fortify", current=0, hands={1: ["alaska", "venezuela", "argentina"]}, sets_traded=2)
    b.do({"type": "end-turn"}, state={"current": 1, "turn": 2, "phase": "reinforce"})
    b.do(trade(["alaska", "venezuela", "argentina"]), explain="Two sets were traded by others: blue's set is the third, worth 8.",
         events=[{"type": "traded", "player": 1, "value": 8}], state={"players": [{}, {"cards": []}, {}]})


@scenario("classic.cards.set-value-increment.001", "After the sixth set each set is worth 5 more: 20, 25",
          ["classic.cards.set-value-increment"])
def increment(b):
    _turn_with_hand(b, INF_FOREIGN[:3] + CAV_FOREIGN[:3], sets_traded=6)
    b.do(trade(INF_FOREIGN[:3]), events=[{"type": "traded", "value": 20}],
         state={"players": [{"cards": 3}, {}, {}]})
    b.do(trade(CAV_FOREIGN[:3]), events=[{"type": "traded", "value": 25}],
         state={"players": [{"cards": 0}, {}, {}]})


@scenario("classic.cards.set-value-increment.002", "The twelfth set is worth 45", ["classic.cards.set-value-increment"])
def increment12(b):
    _turn_with_hand(b, INF_FOREIGN[:3], sets_traded=11)
    b.do(trade(INF_FOREIGN[:3]), events=[{"type": "traded", "value": 45}],
         state={"players": [{"cards": []}, {}, {}]})


@scenario("classic.cards.territory-bonus.001", "A traded card showing an own territory puts 2 armies there",
          ["classic.cards.territory-bonus"])
def bonus(b):
    _turn_with_hand(b, ["alaska", "peru", "iceland"])
    b.do(trade(["alaska", "peru", "iceland"], "alaska"),
         state={"territories": {"alaska": {"armies": 4}}, "pending": {"to_place": 8},
                "players": [{"cards": []}, {}, {}]},
         events=[{"type": "traded", "bonus_territory": "alaska", "bonus": 2}])


@scenario("classic.cards.territory-bonus-limit.001", "The territory bonus is earned once per turn",
          ["classic.cards.territory-bonus-limit"])
def bonus_once(b):
    _turn_with_hand(b, ["alaska", "venezuela", "argentina", "alberta", "siberia", "irkutsk"])
    b.do(trade(["alaska", "venezuela", "argentina"], "alaska"), events=[{"type": "traded", "bonus": 2}],
         state={"territories": {"alaska": {"armies": 2 + 2}}, "players": [{"cards": 3}, {}, {}]})
    b.reject(trade(["alberta", "siberia", "irkutsk"], "alberta"), "no-bonus-due",
             explain="The second set of the turn earns no territory bonus.", rule="classic.cards.territory-bonus-limit")
    b.do(trade(["alberta", "siberia", "irkutsk"]), state={"territories": {"alberta": {"armies": 2}},
                                                          "players": [{"cards": []}, {}, {}]},
         events=[{"type": "traded", "bonus": 0}])


@scenario("classic.cards.discards.001", "Traded cards go to the discards", ["classic.cards.discards"])
def discards(b):
    _turn_with_hand(b, ["peru", "iceland", "east-africa"])
    b.do(trade(["peru", "iceland", "east-africa"]),
         state={"discards": ["peru", "iceland", "east-africa"], "players": [{"cards": []}, {}, {}]})


def empty_pile_conquest(b, **dice):
    """An empty draw pile, every other card in the discards but the three in black's hand:
    red takes Kamchatka (``dice``: the rolls) and ends the attack phase."""
    deck = list(b.blank()["draw_pile"])

    def edit(d):
        d["discards"] = [c for c in deck if c not in ("peru", "iceland", "east-africa")]
        d["draw_pile"] = []
        d["players"][1]["cards"] = ["peru", "iceland", "east-africa"]
    b.position({"alaska": (0, 4), "kamchatka": (2, 1)}, phase="attack", current=0, edit=edit)
    take(b, "alaska", "kamchatka", 3, **dice)
    occupy(b, "alaska", "kamchatka", 3, had=4)
    b.do({"type": "end-attack"}, state={"phase": "fortify"})


@scenario("classic.cards.discards.002", "An empty draw pile is refilled from the discards",
          ["classic.cards.discards"])
def reshuffle(b):
    empty_pile_conquest(b, attacker=[6, 2, 1], defender=[3])
    b.do({"type": "end-turn"}, explain="The pile is empty: the 41 discards become the new draw pile.",
         state={"phase": "draw", "discards": []}, events=[{"type": "reshuffled", "cards": 41}])


def before_black_turn(b, hand, *, captured=False):
    """Black's turn 2 begins with ``hand`` (14 territories: 4 armies)."""
    def edit(d):
        d["players"][0]["captured"] = captured
    b.position(phase="fortify", current=2, hands={0: hand}, edit=edit)


def black_turn_two(b, forced, **players0):
    b.do({"type": "end-turn"},
         state={"current": 0, "turn": 2, "phase": "reinforce", "pending": {"to_place": 4, "forced": forced},
                "players": [{"captured": False, **players0}, {}, {}]},
         events=[{"type": "turn-ended", "player": 2, "turn": 1}, *turn_events(0, 2, 14, 4)])


def _first_set_then_place(b, why):
    """Seat 0 trades the three infantry (the game's first set: 4 armies, 8 to place) and
    places one army on Alaska."""
    _black_trades(b, INF, 4, why, left=CAV[:2], sets=1, discards=INF, to_place=8, forced=None)
    _place_on_alaska(b, 7)


def _black_trades(b, cards, value, why, *, left, sets, discards, to_place, forced):
    """Seat 0 trades ``cards`` for ``value`` armies, keeping ``left``."""
    b.do(trade(cards), explain=why,
         state={"players": [{"cards": held(left)}, {}, {}], "sets_traded": sets, "discards": held(discards),
                "pending": {"to_place": to_place, "forced": forced}},
         events=[traded(0, cards, value)])


def _place_on_alaska(b, left):
    b.do({"type": "place", "territory": "alaska"},
         state={"territories": {"alaska": {"armies": 3}}, "pending": {"to_place": left}},
         events=[placed(0, "alaska")])


@scenario("classic.cards.forced-trade.201", "One set settles the forced trade: refused placement first",
          ["classic.cards.forced-trade", "classic.amb.forced-trade-sets"],
          options={"classic.amb.forced-trade-sets": "one-set"},
          negative=True)
def forced_one_set(b):
    before_black_turn(b, INF + CAV[:2])
    black_turn_two(b, {"max_hand": None, "sets": 1})
    b.reject({"type": "place", "territory": "alaska"}, "forced-trade", rule="classic.cards.forced-trade",
             explain="Five cards at the start of the turn: a set must go before any army is placed.")
    _first_set_then_place(b, "The game's first set: 4 armies; the duty is met.")


@scenario("classic.cards.forced-trade.202", "Trading down from nine cards: still owed after the first set",
          ["classic.cards.forced-trade", "classic.cards.set-values"])
def forced_nine(b):
    before_black_turn(b, INF + CAV + ART)
    black_turn_two(b, {"max_hand": 4, "sets": 0})
    _black_trades(b, INF, 4, "Six cards left: five or more, so another set is owed.",
                  left=CAV + ART, sets=1, discards=INF, to_place=8, forced={"max_hand": 4, "sets": 0})
    _black_trades(b, CAV, 6, "The second set of the game is worth 6; three cards left: done.",
                  left=ART, sets=2, discards=INF + CAV, to_place=14, forced=None)
    _place_on_alaska(b, 13)


@scenario("classic.cards.forced-trade.203", "Further sets mandatory: two cards left hold no set, so placing starts",
          ["classic.cards.forced-trade", "classic.amb.forced-trade-sets"],
          options={"classic.amb.forced-trade-sets": "one-set-and-any-second"})
def forced_two_left(b):
    before_black_turn(b, INF + CAV[:2])
    b.do({"type": "end-turn"},
         state={"current": 0, "turn": 2, "phase": "reinforce"},
         events=[{"type": "turn-ended", "player": 2, "turn": 1}, *turn_events(0, 2, 14, 4)])
    _first_set_then_place(b, "Greenland and Ontario are no set: nothing more is owed.")


@scenario("classic.cards.trade-timing.201", "A voluntary trade with one army still to place",
          ["classic.cards.trade-timing", "classic.cards.optional-trade"])
def trade_last_army(b):
    b.position(phase="reinforce", current=0, turn=2, pending={"to_place": 1, "forced": None}, hands={0: INF})
    b.do(trade(INF), explain="One army is still to be placed, so a set may still be traded.",
         state={"players": [{"cards": []}, {}, {}], "sets_traded": 1, "discards": held(INF),
                "pending": {"to_place": 5, "forced": None}},
         events=[traded(0, INF, 4)])


@scenario("classic.cards.earn.201", "One card per conquest: two conquests, two draws, then the next turn",
          ["classic.cards.earn", "classic.amb.cards-per-turn"],
          options={"classic.amb.cards-per-turn": "one-per-conquest"},
          reading=("classic.amb.cards-per-turn", "one-per-conquest"))
def two_draws(b):
    def edit(d):
        d["turn_flags"]["conquests"] = 2
    b.position(phase="fortify", current=0, conquered=True, edit=edit)
    b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": 2}},
         events=[{"type": "turn-ended", "player": 0, "turn": 1}])
    b.do({"type": "draw", "card": "wild-1"}, explain="One card drawn, one still to draw.",
         state={"phase": "draw", "pending": {"left": 1}, "players": [{"cards": ["wild-1"]}, {}, {}]},
         events=[{"type": "card-drawn", "player": 0, "card": "wild-1"}])
    b.do({"type": "draw", "card": "wild-2"}, explain="Both cards drawn: blue's turn.",
         state={"current": 1, "turn": 2, "phase": "reinforce", "pending": {"to_place": 4, "forced": None},
                "players": [{"cards": ["wild-1", "wild-2"]}, {}, {}]},
         events=[{"type": "card-drawn", "player": 0, "card": "wild-2"}, *turn_events(1, 2, 14, 4)])


@scenario("classic.cards.earn.600", "The card drawn comes from the draw pile: one held by a player is refused",
          ["classic.cards.earn"], negative=True)
def draw_from_a_hand(b):
    def edit(d):
        d["turn_flags"]["conquests"] = 1
    b.position(phase="draw", current=0, conquered=True, pending={"left": 1}, hands={1: ["peru"]}, edit=edit)
    b.reject({"type": "draw", "card": "peru"}, "not-in-pile", rule="classic.cards.earn",
             explain="Blue holds the Peru card, so it is not in the draw pile and cannot be drawn.")


@scenario("classic.cards.valid-sets.600",
          "Two alike and one different is no set, even when a card shows one of the trader's territories",
          ["classic.cards.valid-sets", "classic.cards.territory-bonus"], negative=True)
def non_set_with_own_territory(b):
    # black holds Alaska (round-robin); Alaska and Peru are infantry, Greenland cavalry
    b.position(phase="reinforce", current=0, pending={"to_place": 4, "forced": None},
               hands={0: ["alaska", "greenland", "peru"]})
    b.reject(trade(["alaska", "greenland", "peru"]), "not-a-set", rule="classic.cards.valid-sets",
             explain="Two infantry and a cavalry are not a set; with no set traded no territory "
                     "bonus is due, Alaska's card or not.")


@scenario("classic.cards.earn.004", "A card is drawn while the other players hold cards: only "
          "the drawer's hand grows", ["classic.cards.earn"])
def draw_beside_hands(b):
    b.position(phase="fortify", current=0, conquered=True,
               hands={1: ["peru", "iceland"], 2: ["greenland"]},
               edit=lambda d: d["turn_flags"].update(conquests=1))  # one conquest this turn
    b.do({"type": "end-turn"}, explain="Black conquered this turn: a card is due.",
         state={"phase": "draw", "pending": {"left": 1}})
    b.do({"type": "draw", "card": "wild-1"},
         explain="Black takes the card; blue's two cards and green's one stay where they are.",
         state={"players": [{"cards": ["wild-1"]}, {"cards": ["peru", "iceland"]}, {"cards": ["greenland"]}],
                "current": 1, "turn": 2, "phase": "reinforce"},
         events=[{"type": "card-drawn", "player": 0, "card": "wild-1"}])


@scenario("classic.cards.valid-sets.010", "Cavalry, infantry, cavalry is not a set (the two alike "
          "are not side by side)", ["classic.cards.valid-sets"], negative=True)
def invalid_xyx(b):
    b.position(phase="fortify", current=2, hands={0: ["greenland", "peru", "scandinavia"]})
    b.do({"type": "end-turn"}, state={"current": 0, "turn": 2, "phase": "reinforce"})
    b.check(legal_excludes=[trade(["greenland", "peru", "scandinavia"])])
    b.reject(trade(["greenland", "peru", "scandinavia"]), "not-a-set", rule="classic.cards.valid-sets",
             explain="Greenland and Scandinavia are cavalry, Peru infantry: two alike and one other.")

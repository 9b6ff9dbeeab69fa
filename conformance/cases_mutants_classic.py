"""Scenarios: Classic rules that mutants of the reference engine showed no case pinned down.

Each case here was written after a mutation campaign (``python -m riskspec.conformance.mutation
--family classic``) found a small change of a reference rule module that every shipped case
let through; ``conformance/mutation-triage.yaml`` names, for each such mutant, the case that
kills it now.  The expectations are the author's, from the rules they cite: the seat order of
setup and of the mission deal, the last armies of the placement rounds, forced trades under the
readings of ``classic.amb.forced-trade-sets`` and of the elimination trade, the card draw of a
turn with two conquests, the neutral army's dice once no opponent is left to throw them, the
minimum under ``reinforce.minimum_applies_to`` = total, and mission victories (destroy missions,
the turn-start check, the two-player mission game).  Every step states every event payload field the
event schema defines and every observable field that changes.
"""

from __future__ import annotations

from riskspec.conformance.cases_cards import trade
from riskspec.conformance.scenario import scenario

MISSION = {"game-mode": "mission"}
INF = ["peru", "iceland", "east-africa"]          # three infantry cards, none of black's territories
CAV = ["greenland", "ontario", "quebec"]          # three cavalry cards, none of black's
ART = ["northwest-territory", "brazil", "central-america"]  # three artillery cards, none of black's


def _hand(cards):
    """A hand as the state lists it: in deck order."""
    return trade(cards)["cards"]


def _traded(player, cards, value):
    return {"type": "traded", "player": player, "cards": _hand(cards), "value": value,
            "bonus_territory": None, "bonus": 0, "bonuses": []}


def _turn(player, turn, territories, armies, groups=()):
    return [{"type": "turn-started", "player": player, "turn": turn},
            {"type": "reinforcements", "player": player, "territories": territories,
             "groups": list(groups), "armies": armies}]


def _placed(player, territory, **extra):
    return {"type": "placed", "player": player, "territory": territory, "armies": 1, **extra}


def _missions(*ids):
    def edit(d):
        for p, mid in zip(d["players"], ids):
            p["mission"] = mid
    return edit


def _split(b, first, *sizes):
    """The territories other than ``first`` (map order), cut into consecutive runs of ``sizes``."""
    rest = [t for t in b.blank()["territories"] if t not in first]
    out, i = [], 0
    for n in sizes:
        out.append(rest[i:i + n])
        i += n
    out.append(rest[i:])
    return out

def _blue_before_kamchatka(b, *missions):
    """Blue (seat 1) on turn with 22 territories and Alaska (5 armies), black 10, green the
    rest and Kamchatka (1 army): blue's next conquest is its 24th territory."""
    blue, black, green = _split(b, ("alaska", "kamchatka"), 22, 10)
    owners = {t: (1, 2) for t in blue}
    owners.update({t: (0, 2) for t in black})
    owners.update({t: (2, 2) for t in green})
    owners.update({"alaska": (1, 5), "kamchatka": (2, 1)})
    b.position(owners, phase="attack", current=1, edit=_missions(*missions))


def _conquer_kamchatka(b, attacker, victim, *, dice=3, move=3, eliminated=False, occupy_state=None,
                       occupy_events=None, roll_state=None, extra_roll_events=()):
    """Alaska (5 armies, ``attacker``) takes Kamchatka (1 army, ``victim``) with ``dice`` dice
    (the defender throws one die, and loses it), then moves ``move`` armies in."""
    b.attack("alaska", "kamchatka", dice, state={"phase": "defend"},
             events=[{"type": "attack-declared", "player": attacker, "from": "alaska", "to": "kamchatka",
                      "dice": dice}])
    b.defend(1, state={"phase": "battle"},
             events=[{"type": "defence-chosen", "player": victim, "dice": 1}])
    att = [6, 5, 4][:dice]
    st = {"phase": "occupy", "territories": {"kamchatka": {"owner": attacker, "armies": 0}}}
    st.update(roll_state or {})
    evs = [{"type": "battle", "player": attacker, "defender": victim, "from": "alaska", "to": "kamchatka",
            "attacker_dice": att, "defender_dice": [3], "attacker_losses": 0, "defender_losses": 1},
           {"type": "conquered", "player": attacker, "territory": "kamchatka", "from": "alaska",
            "victim": victim}]
    if eliminated:
        evs.append({"type": "eliminated", "player": victim, "by": attacker})
    b.roll(att, [3], state=st, events=evs + list(extra_roll_events))
    ost = {"territories": {"alaska": {"armies": 5 - move}, "kamchatka": {"armies": move}}}
    ost.update(occupy_state or {"phase": "attack"})
    b.do({"type": "occupy", "armies": move}, state=ost,
         events=[{"type": "occupied", "player": attacker, "from": "alaska", "to": "kamchatka", "armies": move},
                 *(occupy_events or [])])


# -- setup ------------------------------------------------------------------------------------------
@scenario("classic.setup.claim-territories.201", "A claim puts exactly one army on the territory",
          ["classic.setup.claim-territories"])
def claim_one(b):
    b.new_game()
    b.do({"type": "first-player", "player": 1}, state={"phase": "claim", "current": 1},
         events=[{"type": "first-player", "player": 1, "for": "setup"}])
    b.do({"type": "claim", "territory": "brazil"},
         explain="Blue, who won the roll, claims first; green, on blue's left, claims next.",
         state={"territories": {"brazil": {"owner": 1, "armies": 1}}, "current": 2,
                "players": [{}, {"reserve": 34}, {}]},
         events=[{"type": "claimed", "player": 1, "territory": "brazil", "armies": 1}])


@scenario("classic.setup.deal-territories.201",
          "The last dealt territory ends the deal: the first placer places first, no new roll",
          ["classic.setup.deal-territories", "classic.setup.placement-rounds"], options={"distribution": "deal"})
def deal_last(b):
    def edit(d):
        d["territories"]["eastern-australia"] = {**d["territories"]["eastern-australia"], "owner": None,
                                                 "armies": 0}
        for p, r in zip(d["players"], [21, 21, 22]):
            p["reserve"] = r
    b.position(phase="deal", current=0, turn=0, pending={"next": 2}, first_player=0, default_armies=1,
               edit=edit)
    b.check(explain="One territory is left; it goes to green, the third seat from black, who was dealt first.",
            outcomes=[{"outcome": {"type": "deal", "territory": "eastern-australia"}, "p": "1"}])
    b.do({"type": "deal", "territory": "eastern-australia"},
         explain="All 42 territories are out: black, who won the roll before the deal, places first.",
         state={"territories": {"eastern-australia": {"owner": 2, "armies": 1}}, "phase": "setup-place",
                "current": 0, "pending": {"own": 1, "neutral": 0}, "players": [{}, {}, {"reserve": 21}]},
         events=[{"type": "territory-dealt", "player": 2, "territory": "eastern-australia", "armies": 1}])


def _last_round(b):
    """Every territory claimed (14 each, black first); one army left for each player, black to place."""
    def edit(d):
        for i, p in enumerate(d["players"]):
            p["reserve"] = 1
            mine = [t for t, v in d["territories"].items() if v["owner"] == i]
            d["territories"][mine[0]]["armies"] = 35 - 1 - (len(mine) - 1)
    b.position(phase="setup-place", current=0, turn=0, pending={"own": 1, "neutral": 0}, first_player=0,
               default_armies=1, edit=edit)


@scenario("classic.setup.placement-rounds.201", "The last army of each player: nobody is passed over until done",
          ["classic.setup.placement-rounds", "classic.setup.first-turn"])
def last_round(b):
    _last_round(b)
    b.do({"type": "place", "territory": "alaska"},
         explain="Black's last army; blue still has one, so blue places next.",
         state={"territories": {"alaska": {"armies": 22}}, "current": 1, "pending": {"own": 1, "neutral": 0},
                "players": [{"reserve": 0}, {}, {}]},
         events=[_placed(0, "alaska")])
    b.do({"type": "place", "territory": "northwest-territory"},
         state={"territories": {"northwest-territory": {"armies": 22}}, "current": 2,
                "players": [{}, {"reserve": 0}, {}]},
         events=[_placed(1, "northwest-territory")])
    b.do({"type": "place", "territory": "greenland"},
         explain="Green places the last army of the setup; black, who placed first, starts turn 1.",
         state={"territories": {"greenland": {"armies": 22}}, "current": 0, "turn": 1, "phase": "reinforce",
                "pending": {"to_place": 4, "forced": None}, "players": [{}, {}, {"reserve": 0}]},
         events=[_placed(2, "greenland"), {"type": "setup-complete"}, *_turn(0, 1, 14, 4)])


@scenario("classic.two-player.placement.201", "Neutral armies are for the two-player game only",
          ["classic.two-player.placement"], negative=True)
def no_neutral_in_three(b):
    _last_round(b)
    b.reject({"type": "place-neutral", "territory": "alaska"}, "no-neutral-armies",
             rule="classic.two-player.placement",
             explain="A three-player game has no neutral army: there is no neutral army to place.")


def _two_player_second(b):
    """After the deal (14 territories each, in map order black, blue, neutral) black has had one
    placement turn (two on Alaska, one neutral on Quebec); blue's turn."""
    owners = {t: (i % 3, 1) for i, t in enumerate(b.blank()["territories"])}
    owners.update({"alaska": (0, 3), "quebec": (2, 2)})

    def edit(d):
        for p, r in zip(d["players"], [24, 26, 25]):
            p["reserve"] = r
    return b.position(owners, phase="setup-place", current=1, turn=0, pending={"own": 2, "neutral": 1},
                      first_player=0, default_armies=1, edit=edit)


@scenario("classic.two-player.placement.202",
          "Two-player placement: two own armies, no third, one neutral, then the other player",
          ["classic.two-player.placement", "classic.two-player.neutral-passive"], players=2, negative=True)
def two_second_turn(b):
    _two_player_second(b)
    b.do({"type": "place", "territory": "northwest-territory"},
         state={"territories": {"northwest-territory": {"armies": 2}}, "pending": {"own": 1, "neutral": 1},
                "players": [{}, {"reserve": 25}, {}]},
         events=[_placed(1, "northwest-territory")])
    b.do({"type": "place", "territory": "northwest-territory"},
         state={"territories": {"northwest-territory": {"armies": 3}}, "pending": {"own": 0, "neutral": 1},
                "players": [{}, {"reserve": 24}, {}]},
         events=[_placed(1, "northwest-territory")])
    b.reject({"type": "place", "territory": "northwest-territory"}, "no-own-armies",
             rule="classic.two-player.placement", explain="Two own armies a placement turn, not three.")
    b.do({"type": "place-neutral", "territory": "greenland"},
         explain="Blue's neutral army ends the turn; black places next (the neutral army never has a turn).",
         state={"territories": {"greenland": {"armies": 2}}, "current": 0, "pending": {"own": 2, "neutral": 1},
                "players": [{}, {}, {"reserve": 24}]},
         events=[_placed(2, "greenland", by=1)])


@scenario("classic.two-player.placement.203",
          "Two-player game, one neutral territory: the players finish placing the neutral armies, one a turn",
          ["classic.two-player.placement", "classic.amb.neutral-territories", "classic.setup.first-turn"],
          players=2, options={"classic.amb.neutral-territories": "single-territory"})
def neutral_tail(b):
    """The deal gave the neutral army Kamchatka alone and black 21, blue 20 territories
    (alternating in map order); every own army is down (black 40, blue 40), the neutral army
    has 3 left of 40 after 36 placement turns, black first."""
    rest = [t for t in b.blank()["territories"] if t != "kamchatka"]
    owners = {t: (i % 2, 1) for i, t in enumerate(rest)}
    owners.update({"alaska": (0, 20), "northwest-territory": (1, 21), "kamchatka": (2, 37)})

    def edit(d):
        for p, r in zip(d["players"], [0, 0, 3]):
            p["reserve"] = r
    b.position(owners, phase="setup-place", current=0, turn=0, pending={"own": 0, "neutral": 1},
               first_player=0, default_armies=1, edit=edit)
    b.do({"type": "place-neutral", "territory": "kamchatka"},
         explain="Neither player has armies of their own left: each turn is one neutral army.",
         state={"territories": {"kamchatka": {"armies": 38}}, "current": 1, "pending": {"own": 0, "neutral": 1},
                "players": [{}, {}, {"reserve": 2}]},
         events=[_placed(2, "kamchatka", by=0)])
    b.do({"type": "place-neutral", "territory": "kamchatka"},
         explain="One neutral army is left: black still has a turn to place it.",
         state={"territories": {"kamchatka": {"armies": 39}}, "current": 0, "pending": {"own": 0, "neutral": 1},
                "players": [{}, {}, {"reserve": 1}]},
         events=[_placed(2, "kamchatka", by=1)])
    b.do({"type": "place-neutral", "territory": "kamchatka"},
         explain="All 120 armies are down; black placed first and starts turn 1 with 21 ÷ 3 = 7 armies.",
         state={"territories": {"kamchatka": {"armies": 40}}, "current": 0, "turn": 1, "phase": "reinforce",
                "pending": {"to_place": 7, "forced": None}, "players": [{}, {}, {"reserve": 0}]},
         events=[_placed(2, "kamchatka", by=0), {"type": "setup-complete"}, *_turn(0, 1, 21, 7)])


# -- reinforcements ---------------------------------------------------------------------------------
@scenario("classic.reinforce.minimum.201", "Minimum on the total: 14 territories with Australia give 4 + 2 = 6",
          ["classic.reinforce.minimum", "classic.reinforce.continent-bonus", "classic.amb.reinforce-minimum-scope"],
          options={"classic.amb.reinforce-minimum-scope": "total"})
def minimum_total(b):
    b.position({"indonesia": (0, 2), "western-australia": (0, 2), "eastern-australia": (0, 2),
                "afghanistan": (1, 2), "india": (2, 2), "irkutsk": (1, 2)}, phase="fortify", current=2)
    b.do({"type": "end-turn"}, explain="Above the minimum the total is simply 14 ÷ 3 = 4 plus Australia's 2.",
         state={"current": 0, "turn": 2, "phase": "reinforce", "pending": {"to_place": 6, "forced": None}},
         events=[{"type": "turn-ended", "player": 2, "turn": 1}, *_turn(0, 2, 14, 6, ["australia"])])


@scenario("classic.reinforce.territory-armies.201", "Twelve territories, divided from twelve on: 12 ÷ 3 = 4",
          ["classic.reinforce.territory-armies", "classic.amb.territory-rounding"],
          options={"classic.amb.territory-rounding": "nearest-from-twelve"})
def twelve(b):
    b.position({"afghanistan": (1, 2), "india": (1, 2)}, phase="fortify", current=2)
    b.do({"type": "end-turn"}, explain="Twelve is the first count the division applies to.",
         state={"current": 0, "turn": 2, "phase": "reinforce", "pending": {"to_place": 4, "forced": None}},
         events=[{"type": "turn-ended", "player": 2, "turn": 1}, *_turn(0, 2, 12, 4)])


@scenario("classic.reinforce.territory-armies.202",
          "Below twelve territories 3 for territories, and the minimum on the total adds the continent on top",
          ["classic.reinforce.territory-armies", "classic.reinforce.minimum", "classic.amb.territory-rounding",
           "classic.amb.reinforce-minimum-scope"],
          options={"classic.amb.territory-rounding": "nearest-from-twelve",
                   "classic.amb.reinforce-minimum-scope": "total"})
def eleven_with_africa(b):
    """Black holds Africa and five more territories: 11, below the 12 the division starts at."""
    africa = ["north-africa", "egypt", "east-africa", "congo", "south-africa", "madagascar"]
    mine = set(africa) | {"alaska", "alberta", "western-united-states", "venezuela", "argentina"}
    others = [t for t in b.blank()["territories"] if t not in mine]
    owners = {t: (1 + i % 2, 2) for i, t in enumerate(others)}
    owners.update({t: (0, 2) for t in mine})
    b.position(owners, phase="fortify", current=2)
    b.do({"type": "end-turn"},
         explain="Fewer than 12 territories give the minimum of 3 for territories; Africa's 3 are added, "
                 "and the total of 6 is above the minimum.",
         state={"current": 0, "turn": 2, "phase": "reinforce", "pending": {"to_place": 6, "forced": None}},
         events=[{"type": "turn-ended", "player": 2, "turn": 1}, *_turn(0, 2, 11, 6, ["africa"])])


# -- cards ------------------------------------------------------------------------------------------
def _start_with(b, hand, *, captured=False):
    """Black's turn 2 begins with ``hand`` (14 territories: 4 armies)."""
    def edit(d):
        d["players"][0]["captured"] = captured
    b.position(phase="fortify", current=2, hands={0: hand}, edit=edit)


def _end_turn(b, forced, **players0):
    b.do({"type": "end-turn"},
         state={"current": 0, "turn": 2, "phase": "reinforce", "pending": {"to_place": 4, "forced": forced},
                "players": [{"captured": False, **players0}, {}, {}]},
         events=[{"type": "turn-ended", "player": 2, "turn": 1}, *_turn(0, 2, 14, 4)])


def _first_set_then_place(b, why):
    """Seat 0 trades the three infantry (the game's first set: 4 armies, 8 to place) and
    places one army on Alaska."""
    b.do(trade(INF), explain=why,
         state={"players": [{"cards": _hand(CAV[:2])}, {}, {}], "sets_traded": 1, "discards": _hand(INF),
                "pending": {"to_place": 8, "forced": None}},
         events=[_traded(0, INF, 4)])
    b.do({"type": "place", "territory": "alaska"},
         state={"territories": {"alaska": {"armies": 3}}, "pending": {"to_place": 7}},
         events=[_placed(0, "alaska")])



@scenario("classic.cards.forced-trade.201", "One set settles the forced trade: refused placement first",
          ["classic.cards.forced-trade", "classic.amb.forced-trade-sets"],
          options={"classic.amb.forced-trade-sets": "one-set"},
          negative=True)
def forced_one_set(b):
    _start_with(b, INF + CAV[:2])
    _end_turn(b, {"max_hand": None, "sets": 1})
    b.reject({"type": "place", "territory": "alaska"}, "forced-trade", rule="classic.cards.forced-trade",
             explain="Five cards at the start of the turn: a set must go before any army is placed.")
    _first_set_then_place(b, "The game's first set: 4 armies; the duty is met.")


@scenario("classic.cards.forced-trade.202", "Trading down from nine cards: still owed after the first set",
          ["classic.cards.forced-trade", "classic.cards.set-values"])
def forced_nine(b):
    _start_with(b, INF + CAV + ART)
    _end_turn(b, {"max_hand": 4, "sets": 0})
    b.do(trade(INF), explain="Six cards left: five or more, so another set is owed.",
         state={"players": [{"cards": _hand(CAV + ART)}, {}, {}], "sets_traded": 1, "discards": _hand(INF),
                "pending": {"to_place": 8, "forced": {"max_hand": 4, "sets": 0}}},
         events=[_traded(0, INF, 4)])
    b.do(trade(CAV), explain="The second set of the game is worth 6; three cards left: done.",
         state={"players": [{"cards": _hand(ART)}, {}, {}], "sets_traded": 2, "discards": _hand(INF + CAV),
                "pending": {"to_place": 14, "forced": None}},
         events=[_traded(0, CAV, 6)])
    b.do({"type": "place", "territory": "alaska"},
         state={"territories": {"alaska": {"armies": 3}}, "pending": {"to_place": 13}},
         events=[_placed(0, "alaska")])


@scenario("classic.cards.forced-trade.203", "Further sets mandatory: two cards left hold no set, so placing starts",
          ["classic.cards.forced-trade", "classic.amb.forced-trade-sets"],
          options={"classic.amb.forced-trade-sets": "one-set-and-any-second"})
def forced_two_left(b):
    _start_with(b, INF + CAV[:2])
    b.do({"type": "end-turn"},
         state={"current": 0, "turn": 2, "phase": "reinforce"},
         events=[{"type": "turn-ended", "player": 2, "turn": 1}, *_turn(0, 2, 14, 4)])
    _first_set_then_place(b, "Greenland and Ontario are no set: nothing more is owed.")


@scenario("classic.cards.trade-timing.201", "A voluntary trade with one army still to place",
          ["classic.cards.trade-timing", "classic.cards.optional-trade"])
def trade_last_army(b):
    b.position(phase="reinforce", current=0, turn=2, pending={"to_place": 1, "forced": None}, hands={0: INF})
    b.do(trade(INF), explain="One army is still to be placed, so a set may still be traded.",
         state={"players": [{"cards": []}, {}, {}], "sets_traded": 1, "discards": _hand(INF),
                "pending": {"to_place": 5, "forced": None}},
         events=[_traded(0, INF, 4)])


@scenario("classic.elimination.forced-trade.201",
          "Captured cards, next-turn trade down to six: the hand limit still forces a trade at six cards",
          ["classic.elimination.forced-trade", "classic.cards.forced-trade", "classic.amb.elimination-trade-target"],
          options={"classic.amb.elimination-trade-timing": "next-turn",
                   "classic.amb.elimination-trade-target": "down-to-six"}, negative=True)
def next_turn_six(b):
    _start_with(b, INF + CAV, captured=True)
    _end_turn(b, {"max_hand": 4, "sets": 0})
    b.reject({"type": "place", "territory": "alaska"}, "forced-trade", rule="classic.cards.forced-trade",
             explain="Six cards: at most six may be kept for the captured cards, but five or more force a trade.")
    b.do(trade(INF), state={"players": [{"cards": _hand(CAV)}, {}, {}], "sets_traded": 1, "discards": _hand(INF),
                            "pending": {"to_place": 8, "forced": None}},
         events=[_traded(0, INF, 4)])


@scenario("classic.elimination.forced-trade.202",
          "Captured cards, next-turn, one set settles the hand limit: the captured-card trade still applies",
          ["classic.elimination.forced-trade", "classic.cards.forced-trade", "classic.amb.elimination-trade-timing"],
          options={"classic.amb.elimination-trade-timing": "next-turn",
                   "classic.amb.forced-trade-sets": "one-set"}, negative=True)
def next_turn_one_set(b):
    _start_with(b, INF + CAV, captured=True)
    _end_turn(b, {"max_hand": 4, "sets": 1})
    b.reject({"type": "place", "territory": "alaska"}, "forced-trade", rule="classic.cards.forced-trade")
    b.do(trade(INF), explain="Three cards left: one set, and at most four cards.",
         state={"players": [{"cards": _hand(CAV)}, {}, {}], "sets_traded": 1, "discards": _hand(INF),
                "pending": {"to_place": 8, "forced": None}},
         events=[_traded(0, INF, 4)])


def _capture(b):
    owners = {t: (0, 1) for t in b.blank()["territories"]}
    owners.update({"alaska": (0, 5), "kamchatka": (2, 1), "ural": (1, 3)})
    b.position(owners, phase="attack", current=0, hands={2: INF, 0: CAV})


def _captured_roll(captured):
    return {"players": [{"cards": _hand(CAV + INF), "captured": captured}, {},
                        {"cards": [], "eliminated": True, "eliminated_by": 0}]}


@scenario("classic.elimination.take-cards.201", "Captured cards, next-turn timing: no trade now, owed next turn",
          ["classic.elimination.take-cards", "classic.elimination.forced-trade",
           "classic.amb.elimination-trade-timing"],
          options={"classic.amb.elimination-trade-timing": "next-turn"},
          reading=("classic.amb.elimination-trade-timing", "next-turn"))
def take_cards_next_turn(b):
    _capture(b)
    _conquer_kamchatka(b, 0, 2, eliminated=True, roll_state=_captured_roll(True),
                       extra_roll_events=[{"type": "cards-captured", "player": 0, "from": 2,
                                           "cards": _hand(INF)}])


@scenario("classic.elimination.forced-trade.203", "Captured cards, immediate timing: trade down to four at once",
          ["classic.elimination.take-cards", "classic.elimination.forced-trade"])
def take_cards_now(b):
    _capture(b)
    _conquer_kamchatka(b, 0, 2, eliminated=True, roll_state=_captured_roll(False),
                       extra_roll_events=[{"type": "cards-captured", "player": 0, "from": 2,
                                           "cards": _hand(INF)}],
                       occupy_state={"phase": "elimination-trade",
                                     "pending": {"to_place": 0, "forced": {"max_hand": 4, "sets": 0}}})


# -- fortify and the card draw ------------------------------------------------------------------------
@scenario("classic.fortify.leave-one.201", "A fortifying move may take every army but one",
          ["classic.fortify.leave-one", "classic.fortify.one-move", "classic.fortify.ends-turn"])
def fortify_all_but_one(b):
    def edit(d):
        d["turn_flags"]["conquests"] = 1
    b.position({"alaska": (0, 5), "alberta": (0, 1)}, phase="fortify", current=0, conquered=True, edit=edit)
    b.do({"type": "fortify", "from": "alaska", "to": "alberta", "armies": 4},
         explain="Four of Alaska's five armies move; the one move ends the turn and black, who "
                 "conquered this turn, draws a card.",
         state={"territories": {"alaska": {"armies": 1}, "alberta": {"armies": 5}}, "phase": "draw",
                "pending": {"left": 1}, "turn_flags": {"fortify_moves": 1}},
         events=[{"type": "fortified", "player": 0, "from": "alaska", "to": "alberta", "armies": 4},
                 {"type": "turn-ended", "player": 0, "turn": 1}])


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
         events=[{"type": "card-drawn", "player": 0, "card": "wild-2"}, *_turn(1, 2, 14, 4)])


# -- the neutral army's dice ---------------------------------------------------------------------------
@scenario("classic.two-player.neutral-defender.201",
          "No opponent left to choose the neutral army's dice: it throws as many as allowed",
          ["classic.two-player.neutral-defender", "classic.attack.defender-dice", "classic.amb.two-player-victory"],
          players=2, options={"classic.amb.two-player-victory": "all-territories"},
          reading=("classic.amb.two-player-victory", "all-territories"))
def neutral_dice_alone(b):
    owners = {t: (0, 2) for t in b.blank()["territories"]}
    owners.update({"alaska": (0, 5), "kamchatka": (2, 3), "greenland": (2, 1)})
    b.position(owners, phase="attack", current=0)
    b.attack("alaska", "kamchatka", 3,
             explain="Blue is out, so nobody throws for the neutral army: two dice, the most three armies allow.",
             state={"phase": "battle", "pending": {"from": "alaska", "to": "kamchatka", "attacker_dice": 3,
                                                   "defender_dice": 2}},
             events=[{"type": "attack-declared", "player": 0, "from": "alaska", "to": "kamchatka", "dice": 3}])


# -- missions -----------------------------------------------------------------------------------------
@scenario("classic.missions.victory.201", "A turn of the mission game starts as usual when no mission is complete",
          ["classic.missions.victory", "classic.missions.mode"], options=MISSION)
def mission_turn(b):
    b.position(phase="fortify", current=2,
               edit=_missions("conquer-asia-africa", "destroy-green", "occupy-24-territories"))
    b.do({"type": "end-turn"},
         state={"current": 0, "turn": 2, "phase": "reinforce", "pending": {"to_place": 4, "forced": None},
                "winner": None},
         events=[{"type": "turn-ended", "player": 2, "turn": 1}, *_turn(0, 2, 14, 4)])


@scenario("classic.missions.victory.202", "Turn-start check: a mission complete since the holder's last turn wins",
          ["classic.missions.victory", "classic.amb.mission-check"],
          options={**MISSION, "classic.amb.mission-check": "turn-start"})
def mission_turn_start(b):
    groups = {t: v for t, v in b.blank()["territories"].items()}
    na_au = [t for t in groups if t in (
        "alaska", "northwest-territory", "greenland", "alberta", "ontario", "quebec", "western-united-states",
        "eastern-united-states", "central-america", "indonesia", "new-guinea", "western-australia",
        "eastern-australia")]
    b.position({t: (0, 2) for t in na_au}, phase="fortify", current=2,
               edit=_missions("conquer-north-america-australia", "destroy-green", "conquer-asia-africa"))
    b.do({"type": "end-turn"},
         explain="Black has held North America and Australia since its own turn: at the start of its "
                 "next turn it wins, before any reinforcement.",
         state={"current": 0, "turn": 2, "phase": "game-over", "winner": 0},
         events=[{"type": "turn-ended", "player": 2, "turn": 1}, {"type": "turn-started", "player": 0, "turn": 2},
                 {"type": "game-over", "winner": 0, "reason": "mission"}])


@scenario("classic.missions.conditions.201", "Destroy black: holding 24 territories is no win while black is in play",
          ["classic.missions.conditions", "classic.missions.own-colour"], options=MISSION, negative=True)
def destroy_open(b):
    _blue_before_kamchatka(b, "conquer-asia-africa", "destroy-black", "occupy-18-territories-2-armies")
    _conquer_kamchatka(b, 1, 2, occupy_state={"phase": "attack", "winner": None})


@scenario("classic.missions.target-eliminated.201", "Destroying one's own target wins at once",
          ["classic.missions.target-eliminated", "classic.missions.victory", "classic.elimination.out"],
          options=MISSION)
def destroy_done(b):
    black, green = _split(b, ("alaska", "kamchatka"), 19)
    owners = {t: (0, 2) for t in black}
    owners.update({t: (2, 2) for t in green})
    owners.update({"alaska": (0, 5), "kamchatka": (1, 1)})
    b.position(owners, phase="attack", current=0,
               edit=_missions("destroy-blue", "destroy-green", "occupy-24-territories"))
    _conquer_kamchatka(b, 0, 1, eliminated=True,
                       roll_state={"players": [{}, {"eliminated": True, "eliminated_by": 0}, {}]},
                       occupy_state={"phase": "game-over", "winner": 0},
                       occupy_events=[{"type": "game-over", "winner": 0, "reason": "mission"}])


@scenario("classic.missions.target-eliminated.202",
          "A destroy mission of a player already out never wins, even when its target falls",
          ["classic.missions.target-eliminated", "classic.elimination.out", "classic.amb.mission-eliminated-by-other"],
          players=4, options={**MISSION, "classic.amb.mission-eliminated-by-other": "counts-as-done"}, negative=True)
def destroy_by_the_eliminated(b):
    black, pink = _split(b, ("alaska", "kamchatka"), 20)
    owners = {t: (0, 2) for t in black}
    owners.update({t: (3, 2) for t in pink})
    owners.update({"alaska": (0, 5), "kamchatka": (2, 1)})
    b.position(owners, phase="attack", current=0,
               edit=_missions("conquer-asia-africa", "destroy-green", "destroy-pink", "occupy-24-territories"))
    _conquer_kamchatka(b, 0, 2, eliminated=True,
                       roll_state={"players": [{}, {}, {"eliminated": True, "eliminated_by": 0}, {}]},
                       occupy_state={"phase": "attack", "winner": None})


@scenario("classic.missions.deal.201", "Two-player mission game: a mission for each player, none for the neutral",
          ["classic.missions.deal", "classic.two-player.neutral-passive", "classic.two-player.deal"],
          players=2, options=MISSION)
def two_player_missions(b):
    b.new_game()
    b.check(state={"phase": "deal-missions", "pending": {"next": 0}})
    b.do({"type": "mission", "player": 0, "mission": "occupy-24-territories"},
         state={"pending": {"next": 1}, "players": [{"mission": "occupy-24-territories"}, {}, {}]},
         events=[{"type": "mission-dealt", "player": 0, "mission": "occupy-24-territories"}])
    b.do({"type": "mission", "player": 1, "mission": "conquer-asia-africa"},
         explain="Both players have their missions: the territories are dealt next.",
         state={"phase": "deal", "pending": {"next": 0},
                "players": [{}, {"mission": "conquer-asia-africa"}, {"mission": None}]},
         events=[{"type": "mission-dealt", "player": 1, "mission": "conquer-asia-africa"}])


@scenario("classic.missions.victory.203", "Two-player mission game: the neutral army, holding no mission, never wins",
          ["classic.missions.victory", "classic.two-player.neutral-passive"], players=2, options=MISSION,
          negative=True)
def two_player_no_neutral_win(b):
    b.position({"kamchatka": (2, 2), "greenland": (2, 2)}, phase="attack", current=0,
               edit=_missions("occupy-24-territories", "conquer-asia-africa"))
    b.do({"type": "end-attack"}, state={"phase": "fortify", "winner": None})


@scenario("classic.cards.optional-trade.201", "A set is traded only from one's own hand: holding one of its cards is not enough",
          ["classic.cards.optional-trade"], negative=True)
def trade_partly_held(b):
    from riskspec.conformance.cases_cards import _turn_with_hand
    _turn_with_hand(b, ["peru", "greenland", "ontario"])
    b.reject(trade(["peru", "iceland", "east-africa"]), "not-in-hand", rule="classic.cards.optional-trade")

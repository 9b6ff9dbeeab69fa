"""Scenarios: every reading of every ambiguity the reference engine implements.

Each case plays the same position under one reading; its expectations hold
under that reading only, so the outcome tells the readings apart
(``tests/conformance/test_vectors.py`` checks that each case fails under
every other reading).
"""

from __future__ import annotations

from riskspec.conformance.cases_cards import empty_pile_conquest, trade, two_conquests
from riskspec.conformance.cases_setup import last_setup_army
from riskspec.conformance.cases_victory import target_elim_position
from riskspec.conformance.scenario import scenario
from riskspec.conformance.steps import occupy, take


def reading_cases(amb: str, rule: str, title: str, bodies: dict, *, players: int = 3,
                  extra: dict | None = None, pending: dict | None = None) -> None:
    """Register one case per reading: ``bodies[reading] = (title suffix, fn(b))``."""
    for reading, (suffix, fn) in bodies.items():
        opts = {amb: reading, **(extra or {})}
        scenario(f"{amb}.{reading}.001", f"{title} — {suffix}", [amb, rule], players=players,
                 options=opts, reading=(amb, reading), pending=(pending or {}).get(reading))(fn)


# -- two-player setup -------------------------------------------------------------------------
def _tp_neutral(b):
    b.new_game()
    b.check(state={"players": [{"reserve": 40}, {"reserve": 40}, {"neutral": True, "reserve": 40}]})


def _tp_h2h(b):
    b.new_game()
    b.check(state={"players": [{"neutral": False, "reserve": 50}, {"neutral": False, "reserve": 50}]})


reading_cases("classic.amb.two-player-setup", "classic.two-player.mode", "Two-player game set-up",
              {"neutral-forty": ("a neutral army, 40 armies each", _tp_neutral),
               "head-to-head-fifty": ("no neutral, 50 armies each", _tp_h2h)}, players=2)


# -- two-player victory ----------------------------------------------------------------------
def _two_elim(win):
    def body(b):
        owners = {t: (2, 1) for t in b.blank()["territories"]}
        owners.update({"alaska": (0, 5), "kamchatka": (1, 1)})
        b.position(owners, phase="attack", current=0)
        _blue_eliminated(b, 0, win)
    return body


def _blue_eliminated(b, by: int, red_wins: bool) -> None:
    """``by`` takes Kamchatka from Alaska (5 armies), eliminating blue; red wins or not."""
    take(b, "alaska", "kamchatka", 3, by=by, players=[{}, {"eliminated": True}, {}])
    occupy(b, "alaska", "kamchatka", 3, had=5, phase="game-over" if red_wins else "attack",
           state={"winner": 0 if red_wins else None})


reading_cases("classic.amb.two-player-victory", "classic.two-player.victory",
              "Eliminating the other player while the neutral army holds territories",
              {"eliminate-opponent": ("wins", _two_elim(True)),
               "all-territories": ("does not win yet", _two_elim(False))}, players=2)


# -- first turn --------------------------------------------------------------------------------
def _first_turn(then):
    def body(b):
        last_setup_army(b)
        # black's last army goes on Alaska, where all but 13 of its 35 now stand
        last = {"territories": {"alaska": {"armies": 35 - 13}}, "players": [{"reserve": 0}, {}, {}]}
        b.do({"type": "place", "territory": "alaska"}, state={**then, **last})
    return body


reading_cases("classic.amb.first-turn", "classic.setup.first-turn", "Who starts after the setup",
              {"first-placer": ("the first placer", _first_turn({"phase": "reinforce", "current": 1, "turn": 1})),
               "new-roll": ("a new roll", _first_turn({"phase": "first-player", "pending": {"for": "turn"}}))})


# -- reinforcement minimum scope -----------------------------------------------------------------
def _min_scope(armies):
    def body(b):
        t = list(b.blank()["territories"])
        owners = {x: (1 + i % 2, 2) for i, x in enumerate(t)}
        owners.update({x: (0, 1) for x in ["indonesia", "new-guinea", "western-australia", "eastern-australia",
                                            "alaska"]})
        b.position(owners, phase="fortify", current=2)
        b.do({"type": "end-turn"}, state={"current": 0, "turn": 2, "phase": "reinforce",
                                          "pending": {"to_place": armies}})
    return body


reading_cases("classic.amb.reinforce-minimum-scope", "classic.reinforce.minimum",
              "5 territories with Australia",
              {"territories": ("minimum 3 then +2 = 5", _min_scope(5)),
               "total": ("1 + 2 raised to 3", _min_scope(3))})


# -- set value cap -------------------------------------------------------------------------------
def _cap(value):
    def body(b):
        b.position(phase="fortify", current=2, hands={0: ["peru", "iceland", "east-africa"]}, sets_traded=14)
        b.do({"type": "end-turn"}, state={"current": 0, "turn": 2, "phase": "reinforce"})
        b.do(trade(["peru", "iceland", "east-africa"]), events=[{"type": "traded", "value": value}],
             state={"players": [{"cards": []}, {}, {}]})
    return body


reading_cases("classic.amb.set-value-cap", "classic.cards.set-value-increment", "The fifteenth set",
              {"no-cap": ("worth 60", _cap(60)), "cap-55": ("capped at 55", _cap(55))})


# -- wilds per set --------------------------------------------------------------------------------
def _wilds(two_ok, one_ok):
    def body(b):
        b.position(phase="fortify", current=2, hands={0: ["peru", "iceland", "wild-1", "wild-2"]})
        b.do({"type": "end-turn"}, state={"current": 0, "turn": 2, "phase": "reinforce"})
        if two_ok:
            b.do(trade(["peru", "wild-1", "wild-2"]), state={"players": [{"cards": 4 - 3}, {}, {}]})
        else:
            b.reject(trade(["peru", "wild-1", "wild-2"]), "too-many-wilds", rule="classic.cards.valid-sets")
            if one_ok:
                b.do(trade(["peru", "iceland", "wild-1"]), state={"players": [{"cards": 4 - 3}, {}, {}]})
            else:
                b.reject(trade(["peru", "iceland", "wild-1"]), "too-many-wilds", rule="classic.cards.valid-sets")
    return body


reading_cases("classic.amb.wilds-per-set", "classic.cards.valid-sets", "Wild cards in one set",
              {"two-wilds": ("two allowed", _wilds(True, True)), "one-wild": ("one allowed", _wilds(False, True)),
               "no-wilds": ("none allowed", _wilds(False, False))})


# -- territory bonus limit ----------------------------------------------------------------------------
def _bonus_limit(second):
    def body(b):
        b.position(phase="fortify", current=2,
                   hands={0: ["alaska", "venezuela", "argentina", "alberta", "siberia", "irkutsk"]})
        b.do({"type": "end-turn"}, state={"current": 0, "turn": 2, "phase": "reinforce"})
        b.do(trade(["alaska", "venezuela", "argentina"], "alaska"),
             state={"territories": {"alaska": {"armies": 2 + 2}}, "players": [{"cards": 3}, {}, {}]})
        if second:
            b.do(trade(["alberta", "siberia", "irkutsk"], "alberta"), state={
                "territories": {"alberta": {"armies": 4}}, "players": [{"cards": 0}, {}, {}]})
        else:
            b.reject(trade(["alberta", "siberia", "irkutsk"], "alberta"), "no-bonus-due", rule="classic.cards.territory-bonus-limit")
    return body


def _per_card(b):
    b.position(phase="fortify", current=2, hands={0: ["alaska", "venezuela", "argentina", "alberta", "siberia",
                                                       "irkutsk"]})
    b.do({"type": "end-turn"}, state={"current": 0, "turn": 2, "phase": "reinforce"})
    b.do(trade(["alaska", "venezuela", "argentina"]), explain="Each of the three cards shows a territory of black's: "
                                                            "2 armies on each, no territory to name.",
         state={"territories": {"alaska": {"armies": 4}, "venezuela": {"armies": 4}, "argentina": {"armies": 4}},
                "players": [{"cards": 3}, {}, {}]})
    b.do(trade(["alberta", "siberia", "irkutsk"]), state={
        "territories": {"alberta": {"armies": 4}, "siberia": {"armies": 4}, "irkutsk": {"armies": 4}},
        "players": [{"cards": 0}, {}, {}]})


reading_cases("classic.amb.territory-bonus-limit", "classic.cards.territory-bonus-limit",
              "A second set with an own territory in one turn",
              {"per-turn": ("no second bonus", _bonus_limit(False)), "per-set": ("a second bonus", _bonus_limit(True)),
               "per-card": ("a bonus for every own-territory card", _per_card)})


# -- forced trade sets -------------------------------------------------------------------------------
EIGHT = ["peru", "iceland", "east-africa", "greenland", "ontario", "quebec", "northwest-territory", "brazil"]


NINE = ["peru", "iceland", "east-africa", "greenland", "ontario", "quebec", "northwest-territory", "brazil",
        "central-america"]


def _forced_below(b):
    b.position(phase="fortify", current=2, hands={0: NINE})
    b.do({"type": "end-turn"}, state={"current": 0, "turn": 2, "phase": "reinforce"})
    b.do(trade(["peru", "iceland", "east-africa"]), explain="Six cards remain: still five or more.",
         state={"players": [{"cards": 9 - 3}, {}, {}]})
    b.reject({"type": "place", "territory": "alaska"}, "forced-trade", rule="classic.cards.forced-trade")
    b.do(trade(["greenland", "ontario", "quebec"]), explain="Three cards remain (a set among them): enough.",
         state={"players": [{"cards": 6 - 3}, {}, {}]})
    b.do({"type": "place", "territory": "alaska"}, state={"territories": {"alaska": {"armies": 3}}})


def _forced_one_set(b):
    b.position(phase="fortify", current=2, hands={0: NINE})
    b.do({"type": "end-turn"}, state={"current": 0, "turn": 2, "phase": "reinforce"})
    b.do(trade(["peru", "iceland", "east-africa"]), explain="One set meets the obligation.",
         state={"players": [{"cards": 9 - 3}, {}, {}]})
    b.do({"type": "place", "territory": "alaska"}, state={"territories": {"alaska": {"armies": 3}}})


def _forced_any_second(b):
    b.position(phase="fortify", current=2, hands={0: NINE[:6]})
    b.do({"type": "end-turn"}, state={"current": 0, "turn": 2, "phase": "reinforce"})
    b.do(trade(["peru", "iceland", "east-africa"]), explain="Three cards remain, and they make a set.",
         state={"players": [{"cards": 6 - 3}, {}, {}]})
    b.reject({"type": "place", "territory": "alaska"}, "forced-trade", rule="classic.cards.forced-trade")
    b.do(trade(["greenland", "ontario", "quebec"]), state={"players": [{"cards": 0}, {}, {}]})
    b.do({"type": "place", "territory": "alaska"}, state={"territories": {"alaska": {"armies": 3}}})


reading_cases("classic.amb.forced-trade-sets", "classic.cards.forced-trade", "Forced trades with several sets in hand",
              {"below-threshold": ("trade until below five", _forced_below),
               "one-set": ("one set is enough", _forced_one_set),
               "one-set-and-any-second": ("a further complete set must go too", _forced_any_second)})


# -- hand limit --------------------------------------------------------------------------------------
def _hand_limit(forced):
    def body(b):
        b.position(phase="fortify", current=2, hands={0: EIGHT[:5]})
        b.do({"type": "end-turn"}, state={"current": 0, "turn": 2, "phase": "reinforce"})
        if forced:
            b.reject({"type": "place", "territory": "alaska"}, "forced-trade", rule="classic.cards.forced-trade")
        else:
            b.do({"type": "place", "territory": "alaska"}, state={"territories": {"alaska": {"armies": 3}}})
    return body


reading_cases("classic.amb.hand-limit", "classic.cards.forced-trade", "Five cards at the start of a turn",
              {"five-forces": ("must trade", _hand_limit(True)), "six-forces": ("may keep them", _hand_limit(False))})


# -- elimination trades --------------------------------------------------------------------------------
def _elim(victim, own, then):
    def body(b):
        owners = {t: (0, 2) for t in b.blank()["territories"]}  # 2 each: the default armies
        owners.update({"alaska": (0, 5), "kamchatka": (2, 1), "ural": (1, 3)})
        b.position(owners, phase="attack", current=0, hands={2: victim, 0: own})
        take(b, "alaska", "kamchatka", 3, explain="Green's last territory falls: black takes green's cards.",
             players=[{"cards": len(own) + len(victim)}, {}, {"eliminated": True, "cards": 0}])
        then(b)
    return body


def _occupy_expect(phase, forced=None):
    def then(b):
        st: dict = {}
        if forced is not None:
            st["pending"] = {"forced": forced}
        occupy(b, "alaska", "kamchatka", 3, had=5, phase=phase, state=st)
    return then


reading_cases("classic.amb.elimination-trade-threshold", "classic.elimination.forced-trade",
              "Six cards after taking a victim's hand",
              {"six-or-more": ("must trade", _elim(["peru", "iceland", "east-africa"], ["greenland", "ontario", "quebec"],
                                                    _occupy_expect("elimination-trade"))),
               "more-than-six": ("no trade", _elim(["peru", "iceland", "east-africa"], ["greenland", "ontario", "quebec"],
                                                   _occupy_expect("attack")))})


def _down_to(target_trades):
    def then(b):
        occupy(b, "alaska", "kamchatka", 3, had=5, phase="elimination-trade")
        b.do(trade(["greenland", "ontario", "quebec"], "greenland"), state={
            "territories": {"greenland": {"armies": 2 + 2}}, "players": [{"cards": 9 - 3}, {}, {}]})
        if target_trades == 2:
            b.check(state={"phase": "elimination-trade", "pending": {"forced": {"max_hand": 4}}})
            b.do(trade(["peru", "iceland", "east-africa"]), explain="The bonus was used this turn.",
                 state={"players": [{"cards": 6 - 3}, {}, {}]})
        b.check(state={"pending": {"forced": None}})
    return then


NINE_V = ["peru", "iceland", "east-africa", "northwest-territory", "brazil"]
NINE_O = ["greenland", "ontario", "quebec", "congo"]
reading_cases("classic.amb.elimination-trade-target", "classic.elimination.forced-trade",
              "Nine cards after taking a victim's hand",
              {"down-to-four": ("two trades, down to three", _elim(NINE_V, NINE_O, _down_to(2))),
               "down-to-six": ("one trade, down to six", _elim(NINE_V, NINE_O, _down_to(1)))})

reading_cases("classic.amb.elimination-trade-timing", "classic.elimination.forced-trade",
              "When captured cards force a trade",
              {"immediately": ("at once", _elim(["peru", "iceland", "east-africa"], ["greenland", "ontario", "quebec"],
                                                 _occupy_expect("elimination-trade"))),
               "next-turn": ("at the next turn", _elim(["peru", "iceland", "east-africa"],
                                                        ["greenland", "ontario", "quebec"],
                                                        _occupy_expect("attack")))})


def _french_capture(b):
    """The French passage on eliminations: seven cards after taking the victim's three (more
    than six) are traded at once, one set bringing the hand to four, and attacking goes on
    with the set's armies to place."""
    _occupy_expect("elimination-trade", forced={"max_hand": 4})(b)
    b.do(trade(["greenland", "ontario", "quebec"], "greenland"),
         explain="One set leaves four cards: the trade forced by the capture is done.",
         state={"territories": {"greenland": {"armies": 2 + 2}},
                "players": [{"cards": 7 - 3}, {}, {}], "pending": {"forced": None, "to_place": 4}})


def _french_keep(b):
    _occupy_expect("attack")(b)
    b.check(state={"players": [{"cards": 7}, {}, {}]})


for _reading, _body in (("immediately", _french_capture), ("next-turn", _french_keep)):
    scenario(f"classic.amb.elimination-trade-timing.{_reading}.002",
             "French edition: seven cards after taking a victim's hand — "
             + ("traded at once, down to four" if _reading == "immediately" else "kept for the next turn"),
             ["classic.amb.elimination-trade-timing", "classic.elimination.forced-trade"],
             players=3, variant="classic-fr",
             options={"classic.amb.elimination-trade-timing": _reading},
             reading=("classic.amb.elimination-trade-timing", _reading))(
        _elim(["peru", "iceland", "east-africa"], ["greenland", "ontario", "quebec", "congo"], _body))


def _trade_armies(held):
    """Alaska (5) takes kamchatka, green's last territory, with 3 dice; green's three cards
    make six in hand: the set greenland-ontario-quebec is traded at once, greenland's 2 go
    on the board, and the set's 4 armies (the game's first set) are placed now or kept for
    the next turn."""
    def body(b):
        owners = {t: (0, 2) for t in b.blank()["territories"]}  # 2 each: the default armies
        owners.update({"alaska": (0, 5), "kamchatka": (2, 1), "ural": (1, 3)})
        theirs, mine = ["peru", "iceland", "east-africa"], ["greenland", "ontario", "quebec"]
        b.position(owners, phase="attack", current=0, hands={2: theirs, 0: mine})
        b.attack("alaska", "kamchatka", 3, state={"phase": "defend"})
        b.defend(1, state={"phase": "battle"})
        b.roll([6, 6, 6], [1], state={"phase": "occupy", "territories": {"kamchatka": {"owner": 0, "armies": 0}},
                                      "players": [{"cards": trade(mine + theirs)["cards"]}, {},
                                                  {"cards": [], "eliminated": True}]})
        b.do({"type": "occupy", "armies": 3},
             state={"phase": "elimination-trade", "territories": {"alaska": {"armies": 2},
                                                                  "kamchatka": {"armies": 3}}})
        left = trade(theirs)["cards"]
        after = {"territories": {"greenland": {"armies": 2 + 2}}, "players": [{"cards": left}, {}, {}]}
        if held:
            after.update(phase="attack", players=[{"cards": left, "reserve": 4}, {}, {}])
        else:
            after.update(pending={"to_place": 4})
        b.do(trade(["greenland", "ontario", "quebec"], "greenland"), state=after)
    return body


reading_cases("classic.amb.elimination-trade-placement", "classic.elimination.trade-armies",
              "The armies of a trade forced by captured cards",
              {"place-now": ("placed at once", _trade_armies(False)),
               "next-reinforcement": ("kept for the next turn", _trade_armies(True))})


def _held_armies_return(b):
    def edit(d):
        d["players"][0]["reserve"] = 4
    owners = {t: (1, 1) for t in b.blank()["territories"]}
    owners.update({"alaska": (0, 2), "kamchatka": (2, 2)})
    b.position(owners, phase="fortify", current=2, edit=edit)
    # one territory: 3 armies, plus the 4 kept since the elimination
    b.do({"type": "end-turn"},
         state={"phase": "reinforce", "current": 0, "turn": 2, "pending": {"to_place": 7},
                "players": [{"reserve": 0}, {}, {}]},
         events=[{"type": "reinforcements", "player": 0, "armies": 3},
                 {"type": "held-armies", "player": 0, "armies": 4}])


scenario("classic.elimination.trade-armies.101",
         "Armies kept from a trade forced by captured cards join the next reinforcements",
         ["classic.elimination.trade-armies", "classic.amb.elimination-trade-placement"],
         players=3, options={"classic.amb.elimination-trade-placement": "next-reinforcement"})(
             _held_armies_return)


# -- compared pairs -----------------------------------------------------------------------------------------
def _pairs(defender_losses):
    def body(b):
        b.position({"alaska": (0, 5), "kamchatka": (2, 3)}, phase="attack", current=0)
        b.attack("alaska", "kamchatka", 3, state={"phase": "defend"})
        b.defend(2, state={"phase": "battle"})
        b.roll([6, 6, 6], [1, 1], state={"phase": "attack",
                                         "territories": {"kamchatka": {"armies": 3 - defender_losses}}})
    return body


reading_cases("classic.amb.compared-pairs", "classic.attack.compare", "Three dice against two, both pairs won",
              {"two-pairs": ("the defender loses two", _pairs(2)),
               "highest-only": ("only the highest pair counts", _pairs(1))})


# -- defender dice ----------------------------------------------------------------------------------------
def _def_choice(choose):
    def body(b):
        b.position({"alaska": (0, 4), "kamchatka": (2, 3)}, phase="attack", current=0)
        if choose:
            b.attack("alaska", "kamchatka", 3, state={"phase": "defend"})
        else:
            b.attack("alaska", "kamchatka", 3, state={"phase": "battle", "pending": {"defender_dice": 2}})
    return body


reading_cases("classic.amb.defender-dice-choice", "classic.attack.defender-dice", "The defender's dice",
              {"defender-chooses": ("chosen by the defender", _def_choice(True)),
               "always-maximum": ("always the most allowed", _def_choice(False))})


# -- tie rule ------------------------------------------------------------------------------------------
def _tie(b):
    b.position({"alaska": (0, 4), "kamchatka": (2, 3)}, phase="attack", current=0)
    b.attack("alaska", "kamchatka", 1, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})
    b.roll([4], [4], state={"phase": "attack", "territories": {"alaska": {"armies": 3}, "kamchatka": {"armies": 3}}})


def _tie_none(b):
    b.position({"alaska": (0, 4), "kamchatka": (2, 3)}, phase="attack", current=0)
    b.attack("alaska", "kamchatka", 1, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})
    b.roll([4], [4], state={"phase": "attack", "territories": {"alaska": {"armies": 4}, "kamchatka": {"armies": 3}}})


reading_cases("classic.amb.tie-rule", "classic.attack.ties", "A tied pair of dice",
              {"defender-wins": ("the attacker loses", _tie), "tie-no-loss": ("nobody loses", _tie_none)})


# -- fortify path -----------------------------------------------------------------------------------------
def _path(connected):
    def body(b):
        b.position({"alaska": (0, 5), "alberta": (0, 1), "ontario": (0, 1)}, phase="fortify", current=0)
        mv = {"type": "fortify", "from": "alaska", "to": "ontario", "armies": 2}
        if connected:
            b.do(mv, state={"territories": {"alaska": {"armies": 5 - 2}, "ontario": {"armies": 1 + 2}},
                            "current": 1, "turn": 2, "phase": "reinforce"})
        else:
            b.reject(mv, "no-path", rule="classic.fortify.path")
    return body


reading_cases("classic.amb.fortify-path", "classic.fortify.path", "Alaska to Ontario through Alberta",
              {"adjacent": ("refused", _path(False)), "connected": ("allowed", _path(True))})


# -- discard reshuffle -------------------------------------------------------------------------------------
def _reshuffle(then):
    def body(b):
        empty_pile_conquest(b)
        b.do({"type": "end-turn"}, state=then)
    return body


reading_cases("classic.amb.discard-reshuffle", "classic.cards.discards", "An empty draw pile after a conquest",
              {"reshuffle": ("the discards are reshuffled", _reshuffle({"phase": "draw", "discards": []})),
               "set-aside": ("no card is drawn",
                             _reshuffle({"phase": "reinforce", "current": 1, "turn": 2, "draw_pile": []}))})


# -- missions -----------------------------------------------------------------------------------------------
def _deck(n):
    def body(b):
        b.new_game()
        outs = b.E.chance_outcomes(b.state)
        b.check(outcomes=[{"outcome": o, "p": f"1/{n}"} for o, _ in outs])
        assert len(outs) == n
    return body


reading_cases("classic.amb.mission-deck-size", "classic.missions.deck", "Six players' mission deck",
              {"fourteen": ("14 cards", _deck(14)), "twelve": ("12 cards", _deck(12))}, players=6,
              extra={"game-mode": "mission"})

reading_cases("classic.amb.absent-colour-missions", "classic.missions.absent-colours",
              "Three players' mission deck",
              {"remove": ("11 cards", _deck(11)), "keep-with-fallback": ("all 14 cards", _deck(14))},
              extra={"game-mode": "mission"})


#: the classic-14 deck less the cards of the three colours a two-player game leaves unused
_TWO_PLAYER_DECK = ["conquer-north-america-africa", "conquer-north-america-australia",
                    "conquer-asia-south-america", "conquer-asia-africa",
                    "conquer-europe-south-america-plus-one", "conquer-europe-australia-plus-one",
                    "occupy-24-territories", "occupy-18-territories-2-armies",
                    "destroy-black", "destroy-blue", "destroy-green"]


def _two_player_deal(neutral_card: bool):
    """Black and blue play, green is the neutral army: black's mission is drawn from the
    deck without pink, red and yellow — and without green unless the neutral is a target."""
    deck = [m for m in _TWO_PLAYER_DECK if neutral_card or m != "destroy-green"]

    def body(b):
        b.new_game()
        b.check(state={"phase": "deal-missions"},
                outcomes=[{"outcome": {"type": "mission", "player": 0, "mission": m},
                           "p": f"1/{len(deck)}"} for m in deck])
    return body


reading_cases("classic.amb.two-player-missions", "classic.missions.absent-colours",
              "A two-player mission game with a neutral army",
              {"neutral-absent": ("no card names the neutral", _two_player_deal(False)),
               "neutral-target": ("destroy-green is dealt too", _two_player_deal(True))},
              players=2, extra={"game-mode": "mission"})


def _target_elim(black_wins):
    def body(b):
        target_elim_position(b)
        _blue_eliminated(b, 2, black_wins)
    return body


reading_cases("classic.amb.mission-eliminated-by-other", "classic.missions.target-eliminated",
              "Green eliminates blue, the target of black's mission",
              {"fallback": ("black plays on for 24 territories", _target_elim(False)),
               "counts-as-done": ("black wins", _target_elim(True))}, extra={"game-mode": "mission"})


def _check_time(immediate):
    def body(b):
        na = ["alaska", "northwest-territory", "greenland", "alberta", "ontario", "quebec", "western-united-states",
              "eastern-united-states", "central-america"]
        au = ["indonesia", "new-guinea", "western-australia"]
        owners = {t: (0, 2) for t in na + au}
        owners["eastern-australia"] = (1, 1)

        def edit(d):
            d["players"][0]["mission"] = "conquer-north-america-australia"
            d["players"][1]["mission"] = "destroy-green"
            d["players"][2]["mission"] = "conquer-asia-africa"
        b.position(owners, phase="attack", current=0, edit=edit)
        take(b, "new-guinea", "eastern-australia", 1)
        occupy(b, "new-guinea", "eastern-australia", 1, had=2, phase="game-over" if immediate else "attack",
               state={"winner": 0 if immediate else None})
    return body


reading_cases("classic.amb.mission-check", "classic.missions.victory", "Completing a mission mid-turn",
              {"immediately": ("wins at once", _check_time(True)),
               "turn-start": ("not until the holder's next turn", _check_time(False))},
              extra={"game-mode": "mission"})


def _m_setup(phase):
    def body(b):
        b.new_game()
        for p, m in enumerate(["occupy-24-territories", "destroy-black", "conquer-asia-africa"]):
            b.do({"type": "mission", "player": p, "mission": m},
                 state={"phase": "first-player"} if p == 2 else None)
        b.do({"type": "first-player", "player": 0}, state={"phase": phase, "current": 0})
    return body


reading_cases("classic.amb.mission-setup", "classic.missions.setup", "Distributing territories in the mission game",
              {"claim": ("claimed in turn", _m_setup("claim")), "deal": ("dealt", _m_setup("deal"))},
              extra={"game-mode": "mission"})


# -- cards per turn ----------------------------------------------------------------------------------------
def _cards_per_turn(left):
    def body(b):
        two_conquests(b)
        b.do({"type": "end-turn"}, explain="Two territories were conquered this turn.",
             state={"phase": "draw", "pending": {"left": left}})
    return body


reading_cases("classic.amb.cards-per-turn", "classic.cards.earn", "Cards earned by a turn with two conquests",
              {"one-per-turn": ("one card", _cards_per_turn(1)), "one-per-conquest": ("two cards", _cards_per_turn(2))})


# -- neutral territories --------------------------------------------------------------------------------------
def _neutral_deal(neutral, reserves):
    """The territory cards are dealt in map order, round the seats 0, 1, neutral from seat 0;
    the neutral army's turn is skipped once it holds ``neutral``.  The case starts with all but
    the last three dealt (the position that deal reaches), deals those three and checks the
    end of the deal: the last card calls for the first-placer roll."""
    def body(b):
        d = b.blank()
        tids = list(d["territories"])
        held, seat, order = [0, 0, 0], 0, []
        for _ in tids:
            order.append(seat)
            held[seat] += 1
            seat = (seat + 1) % 3
            if seat == 2 and held[2] >= neutral:
                seat = 0
        held = [0, 0, 0]
        for t, s in zip(tids[:-3], order):
            d["territories"][t] = {"owner": s, "armies": 1}
            held[s] += 1
        for p, h in zip(d["players"], held):
            p["reserve"] = 40 - h
        d["pending"] = {"next": order[-3]}
        b.load(d)
        for n, (t, s) in enumerate(zip(tids[-3:], order[-3:])):
            held[s] += 1
            st = {"territories": {t: {"owner": s, "armies": 1}},
                  "players": [{"reserve": 40 - h} if i == s else {} for i, h in enumerate(held)]}
            if n == 2:
                st["phase"] = "first-player"
            b.do({"type": "deal", "territory": t}, state=st)
        b.check(explain=f"After the deal the neutral army holds {neutral} territories.",
                state={"players": [{"reserve": r} for r in reserves]})
        assert sum(1 for t in b.s["territories"].values() if t["owner"] == 2) == neutral
    return body


reading_cases("classic.amb.neutral-territories", "classic.two-player.deal", "Territories dealt to the neutral army",
              {"third-of-board": ("14 each", _neutral_deal(14, [26, 26, 26])),
               "single-territory": ("a single one", _neutral_deal(1, [19, 20, 39]))}, players=2)


# -- territory rounding ------------------------------------------------------------------------------------------
def _rounding(armies):
    def body(b):
        b.position(phase="fortify", current=2)
        b.do({"type": "end-turn"}, explain="Black holds 14 territories: 14 ÷ 3 = 4.67.",
             state={"current": 0, "turn": 2, "phase": "reinforce", "pending": {"to_place": armies}})
    return body


reading_cases("classic.amb.territory-rounding", "classic.reinforce.territory-armies", "Rounding 14 ÷ 3",
              {"round-down": ("4 armies", _rounding(4)), "nearest-from-twelve": ("5 armies", _rounding(5))})


@scenario("classic.amb.cards-per-turn.one-per-conquest.002", "One card per conquest, counted from "
          "the start of the turn: a whole turn with one conquest earns one card",
          ["classic.amb.cards-per-turn", "classic.cards.earn", "classic.turn.sequence"],
          options={"classic.amb.cards-per-turn": "one-per-conquest"})
def whole_turn_one_conquest(b):
    b.position({"alaska": (0, 4), "kamchatka": (2, 1)}, phase="fortify", current=2)
    b.do({"type": "end-turn"}, explain="Black's turn: 14 territories give 4 armies.",
         state={"current": 0, "turn": 2, "phase": "reinforce", "pending": {"to_place": 4}})
    for left in (3, 2, 1):
        b.do({"type": "place", "territory": "alaska"},
             state={"territories": {"alaska": {"armies": 8 - left}}, "pending": {"to_place": left}})
    b.do({"type": "place", "territory": "alaska"}, explain="The last army placed: the attack phase.",
         state={"territories": {"alaska": {"armies": 8}}, "phase": "attack"})
    b.attack("alaska", "kamchatka", 3, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})
    b.roll([6, 2, 1], [3], explain="Kamchatka's only army falls.",
           state={"phase": "occupy", "territories": {"kamchatka": {"owner": 0, "armies": 0}}})
    b.do({"type": "occupy", "armies": 3},
         state={"phase": "attack", "territories": {"alaska": {"armies": 5},
                                                   "kamchatka": {"owner": 0, "armies": 3}}})
    b.do({"type": "end-attack"}, state={"phase": "fortify"})
    b.do({"type": "end-turn"}, explain="One conquest this turn: exactly one card is due.",
         state={"phase": "draw", "pending": {"left": 1}})

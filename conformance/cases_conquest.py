"""Scenarios: conquest, moving in, elimination."""

from __future__ import annotations

from riskspec.conformance.cases_cards import CAV, INF, before_black_turn, black_turn_two, held, trade, traded
from riskspec.conformance.scenario import scenario


def _conquer(b, att=5, dice=3, owners=None, hands=None, players=None, **kw):
    """Alaska (black) takes Kamchatka's one army; ``players``: how the conquest changes the
    players (an elimination)."""
    o = {"alaska": (0, att), "kamchatka": (2, 1)}
    o.update(owners or {})
    b.position(o, phase="attack", current=0, hands=hands, **kw)
    b.attack("alaska", "kamchatka", dice, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})
    after: dict = {"phase": "occupy", "territories": {"kamchatka": {"owner": 0, "armies": 0}}}
    if players:
        after["players"] = players
    return b.roll([6] * dice, [1], state=after)


def conquer_kamchatka(b, attacker, victim, *, dice=3, move=3, eliminated=False, occupy_state=None,
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


@scenario("classic.conquest.capture.001", "Taking the last defending army captures the territory",
          ["classic.conquest.capture"])
def capture(b):
    _conquer(b)
    b.check(state={"territories": {"kamchatka": {"owner": 0, "armies": 0}}, "phase": "occupy",
                   "pending": {"from": "alaska", "to": "kamchatka", "min": 3}})


@scenario("classic.conquest.move-in.001", "At least as many armies as dice rolled move in",
          ["classic.conquest.move-in"], negative=True)
def move_in(b):
    _conquer(b, att=6)
    move_in_steps(b)


def move_in_steps(b):
    """Kamchatka just taken from Alaska (6 armies) with 3 dice: 3 to 5 armies may move in."""
    b.check(legal=[{"type": "occupy", "armies": n} for n in (3, 4, 5)])
    b.reject({"type": "occupy", "armies": 2}, "move-in-range", rule="classic.conquest.move-in")
    b.do({"type": "occupy", "armies": 4}, state={"phase": "attack", "territories": {
        "alaska": {"armies": 2}, "kamchatka": {"owner": 0, "armies": 4}}})


@scenario("classic.conquest.move-in.002", "A two-dice conquest moves at least two", ["classic.conquest.move-in"])
def move_in2(b):
    _conquer(b, att=5, dice=2)
    b.check(legal=[{"type": "occupy", "armies": n} for n in (2, 3, 4)])


@scenario("classic.conquest.leave-one.001", "One army stays behind in the attacking territory",
          ["classic.conquest.leave-one"], negative=True)
def leave_one(b):
    _conquer(b, att=4)
    b.reject({"type": "occupy", "armies": 4}, "move-in-range", rule="classic.conquest.leave-one")
    b.do({"type": "occupy", "armies": 3}, state={"phase": "attack", "territories": {
        "alaska": {"armies": 1}, "kamchatka": {"armies": 3}}})


@scenario("classic.conquest.always-occupied.001", "Every territory always holds an army after a conquest",
          ["classic.conquest.always-occupied"])
def occupied(b):
    _conquer(b, att=4)
    b.do({"type": "occupy", "armies": 3}, state={"phase": "attack", "territories": {
        "alaska": {"armies": 1}, "kamchatka": {"armies": 3}}})
    assert all(v["armies"] >= 1 for v in b.s["territories"].values())
    b.check(state={"territories": {"alaska": {"owner": 0, "armies": 1}, "kamchatka": {"owner": 0, "armies": 3}}})


def _last_territory(b, victim_cards=(), own_cards=()):
    """Green's last territory falls: green is out, and black takes green's cards."""
    owners = {t: (0, 2) for t in b.blank()["territories"]}  # 2 each: the default armies
    owners.update({"alaska": (0, 5), "kamchatka": (2, 1), "ural": (1, 3), "siberia": (1, 3)})
    _conquer(b, att=5, owners=owners, hands={2: list(victim_cards), 0: list(own_cards)},
             players=[{"cards": len(own_cards) + len(victim_cards)}, {},
                      {"eliminated": True, "cards": 0}])


@scenario("classic.elimination.out.001", "A player who loses the last territory is out",
          ["classic.elimination.out"])
def out(b):
    _last_territory(b)
    b.check(state={"players": [{}, {}, {"eliminated": True, "eliminated_by": 0}]})
    b.do({"type": "occupy", "armies": 3}, state={"phase": "attack", "territories": {
        "alaska": {"armies": 5 - 3}, "kamchatka": {"armies": 3}}})
    b.do({"type": "end-attack"}, state={"phase": "fortify"})
    b.do({"type": "end-turn"}, explain="A territory was conquered this turn: black draws a card.",
         state={"phase": "draw"})
    b.do({"type": "draw", "card": "alaska"}, explain="Green is out: blue (seat 1) plays turn 2.",
         state={"current": 1, "turn": 2, "phase": "reinforce", "players": [{"cards": 1}, {}, {}]})


@scenario("classic.elimination.take-cards.001", "The victor takes the eliminated player's cards",
          ["classic.elimination.take-cards"])
def take_cards(b):
    _last_territory(b, victim_cards=["peru", "greenland"])
    b.check(state={"players": [{"cards": ["greenland", "peru"]}, {}, {"cards": []}]})


@scenario("classic.elimination.forced-trade.001", "Six or more cards after an elimination: trade at once down to four",
          ["classic.elimination.forced-trade", "classic.elimination.trade-armies"])
def elim_trade(b):
    _last_territory(b, victim_cards=["peru", "iceland", "east-africa"], own_cards=["greenland", "ontario", "quebec"])
    b.do({"type": "occupy", "armies": 3}, state={"phase": "elimination-trade",
                                               "pending": {"forced": {"max_hand": 4}},
                                               "territories": {"alaska": {"armies": 2},
                                                               "kamchatka": {"armies": 3}}})
    b.reject({"type": "end-attack"}, "wrong-phase", rule="classic.turn.sequence")
    b.do({"type": "trade", "cards": ["greenland", "ontario", "quebec"], "bonus_territory": "greenland"},
         explain="Three cards left: the trade is done; its 4 armies are placed at once (and 2 on Greenland).",
         state={"phase": "elimination-trade", "pending": {"to_place": 4, "forced": None},
                "territories": {"greenland": {"armies": 2 + 2}}, "players": [{"cards": 6 - 3}, {}, {}]})
    b.do({"type": "place", "territory": "alaska"}, state={"territories": {"alaska": {"armies": 3}}})
    b.check(state={"pending": {"to_place": 3}})


@scenario("classic.elimination.forced-trade.002", "Five cards after an elimination force no trade",
          ["classic.elimination.forced-trade"])
def elim_no_trade(b):
    _last_territory(b, victim_cards=["peru", "iceland"], own_cards=["greenland", "ontario", "quebec"])
    b.do({"type": "occupy", "armies": 3}, state={"phase": "attack", "territories": {
        "alaska": {"armies": 2}, "kamchatka": {"armies": 3}}})


def _forced_next_turn(b, sets: int, *, reject_explain: str | None = None,
                      trade_explain: str | None = None) -> None:
    """Black captured six cards, trades next turn (forced: at most four, ``sets`` sets):
    no placement before the infantry set, traded for 4."""
    before_black_turn(b, INF + CAV, captured=True)
    black_turn_two(b, {"max_hand": 4, "sets": sets})
    b.reject({"type": "place", "territory": "alaska"}, "forced-trade", rule="classic.cards.forced-trade",
             explain=reject_explain)
    b.do(trade(INF), state={"players": [{"cards": held(CAV)}, {}, {}], "sets_traded": 1, "discards": held(INF),
                            "pending": {"to_place": 8, "forced": None}},
         events=[traded(0, INF, 4)], explain=trade_explain)


#: id, title, the one ambiguity covered, the reading it runs under, sets that settle the
#: forced trade, the explanations of the refused placement and of the trade
_NEXT_TURN = [
    ("classic.elimination.forced-trade.201",
     "Captured cards, next-turn trade down to six: the hand limit still forces a trade at six cards",
     "classic.amb.elimination-trade-target", {"classic.amb.elimination-trade-target": "down-to-six"}, 0,
     "Six cards: at most six may be kept for the captured cards, but five or more force a trade.", None),
    ("classic.elimination.forced-trade.202",
     "Captured cards, next-turn, one set settles the hand limit: the captured-card trade still applies",
     "classic.amb.elimination-trade-timing", {"classic.amb.forced-trade-sets": "one-set"}, 1,
     None, "Three cards left: one set, and at most four cards."),
]
for _id, _title, _amb, _options, _sets, _reject_explain, _trade_explain in _NEXT_TURN:
    def _next_turn(b, sets=_sets, reject_explain=_reject_explain, trade_explain=_trade_explain):
        _forced_next_turn(b, sets, reject_explain=reject_explain, trade_explain=trade_explain)
    scenario(_id, _title, ["classic.elimination.forced-trade", "classic.cards.forced-trade", _amb],
             options={"classic.amb.elimination-trade-timing": "next-turn", **_options}, negative=True)(_next_turn)


def _capture(b):
    owners = {t: (0, 1) for t in b.blank()["territories"]}
    owners.update({"alaska": (0, 5), "kamchatka": (2, 1), "ural": (1, 3)})
    b.position(owners, phase="attack", current=0, hands={2: INF, 0: CAV})


def _captured_roll(captured):
    return {"players": [{"cards": held(CAV + INF), "captured": captured}, {},
                        {"cards": [], "eliminated": True, "eliminated_by": 0}]}


@scenario("classic.elimination.take-cards.201", "Captured cards, next-turn timing: no trade now, owed next turn",
          ["classic.elimination.take-cards", "classic.elimination.forced-trade",
           "classic.amb.elimination-trade-timing"],
          options={"classic.amb.elimination-trade-timing": "next-turn"},
          reading=("classic.amb.elimination-trade-timing", "next-turn"))
def take_cards_next_turn(b):
    _capture(b)
    conquer_kamchatka(b, 0, 2, eliminated=True, roll_state=_captured_roll(True),
                       extra_roll_events=[{"type": "cards-captured", "player": 0, "from": 2,
                                           "cards": held(INF)}])


@scenario("classic.elimination.forced-trade.203", "Captured cards, immediate timing: trade down to four at once",
          ["classic.elimination.take-cards", "classic.elimination.forced-trade"])
def take_cards_now(b):
    _capture(b)
    conquer_kamchatka(b, 0, 2, eliminated=True, roll_state=_captured_roll(False),
                       extra_roll_events=[{"type": "cards-captured", "player": 0, "from": 2,
                                           "cards": held(INF)}],
                       occupy_state={"phase": "elimination-trade",
                                     "pending": {"to_place": 0, "forced": {"max_hand": 4, "sets": 0}}})

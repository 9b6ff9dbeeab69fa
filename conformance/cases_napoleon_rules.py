"""Scenarios: Risk Napoléon — rules (on small purpose-built maps; see cases_napoleon).

Components, the basic game's setup and turn, the Advanced setup and turn structure,
reinforcements and purchases, cards, land combat, naval maneuvers, scoring and the
Capitals option.  Readings of ambiguities are in cases_napoleon_amb.
"""

from __future__ import annotations

from riskspec.conformance.cases_napoleon import (
    CAPITALS,
    LINE,
    NEUTRAL,
    V,
    _apos,
    _pos,
)
from riskspec.conformance.printed import build_ship, registrar
from riskspec.conformance.scenario import scenario

A = "napoleon-advanced"
#: the registering shorthands: the basic game with two players on LINE, the Advanced game
#: with three on LINE or CAPITALS
_basic, _advanced, _capitals = registrar(2, V, LINE), registrar(3, A, LINE), registrar(3, A, CAPITALS)
HALF, THIRD, FIFTH = "1/2", "1/3", "1/5"
PLACES = ["a1", "a2", "b1", "b2", "far"]
ZONES = ["z1", "z2", "z3", "z4"]
DECK = ["c-a1", "c-a2", "c-b1", "c-b2", "c-far", "c-x"]
#: the starting card draws (napoleon.setup.card-table) left out where they are not the subject
NO_TABLE = {"napoleon.amb.card-table": "ignore"}


# ================================================================ components
@_basic("napoleon.components.board.001", "The game is played on the map's territories and maritime zones",
        ["napoleon.components.board", "napoleon.components.territory-deck"])
def board(b):
    b.new_game()
    b.check(explain="A new game lists every territory and zone of the map, all empty, and "
                    "the whole territory deck (jokers included) in the draw pile.",
            state={"territories": {t: {"owner": None, "armies": 0} for t in PLACES},
                   "zones": {z: {"owner": None, "ships": 0} for z in ZONES},
                   "draw_pile": DECK, "discards": []})


@_basic("napoleon.components.adjacency.001", "Land attacks follow land borders, naval attacks sea borders",
        ["napoleon.components.adjacency"], negative=True)
def adjacency(b):
    _pos(b, {"a1": (0, 1), "a2": (0, 4), "b1": (1, 1), "b2": (1, 1), "far": (1, 1)},
         {"z2": (0, 3), "z3": (1, 1), "z4": (1, 1)})
    b.check(legal_includes=[{"type": "attack", "from": "a2", "to": "b1", "dice": 3},
                            {"type": "attack", "from": "z2", "to": "z3", "dice": 2}],
            legal_excludes=[{"type": "attack", "from": "a2", "to": "b2", "dice": 3},
                            {"type": "attack", "from": "z2", "to": "z4", "dice": 2},
                            {"type": "attack", "from": "a1", "to": "b2", "dice": 1}])
    b.reject({"type": "attack", "from": "a2", "to": "b2", "dice": 3}, "not-adjacent", rule="napoleon.naval.landing")
    b.reject({"type": "attack", "from": "z2", "to": "z4", "dice": 2}, "not-adjacent", rule="napoleon.combat.attack-from")


@_advanced("napoleon.components.tokens.001", "No more generals than a player's three tokens",
           ["napoleon.components.tokens"], negative=True)
def tokens(b):
    _apos(b, {"a1": (0, 3), "a2": (0, 1), "b1": (1, 1), "b2": (2, 1), "far": (1, 1)},
          {"a1": (2, 0), "a2": (1, 0)}, phase="reinforce",
          pending={"to_place": 3, "must_trade": False, "after": "turn"})
    b.check(legal_excludes=[{"type": "buy-general", "territory": "a1"}])
    b.reject({"type": "buy-general", "territory": "a1"}, "general-limit", rule="napoleon.units.generals")


@_basic("napoleon.components.territory-deck.001",
        "A joker stands for any symbol and has no effect of its own",
        ["napoleon.components.territory-deck", "napoleon.cards.jokers"], negative=True)
def joker(b):
    _pos(b, {"a1": (0, 1), "a2": (1, 1), "b1": (1, 1), "b2": (1, 1), "far": (0, 1)},
         phase="reinforce", hands={0: ["c-a1", "c-b2", "c-x"]},
         pending={"to_place": 3, "must_trade": False, "after": "turn"})
    b.reject({"type": "play-card", "card": "c-x"}, "no-effect", rule="napoleon.cards.use-or-trade")
    # infantry, cavalry and a joker: one of each, 10
    b.do({"type": "trade", "cards": ["c-a1", "c-b2", "c-x"]},
         events=[{"type": "traded", "player": 0, "cards": ["c-a1", "c-b2", "c-x"], "value": 10},
                 {"type": "territory-bonus", "territory": "a1", "armies": 2}],
         state={"pending": {"to_place": 13}, "discards": ["c-a1", "c-b2", "c-x"],
                "territories": {"a1": {"armies": 1 + 2}}, "players": [{"cards": []}] + [{}] * 5})


# ================================================================ basic game: setup
@_basic("napoleon.basic.starting-units.001", "Two players with 36 regiments, four neutrals with 21",
        ["napoleon.basic.starting-units", "napoleon.basic.players"])
def starting_units(b):
    b.new_game()
    b.check(state={"players": [{"neutral": False, "reserve": 36}, {"neutral": False, "reserve": 36}]
                   + [{"neutral": True, "reserve": 21, "cards": []}] * 4})


@_basic("napoleon.basic.deal.001",
        "Territories are dealt one by one, each receiving one regiment; nobody keeps a card",
        ["napoleon.basic.deal"])
def deal(b):
    b.new_game()
    b.check(state={"phase": "deal", "pending": {"next": 0}},
            outcomes=[{"outcome": {"type": "deal", "territory": t}, "p": FIFTH} for t in PLACES])
    b.do({"type": "deal", "territory": "b2"},
         state={"territories": {"b2": {"owner": 0, "armies": 1}}, "pending": {"next": 1},
                "players": [{"reserve": 35}, {}, {}, {}, {}, {}]},
         outcomes=[{"outcome": {"type": "deal", "territory": t}, "p": "1/4"}
                   for t in ["a1", "a2", "b1", "far"]])
    for seat, t in enumerate(["far", "a1", "b1"], start=1):
        b.do({"type": "deal", "territory": t}, state={
            "pending": {"next": seat + 1}, "territories": {t: {"owner": seat, "armies": 1}},
            "players": [{"reserve": 36 - 1 if seat == 1 else 21 - 1} if i == seat else {}
                        for i in range(6)]})
    b.do({"type": "deal", "territory": "a2"},
         state={"territories": {"a2": {"owner": 4, "armies": 1}}, "phase": "first-player",
                "players": [{"cards": []}] * 4 + [{"cards": [], "reserve": 21 - 1}, {"cards": []}],
                "draw_pile": DECK})


@_basic("napoleon.basic.placement.001", "A roll picks the first placer, who places three regiments",
        ["napoleon.basic.placement"], negative=True)
def placement_first(b):
    b.position({"a1": (0, 1), "a2": (1, 1), "b1": (2, 1), "b2": (3, 1), "far": (4, 1)},
               phase="first-player", pending={"for": "setup"}, turn=0,
               edit=lambda d: [p.update(reserve=r) for p, r in
                               zip(d["players"], [35, 35, 20, 20, 20, 21])])
    b.check(outcomes=[{"outcome": {"type": "first-player", "player": p}, "p": HALF} for p in (0, 1)])
    b.do({"type": "first-player", "player": 1},
         state={"phase": "setup-place", "current": 1, "pending": {"seat": 1, "left": 3}},
         legal=[{"type": "place", "territory": "a2"}])
    b.reject({"type": "place", "territory": "a1"}, "not-owner", rule="napoleon.basic.placement")
    b.do({"type": "place", "territory": "a2"}, state={"pending": {"left": 2}, "territories": {"a2": {"armies": 2}},
                                                      "players": [{}, {"reserve": 35 - 1}, {}, {}, {}, {}]})


@_basic("napoleon.basic.placement.002", "Each neutral army's two regiments are placed by the players in turn",
        ["napoleon.basic.placement"], negative=True)
def placement_neutral(b):
    def reserves(d):
        for p, r in zip(d["players"], [1, 0, 2, 2, 0, 0]):
            p["reserve"] = r
    b.position({"a1": (0, 3), "a2": (1, 3), "b1": (2, 3), "b2": (3, 3), "far": (4, 3)},
               phase="setup-place", pending={"seat": 0, "left": 1}, turn=0, edit=reserves)
    b.do({"type": "place", "territory": "a1"},
         state={"phase": "setup-place", "current": 0, "pending": {"seat": 2, "left": 2},
                "territories": {"a1": {"armies": 4}}, "players": [{"reserve": 0}, {}, {}, {}, {}, {}]})
    b.reject({"type": "place", "territory": "b1"}, "wrong-army", rule="napoleon.basic.placement")
    b.reject({"type": "place-neutral", "territory": "b2"}, "not-owner", rule="napoleon.basic.placement")
    b.do({"type": "place-neutral", "territory": "b1"}, state={
        "territories": {"b1": {"armies": 4}}, "players": [{}, {}, {"reserve": 1}, {}, {}, {}]})
    b.do({"type": "place-neutral", "territory": "b1"},
         state={"current": 1, "pending": {"seat": 3, "left": 2},
                "territories": {"b1": {"armies": 5}}, "players": [{}, {}, {"reserve": 0}, {}, {}, {}]})
    b.do({"type": "place-neutral", "territory": "b2"}, state={
        "territories": {"b2": {"armies": 4}}, "players": [{}, {}, {}, {"reserve": 1}, {}, {}]})
    b.do({"type": "place-neutral", "territory": "b2"},
         state={"phase": "first-player", "pending": {"for": "turn"},
                "players": [{"reserve": 0}] * 6, "territories": {"b2": {"armies": 5}}})


@_basic("napoleon.basic.turn.001",
        "A basic turn: reinforcement, combat, maneuver, end of turn; then the other player",
        ["napoleon.basic.turn", "napoleon.basic.players"], negative=True)
def basic_turn(b):
    _pos(b, {"a1": (0, 1), "a2": (0, 1), "b1": (NEUTRAL, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
         phase="maneuver", current=1)
    b.do({"type": "end-turn"},
         state={"phase": "reinforce", "current": 0, "turn": 2, "pending": {"to_place": 5}})
    b.reject({"type": "attack", "from": "a1", "to": "b1", "dice": 1}, "wrong-phase", rule="napoleon.basic.turn")
    for n in range(1, 6):
        b.do({"type": "place", "territory": "a2"},
             state={"territories": {"a2": {"armies": 1 + n}}, "phase": "reinforce" if n < 5 else "attack"})
    b.check(state={"phase": "attack", "territories": {"a2": {"armies": 6}}})
    b.reject({"type": "place", "territory": "a2"}, "wrong-phase", rule="napoleon.basic.turn")
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.reject({"type": "attack", "from": "a2", "to": "b1", "dice": 3}, "wrong-phase", rule="napoleon.basic.turn")
    # a whole empire (west): one card at the end of the turn, then player 1 (never a neutral)
    b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": 1}})
    b.do({"type": "draw", "card": "c-x"},
         state={"phase": "reinforce", "current": 1, "turn": 2,
                "players": [{"cards": ["c-x"]}, {}, {}, {}, {}, {}]})


@_basic("napoleon.basic.pieces.001", "No generals or fortifications in the basic game",
        ["napoleon.basic.pieces"], negative=True)
def basic_pieces(b):
    _pos(b, {"a1": (0, 1), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (1, 1)},
         phase="reinforce", pending={"to_place": 3, "must_trade": False, "after": "turn"})
    b.reject({"type": "buy-general", "territory": "a1"}, "advanced-only", rule="napoleon.reinforce.purchases")
    b.reject({"type": "buy-fortification", "territory": "a1"}, "advanced-only", rule="napoleon.reinforce.purchases")


# ================================================================ Advanced setup
@_advanced("napoleon.setup.players-and-regiments.001", "Three players: 40 regiments each",
           ["napoleon.setup.players-and-regiments"])
def regiments3(b):
    b.new_game()
    b.check(state={"players": [{"neutral": False, "reserve": 40}] * 3})


@scenario("napoleon.setup.players-and-regiments.002", "Six players: 25 regiments each",
          ["napoleon.setup.players-and-regiments"], players=6, variant=A, map=LINE)
def regiments6(b):
    b.new_game()
    b.check(state={"players": [{"neutral": False, "reserve": 25}] * 6})


def _claimed(b, armies: dict, reserves: list[int], **kw):
    land = {"a1": (0, 1), "a2": (1, 1), "b1": (2, 1), "b2": (0, 1), "far": (1, 1)}
    land.update({t: (land[t][0], n) for t, n in armies.items()})

    def edit(d):
        for p, r in zip(d["players"], reserves):
            p["reserve"] = r
    b.position(land, edit=edit, turn=0, **kw)


@_advanced("napoleon.setup.reinforce.001",
           "After the claim, one regiment at a time in turn; never more than 10 in a territory",
           ["napoleon.setup.reinforce"], negative=True)
def setup_reinforce(b):
    _claimed(b, {"a1": 10}, [2, 2, 2], phase="setup-place", pending={"seat": 0, "left": 1})
    b.check(legal=[{"type": "place", "territory": "b2"}])
    b.reject({"type": "place", "territory": "a1"}, "territory-full", rule="napoleon.setup.reinforce")
    b.do({"type": "place", "territory": "b2"},
         state={"current": 1, "pending": {"seat": 1, "left": 1},
                "territories": {"b2": {"armies": 2}}, "players": [{"reserve": 1}, {}, {}]})


@_advanced("napoleon.setup.first-player.001", "After setup a roll among all players decides who plays first",
           ["napoleon.setup.first-player", "napoleon.turn.time-track"], options=NO_TABLE)
def setup_first(b):
    _claimed(b, {}, [0, 0, 0], phase="setup-leaders", current=2,
             pending={"generals": 0, "fortifications": 1})
    b.do({"type": "place-fortification", "territory": "b1"},
         state={"phase": "epidemics", "pending": {"left": 4, "moving": False},
                "territories": {"b1": {"fortifications": 1}}})
    # the four epidemics, one per empire at most: three of LINE's empires take one each
    b.do({"type": "epidemic", "territory": "a1"},
         state={"pending": {"left": 3}, "territories": {"a1": {"epidemics": 1}}})
    b.do({"type": "epidemic", "territory": "b2"},
         state={"pending": {"left": 2}, "territories": {"b2": {"epidemics": 1}}})
    b.do({"type": "epidemic", "territory": "far"},
         state={"phase": "first-player", "pending": {"for": "turn"},
                "territories": {"far": {"epidemics": 1}}},
         outcomes=[{"outcome": {"type": "first-player", "player": p}, "p": THIRD}
                   for p in (0, 1, 2)])
    b.do({"type": "first-player", "player": 1},
         explain="Player 1 starts; holding the whole south (bonus 1), it scores 1 point at the start of its turn.",
         state={"phase": "reinforce", "current": 1, "first_player": 1, "turn": 1,
                "players": [{}, {"vp": 1}, {}]})


@_advanced("napoleon.setup.whole-empire-warning.001",
           "Claiming the last territory of an empire is allowed; it scores from the first turn",
           ["napoleon.setup.whole-empire-warning", "napoleon.scoring.empire-vp"], options=NO_TABLE)
def whole_empire(b):
    b.position({"a1": (0, 1), "a2": (None, 0), "b1": (1, 1), "b2": (2, 1), "far": (None, 0)},
               phase="claim", current=0, turn=0, first_player=0,
               edit=lambda d: [p.update(reserve=1) for p in d["players"]])
    b.do({"type": "claim", "territory": "a2"},
         state={"territories": {"a2": {"owner": 0, "armies": 1}}, "current": 1,
                "players": [{"reserve": 0}, {}, {}]})
    b.do({"type": "claim", "territory": "far"},
         state={"phase": "setup-place", "current": 2, "pending": {"seat": 2},
                "territories": {"far": {"owner": 1, "armies": 1}}, "players": [{}, {"reserve": 0}, {}]})
    b.do({"type": "place", "territory": "b2"}, state={"phase": "setup-leaders", "current": 0,
                                                      "territories": {"b2": {"armies": 2}},
                                                      "players": [{}, {}, {"reserve": 0}]})
    # each player in turn puts a general, then a fortification, on a territory of theirs
    for seat, t in enumerate(("a1", "b1", "b2")):
        b.do({"type": "place-general", "territory": t}, state={"territories": {t: {"generals": 1}}})
        b.do({"type": "place-fortification", "territory": t},
             state={"territories": {t: {"fortifications": 1}}, "current": (seat + 1) % 3}
             if seat < 2 else {"territories": {t: {"fortifications": 1}}, "phase": "epidemics",
                               "pending": {"left": 4, "moving": False}})
    # then the epidemics (napoleon.setup.epidemics), one for each of the three empires
    for n, t in enumerate(("a2", "b1", "far")):
        b.do({"type": "epidemic", "territory": t},
             state={"territories": {t: {"epidemics": 1}}, "pending": {"left": 3 - n}} if n < 2
             else {"territories": {t: {"epidemics": 1}}, "phase": "first-player",
                   "pending": {"for": "turn"}})
    b.check(state={"phase": "first-player"})
    b.do({"type": "first-player", "player": 0},
         explain="The whole west scores from the first turn; a1's fortification adds its regiment.",
         state={"phase": "reinforce", "current": 0, "turn": 1,
                "territories": {"a1": {"armies": 1 + 1}},
                "players": [{"vp": 2}, {"vp": 0}, {"vp": 0}]})


# ================================================================ Advanced turn
def _cap_land(**seats: list[str]) -> dict:
    """Every CAPITALS territory to player 0 unless listed under p1= / p2=."""
    land = {t["id"]: (0, 1) for t in CAPITALS["territories"]}
    for key, seat in (("p1", 1), ("p2", 2)):
        land.update({t: (seat, 1) for t in seats.get(key, [])})
    return land


_SPREAD = _cap_land(p1=["w2", "e2", "n2"], p2=["w3", "e3", "n3"])   # nobody holds an empire


@_capitals("napoleon.turn.order.001", "Turns go round the table; a new game turn at the first player",
           ["napoleon.turn.order", "napoleon.turn.time-track"], options={"napoleon.amb.card-table": "ignore"})
def turn_order(b):
    _apos(b, _SPREAD, phase="maneuver", current=0, turn=1)
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 1, "turn": 1})
    for seat in (1, 2):
        t = f"w{seat + 1}"
        for n in range(1, 4):
            b.do({"type": "place", "territory": t},
                 state={"territories": {t: {"armies": 1 + n}}, "phase": "reinforce" if n < 3 else "attack"})
        b.do({"type": "end-attack"}, state={"phase": "maneuver"})
        b.do({"type": "end-turn"},
             state={"phase": "reinforce", "current": (seat + 1) % 3, "turn": 1 + seat // 2})
        b.check(state={"phase": "reinforce", "current": (seat + 1) % 3, "turn": 1 + seat // 2})


@_capitals("napoleon.turn.order.002", "An eliminated player's turn is skipped",
           ["napoleon.turn.order", "napoleon.combat.elimination"],
           options={"napoleon.amb.card-table": "ignore"})
def turn_order_skip(b):
    _apos(b, _cap_land(p2=["w3", "e3", "n3"]), phase="maneuver", current=0, turn=1)
    b.check(state={"players": [{"eliminated": False}, {"eliminated": True}, {"eliminated": False}]})
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 2, "turn": 1})


@_capitals("napoleon.turn.phases.001",
           "Start of turn (victory points), reinforcement, combat, maneuver, end of turn — in order",
           ["napoleon.turn.phases", "napoleon.scoring.empire-vp"], negative=True,
           options={"napoleon.amb.card-table": "ignore"})
def turn_phases(b):
    _apos(b, _cap_land(p1=["w2", "e2"], p2=["w3", "e3", "w4"]), phase="maneuver", current=2,
          turn=1)
    # player 0 holds the whole north (bonus 2): 2 victory points at the start of the turn
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 0, "turn": 2,
                                      "players": [{"vp": 2}, {"vp": 0}, {"vp": 0}],
                                      "pending": {"to_place": 5}})
    b.reject({"type": "attack", "from": "e1", "to": "e2", "dice": 1}, "wrong-phase", rule="napoleon.turn.phases")
    b.reject({"type": "end-attack"}, "wrong-phase", rule="napoleon.turn.phases")
    for n in range(1, 6):
        b.do({"type": "place", "territory": "e1"},
             state={"territories": {"e1": {"armies": 1 + n}}, "phase": "reinforce" if n < 5 else "attack"})
    b.check(state={"phase": "attack"})
    b.reject({"type": "maneuver", "from": "e1", "to": "e4", "armies": 1}, "wrong-phase", rule="napoleon.turn.phases")
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.reject({"type": "place", "territory": "e1"}, "wrong-phase", rule="napoleon.turn.phases")
    b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": 1}})


@_capitals("napoleon.turn.time-track.001",
           "The last player's fifth turn ends the game: territories scored, most points wins",
           ["napoleon.turn.time-track", "napoleon.scoring.territories", "napoleon.scoring.winner"])
def time_track_end(b):
    _apos(b, _cap_land(p1=["n2", "n3"], p2=["w1", "w2", "w3", "e1", "e2", "e3"]),
          phase="maneuver", current=2, turn=5)
    b.load({**b.start, "players": [dict(p, vp=n) for p, n in zip(b.start["players"], [5, 3, 4])]})
    # player 2: 4 + 6 territories // 3 = 6 points, ahead of player 0's 5
    b.do({"type": "end-turn"}, state={"phase": "game-over", "winner": 2,
                                      "players": [{"vp": 5}, {"vp": 3}, {"vp": 6}]})


@_capitals("napoleon.turn.time-track.002", "After four game turns the fifth begins",
           ["napoleon.turn.time-track"], options={"napoleon.amb.card-table": "ignore"})
def time_track_next(b):
    _apos(b, _SPREAD, phase="maneuver", current=2, turn=4)
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 0, "turn": 5, "winner": None})


@_capitals("napoleon.scoring.winner.001", "An eliminated player with the most victory points wins",
           ["napoleon.scoring.winner", "napoleon.combat.elimination"])
def winner_eliminated(b):
    _apos(b, _cap_land(p2=["w3", "e3", "n3"]), phase="maneuver", current=2, turn=5)
    b.load({**b.start, "players": [dict(p, vp=n) for p, n in zip(b.start["players"], [3, 9, 2])]})
    b.do({"type": "end-turn"}, state={"phase": "game-over", "winner": 1,
                                      "players": [{"vp": 3}, {"vp": 9, "eliminated": True},
                                                  {"vp": 3}]})


# ================================================================ reinforcements, ships, cards
def _reinforce(b, hands=None, **kw):
    _pos(b, {"a1": (0, 1), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (1, 1)},
         phase="reinforce", hands=hands,
         pending={"to_place": 3, "must_trade": False, "after": "turn"}, **kw)


@_basic("napoleon.reinforce.purchases.001", "Ships cost one reinforcement regiment each; the rest is placed",
        ["napoleon.reinforce.purchases", "napoleon.units.ships"])
def purchases(b):
    _reinforce(b)
    build_ship(b, 0, "z1",
               state={"pending": {"to_place": 2}, "zones": {"z1": {"owner": 0, "ships": 1}}})
    b.do({"type": "buy-ship", "zone": "z1"},
         state={"pending": {"to_place": 1}, "zones": {"z1": {"owner": 0, "ships": 2}}})
    b.do({"type": "place", "territory": "a2"},
         state={"phase": "attack", "territories": {"a2": {"armies": 2}}})


@_basic("napoleon.units.ships.001", "A ship is built only in a zone touching one's territory",
        ["napoleon.units.ships"], negative=True)
def ships_coast(b):
    _reinforce(b)
    b.check(legal_includes=[{"type": "buy-ship", "zone": "z1"}],
            legal_excludes=[{"type": "buy-ship", "zone": z} for z in ("z2", "z3", "z4")])
    b.reject({"type": "buy-ship", "zone": "z2"}, "not-coastal", rule="napoleon.units.ships")
    b.reject({"type": "buy-ship", "zone": "z4"}, "not-coastal", rule="napoleon.units.ships")


@_basic("napoleon.cards.set-values.002",
        "Two sets in one phase: 4 for three infantry, 10 for one of each; values never grow",
        ["napoleon.cards.set-values", "napoleon.cards.jokers"])
def two_sets(b):
    _reinforce(b, hands={0: DECK}, sets_traded=7)
    b.do({"type": "trade", "cards": ["c-a1", "c-a2", "c-b1"]},
         events=[{"type": "traded", "player": 0, "cards": ["c-a1", "c-a2", "c-b1"], "value": 4},
                 {"type": "territory-bonus", "territory": "a1", "armies": 2},
                 {"type": "territory-bonus", "territory": "a2", "armies": 2}],
         state={"pending": {"to_place": 7}, "sets_traded": 8, "players": [{"cards": 6 - 3}] + [{}] * 5,
                "territories": {"a1": {"armies": 1 + 2}, "a2": {"armies": 1 + 2}}})
    b.do({"type": "trade", "cards": ["c-b2", "c-far", "c-x"]},
         events=[{"type": "traded", "player": 0, "cards": ["c-b2", "c-far", "c-x"], "value": 10}],
         state={"pending": {"to_place": 17}, "sets_traded": 9, "players": [{"cards": []}] + [{}] * 5})


@_basic("napoleon.cards.reshuffle.001", "An empty draw pile is rebuilt from the discards",
        ["napoleon.cards.reshuffle", "napoleon.end-of-turn.draws"])
def reshuffle(b):
    def discards(d):
        d["discards"], d["draw_pile"] = d["draw_pile"], []
        d["turn_flags"].update(land_attacked=False, naval_moves=0)
    b.position({"a1": (0, 2), "a2": (1, 1), "b1": (0, 1), "b2": (1, 1), "far": (1, 1)},
               phase="maneuver", conquered=True, hands={1: ["c-a2"]}, edit=discards)
    b.do({"type": "end-turn"},
         state={"phase": "draw", "draw_pile": [c for c in DECK if c != "c-a2"], "discards": []},
         outcomes=[{"outcome": {"type": "draw", "card": c}, "p": FIFTH}
                   for c in DECK if c != "c-a2"])
    b.do({"type": "draw", "card": "c-far"},
         state={"players": [{"cards": ["c-far"]}, {"cards": ["c-a2"]}, {}, {}, {}, {}],
                "current": 1, "phase": "reinforce"})


# ================================================================ land combat
@_basic("napoleon.combat.attack-from.001",
        "Attack from one's own territory with two regiments or more, at another player",
        ["napoleon.combat.attack-from"], negative=True)
def attack_from(b):
    _pos(b, {"a1": (0, 4), "a2": (0, 1), "b1": (1, 3), "b2": (1, 1), "far": (NEUTRAL, 1)})
    b.reject({"type": "attack", "from": "a2", "to": "b1", "dice": 1}, "too-few", rule="napoleon.combat.attack-from")
    b.reject({"type": "attack", "from": "a1", "to": "a2", "dice": 1}, "not-enemy", rule="napoleon.combat.attack-from")
    b.reject({"type": "attack", "from": "b1", "to": "a2", "dice": 1}, "not-owner", rule="napoleon.combat.attack-from")
    b.check(explain="Attacking is optional: the phase can end at once.",
            legal=[{"type": "end-attack"}])
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})


@_basic("napoleon.combat.dice.001",
        "Up to three attack dice, one fewer than the regiments; the defender picks one or two",
        ["napoleon.combat.dice"], negative=True)
def dice(b):
    _pos(b, {"a1": (0, 1), "a2": (0, 3), "b1": (1, 2), "b2": (1, 1), "far": (1, 1)})
    b.check(legal=[{"type": "attack", "from": "a2", "to": "b1", "dice": d} for d in (1, 2)]
            + [{"type": "end-attack"}])
    b.reject({"type": "attack", "from": "a2", "to": "b1", "dice": 3}, "dice", rule="napoleon.combat.dice")
    b.attack("a2", "b1", 2, state={"phase": "defend", "pending": {"chooser": 1}},
             legal=[{"type": "defend", "dice": d} for d in (1, 2)])
    b.reject({"type": "defend", "dice": 3}, "dice", rule="napoleon.combat.dice")
    b.defend(1, state={"phase": "battle", "pending": {"attacker_dice": 2, "defender_dice": 1}})


@_basic("napoleon.combat.dice.002", "A defender with one regiment rolls one die", ["napoleon.combat.dice"])
def dice_one(b):
    _pos(b, {"a1": (0, 1), "a2": (0, 5), "b1": (1, 1), "b2": (1, 1), "far": (1, 1)})
    b.attack("a2", "b1", 3, state={"phase": "battle",
                                   "pending": {"attacker_dice": 3, "defender_dice": 1}})


@_basic("napoleon.combat.compare.001", "Dice compared highest to highest; the defender wins ties",
        ["napoleon.combat.compare"])
def compare(b):
    _pos(b, {"a1": (0, 1), "a2": (0, 4), "b1": (1, 3), "b2": (1, 1), "far": (1, 1)})
    b.attack("a2", "b1", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 3, 1], [5, 3],
           events=[{"type": "battle", "from": "a2", "to": "b1", "attacker_losses": 1,
                    "defender_losses": 1}],
           state={"phase": "attack", "territories": {"a2": {"armies": 3}, "b1": {"armies": 2}}})


@_basic("napoleon.combat.conquest.001",
        "Move in at least as many regiments as dice rolled, leave one, attack on",
        ["napoleon.combat.conquest"], negative=True)
def conquest(b):
    _pos(b, {"a1": (0, 1), "a2": (0, 5), "b1": (1, 1), "b2": (1, 1), "far": (1, 1)})
    b.attack("a2", "b1", 3, state={"phase": "battle"})
    b.roll([4, 2, 1], [3], state={"phase": "occupy", "pending": {"min": 3},
                                  "territories": {"b1": {"owner": 0, "armies": 0}}})
    b.reject({"type": "occupy", "armies": 2}, "armies", rule="napoleon.combat.conquest")
    b.reject({"type": "occupy", "armies": 5}, "armies", rule="napoleon.combat.conquest")
    b.do({"type": "occupy", "armies": 4},
         state={"phase": "attack", "turn_flags": {"conquered": True},
                "territories": {"a2": {"armies": 1}, "b1": {"armies": 4}}},
         legal_includes=[{"type": "attack", "from": "b1", "to": "b2", "dice": 3}])


@_advanced("napoleon.combat.elimination.001",
           "An eliminated player's ships leave the board and the conqueror takes the cards",
           ["napoleon.combat.elimination", "napoleon.cards.elimination-capture"])
def elimination(b):
    _apos(b, {"a1": (0, 4), "a2": (1, 1), "b1": (2, 1), "b2": (2, 1), "far": (2, 1)},
          zones={"z3": (1, 2)}, hands={1: ["c-b1"]})
    b.load({**b.start, "players": [dict(p, vp=n) for p, n in zip(b.start["players"], [0, 3, 0])]})
    b.attack("a1", "a2", 3, state={"phase": "battle"})
    b.roll([6, 5, 4], [2],
           events=[{"type": "battle", "from": "a1", "to": "a2", "attacker_losses": 0,
                    "defender_losses": 1},
                   {"type": "eliminated", "player": 1, "by": 0}],
           state={"zones": {"z3": {"owner": None, "ships": 0}}, "phase": "occupy",
                  "territories": {"a2": {"owner": 0, "armies": 0}},
                  "players": [{"cards": ["c-b1"]},
                              {"eliminated": True, "eliminated_by": 0, "cards": [], "vp": 3}, {}]})
    b.do({"type": "occupy", "armies": 3},
         explain="One card is far from a forced trade: the turn goes on, nothing owed.",
         state={"phase": "attack", "players": [{"captured": False}, {}, {}],
                "territories": {"a1": {"armies": 4 - 3}, "a2": {"armies": 3}}})


# ================================================================ naval maneuver
@_basic("napoleon.maneuver.naval.001",
        "One naval maneuver to a neighbouring zone, never across one's own zone, leaving a ship behind",
        ["napoleon.maneuver.naval", "napoleon.components.adjacency"], negative=True)
def naval_maneuver(b):
    _pos(b, {"a1": (0, 3), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (1, 1)},
         {"z1": (0, 3), "z2": (0, 1), "z3": (0, 1)}, phase="maneuver")
    b.reject({"type": "maneuver", "from": "z1", "to": "z3", "armies": 2}, "not-connected",
             rule="napoleon.maneuver.naval",
             explain="z3 is two zones away: ships do not cross z2, though it is the player's own.")
    b.reject({"type": "maneuver", "from": "z1", "to": "z2", "armies": 3}, "armies", rule="napoleon.maneuver.naval")
    b.do({"type": "maneuver", "from": "z1", "to": "z2", "armies": 2},
         state={"zones": {"z1": {"ships": 1}, "z2": {"ships": 3}},
                "turn_flags": {"naval_moves": 1}})
    b.reject({"type": "maneuver", "from": "z2", "to": "z3", "armies": 1}, "not-connected", rule="napoleon.maneuver.naval",
             explain="The one naval maneuver is spent.")
    b.do({"type": "maneuver", "from": "a1", "to": "a2", "armies": 2},
         explain="The land maneuver is counted apart.",
         state={"territories": {"a1": {"armies": 1}, "a2": {"armies": 3}}})


@_basic("napoleon.maneuver.naval.002",
        "A naval maneuver may end in an empty neighbouring zone, which the ships then hold",
        ["napoleon.maneuver.naval"], negative=True)
def naval_maneuver_empty(b):
    _pos(b, {"a1": (0, 3), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (1, 1)},
         {"z1": (0, 3)}, phase="maneuver")
    b.reject({"type": "maneuver", "from": "z1", "to": "z3", "armies": 2}, "not-connected",
             rule="napoleon.maneuver.naval", explain="z3 is not a neighbour of z1.")
    b.do({"type": "maneuver", "from": "z1", "to": "z2", "armies": 2},
         state={"zones": {"z1": {"ships": 1}, "z2": {"owner": 0, "ships": 2}},
                "turn_flags": {"naval_moves": 1}})


# ================================================================ Capitals option
@_capitals("napoleon.capitals.bonus.001", "No capital bonus in the first game turn",
           ["napoleon.capitals.bonus"], options={"capitals": "on", **NO_TABLE})
def capitals_first_turn(b):
    land = {t["id"]: (1, 1) for t in CAPITALS["territories"]}
    land.update({"w1": (0, 1), "w2": (0, 1), "n3": (2, 1)})
    _apos(b, land, phase="first-player", turn=0, pending={"for": "turn"})
    b.do({"type": "first-player", "player": 0},
         state={"phase": "reinforce", "turn": 1, "pending": {"to_place": 3}})

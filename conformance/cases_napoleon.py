"""Scenarios: Risk Napoléon, basic game, on a small purpose-built board.

The rules are tested on an inline map (``map`` in each case) so that they hold whatever
the printed board is: west (a1, a2) and east (b1, b2) empires in a row, a lone territory
``far``; maritime zones z1–z2–z3–z4 in a chain (z1, z2 form a route); a1 touches z1, b2
touches z3, far touches z4 only.  Seats 0 and 1 are the players, 2–5 the neutral armies.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.scenario import scenario
from riskspec.reference.napoleon.inline import small_map


def line(extra_cards: list[tuple[str, str | None, str]] | None = None,
         effects: dict[str, dict] | None = None) -> dict:
    """The LINE board, with ``extra_cards`` (id, territory or None, symbol) after its deck
    and ``effects`` (territory → card effect) on its territory cards."""
    deck = [("c-a1", "a1", "infantry"), ("c-a2", "a2", "infantry"), ("c-b1", "b1", "infantry"),
            ("c-b2", "b2", "cavalry"), ("c-far", "far", "artillery"), ("c-x", None, "wild")]
    cards: list[tuple] = [(c, t, sym, effects[t]) if effects and t in effects else (c, t, sym)
                          for c, t, sym in deck]
    return small_map(
        {"a1": "west", "a2": "west", "b1": "east", "b2": "east", "far": "south"},
        {"z1": "", "z2": "", "z3": "", "z4": ""},
        [("a1", "a2", "land"), ("a2", "b1", "land"), ("b1", "b2", "land"),
         ("a1", "z1", "coast"), ("z1", "z2", "sea"), ("z2", "z3", "sea"), ("z3", "z4", "sea"),
         ("b2", "z3", "coast"), ("far", "z4", "coast")],
        {"west": 2, "east": 3, "south": 1}, {"route": (4, ["z1", "z2"])},
        cards + list(extra_cards or []))


LINE = line()
#: LINE with three jokers (eight cards): room for two-joker sets and hands of eight
LINE_JOKERS = line([("c-y", None, "wild"), ("c-z", None, "wild")])

#: A land-only board with capitals (Capitals option): west w1–w4 (capital w1: hold 2, +1),
#: east e1–e4 (capital e1: hold 2, +2), north n1–n3 (capital n1: hold 2, +5), in a row.
CAPITALS = small_map(
    {**{f"w{i}": "west" for i in range(1, 5)}, **{f"e{i}": "east" for i in range(1, 5)},
     **{f"n{i}": "north" for i in range(1, 4)}}, {},
    [(a, b, "land") for a, b in zip(["w1", "w2", "w3", "w4", "e1", "e2", "e3", "e4", "n1", "n2"],
                                     ["w2", "w3", "w4", "e1", "e2", "e3", "e4", "n1", "n2", "n3"])],
    {"west": 3, "east": 4, "north": 2}, {},
    [("c-w1", "w1", "infantry"), ("c-e1", "e1", "cavalry"), ("c-n1", "n1", "artillery"),
     ("c-j", None, "wild")],
    {"west": ("w1", 2, 1), "east": ("e1", 2, 2), "north": ("n1", 2, 5)})
V = "napoleon-basic"
NEUTRAL = 2


def _pos(b: Any, land: dict, zones: dict | None = None, **kw: Any) -> dict:
    def edit(d: dict) -> None:
        for z, (seat, ships) in (zones or {}).items():
            d["zones"][z] = {"owner": seat, "ships": ships}
        d["turn_flags"].setdefault("land_attacked", False)
        d["turn_flags"].setdefault("naval_moves", 0)
    kw.setdefault("phase", "attack")
    return b.position(land, edit=edit, **kw)


@scenario("napoleon.naval.landing.001", "A naval landing crosses up to three controlled zones",
          ["napoleon.naval.landing"], players=2, variant=V, map=LINE)
def landing(b):
    _pos(b, {"a1": (0, 5), "a2": (0, 1), "b1": (1, 1), "b2": (1, 2), "far": (1, 1)},
         {"z1": (0, 1), "z2": (0, 1), "z3": (0, 1), "z4": (0, 1)})
    b.check(legal_includes=[{"type": "attack", "from": "a1", "to": "b2", "dice": 3}],
            legal_excludes=[{"type": "attack", "from": "a1", "to": "far", "dice": 3}])
    b.attack("a1", "b2", 3, state={"phase": "defend"})


@scenario("napoleon.naval.landing.002", "A landing cannot cross a fourth zone",
          ["napoleon.naval.landing"], players=2, variant=V, map=LINE, negative=True)
def landing_far(b):
    _pos(b, {"a1": (0, 5), "a2": (0, 1), "b1": (1, 1), "b2": (1, 2), "far": (1, 1)},
         {"z1": (0, 1), "z2": (0, 1), "z3": (0, 1), "z4": (0, 1)})
    b.reject({"type": "attack", "from": "a1", "to": "far", "dice": 3}, "not-adjacent", rule="napoleon.naval.landing")


@scenario("napoleon.combat.naval-first.001", "No naval combat after the first land offensive",
          ["napoleon.combat.naval-first"], players=2, variant=V, map=LINE, negative=True)
def naval_first(b):
    _pos(b, {"a1": (0, 1), "a2": (0, 5), "b1": (1, 1), "b2": (1, 1), "far": (1, 1)},
         {"z2": (0, 3), "z3": (1, 1)})
    b.attack("a2", "b1", 3, explain="b1's one army can roll one die only: no choice, straight to the roll.",
             state={"phase": "battle"})
    b.roll([1, 1, 1], [6], state={"phase": "attack", "territories": {"a2": {"armies": 5 - 1}}})
    b.reject({"type": "attack", "from": "z2", "to": "z3", "dice": 2}, "naval-after-land", rule="napoleon.combat.naval-first")


@scenario("napoleon.naval.fight-to-end.001", "A naval battle goes on until one side is gone",
          ["napoleon.naval.fight-to-end"], players=2, variant=V, map=LINE)
def fight_to_end(b):
    _pos(b, {"a1": (0, 1), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (1, 1)},
         {"z2": (0, 4), "z3": (1, 3)})
    b.attack("z2", "z3", 1, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})
    b.roll([6], [1], state={"phase": "battle", "pending": {"attacker_dice": 3, "defender_dice": 2},
                            "zones": {"z3": {"ships": 3 - 1}}})


@scenario("napoleon.basic.neutral-defence.001", "The player not attacking rolls for a neutral",
          ["napoleon.basic.neutral-defence"], players=2, variant=V, map=LINE)
def neutral_defence(b):
    _pos(b, {"a1": (0, 4), "a2": (NEUTRAL, 3), "b1": (1, 1), "b2": (1, 1), "far": (1, 1)})
    b.attack("a1", "a2", 3, state={"phase": "defend", "pending": {"chooser": 1}})


@scenario("napoleon.basic.end.001", "Taking the other player's last territory wins",
          ["napoleon.basic.end", "napoleon.cards.elimination-capture"], players=2, variant=V,
          map=LINE)
def basic_end(b):
    _pos(b, {"a1": (0, 4), "a2": (1, 1), "b1": (NEUTRAL, 1), "b2": (NEUTRAL, 1),
             "far": (NEUTRAL, 1)}, hands={1: ["c-b1", "c-b2"]})
    b.attack("a1", "a2", 3, state={"phase": "battle"})
    b.roll([6, 5, 4], [1], explain="The other player's last territory falls: the game ends before any move-in.",
           state={"winner": 0, "phase": "game-over", "territories": {"a2": {"owner": 0, "armies": 0}},
                  "players": [{"cards": 2}, {"eliminated": True, "cards": 0}, {}, {}, {}, {}]})


@scenario("napoleon.basic.end.002", "Reading all-territories: neutrals must be taken too",
          ["napoleon.basic.end"], players=2, variant=V, map=LINE,
          options={"napoleon.amb.basic-game-end": "all-territories"},
          reading=("napoleon.amb.basic-game-end", "all-territories"))
def basic_end_all(b):
    _pos(b, {"a1": (0, 4), "a2": (1, 1), "b1": (NEUTRAL, 1), "b2": (0, 1), "far": (0, 1)})
    b.attack("a1", "a2", 3, state={"phase": "battle"})
    b.roll([6, 5, 4], [1], state={"winner": None, "phase": "occupy",
                                  "territories": {"a2": {"owner": 0, "armies": 0}},
                                  "players": [{}, {"eliminated": True}, {}, {}, {}, {}]})
    b.do({"type": "occupy", "armies": 3}, state={"phase": "attack", "territories": {
        "a1": {"armies": 4 - 3}, "a2": {"armies": 3}}})
    b.attack("a2", "b1", 2, state={"phase": "battle"})
    b.roll([6, 6], [1], explain="The last neutral territory falls: black holds them all.",
           state={"winner": 0, "phase": "game-over", "territories": {"b1": {"owner": 0, "armies": 0}},
                  "players": [{}, {}, {"eliminated": True}, {}, {}, {}]})


@scenario("napoleon.maneuver.land.001", "One land maneuver along one's own territories",
          ["napoleon.maneuver.land"], players=2, variant=V, map=LINE)
def maneuver(b):
    _pos(b, {"a1": (0, 5), "a2": (0, 1), "b1": (0, 1), "b2": (1, 1), "far": (1, 1)},
         phase="maneuver")
    b.do({"type": "maneuver", "from": "a1", "to": "b1", "armies": 4},
         state={"territories": {"a1": {"armies": 1}, "b1": {"armies": 5}}})
    b.reject({"type": "maneuver", "from": "b1", "to": "a2", "armies": 1}, "not-connected", rule="napoleon.maneuver.land")


@scenario("napoleon.end-of-turn.draws.001", "One card per condition met: invasion and an empire",
          ["napoleon.end-of-turn.draws"], players=2, variant=V, map=LINE)
def draws(b):
    _pos(b, {"a1": (0, 2), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (1, 1)},
         phase="maneuver", conquered=True)
    b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": 2}})


@scenario("napoleon.reinforce.routes.001", "Territories and zones counted, empire and route bonuses",
          ["napoleon.reinforce.territories", "napoleon.reinforce.empires",
           "napoleon.reinforce.routes"], players=2, variant=V, map=LINE)
def reinforce(b):
    _pos(b, {"a1": (0, 1), "a2": (0, 1), "b1": (1, 1), "b2": (NEUTRAL, 1), "far": (NEUTRAL, 1)},
         {"z1": (0, 1), "z2": (0, 1)}, phase="maneuver", current=1)
    # max(3, (2 territories + 2 zones) // 3) + west 2 + route 4
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 0, "turn": 2,
                                      "pending": {"to_place": 9}})


@scenario("napoleon.cards.trade-territory-bonus.001",
          "A fixed-value set, +2 on each traded card's territory held",
          ["napoleon.cards.set-values", "napoleon.cards.trade-territory-bonus"], players=2,
          variant=V, map=LINE)
def trade(b):
    _pos(b, {"a1": (0, 1), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
         phase="reinforce", hands={0: ["c-a1", "c-a2", "c-b1"]},
         pending={"to_place": 3, "must_trade": False, "after": "turn"})
    b.do({"type": "trade", "cards": ["c-a1", "c-a2", "c-b1"]},
         state={"pending": {"to_place": 7}, "players": [{"cards": []}, {}, {}, {}, {}, {}],
                "territories": {"a1": {"armies": 3}, "a2": {"armies": 3}, "b1": {"armies": 1}}})


@scenario("napoleon.cards.forced-trade.001", "Five cards or more: a set must be traded first",
          ["napoleon.cards.forced-trade"], players=2, variant=V, map=LINE, negative=True)
def forced(b):
    _pos(b, {"a1": (0, 1), "a2": (0, 1), "b1": (1, 1), "b2": (NEUTRAL, 1), "far": (NEUTRAL, 1)},
         phase="maneuver", current=1, hands={0: ["c-a1", "c-a2", "c-b1", "c-b2", "c-far"]})
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 0, "turn": 2,
                                      "pending": {"must_trade": True}})
    b.reject({"type": "place", "territory": "a1"}, "must-trade", rule="napoleon.cards.forced-trade")


# ---------------------------------------------------------------- Advanced Rules
A = "napoleon-advanced"


def _apos(b: Any, land: dict, leaders: dict | None = None, zones: dict | None = None,
          **kw: Any) -> dict:
    """``leaders``: territory → (generals, fortifications); ``zones``: zone → (seat, ships)."""
    def edit(d: dict) -> None:
        for z, (seat, ships) in (zones or {}).items():
            d["zones"][z] = {"owner": seat, "ships": ships}
        for t, (g, f) in (leaders or {}).items():
            d["territories"][t]["generals"], d["territories"][t]["fortifications"] = g, f
        d["turn_flags"].setdefault("land_attacked", False)
        d["turn_flags"].setdefault("naval_moves", 0)
    kw.setdefault("phase", "attack")
    return b.position(land, edit=edit, **kw)


@scenario("napoleon.combat.general-bonus.001", "An attacking general adds 1 to the highest die",
          ["napoleon.combat.general-bonus", "napoleon.combat.modified-dice"], players=3,
          variant=A, map=LINE)
def general_bonus(b):
    _apos(b, {"a1": (0, 4), "a2": (1, 2), "b1": (2, 1), "b2": (2, 1), "far": (1, 1)},
          {"a1": (1, 0)})
    b.attack("a1", "a2", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([5, 2, 1], [5, 3], state={"phase": "attack", "territories": {"a1": {"armies": 3}, "a2": {"armies": 1}}})


@scenario("napoleon.combat.bonus-stacking.001",
          "Two generals in a fortified territory: the bonuses add position by position",
          ["napoleon.combat.bonus-stacking", "napoleon.combat.fortification-bonus"], players=3,
          variant=A, map=LINE)
def stacking(b):
    _apos(b, {"a1": (0, 4), "a2": (1, 3), "b1": (2, 1), "b2": (2, 1), "far": (1, 1)},
          {"a2": (2, 1)})
    b.attack("a1", "a2", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # defender 5, 5 becomes 7, 6: both pairs go to the defender
    b.roll([6, 6, 1], [5, 5], state={"phase": "attack", "territories": {"a1": {"armies": 2}, "a2": {"armies": 3}}})


@scenario("napoleon.leaders.capture-vp.001",
          "Conquering a territory captures its general (victory points) and razes its fortification",
          ["napoleon.leaders.capture", "napoleon.leaders.capture-vp",
           "napoleon.combat.fortification-destroyed"], players=3, variant=A, map=LINE)
def capture(b):
    _apos(b, {"a1": (0, 5), "a2": (1, 1), "b1": (2, 1), "b2": (2, 1), "far": (1, 1)},
          {"a2": (1, 1)})
    b.attack("a1", "a2", 3, state={"phase": "battle"})
    b.roll([6, 6, 6], [1], state={
        "phase": "occupy",
        "territories": {"a2": {"owner": 0, "armies": 0, "generals": 0, "fortifications": 0}},
        "players": [{"vp": 1}, {"vp": -1, "captive_generals": 1}, {"vp": 0}]})


@scenario("napoleon.reinforce.fortifications.001",
          "A fortified territory gets a regiment on itself at the start of the reinforcement phase",
          ["napoleon.reinforce.fortifications"], players=3, variant=A, map=LINE,
          options={"napoleon.amb.card-table": "ignore"})
def fort_regiments(b):
    _apos(b, {"a1": (0, 1), "a2": (1, 1), "b1": (2, 1), "b2": (1, 1), "far": (1, 1)},
          {"a1": (0, 1)}, phase="maneuver", current=2)
    # 1 territory -> the minimum of 3 to place; the fortification's regiment is already on a1
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 0, "turn": 2,
                                      "pending": {"to_place": 3},
                                      "territories": {"a1": {"armies": 2}}},
         events=[{"type": "fortification-regiments", "player": 0, "territory": "a1",
                  "armies": 1}])

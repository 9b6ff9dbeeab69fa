"""Scenarios: Risk Napoléon, basic game and a few Advanced rules, on the printed Europe board.

The cases play the variant's own map (``spec/napoleon/map.yaml``; positions from
:mod:`printed`: the places named, every other territory to one background seat).  The
small purpose-built boards of the first Napoléon cases stay defined here, since other
modules' inline cases play them: ``LINE``, west (a1, a2) and east (b1, b2) empires in a row,
a lone territory ``far``; maritime zones z1–z2–z3–z4 in a chain (z1, z2 form a route); a1
touches z1, b2 touches z3, far touches z4 only; and ``CAPITALS``, a land-only row with
capitals.  Seats 0 and 1 are the players, 2–5 the neutral armies in the basic game.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.printed import REINFORCE, attack, pos, sc
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
    """A position on an inline board (the LINE cases of other modules): ``land`` territory →
    (seat, regiments), ``zones`` zone → (seat, ships)."""
    def edit(d: dict) -> None:
        for z, (seat, ships) in (zones or {}).items():
            d["zones"][z] = {"owner": seat, "ships": ships}
        d["turn_flags"].setdefault("land_attacked", False)
        d["turn_flags"].setdefault("naval_moves", 0)
    kw.setdefault("phase", "attack")
    return b.position(land, edit=edit, **kw)


#: player 1's landing party in Brittany; Croatia (player 2) is across three zones of the
#: fleet, Egypt (player 2) across four
_LANDING = {"brittany": (0, 5), "croatia": (1, 2), "egypt": (1, 1)}
_CHAIN = {z: (0, 1) for z in ("western-europe-atlantic", "western-mediterranean",
                              "mediterranean-adriatic", "eastern-mediterranean")}
_FRANCE = ["ile-de-france", "brittany", "aquitaine", "languedoc", "provence", "lorraine",
           "belgium", "holland"]
_AMERICAS = ["western-europe-atlantic", "north-sea", "baltic-sea"]


@sc("napoleon.naval.landing.001", "A naval landing crosses up to three controlled zones",
    ["napoleon.naval.landing"], variant=V)
def landing(b):
    pos(b, _LANDING, zones=_CHAIN)
    b.check(explain="From Brittany the fleet's zones run Western Europe Atlantic, Western "
                    "Mediterranean, Mediterranean/Adriatic: Croatia is across three zones, "
                    "Egypt across a fourth (the Eastern Mediterranean).",
            legal_includes=[attack("brittany", "croatia", 3)],
            legal_excludes=[attack("brittany", "egypt", 3)])
    b.attack("brittany", "croatia", 3, state={"phase": "defend"})


@sc("napoleon.naval.landing.002", "A landing cannot cross a fourth zone",
    ["napoleon.naval.landing"], variant=V, negative=True)
def landing_far(b):
    pos(b, _LANDING, zones=_CHAIN)
    b.reject(attack("brittany", "egypt", 3), "not-adjacent", rule="napoleon.naval.landing",
             explain="Egypt touches only the Eastern Mediterranean, the fourth zone from Brittany.")


@sc("napoleon.combat.naval-first.001", "No naval combat after the first land offensive",
    ["napoleon.combat.naval-first"], variant=V, negative=True)
def naval_first(b):
    pos(b, {"aquitaine": (0, 5), "castile": (1, 1), "denmark": (1, 1)},
        zones={"north-sea": (0, 3), "baltic-sea": (1, 1)})
    b.attack("aquitaine", "castile", 3,
             explain="Castile's one regiment can roll one die only: no choice, straight to the roll.",
             state={"phase": "battle"})
    b.roll([1, 1, 1], [6], state={"phase": "attack", "territories": {"aquitaine": {"armies": 5 - 1}}})
    b.reject(attack("north-sea", "baltic-sea", 2), "naval-after-land",
             rule="napoleon.combat.naval-first")


@sc("napoleon.naval.fight-to-end.001", "A naval battle goes on until one side is gone",
    ["napoleon.naval.fight-to-end"], variant=V)
def fight_to_end(b):
    pos(b, {"england": (0, 1), "denmark": (1, 1)},
        zones={"north-sea": (0, 4), "baltic-sea": (1, 3)})
    b.attack("north-sea", "baltic-sea", 1, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})
    b.roll([6], [1], explain="The Baltic squadron is not gone: the battle goes on, four ships "
                             "against two rolling the most dice they can (3 and 2).",
           state={"phase": "battle", "pending": {"attacker_dice": 3, "defender_dice": 2},
                  "zones": {"baltic-sea": {"ships": 3 - 1}}})


@sc("napoleon.basic.neutral-defence.001", "The player not attacking rolls for a neutral",
    ["napoleon.basic.neutral-defence"], variant=V)
def neutral_defence(b):
    pos(b, {"aquitaine": (0, 4), "castile": (NEUTRAL, 3), "england": (1, 1)})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend", "pending": {"chooser": 1}})


@sc("napoleon.basic.end.001", "Taking the other player's last territory wins",
    ["napoleon.basic.end", "napoleon.cards.elimination-capture"], variant=V)
def basic_end(b):
    pos(b, {"aquitaine": (0, 4), "castile": (1, 1)},
        hands={1: ["card-castile", "card-leon-asturias"]}, turn=1)
    b.attack("aquitaine", "castile", 3, state={"phase": "battle"})
    b.roll([6, 5, 4], [1], explain="The other player's last territory falls: the game ends before any move-in.",
           state={"winner": 0, "phase": "game-over",
                  "territories": {"castile": {"owner": 0, "armies": 0}},
                  "players": [{"cards": 2}, {"eliminated": True, "cards": 0}, {}, {}, {}, {}]})


@sc("napoleon.basic.end.002", "Reading all-territories: neutrals must be taken too",
    ["napoleon.basic.end"], variant=V, background=(0, 1),
    options={"napoleon.amb.basic-game-end": "all-territories"},
    reading=("napoleon.amb.basic-game-end", "all-territories"))
def basic_end_all(b):
    # player 1 holds all of Europe but Castile (player 2's) and Catalonia (the last neutral)
    pos(b, {"aquitaine": (0, 4), "castile": (1, 1), "catalonia": (NEUTRAL, 1)}, rest=0)
    b.attack("aquitaine", "castile", 3, state={"phase": "battle"})
    b.roll([6, 5, 4], [1], state={"winner": None, "phase": "occupy",
                                  "territories": {"castile": {"owner": 0, "armies": 0}},
                                  "players": [{}, {"eliminated": True}, {}, {}, {}, {}]})
    b.do({"type": "occupy", "armies": 3}, state={"phase": "attack", "territories": {
        "aquitaine": {"armies": 4 - 3}, "castile": {"armies": 3}}})
    b.attack("castile", "catalonia", 2, state={"phase": "battle"})
    b.roll([6, 6], [1], explain="The last neutral territory falls: black holds them all.",
           state={"winner": 0, "phase": "game-over",
                  "territories": {"catalonia": {"owner": 0, "armies": 0}},
                  "players": [{}, {}, {"eliminated": True}, {}, {}, {}]})


@sc("napoleon.maneuver.land.001", "One land maneuver along one's own territories",
    ["napoleon.maneuver.land"], variant=V)
def maneuver(b):
    pos(b, {"brittany": (0, 5), "aquitaine": (0, 1), "castile": (0, 1), "england": (1, 1)},
        phase="maneuver")
    b.do({"type": "maneuver", "from": "brittany", "to": "castile", "armies": 4},
         explain="Brittany to Castile through Aquitaine, all three player 1's.",
         state={"territories": {"brittany": {"armies": 1}, "castile": {"armies": 5}}})
    b.reject({"type": "maneuver", "from": "castile", "to": "aquitaine", "armies": 1},
             "not-connected", rule="napoleon.maneuver.land")


@sc("napoleon.end-of-turn.draws.001", "One card per condition met: invasion and an empire",
    ["napoleon.end-of-turn.draws"], variant=V)
def draws(b):
    pos(b, {"england": (0, 2), "scotland": (0, 1), "ireland": (0, 1), "castile": (1, 1)},
        phase="maneuver", conquered=True)
    b.do({"type": "end-turn"}, explain="A territory invaded and the whole United Kingdom held: two cards.",
         state={"phase": "draw", "pending": {"left": 2}})


@sc("napoleon.reinforce.routes.001", "Territories and zones counted, empire and route bonuses",
    ["napoleon.reinforce.territories", "napoleon.reinforce.empires",
     "napoleon.reinforce.routes"], variant=V)
def reinforce(b):
    mine = {t: (0, 1) for t in _FRANCE + ["england", "scotland", "ireland"]}
    pos(b, {**mine, "castile": (1, 1)}, zones={z: (0, 1) for z in _AMERICAS},
        phase="maneuver", current=1)
    # (11 territories + 3 zones) // 3 = 4, + French Empire 5 + United Kingdom 2
    # + Route to the Americas 2
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 0, "turn": 2,
                                      "pending": {"to_place": 4 + 5 + 2 + 2}})


@sc("napoleon.cards.trade-territory-bonus.001",
    "A fixed-value set, +2 on each traded card's territory held",
    ["napoleon.cards.set-values", "napoleon.cards.trade-territory-bonus"], variant=V)
def trade(b):
    cards = ["card-brittany", "card-castile", "card-leon-asturias"]   # three infantry, deck order
    pos(b, {"castile": (0, 1), "leon-asturias": (0, 1), "brittany": (1, 1)},
        phase="reinforce", hands={0: cards}, pending=dict(REINFORCE), turn=1)
    b.do({"type": "trade", "cards": cards},
         state={"pending": {"to_place": 3 + 4}, "players": [{"cards": []}, {}, {}, {}, {}, {}],
                "territories": {"castile": {"armies": 3}, "leon-asturias": {"armies": 3},
                                "brittany": {"armies": 1}}})


@sc("napoleon.cards.forced-trade.001", "Five cards or more: a set must be traded first",
    ["napoleon.cards.forced-trade"], variant=V, negative=True)
def forced(b):
    pos(b, {"aquitaine": (0, 1), "brittany": (0, 1), "castile": (1, 1)},
        phase="maneuver", current=1, turn=1,
        hands={0: ["card-aquitaine", "card-brittany", "card-castile", "card-egypt", "joker-1"]})
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 0, "turn": 2,
                                      "pending": {"must_trade": True}})
    b.reject({"type": "place", "territory": "aquitaine"}, "must-trade",
             rule="napoleon.cards.forced-trade")


# ---------------------------------------------------------------- Advanced Rules
A = "napoleon-advanced"


def _apos(b: Any, land: dict, leaders: dict | None = None, zones: dict | None = None,
          **kw: Any) -> dict:
    """An Advanced position on an inline board (the LINE and CAPITALS cases of other modules):
    ``leaders``: territory → (generals, fortifications); ``zones``: zone → (seat, ships)."""
    def edit(d: dict) -> None:
        for z, (seat, ships) in (zones or {}).items():
            d["zones"][z] = {"owner": seat, "ships": ships}
        for t, (g, f) in (leaders or {}).items():
            d["territories"][t]["generals"], d["territories"][t]["fortifications"] = g, f
        d["turn_flags"].setdefault("land_attacked", False)
        d["turn_flags"].setdefault("naval_moves", 0)
    kw.setdefault("phase", "attack")
    return b.position(land, edit=edit, **kw)


@sc("napoleon.combat.general-bonus.001", "An attacking general adds 1 to the highest die",
    ["napoleon.combat.general-bonus", "napoleon.combat.modified-dice"], variant=A)
def general_bonus(b):
    pos(b, {"aquitaine": (0, 4), "castile": (1, 2)}, gen={"aquitaine": 1})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # the general makes 5, 2, 1 into 6, 2, 1: 6 beats 5, 2 loses to 3
    b.roll([5, 2, 1], [5, 3], state={"phase": "attack", "territories": {
        "aquitaine": {"armies": 3}, "castile": {"armies": 1}}})


@sc("napoleon.combat.bonus-stacking.001",
    "Two generals in a fortified territory: the bonuses add position by position",
    ["napoleon.combat.bonus-stacking", "napoleon.combat.fortification-bonus"], variant=A)
def stacking(b):
    pos(b, {"aquitaine": (0, 4), "castile": (1, 3)}, gen={"castile": 2}, forts={"castile": 1})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # defender 5, 5 becomes 7, 6: both pairs go to the defender
    b.roll([6, 6, 1], [5, 5], state={"phase": "attack", "territories": {
        "aquitaine": {"armies": 2}, "castile": {"armies": 3}}})


@sc("napoleon.leaders.capture-vp.001",
    "Conquering a territory captures its general (victory points) and razes its fortification",
    ["napoleon.leaders.capture", "napoleon.leaders.capture-vp",
     "napoleon.combat.fortification-destroyed"], variant=A)
def capture(b):
    pos(b, {"aquitaine": (0, 5), "castile": (1, 1), "england": (1, 1)},
        gen={"castile": 1}, forts={"castile": 1})
    b.attack("aquitaine", "castile", 3, state={"phase": "battle"})
    b.roll([6, 6, 6], [1], state={
        "phase": "occupy",
        "territories": {"castile": {"owner": 0, "armies": 0, "generals": 0, "fortifications": 0}},
        "players": [{"vp": 1}, {"vp": -1, "captive_generals": 1}, {"vp": 0}]})


@sc("napoleon.reinforce.fortifications.001",
    "A fortified territory gets a regiment on itself at the start of the reinforcement phase",
    ["napoleon.reinforce.fortifications"], variant=A, background=(1, 1),
    options={"napoleon.amb.card-table": "ignore"})
def fort_regiments(b):
    # player 3 (seat 2) ends a turn holding England alone; player 2 the rest of the board
    pos(b, {"castile": (0, 1), "england": (2, 1)}, rest=1, forts={"castile": 1},
        phase="maneuver", current=2)
    # 1 territory -> the minimum of 3 to place; the fortification's regiment is already on Castile
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 0, "turn": 2,
                                      "pending": {"to_place": 3},
                                      "territories": {"castile": {"armies": 2}}},
         events=[{"type": "fortification-regiments", "player": 0, "territory": "castile",
                  "armies": 1}])

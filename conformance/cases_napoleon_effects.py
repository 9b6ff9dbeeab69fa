"""Scenarios: Risk Napoléon — territory-card effects and epidemics (on small purpose-built
maps; see cases_napoleon).

The board is cases_napoleon's LINE (a1–a2–b1–b2 in a row, ``far`` alone; zones z1–z4 in a
chain; a1 touches z1, b2 z3, far z4) with effect cards: each map below gives the five
territory cards the effects its scenarios need (``c-x`` is a joker).  Cards are held so
that their territory belongs to another player, unless a scenario tests the territory bonus.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon import V, line
from riskspec.conformance.cases_napoleon_rules import DECK as CARD_DECK
from riskspec.conformance.printed import registrar, seats
from riskspec.conformance.scenario import scenario
from riskspec.reference.napoleon.inline import card_effect as fx

B, A = "napoleon-basic", "napoleon-advanced"
NEUTRAL = 2


def _map(effects: dict[str, dict]) -> dict:
    """The LINE board of cases_napoleon, every territory card with its effect."""
    return line(effects=effects)


#: reinforcement and special effects
REIN = _map({"a1": fx("extra-regiments", 2), "a2": fx("extra-regiments", 4, in_set_bonus=4),
             "b1": fx("free-ships", 2), "b2": fx("free-fortification", 1),
             "far": fx("move-epidemic")})
#: dice effects
DICE = _map({"a1": fx("attack-die-bonus", 1), "a2": fx("attack-extra-die", 1),
             "b1": fx("defence-die-bonus", 1), "b2": fx("defence-extra-die", 1),
             "far": fx("reroll")})
#: battle and maneuver effects
MOVE = _map({"a1": fx("ignore-fortification"), "a2": fx("ignore-epidemic"),
             "b1": fx("extra-land-maneuver", 1), "b2": fx("extra-naval-maneuver", 1),
             "far": fx("reroll")})


EP_ELIM = "napoleon.amb.epidemic-elimination"


SUPPLY = "napoleon.amb.ship-supply"


#: two reroll cards (a1, far), a ship-less basic game's cards (a2: regiments, b2: a naval
#: maneuver)
REROLLS = line(effects={"a1": fx("reroll"), "far": fx("reroll")})


NO_SHIPS = line(effects={"a2": fx("extra-regiments", 2), "b2": fx("extra-naval-maneuver", 1)})

#: the registering shorthands: the basic game with two players, the Advanced game with three
_basic_rein, _basic_dice, _basic_move = registrar(2, B, REIN), registrar(2, B, DICE), registrar(2, B, MOVE)
_adv_rein, _adv_dice, _adv_move = registrar(3, A, REIN), registrar(3, A, DICE), registrar(3, A, MOVE)


def _pos(b: Any, land: dict, zones: dict | None = None, leaders: dict | None = None,
         epidemics: dict | None = None, **kw: Any) -> dict:
    """``zones`` zone → (seat, ships); ``leaders`` territory → (generals, fortifications);
    ``epidemics`` territory → markers (Advanced Rules)."""
    def edit(d: dict) -> None:
        for z, (seat, ships) in (zones or {}).items():
            d["zones"][z] = {"owner": seat, "ships": ships}
        if b.sc.variant == A:
            for t in d["territories"]:
                d["territories"][t].setdefault("generals", 0)
                d["territories"][t].setdefault("fortifications", 0)
                d["territories"][t].setdefault("epidemics", 0)
            for t, (g, f) in (leaders or {}).items():
                d["territories"][t]["generals"], d["territories"][t]["fortifications"] = g, f
            for t, n in (epidemics or {}).items():
                d["territories"][t]["epidemics"] = n
        d["turn_flags"].setdefault("land_attacked", False)
        d["turn_flags"].setdefault("naval_moves", 0)
    kw.setdefault("phase", "attack")
    return b.position(land, edit=edit, **kw)


def _reinforce(to_place: int = 3) -> dict:
    return {"to_place": to_place, "must_trade": False, "after": "turn"}


# ---------------------------------------------------------------- reinforcement effects

@_basic_rein("napoleon.effects.extra-regiments.001",
             "A card played for extra regiments adds them, and 2 on its territory when held",
             ["napoleon.effects.extra-regiments", "napoleon.cards.use-or-trade",
              "napoleon.cards.effect-territory-bonus"])
def extra_regiments(b):
    _pos(b, {"a1": (0, 1), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
         phase="reinforce", hands={0: ["c-a1"]}, pending=_reinforce())
    b.do({"type": "play-card", "card": "c-a1"},
         state={"pending": {"to_place": 5}, "territories": {"a1": {"armies": 3}},
                "discards": ["c-a1"], "players": [{"cards": 0}, {}, {}, {}, {}, {}]},
         events=[{"type": "card-played", "player": 0, "card": "c-a1", "effect": "extra-regiments"},
                 {"type": "territory-bonus", "territory": "a1", "armies": 2}])


@_basic_rein("napoleon.cards.effect-territory-bonus.001",
             "Reading effect-too: a card played for its effect gives 2 on its territory",
             ["napoleon.cards.effect-territory-bonus"],
             reading=("napoleon.amb.effect-territory-bonus", "effect-too"))
def bonus_effect_too(b):
    _pos(b, {"a1": (1, 1), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
         phase="reinforce", hands={0: ["c-a2"]}, pending=_reinforce())
    b.do({"type": "play-card", "card": "c-a2"},
         state={"pending": {"to_place": 7}, "territories": {"a2": {"armies": 3}}, "players": [{"cards": 0}, {}, {}, {}, {}, {}]})


@_basic_rein("napoleon.cards.effect-territory-bonus.002",
             "Reading trade-only: a card played for its effect gives no territory bonus",
             ["napoleon.cards.effect-territory-bonus"],
             reading=("napoleon.amb.effect-territory-bonus", "trade-only"))
def bonus_trade_only(b):
    _pos(b, {"a1": (1, 1), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
         phase="reinforce", hands={0: ["c-a2"]}, pending=_reinforce())
    b.do({"type": "play-card", "card": "c-a2"},
         state={"pending": {"to_place": 7}, "territories": {"a2": {"armies": 1}}, "players": [{"cards": 0}, {}, {}, {}, {}, {}]})


@_basic_rein("napoleon.effects.free-ships.001",
             "Free ships: built at no cost in zones touching one's territories",
             ["napoleon.effects.free-ships"])
def free_ships(b):
    _pos(b, {"a1": (0, 1), "a2": (1, 1), "b1": (1, 1), "b2": (1, 1), "far": (0, 1)},
         phase="reinforce", hands={0: ["c-b1"]}, pending=_reinforce())
    b.check(legal_includes=[{"type": "play-card", "card": "c-b1", "zones": ["z1", "z1"]},
                            {"type": "play-card", "card": "c-b1", "zones": ["z1", "z4"]},
                            {"type": "play-card", "card": "c-b1", "zones": ["z4", "z4"]}],
            legal_excludes=[{"type": "play-card", "card": "c-b1", "zones": ["z3", "z3"]},
                            {"type": "play-card", "card": "c-b1"}])
    b.do({"type": "play-card", "card": "c-b1", "zones": ["z1", "z4"]},
         state={"pending": {"to_place": 3}, "zones": {"z1": {"owner": 0, "ships": 1},
                                                      "z4": {"owner": 0, "ships": 1}},
                "players": [{"cards": 0}, {}, {}, {}, {}, {}]})


@_basic_rein("napoleon.effects.free-ships.002",
             "Free ships cannot go in a zone that touches none of one's territories",
             ["napoleon.effects.free-ships"], negative=True)
def free_ships_far(b):
    _pos(b, {"a1": (0, 1), "a2": (1, 1), "b1": (1, 1), "b2": (1, 1), "far": (0, 1)},
         phase="reinforce", hands={0: ["c-b1"]}, pending=_reinforce())
    b.reject({"type": "play-card", "card": "c-b1", "zones": ["z3", "z3"]}, "not-coastal", rule="napoleon.effects.free-ships")
    b.reject({"type": "play-card", "card": "c-b1"}, "targets", rule="napoleon.effects.free-ships")


@_adv_rein("napoleon.effects.free-fortification.001",
           "A free fortification on one's own territory, reinforcements untouched",
           ["napoleon.effects.free-fortification"])
def free_fort(b):
    _pos(b, {"a1": (0, 2), "a2": (1, 1), "b1": (2, 1), "b2": (1, 1), "far": (0, 1)},
         phase="reinforce", hands={0: ["c-b2"]}, pending=_reinforce())
    b.do({"type": "play-card", "card": "c-b2", "territory": "a1"},
         state={"pending": {"to_place": 3}, "territories": {"a1": {"fortifications": 1}},
                "players": [{"cards": 0}, {}, {}]})


@_adv_rein("napoleon.effects.free-fortification.002",
           "A free fortification keeps the usual limits: not where an epidemic is",
           ["napoleon.effects.free-fortification"], negative=True)
def free_fort_epidemic(b):
    _pos(b, {"a1": (0, 2), "a2": (1, 1), "b1": (2, 1), "b2": (1, 1), "far": (0, 1)},
         epidemics={"a1": 1}, phase="reinforce", hands={0: ["c-b2"]}, pending=_reinforce())
    b.reject({"type": "play-card", "card": "c-b2", "territory": "a1"}, "epidemic", rule="napoleon.effects.free-fortification")
    b.reject({"type": "play-card", "card": "c-b2", "territory": "a2"}, "not-owner", rule="napoleon.effects.free-fortification")


@_adv_rein("napoleon.effects.move-epidemic.001",
           "A card moves an epidemic to a neighbouring territory, where it strikes at once",
           ["napoleon.effects.move-epidemic", "napoleon.epidemics.card-move"])
def move_epidemic(b):
    _pos(b, {"a1": (0, 3), "a2": (1, 3), "b1": (2, 3), "b2": (1, 1), "far": (1, 1)},
         epidemics={"a2": 1}, hands={0: ["c-far"]})
    b.check(legal_includes=[{"type": "play-card", "card": "c-far", "from": "a2", "to": "a1"},
                            {"type": "play-card", "card": "c-far", "from": "a2", "to": "b1"}],
            legal_excludes=[{"type": "play-card", "card": "c-far", "from": "a2", "to": "far"}])
    b.do({"type": "play-card", "card": "c-far", "from": "a2", "to": "b1"},
         state={"phase": "attack", "territories": {"a2": {"epidemics": 0, "armies": 3},
                                                   "b1": {"epidemics": 1, "armies": 2}},
                "players": [{"cards": 0}, {}, {}]},
         events=[{"type": "card-played", "player": 0, "card": "c-far", "effect": "move-epidemic"},
                 {"type": "epidemic-moved", "from": "a2", "to": "b1"},
                 {"type": "epidemic-card-loss", "territory": "b1", "armies": 1}])


@_adv_rein("napoleon.effects.move-epidemic.002",
           "An epidemic moves only to a territory next to the one it is in",
           ["napoleon.effects.move-epidemic"], negative=True)
def move_epidemic_far(b):
    _pos(b, {"a1": (0, 3), "a2": (1, 3), "b1": (2, 3), "b2": (1, 1), "far": (1, 1)},
         epidemics={"a2": 1}, hands={0: ["c-far"]})
    b.reject({"type": "play-card", "card": "c-far", "from": "a2", "to": "far"}, "not-a-target", rule="napoleon.effects.move-epidemic")
    b.reject({"type": "play-card", "card": "c-far", "from": "a1", "to": "a2"}, "not-a-target", rule="napoleon.effects.move-epidemic")


@_adv_rein("napoleon.epidemics.card-move.001",
           "An epidemic moved by a card that takes the last regiment moves on by a card drawn",
           ["napoleon.epidemics.card-move", "napoleon.effects.move-epidemic"])
def card_move_relocate(b):
    _pos(b, {"a1": (0, 3), "a2": (1, 3), "b1": (2, 1), "b2": (2, 2), "far": (1, 1)},
         epidemics={"a2": 1}, phase="maneuver", hands={0: ["c-far"]})
    b.do({"type": "play-card", "card": "c-far", "from": "a2", "to": "b1"},
         state={"phase": "epidemic-move", "discards": ["c-far"], "players": [{"cards": 0}, {}, {}], "territories": {
             "b1": {"owner": None, "armies": 0, "epidemics": 0}, "a2": {"epidemics": 0}}},
         outcomes=_draws(("c-a1", "c-a2", "c-b1", "c-b2", "c-x")))
    # b1 has no regiment left: its card is discarded and another drawn
    b.do({"type": "draw", "card": "c-b1"},
         state={"phase": "epidemic-move", "discards": ["c-b1", "c-far"]},
         outcomes=_draws(("c-a1", "c-a2", "c-b2", "c-x")))
    b.do({"type": "draw", "card": "c-b2"},
         state={"phase": "maneuver", "pending": {}, "discards": ["c-b1", "c-b2", "c-far"],
                "draw_pile": ["c-a1", "c-a2", "c-x"],
                "territories": {"b2": {"epidemics": 1, "armies": 2}}})


# ---------------------------------------------------------------- dice effects
# P0 holds b1 and b2 and attacks a2 (P1); far is neutral.


@_basic_rein("napoleon.effects.free-ships.501",
             "Each ship a free-ships card builds is reported as a free one", ["napoleon.effects.free-ships"])
def free_ship_events(b: Any) -> None:
    _pos(b, {"a1": (0, 1), "a2": (1, 1), "b1": (1, 1), "b2": (1, 1), "far": (0, 1)},
         phase="reinforce", turn=3, hands={0: ["c-b1"]}, pending=_reinforce())
    b.do({"type": "play-card", "card": "c-b1", "zones": ["z1", "z4"]},
         state={"zones": {"z1": {"owner": 0, "ships": 1}, "z4": {"owner": 0, "ships": 1}},
                "players": seats(6, p0={"cards": 0})},
         events=[{"type": "card-played", "player": 0, "card": "c-b1", "effect": "free-ships"},
                 {"type": "ship-built", "player": 0, "zone": "z1", "free": True},
                 {"type": "ship-built", "player": 0, "zone": "z4", "free": True}])


def _fleet(b: Any, ships: int) -> None:
    # player 0's fleet: z2 and z3 (the chain away from its coasts) hold ``ships`` in all
    _pos(b, {"a1": (0, 1), "a2": (1, 1), "b1": (1, 1), "b2": (1, 1), "far": (0, 1)},
         {"z2": (0, ships - 10), "z3": (0, 10)}, phase="reinforce", turn=3, hands={0: ["c-b1"]},
         pending=_reinforce())


@_basic_rein("napoleon.effects.free-ships.502",
             "Reading capped: one ship short of the 26, a two-ship card builds one",
             ["napoleon.effects.free-ships", "napoleon.units.ships"], reading=(SUPPLY, "capped"))
def free_ships_room(b: Any) -> None:
    _fleet(b, 25)
    one = [{"type": "play-card", "card": "c-b1", "zones": [z]} for z in ("z1", "z4")]
    two = [{"type": "play-card", "card": "c-b1", "zones": z}
           for z in (["z1", "z1"], ["z1", "z4"], ["z4", "z4"])]
    b.check(legal_includes=one, legal_excludes=two)
    b.reject(two[1], "ship-limit", rule="napoleon.effects.free-ships")
    b.do(one[1], state={"zones": {"z4": {"owner": 0, "ships": 1}},
                        "players": seats(6, p0={"cards": 0})})


@_basic_rein("napoleon.effects.free-ships.503",
             "Reading capped: with all 26 ships on the board a free-ships card can do nothing",
             ["napoleon.effects.free-ships", "napoleon.units.ships"], reading=(SUPPLY, "capped"),
             negative=True)
def free_ships_full(b: Any) -> None:
    _fleet(b, 26)
    plays = [{"type": "play-card", "card": "c-b1", "zones": z}
             for z in ([], ["z1"], ["z4"], ["z1", "z4"])]
    b.check(legal_excludes=plays, explain="no play of the card at all, not even one naming no zone")
    b.reject(plays[1], "ship-limit", rule="napoleon.effects.free-ships")


@scenario("napoleon.effects.extra-regiments.501",
          "Reading none (no ships): the extra regiments still come; a naval maneuver card does nothing",
          ["napoleon.effects.extra-regiments", "napoleon.effects.extra-naval-maneuver",
           "napoleon.basic.pieces"], players=2, variant=B, map=NO_SHIPS,
          options={"napoleon.amb.basic-pieces": "none"}, negative=True)
def no_ships(b: Any) -> None:
    _pos(b, {"a1": (0, 3), "a2": (1, 1), "b1": (0, 3), "b2": (1, 1), "far": (NEUTRAL, 1)},
         phase="reinforce", turn=3, hands={0: ["c-a2", "c-b2"]}, pending=_reinforce(1))
    b.do({"type": "play-card", "card": "c-a2"},
         state={"pending": {"to_place": 1 + 2}, "players": seats(6, p0={"cards": 1})},
         explain="a2 is player 1's: no territory bonus")
    b.do({"type": "place", "territory": "a1"}, state={"territories": {"a1": {"armies": 4}}})
    b.do({"type": "place", "territory": "a1"}, state={"territories": {"a1": {"armies": 5}}})
    b.do({"type": "place", "territory": "a1"}, state={"phase": "attack", "territories": {"a1": {"armies": 6}}})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"},
         legal_excludes=[{"type": "play-card", "card": "c-b2"}])
    b.reject({"type": "play-card", "card": "c-b2"}, "no-use",
             rule="napoleon.effects.extra-naval-maneuver")


@_adv_rein("napoleon.effects.free-fortification.501",
           "Reading three: a free fortification needs no regiments to pay, on any territory of one's own",
           ["napoleon.effects.free-fortification", "napoleon.units.fortifications",
            "napoleon.cards.effect-territory-bonus"], options={"napoleon.amb.fortification-cost": "three"})
def free_fort_anywhere(b: Any) -> None:
    _pos(b, {t: (0, 2) for t in ("a1", "a2", "b1", "b2", "far")}, phase="reinforce",
         hands={0: ["c-b2"]}, pending=_reinforce(2))
    plays = [{"type": "play-card", "card": "c-b2", "territory": t}
             for t in ("a1", "a2", "b1", "b2", "far")]
    b.check(legal_includes=plays,
            explain="player 0 holds every territory, none fortified: each may take it, though "
                    "the 2 regiments left could not buy one (3)")
    b.do(plays[2], explain="the card shows b2, player 0's: 2 regiments there",
         state={"pending": {"to_place": 2}, "players": seats(3, p0={"cards": 0}),
                "territories": {"b1": {"fortifications": 1}, "b2": {"armies": 2 + 2}}})


def _dice(b: Any, a2: int = 2, b1: int = 4, hands: dict | None = None, **kw: Any) -> dict:
    return _pos(b, {"a1": (1, 1), "a2": (1, a2), "b1": (0, b1), "b2": (0, 1),
                    "far": (NEUTRAL, 1)}, hands=hands, **kw)


@_basic_dice("napoleon.effects.attack-die-bonus.001",
             "An attack die bonus adds 1 to the highest die of the next attack roll",
             ["napoleon.effects.attack-die-bonus"])
def attack_die_bonus(b):
    _dice(b, hands={0: ["c-a1"]})
    b.do({"type": "play-card", "card": "c-a1"}, state={"players": [{"cards": 0}, {}, {}, {}, {}, {}], "turn_flags": {"effects": [
        {"kind": "attack-die-bonus", "player": 0, "card": "c-a1", "amount": 1}]}})
    b.attack("b1", "a2", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # 5+1 beats 5; 2 loses to 3
    b.roll([5, 2, 1], [5, 3], state={"phase": "attack", "territories": {"a2": {"armies": 1}, "b1": {"armies": 3}}})
    b.check(legal_excludes=[{"type": "play-card", "card": "c-a1"}],
            state={"phase": "attack", "players": [{"cards": []}, {"cards": []},
                                                  {}, {}, {}, {}]})


@_basic_dice("napoleon.effects.attack-extra-die.001",
             "An extra attack die: four dice from a territory holding five regiments",
             ["napoleon.effects.attack-extra-die"])
def attack_extra_die(b):
    _dice(b, b1=5, hands={0: ["c-a2"]})
    b.check(legal_excludes=[{"type": "attack", "from": "b1", "to": "a2", "dice": 4}])
    b.do({"type": "play-card", "card": "c-a2"}, state={"players": [{"cards": 0}, {}, {}, {}, {}, {}]},
         legal_includes=[{"type": "attack", "from": "b1", "to": "a2", "dice": 4}])
    b.attack("b1", "a2", 4, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 6, 1, 1], [5, 5], state={"phase": "occupy", "pending": {"min": 4},
                                        "territories": {"a2": {"owner": 0, "armies": 0}}})


@_basic_dice("napoleon.effects.attack-extra-die.002", "The extra die still needs one more regiment than dice",
             ["napoleon.effects.attack-extra-die"], negative=True)
def attack_extra_die_short(b):
    _dice(b, b1=4, hands={0: ["c-a2"]})
    b.do({"type": "play-card", "card": "c-a2"}, state={"players": [{"cards": 0}, {}, {}, {}, {}, {}]})
    b.reject({"type": "attack", "from": "b1", "to": "a2", "dice": 4}, "dice", rule="napoleon.combat.dice")


@_basic_dice("napoleon.effects.defence-die-bonus.001",
             "A defence die bonus, played by the defender before the roll",
             ["napoleon.effects.defence-die-bonus"])
def defence_die_bonus(b):
    _dice(b, a2=1, hands={1: ["c-b1"]})
    b.attack("b1", "a2", 3, state={"phase": "defend", "pending": {"chooser": 1}},
             legal=[{"type": "play-card", "card": "c-b1"}, {"type": "defend", "dice": 1}])
    b.do({"type": "play-card", "card": "c-b1"}, state={"phase": "defend", "players": [{}, {"cards": 0}, {}, {}, {}, {}]})
    b.defend(1, state={"phase": "battle"})
    # 5+1 ties the attacker's 6: the tie goes to the defender
    b.roll([6, 2, 1], [5], state={"phase": "attack", "territories": {
        "a2": {"owner": 1, "armies": 1}, "b1": {"armies": 3}}})


@_basic_dice("napoleon.effects.defence-extra-die.001",
             "An extra defence die: three dice from a territory holding three regiments",
             ["napoleon.effects.defence-extra-die"])
def defence_extra_die(b):
    _dice(b, a2=3, hands={1: ["c-b2"]})
    b.attack("b1", "a2", 3, state={"phase": "defend"}, legal_excludes=[{"type": "defend", "dice": 3}])
    b.do({"type": "play-card", "card": "c-b2"}, state={"players": [{}, {"cards": 0}, {}, {}, {}, {}]},
         legal_includes=[{"type": "defend", "dice": 3}])
    b.defend(3, state={"phase": "battle", "pending": {"defender_dice": 3}})
    b.roll([6, 6, 6], [1, 1, 1], state={"phase": "occupy", "territories": {"a2": {"owner": 0, "armies": 0}}})


@_basic_dice("napoleon.cards.effect-icons.001",
             "A card acts only in its window: no defence card in one's own attack, no reroll "
             "outside a roll", ["napoleon.cards.effect-icons"], negative=True)
def icons(b):
    _dice(b, hands={0: ["c-b1", "c-far"]})
    b.reject({"type": "play-card", "card": "c-b1"}, "not-now", rule="napoleon.cards.effect-icons")
    b.reject({"type": "play-card", "card": "c-far"}, "not-now", rule="napoleon.cards.effect-icons")


@_basic_dice("napoleon.effects.reroll.001",
             "The attacker plays a reroll card after the roll: their dice are thrown again",
             ["napoleon.effects.reroll"])
def reroll_attacker(b):
    _dice(b, hands={0: ["c-far"]})
    b.attack("b1", "a2", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([1, 1, 1], [5, 4], state={"phase": "reroll", "pending": {
        "chooser": 0, "attacker": [1, 1, 1], "defender": [5, 4]}},
        legal=[{"type": "play-card", "card": "c-far"}, {"type": "keep-roll"}])
    b.do({"type": "play-card", "card": "c-far"}, state={"phase": "reroll-dice", "players": [{"cards": 0}, {}, {}, {}, {}, {}]})
    b.do({"type": "reroll", "dice": [6, 5, 1]},
         state={"phase": "occupy", "territories": {"a2": {"owner": 0, "armies": 0}}},
         events=[{"type": "rerolled", "player": 0, "dice": [6, 5, 1]},
                 {"type": "battle", "from": "b1", "to": "a2", "attacker_losses": 0,
                  "defender_losses": 2}])


@_basic_dice("napoleon.effects.reroll.002",
             "The defender may reroll after the attacker keeps the roll; kept dice are compared",
             ["napoleon.effects.reroll"])
def reroll_defender(b):
    _dice(b, hands={1: ["c-far"]})
    b.attack("b1", "a2", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 5, 1], [2, 1], state={"phase": "reroll", "pending": {"chooser": 1}})
    b.do({"type": "keep-roll"}, state={"phase": "occupy", "territories": {"a2": {"owner": 0, "armies": 0}}})


@_basic_dice("napoleon.effects.reroll.003", "A reroll throws as many dice as the side rolled",
             ["napoleon.effects.reroll"], negative=True)
def reroll_count(b):
    _dice(b, hands={1: ["c-far"]})
    b.attack("b1", "a2", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 5, 1], [2, 1], explain="the defender holds a reroll card: a window to play it",
           state={"phase": "reroll"})
    b.do({"type": "play-card", "card": "c-far"}, state={"phase": "reroll-dice", "players": [{}, {"cards": 0}, {}, {}, {}, {}]})
    b.reject({"type": "reroll", "dice": [6, 6, 6]}, "dice", rule="napoleon.effects.reroll")


# ---------------------------------------------------------------- battle and maneuver effects


@scenario("napoleon.effects.reroll.501",
          "Both sides hold a reroll card: once the attacker keeps the roll, the defender may reroll",
          ["napoleon.effects.reroll"], players=2, variant=B, map=REROLLS)
def reroll_both(b: Any) -> None:
    _pos(b, {"a1": (1, 1), "a2": (1, 2), "b1": (0, 4), "b2": (0, 1), "far": (NEUTRAL, 1)},
         turn=3, hands={0: ["c-far"], 1: ["c-a1"]})
    b.attack("b1", "a2", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([1, 1, 1], [5, 4], state={"phase": "reroll", "pending": {"chooser": 0}},
           legal=[{"type": "play-card", "card": "c-far"}, {"type": "keep-roll"}])
    b.do({"type": "keep-roll"}, state={"phase": "reroll", "pending": {"chooser": 1}},
         legal=[{"type": "play-card", "card": "c-a1"}, {"type": "keep-roll"}])
    b.do({"type": "keep-roll"}, state={"phase": "attack", "territories": {"b1": {"armies": 4 - 2}}})


@_basic_dice("napoleon.effects.attack-extra-die.501",
             "An extra die adds a die, not a bonus on the highest one",
             ["napoleon.effects.attack-extra-die", "napoleon.effects.attack-die-bonus"])
def extra_die_no_bonus(b: Any) -> None:
    _pos(b, {"a1": (1, 1), "a2": (1, 2), "b1": (0, 5), "b2": (0, 1), "far": (NEUTRAL, 1)},
         turn=3, hands={0: ["c-a2"]})
    b.do({"type": "play-card", "card": "c-a2"}, state={"players": seats(6, p0={"cards": 0})})
    b.attack("b1", "a2", 4, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # 5 against 5 and 2 against 3: the defender wins both pairs
    b.roll([5, 2, 1, 1], [5, 3], state={"phase": "attack", "territories": {"b1": {"armies": 5 - 2}}})


@scenario("napoleon.effects.attack-die-bonus.301",
          "An attack die bonus is used up by the next roll: the roll after it has none",
          ["napoleon.effects.attack-die-bonus", "napoleon.combat.compare"], players=2, variant=V,
          map=DICE)
def bonus_one_roll(b: Any) -> None:
    _dice(b, hands={0: ["c-a1"]}, turn=2)
    b.do({"type": "play-card", "card": "c-a1"}, state={"players": [{"cards": 0}, {}, {}, {}, {}, {}]})
    b.attack("b1", "a2", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # 5 + 1 beats 5; 2 loses to 3
    b.roll([5, 2, 1], [5, 3], state={"phase": "attack", "territories": {"a2": {"armies": 1}, "b1": {"armies": 3}}})
    b.attack("b1", "a2", 2, state={"phase": "battle", "pending": {"defender_dice": 1}})
    b.roll([5, 1], [5], state={"phase": "attack", "territories": {"b1": {"armies": 2}}},
           explain="no bonus any more: 5 against 5, the defender wins the tie")


@scenario("napoleon.effects.defence-extra-die.301",
          "Player 1 defends: a defence card of player 1 opens its window and adds a die",
          ["napoleon.effects.defence-extra-die", "napoleon.combat.dice",
           "napoleon.cards.effect-icons"], players=2, variant=V, map=DICE)
def seat0_defends(b: Any) -> None:
    _pos(b, {"a1": (0, 1), "a2": (0, 3), "b1": (1, 4), "b2": (1, 1), "far": (NEUTRAL, 1)},
         current=1, hands={0: ["c-b2"]})
    b.attack("b1", "a2", 3, state={"phase": "defend", "pending": {"chooser": 0}},
             legal_excludes=[{"type": "defend", "dice": 3}],
             explain="player 1 (seat 0) defends a2 with 3 regiments and holds a defence card: "
                     "it chooses its dice, 1 or 2, or plays the card first")
    b.do({"type": "play-card", "card": "c-b2"}, state={"players": [{"cards": 0}, {}, {}, {}, {}, {}]},
         legal_includes=[{"type": "defend", "dice": 3}])
    b.defend(3, state={"phase": "battle", "pending": {"defender_dice": 3}})
    b.roll([6, 6, 6], [1, 1, 1], state={"phase": "occupy", "territories": {"a2": {"owner": 1, "armies": 0}}})


@scenario("napoleon.effects.defence-die-bonus.301",
          "A defence die bonus is used up by the next roll its player defends",
          ["napoleon.effects.defence-die-bonus", "napoleon.combat.compare"], players=2, variant=V,
          map=DICE)
def defence_bonus_one_roll(b: Any) -> None:
    _dice(b, a2=3, b1=5, hands={1: ["c-b1"]}, turn=2)
    b.attack("b1", "a2", 3, state={"phase": "defend"})
    b.do({"type": "play-card", "card": "c-b1"}, state={"players": [{}, {"cards": 0}, {}, {}, {}, {}]})
    b.defend(2, state={"phase": "battle"})
    # the bonus lifts the defender's 5 to 6: 6 against 6 and 4 against 4, both to the defender
    b.roll([6, 4, 1], [5, 4], state={"phase": "attack", "territories": {"b1": {"armies": 3}}})
    b.attack("b1", "a2", 2, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 4], [5, 4], state={"phase": "attack", "territories": {"b1": {"armies": 2}, "a2": {"armies": 2}}},
           explain="no bonus any more: 6 beats 5, 4 against 4 goes to the defender")


@scenario("napoleon.effects.defence-die-bonus.302",
          "Player 1 defending plays a defence die bonus: its highest die counts 1 more",
          ["napoleon.effects.defence-die-bonus", "napoleon.cards.effect-icons"], players=2,
          variant=V, map=DICE)
def seat0_defence_bonus(b: Any) -> None:
    _pos(b, {"a1": (0, 1), "a2": (0, 3), "b1": (1, 5), "b2": (1, 1), "far": (NEUTRAL, 1)},
         current=1, hands={0: ["c-b1"]})
    b.attack("b1", "a2", 3, state={"phase": "defend", "pending": {"chooser": 0}})
    b.do({"type": "play-card", "card": "c-b1"}, state={"players": [{"cards": 0}, {}, {}, {}, {}, {}]})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 4, 1], [5, 4], state={"phase": "attack", "territories": {"b1": {"armies": 3}}},
           explain="player 1's 5 counts 6: 6 against 6 and 4 against 4, both to the defender")


@scenario("napoleon.effects.defence-die-bonus.501",
          "The defender in seat 0 holding a defence card is asked before the roll",
          ["napoleon.effects.defence-die-bonus"], players=2, variant=V, map=DICE)
def defence_seat_zero(b: Any) -> None:
    _pos(b, {"a1": (0, 1), "a2": (0, 1), "b1": (1, 4), "b2": (1, 1), "far": (NEUTRAL, 1)},
         current=1, hands={0: ["c-b1"]})
    b.attack("b1", "a2", 3, state={"phase": "defend", "pending": {"chooser": 0}},
             legal=[{"type": "play-card", "card": "c-b1"}, {"type": "defend", "dice": 1}])


@_adv_move("napoleon.effects.ignore-fortification.001",
           "Ignore a fortification: for that battle it adds nothing to the defence",
           ["napoleon.effects.ignore-fortification"])
def ignore_fort(b):
    _pos(b, {"a1": (1, 1), "a2": (1, 2), "b1": (0, 4), "b2": (0, 1), "far": (2, 1)},
         leaders={"a2": (0, 1)}, hands={0: ["c-a1"]})
    b.do({"type": "play-card", "card": "c-a1", "from": "b1", "to": "a2"},
         state={"players": [{"cards": 0}, {}, {}], "turn_flags": {"effects": [{"kind": "ignore-fortification", "player": 0,
                                            "card": "c-a1", "amount": 1, "from": "b1",
                                            "to": "a2"}]}})
    b.attack("b1", "a2", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # with the fortification the defender's 5 would be a 6 and win the first pair
    b.roll([6, 5, 1], [5, 4], state={"phase": "occupy", "territories": {
        "a2": {"owner": 0, "armies": 0, "fortifications": 0}}})


@_adv_move("napoleon.effects.ignore-fortification.002",
           "Ignore-fortification needs a fortified territory under attack",
           ["napoleon.effects.ignore-fortification"], negative=True)
def ignore_fort_none(b):
    _pos(b, {"a1": (1, 1), "a2": (1, 2), "b1": (0, 4), "b2": (0, 1), "far": (2, 1)},
         hands={0: ["c-a1"]})
    b.reject({"type": "play-card", "card": "c-a1", "from": "b1", "to": "a2"}, "not-a-target", rule="napoleon.effects.ignore-fortification")
    b.reject({"type": "play-card", "card": "c-a1"}, "targets", rule="napoleon.effects.ignore-fortification")


@_adv_move("napoleon.effects.ignore-epidemic.001",
           "Ignore an epidemic: attacking a contaminated territory costs no regiment",
           ["napoleon.effects.ignore-epidemic", "napoleon.combat.epidemic-loss"])
def ignore_epidemic(b):
    _pos(b, {"a1": (1, 1), "a2": (1, 2), "b1": (0, 4), "b2": (0, 1), "far": (2, 1)},
         epidemics={"a2": 1}, hands={0: ["c-a2"]})
    b.check(legal_excludes=[{"type": "attack", "from": "b1", "to": "a2", "dice": 3}])
    b.do({"type": "play-card", "card": "c-a2", "from": "b1", "to": "a2"}, state={"players": [{"cards": 0}, {}, {}]},
         legal_includes=[{"type": "attack", "from": "b1", "to": "a2", "dice": 3}])
    b.attack("b1", "a2", 3, state={"phase": "defend", "territories": {"b1": {"armies": 4}}})


@_adv_move("napoleon.effects.ignore-epidemic.002", "Ignore-epidemic needs a contaminated target",
           ["napoleon.effects.ignore-epidemic"], negative=True)
def ignore_epidemic_none(b):
    _pos(b, {"a1": (1, 1), "a2": (1, 2), "b1": (0, 4), "b2": (0, 1), "far": (2, 1)},
         epidemics={"far": 1}, hands={0: ["c-a2"]})
    b.reject({"type": "play-card", "card": "c-a2", "from": "b1", "to": "a2"}, "not-a-target", rule="napoleon.effects.ignore-epidemic")


@_basic_move("napoleon.effects.extra-land-maneuver.001", "An extra land maneuver after the turn's one",
             ["napoleon.effects.extra-land-maneuver"])
def extra_land(b):
    _pos(b, {"a1": (0, 3), "a2": (0, 3), "b1": (1, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
         phase="maneuver", fortify_moves=1, hands={0: ["c-b1"]})
    b.check(legal_excludes=[{"type": "maneuver", "from": "a1", "to": "a2", "armies": 1}])
    b.do({"type": "play-card", "card": "c-b1"}, state={"players": [{"cards": 0}, {}, {}, {}, {}, {}]},
         legal_includes=[{"type": "maneuver", "from": "a1", "to": "a2", "armies": 1}])
    b.do({"type": "maneuver", "from": "a1", "to": "a2", "armies": 2},
         state={"turn_flags": {"fortify_moves": 2}, "territories": {"a1": {"armies": 1}, "a2": {"armies": 5}}},
         legal=[{"type": "end-turn"}])


@_basic_move("napoleon.effects.extra-naval-maneuver.001", "An extra naval maneuver after the turn's one",
             ["napoleon.effects.extra-naval-maneuver"])
def extra_naval(b):
    _pos(b, {"a1": (0, 3), "a2": (0, 3), "b1": (1, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
         {"z1": (0, 3), "z2": (0, 1)}, phase="maneuver", hands={0: ["c-b2"]})
    b.do({"type": "maneuver", "from": "z1", "to": "z2", "armies": 1},
         state={"zones": {"z1": {"ships": 2}, "z2": {"ships": 2}}})
    b.check(legal_excludes=[{"type": "maneuver", "from": "z1", "to": "z2", "armies": 1}])
    b.do({"type": "play-card", "card": "c-b2"}, state={"players": [{"cards": 0}, {}, {}, {}, {}, {}]},
         legal_includes=[{"type": "maneuver", "from": "z1", "to": "z2", "armies": 1}])
    b.do({"type": "maneuver", "from": "z1", "to": "z2", "armies": 1},
         state={"turn_flags": {"naval_moves": 2}, "zones": {"z1": {"ships": 1}, "z2": {"ships": 3}}})


# ---------------------------------------------------------------- card use: limits and readings


@_adv_dice("napoleon.effects.ignore-epidemic.501",
           "Another card's effect (a die bonus) does not spare the epidemic loss",
           ["napoleon.combat.epidemic-loss", "napoleon.effects.attack-die-bonus",
            "napoleon.effects.ignore-epidemic"])
def die_bonus_pays_epidemic(b: Any) -> None:
    _pos(b, {"a1": (1, 1), "a2": (1, 3), "b1": (0, 5), "b2": (0, 1), "far": (2, 1)},
         epidemics={"a2": 1}, hands={0: ["c-a1"]})
    b.do({"type": "play-card", "card": "c-a1"}, state={"players": seats(3, p0={"cards": 0})})
    b.attack("b1", "a2", 3, state={"phase": "defend", "territories": {"b1": {"armies": 5 - 1}}})


@_adv_move("napoleon.effects.ignore-fortification.501",
           "Ignore-fortification holds for every roll of the battle it names",
           ["napoleon.effects.ignore-fortification"])
def ignore_fort_battle(b: Any) -> None:
    _pos(b, {"a1": (1, 1), "a2": (1, 3), "b1": (0, 6), "b2": (0, 1), "far": (2, 1)},
         leaders={"a2": (0, 1)}, hands={0: ["c-a1"]})
    b.do({"type": "play-card", "card": "c-a1", "from": "b1", "to": "a2"},
         state={"players": seats(3, p0={"cards": 0})})
    b.attack("b1", "a2", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 5, 1], [5, 4], state={"phase": "attack", "territories": {"a2": {"armies": 1}}})
    b.attack("b1", "a2", 3, state={"phase": "battle"})
    # the same battle: the fortification still adds nothing, 6 beats 5
    b.roll([6, 1, 1], [5], state={"phase": "occupy", "territories": {
        "a2": {"owner": 0, "armies": 0, "fortifications": 0}}})


@_adv_move("napoleon.effects.ignore-epidemic.502",
           "Ignore-epidemic lapses once its holder attacks from another territory",
           ["napoleon.effects.ignore-epidemic", "napoleon.combat.epidemic-loss"])
def ignore_epidemic_lapses(b: Any) -> None:
    _pos(b, {"a1": (0, 5), "a2": (1, 3), "b1": (0, 5), "b2": (0, 1), "far": (2, 1)},
         epidemics={"a2": 1}, hands={0: ["c-a2"]})
    b.do({"type": "play-card", "card": "c-a2", "from": "b1", "to": "a2"},
         state={"players": seats(3, p0={"cards": 0})})
    b.attack("a1", "a2", 3, state={"phase": "defend", "territories": {"a1": {"armies": 5 - 1}}},
             explain="another battle: a1 pays the epidemic loss, and the card's effect lapses")
    b.defend(2, state={"phase": "battle"})
    b.roll([1, 1, 1], [6, 6], state={"phase": "attack", "territories": {"a1": {"armies": 4 - 2}}})
    b.attack("b1", "a2", 3, state={"phase": "defend", "territories": {"b1": {"armies": 5 - 1}}})


@_basic_rein("napoleon.cards.use-or-trade.001", "A joker has no effect: it is only traded",
             ["napoleon.cards.use-or-trade", "napoleon.cards.jokers"], negative=True)
def joker(b):
    _pos(b, {"a1": (1, 1), "a2": (1, 1), "b1": (0, 1), "b2": (0, 1), "far": (NEUTRAL, 1)},
         phase="reinforce", hands={0: ["c-x"]}, pending=_reinforce())
    b.reject({"type": "play-card", "card": "c-x"}, "no-effect", rule="napoleon.cards.use-or-trade")
    b.reject({"type": "play-card", "card": "c-a1"}, "not-your-cards", rule="napoleon.cards.use-or-trade")


@_basic_rein("napoleon.cards.effect-limit.001",
             "Reading one-per-phase: a second card for its effect waits for another phase",
             ["napoleon.cards.effect-limit"], negative=True,
             reading=("napoleon.amb.effect-plays", "one-per-phase"))
def limit_one(b):
    _pos(b, {"a1": (1, 1), "a2": (1, 1), "b1": (0, 1), "b2": (0, 1), "far": (NEUTRAL, 1)},
         phase="reinforce", hands={0: ["c-a1", "c-a2"]}, pending=_reinforce())
    b.do({"type": "play-card", "card": "c-a1"},
         state={"turn_flags": {"effect_plays": [1, 0, 0, 0, 0, 0]}, "players": [{"cards": 1}, {}, {}, {}, {}, {}]},
         legal_excludes=[{"type": "play-card", "card": "c-a2"}])
    b.reject({"type": "play-card", "card": "c-a2"}, "effect-limit", rule="napoleon.cards.effect-limit")


@_basic_rein("napoleon.cards.effect-limit.002",
             "Reading unlimited: several cards for their effects in one phase",
             ["napoleon.cards.effect-limit"], reading=("napoleon.amb.effect-plays", "unlimited"))
def limit_none(b):
    _pos(b, {"a1": (1, 1), "a2": (1, 1), "b1": (0, 1), "b2": (0, 1), "far": (NEUTRAL, 1)},
         phase="reinforce", hands={0: ["c-a1", "c-a2"]}, pending=_reinforce())
    b.do({"type": "play-card", "card": "c-a1"}, state={"players": [{"cards": 1}, {}, {}, {}, {}, {}]})
    b.do({"type": "play-card", "card": "c-a2"}, state={"pending": {"to_place": 9}, "players": [{"cards": 0}, {}, {}, {}, {}, {}]})


@_basic_dice("napoleon.cards.effect-limit.003",
             "Reading one-per-phase: the count starts again in the next phase",
             ["napoleon.cards.effect-limit"], reading=("napoleon.amb.effect-plays", "one-per-phase"))
def limit_next_phase(b):
    _pos(b, {"a1": (1, 1), "a2": (1, 2), "b1": (0, 5), "b2": (0, 1), "far": (NEUTRAL, 1)},
         phase="reinforce", hands={0: ["c-a1", "c-a2"]}, pending=_reinforce(1))
    b.do({"type": "place", "territory": "b1"}, state={"phase": "attack", "territories": {"b1": {"armies": 6}}})
    b.do({"type": "play-card", "card": "c-a1"}, state={"players": [{"cards": 1}, {}, {}, {}, {}, {}]})
    b.reject({"type": "play-card", "card": "c-a2"}, "effect-limit", rule="napoleon.cards.effect-limit")


@_basic_rein("napoleon.cards.effects-ignored-in-trade.001",
             "Reading both: traded, the +4 card adds 4 to the set (other effects ignored); "
             "alone it is played for 4",
             ["napoleon.cards.effects-ignored-in-trade", "napoleon.cards.set-values"],
             reading=("napoleon.amb.plus-four-card", "both"))
def plus_four_both(b):
    _pos(b, {"a1": (1, 1), "a2": (1, 1), "b1": (1, 1), "b2": (0, 1), "far": (0, 1)},
         phase="reinforce", hands={0: ["c-a1", "c-a2", "c-b1"]}, pending=_reinforce())
    b.check(legal_includes=[{"type": "play-card", "card": "c-a2"}])
    # three infantry: 4, plus 4 for the +4 card; the free ships of c-b1 are not built
    b.do({"type": "trade", "cards": ["c-a1", "c-a2", "c-b1"]},
         state={"pending": {"to_place": 11}, "zones": {"z1": {"owner": None, "ships": 0}},
                "players": [{"cards": 0}, {}, {}, {}, {}, {}]})


@_basic_rein("napoleon.cards.effects-ignored-in-trade.002",
             "Reading set-only: the +4 card cannot be played alone",
             ["napoleon.cards.effects-ignored-in-trade"], negative=True,
             reading=("napoleon.amb.plus-four-card", "set-only"))
def plus_four_set_only(b):
    _pos(b, {"a1": (1, 1), "a2": (1, 1), "b1": (1, 1), "b2": (0, 1), "far": (0, 1)},
         phase="reinforce", hands={0: ["c-a2"]}, pending=_reinforce())
    b.check(legal_excludes=[{"type": "play-card", "card": "c-a2"}])
    b.reject({"type": "play-card", "card": "c-a2"}, "set-only", rule="napoleon.cards.effects-ignored-in-trade")


# ---------------------------------------------------------------- epidemics: readings

@_adv_rein("napoleon.epidemics.phase-loss.001",
           "Reading own-phase: only the player ending the turn loses regiments to epidemics",
           ["napoleon.epidemics.phase-loss"], reading=("napoleon.amb.epidemic-timing", "own-phase"))
def timing_own(b):
    _pos(b, {"a1": (0, 3), "a2": (1, 3), "b1": (2, 3), "b2": (1, 1), "far": (1, 1)},
         epidemics={"a1": 1, "a2": 1}, phase="maneuver")
    b.do({"type": "end-turn"}, state={"territories": {"a1": {"armies": 2},
                                                      "a2": {"armies": 3}},
                                      "current": 1, "phase": "card-table"})


@_adv_rein("napoleon.epidemics.phase-loss.002",
           "Reading every-turn-end: every contaminated territory loses regiments at each turn's end",
           ["napoleon.epidemics.phase-loss"], reading=("napoleon.amb.epidemic-timing", "every-turn-end"))
def timing_every(b):
    _pos(b, {"a1": (0, 3), "a2": (1, 3), "b1": (2, 3), "b2": (1, 1), "far": (1, 1)},
         epidemics={"a1": 1, "a2": 1}, phase="maneuver")
    b.do({"type": "end-turn"}, state={"territories": {"a1": {"armies": 2},
                                                      "a2": {"armies": 2}},
                                      "current": 1, "phase": "card-table"})


@_adv_rein("napoleon.amb.epidemic-phase-loss.per-epidemic.001",
           "Reading per-epidemic: a territory with two epidemics loses two regiments",
           ["napoleon.epidemics.phase-loss", "napoleon.amb.epidemic-phase-loss"],
           reading=("napoleon.amb.epidemic-phase-loss", "per-epidemic"))
def phase_loss_per_epidemic(b):
    _pos(b, {"a1": (0, 3), "a2": (0, 3), "b1": (2, 3), "b2": (1, 1), "far": (1, 1)},
         epidemics={"a1": 2, "a2": 1}, phase="maneuver")
    # player 0 holds the west empire: a card is drawn next
    b.do({"type": "end-turn"}, state={"phase": "draw", "territories": {"a1": {"armies": 1},
                                                                       "a2": {"armies": 2}}})


@_adv_rein("napoleon.amb.epidemic-phase-loss.per-territory.001",
           "Reading per-territory: a territory with two epidemics loses one regiment",
           ["napoleon.epidemics.phase-loss", "napoleon.amb.epidemic-phase-loss"],
           reading=("napoleon.amb.epidemic-phase-loss", "per-territory"))
def phase_loss_per_territory(b):
    _pos(b, {"a1": (0, 3), "a2": (0, 3), "b1": (2, 3), "b2": (1, 1), "far": (1, 1)},
         epidemics={"a1": 2, "a2": 1}, phase="maneuver")
    b.do({"type": "end-turn"}, state={"phase": "draw", "territories": {"a1": {"armies": 2},
                                                                       "a2": {"armies": 2}}})


def _emptied_two(b):
    # a1 holds two epidemics and two regiments: the epidemic phase empties it
    _pos(b, {"a1": (0, 2), "a2": (0, 3), "b1": (2, 3), "b2": (1, 1), "far": (1, 2)},
         epidemics={"a1": 2}, phase="maneuver")


@_adv_rein("napoleon.amb.emptied-epidemics.all-move.001",
           "Reading all-move: both epidemics of an emptied territory move on, one draw each",
           ["napoleon.epidemics.relocate", "napoleon.amb.emptied-epidemics"],
           reading=("napoleon.amb.emptied-epidemics", "all-move"))
def emptied_all(b):
    _emptied_two(b)
    b.do({"type": "end-turn"},
         state={"phase": "epidemics", "pending": {"left": 2, "moving": True},
                "territories": {"a1": {"owner": None, "armies": 0, "epidemics": 0}}})
    b.do({"type": "draw", "card": "c-b1"},
         state={"phase": "epidemics", "pending": {"left": 1},
                "territories": {"b1": {"epidemics": 1}}})


@_adv_rein("napoleon.amb.emptied-epidemics.one-moves.001",
           "Reading one-moves: one epidemic of an emptied territory moves on, the other stays",
           ["napoleon.epidemics.relocate", "napoleon.amb.emptied-epidemics"],
           reading=("napoleon.amb.emptied-epidemics", "one-moves"),
           options={"napoleon.amb.card-table": "ignore"})
def emptied_one(b):
    _emptied_two(b)
    b.do({"type": "end-turn"},
         state={"phase": "epidemics", "pending": {"left": 1, "moving": True},
                "territories": {"a1": {"owner": None, "armies": 0, "epidemics": 1}}})
    # player 1's turn begins: far (south, a whole empire) scores 1
    b.do({"type": "draw", "card": "c-b1"},
         state={"phase": "reinforce", "current": 1, "territories": {"b1": {"epidemics": 1}},
                "players": [{}, {"vp": 1}, {}]})


@_adv_rein("napoleon.combat.epidemic-loss.001",
           "Reading per-battle: the epidemic loss is paid once for a battle, not for each roll",
           ["napoleon.combat.epidemic-loss"], reading=("napoleon.amb.epidemic-attack-loss", "per-battle"))
def loss_per_battle(b):
    _pos(b, {"a1": (0, 6), "a2": (1, 3), "b1": (2, 3), "b2": (1, 1), "far": (1, 1)},
         epidemics={"a2": 1})
    b.attack("a1", "a2", 3, state={"phase": "defend", "territories": {"a1": {"armies": 5}}})
    b.defend(2, state={"phase": "battle"})
    b.roll([1, 1, 1], [6, 6], state={"phase": "attack", "territories": {"a1": {"armies": 3}}})
    b.attack("a1", "a2", 2, state={"phase": "defend", "territories": {"a1": {"armies": 3}}})


@_adv_rein("napoleon.combat.epidemic-loss.002",
           "Reading per-roll: the epidemic loss is paid before every roll", ["napoleon.combat.epidemic-loss"],
           reading=("napoleon.amb.epidemic-attack-loss", "per-roll"))
def loss_per_roll(b):
    _pos(b, {"a1": (0, 6), "a2": (1, 3), "b1": (2, 3), "b2": (1, 1), "far": (1, 1)},
         epidemics={"a2": 1})
    b.attack("a1", "a2", 3, state={"phase": "defend", "territories": {"a1": {"armies": 5}}})
    b.defend(2, state={"phase": "battle"})
    b.roll([1, 1, 1], [6, 6], state={"phase": "attack", "territories": {"a1": {"armies": 3}}})
    b.attack("a1", "a2", 1, state={"phase": "defend", "territories": {"a1": {"armies": 2}}})


@_adv_rein("napoleon.combat.epidemic-loss.003",
           "Reading target: attacking out of a contaminated territory costs nothing",
           ["napoleon.combat.epidemic-loss"], reading=("napoleon.amb.epidemic-attack-source", "target"))
def loss_target(b):
    _pos(b, {"a1": (0, 4), "a2": (1, 3), "b1": (2, 3), "b2": (1, 1), "far": (1, 1)},
         epidemics={"a1": 1})
    b.attack("a1", "a2", 3, state={"phase": "defend", "territories": {"a1": {"armies": 4}}})


@_adv_rein("napoleon.combat.epidemic-loss.004",
           "Reading target-or-source: attacking out of a contaminated territory costs too",
           ["napoleon.combat.epidemic-loss"],
           reading=("napoleon.amb.epidemic-attack-source", "target-or-source"))
def loss_source(b):
    _pos(b, {"a1": (0, 4), "a2": (1, 3), "b1": (2, 3), "b2": (1, 1), "far": (1, 1)},
         epidemics={"a1": 1})
    b.check(legal_excludes=[{"type": "attack", "from": "a1", "to": "a2", "dice": 3}])
    b.attack("a1", "a2", 2, state={"phase": "defend", "territories": {"a1": {"armies": 3}}})


# ---------------------------------------------------------------- more negative cases

@_basic_rein("napoleon.effects.extra-regiments.002", "No card for its effect while a forced trade is owed",
             ["napoleon.effects.extra-regiments", "napoleon.cards.forced-trade"], negative=True)
def extra_regiments_forced(b):
    _pos(b, {"a1": (1, 1), "a2": (1, 1), "b1": (0, 1), "b2": (0, 1), "far": (NEUTRAL, 1)},
         phase="reinforce", hands={0: ["c-a1", "c-a2", "c-b1", "c-b2", "c-far"]},
         pending={"to_place": 3, "must_trade": True, "after": "turn"})
    b.check(legal_excludes=[{"type": "play-card", "card": "c-a1"}])
    b.reject({"type": "play-card", "card": "c-a1"}, "must-trade", rule="napoleon.cards.forced-trade")


@_basic_dice("napoleon.effects.attack-die-bonus.002",
             "An attack card does nothing when no attack can be made", ["napoleon.effects.attack-die-bonus"],
             negative=True)
def attack_die_bonus_idle(b):
    _dice(b, b1=1, hands={0: ["c-a1"]})
    b.check(legal=[{"type": "end-attack"}])
    b.reject({"type": "play-card", "card": "c-a1"}, "no-use", rule="napoleon.effects.attack-die-bonus")


@_basic_dice("napoleon.effects.defence-die-bonus.002",
             "Only the defending player plays a defence card, not the one rolling for a neutral",
             ["napoleon.effects.defence-die-bonus", "napoleon.basic.neutral-defence"], negative=True)
def defence_for_neutral(b):
    _pos(b, {"a1": (1, 1), "a2": (NEUTRAL, 2), "b1": (0, 4), "b2": (0, 1), "far": (1, 1)},
         hands={1: ["c-b1"]})
    b.attack("b1", "a2", 3, state={"phase": "defend", "pending": {"chooser": 1}},
             legal_excludes=[{"type": "play-card", "card": "c-b1"}])
    b.reject({"type": "play-card", "card": "c-b1"}, "not-now", rule="napoleon.cards.effect-icons")


@_basic_dice("napoleon.effects.defence-extra-die.002",
             "The extra defence die needs as many regiments as dice", ["napoleon.effects.defence-extra-die"],
             negative=True)
def defence_extra_die_short(b):
    _dice(b, a2=2, hands={1: ["c-b2"]})
    b.attack("b1", "a2", 3, state={"phase": "defend"})
    b.do({"type": "play-card", "card": "c-b2"}, state={"players": [{}, {"cards": 0}, {}, {}, {}, {}]},
         legal_excludes=[{"type": "defend", "dice": 3}])
    b.reject({"type": "defend", "dice": 3}, "dice", rule="napoleon.combat.dice")


@_basic_move("napoleon.effects.extra-land-maneuver.002",
             "A maneuver card is played in the maneuver phase, not in combat",
             ["napoleon.effects.extra-land-maneuver", "napoleon.cards.effect-icons"], negative=True)
def extra_land_in_combat(b):
    _pos(b, {"a1": (0, 3), "a2": (0, 3), "b1": (1, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
         hands={0: ["c-b1"]})
    b.reject({"type": "play-card", "card": "c-b1"}, "not-now", rule="napoleon.cards.effect-icons")


# ---------------------------------------------------------------- epidemics: setup and relocation

def _setup_epidemics_pos(b) -> None:
    """The setup's last step: every territory held, the generals and fortifications down,
    the four epidemics to place (napoleon.setup.epidemics)."""
    b.position({"a1": (0, 2), "a2": (1, 2), "b1": (2, 2), "b2": (0, 2), "far": (1, 2)},
               phase="epidemics", turn=0, current=0, first_player=0,
               pending={"left": 4, "moving": False})


@_adv_rein("napoleon.setup.epidemics.001",
           "Setup epidemics: each on a drawn territory, at most one per empire", ["napoleon.setup.epidemics"])
def setup_epidemics(b):
    _setup_epidemics_pos(b)
    b.check(state={"phase": "epidemics", "pending": {"left": 4, "moving": False}},
            outcomes=[{"outcome": {"type": "epidemic", "territory": t}, "p": "1/5"}
                      for t in ("a1", "a2", "b1", "b2", "far")])
    b.do({"type": "epidemic", "territory": "a1"},
         state={"pending": {"left": 3}, "territories": {"a1": {"epidemics": 1}}},
         outcomes=[{"outcome": {"type": "epidemic", "territory": t}, "p": "1/3"}
                   for t in ("b1", "b2", "far")])
    b.reject({"type": "epidemic", "territory": "a2"}, "not-eligible", rule="napoleon.setup.epidemics")
    b.do({"type": "epidemic", "territory": "b2"}, state={"territories": {"b2": {"epidemics": 1}}})
    # three empires, one epidemic each: the fourth marker finds no territory
    b.do({"type": "epidemic", "territory": "far"},
         state={"phase": "first-player", "pending": {"for": "turn"},
                "territories": {"far": {"epidemics": 1}}})


@_adv_rein("napoleon.amb.setup-epidemic-redraw.empire.001",
           "Reading empire: after a card of a full empire, only territories of other empires",
           ["napoleon.setup.epidemics", "napoleon.amb.setup-epidemic-redraw"],
           reading=("napoleon.amb.setup-epidemic-redraw", "empire"))
def setup_redraw_empire(b):
    _setup_epidemics_pos(b)
    b.do({"type": "epidemic", "territory": "a1"}, state={"territories": {"a1": {"epidemics": 1}}},
         outcomes=[{"outcome": {"type": "epidemic", "territory": t}, "p": "1/3"}
                   for t in ("b1", "b2", "far")])
    b.reject({"type": "epidemic", "territory": "a2"}, "not-eligible",
             rule="napoleon.setup.epidemics")


@_adv_rein("napoleon.amb.setup-epidemic-redraw.territory.001",
           "Reading territory: a redraw may land in the full empire, on a territory without one",
           ["napoleon.setup.epidemics", "napoleon.amb.setup-epidemic-redraw"],
           reading=("napoleon.amb.setup-epidemic-redraw", "territory"))
def setup_redraw_territory(b):
    # six cards; west (a1, a2) has its epidemic. A first card c-b1, c-b2 or c-far is taken
    # (1/6 each). A first c-a1 or joker (2/6) is followed by redraws until one of the four
    # territories without an epidemic comes up (a2, b1, b2, far: 1/4 each); a first c-a2
    # (1/6) by redraws among the three left (b1, b2, far: 1/3 each).
    # b1: 1/6 + 2/6 * 1/4 + 1/6 * 1/3 = 11/36 (b2, far alike); a2: 2/6 * 1/4 = 1/12.
    _setup_epidemics_pos(b)
    b.do({"type": "epidemic", "territory": "a1"}, state={"territories": {"a1": {"epidemics": 1}}},
         outcomes=[{"outcome": {"type": "epidemic", "territory": "a2"}, "p": "1/12"}] +
         [{"outcome": {"type": "epidemic", "territory": t}, "p": "11/36"}
          for t in ("b1", "b2", "far")])
    b.do({"type": "epidemic", "territory": "a2"},
         state={"territories": {"a1": {"epidemics": 1}, "a2": {"epidemics": 1}}})


def _draws(cards: tuple[str, ...]) -> list[dict]:
    """A relocation draw: one outcome per card in the pile, equally likely."""
    return [{"outcome": {"type": "draw", "card": c}, "p": f"1/{len(cards)}"} for c in cards]


DECK = ("c-a1", "c-a2", "c-b1", "c-b2", "c-far", "c-x")


@_adv_rein("napoleon.epidemics.relocate.001",
           "An epidemic that empties a territory moves where a card drawn from the pile says",
           ["napoleon.epidemics.relocate", "napoleon.epidemics.phase-loss"],
           options={"napoleon.amb.card-table": "ignore"})
def relocate(b):
    _pos(b, {"a1": (0, 1), "a2": (0, 3), "b1": (2, 3), "b2": (1, 1), "far": (1, 2)},
         leaders={"a1": (0, 1)}, epidemics={"a1": 1}, phase="maneuver")
    # every card of the pile is one outcome; the emptied a1 keeps its fortification
    b.do({"type": "end-turn"},
         state={"phase": "epidemics", "pending": {"left": 1, "moving": True},
                "territories": {"a1": {"owner": None, "armies": 0, "epidemics": 0,
                                       "fortifications": 1}}},
         outcomes=_draws(DECK))
    # the card is discarded and the epidemic placed on its territory
    b.do({"type": "draw", "card": "c-far"},
         explain="player 1's turn begins: far (south, a whole empire) scores 1",
         state={"phase": "reinforce", "current": 1, "discards": ["c-far"], "players": [{}, {"vp": 1}, {}],
                "draw_pile": ["c-a1", "c-a2", "c-b1", "c-b2", "c-x"],
                "territories": {"far": {"epidemics": 1, "armies": 2}}},
         events=[{"type": "epidemic-card-drawn", "card": "c-far", "territory": "far"},
                 {"type": "epidemic", "territory": "far"}])


@_adv_rein("napoleon.epidemics.relocate.002",
           "A joker or a card of a territory without regiments is discarded and another drawn",
           ["napoleon.epidemics.relocate"], options={"napoleon.amb.card-table": "ignore"})
def relocate_redraw(b):
    _pos(b, {"a1": (0, 1), "a2": (0, 3), "b1": (2, 3), "b2": (1, 1), "far": (1, 2)},
         epidemics={"a1": 1}, phase="maneuver")
    b.do({"type": "end-turn"},
         state={"phase": "epidemics",
                "territories": {"a1": {"owner": None, "armies": 0, "epidemics": 0}}},
         outcomes=_draws(DECK))
    b.do({"type": "draw", "card": "c-x"},
         state={"phase": "epidemics", "pending": {"left": 1, "moving": True},
                "discards": ["c-x"]},
         events=[{"type": "epidemic-card-drawn", "card": "c-x", "territory": None}],
         outcomes=_draws(("c-a1", "c-a2", "c-b1", "c-b2", "c-far")))
    # a1 was just emptied: its card places nothing either
    b.do({"type": "draw", "card": "c-a1"},
         state={"phase": "epidemics", "discards": ["c-a1", "c-x"],
                "territories": {"a1": {"epidemics": 0}}},
         outcomes=_draws(("c-a2", "c-b1", "c-b2", "c-far")))
    b.reject({"type": "draw", "card": "c-x"}, "not-in-pile", rule="napoleon.epidemics.relocate")
    b.reject({"type": "epidemic", "territory": "b1"}, "draw-a-card",
             rule="napoleon.epidemics.relocate")
    # player 1's turn begins: far (south, a whole empire) scores 1
    b.do({"type": "draw", "card": "c-b1"},
         state={"phase": "reinforce", "current": 1, "discards": ["c-a1", "c-b1", "c-x"],
                "players": [{}, {"vp": 1}, {}],
                "draw_pile": ["c-a2", "c-b2", "c-far"],
                "territories": {"b1": {"epidemics": 1, "armies": 3}}})


@_adv_rein("napoleon.epidemics.relocate.003",
           "No card left to draw shows a territory with regiments: the epidemic leaves the board",
           ["napoleon.epidemics.relocate"], options={"napoleon.amb.card-table": "ignore"})
def relocate_lost(b):
    _pos(b, {"a1": (0, 1), "a2": (0, 3), "b1": (2, 3), "b2": (1, 1), "far": (1, 2)},
         epidemics={"a1": 1}, phase="maneuver",
         hands={1: ["c-a2", "c-b1", "c-b2"], 2: ["c-far"]})
    # the pile holds c-a1 (now empty) and the joker, the discards nothing
    b.do({"type": "end-turn"},
         state={"phase": "reinforce", "current": 1, "draw_pile": ["c-a1", "c-x"],
                "territories": {"a1": {"owner": None, "armies": 0, "epidemics": 0}},
                "players": [{}, {"vp": 1}, {}]},
         events=[{"type": "epidemic-loss", "territory": "a1"}, {"type": "epidemic-lost"}])


@_basic_rein("napoleon.effects.free-ships.003",
             "Free ships built among another player's ships must fight them, as bought ones do",
             ["napoleon.effects.free-ships", "napoleon.naval.forced-combat"])
def free_ships_challenge(b):
    _pos(b, {"a1": (0, 1), "a2": (1, 1), "b1": (1, 1), "b2": (1, 1), "far": (0, 1)},
         {"z1": (1, 1)}, phase="reinforce", hands={0: ["c-b1"]}, pending=_reinforce(1))
    b.do({"type": "play-card", "card": "c-b1", "zones": ["z1", "z1"]},
         state={"zones": {"z1": {"owner": 1, "ships": 1, "challenger_ships": 2}}, "players": [{"cards": 0}, {}, {}, {}, {}, {}]})
    b.do({"type": "place", "territory": "a1"}, state={"phase": "attack", "territories": {"a1": {"armies": 2}}},
         legal=[{"type": "attack", "from": "z1", "to": "z1", "dice": 1},
                {"type": "attack", "from": "z1", "to": "z1", "dice": 2}])


@_basic_rein("napoleon.effects.free-ships.004", "The card builds its number of ships, not fewer",
             ["napoleon.effects.free-ships"], negative=True)
def free_ships_count(b):
    _pos(b, {"a1": (0, 1), "a2": (1, 1), "b1": (1, 1), "b2": (1, 1), "far": (0, 1)},
         phase="reinforce", hands={0: ["c-b1"]}, pending=_reinforce())
    b.reject({"type": "play-card", "card": "c-b1", "zones": ["z1"]}, "ship-limit", rule="napoleon.effects.free-ships")


@_adv_rein("napoleon.epidemics.card-move.501",
           "A moved epidemic that leaves a regiment where it strikes stays there",
           ["napoleon.epidemics.card-move", "napoleon.effects.move-epidemic"])
def card_move_stays(b: Any) -> None:
    _pos(b, {"a1": (0, 3), "a2": (1, 3), "b1": (2, 2), "b2": (2, 2), "far": (1, 1)},
         epidemics={"a2": 1}, hands={0: ["c-far"]})
    b.do({"type": "play-card", "card": "c-far", "from": "a2", "to": "b1"},
         explain="b1 keeps 1 of its 2 regiments: its owner holds it and the epidemic stays",
         state={"phase": "attack", "players": seats(3, p0={"cards": 0}),
                "territories": {"a2": {"epidemics": 0}, "b1": {"owner": 2, "armies": 1, "epidemics": 1}}})


@scenario("napoleon.epidemics.card-move.511",
          "An epidemic moved by a card that takes another player's last territory puts them out",
          ["napoleon.epidemics.card-move", "napoleon.combat.elimination",
           "napoleon.effects.move-epidemic"], players=3, variant=A, map=REIN,
          reading=(EP_ELIM, "discards"))
def card_move_elimination(b: Any) -> None:
    _pos(b, {"a1": (0, 3), "a2": (1, 3), "b1": (2, 1), "b2": (1, 1), "far": (1, 1)},
         epidemics={"a2": 1}, phase="maneuver", turn=3, hands={0: ["c-far"], 2: ["c-b2"]})
    b.do({"type": "play-card", "card": "c-far", "from": "a2", "to": "b1"},
         explain="b1 loses its one regiment, player 3's last territory: player 3 is out and "
                 "their card is discarded (nobody took b1); the epidemic moves on by a draw",
         state={"phase": "epidemic-move", "discards": ["c-b2", "c-far"],
                "players": seats(3, p0={"cards": 0},
                                 p2={"eliminated": True, "eliminated_by": 0, "cards": 0}),
                "territories": {"b1": {"owner": None, "armies": 0, "epidemics": 0},
                                "a2": {"epidemics": 0}}},
         events=[{"type": "card-played", "player": 0, "card": "c-far", "effect": "move-epidemic"},
                 {"type": "epidemic-moved", "from": "a2", "to": "b1"},
                 {"type": "epidemic-card-loss", "territory": "b1", "armies": 1},
                 {"type": "eliminated", "player": 2, "by": 0, "cause": "epidemic"}])
    b.do({"type": "draw", "card": "c-a1"},
         explain="a1 holds regiments: the epidemic goes there and player 1's maneuver goes on",
         state={"phase": "maneuver", "pending": {}, "discards": ["c-a1", "c-b2", "c-far"],
                "draw_pile": ["c-a2", "c-b1", "c-x"], "territories": {"a1": {"epidemics": 1}}})


@_adv_rein("napoleon.epidemics.card-move.512",
           "A player who moves an epidemic onto their own last territory is out, and their turn "
           "ends once the epidemic is placed", ["napoleon.epidemics.card-move", "napoleon.combat.elimination",
                                                "napoleon.effects.move-epidemic"],
           options={"napoleon.amb.card-table": "ignore"},
           description="The player going out is the one whose turn it is: the same under either "
                       "reading of napoleon.amb.epidemic-elimination.")
def card_move_self_elimination(b: Any) -> None:
    _pos(b, {"a1": (0, 1), "a2": (1, 3), "b1": (2, 3), "b2": (1, 1), "far": (1, 1)},
         epidemics={"a2": 1}, phase="maneuver", turn=3, hands={0: ["c-far", "c-b2"]},
         conquered=True)
    b.do({"type": "play-card", "card": "c-far", "from": "a2", "to": "a1"},
         explain="a1, player 1's last territory, loses its one regiment: player 1 is out (by "
                 "their own turn) and their other card is discarded; the epidemic moves on",
         state={"phase": "epidemic-move", "discards": ["c-b2", "c-far"],
                "players": seats(3, p0={"eliminated": True, "eliminated_by": 0, "cards": 0}),
                "territories": {"a1": {"owner": None, "armies": 0, "epidemics": 0},
                                "a2": {"epidemics": 0}}},
         events=[{"type": "card-played", "player": 0, "card": "c-far", "effect": "move-epidemic"},
                 {"type": "epidemic-moved", "from": "a2", "to": "a1"},
                 {"type": "epidemic-card-loss", "territory": "a1", "armies": 1},
                 {"type": "eliminated", "player": 0, "by": 0, "cause": "epidemic"}])
    b.do({"type": "draw", "card": "c-b1"},
         explain="the epidemic goes to b1; player 1's turn ends with nothing scored or drawn (not "
                 "even the card for this turn's invasion) and "
                 "player 2's begins (far, a whole empire: 1 point; three territories: the "
                 "minimum of 3 regiments, far's empire 1 more)",
         state={"phase": "reinforce", "current": 1, "pending": {"to_place": 4},
                "discards": ["c-b1", "c-b2", "c-far"], "draw_pile": ["c-a1", "c-a2", "c-x"],
                "players": seats(3, p1={"vp": 1}), "territories": {"b1": {"epidemics": 1}}})


@scenario("napoleon.epidemics.relocate.301",
          "An emptied territory's epidemic moves onto a territory with a single regiment, the first of the map",
          ["napoleon.epidemics.relocate", "napoleon.epidemics.phase-loss"], players=3,
          variant="napoleon-advanced", map=REIN, options={"napoleon.amb.card-table": "ignore"})
def relocate_onto_one(b: Any) -> None:
    _pos(b, {"a1": (1, 1), "a2": (0, 1), "b1": (2, 3), "b2": (0, 2), "far": (1, 2)},
         epidemics={"a2": 1}, phase="maneuver")
    b.do({"type": "end-turn"},
         state={"phase": "epidemics", "pending": {"left": 1, "moving": True},
                "territories": {"a2": {"owner": None, "armies": 0, "epidemics": 0}}},
         outcomes=_draws(tuple(CARD_DECK)))
    b.do({"type": "draw", "card": "c-a1"},
         explain="a1 holds one regiment (player 2's): the epidemic goes there and strikes only in "
                 "player 2's epidemic phase; player 2's turn begins (far, a whole empire, scores 1; "
                 "a1 and far: the minimum of 3, far's empire 1 more)",
         state={"phase": "reinforce", "current": 1, "discards": ["c-a1"], "players": [{}, {"vp": 1}, {}],
                "draw_pile": ["c-a2", "c-b1", "c-b2", "c-far", "c-x"], "pending": {"to_place": 4},
                "territories": {"a1": {"epidemics": 1}}},
         events=[{"type": "epidemic-card-drawn", "card": "c-a1", "territory": "a1"},
                 {"type": "epidemic", "territory": "a1"}])

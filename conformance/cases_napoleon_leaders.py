"""Scenarios: Risk Napoléon — leaders (on small purpose-built maps; see cases_napoleon).

Generals, admirals and fortifications of the Advanced Rules: buying them within their
limits, their dice bonuses, capture (defending and attacking leaders) with its victory
points, leaders accompanying their units, the extra maneuver of each leader, ransom, and a
vector for each reading of the leader ambiguities the reference engine plays.  Board:
``LINE`` of :mod:`cases_napoleon` (a1–a2–b1–b2 on land, zones z1–z2–z3–z4 in a chain, a1
on z1, b2 on z3, far on z4) and, for the fortification supply, a row of 13 territories.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon import LINE
from riskspec.conformance.lineboard import advanced_sc
from riskspec.conformance.printed import set_napoleon_fields
from riskspec.conformance.scenario import scenario
from riskspec.reference.napoleon.inline import small_map

A = "napoleon-advanced"
ROW = small_map({f"t{i}": "row" for i in range(1, 14)}, {},
                [(f"t{i}", f"t{i + 1}", "land") for i in range(1, 13)], {"row": 2})
REINF = {"to_place": 3, "must_trade": False, "after": "turn"}


def _pos(b: Any, land: dict, *, zones: dict | None = None, gen: dict | None = None,
         forts: dict | None = None, adm: dict | None = None, prisoners: dict | None = None,
         vp: dict | None = None, epidemics: dict | None = None, **kw: Any) -> dict:
    """A position: ``land`` territory → (seat, regiments); ``zones`` zone → (seat, ships);
    ``gen``/``forts``/``epidemics`` territory → count; ``adm`` zone → admirals;
    ``prisoners`` (captor, owner, kind) → count; ``vp`` seat → points."""
    def edit(d: dict) -> None:
        set_napoleon_fields(d, zones=zones, gen=gen, forts=forts, adm=adm, prisoners=prisoners,
                            vp=vp, epidemics=epidemics)
    kw.setdefault("phase", "attack")
    return b.position(land, edit=edit, **kw)


def _t(**over: Any) -> dict:
    base = {"a1": (0, 4), "a2": (1, 2), "b1": (2, 1), "b2": (2, 1), "far": (1, 1)}
    base.update(over)
    return base


def sc(id: str, title: str, covers: list[str], *, reading: tuple[str, str] | None = None,
       negative: bool = False, board: dict = LINE, **kw: Any):
    options = {reading[0]: reading[1]} if reading else None
    return scenario(f"napoleon.{id}", title, covers, players=3, variant=A, map=board,
                    options=options, reading=reading, negative=negative, **kw)


# ================================================================ buying within limits

@sc("units.admirals.001", "An admiral is bought into a zone holding the player's ships",
    ["napoleon.units.admirals", "napoleon.reinforce.purchases"])
def buy_admiral(b):
    _pos(b, _t(), zones={"z1": (0, 2), "z3": (2, 1)}, phase="reinforce", pending=REINF)
    b.check(legal_includes=[{"type": "buy-admiral", "zone": "z1"}],
            legal_excludes=[{"type": "buy-admiral", "zone": "z2"},
                            {"type": "buy-admiral", "zone": "z3"}])
    b.do({"type": "buy-admiral", "zone": "z1"},
         state={"zones": {"z1": {"admirals": 1}}, "pending": {"to_place": 2}},
         events=[{"type": "admiral-bought", "player": 0, "zone": "z1"}])


@sc("units.admirals.002", "No admiral where the player has no ships, nor beyond admirals.max",
    ["napoleon.units.admirals"], negative=True)
def admiral_limit(b):
    _pos(b, _t(), zones={"z1": (0, 2), "z2": (0, 1), "z3": (2, 1)}, adm={"z1": 2},
         phase="reinforce", pending=REINF)
    b.reject({"type": "buy-admiral", "zone": "z2"}, "admiral-limit", rule="napoleon.units.admirals")
    b.reject({"type": "buy-admiral", "zone": "z3"}, "not-owner", rule="napoleon.units.admirals")
    b.reject({"type": "buy-admiral", "zone": "z4"}, "not-owner", rule="napoleon.units.admirals")


@sc("units.generals.001", "No general beyond generals.max", ["napoleon.units.generals"],
    negative=True)
def general_limit(b):
    _pos(b, _t(), gen={"a1": 2}, phase="reinforce", pending=REINF)
    b.do({"type": "buy-general", "territory": "a1"}, state={"territories": {"a1": {"generals": 3}}})
    b.reject({"type": "buy-general", "territory": "a1"}, "general-limit", rule="napoleon.units.generals")


@sc("units.generals.002", "Reading including-captured: a captive general still counts",
    ["napoleon.units.generals"], negative=True,
    reading=("napoleon.amb.leader-limit", "including-captured"))
def limit_captured(b):
    _pos(b, _t(), gen={"a1": 2}, prisoners={(1, 0, "generals"): 1}, phase="reinforce",
         pending=REINF)
    b.reject({"type": "buy-general", "territory": "a1"}, "general-limit", rule="napoleon.units.generals")


@sc("units.generals.003", "Reading on-board: a captive general does not count",
    ["napoleon.units.generals"], reading=("napoleon.amb.leader-limit", "on-board"))
def limit_on_board(b):
    _pos(b, _t(), gen={"a1": 2}, prisoners={(1, 0, "generals"): 1}, phase="reinforce",
         pending=REINF)
    b.do({"type": "buy-general", "territory": "a1"}, state={"territories": {"a1": {"generals": 3}}})


@sc("units.fortifications.001", "No second fortification, none in an epidemic territory",
    ["napoleon.units.fortifications"], negative=True)
def fort_rules(b):
    _pos(b, _t(a2=(0, 2)), forts={"a1": 1}, epidemics={"a2": 1}, phase="reinforce",
         pending=REINF)
    b.reject({"type": "buy-fortification", "territory": "a1"}, "fortified", rule="napoleon.units.fortifications")
    b.reject({"type": "buy-fortification", "territory": "a2"}, "epidemic", rule="napoleon.units.fortifications")


def _row(b: Any, forts: int) -> None:
    land = {f"t{i}": (0 if i <= forts + 1 else 1 + i % 2, 2) for i in range(1, 14)}
    _pos(b, land, forts={f"t{i}": 1 for i in range(1, forts + 1)}, phase="reinforce",
         pending=REINF)


@sc("units.fortifications.002", "Reading twelve: no fortification once 12 are on the board",
    ["napoleon.units.fortifications"], negative=True, board=ROW,
    reading=("napoleon.amb.fortification-supply", "twelve"))
def fort_supply(b):
    _row(b, 12)
    b.reject({"type": "buy-fortification", "territory": "t13"}, "no-supply", rule="napoleon.units.fortifications")


@sc("units.fortifications.003", "Reading unlimited: a 13th fortification can be built",
    ["napoleon.units.fortifications"], board=ROW,
    reading=("napoleon.amb.fortification-supply", "unlimited"))
def fort_unlimited(b):
    _row(b, 12)
    b.do({"type": "buy-fortification", "territory": "t13"},
         state={"territories": {"t13": {"fortifications": 1}}})


def _fort_cost(b: Any, left: int) -> None:
    _pos(b, _t(b1=(0, 1)), phase="reinforce", pending={**REINF, "to_place": left})


@sc("reinforce.purchases.101", "Reading one: a fortification costs one regiment",
    ["napoleon.reinforce.purchases", "napoleon.units.fortifications"],
    reading=("napoleon.amb.fortification-cost", "one"))
def cost_one(b):
    _fort_cost(b, 3)
    b.do({"type": "buy-fortification", "territory": "a1"},
         state={"territories": {"a1": {"fortifications": 1}}, "pending": {"to_place": 2}})


@sc("reinforce.purchases.102", "Reading three: a fortification costs three regiments",
    ["napoleon.reinforce.purchases"], negative=True,
    reading=("napoleon.amb.fortification-cost", "three"))
def cost_three(b):
    _fort_cost(b, 4)
    b.do({"type": "buy-fortification", "territory": "a1"},
         state={"territories": {"a1": {"fortifications": 1}}, "pending": {"to_place": 1}})
    b.reject({"type": "buy-fortification", "territory": "b1"}, "cannot-afford", rule="napoleon.reinforce.purchases")


@sc("reinforce.purchases.103", "Reading five: four regiments do not buy a fortification",
    ["napoleon.reinforce.purchases"], negative=True,
    reading=("napoleon.amb.fortification-cost", "five"))
def cost_five(b):
    _fort_cost(b, 4)
    b.reject({"type": "buy-fortification", "territory": "a1"}, "cannot-afford", rule="napoleon.reinforce.purchases")


# ================================================================ dice bonuses

@sc("naval.admiral-bonus.001", "An attacking admiral adds 1 to the highest naval die",
    ["napoleon.naval.admiral-bonus"])
def admiral_attack(b):
    _pos(b, _t(), zones={"z2": (0, 4), "z3": (1, 3)}, adm={"z2": 1})
    b.attack("z2", "z3", 2, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # 5, 2 → 6, 2 against 5, 3: one loss each
    b.roll([5, 2], [5, 3], state={"zones": {"z2": {"ships": 3}, "z3": {"ships": 2}}})


@sc("naval.admiral-bonus.002", "Two defending admirals add 1 to each of the two highest dice",
    ["napoleon.naval.admiral-bonus"])
def admiral_defence(b):
    _pos(b, _t(), zones={"z2": (0, 4), "z3": (1, 3)}, adm={"z3": 2})
    b.attack("z2", "z3", 2, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # 5, 3 against 4, 2 → 5, 3: both pairs to the defender
    b.roll([5, 3], [4, 2], state={"zones": {"z2": {"ships": 2}, "z3": {"ships": 3}}})


@sc("combat.general-bonus.002", "A defending general adds 1 to the highest defence die",
    ["napoleon.combat.general-bonus"])
def general_defence(b):
    _pos(b, _t(a2=(1, 3)), gen={"a2": 1})
    b.attack("a1", "a2", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # 5, 4 → 6, 4 against 6, 4, 1: defender wins both ties
    b.roll([6, 4, 1], [5, 4], state={"phase": "attack", "territories": {"a1": {"armies": 2}, "a2": {"armies": 3}}})


@sc("combat.fortification-bonus.001", "A fortification never helps in attack",
    ["napoleon.combat.fortification-bonus"])
def fort_attack(b):
    _pos(b, _t(), forts={"a1": 1})
    b.attack("a1", "a2", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([5, 3, 1], [5, 4], state={"phase": "attack", "territories": {"a1": {"armies": 2}, "a2": {"armies": 2}}})


def _six(b: Any) -> None:
    _pos(b, _t(), gen={"a1": 1})
    b.attack("a1", "a2", 1, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})


@sc("combat.modified-dice.001", "Reading no-cap: a 6 raised by a general is a 7 and beats a 6",
    ["napoleon.combat.modified-dice"], reading=("napoleon.amb.dice-above-six", "no-cap"))
def no_cap(b):
    _six(b)
    b.roll([6], [6], state={"phase": "attack", "territories": {"a2": {"armies": 1}, "a1": {"armies": 4}}})


@sc("combat.modified-dice.002", "Reading cap-six: a raised 6 still counts 6 and loses the tie",
    ["napoleon.combat.modified-dice"], reading=("napoleon.amb.dice-above-six", "cap-six"))
def cap_six(b):
    _six(b)
    b.roll([6], [6], state={"phase": "attack", "territories": {"a2": {"armies": 2}, "a1": {"armies": 3}}})


def _three(b: Any) -> None:
    _pos(b, _t(a1=(0, 6), a2=(1, 3)), gen={"a1": 3})
    b.attack("a1", "a2", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})


@sc("combat.general-bonus.003", "Reading no-more: a third general adds nothing",
    ["napoleon.combat.general-bonus"], reading=("napoleon.amb.third-general", "no-more"))
def third_none(b):
    _three(b)
    # 4, 4, 3 → 5, 5, 3 against 5, 5: ties to the defender
    b.roll([4, 4, 3], [5, 5], state={"phase": "attack", "territories": {"a1": {"armies": 4}, "a2": {"armies": 3}}})


@sc("combat.general-bonus.004", "Reading third-die: three generals raise the three highest dice",
    ["napoleon.combat.general-bonus"], reading=("napoleon.amb.third-general", "third-die"))
def third_die(b):
    _three(b)
    # 4, 4, 3 → 5, 5, 4 against 5, 5: ties to the defender
    b.roll([4, 4, 3], [5, 5], state={"phase": "attack", "territories": {"a1": {"armies": 4}, "a2": {"armies": 3}}})


@sc("combat.general-bonus.005", "Reading plus-two-highest: three generals give +2 and +1",
    ["napoleon.combat.general-bonus"],
    reading=("napoleon.amb.third-general", "plus-two-highest"))
def third_two(b):
    _three(b)
    # 4, 4, 3 → 6, 5, 3 against 5, 5: the attacker wins the first pair only
    b.roll([4, 4, 3], [5, 5], state={"phase": "attack", "territories": {"a1": {"armies": 5}, "a2": {"armies": 2}}})


def _scope(b: Any) -> None:
    _pos(b, {"a1": (1, 3), "a2": (0, 8), "b1": (2, 3), "b2": (2, 1), "far": (1, 1)},
         gen={"a2": 1})
    b.attack("a2", "b1", 1, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})
    b.roll([5], [5], state={"phase": "attack", "territories": {"b1": {"armies": 2}}})
    b.attack("a2", "a1", 1, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})


@sc("combat.general-bonus.006", "Reading every-roll: the general helps in a second battle too",
    ["napoleon.combat.general-bonus"],
    reading=("napoleon.amb.general-attack-scope", "every-roll"))
def scope_every(b):
    _scope(b)
    b.roll([5], [5], state={"phase": "attack", "territories": {"a1": {"armies": 2}, "a2": {"armies": 8}}})


@sc("combat.general-bonus.007", "Reading one-battle: the general helps in one battle a turn",
    ["napoleon.combat.general-bonus"],
    reading=("napoleon.amb.general-attack-scope", "one-battle"))
def scope_one(b):
    _scope(b)
    b.roll([5], [5], state={"phase": "attack", "territories": {"a1": {"armies": 3}, "a2": {"armies": 7}},
                            "turn_flags": {"general_battles": {"a2": "b1"}}})


# ================================================================ capture

def _exhaust(b: Any) -> None:
    _pos(b, _t(a1=(0, 2)), gen={"a1": 1}, vp={0: 2, 1: 0})
    b.attack("a1", "a2", 1, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})


@sc("leaders.capture.001",
    "Reading attackers-exhausted: a roll leaving the general one regiment loses it",
    ["napoleon.leaders.capture", "napoleon.leaders.capture-vp"],
    reading=("napoleon.amb.attacking-general-capture", "attackers-exhausted"))
def attacker_captured(b):
    _exhaust(b)
    b.roll([2], [6], state={"phase": "attack", 
        "territories": {"a1": {"armies": 1, "generals": 0}},
        "players": [{"vp": 1, "captive_generals": 1},
                    {"vp": 1, "prisoners": {"generals": [1, 0, 0]}}, {}]},
        events=[{"type": "battle", "from": "a1", "to": "a2", "attacker_losses": 1,
                 "defender_losses": 0},
                {"type": "general-captured", "territory": "a1", "player": 0, "by": 1,
                 "generals": 1}])


@sc("leaders.capture.002", "Reading never: an attacking general is never captured",
    ["napoleon.leaders.capture"],
    reading=("napoleon.amb.attacking-general-capture", "never"))
def attacker_safe(b):
    _exhaust(b)
    b.roll([2], [6], state={"phase": "attack", "territories": {"a1": {"armies": 1, "generals": 1}},
                            "players": [{"vp": 2}, {"vp": 0}, {}]})


@sc("leaders.capture.003", "An admiral is captured with the last ship of its zone",
    ["napoleon.leaders.capture", "napoleon.leaders.capture-vp"])
def admiral_captured(b):
    _pos(b, _t(), zones={"z2": (0, 3), "z3": (1, 1)}, adm={"z3": 1})
    b.attack("z2", "z3", 2, state={"phase": "battle"})
    b.roll([6, 6], [1], state={
        "phase": "occupy", "zones": {"z3": {"owner": 0, "ships": 0, "admirals": 0}},
        "players": [{"vp": 1, "prisoners": {"admirals": [0, 1, 0]}},
                    {"vp": -1, "captive_admirals": 1}, {}]})


@sc("leaders.capture.004", "An attacking admiral whose roll leaves one ship is captured",
    ["napoleon.leaders.capture"])
def admiral_attacker(b):
    _pos(b, _t(), zones={"z2": (0, 2), "z3": (1, 3)}, adm={"z2": 1})
    b.attack("z2", "z3", 1, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([1], [6, 6], state={"phase": "attack", "zones": {"z2": {"ships": 1, "admirals": 0}},
                               "players": [{"captive_admirals": 1, "vp": -1}, {"vp": 1}, {}]})


@sc("leaders.capture-vp.002", "Reading negative: a capture may take victory points below zero",
    ["napoleon.leaders.capture-vp"], reading=("napoleon.amb.negative-vp", "negative"))
def vp_negative(b):
    _pos(b, _t(a2=(1, 1)), gen={"a2": 2})
    b.attack("a1", "a2", 3, state={"phase": "battle"})
    b.roll([6, 6, 6], [1], state={"players": [{"vp": 2}, {"vp": -2}, {}], "phase": "occupy",
                                  "territories": {"a2": {"owner": 0, "armies": 0, "generals": 0}}})


@sc("leaders.capture-vp.003", "Reading floor-zero: victory points never fall below zero",
    ["napoleon.leaders.capture-vp"], reading=("napoleon.amb.negative-vp", "floor-zero"))
def vp_floor(b):
    _pos(b, _t(a2=(1, 1)), gen={"a2": 2}, vp={1: 1})
    b.attack("a1", "a2", 3, state={"phase": "battle"})
    b.roll([6, 6, 6], [1], state={"players": [{"vp": 2}, {"vp": 0}, {}], "phase": "occupy",
                                  "territories": {"a2": {"owner": 0, "armies": 0, "generals": 0}}})


def _razed(b: Any) -> None:
    _pos(b, _t(a2=(1, 1), b1=(None, 0)), forts={"a2": 1, "b1": 1})
    b.attack("a1", "a2", 3, state={"phase": "battle"})
    b.roll([6, 6, 6], [1], state={"territories": {"a2": {"owner": 0, "armies": 0, "fortifications": 0}},
                                  "phase": "occupy"},
           events=[{"type": "battle", "from": "a1", "to": "a2", "attacker_losses": 0,
                    "defender_losses": 1},
                   {"type": "fortification-destroyed", "territory": "a2"}])
    b.do({"type": "occupy", "armies": 3}, state={"phase": "attack", "territories": {
        "a1": {"armies": 4 - 3}, "a2": {"armies": 3}}})


@sc("combat.fortification-destroyed.001",
    "Reading conquest-by-combat: razed by conquest, kept when an empty territory is entered",
    ["napoleon.combat.fortification-destroyed"],
    reading=("napoleon.amb.fortification-destroyed", "conquest-by-combat"))
def fort_kept(b):
    _razed(b)
    b.do({"type": "invade", "from": "a2", "to": "b1", "armies": 1},
         state={"territories": {"b1": {"owner": 0, "armies": 1, "fortifications": 1}, "a2": {"armies": 3 - 1}}})


@sc("combat.fortification-destroyed.002",
    "Reading any-conquest: entering an empty territory razes its fortification too",
    ["napoleon.combat.fortification-destroyed"],
    reading=("napoleon.amb.fortification-destroyed", "any-conquest"))
def fort_razed(b):
    _razed(b)
    b.do({"type": "invade", "from": "a2", "to": "b1", "armies": 1},
         state={"territories": {"b1": {"owner": 0, "armies": 1, "fortifications": 0}, "a2": {"armies": 3 - 1}}})


# ================================================================ leaders with their units

@sc("leaders.accompany.001", "Generals move into a conquered territory with the regiments",
    ["napoleon.leaders.accompany"])
def occupy_with(b):
    _pos(b, _t(a1=(0, 6), a2=(1, 1)), gen={"a1": 2})
    b.attack("a1", "a2", 3, state={"phase": "battle"})
    b.roll([6, 6, 6], [1], state={"phase": "occupy", "territories": {"a2": {"owner": 0, "armies": 0}}})
    b.check(legal_includes=[{"type": "occupy", "armies": 3, "leaders": 2}])
    b.do({"type": "occupy", "armies": 4, "leaders": 1},
         state={"phase": "attack", "territories": {"a1": {"armies": 2, "generals": 1},
                                                  "a2": {"owner": 0, "armies": 4, "generals": 1}}})


@sc("leaders.accompany.002", "Leaders that are not there cannot go along",
    ["napoleon.leaders.accompany"], negative=True)
def occupy_too_many(b):
    _pos(b, _t(a1=(0, 6), a2=(1, 1)), gen={"a1": 1})
    b.attack("a1", "a2", 3, state={"phase": "battle"})
    b.roll([6, 6, 6], [1], state={"phase": "occupy", "territories": {"a2": {"owner": 0, "armies": 0}}})
    b.reject({"type": "occupy", "armies": 3, "leaders": 2}, "leaders", rule="napoleon.leaders.accompany")


@sc("leaders.accompany.003",
    "Reading must-join: an admiral may sail alone to its own ships, not into an empty zone",
    ["napoleon.leaders.accompany", "napoleon.maneuver.leaders"], negative=True,
    reading=("napoleon.amb.lone-leader", "must-join"))
def lone_admiral(b):
    _pos(b, _t(), zones={"z2": (0, 3), "z1": (0, 1)}, adm={"z2": 1}, phase="maneuver")
    b.reject({"type": "maneuver", "from": "z2", "to": "z3", "armies": 0, "leaders": 1,
              "leader_maneuver": True}, "alone", rule="napoleon.leaders.accompany")
    b.do({"type": "maneuver", "from": "z2", "to": "z1", "armies": 0, "leaders": 1,
          "leader_maneuver": True},
         state={"zones": {"z2": {"ships": 3, "admirals": 0}, "z1": {"ships": 1, "admirals": 1}}})


@sc("maneuver.leaders.001",
    "A general takes along only the regiments that stood with it as the phase began",
    ["napoleon.maneuver.leaders", "napoleon.maneuver.land"], negative=True)
def general_move(b):
    # the source's example: 5 regiments next to 2 regiments and a general
    _pos(b, {"a1": (0, 5), "a2": (0, 2), "b1": (0, 1), "b2": (1, 1), "far": (2, 1)},
         gen={"a2": 1}, phase="attack")
    b.do({"type": "end-attack"}, state={"phase": "maneuver", "turn_flags": {"maneuver_start": {
        "a1": {"units": 5, "leaders": 0}, "a2": {"units": 2, "leaders": 1},
        "b1": {"units": 1, "leaders": 0}}}})
    b.do({"type": "maneuver", "from": "a1", "to": "a2", "armies": 4},
         state={"territories": {"a1": {"armies": 1}, "a2": {"armies": 6}}})
    b.reject({"type": "maneuver", "from": "a2", "to": "b1", "armies": 3, "leaders": 1,
              "leader_maneuver": True}, "not-present", rule="napoleon.maneuver.leaders")
    b.do({"type": "maneuver", "from": "a2", "to": "b1", "armies": 2, "leaders": 1,
          "leader_maneuver": True},
         state={"territories": {"a2": {"armies": 4, "generals": 0},
                                "b1": {"armies": 3, "generals": 1}}})


@sc("maneuver.leaders.002", "A general that arrived during the phase has no maneuver of its own",
    ["napoleon.maneuver.leaders"], negative=True)
def general_arrived(b):
    _pos(b, {"a1": (0, 5), "a2": (0, 2), "b1": (0, 1), "b2": (1, 1), "far": (2, 1)},
         gen={"a1": 1}, phase="attack")
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.do({"type": "maneuver", "from": "a1", "to": "a2", "armies": 3, "leaders": 1},
         state={"territories": {"a1": {"armies": 2, "generals": 0}, "a2": {"armies": 5, "generals": 1}}})
    b.reject({"type": "maneuver", "from": "a2", "to": "b1", "armies": 0, "leaders": 1,
              "leader_maneuver": True}, "leader-moved", rule="napoleon.maneuver.leaders")
    b.reject({"type": "maneuver", "from": "a2", "to": "b1", "armies": 1}, "not-connected", rule="napoleon.maneuver.land")


@sc("maneuver.leaders.003", "Each admiral gives one more naval maneuver",
    ["napoleon.maneuver.leaders", "napoleon.maneuver.naval"])
def admiral_move(b):
    _pos(b, _t(), zones={"z2": (0, 4), "z1": (0, 1)}, adm={"z2": 1}, phase="attack")
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.do({"type": "maneuver", "from": "z2", "to": "z1", "armies": 1},
         state={"zones": {"z2": {"ships": 3}, "z1": {"ships": 2}}})
    b.do({"type": "maneuver", "from": "z2", "to": "z3", "armies": 2, "leaders": 1,
          "leader_maneuver": True},
         state={"zones": {"z2": {"ships": 1, "admirals": 0},
                          "z3": {"owner": 0, "ships": 2, "admirals": 1}}},
         events=[{"type": "leader-maneuver", "from": "z2", "to": "z3", "armies": 2,
                  "leaders": 1}])


# ================================================================ ransom

def _ransom(b: Any, on_board: int = 0, admiral: bool = False, vp: dict | None = None,
            captives: int = 1) -> None:
    pr = {(1, 0, "generals"): captives}
    if admiral:
        pr[(1, 0, "admirals")] = 1
    _pos(b, _t(), zones={"z1": (0, 2)}, gen={"a1": on_board}, prisoners=pr,
         phase="reinforce", pending=REINF, vp=vp)


@sc("leaders.ransom.001",
    "Reading all-generals-captured: a player with every general captive ransoms one",
    ["napoleon.leaders.ransom"], negative=True,
    reading=("napoleon.amb.ransom", "all-generals-captured"))
def ransom(b):
    _ransom(b, captives=2)
    b.check(legal_excludes=[{"type": "ransom", "leader": "admiral", "captor": 1, "place": "z1"}])
    b.do({"type": "ransom", "leader": "general", "captor": 1, "place": "a1"},
         state={"phase": "ransom", "pending": {"captor": 1, "left": 1, "to_place": 2},
                "territories": {"a1": {"generals": 1}},
                "players": [{"captive_generals": 1}, {"prisoners": {"generals": [1, 0, 0]}}, {}]},
         legal=[{"type": "place", "territory": "a2"}, {"type": "place", "territory": "far"}])
    b.do({"type": "place", "territory": "far"},
         state={"phase": "reinforce", "current": 0, "pending": {"to_place": 2},
                "territories": {"far": {"armies": 2}}})
    b.check(explain="the general ransomed this turn does not end 'all captive'",
            legal_includes=[{"type": "ransom", "leader": "general", "captor": 1, "place": "a1"}])
    b.do({"type": "buy-general", "territory": "a1"}, state={"territories": {"a1": {"generals": 2}}})
    b.reject({"type": "ransom", "leader": "general", "captor": 1, "place": "a1"},
             "not-all-captured", rule="napoleon.leaders.ransom")


@sc("leaders.ransom.002", "Reading all-generals-captured: no ransom while a general is free",
    ["napoleon.leaders.ransom"], negative=True,
    reading=("napoleon.amb.ransom", "all-generals-captured"))
def ransom_refused(b):
    _ransom(b, on_board=1)
    b.reject({"type": "ransom", "leader": "general", "captor": 1, "place": "a1"},
             "not-all-captured", rule="napoleon.leaders.ransom")
    b.reject({"type": "ransom", "leader": "admiral", "captor": 1, "place": "z1"},
             "not-ransomable", rule="napoleon.leaders.ransom")


@sc("leaders.ransom.003", "Reading any-captive-general: a captive general is ransomed anyway",
    ["napoleon.leaders.ransom"], negative=True,
    reading=("napoleon.amb.ransom", "any-captive-general"))
def ransom_any(b):
    _ransom(b, on_board=1, admiral=True)
    b.reject({"type": "ransom", "leader": "admiral", "captor": 1, "place": "z1"},
             "not-ransomable", rule="napoleon.leaders.ransom")
    b.do({"type": "ransom", "leader": "general", "captor": 1, "place": "a1"},
         state={"phase": "ransom", "territories": {"a1": {"generals": 2}}})


@sc("leaders.ransom.004", "Reading any-captive-leader: a captive admiral is ransomed too",
    ["napoleon.leaders.ransom"], reading=("napoleon.amb.ransom", "any-captive-leader"))
def ransom_admiral(b):
    _ransom(b, on_board=1, admiral=True)
    b.do({"type": "ransom", "leader": "admiral", "captor": 1, "place": "z1"},
         state={"phase": "ransom", "zones": {"z1": {"admirals": 1}},
                "players": [{"captive_admirals": 0, "captive_generals": 1}, {}, {}]})


@sc("leaders.ransom.005", "Reading keep: the capture's victory points stand after a ransom",
    ["napoleon.leaders.ransom"], reading=("napoleon.amb.ransom-vp", "keep"))
def ransom_keep(b):
    _ransom(b, vp={0: -1, 1: 1})
    b.do({"type": "ransom", "leader": "general", "captor": 1, "place": "a1"},
         state={"players": [{"vp": -1}, {"vp": 1}, {}], "phase": "ransom", "territories": {"a1": {"generals": 1}}})


@sc("leaders.ransom.006", "Reading reverse: a ransom undoes the capture's victory points",
    ["napoleon.leaders.ransom"], reading=("napoleon.amb.ransom-vp", "reverse"))
def ransom_reverse(b):
    _ransom(b, vp={0: -1, 1: 1})
    b.do({"type": "ransom", "leader": "general", "captor": 1, "place": "a1"},
         state={"players": [{"vp": 0}, {"vp": 0}, {}], "phase": "ransom", "territories": {"a1": {"generals": 1}}})


# ================================================================ setup


@scenario("napoleon.leaders.ransom.701",
          "A new turn starts with no leader ransomed yet: a player with a general on the board "
          "may not ransom; no general on another player's territory",
          ["napoleon.leaders.ransom", "napoleon.reinforce.purchases", "napoleon.turn.order"],
          players=3, variant=A, map=LINE, options={"napoleon.amb.card-table": "ignore"},
          negative=True)
def ransom_new_turn(b: Any) -> None:
    _pos(b, {"a1": (0, 2), "a2": (1, 2), "b1": (2, 2), "b2": (1, 1), "far": (1, 1)},
         gen={"a1": 1}, prisoners={(1, 0, "generals"): 1}, phase="maneuver", current=2, turn=2)
    b.do({"type": "end-turn"},
         explain="Game turn 3 begins with player 1: 1 territory, the minimum of 3 regiments.",
         state={"phase": "reinforce", "current": 0, "turn": 3,
                "pending": {"to_place": 3, "must_trade": False, "after": "turn"},
                "turn_flags": {"ransomed": {"generals": 0, "admirals": 0}}})
    b.reject({"type": "ransom", "leader": "general", "captor": 1, "place": "a1"},
             "not-all-captured", rule="napoleon.leaders.ransom",
             explain="one of player 1's two generals stands on a1 (reading all-generals-captured)")
    b.reject({"type": "buy-general", "territory": "a2"}, "not-owner",
             rule="napoleon.reinforce.purchases", explain="a2 is player 2's")


@scenario("napoleon.leaders.ransom.301",
          "Every choice of a reinforcement phase with two generals captive by two players",
          ["napoleon.leaders.ransom", "napoleon.reinforce.purchases", "napoleon.units.generals",
           "napoleon.units.admirals", "napoleon.units.ships", "napoleon.units.fortifications"],
          players=3, variant="napoleon-advanced", map=LINE,
          options={"napoleon.amb.ransom": "all-generals-captured"})
def ransom_choices(b: Any) -> None:
    _pos(b, {"a1": (0, 4), "a2": (1, 2), "b1": (0, 1), "b2": (2, 1), "far": (1, 1)},
         zones={"z1": (0, 2)}, prisoners={(1, 0, "generals"): 1, (2, 0, "generals"): 1},
         phase="reinforce", pending=REINF)
    # each captor holds one general (prisoner_generals agrees with the prisoners table)
    b.load({**b.start, "players": [{**p, "prisoner_generals": [0, 1, 1][i]}
                                   for i, p in enumerate(b.start["players"])]})
    legal: list[dict[str, Any]] = [{"type": "buy-admiral", "zone": "z1"}]
    for t in ("a1", "b1"):
        legal += [{"type": "buy-general", "territory": t}, {"type": "buy-fortification", "territory": t}]
    legal += [{"type": "buy-ship", "zone": "z1"}]
    legal += [{"type": "place", "territory": t} for t in ("a1", "b1")]
    legal += [{"type": "ransom", "leader": "general", "captor": c, "place": t}
              for c in (1, 2) for t in ("a1", "b1")]
    b.check(legal=legal,
            explain="3 regiments to place on a1 or b1 or to spend: a general or a fortification "
                    "on either, an admiral to z1's ships, a ship in z1 (the only zone on player "
                    "1's coasts: a1's), or a ransom of either captive general, "
                    "from player 2 or player 3, back to a1 or b1")
    b.do({"type": "ransom", "leader": "general", "captor": 2, "place": "b1"},
         events=[{"type": "ransomed", "player": 0, "captor": 2, "leader": "general", "place": "b1"}],
         state={"phase": "ransom", "pending": {"captor": 2, "left": 1, "to_place": 2},
                "territories": {"b1": {"generals": 1}},
                "players": [{"captive_generals": 1},
                            {"prisoners": {"generals": [1, 0, 0]}, "prisoner_generals": 1},
                            {"prisoners": {"generals": [0, 0, 0]}, "prisoner_generals": 0}]},
         legal=[{"type": "place", "territory": "b2"}])
    b.do({"type": "place", "territory": "b2"},
         state={"phase": "reinforce", "current": 0, "pending": {"to_place": 2},
                "territories": {"b2": {"armies": 2}}})


RANSOM_TURN = {"must_trade": False, "after": "turn"}


def _rpos(b: Any, land: dict, **kw: Any) -> None:
    """A leaders position (:func:`cases_napoleon_leaders._pos`) whose captors' counts of
    generals held (``prisoner_generals``) match their prisoners."""
    d = _pos(b, land, **kw)
    for p in d["players"]:
        p["prisoner_generals"] = sum(p["prisoners"]["generals"])
    b.load(d)


@advanced_sc("napoleon.leaders.ransom.501", "Reading on-board: captives are ransomed up to the "
             "limit of three generals on the board, and no further",
             ["napoleon.leaders.ransom", "napoleon.amb.leader-limit"],
             reading=("napoleon.amb.leader-limit", "on-board"))
def ransom_to_limit(b):
    # player 1 holds four of seat 0's generals (seat 0 bought new ones as they were taken);
    # none of seat 0's generals is on the board
    _rpos(b, {"a1": (0, 4), "a2": (1, 2), "b1": (2, 1), "b2": (2, 1), "far": (1, 1)},
          prisoners={(1, 0, "generals"): 4}, phase="reinforce",
          pending={"to_place": 4, **RANSOM_TURN})
    b.check(explain="on-board: four captives do not count against the limit",
            legal_includes=[{"type": "buy-general", "territory": "a1"},
                            {"type": "ransom", "leader": "general", "captor": 1, "place": "a1"}])
    for k in (1, 2, 3):
        b.do({"type": "ransom", "leader": "general", "captor": 1, "place": "a1"},
             state={"phase": "ransom", "pending": {"captor": 1, "left": 1, "to_place": 4 - k},
                    "territories": {"a1": {"generals": k}},
                    "players": [{"captive_generals": 4 - k},
                                {"prisoners": {"generals": [4 - k, 0, 0]}}, {}]})
        b.do({"type": "place", "territory": "far"},
             state={"phase": "reinforce", "territories": {"far": {"armies": 1 + k}}})
    b.reject({"type": "ransom", "leader": "general", "captor": 1, "place": "a1"},
             "general-limit", rule="napoleon.leaders.ransom",
             explain="three generals on the board: the fourth captive cannot come back")


@advanced_sc("napoleon.leaders.ransom.502", "A ransom costs exactly one regiment: the last one left "
             "pays it; the general returns to the ransoming player's own territory",
             ["napoleon.leaders.ransom", "napoleon.reinforce.purchases"])
def ransom_last_regiment(b):
    # seat 1 has placed all but one regiment; player 2 holds its only general
    _rpos(b, {"a1": (0, 4), "a2": (1, 2), "b1": (2, 1), "b2": (2, 1), "far": (1, 1)},
          prisoners={(2, 1, "generals"): 1}, phase="reinforce", current=1,
          pending={"to_place": 1, **RANSOM_TURN})
    b.reject({"type": "ransom", "leader": "general", "captor": 2, "place": "b1"},
             "not-owner", rule="napoleon.leaders.ransom",
             explain="b1 is the captor's territory, not the ransoming player's")
    b.do({"type": "ransom", "leader": "general", "captor": 2, "place": "a2"},
         state={"phase": "ransom", "pending": {"captor": 2, "left": 1, "to_place": 0},
                "territories": {"a2": {"generals": 1}},
                "players": [{"prisoners": {"generals": [0, 0, 0]}},
                            {"captive_generals": 0, "prisoners": {"generals": [0, 0, 0]}},
                            {"prisoner_generals": 0, "prisoners": {"generals": [0, 0, 0]}}]})
    b.do({"type": "place", "territory": "b1"},
         explain="the reinforcements are all placed: combat begins",
         state={"phase": "attack", "current": 1, "territories": {"b1": {"armies": 2}}})


@advanced_sc("napoleon.leaders.ransom.503", "No ransom while placing the trade forced by an "
             "elimination: only in the reinforcement phase", ["napoleon.leaders.ransom"],
             negative=True)
def ransom_not_after_elimination(b):
    # seat 0 has just taken player 2's last territory and its cards: five cards, a trade due
    _rpos(b, {"a1": (0, 4), "a2": (1, 2), "b1": (0, 1), "b2": (0, 1), "far": (1, 1)},
          prisoners={(1, 0, "generals"): 1}, phase="reinforce",
          hands={0: ["c-a1", "c-a2", "c-b1", "c-b2", "c-far"]},
          pending={"to_place": 0, "must_trade": True, "after": "elimination"})
    b.reject({"type": "ransom", "leader": "general", "captor": 1, "place": "a1"},
             "advanced-only", rule="napoleon.leaders.ransom")


@advanced_sc("napoleon.leaders.ransom.504", "A general cannot be ransomed onto an emptied territory "
             "its player still holds without regiments",
             ["napoleon.leaders.ransom", "napoleon.amb.empty-territory-control"], negative=True,
             options={"napoleon.amb.empty-territory-control": "keeps-owner"})
def ransom_not_on_empty(b):
    # keeps-owner: an epidemic took a2's last regiment; a2 is still seat 0's
    _rpos(b, {"a1": (0, 4), "a2": (0, 0), "b1": (2, 1), "b2": (2, 1), "far": (1, 1)},
          prisoners={(1, 0, "generals"): 1}, phase="reinforce",
          pending={"to_place": 3, **RANSOM_TURN})
    b.check(legal_includes=[{"type": "ransom", "leader": "general", "captor": 1, "place": "a1"}],
            legal_excludes=[{"type": "ransom", "leader": "general", "captor": 1, "place": "a2"}])
    b.reject({"type": "ransom", "leader": "general", "captor": 1, "place": "a2"},
             "not-owner", rule="napoleon.leaders.ransom")


@advanced_sc("napoleon.leaders.ransom.505", "A ransom from a captor out of the game: no regiment is "
             "added, the reinforcement phase goes on", ["napoleon.leaders.ransom"])
def ransom_captor_out(b):
    # player 1 took seat 0's general, then lost its last territory to seat 0 (its captives
    # stay captive); the captor has no territory for its regiment
    _rpos(b, {"a1": (0, 4), "a2": (0, 2), "b1": (2, 1), "b2": (2, 1), "far": (2, 1)},
          prisoners={(1, 0, "generals"): 1}, phase="reinforce",
          pending={"to_place": 3, **RANSOM_TURN})
    b.do({"type": "ransom", "leader": "general", "captor": 1, "place": "a1"},
         state={"phase": "reinforce", "current": 0, "pending": {"to_place": 2},
                "territories": {"a1": {"generals": 1}},
                "players": [{"captive_generals": 0}, {"prisoners": {"generals": [0, 0, 0]}}, {}]})


@sc("setup.place-general-and-fortification.001",
    "Reading after-regiments: each player places the general, then the fortification",
    ["napoleon.setup.place-general-and-fortification"], negative=True,
    reading=("napoleon.amb.starting-leaders", "after-regiments"))
def setup_leaders(b):
    _pos(b, _t(), phase="setup-leaders", turn=0, pending={"generals": 1, "fortifications": 1})
    b.reject({"type": "place-fortification", "territory": "a1"}, "general-first", rule="napoleon.setup.place-general-and-fortification")
    b.reject({"type": "place-general", "territory": "a2"}, "not-owner", rule="napoleon.setup.place-general-and-fortification")
    b.do({"type": "place-general", "territory": "a1"},
         state={"territories": {"a1": {"generals": 1}}, "pending": {"generals": 0}})
    b.do({"type": "place-fortification", "territory": "a1"},
         state={"phase": "setup-leaders", "current": 1,
                "territories": {"a1": {"fortifications": 1}}})



"""Scenarios: Risk Napoléon — leaders, on the printed Europe board (``spec/napoleon/map.yaml``).

Generals, admirals and fortifications of the Advanced Rules: buying them within their
limits, their dice bonuses, capture (defending and attacking leaders) with its victory
points, leaders accompanying their units, the extra maneuver of each leader, ransom, and a
vector for each reading of the leader ambiguities the reference engine plays.  Most
positions are British: player 1 (seat 0) in England, player 2 (seat 1) in Scotland and
Ireland, fleets in the North Sea, the Western Europe Atlantic and the Baltic; the French
cases (a general in Aquitaine, an army in Lorraine, the 13 territories of France and
Iberia) are named as they come.  Every territory a position does not name belongs to the
background seat (seat 2, the third player) with one regiment (:func:`printed.pos`).

:func:`sc` and :func:`_pos` (the small ``LINE`` board of :mod:`cases_napoleon`) stay for
the modules that import them; this module's own cases register with :func:`_psc`.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon import LINE
from riskspec.conformance.printed import NO_TABLE, get_empire, get_rest, pos, set_napoleon_fields
from riskspec.conformance.printed import sc as printed_sc
from riskspec.conformance.scenario import scenario

A = "napoleon-advanced"
REINF = {"to_place": 3, "must_trade": False, "after": "turn"}
#: player 1 in England, player 2 in Scotland and Ireland (LINE's a1, a2 and far)
UK = {"england": (0, 4), "scotland": (1, 2), "ireland": (1, 1)}
NS, WEA, BALTIC = "north-sea", "western-europe-atlantic", "baltic-sea"


def _pos(b: Any, land: dict, *, zones: dict | None = None, gen: dict | None = None,
         forts: dict | None = None, adm: dict | None = None, prisoners: dict | None = None,
         vp: dict | None = None, epidemics: dict | None = None, **kw: Any) -> dict:
    """A position on an inline board (the modules importing it): ``land`` territory →
    (seat, regiments); ``zones`` zone → (seat, ships); ``gen``/``forts``/``epidemics``
    territory → count; ``adm`` zone → admirals; ``prisoners`` (captor, owner, kind) →
    count; ``vp`` seat → points."""
    def edit(d: dict) -> None:
        set_napoleon_fields(d, zones=zones, gen=gen, forts=forts, adm=adm, prisoners=prisoners,
                            vp=vp, epidemics=epidemics)
    kw.setdefault("phase", "attack")
    return b.position(land, edit=edit, **kw)


def _uk(**over: Any) -> dict:
    """:data:`UK` with some territories changed or added."""
    return {**UK, **over}


def sc(id: str, title: str, covers: list[str], *, reading: tuple[str, str] | None = None,
       negative: bool = False, board: dict = LINE, **kw: Any):
    """Register an Advanced case with 3 players on the inline ``board`` (other modules)."""
    options = {reading[0]: reading[1]} if reading else None
    return scenario(f"napoleon.{id}", title, covers, players=3, variant=A, map=board,
                    options=options, reading=reading, negative=negative, **kw)


def _psc(id: str, title: str, covers: list[str], *, reading: tuple[str, str] | None = None,
         options: dict | None = None, **kw: Any):
    """Register an Advanced case with 3 players on the printed board: ``napoleon.<id>``,
    the ``reading``'s option after ``options``."""
    opts = {**(options or {}), **({reading[0]: reading[1]} if reading else {})}
    return printed_sc(f"napoleon.{id}", title, covers, options=opts or None, reading=reading,
                      **kw)


# ================================================================ buying within limits

@_psc("units.admirals.001", "An admiral is bought into a zone holding the player's ships",
      ["napoleon.units.admirals", "napoleon.reinforce.purchases"])
def buy_admiral(b):
    pos(b, UK, zones={NS: (0, 2), BALTIC: (2, 1)}, phase="reinforce", pending=REINF)
    b.check(explain="player 1's ships are in the North Sea; the Western Europe Atlantic is "
                    "empty and the Baltic holds player 3's ship",
            legal_includes=[{"type": "buy-admiral", "zone": NS}],
            legal_excludes=[{"type": "buy-admiral", "zone": WEA},
                            {"type": "buy-admiral", "zone": BALTIC}])
    b.do({"type": "buy-admiral", "zone": NS},
         state={"zones": {NS: {"admirals": 1}}, "pending": {"to_place": 2}},
         events=[{"type": "admiral-bought", "player": 0, "zone": NS}])


@_psc("units.admirals.002", "No admiral where the player has no ships, nor beyond admirals.max",
      ["napoleon.units.admirals"], negative=True)
def admiral_limit(b):
    pos(b, UK, zones={NS: (0, 2), WEA: (0, 1), BALTIC: (2, 1)}, adm={NS: 2},
        phase="reinforce", pending=REINF)
    b.reject({"type": "buy-admiral", "zone": WEA}, "admiral-limit", rule="napoleon.units.admirals",
             explain="both of player 1's admirals (admirals.max 2) are in the North Sea")
    b.reject({"type": "buy-admiral", "zone": BALTIC}, "not-owner", rule="napoleon.units.admirals")
    b.reject({"type": "buy-admiral", "zone": "western-mediterranean"}, "not-owner",
             rule="napoleon.units.admirals")


@_psc("units.generals.001", "No general beyond generals.max", ["napoleon.units.generals"],
      negative=True)
def general_limit(b):
    pos(b, UK, gen={"england": 2}, phase="reinforce", pending=REINF)
    b.do({"type": "buy-general", "territory": "england"},
         state={"territories": {"england": {"generals": 3}}, "pending": {"to_place": 2}})
    b.reject({"type": "buy-general", "territory": "england"}, "general-limit",
             rule="napoleon.units.generals")


@_psc("units.generals.002", "Reading including-captured: a captive general still counts",
      ["napoleon.units.generals"], negative=True,
      reading=("napoleon.amb.leader-limit", "including-captured"))
def limit_captured(b):
    pos(b, UK, gen={"england": 2}, prisoners={(1, 0, "generals"): 1}, phase="reinforce",
        pending=REINF)
    b.reject({"type": "buy-general", "territory": "england"}, "general-limit",
             rule="napoleon.units.generals",
             explain="two generals in England and one captive of player 2's: three")


@_psc("units.generals.003", "Reading on-board: a captive general does not count",
      ["napoleon.units.generals"], reading=("napoleon.amb.leader-limit", "on-board"))
def limit_on_board(b):
    pos(b, UK, gen={"england": 2}, prisoners={(1, 0, "generals"): 1}, phase="reinforce",
        pending=REINF)
    b.do({"type": "buy-general", "territory": "england"},
         state={"territories": {"england": {"generals": 3}}, "pending": {"to_place": 2}})


@_psc("units.fortifications.001", "No second fortification, none in an epidemic territory",
      ["napoleon.units.fortifications"], negative=True)
def fort_rules(b):
    pos(b, _uk(scotland=(0, 2)), forts={"england": 1}, epidemics={"scotland": 1},
        phase="reinforce", pending=REINF)
    b.reject({"type": "buy-fortification", "territory": "england"}, "fortified",
             rule="napoleon.units.fortifications")
    b.reject({"type": "buy-fortification", "territory": "scotland"}, "epidemic",
             rule="napoleon.units.fortifications")


#: player 1's 13 territories: the French Empire and the Iberian Peninsula
WEST = get_empire("french-empire") + get_empire("iberian-peninsula")
assert WEST[12] == "catalonia"


def _row(b: Any, forts: int) -> None:
    """Player 1 holds France and Iberia (2 regiments each), fortified but for the last
    ones; player 2 holds England."""
    land = {t: (0, 2) for t in WEST}
    pos(b, {**land, "england": (1, 2)}, forts={t: 1 for t in WEST[:forts]}, phase="reinforce",
        pending=REINF)


@_psc("units.fortifications.002", "Reading twelve: no fortification once 12 are on the board",
      ["napoleon.units.fortifications"], negative=True,
      reading=("napoleon.amb.fortification-supply", "twelve"))
def fort_supply(b):
    _row(b, 12)
    b.reject({"type": "buy-fortification", "territory": WEST[12]}, "no-supply",
             rule="napoleon.units.fortifications",
             explain="12 fortifications stand in France and Iberia; Catalonia has none")


@_psc("units.fortifications.003", "Reading unlimited: a 13th fortification can be built",
      ["napoleon.units.fortifications"],
      reading=("napoleon.amb.fortification-supply", "unlimited"))
def fort_unlimited(b):
    _row(b, 12)
    b.do({"type": "buy-fortification", "territory": WEST[12]},
         state={"territories": {WEST[12]: {"fortifications": 1}}, "pending": {"to_place": 2}})


def _fort_cost(b: Any, left: int) -> None:
    pos(b, _uk(norway=(0, 1)), phase="reinforce", pending={**REINF, "to_place": left})


@_psc("reinforce.purchases.101", "Reading one: a fortification costs one regiment",
      ["napoleon.reinforce.purchases", "napoleon.units.fortifications"],
      reading=("napoleon.amb.fortification-cost", "one"))
def cost_one(b):
    _fort_cost(b, 3)
    b.do({"type": "buy-fortification", "territory": "england"},
         state={"territories": {"england": {"fortifications": 1}}, "pending": {"to_place": 2}})


@_psc("reinforce.purchases.102", "Reading three: a fortification costs three regiments",
      ["napoleon.reinforce.purchases"], negative=True,
      reading=("napoleon.amb.fortification-cost", "three"))
def cost_three(b):
    _fort_cost(b, 4)
    b.do({"type": "buy-fortification", "territory": "england"},
         state={"territories": {"england": {"fortifications": 1}}, "pending": {"to_place": 1}})
    b.reject({"type": "buy-fortification", "territory": "norway"}, "cannot-afford",
             rule="napoleon.reinforce.purchases")


@_psc("reinforce.purchases.103", "Reading five: four regiments do not buy a fortification",
      ["napoleon.reinforce.purchases"], negative=True,
      reading=("napoleon.amb.fortification-cost", "five"))
def cost_five(b):
    _fort_cost(b, 4)
    b.reject({"type": "buy-fortification", "territory": "england"}, "cannot-afford",
             rule="napoleon.reinforce.purchases")


# ================================================================ dice bonuses

@_psc("naval.admiral-bonus.001", "An attacking admiral adds 1 to the highest naval die",
      ["napoleon.naval.admiral-bonus"])
def admiral_attack(b):
    pos(b, UK, zones={WEA: (0, 4), NS: (1, 3)}, adm={WEA: 1})
    b.attack(WEA, NS, 2, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # 5, 2 → 6, 2 against 5, 3: one loss each
    b.roll([5, 2], [5, 3], state={"zones": {WEA: {"ships": 3}, NS: {"ships": 2}}})


@_psc("naval.admiral-bonus.002", "Two defending admirals add 1 to each of the two highest dice",
      ["napoleon.naval.admiral-bonus"])
def admiral_defence(b):
    pos(b, UK, zones={WEA: (0, 4), NS: (1, 3)}, adm={NS: 2})
    b.attack(WEA, NS, 2, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # 5, 3 against 4, 2 → 5, 3: both pairs to the defender
    b.roll([5, 3], [4, 2], state={"zones": {WEA: {"ships": 2}, NS: {"ships": 3}}})


@_psc("combat.general-bonus.002", "A defending general adds 1 to the highest defence die",
      ["napoleon.combat.general-bonus"])
def general_defence(b):
    pos(b, _uk(scotland=(1, 3)), gen={"scotland": 1})
    b.attack("england", "scotland", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # 5, 4 → 6, 4 against 6, 4, 1: defender wins both ties
    b.roll([6, 4, 1], [5, 4], state={"phase": "attack", "territories": {
        "england": {"armies": 2}, "scotland": {"armies": 3}}})


@_psc("combat.fortification-bonus.001", "A fortification never helps in attack",
      ["napoleon.combat.fortification-bonus"])
def fort_attack(b):
    pos(b, UK, forts={"england": 1})
    b.attack("england", "scotland", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # 5, 3, 1 against 5, 4 (England's fortification adds nothing): both pairs to the defender
    b.roll([5, 3, 1], [5, 4], state={"phase": "attack", "territories": {
        "england": {"armies": 2}, "scotland": {"armies": 2}}})


def _six(b: Any) -> None:
    pos(b, UK, gen={"england": 1})
    b.attack("england", "scotland", 1, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})


@_psc("combat.modified-dice.001", "Reading no-cap: a 6 raised by a general is a 7 and beats a 6",
      ["napoleon.combat.modified-dice"], reading=("napoleon.amb.dice-above-six", "no-cap"))
def no_cap(b):
    _six(b)
    b.roll([6], [6], state={"phase": "attack", "territories": {
        "scotland": {"armies": 1}, "england": {"armies": 4}}})


@_psc("combat.modified-dice.002", "Reading cap-six: a raised 6 still counts 6 and loses the tie",
      ["napoleon.combat.modified-dice"], reading=("napoleon.amb.dice-above-six", "cap-six"))
def cap_six(b):
    _six(b)
    b.roll([6], [6], state={"phase": "attack", "territories": {
        "scotland": {"armies": 2}, "england": {"armies": 3}}})


def _three(b: Any) -> None:
    pos(b, _uk(england=(0, 6), scotland=(1, 3)), gen={"england": 3})
    b.attack("england", "scotland", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})


@_psc("combat.general-bonus.003", "Reading no-more: a third general adds nothing",
      ["napoleon.combat.general-bonus"], reading=("napoleon.amb.third-general", "no-more"))
def third_none(b):
    _three(b)
    # 4, 4, 3 → 5, 5, 3 against 5, 5: ties to the defender
    b.roll([4, 4, 3], [5, 5], state={"phase": "attack", "territories": {
        "england": {"armies": 4}, "scotland": {"armies": 3}}})


@_psc("combat.general-bonus.004", "Reading third-die: three generals raise the three highest dice",
      ["napoleon.combat.general-bonus"], reading=("napoleon.amb.third-general", "third-die"))
def third_die(b):
    _three(b)
    # 4, 4, 3 → 5, 5, 4 against 5, 5: ties to the defender
    b.roll([4, 4, 3], [5, 5], state={"phase": "attack", "territories": {
        "england": {"armies": 4}, "scotland": {"armies": 3}}})


@_psc("combat.general-bonus.005", "Reading plus-two-highest: three generals give +2 and +1",
      ["napoleon.combat.general-bonus"],
      reading=("napoleon.amb.third-general", "plus-two-highest"))
def third_two(b):
    _three(b)
    # 4, 4, 3 → 6, 5, 3 against 5, 5: the attacker wins the first pair only
    b.roll([4, 4, 3], [5, 5], state={"phase": "attack", "territories": {
        "england": {"armies": 5}, "scotland": {"armies": 2}}})


def _scope(b: Any) -> None:
    # a French army with its general in Lorraine, on the Rhine: Westphalia is player 3's,
    # Bavaria player 2's
    pos(b, {"lorraine": (0, 8), "westphalia": (2, 3), "bavaria": (1, 3)}, gen={"lorraine": 1})
    b.attack("lorraine", "westphalia", 1, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})
    b.roll([5], [5], state={"phase": "attack", "territories": {"westphalia": {"armies": 2}}})
    b.attack("lorraine", "bavaria", 1, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})


@_psc("combat.general-bonus.006", "Reading every-roll: the general helps in a second battle too",
      ["napoleon.combat.general-bonus"],
      reading=("napoleon.amb.general-attack-scope", "every-roll"))
def scope_every(b):
    _scope(b)
    b.roll([5], [5], state={"phase": "attack", "territories": {
        "bavaria": {"armies": 2}, "lorraine": {"armies": 8}}})


@_psc("combat.general-bonus.007", "Reading one-battle: the general helps in one battle a turn",
      ["napoleon.combat.general-bonus"],
      reading=("napoleon.amb.general-attack-scope", "one-battle"))
def scope_one(b):
    _scope(b)
    b.roll([5], [5], state={"phase": "attack", "territories": {
        "bavaria": {"armies": 3}, "lorraine": {"armies": 7}},
        "turn_flags": {"general_battles": {"lorraine": "westphalia"}}})


# ================================================================ capture

def _exhaust(b: Any) -> None:
    pos(b, _uk(england=(0, 2)), gen={"england": 1}, vp={0: 2, 1: 0})
    b.attack("england", "scotland", 1, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})


@_psc("leaders.capture.001",
      "Reading attackers-exhausted: a roll leaving the general one regiment loses it",
      ["napoleon.leaders.capture", "napoleon.leaders.capture-vp"],
      reading=("napoleon.amb.attacking-general-capture", "attackers-exhausted"))
def attacker_captured(b):
    _exhaust(b)
    b.roll([2], [6], state={
        "phase": "attack", "territories": {"england": {"armies": 1, "generals": 0}},
        "players": [{"vp": 1, "captive_generals": 1},
                    {"vp": 1, "prisoners": {"generals": [1, 0, 0]}}, {}]},
        events=[{"type": "battle", "from": "england", "to": "scotland", "attacker_losses": 1,
                 "defender_losses": 0},
                {"type": "general-captured", "territory": "england", "player": 0, "by": 1,
                 "generals": 1}])


@_psc("leaders.capture.002", "Reading never: an attacking general is never captured",
      ["napoleon.leaders.capture"],
      reading=("napoleon.amb.attacking-general-capture", "never"))
def attacker_safe(b):
    _exhaust(b)
    b.roll([2], [6], state={"phase": "attack",
                            "territories": {"england": {"armies": 1, "generals": 1}},
                            "players": [{"vp": 2}, {"vp": 0}, {}]})


@_psc("leaders.capture.003", "An admiral is captured with the last ship of its zone",
      ["napoleon.leaders.capture", "napoleon.leaders.capture-vp"])
def admiral_captured(b):
    pos(b, UK, zones={NS: (0, 3), BALTIC: (1, 1)}, adm={BALTIC: 1})
    b.attack(NS, BALTIC, 2, state={"phase": "battle"})
    b.roll([6, 6], [1], state={
        "phase": "occupy", "zones": {BALTIC: {"owner": 0, "ships": 0, "admirals": 0}},
        "players": [{"vp": 1, "prisoners": {"admirals": [0, 1, 0]}},
                    {"vp": -1, "captive_admirals": 1}, {}]})


@_psc("leaders.capture.004", "An attacking admiral whose roll leaves one ship is captured",
      ["napoleon.leaders.capture"])
def admiral_attacker(b):
    pos(b, UK, zones={NS: (0, 2), BALTIC: (1, 3)}, adm={NS: 1})
    b.attack(NS, BALTIC, 1, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([1], [6, 6], state={"phase": "attack", "zones": {NS: {"ships": 1, "admirals": 0}},
                               "players": [{"captive_admirals": 1, "vp": -1}, {"vp": 1}, {}]})


@_psc("leaders.capture-vp.002", "Reading negative: a capture may take victory points below zero",
      ["napoleon.leaders.capture-vp"], reading=("napoleon.amb.negative-vp", "negative"))
def vp_negative(b):
    pos(b, _uk(scotland=(1, 1)), gen={"scotland": 2})
    b.attack("england", "scotland", 3, state={"phase": "battle"})
    b.roll([6, 6, 6], [1], state={
        "players": [{"vp": 2}, {"vp": -2}, {}], "phase": "occupy",
        "territories": {"scotland": {"owner": 0, "armies": 0, "generals": 0}}})


@_psc("leaders.capture-vp.003", "Reading floor-zero: victory points never fall below zero",
      ["napoleon.leaders.capture-vp"], reading=("napoleon.amb.negative-vp", "floor-zero"))
def vp_floor(b):
    pos(b, _uk(scotland=(1, 1)), gen={"scotland": 2}, vp={1: 1})
    b.attack("england", "scotland", 3, state={"phase": "battle"})
    b.roll([6, 6, 6], [1], state={
        "players": [{"vp": 2}, {"vp": 0}, {}], "phase": "occupy",
        "territories": {"scotland": {"owner": 0, "armies": 0, "generals": 0}}})


def _razed(b: Any) -> None:
    # from Aquitaine into player 2's fortified Castile; León-Asturias beyond is empty
    # and fortified
    pos(b, {"aquitaine": (0, 4), "castile": (1, 1), "leon-asturias": (None, 0),
            "ireland": (1, 1)}, forts={"castile": 1, "leon-asturias": 1})
    b.attack("aquitaine", "castile", 3, state={"phase": "battle"})
    b.roll([6, 6, 6], [1], state={
        "territories": {"castile": {"owner": 0, "armies": 0, "fortifications": 0}},
        "phase": "occupy"},
        events=[{"type": "battle", "from": "aquitaine", "to": "castile", "attacker_losses": 0,
                 "defender_losses": 1},
                {"type": "fortification-destroyed", "territory": "castile"}])
    b.do({"type": "occupy", "armies": 3}, state={"phase": "attack", "territories": {
        "aquitaine": {"armies": 4 - 3}, "castile": {"armies": 3}}})


@_psc("combat.fortification-destroyed.001",
      "Reading conquest-by-combat: razed by conquest, kept when an empty territory is entered",
      ["napoleon.combat.fortification-destroyed"],
      reading=("napoleon.amb.fortification-destroyed", "conquest-by-combat"))
def fort_kept(b):
    _razed(b)
    b.do({"type": "invade", "from": "castile", "to": "leon-asturias", "armies": 1},
         state={"territories": {"leon-asturias": {"owner": 0, "armies": 1, "fortifications": 1},
                                "castile": {"armies": 3 - 1}}})


@_psc("combat.fortification-destroyed.002",
      "Reading any-conquest: entering an empty territory razes its fortification too",
      ["napoleon.combat.fortification-destroyed"],
      reading=("napoleon.amb.fortification-destroyed", "any-conquest"))
def fort_razed(b):
    _razed(b)
    b.do({"type": "invade", "from": "castile", "to": "leon-asturias", "armies": 1},
         state={"territories": {"leon-asturias": {"owner": 0, "armies": 1, "fortifications": 0},
                                "castile": {"armies": 3 - 1}}})


# ================================================================ leaders with their units

@_psc("leaders.accompany.001", "Generals move into a conquered territory with the regiments",
      ["napoleon.leaders.accompany"])
def occupy_with(b):
    pos(b, _uk(england=(0, 6), scotland=(1, 1)), gen={"england": 2})
    b.attack("england", "scotland", 3, state={"phase": "battle"})
    b.roll([6, 6, 6], [1], state={"phase": "occupy",
                                  "territories": {"scotland": {"owner": 0, "armies": 0}}})
    b.check(legal_includes=[{"type": "occupy", "armies": 3, "leaders": 2}])
    b.do({"type": "occupy", "armies": 4, "leaders": 1},
         state={"phase": "attack", "territories": {
             "england": {"armies": 2, "generals": 1},
             "scotland": {"owner": 0, "armies": 4, "generals": 1}}})


@_psc("leaders.accompany.002", "Leaders that are not there cannot go along",
      ["napoleon.leaders.accompany"], negative=True)
def occupy_too_many(b):
    pos(b, _uk(england=(0, 6), scotland=(1, 1)), gen={"england": 1})
    b.attack("england", "scotland", 3, state={"phase": "battle"})
    b.roll([6, 6, 6], [1], state={"phase": "occupy",
                                  "territories": {"scotland": {"owner": 0, "armies": 0}}})
    b.reject({"type": "occupy", "armies": 3, "leaders": 2}, "leaders",
             rule="napoleon.leaders.accompany")


@_psc("leaders.accompany.003",
      "Reading must-join: an admiral may sail alone to its own ships, not into an empty zone",
      ["napoleon.leaders.accompany", "napoleon.maneuver.leaders"], negative=True,
      reading=("napoleon.amb.lone-leader", "must-join"))
def lone_admiral(b):
    pos(b, UK, zones={NS: (0, 3), WEA: (0, 1)}, adm={NS: 1}, phase="maneuver")
    b.reject({"type": "maneuver", "from": NS, "to": BALTIC, "armies": 0, "leaders": 1,
              "leader_maneuver": True}, "alone", rule="napoleon.leaders.accompany",
             explain="the Baltic is empty: the admiral would stand there without ships")
    b.do({"type": "maneuver", "from": NS, "to": WEA, "armies": 0, "leaders": 1,
          "leader_maneuver": True},
         state={"zones": {NS: {"ships": 3, "admirals": 0}, WEA: {"ships": 1, "admirals": 1}}})


#: France's Atlantic coast: Brittany, Aquitaine (the rule's example) and Languedoc beyond
#: it, all player 1's; player 2 in Castile
BISCAY = {"brittany": (0, 5), "aquitaine": (0, 2), "languedoc": (0, 1), "castile": (1, 1)}


@_psc("maneuver.leaders.001",
      "A general takes along only the regiments that stood with it as the phase began",
      ["napoleon.maneuver.leaders", "napoleon.maneuver.land"], negative=True)
def general_move(b):
    # the source's example: 2 regiments and a general in Aquitaine, 4 regiments moved in
    pos(b, BISCAY, gen={"aquitaine": 1}, phase="attack")
    b.do({"type": "end-attack"}, state={"phase": "maneuver", "turn_flags": {"maneuver_start": {
        "brittany": {"units": 5, "leaders": 0}, "aquitaine": {"units": 2, "leaders": 1},
        "languedoc": {"units": 1, "leaders": 0}}}})
    b.do({"type": "maneuver", "from": "brittany", "to": "aquitaine", "armies": 4},
         state={"territories": {"brittany": {"armies": 1}, "aquitaine": {"armies": 6}}})
    b.reject({"type": "maneuver", "from": "aquitaine", "to": "languedoc", "armies": 3,
              "leaders": 1, "leader_maneuver": True}, "not-present",
             rule="napoleon.maneuver.leaders")
    b.do({"type": "maneuver", "from": "aquitaine", "to": "languedoc", "armies": 2, "leaders": 1,
          "leader_maneuver": True},
         state={"territories": {"aquitaine": {"armies": 4, "generals": 0},
                                "languedoc": {"armies": 3, "generals": 1}}})


@_psc("maneuver.leaders.002", "A general that arrived during the phase has no maneuver of its own",
      ["napoleon.maneuver.leaders"], negative=True)
def general_arrived(b):
    pos(b, BISCAY, gen={"brittany": 1}, phase="attack")
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.do({"type": "maneuver", "from": "brittany", "to": "aquitaine", "armies": 3, "leaders": 1},
         state={"territories": {"brittany": {"armies": 2, "generals": 0},
                                "aquitaine": {"armies": 5, "generals": 1}}})
    b.reject({"type": "maneuver", "from": "aquitaine", "to": "languedoc", "armies": 0,
              "leaders": 1, "leader_maneuver": True}, "leader-moved",
             rule="napoleon.maneuver.leaders")
    b.reject({"type": "maneuver", "from": "aquitaine", "to": "languedoc", "armies": 1},
             "not-connected", rule="napoleon.maneuver.land",
             explain="the one land maneuver (maneuver.land_moves) is made")


@_psc("maneuver.leaders.003", "Each admiral gives one more naval maneuver",
      ["napoleon.maneuver.leaders", "napoleon.maneuver.naval"])
def admiral_move(b):
    pos(b, UK, zones={NS: (0, 4), WEA: (0, 1)}, adm={NS: 1}, phase="attack")
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.do({"type": "maneuver", "from": NS, "to": WEA, "armies": 1},
         state={"zones": {NS: {"ships": 3}, WEA: {"ships": 2}}})
    b.do({"type": "maneuver", "from": NS, "to": BALTIC, "armies": 2, "leaders": 1,
          "leader_maneuver": True},
         state={"zones": {NS: {"ships": 1, "admirals": 0},
                          BALTIC: {"owner": 0, "ships": 2, "admirals": 1}}},
         events=[{"type": "leader-maneuver", "player": 0, "from": NS, "to": BALTIC, "armies": 2,
                  "leaders": 1}])


# ================================================================ ransom

def _ransom(b: Any, on_board: int = 0, admiral: bool = False, vp: dict | None = None,
            captives: int = 1) -> None:
    pr = {(1, 0, "generals"): captives}
    if admiral:
        pr[(1, 0, "admirals")] = 1
    pos(b, UK, zones={NS: (0, 2)}, gen={"england": on_board}, prisoners=pr,
        phase="reinforce", pending=REINF, vp=vp)


@_psc("leaders.ransom.001",
      "Reading all-generals-captured: a player with every general captive ransoms one",
      ["napoleon.leaders.ransom"], negative=True,
      reading=("napoleon.amb.ransom", "all-generals-captured"))
def ransom(b):
    _ransom(b, captives=2)
    b.check(legal_excludes=[{"type": "ransom", "leader": "admiral", "captor": 1, "place": NS}])
    b.do({"type": "ransom", "leader": "general", "captor": 1, "place": "england"},
         state={"phase": "ransom", "pending": {"captor": 1, "left": 1, "to_place": 2},
                "territories": {"england": {"generals": 1}},
                "players": [{"captive_generals": 1}, {"prisoners": {"generals": [1, 0, 0]}}, {}]},
         explain="player 2, the captor, adds a regiment to one of its territories",
         legal=[{"type": "place", "territory": "scotland"},
                {"type": "place", "territory": "ireland"}])
    b.do({"type": "place", "territory": "ireland"},
         state={"phase": "reinforce", "current": 0, "pending": {"to_place": 2},
                "territories": {"ireland": {"armies": 2}}})
    b.check(explain="the general ransomed this turn does not end 'all captive'",
            legal_includes=[{"type": "ransom", "leader": "general", "captor": 1,
                             "place": "england"}])
    b.do({"type": "buy-general", "territory": "england"},
         state={"territories": {"england": {"generals": 2}}})
    b.reject({"type": "ransom", "leader": "general", "captor": 1, "place": "england"},
             "not-all-captured", rule="napoleon.leaders.ransom")


@_psc("leaders.ransom.002", "Reading all-generals-captured: no ransom while a general is free",
      ["napoleon.leaders.ransom"], negative=True,
      reading=("napoleon.amb.ransom", "all-generals-captured"))
def ransom_refused(b):
    _ransom(b, on_board=1)
    b.reject({"type": "ransom", "leader": "general", "captor": 1, "place": "england"},
             "not-all-captured", rule="napoleon.leaders.ransom")
    b.reject({"type": "ransom", "leader": "admiral", "captor": 1, "place": NS},
             "not-ransomable", rule="napoleon.leaders.ransom")


@_psc("leaders.ransom.003", "Reading any-captive-general: a captive general is ransomed anyway",
      ["napoleon.leaders.ransom"], negative=True,
      reading=("napoleon.amb.ransom", "any-captive-general"))
def ransom_any(b):
    _ransom(b, on_board=1, admiral=True)
    b.reject({"type": "ransom", "leader": "admiral", "captor": 1, "place": NS},
             "not-ransomable", rule="napoleon.leaders.ransom")
    b.do({"type": "ransom", "leader": "general", "captor": 1, "place": "england"},
         state={"phase": "ransom", "territories": {"england": {"generals": 2}}})


@_psc("leaders.ransom.004", "Reading any-captive-leader: a captive admiral is ransomed too",
      ["napoleon.leaders.ransom"], reading=("napoleon.amb.ransom", "any-captive-leader"))
def ransom_admiral(b):
    _ransom(b, on_board=1, admiral=True)
    b.do({"type": "ransom", "leader": "admiral", "captor": 1, "place": NS},
         state={"phase": "ransom", "zones": {NS: {"admirals": 1}},
                "players": [{"captive_admirals": 0, "captive_generals": 1}, {}, {}]})


@_psc("leaders.ransom.005", "Reading keep: the capture's victory points stand after a ransom",
      ["napoleon.leaders.ransom"], reading=("napoleon.amb.ransom-vp", "keep"))
def ransom_keep(b):
    _ransom(b, vp={0: -1, 1: 1})
    b.do({"type": "ransom", "leader": "general", "captor": 1, "place": "england"},
         state={"players": [{"vp": -1}, {"vp": 1}, {}], "phase": "ransom",
                "territories": {"england": {"generals": 1}}})


@_psc("leaders.ransom.006", "Reading reverse: a ransom undoes the capture's victory points",
      ["napoleon.leaders.ransom"], reading=("napoleon.amb.ransom-vp", "reverse"))
def ransom_reverse(b):
    _ransom(b, vp={0: -1, 1: 1})
    b.do({"type": "ransom", "leader": "general", "captor": 1, "place": "england"},
         state={"players": [{"vp": 0}, {"vp": 0}, {}], "phase": "ransom",
                "territories": {"england": {"generals": 1}}})


# ================================================================ setup


@_psc("leaders.ransom.701",
      "A new turn starts with no leader ransomed yet: a player with a general on the board "
      "may not ransom; no general on another player's territory",
      ["napoleon.leaders.ransom", "napoleon.reinforce.purchases", "napoleon.turn.order"],
      options={"napoleon.amb.card-table": "ignore"}, negative=True, background=(1, 1))
def ransom_new_turn(b: Any) -> None:
    # player 3 ends game turn 2 holding Norway alone (no whole empire or route: no card to
    # draw); player 2 holds the rest of the board but England
    pos(b, {"england": (0, 2), "scotland": (1, 2), "norway": (2, 2)}, rest=1,
        gen={"england": 1}, prisoners={(1, 0, "generals"): 1}, phase="maneuver", current=2,
        turn=2)
    b.do({"type": "end-turn"},
         explain="Game turn 3 begins with player 1: 1 territory, the minimum of 3 regiments.",
         state={"phase": "reinforce", "current": 0, "turn": 3,
                "pending": {"to_place": 3, "must_trade": False, "after": "turn"},
                "turn_flags": {"ransomed": {"generals": 0, "admirals": 0}}})
    b.reject({"type": "ransom", "leader": "general", "captor": 1, "place": "england"},
             "not-all-captured", rule="napoleon.leaders.ransom",
             explain="one of player 1's two generals stands in England (reading "
                     "all-generals-captured)")
    b.reject({"type": "buy-general", "territory": "scotland"}, "not-owner",
             rule="napoleon.reinforce.purchases", explain="Scotland is player 2's")


#: player 1 in Holland (on the North Sea only) and Switzerland (no coast); player 2 in
#: England and Ireland
LOW = {"holland": (0, 4), "england": (1, 2), "switzerland": (0, 1), "ireland": (1, 1)}


@_psc("leaders.ransom.301",
      "Every choice of a reinforcement phase with two generals captive by two players",
      ["napoleon.leaders.ransom", "napoleon.reinforce.purchases", "napoleon.units.generals",
       "napoleon.units.admirals", "napoleon.units.ships", "napoleon.units.fortifications"],
      options={"napoleon.amb.ransom": "all-generals-captured"})
def ransom_choices(b: Any) -> None:
    pos(b, LOW, zones={NS: (0, 2)}, prisoners={(1, 0, "generals"): 1, (2, 0, "generals"): 1},
        phase="reinforce", pending=REINF)
    # each captor holds one general (prisoner_generals agrees with the prisoners table)
    b.load({**b.start, "players": [{**p, "prisoner_generals": [0, 1, 1][i]}
                                   for i, p in enumerate(b.start["players"])]})
    mine = ("holland", "switzerland")
    legal: list[dict[str, Any]] = [{"type": "buy-admiral", "zone": NS}]
    for t in mine:
        legal += [{"type": "buy-general", "territory": t}, {"type": "buy-fortification", "territory": t}]
    legal += [{"type": "buy-ship", "zone": NS}]
    legal += [{"type": "place", "territory": t} for t in mine]
    legal += [{"type": "ransom", "leader": "general", "captor": c, "place": t}
              for c in (1, 2) for t in mine]
    b.check(legal=legal,
            explain="3 regiments to place in Holland or Switzerland or to spend: a general or "
                    "a fortification on either, an admiral to the North Sea's ships, a ship in "
                    "the North Sea (the only zone on player 1's coasts: Holland's), or a "
                    "ransom of either captive general, from player 2 or player 3, back to "
                    "Holland or Switzerland")
    b.do({"type": "ransom", "leader": "general", "captor": 2, "place": "switzerland"},
         events=[{"type": "ransomed", "player": 0, "captor": 2, "leader": "general",
                  "place": "switzerland"}],
         state={"phase": "ransom", "pending": {"captor": 2, "left": 1, "to_place": 2},
                "territories": {"switzerland": {"generals": 1}},
                "players": [{"captive_generals": 1},
                            {"prisoners": {"generals": [1, 0, 0]}, "prisoner_generals": 1},
                            {"prisoners": {"generals": [0, 0, 0]}, "prisoner_generals": 0}]},
         explain="player 3 adds its regiment to any of its territories: all those the "
                 "position does not name",
         legal=[{"type": "place", "territory": t} for t in get_rest(LOW)])
    b.do({"type": "place", "territory": "westphalia"},
         state={"phase": "reinforce", "current": 0, "pending": {"to_place": 2},
                "territories": {"westphalia": {"armies": 2}}})


RANSOM_TURN = {"must_trade": False, "after": "turn"}


def _rpos(b: Any, land: dict, **kw: Any) -> None:
    """A printed-board position (:func:`printed.pos`) whose captors' counts of generals held
    (``prisoner_generals``) match their prisoners."""
    d = pos(b, land, **kw)
    for p in d["players"]:
        p["prisoner_generals"] = sum(p["prisoners"]["generals"])
    b.load(d)


@_psc("leaders.ransom.501", "Reading on-board: captives are ransomed up to the "
      "limit of three generals on the board, and no further",
      ["napoleon.leaders.ransom", "napoleon.amb.leader-limit"], options=NO_TABLE,
      reading=("napoleon.amb.leader-limit", "on-board"))
def ransom_to_limit(b):
    # player 2 holds four of player 1's generals (player 1 bought new ones as they were
    # taken); none of player 1's generals is on the board
    _rpos(b, UK, prisoners={(1, 0, "generals"): 4}, phase="reinforce",
          pending={"to_place": 4, **RANSOM_TURN})
    b.check(explain="on-board: four captives do not count against the limit",
            legal_includes=[{"type": "buy-general", "territory": "england"},
                            {"type": "ransom", "leader": "general", "captor": 1,
                             "place": "england"}])
    for k in (1, 2, 3):
        b.do({"type": "ransom", "leader": "general", "captor": 1, "place": "england"},
             state={"phase": "ransom", "pending": {"captor": 1, "left": 1, "to_place": 4 - k},
                    "territories": {"england": {"generals": k}},
                    "players": [{"captive_generals": 4 - k},
                                {"prisoners": {"generals": [4 - k, 0, 0]}}, {}]})
        b.do({"type": "place", "territory": "ireland"},
             state={"phase": "reinforce", "territories": {"ireland": {"armies": 1 + k}}})
    b.reject({"type": "ransom", "leader": "general", "captor": 1, "place": "england"},
             "general-limit", rule="napoleon.leaders.ransom",
             explain="three generals on the board: the fourth captive cannot come back")


@_psc("leaders.ransom.502", "A ransom costs exactly one regiment: the last one left "
      "pays it; the general returns to the ransoming player's own territory",
      ["napoleon.leaders.ransom", "napoleon.reinforce.purchases"], options=NO_TABLE)
def ransom_last_regiment(b):
    # player 2 has placed all but one regiment; player 3 holds its only general
    _rpos(b, UK, prisoners={(2, 1, "generals"): 1}, phase="reinforce", current=1,
          pending={"to_place": 1, **RANSOM_TURN})
    b.reject({"type": "ransom", "leader": "general", "captor": 2, "place": "norway"},
             "not-owner", rule="napoleon.leaders.ransom",
             explain="Norway is the captor's territory, not the ransoming player's")
    b.do({"type": "ransom", "leader": "general", "captor": 2, "place": "scotland"},
         state={"phase": "ransom", "pending": {"captor": 2, "left": 1, "to_place": 0},
                "territories": {"scotland": {"generals": 1}},
                "players": [{"prisoners": {"generals": [0, 0, 0]}},
                            {"captive_generals": 0, "prisoners": {"generals": [0, 0, 0]}},
                            {"prisoner_generals": 0, "prisoners": {"generals": [0, 0, 0]}}]})
    b.do({"type": "place", "territory": "norway"},
         explain="the reinforcements are all placed: combat begins",
         state={"phase": "attack", "current": 1, "territories": {"norway": {"armies": 2}}})


@_psc("leaders.ransom.503", "No ransom while placing the trade forced by an "
      "elimination: only in the reinforcement phase", ["napoleon.leaders.ransom"],
      options=NO_TABLE, negative=True, background=(0, 1))
def ransom_not_after_elimination(b):
    # player 1 has just taken player 3's last territory and its cards: five cards, a trade
    # due; player 1 holds every territory but player 2's England, Scotland and Ireland
    _rpos(b, UK, rest=0, prisoners={(1, 0, "generals"): 1}, phase="reinforce",
          hands={0: ["card-brittany", "card-aquitaine", "card-castile", "card-portugal",
                     "card-norway"]},
          pending={"to_place": 0, "must_trade": True, "after": "elimination"})
    b.reject({"type": "ransom", "leader": "general", "captor": 1, "place": "holland"},
             "advanced-only", rule="napoleon.leaders.ransom")


@_psc("leaders.ransom.504", "A general cannot be ransomed onto an emptied territory "
      "its player still holds without regiments",
      ["napoleon.leaders.ransom", "napoleon.amb.empty-territory-control"], negative=True,
      options={**NO_TABLE, "napoleon.amb.empty-territory-control": "keeps-owner"})
def ransom_not_on_empty(b):
    # keeps-owner: an epidemic took Scotland's last regiment; Scotland is still player 1's
    _rpos(b, _uk(scotland=(0, 0)), prisoners={(1, 0, "generals"): 1}, phase="reinforce",
          pending={"to_place": 3, **RANSOM_TURN})
    b.check(legal_includes=[{"type": "ransom", "leader": "general", "captor": 1,
                             "place": "england"}],
            legal_excludes=[{"type": "ransom", "leader": "general", "captor": 1,
                             "place": "scotland"}])
    b.reject({"type": "ransom", "leader": "general", "captor": 1, "place": "scotland"},
             "not-owner", rule="napoleon.leaders.ransom")


@_psc("leaders.ransom.505", "A ransom from a captor out of the game: no regiment is "
      "added, the reinforcement phase goes on", ["napoleon.leaders.ransom"], options=NO_TABLE)
def ransom_captor_out(b):
    # player 2 took player 1's general, then lost its last territory to player 1 (its
    # captives stay captive); the captor has no territory for its regiment
    _rpos(b, {"england": (0, 4), "scotland": (0, 2)}, prisoners={(1, 0, "generals"): 1},
          phase="reinforce", pending={"to_place": 3, **RANSOM_TURN})
    b.do({"type": "ransom", "leader": "general", "captor": 1, "place": "england"},
         state={"phase": "reinforce", "current": 0, "pending": {"to_place": 2},
                "territories": {"england": {"generals": 1}},
                "players": [{"captive_generals": 0}, {"prisoners": {"generals": [0, 0, 0]}}, {}]})


@_psc("setup.place-general-and-fortification.001",
      "Reading after-regiments: each player places the general, then the fortification",
      ["napoleon.setup.place-general-and-fortification"], negative=True,
      reading=("napoleon.amb.starting-leaders", "after-regiments"))
def setup_leaders(b):
    pos(b, UK, phase="setup-leaders", turn=0, pending={"generals": 1, "fortifications": 1})
    b.reject({"type": "place-fortification", "territory": "england"}, "general-first",
             rule="napoleon.setup.place-general-and-fortification")
    b.reject({"type": "place-general", "territory": "scotland"}, "not-owner",
             rule="napoleon.setup.place-general-and-fortification")
    b.do({"type": "place-general", "territory": "england"},
         state={"territories": {"england": {"generals": 1}}, "pending": {"generals": 0}})
    b.do({"type": "place-fortification", "territory": "england"},
         state={"phase": "setup-leaders", "current": 1,
                "territories": {"england": {"fortifications": 1}}})

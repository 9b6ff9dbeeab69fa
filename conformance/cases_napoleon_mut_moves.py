"""Scenarios: Risk Napoléon — cases written for the surviving mutants of napoleon.invasion, napoleon.leaders and napoleon.maneuvers (landings, generals, maneuvers).

Each case states, from the rules, what a plausible deviation of an engine gets wrong (the
survivors of ``python -m riskspec.conformance.mutation --family napoleon --open``; their
triage is in ``conformance/mutation-triage.yaml``).  Board: ``LINE`` of :mod:`cases_napoleon`
(a1–a2–b1–b2 on land, zones z1–z2–z3–z4 in a chain, a1 on z1, b2 on z3, far on z4).  IDs
end in 8xx, apart from the other mutation modules' cases.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon import LINE, NEUTRAL, V
from riskspec.conformance.cases_napoleon import _pos as _bpos
from riskspec.conformance.cases_napoleon_edges import _m
from riskspec.conformance.cases_napoleon_leaders import _pos, sc
from riskspec.conformance.scenario import scenario

A = "napoleon-advanced"
KEEPS = ("napoleon.amb.empty-territory-control", "keeps-owner")
ONE_BATTLE = ("napoleon.amb.general-attack-scope", "one-battle")
REINF = {"to_place": 1, "must_trade": False, "after": "turn"}


def ksc(id: str, title: str, covers: list[str], **kw: Any):
    """An Advanced case played under keeps-owner (its start, a territory its owner kept
    empty, is reachable only then), whose outcome the other reading would not change."""
    return scenario(f"napoleon.{id}", title, covers, players=3, variant=A, map=LINE,
                    options={KEEPS[0]: KEEPS[1], **kw.pop("options", {})}, **kw)


def _keeps(b: Any, land: dict, empty: tuple[str, ...], **kw: Any) -> dict:
    """A combat-phase position under keeps-owner: the ``empty`` territories lost their last
    regiment to an epidemic (its token moved on) and are still their owner's."""
    start = _pos(b, land, **kw)
    terr = {t: {**e, "armies": 0} if t in empty else e for t, e in start["territories"].items()}
    return b.load({**start, "territories": terr})


def _inv(frm: str, to: str, n: int) -> dict:
    return {"type": "invade", "from": frm, "to": to, "armies": n}


# ================================================================ invading what an owner kept empty
@ksc("cards.elimination-capture.801",
    "Entering a player's last empty territories: eliminated with the last one, whose cards force a trade",
    ["napoleon.combat.empty-territory", "napoleon.combat.elimination",
     "napoleon.cards.elimination-capture", "napoleon.naval.landing"], negative=True)
def invade_last_empty(b: Any) -> None:
    _keeps(b, {"a1": (2, 3), "a2": (1, 5), "b1": (0, 0), "b2": (0, 0), "far": (2, 1)},
           ("b1", "b2"), zones={"z3": (2, 2)}, current=1, turn=2,
           hands={0: ["c-b1", "c-x"], 1: ["c-a1", "c-a2", "c-far"]})
    legal = [{"type": "attack", "from": "a2", "to": "a1", "dice": d} for d in (1, 2, 3)]
    legal += [_inv("a2", "b1", n) for n in (1, 2, 3, 4)] + [{"type": "end-attack"}]
    b.check(legal=legal,
            explain="player 1 attacks a1 or walks into b1 (player 0's, emptied by an epidemic), "
                    "one regiment staying in a2; player 2's ships in z3 are not player 1's to move")
    b.reject(_inv("a2", "b2", 1), "not-adjacent", rule="napoleon.naval.landing",
             explain="b2 does not touch a2, and no zone of player 1's carries a landing there")
    b.do(_inv("a2", "b1", 3),
         explain="player 0 still holds b2 (empty, but theirs): not eliminated",
         state={"territories": {"a2": {"armies": 2}, "b1": {"owner": 1, "armies": 3}},
                "players": [{"eliminated": False, "cards": 2}, {"cards": 3}, {}],
                "turn_flags": {"conquests": 1, "land_attacked": True, "conquered": False}})
    b.do(_inv("b1", "b2", 2),
         explain="player 0's last territory: eliminated, their 2 cards make player 1's hand 5, "
                 "a trade at once (no regiment to place yet)",
         events=[{"type": "invaded", "player": 1, "from": "b1", "to": "b2", "armies": 2},
                 {"type": "eliminated", "player": 0, "by": 1}],
         state={"territories": {"b1": {"armies": 1}, "b2": {"owner": 1, "armies": 2}},
                "players": [{"eliminated": True, "eliminated_by": 1, "cards": 0},
                            {"cards": 5, "captured": False}, {}],
                "phase": "reinforce",
                "pending": {"to_place": 0, "must_trade": True, "after": "elimination"}})
    b.check(legal_count=7, legal_includes=[{"type": "trade", "cards": ["c-a1", "c-a2", "c-b1"]}],
            explain="only trades: of the three infantry, the artillery and the joker, the sets of three "
                    "are the three infantry, two infantry with the joker (three ways) and one "
                    "infantry, the artillery and the joker (three ways)")


@ksc("cards.elimination-capture.802",
    "Eliminated by an invasion of their empty territory: four cards in hand, no trade, the turn goes on",
    ["napoleon.combat.empty-territory", "napoleon.combat.elimination",
     "napoleon.cards.elimination-capture"])
def invade_last_empty_four(b: Any) -> None:
    _keeps(b, {"a1": (2, 3), "a2": (1, 4), "b1": (1, 2), "b2": (0, 0), "far": (2, 1)},
           ("b2",), current=1, turn=2, hands={0: ["c-x"], 1: ["c-a1", "c-a2", "c-far"]})
    b.do(_inv("b1", "b2", 1),
         events=[{"type": "invaded", "to": "b2"}, {"type": "eliminated", "player": 0, "by": 1}],
         state={"territories": {"b1": {"armies": 1}, "b2": {"owner": 1, "armies": 1}},
                "players": [{"eliminated": True, "cards": 0}, {"cards": 4, "captured": False}, {}],
                "phase": "attack",
                "turn_flags": {"conquests": 1, "land_attacked": True}})


# ================================================================ ships into an empty zone
@scenario("napoleon.naval.battle-rules.801",
          "Under counts too, ships entering an empty zone earn no invasion card",
          ["napoleon.naval.battle-rules", "napoleon.end-of-turn.draws",
           "napoleon.combat.empty-territory"], players=2, variant=V, map=LINE,
          options={"napoleon.amb.empty-territory-card": "counts"}, negative=True)
def zone_entered_no_card(b: Any) -> None:
    _bpos(b, {"a1": (0, 3), "a2": (1, 1), "b1": (1, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
          {"z2": (0, 3)})
    b.reject(_inv("z2", "z4", 1), "not-adjacent", rule="napoleon.naval.battle-rules",
             explain="z4 is two zones away from z2")
    b.do(_inv("z2", "z3", 2),
         explain="taking a maritime zone is no invasion for the card (end_turn.zone_invasion_counts), "
                 "even when an empty territory would count",
         state={"zones": {"z2": {"ships": 1}, "z3": {"owner": 0, "ships": 2}},
                "turn_flags": {"conquered": False, "conquests": 0, "land_attacked": False}})


@ksc("cards.elimination-capture.803",
     "Under one-set five cards may be kept; eliminating a player with no cards forces no trade",
     ["napoleon.combat.empty-territory", "napoleon.cards.elimination-capture",
      "napoleon.cards.forced-trade"], options={"napoleon.amb.forced-trade-until": "one-set"})
def nothing_captured(b: Any) -> None:
    _keeps(b, {"a1": (2, 3), "a2": (1, 4), "b1": (1, 2), "b2": (0, 0), "far": (2, 1)},
           ("b2",), current=1, turn=2, hands={1: ["c-a1", "c-a2", "c-b1", "c-far", "c-x"]})
    b.do(_inv("b1", "b2", 1),
         explain="player 1 kept five cards after the one set the turn's start asked for; player 0 "
                 "had no card to take, so no trade is owed",
         events=[{"type": "invaded", "to": "b2"}, {"type": "eliminated", "player": 0, "by": 1}],
         state={"territories": {"b1": {"armies": 1}, "b2": {"owner": 1, "armies": 1}},
                "players": [{"eliminated": True}, {"cards": 5, "captured": False}, {}],
                "phase": "attack", "turn_flags": {"conquests": 1, "land_attacked": True}})


# ================================================================ dice bonuses and capture
@sc("combat.fortification-bonus.801",
    "A fortification helps its defender only: the attacker's own adds nothing; its general is captured",
    ["napoleon.combat.fortification-bonus", "napoleon.combat.bonus-stacking",
     "napoleon.leaders.capture", "napoleon.leaders.capture-vp"])
def fort_not_in_attack(b: Any) -> None:
    _pos(b, {"a1": (0, 5), "a2": (1, 2), "b1": (1, 1), "b2": (2, 1), "far": (2, 1)},
         forts={"a1": 1, "a2": 1}, gen={"a2": 1})
    b.attack("a1", "a2", 1, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})
    b.roll([5], [3], explain="a2's 3 counts 5 (its general +1, its fortification +1); a1's "
                             "fortification adds nothing to the attack: 5 against 5, the defender wins",
           events=[{"type": "battle", "attacker_losses": 1, "defender_losses": 0}],
           state={"phase": "attack", "territories": {"a1": {"armies": 4}}})
    b.attack("a1", "a2", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 6, 6], [1, 1], explain="1 and 1 count 3 and 1: both lost; a2 falls, its fortification "
                                      "is razed and its general taken",
           events=[{"type": "battle", "attacker_losses": 0, "defender_losses": 2},
                   {"type": "fortification-destroyed", "territory": "a2"},
                   {"type": "general-captured", "territory": "a2", "player": 1, "by": 0,
                    "generals": 1}],
           state={"phase": "occupy",
                  "territories": {"a2": {"owner": 0, "armies": 0, "generals": 0,
                                         "fortifications": 0}},
                  "players": [{"vp": 1, "prisoner_generals": 1,
                               "prisoners": {"generals": [0, 1, 0]}},
                              {"vp": -1, "captive_generals": 1}, {}]})


# ================================================================ one battle per general and turn
@sc("combat.general-bonus.801",
    "Reading one-battle: a general that won its battle and moved on brings no bonus to the next ones",
    ["napoleon.combat.general-bonus", "napoleon.leaders.accompany"], reading=ONE_BATTLE)
def one_battle_chain(b: Any) -> None:
    _pos(b, {"a1": (0, 10), "a2": (1, 1), "b1": (1, 1), "b2": (1, 1), "far": (2, 1)},
         gen={"a1": 1})
    b.attack("a1", "a2", 3, state={"phase": "battle"},
             explain="a2's one regiment rolls one die: straight to the roll")
    b.roll([6, 5, 4], [1], explain="the general's battle this turn is the one against a2",
           state={"phase": "occupy", "territories": {"a2": {"owner": 0, "armies": 0}},
                  "turn_flags": {"general_battles": {"a1": "a2"}}})
    b.do({"type": "occupy", "armies": 8, "leaders": 1},
         state={"phase": "attack",
                "territories": {"a1": {"armies": 2, "generals": 0},
                                "a2": {"armies": 8, "generals": 1}},
                "turn_flags": {"general_battles": {"a1": "a2", "a2": None}}})
    b.attack("a2", "b1", 1, state={"phase": "battle"})
    b.roll([3], [3], explain="the general in a2 has had its battle: 3 against 3, the defender wins",
           state={"phase": "attack", "territories": {"a2": {"armies": 7}}})
    b.attack("a2", "b1", 3, state={"phase": "battle"})
    b.roll([6, 6, 6], [1], state={"phase": "occupy", "territories": {"b1": {"owner": 0, "armies": 0}}})
    b.do({"type": "occupy", "armies": 5, "leaders": 1},
         state={"phase": "attack",
                "territories": {"a2": {"armies": 2, "generals": 0},
                                "b1": {"armies": 5, "generals": 1}},
                "turn_flags": {"general_battles": {"b1": None}}})
    b.attack("b1", "b2", 1, state={"phase": "battle"})
    b.roll([3], [3], explain="moving on again does not give it a new battle: the defender wins",
           state={"phase": "attack", "territories": {"b1": {"armies": 4}}})


# ================================================================ purchases
@sc("reinforce.purchases.801",
    "The last regiment buys a general or a fortification; a fortified or contaminated territory gets none",
    ["napoleon.reinforce.purchases", "napoleon.units.generals", "napoleon.units.fortifications",
     "napoleon.units.admirals"], negative=True)
def last_regiment(b: Any) -> None:
    _pos(b, {"a1": (0, 4), "a2": (0, 2), "b1": (0, 1), "b2": (1, 1), "far": (2, 1)},
         forts={"a1": 1}, epidemics={"a2": 1}, zones={"z1": (0, 1)}, phase="reinforce",
         pending=REINF)
    b.check(legal_includes=[{"type": "buy-general", "territory": "b1"},
                            {"type": "buy-fortification", "territory": "b1"},
                            {"type": "buy-admiral", "zone": "z1"}],
            legal_excludes=[{"type": "buy-fortification", "territory": "a1"},
                            {"type": "buy-fortification", "territory": "a2"}],
            explain="one regiment to place is the price of a general, an admiral or a fortification")
    b.reject({"type": "buy-admiral", "zone": "a1"}, "not-a-zone", rule="napoleon.units.admirals")
    b.do({"type": "buy-general", "territory": "b1"},
         explain="nothing left to place: the combat phase begins",
         state={"territories": {"b1": {"generals": 1}}, "phase": "attack", "pending": {}})


@ksc("units.generals.801",
    "Kept empty by its owner: no general on a territory without regiments; a fortification may be built",
    ["napoleon.units.generals", "napoleon.units.fortifications", "napoleon.reinforce.purchases"],
    negative=True)
def general_needs_regiments(b: Any) -> None:
    start = _pos(b, {"a1": (0, 4), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (2, 1)},
                 phase="reinforce", pending={**REINF, "to_place": 3})
    b.load({**start, "territories": {**start["territories"],
                                     "a2": {**start["territories"]["a2"], "armies": 0}}})
    b.check(legal_includes=[{"type": "buy-general", "territory": "a1"},
                            {"type": "buy-fortification", "territory": "a2"},
                            {"type": "place", "territory": "a2"}],
            legal_excludes=[{"type": "buy-general", "territory": "a2"}],
            explain="a2 is still player 0's (emptied by an epidemic) but holds no regiment")
    b.reject({"type": "buy-general", "territory": "a2"}, "no-regiments", rule="napoleon.units.generals")
    b.do({"type": "buy-fortification", "territory": "a2"},
         state={"territories": {"a2": {"fortifications": 1}}, "pending": {"to_place": 2}})


# ================================================================ maneuvers
@sc("maneuver.leaders.801",
    "Two generals, one moved: the other keeps its maneuver, with only the regiments there at the start",
    ["napoleon.maneuver.leaders", "napoleon.maneuver.land", "napoleon.leaders.accompany"],
    negative=True)
def second_general(b: Any) -> None:
    _pos(b, {"a1": (0, 5), "a2": (0, 2), "b1": (0, 1), "b2": (1, 1), "far": (2, 1)},
         gen={"a1": 1, "a2": 2})
    b.do({"type": "end-attack"}, state={"phase": "maneuver", "turn_flags": {"maneuver_start": {
        "a1": {"units": 5, "leaders": 1}, "a2": {"units": 2, "leaders": 2},
        "b1": {"units": 1, "leaders": 0}}}})
    b.do(_m("a1", "a2", 4, 1), explain="the land maneuver: a1's general goes along",
         state={"territories": {"a1": {"armies": 1, "generals": 0},
                                "a2": {"armies": 6, "generals": 3}},
                "turn_flags": {"fortify_moves": 1}})
    b.do(_m("a2", "b1", 0, 1, True), explain="one of a2's two generals rides alone to b1",
         state={"territories": {"a2": {"generals": 2}, "b1": {"generals": 1}}})
    b.reject(_m("a2", "b1", 0, 2, True), "leader-moved", rule="napoleon.maneuver.leaders",
             explain="of the two generals now in a2 one came from a1 during the phase")
    b.reject(_m("a2", "b1", 3, 1, True), "not-present", rule="napoleon.maneuver.leaders",
             explain="only a2's two regiments of the start go with its general, not those from a1")
    b.do(_m("a2", "b1", 2, 1, True),
         state={"territories": {"a2": {"armies": 4, "generals": 1},
                                "b1": {"armies": 3, "generals": 2}}})
    b.check(legal=[{"type": "end-turn"}],
            explain="the land maneuver is spent and every general with a maneuver has made it")


@scenario("napoleon.maneuver.land.801", "A territory with a single regiment has nothing to move",
          ["napoleon.maneuver.land"], players=2, variant=V, map=LINE, negative=True)
def single_regiment(b: Any) -> None:
    _bpos(b, {"a1": (0, 1), "a2": (0, 3), "b1": (1, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
          phase="maneuver")
    b.reject(_m("a1", "a2", 1), "armies", rule="napoleon.maneuver.land",
             explain="a1's only regiment must stay")
    b.check(legal=[_m("a2", "a1", 1), _m("a2", "a1", 2), {"type": "end-turn"}])

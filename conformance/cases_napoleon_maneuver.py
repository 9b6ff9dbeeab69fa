"""Scenarios: Risk Napoléon — maneuvers (napoleon.maneuver.*), on small purpose-built maps
(see cases_napoleon).

The whole list of a maneuver phase's moves: the basic game's (regiments only, one stays) and
the Advanced game's with generals and admirals (a leader's own maneuver, a second general,
a general alone with a single regiment).
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon import LINE, NEUTRAL, V
from riskspec.conformance.cases_napoleon import _pos as _bpos
from riskspec.conformance.cases_napoleon_leaders import _pos as _lpos
from riskspec.conformance.cases_napoleon_leaders import sc
from riskspec.conformance.lineboard import maneuver
from riskspec.conformance.scenario import scenario


@scenario("napoleon.maneuver.land.101", "The basic game's maneuvers: regiments only, one stays",
          ["napoleon.maneuver.land"], players=2, variant=V, map=LINE)
def basic_maneuvers(b: Any) -> None:
    _bpos(b, {"a1": (0, 3), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
          phase="maneuver")
    b.check(legal=[maneuver("a1", "a2", 1), maneuver("a1", "a2", 2), {"type": "end-turn"}],
            explain="a1 holds 3 regiments: 1 or 2 may move to a2; a2 keeps its only one.")


@scenario("napoleon.maneuver.land.801", "A territory with a single regiment has nothing to move",
          ["napoleon.maneuver.land"], players=2, variant=V, map=LINE, negative=True)
def single_regiment(b: Any) -> None:
    _bpos(b, {"a1": (0, 1), "a2": (0, 3), "b1": (1, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
          phase="maneuver")
    b.reject(maneuver("a1", "a2", 1), "armies", rule="napoleon.maneuver.land",
             explain="a1's only regiment must stay")
    b.check(legal=[maneuver("a2", "a1", 1), maneuver("a2", "a1", 2), {"type": "end-turn"}])


@sc("maneuver.leaders.101",
    "Every maneuver of a phase with a general: plain moves (the general may go along) and its own",
    ["napoleon.maneuver.leaders", "napoleon.maneuver.land", "napoleon.leaders.accompany"])
def every_maneuver(b: Any) -> None:
    _lpos(b, {"a1": (0, 3), "a2": (0, 1), "b1": (0, 2), "b2": (1, 1), "far": (2, 1)},
          gen={"a1": 1})
    b.do({"type": "end-attack"}, state={"phase": "maneuver", "turn_flags": {"maneuver_start": {
        "a1": {"units": 3, "leaders": 1}, "a2": {"units": 1, "leaders": 0},
        "b1": {"units": 2, "leaders": 0}}}})
    legal = []
    for dst in ("a2", "b1"):
        # the general's own maneuver may take 0, 1 or 2 of the 3 regiments that stood with it;
        # the land maneuver moves 1 or 2 (one stays), the general along or not
        legal += [maneuver("a1", dst, 0, 1, True)]
        for n in (1, 2):
            legal += [maneuver("a1", dst, n), maneuver("a1", dst, n, 1), maneuver("a1", dst, n, 1, True)]
    legal += [maneuver("b1", "a1", 1), maneuver("b1", "a2", 1), {"type": "end-turn"}]
    b.check(legal=legal, explain="a2 has a single regiment and no general: nothing moves from it.")


@sc("maneuver.leaders.301",
    "A general with a single regiment moves alone; an admiral takes its one fresh ship to an empty zone",
    ["napoleon.maneuver.leaders", "napoleon.leaders.accompany", "napoleon.maneuver.naval"])
def lone_general(b: Any) -> None:
    _lpos(b, {"a1": (0, 1), "a2": (0, 2), "b1": (1, 1), "b2": (2, 1), "far": (1, 1)},
          gen={"a1": 1}, zones={"z1": (0, 2)}, adm={"z1": 1})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.check(legal=[maneuver("a1", "a2", 0, 1, True), maneuver("a2", "a1", 1),
                   maneuver("z1", "z2", 1), maneuver("z1", "z2", 1, 1), maneuver("z1", "z2", 1, 1, True),
                   {"type": "end-turn"}],
            explain="a1's one regiment must stay: its general moves alone to a2 (which has "
                    "regiments). z1 holds 2 ships and an admiral: one ship may sail to the empty "
                    "z2, the admiral with it or not, or by the admiral's own maneuver; the "
                    "admiral may not sail alone into the empty z2 (must-join)")
    b.do(maneuver("z1", "z2", 1, 1, True),
         state={"zones": {"z1": {"ships": 1, "admirals": 0}, "z2": {"owner": 0, "ships": 1, "admirals": 1}}})


@sc("maneuver.leaders.801",
    "Two generals, one moved: the other keeps its maneuver, with only the regiments there at the start",
    ["napoleon.maneuver.leaders", "napoleon.maneuver.land", "napoleon.leaders.accompany"],
    negative=True)
def second_general(b: Any) -> None:
    _lpos(b, {"a1": (0, 5), "a2": (0, 2), "b1": (0, 1), "b2": (1, 1), "far": (2, 1)},
          gen={"a1": 1, "a2": 2})
    b.do({"type": "end-attack"}, state={"phase": "maneuver", "turn_flags": {"maneuver_start": {
        "a1": {"units": 5, "leaders": 1}, "a2": {"units": 2, "leaders": 2},
        "b1": {"units": 1, "leaders": 0}}}})
    b.do(maneuver("a1", "a2", 4, 1), explain="the land maneuver: a1's general goes along",
         state={"territories": {"a1": {"armies": 1, "generals": 0},
                                "a2": {"armies": 6, "generals": 3}},
                "turn_flags": {"fortify_moves": 1}})
    b.do(maneuver("a2", "b1", 0, 1, True), explain="one of a2's two generals rides alone to b1",
         state={"territories": {"a2": {"generals": 2}, "b1": {"generals": 1}}})
    b.reject(maneuver("a2", "b1", 0, 2, True), "leader-moved", rule="napoleon.maneuver.leaders",
             explain="of the two generals now in a2 one came from a1 during the phase")
    b.reject(maneuver("a2", "b1", 3, 1, True), "not-present", rule="napoleon.maneuver.leaders",
             explain="only a2's two regiments of the start go with its general, not those from a1")
    b.do(maneuver("a2", "b1", 2, 1, True),
         state={"territories": {"a2": {"armies": 4, "generals": 1},
                                "b1": {"armies": 3, "generals": 2}}})
    b.check(legal=[{"type": "end-turn"}],
            explain="the land maneuver is spent and every general with a maneuver has made it")

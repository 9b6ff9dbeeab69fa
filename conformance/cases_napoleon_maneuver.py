"""Scenarios: Risk Napoléon — maneuvers (napoleon.maneuver.*), on the printed Europe board
(``spec/napoleon/map.yaml``; positions from :mod:`printed`: every territory not named is the
background seat's, every zone not named empty).

The whole list of a maneuver phase's moves: the basic game's (regiments only, one stays:
England and Scotland, each the other's only land neighbour) and the Advanced game's with
generals and admirals (a leader's own maneuver, a second general, a general alone with a
single regiment) along Brittany – Aquitaine – Castile, a chain whose two ends do not touch,
and in Crimea and Ukraine with a fleet in the Black Sea, whose only neighbouring zone is
the Aegean Sea.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.lineboard import maneuver
from riskspec.conformance.printed import BASIC, pos, sc

#: player 2's foothold, far from the maneuvers
P2 = {"portugal": (1, 1)}


@sc("napoleon.maneuver.land.101", "The basic game's maneuvers: regiments only, one stays",
    ["napoleon.maneuver.land"], variant=BASIC)
def basic_maneuvers(b: Any) -> None:
    pos(b, {"england": (0, 3), "scotland": (0, 1), **P2}, phase="maneuver")
    b.check(legal=[maneuver("england", "scotland", 1), maneuver("england", "scotland", 2),
                   {"type": "end-turn"}],
            explain="England holds 3 regiments: 1 or 2 may move to Scotland, player 1's only "
                    "other territory; Scotland keeps its only one.")


@sc("napoleon.maneuver.land.801", "A territory with a single regiment has nothing to move",
    ["napoleon.maneuver.land"], variant=BASIC, negative=True)
def single_regiment(b: Any) -> None:
    pos(b, {"england": (0, 1), "scotland": (0, 3), **P2}, phase="maneuver")
    b.reject(maneuver("england", "scotland", 1), "armies", rule="napoleon.maneuver.land",
             explain="England's only regiment must stay")
    b.check(legal=[maneuver("scotland", "england", 1), maneuver("scotland", "england", 2),
                   {"type": "end-turn"}])


@sc("napoleon.maneuver.leaders.101",
    "Every maneuver of a phase with a general: plain moves (the general may go along) and its own",
    ["napoleon.maneuver.leaders", "napoleon.maneuver.land", "napoleon.leaders.accompany"])
def every_maneuver(b: Any) -> None:
    pos(b, {"brittany": (0, 3), "aquitaine": (0, 1), "castile": (0, 2), **P2},
        gen={"brittany": 1})
    b.do({"type": "end-attack"}, state={"phase": "maneuver", "turn_flags": {"maneuver_start": {
        "brittany": {"units": 3, "leaders": 1}, "aquitaine": {"units": 1, "leaders": 0},
        "castile": {"units": 2, "leaders": 0}}}})
    legal = []
    for dst in ("aquitaine", "castile"):
        # the general's own maneuver may take 0, 1 or 2 of the 3 regiments that stood with it;
        # the land maneuver moves 1 or 2 (one stays), the general along or not
        legal += [maneuver("brittany", dst, 0, 1, True)]
        for n in (1, 2):
            legal += [maneuver("brittany", dst, n), maneuver("brittany", dst, n, 1),
                      maneuver("brittany", dst, n, 1, True)]
    legal += [maneuver("castile", "brittany", 1), maneuver("castile", "aquitaine", 1),
              {"type": "end-turn"}]
    b.check(legal=legal,
            explain="Brittany and Castile are joined through Aquitaine (Ile de France, the "
                    "other way, is not player 1's); Aquitaine has a single regiment and no "
                    "general: nothing moves from it.")


@sc("napoleon.maneuver.leaders.301",
    "A general with a single regiment moves alone; an admiral takes its one fresh ship to an empty zone",
    ["napoleon.maneuver.leaders", "napoleon.leaders.accompany", "napoleon.maneuver.naval"])
def lone_general(b: Any) -> None:
    pos(b, {"crimea": (0, 1), "ukraine": (0, 2), **P2},
        gen={"crimea": 1}, zones={"black-sea": (0, 2)}, adm={"black-sea": 1})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.check(legal=[maneuver("crimea", "ukraine", 0, 1, True), maneuver("ukraine", "crimea", 1),
                   maneuver("black-sea", "aegean-sea", 1),
                   maneuver("black-sea", "aegean-sea", 1, 1),
                   maneuver("black-sea", "aegean-sea", 1, 1, True),
                   {"type": "end-turn"}],
            explain="Crimea's one regiment must stay: its general moves alone to Ukraine (which "
                    "has regiments). The Black Sea holds 2 ships and an admiral: one ship may "
                    "sail to the empty Aegean Sea, its only neighbouring zone, the admiral with "
                    "it or not, or by the admiral's own maneuver; the admiral may not sail alone "
                    "into the empty Aegean Sea (must-join)")
    b.do(maneuver("black-sea", "aegean-sea", 1, 1, True),
         state={"zones": {"black-sea": {"ships": 1, "admirals": 0},
                          "aegean-sea": {"owner": 0, "ships": 1, "admirals": 1}}})


@sc("napoleon.maneuver.leaders.801",
    "Two generals, one moved: the other keeps its maneuver, with only the regiments there at the start",
    ["napoleon.maneuver.leaders", "napoleon.maneuver.land", "napoleon.leaders.accompany"],
    negative=True)
def second_general(b: Any) -> None:
    pos(b, {"brittany": (0, 5), "aquitaine": (0, 2), "castile": (0, 1), **P2},
        gen={"brittany": 1, "aquitaine": 2})
    b.do({"type": "end-attack"}, state={"phase": "maneuver", "turn_flags": {"maneuver_start": {
        "brittany": {"units": 5, "leaders": 1}, "aquitaine": {"units": 2, "leaders": 2},
        "castile": {"units": 1, "leaders": 0}}}})
    b.do(maneuver("brittany", "aquitaine", 4, 1),
         explain="the land maneuver: Brittany's general goes along",
         state={"territories": {"brittany": {"armies": 1, "generals": 0},
                                "aquitaine": {"armies": 6, "generals": 3}},
                "turn_flags": {"fortify_moves": 1}})
    b.do(maneuver("aquitaine", "castile", 0, 1, True),
         explain="one of Aquitaine's two generals rides alone to Castile",
         state={"territories": {"aquitaine": {"generals": 2}, "castile": {"generals": 1}}})
    b.reject(maneuver("aquitaine", "castile", 0, 2, True), "leader-moved",
             rule="napoleon.maneuver.leaders",
             explain="of the two generals now in Aquitaine one came from Brittany during the phase")
    b.reject(maneuver("aquitaine", "castile", 3, 1, True), "not-present",
             rule="napoleon.maneuver.leaders",
             explain="only Aquitaine's two regiments of the start go with its general, not "
                     "those from Brittany")
    b.do(maneuver("aquitaine", "castile", 2, 1, True),
         state={"territories": {"aquitaine": {"armies": 4, "generals": 1},
                                "castile": {"armies": 3, "generals": 2}}})
    b.check(legal=[{"type": "end-turn"}],
            explain="the land maneuver is spent and every general with a maneuver has made it")

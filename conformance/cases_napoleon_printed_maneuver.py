"""Napoléon on the printed board: the maneuver phase (napoleon.maneuver.*).

The first case is the rulebook's own example: the blue player holds Ile de France with 5
regiments and Aquitaine with 2 regiments and a general; the land maneuver brings 4 from
Ile de France to Aquitaine, and the general's own maneuver may then take along only the 2
regiments that stood with it when the phase began.  Naval maneuvers go to a neighbouring
zone here, which every reading of the path rule allows.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.printed import BASIC, NO_TABLE, pos, sc, sc_both


def _move(src: str, dst: str, n: int, **kw: Any) -> dict:
    return {"type": "maneuver", "from": src, "to": dst, "armies": n, **kw}


@sc("napoleon.maneuver.leaders.601",
    "The rulebook's maneuver: 4 regiments into Aquitaine, its general takes along only 2",
    ["napoleon.maneuver.leaders", "napoleon.maneuver.land"], options=NO_TABLE, negative=True)
def ile_de_france_aquitaine(b: Any) -> None:
    pos(b, {"ile-de-france": (0, 5), "aquitaine": (0, 2), "brittany": (0, 1)},
        gen={"aquitaine": 1}, phase="attack")
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.do(_move("ile-de-france", "aquitaine", 4),
         explain="The land maneuver: 4 of Ile de France's 5 regiments to Aquitaine, one stays.",
         state={"territories": {"ile-de-france": {"armies": 1}, "aquitaine": {"armies": 6}}})
    b.reject(_move("aquitaine", "brittany", 3, leaders=1, leader_maneuver=True), "not-present",
             rule="napoleon.maneuver.leaders",
             explain="Aquitaine held 2 regiments when the phase began: the general moves at most 2.")
    b.do(_move("aquitaine", "brittany", 2, leaders=1, leader_maneuver=True),
         state={"territories": {"aquitaine": {"armies": 4, "generals": 0},
                                "brittany": {"armies": 3, "generals": 1}}})


@sc("napoleon.maneuver.land.601",
    "One land maneuver along a chain of one's own territories, one regiment left behind",
    ["napoleon.maneuver.land"], variant=BASIC, negative=True)
def land(b: Any) -> None:
    pos(b, {"brittany": (0, 5), "aquitaine": (0, 1), "languedoc": (0, 1), "castile": (1, 2),
            "portugal": (0, 1)}, phase="maneuver")
    b.reject(_move("brittany", "portugal", 4), "not-connected", rule="napoleon.maneuver.land",
             explain="Portugal is reached only through Castile, León or Andalusia, none of them "
                     "player 1's.")
    b.reject(_move("brittany", "languedoc", 5), "armies", rule="napoleon.maneuver.land")
    b.do(_move("brittany", "languedoc", 4),
         explain="Brittany, Aquitaine, Languedoc: a chain of player 1's own territories.",
         events=[{"type": "fortified", "player": 0, "from": "brittany", "to": "languedoc",
                  "armies": 4}],
         state={"territories": {"brittany": {"armies": 1}, "languedoc": {"armies": 5}}})
    b.reject(_move("languedoc", "aquitaine", 1), "not-connected", rule="napoleon.maneuver.land",
             explain="One land maneuver a turn: none is left (the code also covers an "
                     "unreachable destination).")


@sc_both("napoleon.maneuver.naval.601",
         "One naval maneuver between one's own zones, one ship left behind",
         ["napoleon.maneuver.naval"], negative=True)
def naval(b: Any) -> None:
    pos(b, {"england": (0, 2), "denmark": (1, 2)},
        zones={"north-sea": (0, 3), "baltic-sea": (0, 1)}, phase="maneuver")
    b.reject(_move("north-sea", "baltic-sea", 3), "armies", rule="napoleon.maneuver.naval")
    b.do(_move("north-sea", "baltic-sea", 2),
         state={"zones": {"north-sea": {"ships": 1}, "baltic-sea": {"ships": 3}},
                "turn_flags": {"naval_moves": 1}})
    b.reject(_move("baltic-sea", "north-sea", 1), "not-connected", rule="napoleon.maneuver.naval",
             explain="One naval maneuver a turn: none is left.")


@sc("napoleon.maneuver.leaders.671",
    "A maneuver moves at least one regiment and no more generals than stand there; a general's "
    "own maneuver moves one, with only the regiments that stood with it",
    ["napoleon.maneuver.leaders", "napoleon.leaders.accompany", "napoleon.maneuver.land"],
    options=NO_TABLE, negative=True)
def leader_counts(b: Any) -> None:
    pos(b, {"ile-de-france": (0, 5), "aquitaine": (0, 2), "brittany": (0, 1)},
        gen={"ile-de-france": 1, "aquitaine": 1})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.reject(_move("ile-de-france", "brittany", 1, leaders=2), "leaders",
             rule="napoleon.leaders.accompany",
             explain="Ile de France holds one general: two cannot go along.")
    b.reject(_move("aquitaine", "brittany", 1, leaders=2, leader_maneuver=True), "leaders",
             rule="napoleon.leaders.accompany",
             explain="Aquitaine holds one general, not two: more leaders than stand there, "
                     "not a leader that has moved.")
    b.reject(_move("aquitaine", "brittany", 1, leader_maneuver=True), "no-leader",
             rule="napoleon.maneuver.leaders",
             explain="A general's maneuver with no general in it is no maneuver of a general.")
    b.reject(_move("ile-de-france", "brittany", 0), "armies", rule="napoleon.maneuver.land",
             explain="The land maneuver moves at least one regiment.")
    b.do(_move("ile-de-france", "aquitaine", 4, leaders=1, leader_maneuver=True),
         explain="Ile de France's general makes its own maneuver, taking 4 of the 5 regiments "
                 "that stood with it to Aquitaine.",
         events=[{"type": "leader-maneuver", "player": 0,
                  "from": "ile-de-france", "to": "aquitaine",
                  "armies": 4, "leaders": 1}],
         state={"territories": {"ile-de-france": {"armies": 1, "generals": 0},
                                "aquitaine": {"armies": 6, "generals": 2}}})
    b.check(legal_includes=[_move("aquitaine", "brittany", 2, leaders=1, leader_maneuver=True),
                            _move("aquitaine", "brittany", 5)],
            legal_excludes=[_move("aquitaine", "brittany", 3, leaders=1, leader_maneuver=True)],
            explain="Aquitaine's own general may still maneuver, with at most the 2 regiments "
                    "that stood with it when the phase began; the land maneuver, still unused, "
                    "may move 5 of the 6.")

"""Napoléon on the printed board: generals and admirals in play (napoleon.leaders.*).

Battles across the Channel and the North Sea: player 1 (seat 0) in England, player 2
(seat 1) in Scotland and the North Sea's neighbours; the background seat holds the rest.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.printed import NO_TABLE, REINFORCE, attack, pos, sc

LAND = {"england": (0, 6), "scotland": (1, 1), "ireland": (1, 1)}


def _roll(b: Any, att: list[int], dfn: list[int], **kw: Any) -> None:
    b.do({"type": "roll", "attacker": att, "defender": dfn}, **kw)


@sc("napoleon.leaders.capture.601",
    "A general falls with its territory's last regiment: its owner loses a point, the captor gains one",
    ["napoleon.leaders.capture", "napoleon.leaders.capture-vp"], options=NO_TABLE)
def capture(b: Any) -> None:
    pos(b, LAND, gen={"scotland": 1}, vp={0: 2, 1: 3})
    b.do(attack("england", "scotland", 3), state={"phase": "battle"})
    _roll(b, [6, 5, 4], [2],
          events=[{"type": "battle", "from": "england", "to": "scotland", "attacker_losses": 0,
                   "defender_losses": 1}],
          state={"phase": "occupy",
                 "territories": {"scotland": {"owner": 0, "armies": 0, "generals": 0}},
                 "players": [{"vp": 3, "prisoners": {"generals": [0, 1, 0]}},
                             {"vp": 2, "captive_generals": 1}, {}]})


@sc("napoleon.leaders.capture-vp.601",
    "An admiral sunk with its zone's last ship: a point lost by its owner, one won by the captor",
    ["napoleon.leaders.capture-vp", "napoleon.leaders.capture"], options=NO_TABLE)
def admiral_capture(b: Any) -> None:
    pos(b, LAND, zones={"western-europe-atlantic": (0, 3), "north-sea": (1, 1)},
        adm={"north-sea": 1})
    b.do(attack("western-europe-atlantic", "north-sea", 2), state={"phase": "battle"})
    _roll(b, [6, 6], [1],
          state={"phase": "occupy",
                 "zones": {"north-sea": {"owner": 0, "ships": 0, "admirals": 0}},
                 "players": [{"vp": 1, "prisoners": {"admirals": [0, 1, 0]}},
                             {"vp": -1, "captive_admirals": 1}, {}]})


@sc("napoleon.leaders.accompany.601",
    "Generals go along with the regiments moving into a conquered territory, no more than stood there",
    ["napoleon.leaders.accompany"], options=NO_TABLE, negative=True)
def accompany(b: Any) -> None:
    pos(b, LAND, gen={"england": 1})
    b.do(attack("england", "scotland", 3), state={"phase": "battle"})
    _roll(b, [6, 6, 6], [1], state={"phase": "occupy",
                                    "territories": {"scotland": {"owner": 0, "armies": 0}}})
    b.reject({"type": "occupy", "armies": 3, "leaders": 2}, "leaders",
             rule="napoleon.leaders.accompany", explain="Only one general stands in England.")
    b.do({"type": "occupy", "armies": 4, "leaders": 1},
         state={"phase": "attack",
                "territories": {"england": {"armies": 2, "generals": 0},
                                "scotland": {"owner": 0, "armies": 4, "generals": 1}}})


@sc("napoleon.leaders.ransom.601",
    "All generals captive: one is ransomed for a regiment, the captor adds one to a territory",
    ["napoleon.leaders.ransom"], options=NO_TABLE, negative=True)
def ransom(b: Any) -> None:
    pos(b, {"england": (0, 2), "scotland": (1, 1), "ireland": (1, 1)},
        prisoners={(1, 0, "generals"): 1}, phase="reinforce", pending=dict(REINFORCE))
    b.reject({"type": "ransom", "leader": "general", "captor": 2, "place": "england"},
             "no-captive", rule="napoleon.leaders.ransom",
             explain="Player 3 holds no general of player 1's.")
    b.do({"type": "ransom", "leader": "general", "captor": 1, "place": "england"},
         explain="Player 1's only general is player 2's captive: one regiment of the "
                 "reinforcements frees it, back in England; player 2 now adds a regiment.",
         state={"phase": "ransom", "pending": {"captor": 1, "left": 1, "to_place": 2},
                "territories": {"england": {"generals": 1}},
                "players": [{"captive_generals": 0}, {"prisoners": {"generals": [0, 0, 0]}}, {}]},
         legal=[{"type": "place", "territory": "scotland"},
                {"type": "place", "territory": "ireland"}])
    b.do({"type": "place", "territory": "ireland"},
         state={"phase": "reinforce", "current": 0, "pending": {"to_place": 2},
                "territories": {"ireland": {"armies": 2}}})

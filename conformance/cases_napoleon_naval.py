"""Scenarios: Risk Napoléon — naval combat (napoleon.naval.*), on the printed Europe board
(``spec/napoleon/map.yaml``; positions from :mod:`printed`: every territory not named is the
background seat's, every zone not named empty).

The forced naval battle (when it is owed, its rounds), fighting to the end, and a zone
entered in a naval battle, which earns no card: English ships in the North Sea, Danish
ones there or in the Baltic Sea (the North Sea's neighbour, two zones from the Western
Mediterranean).
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.lineboard import invade
from riskspec.conformance.printed import BASIC, attack, challengers, pos, sc


def _sc(id: str, title: str, covers: list[str], **kw: Any) -> Any:
    """A case of the two-player basic game on the printed board."""
    return sc(id, title, covers, variant=BASIC, **kw)


@_sc("napoleon.naval.forced-combat.301",
     "An attack of a zone on itself is only the forced battle of ships built there",
     ["napoleon.naval.forced-combat"], negative=True)
def no_forced_battle(b: Any) -> None:
    pos(b, {"england": (0, 2), "scotland": (0, 1), "denmark": (1, 2)},
        zones={"north-sea": (0, 3), "baltic-sea": (1, 1)})
    b.reject(attack("north-sea", "north-sea", 1), "no-forced-combat",
             rule="napoleon.naval.forced-combat",
             explain="no ship was built among another player's ships this turn")


@_sc("napoleon.naval.forced-combat.501", "Every round of a forced battle is a naval battle",
     ["napoleon.naval.forced-combat", "napoleon.naval.fight-to-end"])
def forced_rounds(b: Any) -> None:
    pos(b, {"england": (0, 3), "scotland": (0, 3), "denmark": (1, 2)},
        zones={"north-sea": (1, 3)}, edit=challengers("north-sea", 2))
    b.attack("north-sea", "north-sea", 2, state={"phase": "defend", "pending": {"naval": True}},
             explain="Player 1's two ships built in the North Sea attack player 2's three there")
    b.defend(2, state={"phase": "battle", "pending": {"naval": True}})
    # 5 beats 4, 1 loses to 2: one challenger ship against two
    b.roll([5, 1], [4, 2], state={"phase": "battle", "pending": {
        "attacker_dice": 1, "defender_dice": 2, "naval": True},
        "zones": {"north-sea": {"owner": 1, "ships": 2, "challenger_ships": 1}}})


@_sc("napoleon.naval.fight-to-end.501", "A naval battle goes on past its second round",
     ["napoleon.naval.fight-to-end", "napoleon.naval.battle-rules"])
def fight_three_rounds(b: Any) -> None:
    pos(b, {"england": (0, 1), "denmark": (1, 1)},
        zones={"north-sea": (0, 5), "baltic-sea": (1, 4)})
    b.attack("north-sea", "baltic-sea", 1, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6], [5, 1], state={"phase": "battle", "zones": {"baltic-sea": {"ships": 3}},
                               "pending": {"attacker_dice": 3, "defender_dice": 2, "naval": True}})
    # the attacker loses two ships: 3 left, 2 dice (one ship stays) against 2
    b.roll([1, 1, 1], [6, 6], state={"phase": "battle", "zones": {"north-sea": {"ships": 3}},
                                     "pending": {"attacker_dice": 2, "defender_dice": 2}})


@_sc("napoleon.naval.battle-rules.801",
     "Under counts too, ships entering an empty zone earn no invasion card",
     ["napoleon.naval.battle-rules", "napoleon.end-of-turn.draws", "napoleon.combat.empty-territory"],
     options={"napoleon.amb.empty-territory-card": "counts"}, negative=True)
def zone_entered_no_card(b: Any) -> None:
    pos(b, {"england": (0, 3), "denmark": (1, 1)}, zones={"north-sea": (0, 3)})
    b.reject(invade("north-sea", "western-mediterranean", 1), "not-adjacent",
             rule="napoleon.naval.battle-rules",
             explain="the Western Mediterranean is two zones away from the North Sea (through "
                     "the Western Europe Atlantic)")
    b.do(invade("north-sea", "baltic-sea", 2),
         explain="taking a maritime zone is no invasion for the card (end_turn.zone_invasion_counts), "
                 "even when an empty territory would count",
         state={"zones": {"north-sea": {"ships": 1}, "baltic-sea": {"owner": 0, "ships": 2}},
                "turn_flags": {"conquered": False, "conquests": 0, "land_attacked": False}})

"""Scenarios: Risk Napoléon — naval combat (napoleon.naval.*), on small purpose-built maps
(see cases_napoleon).

The forced naval battle (when it is owed, its rounds), fighting to the end, and a zone
entered in a naval battle, which earns no card.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon import LINE, NEUTRAL, V
from riskspec.conformance.cases_napoleon import _pos as _bpos
from riskspec.conformance.cases_napoleon_effects import _pos as _epos
from riskspec.conformance.cases_napoleon_readings import _challenged
from riskspec.conformance.lineboard import invade
from riskspec.conformance.printed import attack
from riskspec.conformance.scenario import scenario


def _sc(id: str, title: str, covers: list[str], **kw: Any) -> Any:
    """A case of the two-player basic game on LINE."""
    return scenario(id, title, covers, players=2, variant=V, map=LINE, **kw)


@_sc("napoleon.naval.forced-combat.301",
     "An attack of a zone on itself is only the forced battle of ships built there",
     ["napoleon.naval.forced-combat"], negative=True)
def no_forced_battle(b: Any) -> None:
    _bpos(b, {"a1": (0, 2), "a2": (0, 1), "b1": (1, 2), "b2": (1, 1), "far": (NEUTRAL, 1)},
          {"z1": (0, 3), "z2": (1, 1)})
    b.reject(attack("z1", "z1", 1), "no-forced-combat", rule="napoleon.naval.forced-combat",
             explain="no ship was built among another player's ships this turn")


@_sc("napoleon.naval.forced-combat.501", "Every round of a forced battle is a naval battle",
     ["napoleon.naval.forced-combat", "napoleon.naval.fight-to-end"])
def forced_rounds(b: Any) -> None:
    _challenged(b, {"a1": (0, 3), "a2": (0, 3), "b1": (1, 2), "b2": (1, 2), "far": (NEUTRAL, 1)},
                {"z1": (1, 3)}, {"z1": 2})
    b.attack("z1", "z1", 2, state={"phase": "defend", "pending": {"naval": True}})
    b.defend(2, state={"phase": "battle", "pending": {"naval": True}})
    # 5 beats 4, 1 loses to 2: one challenger ship against two
    b.roll([5, 1], [4, 2], state={"phase": "battle", "pending": {
        "attacker_dice": 1, "defender_dice": 2, "naval": True},
        "zones": {"z1": {"owner": 1, "ships": 2, "challenger_ships": 1}}})


@_sc("napoleon.naval.fight-to-end.501", "A naval battle goes on past its second round",
     ["napoleon.naval.fight-to-end", "napoleon.naval.battle-rules"])
def fight_three_rounds(b: Any) -> None:
    _epos(b, {"a1": (0, 1), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
          {"z2": (0, 5), "z3": (1, 4)})
    b.attack("z2", "z3", 1, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6], [5, 1], state={"phase": "battle", "zones": {"z3": {"ships": 3}},
                               "pending": {"attacker_dice": 3, "defender_dice": 2, "naval": True}})
    # the attacker loses two ships: 3 left, 2 dice (one ship stays) against 2
    b.roll([1, 1, 1], [6, 6], state={"phase": "battle", "zones": {"z2": {"ships": 3}},
                                     "pending": {"attacker_dice": 2, "defender_dice": 2}})


@_sc("napoleon.naval.battle-rules.801",
     "Under counts too, ships entering an empty zone earn no invasion card",
     ["napoleon.naval.battle-rules", "napoleon.end-of-turn.draws", "napoleon.combat.empty-territory"],
     options={"napoleon.amb.empty-territory-card": "counts"}, negative=True)
def zone_entered_no_card(b: Any) -> None:
    _bpos(b, {"a1": (0, 3), "a2": (1, 1), "b1": (1, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
          {"z2": (0, 3)})
    b.reject(invade("z2", "z4", 1), "not-adjacent", rule="napoleon.naval.battle-rules",
             explain="z4 is two zones away from z2")
    b.do(invade("z2", "z3", 2),
         explain="taking a maritime zone is no invasion for the card (end_turn.zone_invasion_counts), "
                 "even when an empty territory would count",
         state={"zones": {"z2": {"ships": 1}, "z3": {"owner": 0, "ships": 2}},
                "turn_flags": {"conquered": False, "conquests": 0, "land_attacked": False}})

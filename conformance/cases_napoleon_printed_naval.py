"""Napoléon on the printed board: naval combat, zone control and naval landings.

The ship that stays behind after a naval conquest is napoleon.naval.battle-rules' ("moving
into an empty zone also leaves at least one ship in the zone it comes from"): the cases
below cite that rule alone, so a failure there is attributed to it, not to the land rule
of moving in (napoleon.combat.conquest).  The first landing case is the rulebook's own example
(Andalusia reaches Egypt across the Western Mediterranean, Mediterranean/Adriatic and
Eastern Mediterranean).  See :mod:`printed` for the positions.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.printed import BASIC, NO_TABLE, attack, challengers, pos, sc, sc_both

BATTLE = "napoleon.naval.battle-rules"
#: player 2's foothold: Denmark, on the North Sea and the Baltic Sea
LAND = {"england": (0, 2), "denmark": (1, 2)}


@sc("napoleon.naval.battle-rules.601",
    "After taking a zone at sea, one ship stays behind in the zone the attack came from",
    [BATTLE], variant=BASIC, negative=True)
def ship_behind_after_conquest(b: Any) -> None:
    pos(b, LAND, zones={"north-sea": (0, 4), "baltic-sea": (1, 1)})
    b.do(attack("north-sea", "baltic-sea", 2), state={"phase": "battle"},
         explain="Four ships of player 1 in the North Sea attack player 2's one ship in the "
                 "Baltic Sea with two dice; one defending ship rolls one die, no choice.")
    b.do({"type": "roll", "attacker": [6, 5], "defender": [1]},
         state={"phase": "occupy", "zones": {"baltic-sea": {"owner": 0, "ships": 0}}},
         legal=[{"type": "occupy", "armies": 2}, {"type": "occupy", "armies": 3}],
         explain="The last defending ship sinks. At least the two ships that rolled move in "
                 "and one of the four stays in the North Sea: 2 or 3.")
    b.reject({"type": "occupy", "armies": 4}, "armies", rule=BATTLE,
             explain="All four cannot sail in: a ship always stays behind, even though the "
                     "Baltic Sea is now empty.")
    b.do({"type": "occupy", "armies": 3},
         state={"phase": "attack", "zones": {"north-sea": {"owner": 0, "ships": 1},
                                             "baltic-sea": {"owner": 0, "ships": 3}}})


@sc("napoleon.naval.battle-rules.602",
    "Ships sail into an empty zone without a battle, leaving one behind",
    [BATTLE], variant=BASIC, negative=True)
def ship_behind_empty_zone(b: Any) -> None:
    pos(b, LAND, zones={"north-sea": (0, 3)})
    b.reject({"type": "invade", "from": "north-sea", "to": "baltic-sea", "armies": 3}, "armies",
             rule=BATTLE, explain="Three ships cannot all leave the North Sea.")
    b.do({"type": "invade", "from": "north-sea", "to": "baltic-sea", "armies": 2},
         state={"zones": {"north-sea": {"owner": 0, "ships": 1},
                          "baltic-sea": {"owner": 0, "ships": 2}}})


@sc_both("napoleon.naval.landing.601",
         "The rulebook's landing: Andalusia attacks Egypt across three controlled zones",
         ["napoleon.naval.landing"])
def andalusia_egypt(b: Any) -> None:
    chain = ("western-mediterranean", "mediterranean-adriatic", "eastern-mediterranean")
    pos(b, {"andalusia": (0, 6), "egypt": (1, 2), "syria": (1, 1)}, zones={z: (0, 2) for z in chain})
    b.check(legal_includes=[attack("andalusia", "egypt", 3)],
            explain="Player 1 holds Andalusia (6 regiments) and 2 ships in each of the three "
                    "zones: Egypt is attacked as if it bordered Andalusia.")
    b.do(attack("andalusia", "egypt", 3), state={"phase": "defend"})
    b.do({"type": "defend", "dice": 2}, state={"phase": "battle"})
    b.do({"type": "roll", "attacker": [6, 6, 2], "defender": [3, 2]},
         state={"phase": "occupy", "territories": {"egypt": {"owner": 0, "armies": 0}}},
         explain="Both defenders fall; the regiments move in as after any land attack.")
    b.do({"type": "occupy", "armies": 5},
         state={"phase": "attack", "territories": {"andalusia": {"armies": 1},
                                                   "egypt": {"armies": 5}}})


@sc("napoleon.naval.zone-control.601",
    "Ships alone in a zone control it; an empty zone is nobody's and carries no landing",
    ["napoleon.naval.zone-control", "napoleon.naval.landing"], variant=BASIC, negative=True)
def zone_control(b: Any) -> None:
    pos(b, {"andalusia": (0, 6), "naples": (1, 2), "egypt": (1, 2)},
        zones={"western-mediterranean": (0, 1), "eastern-mediterranean": (0, 1)})
    b.check(legal_includes=[attack("andalusia", "naples", 3)],
            legal_excludes=[attack("andalusia", "egypt", 3)],
            explain="The Western Mediterranean is player 1's (its one ship alone there): Naples "
                    "on its coast can be attacked. The Mediterranean/Adriatic is empty, "
                    "nobody's: the chain to the Eastern Mediterranean and Egypt is broken.")
    b.reject(attack("andalusia", "egypt", 3), "not-adjacent", rule="napoleon.naval.landing")


@sc("napoleon.naval.admiral-bonus.601",
    "An attacking admiral adds 1 to the highest die at sea",
    ["napoleon.naval.admiral-bonus"])
def admiral(b: Any) -> None:
    pos(b, LAND, zones={"north-sea": (0, 4), "baltic-sea": (1, 3)}, adm={"north-sea": 1})
    b.do(attack("north-sea", "baltic-sea", 2), state={"phase": "defend"})
    b.do({"type": "defend", "dice": 2}, state={"phase": "battle"})
    b.do({"type": "roll", "attacker": [5, 2], "defender": [5, 3]},
         explain="The admiral makes 5, 2 into 6, 2 against 5, 3: one ship lost on each side.",
         state={"phase": "battle", "zones": {"north-sea": {"ships": 3},
                                             "baltic-sea": {"ships": 2}}})


@sc("napoleon.naval.fight-to-end.601",
    "A naval battle cannot be broken off: it goes on with the most dice",
    ["napoleon.naval.fight-to-end"], variant=BASIC, negative=True)
def fight_to_end(b: Any) -> None:
    pos(b, LAND, zones={"north-sea": (0, 4), "baltic-sea": (1, 3)})
    b.do(attack("north-sea", "baltic-sea", 1), state={"phase": "defend"})
    b.do({"type": "defend", "dice": 1}, state={"phase": "battle"})
    b.do({"type": "roll", "attacker": [6], "defender": [1]},
         state={"phase": "battle", "pending": {"attacker_dice": 3, "defender_dice": 2},
                "zones": {"baltic-sea": {"ships": 2}}},
         explain="No stopping after the first roll: the next one is rolled with the most dice "
                 "(3 of the 4 attacking ships, 2 of the 2 defending).")


@sc("napoleon.naval.forced-combat.601",
    "A ship built among enemy ships must fight them before anything else",
    ["napoleon.naval.forced-combat", "napoleon.units.ships"], variant=BASIC, negative=True)
def forced(b: Any) -> None:
    pos(b, {"england": (0, 2), "scotland": (0, 2), "denmark": (1, 2)},
        zones={"north-sea": (1, 1)}, phase="reinforce",
        pending={"to_place": 1, "must_trade": False, "after": "turn"})
    b.do({"type": "buy-ship", "zone": "north-sea"},
         state={"phase": "attack",
                "zones": {"north-sea": {"owner": 1, "ships": 1, "challenger_ships": 1}}},
         explain="England touches the North Sea: player 1 builds a ship there among player 2's "
                 "ship, its last regiment spent.")
    b.reject({"type": "end-attack"}, "forced-combat", rule="napoleon.naval.forced-combat")
    b.do(attack("north-sea", "north-sea", 1), state={"phase": "battle"},
         explain="The built ship attacks: one die each (no defence choice with one ship).")
    b.do({"type": "roll", "attacker": [4], "defender": [2]},
         state={"phase": "attack", "zones": {"north-sea": {"owner": 0, "ships": 1}}})


@sc("napoleon.naval.landing.602",
    "No landing through a zone another player's ships control",
    ["napoleon.naval.landing", "napoleon.naval.zone-control"], options=NO_TABLE, negative=True)
def no_landing_through_enemy_zone(b: Any) -> None:
    pos(b, {"ireland": (0, 4), "portugal": (1, 1)}, zones={"western-europe-atlantic": (1, 2)})
    b.check(legal=[{"type": "end-attack"}],
            explain="Ireland touches only the Western Europe Atlantic, whose ships are player "
                    "2's: Ireland's regiments can attack nowhere.")
    b.reject(attack("ireland", "brittany", 3), "not-adjacent", rule="napoleon.naval.landing")


@sc("napoleon.naval.forced-combat.671",
    "Ships built among enemy ships fight first: no other attack or entry until that battle ends",
    ["napoleon.naval.forced-combat", "napoleon.naval.battle-rules"], variant=BASIC,
    negative=True)
def forced_first(b: Any) -> None:
    pos(b, {"england": (0, 3), "denmark": (1, 2)},
        zones={"north-sea": (1, 1), "western-mediterranean": (0, 2)},
        edit=challengers("north-sea", 2))
    b.check(legal_includes=[attack("north-sea", "north-sea", d) for d in (1, 2)],
            legal_excludes=[attack("england", "scotland", 2),
                            {"type": "invade", "from": "western-mediterranean",
                             "to": "western-europe-atlantic", "armies": 1}],
            explain="Player 1's two ships built in the North Sea must fight player 2's ship "
                    "first: England may not attack Scotland, nor the Mediterranean fleet sail "
                    "into the empty Atlantic, until then.")
    b.reject({"type": "invade", "from": "western-mediterranean", "to": "western-europe-atlantic",
              "armies": 1}, "forced-combat", rule="napoleon.naval.forced-combat")
    b.do(attack("north-sea", "north-sea", 2),
         state={"phase": "battle", "pending": {"attacker_dice": 2, "defender_dice": 1}})
    b.do({"type": "roll", "attacker": [5, 3], "defender": [2]},
         explain="5 beats 2: player 2's last ship in the North Sea is sunk and the two built "
                 "ships hold the zone.",
         events=[{"type": "battle", "player": 0, "defender": 1, "from": "north-sea",
                  "to": "north-sea", "attacker_dice": [5, 3], "defender_dice": [2],
                  "attacker_losses": 0, "defender_losses": 1},
                 {"type": "zone-taken", "zone": "north-sea", "player": 0, "victim": 1}],
         state={"phase": "attack", "zones": {"north-sea": {"owner": 0, "ships": 2}}})
    b.do({"type": "invade", "from": "north-sea", "to": "baltic-sea", "armies": 1},
         explain="The battle over, one of the two ships sails into the empty Baltic Sea, the "
                 "other staying behind.",
         events=[{"type": "invaded", "player": 0, "from": "north-sea", "to": "baltic-sea",
                  "armies": 1}],
         state={"zones": {"north-sea": {"ships": 1}, "baltic-sea": {"owner": 0, "ships": 1}}})

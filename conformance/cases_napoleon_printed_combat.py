"""Napoléon on the printed board: land combat (napoleon.combat.*).

Most battles are fought across the Pyrenees: player 1 (seat 0) holds Aquitaine, player 2
(seat 1) Castile and its neighbours; the rest of the board belongs to the background seat
(:mod:`printed`).  Dice bonuses, epidemics and fortifications are Advanced-game pieces, so
those cases play napoleon-advanced; the others the basic game.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.printed import BASIC, NO_TABLE, attack, pos, sc, sc_both, seats

#: the Pyrenees front: player 1 in Aquitaine, player 2 in Castile and León
FRONT = {"aquitaine": (0, 5), "castile": (1, 3), "leon-asturias": (1, 1)}


def _roll(b: Any, att: list[int], dfn: list[int], **kw: Any) -> None:
    b.do({"type": "roll", "attacker": att, "defender": dfn}, **kw)


@sc_both("napoleon.combat.dice.601",
         "Up to three attack dice, one fewer than the regiments; the defender picks one or two",
         ["napoleon.combat.dice", "napoleon.combat.attack-from"], negative=True)
def dice(b: Any) -> None:
    pos(b, {"aquitaine": (0, 3), "castile": (1, 2), "leon-asturias": (1, 1), "brittany": (0, 1)})
    b.check(legal_includes=[attack("aquitaine", "castile", d) for d in (1, 2)],
            legal_excludes=[attack("aquitaine", "castile", 3), attack("brittany", "aquitaine", 1)],
            explain="Aquitaine's 3 regiments roll at most 2 dice; Brittany's single regiment "
                    "cannot attack at all.")
    b.reject(attack("aquitaine", "castile", 3), "dice", rule="napoleon.combat.dice")
    b.reject(attack("brittany", "ile-de-france", 1), "too-few", rule="napoleon.combat.attack-from")
    b.do(attack("aquitaine", "castile", 2), state={"phase": "defend", "pending": {"chooser": 1}},
         legal=[{"type": "defend", "dice": d} for d in (1, 2)])
    b.reject({"type": "defend", "dice": 3}, "dice", rule="napoleon.combat.dice")
    b.do({"type": "defend", "dice": 1},
         state={"phase": "battle", "pending": {"attacker_dice": 2, "defender_dice": 1}})


@sc("napoleon.combat.compare.601", "Dice compared highest to highest; the defender wins ties",
    ["napoleon.combat.compare"], variant=BASIC)
def compare(b: Any) -> None:
    pos(b, FRONT)
    b.do(attack("aquitaine", "castile", 3), state={"phase": "defend"})
    b.do({"type": "defend", "dice": 2}, state={"phase": "battle"})
    _roll(b, [6, 3, 1], [5, 3],
          explain="6 beats 5; 3 ties 3 and the tie goes to the defender: one loss each.",
          events=[{"type": "battle", "from": "aquitaine", "to": "castile", "attacker_losses": 1,
                   "defender_losses": 1}],
          state={"phase": "attack", "territories": {"aquitaine": {"armies": 4},
                                                    "castile": {"armies": 2}}})


@sc_both("napoleon.combat.conquest.601",
         "Move in at least as many regiments as dice rolled, leave one behind, attack on",
         ["napoleon.combat.conquest"], negative=True)
def conquest(b: Any) -> None:
    pos(b, {**FRONT, "castile": (1, 1)})
    b.do(attack("aquitaine", "castile", 3), state={"phase": "battle"})
    _roll(b, [4, 2, 1], [3], state={"phase": "occupy", "pending": {"min": 3},
                                    "territories": {"castile": {"owner": 0, "armies": 0}}})
    b.reject({"type": "occupy", "armies": 2}, "armies", rule="napoleon.combat.conquest")
    b.reject({"type": "occupy", "armies": 5}, "armies", rule="napoleon.combat.conquest")
    b.do({"type": "occupy", "armies": 4},
         state={"phase": "attack", "turn_flags": {"conquered": True},
                "territories": {"aquitaine": {"armies": 1}, "castile": {"armies": 4}}},
         legal_includes=[attack("castile", "leon-asturias", 3)])


@sc("napoleon.combat.naval-first.601", "No naval attack once a land offensive has begun",
    ["napoleon.combat.naval-first"], variant=BASIC, negative=True)
def naval_first(b: Any) -> None:
    pos(b, FRONT, zones={"western-europe-atlantic": (0, 3), "western-mediterranean": (1, 1)})
    b.check(legal_includes=[attack("western-europe-atlantic", "western-mediterranean", 2)],
            explain="Before any land attack the fleet may attack the Western Mediterranean.")
    b.do(attack("aquitaine", "castile", 3), state={"phase": "defend"})
    b.do({"type": "defend", "dice": 2}, state={"phase": "battle"})
    _roll(b, [1, 1, 1], [6, 6], state={"phase": "attack",
                                       "territories": {"aquitaine": {"armies": 3}}})
    b.reject(attack("western-europe-atlantic", "western-mediterranean", 2), "naval-after-land",
             rule="napoleon.combat.naval-first")


@sc("napoleon.combat.general-bonus.601",
    "An attacking general adds 1 to the attacker's highest die",
    ["napoleon.combat.general-bonus"], options=NO_TABLE)
def general_bonus(b: Any) -> None:
    pos(b, FRONT, gen={"aquitaine": 1})
    b.do(attack("aquitaine", "castile", 3), state={"phase": "defend"})
    b.do({"type": "defend", "dice": 2}, state={"phase": "battle"})
    _roll(b, [5, 2, 1], [5, 3],
          explain="The general makes 5, 2 into 6, 2: 6 beats 5, 2 loses to 3.",
          state={"phase": "attack", "territories": {"aquitaine": {"armies": 4},
                                                    "castile": {"armies": 2}}})


@sc("napoleon.combat.fortification-bonus.601",
    "A fortification adds 1 to the highest defence die, never to attack dice",
    ["napoleon.combat.fortification-bonus"], options=NO_TABLE)
def fortification_bonus(b: Any) -> None:
    pos(b, FRONT, forts={"castile": 1, "aquitaine": 1})
    b.do(attack("aquitaine", "castile", 3), state={"phase": "defend"})
    b.do({"type": "defend", "dice": 2}, state={"phase": "battle"})
    _roll(b, [6, 4, 1], [5, 4],
          explain="Castile's fortification makes 5, 4 into 6, 4: both ties to the defender; "
                  "Aquitaine's own fortification adds nothing to its attack.",
          state={"phase": "attack", "territories": {"aquitaine": {"armies": 3}}})


@sc("napoleon.combat.bonus-stacking.601",
    "Two generals in a fortified territory: +2 on the highest die, +1 on the second",
    ["napoleon.combat.bonus-stacking", "napoleon.combat.modified-dice"], options=NO_TABLE)
def stacking(b: Any) -> None:
    pos(b, FRONT, gen={"castile": 2}, forts={"castile": 1})
    b.do(attack("aquitaine", "castile", 3), state={"phase": "defend"})
    b.do({"type": "defend", "dice": 2}, state={"phase": "battle"})
    _roll(b, [6, 6, 1], [5, 5],
          explain="5, 5 become 7, 6: 7 beats 6 and 6 ties 6 — both pairs to the defender.",
          state={"phase": "attack", "territories": {"aquitaine": {"armies": 3}}})


@sc("napoleon.combat.modified-dice.601",
    "A raised die may pass six: a defender's 6 + 1 beats an attacker's 6",
    ["napoleon.combat.modified-dice", "napoleon.combat.general-bonus"], options=NO_TABLE)
def modified(b: Any) -> None:
    pos(b, FRONT, gen={"castile": 1})
    b.do(attack("aquitaine", "castile", 1), state={"phase": "defend"})
    b.do({"type": "defend", "dice": 1}, state={"phase": "battle"})
    _roll(b, [6], [6], explain="The defending general makes the 6 a 7.",
          state={"phase": "attack", "territories": {"aquitaine": {"armies": 4}}})


@sc("napoleon.combat.epidemic-loss.601",
    "Attacking a contaminated territory costs a regiment first, from where the attack comes",
    ["napoleon.combat.epidemic-loss"], options=NO_TABLE)
def epidemic_loss(b: Any) -> None:
    pos(b, FRONT, epidemics={"castile": 1})
    b.do(attack("aquitaine", "castile", 3),
         state={"phase": "defend", "territories": {"aquitaine": {"armies": 4}}},
         explain="One epidemic in Castile: Aquitaine loses one regiment before the battle.")


@sc("napoleon.combat.fortification-destroyed.601",
    "Conquering a fortified territory razes its fortification",
    ["napoleon.combat.fortification-destroyed"], options=NO_TABLE)
def fort_destroyed(b: Any) -> None:
    pos(b, {**FRONT, "castile": (1, 1)}, forts={"castile": 1})
    b.do(attack("aquitaine", "castile", 3), state={"phase": "battle"})
    _roll(b, [6, 6, 6], [1],
          state={"phase": "occupy", "territories": {
              "castile": {"owner": 0, "armies": 0, "fortifications": 0}}})


@sc("napoleon.combat.empty-territory.601",
    "An emptied territory is entered without a roll, one regiment left behind",
    ["napoleon.combat.empty-territory"], options=NO_TABLE, negative=True)
def empty_territory(b: Any) -> None:
    pos(b, {**FRONT, "castile": (None, 0)}, forts={"castile": 1})
    b.reject({"type": "invade", "from": "aquitaine", "to": "castile", "armies": 5}, "armies",
             rule="napoleon.combat.empty-territory")
    b.do({"type": "invade", "from": "aquitaine", "to": "castile", "armies": 4},
         explain="Castile, emptied by an epidemic, is nobody's: four regiments walk in, the "
                 "fortification stays for its new holder.",
         state={"territories": {"aquitaine": {"armies": 1},
                                "castile": {"owner": 0, "armies": 4, "fortifications": 1}},
                "turn_flags": {"land_attacked": True}})


@sc("napoleon.combat.elimination.601",
    "Taking a player's last territory: their ships leave the board, their cards change hands",
    ["napoleon.combat.elimination", "napoleon.cards.elimination-capture"], options=NO_TABLE)
def elimination(b: Any) -> None:
    pos(b, {"aquitaine": (0, 5), "castile": (1, 1)}, zones={"western-mediterranean": (1, 2)},
        hands={1: ["card-castile"]})
    b.do(attack("aquitaine", "castile", 3), state={"phase": "battle"})
    _roll(b, [6, 5, 4], [2],
          events=[{"type": "battle", "from": "aquitaine", "to": "castile", "attacker_losses": 0,
                   "defender_losses": 1},
                  {"type": "eliminated", "player": 1, "by": 0}],
          state={"phase": "occupy", "zones": {"western-mediterranean": {"owner": None, "ships": 0}},
                 "territories": {"castile": {"owner": 0, "armies": 0}},
                 "players": seats(3, p0={"cards": ["card-castile"]},
                                  p1={"eliminated": True, "eliminated_by": 0, "cards": []})})

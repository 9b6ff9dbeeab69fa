"""Napoléon on the printed board: land combat (napoleon.combat.*).

Most battles are fought across the Pyrenees: player 1 (seat 0) holds Aquitaine, player 2
(seat 1) Castile and its neighbours; the rest of the board belongs to the background seat
(:mod:`printed`).  Dice bonuses, epidemics and fortifications are Advanced-game pieces, so
those cases play napoleon-advanced; the others the basic game.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.printed import (
    BASIC,
    NO_TABLE,
    aquitaine_takes_castile,
    attack,
    compute_income,
    missions_edit,
    pos,
    sc,
    sc_both,
    seats,
)

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


@sc("napoleon.combat.conquest.602",
    "Conquered with one die: one regiment or more may move in",
    ["napoleon.combat.conquest"], options=NO_TABLE)
def one_die_conquest(b: Any) -> None:
    pos(b, {"aquitaine": (0, 3), "castile": (1, 1), "portugal": (1, 1)})
    b.do(attack("aquitaine", "castile", 1), state={"phase": "battle"})
    b.do({"type": "roll", "attacker": [6], "defender": [2]},
         explain="One die was rolled: at least one regiment moves in, one stays in Aquitaine.",
         state={"phase": "occupy", "territories": {"castile": {"owner": 0, "armies": 0}}},
         legal=[{"type": "occupy", "armies": n} for n in (1, 2)])
    b.do({"type": "occupy", "armies": 1},
         state={"phase": "attack", "territories": {"aquitaine": {"armies": 2},
                                                   "castile": {"armies": 1}}})


@sc("napoleon.combat.general-bonus.671",
    "One battle per turn for a general: the general that took Egypt and moved in gives no "
    "bonus in Tripolitania",
    ["napoleon.combat.general-bonus", "napoleon.leaders.accompany", "napoleon.combat.conquest"],
    options={**NO_TABLE, "napoleon.amb.general-attack-scope": "one-battle"},
    reading=("napoleon.amb.general-attack-scope", "one-battle"))
def one_battle_egypt(b: Any) -> None:
    pos(b, {"syria": (0, 5), "egypt": (1, 1), "tripolitania": (1, 2)}, gen={"syria": 1})
    b.do(attack("syria", "egypt", 3), state={"phase": "battle"})
    b.do({"type": "roll", "attacker": [6, 5, 4], "defender": [1]},
         events=[{"type": "battle", "player": 0, "defender": 1, "from": "syria", "to": "egypt",
                  "attacker_dice": [7, 5, 4], "defender_dice": [1], "attacker_losses": 0,
                  "defender_losses": 1}],
         state={"phase": "occupy", "pending": {"min": 3},
                "territories": {"egypt": {"owner": 0, "armies": 0}},
                "turn_flags": {"conquered": True, "conquests": 1,
                               "general_battles": {"syria": "egypt"}}})
    b.do({"type": "occupy", "armies": 3, "leaders": 1},
         state={"phase": "attack",
                "territories": {"syria": {"armies": 2, "generals": 0},
                                "egypt": {"armies": 3, "generals": 1}},
                "turn_flags": {"general_battles": {"syria": "egypt", "egypt": None}}})
    b.do(attack("egypt", "tripolitania", 2), state={"phase": "defend"})
    b.do({"type": "defend", "dice": 2}, state={"phase": "battle"})
    b.do({"type": "roll", "attacker": [5, 2], "defender": [5, 3]},
         explain="The general has had its battle (Egypt): 5 ties 5 and 2 loses to 3, both "
                 "pairs to the defender.",
         events=[{"type": "battle", "player": 0, "defender": 1, "from": "egypt",
                  "to": "tripolitania", "attacker_dice": [5, 2], "defender_dice": [5, 3],
                  "attacker_losses": 2, "defender_losses": 0}],
         state={"phase": "attack", "territories": {"egypt": {"armies": 1}}})


@sc("napoleon.combat.general-bonus.681",
    "One battle per turn for a general: one bought on a territory just taken has its battle still",
    ["napoleon.combat.general-bonus", "napoleon.cards.elimination-capture",
     "napoleon.reinforce.purchases", "napoleon.combat.conquest"],
    options={**NO_TABLE, "napoleon.amb.general-attack-scope": "one-battle"},
    reading=("napoleon.amb.general-attack-scope", "one-battle"))
def general_bought_on_conquest(b: Any) -> None:
    infantry = ["card-switzerland", "card-austria-bohemia", "card-transylvania"]
    aquitaine_takes_castile(b, {0: infantry, 1: ["card-holland", "card-castile"]})
    b.do({"type": "occupy", "armies": 4},
         state={"phase": "reinforce",
                "pending": {"to_place": 0, "must_trade": True, "after": "elimination"},
                "territories": {"aquitaine": {"armies": 1}, "castile": {"armies": 4}}})
    b.do({"type": "trade", "cards": infantry},
         events=[{"type": "traded", "player": 0, "cards": infantry, "value": 4}],
         state={"pending": {"to_place": 4, "must_trade": False, "after": "elimination"},
                "discards": infantry, "sets_traded": 1,
                "players": [{"cards": 2}, {}, {}]})
    b.do({"type": "buy-general", "territory": "castile"},
         events=[{"type": "general-bought", "player": 0, "territory": "castile"}],
         state={"pending": {"to_place": 3}, "territories": {"castile": {"generals": 1}}})
    for left in (2, 1):
        b.do({"type": "place", "territory": "castile"},
             state={"pending": {"to_place": left}, "territories": {"castile": {"armies": 7 - left}}})
    b.do({"type": "place", "territory": "castile"},
         state={"phase": "attack", "pending": {}, "territories": {"castile": {"armies": 7}}})
    b.do(attack("castile", "leon-asturias", 3), state={"phase": "battle"})
    b.do({"type": "roll", "attacker": [5, 3, 2], "defender": [5]},
         explain="The general bought in Castile has fought no battle this turn: its bonus makes "
                 "the 5 a 6, which beats León's 5.",
         events=[{"type": "battle", "player": 0, "defender": 2, "from": "castile",
                  "to": "leon-asturias", "attacker_dice": [6, 3, 2], "defender_dice": [5],
                  "attacker_losses": 0, "defender_losses": 1}],
         state={"phase": "occupy", "pending": {"min": 3},
                "territories": {"leon-asturias": {"owner": 0, "armies": 0}},
                "turn_flags": {"conquests": 2, "general_battles": {"castile": "leon-asturias"}}})


@sc("napoleon.combat.elimination.681",
    "Put out by the epidemic phase of their own turn: no mission is checked, the next player plays",
    ["napoleon.combat.elimination", "napoleon.epidemics.phase-loss", "napoleon.missions.check"],
    options=NO_TABLE)
def out_in_own_epidemic_phase(b: Any) -> None:
    mission = "l2-capture-a-general"
    pos(b, {"portugal": (0, 1), "castile": (1, 2)}, phase="maneuver", epidemics={"portugal": 1},
        prisoners={(0, 1, "generals"): 1}, edit=missions_edit(held={0: [mission]}))
    b.do({"type": "end-turn"},
         explain="The epidemic in Portugal takes its one regiment, player 1's last: player 1 is "
                 "out at once, and the epidemic moves on by a card drawn.",
         events=[{"type": "epidemic-loss", "territory": "portugal", "armies": 1},
                 {"type": "eliminated", "player": 0, "by": 0, "cause": "epidemic"}],
         state={"phase": "epidemics", "pending": {"left": 1, "moving": True},
                "territories": {"portugal": {"owner": None, "armies": 0, "epidemics": 0}},
                "players": [{"eliminated": True, "eliminated_by": 0}, {}, {}]})
    b.do({"type": "draw", "card": "card-egypt"},
         explain="The epidemic goes to Egypt. Player 1 is out of the game: the end of their turn "
                 "checks no mission (not even the captured general they still hold) and player "
                 "2's turn begins.",
         events=[{"type": "epidemic-card-drawn", "card": "card-egypt", "territory": "egypt"},
                 {"type": "epidemic", "territory": "egypt"}],
         state={"phase": "reinforce", "current": 1,
                "pending": {"to_place": compute_income(["castile"]), "must_trade": False,
                            "after": "turn"},
                "discards": ["card-egypt"], "territories": {"egypt": {"epidemics": 1}},
                "players": [{"vp": 0, "missions": [mission], "missions_completed": []}, {}, {}]})

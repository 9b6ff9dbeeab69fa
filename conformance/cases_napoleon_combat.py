"""Scenarios: Risk Napoléon — land combat (napoleon.combat.*), on the printed Europe board
(:mod:`printed`: the places a case names, every other territory held by a background seat).

Every attack of a combat phase (a landing from Norway round to Catalonia, a fleet in the
Western Mediterranean), the dice each side may roll (seat 0 too) across the Pyrenees, dice
after an epidemic's losses, a territory kept empty, the move after a conquest, the
fortification and general bonuses, and elimination by battle and by epidemic.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.printed import BASIC, NO_TABLE, attack, get_board, pos, sc, seats

#: the printed deck, in deck order
DECK = [c.id for c in get_board().cards]


@sc("napoleon.combat.attack-from.101",
    "Every attack of a combat phase: a landing through three zones and a naval attack",
    ["napoleon.combat.attack-from", "napoleon.combat.dice", "napoleon.naval.landing",
     "napoleon.naval.battle-rules"], variant=BASIC, background=(0, 1))
def every_attack(b: Any) -> None:
    # player 1 holds the board with one regiment a territory, but Norway (4); player 2 holds
    # Catalonia and Castile, a neutral army Croatia
    pos(b, {"norway": (0, 4), "catalonia": (1, 1), "castile": (1, 2), "croatia": (2, 2)},
        rest=0,
        zones={"baltic-sea": (0, 1), "north-sea": (0, 3), "western-europe-atlantic": (0, 2),
               "western-mediterranean": (0, 2), "mediterranean-adriatic": (1, 2)})
    b.check(legal=[*(attack("norway", "catalonia", d) for d in (1, 2, 3)),
                   attack("western-mediterranean", "mediterranean-adriatic", 1),
                   {"type": "end-attack"}],
            explain="Norway (4 regiments) lands on Catalonia through the North Sea, the Western "
                    "Europe Atlantic and the Western Mediterranean with 1 to 3 dice; its land "
                    "neighbour Sweden is its own. Every other territory of player 1 has one "
                    "regiment. Of the fleets only the Western Mediterranean's 2 ships border a "
                    "foreign zone (the Mediterranean/Adriatic): one die, one ship stays; the "
                    "North Sea's 3 border only player 1's own zones, the Baltic Sea's one "
                    "ship cannot attack. "
                    "Croatia lies on the Mediterranean/Adriatic, which player 1 does not control.")


@sc("napoleon.combat.dice.301",
    "Player 1 defends its own territory: it chooses one or two dice",
    ["napoleon.combat.dice"], variant=BASIC)
def seat0_chooses(b: Any) -> None:
    pos(b, {"aquitaine": (0, 2), "brittany": (0, 1), "castile": (1, 4), "leon-asturias": (1, 1)},
        current=1)
    b.attack("castile", "aquitaine", 3, state={"phase": "defend", "pending": {"chooser": 0}},
             legal=[{"type": "defend", "dice": 1}, {"type": "defend", "dice": 2}])


@sc("napoleon.combat.dice.302",
    "A roll must bring the dice declared on both sides",
    ["napoleon.combat.dice"], variant=BASIC, negative=True)
def roll_counts(b: Any) -> None:
    pos(b, {"aquitaine": (0, 4), "castile": (1, 1), "leon-asturias": (1, 1)})
    b.attack("aquitaine", "castile", 3, state={"phase": "battle", "pending": {"defender_dice": 1}})
    b.reject({"type": "roll", "attacker": [6, 5], "defender": [1]}, "dice", rule="napoleon.combat.dice",
             explain="three attack dice were declared")
    b.reject({"type": "roll", "attacker": [6, 5, 4], "defender": [2, 1]}, "dice", rule="napoleon.combat.dice",
             explain="Castile holds one regiment: one defence die")


@sc("napoleon.combat.dice.501",
    "Four dice are too many with or without the epidemic loss: the dice rule is broken",
    ["napoleon.combat.dice", "napoleon.combat.epidemic-loss"], negative=True)
def dice_not_epidemic(b: Any) -> None:
    pos(b, {"aquitaine": (0, 6), "castile": (1, 3), "portugal": (0, 4), "leon-asturias": (1, 1)},
        epidemics={"castile": 1})
    b.reject(attack("aquitaine", "castile", 4), "dice", rule="napoleon.combat.dice")
    b.reject(attack("portugal", "castile", 3), "dice",
             rule="napoleon.combat.epidemic-loss",
             explain="3 dice from Portugal's 4 regiments, but Castile's epidemic takes one first: "
                     "2 at most")


@sc("napoleon.combat.epidemic-loss.301",
    "The regiment an epidemic takes cannot roll: dice are counted after the loss",
    ["napoleon.combat.epidemic-loss", "napoleon.combat.dice"], negative=True)
def dice_after_loss(b: Any) -> None:
    pos(b, {"aquitaine": (0, 4), "castile": (1, 3), "leon-asturias": (1, 1)},
        epidemics={"castile": 1})
    b.reject(attack("aquitaine", "castile", 3), "dice", rule="napoleon.combat.epidemic-loss",
             explain="Aquitaine's 4 regiments lose one to Castile's epidemic before the battle: "
                     "3 are left, so at most 2 dice")
    b.attack("aquitaine", "castile", 2,
             state={"phase": "defend", "territories": {"aquitaine": {"armies": 3}}},
             events=[{"type": "epidemic-attack-loss", "territory": "aquitaine", "armies": 1}])


@sc("napoleon.combat.empty-territory.301",
    "Under keeps-owner an owned territory without regiments is entered, never attacked",
    ["napoleon.combat.empty-territory"],
    options={"napoleon.amb.empty-territory-control": "keeps-owner"})
def kept_empty(b: Any) -> None:
    pos(b, {"norway": (0, 3), "kingdom-of-sweden": (1, 0), "finland": (1, 1)})
    b.check(legal=[{"type": "invade", "from": "norway", "to": "kingdom-of-sweden", "armies": 1},
                   {"type": "invade", "from": "norway", "to": "kingdom-of-sweden", "armies": 2},
                   {"type": "end-attack"}],
            explain="Sweden is still player 2's but holds no regiment (emptied by an epidemic): "
                    "Norway moves 1 or 2 regiments in without a battle; Norway's only land "
                    "neighbour is Sweden, and no fleet of player 1 is at sea")


@sc("napoleon.combat.conquest.301",
    "Moving in after a conquest: every regiment but one may go, and the general along",
    ["napoleon.combat.conquest", "napoleon.leaders.accompany"])
def occupy_most(b: Any) -> None:
    pos(b, {"aquitaine": (0, 5), "castile": (1, 1), "leon-asturias": (1, 1)}, gen={"aquitaine": 1})
    b.attack("aquitaine", "castile", 3, state={"phase": "battle", "pending": {"defender_dice": 1}})
    b.roll([6, 2, 1], [1], state={"phase": "occupy",
                                  "territories": {"castile": {"owner": 0, "armies": 0}}})
    b.check(legal_includes=[{"type": "occupy", "armies": 4, "leaders": 1}],
            legal_excludes=[{"type": "occupy", "armies": 5}, {"type": "occupy", "armies": 4, "leaders": 2}])
    b.do({"type": "occupy", "armies": 4, "leaders": 1},
         state={"phase": "attack", "territories": {"aquitaine": {"armies": 1, "generals": 0},
                                                   "castile": {"armies": 4, "generals": 1}}})


@sc("napoleon.combat.fortification-bonus.501",
    "A fortification alone adds 1 to the highest defence die",
    ["napoleon.combat.fortification-bonus", "napoleon.combat.modified-dice"])
def fort_alone(b: Any) -> None:
    pos(b, {"aquitaine": (0, 4), "castile": (1, 3), "leon-asturias": (1, 1)},
        forts={"castile": 1})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # the defender's 5 counts 6 and ties the attacker's 6; 4 beats 2
    b.roll([6, 2, 1], [5, 4], state={"phase": "attack", "territories": {"aquitaine": {"armies": 4 - 2}}})


@sc("napoleon.combat.fortification-bonus.801",
    "A fortification helps its defender only: the attacker's own adds nothing; its general is captured",
    ["napoleon.combat.fortification-bonus", "napoleon.combat.bonus-stacking",
     "napoleon.leaders.capture", "napoleon.leaders.capture-vp"])
def fort_not_in_attack(b: Any) -> None:
    pos(b, {"aquitaine": (0, 5), "castile": (1, 2), "leon-asturias": (1, 1)},
        forts={"aquitaine": 1, "castile": 1}, gen={"castile": 1})
    b.attack("aquitaine", "castile", 1, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})
    b.roll([5], [3], explain="Castile's 3 counts 5 (its general +1, its fortification +1); "
                             "Aquitaine's fortification adds nothing to the attack: 5 against 5, "
                             "the defender wins",
           events=[{"type": "battle", "attacker_losses": 1, "defender_losses": 0}],
           state={"phase": "attack", "territories": {"aquitaine": {"armies": 4}}})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 6, 6], [1, 1], explain="1 and 1 count 3 and 1: both lost; Castile falls, its "
                                      "fortification is razed and its general taken",
           events=[{"type": "battle", "attacker_losses": 0, "defender_losses": 2},
                   {"type": "fortification-destroyed", "territory": "castile"},
                   {"type": "general-captured", "territory": "castile", "player": 1, "by": 0,
                    "generals": 1}],
           state={"phase": "occupy",
                  "territories": {"castile": {"owner": 0, "armies": 0, "generals": 0,
                                              "fortifications": 0}},
                  "players": [{"vp": 1, "prisoner_generals": 1,
                               "prisoners": {"generals": [0, 1, 0]}},
                              {"vp": -1, "captive_generals": 1}, {}]})


SCOPE = "napoleon.amb.general-attack-scope"


@sc("napoleon.combat.general-bonus.301",
    "Reading one-battle: at the start of a turn every general has its battle still to come",
    ["napoleon.combat.general-bonus", "napoleon.leaders.ransom", "napoleon.turn.order"],
    options={SCOPE: "one-battle", **NO_TABLE}, background=(1, 1))
def fresh_generals(b: Any) -> None:
    # player 2 holds the board but Aquitaine (player 1) and Egypt (player 3, whose turn ends)
    pos(b, {"aquitaine": (0, 4), "castile": (1, 2), "egypt": (2, 1)}, rest=1,
        gen={"aquitaine": 1}, prisoners={(1, 0, "generals"): 1}, phase="maneuver", current=2)
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 0, "turn": 2,
                                      "pending": {"to_place": 3}},
         explain="player 3 ends game turn 1; player 1, with Aquitaine alone, places the minimum "
                 "of 3 regiments")
    b.reject({"type": "ransom", "leader": "general", "captor": 1, "place": "aquitaine"},
             "not-all-captured", rule="napoleon.leaders.ransom",
             explain="one of player 1's generals is on the board, none was ransomed this turn")
    for k in range(3):
        b.do({"type": "place", "territory": "aquitaine"},
             state={"territories": {"aquitaine": {"armies": 5 + k}}, "pending": {"to_place": 2 - k}}
             if k < 2 else {"territories": {"aquitaine": {"armies": 7}}, "phase": "attack",
                            "pending": {}})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([5, 2, 1], [5, 3],
           state={"phase": "attack", "territories": {"aquitaine": {"armies": 6},
                                                     "castile": {"armies": 1}}},
           explain="the general's first battle of the turn: 5 + 1 beats 5, 2 loses to 3")


ONE_BATTLE = ("napoleon.amb.general-attack-scope", "one-battle")


@sc("napoleon.combat.general-bonus.801",
    "Reading one-battle: a general that won its battle and moved on brings no bonus to the next ones",
    ["napoleon.combat.general-bonus", "napoleon.leaders.accompany"], reading=ONE_BATTLE,
    options={ONE_BATTLE[0]: ONE_BATTLE[1]})
def one_battle_chain(b: Any) -> None:
    # Aquitaine → Castile → León and Asturias → Portugal, player 2's in a row
    pos(b, {"aquitaine": (0, 10), "castile": (1, 1), "leon-asturias": (1, 1), "portugal": (1, 1)},
        gen={"aquitaine": 1})
    b.attack("aquitaine", "castile", 3, state={"phase": "battle"},
             explain="Castile's one regiment rolls one die: straight to the roll")
    b.roll([6, 5, 4], [1], explain="the general's battle this turn is the one against Castile",
           state={"phase": "occupy", "territories": {"castile": {"owner": 0, "armies": 0}},
                  "turn_flags": {"general_battles": {"aquitaine": "castile"}}})
    b.do({"type": "occupy", "armies": 8, "leaders": 1},
         state={"phase": "attack",
                "territories": {"aquitaine": {"armies": 2, "generals": 0},
                                "castile": {"armies": 8, "generals": 1}},
                "turn_flags": {"general_battles": {"aquitaine": "castile", "castile": None}}})
    b.attack("castile", "leon-asturias", 1, state={"phase": "battle"})
    b.roll([3], [3], explain="the general in Castile has had its battle: 3 against 3, the "
                             "defender wins",
           state={"phase": "attack", "territories": {"castile": {"armies": 7}}})
    b.attack("castile", "leon-asturias", 3, state={"phase": "battle"})
    b.roll([6, 6, 6], [1], state={"phase": "occupy",
                                  "territories": {"leon-asturias": {"owner": 0, "armies": 0}}})
    b.do({"type": "occupy", "armies": 5, "leaders": 1},
         state={"phase": "attack",
                "territories": {"castile": {"armies": 2, "generals": 0},
                                "leon-asturias": {"armies": 5, "generals": 1}},
                "turn_flags": {"general_battles": {"leon-asturias": None}}})
    b.attack("leon-asturias", "portugal", 1, state={"phase": "battle"})
    b.roll([3], [3], explain="moving on again does not give it a new battle: the defender wins",
           state={"phase": "attack", "territories": {"leon-asturias": {"armies": 4}}})


EP_ELIM = "napoleon.amb.epidemic-elimination"


EP_TIMING = "napoleon.amb.epidemic-timing"


@sc("napoleon.combat.elimination.501",
    "An epidemic that takes a player's last territory puts that player out: their ships "
    "leave, their cards go to the discards, play passes on",
    ["napoleon.combat.elimination", "napoleon.epidemics.phase-loss",
     "napoleon.epidemics.relocate"], options=NO_TABLE, background=(0, 1),
    description="The player going out is the one whose turn it is, so the cards are "
                "discarded under either reading of napoleon.amb.epidemic-elimination.")
def epidemic_elimination(b: Any) -> None:
    # player 1 holds the board but Ireland (player 2's last, with an epidemic) and Egypt
    # (player 3); player 2's fleet is in the Western Europe Atlantic
    hand = ["card-england", "card-scotland"]
    pos(b, {"ireland": (1, 1), "egypt": (2, 3)}, rest=0,
        zones={"western-europe-atlantic": (1, 2)}, epidemics={"ireland": 1}, phase="maneuver",
        current=1, turn=2, hands={1: hand})
    b.do({"type": "end-turn"},
         explain="the epidemic takes Ireland's last regiment: player 2 holds no territory any "
                 "more and is out in their own turn, their fleet leaves the Atlantic; nobody "
                 "took Ireland, so their two cards are discarded",
         state={"phase": "epidemics", "pending": {"left": 1, "moving": True},
                "players": seats(3, p1={"eliminated": True, "eliminated_by": 1, "cards": 0}),
                "discards": hand,
                "territories": {"ireland": {"owner": None, "armies": 0, "epidemics": 0}},
                "zones": {"western-europe-atlantic": {"owner": None, "ships": 0}}},
         events=[{"type": "epidemic-loss", "territory": "ireland", "armies": 1},
                 {"type": "eliminated", "player": 1, "by": 1, "cause": "epidemic"}])
    b.do({"type": "draw", "card": "card-aquitaine"},
         explain="the epidemic goes to Aquitaine (player 1's regiment); player 2, out, scores "
                 "and draws nothing: player 3's turn begins (Egypt alone: the minimum of 3 "
                 "regiments)",
         state={"phase": "reinforce", "current": 2,
                "discards": ["card-aquitaine", *hand],
                "draw_pile": [c for c in DECK if c not in ("card-aquitaine", *hand)],
                "pending": {"to_place": 3},
                "territories": {"aquitaine": {"epidemics": 1}}},
         events=[{"type": "epidemic-card-drawn", "card": "card-aquitaine", "territory": "aquitaine"},
                 {"type": "epidemic", "territory": "aquitaine"}])


#: the last territories held, in map order, each with one regiment and one epidemic; the
#: rest of the board emptied by earlier epidemics
STRUCK = {"brittany": (0, 1), "aquitaine": (0, 1), "castile": (1, 1), "portugal": (1, 1),
          "ireland": (2, 1)}


@sc("napoleon.combat.elimination.502",
    "Reading every-turn-end: epidemics that leave nobody in the game end it with the final "
    "scoring",
    ["napoleon.combat.elimination", "napoleon.epidemics.phase-loss",
     "napoleon.scoring.winner"],
    options={**NO_TABLE, EP_TIMING: "every-turn-end"}, reading=(EP_TIMING, "every-turn-end"),
    background=(None, 1))
def nobody_left(b: Any) -> None:
    pos(b, STRUCK, rest=None, rest_armies=0, epidemics={t: 1 for t in STRUCK},
        phase="maneuver", current=0, turn=3, hands={1: ["card-castile"]},
        vp={0: 1, 1: 4, 2: 2})
    b.do({"type": "end-turn"},
         explain="Brittany, Aquitaine, Castile, Portugal and Ireland, the last territories "
                 "held, lose their last regiments: all three players are out in player 1's "
                 "turn, no card can move an epidemic (no territory holds a regiment), and "
                 "the game ends: player 2's 4 victory points win",
         state={"phase": "game-over", "winner": 1, "discards": ["card-castile"],
                "players": seats(3, p0={"eliminated": True}, p1={"eliminated": True, "cards": 0},
                                 p2={"eliminated": True}),
                "territories": {t: {"owner": None, "armies": 0, "epidemics": 0} for t in STRUCK}},
         events=[*({"type": "epidemic-loss", "territory": t, "armies": 1} for t in STRUCK),
                 *({"type": "eliminated", "player": p, "by": 0, "cause": "epidemic"}
                   for p in range(3)),
                 *({"type": "epidemic-lost"} for _ in STRUCK),
                 {"type": "victory", "player": 1, "players": [1], "rule": "napoleon.scoring.winner"}])


@sc("napoleon.combat.elimination.503",
    "Reading turn-player: the player whose turn it is takes the cards of a player an "
    "epidemic puts out",
    ["napoleon.combat.elimination", "napoleon.epidemics.phase-loss"],
    options={**NO_TABLE, EP_TIMING: "every-turn-end", EP_ELIM: "turn-player"},
    reading=(EP_ELIM, "turn-player"))
def cards_to_turn_player(b: Any) -> None:
    pos(b, {"aquitaine": (0, 3), "brittany": (0, 2), "ireland": (1, 1)},
        epidemics={"ireland": 1}, phase="maneuver", current=0, turn=2,
        hands={0: ["card-aquitaine"], 1: ["card-england", "card-scotland"]})
    b.do({"type": "end-turn"},
         explain="at the end of player 1's turn the epidemic takes Ireland, player 2's last "
                 "territory: player 2 is out and player 1 takes their two cards",
         state={"phase": "epidemics", "pending": {"left": 1, "moving": True},
                "players": seats(3, p0={"cards": 3},
                                 p1={"eliminated": True, "eliminated_by": 0, "cards": 0}),
                "territories": {"ireland": {"owner": None, "armies": 0, "epidemics": 0}}},
         events=[{"type": "epidemic-loss", "territory": "ireland", "armies": 1},
                 {"type": "eliminated", "player": 1, "by": 0, "cause": "epidemic"}])

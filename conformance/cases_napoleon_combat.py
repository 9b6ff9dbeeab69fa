"""Scenarios: Risk Napoléon — land combat (napoleon.combat.*), on small purpose-built
maps (see cases_napoleon).

Every attack of a combat phase, the dice each side may roll (seat 0 too), dice after an
epidemic's losses, territories kept empty, the move after a conquest, the fortification and
general bonuses, and elimination by battle and by epidemic.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon import LINE, NEUTRAL, A, V
from riskspec.conformance.cases_napoleon import _pos as _bpos
from riskspec.conformance.cases_napoleon_effects import _pos as _epos
from riskspec.conformance.cases_napoleon_leaders import _pos as _lpos
from riskspec.conformance.cases_napoleon_leaders import sc
from riskspec.conformance.printed import attack, seats
from riskspec.conformance.scenario import scenario


@scenario("napoleon.combat.attack-from.101",
          "Every attack of a combat phase: a landing through three zones and a naval attack",
          ["napoleon.combat.attack-from", "napoleon.combat.dice", "napoleon.naval.landing",
           "napoleon.naval.battle-rules"], players=2, variant=V, map=LINE)
def every_attack(b: Any) -> None:
    _bpos(b, {"a1": (0, 4), "a2": (0, 1), "b1": (1, 2), "b2": (1, 1), "far": (NEUTRAL, 2)},
          {"z1": (0, 3), "z2": (0, 2), "z3": (0, 2), "z4": (1, 2)})
    b.check(legal=[*(attack("a1", "b2", d) for d in (1, 2, 3)), attack("z3", "z4", 1),
                   {"type": "end-attack"}],
            explain="a1 (4 regiments) lands on b2 through z1, z2, z3 with 1 to 3 dice; its land "
                    "neighbour a2 is its own. a2 has one regiment. Of the ships only z3's 2 border "
                    "a foreign zone (z4): one die, one ship stays. far lies on z4, not controlled.")


@scenario("napoleon.combat.dice.301",
          "Player 1 defends its own territory: it chooses one or two dice",
          ["napoleon.combat.dice"], players=2, variant=V, map=LINE)
def seat0_chooses(b: Any) -> None:
    _bpos(b, {"a1": (0, 1), "a2": (0, 2), "b1": (1, 4), "b2": (1, 1), "far": (NEUTRAL, 1)},
          current=1)
    b.attack("b1", "a2", 3, state={"phase": "defend", "pending": {"chooser": 0}},
             legal=[{"type": "defend", "dice": 1}, {"type": "defend", "dice": 2}])


@scenario("napoleon.combat.dice.302",
          "A roll must bring the dice declared on both sides",
          ["napoleon.combat.dice"], players=2, variant=V, map=LINE, negative=True)
def roll_counts(b: Any) -> None:
    _bpos(b, {"a1": (0, 4), "a2": (1, 1), "b1": (1, 1), "b2": (1, 1), "far": (NEUTRAL, 1)})
    b.attack("a1", "a2", 3, state={"phase": "battle", "pending": {"defender_dice": 1}})
    b.reject({"type": "roll", "attacker": [6, 5], "defender": [1]}, "dice", rule="napoleon.combat.dice",
             explain="three attack dice were declared")
    b.reject({"type": "roll", "attacker": [6, 5, 4], "defender": [2, 1]}, "dice", rule="napoleon.combat.dice",
             explain="a2 holds one regiment: one defence die")


@scenario("napoleon.combat.dice.501",
          "Four dice are too many with or without the epidemic loss: the dice rule is broken",
          ["napoleon.combat.dice", "napoleon.combat.epidemic-loss"], players=3, variant=A,
          map=LINE, negative=True)
def dice_not_epidemic(b: Any) -> None:
    _epos(b, {"a1": (0, 6), "a2": (1, 3), "b1": (0, 4), "b2": (1, 1), "far": (2, 1)},
          epidemics={"a2": 1})
    b.reject({"type": "attack", "from": "a1", "to": "a2", "dice": 4}, "dice", rule="napoleon.combat.dice")
    b.reject({"type": "attack", "from": "b1", "to": "a2", "dice": 3}, "dice",
             rule="napoleon.combat.epidemic-loss",
             explain="3 dice from 4 regiments, but the epidemic takes one first: 2 at most")


@scenario("napoleon.combat.epidemic-loss.301",
          "The regiment an epidemic takes cannot roll: dice are counted after the loss",
          ["napoleon.combat.epidemic-loss", "napoleon.combat.dice"], players=3,
          variant="napoleon-advanced", map=LINE, negative=True)
def dice_after_loss(b: Any) -> None:
    _epos(b, {"a1": (0, 4), "a2": (1, 3), "b1": (2, 3), "b2": (1, 1), "far": (1, 1)},
          epidemics={"a2": 1})
    b.reject(attack("a1", "a2", 3), "dice", rule="napoleon.combat.epidemic-loss",
             explain="a1's 4 regiments lose one to a2's epidemic before the battle: 3 are left, "
                     "so at most 2 dice")
    b.attack("a1", "a2", 2, state={"phase": "defend", "territories": {"a1": {"armies": 3}}},
             events=[{"type": "epidemic-attack-loss", "territory": "a1", "armies": 1}])


@scenario("napoleon.combat.empty-territory.301",
          "Under keeps-owner an owned territory without regiments is entered, never attacked",
          ["napoleon.combat.empty-territory"], players=3, variant="napoleon-advanced", map=LINE,
          options={"napoleon.amb.empty-territory-control": "keeps-owner"})
def kept_empty(b: Any) -> None:
    _lpos(b, {"a1": (0, 3), "a2": (1, 1), "b1": (1, 1), "b2": (2, 1), "far": (1, 1)})
    b.load({**b.start, "territories": {**b.start["territories"],
                                       "a2": {**b.start["territories"]["a2"], "armies": 0}}})
    b.check(legal=[{"type": "invade", "from": "a1", "to": "a2", "armies": 1},
                   {"type": "invade", "from": "a1", "to": "a2", "armies": 2},
                   {"type": "end-attack"}],
            explain="a2 is still player 2's but holds no regiment (emptied by an epidemic): a1 "
                    "moves 1 or 2 regiments in without a battle; a1's only neighbour is a2")


@sc("combat.conquest.301",
    "Moving in after a conquest: every regiment but one may go, and the general along",
    ["napoleon.combat.conquest", "napoleon.leaders.accompany"])
def occupy_most(b: Any) -> None:
    _lpos(b, {"a1": (0, 5), "a2": (1, 1), "b1": (2, 1), "b2": (2, 1), "far": (1, 1)}, gen={"a1": 1})
    b.attack("a1", "a2", 3, state={"phase": "battle", "pending": {"defender_dice": 1}})
    b.roll([6, 2, 1], [1], state={"phase": "occupy", "territories": {"a2": {"owner": 0, "armies": 0}}})
    b.check(legal_includes=[{"type": "occupy", "armies": 4, "leaders": 1}],
            legal_excludes=[{"type": "occupy", "armies": 5}, {"type": "occupy", "armies": 4, "leaders": 2}])
    b.do({"type": "occupy", "armies": 4, "leaders": 1},
         state={"phase": "attack", "territories": {"a1": {"armies": 1, "generals": 0},
                                                   "a2": {"armies": 4, "generals": 1}}})


@scenario("napoleon.combat.fortification-bonus.501",
          "A fortification alone adds 1 to the highest defence die",
          ["napoleon.combat.fortification-bonus", "napoleon.combat.modified-dice"], players=3,
          variant=A, map=LINE)
def fort_alone(b: Any) -> None:
    _epos(b, {"a1": (0, 4), "a2": (1, 3), "b1": (2, 1), "b2": (2, 1), "far": (1, 1)},
          leaders={"a2": (0, 1)})
    b.attack("a1", "a2", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # the defender's 5 counts 6 and ties the attacker's 6; 4 beats 2
    b.roll([6, 2, 1], [5, 4], state={"phase": "attack", "territories": {"a1": {"armies": 4 - 2}}})


@sc("combat.fortification-bonus.801",
    "A fortification helps its defender only: the attacker's own adds nothing; its general is captured",
    ["napoleon.combat.fortification-bonus", "napoleon.combat.bonus-stacking",
     "napoleon.leaders.capture", "napoleon.leaders.capture-vp"])
def fort_not_in_attack(b: Any) -> None:
    _lpos(b, {"a1": (0, 5), "a2": (1, 2), "b1": (1, 1), "b2": (2, 1), "far": (2, 1)},
          forts={"a1": 1, "a2": 1}, gen={"a2": 1})
    b.attack("a1", "a2", 1, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})
    b.roll([5], [3], explain="a2's 3 counts 5 (its general +1, its fortification +1); a1's "
                             "fortification adds nothing to the attack: 5 against 5, the defender wins",
           events=[{"type": "battle", "attacker_losses": 1, "defender_losses": 0}],
           state={"phase": "attack", "territories": {"a1": {"armies": 4}}})
    b.attack("a1", "a2", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 6, 6], [1, 1], explain="1 and 1 count 3 and 1: both lost; a2 falls, its fortification "
                                      "is razed and its general taken",
           events=[{"type": "battle", "attacker_losses": 0, "defender_losses": 2},
                   {"type": "fortification-destroyed", "territory": "a2"},
                   {"type": "general-captured", "territory": "a2", "player": 1, "by": 0,
                    "generals": 1}],
           state={"phase": "occupy",
                  "territories": {"a2": {"owner": 0, "armies": 0, "generals": 0,
                                         "fortifications": 0}},
                  "players": [{"vp": 1, "prisoner_generals": 1,
                               "prisoners": {"generals": [0, 1, 0]}},
                              {"vp": -1, "captive_generals": 1}, {}]})


SCOPE = "napoleon.amb.general-attack-scope"


@scenario("napoleon.combat.general-bonus.301",
          "Reading one-battle: at the start of a turn every general has its battle still to come",
          ["napoleon.combat.general-bonus", "napoleon.leaders.ransom", "napoleon.turn.order"],
          players=3, variant="napoleon-advanced", map=LINE,
          options={SCOPE: "one-battle", "napoleon.amb.card-table": "ignore"})
def fresh_generals(b: Any) -> None:
    _lpos(b, {"a1": (0, 4), "a2": (1, 2), "b1": (2, 1), "b2": (1, 1), "far": (1, 1)},
          gen={"a1": 1}, prisoners={(1, 0, "generals"): 1}, phase="maneuver", current=2)
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 0, "turn": 2,
                                      "pending": {"to_place": 3}})
    b.reject({"type": "ransom", "leader": "general", "captor": 1, "place": "a1"},
             "not-all-captured", rule="napoleon.leaders.ransom",
             explain="one of player 1's generals is on the board, none was ransomed this turn")
    for k in range(3):
        b.do({"type": "place", "territory": "a1"},
             state={"territories": {"a1": {"armies": 5 + k}}, "pending": {"to_place": 2 - k}}
             if k < 2 else {"territories": {"a1": {"armies": 7}}, "phase": "attack", "pending": {}})
    b.attack("a1", "a2", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([5, 2, 1], [5, 3], state={"phase": "attack", "territories": {"a1": {"armies": 6}, "a2": {"armies": 1}}},
           explain="the general's first battle of the turn: 5 + 1 beats 5, 2 loses to 3")


ONE_BATTLE = ("napoleon.amb.general-attack-scope", "one-battle")


@sc("combat.general-bonus.801",
    "Reading one-battle: a general that won its battle and moved on brings no bonus to the next ones",
    ["napoleon.combat.general-bonus", "napoleon.leaders.accompany"], reading=ONE_BATTLE)
def one_battle_chain(b: Any) -> None:
    _lpos(b, {"a1": (0, 10), "a2": (1, 1), "b1": (1, 1), "b2": (1, 1), "far": (2, 1)},
          gen={"a1": 1})
    b.attack("a1", "a2", 3, state={"phase": "battle"},
             explain="a2's one regiment rolls one die: straight to the roll")
    b.roll([6, 5, 4], [1], explain="the general's battle this turn is the one against a2",
           state={"phase": "occupy", "territories": {"a2": {"owner": 0, "armies": 0}},
                  "turn_flags": {"general_battles": {"a1": "a2"}}})
    b.do({"type": "occupy", "armies": 8, "leaders": 1},
         state={"phase": "attack",
                "territories": {"a1": {"armies": 2, "generals": 0},
                                "a2": {"armies": 8, "generals": 1}},
                "turn_flags": {"general_battles": {"a1": "a2", "a2": None}}})
    b.attack("a2", "b1", 1, state={"phase": "battle"})
    b.roll([3], [3], explain="the general in a2 has had its battle: 3 against 3, the defender wins",
           state={"phase": "attack", "territories": {"a2": {"armies": 7}}})
    b.attack("a2", "b1", 3, state={"phase": "battle"})
    b.roll([6, 6, 6], [1], state={"phase": "occupy", "territories": {"b1": {"owner": 0, "armies": 0}}})
    b.do({"type": "occupy", "armies": 5, "leaders": 1},
         state={"phase": "attack",
                "territories": {"a2": {"armies": 2, "generals": 0},
                                "b1": {"armies": 5, "generals": 1}},
                "turn_flags": {"general_battles": {"b1": None}}})
    b.attack("b1", "b2", 1, state={"phase": "battle"})
    b.roll([3], [3], explain="moving on again does not give it a new battle: the defender wins",
           state={"phase": "attack", "territories": {"b1": {"armies": 4}}})


EP_ELIM = "napoleon.amb.epidemic-elimination"


EP_TIMING = "napoleon.amb.epidemic-timing"


@scenario("napoleon.combat.elimination.501",
          "An epidemic that takes a player's last territory puts that player out: their ships "
          "leave, their cards go to the discards, play passes on",
          ["napoleon.combat.elimination", "napoleon.epidemics.phase-loss",
           "napoleon.epidemics.relocate"], players=3, variant=A,
          map=LINE, options={"napoleon.amb.card-table": "ignore"},
          description="The player going out is the one whose turn it is, so the cards are "
                      "discarded under either reading of napoleon.amb.epidemic-elimination.")
def epidemic_elimination(b: Any) -> None:
    _epos(b, {"a1": (0, 3), "a2": (1, 1), "b1": (2, 3), "b2": (0, 2), "far": (0, 1)},
          {"z1": (0, 3), "z2": (1, 2)}, epidemics={"a2": 1}, phase="maneuver", current=1, turn=2,
          hands={1: ["c-b1", "c-far"]})
    b.do({"type": "end-turn"},
         explain="the epidemic takes a2's last regiment: player 2 holds no territory any more and "
                 "is out in their own turn; nobody took a2, so their two cards are discarded",
         state={"phase": "epidemics", "pending": {"left": 1, "moving": True},
                "players": seats(3, p1={"eliminated": True, "eliminated_by": 1, "cards": 0}),
                "discards": ["c-b1", "c-far"],
                "territories": {"a2": {"owner": None, "armies": 0, "epidemics": 0}},
                "zones": {"z2": {"owner": None, "ships": 0}}},
         events=[{"type": "epidemic-loss", "territory": "a2", "armies": 1},
                 {"type": "eliminated", "player": 1, "by": 1, "cause": "epidemic"}])
    b.do({"type": "draw", "card": "c-a1"},
         explain="the epidemic goes to a1 (player 1's regiments); player 2, out, scores and draws "
                 "nothing: player 3's turn begins (b1 alone: the minimum of 3 regiments)",
         state={"phase": "reinforce", "current": 2, "discards": ["c-a1", "c-b1", "c-far"],
                "draw_pile": ["c-a2", "c-b2", "c-x"], "pending": {"to_place": 3},
                "territories": {"a1": {"epidemics": 1}}},
         events=[{"type": "epidemic-card-drawn", "card": "c-a1", "territory": "a1"},
                 {"type": "epidemic", "territory": "a1"}])


def _everyone_struck(b: Any, vp: dict[int, int], **kw: Any) -> None:
    # every territory: one regiment, one epidemic; player 1 to end the turn
    d = _epos(b, {"a1": (0, 1), "a2": (1, 1), "b1": (1, 1), "b2": (2, 1), "far": (2, 1)},
              epidemics={t: 1 for t in ("a1", "a2", "b1", "b2", "far")}, phase="maneuver",
              current=0, turn=3, **kw)
    for seat, n in vp.items():
        d["players"][seat]["vp"] = n
    b.load(d)


@scenario("napoleon.combat.elimination.502",
          "Reading every-turn-end: epidemics that leave nobody in the game end it with the final "
          "scoring",
          ["napoleon.combat.elimination", "napoleon.epidemics.phase-loss",
           "napoleon.scoring.winner"], players=3, variant=A, map=LINE,
          options={"napoleon.amb.card-table": "ignore", EP_TIMING: "every-turn-end"},
          reading=(EP_TIMING, "every-turn-end"))
def nobody_left(b: Any) -> None:
    _everyone_struck(b, hands={1: ["c-b1"]}, vp={0: 1, 1: 4, 2: 2})
    b.do({"type": "end-turn"},
         explain="every territory loses its last regiment: all three players are out in player "
                 "1's turn, no card can move an epidemic (no territory holds a regiment), and "
                 "the game ends: player 2's 4 victory points win",
         state={"phase": "game-over", "winner": 1, "discards": ["c-b1"],
                "players": seats(3, p0={"eliminated": True}, p1={"eliminated": True, "cards": 0},
                                 p2={"eliminated": True}),
                "territories": {t: {"owner": None, "armies": 0, "epidemics": 0}
                                for t in ("a1", "a2", "b1", "b2", "far")}},
         events=[*({"type": "epidemic-loss", "territory": t, "armies": 1}
                   for t in ("a1", "a2", "b1", "b2", "far")),
                 *({"type": "eliminated", "player": p, "by": 0, "cause": "epidemic"}
                   for p in range(3)),
                 *({"type": "epidemic-lost"} for _ in range(5)),
                 {"type": "victory", "player": 1, "players": [1], "rule": "napoleon.scoring.winner"}])


@scenario("napoleon.combat.elimination.503",
          "Reading turn-player: the player whose turn it is takes the cards of a player an "
          "epidemic puts out",
          ["napoleon.combat.elimination", "napoleon.epidemics.phase-loss"], players=3, variant=A,
          map=LINE, options={"napoleon.amb.card-table": "ignore", EP_TIMING: "every-turn-end",
                             EP_ELIM: "turn-player"},
          reading=(EP_ELIM, "turn-player"))
def cards_to_turn_player(b: Any) -> None:
    _epos(b, {"a1": (0, 3), "a2": (1, 1), "b1": (2, 3), "b2": (0, 2), "far": (0, 1)},
          epidemics={"a2": 1}, phase="maneuver", current=0, turn=2,
          hands={0: ["c-a1"], 1: ["c-b1", "c-far"]})
    b.do({"type": "end-turn"},
         explain="at the end of player 1's turn the epidemic takes a2, player 2's last territory: "
                 "player 2 is out and player 1 takes their two cards",
         state={"phase": "epidemics", "pending": {"left": 1, "moving": True},
                "players": seats(3, p0={"cards": 3},
                                 p1={"eliminated": True, "eliminated_by": 0, "cards": 0}),
                "territories": {"a2": {"owner": None, "armies": 0, "epidemics": 0}}},
         events=[{"type": "epidemic-loss", "territory": "a2", "armies": 1},
                 {"type": "eliminated", "player": 1, "by": 0, "cause": "epidemic"}])

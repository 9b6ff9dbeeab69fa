"""Scenarios: attacking — who, where, how many dice, how dice compare."""

from __future__ import annotations

from riskspec.conformance.scenario import scenario

# alaska (black) borders alberta, kamchatka and northwest-territory; kamchatka is green's.


def _attack_pos(b, att=4, dfd=2, **kw):
    return b.position({"alaska": (0, att), "kamchatka": (2, dfd)}, phase="attack", current=0, **kw)


def _battle(b, att=4, dfd=2, adice=3, ddice=2):
    _attack_pos(b, att, dfd)
    b.attack("alaska", "kamchatka", adice, state={"phase": "defend"})
    b.defend(ddice, state={"phase": "battle"})


@scenario("classic.attack.optional.001", "Attacking is optional: the attack phase can end at once",
          ["classic.attack.optional"])
def optional(b):
    _attack_pos(b)
    b.check(legal_includes=[{"type": "end-attack"}])
    b.do({"type": "end-attack"}, state={"phase": "fortify"})


@scenario("classic.attack.adjacency.001", "Only a neighbouring territory can be attacked",
          ["classic.attack.adjacency"], negative=True)
def adjacency(b):
    b.position({"alaska": (0, 4), "japan": (2, 2)}, phase="attack", current=0)
    b.reject({"type": "attack", "from": "alaska", "to": "japan", "dice": 3}, "not-adjacent",
             explain="Alaska does not border Japan.", rule="classic.attack.adjacency")


@scenario("classic.attack.adjacency.002", "Sea lines count as borders: Alaska attacks Kamchatka",
          ["classic.attack.adjacency"])
def adjacency_sea(b):
    _attack_pos(b)
    b.attack("alaska", "kamchatka", 3, state={"phase": "defend"})


@scenario("classic.attack.adjacency.003", "One attacks from one's own territory into another player's",
          ["classic.attack.adjacency"], negative=True)
def own(b):
    b.position({"alaska": (0, 4), "alberta": (0, 3), "kamchatka": (2, 4)}, phase="attack", current=0)
    b.reject({"type": "attack", "from": "alaska", "to": "alberta", "dice": 1}, "own-territory", rule="classic.attack.adjacency")
    b.reject({"type": "attack", "from": "kamchatka", "to": "alaska", "dice": 1}, "not-owner", rule="classic.attack.adjacency")


@scenario("classic.attack.min-armies.001", "A territory with one army cannot attack", ["classic.attack.min-armies"],
          negative=True)
def min_armies(b):
    _attack_pos(b, att=1)
    b.reject({"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 1}, "too-few-armies", rule="classic.attack.min-armies")


@scenario("classic.attack.min-armies.002", "Two armies are enough to attack with one die",
          ["classic.attack.min-armies", "classic.attack.attacker-dice"])
def two_armies(b):
    _attack_pos(b, att=2)
    b.attack("alaska", "kamchatka", 1, state={"phase": "defend"})


@scenario("classic.attack.declare.001", "An attack names its territories and dice before the roll",
          ["classic.attack.declare"])
def declare(b):
    _attack_pos(b)
    b.attack("alaska", "kamchatka", 2, state={"phase": "defend", "pending": {
        "from": "alaska", "to": "kamchatka", "attacker_dice": 2, "chooser": 2}},
        events=[{"type": "attack-declared", "player": 0, "from": "alaska", "to": "kamchatka", "dice": 2}])


@scenario("classic.attack.attacker-dice.001", "Three dice need four armies", ["classic.attack.attacker-dice"],
          negative=True)
def att_dice(b):
    _attack_pos(b, att=3)
    b.reject({"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 3}, "too-many-dice", rule="classic.attack.attacker-dice")
    b.attack("alaska", "kamchatka", 2, state={"phase": "defend"})


@scenario("classic.attack.attacker-dice.002", "Never more than three dice", ["classic.attack.attacker-dice"],
          negative=True)
def att_dice4(b):
    _attack_pos(b, att=10)
    b.reject({"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 4}, "too-many-dice", rule="classic.attack.attacker-dice")
    b.check(legal_includes=[{"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 3}],
            legal_excludes=[{"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 4}])


@scenario("classic.attack.defender-dice.001", "One defending army rolls one die only",
          ["classic.attack.defender-dice"], negative=True)
def def_dice(b):
    _attack_pos(b, dfd=1)
    b.attack("alaska", "kamchatka", 3, state={"phase": "defend"})
    b.check(legal=[{"type": "defend", "dice": 1}])
    b.reject({"type": "defend", "dice": 2}, "too-many-dice", rule="classic.attack.defender-dice")


@scenario("classic.attack.defender-dice.002", "The defender chooses one or two dice",
          ["classic.attack.defender-dice"])
def def_choose(b):
    _attack_pos(b, dfd=5)
    b.attack("alaska", "kamchatka", 3, state={"phase": "defend"})
    b.check(legal=[{"type": "defend", "dice": 1}, {"type": "defend", "dice": 2}])
    b.reject({"type": "defend", "dice": 3}, "too-many-dice", rule="classic.attack.defender-dice")
    b.defend(1, state={"phase": "battle", "pending": {"attacker_dice": 3, "defender_dice": 1}})
    b.check(outcomes=None)


@scenario("classic.attack.defender-dice.003", "The roll has the declared dice: 6^3 × 6^2 outcomes",
          ["classic.attack.defender-dice", "classic.attack.attacker-dice"])
def roll_space(b):
    _battle(b)
    outs = b.E.chance_outcomes(b.state)
    assert len(outs) == 56 * 21
    b.reject({"type": "roll", "attacker": [6, 5], "defender": [4, 3]}, "dice-count",
             explain="Three attacker dice were declared, so the roll must show three.", rule="classic.attack.compare")


@scenario("classic.attack.compare.001", "Highest die against highest, second against second",
          ["classic.attack.compare", "classic.attack.losses"])
def compare(b):
    _battle(b, att=4, dfd=3)
    b.roll([6, 3, 1], [5, 4], explain="6 beats 5; 3 loses to 4: one army lost each.",
           state={"phase": "attack", "territories": {"alaska": {"armies": 3}, "kamchatka": {"armies": 2}}},
           events=[{"type": "battle", "attacker_losses": 1, "defender_losses": 1}])


@scenario("classic.attack.compare.002", "Only as many pairs as the fewer dice: 3 against 1 compares one pair",
          ["classic.attack.compare"])
def compare_one(b):
    _battle(b, att=4, dfd=3, ddice=1)
    b.roll([2, 2, 1], [3], state={"phase": "attack", "territories": {"alaska": {"armies": 3}, "kamchatka": {"armies": 3}}},
           events=[{"type": "battle", "attacker_losses": 1, "defender_losses": 0}])


@scenario("classic.attack.compare.003", "Two higher pairs: the defender loses two",
          ["classic.attack.compare"])
def compare_two(b):
    _battle(b, att=4, dfd=3)
    b.roll([6, 5, 5], [4, 4], state={"phase": "attack", "territories": {"alaska": {"armies": 4}, "kamchatka": {"armies": 1}}})


@scenario("classic.attack.ties.001", "A tie goes to the defender", ["classic.attack.ties"])
def ties(b):
    _battle(b, att=4, dfd=3, ddice=1)
    b.roll([5, 2, 1], [5], explain="5 against 5: the attacker loses.",
           state={"phase": "attack", "territories": {"alaska": {"armies": 3}, "kamchatka": {"armies": 3}}},
           events=[{"type": "battle", "attacker_losses": 1, "defender_losses": 0}])


@scenario("classic.attack.ties.002", "Two tied pairs: the attacker loses two", ["classic.attack.ties"])
def ties2(b):
    _battle(b, att=4, dfd=3)
    b.roll([4, 3, 1], [4, 3], state={"phase": "attack", "territories": {"alaska": {"armies": 2}, "kamchatka": {"armies": 3}}})


@scenario("classic.attack.losses.001", "Losses come off the two territories in the battle only",
          ["classic.attack.losses"])
def losses(b):
    _battle(b, att=6, dfd=4)
    before = {t: v["armies"] for t, v in b.s["territories"].items()}
    b.roll([1, 1, 1], [6, 6], state={"phase": "attack", "territories": {
        t: {"armies": (a - 2 if t == "alaska" else a)} for t, a in before.items()}})


@scenario("classic.attack.repeat.001", "After a battle the attacker may attack again",
          ["classic.attack.repeat"])
def repeat(b):
    _battle(b, att=6, dfd=4)
    b.roll([6, 6, 1], [1, 1], state={"phase": "attack", "territories": {"kamchatka": {"armies": 4 - 2}}},
           legal_includes=[{"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 3}])
    b.attack("alaska", "kamchatka", 3, state={"phase": "defend"})


@scenario("classic.attack.ties.600",
          "Tie-no-loss: a pair the defender wins by one pip still costs the attacker an army",
          ["classic.attack.ties", "classic.attack.compare", "classic.amb.tie-rule"],
          options={"classic.amb.tie-rule": "tie-no-loss"}, reading=("classic.amb.tie-rule", "tie-no-loss"))
def one_pip_under_no_loss(b):
    b.position({"alaska": (0, 5), "kamchatka": (2, 3)}, phase="attack", current=0)
    b.attack("alaska", "kamchatka", 2, state={"phase": "defend"},
             events=[{"type": "attack-declared", "player": 0, "from": "alaska", "to": "kamchatka", "dice": 2}])
    b.defend(2, state={"phase": "battle"}, events=[{"type": "defence-chosen", "player": 2, "dice": 2}])
    b.roll([5, 3], [6, 3],
           explain="Only equal dice cost nobody: 5 against 6 is lost by the attacker, 3 against 3 "
                   "costs neither side.",
           state={"phase": "attack", "territories": {"alaska": {"armies": 4}, "kamchatka": {"armies": 3}}},
           events=[{"type": "battle", "player": 0, "defender": 2, "from": "alaska", "to": "kamchatka",
                    "attacker_dice": [5, 3], "defender_dice": [6, 3], "attacker_losses": 1,
                    "defender_losses": 0}])


@scenario("classic.attack.defender-dice.010", "Black, at seat 0, chooses its defence dice too",
          ["classic.attack.defender-dice", "classic.attack.compare"])
def seat_zero_defends(b):
    b.position({"northwest-territory": (1, 4)}, phase="attack", current=1)
    b.attack("northwest-territory", "alaska", 2, explain="Blue attacks black's Alaska (2 armies).",
             state={"phase": "defend", "pending": {"chooser": 0}})
    b.defend(2, explain="Black, the defender, chooses two dice.", state={"phase": "battle"})
    b.roll([6, 1], [4, 3], explain="6 beats 4, 3 beats 1: one army each.",
           state={"phase": "attack", "territories": {"northwest-territory": {"armies": 3},
                                                     "alaska": {"armies": 1}}})

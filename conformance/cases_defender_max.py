"""Scenarios: battles and conquests when the defender always rolls the most dice allowed.

Under the reading ``classic.amb.defender-dice-choice = always-maximum`` (the Italian
edition) there is no ``defend`` step: the attack goes straight to the roll, with as many
defender dice as the rules allow.  The cases of ``cases_attack`` and ``cases_conquest``
choose the defender's dice, so an engine that plays this reading runs these instead.
"""

from __future__ import annotations

from riskspec.conformance.cases_conquest import move_in_steps
from riskspec.conformance.scenario import scenario

MAX = {"classic.amb.defender-dice-choice": "always-maximum"}


def _battle(b, att=4, dfd=3, adice=3, ddice=2, **owners):
    b.position({"alaska": (0, att), "kamchatka": (2, dfd), **owners}, phase="attack", current=0)
    b.attack("alaska", "kamchatka", adice, state={"phase": "battle", "pending": {
        "from": "alaska", "to": "kamchatka", "attacker_dice": adice, "defender_dice": ddice}})


@scenario("classic.attack.compare.004", "Always the most dice: highest against highest, second against second",
          ["classic.attack.compare", "classic.attack.losses"], options=MAX)
def compare(b):
    _battle(b, att=4, dfd=3)
    b.roll([6, 3, 1], [5, 4], explain="6 beats 5; 3 loses to 4: one army lost each.",
           state={"phase": "attack", "territories": {"alaska": {"armies": 3}, "kamchatka": {"armies": 2}}},
           events=[{"type": "battle", "attacker_losses": 1, "defender_losses": 1}])


@scenario("classic.attack.compare.005", "Always the most dice: one defending army rolls one die, one pair compared",
          ["classic.attack.compare"], options=MAX)
def compare_one(b):
    _battle(b, att=4, dfd=1, ddice=1)
    b.roll([2, 2, 1], [3], explain="3 beats the highest attacker die, 2: the attacker loses one.",
           state={"territories": {"alaska": {"armies": 3}, "kamchatka": {"armies": 1}}, "phase": "attack"},
           events=[{"type": "battle", "attacker_losses": 1, "defender_losses": 0}])


@scenario("classic.attack.ties.003", "Always the most dice: a tie goes to the defender", ["classic.attack.ties"],
          options=MAX)
def ties(b):
    _battle(b, att=4, dfd=3, adice=1)
    b.roll([4], [4, 1], explain="One attacker die: 4 against the defender's best, 4 — the attacker loses.",
           state={"phase": "attack", "territories": {"alaska": {"armies": 3}, "kamchatka": {"armies": 3}}},
           events=[{"type": "battle", "attacker_losses": 1, "defender_losses": 0}])


@scenario("classic.attack.losses.002", "Always the most dice: losses come off the two territories in the battle only",
          ["classic.attack.losses"], options=MAX)
def losses(b):
    _battle(b, att=6, dfd=4)
    before = {t: v["armies"] for t, v in b.s["territories"].items()}
    b.roll([1, 1, 1], [6, 6], state={"phase": "attack", "territories": {
        t: {"armies": (a - 2 if t == "alaska" else a)} for t, a in before.items()}})


@scenario("classic.attack.repeat.002", "After a battle the attacker may attack again, from another territory too",
          ["classic.attack.repeat"], options=MAX)
def repeat(b):
    _battle(b, att=6, dfd=4, alberta=(0, 3), ontario=(1, 2))
    b.roll([6, 6, 1], [1, 1], state={"phase": "attack", "territories": {"kamchatka": {"armies": 2}}},
           legal_includes=[{"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 3},
                           {"type": "attack", "from": "alberta", "to": "ontario", "dice": 2}])
    b.attack("alberta", "ontario", 2, explain="A new attack, elsewhere, after an undecided battle.",
             state={"phase": "battle"})


@scenario("classic.attack.attacker-dice.003", "Always the most dice: three attack dice need four armies",
          ["classic.attack.attacker-dice"], options=MAX, negative=True)
def att_dice(b):
    b.position({"alaska": (0, 3), "kamchatka": (2, 2)}, phase="attack", current=0)
    b.reject({"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 3}, "too-many-dice",
             rule="classic.attack.attacker-dice")
    b.attack("alaska", "kamchatka", 2, explain="Two dice from three armies; the defender's two armies roll two.",
             state={"phase": "battle", "pending": {"attacker_dice": 2, "defender_dice": 2}})


@scenario("classic.attack.min-armies.003", "Always the most dice: two armies are enough to attack with one die",
          ["classic.attack.min-armies", "classic.attack.attacker-dice"], options=MAX)
def two_armies(b):
    b.position({"alaska": (0, 2), "kamchatka": (2, 2)}, phase="attack", current=0)
    b.attack("alaska", "kamchatka", 1, state={"phase": "battle", "pending": {"attacker_dice": 1}})


def _conquer(b, att=5, dice=3):
    b.position({"alaska": (0, att), "kamchatka": (2, 1)}, phase="attack", current=0)
    b.attack("alaska", "kamchatka", dice, state={"phase": "battle"})
    return b.roll([6] * dice, [1], state={"phase": "occupy", "territories": {"kamchatka": {"owner": 0, "armies": 0}}})


@scenario("classic.conquest.capture.002", "Always the most dice: taking the last army captures the territory",
          ["classic.conquest.capture"], options=MAX)
def capture(b):
    _conquer(b)
    b.check(state={"territories": {"kamchatka": {"owner": 0, "armies": 0}, "alaska": {"armies": 5}},
                   "phase": "occupy", "pending": {"from": "alaska", "to": "kamchatka", "min": 3}})


@scenario("classic.conquest.move-in.003", "Always the most dice: at least as many armies as dice rolled move in",
          ["classic.conquest.move-in"], negative=True, options=MAX)
def move_in(b):
    _conquer(b, att=6)
    move_in_steps(b)


@scenario("classic.conquest.leave-one.002", "Always the most dice: one army stays behind after a conquest",
          ["classic.conquest.leave-one"], negative=True, options=MAX)
def leave_one(b):
    _conquer(b, att=4)
    b.reject({"type": "occupy", "armies": 4}, "move-in-range", rule="classic.conquest.leave-one")
    b.do({"type": "occupy", "armies": 3}, state={"phase": "attack", "territories": {
        "alaska": {"armies": 1}, "kamchatka": {"armies": 3}}})

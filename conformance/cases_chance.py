"""Scenarios: the chance nodes of a battle, in both families — the throws a roll offers with
their exact odds, and what a throw reports once the bonuses are added.

A battle's chance node lists every throw the dice allow, each side's dice sorted from high
to low, with the probability of all the ordered throws that sort to it: with ``n`` dice of
``sides`` faces in all, a throw whose sorted faces have multiplicities ``m1, m2, …`` has
``n! / (m1! m2! …)`` orderings out of ``sides ** n``.  The expected odds are computed here
from that rule (classic.components.dice: fair dice numbered from 1), never read from an
engine.  In Napoléon the throw is the dice as rolled; the battle event reports the dice
compared, after the bonuses, sorted again from high to low (napoleon.combat.modified-dice).
Written for the surviving mutants of the reference engine's ``chance`` and ``modifiers``
modules (their triage: ``conformance/mutation-triage.yaml``).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from typing import Any

from riskspec.conformance.printed import BASIC, NO_TABLE, attack, pos, sc
from riskspec.conformance.scenario import scenario

SIDES = 6


def _sorted_throws(n: int) -> list[tuple[int, ...]]:
    """Every throw of ``n`` dice, sorted from high to low."""
    return [tuple(sorted(c, reverse=True))
            for c in itertools.combinations_with_replacement(range(1, SIDES + 1), n)]


def _orderings(throw: tuple[int, ...]) -> int:
    """How many ordered throws sort to ``throw`` (a multinomial coefficient)."""
    out = math.factorial(len(throw))
    for m in Counter(throw).values():
        out //= math.factorial(m)
    return out


def _roll_outcomes(n_attacker: int, n_defender: int) -> list[dict[str, Any]]:
    """The chance outcomes of a roll of ``n_attacker`` against ``n_defender`` dice, with their
    probabilities as exact fractions (strings)."""
    total = SIDES ** (n_attacker + n_defender)
    return [{"outcome": {"type": "roll", "attacker": list(a), "defender": list(d)},
             "p": str(Fraction(_orderings(a) * _orderings(d), total))}
            for a in _sorted_throws(n_attacker) for d in _sorted_throws(n_defender)]


def _one_against_two(b: Any) -> None:
    """Alaska (black) attacks Kamchatka (green) with one die; green defends with two."""
    b.attack("alaska", "kamchatka", 1, state={"phase": "defend"},
             events=[{"type": "attack-declared", "player": 0, "from": "alaska", "to": "kamchatka",
                      "dice": 1}])
    b.defend(2, state={"phase": "battle"},
             events=[{"type": "defence-chosen", "player": 2, "dice": 2}])


@scenario("classic.components.dice.701",
          "A battle's throws: one red die against two white ones, 126 sorted throws, each "
          "weighted by its orderings",
          ["classic.components.dice"])
def classic_roll_node(b: Any) -> None:
    b.position({"alaska": (0, 4), "kamchatka": (2, 2)}, phase="attack", current=0)
    _one_against_two(b)
    b.check(outcomes=_roll_outcomes(1, 2),
            explain="Six faces for the red die, 21 sorted pairs for the white: a pair of "
                    "different faces (6, 2) is thrown two ways in 216, a double (4, 4) one way.")
    b.roll([3], [5, 2],
           events=[{"type": "battle", "player": 0, "defender": 2, "from": "alaska",
                    "to": "kamchatka", "attacker_dice": [3], "defender_dice": [5, 2],
                    "attacker_losses": 1, "defender_losses": 0}],
           state={"phase": "attack", "territories": {"alaska": {"armies": 3}}})
    _one_against_two(b)
    b.check(outcomes=_roll_outcomes(1, 2),
            explain="The next battle with the same dice offers the same 126 throws.")


@sc("napoleon.combat.dice.602",
    "A battle's throws: two red dice against one blue, 126 sorted throws, two different "
    "faces twice as likely as a double",
    ["napoleon.combat.dice"], variant=BASIC)
def napoleon_roll_node(b: Any) -> None:
    pos(b, {"aquitaine": (0, 5), "castile": (1, 3), "leon-asturias": (1, 1)})
    b.do(attack("aquitaine", "castile", 2), state={"phase": "defend"})
    b.do({"type": "defend", "dice": 1}, state={"phase": "battle"})
    b.check(outcomes=_roll_outcomes(2, 1),
            explain="21 sorted pairs of red dice against six blue faces: 6, 3 is thrown two "
                    "ways in 216 (6 then 3, 3 then 6), 5, 5 one way.")


@sc("napoleon.combat.modified-dice.602",
    "The battle reports the dice compared: a general's and a fortification's +1 added, each "
    "side still sorted from high to low",
    ["napoleon.combat.modified-dice", "napoleon.combat.general-bonus",
     "napoleon.combat.fortification-bonus", "napoleon.combat.compare"], options=NO_TABLE)
def bonuses_sorted(b: Any) -> None:
    pos(b, {"aquitaine": (0, 5), "castile": (1, 3), "leon-asturias": (1, 1)},
        gen={"aquitaine": 1}, forts={"castile": 1})
    b.do(attack("aquitaine", "castile", 3), state={"phase": "defend"})
    b.do({"type": "defend", "dice": 2}, state={"phase": "battle"})
    b.do({"type": "roll", "attacker": [5, 4, 1], "defender": [6, 3]},
         explain="The general makes 5, 4, 1 into 6, 4, 1 and the fortification 6, 3 into 7, 3: "
                 "7 beats 6, 4 beats 3, one regiment lost on each side.",
         events=[{"type": "battle", "player": 0, "defender": 1, "from": "aquitaine",
                  "to": "castile", "attacker_dice": [6, 4, 1], "defender_dice": [7, 3],
                  "attacker_losses": 1, "defender_losses": 1}],
         state={"phase": "attack", "territories": {"aquitaine": {"armies": 4},
                                                   "castile": {"armies": 2}}})

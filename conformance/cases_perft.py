"""Perft-style counts: numbers of legal actions (and chance outcomes) at fixed positions.

A mismatch prints python-chess style "divide" lines: the count under each first move.
"""

from __future__ import annotations

from riskspec.conformance.scenario import scenario


@scenario("classic.turn.perft.001", "Perft from a new 3-player game: 3 first-player rolls, then 42 claims",
          ["classic.setup.first-placer", "classic.setup.claim-territories"])
def start(b):
    b.new_game()
    b.check(perft={"depth": 1, "nodes": 3})
    b.check(perft={"depth": 2, "nodes": 3 * 42})


@scenario("classic.turn.perft.002", "Perft of the claim phase: 42 × 41 claims",
          ["classic.setup.claim-territories"])
def claims(b):
    b.new_game()
    b.do({"type": "first-player", "player": 0})
    b.check(perft={"depth": 2, "nodes": 42 * 41})


@scenario("classic.turn.perft.003", "Perft of an attack: declarations, defence choices and rolls",
          ["classic.attack.attacker-dice", "classic.attack.defender-dice", "classic.attack.optional"])
def attack(b):
    b.position({"alaska": (0, 4), "kamchatka": (2, 2), "alberta": (0, 1), "northwest-territory": (0, 1)},
               phase="attack", current=0)
    # alaska can attack kamchatka with 1..3 dice; every other black territory has 2 armies and
    # may attack its foreign neighbours with 1 die.
    b.check(perft={"depth": 1})
    b.check(perft={"depth": 2})


@scenario("classic.turn.perft.004", "Perft of a fortify phase: every split of every move",
          ["classic.fortify.path", "classic.fortify.leave-one", "classic.fortify.optional"])
def fortify(b):
    b.position({"alaska": (0, 5), "alberta": (0, 3), "northwest-territory": (1, 1)}, phase="fortify", current=0)
    b.check(perft={"depth": 1})


@scenario("classic.turn.perft.005", "Perft of a reinforcement phase with a set in hand",
          ["classic.reinforce.place", "classic.cards.optional-trade"])
def reinforce(b):
    b.position(phase="fortify", current=2, hands={0: ["peru", "iceland", "east-africa"]})
    b.do({"type": "end-turn"})
    b.check(perft={"depth": 2})

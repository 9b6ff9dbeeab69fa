"""Perft-style counts: numbers of legal actions (and chance outcomes) at fixed positions.

A mismatch prints python-chess style "divide" lines: the count under each first move.
"""

from __future__ import annotations

from riskspec.conformance.compare import action_key
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
    b.do({"type": "first-player", "player": 0}, state={"phase": "claim", "current": 0})
    b.check(perft={"depth": 2, "nodes": 42 * 41})


@scenario("classic.turn.perft.003", "Perft of an attack: declarations, defence choices and rolls",
          ["classic.attack.attacker-dice", "classic.attack.defender-dice", "classic.attack.optional"])
def attack(b):
    b.position({"alaska": (0, 4), "kamchatka": (2, 2), "alberta": (0, 1), "northwest-territory": (0, 1)},
               phase="attack", current=0)
    # Alaska (4 armies) attacks Kamchatka with 1, 2 or 3 dice; each other black territory with
    # 2 armies attacks each foreign neighbour with 1 die (40 such borders on the default board);
    # plus end-attack: 3 + 40 + 1 = 44.
    b.check(perft={"depth": 1, "nodes": 44})
    # Every defender holds 2 armies, so each of the 43 attacks has 2 defence choices (86); after
    # end-attack, black's fortify phase offers 13 moves (Alaska→Northwest Territory and
    # Alaska→Alberta with 1–3 armies each, Western US→Alberta with 1, and both ways along
    # Southern Europe–Egypt, Siberia–Irkutsk, Afghanistan–India with 1) and end-turn: 86 + 14.
    b.check(perft={"depth": 2, "nodes": 100})


@scenario("classic.turn.perft.004", "Perft of a fortify phase: every split of every move",
          ["classic.fortify.path", "classic.fortify.leave-one", "classic.fortify.optional"])
def fortify(b):
    b.position({"alaska": (0, 5), "alberta": (0, 3), "northwest-territory": (1, 1)}, phase="fortify", current=0)
    # Alaska→Alberta 1–4, Alberta→Alaska 1–2, Alberta→Western US 1–2, Western US→Alberta 1, both
    # ways along Southern Europe–Egypt, Siberia–Irkutsk, Afghanistan–India (6), end-turn: 16.
    b.check(perft={"depth": 1, "nodes": 16})


@scenario("classic.turn.perft.005", "Perft of a reinforcement phase with a set in hand",
          ["classic.reinforce.place", "classic.cards.optional-trade"])
def reinforce(b):
    start = b.position(phase="fortify", current=2, hands={0: ["peru", "iceland", "east-africa"]})
    b.do({"type": "end-turn"}, state={"current": 0, "turn": 2, "phase": "reinforce"})
    # Black holds 14 territories: 4 armies to place. Each ply: place on one of 14, or trade the
    # set (none of its territories is black's, so no territory bonus). Place first: 14 × (14
    # places + the trade) = 210; trade first: 14 places; 210 + 14 = 224.  The divide says which
    # first move an engine gets wrong (a missing trade is the trade's fault, not the places').
    black = [t for t, v in start["territories"].items() if v["owner"] == 0]
    trade = {"type": "trade", "cards": ["peru", "iceland", "east-africa"], "bonus_territory": None}
    divide = {action_key({"type": "place", "territory": t}): 15 for t in black} | {action_key(trade): 14}
    b.check(perft={"depth": 2, "nodes": 224, "divide": divide})

"""Scenarios that test one thing: twins of cases that also needed an unrelated feature.

A case should depend only on what its rule needs.  The elimination, domination and
declaration cases of ``cases_conquest``, ``cases_victory`` and ``cases_attack`` hand the
dice to the defender (a ``defend`` step), so an engine playing the reading where the
defender always rolls the most dice (``classic.amb.defender-dice-choice = always-maximum``,
the Italian edition's reading, and rlrisk's) never ran them.  The twins here state the same
rules under that reading: the attack goes straight to the roll, with as many defender dice
as the defending armies allow (two at most), and they stop once their rule is shown (no
card draw at the end of the turn, which is ``classic.cards.earn``'s business).  Numbered
301 and up.
"""

from __future__ import annotations

from riskspec.conformance.scenario import scenario
from riskspec.conformance.steps import take

MAX = {"classic.amb.defender-dice-choice": "always-maximum"}


def _whole_board(b, **owners):
    """Black (seat 0) holds every territory, two armies each, except those given."""
    o = {t: (0, 2) for t in b.blank()["territories"]}
    o.update(owners)
    return o


def _last_territory(b, victim_cards=(), own_cards=()):
    """Green's last territory, Kamchatka (one army), falls to Alaska's five and three dice;
    the defender rolls its one die: green is out and black takes green's cards."""
    owners = _whole_board(b, alaska=(0, 5), kamchatka=(2, 1), ural=(1, 3), siberia=(1, 3))
    b.position(owners, phase="attack", current=0, hands={2: list(victim_cards), 0: list(own_cards)})
    take(b, "alaska", "kamchatka", 3, choose=False,
         players=[{"cards": len(own_cards) + len(victim_cards)}, {}, {"eliminated": True, "cards": 0}])


@scenario("classic.attack.declare.301", "Always the most dice: an attack names its territories and dice, "
          "the defender's dice follow", ["classic.attack.declare"], options=MAX)
def declare(b):
    b.position({"alaska": (0, 4), "kamchatka": (2, 2)}, phase="attack", current=0)
    b.attack("alaska", "kamchatka", 2, explain="Two defending armies roll two dice: straight to the roll.",
             state={"phase": "battle", "pending": {"from": "alaska", "to": "kamchatka", "attacker_dice": 2,
                                                   "defender_dice": 2}},
             events=[{"type": "attack-declared", "player": 0, "from": "alaska", "to": "kamchatka", "dice": 2}])


@scenario("classic.conquest.always-occupied.301", "Always the most dice: every territory holds an army "
          "after a conquest", ["classic.conquest.always-occupied"], options=MAX)
def occupied(b):
    b.position({"alaska": (0, 4), "kamchatka": (2, 1)}, phase="attack", current=0)
    take(b, "alaska", "kamchatka", 3, choose=False)
    b.do({"type": "occupy", "armies": 3}, explain="Three dice rolled: three move in, one stays.",
         state={"phase": "attack", "territories": {"alaska": {"owner": 0, "armies": 1},
                                                   "kamchatka": {"owner": 0, "armies": 3}}})


@scenario("classic.elimination.out.301", "Always the most dice: a player who loses the last territory is out",
          ["classic.elimination.out"], options=MAX)
def out(b):
    _last_territory(b)
    b.check(state={"players": [{}, {}, {"eliminated": True, "eliminated_by": 0}]})
    b.do({"type": "occupy", "armies": 3}, explain="Blue is left to fight: the game goes on.",
         state={"phase": "attack", "winner": None,
                "territories": {"alaska": {"armies": 2}, "kamchatka": {"armies": 3}}})


@scenario("classic.elimination.take-cards.301", "Always the most dice: the victor takes the eliminated "
          "player's cards", ["classic.elimination.take-cards"], options=MAX)
def take_cards(b):
    _last_territory(b, victim_cards=["peru", "greenland"])
    b.check(state={"players": [{"cards": ["greenland", "peru"]}, {}, {"cards": []}]})


@scenario("classic.elimination.forced-trade.301", "Always the most dice: six cards after an elimination, "
          "trade at once down to four", ["classic.elimination.forced-trade", "classic.elimination.trade-armies"],
          options=MAX)
def elim_trade(b):
    _last_territory(b, victim_cards=["peru", "iceland", "east-africa"],
                    own_cards=["greenland", "ontario", "quebec"])
    b.do({"type": "occupy", "armies": 3}, state={"phase": "elimination-trade",
                                               "pending": {"forced": {"max_hand": 4}},
                                               "territories": {"alaska": {"armies": 2},
                                                               "kamchatka": {"armies": 3}}})
    b.do({"type": "trade", "cards": ["greenland", "ontario", "quebec"], "bonus_territory": "greenland"},
         explain="The first set is worth 4, placed at once; black holds Greenland: 2 more there.",
         state={"phase": "elimination-trade", "pending": {"to_place": 4, "forced": None},
                "territories": {"greenland": {"armies": 2 + 2}}, "players": [{"cards": 6 - 3}, {}, {}]})
    b.do({"type": "place", "territory": "alaska"}, state={"territories": {"alaska": {"armies": 3}},
                                                        "pending": {"to_place": 3}})


@scenario("classic.elimination.forced-trade.302", "Always the most dice: five cards after an elimination "
          "force no trade", ["classic.elimination.forced-trade"], options=MAX)
def elim_no_trade(b):
    _last_territory(b, victim_cards=["peru", "iceland"], own_cards=["greenland", "ontario", "quebec"])
    b.do({"type": "occupy", "armies": 3}, explain="Five cards: below six, the attack goes on.",
         state={"phase": "attack", "territories": {"alaska": {"armies": 2}, "kamchatka": {"armies": 3}}})


@scenario("classic.victory.domination.301", "Always the most dice: taking the last enemy territory wins",
          ["classic.victory.domination"], options=MAX)
def domination(b):
    b.position(_whole_board(b, alaska=(0, 5), kamchatka=(2, 1)), phase="attack", current=0)
    take(b, "alaska", "kamchatka", 3, choose=False, players=[{}, {}, {"eliminated": True}])
    b.do({"type": "occupy", "armies": 3}, explain="Black holds all 42 territories: black wins.",
         state={"phase": "game-over", "winner": 0,
                "territories": {"alaska": {"armies": 2}, "kamchatka": {"armies": 3}}},
         events=[{"type": "game-over", "winner": 0}], legal_count=0)


@scenario("classic.victory.domination.302", "Always the most dice: holding 41 territories does not win",
          ["classic.victory.domination"], options=MAX, negative=True)
def not_yet(b):
    b.position(_whole_board(b, alaska=(0, 5), kamchatka=(2, 1), japan=(1, 1)), phase="attack", current=0)
    take(b, "alaska", "kamchatka", 3, choose=False, players=[{}, {}, {"eliminated": True}])
    b.do({"type": "occupy", "armies": 3}, explain="Blue still holds Japan: no winner yet.",
         state={"phase": "attack", "winner": None,
                "territories": {"alaska": {"armies": 2}, "kamchatka": {"armies": 3}}})

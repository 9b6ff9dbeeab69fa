"""Scenarios: the reading where the defender always rolls the most dice allowed.

Under the reading ``classic.amb.defender-dice-choice = always-maximum`` (the Italian
edition, and rlrisk's) there is no ``defend`` step: the attack goes straight to the roll,
with as many defender dice as the rules allow (two at most).  The battle, conquest,
elimination, domination and declaration cases of ``cases_attack``, ``cases_conquest`` and
``cases_victory`` hand the dice to the defender, so an engine playing this reading never
runs them; it runs these instead.  The twins numbered 301 and up state the same rules as
cases of those modules and stop once their rule is shown (no card draw at the end of the
turn, which is ``classic.cards.earn``'s business): a case depends only on what its rule needs.
"""

from __future__ import annotations

from riskspec.conformance.cases_conquest import move_in_steps
from riskspec.conformance.scenario import scenario
from riskspec.conformance.steps import take

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

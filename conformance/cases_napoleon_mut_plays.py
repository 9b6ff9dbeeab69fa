"""Scenarios: Risk Napoléon — cases written for the surviving mutants of napoleon.plays, napoleon.effects and napoleon.combat (card plays, their effects, battles).

Each case states, from the rules, what a plausible deviation of an engine gets wrong (the
survivors of ``python -m riskspec.conformance.mutation --family napoleon --open``; their
triage is in ``conformance/mutation-triage.yaml``).  Boards: ``LINE`` of
:mod:`cases_napoleon` (a1–a2–b1–b2 on land, ``far`` alone; zones z1–z2–z3–z4 in a chain;
a1 touches z1, b2 z3, far z4), with the effect cards of :mod:`cases_napoleon_effects`
(REIN, DICE, MOVE) or of a board made here.  Numbers start at 501 so that they never meet
another module's.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon import LINE, LINE_JOKERS, NEUTRAL, line
from riskspec.conformance.cases_napoleon_effects import DICE, MOVE, REIN, _reinforce
from riskspec.conformance.cases_napoleon_effects import _pos as _epos
from riskspec.conformance.cases_napoleon_readings import _challenged
from riskspec.conformance.scenario import scenario
from riskspec.reference.napoleon.inline import card_effect as fx

B, A = "napoleon-basic", "napoleon-advanced"
SUPPLY, UNTIL = "napoleon.amb.ship-supply", "napoleon.amb.forced-trade-until"
#: two reroll cards (a1, far), a ship-less basic game's cards (a2: regiments, b2: a naval
#: maneuver)
REROLLS = line(effects={"a1": fx("reroll"), "far": fx("reroll")})
NO_SHIPS = line(effects={"a2": fx("extra-regiments", 2), "b2": fx("extra-naval-maneuver", 1)})


def _players(n: int, **seats: dict) -> list[dict]:
    return [seats.get(f"p{i}", {}) for i in range(n)]


# ================================================================ what a play-card action names

@scenario("napoleon.cards.use-or-trade.501",
          "A card without targets refuses a 'from' or a 'to' named alone",
          ["napoleon.cards.use-or-trade", "napoleon.effects.extra-regiments"], players=2,
          variant=B, map=REIN, negative=True)
def targets_alone(b: Any) -> None:
    _epos(b, {"a1": (1, 1), "a2": (1, 1), "b1": (0, 1), "b2": (0, 1), "far": (NEUTRAL, 1)},
          phase="reinforce", turn=3, hands={0: ["c-a1"]}, pending=_reinforce())
    # a1 is the board's first territory: an index 0 must count as a target named
    b.reject({"type": "play-card", "card": "c-a1", "from": "a1"}, "targets",
             rule="napoleon.effects.extra-regiments")
    b.reject({"type": "play-card", "card": "c-a1", "to": "a1"}, "targets",
             rule="napoleon.effects.extra-regiments")
    b.reject({"type": "play-card", "card": "c-a1", "from": "b1", "to": "a1"}, "targets",
             rule="napoleon.effects.extra-regiments")


# ================================================================ free ships

@scenario("napoleon.effects.free-ships.501",
          "Each ship a free-ships card builds is reported as a free one",
          ["napoleon.effects.free-ships"], players=2, variant=B, map=REIN)
def free_ship_events(b: Any) -> None:
    _epos(b, {"a1": (0, 1), "a2": (1, 1), "b1": (1, 1), "b2": (1, 1), "far": (0, 1)},
          phase="reinforce", turn=3, hands={0: ["c-b1"]}, pending=_reinforce())
    b.do({"type": "play-card", "card": "c-b1", "zones": ["z1", "z4"]},
         state={"zones": {"z1": {"owner": 0, "ships": 1}, "z4": {"owner": 0, "ships": 1}},
                "players": _players(6, p0={"cards": 0})},
         events=[{"type": "card-played", "player": 0, "card": "c-b1", "effect": "free-ships"},
                 {"type": "ship-built", "player": 0, "zone": "z1", "free": True},
                 {"type": "ship-built", "player": 0, "zone": "z4", "free": True}])


def _fleet(b: Any, ships: int) -> None:
    # player 0's fleet: z2 and z3 (the chain away from its coasts) hold ``ships`` in all
    _epos(b, {"a1": (0, 1), "a2": (1, 1), "b1": (1, 1), "b2": (1, 1), "far": (0, 1)},
          {"z2": (0, ships - 10), "z3": (0, 10)}, phase="reinforce", turn=3, hands={0: ["c-b1"]},
          pending=_reinforce())


@scenario("napoleon.effects.free-ships.502",
          "Reading capped: one ship short of the 26, a two-ship card builds one",
          ["napoleon.effects.free-ships", "napoleon.units.ships"], players=2, variant=B,
          map=REIN, options={SUPPLY: "capped"}, reading=(SUPPLY, "capped"))
def free_ships_room(b: Any) -> None:
    _fleet(b, 25)
    one = [{"type": "play-card", "card": "c-b1", "zones": [z]} for z in ("z1", "z4")]
    two = [{"type": "play-card", "card": "c-b1", "zones": z}
           for z in (["z1", "z1"], ["z1", "z4"], ["z4", "z4"])]
    b.check(legal_includes=one, legal_excludes=two)
    b.reject(two[1], "ship-limit", rule="napoleon.effects.free-ships")
    b.do(one[1], state={"zones": {"z4": {"owner": 0, "ships": 1}},
                        "players": _players(6, p0={"cards": 0})})


@scenario("napoleon.effects.free-ships.503",
          "Reading capped: with all 26 ships on the board a free-ships card can do nothing",
          ["napoleon.effects.free-ships", "napoleon.units.ships"], players=2, variant=B,
          map=REIN, options={SUPPLY: "capped"}, reading=(SUPPLY, "capped"), negative=True)
def free_ships_full(b: Any) -> None:
    _fleet(b, 26)
    plays = [{"type": "play-card", "card": "c-b1", "zones": z}
             for z in ([], ["z1"], ["z4"], ["z1", "z4"])]
    b.check(legal_excludes=plays, explain="no play of the card at all, not even one naming no zone")
    b.reject(plays[1], "ship-limit", rule="napoleon.effects.free-ships")


# ================================================================ a basic game without ships

@scenario("napoleon.effects.extra-regiments.501",
          "Reading none (no ships): the extra regiments still come; a naval maneuver card does nothing",
          ["napoleon.effects.extra-regiments", "napoleon.effects.extra-naval-maneuver",
           "napoleon.basic.pieces"], players=2, variant=B, map=NO_SHIPS,
          options={"napoleon.amb.basic-pieces": "none"}, negative=True)
def no_ships(b: Any) -> None:
    _epos(b, {"a1": (0, 3), "a2": (1, 1), "b1": (0, 3), "b2": (1, 1), "far": (NEUTRAL, 1)},
          phase="reinforce", turn=3, hands={0: ["c-a2", "c-b2"]}, pending=_reinforce(1))
    b.do({"type": "play-card", "card": "c-a2"},
         state={"pending": {"to_place": 1 + 2}, "players": _players(6, p0={"cards": 1})},
         explain="a2 is player 1's: no territory bonus")
    b.do({"type": "place", "territory": "a1"}, state={"territories": {"a1": {"armies": 4}}})
    b.do({"type": "place", "territory": "a1"}, state={"territories": {"a1": {"armies": 5}}})
    b.do({"type": "place", "territory": "a1"}, state={"phase": "attack", "territories": {"a1": {"armies": 6}}})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"},
         legal_excludes=[{"type": "play-card", "card": "c-b2"}])
    b.reject({"type": "play-card", "card": "c-b2"}, "no-use",
             rule="napoleon.effects.extra-naval-maneuver")


# ================================================================ free fortification

@scenario("napoleon.effects.free-fortification.501",
          "Reading three: a free fortification needs no regiments to pay, on any territory of one's own",
          ["napoleon.effects.free-fortification", "napoleon.units.fortifications",
           "napoleon.cards.effect-territory-bonus"], players=3,
          variant=A, map=REIN, options={"napoleon.amb.fortification-cost": "three"})
def free_fort_anywhere(b: Any) -> None:
    _epos(b, {t: (0, 2) for t in ("a1", "a2", "b1", "b2", "far")}, phase="reinforce",
          hands={0: ["c-b2"]}, pending=_reinforce(2))
    plays = [{"type": "play-card", "card": "c-b2", "territory": t}
             for t in ("a1", "a2", "b1", "b2", "far")]
    b.check(legal_includes=plays,
            explain="player 0 holds every territory, none fortified: each may take it, though "
                    "the 2 regiments left could not buy one (3)")
    b.do(plays[2], explain="the card shows b2, player 0's: 2 regiments there",
         state={"pending": {"to_place": 2}, "players": _players(3, p0={"cards": 0}),
                "territories": {"b1": {"fortifications": 1}, "b2": {"armies": 2 + 2}}})


# ================================================================ move-epidemic, reroll

@scenario("napoleon.epidemics.card-move.501",
          "A moved epidemic that leaves a regiment where it strikes stays there",
          ["napoleon.epidemics.card-move", "napoleon.effects.move-epidemic"], players=3,
          variant=A, map=REIN)
def card_move_stays(b: Any) -> None:
    _epos(b, {"a1": (0, 3), "a2": (1, 3), "b1": (2, 2), "b2": (2, 2), "far": (1, 1)},
          epidemics={"a2": 1}, hands={0: ["c-far"]})
    b.do({"type": "play-card", "card": "c-far", "from": "a2", "to": "b1"},
         explain="b1 keeps 1 of its 2 regiments: its owner holds it and the epidemic stays",
         state={"phase": "attack", "players": _players(3, p0={"cards": 0}),
                "territories": {"a2": {"epidemics": 0}, "b1": {"owner": 2, "armies": 1, "epidemics": 1}}})


@scenario("napoleon.effects.reroll.501",
          "Both sides hold a reroll card: once the attacker keeps the roll, the defender may reroll",
          ["napoleon.effects.reroll"], players=2, variant=B, map=REROLLS)
def reroll_both(b: Any) -> None:
    _epos(b, {"a1": (1, 1), "a2": (1, 2), "b1": (0, 4), "b2": (0, 1), "far": (NEUTRAL, 1)},
          turn=3, hands={0: ["c-far"], 1: ["c-a1"]})
    b.attack("b1", "a2", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([1, 1, 1], [5, 4], state={"phase": "reroll", "pending": {"chooser": 0}},
           legal=[{"type": "play-card", "card": "c-far"}, {"type": "keep-roll"}])
    b.do({"type": "keep-roll"}, state={"phase": "reroll", "pending": {"chooser": 1}},
         legal=[{"type": "play-card", "card": "c-a1"}, {"type": "keep-roll"}])
    b.do({"type": "keep-roll"}, state={"phase": "attack", "territories": {"b1": {"armies": 4 - 2}}})


# ================================================================ dice effects

@scenario("napoleon.effects.attack-extra-die.501",
          "An extra die adds a die, not a bonus on the highest one",
          ["napoleon.effects.attack-extra-die", "napoleon.effects.attack-die-bonus"], players=2,
          variant=B, map=DICE)
def extra_die_no_bonus(b: Any) -> None:
    _epos(b, {"a1": (1, 1), "a2": (1, 2), "b1": (0, 5), "b2": (0, 1), "far": (NEUTRAL, 1)},
          turn=3, hands={0: ["c-a2"]})
    b.do({"type": "play-card", "card": "c-a2"}, state={"players": _players(6, p0={"cards": 0})})
    b.attack("b1", "a2", 4, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # 5 against 5 and 2 against 3: the defender wins both pairs
    b.roll([5, 2, 1, 1], [5, 3], state={"phase": "attack", "territories": {"b1": {"armies": 5 - 2}}})


@scenario("napoleon.effects.ignore-epidemic.501",
          "Another card's effect (a die bonus) does not spare the epidemic loss",
          ["napoleon.combat.epidemic-loss", "napoleon.effects.attack-die-bonus",
           "napoleon.effects.ignore-epidemic"], players=3, variant=A, map=DICE)
def die_bonus_pays_epidemic(b: Any) -> None:
    _epos(b, {"a1": (1, 1), "a2": (1, 3), "b1": (0, 5), "b2": (0, 1), "far": (2, 1)},
          epidemics={"a2": 1}, hands={0: ["c-a1"]})
    b.do({"type": "play-card", "card": "c-a1"}, state={"players": _players(3, p0={"cards": 0})})
    b.attack("b1", "a2", 3, state={"phase": "defend", "territories": {"b1": {"armies": 5 - 1}}})


@scenario("napoleon.effects.defence-die-bonus.501",
          "The defender in seat 0 holding a defence card is asked before the roll",
          ["napoleon.effects.defence-die-bonus"], players=2, variant=B, map=DICE)
def defence_seat_zero(b: Any) -> None:
    _epos(b, {"a1": (0, 1), "a2": (0, 1), "b1": (1, 4), "b2": (1, 1), "far": (NEUTRAL, 1)},
          current=1, hands={0: ["c-b1"]})
    b.attack("b1", "a2", 3, state={"phase": "defend", "pending": {"chooser": 0}},
             legal=[{"type": "play-card", "card": "c-b1"}, {"type": "defend", "dice": 1}])


# ================================================================ fortifications in battle

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


@scenario("napoleon.effects.ignore-fortification.501",
          "Ignore-fortification holds for every roll of the battle it names",
          ["napoleon.effects.ignore-fortification"], players=3, variant=A, map=MOVE)
def ignore_fort_battle(b: Any) -> None:
    _epos(b, {"a1": (1, 1), "a2": (1, 3), "b1": (0, 6), "b2": (0, 1), "far": (2, 1)},
          leaders={"a2": (0, 1)}, hands={0: ["c-a1"]})
    b.do({"type": "play-card", "card": "c-a1", "from": "b1", "to": "a2"},
         state={"players": _players(3, p0={"cards": 0})})
    b.attack("b1", "a2", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 5, 1], [5, 4], state={"phase": "attack", "territories": {"a2": {"armies": 1}}})
    b.attack("b1", "a2", 3, state={"phase": "battle"})
    # the same battle: the fortification still adds nothing, 6 beats 5
    b.roll([6, 1, 1], [5], state={"phase": "occupy", "territories": {
        "a2": {"owner": 0, "armies": 0, "fortifications": 0}}})


@scenario("napoleon.effects.ignore-epidemic.502",
          "Ignore-epidemic lapses once its holder attacks from another territory",
          ["napoleon.effects.ignore-epidemic", "napoleon.combat.epidemic-loss"], players=3,
          variant=A, map=MOVE)
def ignore_epidemic_lapses(b: Any) -> None:
    _epos(b, {"a1": (0, 5), "a2": (1, 3), "b1": (0, 5), "b2": (0, 1), "far": (2, 1)},
          epidemics={"a2": 1}, hands={0: ["c-a2"]})
    b.do({"type": "play-card", "card": "c-a2", "from": "b1", "to": "a2"},
         state={"players": _players(3, p0={"cards": 0})})
    b.attack("a1", "a2", 3, state={"phase": "defend", "territories": {"a1": {"armies": 5 - 1}}},
             explain="another battle: a1 pays the epidemic loss, and the card's effect lapses")
    b.defend(2, state={"phase": "battle"})
    b.roll([1, 1, 1], [6, 6], state={"phase": "attack", "territories": {"a1": {"armies": 4 - 2}}})
    b.attack("b1", "a2", 3, state={"phase": "defend", "territories": {"b1": {"armies": 5 - 1}}})


# ================================================================ which rule a refused attack breaks

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


# ================================================================ naval battles: every round naval

@scenario("napoleon.naval.forced-combat.501",
          "Every round of a forced battle is a naval battle",
          ["napoleon.naval.forced-combat", "napoleon.naval.fight-to-end"], players=2, variant=B,
          map=LINE)
def forced_rounds(b: Any) -> None:
    _challenged(b, {"a1": (0, 3), "a2": (0, 3), "b1": (1, 2), "b2": (1, 2), "far": (NEUTRAL, 1)},
                {"z1": (1, 3)}, {"z1": 2})
    b.attack("z1", "z1", 2, state={"phase": "defend", "pending": {"naval": True}})
    b.defend(2, state={"phase": "battle", "pending": {"naval": True}})
    # 5 beats 4, 1 loses to 2: one challenger ship against two
    b.roll([5, 1], [4, 2], state={"phase": "battle", "pending": {
        "attacker_dice": 1, "defender_dice": 2, "naval": True},
        "zones": {"z1": {"owner": 1, "ships": 2, "challenger_ships": 1}}})


@scenario("napoleon.naval.fight-to-end.501",
          "A naval battle goes on past its second round",
          ["napoleon.naval.fight-to-end", "napoleon.naval.battle-rules"], players=2, variant=B,
          map=LINE)
def fight_three_rounds(b: Any) -> None:
    _epos(b, {"a1": (0, 1), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
          {"z2": (0, 5), "z3": (1, 4)})
    b.attack("z2", "z3", 1, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6], [5, 1], state={"phase": "battle", "zones": {"z3": {"ships": 3}},
                               "pending": {"attacker_dice": 3, "defender_dice": 2, "naval": True}})
    # the attacker loses two ships: 3 left, 2 dice (one ship stays) against 2
    b.roll([1, 1, 1], [6, 6], state={"phase": "battle", "zones": {"z2": {"ships": 3}},
                                     "pending": {"attacker_dice": 2, "defender_dice": 2}})


# ================================================================ elimination and the cards taken

@scenario("napoleon.cards.elimination-capture.501",
          "Taking the last territory: the captured cards are traded for their value alone, and "
          "the freed zone can take a ship",
          ["napoleon.cards.elimination-capture", "napoleon.combat.elimination",
           "napoleon.units.ships", "napoleon.cards.trade-territory-bonus"], players=3, variant=A,
          map=LINE)
def capture_and_build(b: Any) -> None:
    _epos(b, {"a1": (0, 5), "a2": (1, 1), "b1": (2, 1), "b2": (2, 1), "far": (2, 1)},
          {"z1": (1, 2)}, turn=2, hands={0: ["c-b1", "c-b2"], 1: ["c-a1", "c-a2", "c-far"]})
    b.attack("a1", "a2", 3, state={"phase": "battle"})
    b.roll([6, 5, 4], [1], explain="player 1's last territory falls: its ships leave z1, its cards go to player 0",
           state={"phase": "occupy", "territories": {"a2": {"owner": 0, "armies": 0}},
                  "zones": {"z1": {"owner": None, "ships": 0}},
                  "players": _players(3, p0={"cards": 5}, p1={"eliminated": True, "cards": 0})})
    b.do({"type": "occupy", "armies": 3},
         explain="five cards: a trade at once, with nothing to place but what it brings",
         state={"phase": "reinforce", "pending": {"to_place": 0, "must_trade": True, "after": "elimination"},
                "territories": {"a1": {"armies": 5 - 3}, "a2": {"armies": 3}}})
    # three infantry: 4 regiments; a1 and a2 are player 0's: 2 more on each
    b.do({"type": "trade", "cards": ["c-a1", "c-a2", "c-b1"]},
         state={"pending": {"to_place": 4, "must_trade": False}, "players": _players(3, p0={"cards": 2}),
                "territories": {"a1": {"armies": 2 + 2}, "a2": {"armies": 3 + 2}}},
         legal_includes=[{"type": "buy-ship", "zone": "z1"}])
    b.do({"type": "buy-ship", "zone": "z1"},
         state={"pending": {"to_place": 3}, "zones": {"z1": {"owner": 0, "ships": 1}}})


@scenario("napoleon.cards.forced-trade.501",
          "Reading one-set: five cards kept after the turn's trade force nothing at a conquest",
          ["napoleon.cards.forced-trade", "napoleon.cards.elimination-capture"], players=2,
          variant=B, map=LINE_JOKERS, options={UNTIL: "one-set"},
          description="Under one-set a hand of 5 or more can reach the combat phase; the case "
                      "starts there, so it holds under either reading.")
def five_cards_conquest(b: Any) -> None:
    # a hand of 8 at the start of the turn, one set traded: 5 cards in the combat phase
    _epos(b, {"a1": (0, 1), "a2": (0, 4), "b1": (1, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
          turn=6, hands={0: ["c-a1", "c-b2", "c-far", "c-x", "c-y"]})
    b.attack("a2", "b1", 3, state={"phase": "battle"})
    b.roll([6, 5, 4], [1], state={"phase": "occupy", "territories": {"b1": {"owner": 0, "armies": 0}}})
    b.do({"type": "occupy", "armies": 3},
         explain="no cards were taken (player 1 still holds b2): the combat phase goes on",
         state={"phase": "attack", "territories": {"a2": {"armies": 4 - 3}, "b1": {"armies": 3}}})


# ================================================================ elimination by an epidemic

EP_ELIM, EP_TIMING = "napoleon.amb.epidemic-elimination", "napoleon.amb.epidemic-timing"


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
                "players": _players(3, p1={"eliminated": True, "eliminated_by": 1, "cards": 0}),
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
                "players": _players(3, p0={"eliminated": True}, p1={"eliminated": True, "cards": 0},
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
                "players": _players(3, p0={"cards": 3},
                                    p1={"eliminated": True, "eliminated_by": 0, "cards": 0}),
                "territories": {"a2": {"owner": None, "armies": 0, "epidemics": 0}}},
         events=[{"type": "epidemic-loss", "territory": "a2", "armies": 1},
                 {"type": "eliminated", "player": 1, "by": 0, "cause": "epidemic"}])


@scenario("napoleon.epidemics.card-move.511",
          "An epidemic moved by a card that takes another player's last territory puts them out",
          ["napoleon.epidemics.card-move", "napoleon.combat.elimination",
           "napoleon.effects.move-epidemic"], players=3, variant=A, map=REIN,
          reading=(EP_ELIM, "discards"))
def card_move_elimination(b: Any) -> None:
    _epos(b, {"a1": (0, 3), "a2": (1, 3), "b1": (2, 1), "b2": (1, 1), "far": (1, 1)},
          epidemics={"a2": 1}, phase="maneuver", turn=3, hands={0: ["c-far"], 2: ["c-b2"]})
    b.do({"type": "play-card", "card": "c-far", "from": "a2", "to": "b1"},
         explain="b1 loses its one regiment, player 3's last territory: player 3 is out and "
                 "their card is discarded (nobody took b1); the epidemic moves on by a draw",
         state={"phase": "epidemic-move", "discards": ["c-b2", "c-far"],
                "players": _players(3, p0={"cards": 0},
                                    p2={"eliminated": True, "eliminated_by": 0, "cards": 0}),
                "territories": {"b1": {"owner": None, "armies": 0, "epidemics": 0},
                                "a2": {"epidemics": 0}}},
         events=[{"type": "card-played", "player": 0, "card": "c-far", "effect": "move-epidemic"},
                 {"type": "epidemic-moved", "from": "a2", "to": "b1"},
                 {"type": "epidemic-card-loss", "territory": "b1", "armies": 1},
                 {"type": "eliminated", "player": 2, "by": 0, "cause": "epidemic"}])
    b.do({"type": "draw", "card": "c-a1"},
         explain="a1 holds regiments: the epidemic goes there and player 1's maneuver goes on",
         state={"phase": "maneuver", "pending": {}, "discards": ["c-a1", "c-b2", "c-far"],
                "draw_pile": ["c-a2", "c-b1", "c-x"], "territories": {"a1": {"epidemics": 1}}})


@scenario("napoleon.epidemics.card-move.512",
          "A player who moves an epidemic onto their own last territory is out, and their turn "
          "ends once the epidemic is placed",
          ["napoleon.epidemics.card-move", "napoleon.combat.elimination",
           "napoleon.effects.move-epidemic"], players=3, variant=A, map=REIN,
          options={"napoleon.amb.card-table": "ignore"},
          description="The player going out is the one whose turn it is: the same under either "
                      "reading of napoleon.amb.epidemic-elimination.")
def card_move_self_elimination(b: Any) -> None:
    _epos(b, {"a1": (0, 1), "a2": (1, 3), "b1": (2, 3), "b2": (1, 1), "far": (1, 1)},
          epidemics={"a2": 1}, phase="maneuver", turn=3, hands={0: ["c-far", "c-b2"]},
          conquered=True)
    b.do({"type": "play-card", "card": "c-far", "from": "a2", "to": "a1"},
         explain="a1, player 1's last territory, loses its one regiment: player 1 is out (by "
                 "their own turn) and their other card is discarded; the epidemic moves on",
         state={"phase": "epidemic-move", "discards": ["c-b2", "c-far"],
                "players": _players(3, p0={"eliminated": True, "eliminated_by": 0, "cards": 0}),
                "territories": {"a1": {"owner": None, "armies": 0, "epidemics": 0},
                                "a2": {"epidemics": 0}}},
         events=[{"type": "card-played", "player": 0, "card": "c-far", "effect": "move-epidemic"},
                 {"type": "epidemic-moved", "from": "a2", "to": "a1"},
                 {"type": "epidemic-card-loss", "territory": "a1", "armies": 1},
                 {"type": "eliminated", "player": 0, "by": 0, "cause": "epidemic"}])
    b.do({"type": "draw", "card": "c-b1"},
         explain="the epidemic goes to b1; player 1's turn ends with nothing scored or drawn (not "
                 "even the card for this turn's invasion) and "
                 "player 2's begins (far, a whole empire: 1 point; three territories: the "
                 "minimum of 3 regiments, far's empire 1 more)",
         state={"phase": "reinforce", "current": 1, "pending": {"to_place": 4},
                "discards": ["c-b1", "c-b2", "c-far"], "draw_pile": ["c-a1", "c-a2", "c-x"],
                "players": _players(3, p1={"vp": 1}), "territories": {"b1": {"epidemics": 1}}})

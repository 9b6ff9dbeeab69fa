"""Scenarios: Risk Napoléon — the edges of rules the other cases leave open.

Each case here pins a boundary that a plausible deviation of an engine crosses (found by
mutating the reference engine: ``python -m riskspec.conformance.mutation --family
napoleon``; see ``conformance/mutation-triage.yaml``): a whole set of legal actions where
the other cases check a few, a count one above or below a threshold, the seat 0 or the
first zone where an index could be off by one.  Boards: ``LINE`` of :mod:`cases_napoleon`
(a1–a2–b1–b2 on land, zones z1–z2–z3–z4 in a chain, a1 on z1, b2 on z3, far on z4).
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon import CAPITALS, LINE, NEUTRAL, V, _pos
from riskspec.conformance.cases_napoleon_effects import DICE as EFFECT_DICE
from riskspec.conformance.cases_napoleon_effects import REIN as EFFECT_REIN
from riskspec.conformance.cases_napoleon_leaders import _pos as _apos
from riskspec.conformance.cases_napoleon_leaders import sc
from riskspec.conformance.scenario import scenario


def _m(frm: str, to: str, n: int, k: int = 0, led: bool = False) -> dict:
    a: dict[str, Any] = {"type": "maneuver", "from": frm, "to": to, "armies": n}
    if k:
        a["leaders"] = k
    if led:
        a["leader_maneuver"] = True
    return a


# ================================================================ maneuvers
@sc("maneuver.leaders.101",
    "Every maneuver of a phase with a general: plain moves (the general may go along) and its own",
    ["napoleon.maneuver.leaders", "napoleon.maneuver.land", "napoleon.leaders.accompany"])
def every_maneuver(b: Any) -> None:
    _apos(b, {"a1": (0, 3), "a2": (0, 1), "b1": (0, 2), "b2": (1, 1), "far": (2, 1)},
          gen={"a1": 1})
    b.do({"type": "end-attack"}, state={"phase": "maneuver", "turn_flags": {"maneuver_start": {
        "a1": {"units": 3, "leaders": 1}, "a2": {"units": 1, "leaders": 0},
        "b1": {"units": 2, "leaders": 0}}}})
    legal = []
    for dst in ("a2", "b1"):
        # the general's own maneuver may take 0, 1 or 2 of the 3 regiments that stood with it;
        # the land maneuver moves 1 or 2 (one stays), the general along or not
        legal += [_m("a1", dst, 0, 1, True)]
        for n in (1, 2):
            legal += [_m("a1", dst, n), _m("a1", dst, n, 1), _m("a1", dst, n, 1, True)]
    legal += [_m("b1", "a1", 1), _m("b1", "a2", 1), {"type": "end-turn"}]
    b.check(legal=legal, explain="a2 has a single regiment and no general: nothing moves from it.")


@scenario("napoleon.maneuver.land.101", "The basic game's maneuvers: regiments only, one stays",
          ["napoleon.maneuver.land"], players=2, variant=V, map=LINE)
def basic_maneuvers(b: Any) -> None:
    _pos(b, {"a1": (0, 3), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
         phase="maneuver")
    b.check(legal=[_m("a1", "a2", 1), _m("a1", "a2", 2), {"type": "end-turn"}],
            explain="a1 holds 3 regiments: 1 or 2 may move to a2; a2 keeps its only one.")


# ================================================================ combat: the whole set of attacks
def _a(frm: str, to: str, dice: int) -> dict:
    return {"type": "attack", "from": frm, "to": to, "dice": dice}


@scenario("napoleon.combat.attack-from.101",
          "Every attack of a combat phase: a landing through three zones and a naval attack",
          ["napoleon.combat.attack-from", "napoleon.combat.dice", "napoleon.naval.landing",
           "napoleon.naval.battle-rules"], players=2, variant=V, map=LINE)
def every_attack(b: Any) -> None:
    _pos(b, {"a1": (0, 4), "a2": (0, 1), "b1": (1, 2), "b2": (1, 1), "far": (NEUTRAL, 2)},
         {"z1": (0, 3), "z2": (0, 2), "z3": (0, 2), "z4": (1, 2)})
    b.check(legal=[*(_a("a1", "b2", d) for d in (1, 2, 3)), _a("z3", "z4", 1), {"type": "end-attack"}],
            explain="a1 (4 regiments) lands on b2 through z1, z2, z3 with 1 to 3 dice; its land "
                    "neighbour a2 is its own. a2 has one regiment. Of the ships only z3's 2 border "
                    "a foreign zone (z4): one die, one ship stays. far lies on z4, not controlled.")


# ================================================================ mission conditions at their thresholds
def _edge_deck(cards: list[dict]) -> dict:
    """A mission deck of ``cards`` (a level without one gets a card no case holds)."""
    from riskspec.conformance.cases_napoleon_missions import _PROV, _card
    cards = cards + [_card(f"unmet-{lv}", lv, "end", {"hold_territories": {"count": 5}}, lv)
                     for lv in (1, 2, 3, 4) if not any(c["level"] == lv for c in cards)]
    return {"format": "riskspec/missions@1", "missions": cards,
            "decks": [{"id": f"napoleon-level-{lv}", "title": f"Edge missions, level {lv}", "level": lv,
                       "cards": [c["id"] for c in cards if c["level"] == lv], "provenance": _PROV}
                      for lv in (1, 2, 3, 4)]}


def _edge_cards() -> list[dict]:
    from riskspec.conformance.cases_napoleon_missions import _card
    return [
        _card("met-1", 1, "end", {"hold_territories": {"count": 3, "min_armies": 2}}, 1),
        _card("met-2", 2, "end", {"hold_zones": {"count": 2}}, 2),
        _card("met-3", 3, "end", {"hold_named": {"places": ["a1", "far"], "min_armies": 2}}, 3),
        _card("met-4", 4, "end", {"hold_units": {"kind": "regiments", "count": 7,
                                                 "in": ["a1", "a2", "b1", "far"]}}, 4),
        _card("short-1", 1, "end", {"hold_territories": {"count": 4, "min_armies": 2}}, 1),
        _card("short-2", 2, "end", {"hold_zones": {"count": 3}}, 2),
        _card("short-3", 3, "end", {"hold_named": {"places": ["a1", "a2"]}}, 3),
        _card("short-4", 4, "end", {"hold_units": {"kind": "ships", "count": 3}}, 4),
    ]


EDGE = _edge_deck(_edge_cards())
#: player 1 holds a1 (2), b1 (3), far (2: the whole one-territory empire) and one ship in z1
#: and in z3 (not the whole route)
EDGE_LAND = {"a1": (0, 2), "a2": (1, 1), "b1": (0, 3), "b2": (2, 1), "far": (0, 2)}
EDGE_ZONES = {"z1": (0, 1), "z3": (0, 1), "z4": (1, 1)}


def _edge_pos(b: Any, held: list[str]) -> None:
    from riskspec.conformance.cases_napoleon_missions import _pos as _mpos
    _mpos(b, EDGE_LAND, EDGE_ZONES, held={0: held}, decks={1: [], 2: [], 3: [], 4: []},
          phase="maneuver", current=0, turn=2)


@scenario("napoleon.missions.check.101",
          "Mission conditions met exactly: counts, least regiments, named places, regiments in places",
          ["napoleon.missions.check", "napoleon.missions.replace", "napoleon.end-of-turn.draws"],
          players=3, variant="napoleon-advanced", map=LINE, missions=EDGE)
def missions_met(b: Any) -> None:
    _edge_pos(b, ["met-1", "met-2", "met-3", "met-4"])
    b.do({"type": "end-turn"},
         explain="3 territories with at least 2 regiments (a1 2, b1 3, far 2); 2 zones (one ship "
                 "each); a1 and far with 2 each; 2 + 3 + 2 = 7 regiments in player 1's part of "
                 "a1, a2, b1, far (a2 is player 2's). One mission per level: all four score "
                 "(1 + 2 + 3 + 4), no deck is left to replace them; two territory cards: one "
                 "for the completed missions, one for holding the whole empire of far.",
         events=[{"type": "mission-completed", "player": 0, "mission": f"met-{lv}", "level": lv,
                  "vp": lv, "at": "end"} for lv in (1, 2, 3, 4)],
         state={"phase": "draw", "pending": {"left": 2},
                "players": [{"vp": 10, "missions": [],
                             "missions_completed": ["met-1", "met-2", "met-3", "met-4"]}, {}, {}]})


@scenario("napoleon.missions.check.102",
          "Mission conditions one short: a territory, a zone, a named place, a ship",
          ["napoleon.missions.check"], players=3, variant="napoleon-advanced", map=LINE,
          missions=EDGE)
def missions_short(b: Any) -> None:
    _edge_pos(b, ["short-1", "short-2", "short-3", "short-4"])
    b.do({"type": "end-turn"},
         explain="3 territories with 2 regiments or more, not 4; 2 zones, not 3 (z4 is player "
                 "2's); a2 is not player 1's; 2 ships, not 3: nothing scores; one territory card "
                 "for holding the whole empire of far.",
         state={"phase": "draw", "pending": {"left": 1}, "players": [{"vp": 0}, {}, {}]})


# ================================================================ the end of the game
TIE = "napoleon.amb.tie-break"


@sc("scoring.tie-break.301",
    "Reading all-units: a ship, a general and an admiral each count one regiment — a shared tie",
    ["napoleon.scoring.tie-break", "napoleon.scoring.winner", TIE], reading=(TIE, "all-units"))
def tie_all_units_exact(b: Any) -> None:
    # player 1: 5 regiments; player 2: 2 regiments, one ship (with an admiral), one general
    _apos(b, {"a1": (0, 4), "far": (0, 1), "b1": (1, 1), "b2": (1, 1), "a2": (2, 1)},
          zones={"z3": (1, 1)}, gen={"b2": 1}, adm={"z3": 1}, vp={0: 2, 1: 2},
          phase="maneuver", current=2, turn=5)
    b.do({"type": "end-turn"},
         explain="Game turn 5 ends. Players 1 and 2 tie on 2 points; at a regiment each, "
                 "player 2's ship, general and admiral bring 2 regiments to 5, player 1's "
                 "count: tied again, neither completed a mission — they share the victory.",
         state={"phase": "game-over", "winner": 0, "co_winners": [0, 1]},
         events=[{"type": "victory", "player": 0, "players": [0, 1],
                  "rule": "napoleon.scoring.tie-break"}])


@sc("scoring.winner.301", "Most victory points after the fifth turn: a sole winner, no tie-break",
    ["napoleon.scoring.winner"])
def sole_winner(b: Any) -> None:
    _apos(b, {"a1": (0, 1), "far": (0, 1), "b1": (1, 4), "b2": (1, 4), "a2": (2, 1)},
          vp={0: 3, 1: 2}, phase="maneuver", current=2, turn=5)
    b.do({"type": "end-turn"},
         explain="Player 1 has 3 points, player 2 two (and more regiments, which do not matter).",
         state={"phase": "game-over", "winner": 0},
         events=[{"type": "victory", "player": 0, "players": [0], "rule": "napoleon.scoring.winner"}])


@scenario("napoleon.scoring.tie-break.302",
          "Tied on points: the most regiments wins before the most missions completed",
          ["napoleon.scoring.tie-break"], players=3, variant="napoleon-advanced", map=LINE,
          missions=EDGE)
def tie_regiments_first(b: Any) -> None:
    from riskspec.conformance.cases_napoleon_missions import _pos as _mpos
    _mpos(b, {"a1": (0, 3), "far": (0, 1), "b1": (1, 1), "b2": (1, 2), "a2": (2, 1)},
          done={1: ["met-1", "met-2"]}, vp={0: 3, 1: 3}, decks={1: [], 2: [], 3: [], 4: []},
          phase="maneuver", current=2, turn=5)
    b.do({"type": "end-turn"},
         explain="Players 1 and 2 tie on 3 points; player 1 has 4 regiments, player 2 three "
                 "(but two missions completed, which only count after regiments).",
         state={"phase": "game-over", "winner": 0},
         events=[{"type": "victory", "player": 0, "players": [0], "rule": "napoleon.scoring.tie-break"}])


# ================================================================ a turn begins afresh
@scenario("napoleon.turn.order.301",
          "A new turn starts with no maneuver made: one land and one naval maneuver again",
          ["napoleon.turn.order", "napoleon.basic.turn", "napoleon.maneuver.land",
           "napoleon.maneuver.naval", "napoleon.reinforce.territories", "napoleon.reinforce.routes"],
          players=2, variant=V, map=LINE)
def fresh_turn(b: Any) -> None:
    _pos(b, {"a1": (0, 3), "a2": (0, 1), "b1": (1, 2), "b2": (NEUTRAL + 1, 1), "far": (NEUTRAL, 1)},
         {"z1": (0, 2), "z2": (0, 1)}, phase="maneuver", current=1)
    # (2 territories + 2 zones) // 3 is below the minimum of 3; west 2 and the route 4 on top
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 0, "turn": 2,
                                      "pending": {"to_place": 9}})
    for k in range(9):
        after: dict = {"territories": {"a1": {"armies": 4 + k}}, "pending": {"to_place": 8 - k}}
        if k == 8:
            after = {"territories": {"a1": {"armies": 12}}, "phase": "attack", "pending": {}}
        b.do({"type": "place", "territory": "a1"}, state=after)
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.do(_m("a1", "a2", 5), state={"territories": {"a1": {"armies": 7}, "a2": {"armies": 6}}},
         explain="the land maneuver of this turn: none was made yet")
    b.do(_m("z1", "z2", 1), state={"zones": {"z1": {"ships": 1}, "z2": {"ships": 2}}},
         explain="and the naval maneuver")


# ================================================================ seat 0 defends
@scenario("napoleon.effects.defence-extra-die.301",
          "Player 1 defends: a defence card of player 1 opens its window and adds a die",
          ["napoleon.effects.defence-extra-die", "napoleon.combat.dice",
           "napoleon.cards.effect-icons"], players=2, variant=V, map=EFFECT_DICE)
def seat0_defends(b: Any) -> None:
    from riskspec.conformance.cases_napoleon_effects import _pos as _epos
    _epos(b, {"a1": (0, 1), "a2": (0, 3), "b1": (1, 4), "b2": (1, 1), "far": (NEUTRAL, 1)},
          current=1, hands={0: ["c-b2"]})
    b.attack("b1", "a2", 3, state={"phase": "defend", "pending": {"chooser": 0}},
             legal_excludes=[{"type": "defend", "dice": 3}],
             explain="player 1 (seat 0) defends a2 with 3 regiments and holds a defence card: "
                     "it chooses its dice, 1 or 2, or plays the card first")
    b.do({"type": "play-card", "card": "c-b2"}, state={"players": [{"cards": 0}, {}, {}, {}, {}, {}]},
         legal_includes=[{"type": "defend", "dice": 3}])
    b.defend(3, state={"phase": "battle", "pending": {"defender_dice": 3}})
    b.roll([6, 6, 6], [1, 1, 1], state={"phase": "occupy", "territories": {"a2": {"owner": 1, "armies": 0}}})


@scenario("napoleon.combat.dice.301",
          "Player 1 defends its own territory: it chooses one or two dice",
          ["napoleon.combat.dice"], players=2, variant=V, map=LINE)
def seat0_chooses(b: Any) -> None:
    _pos(b, {"a1": (0, 1), "a2": (0, 2), "b1": (1, 4), "b2": (1, 1), "far": (NEUTRAL, 1)},
         current=1)
    b.attack("b1", "a2", 3, state={"phase": "defend", "pending": {"chooser": 0}},
             legal=[{"type": "defend", "dice": 1}, {"type": "defend", "dice": 2}])


# ================================================================ dice after an epidemic loss
@scenario("napoleon.combat.epidemic-loss.301",
          "The regiment an epidemic takes cannot roll: dice are counted after the loss",
          ["napoleon.combat.epidemic-loss", "napoleon.combat.dice"], players=3,
          variant="napoleon-advanced", map=LINE, negative=True)
def dice_after_loss(b: Any) -> None:
    from riskspec.conformance.cases_napoleon_effects import _pos as _epos
    _epos(b, {"a1": (0, 4), "a2": (1, 3), "b1": (2, 3), "b2": (1, 1), "far": (1, 1)},
          epidemics={"a2": 1})
    b.reject(_a("a1", "a2", 3), "dice", rule="napoleon.combat.epidemic-loss",
             explain="a1's 4 regiments lose one to a2's epidemic before the battle: 3 are left, "
                     "so at most 2 dice")
    b.attack("a1", "a2", 2, state={"phase": "defend", "territories": {"a1": {"armies": 3}}},
             events=[{"type": "epidemic-attack-loss", "territory": "a1", "armies": 1}])


# ================================================================ claims
DIST = "napoleon.amb.basic-distribution"


@scenario("napoleon.setup.claim.301",
          "Reading claim: player 1's territory cannot be claimed again; a claim puts one regiment",
          ["napoleon.setup.claim", "napoleon.basic.deal", DIST], players=2, variant=V, map=LINE,
          options={DIST: "claim"}, negative=True,
          synthetic=(["$.players[*].reserve"], "starting regiments cut short so that setup on "
                     "the small test board ends in a few steps"))
def claim_taken(b: Any) -> None:
    from riskspec.conformance.cases_napoleon_readings import _players, _setup
    land = {"a1": (0, 1), "a2": (None, 0), "b1": (None, 0), "b2": (NEUTRAL, 1), "far": (NEUTRAL + 1, 1)}
    _setup(b, land, [3, 3, 1, 1, 0, 0], phase="claim", current=1)
    b.reject({"type": "claim", "territory": "a1"}, "occupied", rule="napoleon.setup.claim",
             explain="a1 already holds player 1's regiment")
    b.do({"type": "claim", "territory": "a2"},
         events=[{"type": "claimed", "player": 1, "territory": "a2", "armies": 1}],
         state={"current": 0, "territories": {"a2": {"owner": 1, "armies": 1}},
                "players": _players({}, {"reserve": 2})})


# ================================================================ mission conditions: capitals, units in places
def _more_cards() -> list[dict]:
    from riskspec.conformance.cases_napoleon_missions import _card
    return [
        _card("ships-z1", 1, "end", {"hold_units": {"kind": "ships", "count": 1, "in": ["z1"]}}, 1),
        _card("regiments-a1-z1", 2, "end",
              {"hold_units": {"kind": "regiments", "count": 2, "in": ["a1", "z1"]}}, 2),
        _card("named-b1-far", 3, "end", {"hold_named": {"places": ["b1", "far"]}}, 3),
    ]


UNITS = _edge_deck(_more_cards())


@scenario("napoleon.missions.check.103",
          "Units counted where a mission says: ships in the first zone, regiments on land only",
          ["napoleon.missions.check"], players=3, variant="napoleon-advanced", map=LINE,
          missions=UNITS)
def missions_units(b: Any) -> None:
    from riskspec.conformance.cases_napoleon_missions import _pos as _mpos
    _mpos(b, {"a1": (0, 1), "a2": (1, 1), "b1": (0, 1), "b2": (2, 1), "far": (0, 1)},
          {"z1": (0, 1)}, held={0: ["ships-z1", "regiments-a1-z1", "named-b1-far"]},
          decks={1: [], 2: [], 3: [], 4: []}, phase="maneuver", current=0, turn=2)
    b.do({"type": "end-turn"},
         explain="One ship in z1: 'ships-z1' is met. a1 holds 1 regiment and z1's ship is no "
                 "regiment: 1 of 2, not met. b1 and far hold one regiment each (at least one is "
                 "asked): met. 1 + 3 points; cards: one for the missions, one for far's empire.",
         events=[{"type": "mission-completed", "player": 0, "mission": m, "level": lv, "vp": lv,
                  "at": "end"} for m, lv in (("ships-z1", 1), ("named-b1-far", 3))],
         state={"phase": "draw", "pending": {"left": 2},
                "players": [{"vp": 4, "missions": ["regiments-a1-z1"],
                             "missions_completed": ["ships-z1", "named-b1-far"]}, {}, {}]})


def _capital_cards() -> list[dict]:
    from riskspec.conformance.cases_napoleon_missions import _card
    return [
        _card("capitals-w1-two", 1, "end", {"control_capitals": {"capitals": ["w1"], "count": 2}}, 1),
        _card("capitals-three", 2, "end", {"control_capitals": {"count": 3}}, 2),
        _card("regiments-w1-w2-n1", 3, "end",
              {"hold_units": {"kind": "regiments", "count": 3, "in": ["w1", "w2", "n1"]}}, 3),
    ]


CAPITAL_MISSIONS = _edge_deck(_capital_cards())


@scenario("napoleon.missions.check.104",
          "Capitals held for a mission: a named capital and a count, met exactly and one short",
          ["napoleon.missions.check"], players=3, variant="napoleon-advanced", map=CAPITALS,
          missions=CAPITAL_MISSIONS)
def missions_capitals(b: Any) -> None:
    from riskspec.conformance.cases_napoleon_missions import _pos as _mpos
    land = {"w1": (0, 2), "w2": (0, 1), "w3": (0, 1), "w4": (1, 1), "e1": (0, 1), "e2": (1, 1),
            "e3": (1, 1), "e4": (2, 1), "n1": (1, 1), "n2": (2, 1), "n3": (2, 1)}
    _mpos(b, land, held={0: ["capitals-w1-two", "capitals-three", "regiments-w1-w2-n1"]},
          decks={1: [], 2: [], 3: [], 4: []}, phase="maneuver", current=0, turn=2)
    b.do({"type": "end-turn"},
         explain="Player 1 holds the capitals w1 and e1: 'w1 and two capitals' is met, 'three "
                 "capitals' is not. w1 and w2 hold 2 + 1 regiments of player 1 (n1 is player 2's): "
                 "3, met. 1 + 3 points and one card for the missions (no whole empire).",
         events=[{"type": "mission-completed", "player": 0, "mission": m, "level": lv, "vp": lv,
                  "at": "end"} for m, lv in (("capitals-w1-two", 1), ("regiments-w1-w2-n1", 3))],
         state={"phase": "draw", "pending": {"left": 1},
                "players": [{"vp": 4, "missions": ["capitals-three"],
                             "missions_completed": ["capitals-w1-two", "regiments-w1-w2-n1"]},
                            {}, {}]})


# ================================================================ a die bonus lasts one roll
@scenario("napoleon.effects.attack-die-bonus.301",
          "An attack die bonus is used up by the next roll: the roll after it has none",
          ["napoleon.effects.attack-die-bonus", "napoleon.combat.compare"], players=2, variant=V,
          map=EFFECT_DICE)
def bonus_one_roll(b: Any) -> None:
    from riskspec.conformance.cases_napoleon_effects import _dice
    _dice(b, hands={0: ["c-a1"]}, turn=2)
    b.do({"type": "play-card", "card": "c-a1"}, state={"players": [{"cards": 0}, {}, {}, {}, {}, {}]})
    b.attack("b1", "a2", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # 5 + 1 beats 5; 2 loses to 3
    b.roll([5, 2, 1], [5, 3], state={"phase": "attack", "territories": {"a2": {"armies": 1}, "b1": {"armies": 3}}})
    b.attack("b1", "a2", 2, state={"phase": "battle", "pending": {"defender_dice": 1}})
    b.roll([5, 1], [5], state={"phase": "attack", "territories": {"b1": {"armies": 2}}},
           explain="no bonus any more: 5 against 5, the defender wins the tie")


@scenario("napoleon.effects.defence-die-bonus.301",
          "A defence die bonus is used up by the next roll its player defends",
          ["napoleon.effects.defence-die-bonus", "napoleon.combat.compare"], players=2, variant=V,
          map=EFFECT_DICE)
def defence_bonus_one_roll(b: Any) -> None:
    from riskspec.conformance.cases_napoleon_effects import _dice
    _dice(b, a2=3, b1=5, hands={1: ["c-b1"]}, turn=2)
    b.attack("b1", "a2", 3, state={"phase": "defend"})
    b.do({"type": "play-card", "card": "c-b1"}, state={"players": [{}, {"cards": 0}, {}, {}, {}, {}]})
    b.defend(2, state={"phase": "battle"})
    # the bonus lifts the defender's 5 to 6: 6 against 6 and 4 against 4, both to the defender
    b.roll([6, 4, 1], [5, 4], state={"phase": "attack", "territories": {"b1": {"armies": 3}}})
    b.attack("b1", "a2", 2, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 4], [5, 4], state={"phase": "attack", "territories": {"b1": {"armies": 2}, "a2": {"armies": 2}}},
           explain="no bonus any more: 6 beats 5, 4 against 4 goes to the defender")


@scenario("napoleon.effects.defence-die-bonus.302",
          "Player 1 defending plays a defence die bonus: its highest die counts 1 more",
          ["napoleon.effects.defence-die-bonus", "napoleon.cards.effect-icons"], players=2,
          variant=V, map=EFFECT_DICE)
def seat0_defence_bonus(b: Any) -> None:
    from riskspec.conformance.cases_napoleon_effects import _pos as _epos
    _epos(b, {"a1": (0, 1), "a2": (0, 3), "b1": (1, 5), "b2": (1, 1), "far": (NEUTRAL, 1)},
          current=1, hands={0: ["c-b1"]})
    b.attack("b1", "a2", 3, state={"phase": "defend", "pending": {"chooser": 0}})
    b.do({"type": "play-card", "card": "c-b1"}, state={"players": [{"cards": 0}, {}, {}, {}, {}, {}]})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 4, 1], [5, 4], state={"phase": "attack", "territories": {"b1": {"armies": 3}}},
           explain="player 1's 5 counts 6: 6 against 6 and 4 against 4, both to the defender")


# ================================================================ an empty territory kept by its owner
@scenario("napoleon.combat.empty-territory.301",
          "Under keeps-owner an owned territory without regiments is entered, never attacked",
          ["napoleon.combat.empty-territory"], players=3, variant="napoleon-advanced", map=LINE,
          options={"napoleon.amb.empty-territory-control": "keeps-owner"})
def kept_empty(b: Any) -> None:
    _apos(b, {"a1": (0, 3), "a2": (1, 1), "b1": (1, 1), "b2": (2, 1), "far": (1, 1)})
    b.load({**b.start, "territories": {**b.start["territories"],
                                       "a2": {**b.start["territories"]["a2"], "armies": 0}}})
    b.check(legal=[{"type": "invade", "from": "a1", "to": "a2", "armies": 1},
                   {"type": "invade", "from": "a1", "to": "a2", "armies": 2},
                   {"type": "end-attack"}],
            explain="a2 is still player 2's but holds no regiment (emptied by an epidemic): a1 "
                    "moves 1 or 2 regiments in without a battle; a1's only neighbour is a2")


# ================================================================ a zone attacking itself
@scenario("napoleon.naval.forced-combat.301",
          "An attack of a zone on itself is only the forced battle of ships built there",
          ["napoleon.naval.forced-combat"], players=2, variant=V, map=LINE, negative=True)
def no_forced_battle(b: Any) -> None:
    _pos(b, {"a1": (0, 2), "a2": (0, 1), "b1": (1, 2), "b2": (1, 1), "far": (NEUTRAL, 1)},
         {"z1": (0, 3), "z2": (1, 1)})
    b.reject(_a("z1", "z1", 1), "no-forced-combat", rule="napoleon.naval.forced-combat",
             explain="no ship was built among another player's ships this turn")


# ================================================================ a zone conquered earns no card
@scenario("napoleon.end-of-turn.draws.301",
          "A zone taken at sea is no invasion: the turn's only card is for the whole empire held",
          ["napoleon.end-of-turn.draws", "napoleon.naval.battle-rules", "napoleon.combat.elimination"],
          players=2, variant=V, map=LINE)
def zone_no_card(b: Any) -> None:
    _pos(b, {"a1": (0, 1), "a2": (1, 1), "b1": (0, 1), "b2": (0, 1), "far": (NEUTRAL, 1)},
         {"z2": (0, 3), "z3": (1, 1)})
    b.attack("z2", "z3", 2, state={"phase": "battle", "pending": {"defender_dice": 1}})
    b.roll([6, 5], [1], state={"phase": "occupy", "zones": {"z3": {"owner": 0, "ships": 0}}},
           explain="player 2 keeps a2: losing its only zone does not eliminate it")
    b.do({"type": "occupy", "armies": 2}, state={"phase": "attack",
                                                 "zones": {"z2": {"ships": 1}, "z3": {"ships": 2}}})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": 1}},
         explain="zones do not count as invasions (napoleon.end-of-turn.draws (a)); b1 and b2 are "
                 "the whole east empire (c): one card")


def _count_cards() -> list[dict]:
    from riskspec.conformance.cases_napoleon_missions import _card
    return [
        _card("two-territories", 1, "end", {"hold_territories": {"count": 2}}, 1),
        _card("three-territories", 2, "end", {"hold_territories": {"count": 3}}, 2),
        _card("a1-and-b1", 3, "end", {"hold_named": {"places": ["a1", "b1"]}}, 3),
    ]


COUNTS = _edge_deck(_count_cards())


@scenario("napoleon.missions.check.105",
          "Territories counted for a mission: one regiment is enough, only the player's count",
          ["napoleon.missions.check"], players=3, variant="napoleon-advanced", map=LINE,
          missions=COUNTS)
def missions_counts(b: Any) -> None:
    from riskspec.conformance.cases_napoleon_missions import _pos as _mpos
    _mpos(b, {"a1": (0, 1), "a2": (1, 3), "b1": (0, 1), "b2": (2, 3), "far": (1, 3)},
          held={0: ["two-territories", "three-territories", "a1-and-b1"]},
          decks={1: [], 2: [], 3: [], 4: []}, phase="maneuver", current=0, turn=2)
    b.do({"type": "end-turn"},
         explain="Player 1 holds a1 and b1, one regiment each: two territories (met), not three "
                 "(the others' count for nothing), a1 and b1 (met). 1 + 3 points, one card.",
         events=[{"type": "mission-completed", "player": 0, "mission": m, "level": lv, "vp": lv,
                  "at": "end"} for m, lv in (("two-territories", 1), ("a1-and-b1", 3))],
         state={"phase": "draw", "pending": {"left": 1},
                "players": [{"vp": 4, "missions": ["three-territories"],
                             "missions_completed": ["two-territories", "a1-and-b1"]}, {}, {}]})


# ================================================================ ransom
@scenario("napoleon.leaders.ransom.301",
          "Every choice of a reinforcement phase with two generals captive by two players",
          ["napoleon.leaders.ransom", "napoleon.reinforce.purchases", "napoleon.units.generals",
           "napoleon.units.admirals", "napoleon.units.ships", "napoleon.units.fortifications"],
          players=3, variant="napoleon-advanced", map=LINE,
          options={"napoleon.amb.ransom": "all-generals-captured"})
def ransom_choices(b: Any) -> None:
    from riskspec.conformance.cases_napoleon_leaders import REINF
    _apos(b, {"a1": (0, 4), "a2": (1, 2), "b1": (0, 1), "b2": (2, 1), "far": (1, 1)},
          zones={"z1": (0, 2)}, prisoners={(1, 0, "generals"): 1, (2, 0, "generals"): 1},
          phase="reinforce", pending=REINF)
    # each captor holds one general (prisoner_generals agrees with the prisoners table)
    b.load({**b.start, "players": [{**p, "prisoner_generals": [0, 1, 1][i]}
                                   for i, p in enumerate(b.start["players"])]})
    legal: list[dict[str, Any]] = [{"type": "buy-admiral", "zone": "z1"}]
    for t in ("a1", "b1"):
        legal += [{"type": "buy-general", "territory": t}, {"type": "buy-fortification", "territory": t}]
    legal += [{"type": "buy-ship", "zone": "z1"}]
    legal += [{"type": "place", "territory": t} for t in ("a1", "b1")]
    legal += [{"type": "ransom", "leader": "general", "captor": c, "place": t}
              for c in (1, 2) for t in ("a1", "b1")]
    b.check(legal=legal,
            explain="3 regiments to place on a1 or b1 or to spend: a general or a fortification "
                    "on either, an admiral to z1's ships, a ship in z1 (the only zone on player "
                    "1's coasts: a1's), or a ransom of either captive general, "
                    "from player 2 or player 3, back to a1 or b1")
    b.do({"type": "ransom", "leader": "general", "captor": 2, "place": "b1"},
         events=[{"type": "ransomed", "player": 0, "captor": 2, "leader": "general", "place": "b1"}],
         state={"phase": "ransom", "pending": {"captor": 2, "left": 1, "to_place": 2},
                "territories": {"b1": {"generals": 1}},
                "players": [{"captive_generals": 1},
                            {"prisoners": {"generals": [1, 0, 0]}, "prisoner_generals": 1},
                            {"prisoners": {"generals": [0, 0, 0]}, "prisoner_generals": 0}]},
         legal=[{"type": "place", "territory": "b2"}])
    b.do({"type": "place", "territory": "b2"},
         state={"phase": "reinforce", "current": 0, "pending": {"to_place": 2},
                "territories": {"b2": {"armies": 2}}})


# ================================================================ rolls and moving in
@scenario("napoleon.combat.dice.302",
          "A roll must bring the dice declared on both sides",
          ["napoleon.combat.dice"], players=2, variant=V, map=LINE, negative=True)
def roll_counts(b: Any) -> None:
    _pos(b, {"a1": (0, 4), "a2": (1, 1), "b1": (1, 1), "b2": (1, 1), "far": (NEUTRAL, 1)})
    b.attack("a1", "a2", 3, state={"phase": "battle", "pending": {"defender_dice": 1}})
    b.reject({"type": "roll", "attacker": [6, 5], "defender": [1]}, "dice", rule="napoleon.combat.dice",
             explain="three attack dice were declared")
    b.reject({"type": "roll", "attacker": [6, 5, 4], "defender": [2, 1]}, "dice", rule="napoleon.combat.dice",
             explain="a2 holds one regiment: one defence die")


@sc("combat.conquest.301",
    "Moving in after a conquest: every regiment but one may go, and the general along",
    ["napoleon.combat.conquest", "napoleon.leaders.accompany"])
def occupy_most(b: Any) -> None:
    _apos(b, {"a1": (0, 5), "a2": (1, 1), "b1": (2, 1), "b2": (2, 1), "far": (1, 1)}, gen={"a1": 1})
    b.attack("a1", "a2", 3, state={"phase": "battle", "pending": {"defender_dice": 1}})
    b.roll([6, 2, 1], [1], state={"phase": "occupy", "territories": {"a2": {"owner": 0, "armies": 0}}})
    b.check(legal_includes=[{"type": "occupy", "armies": 4, "leaders": 1}],
            legal_excludes=[{"type": "occupy", "armies": 5}, {"type": "occupy", "armies": 4, "leaders": 2}])
    b.do({"type": "occupy", "armies": 4, "leaders": 1},
         state={"phase": "attack", "territories": {"a1": {"armies": 1, "generals": 0},
                                                   "a2": {"armies": 4, "generals": 1}}})


# ================================================================ a new turn: generals fresh, nothing ransomed yet
SCOPE = "napoleon.amb.general-attack-scope"


@scenario("napoleon.combat.general-bonus.301",
          "Reading one-battle: at the start of a turn every general has its battle still to come",
          ["napoleon.combat.general-bonus", "napoleon.leaders.ransom", "napoleon.turn.order"],
          players=3, variant="napoleon-advanced", map=LINE,
          options={SCOPE: "one-battle", "napoleon.amb.card-table": "ignore"})
def fresh_generals(b: Any) -> None:
    _apos(b, {"a1": (0, 4), "a2": (1, 2), "b1": (2, 1), "b2": (1, 1), "far": (1, 1)},
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


# ================================================================ the end of a turn: the pile, the round
@scenario("napoleon.cards.reshuffle.301",
          "No card owed, no reshuffle: an empty draw pile stays empty when nobody draws",
          ["napoleon.cards.reshuffle", "napoleon.end-of-turn.draws"], players=2, variant=V, map=LINE,
          synthetic=(["$.discards", "$.draw_pile"], "the whole deck put in the discards at the "
                     "first game turn, so that the pile is empty"))
def no_reshuffle(b: Any) -> None:
    from riskspec.conformance.cases_napoleon_rules import DECK
    def edit(d: dict) -> None:
        d["draw_pile"], d["discards"] = [], list(DECK)
        d["turn_flags"].setdefault("land_attacked", False)
        d["turn_flags"].setdefault("naval_moves", 0)
    b.position({"a1": (0, 2), "a2": (1, 1), "b1": (0, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
               phase="maneuver", edit=edit)
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 1, "pending": {"to_place": 3},
                                      "draw_pile": [], "discards": list(DECK)},
         explain="player 1 invaded nothing and holds no whole empire or route: no card is owed, "
                 "so the discards are not shuffled into a new pile")


@scenario("napoleon.turn.order.302",
          "A game turn ends when play comes back to the first player, whoever that is",
          ["napoleon.turn.order"], players=2, variant=V, map=LINE)
def round_from_seat_1(b: Any) -> None:
    _pos(b, {"a1": (0, 2), "a2": (1, 1), "b1": (0, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
         phase="maneuver", current=0, first_player=1)
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 1, "turn": 2,
                                      "pending": {"to_place": 3}},
         explain="player 2 played first: after player 1's turn the second game turn begins")


# ================================================================ an epidemic moves onto a single regiment
@scenario("napoleon.epidemics.relocate.301",
          "An emptied territory's epidemic moves onto a territory with a single regiment, the first of the map",
          ["napoleon.epidemics.relocate", "napoleon.epidemics.phase-loss"], players=3,
          variant="napoleon-advanced", map=EFFECT_REIN, options={"napoleon.amb.card-table": "ignore"})
def relocate_onto_one(b: Any) -> None:
    from riskspec.conformance.cases_napoleon_effects import _draws
    from riskspec.conformance.cases_napoleon_effects import _pos as _epos
    from riskspec.conformance.cases_napoleon_rules import DECK
    _epos(b, {"a1": (1, 1), "a2": (0, 1), "b1": (2, 3), "b2": (0, 2), "far": (1, 2)},
          epidemics={"a2": 1}, phase="maneuver")
    b.do({"type": "end-turn"},
         state={"phase": "epidemics", "pending": {"left": 1, "moving": True},
                "territories": {"a2": {"owner": None, "armies": 0, "epidemics": 0}}},
         outcomes=_draws(tuple(DECK)))
    b.do({"type": "draw", "card": "c-a1"},
         explain="a1 holds one regiment (player 2's): the epidemic goes there and strikes only in "
                 "player 2's epidemic phase; player 2's turn begins (far, a whole empire, scores 1; "
                 "a1 and far: the minimum of 3, far's empire 1 more)",
         state={"phase": "reinforce", "current": 1, "discards": ["c-a1"], "players": [{}, {"vp": 1}, {}],
                "draw_pile": ["c-a2", "c-b1", "c-b2", "c-far", "c-x"], "pending": {"to_place": 4},
                "territories": {"a1": {"epidemics": 1}}},
         events=[{"type": "epidemic-card-drawn", "card": "c-a1", "territory": "a1"},
                 {"type": "epidemic", "territory": "a1"}])


@sc("maneuver.leaders.301",
    "A general with a single regiment moves alone; an admiral takes its one fresh ship to an empty zone",
    ["napoleon.maneuver.leaders", "napoleon.leaders.accompany", "napoleon.maneuver.naval"])
def lone_general(b: Any) -> None:
    _apos(b, {"a1": (0, 1), "a2": (0, 2), "b1": (1, 1), "b2": (2, 1), "far": (1, 1)},
          gen={"a1": 1}, zones={"z1": (0, 2)}, adm={"z1": 1})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.check(legal=[_m("a1", "a2", 0, 1, True), _m("a2", "a1", 1),
                   _m("z1", "z2", 1), _m("z1", "z2", 1, 1), _m("z1", "z2", 1, 1, True),
                   {"type": "end-turn"}],
            explain="a1's one regiment must stay: its general moves alone to a2 (which has "
                    "regiments). z1 holds 2 ships and an admiral: one ship may sail to the empty "
                    "z2, the admiral with it or not, or by the admiral's own maneuver; the "
                    "admiral may not sail alone into the empty z2 (must-join)")
    b.do(_m("z1", "z2", 1, 1, True),
         state={"zones": {"z1": {"ships": 1, "admirals": 0}, "z2": {"owner": 0, "ships": 1, "admirals": 1}}})

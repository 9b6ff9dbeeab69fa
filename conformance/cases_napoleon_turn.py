"""Scenarios: Risk Napoléon — the turn, the time track and the final scoring
(napoleon.turn.*, napoleon.scoring.*, napoleon.end-of-turn.*), on small purpose-built maps
(see cases_napoleon).

The turn order and the game turn it closes, the fifth game turn's end (by the seat before
the first player's, by a lone survivor), the winner and the tie-breaks, zones in the
territory count, and the end-of-turn draws (a zone entered earns none).
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon import LINE, NEUTRAL, V
from riskspec.conformance.cases_napoleon import _pos as _bpos
from riskspec.conformance.cases_napoleon_leaders import _pos as _lpos
from riskspec.conformance.cases_napoleon_leaders import sc
from riskspec.conformance.cases_napoleon_missions import EDGE
from riskspec.conformance.cases_napoleon_missions import _pos as _mpos
from riskspec.conformance.lineboard import advanced_sc, maneuver
from riskspec.conformance.scenario import scenario


@scenario("napoleon.turn.order.301",
          "A new turn starts with no maneuver made: one land and one naval maneuver again",
          ["napoleon.turn.order", "napoleon.basic.turn", "napoleon.maneuver.land",
           "napoleon.maneuver.naval", "napoleon.reinforce.territories", "napoleon.reinforce.routes"],
          players=2, variant=V, map=LINE)
def fresh_turn(b: Any) -> None:
    _bpos(b, {"a1": (0, 3), "a2": (0, 1), "b1": (1, 2), "b2": (NEUTRAL + 1, 1), "far": (NEUTRAL, 1)},
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
    b.do(maneuver("a1", "a2", 5), state={"territories": {"a1": {"armies": 7}, "a2": {"armies": 6}}},
         explain="the land maneuver of this turn: none was made yet")
    b.do(maneuver("z1", "z2", 1), state={"zones": {"z1": {"ships": 1}, "z2": {"ships": 2}}},
         explain="and the naval maneuver")


@scenario("napoleon.turn.order.302",
          "A game turn ends when play comes back to the first player, whoever that is",
          ["napoleon.turn.order"], players=2, variant=V, map=LINE)
def round_from_seat_1(b: Any) -> None:
    _bpos(b, {"a1": (0, 2), "a2": (1, 1), "b1": (0, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
          phase="maneuver", current=0, first_player=1)
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 1, "turn": 2,
                                      "pending": {"to_place": 3}},
         explain="player 2 played first: after player 1's turn the second game turn begins")


@advanced_sc("napoleon.turn.time-track.501", "The fifth game turn ends with the seat before the "
             "first player's: the game is over", ["napoleon.turn.time-track", "napoleon.turn.order",
                                                  "napoleon.scoring.winner"])
def last_round_from_first(b):
    # seat 1 began each game turn: the order is 1, 2, 0, so seat 0's end of turn closes the
    # fifth; seat 0 scores nothing for its one territory, player 2 has the most points
    _lpos(b, {"a1": (0, 2), "a2": (1, 2), "b1": (1, 2), "b2": (2, 2), "far": (1, 2)},
          phase="maneuver", current=0, turn=5, first_player=1, vp={1: 1, 2: 3})
    b.do({"type": "end-turn"}, state={"phase": "game-over", "winner": 2, "turn": 5},
         events=[{"type": "victory", "player": 2, "players": [2], "rule": "napoleon.scoring.winner"}])


@advanced_sc("napoleon.turn.time-track.502", "The last player left still plays one turn per game "
             "turn: the game ends after its fifth",
             ["napoleon.turn.time-track", "napoleon.combat.elimination", "napoleon.scoring.winner"])
def sole_survivor(b):
    # players 1 and 2 lost their last territories to seat 0, and epidemics later emptied
    # a2, b2 and far (held by nobody); an eliminated player keeps its points and can still
    # win: player 1 has 2, seat 0 none,
    # and seat 0's two territories score (2 + 0) // 3 = 0 at the end of its fifth turn
    _lpos(b, {"a1": (0, 2), "a2": (None, 0), "b1": (0, 2), "b2": (None, 0), "far": (None, 0)},
          phase="maneuver", current=0, turn=5, vp={1: 2})
    b.do({"type": "end-turn"}, state={"phase": "game-over", "winner": 1, "turn": 5},
         events=[{"type": "victory", "player": 1, "players": [1], "rule": "napoleon.scoring.winner"}])


@sc("scoring.winner.301", "Most victory points after the fifth turn: a sole winner, no tie-break",
    ["napoleon.scoring.winner"])
def sole_winner(b: Any) -> None:
    _lpos(b, {"a1": (0, 1), "far": (0, 1), "b1": (1, 4), "b2": (1, 4), "a2": (2, 1)},
          vp={0: 3, 1: 2}, phase="maneuver", current=2, turn=5)
    b.do({"type": "end-turn"},
         explain="Player 1 has 3 points, player 2 two (and more regiments, which do not matter).",
         state={"phase": "game-over", "winner": 0},
         events=[{"type": "victory", "player": 0, "players": [0], "rule": "napoleon.scoring.winner"}])


TIE = "napoleon.amb.tie-break"


@sc("scoring.tie-break.301",
    "Reading all-units: a ship, a general and an admiral each count one regiment — a shared tie",
    ["napoleon.scoring.tie-break", "napoleon.scoring.winner", TIE], reading=(TIE, "all-units"))
def tie_all_units_exact(b: Any) -> None:
    # player 1: 5 regiments; player 2: 2 regiments, one ship (with an admiral), one general
    _lpos(b, {"a1": (0, 4), "far": (0, 1), "b1": (1, 1), "b2": (1, 1), "a2": (2, 1)},
          zones={"z3": (1, 1)}, gen={"b2": 1}, adm={"z3": 1}, vp={0: 2, 1: 2},
          phase="maneuver", current=2, turn=5)
    b.do({"type": "end-turn"},
         explain="Game turn 5 ends. Players 1 and 2 tie on 2 points; at a regiment each, "
                 "player 2's ship, general and admiral bring 2 regiments to 5, player 1's "
                 "count: tied again, neither completed a mission — they share the victory.",
         state={"phase": "game-over", "winner": 0, "co_winners": [0, 1]},
         events=[{"type": "victory", "player": 0, "players": [0, 1],
                  "rule": "napoleon.scoring.tie-break"}])


@scenario("napoleon.scoring.tie-break.302",
          "Tied on points: the most regiments wins before the most missions completed",
          ["napoleon.scoring.tie-break"], players=3, variant="napoleon-advanced", map=LINE,
          missions=EDGE)
def tie_regiments_first(b: Any) -> None:
    _mpos(b, {"a1": (0, 3), "far": (0, 1), "b1": (1, 1), "b2": (1, 2), "a2": (2, 1)},
          done={1: ["met-1", "met-2"]}, vp={0: 3, 1: 3}, decks={1: [], 2: [], 3: [], 4: []},
          phase="maneuver", current=2, turn=5)
    b.do({"type": "end-turn"},
         explain="Players 1 and 2 tie on 3 points; player 1 has 4 regiments, player 2 three "
                 "(but two missions completed, which only count after regiments).",
         state={"phase": "game-over", "winner": 0},
         events=[{"type": "victory", "player": 0, "players": [0], "rule": "napoleon.scoring.tie-break"}])


@advanced_sc("napoleon.scoring.territories.501", "The last turn's count adds maritime zones to "
             "territories before dividing by three", ["napoleon.scoring.territories"])
def zones_counted(b):
    # seat 0 ends its 5th turn with 2 territories and 2 zones (no route, no empire):
    # (2 + 2) // 3 = 1 point
    _lpos(b, {"a1": (0, 2), "a2": (1, 2), "b1": (0, 2), "b2": (1, 2), "far": (2, 2)},
          zones={"z1": (0, 1), "z3": (0, 1)}, phase="maneuver", current=0, turn=5)
    b.do({"type": "end-turn"},
         events=[{"type": "victory-points", "player": 0, "vp": 1, "for": "territories"}],
         state={"current": 1, "turn": 5, "phase": "reinforce", "players": [{"vp": 1}, {}, {}]})


@scenario("napoleon.end-of-turn.draws.301",
          "A zone taken at sea is no invasion: the turn's only card is for the whole empire held",
          ["napoleon.end-of-turn.draws", "napoleon.naval.battle-rules", "napoleon.combat.elimination"],
          players=2, variant=V, map=LINE)
def zone_no_card(b: Any) -> None:
    _bpos(b, {"a1": (0, 1), "a2": (1, 1), "b1": (0, 1), "b2": (0, 1), "far": (NEUTRAL, 1)},
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


def _two_cards(b: Any) -> None:
    def edit(d: dict) -> None:
        d["turn_flags"].update(land_attacked=True, naval_moves=0, empty_invaded=True)
    # seat 0 holds the whole west; this turn it took a territory from another player and
    # also walked into an empty one (flags conquered and empty_invaded)
    b.position({"a1": (0, 2), "a2": (0, 2), "b1": (1, 2), "b2": (2, 2), "far": (1, 2)},
               phase="maneuver", current=0, turn=2, conquered=True, edit=edit)


@advanced_sc("napoleon.end-of-turn.draws.501", "An invasion and a whole empire earn two cards, "
             "an empty territory entered the same turn taking none away",
             ["napoleon.end-of-turn.draws", "napoleon.amb.empty-territory-card"])
def two_cards(b):
    _two_cards(b)
    pile = ["c-a1", "c-a2", "c-b1", "c-b2", "c-far", "c-x"]
    b.do({"type": "end-turn"}, state={"phase": "draw", "current": 0, "pending": {"left": 2}},
         outcomes=[{"outcome": {"type": "draw", "card": c}, "p": "1/6"} for c in pile])
    b.do({"type": "draw", "card": "c-b1"},
         state={"phase": "draw", "current": 0, "pending": {"left": 1},
                "players": [{"cards": ["c-b1"]}, {}, {}]})
    b.do({"type": "draw", "card": "c-far"},
         state={"phase": "reinforce", "current": 1,
                "players": [{"cards": ["c-b1", "c-far"]}, {"vp": 1}, {}]},
         explain="player 1's turn begins: far (south, a whole empire) scores 1")

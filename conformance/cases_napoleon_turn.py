"""Scenarios: Risk Napoléon — the turn, the time track and the final scoring
(napoleon.turn.*, napoleon.scoring.*, napoleon.end-of-turn.*), on the printed Europe board
(:mod:`printed`: the places a case names, every other territory held by a background seat).

The turn order and the game turn it closes, the fifth game turn's end (by the seat before
the first player's, by a lone survivor), the winner and the tie-breaks, zones in the
territory count, and the end-of-turn draws (a zone entered earns none).
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.printed import BASIC, NO_TABLE, get_board, missions_edit, pos, sc

#: the printed deck, in deck order
DECK = [c.id for c in get_board().cards]
#: the United Kingdom, a whole empire (bonus 2)
UK = ("england", "scotland", "ireland")


def maneuver(src: str, dst: str, n: int) -> dict:
    return {"type": "maneuver", "from": src, "to": dst, "armies": n}


@sc("napoleon.turn.order.301",
    "A new turn starts with no maneuver made: one land and one naval maneuver again",
    ["napoleon.turn.order", "napoleon.basic.turn", "napoleon.maneuver.land",
     "napoleon.maneuver.naval", "napoleon.reinforce.territories", "napoleon.reinforce.routes"],
    variant=BASIC)
def fresh_turn(b: Any) -> None:
    # player 1: the United Kingdom and the route to the Americas; player 2: Castile
    pos(b, {"england": (0, 3), "scotland": (0, 1), "ireland": (0, 1), "castile": (1, 2)},
        zones={"western-europe-atlantic": (0, 2), "north-sea": (0, 1), "baltic-sea": (0, 1)},
        phase="maneuver", current=1)
    # (3 territories + 3 zones) // 3 = 2 is below the minimum of 3; the United Kingdom's 2 and
    # the route to the Americas' 2 on top: 7
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 0, "turn": 2,
                                      "pending": {"to_place": 7}})
    for k in range(7):
        after: dict = {"territories": {"england": {"armies": 4 + k}}, "pending": {"to_place": 6 - k}}
        if k == 6:
            after = {"territories": {"england": {"armies": 10}}, "phase": "attack", "pending": {}}
        b.do({"type": "place", "territory": "england"}, state=after)
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.do(maneuver("england", "scotland", 5),
         state={"territories": {"england": {"armies": 5}, "scotland": {"armies": 6}}},
         explain="the land maneuver of this turn: none was made yet")
    b.do(maneuver("western-europe-atlantic", "north-sea", 1),
         state={"zones": {"western-europe-atlantic": {"ships": 1}, "north-sea": {"ships": 2}}},
         explain="and the naval maneuver")


@sc("napoleon.turn.order.302",
    "A game turn ends when play comes back to the first player, whoever that is",
    ["napoleon.turn.order"], variant=BASIC)
def round_from_seat_1(b: Any) -> None:
    pos(b, {"aquitaine": (0, 2), "brittany": (0, 1), "castile": (1, 1), "portugal": (1, 1)},
        phase="maneuver", current=0, first_player=1)
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 1, "turn": 2,
                                      "pending": {"to_place": 3}},
         explain="player 2 played first: after player 1's turn the second game turn begins "
                 "(Castile and Portugal: the minimum of 3 regiments)")


@sc("napoleon.turn.time-track.501", "The fifth game turn ends with the seat before the "
    "first player's: the game is over", ["napoleon.turn.time-track", "napoleon.turn.order",
                                         "napoleon.scoring.winner"], options=NO_TABLE)
def last_round_from_first(b: Any) -> None:
    # seat 1 began each game turn: the order is 1, 2, 0, so seat 0's end of turn closes the
    # fifth; seat 0 scores nothing for its one territory (Aquitaine), player 3 has the most
    # points
    pos(b, {"aquitaine": (0, 2), "castile": (1, 2), "portugal": (1, 2)},
        phase="maneuver", current=0, turn=5, first_player=1, vp={1: 1, 2: 3})
    b.do({"type": "end-turn"}, state={"phase": "game-over", "winner": 2, "turn": 5},
         events=[{"type": "victory", "player": 2, "players": [2], "rule": "napoleon.scoring.winner"}])


@sc("napoleon.turn.time-track.502", "The last player left still plays one turn per game "
    "turn: the game ends after its fifth",
    ["napoleon.turn.time-track", "napoleon.combat.elimination", "napoleon.scoring.winner"],
    options=NO_TABLE, background=(None, 1))
def sole_survivor(b: Any) -> None:
    # players 2 and 3 lost their last territories to seat 0, and epidemics emptied the rest
    # of the board (held by nobody); an eliminated player keeps its points and can still
    # win: player 2 has 2, seat 0 none, and seat 0's two territories (Aquitaine, Castile)
    # score (2 + 0) // 3 = 0 at the end of its fifth turn
    pos(b, {"aquitaine": (0, 2), "castile": (0, 2)}, rest=None, rest_armies=0,
        phase="maneuver", current=0, turn=5, vp={1: 2})
    b.do({"type": "end-turn"}, state={"phase": "game-over", "winner": 1, "turn": 5},
         events=[{"type": "victory", "player": 1, "players": [1], "rule": "napoleon.scoring.winner"}])


@sc("napoleon.scoring.winner.301", "Most victory points after the fifth turn: a sole winner, "
    "no tie-break", ["napoleon.scoring.winner"], background=(1, 1))
def sole_winner(b: Any) -> None:
    # player 2 holds the board but Aquitaine and Ireland (player 1) and Egypt (player 3,
    # whose end of turn closes the fifth game turn: one territory scores nothing)
    pos(b, {"aquitaine": (0, 1), "ireland": (0, 1), "egypt": (2, 1)}, rest=1,
        vp={0: 3, 1: 2}, phase="maneuver", current=2, turn=5)
    b.do({"type": "end-turn"},
         explain="Player 1 has 3 points, player 2 two (and more regiments, which do not matter).",
         state={"phase": "game-over", "winner": 0},
         events=[{"type": "victory", "player": 0, "players": [0], "rule": "napoleon.scoring.winner"}])


TIE = "napoleon.amb.tie-break"


@sc("napoleon.scoring.tie-break.301",
    "Reading all-units: a ship, a general and an admiral each count one regiment — a shared tie",
    ["napoleon.scoring.tie-break", "napoleon.scoring.winner", TIE], reading=(TIE, "all-units"),
    options={TIE: "all-units"})
def tie_all_units_exact(b: Any) -> None:
    # player 1: 5 regiments; player 2: 2 regiments, one ship in the Western Europe Atlantic
    # (with an admiral), one general in Portugal; player 3 (the rest of the board) played
    # first, so player 1's end of turn closes the fifth game turn (2 territories: no point)
    pos(b, {"aquitaine": (0, 4), "brittany": (0, 1), "castile": (1, 1), "portugal": (1, 1)},
        zones={"western-europe-atlantic": (1, 1)}, gen={"portugal": 1},
        adm={"western-europe-atlantic": 1}, vp={0: 2, 1: 2}, phase="maneuver", current=0,
        turn=5, first_player=1)
    b.do({"type": "end-turn"},
         explain="Game turn 5 ends. Players 1 and 2 tie on 2 points (player 3 has none); at a "
                 "regiment each, player 2's ship, general and admiral bring 2 regiments to 5, "
                 "player 1's count: tied again, neither completed a mission — they share the "
                 "victory.",
         state={"phase": "game-over", "winner": 0, "co_winners": [0, 1]},
         events=[{"type": "victory", "player": 0, "players": [0, 1],
                  "rule": "napoleon.scoring.tie-break"}])


@sc("napoleon.scoring.tie-break.302",
    "Tied on points: the most regiments wins before the most missions completed",
    ["napoleon.scoring.tie-break"])
def tie_regiments_first(b: Any) -> None:
    # player 3 (the rest of the board) played first: player 1's end of turn closes the fifth
    # game turn (2 territories: no point)
    pos(b, {"aquitaine": (0, 3), "brittany": (0, 1), "castile": (1, 1), "portugal": (1, 2)},
        vp={0: 3, 1: 3}, phase="maneuver", current=0, turn=5, first_player=1,
        edit=missions_edit(done={1: ["l1-north-africa", "l1-two-zones"]}))
    b.do({"type": "end-turn"},
         explain="Players 1 and 2 tie on 3 points; player 1 has 4 regiments, player 2 three "
                 "(but two missions completed, which only count after regiments).",
         state={"phase": "game-over", "winner": 0},
         events=[{"type": "victory", "player": 0, "players": [0], "rule": "napoleon.scoring.tie-break"}])


@sc("napoleon.scoring.territories.501", "The last turn's count adds maritime zones to "
    "territories before dividing by three", ["napoleon.scoring.territories"], options=NO_TABLE)
def zones_counted(b: Any) -> None:
    # seat 0 ends its 5th turn with 2 territories and 2 zones (no route, no empire):
    # (2 + 2) // 3 = 1 point
    pos(b, {"aquitaine": (0, 2), "brittany": (0, 2), "castile": (1, 2), "portugal": (1, 2)},
        zones={"western-europe-atlantic": (0, 1), "western-mediterranean": (0, 1)},
        phase="maneuver", current=0, turn=5)
    b.do({"type": "end-turn"},
         events=[{"type": "victory-points", "player": 0, "vp": 1, "for": "territories"}],
         state={"current": 1, "turn": 5, "phase": "reinforce", "players": [{"vp": 1}, {}, {}]})


@sc("napoleon.end-of-turn.draws.301",
    "A zone taken at sea is no invasion: the turn's only card is for the whole empire held",
    ["napoleon.end-of-turn.draws", "napoleon.naval.battle-rules", "napoleon.combat.elimination"],
    variant=BASIC)
def zone_no_card(b: Any) -> None:
    pos(b, {**{t: (0, 1) for t in UK}, "castile": (1, 1)},
        zones={"north-sea": (0, 3), "baltic-sea": (1, 1)})
    b.attack("north-sea", "baltic-sea", 2, state={"phase": "battle", "pending": {"defender_dice": 1}})
    b.roll([6, 5], [1], state={"phase": "occupy", "zones": {"baltic-sea": {"owner": 0, "ships": 0}}},
           explain="player 2 keeps Castile: losing its only zone does not eliminate it")
    b.do({"type": "occupy", "armies": 2},
         state={"phase": "attack", "zones": {"north-sea": {"ships": 1}, "baltic-sea": {"ships": 2}}})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": 1}},
         explain="zones do not count as invasions (napoleon.end-of-turn.draws (a)); England, "
                 "Scotland and Ireland are the whole United Kingdom (c), the North Sea and the "
                 "Baltic Sea no whole route: one card")


def _two_cards(b: Any) -> None:
    def edit(d: dict) -> None:
        d["turn_flags"].update(land_attacked=True, empty_invaded=True)
    # seat 0 holds the whole United Kingdom; this turn it took a territory from another
    # player and also walked into an empty one (flags conquered and empty_invaded); player 2
    # holds the whole of North Africa
    pos(b, {**{t: (0, 2) for t in UK}, "egypt": (1, 2), "tripolitania": (1, 2), "maghreb": (1, 2)},
        phase="maneuver", current=0, turn=2, conquered=True, edit=edit)


@sc("napoleon.end-of-turn.draws.501", "An invasion and a whole empire earn two cards, "
    "an empty territory entered the same turn taking none away",
    ["napoleon.end-of-turn.draws", "napoleon.amb.empty-territory-card"], options=NO_TABLE)
def two_cards(b: Any) -> None:
    _two_cards(b)
    b.do({"type": "end-turn"}, state={"phase": "draw", "current": 0, "pending": {"left": 2}},
         outcomes=[{"outcome": {"type": "draw", "card": c}, "p": f"1/{len(DECK)}"} for c in DECK])
    b.do({"type": "draw", "card": "card-castile"},
         state={"phase": "draw", "current": 0, "pending": {"left": 1},
                "players": [{"cards": ["card-castile"]}, {}, {}]})
    b.do({"type": "draw", "card": "card-naples"},
         state={"phase": "reinforce", "current": 1,
                "players": [{"cards": ["card-castile", "card-naples"]}, {"vp": 2}, {}]},
         explain="player 2's turn begins: North Africa, a whole empire, scores its bonus of 2")

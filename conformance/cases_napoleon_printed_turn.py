"""Napoléon on the printed board: the Advanced turn, the time track, the final scoring and the
Capitals option (napoleon.turn.*, napoleon.scoring.*, napoleon.capitals.*).

Player 1 (seat 0) and player 2 (seat 1) hold a few territories each; the background seat
(player 3, seat 2) holds the rest of Europe, so at the end of each of its turns it draws
the one card its whole empires earn (napoleon.end-of-turn.draws (c)).
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.printed import (
    NO_TABLE,
    attack,
    compute_empire_vp,
    compute_income,
    get_empire,
    get_rest,
    missions_edit,
    pos,
    sc,
)

P1 = {"aquitaine": (0, 2), "brittany": (0, 1)}
P2 = {"castile": (1, 2), "portugal": (1, 1)}


def _seat(n: int, seat: int, fields: dict) -> list[dict]:
    return [dict(fields) if i == seat else {} for i in range(n)]


@sc("napoleon.turn.order.601",
    "Player 1's turn, then player 2's, then player 3's: clockwise within the game turn",
    ["napoleon.turn.order", "napoleon.turn.phases"], options=NO_TABLE, negative=True)
def order(b: Any) -> None:
    pos(b, {**P1, **P2}, phase="maneuver", current=0)
    b.do({"type": "end-turn"},
         explain="Player 1 earned nothing: player 2 plays, still game turn 1.",
         state={"phase": "reinforce", "current": 1, "turn": 1,
                "pending": {"to_place": compute_income(P2)}})
    b.reject(attack("castile", "aquitaine", 1), "wrong-phase", rule="napoleon.turn.phases",
             explain="Reinforcements come first; combat only once they are placed.")
    for n in range(1, 4):
        b.do({"type": "place", "territory": "castile"},
             state={"territories": {"castile": {"armies": 2 + n}},
                    "phase": "reinforce" if n < 3 else "attack"})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.reject({"type": "place", "territory": "castile"}, "wrong-phase", rule="napoleon.turn.phases")
    rest = get_rest(P1, P2)
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 2, "turn": 1,
                                      "pending": {"to_place": compute_income(rest)},
                                      "players": _seat(3, 2, {"vp": compute_empire_vp(rest)})},
         explain="Player 3, on player 2's left, plays next; its whole empires score at the "
                 "start of its turn.")


@sc("napoleon.turn.time-track.601",
    "When the last player ends game turn 4, the first player opens game turn 5",
    ["napoleon.turn.time-track"], options=NO_TABLE)
def time_track(b: Any) -> None:
    pos(b, {**P1, **P2}, phase="maneuver", current=2, turn=4)
    b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": 1}})
    b.do({"type": "draw", "card": "joker-1"},
         state={"phase": "reinforce", "current": 0, "turn": 5, "winner": None,
                "pending": {"to_place": compute_income(P1)},
                "players": _seat(3, 2, {"cards": ["joker-1"]})})


@sc("napoleon.scoring.territories.601",
    "The last player's fifth turn ends the game: its territories scored, the most points win",
    ["napoleon.scoring.territories", "napoleon.scoring.winner", "napoleon.turn.time-track"])
def game_end(b: Any) -> None:
    rest = len(get_rest(P1, P2))
    pos(b, {**P1, **P2}, phase="maneuver", current=2, turn=5, vp={0: 14, 1: 30, 2: 5})
    b.do({"type": "end-turn"},
         explain=f"Player 3 ends the fifth game turn: {rest} territories, {rest // 3} points.",
         state={"phase": "draw", "players": _seat(3, 2, {"vp": 5 + rest // 3})})
    b.do({"type": "draw", "card": "joker-1"},
         explain="The game is over; player 2 has the most points.",
         state={"phase": "game-over", "winner": 1,
                "players": _seat(3, 2, {"cards": ["joker-1"]})})


@sc("napoleon.scoring.tie-break.601",
    "Tied on points: the player with the most regiments on the board wins",
    ["napoleon.scoring.tie-break", "napoleon.scoring.winner"])
def tie_break(b: Any) -> None:
    rest = len(get_rest(P1, P2))
    big = {"aquitaine": (0, 30), "brittany": (0, 30)}
    pos(b, {**big, **P2}, phase="maneuver", current=2, turn=5, vp={0: 5 + rest // 3, 2: 5})
    b.do({"type": "end-turn"}, state={"phase": "draw", "players": _seat(3, 2, {"vp": 5 + rest // 3})})
    b.do({"type": "draw", "card": "joker-1"},
         explain=f"Players 1 and 3 tie on {5 + rest // 3} points; player 1 has 60 regiments on "
                 f"the board, player 3 {rest}.",
         events=[{"type": "victory", "player": 0, "players": [0],
                  "rule": "napoleon.scoring.tie-break"}],
         state={"phase": "game-over", "winner": 0,
                "players": _seat(3, 2, {"cards": ["joker-1"]})})


FRANCE5 = ["ile-de-france", "brittany", "aquitaine", "languedoc", "provence"]


@sc("napoleon.capitals.bonus.601",
    "Capitals: Ile de France and four more French territories give the capital's 4 from turn 2",
    ["napoleon.capitals.bonus"], options={"capitals": "on", **NO_TABLE})
def capital_bonus(b: Any) -> None:
    land = {t: (0, 1) for t in FRANCE5}
    pos(b, {**land, **P2}, phase="maneuver", current=2, turn=1)
    b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": 1}})
    b.do({"type": "draw", "card": "joker-1"},
         explain="Five of the French Empire's eight territories, the capital among them: the "
                 "capital's bonus of 4, no whole empire, no points for it.",
         events=[{"type": "reinforcements", "player": 0, "territories": 5, "groups": [],
                  "armies": compute_income(land) + 4}],
         state={"phase": "reinforce", "current": 0, "turn": 2,
                "pending": {"to_place": compute_income(land) + 4},
                "players": _seat(3, 2, {"cards": ["joker-1"]})})


@sc("napoleon.capitals.card-tradeoff.601",
    "Capitals: a mission completed at the end of the turn earns no territory card",
    ["napoleon.capitals.card-tradeoff"], options={"capitals": "on", **NO_TABLE})
def card_tradeoff(b: Any) -> None:
    twelve = [*get_empire("french-empire")[:7], "castile", "portugal", "leon-asturias",
              "catalonia", "kingdom-of-italy"]
    m = "l1-twelve-territories"
    pos(b, {t: (0, 1) for t in twelve} | {"andalusia": (1, 2)}, phase="maneuver", turn=2,
        edit=missions_edit(held={0: [m]}))
    b.do({"type": "end-turn"},
         explain="Twelve territories, no whole empire, no invasion: the mission is completed, "
                 "but with Capitals it earns no card; its replacement is drawn.",
         events=[{"type": "mission-completed", "player": 0, "mission": m, "level": 1, "vp": 1,
                  "at": "end"}],
         state={"phase": "deal-missions", "players": _seat(3, 0, {"vp": 1, "missions": [],
                                                                "missions_completed": [m],
                                                                "mission_levels_done": [1]})})
    b.do({"type": "mission", "player": 0, "mission": "l1-two-zones"},
         state={"phase": "reinforce", "current": 1,
                "players": _seat(3, 0, {"missions": ["l1-two-zones"]})})

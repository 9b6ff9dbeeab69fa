"""Napoléon on the printed board: mission cards (napoleon.missions.*, napoleon.setup.missions).

The missions are the Advanced game's own decks (``spec/napoleon/missions.yaml``): e.g.
``l1-italian-protectorates`` (level 1, checked at the start of the turn: hold the whole
Italian Protectorates, 1 point) and ``l2-route-to-the-americas`` (level 2, start: hold the
route, 2 points and a lasting regiment).  Most cases open at the end of game turn 1: the
background seat (player 3, seat 2) ends its turn, draws the card its whole empires earn,
and player 1's turn 2 begins with the mission check.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.printed import (
    NO_TABLE,
    compute_income,
    get_empire,
    get_mission_levels,
    get_route,
    missions_edit,
    pos,
    sc,
)

ITALY = {t: (0, 2) for t in get_empire("italian-protectorates")}
AFRICA = {t: (0, 2) for t in get_empire("north-africa")}
P2 = {"castile": (1, 2)}


def _deck(level: int, *without: str) -> list[str]:
    return [m for m, lv in get_mission_levels().items() if lv == level and m not in without]


def _uniform(seat: int, cards: list[str]) -> list[dict]:
    return [{"outcome": {"type": "mission", "player": seat, "mission": m},
             "p": f"1/{len(cards)}"} for m in cards]


def _round_end(b: Any, land: dict, **kw: Any) -> None:
    """Player 3 (seat 2, the background) is about to end game turn 1; it draws its card."""
    pos(b, {**land, **P2}, phase="maneuver", current=2, **kw)
    b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": 1}},
         explain="Player 3 ends game turn 1 holding whole empires: one card.")


def _draw(b: Any, **kw: Any) -> None:
    b.do({"type": "draw", "card": "joker-1"}, **kw)


@sc("napoleon.setup.missions.601",
    "Each player is dealt one mission of each level, from that level's own deck",
    ["napoleon.setup.missions"], negative=True)
def deal(b: Any) -> None:
    b.new_game()
    b.check(state={"phase": "deal-missions", "pending": {"player": 0, "levels": [1, 2, 3, 4]}},
            outcomes=_uniform(0, _deck(1)))
    b.reject({"type": "mission", "player": 0, "mission": "l2-united-kingdom"}, "not-in-deck",
             rule="napoleon.setup.missions", explain="Level 1 is dealt first.")
    b.do({"type": "mission", "player": 0, "mission": "l1-two-zones"},
         events=[{"type": "mission-dealt", "player": 0, "mission": "l1-two-zones", "level": 1}],
         outcomes=_uniform(0, _deck(2)))


def _completed_at_start(b: Any, done: str, kept: list[str], why: str) -> None:
    """Player 1's turn 2 begins (the card drawn: joker-1): the level-1 mission ``done``
    completes (1 point), ``kept`` stay in hand; a new level-1 card is to be dealt."""
    _draw(b, events=[{"type": "mission-completed", "player": 0, "mission": done, "level": 1,
                      "vp": 1, "at": "start"}],
          explain=why,
          state={"phase": "deal-missions", "current": 0, "turn": 2,
                 "pending": {"player": 0, "levels": [1], "then": "start"},
                 "players": [{"vp": 1, "missions": kept, "missions_completed": [done],
                              "mission_levels_done": [1]}, {}, {"cards": ["joker-1"]}]},
          outcomes=_uniform(0, _deck(1, done, *kept)))


@sc("napoleon.missions.check.601",
    "A start-of-turn mission is completed at the start of the turn, scores, and is replaced",
    ["napoleon.missions.check", "napoleon.missions.replace", "napoleon.scoring.empire-vp"],
    options=NO_TABLE)
def start_check(b: Any) -> None:
    m = "l1-italian-protectorates"
    _round_end(b, ITALY, edit=missions_edit(held={0: [m]}))
    _completed_at_start(b, m, [], "Player 1's turn 2 begins: holding the whole Italian Protectorates "
                                  "completes the mission (1 point); a new level-1 card is drawn.")
    b.do({"type": "mission", "player": 0, "mission": "l1-two-zones"},
         events=[{"type": "mission-replaced", "player": 0, "mission": "l1-two-zones", "level": 1},
                 {"type": "victory-points", "player": 0, "vp": 2, "for": "empires"}],
         explain="Then the whole empire scores its bonus, 2 points (napoleon.scoring.empire-vp).",
         state={"phase": "reinforce", "pending": {"to_place": compute_income(ITALY)},
                "players": [{"vp": 1 + 2, "missions": ["l1-two-zones"]}, {}, {}],
                "mission_decks": {"1": _deck(1, m, "l1-two-zones")}})


@sc("napoleon.missions.one-per-level.601",
    "Two level-1 missions fulfilled at once: only one is completed this turn",
    ["napoleon.missions.one-per-level"], options=NO_TABLE, negative=True)
def one_per_level(b: Any) -> None:
    first, second = "l1-north-africa", "l1-italian-protectorates"
    _round_end(b, {**ITALY, **AFRICA}, edit=missions_edit(held={0: [first, second]}))
    _completed_at_start(b, first, [second], "Both conditions hold, but one mission per level and turn: "
                                            "the first card is completed, the second stays in hand.")


@sc("napoleon.missions.lasting-bonus.601",
    "The route to the Americas held: its mission pays a regiment in this and every later "
    "reinforcement while it holds",
    ["napoleon.missions.lasting-bonus"], options=NO_TABLE)
def lasting(b: Any) -> None:
    m = "l2-route-to-the-americas"
    route = get_route("route-to-the-americas")
    land = {"england": (0, 2)}
    _round_end(b, land, zones={z: (0, 1) for z in route},
               edit=missions_edit(held={0: [m]}, levels={}))
    _draw(b, events=[{"type": "mission-completed", "player": 0, "mission": m, "level": 2,
                      "vp": 2, "at": "start", "lasting_bonus": 1}],
          explain="England and the route's three zones: 4 places, the minimum 3; the route's "
                  "bonus; and the mission's lasting regiment.",
          state={"phase": "deal-missions", "current": 0, "turn": 2,
                 "pending": {"player": 0, "levels": [2], "then": "start"},
                 "players": [{"vp": 2, "missions": [], "missions_completed": [m],
                              "lasting_bonuses": [m], "mission_levels_done": [2]},
                             {}, {"cards": ["joker-1"]}]},
          outcomes=_uniform(0, _deck(2, m)))
    b.do({"type": "mission", "player": 0, "mission": "l2-united-kingdom"},
         events=[{"type": "mission-replaced", "player": 0, "mission": "l2-united-kingdom",
                  "level": 2},
                 {"type": "mission-reinforcements", "player": 0, "armies": 1}],
         state={"phase": "reinforce", "players": [{"missions": ["l2-united-kingdom"]}, {}, {}],
                "pending": {"to_place": compute_income(land, route) + 1},
                "mission_decks": {"2": _deck(2, m, "l2-united-kingdom")}})


def _game_end(b: Any, land: dict, vp: dict[int, int], **kw: Any) -> None:
    pos(b, {**land, **P2}, phase="maneuver", current=2, turn=5, vp=vp, **kw)


@sc("napoleon.scoring.final-missions.601",
    "After the fifth game turn, start-of-turn missions are checked once more",
    ["napoleon.scoring.final-missions", "napoleon.scoring.winner"])
def final_missions(b: Any) -> None:
    m = "l1-italian-protectorates"
    rest = 48 - len(ITALY) - len(P2)
    _game_end(b, ITALY, {0: 20, 1: 0, 2: 20 - rest // 3},
              edit=missions_edit(held={0: [m]}))
    b.do({"type": "end-turn"},
         state={"phase": "draw", "pending": {"left": 1}, "players": [{}, {}, {"vp": 20}]},
         explain=f"Player 3 ends its fifth turn: its {rest} territories score {rest // 3}, 20 in "
                 "all; the card its whole empires earn is still drawn.")
    _draw(b,
         explain="The fifth game turn is over. Player 1's start mission (the whole Italian Protectorates, still held) scores "
                 "its point in the final check: 21 wins.",
         state={"phase": "game-over", "winner": 0,
                "players": [{"vp": 21}, {"vp": 0}, {"vp": 20, "cards": ["joker-1"]}]})

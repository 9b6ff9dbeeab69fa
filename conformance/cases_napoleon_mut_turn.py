"""Scenarios: Risk Napoléon — cases written for the surviving mutants of napoleon.turn_end, napoleon.missions, napoleon.ransom and napoleon.epidemics.

Each case states, from the rules, what a plausible deviation of an engine gets wrong (the
survivors of ``python -m riskspec.conformance.mutation --family napoleon --open``; their
triage is in ``conformance/mutation-triage.yaml``).  Boards: ``LINE`` of
:mod:`cases_napoleon` (west a1–a2, east b1–b2, south far; zones z1–z4, z1+z2 the route;
bonuses west 2, east 3, south 1) and ``REIN`` of :mod:`cases_napoleon_effects` (the same
board, cards with effects); seats 0, 1, 2 play.
"""

from __future__ import annotations

import copy
from typing import Any

from riskspec.conformance.cases_napoleon import LINE, NEUTRAL, V
from riskspec.conformance.cases_napoleon import _pos as _bpos
from riskspec.conformance.cases_napoleon_effects import REIN, _setup_epidemics_pos
from riskspec.conformance.cases_napoleon_leaders import _pos as _lpos
from riskspec.conformance.cases_napoleon_missions import DECK, _card
from riskspec.conformance.cases_napoleon_missions import _pos as _mpos
from riskspec.conformance.scenario import scenario

A = "napoleon-advanced"
NO_TABLE = {"napoleon.amb.card-table": "ignore"}

#: the test deck of cases_napoleon_missions plus m2-bank: a start-of-turn mission whose
#: reward is 2 one-time regiments and no victory points (the reward names no points)
MDECK: dict[str, Any] = copy.deepcopy(DECK)
_bank = _card("m2-bank", 2, "start", {"control_groups": {"groups": ["west"]}}, 0, bonus=2)
_bank["reward"] = {"reinforcements": 2}
MDECK["missions"].append(_bank)
next(d for d in MDECK["decks"] if d["level"] == 2)["cards"].append("m2-bank")


def _sc(id: str, title: str, covers: list[str], *, missions: bool = False, board: dict = LINE,
        reading: tuple[str, str] | None = None, options: dict | None = None, **kw: Any):
    opts = {**NO_TABLE, **(options or {}), **({reading[0]: reading[1]} if reading else {})}
    return scenario(id, title, covers, players=3, variant=A, map=board,
                    missions=MDECK if missions else None, options=opts, reading=reading, **kw)


# ================================================================ turn order
@_sc("napoleon.turn.time-track.501", "The fifth game turn ends with the seat before the "
     "first player's: the game is over", ["napoleon.turn.time-track", "napoleon.turn.order",
                                          "napoleon.scoring.winner"])
def last_round_from_first(b):
    # seat 1 began each game turn: the order is 1, 2, 0, so seat 0's end of turn closes the
    # fifth; seat 0 scores nothing for its one territory, player 2 has the most points
    _lpos(b, {"a1": (0, 2), "a2": (1, 2), "b1": (1, 2), "b2": (2, 2), "far": (1, 2)},
          phase="maneuver", current=0, turn=5, first_player=1, vp={1: 1, 2: 3})
    b.do({"type": "end-turn"}, state={"phase": "game-over", "winner": 2, "turn": 5},
         events=[{"type": "victory", "player": 2, "players": [2], "rule": "napoleon.scoring.winner"}])


@_sc("napoleon.turn.time-track.502", "The last player left still plays one turn per game "
     "turn: the game ends after its fifth", ["napoleon.turn.time-track",
                                             "napoleon.combat.elimination", "napoleon.scoring.winner"])
def sole_survivor(b):
    # players 1 and 2 lost their last territories to seat 0, and epidemics later emptied
    # a2, b2 and far (held by nobody); an eliminated player keeps its points and can still
    # win: player 1 has 2, seat 0 none,
    # and seat 0's two territories score (2 + 0) // 3 = 0 at the end of its fifth turn
    _lpos(b, {"a1": (0, 2), "a2": (None, 0), "b1": (0, 2), "b2": (None, 0), "far": (None, 0)},
          phase="maneuver", current=0, turn=5, vp={1: 2})
    b.do({"type": "end-turn"}, state={"phase": "game-over", "winner": 1, "turn": 5},
         events=[{"type": "victory", "player": 1, "players": [1], "rule": "napoleon.scoring.winner"}])


@scenario("napoleon.amb.basic-game-end.most-territories.501",
          "How the basic game ends — after five rounds, players tied for the most territories "
          "share the victory", ["napoleon.amb.basic-game-end", "napoleon.basic.end"], players=2,
          variant=V, map=LINE, options={"napoleon.amb.basic-game-end": "most-territories"},
          reading=("napoleon.amb.basic-game-end", "most-territories"))
def basic_tie(b):
    # the fifth round ends with player 1's turn: two territories each, a neutral army holds
    # far; neither player holds a whole empire, so no card is drawn first
    _bpos(b, {"a1": (0, 2), "a2": (1, 1), "b1": (0, 1), "b2": (1, 2), "far": (NEUTRAL, 1)},
          phase="maneuver", current=1, turn=5)
    b.do({"type": "end-turn"},
         state={"phase": "game-over", "winner": 0, "co_winners": [0, 1], "turn": 5})


# ================================================================ end of turn: scoring, cards
@_sc("napoleon.scoring.territories.501", "The last turn's count adds maritime zones to "
     "territories before dividing by three", ["napoleon.scoring.territories"])
def zones_counted(b):
    # seat 0 ends its 5th turn with 2 territories and 2 zones (no route, no empire):
    # (2 + 2) // 3 = 1 point
    _lpos(b, {"a1": (0, 2), "a2": (1, 2), "b1": (0, 2), "b2": (1, 2), "far": (2, 2)},
          zones={"z1": (0, 1), "z3": (0, 1)}, phase="maneuver", current=0, turn=5)
    b.do({"type": "end-turn"},
         events=[{"type": "victory-points", "player": 0, "vp": 1, "for": "territories"}],
         state={"current": 1, "turn": 5, "phase": "reinforce", "players": [{"vp": 1}, {}, {}]})


def _two_cards(b: Any) -> None:
    def edit(d: dict) -> None:
        d["turn_flags"].update(land_attacked=True, naval_moves=0, empty_invaded=True)
    # seat 0 holds the whole west; this turn it took a territory from another player and
    # also walked into an empty one (flags conquered and empty_invaded)
    b.position({"a1": (0, 2), "a2": (0, 2), "b1": (1, 2), "b2": (2, 2), "far": (1, 2)},
               phase="maneuver", current=0, turn=2, conquered=True, edit=edit)


@_sc("napoleon.end-of-turn.draws.501", "An invasion and a whole empire earn two cards, "
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


# ================================================================ missions: the per-level count
@_sc("napoleon.amb.mission-per-level-scope.game-turn.501",
     "A new game turn: every player's count of levels starts again",
     ["napoleon.amb.mission-per-level-scope", "napoleon.missions.one-per-level",
      "napoleon.missions.lasting-bonus", "napoleon.missions.check"], missions=True,
     reading=("napoleon.amb.mission-per-level-scope", "game-turn"))
def game_turn_scope(b):
    # game turn 2: seat 0 completed a level-1 mission, seat 1 a level-2 one; seat 2 ends
    # the game turn. Seat 0 holds the west: m1-west (1 point) and m2-bank (2 regiments once,
    # no points) are both met at the start of its turn in game turn 3
    _mpos(b, {"a1": (0, 2), "a2": (0, 2), "b1": (1, 2), "b2": (2, 2), "far": (1, 2)},
          held={0: ["m1-west", "m2-bank"]}, done={0: ["m1-five"], 1: ["m2-east"]},
          levels={0: [1], 1: [2]}, vp={0: 1, 1: 2}, decks={1: [], 2: []},
          phase="maneuver", current=2, turn=2)
    b.do({"type": "end-turn"},
         events=[{"type": "mission-completed", "player": 0, "mission": "m1-west", "level": 1,
                  "vp": 1, "at": "start"},
                 {"type": "mission-completed", "player": 0, "mission": "m2-bank", "level": 2,
                  "vp": 0, "at": "start", "reinforcements": 2},
                 {"type": "mission-reinforcements", "player": 0, "armies": 2}],
         explain="3 regiments (2 territories, minimum 3), the west +2, m2-bank's 2; "
                 "1 point for m1-west, 2 for the west; the bonus bank is emptied",
         state={"current": 0, "turn": 3, "phase": "reinforce", "pending": {"to_place": 3 + 2 + 2},
                "players": [{"vp": 1 + 1 + 2, "missions": [],
                             "missions_completed": ["m1-five", "m1-west", "m2-bank"],
                             "mission_levels_done": [1, 2], "mission_reinforcements": 0},
                            {"mission_levels_done": []}, {}]})


@_sc("napoleon.amb.mission-per-level-scope.player-turn.501",
     "A player's own new turn: its count of levels starts again within the game turn",
     ["napoleon.amb.mission-per-level-scope", "napoleon.missions.one-per-level",
      "napoleon.missions.check"], missions=True,
     reading=("napoleon.amb.mission-per-level-scope", "player-turn"))
def player_turn_scope(b):
    # seat 2 completed a level-1 mission in its previous turn; seat 1 ends its turn (no new
    # game turn); at the start of seat 2's turn m1-west (level 1) is met
    _mpos(b, {"a1": (2, 2), "a2": (2, 2), "b1": (1, 2), "b2": (0, 2), "far": (0, 2)},
          held={2: ["m1-west"]}, done={2: ["m1-five"], 0: ["m2-east"]},
          levels={2: [1], 0: [2]}, vp={2: 1}, decks={1: []},
          phase="maneuver", current=1, turn=2)
    b.do({"type": "end-turn"},
         state={"current": 2, "turn": 2, "phase": "reinforce", "pending": {"to_place": 3 + 2},
                "players": [{"mission_levels_done": [2]}, {},
                            {"vp": 1 + 1 + 2, "missions": [],
                             "missions_completed": ["m1-five", "m1-west"],
                             "mission_levels_done": [1]}]})


@_sc("napoleon.amb.lasting-bonus.resumes.501",
     "Reading resumes: a lasting bonus unpaid while its condition fails stays face up",
     ["napoleon.amb.lasting-bonus", "napoleon.missions.lasting-bonus"], missions=True,
     reading=("napoleon.amb.lasting-bonus", "resumes"))
def lasting_kept(b):
    # m2-route (the route z1+z2, +1 lasting): player 1 holds z2 when seat 0's turn begins
    _mpos(b, {"a1": (0, 2), "a2": (0, 2), "b1": (1, 2), "b2": (2, 2), "far": (1, 2)},
          {"z1": (0, 1), "z2": (1, 1)}, done={0: ["m2-route"]}, lasting={0: ["m2-route"]},
          phase="maneuver", current=2, turn=2)
    b.do({"type": "end-turn"},
         explain="a1, a2, z1: minimum 3; the west +2 (and 2 points); no route, no bonus",
         state={"current": 0, "turn": 3, "phase": "reinforce", "pending": {"to_place": 3 + 2},
                "players": [{"vp": 2, "lasting_bonuses": ["m2-route"]}, {}, {}]})


# ================================================================ ransom
RANSOM_TURN = {"must_trade": False, "after": "turn"}


def _rpos(b: Any, land: dict, **kw: Any) -> None:
    """A leaders position (:func:`cases_napoleon_leaders._pos`) whose captors' counts of
    generals held (``prisoner_generals``) match their prisoners."""
    d = _lpos(b, land, **kw)
    for p in d["players"]:
        p["prisoner_generals"] = sum(p["prisoners"]["generals"])
    b.load(d)


@_sc("napoleon.leaders.ransom.501", "Reading on-board: captives are ransomed up to the "
     "limit of three generals on the board, and no further",
     ["napoleon.leaders.ransom", "napoleon.amb.leader-limit"],
     reading=("napoleon.amb.leader-limit", "on-board"))
def ransom_to_limit(b):
    # player 1 holds four of seat 0's generals (seat 0 bought new ones as they were taken);
    # none of seat 0's generals is on the board
    _rpos(b, {"a1": (0, 4), "a2": (1, 2), "b1": (2, 1), "b2": (2, 1), "far": (1, 1)},
          prisoners={(1, 0, "generals"): 4}, phase="reinforce",
          pending={"to_place": 4, **RANSOM_TURN})
    b.check(explain="on-board: four captives do not count against the limit",
            legal_includes=[{"type": "buy-general", "territory": "a1"},
                            {"type": "ransom", "leader": "general", "captor": 1, "place": "a1"}])
    for k in (1, 2, 3):
        b.do({"type": "ransom", "leader": "general", "captor": 1, "place": "a1"},
             state={"phase": "ransom", "pending": {"captor": 1, "left": 1, "to_place": 4 - k},
                    "territories": {"a1": {"generals": k}},
                    "players": [{"captive_generals": 4 - k},
                                {"prisoners": {"generals": [4 - k, 0, 0]}}, {}]})
        b.do({"type": "place", "territory": "far"},
             state={"phase": "reinforce", "territories": {"far": {"armies": 1 + k}}})
    b.reject({"type": "ransom", "leader": "general", "captor": 1, "place": "a1"},
             "general-limit", rule="napoleon.leaders.ransom",
             explain="three generals on the board: the fourth captive cannot come back")


@_sc("napoleon.leaders.ransom.502", "A ransom costs exactly one regiment: the last one left "
     "pays it; the general returns to the ransoming player's own territory",
     ["napoleon.leaders.ransom", "napoleon.reinforce.purchases"])
def ransom_last_regiment(b):
    # seat 1 has placed all but one regiment; player 2 holds its only general
    _rpos(b, {"a1": (0, 4), "a2": (1, 2), "b1": (2, 1), "b2": (2, 1), "far": (1, 1)},
          prisoners={(2, 1, "generals"): 1}, phase="reinforce", current=1,
          pending={"to_place": 1, **RANSOM_TURN})
    b.reject({"type": "ransom", "leader": "general", "captor": 2, "place": "b1"},
             "not-owner", rule="napoleon.leaders.ransom",
             explain="b1 is the captor's territory, not the ransoming player's")
    b.do({"type": "ransom", "leader": "general", "captor": 2, "place": "a2"},
         state={"phase": "ransom", "pending": {"captor": 2, "left": 1, "to_place": 0},
                "territories": {"a2": {"generals": 1}},
                "players": [{"prisoners": {"generals": [0, 0, 0]}},
                            {"captive_generals": 0, "prisoners": {"generals": [0, 0, 0]}},
                            {"prisoner_generals": 0, "prisoners": {"generals": [0, 0, 0]}}]})
    b.do({"type": "place", "territory": "b1"},
         explain="the reinforcements are all placed: combat begins",
         state={"phase": "attack", "current": 1, "territories": {"b1": {"armies": 2}}})


@_sc("napoleon.leaders.ransom.503", "No ransom while placing the trade forced by an "
     "elimination: only in the reinforcement phase", ["napoleon.leaders.ransom"],
     negative=True)
def ransom_not_after_elimination(b):
    # seat 0 has just taken player 2's last territory and its cards: five cards, a trade due
    _rpos(b, {"a1": (0, 4), "a2": (1, 2), "b1": (0, 1), "b2": (0, 1), "far": (1, 1)},
          prisoners={(1, 0, "generals"): 1}, phase="reinforce",
          hands={0: ["c-a1", "c-a2", "c-b1", "c-b2", "c-far"]},
          pending={"to_place": 0, "must_trade": True, "after": "elimination"})
    b.reject({"type": "ransom", "leader": "general", "captor": 1, "place": "a1"},
             "advanced-only", rule="napoleon.leaders.ransom")


@_sc("napoleon.leaders.ransom.504", "A general cannot be ransomed onto an emptied territory "
     "its player still holds without regiments",
     ["napoleon.leaders.ransom", "napoleon.amb.empty-territory-control"], negative=True,
     options={"napoleon.amb.empty-territory-control": "keeps-owner"})
def ransom_not_on_empty(b):
    # keeps-owner: an epidemic took a2's last regiment; a2 is still seat 0's
    _rpos(b, {"a1": (0, 4), "a2": (0, 0), "b1": (2, 1), "b2": (2, 1), "far": (1, 1)},
          prisoners={(1, 0, "generals"): 1}, phase="reinforce",
          pending={"to_place": 3, **RANSOM_TURN})
    b.check(legal_includes=[{"type": "ransom", "leader": "general", "captor": 1, "place": "a1"}],
            legal_excludes=[{"type": "ransom", "leader": "general", "captor": 1, "place": "a2"}])
    b.reject({"type": "ransom", "leader": "general", "captor": 1, "place": "a2"},
             "not-owner", rule="napoleon.leaders.ransom")


@_sc("napoleon.leaders.ransom.505", "A ransom from a captor out of the game: no regiment is "
     "added, the reinforcement phase goes on", ["napoleon.leaders.ransom"])
def ransom_captor_out(b):
    # player 1 took seat 0's general, then lost its last territory to seat 0 (its captives
    # stay captive); the captor has no territory for its regiment
    _rpos(b, {"a1": (0, 4), "a2": (0, 2), "b1": (2, 1), "b2": (2, 1), "far": (2, 1)},
          prisoners={(1, 0, "generals"): 1}, phase="reinforce",
          pending={"to_place": 3, **RANSOM_TURN})
    b.do({"type": "ransom", "leader": "general", "captor": 1, "place": "a1"},
         state={"phase": "reinforce", "current": 0, "pending": {"to_place": 2},
                "territories": {"a1": {"generals": 1}},
                "players": [{"captive_generals": 0}, {"prisoners": {"generals": [0, 0, 0]}}, {}]})


# ================================================================ epidemics
@_sc("napoleon.amb.setup-epidemic-redraw.territory.501",
     "Reading territory: the chances of each territory after a first epidemic in the east, "
     "and the four markers placed", ["napoleon.setup.epidemics", "napoleon.amb.setup-epidemic-redraw"],
     board=REIN, reading=("napoleon.amb.setup-epidemic-redraw", "territory"))
def setup_redraw_odds(b):
    def out(ps: dict[str, str]) -> list[dict]:
        return [{"outcome": {"type": "epidemic", "territory": t}, "p": p} for t, p in ps.items()]
    _setup_epidemics_pos(b)
    # east (b1, b2) has its epidemic. Six cards, 1/6 each first: c-a1, c-a2, c-far are
    # taken. After c-b1 (refused) the redraw stops on a1, a2, b2 or far (1/4 each); after
    # c-b2 on a1, a2 or far (1/3 each, b2 excepted); after the joker on a1, a2, b2 or far.
    # a1 = 1/6 + 1/24 + 1/18 + 1/24 = 11/36 (a2, far alike); b2 = 1/24 + 1/24 = 1/12
    b.do({"type": "epidemic", "territory": "b1"},
         state={"phase": "epidemics", "pending": {"left": 3}, "territories": {"b1": {"epidemics": 1}}},
         outcomes=out({"a1": "11/36", "a2": "11/36", "b2": "1/12", "far": "11/36"}))
    # west and east full: only c-far is taken; every other first card leads to a redraw
    # among a2, b2, far less the refused card. far = 1/6 + 3 * 1/18 + 2 * 1/12 = 1/2;
    # a2 = 3 * 1/18 + 1/12 (after c-b2) = 1/4; b2 alike (after c-a2)
    b.do({"type": "epidemic", "territory": "a1"},
         state={"pending": {"left": 2}, "territories": {"a1": {"epidemics": 1}}},
         outcomes=out({"a2": "1/4", "b2": "1/4", "far": "1/2"}))
    b.do({"type": "epidemic", "territory": "a2"},
         explain="one marker left, and b2 and far have none: the setup goes on",
         state={"phase": "epidemics", "pending": {"left": 1}, "territories": {"a2": {"epidemics": 1}}})
    b.do({"type": "epidemic", "territory": "far"},
         explain="the fourth marker placed, the setup is over: the first player is drawn next",
         state={"phase": "first-player", "pending": {"for": "turn"},
                "territories": {"far": {"epidemics": 1}}})


@_sc("napoleon.cards.reshuffle.501", "The relocation that takes the pile's last card "
     "reshuffles nothing: the pile stays empty until a card is drawn",
     ["napoleon.cards.reshuffle", "napoleon.epidemics.relocate"])
def relocation_empties_pile(b):
    # an earlier relocation discarded the joker, then c-b2 (which placed b2's epidemic);
    # players 1 and 2 hold three cards, so c-far alone is left in the pile
    d = _lpos(b, {"a1": (0, 1), "a2": (0, 2), "b1": (1, 2), "b2": (2, 2), "far": (1, 2)},
              epidemics={"a1": 1, "b2": 1}, phase="maneuver", current=0, turn=2,
              hands={1: ["c-a1", "c-a2"], 2: ["c-b1"]})
    d["draw_pile"], d["discards"] = ["c-far"], ["c-b2", "c-x"]
    b.load(d)
    b.do({"type": "end-turn"},
         state={"phase": "epidemics", "pending": {"left": 1, "moving": True},
                "territories": {"a1": {"owner": None, "armies": 0, "epidemics": 0}}},
         outcomes=[{"outcome": {"type": "draw", "card": "c-far"}, "p": "1"}])
    b.do({"type": "draw", "card": "c-far"},
         explain="the epidemic goes to far; seat 0 owes no card, so nothing is drawn and the "
                 "discards stay discards. Player 1's turn begins: far (south) scores 1",
         state={"phase": "reinforce", "current": 1, "draw_pile": [],
                "discards": ["c-b2", "c-far", "c-x"], "players": [{}, {"vp": 1}, {}],
                "territories": {"far": {"epidemics": 1}}})


@_sc("napoleon.amb.epidemic-timing.every-turn-end.501",
     "Reading every-turn-end: another player's contaminated territory of one regiment is "
     "emptied; an empty territory's epidemic stays",
     ["napoleon.amb.epidemic-timing", "napoleon.epidemics.phase-loss",
      "napoleon.amb.emptied-epidemics", "napoleon.epidemics.relocate"],
     reading=("napoleon.amb.epidemic-timing", "every-turn-end"),
     options={"napoleon.amb.emptied-epidemics": "one-moves"})
def every_turn_end(b):
    # far, emptied earlier with two epidemics, kept one of them (one-moves) and is held by
    # nobody; b1 (player 1, one regiment) has an epidemic
    _lpos(b, {"a1": (0, 3), "a2": (1, 2), "b1": (1, 1), "b2": (2, 2), "far": (None, 0)},
          epidemics={"b1": 1, "far": 1}, phase="maneuver", current=0, turn=2)
    b.do({"type": "end-turn"},
         events=[{"type": "epidemic-loss", "territory": "b1", "armies": 1}],
         state={"phase": "epidemics", "current": 0, "pending": {"left": 1, "moving": True},
                "territories": {"b1": {"owner": None, "armies": 0, "epidemics": 0},
                                "far": {"owner": None, "armies": 0, "epidemics": 1}}})

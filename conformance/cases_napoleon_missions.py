"""Scenarios: Risk Napoléon — mission cards (Advanced Rules), most on the printed Europe board.

Most cases play on the printed board (``spec/napoleon/map.yaml``) with the Advanced game's
own decks (``spec/napoleon/missions.yaml``): player 1 (seat 0) typically holds the whole of
North Africa (``l1-north-africa``) or the route to the Americas (``l2-route-to-the-americas``),
player 2 (seat 1) Castile, and player 3 (seat 2) every other territory (see :mod:`printed`);
ending game turn 1 (or 5) player 3 draws the card its whole empires earn, then player 1's
turn begins with the mission check.  Seats 0, 1, 2 play; seat 0 starts.

The cases whose own mission deck is the subject stay on the LINE board of
:mod:`cases_napoleon` (west a1–a2, east b1–b2, far; zones z1–z4, z1+z2 the route), each
with its deck (``missions`` in the case, a ``riskspec/missions@1`` object):
``napoleon.missions.check.004`` (``DECK``: all / any conditions, which no printed card has),
the threshold cases ``napoleon.missions.check.8xx`` (``SHORT``, ``MIXED``; ``CAPITAL_DECK`` on
the CAPITALS board of :mod:`cases_napoleon`): each condition form met exactly, or one short,
at the end-of-turn check; and the ``napoleon.missions.check.1xx`` cases (``EDGE``, ``UNITS``,
``CAPITAL_MISSIONS`` on CAPITALS, ``COUNTS``): groups, units in places, capitals and counts
met exactly or one short.  ``DECK`` and :func:`_pos` also serve other modules' LINE cases.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon import CAPITALS, LINE
from riskspec.conformance.printed import (
    get_empire,
    get_mission_levels,
    get_route,
    missions_edit,
    pos,
)
from riskspec.conformance.printed import sc as _psc
from riskspec.conformance.scenario import scenario

A = "napoleon-advanced"
_PROV = {"reconstructed": "A purpose-built test deck.", "basis": "Conformance test."}


def _card(mid: str, level: int, check: str, cond: dict, vp: int | None, bonus: int = 0,
          lasting: bool | None = None) -> dict:
    """A test mission card; ``vp=None``: a reward of regiments only (no victory points)."""
    reward: dict[str, Any] = {} if vp is None else {"victory_points": vp}
    if bonus:
        reward.update(reinforcements=bonus, lasting=bool(lasting))
    return {"id": mid, "title": mid, "level": level, "check": check, "condition": cond,
            "reward": reward, "provenance": _PROV}


CARDS = [
    _card("m1-west", 1, "start", {"control_groups": {"groups": ["west"]}}, 1),
    _card("m1-zones", 1, "end", {"hold_zones": {"count": 2}}, 1, bonus=2, lasting=False),
    _card("m1-five", 1, "end", {"hold_territories": {"count": 5}}, 1),
    _card("m2-route", 2, "start", {"control_routes": {"routes": ["route"]}}, 2, bonus=1,
          lasting=True),
    _card("m2-east", 2, "end", {"control_groups": {"groups": ["east"]}}, 2),
    _card("m2-garrison", 2, "end", {"hold_territories": {"count": 2, "min_armies": 4}}, 2),
    _card("m3-general", 3, "end", {"capture_leaders": {"count": 1, "kind": "general"}}, 3),
    _card("m3-far", 3, "start", {"hold_named": {"places": ["far", "z4"]}}, 3),
    _card("m3-either", 3, "either", {"any": [{"control_groups": {"plus_any": 2}},
                                             {"hold_units": {"kind": "ships", "count": 5}}]}, 3),
    _card("m4-three", 4, "end", {"hold_territories": {"count": 3}}, 4),
    _card("m4-generals", 4, "start", {"hold_units": {"kind": "generals", "count": 2}}, 4),
    _card("m4-all", 4, "start", {"all": [{"control_groups": {"groups": ["west", "east"]}},
                                         {"hold_zones": {"count": 1}}]}, 4),
]
DECK = {
    "format": "riskspec/missions@1",
    "missions": CARDS,
    "decks": [{"id": f"napoleon-level-{lv}", "title": f"Test missions, level {lv}", "level": lv,
               "cards": [c["id"] for c in CARDS if c["level"] == lv], "provenance": _PROV}
              for lv in (1, 2, 3, 4)],
}
LEVEL = {c["id"]: c["level"] for c in CARDS}


def mscenario(id: str, title: str, covers: list[str], **kw: Any):
    kw.setdefault("players", 3)
    return scenario(id, title, covers, variant=A, map=LINE, missions=DECK, **kw)


def _pos(b: Any, land: dict, zones: dict | None = None, *, held: dict | None = None,
         done: dict | None = None, lasting: dict | None = None, levels: dict | None = None,
         decks: dict | None = None, generals: dict | None = None, prisoners: dict | None = None,
         vp: dict | None = None, **kw: Any) -> dict:
    """A position on LINE: ``held``/``done``/``lasting``/``levels``/``prisoners``/``vp`` by seat,
    ``prisoners`` seat → generals of the next seat it holds captive,
    ``decks`` level → cards left (default: every card not held or completed),
    ``generals`` territory → count."""
    def edit(d: dict) -> None:
        for z, (seat, ships) in (zones or {}).items():
            d["zones"][z] = {"owner": seat, "ships": ships}
        for t, g in (generals or {}).items():
            d["territories"][t]["generals"] = g
        d["turn_flags"].setdefault("land_attacked", False)
        d["turn_flags"].setdefault("naval_moves", 0)
        out = set()
        for field, by in (("missions", held), ("missions_completed", done),
                          ("lasting_bonuses", lasting), ("mission_levels_done", levels),
                          ("vp", vp)):
            for seat, value in (by or {}).items():
                d["players"][seat][field] = value
                if field in ("missions", "missions_completed"):
                    out.update(value)
        n = len(d["players"])
        for seat, count in (prisoners or {}).items():  # generals of the next seat, held captive
            row = [0] * n
            row[(seat + 1) % n] = count
            d["players"][seat]["prisoners"] = {"generals": row, "admirals": [0] * n}
        d["mission_decks"] = {str(lv): [c["id"] for c in CARDS if c["level"] == lv
                                        and c["id"] not in out] for lv in (1, 2, 3, 4)}
        d["mission_decks"].update({str(k): v for k, v in (decks or {}).items()})
    kw.setdefault("phase", "attack")
    return b.position(land, edit=edit, **kw)


def _uniform(seat: int, cards: list[str]) -> list[dict]:
    return [{"outcome": {"type": "mission", "player": seat, "mission": m},
             "p": f"1/{len(cards)}" if len(cards) > 1 else "1"} for m in cards]


# ---------------------------------------------------------------- the printed board and decks
#: player 1 (seat 0) holding the whole of North Africa (bonus 2), 2 regiments a territory
AFRICA = {t: (0, 2) for t in get_empire("north-africa")}
#: player 2's (seat 1) foothold; every other territory is player 3's (seat 2, the background)
P2 = {"castile": (1, 2)}
AMERICAS = get_route("route-to-the-americas")


def _pdeck(level: int, *without: str) -> list[str]:
    """The printed deck of one level, in deck order, but for ``without``."""
    return [m for m, lv in get_mission_levels().items() if lv == level and m not in without]


def _ppos(b: Any, land: dict, zones: dict | None = None, *, held: dict | None = None,
          done: dict | None = None, lasting: dict | None = None, levels: dict | None = None,
          decks: dict | None = None, **kw: Any) -> dict:
    """A printed-board position: ``land`` and :data:`P2`, the rest player 3's; the missions
    by seat as :func:`printed.missions_edit` takes them, ``decks`` level → cards left
    (default: the level's printed cards not held or completed)."""
    def edit(d: dict) -> None:
        missions_edit(held=held, done=done, lasting=lasting, levels=levels)(d)
        d["mission_decks"].update({str(k): list(v) for k, v in (decks or {}).items()})
    return pos(b, {**P2, **land}, zones=zones, edit=edit, **kw)


def _pround_end(b: Any, land: dict, zones: dict | None = None, turn: int = 1, **kw: Any) -> None:
    """Player 3 (seat 2, the background) ends the last turn of game turn ``turn``, holding
    whole empires: it has one card to draw (the draw is the case's next step)."""
    _ppos(b, land, zones, phase="maneuver", current=2, turn=turn, **kw)
    b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": 1}},
         explain="Player 3 ends its turn holding whole empires: one territory card.")


def _pdraw(b: Any, players: list[dict], **kw: Any) -> None:
    """Player 3 draws the first card of the pile, joker-1; ``players``: the expectations of
    seats 0 and 1 (player 3's hand is added)."""
    state = dict(kw.pop("state", {}))
    state["players"] = [*players, {"cards": ["joker-1"]}]
    b.do({"type": "draw", "card": "joker-1"}, state=state, **kw)


# ---------------------------------------------------------------- setup: the deal
@_psc("napoleon.setup.missions.001", "Each player is dealt one mission of each level",
      ["napoleon.setup.missions"])
def deal(b):
    b.new_game()
    b.check(state={"phase": "deal-missions", "pending": {"player": 0, "levels": [1, 2, 3, 4]}},
            outcomes=_uniform(0, _pdeck(1)))
    b.do({"type": "mission", "player": 0, "mission": "l1-two-zones"},
         events=[{"type": "mission-dealt", "player": 0, "mission": "l1-two-zones", "level": 1}],
         outcomes=_uniform(0, _pdeck(2)))
    # the rest of the deal: player 1's levels 2-4, then player 2's and player 3's 1-4
    hands = [["l1-two-zones", "l2-route-to-the-americas", "l3-capture-two-leaders",
              "l4-thirty-territories"],
             ["l1-north-africa", "l2-iberian-peninsula", "l3-moscow-and-london", "l4-three-empires"],
             ["l1-twelve-territories", "l2-united-kingdom", "l3-route-to-the-orient",
              "l4-french-empire"]]
    rest = [(seat, m) for seat, hand in enumerate(hands) for m in hand][1:]
    for n, (seat, m) in enumerate(rest):
        b.do({"type": "mission", "player": seat, "mission": m},
             state={"phase": "first-player"} if n == len(rest) - 1 else None)
    b.check(state={"phase": "first-player", "pending": {"for": "setup"},
                   "players": [{"missions": hand} for hand in hands],
                   "mission_decks": {str(lv): _pdeck(lv, *(m for h in hands for m in h))
                                     for lv in (1, 2, 3, 4)}},
            explain="Each level's deck of 10 keeps the 7 cards not dealt.")


@_psc("napoleon.setup.missions.002", "A mission is dealt to the player whose turn it is, "
      "from the level being dealt", ["napoleon.setup.missions"], negative=True)
def deal_wrong(b):
    b.new_game()
    b.reject({"type": "mission", "player": 1, "mission": "l1-north-africa"}, "wrong-player",
             rule="napoleon.setup.missions")
    b.reject({"type": "mission", "player": 0, "mission": "l2-route-to-the-americas"},
             "not-in-deck", rule="napoleon.setup.missions")


# ---------------------------------------------------------------- checks at turn start / end


@_psc("napoleon.missions.check.001", "A start-of-turn mission is completed at the start "
      "of the turn, scores and is replaced", ["napoleon.missions.check",
                                               "napoleon.missions.replace"],
      options={"napoleon.amb.card-table": "ignore"})
def start_check(b):
    m = "l1-north-africa"
    _pround_end(b, AFRICA, held={0: [m]})
    _pdraw(b, [{"vp": 1, "missions": [], "missions_completed": [m], "mission_levels_done": [1]},
               {}],
           explain="Player 1's turn 2 begins holding the whole of North Africa: the mission is "
                   "completed (1 point) and a new level-1 card is to be drawn.",
           events=[{"type": "mission-completed", "player": 0, "mission": m, "level": 1,
                    "vp": 1, "at": "start"}],
           state={"phase": "deal-missions", "current": 0, "turn": 2,
                  "pending": {"player": 0, "levels": [1], "then": "start"},
                  "turn_flags": {"missions_completed": 1}},
           outcomes=_uniform(0, _pdeck(1, m)))
    b.do({"type": "mission", "player": 0, "mission": "l1-twelve-territories"},
         explain="Then North Africa scores its bonus, 2 points; 3 territories: the minimum 3 "
                 "regiments and the empire's 2.",
         events=[{"type": "mission-replaced", "player": 0, "mission": "l1-twelve-territories",
                  "level": 1},
                 {"type": "victory-points", "player": 0, "vp": 2, "for": "empires"}],
         state={"phase": "reinforce", "pending": {"to_place": 3 + 2},
                "players": [{"vp": 3, "missions": ["l1-twelve-territories"]}, {}, {}],
                "mission_decks": {"1": _pdeck(1, m, "l1-twelve-territories")}})


@_psc("napoleon.missions.check.002", "A mission whose condition fails is not completed",
      ["napoleon.missions.check"], negative=True,
      options={"napoleon.amb.card-table": "ignore"})
def start_check_fails(b):
    _pround_end(b, {**AFRICA, "tripolitania": (1, 2)}, held={0: ["l1-north-africa"]})
    _pdraw(b, [{"vp": 0, "missions": ["l1-north-africa"], "missions_completed": []}, {}],
           explain="Tripolitania is player 2's: North Africa is not whole, nothing scores.",
           state={"phase": "reinforce", "current": 0, "turn": 2})


@_psc("napoleon.missions.check.003", "An end-of-turn mission is completed at the end of "
      "the turn", ["napoleon.missions.check", "napoleon.missions.replace"])
def end_check(b):
    m = "l2-capture-a-general"
    _ppos(b, AFRICA, held={0: [m]}, prisoners={(0, 1, "generals"): 1},
          phase="maneuver", current=0, turn=2)
    b.do({"type": "end-turn"},
         explain="Player 1 holds one of player 2's generals captive: the level-2 mission "
                 "scores its 2 points at the end of the turn; a new level-2 card is to be drawn.",
         events=[{"type": "mission-completed", "player": 0, "mission": m, "level": 2,
                  "vp": 2, "at": "end"}],
         state={"phase": "deal-missions", "pending": {"player": 0, "levels": [2], "then": "end"},
                "players": [{"vp": 2}, {}, {}]},
         outcomes=_uniform(0, _pdeck(2, m)))


#: two zones of player 1's, off North Africa's coasts
_TWO_ZONES = {"western-mediterranean": (0, 1), "eastern-mediterranean": (0, 1)}


def _check_timing(vp: int, held: list[str]):
    def body(b):
        # North Africa scores 2 at the start of the turn; l1-two-zones 1 when completed
        _pround_end(b, AFRICA, _TWO_ZONES, held={0: ["l1-two-zones"]}, decks={1: []})
        _pdraw(b, [{"vp": vp, "missions": held}, {}],
               state={"current": 0, "turn": 2, "phase": "reinforce"})
    return body


_psc("napoleon.amb.mission-check-timing.per-card.001",
     "An end-of-turn mission whose condition holds at the start of the turn — "
     "waits for the end", ["napoleon.amb.mission-check-timing", "napoleon.missions.check"],
     options={"napoleon.amb.card-table": "ignore", "napoleon.amb.mission-check-timing": "per-card"},
     reading=("napoleon.amb.mission-check-timing", "per-card"))(_check_timing(2, ["l1-two-zones"]))
_psc("napoleon.amb.mission-check-timing.both.001",
     "An end-of-turn mission whose condition holds at the start of the turn — "
     "completed at once", ["napoleon.amb.mission-check-timing", "napoleon.missions.check"],
     options={"napoleon.amb.card-table": "ignore", "napoleon.amb.mission-check-timing": "both"},
     reading=("napoleon.amb.mission-check-timing", "both"))(_check_timing(3, []))


@mscenario("napoleon.missions.check.004", "Conditions: all / any, whole groups, routes, "
           "zones, named places and units, on any board", ["napoleon.missions.check"],
          options={"napoleon.amb.card-table": "ignore"},
          map_why="test mission cards with all / any conditions, which no printed card has")
def conditions(b):
    # m4-all: west and east and one zone; m3-either: two whole groups (west, east)
    # seat 2 holds nothing and is out, so seat 1 ends the round (a seat to act is in the
    # game); it holds the whole deck, so its end of turn draws no card
    _pos(b, {"a1": (0, 2), "a2": (0, 2), "b1": (0, 2), "b2": (0, 2), "far": (1, 2)},
         {"z1": (0, 1)}, held={0: ["m3-either", "m4-all"]}, decks={3: [], 4: []},
         phase="maneuver", current=1, turn=1,
         hands={1: ["c-a1", "c-a2", "c-b1", "c-b2", "c-far", "c-x"]})
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 0, "turn": 2, "players": [
        {"vp": 3 + 4 + 2 + 3, "missions": [], "missions_completed": ["m3-either", "m4-all"]},
        {}, {}]})


# ---------------------------------------------------------------- one per level per turn
@_psc("napoleon.missions.one-per-level.001", "A second mission of a level already "
      "completed this turn waits", ["napoleon.missions.one-per-level"], negative=True)
def one_per_level(b):
    # l1-north-africa was completed at the start of this turn; l1-two-zones (its
    # replacement) holds now
    _ppos(b, AFRICA, _TWO_ZONES, held={0: ["l1-two-zones"]}, done={0: ["l1-north-africa"]},
          levels={0: [1]}, vp={0: 1}, phase="maneuver", current=0, turn=2)
    b.do({"type": "end-turn"}, explain="the whole of North Africa held: a card to draw",
         state={"phase": "draw", "players": [
             {"vp": 1, "missions": ["l1-two-zones"], "missions_completed": ["l1-north-africa"]},
             {}, {}]})


@_psc("napoleon.missions.one-per-level.002", "Missions of different levels are completed "
      "in the same check", ["napoleon.missions.one-per-level", "napoleon.missions.replace"],
      options={"napoleon.amb.card-table": "ignore"})
def several_levels(b):
    done = ["l1-north-africa", "l2-route-to-the-americas"]
    _pround_end(b, AFRICA, {z: (0, 1) for z in AMERICAS}, held={0: done})
    _pdraw(b, [{"vp": 1 + 2, "missions_completed": done}, {}],
           explain="North Africa and the route to the Americas held: a level-1 and a level-2 "
                   "mission are completed in the same check (1 + 2 points).",
           state={"phase": "deal-missions", "current": 0, "turn": 2,
                  "pending": {"player": 0, "levels": [1, 2], "then": "start"}})
    b.do({"type": "mission", "player": 0, "mission": "l1-two-zones"},
         state={"pending": {"levels": [2]}})
    b.do({"type": "mission", "player": 0, "mission": "l2-united-kingdom"},
         explain="the missions replaced, the whole of North Africa scores its 2 points",
         state={"phase": "reinforce", "players": [
             {"missions": ["l1-two-zones", "l2-united-kingdom"], "vp": 3 + 2}, {}, {}]})


#: player 3 (seat 2, the background) at the end of its fifth turn: the 48 territories but
#: player 1's four (North Africa and Syria) and player 2's Castile, 43 // 3 = 14 points
_REST_VP = (48 - 4 - 1) // 3


def _pgame_end(b: Any, land: dict, zones: dict | None = None, **kw: Any) -> None:
    """Player 3 ends game turn 5 (its final count: :data:`_REST_VP` points); it has the card
    its whole empires earn to draw (the case's next step)."""
    _ppos(b, land, zones, phase="maneuver", current=2, turn=5, **kw)
    b.do({"type": "end-turn"},
         explain=f"Player 3 ends its fifth turn: its 43 territories score {_REST_VP}; the card "
                 "its whole empires earn is still drawn.",
         state={"phase": "draw", "pending": {"left": 1},
                "players": [{}, {}, {"vp": _REST_VP}]})


#: player 1's land at the end of the game: North Africa and Syria
_LAST = {**AFRICA, "syria": (0, 2)}


def _final_levels(vp: int):
    def body(b):
        # the fifth game turn ends; player 1 completed a level-1 mission in its fifth turn
        _pgame_end(b, _LAST, held={0: ["l1-north-africa"]},
                   done={0: ["l1-twelve-territories"]}, levels={0: [1]}, vp={0: 15})
        _pdraw(b, [{"vp": vp}, {}], state={"phase": "game-over", "winner": 0})
    return body


_psc("napoleon.amb.mission-per-level-scope.player-turn.001",
     "A level completed in one's last turn — the final check is a check of its own",
     ["napoleon.amb.mission-per-level-scope", "napoleon.missions.one-per-level",
      "napoleon.scoring.final-missions"],
     options={"napoleon.amb.mission-per-level-scope": "player-turn"},
     reading=("napoleon.amb.mission-per-level-scope", "player-turn"))(_final_levels(16))
_psc("napoleon.amb.mission-per-level-scope.game-turn.001",
     "A level completed in one's last turn — the final check belongs to that game turn",
     ["napoleon.amb.mission-per-level-scope", "napoleon.missions.one-per-level",
      "napoleon.scoring.final-missions"],
     options={"napoleon.amb.mission-per-level-scope": "game-turn"},
     reading=("napoleon.amb.mission-per-level-scope", "game-turn"))(_final_levels(15))


# ---------------------------------------------------------------- replacement, empty deck
@_psc("napoleon.missions.replace.001", "A completed mission with that level's deck empty: "
      "nothing is drawn", ["napoleon.missions.replace"],
      options={"napoleon.amb.card-table": "ignore"})
def empty_deck(b):
    _pround_end(b, AFRICA, held={0: ["l1-north-africa"]}, decks={1: []})
    _pdraw(b, [{"vp": 1 + 2, "missions": [], "missions_completed": ["l1-north-africa"]}, {}],
           explain="The mission scores 1 and North Africa 2; the level-1 deck is empty: no "
                   "card replaces the mission.",
           state={"phase": "reinforce", "current": 0, "turn": 2})


@_psc("napoleon.missions.replace.002", "A completed mission stays completed when its "
      "condition fails", ["napoleon.missions.replace"],
      options={"napoleon.amb.card-table": "ignore"})
def stays_completed(b):
    _pround_end(b, {**AFRICA, "tripolitania": (1, 2)}, done={0: ["l1-north-africa"]}, vp={0: 1})
    _pdraw(b, [{"vp": 1, "missions_completed": ["l1-north-africa"]}, {}],
           explain="North Africa is no longer whole (Tripolitania is player 2's): the mission "
                   "keeps its point.",
           state={"phase": "reinforce", "current": 0, "turn": 2})


# ---------------------------------------------------------------- bonuses
#: player 1 in England alone (not the whole United Kingdom)
_ENGLAND = {"england": (0, 2)}
_ROUTE_HELD = {z: (0, 1) for z in AMERICAS}


@_psc("napoleon.missions.lasting-bonus.001", "A lasting bonus is paid from the "
      "reinforcements of the turn the mission is completed", ["napoleon.missions.lasting-bonus"],
      options={"napoleon.amb.card-table": "ignore"})
def lasting_paid(b):
    m = "l2-route-to-the-americas"
    # England + the route's 3 zones: 4 places → 1, minimum 3; the route +2; the mission +1
    _pround_end(b, _ENGLAND, _ROUTE_HELD, held={0: [m]}, decks={2: []})
    _pdraw(b, [{"lasting_bonuses": [m], "vp": 2}, {}],
           events=[{"type": "mission-completed", "player": 0, "mission": m, "level": 2,
                    "vp": 2, "at": "start", "lasting_bonus": 1},
                   {"type": "mission-reinforcements", "player": 0, "armies": 1}],
           state={"phase": "reinforce", "current": 0, "turn": 2,
                  "pending": {"to_place": 3 + 2 + 1}})


@_psc("napoleon.missions.lasting-bonus.002", "A lasting bonus is not paid while its "
      "condition fails", ["napoleon.missions.lasting-bonus"], negative=True,
      options={"napoleon.amb.card-table": "ignore", "napoleon.amb.lasting-bonus": "resumes"})
def lasting_unpaid(b):
    m = "l2-route-to-the-americas"
    uk = {t: (0, 2) for t in get_empire("united-kingdom")}
    _pround_end(b, uk, {"western-europe-atlantic": (0, 1), "north-sea": (0, 1),
                        "baltic-sea": (1, 1)}, done={0: [m]}, lasting={0: [m]})
    # 3 territories + 2 zones: 5 places → minimum 3; the United Kingdom +2 (and 2 points);
    # no route (the Baltic Sea is player 2's), no mission bonus
    _pdraw(b, [{"vp": 2}, {}], state={"phase": "reinforce", "current": 0, "turn": 2,
                                       "pending": {"to_place": 3 + 2}})


def _lose_route(lasting: list[str], lost: bool):
    def body(b):
        # player 2's ships in the Western Mediterranean sink player 1's ship in the Western
        # Europe Atlantic: the route to the Americas is broken
        m = "l2-route-to-the-americas"
        _ppos(b, _ENGLAND, {**_ROUTE_HELD, "western-mediterranean": (1, 3)}, done={0: [m]},
              lasting={0: [m]}, current=1, turn=2)
        b.attack("western-mediterranean", "western-europe-atlantic", 2, state={"phase": "battle"})
        b.roll([6, 5], [1], events=[
            {"type": "battle", "from": "western-mediterranean", "to": "western-europe-atlantic",
             "attacker_losses": 0, "defender_losses": 1}]
            + ([{"type": "mission-bonus-lost", "player": 0, "mission": m}] if lost else []),
            state={"players": [{"lasting_bonuses": lasting, "missions_completed": [m]}, {}, {}],
                   "phase": "occupy",
                   "zones": {"western-europe-atlantic": {"owner": 1, "ships": 0}}})
    return body


_psc("napoleon.amb.lasting-bonus.lost-for-good.001",
     "A lasting bonus whose condition fails — the card is turned face down for good",
     ["napoleon.amb.lasting-bonus", "napoleon.missions.lasting-bonus"],
     options={"napoleon.amb.lasting-bonus": "lost-for-good"},
     reading=("napoleon.amb.lasting-bonus", "lost-for-good"))(_lose_route([], True))
_psc("napoleon.amb.lasting-bonus.resumes.001",
     "A lasting bonus whose condition fails — kept, paid again when it holds",
     ["napoleon.amb.lasting-bonus", "napoleon.missions.lasting-bonus"],
     options={"napoleon.amb.lasting-bonus": "resumes"},
     reading=("napoleon.amb.lasting-bonus", "resumes"))(
         _lose_route(["l2-route-to-the-americas"], False))


@_psc("napoleon.amb.end-mission-bonus.next-reinforcement.001",
      "A one-time bonus won at the end of the turn — received in the next reinforcement "
      "phase", ["napoleon.amb.end-mission-bonus", "napoleon.missions.lasting-bonus"],
      options={"napoleon.amb.end-mission-bonus": "next-reinforcement"},
      reading=("napoleon.amb.end-mission-bonus", "next-reinforcement"))
def end_bonus(b):
    m = "l1-fleet-of-six"
    uk = {t: (0, 2) for t in get_empire("united-kingdom")}
    _ppos(b, uk, {"north-sea": (0, 6)}, held={0: [m]}, decks={1: []},
          phase="maneuver", current=0, turn=2)
    b.do({"type": "end-turn"},
         explain="Six English ships in the North Sea: the mission scores 1 point and its 2 "
                 "one-time regiments wait for the next reinforcement phase; the mission and "
                 "the whole United Kingdom earn cards.",
         events=[{"type": "mission-completed", "player": 0, "mission": m, "level": 1,
                  "vp": 1, "at": "end", "reinforcements": 2}],
         state={"players": [{"mission_reinforcements": 2, "vp": 1}, {}, {}], "phase": "draw"})


# ---------------------------------------------------------------- first turn
def _first_turn(vp: int):
    def body(b):
        # player 3 places the last fortification of the setup; player 1 wins the roll
        _ppos(b, AFRICA, held={0: ["l1-north-africa"]}, decks={1: []}, phase="setup-leaders",
              current=2, turn=0, pending={"generals": 0, "fortifications": 1})
        b.do({"type": "place-fortification", "territory": "kingdom-of-sweden"},
             state={"phase": "epidemics", "pending": {"left": 4, "moving": False},
                    "territories": {"kingdom-of-sweden": {"fortifications": 1}}})
        # the setup's epidemics come last (napoleon.setup.epidemics), four in four empires:
        # one in player 1's North Africa, which stays whole (an epidemic strikes later)
        b.do({"type": "epidemic", "territory": "tripolitania"},
             state={"pending": {"left": 3}, "territories": {"tripolitania": {"epidemics": 1}}})
        b.do({"type": "epidemic", "territory": "castile"},
             state={"pending": {"left": 2}, "territories": {"castile": {"epidemics": 1}}})
        b.do({"type": "epidemic", "territory": "england"},
             state={"pending": {"left": 1}, "territories": {"england": {"epidemics": 1}}})
        b.do({"type": "epidemic", "territory": "great-russia"},
             events=[{"type": "setup-complete"}],
             state={"phase": "first-player", "pending": {"for": "turn"},
                    "territories": {"great-russia": {"epidemics": 1}}})
        b.do({"type": "first-player", "player": 0},
             state={"phase": "card-table", "current": 0, "turn": 1})
        # the card table's first row: two territory cards for the first player
        b.do({"type": "draw", "card": "card-egypt"},
             state={"players": [{"cards": ["card-egypt"]}, {}, {}]})
        b.do({"type": "draw", "card": "card-maghreb"},
             state={"players": [{"cards": ["card-egypt", "card-maghreb"], "vp": vp}, {}, {}],
                    "phase": "reinforce"})
        b.check(state={"turn": 1, "current": 0, "phase": "reinforce",
                       "players": [{"vp": vp}, {}, {}]})
    return body


_psc("napoleon.amb.first-turn-mission.warning.001",
     "A whole empire from the start — its mission is completed in the first turn",
     ["napoleon.amb.first-turn-mission", "napoleon.missions.check"],
     options={"napoleon.amb.first-turn-mission": "warning"},
     reading=("napoleon.amb.first-turn-mission", "warning"))(_first_turn(1 + 2))
_psc("napoleon.amb.first-turn-mission.not-before-turn-two.001",
     "A whole empire from the start — no mission at the start of the first turn",
     ["napoleon.amb.first-turn-mission", "napoleon.missions.check"],
     options={"napoleon.amb.first-turn-mission": "not-before-turn-two"},
     reading=("napoleon.amb.first-turn-mission", "not-before-turn-two"))(_first_turn(2))


# ---------------------------------------------------------------- end of turn: the mission card
#: player 1 in Tripolitania and the Maghreb (not the whole of North Africa) and two zones
_NO_EMPIRE = {"tripolitania": (0, 2), "maghreb": (0, 2)}


@_psc("napoleon.end-of-turn.draws.201", "A mission completed this turn earns a territory "
      "card at its end", ["napoleon.end-of-turn.draws"])
def mission_card(b):
    _ppos(b, _NO_EMPIRE, _TWO_ZONES, held={0: ["l1-two-zones"]}, decks={1: []},
          phase="maneuver", current=0, turn=2)
    b.do({"type": "end-turn"},
         explain="Two zones held: the mission is completed (1 point) and earns the one card; "
                 "no invasion, no whole empire.",
         state={"phase": "draw", "pending": {"left": 1}, "players": [{"vp": 1}, {}, {}]})


#: player 2 holding the whole United Kingdom (2 points at the start of its turn)
_P2_UK = {t: (1, 2) for t in get_empire("united-kingdom")}


def _tradeoff(phase: str):
    def body(b):
        _ppos(b, {**_NO_EMPIRE, **_P2_UK}, _TWO_ZONES, held={0: ["l1-two-zones"]},
              decks={1: []}, phase="maneuver", current=0, turn=2)
        b.do({"type": "end-turn"}, state={"phase": phase, "players": [{"vp": 1}, {}, {}]} if phase == "draw"
             else {"phase": phase, "current": 1, "players": [{"vp": 1}, {"vp": 2}, {}]},
             explain=None if phase == "draw"
             else "player 2 starts its turn holding the United Kingdom: 2 points")
    return body


_psc("napoleon.capitals.card-tradeoff.201", "With capitals a completed mission earns no "
     "card", ["napoleon.capitals.card-tradeoff", "napoleon.end-of-turn.draws"],
     options={"napoleon.amb.card-table": "ignore", "capitals": "on"}, negative=True)(_tradeoff("reinforce"))


# ---------------------------------------------------------------- end of the game
def _final(vp0: int, held: list[str]):
    def body(b):
        # game turn 5 ends; player 1 holds North Africa (l1-north-africa, a start mission)
        # and Egypt, Syria and the Eastern Mediterranean (l2-egyptian-expedition, an end
        # mission)
        _pgame_end(b, _LAST, {"eastern-mediterranean": (0, 1)},
                   held={0: ["l1-north-africa", "l2-egyptian-expedition"]}, vp={0: 15})
        _pdraw(b, [{"vp": vp0, "missions": held}, {}], state={"phase": "game-over", "winner": 0})
    return body


_psc("napoleon.scoring.final-missions.001", "After the fifth turn, start-of-turn missions "
     "get a last check",
     ["napoleon.scoring.final-missions"])(_final(15 + 1, ["l2-egyptian-expedition"]))
_psc("napoleon.amb.final-mission-check.start-missions.001",
     "After the fifth turn — only start-of-turn missions are checked",
     ["napoleon.amb.final-mission-check", "napoleon.scoring.final-missions"],
     options={"napoleon.amb.final-mission-check": "start-missions"},
     reading=("napoleon.amb.final-mission-check", "start-missions"))(
         _final(15 + 1, ["l2-egyptian-expedition"]))
_psc("napoleon.amb.final-mission-check.all-missions.001",
     "After the fifth turn — every remaining mission is checked",
     ["napoleon.amb.final-mission-check", "napoleon.scoring.final-missions"],
     options={"napoleon.amb.final-mission-check": "all-missions"},
     reading=("napoleon.amb.final-mission-check", "all-missions"))(_final(15 + 1 + 2, []))


#: players 1 and 2: 3 regiments each, no whole empire, 20 points each (player 3 ends game
#: turn 5 with 14)
_TIED = {"egypt": (0, 2), "syria": (0, 1), "castile": (1, 2), "portugal": (1, 1)}


@_psc("napoleon.scoring.tie-break.201", "Tied on points and regiments: the most missions "
      "completed wins", ["napoleon.scoring.tie-break"])
def tie_missions(b):
    _ppos(b, _TIED, done={0: ["l1-north-africa"], 1: ["l1-twelve-territories", "l2-united-kingdom"]},
          vp={0: 20, 1: 20}, phase="maneuver", current=2, turn=5)
    b.do({"type": "end-turn"}, state={"phase": "draw", "players": [{}, {}, {"vp": 44 // 3}]},
         explain="Player 3's 44 territories score 14: players 1 and 2 lead with 20.")
    _pdraw(b, [{}, {}], state={"phase": "game-over", "winner": 1},
           explain="Tied on 20 points and 3 regiments: player 2 completed two missions, player 1 one.",
           events=[{"type": "victory", "player": 1, "players": [1],
                    "rule": "napoleon.scoring.tie-break"}])


@_psc("napoleon.scoring.tie-break.202", "Tied on points, regiments and missions: the "
      "victory is shared", ["napoleon.scoring.tie-break"])
def tie_shared(b):
    _ppos(b, _TIED, done={0: ["l1-north-africa"], 1: ["l2-united-kingdom"]}, vp={0: 20, 1: 20},
          phase="maneuver", current=2, turn=5)
    b.do({"type": "end-turn"}, state={"phase": "draw", "players": [{}, {}, {"vp": 44 // 3}]})
    _pdraw(b, [{}, {}], state={"phase": "game-over", "winner": 0, "co_winners": [0, 1]},
           events=[{"type": "victory", "player": 0, "players": [0, 1],
                    "rule": "napoleon.scoring.tie-break"}])


def _capitals_tradeoff(phase: str):
    def body(b):
        # player 1 completes l1-two-zones at the end of its turn and holds North Africa
        _ppos(b, {**AFRICA, **_P2_UK}, _TWO_ZONES, held={0: ["l1-two-zones"]}, decks={1: []},
              phase="maneuver", current=0, turn=2)
        b.do({"type": "end-turn"}, state={"phase": phase, "players": [{"vp": 1}, {}, {}]} if phase == "draw"
             else {"phase": phase, "current": 1, "players": [{"vp": 1}, {"vp": 2}, {}]},
             explain=None if phase == "draw"
             else "player 2 starts its turn holding the United Kingdom: 2 points")
    return body


_psc("napoleon.amb.capitals-tradeoff.mission-condition.001",
     "Capitals on, a mission completed and an empire held — only the mission card is lost",
     ["napoleon.amb.capitals-tradeoff", "napoleon.capitals.card-tradeoff"],
     options={"capitals": "on", "napoleon.amb.capitals-tradeoff": "mission-condition"},
     reading=("napoleon.amb.capitals-tradeoff", "mission-condition"))(
         _capitals_tradeoff("draw"))
_psc("napoleon.amb.capitals-tradeoff.all-draws.001",
     "Capitals on, a mission completed and an empire held — no end-of-turn card at all",
     ["napoleon.amb.capitals-tradeoff", "napoleon.capitals.card-tradeoff"],
     options={"napoleon.amb.card-table": "ignore", "capitals": "on",
              "napoleon.amb.capitals-tradeoff": "all-draws"},
     reading=("napoleon.amb.capitals-tradeoff", "all-draws"))(
         _capitals_tradeoff("reinforce"))


# ---------------------------------------------------------------- conditions at their thresholds
def _deck(cards: list[dict]) -> dict:
    """A mission deck of ``cards``, one per level (1 to 4) at most; a level without one gets a
    card no case holds (a deck is never empty)."""
    cards = cards + [_card(f"unused-{lv}", lv, "end", {"hold_territories": {"count": 5}}, lv)
                     for lv in (1, 2, 3, 4) if not any(c["level"] == lv for c in cards)]
    return {"format": "riskspec/missions@1", "missions": cards,
            "decks": [{"id": f"napoleon-level-{lv}", "title": f"Threshold missions, level {lv}",
                       "level": lv, "cards": [c["id"] for c in cards if c["level"] == lv],
                       "provenance": _PROV} for lv in (1, 2, 3, 4)]}


#: one condition per level, each one short of its threshold in the position of case 801
SHORT = _deck([
    _card("garrison-three", 1, "end", {"hold_territories": {"count": 3, "min_armies": 2}}, 1),
    _card("route-and-one", 2, "end", {"control_routes": {"routes": ["route"], "plus_any": 1}}, 2),
    _card("garrison-a1-far", 3, "end", {"hold_named": {"places": ["a1", "far"], "min_armies": 2}}, 3),
    _card("one-general", 4, "end", {"capture_leaders": {"count": 1, "kind": "general"}}, 4),
])
#: a route count with no route named (met by any route); all of a zone and four territories
MIXED = _deck([
    _card("any-route", 1, "end", {"control_routes": {"plus_any": 1}}, 1),
    _card("zone-and-four", 2, "end", {"all": [{"hold_zones": {"count": 1}},
                                              {"hold_territories": {"count": 4}}]}, 2),
])
#: the player's own end of turn on LINE: a1 and b1 with 2 regiments each, far (the whole south)
#: with 1; the route z1 + z2 with one ship in each
_EDGE_LAND = {"a1": (0, 2), "a2": (1, 1), "b1": (0, 2), "b2": (2, 1), "far": (0, 1)}
_EDGE_ZONES = {"z1": (0, 1), "z2": (0, 1)}
_NO_DECKS: dict[int, list[str]] = {1: [], 2: [], 3: [], 4: []}


@scenario("napoleon.missions.check.801",
          "Mission conditions one short of their thresholds: regiments, routes, a named place, a general",
          ["napoleon.missions.check"], players=3, variant=A, map=LINE, missions=SHORT, negative=True,
          map_why="test mission cards, each condition one short of its threshold")
def thresholds_short(b):
    _pos(b, _EDGE_LAND, _EDGE_ZONES, held={0: ["garrison-three", "route-and-one", "garrison-a1-far",
                                                "one-general"]},
         decks=_NO_DECKS, phase="maneuver", current=0, turn=2)
    b.do({"type": "end-turn"},
         explain="Only a1 and b1 hold 2 regiments (far holds 1): 2 of the 3 territories asked. "
                 "The one route is held, but no other route besides it. far holds 1 regiment, "
                 "not 2. No general captured: nothing scores; one territory card for holding "
                 "the whole empire of far.",
         state={"phase": "draw", "pending": {"left": 1},
                "players": [{"vp": 0, "missions": ["garrison-three", "route-and-one",
                                                   "garrison-a1-far", "one-general"],
                             "missions_completed": []}, {}, {}]})


@scenario("napoleon.missions.check.802",
          "A route count with no route named is met by any route; 'all' needs every part",
          ["napoleon.missions.check"], players=3, variant=A, map=LINE, missions=MIXED,
          map_why="test mission cards: a route count naming no route, and an 'all' condition")
def thresholds_mixed(b):
    _pos(b, _EDGE_LAND, _EDGE_ZONES, held={0: ["any-route", "zone-and-four"]}, decks=_NO_DECKS,
         phase="maneuver", current=0, turn=2)
    b.do({"type": "end-turn"},
         explain="The route z1 + z2 is one route: 'any-route' is met (1 point, no card left to "
                 "replace it). Two zones are held but only 3 territories, not 4: 'zone-and-four' "
                 "is not met. Two territory cards: one for the mission, one for far's empire.",
         events=[{"type": "mission-completed", "player": 0, "mission": "any-route", "level": 1,
                  "vp": 1, "at": "end"}],
         state={"phase": "draw", "pending": {"left": 2},
                "players": [{"vp": 1, "missions": ["zone-and-four"],
                             "missions_completed": ["any-route"]}, {}, {}]})


#: capitals named (all of them are asked) and a count with no capital named
CAPITAL_DECK = _deck([
    _card("capitals-w1-e1", 1, "end", {"control_capitals": {"capitals": ["w1", "e1"]}}, 1),
    _card("one-capital", 2, "end", {"control_capitals": {"count": 1}}, 2),
])


@scenario("napoleon.missions.check.803",
          "Named capitals: every one must be held; a capital count alone is met by any capital",
          ["napoleon.missions.check"], players=3, variant=A, map=CAPITALS, missions=CAPITAL_DECK,
          map_why="test mission cards naming capitals and counting them")
def capitals_named(b):
    land = {"w1": (0, 2), "w2": (0, 1), "w3": (0, 1), "w4": (1, 1), "e1": (1, 1), "e2": (1, 1),
            "e3": (1, 1), "e4": (2, 1), "n1": (1, 1), "n2": (2, 1), "n3": (2, 1)}
    _pos(b, land, held={0: ["capitals-w1-e1", "one-capital"]}, decks=_NO_DECKS,
         phase="maneuver", current=0, turn=2)
    b.do({"type": "end-turn"},
         explain="The player holds the capital w1, not e1: 'w1 and e1' is not met; 'one "
                 "capital' is (2 points). One territory card for the mission (no whole empire).",
         events=[{"type": "mission-completed", "player": 0, "mission": "one-capital", "level": 2,
                  "vp": 2, "at": "end"}],
         state={"phase": "draw", "pending": {"left": 1},
                "players": [{"vp": 2, "missions": ["capitals-w1-e1"],
                             "missions_completed": ["one-capital"]}, {}, {}]})


# No case pins whether a territory emptied by an epidemic and kept by its owner (reading
# keeps-owner of napoleon.amb.empty-territory-control: "still holds it, for counts and
# bonuses") counts for a mission: the reading counts it, the mission conditions' default
# minimum of one regiment does not. An open question of the spec, not settled here.


def _edge_deck(cards: list[dict]) -> dict:
    """A mission deck of ``cards`` (a level without one gets a card no case holds)."""
    cards = cards + [_card(f"unmet-{lv}", lv, "end", {"hold_territories": {"count": 5}}, lv)
                     for lv in (1, 2, 3, 4) if not any(c["level"] == lv for c in cards)]
    return {"format": "riskspec/missions@1", "missions": cards,
            "decks": [{"id": f"napoleon-level-{lv}", "title": f"Edge missions, level {lv}", "level": lv,
                       "cards": [c["id"] for c in cards if c["level"] == lv], "provenance": _PROV}
                      for lv in (1, 2, 3, 4)]}


def _edge_cards() -> list[dict]:
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
    _pos(b, EDGE_LAND, EDGE_ZONES, held={0: held}, decks={1: [], 2: [], 3: [], 4: []},
         phase="maneuver", current=0, turn=2)


def _edge_scenario(id: str, title: str, missions: dict, map_why: str, *,
                   covers: tuple[str, ...] = ("napoleon.missions.check",),
                   board: dict = LINE) -> Any:
    """A mission-check case of three Advanced players on a small ``board`` (LINE unless told)
    with test mission cards (``missions``), which is why it keeps that board (``map_why``)."""
    return scenario(id, title, list(covers), players=3, variant="napoleon-advanced", map=board,
                    missions=missions, map_why=map_why)


@_edge_scenario("napoleon.missions.check.101", "Mission conditions met exactly: counts, least "
                "regiments, named places, regiments in places",
                EDGE, "test mission cards, each condition met exactly",
                covers=("napoleon.missions.check", "napoleon.missions.replace",
                        "napoleon.end-of-turn.draws"))
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


@_edge_scenario("napoleon.missions.check.102",
                "Mission conditions one short: a territory, a zone, a named place, a ship",
                EDGE, "test mission cards, each condition one short")
def missions_short(b: Any) -> None:
    _edge_pos(b, ["short-1", "short-2", "short-3", "short-4"])
    b.do({"type": "end-turn"},
         explain="3 territories with 2 regiments or more, not 4; 2 zones, not 3 (z4 is player "
                 "2's); a2 is not player 1's; 2 ships, not 3: nothing scores; one territory card "
                 "for holding the whole empire of far.",
         state={"phase": "draw", "pending": {"left": 1}, "players": [{"vp": 0}, {}, {}]})


def _more_cards() -> list[dict]:
    return [
        _card("ships-z1", 1, "end", {"hold_units": {"kind": "ships", "count": 1, "in": ["z1"]}}, 1),
        _card("regiments-a1-z1", 2, "end",
              {"hold_units": {"kind": "regiments", "count": 2, "in": ["a1", "z1"]}}, 2),
        _card("named-b1-far", 3, "end", {"hold_named": {"places": ["b1", "far"]}}, 3),
    ]


UNITS = _edge_deck(_more_cards())


@_edge_scenario("napoleon.missions.check.103", "Units counted where a mission says: ships in "
                "the first zone, regiments on land only",
                UNITS, "test mission cards counting units in named places")
def missions_units(b: Any) -> None:
    _pos(b, {"a1": (0, 1), "a2": (1, 1), "b1": (0, 1), "b2": (2, 1), "far": (0, 1)},
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
    return [
        _card("capitals-w1-two", 1, "end", {"control_capitals": {"capitals": ["w1"], "count": 2}}, 1),
        _card("capitals-three", 2, "end", {"control_capitals": {"count": 3}}, 2),
        _card("regiments-w1-w2-n1", 3, "end",
              {"hold_units": {"kind": "regiments", "count": 3, "in": ["w1", "w2", "n1"]}}, 3),
    ]


CAPITAL_MISSIONS = _edge_deck(_capital_cards())


@_edge_scenario("napoleon.missions.check.104", "Capitals held for a mission: a named capital "
                "and a count, met exactly and one short",
                CAPITAL_MISSIONS, "test mission cards naming capitals and counting them",
                board=CAPITALS)
def missions_capitals(b: Any) -> None:
    land = {"w1": (0, 2), "w2": (0, 1), "w3": (0, 1), "w4": (1, 1), "e1": (0, 1), "e2": (1, 1),
            "e3": (1, 1), "e4": (2, 1), "n1": (1, 1), "n2": (2, 1), "n3": (2, 1)}
    _pos(b, land, held={0: ["capitals-w1-two", "capitals-three", "regiments-w1-w2-n1"]},
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


def _count_cards() -> list[dict]:
    return [
        _card("two-territories", 1, "end", {"hold_territories": {"count": 2}}, 1),
        _card("three-territories", 2, "end", {"hold_territories": {"count": 3}}, 2),
        _card("a1-and-b1", 3, "end", {"hold_named": {"places": ["a1", "b1"]}}, 3),
    ]


COUNTS = _edge_deck(_count_cards())


@_edge_scenario("napoleon.missions.check.105", "Territories counted for a mission: one "
                "regiment is enough, only the player's count",
                COUNTS, "test mission cards counting territories and naming places")
def missions_counts(b: Any) -> None:
    _pos(b, {"a1": (0, 1), "a2": (1, 3), "b1": (0, 1), "b2": (2, 3), "far": (1, 3)},
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


def _regiments_only() -> list[dict]:
    # the schema's reward may name regiments alone
    return [_card("regiments-only", 1, "end",
                  {"hold_territories": {"count": 3, "min_armies": 2}}, None, bonus=2,
                  lasting=False)]


REGIMENTS_ONLY = _edge_deck(_regiments_only())


@_edge_scenario("napoleon.missions.check.106",
                "A mission whose reward names regiments only scores no victory point",
                REGIMENTS_ONLY, "a test mission card whose reward is regiments only")
def missions_regiments_only(b: Any) -> None:
    _edge_pos(b, ["regiments-only"])
    b.do({"type": "end-turn"},
         explain="3 territories with at least 2 regiments (a1, b1, far): the mission is "
                 "completed; its reward gives 2 regiments for the next reinforcement and no "
                 "point. Two cards: one for the mission, one for far's whole empire.",
         events=[{"type": "mission-completed", "player": 0, "mission": "regiments-only",
                  "level": 1, "vp": 0, "at": "end", "reinforcements": 2}],
         state={"phase": "draw", "pending": {"left": 2},
                "players": [{"vp": 0, "missions": [], "missions_completed": ["regiments-only"],
                             "mission_reinforcements": 2}, {}, {}]})

"""Scenarios: Risk Napoléon — one case per reading of the ambiguities the engine implements.

Each case plays a position under one reading; its expectations hold under that reading
only (``tests/napoleon/test_reading_vectors.py`` runs every case under each other
reading of its ambiguity and checks that it fails), so the outcome tells the readings
apart.  Small boards from :mod:`cases_napoleon`.

A landing that reaches "only the last zone's territories" is not a reading here: with every
zone of a chain controlled, any zone of it ends a shorter chain, so it reaches the same
territories (napoleon.naval.landing, its notes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riskspec.conformance.cases_napoleon import (
    CAPITALS,
    LINE,
    LINE_JOKERS,
    NEUTRAL,
    V,
    _apos,
    _pos,
)
from riskspec.conformance.cases_napoleon_effects import REIN as EFFECT_REIN
from riskspec.conformance.cases_napoleon_effects import _setup_epidemics_pos
from riskspec.conformance.cases_napoleon_leaders import _pos as _lpos
from riskspec.conformance.cases_napoleon_missions import _pos as _mpos
from riskspec.conformance.lineboard import advanced_sc
from riskspec.conformance.scenario import scenario

A = "napoleon-advanced"
Body = Callable[[Any], None]


def readings(amb: str, rules: list[str], title: str, bodies: dict[str, tuple[str, Body]], *,
             variant: str = V, players: int = 2, board: dict = LINE,
             extra: dict[str, str] | None = None, negative: tuple[str, ...] = ()) -> None:
    """One case per reading: ``bodies[reading] = (title suffix, fn(b))``, ID
    ``<amb>.<reading>.001``; ``negative`` lists the readings whose case expects a refusal."""
    for reading, (suffix, fn) in bodies.items():
        scenario(f"{amb}.{reading}.001", f"{title} — {suffix}", [amb, *rules], players=players,
                 variant=variant, map=board, options={amb: reading, **(extra or {})},
                 reading=(amb, reading), negative=reading in negative)(fn)


# ---------------------------------------------------------------- the invasion card and neutrals
def _neutral_taken(left: int | None) -> Body:
    def body(b):
        # player 0 takes b1 from a neutral army; no whole empire is held afterwards
        _pos(b, {"a1": (1, 1), "a2": (0, 4), "b1": (NEUTRAL, 1), "b2": (1, 1), "far": (1, 1)})
        b.attack("a2", "b1", 3, state={"phase": "battle"})
        # b1 was that neutral army's only territory: it is out
        b.roll([6, 5, 4], [1], state={"phase": "occupy", "territories": {"b1": {"owner": 0, "armies": 0}},
                                      "players": [{}, {}, {"eliminated": True}, {}, {}, {}]})
        b.do({"type": "occupy", "armies": 3},
             state={"phase": "attack", "territories": {"a2": {"armies": 1}, "b1": {"armies": 3}}})
        b.do({"type": "end-attack"}, state={"phase": "maneuver"})
        b.do({"type": "end-turn"}, state={"current": 0, "phase": "draw", "pending": {"left": left}}
             if left else {"current": 1, "phase": "reinforce"})
    return body


readings("napoleon.amb.neutral-invasion-card", ["napoleon.end-of-turn.draws"],
         "A neutral army's territory is the turn's only conquest", {
             "neutrals-count": ("one card", _neutral_taken(1)),
             "players-only": ("no card", _neutral_taken(None))})


# ---------------------------------------------------------------- basic game: end
def _last_territory(b):
    # player 1's last territory falls while a neutral army still holds b1
    _pos(b, {"a1": (0, 4), "a2": (1, 1), "b1": (NEUTRAL, 1), "b2": (0, 1), "far": (0, 1)})
    b.attack("a1", "a2", 3, state={"phase": "battle"})


def _end_eliminate(b):
    _last_territory(b)
    b.roll([6, 5, 4], [1], state={"winner": 0, "phase": "game-over",
                                  "territories": {"a2": {"owner": 0, "armies": 0}},
                                  "players": [{}, {"eliminated": True}, {}, {}, {}, {}]})


def _end_most(b):
    # the fifth round ends with player 1's turn: the most territories wins (player 1, 2 to 1;
    # neither holds a whole empire, so no card is drawn first)
    _pos(b, {"a1": (1, 1), "a2": (0, 2), "b1": (1, 1), "b2": (NEUTRAL, 1), "far": (NEUTRAL, 1)},
         phase="maneuver", current=1, turn=5)
    b.do({"type": "end-turn"}, state={"winner": 1, "phase": "game-over"})


# 'all-territories' is napoleon.basic.end.002 (cases_napoleon)
readings("napoleon.amb.basic-game-end", ["napoleon.basic.end"], "How the basic game ends", {
    "eliminate-opponent": ("taking the other player's last territory wins", _end_eliminate),
    "most-territories": ("after five rounds, the most territories wins", _end_most)})


@scenario("napoleon.amb.basic-game-end.most-territories.501",
          "How the basic game ends — after five rounds, players tied for the most territories "
          "share the victory", ["napoleon.amb.basic-game-end", "napoleon.basic.end"], players=2,
          variant=V, map=LINE, options={"napoleon.amb.basic-game-end": "most-territories"},
          reading=("napoleon.amb.basic-game-end", "most-territories"))
def basic_tie(b):
    # the fifth round ends with player 1's turn: two territories each, a neutral army holds
    # far; neither player holds a whole empire, so no card is drawn first
    _pos(b, {"a1": (0, 2), "a2": (1, 1), "b1": (0, 1), "b2": (1, 2), "far": (NEUTRAL, 1)},
         phase="maneuver", current=1, turn=5)
    b.do({"type": "end-turn"},
         state={"phase": "game-over", "winner": 0, "co_winners": [0, 1], "turn": 5})


# ---------------------------------------------------------------- basic game: pieces
def _reinforce_line(b, **kw):
    _pos(b, {"a1": (0, 1), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
         phase="reinforce", pending={"to_place": 3, "must_trade": False, "after": "turn"}, **kw)


def _pieces_ships(b):
    _reinforce_line(b)
    b.do({"type": "buy-ship", "zone": "z1"},
         state={"zones": {"z1": {"owner": 0, "ships": 1}}, "pending": {"to_place": 2}})


def _pieces_none(b):
    _reinforce_line(b)
    b.check(legal_excludes=[{"type": "buy-ship", "zone": "z1"}])
    b.reject({"type": "buy-ship", "zone": "z1"}, "no-ships", rule="napoleon.units.ships")


readings("napoleon.amb.basic-pieces", ["napoleon.basic.pieces"], "Ships in the basic game", {
    "ships": ("a ship can be bought", _pieces_ships),
    "none": ("regiments only: no ship", _pieces_none)}, negative=("none",))


# ---------------------------------------------------------------- neutral dice
def _neutral_attack(b):
    _pos(b, {"a1": (0, 4), "a2": (NEUTRAL, 3), "b1": (1, 1), "b2": (1, 1), "far": (1, 1)})


def _neutral_chosen(b):
    _neutral_attack(b)
    b.attack("a1", "a2", 3, state={"phase": "defend", "pending": {"chooser": 1}})
    b.defend(1, state={"phase": "battle", "pending": {"defender_dice": 1}})


def _neutral_max(b):
    _neutral_attack(b)
    b.attack("a1", "a2", 3, state={"phase": "battle", "pending": {"defender_dice": 2}})


readings("napoleon.amb.neutral-dice", ["napoleon.basic.neutral-defence"],
         "Dice of an attacked neutral army", {
             "chosen-by-opponent": ("the other player chooses one die", _neutral_chosen),
             "max": ("always as many dice as allowed", _neutral_max)})


# ---------------------------------------------------------------- territory bonus of a set
def _two_sets(first: dict, second: dict):
    def body(b):
        _pos(b, {"a1": (0, 1), "a2": (0, 1), "b1": (1, 1), "b2": (0, 1), "far": (1, 1)},
             phase="reinforce", hands={0: ["c-a1", "c-a2", "c-b1", "c-b2", "c-far", "c-x"]},
             pending={"to_place": 3, "must_trade": True, "after": "turn"})
        b.do({"type": "trade", "cards": ["c-a1", "c-a2", "c-b1"]},
             state={"pending": {"to_place": 7}, "territories": first,
                    "players": [{"cards": 6 - 3}, {}, {}, {}, {}, {}]})
        b.do({"type": "trade", "cards": ["c-b2", "c-far", "c-x"]},
             state={"pending": {"to_place": 17}, "territories": second,
                    "players": [{"cards": 0}, {}, {}, {}, {}, {}]})
    return body


readings("napoleon.amb.trade-territory-bonus", ["napoleon.cards.trade-territory-bonus"],
         "Two sets traded in one turn, three of their territories held", {
             "per-card": ("+2 on each card's territory",
                          _two_sets({"a1": {"armies": 3}, "a2": {"armies": 3}},
                                    {"b2": {"armies": 3}})),
             "per-set": ("+2 once per set",
                         _two_sets({"a1": {"armies": 3}, "a2": {"armies": 1}},
                                   {"b2": {"armies": 3}})),
             "per-turn": ("+2 once per turn",
                          _two_sets({"a1": {"armies": 3}, "a2": {"armies": 1}},
                                    {"b2": {"armies": 1}}))})


# ---------------------------------------------------------------- jokers per set
def _jokers(two: bool):
    def body(b):
        _pos(b, {"a1": (0, 1), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (1, 1)},
             phase="reinforce", hands={0: ["c-a1", "c-a2", "c-x", "c-y"]},
             pending={"to_place": 3, "must_trade": False, "after": "turn"})
        if two:
            b.do({"type": "trade", "cards": ["c-a1", "c-x", "c-y"]},
                 state={"pending": {"to_place": 13}, "territories": {"a1": {"armies": 1 + 2}},
                        "players": [{"cards": 4 - 3}, {}, {}, {}, {}, {}]})
        else:
            b.reject({"type": "trade", "cards": ["c-a1", "c-x", "c-y"]}, "too-many-wilds", rule="napoleon.cards.jokers")
            b.do({"type": "trade", "cards": ["c-a1", "c-a2", "c-x"]},
                 state={"pending": {"to_place": 7},
                        "territories": {"a1": {"armies": 1 + 2}, "a2": {"armies": 1 + 2}},
                        "players": [{"cards": 4 - 3}, {}, {}, {}, {}, {}]})
    return body


readings("napoleon.amb.jokers-per-set", ["napoleon.cards.jokers"], "A set with two jokers", {
    "two": ("allowed (worth one of each, 10)", _jokers(True)),
    "one": ("refused", _jokers(False))}, board=LINE_JOKERS, negative=("one",))


# ---------------------------------------------------------------- forced trade: how many sets
def _eight_cards(b):
    hand = ["c-a1", "c-a2", "c-b1", "c-b2", "c-far", "c-x", "c-y", "c-z"]
    _pos(b, {"a1": (0, 1), "a2": (0, 1), "b1": (1, 1), "b2": (NEUTRAL, 1), "far": (NEUTRAL, 1)},
         phase="maneuver", current=1, hands={0: hand})
    b.do({"type": "end-turn"}, state={"current": 0, "turn": 2, "phase": "reinforce",
                                      "pending": {"must_trade": True}})


#: the first trade's cards show a1 and a2, both player 0's: +2 on each
_FIRST = {"territories": {"a1": {"armies": 1 + 2}, "a2": {"armies": 1 + 2}},
          "players": [{"cards": 8 - 3}, {}, {}, {}, {}, {}]}


def _until_below(b):
    _eight_cards(b)
    b.do({"type": "trade", "cards": ["c-a1", "c-a2", "c-b1"]}, state={"pending": {"must_trade": True}, **_FIRST})
    b.reject({"type": "place", "territory": "a1"}, "must-trade", rule="napoleon.cards.forced-trade")


def _until_one_set(b):
    _eight_cards(b)
    b.do({"type": "trade", "cards": ["c-a1", "c-a2", "c-b1"]},
         state={"pending": {"must_trade": False}, **_FIRST})
    b.do({"type": "place", "territory": "a1"}, state={"territories": {"a1": {"armies": 4}}})


readings("napoleon.amb.forced-trade-until", ["napoleon.cards.forced-trade"],
         "Eight cards at the start of the turn", {
             "below-threshold": ("trade on until fewer than five", _until_below),
             "one-set": ("one set is enough", _until_one_set)},
         board=LINE_JOKERS, negative=("below-threshold",))


# ---------------------------------------------------------------- elimination: trade threshold
def _capture_five(trade: bool):
    def body(b):
        _apos(b, {"a1": (0, 5), "a2": (1, 1), "b1": (2, 1), "b2": (2, 1), "far": (2, 1)},
              hands={0: ["c-b1", "c-b2"], 1: ["c-a1", "c-a2", "c-far"]})
        b.attack("a1", "a2", 3, state={"phase": "battle"})
        b.roll([6, 5, 4], [1], state={"players": [{"cards": ["c-a1", "c-a2", "c-b1", "c-b2",
                                                             "c-far"]}, {"eliminated": True, "cards": []}, {}],
                                      "phase": "occupy", "territories": {"a2": {"owner": 0, "armies": 0}}})
        moved = {"a1": {"armies": 5 - 3}, "a2": {"armies": 3}}
        if trade:
            b.do({"type": "occupy", "armies": 3},
                 state={"phase": "reinforce", "pending": {"must_trade": True,
                                                          "after": "elimination"}, "territories": moved})
        else:
            b.do({"type": "occupy", "armies": 3}, state={"phase": "attack", "territories": moved})
    return body


readings("napoleon.amb.elimination-trade-threshold", ["napoleon.cards.elimination-capture"],
         "Five cards after taking an eliminated player's hand", {
             "five-or-more": ("trade at once", _capture_five(True)),
             "more-than-five": ("no trade yet", _capture_five(False))},
         variant=A, players=3)


# ---------------------------------------------------------------- naval combat first
def _after_land(b):
    _pos(b, {"a1": (0, 1), "a2": (0, 5), "b1": (1, 1), "b2": (1, 1), "far": (1, 1)},
         {"z2": (0, 3), "z3": (1, 1)})
    b.attack("a2", "b1", 3, state={"phase": "battle"})
    b.roll([1, 1, 1], [6], state={"phase": "attack", "territories": {"a2": {"armies": 5 - 1}}})


def _naval_rule(b):
    _after_land(b)
    b.reject({"type": "attack", "from": "z2", "to": "z3", "dice": 2}, "naval-after-land", rule="napoleon.combat.naval-first")


def _naval_advice(b):
    _after_land(b)
    b.attack("z2", "z3", 2, state={"phase": "battle", "pending": {"naval": True}})


readings("napoleon.amb.naval-first", ["napoleon.combat.naval-first"],
         "A naval attack after a land offensive", {
             "rule": ("refused", _naval_rule), "advice": ("allowed", _naval_advice)},
         negative=("rule",))


# ---------------------------------------------------------------- setup: when the epidemics come
#: the setup's last placement: player 2 puts down the last fortification; the generals are down
_LEADERS_DONE = {"a1": (0, 2), "a2": (1, 2), "b1": (2, 2), "b2": (2, 2), "far": (1, 2)}


def _leaders_pos(b, epidemics: tuple[str, ...] = ()) -> None:
    def edit(d: dict) -> None:
        for t in ("a1", "a2", "b1"):
            d["territories"][t]["generals"] = 1
        for t in epidemics:
            d["territories"][t]["epidemics"] = 1
    b.position(_LEADERS_DONE, edit=edit, phase="setup-leaders", turn=0, current=2,
               first_player=0, pending={"generals": 0, "fortifications": 1})


def _epidemics_after_leaders(b):
    _leaders_pos(b)
    b.do({"type": "place-fortification", "territory": "b2"},
         state={"phase": "epidemics", "pending": {"left": 4, "moving": False},
                "territories": {"b2": {"fortifications": 1}}})
    b.do({"type": "epidemic", "territory": "b2"},
         explain="An epidemic may land on the fresh fortification; it stays, and no regiment is lost.",
         state={"pending": {"left": 3}, "territories": {"b2": {"epidemics": 1}}},
         outcomes=[{"outcome": {"type": "epidemic", "territory": t}, "p": "1/3"}
                   for t in ("a1", "a2", "far")])
    b.do({"type": "epidemic", "territory": "a1"},
         state={"pending": {"left": 2}, "territories": {"a1": {"epidemics": 1}}})
    b.do({"type": "epidemic", "territory": "far"},
         explain="Every empire has its epidemic: the setup is over, the first player is drawn.",
         state={"phase": "first-player", "pending": {"for": "turn"},
                "territories": {"far": {"epidemics": 1}}})


def _epidemics_before_claim(b):
    # the epidemics were placed before the claims, one in each empire
    _leaders_pos(b, epidemics=("a1", "b2", "far"))
    b.check(legal=[{"type": "place-fortification", "territory": "b1"}])
    b.reject({"type": "place-fortification", "territory": "b2"}, "epidemic",
             rule="napoleon.units.fortifications")
    b.do({"type": "place-fortification", "territory": "b1"},
         explain="The last starting piece is down and the epidemics are already placed: the "
                 "first player is drawn.",
         state={"phase": "first-player", "pending": {"for": "turn"},
                "territories": {"b1": {"fortifications": 1}}})


readings("napoleon.amb.setup-epidemic-order",
         ["napoleon.setup.epidemics", "napoleon.setup.place-general-and-fortification"],
         "The last starting fortification and the setup's epidemics", {
             "after-leaders": ("the epidemics follow", _epidemics_after_leaders),
             "before-claim": ("the epidemics are down; none under the fortification",
                              _epidemics_before_claim)},
         variant=A, players=3, negative=("before-claim",),
         extra={"napoleon.amb.card-table": "ignore"})


@advanced_sc("napoleon.amb.setup-epidemic-redraw.territory.501",
             "Reading territory: the chances of each territory after a first epidemic in the east, "
             "and the four markers placed", ["napoleon.setup.epidemics", "napoleon.amb.setup-epidemic-redraw"],
             board=EFFECT_REIN, reading=("napoleon.amb.setup-epidemic-redraw", "territory"))
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


# ---------------------------------------------------------------- an empty draw pile
_LINE_DECK = ["c-a1", "c-a2", "c-b1", "c-b2", "c-far", "c-x"]


def _empty_pile(reshuffled: bool) -> Body:
    def body(b):
        # every card but player 1's is in the discards; player 0 conquered this turn
        def discards(d: dict) -> None:
            d["discards"], d["draw_pile"] = d["draw_pile"], []
            d["turn_flags"].update(land_attacked=False, naval_moves=0)
        b.position({"a1": (0, 2), "a2": (1, 1), "b1": (0, 1), "b2": (1, 1), "far": (1, 1)},
                   phase="maneuver", conquered=True, hands={1: ["c-a2"]}, edit=discards)
        rest = [c for c in _LINE_DECK if c != "c-a2"]
        if reshuffled:
            b.do({"type": "end-turn"},
                 state={"phase": "draw", "draw_pile": rest, "discards": []},
                 outcomes=[{"outcome": {"type": "draw", "card": c}, "p": "1/5"} for c in rest])
        else:
            b.do({"type": "end-turn"}, explain="No card to draw: the card is forgone.",
                 state={"phase": "reinforce", "current": 1})
    return body


readings("napoleon.amb.reshuffle", ["napoleon.cards.reshuffle", "napoleon.end-of-turn.draws"],
         "A card owed with the draw pile empty", {
             "reshuffle": ("the discards make a new pile", _empty_pile(True)),
             "set-aside": ("nothing is drawn", _empty_pile(False))})


# ---------------------------------------------------------------- basic game: a tie at the turn limit
def _limit_tie(by_regiments: bool) -> Body:
    def body(b):
        # the fifth round ends with player 1's turn: two territories each (a neutral army holds
        # far), player 0 with 4 regiments, player 1 with 3; nobody holds a whole empire
        _pos(b, {"a1": (0, 3), "a2": (1, 1), "b1": (0, 1), "b2": (1, 2), "far": (NEUTRAL, 1)},
             phase="maneuver", current=1, turn=5)
        b.do({"type": "end-turn"},
             explain="Player 0 has 4 regiments to player 1's 3: the text's tie-break settles it.",
             state={"phase": "game-over", "winner": 0, "turn": 5}
             if by_regiments else
             {"phase": "game-over", "winner": 0, "co_winners": [0, 1], "turn": 5})
    return body


readings("napoleon.amb.basic-limit-tie", ["napoleon.basic.end"],
         "Two territories each after five rounds, player 0 with more regiments", {
             "regiments": ("player 0 wins alone", _limit_tie(True)),
             "shared": ("both share the victory", _limit_tie(False))},
         extra={"napoleon.amb.basic-game-end": "most-territories"})


# ---------------------------------------------------------------- maneuver path
def _maneuver_pos(b):
    _pos(b, {"a1": (0, 5), "a2": (0, 1), "b1": (0, 1), "b2": (1, 1), "far": (1, 1)},
         {"z1": (0, 3), "z2": (0, 1), "z3": (0, 1)}, phase="maneuver")


def _path_connected(b):
    _maneuver_pos(b)
    b.do({"type": "maneuver", "from": "a1", "to": "b1", "armies": 4},
         state={"territories": {"a1": {"armies": 1}, "b1": {"armies": 5}}})
    b.reject({"type": "maneuver", "from": "z1", "to": "z3", "armies": 2}, "not-connected",
             rule="napoleon.maneuver.naval",
             explain="Whatever the land reading, ships move only to a neighbouring zone.")


def _path_adjacent(b):
    _maneuver_pos(b)
    b.reject({"type": "maneuver", "from": "a1", "to": "b1", "armies": 4}, "not-connected", rule="napoleon.maneuver.land")
    b.do({"type": "maneuver", "from": "a1", "to": "a2", "armies": 4},
         state={"territories": {"a1": {"armies": 1}, "a2": {"armies": 5}}})


readings("napoleon.amb.maneuver-path", ["napoleon.maneuver.land"],
         "Land maneuvers two steps away through one's own territories", {
             "connected": ("allowed along a chain", _path_connected),
             "adjacent": ("only to a neighbour", _path_adjacent)}, negative=("adjacent",))


# ---------------------------------------------------------------- end-of-turn draws
def _draws(left: int, conquered: bool = True):
    def body(b):
        _pos(b, {"a1": (0, 2), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (1, 1)},
             phase="maneuver", conquered=conquered)
        if left:
            b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": left}})
        else:
            b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 1})
    return body


readings("napoleon.amb.end-turn-draws", ["napoleon.end-of-turn.draws"],
         "An invasion and a whole empire", {
             "one-per-condition": ("two cards", _draws(2)),
             "one-if-any": ("one card", _draws(1))})

readings("napoleon.amb.basic-card-draws", ["napoleon.end-of-turn.draws"],
         "A whole empire held, no invasion", {
             "all-conditions": ("one card for the empire", _draws(1, conquered=False)),
             "invasion-only": ("no card", _draws(0, conquered=False))})


# ---------------------------------------------------------------- victory points (Advanced)
def _next_round(land: dict, zones: dict | None = None, *, turn: int = 1, **kw: Any) -> Body:
    """Player 2 ends the last turn of round ``turn``: player 0's turn ``turn + 1`` begins."""
    def body(b):
        _apos(b, land, zones=zones, phase="maneuver", current=2, turn=turn)
        b.do({"type": "end-turn"}, state={"current": 0, "turn": turn + 1, "phase": "reinforce", **kw})
    return body


_WEST = {"a1": (0, 1), "a2": (0, 1), "b1": (1, 1), "b2": (2, 1), "far": (1, 1)}
readings("napoleon.amb.empire-vp", ["napoleon.scoring.empire-vp"],
         "A whole empire at the start of the second turn", {
             "each-turn": ("scores its bonus", _next_round(_WEST, players=[{"vp": 2}, {}, {}])),
             "last-turn-only": ("scores nothing before the last turn",
                                _next_round(_WEST, players=[{"vp": 0}, {}, {}]))},
         variant=A, players=3, extra={"napoleon.amb.card-table": "ignore"})

_ROUTE = {"a1": (0, 1), "a2": (1, 1), "b1": (1, 1), "b2": (2, 1), "far": (1, 1)}
readings("napoleon.amb.route-vp", ["napoleon.scoring.empire-vp"],
         "A whole maritime route at the start of the turn", {
             "empires-only": ("scores nothing",
                              _next_round(_ROUTE, {"z1": (0, 1), "z2": (0, 1)},
                                          players=[{"vp": 0}, {}, {}])),
             "routes-too": ("scores its bonus",
                            _next_round(_ROUTE, {"z1": (0, 1), "z2": (0, 1)},
                                        players=[{"vp": 4}, {}, {}]))},
         variant=A, players=3, extra={"napoleon.amb.card-table": "ignore"})


def _territory_count(vp: int):
    def body(b):
        _apos(b, {"a1": (0, 1), "a2": (0, 1), "b1": (0, 1), "b2": (1, 1), "far": (2, 1)},
              phase="maneuver", current=0, turn=2)
        # the whole west is held: a card to draw
        b.do({"type": "end-turn"}, state={"players": [{"vp": vp}, {}, {}], "phase": "draw"})
    return body


readings("napoleon.amb.territory-vp-timing", ["napoleon.scoring.territories"],
         "Three territories at the end of the second turn", {
             "last-turn": ("counted only after the fifth turn", _territory_count(0)),
             "every-turn": ("one point now", _territory_count(1))},
         variant=A, players=3)


# ---------------------------------------------------------------- capitals (Capitals option)
#: the card table's draws at the start of a turn play no part in these cases
_NO_TABLE = {"napoleon.amb.card-table": "ignore"}
_CAP = {"capitals": "on", **_NO_TABLE}


def _capitals(held: list[str], **kw: Any) -> Body:
    """Player 0 holds ``held``, player 2 one territory (n3 or e4), player 1 the rest."""
    land = {t["id"]: (1, 1) for t in CAPITALS["territories"]}
    land.update({t: (0, 1) for t in held})
    land["e4" if "n3" in held else "n3"] = (2, 1)
    return _next_round(land, **kw)


readings("napoleon.amb.capital-count", ["napoleon.capitals.bonus"],
         "West's capital with one more territory, east's with two more (count 2)", {
             "with-capital": ("both bonuses: 3 + 1 + 2",
                              _capitals(["w1", "w2", "e1", "e2", "e3"], pending={"to_place": 6})),
             "besides-capital": ("east only: 3 + 2",
                                 _capitals(["w1", "w2", "e1", "e2", "e3"],
                                           pending={"to_place": 5})),
             "whole-empire": ("neither: 3",
                              _capitals(["w1", "w2", "e1", "e2", "e3"], pending={"to_place": 3}))},
         variant=A, players=3, board=CAPITALS, extra=_CAP)

readings("napoleon.amb.capital-stacking", ["napoleon.capitals.bonus"],
         "The whole north empire with its capital", {
             "stack": ("empire 2 and capital 5", _capitals(["n1", "n2", "n3"],
                                                           pending={"to_place": 10},
                                                           players=[{"vp": 2}, {}, {}])),
             "replace": ("the empire bonus only", _capitals(["n1", "n2", "n3"],
                                                            pending={"to_place": 5},
                                                            players=[{"vp": 2}, {}, {}]))},
         variant=A, players=3, board=CAPITALS, extra=_CAP)

readings("napoleon.amb.capital-vp", ["napoleon.capitals.bonus", "napoleon.scoring.empire-vp"],
         "West's capital and one more territory at the start of the turn", {
             "no": ("regiments only", _capitals(["w1", "w2"], pending={"to_place": 4},
                                                players=[{"vp": 0}, {}, {}])),
             "yes": ("also 1 victory point", _capitals(["w1", "w2"], pending={"to_place": 4},
                                                       players=[{"vp": 1}, {}, {}]))},
         variant=A, players=3, board=CAPITALS, extra=_CAP)


# ---------------------------------------------------------------- missions: per-level scope, lasting
@advanced_sc("napoleon.amb.mission-per-level-scope.game-turn.501",
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


@advanced_sc("napoleon.amb.mission-per-level-scope.player-turn.501",
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


@advanced_sc("napoleon.amb.lasting-bonus.resumes.501",
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


# ---------------------------------------------------------------- epidemics: when they strike
@advanced_sc("napoleon.amb.epidemic-timing.every-turn-end.501",
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

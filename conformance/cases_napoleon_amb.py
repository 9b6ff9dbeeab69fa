"""Scenarios: Risk Napoléon — one case per reading of the ambiguities the engine implements.

Each case plays a position under one reading; its expectations hold under that reading
only (``tests/napoleon/test_reading_vectors.py`` runs every case under each other
reading of its ambiguity and checks that it fails), so the outcome tells the readings
apart.  They play on the printed Europe board (``spec/napoleon/map.yaml``) with the
Advanced game's own mission decks (``spec/napoleon/missions.yaml``), positions from
:mod:`printed`: the named places are the players', every other territory a background
seat's (a neutral army in the basic game; in the Advanced game a seat whose turn the case
does not play).

A landing that reaches "only the last zone's territories" is not a reading here: with every
zone of a chain controlled, any zone of it ends a shorter chain, so it reaches the same
territories (napoleon.naval.landing, its notes).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from riskspec.conformance.printed import (
    BASIC,
    NO_TABLE,
    REINFORCE,
    compute_empire_vp,
    compute_income,
    get_board,
    get_empire,
    get_route,
    missions_edit,
    pos,
    seats,
)
from riskspec.conformance.scenario import scenario

A = "napoleon-advanced"
Body = Callable[[Any], None]
#: the neutral army holding a basic game's captured or background territories
NEUTRAL = 2


def readings(amb: str, rules: list[str], title: str, bodies: dict[str, tuple[str, Body]], *,
             variant: str = BASIC, players: int = 2, board: dict | None = None,
             extra: dict[str, str] | None = None, negative: tuple[str, ...] = (),
             background: tuple[int, int] = (2, 1)) -> None:
    """One case per reading: ``bodies[reading] = (title suffix, fn(b))``, ID
    ``<amb>.<reading>.001``; ``negative`` lists the readings whose case expects a refusal.
    ``board`` None: the printed board (``background``: its positions' usual background
    seat and regiments)."""
    for reading, (suffix, fn) in bodies.items():
        scenario(f"{amb}.{reading}.001", f"{title} — {suffix}", [amb, *rules], players=players,
                 variant=variant, map=board, options={amb: reading, **(extra or {})},
                 reading=(amb, reading), negative=reading in negative,
                 background=background if board is None else None)(fn)


def _adv_sc(id: str, title: str, covers: list[str], *, reading: tuple[str, str],
            background: tuple[int, int]) -> Callable:
    """An Advanced three-player case under ``reading``, the card table's draws left out."""
    return scenario(id, title, covers, players=3, variant=A,
                    options={**NO_TABLE, reading[0]: reading[1]}, reading=reading,
                    background=background)


# ---------------------------------------------------------------- the invasion card and neutrals
def _neutral_taken(left: int | None) -> Body:
    def body(b):
        # player 0 takes Brittany from the neutral army of seat 2, whose only territory it is
        # (another neutral army, seat 3, holds the rest); no whole empire is held afterwards
        pos(b, {"aquitaine": (0, 4), "brittany": (NEUTRAL, 1), "castile": (1, 1)}, rest=3)
        b.attack("aquitaine", "brittany", 3, state={"phase": "battle"})
        # Brittany was that neutral army's only territory: it is out
        b.roll([6, 5, 4], [1], state={"phase": "occupy",
                                      "territories": {"brittany": {"owner": 0, "armies": 0}},
                                      "players": seats(6, p2={"eliminated": True})})
        b.do({"type": "occupy", "armies": 3},
             state={"phase": "attack",
                    "territories": {"aquitaine": {"armies": 1}, "brittany": {"armies": 3}}})
        b.do({"type": "end-attack"}, state={"phase": "maneuver"})
        b.do({"type": "end-turn"}, state={"current": 0, "phase": "draw", "pending": {"left": left}}
             if left else {"current": 1, "phase": "reinforce"})
    return body


readings("napoleon.amb.neutral-invasion-card", ["napoleon.end-of-turn.draws"],
         "A neutral army's territory is the turn's only conquest", {
             "neutrals-count": ("one card", _neutral_taken(1)),
             "players-only": ("no card", _neutral_taken(None))}, background=(3, 1))


# ---------------------------------------------------------------- basic game: end
def _last_territory(b):
    # player 1's last territory, Castile, falls while the neutral armies hold the rest
    pos(b, {"aquitaine": (0, 4), "castile": (1, 1)})
    b.attack("aquitaine", "castile", 3, state={"phase": "battle"})


def _end_eliminate(b):
    _last_territory(b)
    b.roll([6, 5, 4], [1], state={"winner": 0, "phase": "game-over",
                                  "territories": {"castile": {"owner": 0, "armies": 0}},
                                  "players": seats(6, p1={"eliminated": True})})


def _end_most(b):
    # the fifth round ends with player 1's turn: the most territories wins (player 1, 2 to 1;
    # the neutral armies hold the rest of Europe but are not players; neither player holds a
    # whole empire, so no card is drawn first)
    pos(b, {"aquitaine": (0, 2), "castile": (1, 1), "portugal": (1, 1)},
        phase="maneuver", current=1, turn=5)
    b.do({"type": "end-turn"},
         events=[{"type": "victory", "player": 1, "players": [1], "rule": "napoleon.basic.end"},
                 {"type": "game-over", "winner": 1, "reason": "turn-limit"}],
         state={"winner": 1, "phase": "game-over"})


# 'all-territories' is napoleon.basic.end.002 (cases_napoleon)
readings("napoleon.amb.basic-game-end", ["napoleon.basic.end"], "How the basic game ends", {
    "eliminate-opponent": ("taking the other player's last territory wins", _end_eliminate),
    "most-territories": ("after five rounds, the most territories wins", _end_most)})


@scenario("napoleon.amb.basic-game-end.most-territories.501",
          "How the basic game ends — after five rounds, players tied for the most territories "
          "share the victory", ["napoleon.amb.basic-game-end", "napoleon.basic.end"], players=2,
          variant=BASIC, options={"napoleon.amb.basic-game-end": "most-territories"},
          reading=("napoleon.amb.basic-game-end", "most-territories"), background=(2, 1))
def basic_tie(b):
    # the fifth round ends with player 1's turn: two territories each, three regiments each
    # (the tie-break cannot settle it), the neutral armies hold the rest; neither player
    # holds a whole empire, so no card is drawn first
    pos(b, {"aquitaine": (0, 2), "brittany": (0, 1), "castile": (1, 1), "portugal": (1, 2)},
        phase="maneuver", current=1, turn=5)
    b.do({"type": "end-turn"},
         events=[{"type": "victory", "player": 0, "players": [0, 1], "rule": "napoleon.basic.end"},
                 {"type": "game-over", "winner": 0, "reason": "turn-limit"}],
         state={"phase": "game-over", "winner": 0, "co_winners": [0, 1], "turn": 5})


# ---------------------------------------------------------------- basic game: pieces
def _reinforce_line(b, **kw):
    pos(b, {"brittany": (0, 1), "aquitaine": (0, 1), "castile": (1, 1), "portugal": (1, 1)},
        phase="reinforce", pending=dict(REINFORCE), **kw)


def _pieces_ships(b):
    _reinforce_line(b)
    b.do({"type": "buy-ship", "zone": "western-europe-atlantic"},
         state={"zones": {"western-europe-atlantic": {"owner": 0, "ships": 1}},
                "pending": {"to_place": 2}})


def _pieces_none(b):
    _reinforce_line(b)
    b.check(legal_excludes=[{"type": "buy-ship", "zone": "western-europe-atlantic"}])
    b.reject({"type": "buy-ship", "zone": "western-europe-atlantic"}, "no-ships",
             rule="napoleon.units.ships")


readings("napoleon.amb.basic-pieces", ["napoleon.basic.pieces"], "Ships in the basic game", {
    "ships": ("a ship can be bought", _pieces_ships),
    "none": ("regiments only: no ship", _pieces_none)}, negative=("none",))


# ---------------------------------------------------------------- neutral dice
def _neutral_attack(b):
    # Castile is one neutral army's (seat 2), the rest of Europe another's (seat 3)
    pos(b, {"aquitaine": (0, 4), "castile": (NEUTRAL, 3), "portugal": (1, 1)}, rest=3)


def _neutral_chosen(b):
    _neutral_attack(b)
    b.attack("aquitaine", "castile", 3, state={"phase": "defend", "pending": {"chooser": 1}})
    b.defend(1, state={"phase": "battle", "pending": {"defender_dice": 1}})


def _neutral_max(b):
    _neutral_attack(b)
    b.attack("aquitaine", "castile", 3, state={"phase": "battle", "pending": {"defender_dice": 2}})


readings("napoleon.amb.neutral-dice", ["napoleon.basic.neutral-defence"],
         "Dice of an attacked neutral army", {
             "chosen-by-opponent": ("the other player chooses one die", _neutral_chosen),
             "max": ("always as many dice as allowed", _neutral_max)}, background=(3, 1))


# ---------------------------------------------------------------- territory bonus of a set
#: player 0 holds Brittany, Provence and Aquitaine; player 1 Castile and Languedoc
_TRADERS = {"brittany": (0, 1), "provence": (0, 1), "aquitaine": (0, 1),
            "castile": (1, 1), "languedoc": (1, 1)}


def _two_sets(first: dict, second: dict):
    def body(b):
        # three infantry (Brittany, Provence, Castile: 4), then cavalry, artillery and a
        # joker (Aquitaine, Languedoc: one of each, 10)
        pos(b, _TRADERS, phase="reinforce",
            hands={0: ["card-brittany", "card-aquitaine", "card-languedoc", "card-provence",
                       "card-castile", "joker-1"]},
            pending={"to_place": 3, "must_trade": True, "after": "turn"})
        b.do({"type": "trade", "cards": ["card-brittany", "card-provence", "card-castile"]},
             state={"pending": {"to_place": 3 + 4}, "territories": first,
                    "players": seats(6, p0={"cards": 6 - 3})})
        b.do({"type": "trade", "cards": ["card-aquitaine", "card-languedoc", "joker-1"]},
             state={"pending": {"to_place": 3 + 4 + 10}, "territories": second,
                    "players": seats(6, p0={"cards": 0})})
    return body


readings("napoleon.amb.trade-territory-bonus", ["napoleon.cards.trade-territory-bonus"],
         "Two sets traded in one turn, three of their territories held", {
             "per-card": ("+2 on each card's territory",
                          _two_sets({"brittany": {"armies": 3}, "provence": {"armies": 3}},
                                    {"aquitaine": {"armies": 3}})),
             "per-set": ("+2 once per set",
                         _two_sets({"brittany": {"armies": 3}, "provence": {"armies": 1}},
                                   {"aquitaine": {"armies": 3}})),
             "per-turn": ("+2 once per turn",
                          _two_sets({"brittany": {"armies": 3}, "provence": {"armies": 1}},
                                    {"aquitaine": {"armies": 1}}))})


# ---------------------------------------------------------------- jokers per set
def _jokers(two: bool):
    def body(b):
        pos(b, {"brittany": (0, 1), "provence": (0, 1), "castile": (1, 1)},
            phase="reinforce", hands={0: ["card-brittany", "card-provence", "joker-1", "joker-2"]},
            pending={"to_place": 3, "must_trade": False, "after": "turn"})
        if two:
            b.do({"type": "trade", "cards": ["card-brittany", "joker-1", "joker-2"]},
                 state={"pending": {"to_place": 3 + 10},
                        "territories": {"brittany": {"armies": 1 + 2}},
                        "players": seats(6, p0={"cards": 4 - 3})})
        else:
            b.reject({"type": "trade", "cards": ["card-brittany", "joker-1", "joker-2"]},
                     "too-many-wilds", rule="napoleon.cards.jokers")
            b.do({"type": "trade", "cards": ["card-brittany", "card-provence", "joker-1"]},
                 state={"pending": {"to_place": 3 + 4},
                        "territories": {"brittany": {"armies": 1 + 2},
                                        "provence": {"armies": 1 + 2}},
                        "players": seats(6, p0={"cards": 4 - 3})})
    return body


readings("napoleon.amb.jokers-per-set", ["napoleon.cards.jokers"], "A set with two jokers", {
    "two": ("allowed (worth one of each, 10)", _jokers(True)),
    "one": ("refused", _jokers(False))}, negative=("one",))


# ---------------------------------------------------------------- forced trade: how many sets
def _eight_cards(b):
    hand = ["card-brittany", "card-provence", "card-castile", "card-aquitaine",
            "card-languedoc", "card-ile-de-france", "joker-1", "joker-2"]
    pos(b, {"brittany": (0, 1), "provence": (0, 1), "castile": (1, 1)},
        phase="maneuver", current=1, turn=3, hands={0: hand})
    b.do({"type": "end-turn"}, state={"current": 0, "turn": 4, "phase": "reinforce",
                                      "pending": {"must_trade": True}})


#: the first trade's cards show Brittany and Provence, both player 0's: +2 on each
_FIRST = {"territories": {"brittany": {"armies": 1 + 2}, "provence": {"armies": 1 + 2}},
          "players": seats(6, p0={"cards": 8 - 3})}
_INFANTRY = ["card-brittany", "card-provence", "card-castile"]


def _until_below(b):
    _eight_cards(b)
    b.do({"type": "trade", "cards": _INFANTRY}, state={"pending": {"must_trade": True}, **_FIRST})
    b.reject({"type": "place", "territory": "brittany"}, "must-trade",
             rule="napoleon.cards.forced-trade")


def _until_one_set(b):
    _eight_cards(b)
    b.do({"type": "trade", "cards": _INFANTRY},
         state={"pending": {"must_trade": False}, **_FIRST})
    b.do({"type": "place", "territory": "brittany"},
         state={"territories": {"brittany": {"armies": 4}}})


readings("napoleon.amb.forced-trade-until", ["napoleon.cards.forced-trade"],
         "Eight cards at the start of the turn", {
             "below-threshold": ("trade on until fewer than five", _until_below),
             "one-set": ("one set is enough", _until_one_set)},
         negative=("below-threshold",))


# ---------------------------------------------------------------- elimination: trade threshold
def _capture_five(trade: bool):
    def body(b):
        # player 1 holds only Castile and three cards, player 0 two; none of them acts in
        # combat (napoleon.effects.*), so the roll stands
        pos(b, {"aquitaine": (0, 5), "castile": (1, 1)},
            hands={0: ["card-languedoc", "card-castile"],
                   1: ["card-bavaria", "card-austria-bohemia", "card-holland"]})
        b.attack("aquitaine", "castile", 3, state={"phase": "battle"})
        b.roll([6, 5, 4], [1],
               state={"players": [{"cards": ["card-bavaria", "card-austria-bohemia",
                                             "card-languedoc", "card-holland", "card-castile"]},
                                  {"eliminated": True, "cards": []}, {}],
                      "phase": "occupy", "territories": {"castile": {"owner": 0, "armies": 0}}})
        moved = {"aquitaine": {"armies": 5 - 3}, "castile": {"armies": 3}}
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
    # a French army attacks Castile and fails; three French ships in the Western
    # Mediterranean, one of player 1's in the Mediterranean/Adriatic next to it
    pos(b, {"aquitaine": (0, 5), "castile": (1, 1)},
        zones={"western-mediterranean": (0, 3), "mediterranean-adriatic": (1, 1)})
    b.attack("aquitaine", "castile", 3, state={"phase": "battle"})
    b.roll([1, 1, 1], [6], state={"phase": "attack", "territories": {"aquitaine": {"armies": 5 - 1}}})


def _naval_rule(b):
    _after_land(b)
    b.reject({"type": "attack", "from": "western-mediterranean", "to": "mediterranean-adriatic",
              "dice": 2}, "naval-after-land", rule="napoleon.combat.naval-first")


def _naval_advice(b):
    _after_land(b)
    b.attack("western-mediterranean", "mediterranean-adriatic", 2,
             state={"phase": "battle", "pending": {"naval": True}})


readings("napoleon.amb.naval-first", ["napoleon.combat.naval-first"],
         "A naval attack after a land offensive", {
             "rule": ("refused", _naval_rule), "advice": ("allowed", _naval_advice)},
         negative=("rule",))


# ---------------------------------------------------------------- setup: when the epidemics come
#: the setup's last placement: player 2 puts down the last fortification; the
#: generals are down (Ile de France, England, Castile); player 1 holds the rest of Europe
_LEADERS_DONE = {"ile-de-france": (0, 2), "aquitaine": (0, 2), "england": (1, 2),
                 "castile": (2, 2), "portugal": (2, 2)}


def _leaders_pos(b, epidemics: tuple[str, ...] = ()) -> None:
    pos(b, _LEADERS_DONE, rest=1, rest_armies=2,
        gen={"ile-de-france": 1, "england": 1, "castile": 1},
        epidemics={t: 1 for t in epidemics}, phase="setup-leaders", turn=0, current=2,
        first_player=0, pending={"generals": 0, "fortifications": 1})


def _setup_odds(*with_epidemic: str) -> list[dict]:
    """The next setup epidemic's chances (napoleon.setup.epidemics, reading empire): any
    territory of an empire without an epidemic, all alike."""
    board = get_board()
    full = {g.id for g in board.groups if set(g.territories) & set(with_epidemic)}
    free = [t for g in board.groups if g.id not in full for t in g.territories]
    return [{"outcome": {"type": "epidemic", "territory": t}, "p": str(Fraction(1, len(free)))}
            for t in free]


def _epidemics_after_leaders(b):
    _leaders_pos(b)
    b.do({"type": "place-fortification", "territory": "portugal"},
         state={"phase": "epidemics", "pending": {"left": 4, "moving": False},
                "territories": {"portugal": {"fortifications": 1}}})
    b.do({"type": "epidemic", "territory": "portugal"},
         explain="An epidemic may land on the fresh fortification; it stays, and no regiment "
                 "is lost. The next one goes to any territory outside the Iberian Peninsula.",
         state={"pending": {"left": 3}, "territories": {"portugal": {"epidemics": 1}}},
         outcomes=_setup_odds("portugal"))
    b.do({"type": "epidemic", "territory": "england"},
         state={"pending": {"left": 2}, "territories": {"england": {"epidemics": 1}}},
         outcomes=_setup_odds("portugal", "england"))
    b.do({"type": "epidemic", "territory": "egypt"},
         state={"pending": {"left": 1}, "territories": {"egypt": {"epidemics": 1}}})
    b.do({"type": "epidemic", "territory": "great-russia"},
         explain="The fourth epidemic is down: the setup is over, the first player is drawn.",
         state={"phase": "first-player", "pending": {"for": "turn"},
                "territories": {"great-russia": {"epidemics": 1}}})


def _epidemics_before_claim(b):
    # the four epidemics were placed before the claims, each in its own empire
    _leaders_pos(b, epidemics=("portugal", "england", "egypt", "great-russia"))
    b.check(legal=[{"type": "place-fortification", "territory": "castile"}])
    b.reject({"type": "place-fortification", "territory": "portugal"}, "epidemic",
             rule="napoleon.units.fortifications")
    b.do({"type": "place-fortification", "territory": "castile"},
         explain="The last starting piece is down and the epidemics are already placed: the "
                 "first player is drawn.",
         state={"phase": "first-player", "pending": {"for": "turn"},
                "territories": {"castile": {"fortifications": 1}}})


readings("napoleon.amb.setup-epidemic-order",
         ["napoleon.setup.epidemics", "napoleon.setup.place-general-and-fortification"],
         "The last starting fortification and the setup's epidemics", {
             "after-leaders": ("the epidemics follow", _epidemics_after_leaders),
             "before-claim": ("the epidemics are down; none under the fortification",
                              _epidemics_before_claim)},
         variant=A, players=3, negative=("before-claim",),
         extra={"napoleon.amb.card-table": "ignore"}, background=(1, 2))


def _territory_redraw_odds(*with_epidemic: str) -> list[dict]:
    """The next setup epidemic's chances under reading territory (napoleon.setup.epidemics,
    napoleon.amb.setup-epidemic-redraw), from the whole deck of 50 cards: a first card naming
    a territory of an empire without an epidemic places it there; any other first card (a
    territory of an empire that has one, or a joker) is set aside, and the redraw, among the
    other cards, stops on the first naming a territory without an epidemic."""
    board = get_board()
    has = set(with_epidemic)
    full = {t for g in board.groups if set(g.territories) & has for t in g.territories}
    cards = list(board.cards)
    odds: dict[str, Fraction] = {}
    for c in cards:
        if c.territory is not None and c.territory not in full:
            odds[c.territory] = odds.get(c.territory, Fraction(0)) + Fraction(1, len(cards))
            continue
        stops = [d.territory for d in cards
                 if d is not c and d.territory is not None and d.territory not in has]
        for t in stops:
            odds[t] = odds.get(t, Fraction(0)) + Fraction(1, len(cards) * len(stops))
    return [{"outcome": {"type": "epidemic", "territory": t}, "p": str(odds[t])}
            for t in board.territory_ids if t in odds]


@_adv_sc("napoleon.amb.setup-epidemic-redraw.territory.501",
             "Reading territory: the chances of each territory after a first epidemic in the "
             "Iberian Peninsula, and the four markers placed",
             ["napoleon.setup.epidemics", "napoleon.amb.setup-epidemic-redraw"],
             reading=("napoleon.amb.setup-epidemic-redraw", "territory"), background=(2, 2))
def setup_redraw_odds(b):
    # the setup's last step: every territory held, the generals and fortifications down,
    # the four epidemics to place
    pos(b, {"aquitaine": (0, 2), "castile": (1, 2)}, rest_armies=2, phase="epidemics", turn=0,
        current=0, first_player=0, pending={"left": 4, "moving": False})
    # the Iberian Peninsula has its epidemic (Castile). A first card of another empire
    # places the next one there (1/50 each); any other first card (Castile, the four other
    # Iberian cards, the two jokers) leads to a redraw that may stop on Andalusia, Portugal,
    # Leon-Asturias or Catalonia too (never on the refused card's own territory)
    b.do({"type": "epidemic", "territory": "castile"},
         state={"phase": "epidemics", "pending": {"left": 3},
                "territories": {"castile": {"epidemics": 1}}},
         outcomes=_territory_redraw_odds("castile"))
    # the Iberian Peninsula and the United Kingdom full: a second epidemic may still go to
    # either through a redraw
    b.do({"type": "epidemic", "territory": "england"},
         state={"pending": {"left": 2}, "territories": {"england": {"epidemics": 1}}},
         outcomes=_territory_redraw_odds("castile", "england"))
    b.do({"type": "epidemic", "territory": "scotland"},
         explain="a second epidemic in the United Kingdom, after a redraw; one marker left: "
                 "the setup goes on",
         state={"phase": "epidemics", "pending": {"left": 1},
                "territories": {"scotland": {"epidemics": 1}}})
    b.do({"type": "epidemic", "territory": "egypt"},
         explain="the fourth marker placed, the setup is over: the first player is drawn next",
         state={"phase": "first-player", "pending": {"for": "turn"},
                "territories": {"egypt": {"epidemics": 1}}})


# ---------------------------------------------------------------- an empty draw pile
def _empty_pile(reshuffled: bool) -> Body:
    def body(b):
        # every card but player 1's is in the discards; player 0 conquered this turn
        def discards(d: dict) -> None:
            d["discards"], d["draw_pile"] = d["draw_pile"], []
        pos(b, {"aquitaine": (0, 2), "brittany": (0, 1), "castile": (1, 1), "portugal": (1, 1)},
            phase="maneuver", conquered=True, hands={1: ["card-castile"]}, edit=discards)
        rest = [c.id for c in get_board().cards if c.id != "card-castile"]
        if reshuffled:
            b.do({"type": "end-turn"},
                 state={"phase": "draw", "draw_pile": rest, "discards": []},
                 outcomes=[{"outcome": {"type": "draw", "card": c}, "p": f"1/{len(rest)}"}
                           for c in rest])
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
        # the fifth round ends with player 1's turn: two territories each (the neutral armies
        # hold the rest), player 0 with 4 regiments, player 1 with 3; nobody holds a whole empire
        pos(b, {"aquitaine": (0, 3), "brittany": (0, 1), "castile": (1, 1), "portugal": (1, 2)},
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
    # Brittany, Aquitaine and Castile in a row, player 0's; French ships in the Western
    # Europe Atlantic, the Western Mediterranean and the Mediterranean/Adriatic
    pos(b, {"brittany": (0, 5), "aquitaine": (0, 1), "castile": (0, 1), "portugal": (1, 1)},
        zones={"western-europe-atlantic": (0, 3), "western-mediterranean": (0, 1),
               "mediterranean-adriatic": (0, 1)}, phase="maneuver")


def _path_connected(b):
    _maneuver_pos(b)
    b.do({"type": "maneuver", "from": "brittany", "to": "castile", "armies": 4},
         state={"territories": {"brittany": {"armies": 1}, "castile": {"armies": 5}}})
    b.reject({"type": "maneuver", "from": "western-europe-atlantic",
              "to": "mediterranean-adriatic", "armies": 2}, "not-connected",
             rule="napoleon.maneuver.naval",
             explain="Whatever the land reading, ships move only to a neighbouring zone.")


def _path_adjacent(b):
    _maneuver_pos(b)
    b.reject({"type": "maneuver", "from": "brittany", "to": "castile", "armies": 4},
             "not-connected", rule="napoleon.maneuver.land")
    b.do({"type": "maneuver", "from": "brittany", "to": "aquitaine", "armies": 4},
         state={"territories": {"brittany": {"armies": 1}, "aquitaine": {"armies": 5}}})


readings("napoleon.amb.maneuver-path", ["napoleon.maneuver.land"],
         "Land maneuvers two steps away through one's own territories", {
             "connected": ("allowed along a chain", _path_connected),
             "adjacent": ("only to a neighbour", _path_adjacent)}, negative=("adjacent",))


# ---------------------------------------------------------------- end-of-turn draws
#: player 0 holds the whole United Kingdom
_UK = {t: (0, 2 if t == "england" else 1) for t in get_empire("united-kingdom")}


def _draws(left: int, conquered: bool = True):
    def body(b):
        pos(b, {**_UK, "castile": (1, 1)}, phase="maneuver", conquered=conquered)
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
    """Player 2 ends the last turn of round ``turn``: player 0's turn ``turn + 1``
    begins.  Player 1 holds every territory ``land`` does not name, so player 2,
    with one territory, has no card to draw first."""
    def body(b):
        pos(b, land, zones=zones, rest=1, phase="maneuver", current=2, turn=turn)
        b.do({"type": "end-turn"}, state={"current": 0, "turn": turn + 1, "phase": "reinforce", **kw})
    return body


_WEST = {t: (0, 1) for t in get_empire("united-kingdom")} | {"finland": (2, 1)}
readings("napoleon.amb.empire-vp", ["napoleon.scoring.empire-vp"],
         "A whole empire at the start of the second turn", {
             "each-turn": ("scores its bonus",
                           _next_round(_WEST, players=[{"vp": compute_empire_vp(_WEST)}, {}, {}])),
             "last-turn-only": ("scores nothing before the last turn",
                                _next_round(_WEST, players=[{"vp": 0}, {}, {}]))},
         variant=A, players=3, extra={"napoleon.amb.card-table": "ignore"}, background=(1, 1))

_ROUTE = {"england": (0, 1), "finland": (2, 1)}
_AMERICAS = {z: (0, 1) for z in get_route("route-to-the-americas")}
readings("napoleon.amb.route-vp", ["napoleon.scoring.empire-vp"],
         "A whole maritime route at the start of the turn", {
             "empires-only": ("scores nothing",
                              _next_round(_ROUTE, _AMERICAS, players=[{"vp": 0}, {}, {}])),
             "routes-too": ("scores its bonus",
                            _next_round(_ROUTE, _AMERICAS, players=[{"vp": 2}, {}, {}]))},
         variant=A, players=3, extra={"napoleon.amb.card-table": "ignore"}, background=(1, 1))


def _territory_count(vp: int):
    def body(b):
        pos(b, {**{t: (0, 1) for t in get_empire("united-kingdom")}, "castile": (1, 1)},
            phase="maneuver", current=0, turn=2)
        # the whole United Kingdom is held: a card to draw
        b.do({"type": "end-turn"}, state={"players": [{"vp": vp}, {}, {}], "phase": "draw"})
    return body


readings("napoleon.amb.territory-vp-timing", ["napoleon.scoring.territories"],
         "Three territories at the end of the second turn", {
             "last-turn": ("counted only after the fifth turn", _territory_count(0)),
             "every-turn": ("one point now", _territory_count(1))},
         variant=A, players=3)


# ---------------------------------------------------------------- capitals (Capitals option)
#: the card table's draws at the start of a turn play no part in these cases
_CAP = {"capitals": "on", **NO_TABLE}


def _capitals(held: list[str], **kw: Any) -> Body:
    """Player 0 holds ``held``, player 2 Finland, player 1 the rest."""
    return _next_round({**{t: (0, 1) for t in held}, "finland": (2, 1)}, **kw)


#: Egypt (North Africa's capital: hold 2, +1) and Tripolitania; Austria-Bohemia (the
#: Austrian Empire's capital: hold 3, +2) and three more of its five territories
_COUNT = ["egypt", "tripolitania", "austria-bohemia", "hungary", "galicia", "transylvania"]
readings("napoleon.amb.capital-count", ["napoleon.capitals.bonus"],
         "North Africa's capital with one more territory, Austria's with three more", {
             "with-capital": ("both bonuses: 3 + 1 + 2", _capitals(_COUNT, pending={"to_place": 6})),
             "besides-capital": ("Austria only: 3 + 2", _capitals(_COUNT, pending={"to_place": 5})),
             "whole-empire": ("neither: 3", _capitals(_COUNT, pending={"to_place": 3}))},
         variant=A, players=3, extra=_CAP, background=(1, 1))

#: the whole United Kingdom (bonus 2) with its capital, England (hold 2, +1)
_UK_HELD = get_empire("united-kingdom")
readings("napoleon.amb.capital-stacking", ["napoleon.capitals.bonus"],
         "The whole United Kingdom with its capital", {
             "stack": ("empire 2 and capital 1", _capitals(_UK_HELD,
                                                           pending={"to_place": 3 + 2 + 1},
                                                           players=[{"vp": 2}, {}, {}])),
             "replace": ("the empire bonus only", _capitals(_UK_HELD,
                                                            pending={"to_place": 3 + 2},
                                                            players=[{"vp": 2}, {}, {}]))},
         variant=A, players=3, extra=_CAP, background=(1, 1))

readings("napoleon.amb.capital-vp", ["napoleon.capitals.bonus", "napoleon.scoring.empire-vp"],
         "North Africa's capital and one more territory at the start of the turn", {
             "no": ("regiments only", _capitals(["egypt", "tripolitania"], pending={"to_place": 4},
                                                players=[{"vp": 0}, {}, {}])),
             "yes": ("also 1 victory point", _capitals(["egypt", "tripolitania"],
                                                       pending={"to_place": 4},
                                                       players=[{"vp": 1}, {}, {}]))},
         variant=A, players=3, extra=_CAP, background=(1, 1))


# ---------------------------------------------------------------- missions: per-level scope, lasting
#: the printed decks' missions these cases use (spec/napoleon/missions.yaml): both checked at
#: the start of the turn
_NA_MISSION = "l1-north-africa"       # hold North Africa: 1 point
_ROUTE_MISSION = "l2-route-to-the-americas"   # hold the route: 2 points, 1 lasting regiment


def _missions(*, empty: tuple[int, ...] = (), **kw: Any) -> Callable[[dict], None]:
    """:func:`printed.missions_edit`, with the decks of the levels ``empty`` run out (no
    replacement card is dealt)."""
    edit = missions_edit(**kw)

    def change(d: dict) -> None:
        edit(d)
        for level in empty:
            d["mission_decks"][str(level)] = []
    return change


_NORTH_AFRICA = {t: (0, 2) for t in get_empire("north-africa")}
_AMERICAS_ROUTE = get_route("route-to-the-americas")


@_adv_sc("napoleon.amb.mission-per-level-scope.game-turn.501",
             "A new game turn: every player's count of levels starts again",
             ["napoleon.amb.mission-per-level-scope", "napoleon.missions.one-per-level",
              "napoleon.missions.lasting-bonus", "napoleon.missions.check"],
             reading=("napoleon.amb.mission-per-level-scope", "game-turn"), background=(1, 2))
def game_turn_scope(b):
    # game turn 2: seat 0 completed a level-1 mission, seat 1 a level-2 one; seat 2 (Finland
    # only: no card to draw) ends the game turn. Seat 0 holds North Africa and the route to
    # the Americas: l1-north-africa (1 point) and l2-route-to-the-americas (2 points, a
    # lasting regiment) are both met at the start of its turn in game turn 3; the level-1
    # and level-2 decks are used up, so no card replaces them
    pos(b, {**_NORTH_AFRICA, "finland": (2, 2)}, rest=1, rest_armies=2,
        zones={z: (0, 1) for z in _AMERICAS_ROUTE}, vp={0: 1, 1: 2},
        edit=_missions(held={0: [_NA_MISSION, _ROUTE_MISSION]},
                       done={0: ["l1-twelve-territories"], 1: ["l2-four-zones"]},
                       levels={0: [1], 1: [2]}, empty=(1, 2)),
        phase="maneuver", current=2, turn=2)
    b.do({"type": "end-turn"},
         events=[{"type": "mission-completed", "player": 0, "mission": _NA_MISSION, "level": 1,
                  "vp": 1, "at": "start"},
                 {"type": "mission-completed", "player": 0, "mission": _ROUTE_MISSION,
                  "level": 2, "vp": 2, "at": "start", "lasting_bonus": 1},
                 {"type": "mission-reinforcements", "player": 0, "armies": 1}],
         explain="6 places (3 territories, 3 zones): 3 regiments, North Africa +2, the route "
                 "+2, the lasting regiment; 1 point for l1-north-africa, 2 for the route's "
                 "mission, 2 for North Africa",
         state={"current": 0, "turn": 3, "phase": "reinforce",
                "pending": {"to_place": compute_income(_NORTH_AFRICA, _AMERICAS_ROUTE) + 1},
                "players": [{"vp": 1 + 1 + 2 + compute_empire_vp(_NORTH_AFRICA), "missions": [],
                             "missions_completed": ["l1-twelve-territories", _NA_MISSION,
                                                    _ROUTE_MISSION],
                             "mission_levels_done": [1, 2], "lasting_bonuses": [_ROUTE_MISSION],
                             "mission_reinforcements": 0},
                            {"mission_levels_done": []}, {}]})


@_adv_sc("napoleon.amb.mission-per-level-scope.player-turn.501",
             "A player's own new turn: its count of levels starts again within the game turn",
             ["napoleon.amb.mission-per-level-scope", "napoleon.missions.one-per-level",
              "napoleon.missions.check"],
             reading=("napoleon.amb.mission-per-level-scope", "player-turn"), background=(0, 2))
def player_turn_scope(b):
    # seat 2 completed a level-1 mission in its previous turn; seat 1 (Castile only) ends
    # its turn (no new game turn); at the start of seat 2's turn l1-north-africa (level 1)
    # is met; the level-1 deck is used up
    africa = {t: (2, 2) for t in get_empire("north-africa")}
    pos(b, {**africa, "castile": (1, 2)}, rest=0, rest_armies=2, vp={2: 1},
        edit=_missions(held={2: [_NA_MISSION]},
                       done={2: ["l1-twelve-territories"], 0: ["l2-four-zones"]},
                       levels={2: [1], 0: [2]}, empty=(1,)),
        phase="maneuver", current=1, turn=2)
    b.do({"type": "end-turn"},
         state={"current": 2, "turn": 2, "phase": "reinforce",
                "pending": {"to_place": compute_income(africa)},
                "players": [{"mission_levels_done": [2]}, {},
                            {"vp": 1 + 1 + compute_empire_vp(africa), "missions": [],
                             "missions_completed": ["l1-twelve-territories", _NA_MISSION],
                             "mission_levels_done": [1]}]})


@_adv_sc("napoleon.amb.lasting-bonus.resumes.501",
             "Reading resumes: a lasting bonus unpaid while its condition fails stays face up",
             ["napoleon.amb.lasting-bonus", "napoleon.missions.lasting-bonus"],
             reading=("napoleon.amb.lasting-bonus", "resumes"), background=(1, 2))
def lasting_kept(b):
    # l2-route-to-the-americas (+1 lasting), completed earlier: player 1 holds the North
    # Sea when seat 0's turn begins
    uk = {t: (0, 2) for t in get_empire("united-kingdom")}
    seas = ["western-europe-atlantic", "baltic-sea"]
    pos(b, {**uk, "finland": (2, 2)}, rest=1, rest_armies=2,
        zones={**{z: (0, 1) for z in seas}, "north-sea": (1, 1)},
        edit=missions_edit(done={0: [_ROUTE_MISSION]}, lasting={0: [_ROUTE_MISSION]}),
        phase="maneuver", current=2, turn=2)
    b.do({"type": "end-turn"},
         explain="England, Scotland, Ireland and two zones: minimum 3; the United Kingdom +2 "
                 "(and 2 points); no route, no bonus",
         state={"current": 0, "turn": 3, "phase": "reinforce",
                "pending": {"to_place": compute_income(uk, seas)},
                "players": [{"vp": compute_empire_vp(uk), "lasting_bonuses": [_ROUTE_MISSION]},
                            {}, {}]})


# ---------------------------------------------------------------- epidemics: when they strike
@scenario("napoleon.amb.epidemic-timing.every-turn-end.501",
          "Reading every-turn-end: another player's contaminated territory of one regiment is "
          "emptied; an empty territory's epidemic stays",
          ["napoleon.amb.epidemic-timing", "napoleon.epidemics.phase-loss",
           "napoleon.amb.emptied-epidemics", "napoleon.epidemics.relocate"], players=3, variant=A,
          reading=("napoleon.amb.epidemic-timing", "every-turn-end"),
          options={"napoleon.amb.epidemic-timing": "every-turn-end",
                   "napoleon.amb.card-table": "ignore",
                   "napoleon.amb.emptied-epidemics": "one-moves"}, background=(2, 1))
def every_turn_end(b):
    # Portugal, emptied earlier with two epidemics, kept one of them (one-moves) and is held
    # by nobody; Castile (player 1, one regiment) has an epidemic
    pos(b, {"aquitaine": (0, 3), "andalusia": (1, 2), "castile": (1, 1), "portugal": (None, 0)},
        epidemics={"castile": 1, "portugal": 1}, phase="maneuver", current=0, turn=2)
    b.do({"type": "end-turn"},
         events=[{"type": "epidemic-loss", "territory": "castile", "armies": 1}],
         state={"phase": "epidemics", "current": 0, "pending": {"left": 1, "moving": True},
                "territories": {"castile": {"owner": None, "armies": 0, "epidemics": 0},
                                "portugal": {"owner": None, "armies": 0, "epidemics": 1}}})

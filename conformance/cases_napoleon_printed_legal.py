"""Napoléon on the printed board: cases written for surviving mutants of the turn flow, the
legal-action lists and the landing reach (napoleon.game, napoleon.legal, napoleon.reach,
napoleon.turn_end), numbered 6xx like every printed-board case; the one case on a small
inline board (``napoleon.setup.epidemics.411``, where the printed board cannot tell the
readings apart) keeps a number outside 601–699.

Each case states, from the rules, what a plausible deviation of an engine gets wrong: a
hand of four cards taken for a forced trade, a trade forced by captured cards stopped at
five cards, the last territory of the map refused at setup, the setup roll's winner not
recorded, a deal that stops while a seat is still owed a territory, a draw of a card that
is not in the pile, the turn's last attack carried into the next turn, a one-die conquest
whose single-regiment move is not listed, a landing through another player's zone, and
the setup epidemics' chances under the 'territory' redraw reading.  Positions follow
:mod:`printed`: the places a case is about, the rest of the board to the background seat.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from riskspec.conformance.printed import (
    ADVANCED,
    BASIC,
    NO_TABLE,
    attack,
    compute_income,
    get_board,
    pos,
    sc,
    seats,
)
from riskspec.conformance.scenario import scenario
from riskspec.reference.napoleon.inline import small_map

P1 = {"aquitaine": (0, 2), "brittany": (0, 1)}
P2 = {"castile": (1, 2), "portugal": (1, 1)}
#: three infantry and a cavalry of territories the background seat holds: a set among four
FOUR = ["card-egypt", "card-switzerland", "card-austria-bohemia", "card-tripolitania"]


def _reserves(*values: int) -> Any:
    def edit(d: dict) -> None:
        for p, r in zip(d["players"], values):
            p["reserve"] = r
    return edit


# ================================================================ forced trades
def _four_cards(b: Any) -> None:
    pos(b, {**P1, **P2}, phase="maneuver", current=0, hands={1: FOUR})
    b.do({"type": "end-turn"},
         explain="Player 2 starts the turn with four cards: fewer than five, no trade is "
                 "forced (one is allowed: three infantry are among them).",
         state={"phase": "reinforce", "current": 1, "turn": 3,
                "pending": {"to_place": compute_income(P2), "must_trade": False,
                            "after": "turn"}},
         legal_includes=[{"type": "place", "territory": "castile"},
                         {"type": "trade", "cards": FOUR[:3]}])


sc("napoleon.cards.forced-trade.602",
   "Four cards at the start of the turn: no trade is forced",
   ["napoleon.cards.forced-trade"], options=NO_TABLE)(_four_cards)
sc("napoleon.cards.forced-trade.603",
   "Reading one-set: four cards at the start of the turn force no trade either",
   ["napoleon.cards.forced-trade"],
   # the same under every reading of napoleon.amb.forced-trade-until: it tells none apart
   options={**NO_TABLE, "napoleon.amb.forced-trade-until": "one-set"})(_four_cards)


@sc("napoleon.cards.elimination-capture.601",
    "Eight cards after taking a player's: one set leaves five, so a second trade is owed",
    ["napoleon.cards.elimination-capture", "napoleon.combat.elimination"], options=NO_TABLE)
def capture_eight(b: Any) -> None:
    mine = ["card-egypt", "card-switzerland", "card-austria-bohemia"]            # infantry
    theirs = ["card-tripolitania", "card-westphalia", "card-great-russia",        # cavalry
              "card-maghreb", "card-bavaria"]                                     # artillery
    pos(b, {"aquitaine": (0, 5), "castile": (1, 1)}, hands={0: mine, 1: theirs})
    b.do(attack("aquitaine", "castile", 3), state={"phase": "battle"})
    b.do({"type": "roll", "attacker": [6, 5, 4], "defender": [2]},
         state={"phase": "occupy", "territories": {"castile": {"owner": 0, "armies": 0}},
                "players": seats(3, p0={"cards": 8},
                                 p1={"eliminated": True, "eliminated_by": 0, "cards": []})})
    b.do({"type": "occupy", "armies": 3},
         state={"phase": "reinforce",
                "territories": {"aquitaine": {"armies": 2}, "castile": {"armies": 3}},
                "pending": {"to_place": 0, "must_trade": True, "after": "elimination"}})
    b.do({"type": "trade", "cards": mine},
         explain="Three infantry are worth 4; five cards are left, not fewer than five, so "
                 "player 1 must trade again before placing anything.",
         state={"players": seats(3, p0={"cards": 5}),
                "pending": {"to_place": 4, "must_trade": True, "after": "elimination"}})
    b.do({"type": "trade", "cards": theirs[:3]},
         state={"players": seats(3, p0={"cards": 2}),
                "pending": {"to_place": 10, "must_trade": False, "after": "elimination"}})


# ================================================================ setup
@sc("napoleon.setup.reinforce.602",
    "A starting regiment goes on Finland, the last territory of the map, like on any other",
    ["napoleon.setup.reinforce"],
    synthetic=(["$.players[0].reserve", "$.players[1].reserve", "$.players[2].reserve"],
               "most of the board is already claimed by one seat so that the case names only the "
               "territories it is about; the starting regiments left are not 40 minus those down"))
def place_finland(b: Any) -> None:
    pos(b, {"finland": (0, 1), "andalusia": (1, 1)}, phase="setup-place", turn=0,
        pending={"seat": 0, "left": 1}, edit=_reserves(2, 2, 2))
    b.do({"type": "place", "territory": "finland"},
         explain="Finland is player 1's: the regiment goes there, then it is player 2's turn.",
         state={"current": 1, "pending": {"seat": 1, "left": 1},
                "territories": {"finland": {"armies": 2}}, "players": seats(3, p0={"reserve": 1})})


def _unclaimed(d: dict) -> None:
    """Before the claim: nobody holds a territory, yet nobody is out."""
    for p in d["players"]:
        p.update(eliminated=False, eliminated_by=None, reserve=40)


@sc("napoleon.setup.claim.602",
    "The roll for the claim: its winner is the first player and claims first",
    ["napoleon.setup.claim"])
def claim_roll(b: Any) -> None:
    board = get_board()
    pos(b, {t: (None, 0) for t in board.territory_ids}, phase="first-player", turn=0,
        pending={"for": "setup"}, first_player=None, edit=_unclaimed)
    b.do({"type": "first-player", "player": 1},
         explain="Player 2 won the roll: it is recorded as the first player and claims first.",
         events=[{"type": "first-player", "player": 1, "for": "setup"}],
         state={"phase": "claim", "current": 1, "first_player": 1, "pending": {}},
         legal=[{"type": "claim", "territory": t} for t in board.territory_ids])


@sc("napoleon.basic.deal.601",
    "The deal goes on while a seat is still owed cards, even when it is the seat just dealt",
    ["napoleon.basic.deal"], variant=BASIC,
    synthetic=(["$.territories", "$.pending.next"],
               "a round-robin deal never leaves one seat alone owed two cards; the position "
               "gives player 1 two cards to go, everyone else all theirs"))
def deal_same_seat(b: Any) -> None:
    ts = list(get_board().territory_ids)
    seat_of = [0] * 8 + [1] * 10 + [2] * 7 + [3] * 7 + [4] * 7 + [5] * 7
    land = {t: (seat, 1) for t, seat in zip(ts, seat_of)}
    last, final = ts[46], ts[47]
    land.update({last: (None, 0), final: (None, 0)})
    pos(b, land, phase="deal", turn=0, pending={"next": 0},
        edit=_reserves(28, 26, 14, 14, 14, 14))
    b.do({"type": "deal", "territory": last},
         explain="Player 1 has 9 of its 10 cards, everyone else has all theirs: the last card "
                 "is dealt to player 1 too.",
         events=[{"type": "territory-dealt", "player": 0, "territory": last, "armies": 1}],
         state={"phase": "deal", "pending": {"next": 0},
                "territories": {last: {"owner": 0, "armies": 1}},
                "players": seats(6, p0={"reserve": 27})},
         outcomes=[{"outcome": {"type": "deal", "territory": final}, "p": "1"}])
    b.do({"type": "deal", "territory": final},
         state={"phase": "first-player", "pending": {"for": "setup"},
                "territories": {final: {"owner": 0, "armies": 1}},
                "players": seats(6, p0={"reserve": 26})})


# ================================================================ end of turn
@sc("napoleon.end-of-turn.draws.603",
    "Only a card of the draw pile can be drawn; the next turn starts with no last attack",
    ["napoleon.end-of-turn.draws", "napoleon.combat.epidemic-loss"], options=NO_TABLE,
    negative=True)
def draw_from_pile(b: Any) -> None:
    def last_attack(d: dict) -> None:
        d["turn_flags"]["last_attack"] = ["languedoc", "aquitaine"]
    pos(b, {**P1, **P2}, phase="maneuver", current=2, turn=2, hands={0: ["card-egypt"]},
        edit=last_attack)
    b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": 1}})
    b.reject({"type": "draw", "card": "card-egypt"}, "not-in-pile",
             rule="napoleon.end-of-turn.draws",
             explain="Player 1 holds the Egypt card: it is not in the pile to be drawn.")
    b.do({"type": "draw", "card": "joker-1"},
         explain="Player 3's attack on Aquitaine was this turn's; player 1's turn begins with "
                 "no attack made yet.",
         state={"phase": "reinforce", "current": 0, "turn": 3,
                "pending": {"to_place": compute_income(P1), "must_trade": False, "after": "turn"},
                "turn_flags": {"last_attack": None},
                "players": seats(3, p2={"cards": ["joker-1"]})})


# ================================================================ conquest and landings
@sc("napoleon.combat.conquest.602",
    "Conquered with one die: one regiment or more may move in",
    ["napoleon.combat.conquest"], options=NO_TABLE)
def one_die_conquest(b: Any) -> None:
    pos(b, {"aquitaine": (0, 3), "castile": (1, 1), "portugal": (1, 1)})
    b.do(attack("aquitaine", "castile", 1), state={"phase": "battle"})
    b.do({"type": "roll", "attacker": [6], "defender": [2]},
         explain="One die was rolled: at least one regiment moves in, one stays in Aquitaine.",
         state={"phase": "occupy", "territories": {"castile": {"owner": 0, "armies": 0}}},
         legal=[{"type": "occupy", "armies": n} for n in (1, 2)])
    b.do({"type": "occupy", "armies": 1},
         state={"phase": "attack", "territories": {"aquitaine": {"armies": 2},
                                                   "castile": {"armies": 1}}})


@sc("napoleon.naval.landing.602",
    "No landing through a zone another player's ships control",
    ["napoleon.naval.landing", "napoleon.naval.zone-control"], options=NO_TABLE, negative=True)
def no_landing_through_enemy_zone(b: Any) -> None:
    pos(b, {"ireland": (0, 4), "portugal": (1, 1)}, zones={"western-europe-atlantic": (1, 2)})
    b.check(legal=[{"type": "end-attack"}],
            explain="Ireland touches only the Western Europe Atlantic, whose ships are player "
                    "2's: Ireland's regiments can attack nowhere.")
    b.reject(attack("ireland", "brittany", 3), "not-adjacent", rule="napoleon.naval.landing")


# ================================================================ setup epidemics
def _claimed() -> dict[str, tuple[int, int]]:
    """Every territory held, round the table in map order: each player's 16 territories hold
    its 40 starting regiments (3 on the first 8, 2 on the others)."""
    return {t: (i % 3, 3 if i < 24 else 2) for i, t in enumerate(get_board().territory_ids)}


def compute_territory_redraw(epidemics: set[str]) -> dict[str, Fraction]:
    """Reading 'territory' of napoleon.amb.setup-epidemic-redraw, from its statement: a
    first card drawn from the whole deck (jokers in) is taken when it names a territory of
    an empire with no epidemic yet; after a refused first card (a territory of an empire
    that has its epidemic, or a joker) cards are drawn, the refused one not put back, until
    one names any territory without an epidemic: each such territory, the refused card's
    excepted, equally likely."""
    board = get_board()
    deck = [c.territory for c in board.cards]
    full = {t for g in board.groups if set(g.territories) & epidemics for t in g.territories}
    free = [t for t in board.territory_ids if t not in epidemics]
    p: dict[str, Fraction] = {}
    for first in deck:
        if first is not None and first not in full:
            p[first] = p.get(first, Fraction(0)) + Fraction(1, len(deck))
            continue
        rest = [t for t in free if t != first]
        for t in rest:
            p[t] = p.get(t, Fraction(0)) + Fraction(1, len(deck) * len(rest))
    return {t: p[t] for t in board.territory_ids if p.get(t)}


@sc("napoleon.setup.epidemics.602",
    "Reading territory: after two epidemics, a territory of an empire without one is likelier",
    ["napoleon.setup.epidemics"],
    options={"napoleon.amb.setup-epidemic-redraw": "territory"},
    reading=("napoleon.amb.setup-epidemic-redraw", "territory"))
def territory_redraw(b: Any) -> None:
    placed = {"austria-bohemia": 1, "bulgaria-greece-macedonia": 1}
    pos(b, _claimed(), phase="epidemics", turn=0, pending={"left": 2, "moving": False},
        epidemics=placed, edit=_reserves(0, 0, 0))
    chances = compute_territory_redraw(set(placed))
    b.check(outcomes=[{"outcome": {"type": "epidemic", "territory": t}, "p": str(x)}
                      for t, x in chances.items()],
            explain="A territory of an empire with no epidemic is taken at the first card; one "
                    "of the Austrian or Ottoman empires only after a refused card, so it is "
                    "less likely.")


#: a three-territory board (an inline map: the printed board has no setup-epidemic position
#: whose chances share one denominator without being equal): empire "west" a–b, "east" c;
#: one card per territory, no joker
TRIO = small_map({"a": "west", "b": "west", "c": "east"}, {},
                 [("a", "b", "land"), ("b", "c", "land")], {"west": 1, "east": 1}, {},
                 [("c-a", "a", "infantry"), ("c-b", "b", "cavalry"), ("c-c", "c", "artillery")])


@scenario("napoleon.setup.epidemics.411",
          "Reading territory: chances of 5/6 and 1/6 are not the same for every territory",
          ["napoleon.setup.epidemics"], players=3, variant=ADVANCED, map=TRIO,
          options={"napoleon.amb.setup-epidemic-redraw": "territory"},
          reading=("napoleon.amb.setup-epidemic-redraw", "territory"))
def territory_redraw_trio(b: Any) -> None:
    def edit(d: dict) -> None:
        for t, e in d["territories"].items():
            e.update(generals=0, fortifications=0, epidemics=1 if t == "a" else 0)
    b.position({"a": (0, 10), "b": (1, 10), "c": (2, 10)}, phase="epidemics", turn=0,
               pending={"left": 2, "moving": False}, edit=edit)
    b.check(outcomes=[{"outcome": {"type": "epidemic", "territory": "b"}, "p": "1/6"},
                      {"outcome": {"type": "epidemic", "territory": "c"}, "p": "5/6"}],
            explain="West has its epidemic. The first card: c's card puts the epidemic on c; "
                    "b's card is refused and c's is drawn next; a's card is refused and b or c "
                    "follows, each as likely: c 1/3 + 1/3 + 1/6 = 5/6, b 1/6.")

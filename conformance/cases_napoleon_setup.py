"""Scenarios: Risk Napoléon — setup (napoleon.setup.*, with the basic game's deal
napoleon.basic.deal), on the printed Europe board (:mod:`printed`) where it can show the
case, else on small purpose-built maps (see cases_napoleon).

On the printed board: the card table with four players and, in the basic game, by game
turn; the deal with three players and the basic game's deal; claims after the neutral
armies' deal and a claim refused (the basic game under the claim reading).  On LINE: the
Advanced setup when every territory is full, with and without ships at setup (40 starting
regiments never fill a player's territories on the printed board).  On a board of three
territories (``TRIO``): setup-epidemic chances of one denominator that are not equal, which
no position of the printed board's 50-card deck gives.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon import LINE, NEUTRAL, A
from riskspec.conformance.printed import (
    ADVANCED,
    BASIC,
    build_ship,
    compute_income,
    get_board,
    pos,
    sc,
    seats,
)
from riskspec.conformance.scenario import scenario
from riskspec.reference.napoleon.inline import small_map

ZONES = "napoleon.amb.zones-at-start"


FULL = "napoleon.setup.reinforce"


def _adv_setup(b: Any, land: dict, reserves: list[int], zones: dict | None = None,
               **kw: Any) -> None:
    """An Advanced Rules setup position on LINE (turn 0): ``land`` territory → (seat,
    regiments), ``zones`` zone → (seat, ships), ``reserves`` per seat; no leader placed yet."""
    def edit(d: dict) -> None:
        for seat, r in enumerate(reserves):
            d["players"][seat]["reserve"] = r
        for z, (seat, ships) in (zones or {}).items():
            d["zones"][z].update(owner=seat, ships=ships)
        d["turn_flags"].update(land_attacked=False, naval_moves=0)
    b.position(land, edit=edit, turn=0, **kw)


@scenario("napoleon.setup.reinforce.701",
          "Territories all full and no ship at setup: the last regiments stay out, setup moves on",
          [FULL, "napoleon.setup.place-general-and-fortification"], players=3, variant=A,
          map=LINE,
          map_why="every territory full during setup, which never happens on the printed board (48 territories: 3 players claim 16 each, and 40 regiments fill 4)")
def full_no_ships(b: Any) -> None:
    # player 2 (a2 alone) was full after 9 placements and dropped out with 30 unplaced;
    # players 3 (b1, far) and 1 (a1, b2) placed 18 each
    _adv_setup(b, {"a1": (0, 10), "a2": (1, 10), "b1": (2, 10), "b2": (0, 9), "far": (2, 10)},
               [21, 0, 20], phase="setup-place", current=0, first_player=2,
               pending={"seat": 0, "left": 1})
    b.do({"type": "place", "territory": "b2"},
         explain="b2 reaches 10: every territory of players 1 and 3 holds 10 regiments and "
                 "no ship may be built at setup (reading empty), so neither can place again: "
                 "their 20 regiments each stay out of the game and the starting general and "
                 "fortification follow, from the first placer (player 3).",
         state={"phase": "setup-leaders", "current": 2,
                "pending": {"generals": 1, "fortifications": 1},
                "territories": {"b2": {"armies": 10}},
                "players": [{"reserve": 0}, {}, {"reserve": 0}]})


def _ships_in_setup(id: str, title: str, **kw: Any) -> Any:
    return scenario(id, title, [FULL, "napoleon.setup.claim", ZONES], players=3, variant=A, map=LINE,
                    options={ZONES: "ships-in-setup"}, **kw)


def _full_land(b: Any, reserves: list[int], zones: dict) -> None:
    """Every territory full (10 regiments); player 2's turn to place, player 3 placed first."""
    _adv_setup(b, {"a1": (0, 10), "a2": (2, 10), "b1": (2, 10), "b2": (0, 10), "far": (1, 10)},
               reserves, zones=zones, phase="setup-place", current=1, first_player=2,
               pending={"seat": 1, "left": 1})


@_ships_in_setup("napoleon.setup.reinforce.702",
                 "Reading ships-in-setup: a player with full territories still places ships, one "
                 "touching none of its territories drops out",
                 map_why="every territory full during setup, which never happens on the printed board (48 territories: 3 players claim 16 each, and 40 regiments fill 4)")
def full_ships(b: Any) -> None:
    # claims: player 3 a2, player 1 a1, player 2 far, player 3 b1, player 1 b2; 18 rounds
    # placed: players 3 and 1 are full, player 2 filled far in 9 and has built 8 ships in z4
    _full_land(b, [20, 22, 20], {"z4": (1, 8)})
    build_ship(b, 1, "z4",
               explain="Player 3's a2 and b1 are full and touch no zone: it can place nothing and "
                       "its 20 regiments stay out. Player 1's a1 and b2 are full too, but it may "
                       "still build a ship in the empty z1 or z3: its turn.",
               state={"current": 0, "pending": {"seat": 0, "left": 1},
                      "zones": {"z4": {"ships": 9}},
                      "players": [{}, {"reserve": 21}, {"reserve": 0}]},
               legal=[{"type": "buy-ship", "zone": "z1"}, {"type": "buy-ship", "zone": "z3"}])


@_ships_in_setup("napoleon.setup.reinforce.703",
                 "Reading ships-in-setup: with every territory full, the last starting regiment "
                 "still buys a ship",
                 map_why="every territory full during setup, which never happens on the printed board (48 territories: 3 players claim 16 each, and 40 regiments fill 4)")
def full_last_ship(b: Any) -> None:
    # as in .702, 37 rounds later: player 3 dropped out in round 19; player 1 has 19 ships
    # and 1 regiment left, player 2 27 ships in z4 and 3 regiments
    _full_land(b, [1, 3, 0], {"z1": (0, 10), "z3": (0, 9), "z4": (1, 27)})
    b.do({"type": "buy-ship", "zone": "z4"},
         explain="Player 1's one regiment left pays for one more ship: its turn.",
         state={"current": 0, "pending": {"seat": 0, "left": 1},
                "zones": {"z4": {"ships": 28}}, "players": [{}, {"reserve": 2}, {}]},
         legal=[{"type": "buy-ship", "zone": "z1"}, {"type": "buy-ship", "zone": "z3"}])


TABLE = "napoleon.setup.card-table"


AMB_TABLE = "napoleon.amb.card-table"


#: game turns 3 to 7 of the basic game: each player holds two territories (3 regiments a
#: turn, no whole empire), the neutral armies the rest
TURN_LAND = {"aquitaine": (0, 2), "brittany": (0, 2), "castile": (1, 2), "portugal": (1, 2)}


def _pile(pile: list[str]) -> Any:
    """An ``edit`` for :func:`pos`: ``pile`` left in the draw pile, every other card of the
    deck (in deck order) in the discards."""
    def edit(d: dict) -> None:
        d["discards"] = [c for c in d["draw_pile"] if c not in pile]
        d["draw_pile"] = list(pile)
    return edit


@sc("napoleon.setup.card-table.701",
    "Reading by-round: the fourth game turn's row is a single card, drawn from what is "
    "left of the pile",
    [TABLE, AMB_TABLE, "napoleon.cards.reshuffle"], variant=BASIC,
    options={AMB_TABLE: "by-round"}, reading=(AMB_TABLE, "by-round"),
    synthetic=(["$.draw_pile", "$.discards"], "the draw pile cut down to its last card, the "
               "other 49 discarded, so that the case shows that last card drawn without a "
               "reshuffle; by game turn 4 the table (9 cards a player) and the end-of-turn "
               "draws (at most 3 a turn) take at most 36 cards from the pile"))
def table_one_card(b: Any) -> None:
    pos(b, TURN_LAND, rest=NEUTRAL, phase="maneuver", current=1, turn=3,
        edit=_pile(["card-ireland"]))
    discards = [c.id for c in get_board().cards if c.id != "card-ireland"]
    b.do({"type": "end-turn"},
         explain="Game turn 4 begins with player 1: the table's fourth row is 1 card. The pile "
                 "still holds Ireland's card, so nothing is reshuffled: that card is the only "
                 "draw.",
         state={"phase": "card-table", "current": 0, "turn": 4,
                "pending": {"seat": 0, "left": 1, "after": "turn"}},
         outcomes=[{"outcome": {"type": "draw", "card": "card-ireland"}, "p": "1"}])
    b.do({"type": "draw", "card": "card-ireland"},
         explain="The pile is now empty and stays so until a card is to be drawn; Aquitaine "
                 "and Brittany, 2 territories: the minimum of 3 regiments.",
         state={"phase": "reinforce", "draw_pile": [], "discards": discards,
                "pending": {"to_place": compute_income(["aquitaine", "brittany"]),
                            "must_trade": False, "after": "turn"},
                "players": seats(6, p0={"cards": ["card-ireland"]})})


@sc("napoleon.setup.card-table.704",
    "Reading by-round: a row drawn from an empty pile reshuffles the discards first",
    [TABLE, AMB_TABLE, "napoleon.cards.reshuffle"], variant=BASIC,
    options={AMB_TABLE: "by-round"},
    synthetic=(["$.draw_pile", "$.discards"], "every card discarded by game turn 4, so that "
               "the table's row is drawn from an empty pile; by then the table and the "
               "end-of-turn draws take at most 36 of the 50 cards"))
def table_reshuffle(b: Any) -> None:
    # (Egypt and Tripolitania as in the background position: players 1 and 2 hold one each)
    pos(b, {**TURN_LAND, "egypt": (0, 1), "tripolitania": (1, 1)}, rest=NEUTRAL,
        phase="maneuver", current=1, turn=3, edit=_pile([]))
    deck = [c.id for c in get_board().cards]
    b.do({"type": "end-turn"},
         explain="Game turn 4 begins with player 1, whose row is 1 card; the pile is empty, so "
                 "the discards, all 50 cards, become the new pile first.",
         events=[{"type": "reshuffled", "cards": len(deck)}],
         state={"phase": "card-table", "current": 0, "turn": 4, "draw_pile": deck,
                "discards": [], "pending": {"seat": 0, "left": 1, "after": "turn"}})


@sc("napoleon.setup.card-table.702",
    "Reading by-round: a game turn past the table's rows draws nothing",
    [TABLE, AMB_TABLE], variant=BASIC, options={AMB_TABLE: "by-round"})
def table_past_rows(b: Any) -> None:
    pos(b, TURN_LAND, rest=NEUTRAL, phase="maneuver", current=1, turn=6)
    b.do({"type": "end-turn"},
         explain="The basic game has no turn limit; the table has six rows, so game turn 7 "
                 "starts with the reinforcements (Aquitaine and Brittany, 2 territories: 3 "
                 "regiments).",
         state={"phase": "reinforce", "current": 0, "turn": 7,
                "pending": {"to_place": compute_income(["aquitaine", "brittany"]),
                            "must_trade": False, "after": "turn"}})


@sc("napoleon.setup.card-table.703",
    "Reading by-player-count: with four players every player draws the fourth row's "
    "single card",
    [TABLE, AMB_TABLE], players=4, options={AMB_TABLE: "by-player-count"})
def table_four_players(b: Any) -> None:
    # setup is over: player 3 (seat 2) holds the board but Aquitaine, Castile and Ireland
    pos(b, {"aquitaine": (0, 2), "castile": (1, 2), "ireland": (3, 2)},
        phase="first-player", pending={"for": "turn"}, turn=0)
    b.do({"type": "first-player", "player": 2},
         explain="Player 3 plays first; the fourth row of the table (four players) is 1 card, "
                 "drawn by each player in turn order before the first turn.",
         state={"phase": "card-table", "current": 2,
                "pending": {"seat": 2, "left": 1, "after": "setup"}})
    b.do({"type": "draw", "card": "card-castile"},
         state={"current": 3, "pending": {"seat": 3, "left": 1, "after": "setup"},
                "players": [{}, {}, {"cards": ["card-castile"]}, {}]})


DIST = "napoleon.amb.basic-distribution"


def _neutral_deal() -> dict[str, tuple[int | None, int]]:
    """The claim reading's deal: the neutral armies' 7 cards each name the last 28
    territories in map order (one regiment each, seats 2 to 5 in turn); the first 20 are
    left unoccupied for the two players to claim."""
    ts = list(get_board().territory_ids)
    return {**{t: (None, 0) for t in ts[:20]},
            **{t: (NEUTRAL + i // 7, 1) for i, t in enumerate(ts[20:])}}


def _claim_reserves(*players: int) -> Any:
    """An ``edit`` for :func:`pos`: nobody out; the players' starting regiments left, the
    neutral armies' 14 (21 less the 7 dealt)."""
    def edit(d: dict) -> None:
        for seat, p in enumerate(d["players"]):
            p.update(eliminated=False, eliminated_by=None,
                     reserve=players[seat] if seat < len(players) else 14)
    return edit


@sc("napoleon.setup.claim.701",
    "Reading claim: once the neutral armies' territories are dealt, the first player "
    "drawn claims first",
    ["napoleon.setup.claim", "napoleon.basic.deal", "napoleon.basic.placement", DIST],
    variant=BASIC, options={DIST: "claim"})
def claim_after_roll(b: Any) -> None:
    land = _neutral_deal()
    pos(b, land, phase="first-player", turn=0, pending={"for": "setup"}, first_player=None,
        edit=_claim_reserves(36, 36))
    free = [t for t, (seat, _) in land.items() if seat is None]
    b.do({"type": "first-player", "player": 1},
         explain="The neutral armies hold the 28 territories of their cards; the other 20 are "
                 "still unoccupied: player 2, drawn first, claims one of them.",
         state={"phase": "claim", "current": 1, "pending": {}},
         legal=[{"type": "claim", "territory": t} for t in free])


@scenario("napoleon.setup.players-and-regiments.701",
          "Reading deal with three players and no neutral army: the whole deck is dealt, "
          "starting with the first seat",
          ["napoleon.basic.deal", "napoleon.setup.players-and-regiments", DIST], players=3,
          variant=A, options={DIST: "deal"})
def deal_three(b: Any) -> None:
    b.check(explain="48 territory cards for three players (40 regiments each): the deal can "
                    "occupy every territory",
            state={"phase": "deal", "pending": {"next": 0}, "turn": 0,
                   "players": [{"reserve": 40}, {"reserve": 40}, {"reserve": 40}]})


@sc("napoleon.setup.claim.301",
    "Reading claim: player 1's territory cannot be claimed again; a claim puts one regiment",
    ["napoleon.setup.claim", "napoleon.basic.deal", DIST], variant=BASIC,
    options={DIST: "claim"}, negative=True)
def claim_taken(b: Any) -> None:
    # player 1, drawn first, has claimed Île-de-France; player 2's turn to claim
    land = {**_neutral_deal(), "ile-de-france": (0, 1)}
    pos(b, land, phase="claim", turn=0, current=1, edit=_claim_reserves(35, 36))
    b.reject({"type": "claim", "territory": "ile-de-france"}, "occupied",
             rule="napoleon.setup.claim",
             explain="Île-de-France already holds player 1's regiment")
    b.do({"type": "claim", "territory": "bavaria"},
         events=[{"type": "claimed", "player": 1, "territory": "bavaria", "armies": 1}],
         state={"current": 0, "territories": {"bavaria": {"owner": 1, "armies": 1}},
                "players": seats(6, p1={"reserve": 35})})


@sc("napoleon.basic.deal.701",
    "Reading deal: each dealt territory gets one regiment of the seat dealt to, the "
    "deal goes round",
    ["napoleon.basic.deal"], variant=BASIC)
def deal_one(b: Any) -> None:
    b.check(state={"phase": "deal", "pending": {"next": 0},
                   "players": seats(6, p0={"reserve": 36}, p1={"reserve": 36})},
            explain="a new basic game: the territories are dealt, player 1 first; each player "
                    "has its 36 starting regiments")
    b.do({"type": "deal", "territory": "castile"},
         events=[{"type": "territory-dealt", "player": 0, "territory": "castile", "armies": 1}],
         state={"pending": {"next": 1}, "territories": {"castile": {"owner": 0, "armies": 1}},
                "players": seats(6, p0={"reserve": 35})})
    b.do({"type": "deal", "territory": "aquitaine"},
         events=[{"type": "territory-dealt", "player": 1, "territory": "aquitaine", "armies": 1}],
         state={"pending": {"next": 2}, "territories": {"aquitaine": {"owner": 1, "armies": 1}},
                "players": seats(6, p1={"reserve": 35})})


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
          reading=("napoleon.amb.setup-epidemic-redraw", "territory"),
          map_why="setup-epidemic chances that share one denominator but differ, which no position of the printed board gives")
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

"""Napoléon on the printed board: the Advanced setup (napoleon.setup.*).

Three players.  Claim positions leave a few North African territories unclaimed, the rest
held by the background seat (player 3); starting regiments left are set per seat.

The cases numbered 7xx were written for surviving mutants of the reference engine's
``napoleon.setup_readings`` (their triage: ``conformance/mutation-triage.yaml``): starting
ships under the reading ships-in-setup, the starting general and fortification, and — in the
basic game — the random placement of the neutral armies' regiments.  Their positions follow
a plausible setup: after the claims each player holds every third territory in map order.
The other 6xx cases pin the setup's edges: the last territory of the map (Finland) refused
or fortified at setup, the setup roll's winner recorded, and the setup epidemics' chances
under the 'territory' redraw reading.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from riskspec.conformance.cases_napoleon_printed_basic import NEUTRAL, _dealt
from riskspec.conformance.printed import (
    BASIC,
    build_ship,
    compute_income,
    get_board,
    get_neighbours,
    pos,
    reserves,
    sc,
    seats,
)

UNCLAIMED = {"egypt": (None, 0), "tripolitania": (None, 0), "maghreb": (None, 0)}


@sc("napoleon.setup.claim.601",
    "Claiming: one regiment on an unoccupied territory, then the next player clockwise",
    ["napoleon.setup.claim"], negative=True,
    synthetic=(["$.players[0].reserve", "$.players[1].reserve", "$.players[2].reserve"],
               "most of the board is already claimed by one seat so that the case names only the "
               "territories it is about; the starting regiments left are not 40 minus those down"))
def claim(b: Any) -> None:
    pos(b, {**UNCLAIMED, "castile": (0, 1), "portugal": (1, 1)}, phase="claim", turn=0,
        edit=reserves(5, 5, 5))
    b.check(legal=[{"type": "claim", "territory": t} for t in UNCLAIMED],
            explain="Only the three unoccupied territories can be claimed; no ship is placed.")
    b.reject({"type": "claim", "territory": "castile"}, "occupied", rule="napoleon.setup.claim")
    b.do({"type": "claim", "territory": "egypt"},
         state={"current": 1, "territories": {"egypt": {"owner": 0, "armies": 1}},
                "players": [{"reserve": 4}, {}, {}]})


@sc("napoleon.setup.whole-empire-warning.601",
    "Nothing forbids claiming the last territory of an empire",
    ["napoleon.setup.whole-empire-warning"],
    synthetic=(["$.players[0].reserve", "$.players[1].reserve", "$.players[2].reserve"],
               "most of the board is already claimed by one seat so that the case names only the "
               "territories it is about; the starting regiments left are not 40 minus those down"))
def whole_empire(b: Any) -> None:
    pos(b, {"egypt": (0, 1), "tripolitania": (0, 1), "maghreb": (None, 0), "castile": (1, 1)},
        phase="claim",
        turn=0, edit=reserves(5, 5, 5))
    b.do({"type": "claim", "territory": "maghreb"},
         explain="Player 1 now holds the whole of North Africa from the start.",
         state={"phase": "setup-place", "current": 1, "pending": {"seat": 1, "left": 1},
                "territories": {"maghreb": {"owner": 0, "armies": 1}},
                "players": [{"reserve": 4}, {}, {}]})


@sc("napoleon.setup.reinforce.601",
    "After the claim, one regiment at a time in turn; never more than 10 in a territory",
    ["napoleon.setup.reinforce"], negative=True,
    synthetic=(["$.players[0].reserve", "$.players[1].reserve", "$.players[2].reserve"],
               "most of the board is already claimed by one seat so that the case names only the "
               "territories it is about; the starting regiments left are not 40 minus those down"))
def setup_reinforce(b: Any) -> None:
    pos(b, {"castile": (0, 10), "portugal": (0, 1), "andalusia": (1, 1)}, phase="setup-place",
        turn=0, pending={"seat": 0, "left": 1}, edit=reserves(2, 2, 2))
    b.check(legal=[{"type": "place", "territory": "portugal"}])
    b.reject({"type": "place", "territory": "castile"}, "territory-full",
             rule="napoleon.setup.reinforce")
    b.do({"type": "place", "territory": "portugal"},
         state={"current": 1, "pending": {"seat": 1, "left": 1},
                "territories": {"portugal": {"armies": 2}}, "players": [{"reserve": 1}, {}, {}]})


@sc("napoleon.setup.place-general-and-fortification.601",
    "Each player puts their general, then their fortification, on their own territories",
    ["napoleon.setup.place-general-and-fortification"], negative=True)
def leaders(b: Any) -> None:
    pos(b, {"castile": (0, 4), "portugal": (0, 3), "andalusia": (1, 3)}, phase="setup-leaders",
        turn=0, pending={"generals": 1, "fortifications": 1}, edit=reserves(0, 0, 0))
    b.reject({"type": "place-general", "territory": "andalusia"}, "not-owner",
             rule="napoleon.setup.place-general-and-fortification")
    b.reject({"type": "place-fortification", "territory": "castile"}, "general-first",
             rule="napoleon.setup.place-general-and-fortification")
    b.do({"type": "place-general", "territory": "castile"},
         state={"territories": {"castile": {"generals": 1}}})
    b.do({"type": "place-fortification", "territory": "portugal"},
         state={"current": 1, "territories": {"portugal": {"fortifications": 1}}})


@sc("napoleon.setup.card-table.601",
    "At the start of their turn in game turn 1 a player draws two territory cards",
    ["napoleon.setup.card-table"])
def card_table(b: Any) -> None:
    mine = {"castile": (0, 2), "portugal": (0, 1)}
    pos(b, {**mine, "andalusia": (1, 1)}, phase="card-table", turn=1,
        pending={"seat": 0, "left": 2, "after": "turn"})
    pile = [c.id for c in get_board().cards]
    b.check(outcomes=[{"outcome": {"type": "draw", "card": c}, "p": f"1/{len(pile)}"} for c in pile])
    b.do({"type": "draw", "card": "card-egypt"},
         state={"pending": {"left": 1}, "players": [{"cards": ["card-egypt"]}, {}, {}]})
    b.do({"type": "draw", "card": "joker-2"},
         explain="Both cards drawn before the reinforcements, so they could be traded at once.",
         state={"phase": "reinforce", "pending": {"to_place": compute_income(mine)},
                "players": [{"cards": ["card-egypt", "joker-2"]}, {}, {}]})


@sc("napoleon.setup.epidemics.601",
    "Setup epidemics: each on the territory of a card drawn, at most one per empire",
    ["napoleon.setup.epidemics"], negative=True)
def setup_epidemics(b: Any) -> None:
    pos(b, _claimed(), phase="epidemics", turn=0, pending={"left": 4, "moving": False},
        edit=reserves(0, 0, 0))
    board = get_board()
    ts = list(board.territory_ids)
    b.check(outcomes=[{"outcome": {"type": "epidemic", "territory": t}, "p": f"1/{len(ts)}"}
                      for t in ts],
            explain="A joker is set aside and another card drawn: each of the 48 territories "
                    "is as likely.")
    b.do({"type": "epidemic", "territory": "egypt"},
         state={"pending": {"left": 3}, "territories": {"egypt": {"epidemics": 1}}})
    africa = set(board.group("north-africa").territories)
    left = [t for t in ts if t not in africa]
    b.check(outcomes=[{"outcome": {"type": "epidemic", "territory": t}, "p": f"1/{len(left)}"}
                      for t in left],
            explain="North Africa has its epidemic: its cards are set aside too, 45 territories "
                    "remain, each as likely.")
    b.reject({"type": "epidemic", "territory": "maghreb"}, "not-eligible",
             rule="napoleon.setup.epidemics")


@sc("napoleon.setup.first-player.601",
    "Once setup is over a roll among all players decides who plays first",
    ["napoleon.setup.first-player"], options={"napoleon.amb.card-table": "ignore"})
def first_player(b: Any) -> None:
    land = _claimed()
    pos(b, land, phase="first-player", turn=0, pending={"for": "turn"}, edit=reserves(0, 0, 0))
    b.check(outcomes=[{"outcome": {"type": "first-player", "player": p}, "p": "1/3"}
                      for p in (0, 1, 2)])
    mine = [t for t, (seat, _) in land.items() if seat == 1]
    b.do({"type": "first-player", "player": 1},
         explain="Player 2 rolled highest: it plays first, game turn 1 begins.",
         state={"phase": "reinforce", "current": 1, "first_player": 1, "turn": 1,
                "pending": {"to_place": compute_income(mine)}})


def _claimed() -> dict[str, tuple[int, int]]:
    """Every territory held, round the table in map order: each player's 16 territories hold
    its 40 starting regiments (3 on the first 8, 2 on the others)."""
    return {t: (i % 3, 3 if i < 24 else 2) for i, t in enumerate(get_board().territory_ids)}


@sc("napoleon.setup.reinforce.602",
    "A starting regiment goes on Finland, the last territory of the map, like on any other",
    ["napoleon.setup.reinforce"],
    synthetic=(["$.players[0].reserve", "$.players[1].reserve", "$.players[2].reserve"],
               "most of the board is already claimed by one seat so that the case names only the "
               "territories it is about; the starting regiments left are not 40 minus those down"))
def place_finland(b: Any) -> None:
    pos(b, {"finland": (0, 1), "andalusia": (1, 1)}, phase="setup-place", turn=0,
        pending={"seat": 0, "left": 1}, edit=reserves(2, 2, 2))
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
        epidemics=placed, edit=reserves(0, 0, 0))
    chances = compute_territory_redraw(set(placed))
    b.check(outcomes=[{"outcome": {"type": "epidemic", "territory": t}, "p": str(x)}
                      for t, x in chances.items()],
            explain="A territory of an empire with no epidemic is taken at the first card; one "
                    "of the Austrian or Ottoman empires only after a refused card, so it is "
                    "less likely.")


ORDER = "napoleon.amb.setup-epidemic-order"


@sc("napoleon.setup.epidemics.603",
    "Reading deal, epidemics before the claims: the setup epidemics follow the deal's last card",
    ["napoleon.setup.epidemics", "napoleon.basic.deal"],
    options={"napoleon.amb.basic-distribution": "deal", ORDER: "before-claim"},
    reading=(ORDER, "before-claim"))
def deal_then_epidemics(b: Any) -> None:
    # the deal went round the three seats in map order: 16, 16 and 15 territories dealt,
    # one regiment each out of 40; Finland's card, the last, is player 3's
    ts = list(get_board().territory_ids)
    land: dict[str, tuple[int | None, int]] = {t: (k % 3, 1) for k, t in enumerate(ts[:-1])}
    land[ts[-1]] = (None, 0)
    pos(b, land, phase="deal", turn=0, pending={"next": 2}, first_player=None,
        edit=reserves(24, 24, 25))
    b.do({"type": "deal", "territory": ts[-1]},
         explain="Every territory is dealt; the epidemics come before the claims would have, "
                 "so the 4 setup epidemics are placed now, before the first player is drawn.",
         state={"phase": "epidemics", "pending": {"left": 4, "moving": False},
                "territories": {ts[-1]: {"owner": 2, "armies": 1}},
                "players": seats(3, p2={"reserve": 24})})


def _no_reserves(d: dict[str, Any]) -> None:
    for p in d["players"]:
        p["reserve"] = 0


@sc("napoleon.setup.place-general-and-fortification.671",
    "A starting fortification may go on Finland, the last territory of the map",
    ["napoleon.setup.place-general-and-fortification"])
def finland_fortified(b: Any) -> None:
    pos(b, {"finland": (0, 3), "kingdom-of-sweden": (0, 3), "st-petersburg": (1, 3)},
        phase="setup-leaders", turn=0, pending={"generals": 1, "fortifications": 1},
        edit=_no_reserves)
    b.do({"type": "place-general", "territory": "kingdom-of-sweden"},
         state={"territories": {"kingdom-of-sweden": {"generals": 1}}},
         legal_includes=[{"type": "place-fortification", "territory": "finland"}])
    b.do({"type": "place-fortification", "territory": "finland"},
         explain="Finland is player 1's, unfortified and free of epidemics.",
         state={"current": 1, "territories": {"finland": {"fortifications": 1}}})


# ================================================================ 7xx: setup readings
ZONES = "napoleon.amb.zones-at-start"
NEUTRALS = "napoleon.amb.basic-neutral-placement"


def _round_robin(armies: Any = 1) -> dict[str, tuple[int, int]]:
    """The claims gone round the table in map order from player 1: territory i to seat i % 3,
    with ``armies(i)`` regiments (or that number)."""
    return {t: (i % 3, armies(i) if callable(armies) else armies)
            for i, t in enumerate(get_board().territory_ids)}


def _seat_land(land: dict[str, tuple[int, int]], seat: int) -> list[str]:
    return [t for t, (s, _) in land.items() if s == seat]


@sc("napoleon.units.ships.602",
    "Reading ships-in-setup: a starting ship goes in a zone touching one of the player's "
    "territories, whoever else that zone touches",
    ["napoleon.units.ships", "napoleon.setup.claim", ZONES], negative=True,
    options={ZONES: "ships-in-setup"})
def setup_ship_coast(b: Any) -> None:
    land = _round_robin()
    pos(b, land, phase="setup-place", turn=0, current=0, first_player=0,
        pending={"seat": 0, "left": 1}, edit=reserves(24, 24, 24))
    mine = set(_seat_land(land, 0))
    board = get_board()
    coastal = [z.id for z in board.zones if get_neighbours(z.id, "coast") & mine]
    b.check(legal=[{"type": "place", "territory": t} for t in _seat_land(land, 0)]
            + [{"type": "buy-ship", "zone": z} for z in coastal],
            explain="Each of player 1's 16 territories can take the regiment, or it can pay for "
                    "a ship in any of the seven zones its coasts touch; not the Aegean Sea.")
    b.reject({"type": "buy-ship", "zone": "aegean-sea"}, "not-coastal",
             rule="napoleon.units.ships",
             explain="The Aegean Sea touches only Anatolia (player 3's) and Bulgaria-Greece-"
                     "Macedonia (player 2's): no territory of player 1.")
    build_ship(b, 0, "western-europe-atlantic",
               explain="The Atlantic touches Brittany, León-Asturias and Scotland, player 1's, and "
                       "six territories of the others: one of its own is enough. The ship takes the "
                       "placement turn's regiment; player 2 places next.",
               state={"current": 1, "pending": {"seat": 1, "left": 1},
                      "zones": {"western-europe-atlantic": {"owner": 0, "ships": 1}},
                      "players": [{"reserve": 23}, {}, {}]})


@sc("napoleon.setup.place-general-and-fortification.602",
    "The third player's general goes on the last territory of the map, its fortification "
    "not on another player's fortified territory",
    ["napoleon.setup.place-general-and-fortification"], negative=True)
def leaders_last_territory(b: Any) -> None:
    # every regiment is down: each seat's first 8 territories (map order) hold 3, the others 2;
    # players 1 and 2 have placed their general and fortification
    land = _round_robin(lambda i: 3 if i < 24 else 2)
    pos(b, land, phase="setup-leaders", turn=0, current=2, first_player=0,
        pending={"generals": 1, "fortifications": 1}, edit=reserves(0, 0, 0),
        gen={"egypt": 1, "tripolitania": 1}, forts={"brittany": 1, "aquitaine": 1})
    b.do({"type": "place-general", "territory": "finland"},
         explain="Finland, the last territory in the map's order, is player 3's own: its "
                 "general may stand there.",
         events=[{"type": "general-placed", "player": 2, "territory": "finland"}],
         state={"pending": {"generals": 0}, "territories": {"finland": {"generals": 1}}},
         legal=[{"type": "place-fortification", "territory": t} for t in _seat_land(land, 2)])
    b.reject({"type": "place-fortification", "territory": "brittany"}, "not-owner",
             rule="napoleon.setup.place-general-and-fortification",
             explain="Brittany is player 1's (its fortification stands there): player 3 "
                     "fortifies one of its own territories.")


@sc("napoleon.basic.placement.602",
    "Reading random: each regiment of a neutral army's share lands on one of its territories, "
    "each as likely; after the second, the next neutral army's share",
    ["napoleon.basic.placement", NEUTRALS], variant=BASIC,
    options={NEUTRALS: "random"}, reading=(NEUTRALS, "random"))
def random_neutral(b: Any) -> None:
    # the deal: 10, 10, 7, 7, 7, 7 territories in map order; first round: each player put its
    # 3 regiments on its first territory
    land = _dealt()
    firsts = [_seat_land(land, seat)[0] for seat in (0, 1)]
    land.update({t: (seat, 4) for seat, t in enumerate(firsts)})
    pos(b, land, phase="random-place", turn=0, current=0, first_player=0,
        pending={"seat": NEUTRAL, "left": 2}, edit=reserves(23, 23, 14, 14, 14, 14))
    ours = _seat_land(land, NEUTRAL)
    b.check(outcomes=[{"outcome": {"type": "random-placement", "territory": t}, "p": "1/7"}
                      for t in ours],
            explain="Neutral army 3 holds seven territories, none full (no limit in the basic "
                    "game): each is as likely for its first regiment.")
    b.do({"type": "random-placement", "territory": "st-petersburg"},
         explain="One regiment lands in St Petersburg; the army's share of the round is two, "
                 "so the second is still to come.",
         events=[{"type": "placed", "player": NEUTRAL, "territory": "st-petersburg",
                  "armies": 1}],
         state={"pending": {"left": 1}, "territories": {"st-petersburg": {"armies": 2}},
                "players": [{}, {}, {"reserve": 13}, {}, {}, {}]})
    b.do({"type": "random-placement", "territory": "st-petersburg"},
         explain="The second lands there too; neutral army 4's share follows, player 2's turn "
                 "to stand for it.",
         events=[{"type": "placed", "player": NEUTRAL, "territory": "st-petersburg",
                  "armies": 1}],
         state={"current": 1, "pending": {"seat": 3, "left": 2},
                "territories": {"st-petersburg": {"armies": 3}},
                "players": [{}, {}, {"reserve": 12}, {}, {}, {}]})



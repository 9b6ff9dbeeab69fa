"""Napoléon setup readings: the card table, random neutral placement, ships at setup.

* the garbled card table (napoleon.setup.card-table, ``setup.card_table_mode`` over
  ``setup.card_table_values``): 'by-seat' — once the first player is known, each player
  in turn order draws the value of their seat's row; 'by-player-count' — each draws the
  value of the row for the number of players; 'by-round' — at the start of their turn in
  game turn n each player draws the n-th value (no row, no card); 'none' — nothing.  Each
  card is a chance node over the draw pile (phase ``card-table``; the discards are
  shuffled in when it is empty and ``cards.reshuffle_discards``);
* ``setup.neutral_placement_by = random`` (napoleon.basic.placement): each regiment of a
  neutral army's placement share lands on one of that army's territories with room for it,
  all equally likely (phase ``random-place``, outcome ``random-placement``);
* ``setup.ships_allowed`` (napoleon.setup.claim): in a placement turn of their own share a
  player may spend ``costs.ship`` starting regiments on a ship in an empty or own zone
  touching one of their territories (``buy-ship``).
"""

from __future__ import annotations

from typing import Any

from riskspec.reference.base import require
from riskspec.reference.chance import ChanceTable, _uniform
from riskspec.reference.napoleon import game as G
from riskspec.reference.napoleon import ruleids as RID
from riskspec.reference.napoleon.state import NapState

Event = dict[str, Any]


# ---------------------------------------------------------------- the card table

def _turn_order(s: NapState) -> list[int]:
    hs = G.humans(s)
    i = hs.index(s.first_player) if s.first_player in hs else 0
    return hs[i:] + hs[:i]


def _row(s: NapState, n: int) -> int:
    values = s.tables.params.setup_card_table_values
    return int(values[n - 1]) if 1 <= n <= len(values) else 0


def setup_share(s: NapState, seat: int) -> int:
    """Cards ``seat`` draws before the first turn ('by-seat', 'by-player-count')."""
    mode = s.tables.params.setup_card_table_mode
    if mode == "by-seat":
        return _row(s, _turn_order(s).index(seat) + 1)
    if mode == "by-player-count":
        return _row(s, len(G.humans(s)))
    return 0


def _pile_ready(s: NapState) -> bool:
    if not s.draw_pile and s.discards and s.tables.params.cards_reshuffle_discards:
        s.draw_pile, s.discards = s.discards, ()
    return bool(s.draw_pile)


def begin_play(s: NapState, first: int, ev: list[Event] | None = None) -> None:
    """Play begins with ``first``: the setup draws of the card table first, if any."""
    s.first_player = first
    _next_setup_draw(s, None, ev)


def _next_setup_draw(s: NapState, done: int | None, ev: list[Event] | None = None) -> None:
    order = _turn_order(s)
    start = 0 if done is None else order.index(done) + 1
    for seat in order[start:]:
        n = setup_share(s, seat)
        if n > 0 and _pile_ready(s):
            s.phase, s.current = "card-table", seat
            s.pending = {"seat": seat, "left": n, "after": "setup"}
            return
    G.start_turn(s, s.first_player, ev=ev)


def turn_draws(s: NapState, seat: int) -> bool:
    """'by-round': enter the draws of game turn ``s.turn`` for ``seat``; False if none."""
    if s.tables.params.setup_card_table_mode != "by-round":
        return False
    n = _row(s, s.turn)
    if n <= 0 or not _pile_ready(s):
        return False
    s.phase, s.pending = "card-table", {"seat": seat, "left": n, "after": "turn"}
    return True


def process_table_draw(s: NapState, a: tuple, ev: list[Event]) -> None:
    c, seat = a[1], s.pending["seat"]
    require(c in s.draw_pile, "not-in-pile", RID.SETUP_CARD_TABLE,
            "that card is not in the draw pile")
    s.draw_pile = tuple(x for x in s.draw_pile if x != c)
    s.hands[seat] = tuple(sorted(s.hands[seat] + (c,)))
    s.pending["left"] -= 1
    if s.pending["left"] > 0 and _pile_ready(s):
        return
    if s.pending["after"] == "setup":
        _next_setup_draw(s, seat, ev)
    else:
        G.begin_turn(s, seat, ev)


# ---------------------------------------------------------------- random neutral placement

def random_eligible(s: NapState) -> list[int]:
    seat = s.pending["seat"]
    return [t for t in range(s.tables.n_territories) if G.can_setup_place(s, t, seat)]


def process_random_placement(s: NapState, a: tuple, ev: list[Event]) -> None:
    t, seat = a[1], s.pending["seat"]
    require(G.can_setup_place(s, t, seat), "not-owner", RID.BASIC_PLACEMENT,
            "a neutral regiment lands on a territory of its own army")
    s.armies[t] += 1
    s.reserves[seat] -= 1
    s.pending["left"] -= 1
    ev.append({"type": "placed", "player": seat, "territory": s.tables.places[t], "armies": 1})
    if s.pending["left"] == 0 or not random_eligible(s):
        G._next_share(s, seat)


def chance_table(s: NapState) -> ChanceTable | None:
    tb = s.tables
    if s.phase == "card-table":
        return _uniform(s.draw_pile, lambda c: {"type": "draw", "card": tb.cards[c]})
    if s.phase == "random-place":
        return _uniform(random_eligible(s),
                        lambda t: {"type": "random-placement", "territory": tb.places[t]})
    return None


# ---------------------------------------------------------------- ships at setup

def can_setup_ship(s: NapState, z: int) -> bool:
    from riskspec.reference.napoleon import naval as N
    tb, p = s.tables, s.tables.params
    seat = s.pending.get("seat", -1)
    return (p.setup_ships_allowed and G.ships_allowed(tb) and s.phase == "setup-place"
            and not s.is_neutral(seat) and tb.is_zone(z) and s.owner[z] in (-1, seat)
            and any(s.owner[t] == seat for t in tb.coast[z]) and N.ship_room(s, seat)
            and s.pending["left"] >= p.costs_ship)


def process_setup_ship(s: NapState, a: tuple, ev: list[Event]) -> None:
    from riskspec.reference.napoleon import naval as N
    z, seat, tb = a[1], s.pending["seat"], s.tables
    require(tb.params.setup_ships_allowed and G.ships_allowed(tb), "no-setup-ships",
            RID.SETUP_CLAIM, "every maritime zone starts empty (setup.ships_allowed)")
    require(not s.is_neutral(seat), "wrong-army", RID.BASIC_PLACEMENT,
            "neutral armies build no ships")
    require(tb.is_zone(z) and any(s.owner[t] == seat for t in tb.coast[z]), "not-coastal",
            RID.UNITS_SHIPS, "ships are built in a zone next to one of your territories")
    require(s.owner[z] in (-1, seat), "enemy-zone", RID.SETUP_CLAIM,
            "at setup ships go only in an empty zone or one of your own")
    require(N.ship_room(s, seat), "ship-limit", RID.UNITS_SHIPS, "no ship left in your supply")
    require(can_setup_ship(s, z), "cannot-afford", RID.REINFORCE_PURCHASES,
            "not enough regiments left in this placement turn to pay for a ship")
    cost = tb.params.costs_ship
    s.reserves[seat] -= cost
    s.pending["left"] -= cost
    N.build(s, seat, z, ev)
    if s.pending["left"] == 0:
        G._next_share(s, seat)


def can_place_any(s: NapState, seat: int) -> bool:
    """Whether ``seat`` can still put a starting unit somewhere (a territory with room, or a
    ship when setup.ships_allowed)."""
    tb = s.tables
    if any(G.can_setup_place(s, t, seat) for t in range(tb.n_territories)):
        return True
    if not tb.params.setup_ships_allowed or s.is_neutral(seat) or not G.ships_allowed(tb):
        return False
    from riskspec.reference.napoleon import naval as N
    return N.ship_room(s, seat) and s.reserves[seat] >= tb.params.costs_ship and any(
        s.owner[z] in (-1, seat) and any(s.owner[t] == seat for t in tb.coast[z])
        for z in range(tb.n_territories, len(tb.places)))

"""Napoléon setup readings: the card table's draws, random neutral placement, ships at
setup, and the placement of starting leaders (the setup flow itself is :mod:`.game`).

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
from riskspec.reference.napoleon import actions as A
from riskspec.reference.napoleon import epidemics as EP
from riskspec.reference.napoleon import game as G
from riskspec.reference.napoleon import naval as N
from riskspec.reference.napoleon import ruleids as RID
from riskspec.reference.napoleon.leaders import is_setup_fortification_place, start_leader_setup
from riskspec.reference.napoleon.state import NapState

Event = dict[str, Any]


# ---------------------------------------------------------------- the card table

def process_table_draw(s: NapState, a: A.Draw, ev: list[Event]) -> None:
    c, seat = a.card, s.pending["seat"]
    # Verify that the card drawn is in the draw pile.
    require(c in s.draw_pile, "not-in-pile", RID.SETUP_CARD_TABLE,
            "that card is not in the draw pile")
    s.draw_pile = tuple(x for x in s.draw_pile if x != c)
    s.hands[seat] = tuple(sorted(s.hands[seat] + (c,)))
    ev.append({"type": "card-drawn", "player": seat, "card": s.tables.cards[c]})
    s.pending["left"] -= 1
    if s.pending["left"] > 0 and G.is_pile_ready(s, ev):
        return
    if s.pending["after"] == "setup":
        G.next_setup_draw(s, seat, ev)
    else:
        G.begin_turn(s, seat, ev)


# ---------------------------------------------------------------- random neutral placement

def random_eligible(s: NapState) -> list[int]:
    seat = s.pending["seat"]
    return [t for t in range(s.tables.n_territories) if G.can_setup_place(s, t, seat)]


def process_random_placement(s: NapState, a: A.RandomPlacement, ev: list[Event]) -> None:
    t, seat = a.territory, s.pending["seat"]
    # Verify that a neutral regiment lands on a territory of its own army.
    require(G.can_setup_place(s, t, seat), "not-owner", RID.BASIC_PLACEMENT,
            "a neutral regiment lands on a territory of its own army")
    s.armies[t] += 1
    s.reserves[seat] -= 1
    s.pending["left"] -= 1
    ev.append({"type": "placed", "player": seat, "territory": s.tables.places[t], "armies": 1})
    if s.pending["left"] == 0 or not random_eligible(s):
        G.next_share(s, seat, ev)


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
    tb, p = s.tables, s.tables.params
    seat = s.pending.get("seat", -1)
    return (p.setup_ships_allowed and tb.params.ships_in_play and s.phase == "setup-place"
            and not s.is_neutral(seat) and tb.is_zone(z) and s.owner[z] in (-1, seat)
            and any(s.owner[t] == seat for t in tb.coast[z]) and N.ship_room(s, seat)
            and s.pending["left"] >= p.costs_ship)


def process_setup_ship(s: NapState, a: A.BuyShip, ev: list[Event]) -> None:
    z, seat, tb = a.zone, s.pending["seat"], s.tables
    # Verify that ships may be built at setup (setup.ships_allowed, ships in play) …
    require(tb.params.setup_ships_allowed and tb.params.ships_in_play, "no-setup-ships",
            RID.SETUP_CLAIM, "every maritime zone starts empty (setup.ships_allowed)")
    # … by a player's army, never a neutral one …
    require(not s.is_neutral(seat), "wrong-army", RID.BASIC_PLACEMENT,
            "neutral armies build no ships")
    # … in a zone next to one of the player's territories …
    require(tb.is_zone(z) and any(s.owner[t] == seat for t in tb.coast[z]), "not-coastal",
            RID.UNITS_SHIPS, "ships are built in a zone next to one of your territories")
    # … that is empty or already the player's …
    require(s.owner[z] in (-1, seat), "enemy-zone", RID.SETUP_CLAIM,
            "at setup ships go only in an empty zone or one of your own")
    # … with a ship left in the player's supply …
    require(N.ship_room(s, seat), "ship-limit", RID.UNITS_SHIPS, "no ship left in your supply")
    # … and enough regiments left in this placement turn to pay for it.
    require(can_setup_ship(s, z), "cannot-afford", RID.REINFORCE_PURCHASES,
            "not enough regiments left in this placement turn to pay for a ship")
    cost = tb.params.costs_ship
    s.reserves[seat] -= cost
    s.pending["left"] -= cost
    N.build(s, seat, z, ev)
    if s.pending["left"] == 0:
        G.next_share(s, seat, ev)




def process_place_leader(s: NapState, a: A.PlaceGeneral | A.PlaceFortification, ev: list[Event]) -> None:
    t, seat, kind = a.territory, s.current, a.type
    general = kind == "place-general"
    # Verify that a piece of the kind placed is left to place …
    require(s.pending["generals" if general else "fortifications"] > 0, "none-left",
            RID.SETUP_GENERAL_FORT, "none left to place")
    # … a general above all, when one is placed …
    require(not general or s.pending["generals"] > 0, "none-left", RID.SETUP_GENERAL_FORT,
            "none left")
    # … and that the general goes down before any fortification.
    require(general or s.pending["generals"] == 0, "general-first", RID.SETUP_GENERAL_FORT,
            "place the general first")
    # Verify that the piece goes on a territory of the player's own.
    require(t < s.tables.n_territories and s.owner[t] == seat, "not-owner", RID.SETUP_GENERAL_FORT,
            "on one of your territories")
    if general:
        s.generals[t] += 1
        s.pending["generals"] -= 1
    else:
        # Verify that the territory holds fewer than fortifications.max_per_territory
        # fortifications …
        require(s.forts[t] < s.tables.params.fortifications_max_per_territory, "fortified",
                RID.UNITS_FORTIFICATIONS, "that territory holds its fortifications already")
        # … and no epidemic (fortifications.build_in_epidemic).
        require(is_setup_fortification_place(s, t), "epidemic", RID.UNITS_FORTIFICATIONS,
                "no fortification may go on a territory with an epidemic")
        s.forts[t] += 1
        s.pending["fortifications"] -= 1
    ev.append({"type": "general-placed" if general else "fortification-placed", "player": seat,
               "territory": s.tables.places[t]})
    if s.pending["generals"] == 0 and s.pending["fortifications"] == 0:
        hs = G.humans(s)
        nxt = hs[(hs.index(seat) + 1) % len(hs)]
        if nxt != s.first_player:
            start_leader_setup(s, nxt)
        else:
            G.after_setup(s, ev)


# ---------------------------------------------------------------- the setup's epidemics

def process_setup_epidemic(s: NapState, a: A.Epidemic, ev: list[Event]) -> None:
    """napoleon.setup.epidemics, napoleon.amb.setup-epidemic-order: once the last epidemic is
    down the setup goes on — to the first player's draw and the claims when the epidemics
    came first ('before-claim'), to the game proper when they came last ('after-leaders')."""
    if not EP.place_setup_epidemic(s, a, ev):
        return
    if G.epidemics_last(s.tables.params):
        G.start_turns(s, ev)
    else:
        s.phase, s.pending = "first-player", {"for": "setup"}

"""Scenarios on the Napoléon board itself: every land border, coast and sea border, every card.

Every other Napoléon case plays on a small inline map, so nothing there shows the board of
``spec/napoleon/map.yaml``.  These cases do, through legal actions; the expected values come
from the map file (its ``borders`` and ``cards``) and the rules, never from an engine:

* land borders (``napoleon.components.adjacency``, ``napoleon.combat.attack-from``): in twelve
  combat-phase positions player 1 holds the territories whose map index has bit k set (or
  clear), 2 regiments each, player 2 the others, no ships anywhere; the legal actions are
  then exactly one 1-die attack along every land border leaving player 1's side, and
  end-attack.  Every land border crosses from player 1's side in at least one of them.
* sea borders (``napoleon.naval.battle-rules``): in six positions player 1 has 2 ships in
  the zones whose index has bit k set (or clear), player 2 one ship in each other zone, and
  no territory can attack (1 regiment each); the legal actions are one 1-die naval attack
  along every sea border leaving player 1's zones, and end-attack.
* coasts (``napoleon.naval.landing``): player 1 holds one coastal territory (2 regiments)
  and one ship in the zone it touches (or in a neighbouring zone and that one), player 2
  every other territory: the attacks are the land neighbours plus every other territory on
  the coast of a controlled zone (a landing).  Each zone is seen from one or more such
  positions, chosen so that every coast of the zone changes the legal actions; a coast no
  landing can show (Anatolia on the Aegean: every territory it would reach is also reached
  otherwise) is seen in a reinforcement position where player 1 holds only that territory
  and may build a ship in each zone on its coast (``napoleon.units.ships``).
* the deck (``napoleon.components.territory-deck``, ``napoleon.cards.set-values``): a new
  game's draw pile is the 50 cards in map order; in reinforcement positions player 1 holds
  a known infantry, cavalry and artillery card and up to twelve others, and which triples
  with two known cards are sets tells each other card's symbol (a joker makes a set with any
  two).
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

from riskspec.conformance.scenario import scenario

V = "napoleon-basic"
SYNTHETIC_BOARD = (["$.territories", "$.zones"], "ownership chosen to put every border of a cut on "
                   "the front line; regiments and ships are not those of a played setup")
SYNTHETIC_HAND = (["$.players[0].cards"], "a large chosen hand exposes the symbols of many cards "
                  "at once; in play a hand grows by at most three cards a turn")
REINFORCE = {"to_place": 3, "must_trade": False, "after": "turn"}


@functools.cache
def _spec() -> Any:
    from riskspec.loading import load_spec
    return load_spec(strict=False).variants[V]


def _board() -> Any:
    return _spec().board


def _links(kind: str) -> dict[str, set[str]]:
    """Place → its neighbours across borders of one kind (land, coast or sea)."""
    out: dict[str, set[str]] = {}
    for b in _board().borders:
        if b.kind == kind:
            out.setdefault(b.a, set()).add(b.b)
            out.setdefault(b.b, set()).add(b.a)
    return out


def _territories() -> list[str]:
    return list(_board().territory_ids)


def _zones() -> list[str]:
    return list(_board().zone_ids)


def _combat(b: Any, land: dict[str, tuple[int, int]], zones: dict[str, tuple[int, int]]) -> None:
    def edit(d: dict) -> None:
        for z, (seat, ships) in zones.items():
            d["zones"][z] = {"owner": seat, "ships": ships}
        d["turn_flags"].setdefault("land_attacked", False)
        d["turn_flags"].setdefault("naval_moves", 0)
    b.position(land, phase="attack", current=0, edit=edit)


def _attack(a: str, t: str) -> dict:
    return {"type": "attack", "from": a, "to": t, "dice": 1}


# ---------------------------------------------------------------- land and sea borders
def _border_start(kind: str, bit: int, side: int) -> tuple[set[str], dict, dict]:
    """Player 1's places (territories or zones) with index bit ``bit`` equal to ``side``, and
    the land and sea of the position in which each of them may attack along every border."""
    ts = _territories()
    if kind == "land":
        mine = {t for i, t in enumerate(ts) if (i >> bit) & 1 == side}
        return mine, {t: (0 if t in mine else 1, 2) for t in ts}, {}
    zs = _zones()
    mine = {z for i, z in enumerate(zs) if (i >> bit) & 1 == side}
    land = {t: (0, 1) for t in ts}
    land[ts[-1]] = (1, 1)
    return mine, land, {z: (0, 2) if z in mine else (1, 1) for z in zs}


#: kind → (index bits, first case number, title, covers, explanation)
_BORDERS = {
    "land": (6, 101, "Every land border from the territories with index bit {bit} {how} is an attack",
             ["napoleon.components.adjacency", "napoleon.components.board", "napoleon.combat.attack-from"],
             "Player 1 holds the {mine} territories with bit {bit} of their map index {how}, 2 regiments "
             "each, and no ship is at sea: one 1-die attack along each of the {attacks} land borders "
             "leaving them (napoleon.combat.attack-from)."),
    "sea": (3, 121, "Every sea border from the zones with index bit {bit} {how} is a naval attack",
            ["napoleon.components.adjacency", "napoleon.naval.battle-rules"],
            "Player 1 has 2 ships in each zone with bit {bit} of its index {how}, player 2 one ship in "
            "every other zone, and no territory has a regiment to spare: one 1-die naval attack along "
            "each of the {attacks} sea borders leaving player 1's zones (napoleon.naval.battle-rules)."),
}
for _kind, (_bits, _first, _title, _covers, _explain) in _BORDERS.items():
    for _bit in range(_bits):
        for _side in (1, 0):
            def _borders(b: Any, kind: str = _kind, bit: int = _bit, side: int = _side,
                         explain: str = _explain) -> None:
                mine, land, zones = _border_start(kind, bit, side)
                _combat(b, land, zones)
                nb = _links(kind)
                attacks = [_attack(a, t) for a in sorted(mine) for t in sorted(nb.get(a, set()) - mine)]
                b.check(legal=[*attacks, {"type": "end-attack"}],
                        explain=explain.format(mine=len(mine), bit=bit, how="set" if side else "clear",
                                               attacks=len(attacks)))
            scenario(f"napoleon.components.adjacency.{_first + 2 * _bit + (1 - _side):03d}",
                     _title.format(bit=_bit, how="set" if _side else "clear"), _covers, players=2,
                     variant=V, synthetic=SYNTHETIC_BOARD)(_borders)


# ---------------------------------------------------------------- coasts
def _coast_of(zone: str) -> set[str]:
    return _links("coast").get(zone, set())


def _targets(x: str, zones: tuple[str, ...]) -> set[str]:
    """What a territory ``x`` (2 regiments, every other territory foreign) attacks while its
    owner controls the chain ``zones`` (``x`` on the first's coast): its land neighbours and
    every territory on the coast of a zone of the chain (napoleon.naval.landing)."""
    out = set(_links("land").get(x, set()))
    for z in zones:
        out |= _coast_of(z)
    return out - {x}


def _lookouts(zone: str) -> list[tuple[str, tuple[str, ...]]]:
    """(territory, controlled chain) positions from which every coast of ``zone`` shows: a
    coast (y, zone) shows when y is a target only through ``zone`` (and ``x``'s own, when
    ``x`` lies on ``zone`` and reaches any territory through it alone).  Candidates: a coastal
    territory of ``zone`` controlling it alone, or one on a neighbouring zone's coast
    controlling that zone and ``zone`` (a two-zone landing)."""
    coast = sorted(_coast_of(zone), key=_territories().index)
    cands: list[tuple[str, tuple[str, ...]]] = [(x, (zone,)) for x in coast]
    for z2 in sorted(_links("sea").get(zone, set()), key=_zones().index):
        cands += [(x, (z2, zone)) for x in sorted(_coast_of(z2), key=_territories().index)]

    def seen(c: tuple[str, tuple[str, ...]]) -> set[str]:
        x, zones = c
        without = _targets(x, zones[:-1]) if len(zones) > 1 else set(_links("land").get(x, set()))
        out = {y for y in coast if y != x and y not in without}
        return out | {x} if out and x in coast else out

    chosen: list[tuple[str, tuple[str, ...]]] = []
    left = set(coast)
    while left:
        best = max(cands, key=lambda c: (len(seen(c) & left), -cands.index(c)))
        if not seen(best) & left:
            break
        chosen.append(best)
        left -= seen(best)
    _UNSEEN.update((y, zone) for y in left)
    return chosen


#: coasts no landing position shows (every territory it would show is also a land
#: neighbour, or on another zone of the chain): seen through where ships can be built
_UNSEEN: set[tuple[str, str]] = set()


_N = 131
for _zone in _zones():
    for _x, _chain in _lookouts(_zone):
        def _coast(b: Any, zone: str = _zone, x: str = _x, chain: tuple[str, ...] = _chain) -> None:
            ts = _territories()
            land = {t: (1, 1) for t in ts}
            land[x] = (0, 2)
            _combat(b, land, {z: (0, 1) for z in chain})
            targets = _targets(x, chain)
            b.check(legal=[*(_attack(x, t) for t in sorted(targets)), {"type": "end-attack"}],
                    explain=f"Player 1 holds {x} (2 regiments) and controls {' and '.join(chain)} "
                            f"with one ship each: {x} attacks its land neighbours and, by naval "
                            f"landing, every other territory on the coast of "
                            f"{' or '.join(chain)} (napoleon.naval.landing).")
        scenario(f"napoleon.components.adjacency.{_N:03d}",
                 f"The coasts of {_zone}, seen from {_x} by naval landing"
                 + (f" through {_chain[0]}" if len(_chain) > 1 else ""),
                 ["napoleon.components.adjacency", "napoleon.naval.landing"], players=2,
                 variant=V, synthetic=SYNTHETIC_BOARD)(_coast)
        _N += 1

for _y in sorted({y for y, _ in _UNSEEN}, key=_territories().index):
    def _ships(b: Any, y: str = _y) -> None:
        land = {t: (1, 2) for t in _territories()}
        land[y] = (0, 2)
        b.position(land, phase="reinforce", current=0, pending=REINFORCE)
        zones = sorted(_links("coast")[y], key=_zones().index)
        b.check(legal=[*({"type": "buy-ship", "zone": z} for z in zones),
                       {"type": "place", "territory": y}],
                explain=f"Player 1 holds only {y}, with 3 regiments to place: a ship may be built "
                        f"in each zone on its coast ({', '.join(zones)}; napoleon.units.ships), "
                        f"or the regiments placed there.")
    scenario(f"napoleon.components.adjacency.{_N:03d}",
             f"The coasts of {_y}, seen through where a ship can be built",
             ["napoleon.components.adjacency", "napoleon.units.ships"], players=2,
             variant=V, synthetic=SYNTHETIC_BOARD)(_ships)
    _N += 1


# ---------------------------------------------------------------- the deck
@scenario("napoleon.components.board.002",
          "A new game on the Napoléon board: 48 territories, 8 zones, the 50-card deck",
          ["napoleon.components.board", "napoleon.components.territory-deck"], players=2, variant=V)
def board(b: Any) -> None:
    b.new_game()
    cards = [c.id for c in _board().cards]
    b.check(explain="Every territory and zone of the map is listed, empty, and the draw pile is "
                    f"the whole deck of {len(cards)} cards (two jokers) in map order.",
            state={"territories": {t: {"owner": None, "armies": 0} for t in _territories()},
                   "zones": {z: {"owner": None, "ships": 0} for z in _zones()},
                   "draw_pile": cards, "discards": []})


def _known() -> dict[str, str]:
    """Symbol → the first card of the map showing it."""
    out: dict[str, str] = {}
    for c in _board().cards:
        if c.symbol != "wild":
            out.setdefault(c.symbol, c.id)
    return out


def _trade(cards: list[str]) -> dict:
    order = [c.id for c in _board().cards]
    return {"type": "trade", "cards": sorted(cards, key=order.index)}


_OTHERS = [c.id for c in _board().cards if c.id not in _known().values()]
for _i in range(0, len(_OTHERS), 12):
    def _symbols(b: Any, group: tuple[str, ...] = tuple(_OTHERS[_i:_i + 12])) -> None:
        known = _known()
        symbol = {c.id: c.symbol for c in _board().cards}
        ts = _territories()
        b.position({t: (1, 2) for t in ts[:-1]} | {ts[-1]: (0, 2)}, phase="reinforce",
                   hands={0: [*group, *known.values()]}, pending=REINFORCE)
        good: list[Any] = []
        bad: list[Any] = []
        for c in group:
            for other in known:
                pair = [known[s] for s in known if s != other]
                # with two different known symbols, a set needs the third one (or a joker)
                (good if symbol[c] in (other, "wild") else bad).append(_trade([c, *pair]))
        b.check(legal_includes=good, legal_excludes=bad,
                explain="Each card with two known cards of different symbols makes a set only if "
                        "it shows the third symbol or is a joker: "
                        + ", ".join(f"{c} {symbol[c]}" for c in group) + ".")
    scenario(f"napoleon.components.territory-deck.{_i // 12 + 2:03d}",
             f"The symbols of {len(_OTHERS[_i:_i + 12])} cards, seen through the sets they make",
             ["napoleon.components.territory-deck", "napoleon.cards.set-values",
              "napoleon.cards.jokers"], players=2, variant=V, synthetic=SYNTHETIC_HAND)(_symbols)


# ---------------------------------------------------------------- the deal on the real board
@scenario("napoleon.basic.deal.002",
          "The basic deal on the Napoléon board: 10 territories to each player, 7 to each neutral",
          ["napoleon.basic.deal", "napoleon.basic.starting-units", "napoleon.basic.players"],
          players=2, variant=V)
def full_deal(b: Any) -> None:
    ts = _territories()
    # napoleon.basic.deal: the 48 territory cards go out one at a time, seat after seat
    # (the two players, then the four neutral armies), 10 to a player and 7 to a neutral;
    # after seven rounds the neutrals have theirs and the last six go to the two players
    seats = [seat for _ in range(7) for seat in range(6)] + [0, 1] * 3
    quota = {0: 10, 1: 10, 2: 7, 3: 7, 4: 7, 5: 7}
    start = {0: 36, 1: 36, 2: 21, 3: 21, 4: 21, 5: 21}   # napoleon.basic.starting-units
    b.new_game()
    b.check(state={"phase": "deal", "pending": {"next": 0}},
            outcomes=[{"outcome": {"type": "deal", "territory": t}, "p": "1/48"} for t in ts])
    dealt = {seat: 0 for seat in quota}
    for k, (t, seat) in enumerate(zip(ts, seats)):
        dealt[seat] += 1
        players: list[dict] = [{} for _ in range(6)]
        players[seat] = {"reserve": start[seat] - dealt[seat]}
        after: dict = {"territories": {t: {"owner": seat, "armies": 1}}, "players": players}
        if k + 1 < len(ts):
            after["pending"] = {"next": seats[k + 1]}
            outcomes = [{"outcome": {"type": "deal", "territory": u}, "p": str(Fraction(1, len(ts) - k - 1))}
                        for u in ts[k + 1:]] if k + 1 in (1, 42, 47) else None
        else:
            after.update(phase="first-player", pending={"for": "setup"})
            outcomes = None
        b.do({"type": "deal", "territory": t}, state=after, outcomes=outcomes)
        if k == 0:
            b.reject({"type": "deal", "territory": t}, "occupied", rule="napoleon.basic.deal",
                     explain="a territory is dealt once; player 1's own cannot be dealt again")
    assert dealt == quota
    b.check(explain="Each player has 10 territories and 26 regiments left, each neutral army 7 "
                    "and 14; nobody keeps a card.",
            state={"players": [{"reserve": 26, "cards": []}] * 2 + [{"reserve": 14, "cards": []}] * 4})


# ---------------------------------------------------------------- reinforcements on the real board
@scenario("napoleon.reinforce.territories.101",
          "Reinforcements on the Napoléon board: 23 territories and 3 zones, five empires, a route",
          ["napoleon.reinforce.territories", "napoleon.reinforce.empires", "napoleon.reinforce.routes"],
          players=2, variant=V, background=(0, 1))
def big_reinforcement(b: Any) -> None:
    ts = _territories()
    groups = {g.id: g for g in _board().groups}
    mine = ts[:23]           # the first five empires in map order (22 territories) and one more
    whole = [g for g in groups if all(t in mine for t in ts if _board().territory(t).group == g)]
    land = {t: (0, 1) for t in mine}
    # the rest alternate between player 2 and a neutral army: nobody else holds a whole empire
    land.update({t: (1 if i % 2 == 0 else 2, 1) for i, t in enumerate(ts[23:])})
    americas = ["western-europe-atlantic", "north-sea", "baltic-sea"]
    theirs = ["western-mediterranean", "mediterranean-adriatic", "aegean-sea", "black-sea"]

    def edit(d: dict) -> None:
        for z in americas:
            d["zones"][z] = {"owner": 0, "ships": 1}
        for z in theirs:
            d["zones"][z] = {"owner": 1, "ships": 2}
        d["turn_flags"].setdefault("land_attacked", False)
        d["turn_flags"].setdefault("naval_moves", 0)
    b.position(land, phase="maneuver", current=1, edit=edit)
    bonus = sum(groups[g].bonus for g in whole)
    route = next(r for r in _board().routes if set(r.zones) == set(americas))
    # (23 territories + 3 zones) // 3 = 8, at least 3; the empires' and the route's bonuses on top
    total = max(3, (23 + 3) // 3) + bonus + route.bonus
    assert (len(whole), bonus, total) == (5, 14, 24)
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 0, "turn": 2,
                                      "pending": {"to_place": total}},
         events=[{"type": "reinforcements", "player": 0, "territories": 23 + 3,
                  "groups": [*whole, route.id], "armies": total}],
         explain=f"Player 1 holds 23 territories and the 3 zones of the route to the Americas "
                 f"(one ship each): 26 // 3 = 8 regiments, plus {bonus} for the empires "
                 f"{', '.join(whole)} and {route.bonus} for the route: {total}.")

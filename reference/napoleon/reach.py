"""Where a seat's units can go, computed once per position (the ``legal_actions`` hot spot).

* :func:`landing_reach` — for every zone a naval landing can start through (the seat's,
  with at least ``naval_landing.min_ships`` ships): the territories on the coasts of the
  zones within ``naval_landing.max_zones`` − 1 sea steps of it, through such zones only.
  A landing from territory ``src`` reaches the union over the qualifying zones on its
  coast (a breadth-first search from several zones at once reaches exactly the union of
  the searches from each), ``src`` itself excepted.
* :func:`maneuver_reach` — for every place of the seat, the places a maneuver from it may
  end in: for regiments, by ``maneuver.path``, its connected group of the seat's territories
  or its neighbours; for ships, the neighbouring zones that are the seat's or empty (ships
  move only between neighbouring zones, napoleon.components.adjacency).

Both depend on ownership and unit counts only, so ``legal_actions`` computes them once
and reads them for every source; ``tests/napoleon/test_reach.py`` checks them against the
rule's direct, per-source definition on random positions.
"""

from __future__ import annotations

from riskspec.reference.napoleon.state import NapState

Reach = dict[int, frozenset[int]]


def landing_reach(s: NapState, seat: int) -> Reach:
    """Zone → territories a landing through it reaches (only zones a landing can use)."""
    tb, p = s.tables, s.tables.params
    if not tb.params.ships_in_play:
        return {}
    need = p.naval_landing_min_ships
    owner, armies, sea, coast = s.owner, s.armies, tb.sea, tb.coast
    usable = {z for z in range(len(tb.territories), len(tb.places))
              if owner[z] == seat and armies[z] >= need}
    steps = p.naval_landing_max_zones - 1
    out: Reach = {}
    for z in usable:
        seen, frontier = {z}, [z]
        for _ in range(steps):
            frontier = [y for x in frontier for y in sea[x] if y in usable and y not in seen]
            if not frontier:
                break
            seen.update(frontier)
        out[z] = frozenset().union(*[coast[y] for y in seen])
    return out


def landing_targets(s: NapState, src: int, seat: int, reach: Reach | None = None) -> set[int]:
    """Territories a naval landing from ``src`` can reach (through controlled zones)."""
    if reach is None:
        reach = landing_reach(s, seat)
    out: set[int] = set()
    for z in s.tables.coast[src]:
        r = reach.get(z)
        if r:
            out |= r
    out.discard(src)
    return out


def maneuver_reach(s: NapState, seat: int) -> dict[int, tuple[int, ...]]:
    """Place of ``seat`` → the places (sorted) a maneuver from it may end in, whatever its
    units and the maneuvers left (those are checked per source)."""
    tb, p = s.tables, s.tables.params
    owner = s.owner
    T = tb.n_territories
    connected = p.maneuver_path == "connected"
    out: dict[int, tuple[int, ...]] = {}
    for naval, nb, places in ((False, tb.land, range(T)), (True, tb.sea, range(T, len(owner)))):
        for src in places:
            if owner[src] != seat or src in out:
                continue
            if naval:  # one step at sea, into a zone of the seat's or an empty one
                out[src] = tuple(sorted(y for y in nb[src] if owner[y] in (seat, -1)))
                continue
            if connected:
                group, todo = {src}, [src]
                while todo:
                    x = todo.pop()
                    for y in nb[x]:
                        if y not in group and owner[y] == seat:
                            group.add(y)
                            todo.append(y)
            else:
                group = {src} | {y for y in nb[src] if owner[y] == seat}
            members = group if connected else (src,)
            for m in members:
                out[m] = tuple(sorted(group - {m}))
    return out

"""Napoléon maneuvers: land and naval, and the extra maneuver of each general/admiral.

* An ordinary maneuver (``maneuver.land_moves`` / ``maneuver.naval_moves`` per turn)
  moves regiments from one of the player's territories to another joined to it through
  the player's own territories (``maneuver.path``), ships from a zone to a neighbouring
  zone of the player's or an empty one (napoleon.maneuver.naval), leaving
  ``maneuver.min_left`` behind.  Leaders standing there may go along
  (``leaders``: generals on land, admirals at sea) — napoleon.leaders.accompany.
* A leader maneuver (``leader_maneuver: true``; napoleon.maneuver.leaders) moves
  ``leaders`` ≥ 1 generals (admirals) that stood in the place when the maneuver phase
  began — each of them gives ``maneuver.per_general`` (``per_admiral``) such maneuver —
  with at most the units that stood there then and are still there (the state's
  ``maneuver_start``).  Units are optional; a leader moving alone must end its move with
  its own units (``leaders.alone`` = 'must-join').
"""

from __future__ import annotations

from typing import Any

from riskspec.reference.base import require
from riskspec.reference.napoleon import actions as A
from riskspec.reference.napoleon import effects as EF
from riskspec.reference.napoleon import reach as R
from riskspec.reference.napoleon import ruleids as RID
from riskspec.reference.napoleon.leaders import move_leaders
from riskspec.reference.napoleon.state import NapState

Event = dict[str, Any]


Reach = dict[int, tuple[int, ...]]


def maneuver_targets(s: NapState, src: int, seat: int, reach: Reach | None = None) -> list[int]:
    """Destinations of an ordinary maneuver from ``src`` (none when no maneuver is left);
    ``reach``: :func:`~riskspec.reference.napoleon.reach.maneuver_reach` of the position,
    when the caller computed it once for every source."""
    tb, p = s.tables, s.tables.params
    naval = tb.is_zone(src)
    if s.owner[src] != seat or s.armies[src] <= p.maneuver_min_left:
        return []
    if (s.naval_moves if naval else s.fortify_moves) >= (
            p.maneuver_naval_moves if naval else p.maneuver_land_moves) + \
            EF.extra_moves(s, naval):
        return []
    return list((reach if reach is not None else R.maneuver_reach(s, seat))[src])


def _leaders(s: NapState, place: int) -> int:
    return s.admirals[place] if s.tables.is_zone(place) else s.generals[place]


def fresh_leaders(s: NapState, src: int) -> int:
    """Leaders in ``src`` that may still make their own maneuver."""
    p = s.tables.params
    if not p.is_advanced or not s.m_leaders:
        return 0
    per = p.maneuver_per_admiral if s.tables.is_zone(src) else p.maneuver_per_general
    return min(s.m_leaders[src], _leaders(s, src)) if per else 0


def leader_units(s: NapState, src: int) -> int:
    """Most units a leader maneuver from ``src`` may take along."""
    return max(0, min(s.m_units[src], s.armies[src] - s.tables.params.maneuver_min_left))


def leader_targets(s: NapState, src: int, seat: int, reach: Reach | None = None) -> list[int]:
    if s.owner[src] != seat or not fresh_leaders(s, src):
        return []
    return list((reach if reach is not None else R.maneuver_reach(s, seat))[src])


def lone_ok(s: NapState, dst: int, n: int) -> bool:
    """leaders.alone = 'must-join': a leader ends its move with its own units."""
    return n > 0 or s.armies[dst] > 0


def process_maneuver(s: NapState, a: A.Maneuver, ev: list[Event]) -> None:
    """Modified :func:`riskspec.reference.classic.process_fortify`: regiments, ships and
    leaders maneuver, as many times a phase as maneuver.land_moves / naval_moves allow, and
    the turn goes on (napoleon.maneuver.land, napoleon.maneuver.naval)."""
    tb, p, seat = s.tables, s.tables.params, s.current
    src, dst, n, k, by_leader = a.src, a.dst, a.armies, a.leaders, a.leader_maneuver
    naval = tb.is_zone(src)
    rule = RID.MANEUVER_NAVAL if naval else RID.MANEUVER_LAND
    # Verify that the maneuver starts from a territory or zone of the player's own.
    require(s.owner[src] == seat, "not-owner", rule, "maneuver from your own territory or zone")
    # Verify that the leaders taken along stand there.
    require(k <= _leaders(s, src), "leaders", RID.LEADERS_ACCOMPANY,
            "that many leaders do not stand there")
    if by_leader:
        # Verify that a leader maneuver moves at least one general or admiral …
        require(k >= 1, "no-leader", RID.MANEUVER_LEADERS,
                "a leader maneuver moves a general or admiral")
        # … who stood there when the maneuver phase began and has not moved since.
        require(k <= fresh_leaders(s, src), "leader-moved", RID.MANEUVER_LEADERS,
                "those leaders were not there when the maneuver phase began, or have moved")
        # Verify that the leader can reach the destination: on land a territory of the player's
        # joined to it by maneuver.path, at sea a neighbouring zone of the player's or an empty one.
        require(dst in leader_targets(s, src, seat), "not-connected", rule,
                "ships go only to a neighbouring zone of yours or an empty one" if naval else
                "the destination is not reachable through your own territories")
        # Verify that the leader takes along only units that stood with it when the phase began …
        require(n <= leader_units(s, src), "not-present", RID.MANEUVER_LEADERS,
                "a leader takes along only units that stood with it when the phase began")
        # … and that it does not end its move without units of its own.
        require(lone_ok(s, dst, n), "alone", RID.LEADERS_ACCOMPANY,
                "a leader must end its move with its own units")
    else:
        # Verify that at least one unit moves …
        require(n >= 1, "armies", rule, "move at least one unit")
        # … and that maneuver.min_left units stay behind.
        require(n <= s.armies[src] - p.maneuver_min_left, "armies", rule,
                "leave units behind")
        # Verify that a maneuver of its kind is left this turn (maneuver.land_moves /
        # naval_moves, more with a card) and the destination is within reach: on land a
        # territory of the player's joined to it by maneuver.path, at sea a neighbouring zone of
        # the player's or an empty one.
        require(dst in maneuver_targets(s, src, seat), "not-connected", rule,
                "no naval maneuver left, or not a neighbouring zone of yours or an empty one"
                if naval else
                "no land maneuver left, or the destination is not reachable through your own "
                "territories")
    s.armies[src] -= n
    s.armies[dst] += n
    s.owner[dst] = seat
    if k:
        move_leaders(s, src, dst, k)
    if s.m_units:
        if by_leader:
            s.m_units[src] -= n
            s.m_leaders[src] -= k
        s.m_units[src] = min(s.m_units[src], s.armies[src])
        s.m_leaders[src] = min(s.m_leaders[src], _leaders(s, src))
    if by_leader:
        ev.append({"type": "leader-maneuver", "player": s.current, "from": tb.places[src],
                   "to": tb.places[dst], "armies": n, "leaders": k})
    elif naval:
        s.naval_moves += 1
    else:
        s.fortify_moves += 1
    if not by_leader:  # an ordinary maneuver is Classic's fortification move
        ev.append({"type": "fortified", "player": seat, "from": tb.places[src],
                   "to": tb.places[dst], "armies": n, **({"leaders": k} if k else {})})


def legal_maneuvers(s: NapState) -> list[dict[str, Any]]:
    """Every legal maneuver in canonical order (from, to, armies, leaders, leader_maneuver)."""
    tb, seat = s.tables, s.current
    P = tb.places
    low = tb.params.maneuver_min_left
    out: list[dict[str, Any]] = []
    moves = R.maneuver_reach(s, seat)
    for src in sorted(moves):  # the seat's places, in place order
        plain = set(maneuver_targets(s, src, seat, moves))
        led = set(leader_targets(s, src, seat, moves))
        if not plain and not led:
            continue
        g = _leaders(s, src) if tb.params.is_advanced else 0
        fresh, lu = fresh_leaders(s, src), leader_units(s, src) if led else 0
        top = max(s.armies[src] - low if plain else 0, lu)
        for dst in sorted(plain | led):
            base = {"type": "maneuver", "from": P[src], "to": P[dst]}
            for n in range(top + 1):
                for k in range(g + 1):
                    extra = {"leaders": k} if k else {}
                    if dst in plain and 1 <= n <= s.armies[src] - low:
                        out.append({**base, "armies": n, **extra})
                    if dst in led and 1 <= k <= fresh and n <= lu and lone_ok(s, dst, n):
                        out.append({**base, "armies": n, **extra, "leader_maneuver": True})
    return out

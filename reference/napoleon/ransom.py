"""Napoléon Advanced Rules: ransoming captive leaders (napoleon.leaders.ransom).

In the reinforcement phase a player whose generals are all captive
(``ransom.requires_all_captured``; admirals too when ``ransom.applies_to`` says so) may
free one captive leader per ``ransom`` action: it pays ``ransom.cost_per_leader``
regiments of its reinforcements, the leader comes back like a bought one (a general on
one of its territories, an admiral in a zone holding its ships), and the captor at once
places ``ransom.captor_regiments`` regiments on its own territories (the ``ransom``
phase: the captor's ``place`` actions; then the reinforcement phase resumes).  With
``ransom.vp_on_return`` = 'reverse' the capture's victory points are undone.

"All captive" is judged as the phase began: leaders ransomed this turn (the turn flag
``ransomed``) do not end it, so a player may free several captives in a row.
"""

from __future__ import annotations

from typing import Any

from riskspec.reference.base import require
from riskspec.reference.napoleon import actions as A
from riskspec.reference.napoleon import game as G
from riskspec.reference.napoleon import ruleids as RID
from riskspec.reference.napoleon.leaders import ADMIRALS, GENERALS, lose_vp
from riskspec.reference.napoleon.state import NapState

Event = dict[str, Any]


def get_captive_problem(s: NapState, leader: str, captor: int) -> str | None:
    """Why the current player may not ransom a ``leader`` held by ``captor`` now, whatever
    the place (a check code), or None.  The checks that do not depend on the place."""
    p, seat = s.tables.params, s.current
    # 1. Advanced Rules, during one's own reinforcement phase
    if not p.is_advanced or s.pending.get("after") != "turn":
        return "advanced-only"
    # 2. a forced trade comes first (napoleon.cards.forced-trade)
    if s.pending.get("must_trade"):
        return "must-trade"
    kind = ADMIRALS if leader == "admiral" else GENERALS
    # 3. admirals only where ransom.applies_to says so
    if kind == ADMIRALS and p.ransom_applies_to != "generals-and-admirals":
        return "not-ransomable"
    # 4. the captor holds one of the player's leaders of that kind
    if not s.held(kind, seat, captor):
        return "no-captive"
    # 5. all of them captive as the phase began (ransom.requires_all_captured), and a
    #    free slot under the leader limit
    arr = s.admirals if kind == ADMIRALS else s.generals
    on_board = sum(x for x, o in zip(arr, s.owner) if o == seat)
    if p.ransom_requires_all_captured and on_board - s.ransomed[kind] > 0:
        return "not-all-captured"
    if on_board >= (p.admirals_max if kind == ADMIRALS else p.generals_max):
        return f"{leader}-limit"  # leaders.limit_counts = on-board: a new one took its place
    # 6. the price is paid from this turn's reinforcements
    if s.pending["to_place"] < p.ransom_cost_per_leader:
        return "cannot-afford"
    return None


def is_ransom_place(s: NapState, leader: str, place: int) -> bool:
    """A freed general returns to one of the player's territories, an admiral to a zone
    holding the player's ships."""
    return (s.tables.is_zone(place) == (leader == "admiral") and s.owner[place] == s.current
            and s.armies[place] > 0)


def ransom_problem(s: NapState, leader: str, captor: int, place: int) -> str | None:
    """Why the current player may not ransom a ``leader`` held by ``captor`` into
    ``place`` now (a check code), or None."""
    why = get_captive_problem(s, leader, captor)
    if why is None and not is_ransom_place(s, leader, place):
        return "not-owner"
    return why


def legal_ransoms(s: NapState) -> list[dict[str, Any]]:
    """Every ransom for which :func:`ransom_problem` is None; the place-independent checks
    run once per leader and captor, not once per place."""
    places = s.tables.places
    out = []
    for leader in ("general", "admiral"):
        for captor in range(s.n_players):
            if get_captive_problem(s, leader, captor) is None:
                out += [{"type": "ransom", "leader": leader, "captor": captor, "place": places[x]}
                        for x in range(len(places)) if is_ransom_place(s, leader, x)]
    return out


def process_ransom(s: NapState, a: A.Ransom, ev: list[Event]) -> None:
    p, seat, tb = s.tables.params, s.current, s.tables
    leader, captor, place = a.leader, a.captor, a.place
    why = ransom_problem(s, leader, captor, place)
    # Verify that the ransom is allowed now (Advanced Rules, own reinforcement phase, no trade
    # owed, a ransomable leader the captor holds, ransom.requires_all_captured, room under
    # the limit) and that the place takes it back (an own territory, or an own zone with ships).
    require(why is None, why or "",
            RID.CARDS_FORCED_TRADE if why == "must-trade" else RID.LEADERS_RANSOM,
            lambda: f"no ransom of that {leader} ({why})")
    kind = ADMIRALS if leader == "admiral" else GENERALS
    n = s.n_players
    s.pows[kind * n * n + captor * n + seat] -= 1
    s.ransomed[kind] += 1
    if kind == ADMIRALS:
        s.admirals[place] += 1
    else:
        s.generals[place] += 1
    s.pending["to_place"] -= p.ransom_cost_per_leader
    if p.ransom_vp_on_return == "reverse":
        s.vp[seat] += p.leaders_loss_vp
        lose_vp(s, captor, p.leaders_capture_vp)
    ev.append({"type": "ransomed", "player": seat, "captor": captor, "leader": leader,
               "place": tb.places[place]})
    left = p.ransom_captor_regiments
    if left and any(o == captor for o in s.owner[:tb.n_territories]):
        s.pending = {"captor": captor, "left": left, **s.pending}
        s.phase = "ransom"
        return
    G.maybe_end_reinforce(s)


def process_ransom_place(s: NapState, a: A.Place, ev: list[Event]) -> None:
    t, captor = a.territory, s.pending["captor"]
    # Verify that the captor places its regiment on a territory of its own.
    require(s.owner[t] == captor, "not-owner", RID.LEADERS_RANSOM,
            "the captor places its regiment on one of its own territories")
    s.armies[t] += 1
    ev.append({"type": "ransom-placed", "player": captor, "territory": s.tables.places[t]})
    s.pending["left"] -= 1
    if s.pending["left"] == 0:
        s.phase = "reinforce"
        s.pending = {k: s.pending[k] for k in ("to_place", "must_trade", "after")}
        G.maybe_end_reinforce(s)

"""Napoléon Advanced Rules: generals and fortifications.

* setup: after the last starting regiment each player in turn order places
  ``setup.generals_per_player`` generals and ``setup.fortifications_per_player``
  fortifications on their own territories (napoleon.setup.place-general-and-fortification);
* dice: a side's bonus is its generals' (``generals.bonus_by_count``) plus, for the
  defender, the fortification's (``fortifications.defence_bonus``), added position by
  position and capped by ``dice.modified_max`` — the pure arithmetic of
  :mod:`riskspec.reference.modifiers` (napoleon.combat.general-bonus,
  fortification-bonus, bonus-stacking, modified-dice);
* conquest: the fortification of a conquered territory is destroyed; its generals are
  captured: the captor gains ``leaders.capture_vp``, the owner loses ``leaders.loss_vp``
  (napoleon.combat.fortification-destroyed, napoleon.leaders.capture, capture-vp);
* reinforcement: ``reinforce.fortification_regiments`` in each fortified territory
  (napoleon.reinforce.fortifications).

Not yet: buying generals/admirals/fortifications, admirals, moving generals in maneuvers,
ransom, the one-battle scope and attacker capture readings.
"""

from __future__ import annotations

from typing import Any

from riskspec.reference.base import require
from riskspec.reference.modifiers import apply_bonuses, combine_bonuses, get_leader_bonuses
from riskspec.reference.napoleon.state import NapState

R_SETUP = "napoleon.setup.place-general-and-fortification"
Event = dict[str, Any]


def start_leader_setup(s: NapState, seat: int) -> bool:
    """Enter the leader placement for ``seat``; False when nothing is to be placed."""
    p = s.tables.p
    g, f = int(p["setup.generals_per_player"]), int(p["setup.fortifications_per_player"])
    if p["game.mode"] != "advanced" or g + f == 0:
        return False
    s.phase, s.current = "setup-leaders", seat
    s.pending = {"generals": g, "fortifications": f}
    return True


def process_place_leader(s: NapState, a: tuple, ev: list[Event]) -> None:
    from riskspec.reference.napoleon import game as G
    t, seat, kind = a[1], s.current, a[0]
    general = kind == "place-general"
    require(s.pending["generals" if general else "fortifications"] > 0, "none-left", R_SETUP,
            "none left to place")
    require(not general or s.pending["generals"] > 0, "none-left", R_SETUP, "none left")
    require(general or s.pending["generals"] == 0, "general-first", R_SETUP,
            "place the general first")
    require(t < s.tables.n_territories and s.owner[t] == seat, "not-owner", R_SETUP,
            "on one of your territories")
    if general:
        s.generals[t] += 1
        s.pending["generals"] -= 1
    else:
        require(s.forts[t] < int(s.tables.p["fortifications.max_per_territory"]), "fortified",
                "napoleon.units.fortifications", "that territory holds its fortifications already")
        s.forts[t] += 1
        s.pending["fortifications"] -= 1
    ev.append({"type": kind, "player": seat, "territory": s.tables.places[t]})
    if s.pending["generals"] == 0 and s.pending["fortifications"] == 0:
        hs = G.humans(s)
        nxt = hs[(hs.index(seat) + 1) % len(hs)]
        if nxt != s.first_player:
            start_leader_setup(s, nxt)
        else:
            G.after_setup(s, ev)


def side_bonuses(s: NapState, place: int, defending: bool,
                 fortification: bool = True) -> tuple[int, ...]:
    """``fortification=False``: the fortification adds nothing (napoleon.effects.ignore-fortification)."""
    p = s.tables.p
    if p["game.mode"] != "advanced" or s.tables.is_zone(place):
        return ()
    parts = [get_leader_bonuses(p["generals.bonus_by_count"], s.generals[place])]
    if defending and s.forts[place] and fortification:
        parts.append(tuple(p["fortifications.defence_bonus"]))
    return combine_bonuses(*parts)


def modified(s: NapState, dice: tuple[int, ...], place: int, defending: bool) -> tuple[int, ...]:
    cap = s.tables.p["dice.modified_max"]
    return apply_bonuses(dice, side_bonuses(s, place, defending), None if cap is None else int(cap))


def on_conquest(s: NapState, place: int, loser: int, ev: list[Event]) -> None:
    p = s.tables.p
    if s.forts[place]:
        s.forts[place] = 0
        ev.append({"type": "fortification-destroyed", "territory": s.tables.places[place]})
    if s.generals[place]:
        n = s.generals[place]
        s.generals[place] = 0
        s.captives[loser] += n
        s.prisoners[s.current] += n
        s.vp[s.current] += n * int(p["leaders.capture_vp"])
        s.vp[loser] -= n * int(p["leaders.loss_vp"])
        floor = p["vp.floor"]
        if floor is not None:
            s.vp[loser] = max(int(floor), s.vp[loser])
        ev.append({"type": "general-captured", "territory": s.tables.places[place],
                   "player": loser, "by": s.current, "generals": n})


def fortification_regiments(s: NapState, seat: int) -> int:
    per = int(s.tables.p["reinforce.fortification_regiments"])
    return sum(per for t in range(s.tables.n_territories) if s.owner[t] == seat and s.forts[t])


R_BUY = "napoleon.reinforce.purchases"


def can_buy(s: NapState, kind: str, t: int, free: bool = False) -> str | None:
    """Why ``kind`` ('general' or 'fortification') cannot be bought for territory ``t``
    now (a check code), or None; ``free``: given by a card (no cost)."""
    p, seat = s.tables.p, s.current
    if p["game.mode"] != "advanced":
        return "advanced-only"
    if s.pending.get("must_trade"):
        return "must-trade"
    if t >= s.tables.n_territories or s.owner[t] != seat:
        return "not-owner"
    if not free and s.pending["to_place"] < int(p[f"costs.{kind}"]):
        return "cannot-afford"
    T = s.tables.n_territories
    if kind == "general":
        mine = sum(s.generals[x] for x in range(T) if s.owner[x] == seat)
        if p["leaders.limit_counts"] == "including-captured":
            mine += s.captives[seat]
        return "general-limit" if mine >= int(p["generals.max"]) else None
    if s.forts[t] >= int(p["fortifications.max_per_territory"]):
        return "fortified"
    if p["fortifications.supply"] is not None and sum(s.forts) >= int(p["fortifications.supply"]):
        return "no-supply"
    if s.epidemics[t] and not p["fortifications.build_in_epidemic"]:
        return "epidemic"
    return None


def process_buy(s: NapState, a: tuple, ev: list[Event]) -> None:
    from riskspec.reference.napoleon import game as G
    kind = "general" if a[0] == "buy-general" else "fortification"
    t = a[1]
    why = can_buy(s, kind, t)
    rule = {"general-limit": "napoleon.units.generals", "fortified": "napoleon.units.fortifications",
            "no-supply": "napoleon.units.fortifications", "epidemic": "napoleon.units.fortifications",
            "must-trade": G.R_FORCED}.get(why or "", R_BUY)
    require(why is None, why or "", rule, lambda: f"cannot buy a {kind} there ({why})")
    s.pending["to_place"] -= int(s.tables.p[f"costs.{kind}"])
    if kind == "general":
        s.generals[t] += 1
    else:
        s.forts[t] += 1
    ev.append({"type": f"{kind}-bought", "player": s.current, "territory": s.tables.places[t]})
    G._maybe_end_reinforce(s)

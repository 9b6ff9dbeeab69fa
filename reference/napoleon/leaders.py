"""Napoléon Advanced Rules: generals and fortifications (their placement and purchase
handlers are in :mod:`.setup_readings` and :mod:`.game`).

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
* reinforcement: ``reinforce.fortification_regiments`` added on each fortified territory
  itself, not to the regiments to place (napoleon.reinforce.fortifications).

* admirals: bought into a zone holding the player's ships, their naval dice bonus
  (``admirals.bonus_by_count``), captured with the zone's last ship;
* leaders accompany their units (:func:`move_leaders`; maneuvers in
  :mod:`~riskspec.reference.napoleon.maneuvers`), attacking leaders captured when a roll
  with their bonus leaves one unit (``generals.capture_on_attack``), the 'one-battle'
  bonus scope; ransom is :mod:`~riskspec.reference.napoleon.ransom`.
"""

from __future__ import annotations

from typing import Any

from riskspec.reference.modifiers import combine_bonuses, get_leader_bonuses
from riskspec.reference.napoleon import ruleids as RID
from riskspec.reference.napoleon.state import NapState

Event = dict[str, Any]


@RID.cites(RID.SETUP_PLAYERS_AND_REGIMENTS)
def start_leader_setup(s: NapState, seat: int) -> bool:
    """Enter the leader placement for ``seat``; False when nothing is to be placed."""
    p = s.tables.params
    g, f = p.setup_generals_per_player, p.setup_fortifications_per_player
    if not p.is_advanced or g + f == 0:
        return False
    s.phase, s.current = "setup-leaders", seat
    s.pending = {"generals": g, "fortifications": f}
    return True


def is_setup_fortification_place(s: NapState, t: int) -> bool:
    """Whether the current player may put a starting fortification on territory ``t``: one
    of theirs, below fortifications.max_per_territory, and free of epidemics unless
    fortifications.build_in_epidemic (napoleon.units.fortifications; it matters when the
    epidemics come first, napoleon.amb.setup-epidemic-order)."""
    p = s.tables.params
    return (t < s.tables.n_territories and s.owner[t] == s.current
            and s.forts[t] < p.fortifications_max_per_territory
            and (not s.epidemics[t] or p.fortifications_build_in_epidemic))


GENERALS, ADMIRALS = 0, 1


def leaders_at(s: NapState, place: int) -> int:
    """The generals (territory) or admirals (zone) standing in ``place``."""
    return s.admirals[place] if s.tables.is_zone(place) else s.generals[place]


def set_leaders(s: NapState, place: int, n: int) -> None:
    if s.tables.is_zone(place):
        s.admirals[place] = n
    else:
        s.generals[place] = n


@RID.cites(RID.COMBAT_GENERAL_BONUS)
def general_bonus_applies(s: NapState, src: int, dst: int) -> bool:
    """napoleon.amb.general-attack-scope: under 'one-battle' the generals of ``src`` lend
    their bonus to the rolls of one battle (one target) per turn."""
    if s.tables.params.generals_attack_bonus_scope == "every-roll" or s.tables.is_zone(src):
        return True
    return s.gbattle[src] in (-1, dst)


@RID.cites(RID.COMBAT_GENERAL_BONUS, RID.COMBAT_FORTIFICATION_BONUS, RID.COMBAT_BONUS_STACKING)
def side_bonuses(s: NapState, place: int, defending: bool, target: int = -1,
                 fortification: bool = True) -> tuple[int, ...]:
    """``target``: the attacked place (for the one-battle reading); ``fortification=False``:
    the fortification adds nothing (napoleon.effects.ignore-fortification)."""
    p = s.tables.params
    if not p.is_advanced:
        return ()
    if s.tables.is_zone(place):  # napoleon.naval.admiral-bonus
        return get_leader_bonuses(p.admirals_bonus_by_count, s.admirals[place])
    n = s.generals[place]
    if not defending and n and not general_bonus_applies(s, place, target):
        n = 0
    parts = [get_leader_bonuses(p.generals_bonus_by_count, n)]
    if defending and s.forts[place] and fortification:
        parts.append(p.fortifications_defence_bonus)
    return combine_bonuses(*parts)


@RID.cites(RID.LEADERS_CAPTURE_VP)
def capture(s: NapState, place: int, owner: int, captor: int, ev: list[Event]) -> None:
    """The leaders in ``place`` (of ``owner``) are taken by ``captor``: prisoners and
    victory points (napoleon.leaders.capture, capture-vp; vp.floor bounds the loss)."""
    n = leaders_at(s, place)
    if not n or owner < 0 or captor < 0:
        return
    p, zone = s.tables.params, s.tables.is_zone(place)
    kind = ADMIRALS if zone else GENERALS
    set_leaders(s, place, 0)
    np = s.n_players
    s.pows[kind * np * np + captor * np + owner] += n
    s.vp[captor] += n * p.leaders_capture_vp
    lose_vp(s, owner, n * p.leaders_loss_vp)
    if zone:
        ev.append({"type": "admiral-captured", "zone": s.tables.places[place],
                   "player": owner, "by": captor, "admirals": n})
    else:
        ev.append({"type": "general-captured", "territory": s.tables.places[place],
                   "player": owner, "by": captor, "generals": n})


@RID.cites(RID.LEADERS_CAPTURE_VP)
def lose_vp(s: NapState, seat: int, n: int) -> None:
    """Take ``n`` victory points from ``seat``, not below ``vp.floor`` (napoleon.amb.negative-vp)."""
    s.vp[seat] -= n
    floor = s.tables.params.vp_floor
    if floor is not None:
        s.vp[seat] = max(floor, s.vp[seat])


@RID.cites(RID.COMBAT_FORTIFICATION_DESTROYED)
def on_conquest(s: NapState, place: int, loser: int, ev: list[Event]) -> None:
    if s.forts[place]:
        s.forts[place] = 0
        ev.append({"type": "fortification-destroyed", "territory": s.tables.places[place]})
    s.gbattle[place] = -1
    capture(s, place, loser, s.current, ev)


def after_roll(s: NapState, src: int, dst: int, ev: list[Event]) -> None:
    """After a roll that left ``src`` standing: the one-battle designation, and the
    capture of attacking leaders whose roll left a single unit (napoleon.leaders.capture,
    napoleon.amb.attacking-general-capture)."""
    p, zone = s.tables.params, s.tables.is_zone(src)
    if not leaders_at(s, src):
        return
    used = general_bonus_applies(s, src, dst)
    if used and not zone and p.generals_attack_bonus_scope == "one-battle":
        s.gbattle[src] = dst
    if used and s.armies[src] == 1 and p.generals_capture_on_attack == "attackers-exhausted":
        capture(s, src, s.current, s.owner[dst], ev)


def move_leaders(s: NapState, src: int, dst: int, k: int) -> None:
    """``k`` leaders go with units from ``src`` to ``dst`` (napoleon.leaders.accompany)."""
    if not k:
        return
    set_leaders(s, src, leaders_at(s, src) - k)
    set_leaders(s, dst, leaders_at(s, dst) + k)
    if s.gbattle[src] != -1 and not s.tables.is_zone(src):
        s.gbattle[dst] = -2  # under 'one-battle' these generals have had their battle


def fortification_regiments(s: NapState, seat: int, ev: list[Event] | None = None) -> int:
    """napoleon.reinforce.fortifications: at the start of the reinforcement phase each
    fortified territory of ``seat`` gets ``reinforce.fortification_regiments`` regiments
    on itself (not in the general pool: they cannot be placed elsewhere or spent).  No
    fortification has been built yet this turn at that moment, so every one counts.
    Returns the regiments added."""
    per = s.tables.params.reinforce_fortification_regiments
    added = 0
    for t in range(s.tables.n_territories):
        if per and s.owner[t] == seat and s.forts[t]:
            s.armies[t] += per
            added += per
            if ev is not None:
                ev.append({"type": "fortification-regiments", "player": seat,
                           "territory": s.tables.places[t], "armies": per})
    return added




@RID.cites(RID.COMPONENTS_TOKENS)
def limit_reached(s: NapState, kind: int, seat: int) -> bool:
    """napoleon.units.generals / admirals: at most generals.max (admirals.max) per player,
    captives counted when leaders.limit_counts says so."""
    p = s.tables.params
    arr = s.admirals if kind == ADMIRALS else s.generals
    mine = sum(x for x, o in zip(arr, s.owner) if o == seat)
    if p.leaders_limit_counts == "including-captured":
        mine += s.held(kind, seat)
    return mine >= (p.admirals_max if kind == ADMIRALS else p.generals_max)


def can_buy(s: NapState, kind: str, t: int, free: bool = False) -> str | None:
    """Why ``kind`` ('general', 'admiral' or 'fortification') cannot be bought for place
    ``t`` now (a check code), or None; ``free``: given by a card (no cost)."""
    p, seat = s.tables.params, s.current
    if not p.is_advanced:
        return "advanced-only"
    if s.pending.get("must_trade"):
        return "must-trade"
    zone = s.tables.is_zone(t)
    if zone != (kind == "admiral"):
        return "not-a-zone" if kind == "admiral" else "not-a-territory"
    if s.owner[t] != seat or (zone and s.armies[t] == 0):
        return "not-owner"
    if kind == "general" and s.armies[t] == 0:  # emptied by an epidemic, kept by its owner
        return "no-regiments"  # napoleon.units.generals: a general stands with regiments
    if not free and s.pending["to_place"] < p.cost_of(kind):
        return "cannot-afford"
    if kind in ("general", "admiral"):
        limit = limit_reached(s, ADMIRALS if zone else GENERALS, seat)
        return f"{kind}-limit" if limit else None
    if s.forts[t] >= p.fortifications_max_per_territory:
        return "fortified"
    if p.fortifications_supply is not None and sum(s.forts) >= p.fortifications_supply:
        return "no-supply"
    if s.epidemics[t] and not p.fortifications_build_in_epidemic:
        return "epidemic"
    return None


def buyable_places(s: NapState, kind: str) -> list[int]:
    """The places ``t`` for which :func:`can_buy` (not free) is None, in index order.  The
    checks that do not depend on the place run once; the result is the same set."""
    p, seat, tb = s.tables.params, s.current, s.tables
    if not p.is_advanced or s.pending.get("must_trade"):
        return []
    if s.pending["to_place"] < p.cost_of(kind):
        return []
    admiral = kind == "admiral"
    if kind != "fortification" and limit_reached(s, ADMIRALS if admiral else GENERALS, seat):
        return []
    lo, hi = (tb.n_territories, len(tb.places)) if admiral else (0, tb.n_territories)
    owned = [t for t in range(lo, hi) if s.owner[t] == seat and (kind == "fortification" or s.armies[t])]
    if kind != "fortification":
        return owned
    return [t for t in owned if can_buy(s, kind, t) is None]



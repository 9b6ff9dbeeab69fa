"""Napoléon: entering a place that holds no units, in the combat phase (``invade``).

* napoleon.combat.empty-territory: a territory with no regiments (emptied by an epidemic:
  held by nobody, or still by its former owner under ``epidemics.empty_territory =
  keeps-owner``) is entered from a neighbouring territory, or by a naval landing, without
  rolling: ``{"type": "invade", "from": t, "to": e, "armies": n}`` moves ``n`` regiments,
  one staying behind.  It is an invasion (it counts in ``conquests``; a former owner left
  without territory is eliminated), but earns the end-of-turn card only when
  ``end_turn.empty_invasion_counts``; a fortification there stays unless
  ``fortifications.destroyed_on = any-conquest``.  It is a land offensive: naval combat
  is over after it (``combat.naval_first``).
* napoleon.naval.battle-rules: ships enter an empty neighbouring zone the same way, leaving
  ``naval.min_ships_left`` ships behind; it is naval combat (before any land offensive).
"""

from __future__ import annotations

from typing import Any

from riskspec.reference.base import require
from riskspec.reference.napoleon import actions as A
from riskspec.reference.napoleon import combat as C
from riskspec.reference.napoleon import game as G
from riskspec.reference.napoleon import naval as N
from riskspec.reference.napoleon import ruleids as RID
from riskspec.reference.napoleon.combat import check_victory
from riskspec.reference.napoleon.leaders import capture
from riskspec.reference.napoleon.reach import landing_targets
from riskspec.reference.napoleon.state import NapState

Event = dict[str, Any]


def invade_targets(s: NapState, src: int, seat: int, reach: Any = None) -> list[int]:
    """Places without units that ``src`` may enter now (``reach``: the position's
    :func:`~riskspec.reference.napoleon.reach.landing_reach`, if computed)."""
    tb, p = s.tables, s.tables.params
    if any(s.challengers) or s.owner[src] != seat or s.armies[src] - N.stay(s, src) < 1 \
            or s.armies[src] < p.attack_min_units:
        return []
    if tb.is_zone(src):
        if s.land_attacked and p.combat_naval_first:
            return []
        return sorted(z for z in tb.sea[src] if s.armies[z] == 0 and s.owner[z] != seat)
    cand = tb.land[src] | landing_targets(s, src, seat, reach)
    return sorted(t for t in cand if s.armies[t] == 0 and s.owner[t] != seat)


@RID.cites(RID.COMBAT_FORTIFICATION_DESTROYED)
def process_invade(s: NapState, a: A.Invade, ev: list[Event]) -> None:
    tb, p, seat = s.tables, s.tables.params, s.current
    src, dst, n = a.src, a.dst, a.armies
    naval = tb.is_zone(src)
    rule = RID.NAVAL_BATTLE_RULES if naval else RID.COMBAT_EMPTY_TERRITORY
    # Verify that no forced naval battle of newly built ships is waiting: it comes first.
    require(not any(s.challengers), "forced-combat", RID.NAVAL_FORCED_COMBAT,
            "the forced naval battle of the ships you built comes first")
    # Verify that the units move in from a territory or zone of the player's own …
    require(s.owner[src] == seat, "not-owner", rule, "move in from your own territory or zone")
    # … into a place with no units that is not the player's (entered without a battle) …
    require(s.armies[dst] == 0 and s.owner[dst] != seat, "not-empty", rule,
            "only a place without units is entered without a battle")
    # … of the same kind: regiments into territories, ships into zones.
    require(tb.is_zone(dst) == naval, "not-adjacent", rule,
            "regiments enter territories, ships enter zones")
    # Verify that under combat.naval_first no ship moves in after the first land offensive.
    require(not (naval and s.land_attacked and p.combat_naval_first), "naval-after-land",
            RID.COMBAT_NAVAL_FIRST, "naval combat comes before the first land offensive")
    # Verify that the place is within reach (a neighbour, or a landing by sea) with units to
    # spare.
    require(dst in invade_targets(s, src, seat), "not-adjacent",
            rule if naval or dst in tb.land[src] else RID.NAVAL_LANDING,
            "the place is not within reach (or too few units to leave some behind)")
    most = s.armies[src] - N.stay(s, src)
    # Verify that between one unit and all but those that must stay behind move in.
    require(1 <= n <= most, "armies", rule, lambda: f"move 1 to {most} units")
    loser = s.owner[dst]
    s.armies[src] -= n
    s.armies[dst] = n
    s.owner[dst] = seat
    ev.append({"type": "invaded", "player": seat, "from": tb.places[src], "to": tb.places[dst],
               "armies": n})
    if naval:
        if p.end_turn_zone_invasion_counts and p.end_turn_empty_invasion_counts:
            s.conquered = True
        return
    s.land_attacked = True
    s.conquests += 1
    if p.end_turn_empty_invasion_counts:
        s.conquered = True
    if p.end_turn_empty_invasion_forfeits:
        s.empty_invaded = True  # no invasion card this turn (napoleon.amb.empty-territory-card)
    if s.forts[dst] and p.fortifications_destroyed_on == "any-conquest":
        s.forts[dst] = 0
        ev.append({"type": "fortification-destroyed", "territory": tb.places[dst]})
    if loser >= 0:
        _taken_from(s, dst, loser, ev)
    else:
        check_victory(s, ev)


def _taken_from(s: NapState, dst: int, loser: int, ev: list[Event]) -> None:
    """The empty territory still had an owner (``epidemics.empty_territory = keeps-owner``):
    its generals are captured and the owner may be eliminated."""
    p = s.tables.params
    capture(s, dst, loser, s.current, ev)  # napoleon.leaders.capture, capture-vp
    if G.controlled(s, loser)[0] == 0:  # (an owner of a territory is not eliminated yet)
        C.eliminate_by_conquest(s, loser, ev)
        C.check_victory(s, ev)
        seat = s.current
        if s.winner < 0 and s.captured[seat] and p.cards_elimination_trade_timing == "immediately":
            s.captured[seat] = False  # settled now, as after a conquest: a trade at once, or none owed
            if len(s.hands[seat]) >= p.cards_elimination_trade_at:  # napoleon.cards.elimination-capture
                s.phase = "reinforce"
                s.pending = {"to_place": 0, "must_trade": True, "after": "elimination"}
        return
    C.check_victory(s, ev)

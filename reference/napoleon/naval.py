"""Napoléon ships: the supply, building among enemy ships and the forced naval battle.

* supply (napoleon.units.ships, napoleon.components.tokens): a player never has more than
  ``ships.max_per_player`` ships on the board (null: no limit);
* building (napoleon.units.ships): a ship may be built in a zone touching one of the
  player's territories even when another player's ships are there
  (``naval.forced_attack_on_build``); such ships are the zone's *challenger ships* (state:
  ``zones.<z>.challenger_ships``, always the player to move's) — while they are there
  nobody controls the zone (napoleon.naval.zone-control);
* the forced battle (napoleon.naval.forced-combat): the combat phase opens with it —
  while challenger ships are anywhere, the only attacks are theirs, written as an attack
  from the zone on itself (``{"type": "attack", "from": z, "to": z, "dice": d}``), every
  challenger ship taking part (dice up to the challengers, none stays behind); it is fought
  to the end under both ``naval.fight_to_end`` readings: the winner alone holds the zone;
* zone attacks leave ``naval.min_ships_left`` ships behind (napoleon.naval.battle-rules).
"""

from __future__ import annotations

from typing import Any

from riskspec.reference.base import require
from riskspec.reference.battle import compute_losses, get_defender_dice_limit
from riskspec.reference.napoleon import ruleids as RID
from riskspec.reference.napoleon.state import NapState

Event = dict[str, Any]


def ships_of(s: NapState, seat: int) -> int:
    """Ships ``seat`` has on the board (its zones, and its challenger ships)."""
    tb = s.tables
    n = sum(s.armies[z] for z in range(tb.n_territories, len(tb.places)) if s.owner[z] == seat)
    if seat == s.current:
        n += sum(s.challengers)
    return n


def ship_room(s: NapState, seat: int) -> bool:
    """napoleon.units.ships: one more ship stays within ``ships.max_per_player``."""
    top = s.tables.params.ships_max_per_player
    return top is None or ships_of(s, seat) < int(top)


def stay(s: NapState, src: int) -> int:
    """Units that stay where an attack or a move-in comes from: ``naval.min_ships_left``
    ships in a zone, one regiment in a territory."""
    return s.tables.params.naval_min_ships_left if s.tables.is_zone(src) else 1


def forced_zones(s: NapState) -> list[int]:
    return [z for z, n in enumerate(s.challengers) if n > 0]


def build_target_ok(s: NapState, seat: int, z: int) -> bool:
    """Whether the zone's holder lets ``seat`` build there: nobody, ``seat`` itself, or
    another player when ``naval.forced_attack_on_build`` (a forced battle follows)."""
    o = s.owner[z]
    return o in (-1, seat) or (s.tables.params.naval_forced_attack_on_build
                               and not s.is_neutral(o) and s.armies[z] > 0)


def build(s: NapState, seat: int, z: int, ev: list[Event]) -> None:
    """Put one ship of ``seat`` in zone ``z`` (paid already)."""
    o = s.owner[z]
    event: Event = {"type": "ship-built", "player": seat, "zone": s.tables.places[z]}
    if o not in (-1, seat):
        s.challengers[z] += 1
        event["against"] = o
    else:
        s.owner[z] = seat
        s.armies[z] += 1
    ev.append(event)


def forced_attacks(s: NapState) -> list[tuple[int, int]]:
    """(zone, most dice) of every forced battle owed now."""
    top = s.tables.params.attack_max_attacker_dice
    return [(z, min(top, s.challengers[z])) for z in forced_zones(s)]


def process_forced_attack(s: NapState, a: tuple, ev: list[Event]) -> None:
    from riskspec.reference.napoleon.combat import _start_defence
    z, dice = a[1], a[3]
    require(s.challengers[z] > 0, "no-forced-combat", RID.NAVAL_FORCED_COMBAT,
            "an attack from a zone on itself is the forced battle of ships built there")
    top = min(s.tables.params.attack_max_attacker_dice, s.challengers[z])
    require(1 <= dice <= top, "dice", RID.NAVAL_FORCED_COMBAT,
            lambda: f"roll 1 to {top} dice (every challenger ship takes part)")
    _start_defence(s, z, z, dice, True)


def forced_roll(s: NapState, att: tuple[int, ...], dfn: tuple[int, ...], ev: list[Event]) -> None:
    """One roll of a forced battle; it goes on (most dice each side) until one side is gone."""
    from riskspec.reference.napoleon.combat import _start_defence
    tb, p, z = s.tables, s.tables.params, s.pending["to"]
    from riskspec.reference.napoleon.effects import modified_dice
    att, dfn = modified_dice(s, att, dfn, z, z)  # leaders' and cards' dice bonuses
    la, ld = compute_losses(att, dfn, p.attack_ties)
    s.challengers[z] -= la
    s.armies[z] -= ld
    ev.append({"type": "battle", "player": s.current, "defender": s.owner[z],
               "from": tb.places[z], "to": tb.places[z], "attacker_dice": list(att),
               "defender_dice": list(dfn), "attacker_losses": la, "defender_losses": ld})
    if s.armies[z] == 0:  # the challengers alone hold the zone
        loser = s.owner[z]
        if p.is_advanced:  # its admirals are captured (napoleon.leaders.capture)
            from riskspec.reference.napoleon.leaders import capture
            capture(s, z, loser, s.current, ev)
        s.owner[z], s.armies[z], s.challengers[z] = s.current, s.challengers[z], 0
        ev.append({"type": "zone-taken", "zone": tb.places[z], "player": s.current, "from": loser})
        if p.end_turn_zone_invasion_counts:
            s.conquered = True
        s.phase, s.pending = "attack", {}
        return
    if s.challengers[z] == 0:
        s.phase, s.pending = "attack", {}
        return
    s.pending = {"fight_on": True}
    _start_defence(s, z, z, min(p.attack_max_attacker_dice, s.challengers[z]), True)


def defender_limit(s: NapState, dst: int) -> int:
    return get_defender_dice_limit(s.armies[dst], s.tables.params.attack_max_defender_dice)

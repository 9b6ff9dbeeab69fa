"""Napoléon ships: the supply, building among enemy ships and the forced naval battle.

* supply (napoleon.units.ships, napoleon.components.tokens): a player never has more than
  ``ships.max_per_player`` ships on the board (null: no limit);
* building (napoleon.units.ships): a ship may be built in a zone touching one of the
  player's territories even when another player's ships are there
  (``naval.forced_attack_on_build``); such ships are the zone's *challenger ships* (state:
  ``zones.<z>.challenger_ships``, always the player to move's) — while they are there
  nobody controls the zone (napoleon.naval.zone-control);
* the forced battle (napoleon.naval.forced-combat; its handlers are in :mod:`.combat`):
  the combat phase opens with it —
  while challenger ships are anywhere, the only attacks are theirs, written as an attack
  from the zone on itself (``{"type": "attack", "from": z, "to": z, "dice": d}``), every
  challenger ship taking part (dice up to the challengers, none stays behind); it is fought
  to the end under both ``naval.fight_to_end`` readings: the winner alone holds the zone;
* zone attacks leave ``naval.min_ships_left`` ships behind (napoleon.naval.battle-rules).
"""

from __future__ import annotations

from typing import Any

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


@RID.cites(RID.COMPONENTS_TOKENS)
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

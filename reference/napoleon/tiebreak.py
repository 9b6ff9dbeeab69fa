"""Napoléon Advanced Rules: what the 'most regiments' tie-break counts (napoleon.scoring.tie-break).

``scoring.regiments_count``: 'board-regiments' — the regiments on the player's territories;
'all-units' — those plus every unit bought with regiments still on the board, each at its
price (``costs.ship`` per ship, ``costs.general`` per general, ``costs.admiral`` per
admiral; captive leaders are not on the board).
"""

from __future__ import annotations

from riskspec.reference.napoleon.naval import ships_of
from riskspec.reference.napoleon.state import NapState


def regiment_count(s: NapState, seat: int) -> int:
    tb, p = s.tables, s.tables.params
    T = tb.n_territories
    total = sum(a for o, a in zip(s.owner[:T], s.armies[:T]) if o == seat)
    if p.scoring_regiments_count == "board-regiments":
        return total
    total += ships_of(s, seat) * p.costs_ship
    total += sum(s.generals[t] for t in range(T) if s.owner[t] == seat) * p.costs_general
    admirals = getattr(s, "admirals", None)  # per place, once the engine plays admirals
    if admirals is not None:
        total += sum(n for i, n in enumerate(admirals) if s.owner[i] == seat) * \
            p.costs_admiral
    return total

"""Napoléon Advanced Rules: epidemics.

* setup (napoleon.setup.epidemics): ``setup.epidemics`` markers, each on the territory of a
  drawn card; an empire already holding ``setup.epidemics_max_per_empire`` is skipped
  (its cards and the jokers set aside) — so each placement is uniform over the eligible
  territories: a chance node ``{"type": "epidemic", "territory": …}``;
* attack (napoleon.combat.epidemic-loss): before a battle against a contaminated territory
  (also from one, by ``epidemics.attack_loss_trigger``), the attacking territory loses
  ``epidemics.attack_loss`` regiments per epidemic — once per battle, or before every roll
  (``epidemics.attack_loss_per``);
* epidemic phase (napoleon.epidemics.phase-loss): the player's contaminated territories lose
  ``epidemics.phase_loss`` regiments per epidemic; a territory emptied this way is held by
  nobody (``epidemics.empty_territory``) and its epidemics move to a territory holding
  regiments, drawn like a card (napoleon.epidemics.relocate, a chance node).

Epidemics moved by a card effect (napoleon.epidemics.card-move) are in :mod:`.effects`.
With ``epidemics.timing = every-turn-end`` every contaminated territory, whoever holds
it, loses regiments at the end of each player's turn.
"""

from __future__ import annotations

from typing import Any

from riskspec.reference.base import require
from riskspec.reference.napoleon.state import NapState

Event = dict[str, Any]
R_SETUP, R_LOSS, R_PHASE, R_MOVE = ("napoleon.setup.epidemics", "napoleon.combat.epidemic-loss",
                                    "napoleon.epidemics.phase-loss", "napoleon.epidemics.relocate")


def eligible(s: NapState) -> list[int]:
    tb = s.tables
    T = tb.n_territories
    if s.pending.get("moving"):
        return [t for t in range(T) if s.armies[t] > 0]
    top = int(tb.p["setup.epidemics_max_per_empire"])
    full = {t for _, _, ts in tb.groups if sum(s.epidemics[x] for x in ts) >= top for t in ts}
    return [t for t in range(T) if t not in full]


def process_epidemic(s: NapState, a: tuple, ev: list[Event]) -> None:
    t = a[1]
    moving = s.pending["moving"]
    require(t in eligible(s), "not-eligible", R_MOVE if moving else R_SETUP,
            "an epidemic cannot go there")
    s.epidemics[t] += 1
    ev.append({"type": "epidemic", "territory": s.tables.places[t]})
    s.pending["left"] -= 1
    if s.pending["left"] > 0 and eligible(s):
        return
    if moving:
        from riskspec.reference.napoleon.combat import continue_end_of_turn
        continue_end_of_turn(s, ev)
    else:
        s.phase, s.pending = "first-player", {"for": "setup"}


def attack_loss(s: NapState, src: int, dst: int) -> int:
    p = s.tables.p
    if p["game.mode"] != "advanced" or s.tables.is_zone(src):
        return 0
    from riskspec.reference.napoleon.effects import battle_effect
    if battle_effect(s, "ignore-epidemic", src, dst):  # napoleon.effects.ignore-epidemic
        return 0
    if p["epidemics.attack_loss_per"] == "battle" and \
            s.last_attack == src * len(s.tables.places) + dst:
        return 0
    n = s.epidemics[dst] + (s.epidemics[src] if p["epidemics.attack_loss_trigger"] ==
                            "target-or-source" else 0)
    return n * int(p["epidemics.attack_loss"])


def phase_loss(s: NapState, seat: int, ev: list[Event]) -> int:
    """Apply the epidemic phase; returns how many epidemics must move (emptied territories)."""
    p = s.tables.p
    per = int(p["epidemics.phase_loss"])
    everyone = p["epidemics.timing"] == "every-turn-end"
    moving = 0
    for t in range(s.tables.n_territories):
        if (s.owner[t] == seat or (everyone and s.armies[t] > 0)) and s.epidemics[t] and per:
            lost = min(s.armies[t], per * s.epidemics[t])
            s.armies[t] -= lost
            ev.append({"type": "epidemic-loss", "territory": s.tables.places[t], "armies": lost})
            if s.armies[t] == 0:
                emptied(s, t)
                moving += s.epidemics[t]
                s.epidemics[t] = 0
    return moving


def emptied(s: NapState, t: int) -> None:
    """An epidemic took the last regiment of ``t``: held by nobody (or still its owner's,
    by ``epidemics.empty_territory``); a general there goes back to its owner."""
    if s.tables.p["epidemics.empty_territory"] == "uncontrolled":
        s.owner[t] = -1
    s.generals[t] = 0

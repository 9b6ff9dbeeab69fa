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
  nobody (``epidemics.empty_territory``) and its epidemics move (napoleon.epidemics.relocate).

Relocation is a draw from the actual territory-card pile: a chance node whose outcomes
are ``{"type": "draw", "card": …}``, one per card in the pile, each with probability
1/len(pile).  The drawn card goes to the discards; when it shows a territory holding
regiments the epidemic is placed there, otherwise (a joker, an empty territory) another
card is drawn.  An empty pile is refilled from the discards when
``cards.reshuffle_discards``; when no card left to draw shows a territory holding
regiments the epidemic leaves the board.  Epidemics moved by a card effect
(napoleon.epidemics.card-move, :mod:`.effects`) relocate the same way.
With ``epidemics.timing = every-turn-end`` every contaminated territory, whoever holds
it, loses regiments at the end of each player's turn.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from riskspec.reference.base import require
from riskspec.reference.napoleon import actions as A
from riskspec.reference.napoleon import ruleids as RID
from riskspec.reference.napoleon.effects import battle_effect
from riskspec.reference.napoleon.state import NapState

Event = dict[str, Any]


def eligible(s: NapState) -> list[int]:
    """Setup (napoleon.setup.epidemics): the territories the next epidemic may go to."""
    return sorted(setup_weights(s))


def setup_weights(s: NapState) -> dict[int, Fraction]:
    """Setup (napoleon.setup.epidemics, napoleon.amb.setup-epidemic-redraw): the chance of
    each territory receiving the next epidemic, the whole deck (jokers included) being
    drawn from.  'empire': cards are drawn until one names a territory of an empire below
    ``setup.epidemics_max_per_empire`` — uniform over those territories.  'territory': a
    first card of such an empire is taken; after a refused first card c (a full empire's
    territory, or a joker), cards are drawn without putting c back until one names any
    territory without an epidemic — uniform over those, c excepted."""
    tb = s.tables
    if s.pending.get("moving"):
        return {}  # a relocation is a card draw (chance over the pile)
    top = tb.params.setup_epidemics_max_per_empire
    full = {t for _, _, ts in tb.groups if sum(s.epidemics[x] for x in ts) >= top for t in ts}
    ok = [t for t in range(tb.n_territories) if t not in full]
    if tb.params.setup_epidemics_redraw == "empire":
        return {t: Fraction(1, len(ok)) for t in ok}
    deck = [tb.card_territory[c] for c in range(len(tb.cards))]
    free = {t for t in range(tb.n_territories) if not s.epidemics[t]}
    w: dict[int, Fraction] = {}
    for first in deck:  # every card equally likely to come first
        if first >= 0 and first not in full:
            w[first] = w.get(first, Fraction(0)) + 1
            continue
        rest = [t for t in free if t != first]  # cards left that stop the redraw
        for t in rest:
            w[t] = w.get(t, Fraction(0)) + Fraction(1, len(rest))
    total = sum(w.values())
    return {t: x / total for t, x in sorted(w.items()) if x} if total else {}


def place_setup_epidemic(s: NapState, a: A.Epidemic, ev: list[Event]) -> bool:
    """One epidemic of the setup (napoleon.setup.epidemics) goes on ``a.territory``; True
    when it was the last (the caller, :mod:`.setup_readings`, goes on with the setup)."""
    t = a.territory
    # Verify that this is no relocation: a relocating epidemic goes where a territory card drawn
    # from the pile says ('draw' outcomes).
    require(not s.pending["moving"], "draw-a-card", RID.EPIDEMICS_RELOCATE,
            "a relocating epidemic goes where a territory card drawn from the pile says")
    # Verify that the epidemic may go on that territory.
    require(t in eligible(s), "not-eligible", RID.SETUP_EPIDEMICS, "an epidemic cannot go there")
    s.epidemics[t] += 1
    ev.append({"type": "epidemic", "territory": s.tables.places[t]})
    s.pending["left"] -= 1
    return not (s.pending["left"] > 0 and eligible(s))


# ---------------------------------------------------------------- relocation by card draw

def is_relocation_card(s: NapState, c: int) -> bool:
    """A card whose territory holds regiments: drawing it places the epidemic."""
    t = s.tables.card_territory[c]
    return t >= 0 and s.armies[t] > 0


def can_relocate(s: NapState, ev: list[Event] | None = None) -> bool:
    """Whether a card still to be drawn (the pile; the discards too when they are
    reshuffled into an empty pile) can place an epidemic.  Refills an empty pile (a
    ``reshuffled`` event in ``ev``)."""
    if not s.draw_pile and s.discards and s.tables.params.cards_reshuffle_discards:
        s.draw_pile, s.discards = s.discards, ()
        if ev is not None:
            ev.append({"type": "reshuffled", "cards": len(s.draw_pile)})
    later = s.discards if s.tables.params.cards_reshuffle_discards else ()
    return any(is_relocation_card(s, c) for c in s.draw_pile + later)


def relocation_draw(s: NapState, a: A.Draw, ev: list[Event], rule: str) -> bool:
    """Apply one relocation draw (card ``a.card``): the card is discarded; True when it placed
    the epidemic."""
    c = a.card
    # Verify that the card drawn is in the draw pile.
    require(c in s.draw_pile, "not-in-pile", rule, "that card is not in the draw pile")
    s.draw_pile = tuple(x for x in s.draw_pile if x != c)
    s.discards = tuple(sorted(s.discards + (c,)))
    t = s.tables.card_territory[c]
    ev.append({"type": "epidemic-card-drawn", "card": s.tables.cards[c],
               "territory": s.tables.places[t] if t >= 0 else None})
    if not is_relocation_card(s, c):
        return False  # a joker or a territory without regiments: draw again
    s.epidemics[t] += 1
    ev.append({"type": "epidemic", "territory": s.tables.places[t]})
    return True


def attack_loss(s: NapState, src: int, dst: int) -> int:
    p = s.tables.params
    if not p.is_advanced or s.tables.is_zone(src):
        return 0
    if battle_effect(s, "ignore-epidemic", src, dst):  # napoleon.effects.ignore-epidemic
        return 0
    if p.epidemics_attack_loss_per == "battle" and \
            s.last_attack == src * len(s.tables.places) + dst:
        return 0
    n = s.epidemics[dst] + (s.epidemics[src] if p.epidemics_attack_loss_trigger ==
                            "target-or-source" else 0)
    return n * p.epidemics_attack_loss


def start_relocation(s: NapState, moving: int, ev: list[Event]) -> bool:
    """After the epidemic phase's losses: ``moving`` epidemics to relocate.  True when a
    draw (chance) phase begins; False when none can move (each leaves the board)."""
    if moving and can_relocate(s, ev):
        s.phase, s.pending = "epidemics", {"left": moving, "moving": True}
        return True
    for _ in range(moving):
        ev.append({"type": "epidemic-lost"})
    return False


@RID.cites(RID.EPIDEMICS_PHASE_LOSS)
def phase_loss(s: NapState, seat: int, ev: list[Event]) -> int:
    """Apply the epidemic phase; returns how many epidemics must move (emptied territories)."""
    p = s.tables.params
    per = p.epidemics_phase_loss
    everyone = p.epidemics_timing == "every-turn-end"
    moving = 0
    each = p.epidemics_phase_loss_per == "epidemic"  # napoleon.amb.epidemic-phase-loss
    for t in range(s.tables.n_territories):
        if (s.owner[t] == seat or (everyone and s.armies[t] > 0)) and s.epidemics[t] and per:
            lost = min(s.armies[t], per * (s.epidemics[t] if each else 1))
            s.armies[t] -= lost
            ev.append({"type": "epidemic-loss", "territory": s.tables.places[t], "armies": lost})
            if s.armies[t] == 0:
                emptied(s, t)
                # napoleon.amb.emptied-epidemics: all of them move on, or only one
                going = s.epidemics[t] if p.epidemics_emptied_moves == "all" else 1
                moving += going
                s.epidemics[t] -= going
    return moving


def emptied(s: NapState, t: int) -> None:
    """An epidemic took the last regiment of ``t``: held by nobody (or still its owner's,
    by ``epidemics.empty_territory``); a general there goes back to its owner."""
    if s.tables.params.epidemics_empty_territory == "uncontrolled":
        s.owner[t] = -1
    s.generals[t] = 0

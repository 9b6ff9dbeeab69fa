"""Napoléon: playing a territory card alone for its effect (``play-card``) and the reroll
window after a roll (``reroll`` / ``keep-roll``).

What an active effect does (dice bonuses, extra dice, extra maneuvers, the windows in
which a kind may be played) is :mod:`.effects`, below the battle and the turn; this
module holds the handlers, which go on with the battle (:mod:`.combat`), move epidemics
(:mod:`.epidemics`) or end the reinforcement (:mod:`.game`), and the legal plays.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from riskspec.reference.base import require
from riskspec.reference.napoleon import actions as A
from riskspec.reference.napoleon import combat as C
from riskspec.reference.napoleon import game as G
from riskspec.reference.napoleon import leaders as L
from riskspec.reference.napoleon import naval as N
from riskspec.reference.napoleon import ruleids as RID
from riskspec.reference.napoleon import turn_end as TE
from riskspec.reference.napoleon.actions import ActiveEffect
from riskspec.reference.napoleon.combat import resolve_roll
from riskspec.reference.napoleon.effects import (
    BATTLE_KINDS,
    KINDS,
    _can_reroll,
    actor,
    amount,
    battle_effect,
    plays_left,
    reroll_side,
    rule_of,
    windows,
)
from riskspec.reference.napoleon.epidemics import attack_loss, can_relocate, emptied, relocation_draw
from riskspec.reference.napoleon.reach import landing_reach
from riskspec.reference.napoleon.state import NapState

Event = dict[str, Any]


def ship_zones(s: NapState, seat: int) -> list[int]:
    """Zones where a free ship may go: where a bought one may (a zone touching one of
    the player's territories, held by nobody, by the player, or — with a forced battle to
    follow, napoleon.naval.forced-combat — by another player)."""
    tb = s.tables
    if not tb.params.ships_in_play:
        return []
    return [z for z in range(tb.n_territories, len(tb.places))
            if N.build_target_ok(s, seat, z) and any(s.owner[t] == seat for t in tb.coast[z])]


def ships_room(s: NapState, seat: int, n: int) -> int:
    """How many of ``n`` ships stay within ``ships.max_per_player``."""
    top = s.tables.params.ships_max_per_player
    return n if top is None else max(0, min(n, int(top) - N.ships_of(s, seat)))


def _pairs(s: NapState, kind: str, seat: int) -> list[tuple[int, int]]:
    """The (from, to) targets open to an effect of ``kind``."""
    tb = s.tables
    T = tb.n_territories
    if kind == "move-epidemic":
        return [(a, b) for a in range(T) if s.epidemics[a] for b in sorted(tb.land[a]) if b < T]
    out, reach = [], landing_reach(s, seat)
    for a in range(T):
        for b in C.attack_targets(s, a, seat, reach):
            if b >= T:
                continue
            if kind == "ignore-fortification" and s.forts[b] and \
                    not battle_effect(s, kind, a, b):
                out.append((a, b))
            if kind == "ignore-epidemic" and attack_loss(s, a, b):
                out.append((a, b))
    return out


def _usable(s: NapState, kind: str, seat: int) -> bool:
    """The effect can do something now (a card that cannot is only traded)."""
    tb = s.tables
    if kind == "free-ships":
        return bool(ship_zones(s, seat)) and ships_room(s, seat, 1) > 0
    if kind == "free-fortification":
        return any(free_fortification_problem(s, t) is None for t in range(tb.n_territories))
    if kind in ("attack-die-bonus", "attack-extra-die"):
        reach = landing_reach(s, seat)
        return any(C.attack_targets(s, a, seat, reach) for a in range(len(tb.places)))
    if kind in ("ignore-fortification", "ignore-epidemic", "move-epidemic"):
        return bool(_pairs(s, kind, seat))
    if kind == "extra-naval-maneuver":
        return tb.params.ships_in_play
    return True


def free_fortification_problem(s: NapState, t: int) -> str | None:
    return L.can_buy(s, "fortification", t, free=True)


def playable_cards(s: NapState) -> list[int]:
    """The cards the acting player may play now (effect usable, window open, limits kept)."""
    tb, seat = s.tables, actor(s)
    if s.phase == "reinforce" and s.pending["must_trade"]:
        return []
    if not plays_left(s, seat):
        return []
    open_ = windows(s)
    out = []
    for c in s.hands[seat]:
        eff = tb.card_effect[c]
        if not eff or eff.get("kind") not in KINDS or KINDS[eff["kind"]][0] not in open_:
            continue
        if eff.get("in_set_bonus") is not None and not tb.params.cards_in_set_bonus_card_alone:
            continue
        if _usable(s, eff["kind"], seat):
            out.append(c)
    return out


def legal_plays(s: NapState) -> list[dict[str, Any]]:
    tb, seat = s.tables, actor(s)
    P = tb.places
    out: list[dict[str, Any]] = []
    for c in playable_cards(s):
        eff = tb.card_effect[c]
        if eff is None:  # not reached: a playable card has an effect
            continue
        kind, targets = eff["kind"], KINDS[eff["kind"]][1]
        base = {"type": "play-card", "card": tb.cards[c]}
        if targets is None:
            out.append(base)
        elif targets == "zones":
            n = ships_room(s, seat, amount(eff))
            for combo in itertools.combinations_with_replacement(ship_zones(s, seat), n):
                out.append({**base, "zones": [P[z] for z in combo]})
        elif targets == "territory":
            out += [{**base, "territory": P[t]} for t in range(tb.n_territories)
                    if free_fortification_problem(s, t) is None]
        else:
            out += [{**base, "from": P[a], "to": P[b]} for a, b in _pairs(s, kind, seat)]
    return out


@RID.cites(RID.CARDS_EFFECT_TERRITORY_BONUS)
def process_play_card(s: NapState, a: A.PlayCard, ev: list[Event]) -> None:
    tb, p = s.tables, s.tables.params
    seat = actor(s)
    c, territory, src, dst, zones = a.card, a.territory, a.src, a.dst, a.zones
    # Verify that the player holds the card …
    require(c in s.hands[seat], "not-your-cards", RID.CARDS_USE_OR_TRADE,
            "you do not hold that card")
    eff = tb.card_effect[c] or {}
    # … and that it has an effect to play (a joker is only traded in a set).
    require(bool(eff) and eff.get("kind") in KINDS, "no-effect", RID.CARDS_USE_OR_TRADE,
            "that card has no effect (a joker is only traded in a set)")
    kind = eff["kind"]
    window, targets = KINDS[kind]
    rule = rule_of(kind)
    # Verify that the card's window (the phase its icon names) is open now.
    require(window in windows(s), "not-now", RID.CARDS_EFFECT_ICONS,
            lambda: f"a {kind!r} card is played in the {window} window, not now")
    if s.phase == "reinforce":
        # Verify that no forced trade is owed first (during reinforcement).
        require(not s.pending["must_trade"], "must-trade", RID.CARDS_FORCED_TRADE,
                "trade your set first")
    # Verify that a card whose bonus counts only inside a traded set is not played alone (unless
    # cards.in_set_bonus_card_alone).
    require(eff.get("in_set_bonus") is None or p.cards_in_set_bonus_card_alone,
            "set-only", RID.CARDS_EFFECTS_IGNORED_IN_TRADE, "this card only counts inside a traded set")
    # Verify that the player may still play a card for its effect in this phase.
    require(plays_left(s, seat), "effect-limit", RID.CARDS_EFFECT_LIMIT,
            "no more cards may be played for their effect in this phase")
    given = {"zones": zones is not None, "territory": territory >= 0,
             "pair": src >= 0 or dst >= 0}
    # Verify that exactly the targets this kind of card takes are given.
    require(all(v == (k == targets) for k, v in given.items()), "targets", rule,
            lambda: f"a {kind!r} card takes {targets or 'no'} target(s)")
    n = amount(eff)
    if kind == "free-ships":
        allowed, chosen = ship_zones(s, seat), zones or ()  # given: the targets check
        # Verify that free ships go only where bought ones may: zones touching the player's
        # territories …
        require(all(z in allowed for z in chosen), "not-coastal", rule,
                "free ships go where bought ones may: in zones touching your territories")
        room = ships_room(s, seat, n)
        # … and that as many are named as the card gives within the ship limit.
        require(len(chosen) == room, "ship-limit", rule,
                lambda: f"build {room} ships ({n}, within the ship limit)")
    elif kind == "free-fortification":
        why = free_fortification_problem(s, territory)
        # Verify that a free fortification can go on that territory.
        require(why is None, why or "", rule, lambda: f"no fortification can go there ({why})")
    elif targets == "pair":
        # Verify that the two places are a target of this card now.
        require((src, dst) in _pairs(s, kind, seat), "not-a-target", rule,
                "that is not a target of this card now")
    elif not _usable(s, kind, seat):
        # Verify that the card can do something now (it has a use).
        require(False, "no-use", rule, "this card can do nothing now")
    # the card is spent
    s.hands[seat] = tuple(x for x in s.hands[seat] if x != c)
    s.discards = tuple(sorted(s.discards + (c,)))
    plays = list(s.effect_plays)
    plays[seat] += 1
    s.effect_plays = tuple(plays)
    ev.append({"type": "card-played", "player": seat, "card": tb.cards[c], "effect": kind})
    if p.cards_territory_bonus_on_effect:
        G.grant_territory_bonus(s, seat, (c,), ev)
    _apply(s, seat, c, kind, n, territory, src, dst, zones, ev)


@RID.cites(RID.EFFECTS_EXTRA_REGIMENTS, RID.EFFECTS_FREE_SHIPS, RID.EFFECTS_FREE_FORTIFICATION)
def _apply(s: NapState, seat: int, c: int, kind: str, n: int, territory: int, src: int,
           dst: int, zones: Sequence[int] | None, ev: list[Event]) -> None:
    tb = s.tables
    if kind == "extra-regiments":
        s.pending["to_place"] += n
        G.maybe_end_reinforce(s)
    elif kind == "free-ships":
        for z in zones or ():
            N.build(s, seat, z, ev)  # among another player's ships: a challenger ship
            ev[-1]["free"] = True
    elif kind == "free-fortification":
        s.forts[territory] += 1
        ev.append({"type": "fortification-built", "player": seat,
                   "territory": tb.places[territory]})
    elif kind == "reroll":
        s.phase = "reroll-dice"
    elif kind == "move-epidemic":
        move_epidemic(s, src, dst, ev)
    else:  # a lasting effect
        bound = kind in BATTLE_KINDS
        s.effects = s.effects + (
            ActiveEffect(kind, seat, c, n, src if bound else -1, dst if bound else -1),)


@RID.cites(RID.EFFECTS_MOVE_EPIDEMIC)
def move_epidemic(s: NapState, src: int, dst: int, ev: list[Event]) -> None:
    """napoleon.epidemics.card-move: the epidemic strikes where it arrives; if it takes
    the last regiment it moves on at random (a chance node), striking no more there."""
    tb, p = s.tables, s.tables.params
    s.epidemics[src] -= 1
    s.epidemics[dst] += 1
    ev.append({"type": "epidemic-moved", "from": tb.places[src], "to": tb.places[dst]})
    loss = min(s.armies[dst], p.epidemics_card_move_loss)
    if not loss:
        return
    s.armies[dst] -= loss
    ev.append({"type": "epidemic-card-loss", "territory": tb.places[dst], "armies": loss})
    if s.armies[dst] > 0:
        return
    held = {s.owner[dst]}  # it had regiments: it had an owner
    emptied(s, dst)
    G.eliminate_landless(s, held, ev)  # napoleon.amb.epidemic-elimination
    s.epidemics[dst] -= 1
    if can_relocate(s, ev):  # moved on by a territory card drawn from the pile
        s.pending = {"resume": s.phase, "saved": dict(s.pending)}
        s.phase = "epidemic-move"
        return
    ev.append({"type": "epidemic-lost"})  # no card left to draw can place it
    _resume(s, s.phase, dict(s.pending), ev)


def _resume(s: NapState, phase: str, pending: dict[str, Any], ev: list[Event]) -> None:
    """The phase a moved epidemic interrupted goes on, unless the player to move put
    themselves out: their turn then ends (napoleon.amb.epidemic-elimination)."""
    if s.eliminated_by[s.current] >= 0:
        TE.end_turn(s, ev)
        return
    s.phase, s.pending = phase, pending


def process_epidemic_move(s: NapState, a: A.Draw, ev: list[Event]) -> None:
    """napoleon.epidemics.card-move: one relocation draw; the interrupted phase resumes
    once the epidemic is placed (or can no longer be)."""
    placed = relocation_draw(s, a, ev, RID.EPIDEMICS_CARD_MOVE)
    if not placed and can_relocate(s, ev):
        return  # draw again
    if not placed:
        ev.append({"type": "epidemic-lost"})
    _resume(s, s.pending["resume"], dict(s.pending["saved"]), ev)


def _next_chooser(s: NapState, ev: list[Event]) -> None:
    pend = s.pending
    defender = s.owner[pend["to"]]
    if pend["chooser"] == s.current and defender != s.current and _can_reroll(s, defender):
        s.phase, s.pending = "reroll", {**pend, "chooser": defender}
        return
    s.phase = "battle"
    resolve_roll(s, pend["from"], pend["to"], tuple(pend["attacker"]), tuple(pend["defender"]),
                 pend["naval"], ev)


def process_keep_roll(s: NapState, a: A.KeepRoll, ev: list[Event]) -> None:
    _next_chooser(s, ev)


def process_reroll(s: NapState, a: A.Reroll, ev: list[Event]) -> None:
    side = reroll_side(s)
    dice = list(a.dice)
    # Verify that the reroll throws as many dice as the roll it replaces.
    require(len(dice) == len(s.pending[side]), "dice", RID.EFFECTS_REROLL,
            "the reroll throws the same number of dice again")
    ev.append({"type": "rerolled", "player": s.pending["chooser"], "dice": dice})
    s.pending = {**s.pending, side: dice}
    s.phase = "reroll"
    if not _can_reroll(s, s.pending["chooser"]):
        _next_chooser(s, ev)

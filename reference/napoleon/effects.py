"""Napoléon territory-card effects: what a card played alone for its effect does, and when
(the ``play-card`` and reroll handlers are :mod:`.plays`).

A card's effect ``kind`` (``spec/napoleon/map.yaml``, rules ``napoleon.effects.*``) says
what it does and in which *window* it may be played:

=====================  ==========================================  ==================
window                 phases (acting player)                      kinds
=====================  ==========================================  ==================
reinforcement          reinforce (own turn, not an elimination     extra-regiments,
                       trade)                                      free-ships,
                                                                   free-fortification
attack                 attack (the attacker, before declaring)     attack-die-bonus,
                                                                   attack-extra-die,
                                                                   ignore-fortification,
                                                                   ignore-epidemic
defence                defend (the defending player, before the    defence-die-bonus,
                       roll; the window opens when they hold such  defence-extra-die
                       a card)
reroll                 reroll (right after a roll, each side in    reroll
                       turn: attacker, then defender)
maneuver               maneuver (own turn)                         extra-*-maneuver
own-turn               reinforce, attack, maneuver (own turn)      move-epidemic
=====================  ==========================================  ==================

Lasting effects are kept in ``state.effects`` as :class:`~.actions.ActiveEffect` records
``(kind, player, card, amount, src, dst)``:
*roll* effects (dice bonuses, extra dice) last until the holder's next roll as attacker
(defender); *battle* effects (ignore-fortification, ignore-epidemic) bind to one attack
``from → to`` and last until the holder attacks another pair or the combat phase ends;
*turn* effects (extra maneuvers) until the end of the turn.  ``state.effect_plays``
counts each seat's plays in the current phase (``cards.effect_plays_per_phase``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from riskspec.reference.modifiers import apply_bonuses, combine_bonuses
from riskspec.reference.napoleon import leaders as L
from riskspec.reference.napoleon import ruleids as RID
from riskspec.reference.napoleon.actions import ActiveEffect
from riskspec.reference.napoleon.state import NapState

Event = dict[str, Any]

#: kind → (window, targets: None | 'zones' | 'territory' | 'pair')
KINDS: dict[str, tuple[str, str | None]] = {
    "extra-regiments": ("reinforcement", None),
    "free-ships": ("reinforcement", "zones"),
    "free-fortification": ("reinforcement", "territory"),
    "attack-die-bonus": ("attack", None),
    "attack-extra-die": ("attack", None),
    "ignore-fortification": ("attack", "pair"),
    "ignore-epidemic": ("attack", "pair"),
    "defence-die-bonus": ("defence", None),
    "defence-extra-die": ("defence", None),
    "reroll": ("reroll", None),
    "extra-land-maneuver": ("maneuver", None),
    "extra-naval-maneuver": ("maneuver", None),
    "move-epidemic": ("own-turn", "pair"),
}
ROLL_KINDS = frozenset({"attack-die-bonus", "attack-extra-die", "defence-die-bonus",
                        "defence-extra-die"})
BATTLE_KINDS = frozenset({"ignore-fortification", "ignore-epidemic"})


def rule_of(kind: str) -> str:
    """The rule governing a card-effect kind (one of :data:`KINDS`)."""
    return RID.EFFECT_RULES[kind]


def amount(eff: Any) -> int:
    return int(eff.get("amount", 1) if eff.get("amount") is not None else 1)


# ---------------------------------------------------------------- windows and limits

def actor(s: NapState) -> int:
    return int(s.pending["chooser"]) if s.phase in ("defend", "reroll") else s.current


def windows(s: NapState) -> frozenset[str]:
    """The effect windows open for the player to act."""
    ph = s.phase
    if ph == "reinforce":
        return frozenset({"reinforcement", "own-turn"}) if s.pending["after"] == "turn" \
            else frozenset()
    if ph == "attack":
        return frozenset({"attack", "own-turn"})
    if ph == "maneuver":
        return frozenset({"maneuver", "own-turn"})
    if ph == "defend" and s.pending["chooser"] == s.owner[s.pending["to"]]:
        return frozenset({"defence"})
    if ph == "reroll":
        return frozenset({"reroll"})
    return frozenset()


def plays_left(s: NapState, seat: int) -> bool:
    top = s.tables.params.cards_effect_plays_per_phase
    return top is None or s.effect_plays[seat] < int(top)


def defence_window(s: NapState, defender: int) -> bool:
    """A (human) defender holding a defence card they may play gets to act before the roll."""
    tb = s.tables
    return defender >= 0 and not s.is_neutral(defender) and plays_left(s, defender) and any(
        KINDS.get((tb.card_effect[c] or {}).get("kind", ""), ("",))[0] == "defence"
        for c in s.hands[defender])


def new_stage(s: NapState) -> None:
    """A new phase of the turn begins: effect plays are counted afresh."""
    s.effect_plays = (0,) * s.n_players


def end_combat(s: NapState) -> None:
    """The combat phase ends: roll and battle effects lapse; plays counted afresh."""
    s.effects = tuple(e for e in s.effects if e.kind not in ROLL_KINDS | BATTLE_KINDS)
    new_stage(s)


def new_turn(s: NapState) -> None:
    s.effects = ()
    new_stage(s)


# ---------------------------------------------------------------- queries used by the rules

def _active(s: NapState, kind: str, seat: int) -> list[ActiveEffect]:
    return [e for e in s.effects if e.kind == kind and e.player == seat]


@RID.cites(RID.EFFECTS_ATTACK_EXTRA_DIE, RID.EFFECTS_DEFENCE_EXTRA_DIE)
def extra_dice(s: NapState, seat: int, defending: bool) -> int:
    kind = "defence-extra-die" if defending else "attack-extra-die"
    return sum(e.amount for e in _active(s, kind, seat))


@RID.cites(RID.EFFECTS_ATTACK_DIE_BONUS, RID.EFFECTS_DEFENCE_DIE_BONUS)
def die_bonus(s: NapState, seat: int, defending: bool) -> int:
    kind = "defence-die-bonus" if defending else "attack-die-bonus"
    return sum(e.amount for e in _active(s, kind, seat))


def battle_effect(s: NapState, kind: str, src: int, dst: int) -> bool:
    return any(e.kind == kind and e.player == s.current and e.src == src and e.dst == dst
               for e in s.effects)


@RID.cites(RID.EFFECTS_EXTRA_LAND_MANEUVER, RID.EFFECTS_EXTRA_NAVAL_MANEUVER)
def extra_moves(s: NapState, naval: bool) -> int:
    kind = "extra-naval-maneuver" if naval else "extra-land-maneuver"
    return sum(e.amount for e in _active(s, kind, s.current))


def on_attack(s: NapState, src: int, dst: int) -> None:
    """An attack is declared: battle effects bound to another pair lapse."""
    s.effects = tuple(e for e in s.effects if e.kind not in BATTLE_KINDS
                      or e.player != s.current or (e.src, e.dst) == (src, dst))


@RID.cites(RID.COMBAT_MODIFIED_DICE, RID.COMBAT_BONUS_STACKING)
def modified_dice(s: NapState, att: Sequence[int], dfn: Sequence[int], src: int, dst: int
                  ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Both sides' dice after generals', fortifications' and cards' bonuses (combined
    position by position, :mod:`riskspec.reference.modifiers`); the roll effects of both
    players are used up by this roll.  ``src == dst``: the forced battle of challenger
    ships in zone ``dst`` (napoleon.naval.forced-combat)."""
    p = s.tables.params
    attacker, defender = s.current, s.owner[dst]
    fort = not battle_effect(s, "ignore-fortification", src, dst)
    ab = [L.side_bonuses(s, src, False, dst)] if src != dst else []  # challenger ships: none
    db = [L.side_bonuses(s, dst, True, fortification=fort)]
    if die_bonus(s, attacker, False):
        ab.append((die_bonus(s, attacker, False),))
    if defender >= 0 and die_bonus(s, defender, True):
        db.append((die_bonus(s, defender, True),))
    s.effects = tuple(e for e in s.effects if not (
        e.kind in ROLL_KINDS and e.player == (defender if e.kind.startswith("defence") else attacker)))
    cap = p.dice_modified_max
    cap = None if cap is None else int(cap)
    return (apply_bonuses(att, combine_bonuses(*ab), cap),
            apply_bonuses(dfn, combine_bonuses(*db), cap))


# ---------------------------------------------------------------- targets

# ---------------------------------------------------------------- legal plays

# ---------------------------------------------------------------- playing a card

# ---------------------------------------------------------------- move-epidemic

# ---------------------------------------------------------------- reroll

def _can_reroll(s: NapState, seat: int) -> bool:
    tb = s.tables
    return seat >= 0 and not s.is_neutral(seat) and plays_left(s, seat) and any(
        (tb.card_effect[c] or {}).get("kind") == "reroll" for c in s.hands[seat])


def open_reroll(s: NapState, att: Sequence[int], dfn: Sequence[int]) -> bool:
    """napoleon.effects.reroll: right after a roll, a side holding a reroll card may play
    it (the attacker first, then the defender); False when nobody can."""
    pend = s.pending
    for seat in (s.current, s.owner[pend["to"]]):
        if _can_reroll(s, seat):
            s.phase = "reroll"
            s.pending = {"from": pend["from"], "to": pend["to"], "attacker": list(att),
                         "defender": list(dfn), "naval": pend["naval"], "chooser": seat}
            return True
    return False


def reroll_side(s: NapState) -> str:
    return "attacker" if s.pending["chooser"] == s.current else "defender"



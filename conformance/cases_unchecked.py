"""The migration ledger of the frame rule: cases whose steps were written as partial checks.

Since the frame rule (``riskspec.conformance.frame``) every step checks every observable field
of the game: what a step names must hold, everything else must be as it was. The cases below
were written before it and do not yet state how these top-level fields change; the frame
rule leaves exactly these fields out for them (each case says so in its ``unchecked``) and
checks all the others. A case leaves the ledger when its author states the changes; new
cases never enter it (``tests/conformance/test_frame.py``).
"""

from __future__ import annotations

WHY = ("written before the frame rule; checked only where a step names them")

#: case ID → top-level observable fields the frame rule leaves out
UNCHECKED: dict[str, tuple[str, ...]] = {
    "napoleon.cards.effect-limit.001": ("players",),
    "napoleon.cards.effect-limit.002": ("players",),
    "napoleon.cards.effect-limit.003": ("players", "territories",),
    "napoleon.cards.effect-territory-bonus.001": ("players",),
    "napoleon.cards.effect-territory-bonus.002": ("players",),
    "napoleon.cards.effects-ignored-in-trade.001": ("players",),
    "napoleon.combat.epidemic-loss.001": ("phase",),
    "napoleon.combat.epidemic-loss.002": ("phase",),
    "napoleon.combat.epidemic-loss.003": ("phase",),
    "napoleon.combat.epidemic-loss.004": ("phase",),
    "napoleon.effects.attack-die-bonus.001": ("phase", "players",),
    "napoleon.effects.attack-extra-die.001": ("phase", "players", "territories",),
    "napoleon.effects.attack-extra-die.002": ("players",),
    "napoleon.effects.defence-die-bonus.001": ("phase", "players",),
    "napoleon.effects.defence-extra-die.001": ("phase", "players", "territories",),
    "napoleon.effects.defence-extra-die.002": ("phase", "players",),
    "napoleon.effects.extra-land-maneuver.001": ("players", "territories",),
    "napoleon.effects.extra-naval-maneuver.001": ("players", "zones",),
    "napoleon.effects.extra-regiments.001": ("players",),
    "napoleon.effects.free-fortification.001": ("players",),
    "napoleon.effects.free-ships.001": ("players",),
    "napoleon.effects.free-ships.003": ("players", "territories",),
    "napoleon.effects.ignore-epidemic.001": ("players",),
    "napoleon.effects.ignore-fortification.001": ("phase", "players", "territories",),
    "napoleon.effects.move-epidemic.001": ("players",),
    "napoleon.effects.reroll.001": ("phase", "players", "territories",),
    "napoleon.effects.reroll.002": ("phase", "territories",),
    "napoleon.effects.reroll.003": ("phase", "players",),
    "napoleon.epidemics.card-move.001": ("players",),
    "napoleon.epidemics.phase-loss.001": ("current", "phase",),
    "napoleon.epidemics.phase-loss.002": ("current", "phase",),
    "napoleon.epidemics.relocate.001": ("players",),
    "napoleon.setup.epidemics.001": ("territories",),
}

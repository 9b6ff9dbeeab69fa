"""The ledger of Napoléon cases whose start no game can reach, and why (the ``synthetic`` of each case).

A start is reachable when some game played by the rules arrives at it; the checks are
``tests/conformance/test_reachable.py`` (hands no larger than the turns so far can have
drawn, starting regiments that add up during setup, pieces within the supply, …).  Most
Napoléon cases test one rule from a position set up for it; where that position breaks
one of those checks it is listed here, with the fields that break it.
Cases written since say so in their own ``scenario(..., synthetic=...)``.  A ledger, not a
case module: it registers no case; :func:`riskspec.conformance.scenario.load_all` applies it.
"""

from __future__ import annotations

HAND = ("cards put into a hand in the first game turn so that the case tests a card rule at "
        "once; in play a hand that size takes several turns of draws (napoleon.end-of-turn.draws)")
SETUP = ("starting regiments cut short so that setup ends in a few steps; a played setup "
         "starts from setup.starting_units (napoleon.setup.players-and-regiments, "
         "napoleon.basic.starting-units)")

#: case ID → (JSON paths of the start that no game reaches, why)
SYNTHETIC: dict[str, tuple[tuple[str, ...], str]] = {
    # the setup epidemics now come after the leaders (napoleon.amb.setup-epidemic-order): these
    # starts come to them with the starting regiments cut short
    "napoleon.setup.epidemics.001": (('$.players[*].reserve',), SETUP),
    "napoleon.amb.setup-epidemic-redraw.empire.001": (('$.players[*].reserve',), SETUP),
    "napoleon.amb.setup-epidemic-redraw.territory.001": (('$.players[*].reserve',), SETUP),
    "napoleon.amb.setup-epidemic-redraw.territory.501": (('$.players[*].reserve',), SETUP),
    "napoleon.combat.elimination.001": (('$.players[1].cards',), HAND),
    "napoleon.epidemics.relocate.003": (('$.players[1].cards', '$.players[2].cards'), HAND),
    "napoleon.setup.reinforce.001": (('$.players[*].reserve',), SETUP),
    "napoleon.setup.whole-empire-warning.001": (('$.players[*].reserve',), SETUP),
    "napoleon.basic.deal.103": (('$.players[*].reserve',), SETUP),
    "napoleon.basic.end.001": (('$.players[1].cards',), HAND),
    "napoleon.basic.placement.002": (('$.players[*].reserve',), SETUP),
    "napoleon.basic.placement.101": (('$.players[*].reserve',), SETUP),
    "napoleon.basic.placement.102": (('$.players[*].reserve',), SETUP),
    "napoleon.cards.effect-icons.001": (('$.players[0].cards',), HAND),
    "napoleon.cards.effect-limit.001": (('$.players[0].cards',), HAND),
    "napoleon.cards.effect-limit.002": (('$.players[0].cards',), HAND),
    "napoleon.cards.effect-limit.003": (('$.players[0].cards',), HAND),
    "napoleon.cards.effect-territory-bonus.001": (('$.players[0].cards',), HAND),
    "napoleon.cards.effect-territory-bonus.002": (('$.players[0].cards',), HAND),
    "napoleon.cards.effects-ignored-in-trade.001": (('$.players[0].cards',), HAND),
    "napoleon.cards.effects-ignored-in-trade.002": (('$.players[0].cards',), HAND),
    "napoleon.cards.forced-trade.001": (('$.players[0].cards',), HAND),
    "napoleon.cards.reshuffle.001": (('$.players[1].cards',), HAND),
    "napoleon.cards.set-values.002": (('$.players[0].cards',), HAND),
    "napoleon.cards.trade-territory-bonus.001": (('$.players[0].cards',), HAND),
    "napoleon.cards.use-or-trade.001": (('$.players[0].cards',), HAND),
    "napoleon.components.territory-deck.001": (('$.players[0].cards',), HAND),
    "napoleon.effects.attack-die-bonus.001": (('$.players[0].cards',), HAND),
    "napoleon.effects.attack-die-bonus.002": (('$.players[0].cards',), HAND),
    "napoleon.effects.attack-extra-die.001": (('$.players[0].cards',), HAND),
    "napoleon.effects.attack-extra-die.002": (('$.players[0].cards',), HAND),
    "napoleon.effects.defence-die-bonus.001": (('$.players[1].cards',), HAND),
    "napoleon.effects.defence-die-bonus.002": (('$.players[1].cards',), HAND),
    "napoleon.effects.defence-extra-die.001": (('$.players[1].cards',), HAND),
    "napoleon.effects.defence-extra-die.002": (('$.players[1].cards',), HAND),
    "napoleon.effects.extra-land-maneuver.001": (('$.players[0].cards',), HAND),
    "napoleon.effects.extra-land-maneuver.002": (('$.players[0].cards',), HAND),
    "napoleon.effects.extra-naval-maneuver.001": (('$.players[0].cards',), HAND),
    "napoleon.effects.extra-regiments.001": (('$.players[0].cards',), HAND),
    "napoleon.effects.extra-regiments.002": (('$.players[0].cards',), HAND),
    "napoleon.effects.free-ships.001": (('$.players[0].cards',), HAND),
    "napoleon.effects.free-ships.002": (('$.players[0].cards',), HAND),
    "napoleon.effects.free-ships.003": (('$.players[0].cards',), HAND),
    "napoleon.effects.free-ships.004": (('$.players[0].cards',), HAND),
    "napoleon.effects.reroll.001": (('$.players[0].cards',), HAND),
    "napoleon.effects.reroll.002": (('$.players[1].cards',), HAND),
    "napoleon.effects.reroll.003": (('$.players[1].cards',), HAND),
    "napoleon.setup.claim.101": (('$.players[*].reserve',), SETUP),
    "napoleon.setup.claim.102": (('$.players[*].reserve',), SETUP),
}

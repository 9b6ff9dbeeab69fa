"""One-line "Why" of the worked examples whose steps carry no ``explain`` and whose title
and rule do not make one (:func:`riskspec.docsite.checked.why` generates the rest).

Written here, in players' words, never in the generated pages: case ID → the reason the
example ends as it does. The docs site and ``riskspec show`` print it under the title.
"""

from __future__ import annotations

WHY: dict[str, str] = {
    "classic.two-player.starting-armies.001":
        "With two players a third, neutral army joins the game, and each of the three armies "
        "starts with 40 armies to place.",
    "napoleon.end-of-turn.draws.001":
        "The player conquered a territory this turn (an invasion) and holds the whole western "
        "empire: each condition earns one card, so two cards are drawn.",
    "napoleon.reinforce.routes.001":
        "Two territories and two zones count 4, below the minimum of 3 regiments; the western "
        "empire adds 2 and the whole maritime route 4: 9 regiments to place.",
    "napoleon.effects.move-epidemic.002":
        "The card moves an epidemic one step, to a territory bordering the one it is in; a "
        "territory further away, or one without an epidemic to move, is refused.",
    "napoleon.effects.attack-die-bonus.001":
        "The card is played before the attack: the attacker's highest die counts one more in "
        "the next roll.",
    "napoleon.effects.defence-die-bonus.001":
        "The defender plays the card when choosing dice, before the roll: the defender's "
        "highest die counts one more.",
    "napoleon.effects.extra-naval-maneuver.601":
        "Ukraine's card lets its holder make a second naval maneuver in the same turn, after "
        "the one every player may make.",
}

"""Every error code the reference engine refuses an action with, with what it means and what
to do: the vocabulary of the protocol's ``error.code`` (``riskspec codes``, the docs' error
codes page).

Two kinds.  A malformed action (``invalid-action``) gets a code of
:data:`riskspec.reference.actions.PARSE_CODES`, the same in every family.  A well-formed
action a rule forbids (``illegal-action``) gets a code of :data:`REFUSALS` and the ID of the
rule (the protocol's ``error.rule``).  Which functions raise each code, citing which rules,
is read from the engine's source by :mod:`riskspec.reference.citations`; a test checks that
this list and the source agree, code for code.
"""

from __future__ import annotations

import fnmatch
from typing import TypedDict

from riskspec.reference.actions import PARSE_CODES
from riskspec.reference.citations import raised_codes

#: rule-refusal code → (what it means, what to do instead)
REFUSALS: dict[str, tuple[str, str]] = {
    # the turn: an action no handler of the phase takes
    "game-over": ("the game has ended: no action is taken any more",
                  "start a new game (or load a state that is not over)"),
    "chance-node": ("a chance outcome (roll, draw, deal …) is due, not a player's action",
                    "apply one of chance_outcomes"),
    "not-chance-node": ("a chance outcome was applied while a player is to act",
                        "apply one of legal_actions; outcomes come only at chance nodes"),
    "wrong-phase": ("the action type is not one of the phase's",
                    "apply an action of the current phase (legal_actions lists them)"),
    # setup
    "not-a-player": ("the seat drawn to start is not one of the players (the neutral army, "
                     "a seat out of the game)", "draw among the players' seats"),
    "occupied": ("the territory is already claimed or dealt", "claim or deal a free territory"),
    "already-dealt": ("the territory has been dealt already", "deal a territory not dealt yet"),
    "not-owner": ("the territory, zone or place is not the acting player's (or not the "
                  "captor's, for a ransom)", "act on a place the rule lets that player use"),
    "no-own-armies": ("the player has no setup armies left to place",
                      "place the neutral's armies, or let the next player place"),
    "no-neutral-armies": ("the neutral army has no setup armies left",
                          "place your own armies"),
    "not-neutral": ("a neutral placement on a territory the neutral army does not hold",
                    "place the neutral's armies on its own territories"),
    "wrong-army": ("the placement is of the wrong army (own armies when the neutral's are "
                   "due, or the other way round)", "place the army the turn of setup is for"),
    "territory-full": ("the territory holds the most armies a setup placement allows",
                       "place elsewhere"),
    "general-first": ("a fortification is placed before the generals of the setup",
                      "place the generals first"),
    "none-left": ("no general or fortification of the setup is left to place",
                  "go on with the setup's next step"),
    "no-setup-ships": ("ships may not be placed during this setup (setup.ships)",
                       "place armies; ships come with reinforcements"),
    "draw-a-card": ("an epidemic of the setup must be relocated by a card draw",
                    "apply the draw outcome"),
    "not-eligible": ("the territory may not take the setup epidemic", "pick an eligible one"),
    "not-a-relocation": ("no setup epidemic is being relocated", "apply the phase's outcome"),
    # missions
    "mission-dealt": ("that mission card is dealt already", "deal a card still in the deck"),
    "mission-removed": ("the mission is out of the deck in this game (its colour is absent)",
                        "deal one of the missions in play"),
    "wrong-recipient": ("the mission is dealt to a player other than the one due",
                        "deal to the player whose card is due"),
    "wrong-player": ("the card is dealt to another player than the one due",
                     "deal to the player whose card is due"),
    "not-in-deck": ("the mission is not in the deck it is dealt from",
                    "deal a mission of that level's deck"),
    # cards
    "not-in-hand": ("a card of the set is not in the player's hand",
                    "trade cards you hold"),
    "not-your-cards": ("a card traded or played is not in the player's hand",
                       "trade or play cards you hold"),
    "set-size": ("a set has the wrong number of cards", "trade as many cards as a set holds"),
    "not-a-set": ("the cards are neither all alike nor one of each symbol",
                  "trade three alike or one of each (wilds stand for any)"),
    "too-many-wilds": ("the set holds more wild cards (jokers) than a set may",
                       "trade a set with at most the allowed wilds"),
    "trade-too-late": ("cards are traded after the reinforcements of the turn",
                       "trade at the start of the turn, before placing"),
    "trade-not-forced": ("a trade after an elimination when no trade is forced",
                         "go on with the attack"),
    "forced-trade": ("the player holds too many cards and must trade before anything else",
                     "trade a set first"),
    "must-trade": ("the player holds too many cards and must trade before anything else",
                   "trade a set first"),
    "bonus-territory-required": ("the set shows territories the player holds but names none "
                                 "for the bonus", "name one of them as bonus_territory"),
    "bonus-territory-invalid": ("the bonus territory is not a territory of the set the player "
                                "holds", "name a territory shown on a traded card you hold"),
    "no-bonus-due": ("a bonus territory is named where no bonus is due (none shown held, "
                     "or the turn's bonus was had)", "trade with bonus_territory null"),
    "not-in-pile": ("the card drawn is not in the draw pile", "draw a card of the pile"),
    "no-effect": ("the card has no effect to play (a joker is only traded)",
                  "trade it in a set instead"),
    "not-now": ("the card's effect is played in another window of the turn",
                "play it when its icon's window opens"),
    "set-only": ("the card counts only inside a traded set", "trade it in a set"),
    "effect-limit": ("no more cards may be played for their effect in this phase",
                     "go on without playing"),
    "targets": ("the card is played with the wrong targets (a territory, a pair or zones "
                "given or missing)", "give exactly the targets its effect takes"),
    "not-a-target": ("the pair is not a target of the card's effect now",
                     "pick a pair the effect may act on"),
    "no-use": ("the card's effect can do nothing now", "play it when it can act"),
    # reinforcements and purchases
    "nothing-to-place": ("no reinforcements are left to place", "go on to the attack"),
    "cannot-afford": ("too few reinforcements are left to pay the price",
                      "buy within what is left to place"),
    "no-ships": ("ships are not used in this game", "place armies"),
    "not-a-zone": ("a ship or admiral goes in a maritime zone, and the place is not one",
                   "name a zone"),
    "not-a-territory": ("a general or fortification goes on a territory, and the place is "
                        "not one", "name a territory"),
    "not-coastal": ("the zone does not touch one of the player's territories",
                    "build in a zone next to your territory"),
    "enemy-zone": ("the zone holds another player's ships", "build in a free or own zone"),
    "ship-limit": ("no ship is left in the player's supply", "build fewer ships"),
    "no-supply": ("no piece of that kind is left in the player's supply", "buy another kind"),
    "no-regiments": ("the territory has no regiments to hold the piece", "pick one you hold "
                     "with armies"),
    "advanced-only": ("the purchase or play belongs to the Advanced Rules",
                      "play the Advanced Rules variant to use it"),
    "general-limit": ("the player has as many generals on the board as the rules allow",
                      "buy or ransom one when a general is lost"),
    "admiral-limit": ("the player has as many admirals on the board as the rules allow",
                      "buy or ransom one when an admiral is lost"),
    "fortification-limit": ("the player has as many fortifications as the rules allow",
                            "buy another kind"),
    "fortified": ("the territory holds the most fortifications allowed",
                  "fortify another territory"),
    "epidemic": ("an epidemic is on the territory, and it forbids that",
                 "pick a territory without an epidemic"),
    # leaders and ransoms
    "no-captive": ("the captor holds no captured leader of that kind", "ransom another"),
    "not-ransomable": ("the captive may not be ransomed now", "ransom when the rule allows"),
    "not-all-captured": ("a ransom is asked before every such leader is captured",
                         "ransom when the rule allows"),
    "leaders": ("more leaders move than the place holds", "move at most the leaders there"),
    "no-leader": ("a leader maneuver moves no leader", "move at least one leader"),
    "leader-moved": ("the leader moved already this turn", "move another leader"),
    "not-present": ("more units move with the leader than are there",
                    "move at most the units present"),
    "alone": ("the move would leave a leader alone (without armies)",
              "leave armies with the leader, or move it along"),
    # attack, battle, conquest
    "own-territory": ("the attack is on one of the player's own territories",
                      "attack an enemy territory"),
    "not-enemy": ("the target is not an enemy's", "attack an enemy territory or zone"),
    "not-adjacent": ("the two places do not border each other (by land or by the sea "
                     "route the rule allows)", "attack or land on a neighbour"),
    "too-few-armies": ("the attacking territory has too few armies (one must stay)",
                       "attack from a territory with more than one army"),
    "too-few": ("too few armies to attack with what must stay behind",
                "attack from a stronger place"),
    "too-many-dice": ("more dice than the armies (or the rule's limit) allow",
                      "roll at most the allowed dice"),
    "dice": ("the dice are not those the battle allows (their number, or a roll with other "
             "counts than announced)", "roll the dice announced, within the limits"),
    "dice-count": ("the roll has other counts of dice than the attack and defence announced",
                   "roll exactly the dice announced"),
    "naval-after-land": ("a naval battle after a land battle of the turn",
                         "fight naval battles first"),
    "forced-combat": ("a forced naval battle must be fought first",
                      "fight the forced battle"),
    "no-forced-combat": ("there is no forced battle in that zone",
                         "attack as the turn allows"),
    "not-empty": ("an invasion of a place that is not empty", "attack it instead"),
    "armies": ("the number of armies moved is outside what the rule allows",
               "move a number within the range (legal_actions lists them)"),
    "move-in-range": ("the armies moved into a conquered territory are fewer than the dice "
                      "rolled or leave none behind", "move between the dice and all but one"),
    # fortify and maneuver
    "not-own": ("the fortification moves from or to a territory the player does not hold",
                "move between your own territories"),
    "no-path": ("the territories are not joined as the rule asks (neighbours, or a chain of "
                "your own)", "move along what the fortify rule allows"),
    "leave-one": ("the move would leave no army behind", "leave at least one army"),
    "not-connected": ("no maneuver route joins the two places", "maneuver along your own "
                      "connected places"),
}

#: every code: code → (kind, what it means, what to do)
CODES: dict[str, tuple[str, str, str]] = {
    **{c: ("invalid-action", *v) for c, v in PARSE_CODES.items()},
    **{c: ("illegal-action", *v) for c, v in REFUSALS.items()},
}


class Row(TypedDict):
    """One code of :func:`table`."""

    code: str
    kind: str               # invalid-action or illegal-action
    means: str
    todo: str
    rules: list[str]        # the rules it is raised citing
    functions: list[str]    # the engine functions raising it (module:function)
    families: list[str]


#: engine modules every family runs (a code raised there is raised in every family)
SHARED = ("riskspec.reference.family:", "riskspec.reference.engine:", "riskspec.reference.actions:")


def _families_of(function: str) -> tuple[str, ...]:
    if function.startswith(SHARED):
        return ("classic", "napoleon")
    return ("napoleon",) if ".napoleon." in function else ("classic",)


def table() -> list[Row]:
    """Every code with its kind, meaning, what to do, and — read from the engine's source —
    the rules it is raised citing and the functions that raise it."""
    raised = raised_codes()
    rows: list[Row] = []
    for code, (kind, means, todo) in CODES.items():
        rules: set[str] = set()
        functions: list[str] = []
        for found, info in raised.items():
            if found == code or ("*" in found and fnmatch.fnmatchcase(code, found)):
                rules |= info.rules
                functions += [f for f in info.functions if f not in functions]
        families = (["classic", "napoleon"] if kind == "invalid-action" else
                    sorted({fam for f in functions for fam in _families_of(f)}))
        rows.append(Row(code=code, kind=kind, means=means, todo=todo, rules=sorted(rules),
                        functions=functions, families=families))
    return rows

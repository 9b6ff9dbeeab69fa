"""The rule IDs the reference engine cites: when it refuses an action, and in the
``@cites`` decorator of a function that implements a rule without refusing anything.

Every :class:`~riskspec.errors.IllegalActionError` raised by the engine names
one of these in its ``rule`` field: IDs of ``spec/classic/rules.yaml``.  A test
(``tests/engine/test_rule_ids.py``) checks that each one exists in the spec and
that the engine's source cites no rule ID that is not listed here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., object])


def cites(*rules: str) -> Callable[[F], F]:
    """Mark a function as implementing ``rules`` (rule-ID constants): the citation that
    :mod:`riskspec.reference.citations` reads for *rule → code in one hop* (``riskspec
    explain RULE``, each rule's docs page).  The function itself is returned unchanged, its
    rules kept in ``__rules__``; nothing else happens."""
    def mark(fn: F) -> F:
        setattr(fn, "__rules__", tuple(getattr(fn, "__rules__", ())) + rules)  # noqa: B010
        return fn
    return mark

# Turn structure: which actions belong to which phase (and to a chance node).
TURN_SEQUENCE = "classic.turn.sequence"

# Setup
SETUP_FIRST_PLACER = "classic.setup.first-placer"
SETUP_CLAIM = "classic.setup.claim-territories"
SETUP_DEAL = "classic.setup.deal-territories"
SETUP_PLACEMENT = "classic.setup.placement-rounds"
TWO_PLAYER_DEAL = "classic.two-player.deal"
TWO_PLAYER_PLACEMENT = "classic.two-player.placement"

# Reinforcements and cards
REINFORCE_PLACE = "classic.reinforce.place"
CARDS_OPTIONAL_TRADE = "classic.cards.optional-trade"      # one trades a set one holds
CARDS_VALID_SETS = "classic.cards.valid-sets"
CARDS_TRADE_TIMING = "classic.cards.trade-timing"
CARDS_TERRITORY_BONUS = "classic.cards.territory-bonus"
CARDS_TERRITORY_BONUS_LIMIT = "classic.cards.territory-bonus-limit"
CARDS_FORCED_TRADE = "classic.cards.forced-trade"
CARDS_EARN = "classic.cards.earn"
ELIMINATION_FORCED_TRADE = "classic.elimination.forced-trade"

# Attack
ATTACK_ADJACENCY = "classic.attack.adjacency"
ATTACK_MIN_ARMIES = "classic.attack.min-armies"
ATTACK_ATTACKER_DICE = "classic.attack.attacker-dice"
ATTACK_DEFENDER_DICE = "classic.attack.defender-dice"
ATTACK_COMPARE = "classic.attack.compare"

# Conquest
CONQUEST_MOVE_IN = "classic.conquest.move-in"
CONQUEST_LEAVE_ONE = "classic.conquest.leave-one"

# Fortify
FORTIFY_ONE_MOVE = "classic.fortify.one-move"
FORTIFY_PATH = "classic.fortify.path"
FORTIFY_LEAVE_ONE = "classic.fortify.leave-one"

# Missions
MISSIONS_DEAL = "classic.missions.deal"
MISSIONS_ABSENT_COLOURS = "classic.missions.absent-colours"

# The rules a function implements without refusing anything: cited with @cites (below).
COMPONENTS_BOARD = "classic.components.board"
COMPONENTS_CARD_DECK = "classic.components.card-deck"
SETUP_PLAYERS = "classic.setup.players"
SETUP_STARTING_ARMIES = "classic.setup.starting-armies"
SETUP_NO_STACK_LIMIT = "classic.setup.no-stack-limit"
SETUP_DRAW_PILE = "classic.setup.draw-pile"
SETUP_FIRST_TURN = "classic.setup.first-turn"
TWO_PLAYER_MODE = "classic.two-player.mode"
TWO_PLAYER_STARTING_ARMIES = "classic.two-player.starting-armies"
TWO_PLAYER_NEUTRAL_PASSIVE = "classic.two-player.neutral-passive"
TWO_PLAYER_NEUTRAL_DEFENDER = "classic.two-player.neutral-defender"
TWO_PLAYER_VICTORY = "classic.two-player.victory"
TWO_PLAYER_HEAD_TO_HEAD = "classic.two-player.head-to-head"
TURN_ORDER = "classic.turn.order"
REINFORCE_MINIMUM = "classic.reinforce.minimum"
REINFORCE_CONTINENT_BONUS = "classic.reinforce.continent-bonus"
REINFORCE_COUNT_TIME = "classic.reinforce.count-time"
CARDS_SET_VALUES = "classic.cards.set-values"
CARDS_SET_COUNT_GLOBAL = "classic.cards.set-count-global"
CARDS_SET_VALUE_INCREMENT = "classic.cards.set-value-increment"
CARDS_DISCARDS = "classic.cards.discards"
ATTACK_OPTIONAL = "classic.attack.optional"
ATTACK_DECLARE = "classic.attack.declare"
ATTACK_TIES = "classic.attack.ties"
ATTACK_LOSSES = "classic.attack.losses"
ATTACK_REPEAT = "classic.attack.repeat"
CONQUEST_CAPTURE = "classic.conquest.capture"
CONQUEST_ALWAYS_OCCUPIED = "classic.conquest.always-occupied"
ELIMINATION_OUT = "classic.elimination.out"
ELIMINATION_TAKE_CARDS = "classic.elimination.take-cards"
FORTIFY_OPTIONAL = "classic.fortify.optional"
FORTIFY_ENDS_TURN = "classic.fortify.ends-turn"
VICTORY_DOMINATION = "classic.victory.domination"
MISSIONS_MODE = "classic.missions.mode"
MISSIONS_DECK = "classic.missions.deck"
MISSIONS_SETUP = "classic.missions.setup"
MISSIONS_VICTORY = "classic.missions.victory"
MISSIONS_OWN_COLOUR = "classic.missions.own-colour"
MISSIONS_TARGET_ELIMINATED = "classic.missions.target-eliminated"
MISSIONS_CONDITIONS = "classic.missions.conditions"

#: every rule ID above, for the tests
ALL: tuple[str, ...] = tuple(v for k, v in sorted(globals().items())
                             if k.isupper() and isinstance(v, str) and v.startswith("classic."))

"""The rule IDs the reference engine cites when it refuses an action.

Every :class:`~riskspec.errors.IllegalActionError` raised by the engine names
one of these in its ``rule`` field: IDs of ``spec/classic/rules.yaml``.  A test
(``tests/engine/test_rule_ids.py``) checks that each one exists in the spec and
that the engine's source cites no rule ID that is not listed here.
"""

from __future__ import annotations

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

#: every rule ID above, for the tests
ALL: tuple[str, ...] = tuple(v for k, v in sorted(globals().items())
                             if k.isupper() and isinstance(v, str) and v.startswith("classic."))

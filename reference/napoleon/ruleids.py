"""The rule IDs the Napoléon reference engine cites.

Every :class:`~riskspec.errors.IllegalActionError` the Napoléon engine raises, and
every event that names a rule, uses one of these: IDs of ``spec/napoleon/rules.yaml``,
one constant each.  The Classic engine's are in :mod:`riskspec.reference.ruleids`.
A test (``tests/engine/test_rule_ids.py``) checks that each one exists in the spec and
that no module of ``reference/`` outside the two ``ruleids`` modules writes a rule ID
(ambiguity IDs, ``*.amb.*``, excepted).
"""

from __future__ import annotations

from riskspec.reference.ruleids import cites as cites  # the one citation decorator

# basic
BASIC_DEAL = "napoleon.basic.deal"
BASIC_END = "napoleon.basic.end"
BASIC_NEUTRAL_DEFENCE = "napoleon.basic.neutral-defence"
BASIC_PLACEMENT = "napoleon.basic.placement"
BASIC_TURN = "napoleon.basic.turn"

# cards
CARDS_EFFECT_ICONS = "napoleon.cards.effect-icons"
CARDS_EFFECT_LIMIT = "napoleon.cards.effect-limit"
CARDS_EFFECTS_IGNORED_IN_TRADE = "napoleon.cards.effects-ignored-in-trade"
CARDS_FORCED_TRADE = "napoleon.cards.forced-trade"
CARDS_JOKERS = "napoleon.cards.jokers"
CARDS_SET_VALUES = "napoleon.cards.set-values"
CARDS_USE_OR_TRADE = "napoleon.cards.use-or-trade"

# combat
COMBAT_ATTACK_FROM = "napoleon.combat.attack-from"
COMBAT_CONQUEST = "napoleon.combat.conquest"
COMBAT_DICE = "napoleon.combat.dice"
COMBAT_EMPTY_TERRITORY = "napoleon.combat.empty-territory"
COMBAT_EPIDEMIC_LOSS = "napoleon.combat.epidemic-loss"
COMBAT_NAVAL_FIRST = "napoleon.combat.naval-first"

# effects
EFFECTS_ATTACK_DIE_BONUS = "napoleon.effects.attack-die-bonus"
EFFECTS_ATTACK_EXTRA_DIE = "napoleon.effects.attack-extra-die"
EFFECTS_DEFENCE_DIE_BONUS = "napoleon.effects.defence-die-bonus"
EFFECTS_DEFENCE_EXTRA_DIE = "napoleon.effects.defence-extra-die"
EFFECTS_EXTRA_LAND_MANEUVER = "napoleon.effects.extra-land-maneuver"
EFFECTS_EXTRA_NAVAL_MANEUVER = "napoleon.effects.extra-naval-maneuver"
EFFECTS_EXTRA_REGIMENTS = "napoleon.effects.extra-regiments"
EFFECTS_FREE_FORTIFICATION = "napoleon.effects.free-fortification"
EFFECTS_FREE_SHIPS = "napoleon.effects.free-ships"
EFFECTS_IGNORE_EPIDEMIC = "napoleon.effects.ignore-epidemic"
EFFECTS_IGNORE_FORTIFICATION = "napoleon.effects.ignore-fortification"
EFFECTS_MOVE_EPIDEMIC = "napoleon.effects.move-epidemic"
EFFECTS_REROLL = "napoleon.effects.reroll"

# end-of-turn
END_OF_TURN_DRAWS = "napoleon.end-of-turn.draws"

# epidemics
EPIDEMICS_CARD_MOVE = "napoleon.epidemics.card-move"
EPIDEMICS_PHASE_LOSS = "napoleon.epidemics.phase-loss"
EPIDEMICS_RELOCATE = "napoleon.epidemics.relocate"

# leaders
LEADERS_ACCOMPANY = "napoleon.leaders.accompany"
LEADERS_CAPTURE_VP = "napoleon.leaders.capture-vp"
LEADERS_RANSOM = "napoleon.leaders.ransom"

# maneuver
MANEUVER_LAND = "napoleon.maneuver.land"
MANEUVER_LEADERS = "napoleon.maneuver.leaders"
MANEUVER_NAVAL = "napoleon.maneuver.naval"

# missions
MISSIONS_ONE_PER_LEVEL = "napoleon.missions.one-per-level"
MISSIONS_REPLACE = "napoleon.missions.replace"

# naval
NAVAL_BATTLE_RULES = "napoleon.naval.battle-rules"
NAVAL_FIGHT_TO_END = "napoleon.naval.fight-to-end"
NAVAL_FORCED_COMBAT = "napoleon.naval.forced-combat"
NAVAL_LANDING = "napoleon.naval.landing"
NAVAL_ZONE_CONTROL = "napoleon.naval.zone-control"

# reinforce
REINFORCE_EMPIRES = "napoleon.reinforce.empires"
REINFORCE_PURCHASES = "napoleon.reinforce.purchases"
REINFORCE_ROUTES = "napoleon.reinforce.routes"
REINFORCE_TERRITORIES = "napoleon.reinforce.territories"

# scoring
SCORING_TIE_BREAK = "napoleon.scoring.tie-break"
SCORING_WINNER = "napoleon.scoring.winner"

# setup
SETUP_CARD_TABLE = "napoleon.setup.card-table"
SETUP_CLAIM = "napoleon.setup.claim"
SETUP_EPIDEMICS = "napoleon.setup.epidemics"
SETUP_MISSIONS = "napoleon.setup.missions"
SETUP_GENERAL_FORT = "napoleon.setup.place-general-and-fortification"
SETUP_REINFORCE = "napoleon.setup.reinforce"

# turn
TURN_PHASES = "napoleon.turn.phases"

# units
UNITS_ADMIRALS = "napoleon.units.admirals"
UNITS_FORTIFICATIONS = "napoleon.units.fortifications"
UNITS_GENERALS = "napoleon.units.generals"
UNITS_SHIPS = "napoleon.units.ships"

# cited with @cites (riskspec.reference.ruleids.cites) by the functions implementing them
COMPONENTS_BOARD = "napoleon.components.board"
COMPONENTS_ADJACENCY = "napoleon.components.adjacency"
COMPONENTS_TOKENS = "napoleon.components.tokens"
COMPONENTS_TERRITORY_DECK = "napoleon.components.territory-deck"
BASIC_PLAYERS = "napoleon.basic.players"
BASIC_STARTING_UNITS = "napoleon.basic.starting-units"
BASIC_PIECES = "napoleon.basic.pieces"
SETUP_PLAYERS_AND_REGIMENTS = "napoleon.setup.players-and-regiments"
SETUP_FIRST_PLAYER = "napoleon.setup.first-player"
SETUP_WHOLE_EMPIRE_WARNING = "napoleon.setup.whole-empire-warning"
TURN_TIME_TRACK = "napoleon.turn.time-track"
CARDS_EFFECT_TERRITORY_BONUS = "napoleon.cards.effect-territory-bonus"
CARDS_TRADE_TERRITORY_BONUS = "napoleon.cards.trade-territory-bonus"
CARDS_RESHUFFLE = "napoleon.cards.reshuffle"
COMBAT_COMPARE = "napoleon.combat.compare"
COMBAT_GENERAL_BONUS = "napoleon.combat.general-bonus"
COMBAT_FORTIFICATION_BONUS = "napoleon.combat.fortification-bonus"
COMBAT_BONUS_STACKING = "napoleon.combat.bonus-stacking"
COMBAT_MODIFIED_DICE = "napoleon.combat.modified-dice"
COMBAT_FORTIFICATION_DESTROYED = "napoleon.combat.fortification-destroyed"

#: card-effect kind (``cards.effects`` of the spec) → the rule that governs it
EFFECT_RULES: dict[str, str] = {
    "extra-regiments": EFFECTS_EXTRA_REGIMENTS,
    "free-ships": EFFECTS_FREE_SHIPS,
    "free-fortification": EFFECTS_FREE_FORTIFICATION,
    "attack-die-bonus": EFFECTS_ATTACK_DIE_BONUS,
    "attack-extra-die": EFFECTS_ATTACK_EXTRA_DIE,
    "ignore-fortification": EFFECTS_IGNORE_FORTIFICATION,
    "ignore-epidemic": EFFECTS_IGNORE_EPIDEMIC,
    "defence-die-bonus": EFFECTS_DEFENCE_DIE_BONUS,
    "defence-extra-die": EFFECTS_DEFENCE_EXTRA_DIE,
    "reroll": EFFECTS_REROLL,
    "extra-land-maneuver": EFFECTS_EXTRA_LAND_MANEUVER,
    "extra-naval-maneuver": EFFECTS_EXTRA_NAVAL_MANEUVER,
    "move-epidemic": EFFECTS_MOVE_EPIDEMIC,
}

#: every rule ID above, for the tests
ALL: tuple[str, ...] = tuple(v for k, v in sorted(globals().items())
                             if k.isupper() and isinstance(v, str) and v.startswith("napoleon."))

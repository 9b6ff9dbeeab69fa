"""Every spec parameter the Napoléon engine reads, typed and checked once per ruleset.

:class:`NapParams` is Napoléon's counterpart of Classic's
:class:`riskspec.reference.tables.Params`: one field per spec parameter (``section.name`` →
``section_name``), built by :func:`read_params` from a ruleset's parameters — the engine
holds no rule number of its own — and checked when built (also by ``dataclasses.replace``)
by the shared :class:`~riskspec.reference.params.ParamReader`, against the Napoléon table of
``schemas/parameters.schema.json``: its type and range, and for a reading that this engine
implements it (every reading the schema lists but those of :data:`NOT_IMPLEMENTED`); then
the few cross-checks (a turn-limited game names its turn limit).

A bad value raises :class:`~riskspec.errors.OptionError` naming the parameter, its value
and what the engine accepts.  This module imports nothing of the Napoléon engine (bottom
layer).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from riskspec.errors import OptionError
from riskspec.reference.params import ParamReader

#: parameter → the schema's readings this engine does not implement yet (new_game refuses
#: them with an OptionError)
NOT_IMPLEMENTED: dict[str, tuple[Any, ...]] = {
    "basic.pieces": ("all",),
    "cards.set_value_mode": ("escalating",),
    "naval.forced_attack_on_build": (False,),
    "missions.reveal": ("player-chooses",),
    "missions.end_bonus": ("at-once",),
    "setup.leader_placement": ("one-by-one",),
    "leaders.alone": ("may-stand-alone",),
}

READER = ParamReader("napoleon", "the reference engine's Napoléon", NOT_IMPLEMENTED)


@dataclass(frozen=True, slots=True)
class NapParams:
    """Every spec parameter the Napoléon engine reads, by its spec name (dots → underscores)."""

    # the game played
    game_mode: str
    game_turn_limit: int | None
    basic_pieces: str
    basic_victory: str
    basic_turn_limit: int | None
    basic_tie_break: str
    # setup
    setup_distribution: str
    setup_starting_units: Mapping[str, int]
    setup_neutral_players: int
    setup_neutral_units: int
    setup_deal_cards_player: int
    setup_deal_cards_neutral: int
    setup_placement_per_turn: int
    setup_neutral_placement_per_turn: int
    setup_neutral_placement_by: str
    setup_max_units_per_territory: int | None
    setup_ships_allowed: bool
    setup_card_table_mode: str
    setup_card_table_values: tuple[int, ...]
    setup_epidemics: int
    setup_epidemics_max_per_empire: int
    setup_epidemics_redraw: str
    setup_epidemics_moment: str
    setup_generals_per_player: int
    setup_fortifications_per_player: int
    setup_missions_per_level: int
    setup_leader_placement: str
    turn_first_player: str
    turn_first_turn_missions: bool
    # reinforcements and purchases
    reinforce_territory_divisor: int
    reinforce_territory_rounding: str
    reinforce_minimum: int
    reinforce_minimum_applies_to: str
    reinforce_counts_zones: bool
    reinforce_fortification_regiments: int
    costs_ship: int
    costs_general: int
    costs_admiral: int
    costs_fortification: int
    ships_max_per_player: int | None
    # cards
    cards_set_value_mode: str
    cards_set_values_fixed: Mapping[str, int]
    cards_max_wilds_per_set: int
    cards_territory_bonus: int
    cards_territory_bonus_limit: str
    cards_territory_bonus_on_effect: bool
    cards_in_set_bonus_card_alone: bool
    cards_effect_plays_per_phase: int | None
    cards_forced_trade_at: int
    cards_forced_trade_until: str
    cards_elimination_trade_at: int
    cards_elimination_trade_until: int
    cards_elimination_trade_timing: str
    cards_reshuffle_discards: bool
    # combat
    attack_min_units: int
    attack_max_attacker_dice: int
    attack_max_defender_dice: int
    attack_defender_dice: str
    attack_dice_sides: int
    attack_ties: str
    neutral_defender_dice: str
    dice_modified_max: int | None
    combat_naval_first: bool
    conquest_min_move: str
    naval_fight_to_end: str
    naval_forced_attack_on_build: bool
    naval_min_ships_left: int
    naval_landing_min_ships: int
    naval_landing_max_zones: int
    # maneuvers
    maneuver_min_left: int
    maneuver_land_moves: int
    maneuver_naval_moves: int
    maneuver_path: str
    maneuver_per_general: int
    maneuver_per_admiral: int
    # end of the turn
    end_turn_draw_for_invasion: bool
    end_turn_draw_for_control: bool
    end_turn_draw_for_mission: bool
    end_turn_draw_mode: str
    end_turn_max_draws: int
    end_turn_empty_invasion_counts: bool
    end_turn_empty_invasion_forfeits: bool
    end_turn_neutral_invasion_counts: bool
    end_turn_zone_invasion_counts: bool
    # leaders, fortifications, ransom (Advanced Rules)
    generals_max: int
    generals_bonus_by_count: Mapping[str, tuple[int, ...]]
    generals_attack_bonus_scope: str
    generals_capture_on_attack: str
    admirals_max: int
    admirals_bonus_by_count: Mapping[str, tuple[int, ...]]
    leaders_limit_counts: str
    leaders_alone: str
    leaders_capture_vp: int
    leaders_loss_vp: int
    fortifications_defence_bonus: tuple[int, ...]
    fortifications_destroyed_on: str
    fortifications_max_per_territory: int
    fortifications_supply: int | None
    fortifications_build_in_epidemic: bool
    ransom_applies_to: str
    ransom_requires_all_captured: bool
    ransom_cost_per_leader: int
    ransom_captor_regiments: int
    ransom_vp_on_return: str
    # epidemics
    epidemics_attack_loss: int
    epidemics_attack_loss_per: str
    epidemics_attack_loss_trigger: str
    epidemics_card_move_loss: int
    epidemics_phase_loss: int
    epidemics_phase_loss_per: str
    epidemics_timing: str
    epidemics_emptied_moves: str
    epidemics_empty_territory: str
    epidemics_elimination_cards: str
    # missions
    missions_decks: Mapping[str, str]
    missions_check_points: str
    missions_per_level_per_turn: int
    missions_per_level_scope: str
    missions_lasting_bonus_resumes: bool
    missions_final_check: str
    missions_empty_deck: str
    missions_reveal: str
    missions_end_bonus: str
    # capitals (optional rule)
    capitals_enabled: bool
    capitals_from_turn: int
    capitals_count_meaning: str
    capitals_stack_with_empire: bool
    capitals_card_tradeoff: str
    capitals_vp: bool
    # victory points and the winner
    vp_empire_scoring: str
    vp_routes_score: bool
    vp_territory_scoring: str
    vp_territory_divisor: int
    vp_floor: int | None
    scoring_regiments_count: str
    scoring_tiebreak: tuple[str, ...]
    #: the Advanced Rules are played (``game.mode`` = 'advanced'); derived, not a parameter
    is_advanced: bool = field(init=False, compare=False)

    def __post_init__(self) -> None:
        READER.check(self)
        if self.basic_victory == "most-territories" and self.basic_turn_limit is None:
            raise OptionError("basic.victory = most-territories needs basic.turn_limit")
        advanced = self.game_mode == "advanced"
        if advanced and self.game_turn_limit is None:
            raise OptionError("game.mode = advanced needs game.turn_limit (the game's length)")
        object.__setattr__(self, "is_advanced", advanced)

    def cost_of(self, piece: str) -> int:
        """The price in regiments of a ``piece``: 'ship', 'general', 'admiral' or
        'fortification' (``costs.<piece>``)."""
        return {"ship": self.costs_ship, "general": self.costs_general,
                "admiral": self.costs_admiral, "fortification": self.costs_fortification}[piece]

    @property
    def ships_in_play(self) -> bool:
        """Ships (and maritime zones) are used: every game but the basic one without them."""
        return self.basic_pieces != "none"

    @property
    def turn_limit(self) -> int | None:
        """The last game turn: the Advanced game's length, or the basic game's limit (None:
        the basic game runs until a player wins)."""
        return self.game_turn_limit if self.is_advanced else self.basic_turn_limit


def dotted(field_name: str) -> str:
    """The spec name of a :class:`NapParams` field (``end_turn_max_draws`` → ``end_turn.max_draws``)."""
    return READER.spec_name(field_name)


def read_params(params: Mapping[str, Any]) -> NapParams:
    """The :class:`NapParams` of a ruleset's parameters; :class:`OptionError` names the first
    missing or bad one."""
    return NapParams(**READER.read(NapParams, params, "the Napoléon variant"))


#: parameter → the readings this engine implements (the schema's, less NOT_IMPLEMENTED)
SUPPORTED: dict[str, tuple[Any, ...]] = READER.get_readings_table()

"""Every spec parameter the Napoléon engine reads, typed and checked once per ruleset.

:class:`NapParams` is Napoléon's counterpart of Classic's
:class:`riskspec.reference.tables.Params`: one field per spec parameter (``section.name`` →
``section_name``), built by :func:`read_params` from a ruleset's parameters — the engine
holds no rule number of its own — and checked when built (also by ``dataclasses.replace``):

* its type (``int``, ``bool``, ``str``, ``int | None``, a list of numbers or names, a table
  by number or by name), and for a number its least value (:data:`MINIMUM`, else 0);
* for a reading, that this engine implements it (:data:`SUPPORTED`);
* the few cross-checks (a turn-limited game names its turn limit).

A bad value raises :class:`~riskspec.errors.OptionError` naming the parameter, its value
and what the engine accepts.  This module imports nothing of the engine (bottom layer).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from riskspec.errors import OptionError

#: parameter → readings this engine implements (others raise OptionError at new_game)
SUPPORTED: dict[str, tuple[Any, ...]] = {
    "game.mode": ("basic", "advanced"),
    "basic.pieces": ("none", "ships"),
    "basic.victory": ("eliminate-opponent", "all-territories", "most-territories"),
    "basic.tie_break": ("regiments", "shared"),
    "setup.distribution": ("deal", "claim"),
    "setup.neutral_placement_by": ("players-alternate", "random"),
    "setup.ships_allowed": (False, True),
    "setup.card_table_mode": ("none", "by-seat", "by-round", "by-player-count"),
    "turn.first_player": ("new-roll", "first-placer"),
    "neutral.defender_dice": ("max", "chosen-by-opponent"),
    "attack.defender_dice": ("choose", "max"),
    "attack.ties": ("defender", "attacker"),
    "conquest.min_move": ("dice-rolled", "one"),
    "cards.set_value_mode": ("fixed",),
    "cards.territory_bonus_limit": ("per-card", "per-set", "per-turn"),
    "cards.forced_trade_until": ("below-threshold", "one-set"),
    "cards.elimination_trade_timing": ("immediately", "next-turn"),
    "reinforce.territory_rounding": ("down", "nearest"),
    "reinforce.minimum_applies_to": ("territories", "total"),
    "naval.fight_to_end": ("all", "forced-only"),
    "naval.forced_attack_on_build": (True,),
    "end_turn.empty_invasion_counts": (False, True),
    "end_turn.zone_invasion_counts": (False, True),
    "fortifications.destroyed_on": ("conquest-by-combat", "any-conquest"),
    "maneuver.path": ("connected", "adjacent"),
    "end_turn.draw_mode": ("one-per-condition", "one-if-any"),
    "vp.empire_scoring": ("each-turn", "last-turn-only"),
    "vp.territory_scoring": ("last-turn", "every-turn"),
    "scoring.regiments_count": ("board-regiments", "all-units"),
    "capitals.count_meaning": ("with-capital", "besides-capital", "whole-empire"),
    "capitals.card_tradeoff": ("mission-condition", "all-draws"),
    "epidemics.timing": ("own-phase", "every-turn-end"),
    "epidemics.phase_loss_per": ("epidemic", "territory"),
    "epidemics.emptied_moves": ("all", "one"),
    "epidemics.attack_loss_per": ("battle", "roll"),
    "epidemics.attack_loss_trigger": ("target", "target-or-source"),
    "setup.epidemics_redraw": ("empire", "territory"),
    "setup.epidemics_moment": ("after-leaders", "before-claim"),
    "end_turn.neutral_invasion_counts": (True, False),
    "end_turn.empty_invasion_forfeits": (False, True),
    "epidemics.empty_territory": ("uncontrolled", "keeps-owner"),
    "epidemics.elimination_cards": ("discards", "turn-player"),
    "setup.missions_per_level": (0, 1),
    "turn.first_turn_missions": (True, False),
    "missions.check_points": ("per-card", "both"),
    "missions.per_level_per_turn": (1,),
    "missions.per_level_scope": ("player-turn", "game-turn"),
    "missions.lasting_bonus_resumes": (False, True),
    "missions.final_check": ("start-missions", "all-missions"),
    "missions.empty_deck": ("no-draw",),
    "missions.reveal": ("automatic",),
    "missions.end_bonus": ("next-reinforcement",),
    "setup.leader_placement": ("after-regiments",),
    "leaders.limit_counts": ("on-board", "including-captured"),
    "leaders.alone": ("must-join",),
    "generals.attack_bonus_scope": ("every-roll", "one-battle"),
    "generals.capture_on_attack": ("attackers-exhausted", "never"),
    "ransom.requires_all_captured": (True, False),
    "ransom.applies_to": ("generals", "generals-and-admirals"),
    "ransom.vp_on_return": ("keep", "reverse"),
    "maneuver.per_general": (0, 1),
    "maneuver.per_admiral": (0, 1),
}

#: the names a list parameter may hold (its items are checked like a reading)
ITEMS: dict[str, tuple[str, ...]] = {
    "scoring.tiebreak": ("regiments", "missions-completed"),
}

#: least value of a number parameter (or of each number of a list or table); 0 when absent,
#: None for a number without a least value
MINIMUM: dict[str, int | None] = {
    "attack.dice_sides": 2,
    "attack.max_attacker_dice": 1,
    "attack.max_defender_dice": 1,
    "attack.min_units": 2,           # one unit always stays behind
    "reinforce.territory_divisor": 1,
    "vp.territory_divisor": 1,
    "game.turn_limit": 1,
    "basic.turn_limit": 1,
    "capitals.from_turn": 1,
    "naval_landing.min_ships": 1,
    "dice.modified_max": 1,
    "cards.forced_trade_at": 1,
    "cards.elimination_trade_at": 1,
    "setup.starting_units": 1,
    "vp.floor": None,
}

#: table parameters keyed by a number written as text (a count of players or leaders, a level)
NUMBERED = ("setup.starting_units", "generals.bonus_by_count", "admirals.bonus_by_count",
            "missions.decks")

#: sections whose names hold an underscore (for field name → spec name)
_SECTIONS = ("end_turn", "naval_landing")


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
        for f in _FIELDS:
            _check(dotted(f.name), getattr(self, f.name), _HINTS[f.name])
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
    for section in _SECTIONS:
        if field_name.startswith(section + "_"):
            return f"{section}.{field_name[len(section) + 1:]}"
    section, _, rest = field_name.partition("_")
    return f"{section}.{rest}"


def read_params(params: Mapping[str, Any]) -> NapParams:
    """The :class:`NapParams` of a ruleset's parameters; :class:`OptionError` names the first
    missing or bad one."""
    values: dict[str, Any] = {}
    for f in _FIELDS:
        name = dotted(f.name)
        if name not in params:
            raise OptionError(f"the Napoléon variant lacks parameter {name!r}, which the "
                              f"reference engine needs")
        values[f.name] = _frozen(params[name])
    return NapParams(**values)


def _frozen(value: Any) -> Any:
    """Lists as tuples (also inside a table); a table as a fresh dict."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, Mapping):
        return {k: _frozen(v) for k, v in value.items()}
    return value


def _check(name: str, value: Any, hint: Any) -> None:
    """Raise OptionError unless ``value`` is of type ``hint`` (and in range, and a reading
    this engine implements)."""
    allowed = SUPPORTED.get(name)
    if allowed is not None and not any(value == a and type(value) is type(a) for a in allowed):
        raise OptionError(f"parameter {name} = {_shown(value)!r}: the reference engine's Napoléon "
                          f"implements {', '.join(map(str, allowed))} so far")
    problem = _problem(name, value, hint)
    if problem:
        raise OptionError(f"parameter {name} = {_shown(value)!r}: {problem}")


def _shown(value: Any) -> Any:
    """``value`` as the spec writes it (lists, not the tuples it is kept as)."""
    if isinstance(value, tuple):
        return [_shown(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _shown(v) for k, v in value.items()}
    return value


def _problem(name: str, value: Any, hint: Any) -> str:
    """What is wrong with ``value`` as a ``hint`` (empty: nothing)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):  # X | None
        return "" if value is None else _problem(name, value, args[0])
    if hint is bool:
        return "" if isinstance(value, bool) else "must be true or false"
    if hint is int:
        low = MINIMUM.get(name, 0)
        if not isinstance(value, int) or isinstance(value, bool):
            return "must be a whole number"
        return f"must be at least {low}" if low is not None and value < low else ""
    if hint is str:
        return "" if isinstance(value, str) else "must be a name (text)"
    if origin is tuple:
        if not isinstance(value, tuple):
            return "must be a list"
        for item in value:
            bad = _problem(name, item, args[0])
            if bad:
                return f"item {item!r} {bad}"
            if name in ITEMS and item not in ITEMS[name]:
                return f"item {item!r}: the engine knows {', '.join(ITEMS[name])}"
        return ""
    if origin is Mapping:
        if not isinstance(value, Mapping):
            return "must be a table"
        for key, item in value.items():
            if not isinstance(key, str) or (name in NUMBERED and not key.isdigit()):
                return f"key {key!r} must be {'a number' if name in NUMBERED else 'a name'}"
            bad = _problem(name, item, args[1])
            if bad:
                return f"entry {key}: {bad}"
        return ""
    raise TypeError(f"NapParams.{name}: no check for type {hint!r}")  # pragma: no cover


_FIELDS = tuple(f for f in dataclasses.fields(NapParams) if f.init)
_HINTS = typing.get_type_hints(NapParams)

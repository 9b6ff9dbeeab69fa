"""A :class:`~riskspec.model.Ruleset` compiled into index tables for the engine.

The engine works on territory, card and player *indices* (positions in the
map's lists); this module builds, once per ruleset, the lookup tables it needs
(neighbours, continents, card symbols) and reads every parameter the engine
uses from the spec.  Nothing here holds a rule number of its own: each value is the
spec's, checked by :class:`~riskspec.reference.params.ParamReader` against Classic's table
of ``schemas/parameters.schema.json`` (type, range, and the readings the engine implements).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from riskspec.errors import OptionError
from riskspec.model import Mission, Ruleset, Variant
from riskspec.reference import ruleids as R
from riskspec.reference.params import ParamReader


@dataclass(frozen=True, slots=True)
class Params:
    """Every spec parameter the engine reads, by its spec name (dots → underscores)."""

    setup_starting_armies: Mapping[str, int]
    setup_distribution: str
    setup_armies_per_placement: int
    two_player_mode: str
    two_player_armies_each: int
    two_player_neutral_armies: int
    two_player_own_per_placement: int
    two_player_neutral_per_placement: int
    two_player_neutral_territories: int
    two_player_victory: str
    turn_first_player: str
    reinforce_territory_divisor: int
    reinforce_territory_rounding: str
    reinforce_divide_from: int
    reinforce_minimum: int
    reinforce_minimum_applies_to: str
    cards_set_value_mode: str
    cards_set_values: tuple[int, ...]
    cards_set_value_increment: int
    cards_set_value_cap: int | None
    cards_fixed_set_values: Mapping[str, int] | None
    cards_max_wilds_per_set: int
    cards_territory_bonus: int
    cards_territory_bonus_limit: str
    cards_forced_trade_at: int
    cards_forced_trade_until: str
    cards_forced_trade_further_sets: str
    cards_elimination_trade_at: int
    cards_elimination_trade_until: int
    cards_elimination_trade_timing: str
    cards_elimination_trade_armies: str
    cards_per_turn_draw: int
    cards_draw_mode: str
    cards_reshuffle_discards: bool
    attack_min_armies: int
    attack_max_attacker_dice: int
    attack_max_defender_dice: int
    attack_defender_dice: str
    attack_dice_sides: int
    attack_ties: str
    attack_compared_pairs: str
    conquest_min_move: str
    fortify_moves: int
    fortify_path: str
    victory_condition: str
    missions_deck: str | None
    missions_fallback_when_eliminated_by_other: bool
    missions_remove_absent_colours: bool
    missions_neutral_is_target: bool
    missions_check: str

    def __post_init__(self) -> None:
        READER.check(self)
        if self.cards_set_value_mode == "fixed" and not self.cards_fixed_set_values:
            raise OptionError("cards.set_value_mode = fixed needs the parameter "
                              "cards.fixed_set_values (set value by symbol), which the spec lacks")


#: Classic implements every reading of its parameter schema (none is listed as not yet)
READER = ParamReader("classic", "the reference engine")

#: parameter → the readings this engine implements
CHOICES: dict[str, tuple[Any, ...]] = READER.get_readings_table()


def read_params(ruleset: Ruleset) -> Params:
    """Read and check every parameter; :class:`OptionError` names the first bad one."""
    return Params(**READER.read(Params, ruleset.params, f"variant {ruleset.variant.id!r}"))


@dataclass(frozen=True, slots=True)
class Tables:
    """Index tables for one ruleset; shared by every state of a game."""

    ruleset: Ruleset
    params: Params
    territories: tuple[str, ...]
    territory_index: Mapping[str, int]
    adjacency: tuple[tuple[int, ...], ...]
    adjacency_sets: tuple[frozenset[int], ...]
    groups: tuple[tuple[str, int, tuple[int, ...]], ...]
    group_index: Mapping[str, int]
    cards: tuple[str, ...]
    card_index: Mapping[str, int]
    card_symbol: tuple[str, ...]
    card_territory: tuple[int, ...]      # -1 for a card without territory (wild)
    colours: tuple[str, ...]
    missions: Mapping[str, Mission]
    mission_deck: tuple[str, ...]        # empty unless the mission game is played

    @property
    def variant(self) -> Variant:
        return self.ruleset.variant


@R.cites(R.COMPONENTS_BOARD, R.COMPONENTS_CARD_DECK, R.MISSIONS_MODE)
def build_tables(ruleset: Ruleset) -> Tables:
    board = ruleset.board
    params = read_params(ruleset)
    territories = board.territory_ids
    tindex = {t: i for i, t in enumerate(territories)}
    adjacency = tuple(tuple(sorted(tindex[n] for n in board.adjacency.get(t, ()) if n in tindex))
                      for t in territories)
    groups = tuple((g.id, g.bonus, tuple(sorted(tindex[t] for t in g.territories)))
                   for g in board.groups)
    cards = tuple(c.id for c in board.cards)
    deck: tuple[str, ...] = ()
    variant = ruleset.variant
    if params.victory_condition == "mission":
        if params.missions_deck is None or params.missions_deck not in variant.mission_decks:
            raise OptionError(f"the mission game needs mission deck {params.missions_deck!r}; "
                              f"variant {variant.id!r} has "
                              f"{', '.join(variant.mission_decks) or 'no mission decks'}")
        deck = variant.mission_decks[params.missions_deck].cards
    return Tables(
        ruleset=ruleset, params=params, territories=territories, territory_index=tindex,
        adjacency=adjacency, adjacency_sets=tuple(frozenset(a) for a in adjacency),
        groups=groups, group_index={g[0]: i for i, g in enumerate(groups)},
        cards=cards, card_index={c: i for i, c in enumerate(cards)},
        card_symbol=tuple(c.symbol for c in board.cards),
        card_territory=tuple(tindex[c.territory] if c.territory in tindex else -1
                             for c in board.cards),
        colours=variant.colours, missions=variant.missions, mission_deck=deck)


def get_explicit_options(variant: Variant, options: Mapping[str, str]) -> dict[str, str]:
    """The options that differ from the variant's defaults.

    A state or log lists every option settled; resolving all of them as if each had been
    chosen explicitly could set one parameter twice (e.g. a reading and a variant option
    both setting ``setup.distribution``), so they are resolved from their non-default part.
    """
    return {k: v for k, v in options.items()
            if k not in variant.options or variant.options[k].default != v}


_CACHE: dict[tuple[Any, int, tuple[tuple[str, str], ...]], Any] = {}

T = TypeVar("T")


def get_cached_tables(ruleset: Ruleset, build: Callable[[Ruleset], T]) -> T:
    """``build(ruleset)``, built once per (builder, variant object, options)."""
    key = (build, id(ruleset.variant), tuple(sorted(ruleset.options.items())))
    tables = _CACHE.get(key)
    if tables is None or tables.ruleset.variant is not ruleset.variant:
        tables = build(ruleset)
        _CACHE[key] = tables
    return tables


def get_tables(ruleset: Ruleset) -> Tables:
    """The tables of a ruleset, built once per (variant object, options)."""
    return get_cached_tables(ruleset, build_tables)

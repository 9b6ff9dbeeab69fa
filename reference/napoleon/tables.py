"""A Napoléon ruleset compiled into index tables.

*Places* are the territories (indices ``0 … T-1``) followed by the maritime zones
(``T … T+Z-1``), so that one owner/units list covers regiments and ships.  Every
number the engine uses is read here from the ruleset's parameters (``tb.p[name]``):
none is written in the engine.  A reading the engine does not implement yet raises
:class:`~riskspec.errors.OptionError` naming the parameter.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from riskspec.errors import OptionError
from riskspec.model import Ruleset, Variant
from riskspec.reference.tables import get_cached_tables

#: parameter → readings this engine implements (others raise OptionError at new_game)
SUPPORTED: dict[str, tuple[Any, ...]] = {
    "game.mode": ("basic", "advanced"),
    "basic.pieces": ("none", "ships"),
    "basic.victory": ("eliminate-opponent", "all-territories", "most-territories"),
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
    "naval_landing.targets": ("any-zone-in-chain", "last-zone"),
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
    "setup.epidemics_redraw": ("empire", "territory"),
    "end_turn.neutral_invasion_counts": (True, False),
    "end_turn.empty_invasion_forfeits": (False, True),
    "epidemics.empty_territory": ("uncontrolled", "keeps-owner"),
    "setup.missions_per_level": (0, 1),
    "turn.first_turn_missions": (True, False),
    "missions.check_points": ("per-card", "both"),
    "missions.per_level_per_turn": (1,),
    "missions.per_level_scope": ("player-turn", "game-turn"),
    "missions.lasting_bonus_resumes": (False, True),
    "missions.final_check": ("start-missions", "all-missions"),
    "missions.empty_deck": ("no-draw",),
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


@dataclass(frozen=True, slots=True)
class NapTables:
    """Index tables for one Napoléon ruleset; shared by every state of a game."""

    ruleset: Ruleset
    p: Mapping[str, Any]                 # every parameter, by spec name
    territories: tuple[str, ...]
    zones: tuple[str, ...]
    places: tuple[str, ...]              # territories then zones
    place_index: Mapping[str, int]
    territory_index: Mapping[str, int]
    land: tuple[frozenset[int], ...]     # per place: land neighbours (territories)
    coast: tuple[frozenset[int], ...]    # territory → zones it touches; zone → territories
    sea: tuple[frozenset[int], ...]      # per place: sea neighbours (zones)
    groups: tuple[tuple[str, int, tuple[int, ...]], ...]
    routes: tuple[tuple[str, int, tuple[int, ...]], ...]
    cards: tuple[str, ...]
    card_index: Mapping[str, int]
    card_symbol: tuple[str, ...]
    card_territory: tuple[int, ...]      # -1 for a joker
    card_effect: tuple[Mapping[str, Any] | None, ...]
    symbols: tuple[str, ...]
    capitals: tuple[tuple[int, int, int, int], ...]  # (group, capital place, count, bonus)

    @property
    def variant(self) -> Variant:
        return self.ruleset.variant

    @property
    def n_territories(self) -> int:
        return len(self.territories)

    def is_zone(self, place: int) -> bool:
        return place >= len(self.territories)


def build_tables(ruleset: Ruleset) -> NapTables:
    p = dict(ruleset.params)
    for name, allowed in SUPPORTED.items():
        if name in p and p[name] not in allowed:
            raise OptionError(f"parameter {name} = {p[name]!r}: the reference engine's "
                              f"Napoléon implements {', '.join(map(str, allowed))} so far")
    if p["basic.victory"] == "most-territories" and p["basic.turn_limit"] is None:
        raise OptionError("basic.victory = most-territories needs basic.turn_limit")
    board = ruleset.board
    from riskspec.reference.napoleon.effects import KINDS
    for c in board.cards:
        kind = (getattr(c, "effect", None) or {}).get("kind")
        if kind is not None and kind not in KINDS:
            raise OptionError(f"card {c.id}: the reference engine's Napoléon does not play the "
                              f"effect kind {kind!r} (it plays {', '.join(KINDS)})")
    territories = tuple(board.territory_ids)
    zones = tuple(board.zone_ids)
    places = territories + zones
    pindex = {x: i for i, x in enumerate(places)}
    n = len(places)
    land: list[set[int]] = [set() for _ in range(n)]
    coast: list[set[int]] = [set() for _ in range(n)]
    sea: list[set[int]] = [set() for _ in range(n)]
    for b in board.borders:
        if b.a not in pindex or b.b not in pindex:
            continue
        a, c = pindex[b.a], pindex[b.b]
        kinds = {"land": land, "coast": coast, "sea": sea}
        target = kinds.get(b.kind)
        if target is None:  # classify by the ends when the kind is not one of ours
            za, zc = a >= len(territories), c >= len(territories)
            target = sea if za and zc else coast if za or zc else land
        target[a].add(c)
        target[c].add(a)
    groups = tuple((g.id, g.bonus, tuple(sorted(pindex[t] for t in g.territories)))
                   for g in board.groups)
    routes = tuple((r.id, r.bonus, tuple(sorted(pindex[z] for z in r.zones)))
                   for r in board.routes)
    cards = tuple(c.id for c in board.cards)
    return NapTables(
        ruleset=ruleset, p=p, territories=territories, zones=zones, places=places,
        place_index=pindex, territory_index={t: i for i, t in enumerate(territories)},
        land=tuple(map(frozenset, land)), coast=tuple(map(frozenset, coast)),
        sea=tuple(map(frozenset, sea)), groups=groups, routes=routes, cards=cards,
        card_index={c: i for i, c in enumerate(cards)},
        card_symbol=tuple(c.symbol for c in board.cards),
        card_territory=tuple(pindex.get(c.territory, -1) if c.territory else -1
                             for c in board.cards),
        card_effect=tuple(getattr(c, "effect", None) for c in board.cards),
        symbols=tuple(board.symbols),
        capitals=tuple((g, pindex[grp.capital.territory], int(grp.capital.territories),
                        int(grp.capital.bonus)) for g, grp in enumerate(board.groups)
                       if getattr(grp, "capital", None) is not None
                       and grp.capital.territory in pindex))


def get_tables(ruleset: Ruleset) -> NapTables:
    """The Napoléon tables of a ruleset, built once per (variant object, options)."""
    return get_cached_tables(ruleset, build_tables)

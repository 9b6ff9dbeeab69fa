"""A Napoléon ruleset compiled into index tables.

*Places* are the territories (indices ``0 … T-1``) followed by the maritime zones
(``T … T+Z-1``), so that one owner/units list covers regiments and ships.  Every
number the engine uses is read from the ruleset's parameters into the typed, checked
:class:`~riskspec.reference.napoleon.params.NapParams` (``tb.params``): none is written in
the engine.  A reading the engine does not implement yet, or a bad value, raises
:class:`~riskspec.errors.OptionError` naming the parameter.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from riskspec.errors import OptionError
from riskspec.model import Ruleset, Variant
from riskspec.reference.napoleon import ruleids as RID
from riskspec.reference.napoleon.params import SUPPORTED, NapParams, read_params
from riskspec.reference.tables import get_cached_tables

__all__ = ["SUPPORTED", "NapParams", "NapTables", "build_tables", "get_tables"]

@dataclass(frozen=True, slots=True)
class NapTables:
    """Index tables for one Napoléon ruleset; shared by every state of a game."""

    ruleset: Ruleset
    params: NapParams                    # every parameter the engine reads, typed
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


@RID.cites(RID.COMPONENTS_BOARD, RID.COMPONENTS_ADJACENCY, RID.COMPONENTS_TERRITORY_DECK)
def build_tables(ruleset: Ruleset) -> NapTables:
    params = read_params(ruleset.params)
    board = ruleset.board
    for c in board.cards:  # the effect kinds the engine plays are those with a rule
        kind = (getattr(c, "effect", None) or {}).get("kind")
        if kind is not None and kind not in RID.EFFECT_RULES:
            raise OptionError(f"card {c.id}: the reference engine's Napoléon does not play the "
                              f"effect kind {kind!r} (it plays {', '.join(RID.EFFECT_RULES)})")
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
        x, y = pindex[b.a], pindex[b.b]
        kinds = {"land": land, "coast": coast, "sea": sea}
        target = kinds.get(b.kind)
        if target is None:  # classify by the ends when the kind is not one of ours
            zx, zy = x >= len(territories), y >= len(territories)
            target = sea if zx and zy else coast if zx or zy else land
        target[x].add(y)
        target[y].add(x)
    groups = tuple((g.id, g.bonus, tuple(sorted(pindex[t] for t in g.territories)))
                   for g in board.groups)
    routes = tuple((r.id, r.bonus, tuple(sorted(pindex[z] for z in r.zones)))
                   for r in board.routes)
    cards = tuple(c.id for c in board.cards)
    return NapTables(
        ruleset=ruleset, params=params, territories=territories, zones=zones, places=places,
        place_index=pindex, territory_index={t: i for i, t in enumerate(territories)},
        land=tuple(map(frozenset, land)), coast=tuple(map(frozenset, coast)),
        sea=tuple(map(frozenset, sea)), groups=groups, routes=routes, cards=cards,
        card_index={c: i for i, c in enumerate(cards)},
        card_symbol=tuple(c.symbol for c in board.cards),
        card_territory=tuple(pindex.get(c.territory, -1) if c.territory else -1
                             for c in board.cards),
        card_effect=tuple(getattr(c, "effect", None) for c in board.cards),
        symbols=tuple(board.symbols),
        capitals=tuple((g, pindex[cap.territory], int(cap.territories), int(cap.bonus))
                       for g, cap in enumerate(grp.capital for grp in board.groups)
                       if cap is not None and cap.territory in pindex))


def get_tables(ruleset: Ruleset) -> NapTables:
    """The Napoléon tables of a ruleset, built once per (variant object, options)."""
    return get_cached_tables(ruleset, build_tables)

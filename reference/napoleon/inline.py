"""Inline maps: a Napoléon variant played on a small purpose-built board.

Rule vectors must not depend on the (partly reconstructed) printed board, so a test or a
conformance case may give its own map (a ``riskspec/map@1`` object: a few territories,
zones, groups and routes, borders, cards).  :func:`variant_on_map` returns the variant with
that board — built and checked by the spec loader's public
:func:`~riskspec.loading.build_inline_board` (and :func:`~riskspec.loading.build_inline_missions`
for an inline deck) — cached by the map's canonical text, so every state of that game
shares one variant object.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any

from riskspec.errors import OptionError, SpecError
from riskspec.loading import build_inline_board, build_inline_missions
from riskspec.model import Variant

_CACHE: dict[tuple[str, str, str], Variant] = {}


def variant_on_map(variant: Variant, board: Mapping[str, Any] | None,
                   missions: Mapping[str, Any] | None = None) -> Variant:
    """The variant on an inline ``board`` (None: its own board) with an inline mission deck
    ``missions`` (a ``riskspec/missions@1`` object whose conditions are checked against the
    board).  Mission conditions name the board's groups, routes and places, so a game on an
    inline board without a deck of its own has no mission cards (empty decks)."""
    key = (variant.id, json.dumps(board, sort_keys=True), json.dumps(missions, sort_keys=True))
    found = _CACHE.get(key)
    if found is None:
        try:
            built = variant.board if board is None else build_inline_board(board)
        except SpecError as exc:
            raise OptionError("inline map: " + _first(exc)) from None
        found = dataclasses.replace(variant, board=built)
        if missions is not None:
            try:
                cards, decks = build_inline_missions(missions, built)
            except SpecError as exc:
                raise OptionError("inline missions: " + _first(exc)) from None
            found = dataclasses.replace(found, missions=cards, mission_decks=decks)
        elif board is not None:
            found = dataclasses.replace(found, missions={}, mission_decks={})
        _CACHE[key] = found
    return found


def _first(exc: SpecError) -> str:
    """The first three problems of a spec error."""
    return "; ".join(str(p) for p in exc.problems[:3])


def small_map(territories: Mapping[str, str], zones: Mapping[str, str] | None = None,
              borders: list[tuple[str, str, str]] | None = None,
              bonuses: Mapping[str, int] | None = None,
              routes: Mapping[str, tuple[int, list[str]]] | None = None,
              cards: list[tuple[Any, ...]] | None = None,
              capitals: Mapping[str, tuple[str, int, int]] | None = None) -> dict[str, Any]:
    """A ``riskspec/map@1`` object from a compact description (for tests and vectors):
    ``territories`` id → group, ``zones`` id → route (or ''), ``borders`` (a, b, kind),
    ``bonuses`` group → bonus, ``routes`` id → (bonus, zones), ``cards`` (id, territory
    or None for a joker, symbol[, effect]) — ``effect`` a card effect object
    (``map.schema.json`` cardEffect, see :func:`card_effect`) —, ``capitals`` group →
    (capital territory, territories to hold, capital bonus)."""
    prov = {"reconstructed": "A purpose-built test board.", "basis": "Conformance test."}
    groups = sorted(set(territories.values()))

    def capital(g: str) -> dict[str, Any]:
        if g not in (capitals or {}):
            return {}
        t, count, bonus = (capitals or {})[g]
        return {"capital": {"territory": t, "territories": count, "bonus": bonus,
                            "provenance": prov}}
    return {
        "format": "riskspec/map@1", "id": "inline-test-map", "title": "Test map",
        "description": "A purpose-built board for rule tests.", "provenance": prov,
        "territories": [{"id": t, "name": t, "group": g, "provenance": prov}
                        for t, g in territories.items()],
        "groups": [{"id": g, "name": g, "kind": "empire", "bonus": (bonuses or {}).get(g, 1),
                    "territories": [t for t, gg in territories.items() if gg == g],
                    "provenance": prov, **capital(g)} for g in groups],
        "zones": [{"id": z, "name": z, "provenance": prov} for z in (zones or {})],
        "routes": [{"id": r, "name": r, "zones": zs, "bonus": b, "provenance": prov}
                   for r, (b, zs) in (routes or {}).items()],
        "borders": [{"between": [a, b], "kind": k, "provenance": prov}
                    for a, b, k in (borders or [])],
        "cards": [{"id": c[0], **({"territory": c[1]} if c[1] else {}), "symbol": c[2],
                   **({"effect": dict(c[3])} if len(c) > 3 and c[3] else {}),
                   "provenance": prov} for c in (cards or [])],
    }


#: effect kind → (icon, phase, timing) as the reconstructed deck prints them
EFFECT_WINDOWS: dict[str, tuple[str, str, str]] = {
    "extra-regiments": ("infantry-figures", "reinforcement", "own-turn"),
    "free-ships": ("infantry-figures", "reinforcement", "own-turn"),
    "free-fortification": ("infantry-figures", "reinforcement", "own-turn"),
    "attack-die-bonus": ("red-die", "combat", "own-turn"),
    "attack-extra-die": ("red-die", "combat", "own-turn"),
    "ignore-fortification": ("red-die", "combat", "own-turn"),
    "ignore-epidemic": ("red-die", "combat", "own-turn"),
    "defence-die-bonus": ("blue-die", "combat", "other-turn"),
    "defence-extra-die": ("blue-die", "combat", "other-turn"),
    "reroll": ("red-blue-die", "combat", "any-turn"),
    "extra-land-maneuver": ("arrow", "maneuver", "own-turn"),
    "extra-naval-maneuver": ("arrow", "maneuver", "own-turn"),
    "move-epidemic": ("star", "special", "own-turn"),
}


def card_effect(kind: str, amount: int | None = None, in_set_bonus: int | None = None
                ) -> dict[str, Any]:
    """A card effect object of ``kind`` (icon, phase and timing as in the shipped deck)."""
    icon, phase, timing = EFFECT_WINDOWS[kind]
    out: dict[str, Any] = {"icon": icon, "phase": phase, "timing": timing, "kind": kind}
    if amount is not None:
        out["amount"] = amount
    if in_set_bonus is not None:
        out["in_set_bonus"] = in_set_bonus
    return out

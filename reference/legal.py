"""Every legal action of a decision node, built directly in canonical order.

The lists are generated in the order :func:`riskspec.reference.actions.sort_key`
defines (type, then territories in map order, cards in deck order, numbers
ascending), so no sort is needed; a test checks the order.  Each generator
mirrors the validity checks of the ``process_<action>`` it feeds, and the
random-play tests check that every listed action applies and that the
checks reject what is not listed.

The actions are :class:`~riskspec.reference.listed.Listed` objects, made once per ruleset
and shared (read-only; each carries its parsed form, so ``apply`` does not parse it again).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riskspec.reference.battle import get_defender_dice_limit
from riskspec.reference.cards import get_valid_sets
from riskspec.reference.classic import get_bonus_territories, get_connected_own, is_trade_forced
from riskspec.reference.listed import Listed, ListedCache, get_listed
from riskspec.reference.state import State

Action = dict[str, Any]


def get_legal_actions(s: State) -> list[Action]:
    generate = _GENERATORS.get(s.phase)
    return generate(s) if generate is not None else []


def _claims(s: State) -> list[Action]:
    claim = get_listed(s.tables).claim
    return [claim[t] for t, o in enumerate(s.owner) if o < 0]


def _setup_places(s: State) -> list[Action]:
    listed, owner = get_listed(s.tables), s.owner
    out: list[Action] = []
    if s.pending["own"] > 0:
        out += listed.placements(owner, s.current)
    if s.pending["neutral"] > 0:
        out += listed.placements(owner, s.neutral, neutral=True)
    return out


def _reinforcements(s: State) -> list[Action]:
    p = s.current
    forced = is_trade_forced(s)
    out: list[Action] = []
    if not forced and s.pending["to_place"] > 0:
        out += get_listed(s.tables).placements(s.owner, p)
    if forced or (s.phase == "reinforce" and s.pending["to_place"] > 0):
        out += _trades(s)
    return out


def _trades(s: State) -> list[Action]:
    tb, prm, p = s.tables, s.tables.params, s.current
    listed = get_listed(tb)
    hand = s.hands[p]
    sets = listed.valid_sets.get(hand)
    if sets is None:
        if len(listed.valid_sets) > 10_000:
            listed.valid_sets.clear()
        sets = listed.valid_sets[hand] = get_valid_sets(
            hand, tb.card_symbol, tb.ruleset.board.symbols, prm.cards_max_wilds_per_set)
    choose = prm.cards_territory_bonus_limit != "per-card"
    out: list[Action] = []
    for combo in sets:
        owned = get_bonus_territories(s, combo) if choose else []
        if owned:
            out += [listed.trade(combo, t) for t in owned]
        else:
            out.append(listed.trade(combo, -1))
    return out


def _attacks(s: State) -> list[Action]:
    tb, p = s.tables, s.current
    owner, armies = s.owner, s.armies
    least, most = tb.params.attack_min_armies, tb.params.attack_max_attacker_dice
    listed = get_listed(tb)
    dice_limit = listed.dice_limit   # get_attacker_dice_limit, tabled
    out: list[Action] = []
    for f, on in listed.by_owner("fronts", owner, p, lambda: _fronts(listed, owner, p)):
        a = armies[f]
        if a < least:
            continue
        limit = dice_limit[a] if a <= most else most
        if limit < 1:
            continue
        for by_limit in on:   # by_limit[k]: the attacks on one neighbour with 1 … k dice
            out += by_limit[limit]
    out.append(listed.end_attack)
    return out


def _fronts(listed: ListedCache, owner: list[int], p: int) -> list[tuple[int, list[Any]]]:
    """Per territory of p (map order): the listed attacks on its neighbours held by others."""
    attack = listed.attack
    fronts = [(f, [by_limit for t, by_limit in attack[f] if owner[t] != p])
              for f, o in enumerate(owner) if o == p]
    return [(f, on) for f, on in fronts if on]


def _defences(s: State) -> list[Listed]:
    limit = get_defender_dice_limit(s.armies[s.pending["to"]],
                                    s.tables.params.attack_max_defender_dice)
    return get_listed(s.tables).defences(limit)


def _occupations(s: State) -> list[Listed]:
    most = s.armies[s.pending["from"]] - 1
    return get_listed(s.tables).occupations(s.pending["min"], most)


def get_fortify_links(s: State) -> list[tuple[int, list[tuple[int, list[Listed]]]]]:
    """Per territory of the player to act (map order), where its armies may fortify to,
    each target with the shared list of the moves f → t made so far (1, 2, … armies; grown
    by ``ListedCache.fortifications``): made once per holding of the territories."""
    tb = s.tables
    connected = tb.params.fortify_path == "connected"
    listed = get_listed(tb)
    links: list[tuple[int, list[tuple[int, list[Listed]]]]] = listed.by_owner(
        "connected" if connected else "adjacent", s.owner, s.current,
        lambda: _own_moves(listed, _own_links(s, connected)))
    return links


def _fortifications(s: State) -> list[Action]:
    armies = s.armies
    listed = get_listed(s.tables)
    out: list[Action] = []
    for f, moves in get_fortify_links(s):
        n = armies[f] - 1
        if n < 1:
            continue
        for t, have in moves:           # have: the moves f → t of 1, 2, … armies made so far
            if len(have) < n:
                listed.fortifications(f, t, n)      # grows ``have`` itself
            out += have if len(have) == n else have[:n]
    out.append(listed.end_turn)
    return out


def _own_moves(listed: ListedCache, links: list[tuple[int, list[int]]]
               ) -> list[tuple[int, list[tuple[int, list[Listed]]]]]:
    """``links`` with, for each (f, t), the shared list of the fortifications f → t."""
    made = listed.fortify_moves
    return [(f, [(t, made.get((f, t)) or made.setdefault((f, t), [])) for t in targets])
            for f, targets in links]


def _own_links(s: State, connected: bool) -> list[tuple[int, list[int]]]:
    """Per territory of the player to act (map order): where its armies may fortify to — the
    player's neighbours, or every territory of the player's it connects to."""
    owner, p, adjacency = s.owner, s.current, s.tables.adjacency
    if not connected:
        return [(f, [t for t in adjacency[f] if owner[t] == p])
                for f, o in enumerate(owner) if o == p]
    return [(f, [t for t in sorted(get_connected_own(s, f) - {f}) if owner[t] == p])
            for f, o in enumerate(owner) if o == p]


_GENERATORS: dict[str, Callable[[State], list[Any]]] = {  # actions (Listed ones too)
    "claim": _claims,
    "setup-place": _setup_places,
    "reinforce": _reinforcements,
    "elimination-trade": _reinforcements,
    "attack": _attacks,
    "defend": _defences,
    "occupy": _occupations,
    "fortify": _fortifications,
}

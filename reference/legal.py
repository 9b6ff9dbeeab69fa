"""Every legal action of a decision node, built directly in canonical order.

The lists are generated in the order :func:`riskspec.reference.actions.sort_key`
defines (type, then territories in map order, cards in deck order, numbers
ascending), so no sort is needed; a test checks the order.  Each generator
mirrors the validity checks of the ``process_<action>`` it feeds, and the
random-play tests check that every listed action applies and that the
checks reject what is not listed.
"""

from __future__ import annotations

from typing import Any

from riskspec.reference.battle import get_attacker_dice_limit, get_defender_dice_limit
from riskspec.reference.cards import get_valid_sets
from riskspec.reference.classic import get_bonus_territories, get_connected_own, is_trade_forced
from riskspec.reference.state import State

Action = dict[str, Any]


def get_legal_actions(s: State) -> list[Action]:
    generate = _GENERATORS.get(s.phase)
    return generate(s) if generate is not None else []


def _claims(s: State) -> list[Action]:
    names = s.tables.territories
    return [{"type": "claim", "territory": names[t]} for t, o in enumerate(s.owner) if o < 0]


def _setup_places(s: State) -> list[Action]:
    names, owner = s.tables.territories, s.owner
    out: list[Action] = []
    if s.pending["own"] > 0:
        p = s.current
        out += [{"type": "place", "territory": names[t]} for t, o in enumerate(owner) if o == p]
    if s.pending["neutral"] > 0:
        n = s.neutral
        out += [{"type": "place-neutral", "territory": names[t]}
                for t, o in enumerate(owner) if o == n]
    return out


def _reinforcements(s: State) -> list[Action]:
    names, p = s.tables.territories, s.current
    forced = is_trade_forced(s)
    out: list[Action] = []
    if not forced and s.pending["to_place"] > 0:
        out += [{"type": "place", "territory": names[t]} for t, o in enumerate(s.owner) if o == p]
    if forced or (s.phase == "reinforce" and s.pending["to_place"] > 0):
        out += _trades(s)
    return out


def _trades(s: State) -> list[Action]:
    tb, prm, p = s.tables, s.tables.params, s.current
    cards, names = tb.cards, tb.territories
    choose = prm.cards_territory_bonus_limit != "per-card"
    out: list[Action] = []
    for combo in get_valid_sets(s.hands[p], tb.card_symbol, tb.ruleset.board.symbols,
                                prm.cards_max_wilds_per_set):
        ids = [cards[c] for c in combo]
        owned = get_bonus_territories(s, combo) if choose else []
        if owned:
            out += [{"type": "trade", "cards": list(ids), "bonus_territory": names[t]}
                    for t in owned]
        else:
            out.append({"type": "trade", "cards": ids, "bonus_territory": None})
    return out


def _attacks(s: State) -> list[Action]:
    tb, p = s.tables, s.current
    names, owner, armies, adjacency = tb.territories, s.owner, s.armies, tb.adjacency
    least, most = tb.params.attack_min_armies, tb.params.attack_max_attacker_dice
    out: list[Action] = []
    for f, o in enumerate(owner):
        if o != p or armies[f] < least:
            continue
        limit = get_attacker_dice_limit(armies[f], most)
        if limit < 1:
            continue
        name_f = names[f]
        for t in adjacency[f]:
            if owner[t] != p:
                name_t = names[t]
                out += [{"type": "attack", "from": name_f, "to": name_t, "dice": d}
                        for d in range(1, limit + 1)]
    out.append({"type": "end-attack"})
    return out


def _defences(s: State) -> list[Action]:
    limit = get_defender_dice_limit(s.armies[s.pending["to"]],
                                    s.tables.params.attack_max_defender_dice)
    return [{"type": "defend", "dice": d} for d in range(1, limit + 1)]


def _occupations(s: State) -> list[Action]:
    most = s.armies[s.pending["from"]] - 1
    return [{"type": "occupy", "armies": n} for n in range(s.pending["min"], most + 1)]


def _fortifications(s: State) -> list[Action]:
    tb, p = s.tables, s.current
    names, owner, armies = tb.territories, s.owner, s.armies
    connected = tb.params.fortify_path == "connected"
    out: list[Action] = []
    for f, o in enumerate(owner):
        if o != p or armies[f] < 2:
            continue
        targets = (sorted(get_connected_own(s, f) - {f}) if connected
                   else [t for t in tb.adjacency[f] if owner[t] == p])
        name_f = names[f]
        for t in targets:
            name_t = names[t]
            out += [{"type": "fortify", "from": name_f, "to": name_t, "armies": n}
                    for n in range(1, armies[f])]
    out.append({"type": "end-turn"})
    return out


_GENERATORS = {
    "claim": _claims,
    "setup-place": _setup_places,
    "reinforce": _reinforcements,
    "elimination-trade": _reinforcements,
    "attack": _attacks,
    "defend": _defences,
    "occupy": _occupations,
    "fortify": _fortifications,
}

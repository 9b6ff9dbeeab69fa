"""Napoléon actions: their shapes, the legal ones in canonical order, chance nodes,
and the (phase, type) → handler table that :mod:`riskspec.reference.engine` dispatches to."""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from riskspec.reference.actions import names_of
from riskspec.reference.battle import get_sorted_rolls
from riskspec.reference.cards import get_set_problem
from riskspec.reference.chance import ChanceTable, _uniform, get_roll_table
from riskspec.reference.family import CHANCE, TERMINAL
from riskspec.reference.napoleon import combat as C
from riskspec.reference.napoleon import effects as EF
from riskspec.reference.napoleon import epidemics as EP
from riskspec.reference.napoleon import game as G
from riskspec.reference.napoleon import invasion as IV
from riskspec.reference.napoleon import leaders as L
from riskspec.reference.napoleon import maneuvers as M
from riskspec.reference.napoleon import naval as N
from riskspec.reference.napoleon import plays as PL
from riskspec.reference.napoleon import ransom as RS
from riskspec.reference.napoleon import reach as R
from riskspec.reference.napoleon import setup_readings as SR
from riskspec.reference.napoleon import turn_end as TE
from riskspec.reference.napoleon.actions import FIELDS as FIELDS  # re-exported
from riskspec.reference.napoleon.actions import GRAMMAR
from riskspec.reference.napoleon.state import CHANCE_PHASES, NapState

Action = dict[str, Any]

CHANCE_TYPES = frozenset({"first-player", "deal", "epidemic", "roll", "draw", "reroll",
                          "random-placement", "mission"})


def parse_action(action: Any, s: NapState) -> tuple[Any, ...]:
    """Check an action's shape (the one parser of both families,
    :class:`riskspec.reference.actions.Grammar`); return its named record (:mod:`.actions`)."""
    return GRAMMAR.parse(action, names_of(s.tables), s.n_players)


def legal_actions(s: NapState) -> list[Action]:
    tb, seat, ph = s.tables, s.current, s.phase
    P = tb.places
    if ph == "setup-place":
        kind = "place-neutral" if s.is_neutral(s.pending["seat"]) else "place"
        return [{"type": kind, "territory": P[t]} for t in range(tb.n_territories)
                if G.can_setup_place(s, t, s.pending["seat"])] + \
            [{"type": "buy-ship", "zone": P[z]} for z in range(tb.n_territories, len(P))
             if SR.can_setup_ship(s, z)]
    if ph == "setup-leaders":
        kind = "place-general" if s.pending["generals"] else "place-fortification"
        return [{"type": kind, "territory": P[t]} for t in range(tb.n_territories)
                if s.owner[t] == seat and (kind == "place-general"
                                           or L.is_setup_fortification_place(s, t))]
    if ph == "claim":
        return [{"type": "claim", "territory": P[t]} for t in range(tb.n_territories)
                if s.owner[t] < 0]
    if ph == "reinforce":
        out: list[Action] = []
        hand = s.hands[seat]
        size = len(tb.symbols)
        for combo in itertools.combinations(hand, size):
            if get_set_problem([tb.card_symbol[c] for c in combo], tb.symbols,
                               tb.params.cards_max_wilds_per_set) is None:
                out.append({"type": "trade", "cards": [tb.cards[c] for c in combo]})
        if s.pending["must_trade"]:
            return out
        out += PL.legal_plays(s)
        if s.pending["to_place"] > 0:
            out += [{"type": "buy-ship", "zone": P[z]} for z in range(tb.n_territories, len(P))
                    if G.can_buy_ship(s, seat, z)]
            if tb.params.is_advanced:
                for kind in ("general", "fortification"):
                    out += [{"type": f"buy-{kind}", "territory": P[t]}
                            for t in L.buyable_places(s, kind)]
                out += [{"type": "buy-admiral", "zone": P[z]}
                        for z in L.buyable_places(s, "admiral")]
                out += RS.legal_ransoms(s)
            out += [{"type": "place", "territory": P[t]} for t in range(tb.n_territories)
                    if s.owner[t] == seat]
        return out
    if ph == "attack":
        if any(s.challengers):  # napoleon.naval.forced-combat: nothing else until fought
            return [{"type": "attack", "from": P[z], "to": P[z], "dice": d}
                    for z, top in N.forced_attacks(s) for d in range(1, top + 1)]
        out = PL.legal_plays(s)
        top = tb.params.attack_max_attacker_dice + EF.extra_dice(s, seat, False)
        reach = R.landing_reach(s, seat)
        for src in [x for x in range(len(P)) if s.owner[x] == seat]:
            for dst in C.attack_targets(s, src, seat, reach):
                lim = min(top, s.armies[src] - N.stay(s, src) - EP.attack_loss(s, src, dst))
                out += [{"type": "attack", "from": P[src], "to": P[dst], "dice": d}
                        for d in range(1, lim + 1)]
        for src in range(len(P)):  # napoleon.combat.empty-territory, naval.battle-rules
            for dst in IV.invade_targets(s, src, seat, reach):
                out += [{"type": "invade", "from": P[src], "to": P[dst], "armies": n}
                        for n in range(1, s.armies[src] - N.stay(s, src) + 1)]
        return out + [{"type": "end-attack"}]
    if ph == "defend":
        return PL.legal_plays(s) + [{"type": "defend", "dice": d} for d in C.defend_choices(s)]
    if ph == "reroll":
        return PL.legal_plays(s) + [{"type": "keep-roll"}]
    if ph == "occupy":
        src = s.pending["from"]
        g = L.leaders_at(s, src) if tb.params.is_advanced else 0
        return [{"type": "occupy", "armies": n, **({"leaders": k} if k else {})}
                for n in range(max(1, s.pending["min"]), s.armies[src] - N.stay(s, src) + 1)
                for k in range(g + 1)]
    if ph == "maneuver":
        out = PL.legal_plays(s)
        return out + M.legal_maneuvers(s) + [{"type": "end-turn"}]
    if ph == "ransom":
        return [{"type": "place", "territory": P[t]} for t in range(tb.n_territories)
                if s.owner[t] == s.pending["captor"]]
    return []


def chance_table(s: NapState) -> ChanceTable | None:
    tb = s.tables
    if s.phase == "battle":
        return get_roll_table(s.pending["attacker_dice"], s.pending["defender_dice"],
                              tb.params.attack_dice_sides)
    if s.phase == "deal":
        return _uniform([t for t in range(tb.n_territories) if s.owner[t] < 0],
                        lambda t: {"type": "deal", "territory": tb.places[t]})
    if s.phase == "epidemics" and s.pending["moving"] or s.phase == "epidemic-move":
        # napoleon.epidemics.relocate / card-move: a territory card drawn from the pile
        return _uniform(s.draw_pile, lambda c: {"type": "draw", "card": tb.cards[c]})
    if s.phase == "epidemics":
        return _weighted(EP.setup_weights(s),
                         lambda t: {"type": "epidemic", "territory": tb.places[t]})
    if s.phase == "reroll-dice":
        n, sides = len(s.pending[EF.reroll_side(s)]), tb.params.attack_dice_sides
        return _reroll_table(n, sides)
    if s.phase == "draw":
        return _uniform(s.draw_pile, lambda c: {"type": "draw", "card": tb.cards[c]})
    if s.phase == "first-player":
        return _uniform(G.humans(s), lambda p: {"type": "first-player", "player": p})
    if s.phase == "deal-missions":
        seat = s.pending["player"]
        return _uniform(s.mission_decks[s.pending["levels"][0]],
                        lambda m: {"type": "mission", "player": seat, "mission": m})
    return SR.chance_table(s)


def _weighted(w: Mapping[Any, Fraction], make: Callable[[Any], Action]) -> ChanceTable:
    """A chance table of exact probabilities ``w`` (key → Fraction, summing to 1)."""
    keys = tuple(w)
    if len({x.denominator for x in w.values()}) <= 1 and all(x.numerator == 1 for x in w.values()):
        return _uniform(keys, make)
    den = math.lcm(*(x.denominator for x in w.values()))
    counts = tuple(int(w[k] * den) for k in keys)
    return ChanceTable(keys, counts, den, make, tuple(itertools.accumulate(counts)))


@functools.cache
def _reroll_table(n: int, sides: int) -> ChanceTable:
    rolls = get_sorted_rolls(n, sides)
    counts = tuple(c for _, c in rolls)
    return ChanceTable(tuple(r for r, _ in rolls), counts, sides ** n,
                       lambda r: {"type": "reroll", "dice": list(r)},
                       tuple(itertools.accumulate(counts)))


def current_player(s: NapState) -> int:
    if s.winner >= 0:
        return TERMINAL
    if s.phase in CHANCE_PHASES:
        return CHANCE
    if s.phase in ("defend", "reroll"):
        return int(s.pending["chooser"])
    if s.phase == "ransom":
        return int(s.pending["captor"])
    return s.current


#: a handler takes the record of the action type it is registered for (:mod:`.actions`)
Handler = Callable[[NapState, Any, list[dict[str, Any]]], None]
HANDLERS: dict[tuple[str, str], Handler] = {
    ("deal", "deal"): G.process_deal,
    ("epidemics", "epidemic"): SR.process_setup_epidemic,
    ("first-player", "first-player"): G.process_first_player,
    ("claim", "claim"): G.process_claim,
    ("setup-leaders", "place-general"): SR.process_place_leader,
    ("setup-leaders", "place-fortification"): SR.process_place_leader,
    ("setup-place", "place"): G.process_setup_place,
    ("setup-place", "place-neutral"): G.process_setup_place,
    ("setup-place", "buy-ship"): SR.process_setup_ship,
    ("random-place", "random-placement"): SR.process_random_placement,
    ("card-table", "draw"): SR.process_table_draw,
    ("reinforce", "trade"): G.process_trade,
    ("reinforce", "play-card"): PL.process_play_card,
    ("attack", "play-card"): PL.process_play_card,
    ("defend", "play-card"): PL.process_play_card,
    ("reroll", "play-card"): PL.process_play_card,
    ("maneuver", "play-card"): PL.process_play_card,
    ("reroll", "keep-roll"): PL.process_keep_roll,
    ("reroll-dice", "reroll"): PL.process_reroll,
    ("epidemic-move", "draw"): PL.process_epidemic_move,
    ("epidemics", "draw"): TE.process_relocation_draw,
    ("reinforce", "buy-ship"): G.process_buy_ship,
    ("reinforce", "buy-general"): G.process_buy,
    ("reinforce", "buy-fortification"): G.process_buy,
    ("reinforce", "buy-admiral"): G.process_buy,
    ("reinforce", "ransom"): RS.process_ransom,
    ("ransom", "place"): RS.process_ransom_place,
    ("reinforce", "place"): G.process_place,
    ("attack", "attack"): C.process_attack,
    ("attack", "end-attack"): C.process_end_attack,
    ("attack", "invade"): IV.process_invade,
    ("defend", "defend"): C.process_defend,
    ("battle", "roll"): C.process_roll,
    ("occupy", "occupy"): C.process_occupy,
    ("maneuver", "maneuver"): M.process_maneuver,
    ("maneuver", "end-turn"): TE.process_end_turn,
    ("draw", "draw"): TE.process_draw,
    ("deal-missions", "mission"): TE.process_mission,
}

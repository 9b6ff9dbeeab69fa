"""Napoléon readings: forced naval combat, empty territories, the card table, the basic
game's setup readings, the ship supply and the regiments tie-break."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from riskspec.conformance.scenario import Scenario, load_all
from riskspec.errors import OptionError
from riskspec.loading import load_spec
from riskspec.reference import engine as E
from riskspec.reference.napoleon.tables import SUPPORTED
from riskspec.reference.napoleon.tiebreak import regiment_count

from .invariants import check_board, check_node, check_round_trip, check_step
from .smallmap import LINE, position

#: parameters other helpers implement (missions, leaders, card effects, epidemics)
OTHERS = ("missions.", "leaders.", "generals.", "admirals.", "ransom.", "vp.floor",
          "cards.effect", "epidemics.", "setup.leader_placement", "turn.first_turn_missions")


#: readings still refused by the engine (with an OptionError naming the parameter)
NOT_YET = [("napoleon.amb.basic-pieces", "all")]


def _mine() -> list[Scenario]:
    return [sc for sc in load_all().values()
            if sc.fn.__module__.endswith("cases_napoleon_readings")]


def test_every_reading_of_every_ambiguity_plays_or_belongs_to_another_part() -> None:
    spec = load_spec()
    refused = []
    for vid in ("napoleon-basic", "napoleon-advanced"):
        v = spec.variant(vid)
        players = v.min_players
        for amb in v.ambiguities.values():
            for r in amb.readings:
                try:
                    E.new_game(vid, players, {amb.id: r.id})
                except OptionError:
                    if not all(k.startswith(OTHERS) for k in r.parameters):
                        refused.append((vid, amb.id, r.id))
    assert sorted(set(r[1:] for r in refused)) == NOT_YET


@pytest.mark.parametrize("name", ["setup.neutral_placement_by", "setup.card_table_mode",
                                  "setup.distribution", "scoring.regiments_count",
                                  "naval.fight_to_end", "setup.ships_allowed",
                                  "end_turn.empty_invasion_counts",
                                  "fortifications.destroyed_on", "capitals.count_meaning",
                                  "capitals.card_tradeoff"])
def test_supported_lists_every_allowed_value(name: str) -> None:
    p = load_spec().variant("napoleon-advanced").parameters[name]
    allowed = getattr(p, "allowed", None) or [False, True]
    assert set(SUPPORTED[name]) == set(allowed)


def test_every_rule_of_this_part_has_a_positive_and_a_negative_vector() -> None:
    covered: dict[str, set[bool]] = {}
    for sc in _mine():
        for r in sc.covers:
            covered.setdefault(r, set()).add(sc.negative)
    for rule in ("napoleon.naval.forced-combat", "napoleon.naval.battle-rules",
                 "napoleon.naval.zone-control", "napoleon.combat.empty-territory",
                 "napoleon.units.ships", "napoleon.setup.claim"):
        assert covered.get(rule) == {False, True}, rule


# ---------------------------------------------------------------- forced combat

def _play(variant: str, players: int, options: dict, seed: int, steps: int = 3000) -> set:
    rng = random.Random(seed)
    s = E.new_game(variant, players, options)
    seen = set()
    for i in range(steps):
        if s.winner >= 0:
            break
        if E.current_player(s) == E.CHANCE:
            outs = E.chance_outcomes(s)
            assert sum(p for _, p in outs) == 1 and all(isinstance(p, Fraction) for _, p in outs)
            a = outs[rng.randrange(len(outs))][0]
        else:
            acts = E.legal_actions(s)
            # build among enemy ships whenever possible, to exercise the forced battle
            among = [x for x in acts if x["type"] == "buy-ship"
                     and s.owner[s.tables.place_index[x["zone"]]] not in (-1, s.current)]
            a = among[0] if among and rng.random() < 0.7 else acts[rng.randrange(len(acts))]
        seen.add((s.phase, a["type"], a.get("from") is not None and a.get("from") == a.get("to")))
        after, _ = E.apply(s, a)
        check_step(s, a, after)
        s = after
        check_node(s)
        if s.winner < 0:
            check_board(s)
        if i % 97 == 0:
            check_round_trip(s)
    return seen


@pytest.mark.parametrize("options", [{}, {"napoleon.amb.fight-to-end": "forced-only",
                                          "napoleon.amb.ship-supply": "capped"}])
def test_random_play_with_forced_battles_keeps_the_invariants(options: dict) -> None:
    seen = set()
    for seed in range(3):
        seen |= _play("napoleon-basic", 2, options, seed)
    assert ("attack", "attack", True) in seen, "a forced battle was fought"


def test_forced_battle_counts_every_challenger_and_nobody_controls_a_shared_zone() -> None:
    s = position({"a1": (0, 3), "a2": (0, 3), "b1": (1, 2), "b2": (1, 2), "z1": (1, 2),
                  "z2": (0, 1)}, phase="reinforce",
                 pending={"to_place": 3, "must_trade": False, "after": "turn"})
    for _ in range(3):
        s, ev = E.apply(s, {"type": "buy-ship", "zone": "z1"})
        assert ev[-1]["against"] == 1
    assert s.phase == "attack"
    z1 = s.tables.place_index["z1"]
    assert s.owner[z1] == 1 and s.challengers[z1] == 3
    d = E.to_dict(s)
    assert d["zones"]["z1"] == {"owner": 1, "ships": 2, "challenger_ships": 3}
    assert E.to_dict(E.from_dict(d, variant=s.tables.variant)) == d
    assert [a["dice"] for a in E.legal_actions(s)] == [1, 2, 3]


def test_ship_supply_counts_the_challenger_ships() -> None:
    from riskspec.reference.napoleon.naval import ship_room, ships_of
    s = position({"a1": (0, 3), "b1": (1, 2), "z1": (1, 2), "z2": (0, 25)}, phase="attack",
                 options={"napoleon.amb.ship-supply": "capped"})
    s.challengers[s.tables.place_index["z1"]] = 1
    assert ships_of(s, 0) == 26 and not ship_room(s, 0) and ship_room(s, 1)


# ---------------------------------------------------------------- empty territories

def test_an_invasion_of_an_empty_place_moves_units_only_where_allowed() -> None:
    s = position({"a1": (0, 3), "b1": (1, 2), "far": (2, 1), "z1": (0, 1)},
                 variant="napoleon-advanced", players=3)
    invades = [a for a in E.legal_actions(s) if a["type"] == "invade"]
    # a2 (empty, by land) and z2 is not reachable (z1 has one ship: none may leave)
    assert {(a["from"], a["to"]) for a in invades} == {("a1", "a2")}
    assert sorted(a["armies"] for a in invades) == [1, 2]


def test_any_conquest_razes_a_fortification_in_an_empty_territory() -> None:
    for reading, left in (("conquest-by-combat", 1), ("any-conquest", 0)):
        s = position({"a1": (0, 3), "b1": (1, 2), "b2": (2, 1)}, variant="napoleon-advanced",
                     players=3, options={"napoleon.amb.fortification-destroyed": reading})
        a2 = s.tables.place_index["a2"]
        s.forts[a2] = 1
        s, _ = E.apply(s, {"type": "invade", "from": "a1", "to": "a2", "armies": 2})
        assert s.forts[a2] == left and s.owner[a2] == 0


# ---------------------------------------------------------------- card table and setup

@pytest.mark.parametrize("mode,expected", [("by-seat", [2, 3, 4, 1, 2, 2]),
                                           ("by-player-count", [2] * 6), ("ignore", [0] * 6)])
def test_six_players_draw_the_table_rows(mode: str, expected: list[int]) -> None:
    from riskspec.reference.napoleon.game import setup_share
    s = E.new_game("napoleon-advanced", 6, {"napoleon.amb.card-table": mode})
    s.first_player = 2
    order = [2, 3, 4, 5, 0, 1]
    assert [setup_share(s, seat) for seat in order] == expected


def test_by_round_draws_follow_the_game_turn() -> None:
    from riskspec.reference.napoleon.game import _row
    s = E.new_game("napoleon-advanced", 3, {"napoleon.amb.card-table": "by-round"})
    assert [_row(s, t) for t in range(1, 8)] == [2, 3, 4, 1, 2, 2, 0]


@pytest.mark.parametrize("options", [
    {"napoleon.amb.basic-distribution": "claim"},
    {"napoleon.amb.basic-neutral-placement": "random"},
    {"napoleon.amb.zones-at-start": "ships-in-setup", "napoleon.amb.card-table": "by-round"},
    {"napoleon.amb.card-table": "by-player-count"}])
def test_basic_setup_readings_reach_play_with_every_territory_held(options: dict) -> None:
    rng = random.Random(7)
    s = E.new_game("napoleon-basic", 2, options)
    while s.turn == 0:
        if E.current_player(s) == E.CHANCE:
            outs = E.chance_outcomes(s)
            a = outs[rng.randrange(len(outs))][0]
        else:
            acts = E.legal_actions(s)
            a = acts[rng.randrange(len(acts))]
        s, _ = E.apply(s, a)
        check_node(s)
    T = s.tables.n_territories
    assert all(o >= 0 for o in s.owner[:T]) and sum(s.reserves) == 0
    held = [sum(1 for o in s.owner[:T] if o == seat) for seat in range(s.n_players)]
    assert all(h > 0 for h in held), "the neutral armies hold territories too"
    if "napoleon.amb.basic-distribution" in options:  # neutrals dealt 7 each, players the rest
        assert held[2:] == [7, 7, 7, 7] and held[0] + held[1] == T - 28
        assert abs(held[0] - held[1]) <= 1


def test_random_neutral_placement_is_an_exact_uniform_chance_node() -> None:
    s = position({"a1": (0, 1), "a2": (1, 1), "b1": (2, 1), "b2": (2, 1), "far": (2, 1)},
                 options={"napoleon.amb.basic-neutral-placement": "random"})
    s.turn, s.phase, s.pending = 0, "random-place", {"seat": 2, "left": 2}
    s.reserves[2] = 2
    outs = E.chance_outcomes(s)
    assert [o["territory"] for o, _ in outs] == ["b1", "b2", "far"]
    assert {p for _, p in outs} == {Fraction(1, 3)}


# ---------------------------------------------------------------- tie-break

def test_all_units_count_ships_and_generals_at_their_price() -> None:
    s = position({"a1": (0, 3), "a2": (0, 2), "b1": (1, 2), "far": (2, 1), "z1": (0, 4)},
                 variant="napoleon-advanced", players=3,
                 options={"napoleon.amb.tie-break": "all-units"})
    s.generals[s.tables.place_index["a1"]] = 2
    p = s.tables.params
    assert regiment_count(s, 0) == 5 + 4 * p.costs_ship + 2 * p.costs_general
    board = position({"a1": (0, 3), "a2": (0, 2), "b1": (1, 1), "far": (2, 1), "z1": (0, 4)},
                     variant="napoleon-advanced", players=3)
    assert regiment_count(board, 0) == 5


def test_line_map_is_the_shared_test_board() -> None:
    assert {t["id"] for t in LINE["territories"]} == {"a1", "a2", "b1", "b2", "far"}

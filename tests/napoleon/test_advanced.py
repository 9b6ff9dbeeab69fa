"""Napoléon Advanced Rules implemented so far: claiming setup, the per-territory setup
limit, five turns on the time track, empire and territory victory points, the winner."""

from __future__ import annotations

import random

import pytest

from riskspec.errors import IllegalActionError, OptionError
from riskspec.reference import engine as E
from riskspec.reference.driver import play_game

from . import invariants as I

V = "napoleon-advanced"


def _run_until(s, stop, seed=0, policy="aggressive"):
    start = s
    for _, _, s, _ in I.random_steps(start, random.Random(seed), policy, until=stop, checked=True):
        pass
    return s


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_napoleon_setup_players_and_regiments(n: int) -> None:
    s = E.new_game(V, n)
    assert s.reserves == [s.tables.params.setup_starting_units[str(n)]] * n
    assert s.neutrals == ()


def test_napoleon_setup_claim_and_reinforce_limit() -> None:
    s = _run_until(E.new_game(V, 3), lambda x: x.phase == "first-player")
    s, _ = E.apply(s, {"type": "first-player", "player": 2})
    assert s.phase == "claim" and s.current == 2
    t0 = E.legal_actions(s)[0]["territory"]
    s, _ = E.apply(s, {"type": "claim", "territory": t0})
    assert s.current == 0
    with pytest.raises(IllegalActionError) as exc:
        E.apply(s, {"type": "claim", "territory": t0})
    assert exc.value.rule == "napoleon.setup.claim"
    s = _run_until(s, lambda x: x.turn > 0)
    top = s.tables.params.setup_max_units_per_territory
    assert max(s.armies[:s.tables.n_territories]) <= top
    # napoleon.setup.card-table (by-round): the first turn opens with the first row's draws
    assert s.phase == "card-table" and s.pending["left"] == s.tables.params.setup_card_table_values[0]
    assert sum(s.reserves) == 0


def test_napoleon_turn_time_track_and_scoring_winner() -> None:
    for seed in range(4):
        r = play_game(V, 4, seed=seed, policy="aggressive")
        s = r.state
        assert s.phase == "game-over" and r.turns == s.tables.params.game_turn_limit
        best = max(s.vp)
        assert s.vp[s.winner] == best, "the most victory points wins"


def test_napoleon_scoring_empire_vp_at_turn_start() -> None:
    from riskspec.reference.napoleon.game import score_empires
    s = E.new_game(V, 3)
    tb = s.tables
    name, bonus, terr = tb.groups[0]
    for t in terr:
        s.owner[t], s.armies[t] = 1, 1
    s.turn = 1
    score_empires(s, 1)
    assert s.vp[1] == bonus


def test_napoleon_victory_points_never_lost_without_cause() -> None:
    s = E.new_game(V, 4)
    start = s
    for s, a, after, ev in I.random_steps(start, random.Random(5)):
        lost: dict[int, int] = {}
        for e in ev:
            if e["type"] in ("general-captured", "admiral-captured"):
                lost[e["player"]] = lost.get(e["player"], 0) + e.get("generals", e.get("admirals", 0))
        for seat, (x, y) in enumerate(zip(after.vp, s.vp)):
            # VP are lost only by a captured leader, by exactly leaders.loss_vp each
            assert x >= y or y - x == lost.get(seat, 0) * s.tables.params.leaders_loss_vp, a
        s = after
    I.check_round_trip(s)


def test_napoleon_capitals_bonus_from_turn_two() -> None:
    from riskspec.reference.napoleon.game import capital_bonuses
    s = E.new_game(V, 4, {"capitals": "on"})
    tb, p = s.tables, s.tables.params
    g, cap, count, bonus = next(c for c in tb.capitals if len(tb.groups[c[0]][2]) > c[2])
    ts = [cap] + [t for t in tb.groups[g][2] if t != cap][:count - 1]
    for t in ts:
        s.owner[t], s.armies[t] = 0, 1
    s.turn = p.capitals_from_turn - 1
    assert capital_bonuses(s, 0) == 0, "not before capitals.from_turn"
    s.turn = p.capitals_from_turn
    assert capital_bonuses(s, 0) == bonus
    s.owner[cap] = 1
    assert capital_bonuses(s, 0) == 0, "the capital itself is needed"
    off = E.new_game(V, 4)
    off.owner, off.turn = s.owner, s.turn
    assert capital_bonuses(off, 0) == 0
    with pytest.raises(OptionError):
        E.new_game(V, 4, {"capitals": "maybe"})


def test_napoleon_capitals_games_run() -> None:
    r = play_game(V, 4, seed=2, options={"capitals": "on"}, policy="aggressive")
    assert r.state.phase == "game-over"


def test_napoleon_setup_place_general_and_fortification() -> None:
    s = E.new_game(V, 3)
    s = _run_until(s, lambda x: x.phase == "setup-leaders")
    p = s.tables.params
    assert s.pending == {"generals": p.setup_generals_per_player,
                         "fortifications": p.setup_fortifications_per_player}
    assert {a["type"] for a in E.legal_actions(s)} == {"place-general"}
    s = _run_until(s, lambda x: x.turn > 0)
    T = s.tables.n_territories
    for seat in range(3):
        assert sum(s.generals[t] for t in range(T) if s.owner[t] == seat) == \
            p.setup_generals_per_player
        assert sum(s.forts[t] for t in range(T) if s.owner[t] == seat) == \
            p.setup_fortifications_per_player
    I.check_round_trip(s)


def test_napoleon_combat_bonus_stacking_two_generals_in_a_fortified_territory() -> None:
    from riskspec.reference.modifiers import apply_bonuses, combine_bonuses
    from riskspec.reference.napoleon.leaders import side_bonuses
    s = E.new_game(V, 3)
    p = s.tables.params
    s.owner[0], s.armies[0], s.generals[0], s.forts[0] = 1, 5, 2, 1
    want = combine_bonuses(tuple(p.generals_bonus_by_count["2"]),
                           tuple(p.fortifications_defence_bonus))
    assert side_bonuses(s, 0, defending=True) == want
    assert side_bonuses(s, 0, defending=False) == tuple(p.generals_bonus_by_count["2"])
    assert p.dice_modified_max is None  # no cap: a 6 raised by the bonus counts above 6
    assert apply_bonuses((6, 3), side_bonuses(s, 0, defending=True), None)[0] == 6 + want[0]


def test_napoleon_leaders_capture_vp_and_fortification_destroyed() -> None:
    from riskspec.reference.napoleon.leaders import on_conquest
    s = E.new_game(V, 3)
    p = s.tables.params
    s.owner[0], s.generals[0], s.forts[0], s.current = 1, 1, 1, 0
    ev: list = []
    on_conquest(s, 0, 1, ev)
    assert s.generals[0] == 0 and s.forts[0] == 0 and s.captives[1] == 1
    assert s.vp[0] == p.leaders_capture_vp and s.vp[1] == -p.leaders_loss_vp


def test_napoleon_reinforce_fortifications() -> None:
    from riskspec.reference.napoleon.leaders import fortification_regiments
    s = E.new_game(V, 3)
    s.owner[0], s.forts[0], s.owner[1], s.forts[1] = 2, 1, 2, 1
    s.owner[2], s.forts[2] = 1, 1
    before = s.armies[:]
    per = s.tables.params.reinforce_fortification_regiments
    ev: list = []
    assert fortification_regiments(s, 2, ev) == 2 * per
    # on the fortified territories themselves; another player's fortification adds nothing
    assert [s.armies[t] - before[t] for t in (0, 1, 2)] == [per, per, 0]
    assert [e["territory"] for e in ev] == [s.tables.places[0], s.tables.places[1]]


def test_napoleon_setup_epidemics_at_most_one_per_empire() -> None:
    s = _run_until(E.new_game(V, 4), lambda x: x.phase == "epidemics")
    p = s.tables.params
    # the text's order (napoleon.amb.setup-epidemic-order 'after-leaders'): every territory
    # claimed and reinforced, every general and fortification down, then the epidemics
    assert s.turn == 0 and s.pending["left"] == p.setup_epidemics and not any(s.epidemics)
    assert -1 not in s.owner[:s.tables.n_territories] and not any(s.reserves)
    assert sum(s.generals) == 4 * p.setup_generals_per_player
    assert sum(s.forts) == 4 * p.setup_fortifications_per_player
    s = _run_until(s, lambda x: x.phase != "epidemics", seed=3)
    assert s.phase == "first-player" and s.pending == {"for": "turn"}
    assert sum(s.epidemics) == p.setup_epidemics
    for _, _, ts in s.tables.groups:
        assert sum(s.epidemics[t] for t in ts) <= p.setup_epidemics_max_per_empire


@pytest.mark.parametrize("seed", range(5))
def test_napoleon_starting_fortification_never_on_an_epidemic(seed: int) -> None:
    """Reading before-claim: the epidemics are down before the claims, and no starting
    fortification may go where one is (napoleon.units.fortifications)."""
    s = E.new_game(V, 4, {"napoleon.amb.setup-epidemic-order": "before-claim"})
    s = _run_until(s, lambda x: x.phase == "first-player", seed=seed)
    assert sum(s.epidemics) == s.tables.params.setup_epidemics and not any(s.forts)
    offered, start = 0, s
    for _, _, s, _ in I.random_steps(start, random.Random(seed), "uniform",
                                     until=lambda x: x.pending.get("for") == "turn",
                                     checked=True):
        if s.phase == "setup-leaders" and not s.pending["generals"]:
            places = [a["territory"] for a in E.legal_actions(s)]
            offered += len(places)
            assert all(not s.epidemics[s.tables.places.index(t)] for t in places)
    assert offered and s.phase == "first-player" and s.pending == {"for": "turn"}
    assert not any(f and e for f, e in zip(s.forts, s.epidemics))


def test_napoleon_combat_epidemic_loss_once_per_battle() -> None:
    from riskspec.reference.napoleon.epidemics import attack_loss
    s = E.new_game(V, 3)
    s.owner[0], s.armies[0], s.owner[1], s.armies[1], s.epidemics[1] = 0, 5, 1, 2, 1
    assert attack_loss(s, 0, 1) == s.tables.params.epidemics_attack_loss
    s.last_attack = 0 * len(s.tables.places) + 1
    assert attack_loss(s, 0, 1) == 0, "paid once per battle (epidemics.attack_loss_per)"


def test_napoleon_epidemics_phase_loss_and_relocate() -> None:
    from riskspec.reference.napoleon.epidemics import phase_loss
    s = E.new_game(V, 3)
    s.owner[0], s.armies[0], s.epidemics[0] = 1, 1, 1
    s.owner[1], s.armies[1], s.epidemics[1] = 1, 3, 1
    moving = phase_loss(s, 1, [])
    assert moving == 1 and s.owner[0] == -1 and s.armies[0] == 0 and s.epidemics[0] == 0
    assert s.armies[1] == 3 - s.tables.params.epidemics_phase_loss


def test_napoleon_reinforce_purchases_generals_and_fortifications_within_limits() -> None:
    from riskspec.reference.napoleon.leaders import can_buy
    s = _run_until(E.new_game(V, 3), lambda x: x.phase == "reinforce" and x.turn > 0)
    p, seat = s.tables.params, s.current
    own = [t for t in range(s.tables.n_territories) if s.owner[t] == seat]
    t = next(x for x in own if not s.forts[x] and not s.epidemics[x])
    before = s.pending["to_place"]
    s2, ev = E.apply(s, {"type": "buy-fortification", "territory": s.tables.places[t]})
    assert s2.forts[t] == 1 and s2.pending.get("to_place", 0) == before - p.costs_fortification \
        or s2.phase == "attack"
    assert can_buy(s2, "fortification", t) in ("fortified", "cannot-afford", "advanced-only")
    # generals: up to generals.max, captives included
    s3 = s.copy()
    s3.pending["to_place"] = 50
    other = (seat + 1) % s3.n_players
    n = s3.n_players
    s3.pows[other * n + seat] = p.generals_max - 1  # generals held by another seat
    have = sum(s3.generals[x] for x in own)
    assert (can_buy(s3, "general", own[0]) == "general-limit") == (have >= 1)
    with pytest.raises(IllegalActionError) as exc:
        s4 = s3.copy()
        s4.pows[other * n + seat] = p.generals_max
        E.apply(s4, {"type": "buy-general", "territory": s.tables.places[own[0]]})
    assert exc.value.rule == "napoleon.units.generals"


@pytest.mark.parametrize("redraw", ["empire", "territory"])
def test_napoleon_setup_epidemic_chances_are_exact_and_sum_to_one(redraw: str) -> None:
    """napoleon.amb.setup-epidemic-redraw on the real board: after each placement the next
    epidemic's chances are exact Fractions summing to 1, on territories without one; the
    empire reading never offers a full empire, the territory reading sometimes does."""
    from fractions import Fraction

    from riskspec.reference.napoleon.epidemics import setup_weights
    s = _run_until(E.new_game(V, 3, {"napoleon.amb.setup-epidemic-redraw": redraw}),
                   lambda x: x.phase == "epidemics")
    tb = s.tables
    full_offered = False
    while s.phase == "epidemics":
        w = setup_weights(s)
        assert sum(w.values()) == 1 and all(isinstance(x, Fraction) and x > 0 for x in w.values())
        assert all(not s.epidemics[t] for t in w)
        outcomes = E.chance_outcomes(s)
        assert sum(p for _, p in outcomes) == 1
        full = {t for _, _, ts in tb.groups if any(s.epidemics[x] for x in ts) for t in ts}
        full_offered |= bool(full & set(w))
        # the least likely outcome: a full empire's territory under 'territory'
        a = min(outcomes, key=lambda o: o[1])[0]
        s, _ = E.apply(s, a)
    assert full_offered == (redraw == "territory")


def _emptied_by_phase():
    """Player 0's only contaminated territory is down to its last regiment in the
    maneuver phase; the draw pile is empty and every card not held is in the discards."""
    s = _run_until(E.new_game(V, 3), lambda x: x.phase == "maneuver")
    seat = s.current
    t = next(x for x in range(s.tables.n_territories) if s.owner[x] == seat)
    s.epidemics = [0] * len(s.epidemics)
    s.epidemics[t], s.armies[t] = 1, 1
    s.discards, s.draw_pile = tuple(sorted(s.discards + s.draw_pile)), ()
    return s, t


def test_napoleon_epidemics_relocate_refills_an_empty_pile_from_the_discards() -> None:
    s, t = _emptied_by_phase()
    held = sum(len(h) for h in s.hands)
    s, ev = E.apply(s, {"type": "end-turn"})
    assert s.phase == "epidemics" and s.pending == {"left": 1, "moving": True}
    assert not s.discards and len(s.draw_pile) == len(s.tables.cards) - held
    outcomes = E.chance_outcomes(s)
    assert {o["type"] for o, _ in outcomes} == {"draw"} and len(outcomes) == len(s.draw_pile)
    assert all(p == outcomes[0][1] for _, p in outcomes) and sum(p for _, p in outcomes) == 1
    # the emptied territory's own card places nothing: it is discarded and the draw goes on
    own = s.tables.cards[next(c for c in s.draw_pile if s.tables.card_territory[c] == t)]
    s2, ev = E.apply(s, {"type": "draw", "card": own})
    assert s2.phase == "epidemics" and len(s2.discards) == 1 and not any(s2.epidemics)
    assert ev == [{"type": "epidemic-card-drawn", "card": own, "territory": s.tables.places[t]}]


def test_napoleon_epidemics_relocate_with_no_card_to_draw_loses_the_epidemic() -> None:
    """No card left to draw (pile empty, discards empty): the epidemic leaves the board."""
    from riskspec.reference.napoleon.epidemics import phase_loss, start_relocation
    s, t = _emptied_by_phase()
    s.discards = ()
    ev: list = []
    moving = phase_loss(s, s.current, ev)
    assert moving == 1 and s.armies[t] == 0
    assert start_relocation(s, moving, ev) is False and ev[-1] == {"type": "epidemic-lost"}
    assert not any(s.epidemics)


def test_napoleon_reinforcements_are_counted_by_the_classic_function() -> None:
    """One reinforcement count for both families: Napoléon calls Classic's
    compute_reinforcements, the function CrossHair checks (crosshair_check.TARGETS)."""
    from riskspec.conformance.crosshair_check import TARGETS
    from riskspec.reference import reinforce
    from riskspec.reference.napoleon import game as G
    assert G.compute_reinforcements is reinforce.compute_reinforcements
    assert "riskspec.reference.reinforce.compute_reinforcements" in TARGETS
    s = E.new_game(V, 3)
    T = s.tables.n_territories
    for t in range(T):
        s.owner[t], s.armies[t] = t % 3, 1
    # 48 territories, 16 each: 16 // 3 = 5 for territories (no whole empire here, or its bonus)
    emp, rts = G.whole_groups(s, 0)
    bonus = sum(s.tables.groups[g][1] for g in emp) + sum(s.tables.routes[r][1] for r in rts)
    assert G.reinforcements(s, 0) == 16 // 3 + bonus

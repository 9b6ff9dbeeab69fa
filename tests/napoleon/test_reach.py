"""The once-per-position reach tables (reference/napoleon/reach.py) give exactly what the
rules' direct, per-source definitions give, on random positions and parameter values.

The two ``direct_*`` functions below are the engine's former implementations (one
breadth-first search per source), kept here as the readable statement of the rule."""

from __future__ import annotations

import dataclasses
import random

import pytest

from riskspec.reference import engine as E
from riskspec.reference.driver import play_game
from riskspec.reference.napoleon import combat as C
from riskspec.reference.napoleon import reach as R


def direct_landing_targets(s, src: int, seat: int) -> set[int]:
    tb, p = s.tables, s.tables.params
    if p.basic_pieces == "none":
        return set()
    need = p.naval_landing_min_ships
    frontier = {z for z in tb.coast[src] if s.owner[z] == seat and s.armies[z] >= need}
    reach = set(frontier)
    for _ in range(p.naval_landing_max_zones - 1):
        frontier = {y for z in frontier for y in tb.sea[z]
                    if y not in reach and s.owner[y] == seat and s.armies[y] >= need}
        reach |= frontier
    return {t for z in reach for t in tb.coast[z]} - {src}


def direct_maneuver_ends(s, src: int, seat: int) -> list[int]:
    """Where a maneuver from ``src`` may end, before the unit and move-count checks: ships
    to a neighbouring zone, their own or empty (napoleon.components.adjacency); regiments
    along maneuver.path."""
    tb, p = s.tables, s.tables.params
    naval = tb.is_zone(src)
    if naval:
        return sorted(y for y in tb.sea[src] if s.owner[y] in (seat, -1))
    seen, todo = {src}, [src]
    while todo:
        x = todo.pop()
        for y in tb.land[x]:
            if y not in seen and s.owner[y] == seat:
                seen.add(y)
                if p.maneuver_path == "connected":
                    todo.append(y)
        if p.maneuver_path == "adjacent":
            break
    return sorted(seen - {src})


def _with_params(s, **params):
    """``s`` with some parameters changed (``section__name=value``), checked like the spec's."""
    s = s.copy()
    p = dataclasses.replace(s.tables.params, **{k.replace("__", "_"): v for k, v in params.items()})
    s.tables = dataclasses.replace(s.tables, params=p)
    return s


def _scramble(s, rng: random.Random):
    """Random owners and unit counts (not a reachable position: a harder test)."""
    s = s.copy()
    seats = list(range(s.n_players))
    for i in range(len(s.owner)):
        s.owner[i] = rng.choice(seats + [-1])
        s.armies[i] = 0 if s.owner[i] < 0 else rng.randint(1, 4)
    return s


def _positions(seed: int, every: int = 17, phases: tuple[str, ...] = ()):
    """Every ``every``-th position of two short games (and every one in ``phases``), each
    followed by a scrambled copy."""
    rng = random.Random(seed)
    for variant, players in (("napoleon-basic", 2), ("napoleon-advanced", 3)):
        r = play_game(variant, players, seed=seed, policy="aggressive", max_turns=2, record=True)
        s = E.new_game(variant, players)
        for i, a in enumerate(r.steps):
            s, _ = E.apply(s, a)
            if i % every == 0 or s.phase in phases:
                yield s
                yield _scramble(s, rng)


@pytest.mark.parametrize("seed", range(3))
def test_reach_tables_equal_the_direct_definitions(seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for base in _positions(seed):
        s = _with_params(base, naval_landing__max_zones=rng.choice([1, 2, 3, 4]),
                         naval_landing__min_ships=rng.choice([1, 2, 3]),
                         maneuver__path=rng.choice(["connected", "adjacent"]),
                         basic__pieces=rng.choice(["ships", "ships", "none"]))
        for seat in range(s.n_players):
            landing = R.landing_reach(s, seat)
            moves = R.maneuver_reach(s, seat)
            for src in range(len(s.owner)):
                if src < s.tables.n_territories:
                    assert R.landing_targets(s, src, seat, landing) == \
                        direct_landing_targets(s, src, seat), (src, seat)
                if s.owner[src] == seat:
                    assert list(moves[src]) == direct_maneuver_ends(s, src, seat), (src, seat)
                    checked += 1
                else:
                    assert src not in moves
    assert checked > 100


def test_legal_actions_use_the_reach_tables(monkeypatch) -> None:
    """legal_actions computes each table once per call, not once per source."""
    s = play_game("napoleon-basic", 2, seed=1, policy="aggressive", max_turns=3).state
    while s.phase != "attack":
        s, _ = E.apply(s, E.chance_outcomes(s)[0][0] if E.current_player(s) == E.CHANCE
                       else E.legal_actions(s)[-1])
    calls = []
    real = R.landing_reach
    monkeypatch.setattr(R, "landing_reach", lambda *a: calls.append(a) or real(*a))
    before = E.legal_actions(s)
    assert len(calls) == 1
    monkeypatch.setattr(R, "landing_reach", real)
    # and the attack targets agree with the per-source computation
    assert [a for a in before if a["type"] == "attack"] == \
        [a for a in E.legal_actions(s) if a["type"] == "attack"]
    for src in range(len(s.owner)):
        assert C.attack_targets(s, src, s.current) == \
            C.attack_targets(s, src, s.current, R.landing_reach(s, s.current))


@pytest.mark.parametrize("seed", range(2))
def test_legal_actions_equal_those_from_the_direct_definitions(seed: int, monkeypatch) -> None:
    """The whole legal list (order included) is what it is when every source runs its own
    search: the tables are swapped for the direct definitions and the lists compared."""
    positions = [s for s in _positions(seed, every=3, phases=("maneuver",))
                 if s.phase in ("attack", "maneuver") and E.current_player(s) >= 0]
    fast = [E.legal_actions(s) for s in positions]
    monkeypatch.setattr(R, "landing_targets",
                        lambda s, src, seat, reach=None: direct_landing_targets(s, src, seat))
    monkeypatch.setattr(R, "maneuver_reach", lambda s, seat: {
        src: tuple(direct_maneuver_ends(s, src, seat))
        for src in range(len(s.owner)) if s.owner[src] == seat})
    slow = [E.legal_actions(s) for s in positions]
    assert fast == slow
    assert {s.phase for s in positions} == {"attack", "maneuver"}
    assert any(a["type"] == "maneuver" for acts in fast for a in acts)

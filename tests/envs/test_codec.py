"""The fixed action encoding (riskspec.envs.codec): exact, documented, with clear errors.
Needs no extra: it speaks only the reference engine's public API."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from riskspec.envs.codec import (
    FAMILY_TYPES,
    SLOTS,
    Position,
    action_schema_fields,
    get_codec,
)
from riskspec.errors import InvalidActionError
from riskspec.reference import engine as E

from .common import SETTINGS, sample_positions


def _key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def _reachable(pos: Position, prob: Fraction = Fraction(1)) -> dict[str, Fraction]:
    """Every action reachable from pos through heads and slots, with the product of the
    probabilities along the way (1 at decision nodes)."""
    out: dict[str, Fraction] = {}
    dist = dict(pos.chance_distribution())
    for index in pos.legal_indices():
        p = prob * dist[index] if dist else prob
        action = pos.resolve(index)
        if action is not None:
            assert _key(action) not in out, "two indices lead to one action"
            out[_key(action)] = p
            continue
        child = pos.copy()
        assert child.apply(index) is None
        assert child.pending is not None and len(child.pending) > 1
        for k, v in _reachable(child, p).items():
            assert k not in out
            out[k] = v
    return out


@pytest.mark.parametrize("variant,players", SETTINGS)
def test_every_legal_action_and_outcome_is_reachable_exactly(variant: str, players: int) -> None:
    seen_chance = seen_decision = 0
    for pos in sample_positions(variant, players, seed=players, steps=900, every=23):
        reach = _reachable(pos)
        if pos.actor() == E.CHANCE:
            expected = {_key(a): p for a, p in E.chance_outcomes(pos.state)}
            assert reach == expected  # same outcomes, same exact probabilities
            seen_chance += 1
        else:
            expected = {_key(a): Fraction(1) for a in E.legal_actions(pos.state)}
            assert reach == expected
            seen_decision += 1
    assert seen_chance and seen_decision


def test_heads_follow_the_documented_numbering() -> None:
    codec = get_codec("classic")
    terr = codec.variant.board.territory_ids
    attack = codec.type_of("attack")
    i, j = terr.index("alaska"), terr.index("kamchatka")
    # docs: attack from i to j is offset(attack) + 42 * i + j
    assert len(terr) == 42
    assert codec.head({"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 3}) \
        == attack.offset + 42 * i + j
    assert codec.describe(attack.offset + 42 * i + j) == "attack from=alaska to=kamchatka"
    assert codec.describe(codec.n_heads + 5) == "slot 5"
    assert codec.size == codec.n_heads + SLOTS
    # types come in the action schema's order, only those of the family
    order = [t for t, _ in action_schema_fields() if t in FAMILY_TYPES["classic"]]
    assert [b.type for b in codec.types] == order
    assert "maneuver" not in order and "fortify" in order


def test_every_head_describes_itself_and_encodes_back() -> None:
    for variant in ("classic", "napoleon-advanced"):
        codec = get_codec(variant)
        for block in codec.types:
            for index in (block.offset, block.offset + block.size - 1):
                kind, *parts = codec.describe(index).split()
                action: dict = {"type": kind, **dict(p.split("=", 1) for p in parts)}
                if "player" in action:
                    action["player"] = int(action["player"])
                assert codec.head(action) == index


def test_an_illegal_index_names_the_legal_ones() -> None:
    pos = next(sample_positions("classic", 3, seed=1, steps=200, every=150))
    legal = pos.legal_indices()
    bad = next(i for i in range(pos.codec.size) if i not in legal)
    with pytest.raises(InvalidActionError, match=r"is not legal here .*legal: \d+ \("):
        pos.apply(bad)
    with pytest.raises(InvalidActionError, match="outside"):
        pos.apply(pos.codec.size)


def test_an_action_of_an_unknown_type_is_refused() -> None:
    codec = get_codec("classic")
    with pytest.raises(InvalidActionError, match="'maneuver' has no head"):
        codec.head({"type": "maneuver", "from": "alaska", "to": "alberta", "armies": 1})
    with pytest.raises(InvalidActionError, match="not in the encoding"):
        codec.head({"type": "claim", "territory": "atlantis"})


def test_indices_of_walks_to_an_action() -> None:
    for pos in sample_positions("napoleon-basic", 2, seed=3, steps=2000, every=97):
        if pos.actor() < 0:
            continue
        legal = E.legal_actions(pos.state)
        target = legal[len(legal) // 2]
        probe = pos.copy()
        path = probe.indices_of(target)
        for index in path[:-1]:
            assert probe.apply(index) is None
        before = probe.state
        probe.apply(path[-1])
        assert E.state_hash(probe.state) == E.state_hash(E.apply(before, target)[0])


def test_long_lists_read_by_runs_give_every_actions_own_head() -> None:
    # late-game fortification and occupation lists are long; heads_of reads them by runs
    # of the engine's shared lists: the heads must be those of the actions one by one
    import random

    from riskspec.reference import driver as D
    codec = get_codec("classic")
    rng = random.Random(11)
    s = E.new_game("classic", 2)
    long_lists = 0
    for _ in range(20_000):
        if E.current_player(s) == E.TERMINAL:
            break
        if E.current_player(s) == E.CHANCE:
            a = D.sample_outcome(s, rng)
        else:
            legal = E.legal_actions(s)
            if len(legal) >= 128:
                long_lists += 1
                assert codec.heads_of(legal) == [codec.head(x) for x in legal]
                assert codec.heads_of(legal) == [codec.head(x) for x in legal]  # remembered
            a = D.choose_action(legal, rng, "uniform")
        s, _ = E.apply(s, a)
    assert long_lists > 50


@pytest.mark.parametrize("variant,players", SETTINGS)
def test_applying_an_index_applies_the_action_it_resolves_to(variant: str, players: int) -> None:
    """Position.apply on a listed node (its heads made, as for a mask: the short path that
    does not build the group) leads where the engine applying resolve(index) leads."""
    checked = 0
    for pos in sample_positions(variant, players, seed=players + 1, steps=600, every=17):
        if pos.actor() < 0 or pos.pending is not None:
            continue
        for index in pos.legal_indices()[:12]:
            action = pos.resolve(index)
            if action is None:
                continue
            probe = Position(pos.codec, pos.state)
            probe.heads()                      # listed first, as the environments do
            events = probe.apply(index)
            after, expected = E.apply(pos.state, action)
            assert E.state_hash(probe.state) == E.state_hash(after)
            assert events == expected and probe.pending is None and probe.applied == 1
            checked += 1
    assert checked > 20

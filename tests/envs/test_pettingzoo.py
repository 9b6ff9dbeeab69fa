"""The PettingZoo AEC environment: PettingZoo's own api_test and seed_test on every variant,
and games played to the end with their rewards.  Needs the ``riskspec[rl]`` extra."""

from __future__ import annotations

import functools
import random
import sys
import warnings

import pytest

pytest.importorskip("pettingzoo", reason="the riskspec[rl] extra is not installed "
                                         "(pip install -e '.[rl]')")

from pettingzoo.test import api_test, seed_test

from riskspec.envs import MissingExtraError, env
from riskspec.errors import InvalidActionError, OptionError
from riskspec.reference import driver as D
from riskspec.reference import engine as E

from .common import SETTINGS

#: PettingZoo warns about every Dict observation space (its own chess does the same)
quiet = pytest.mark.filterwarnings("ignore::UserWarning")


@quiet
@pytest.mark.parametrize("variant,players", SETTINGS)
def test_pettingzoo_api_test(variant: str, players: int) -> None:
    api_test(env(variant, players), num_cycles=60)


@quiet
@pytest.mark.parametrize("kwargs", [{"chance": "agent"}, {"auto_setup": True},
                                    {"auto_setup": True, "max_turns": 2}])
def test_pettingzoo_api_test_with_options(kwargs: dict) -> None:
    api_test(env("classic", 4, **kwargs), num_cycles=60)
    api_test(env("napoleon-advanced", 4, **kwargs), num_cycles=40)


@quiet
@pytest.mark.parametrize("variant", ["classic-fr", "classic-it", "classic-pt"])
def test_pettingzoo_api_test_translated_editions(variant: str) -> None:
    api_test(env(variant, 3, auto_setup=True), num_cycles=30)


@quiet
@pytest.mark.parametrize("variant,players", [("classic", 3), ("napoleon-basic", 2),
                                             ("napoleon-advanced", 4)])
def test_pettingzoo_seed_test(variant: str, players: int) -> None:
    seed_test(functools.partial(env, variant, players, auto_setup=True), num_cycles=40)


@quiet
@pytest.mark.slow
@pytest.mark.parametrize("variant,players", SETTINGS)
def test_pettingzoo_api_test_long(variant: str, players: int) -> None:
    api_test(env(variant, players, auto_setup=True), num_cycles=1000)
    seed_test(functools.partial(env, variant, players), num_cycles=500)


def _play(e, seed: int) -> tuple[dict[str, float], list[str]]:
    """Play to the end with the driver's aggressive policy, through action indices."""
    rng = random.Random(seed)
    e.reset(seed=seed)
    total = {a: 0.0 for a in e.agents}
    order = []
    for agent in e.agent_iter(200_000):
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        if term or trunc:
            order.append(agent)
            e.step(None)
            continue
        pos = e.position
        if pos.pending is None:
            actions = E.legal_actions(pos.state)
            target = D.choose_action(actions, rng, "aggressive", pos.state)
            path = pos.indices_of(target)
            e._path = path[1:]
            index = path[0]
        else:
            index = e._path.pop(0)
        assert obs["action_mask"][index] == 1
        e.step(index)
    return total, order


def test_a_classic_game_ends_with_win_rewards() -> None:
    e = env("classic", 3, auto_setup=True)
    total, order = _play(e, seed=5)
    winner = e.match.winner()
    assert winner is not None and e.agents == []
    assert sorted(order) == ["player_0", "player_1", "player_2"]
    for agent, r in total.items():
        assert r == (1.0 if agent == f"player_{winner}" else -0.5)


def test_napoleon_advanced_rewards_victory_points_and_the_win() -> None:
    e = env("napoleon-advanced", 3, auto_setup=True)
    start = {f"player_{s}": v for s, v in e._template.vp().items()}
    total, _ = _play(e, seed=2)
    match = e.match
    assert match.is_over()
    final = {f"player_{s}": v for s, v in match.vp().items()}
    outcome = {f"player_{s}": v for s, v in match.outcome().items()}
    assert sorted(outcome.values()) == [-0.5, -0.5, 1.0]
    for agent in total:
        assert total[agent] == pytest.approx(final[agent] - start[agent] + outcome[agent])


def test_an_episode_starts_at_zero_reward() -> None:
    # victory points the setup scores before the first agent moves are paid with the first
    # step, never before (PettingZoo's api_test checks last() against its own sums)
    scored = 0
    for seed in range(12):
        e = env("napoleon-advanced", 3, auto_setup=True)
        e.reset(seed=seed)
        assert set(e.rewards.values()) == {0.0}
        assert set(e._cumulative_rewards.values()) == {0.0}
        start, at_reset = e._template.vp(), e.match.vp()
        e.step(int(e.observe(e.agent_selection)["action_mask"].nonzero()[0][0]))
        after = e.match.vp()
        assert not e.match.is_over()
        for seat, vp in after.items():
            assert e.rewards[f"player_{seat}"] == vp - start[seat]
        scored += at_reset != start
    assert scored  # some setup did score (the case this test is about)


def test_truncation_at_max_turns() -> None:
    e = env("classic", 2, auto_setup=True, max_turns=3)
    e.reset(seed=1)
    steps = 0
    for agent in e.agent_iter(100_000):
        _, reward, term, trunc, _ = e.last()
        if term or trunc:
            assert trunc and not term and reward == 0
            e.step(None)
            continue
        e.step(e.action_space(agent).sample(e.observe(agent)["action_mask"]))
        steps += 1
    assert e.agents == [] and e.match.turn() == 4 and steps > 10


def test_chance_agent_sees_exact_probabilities() -> None:
    e = env("classic", 4, chance="agent")
    e.reset(seed=0)
    assert e.agent_selection == "chance"       # who places first is a roll
    dist = e.chance_distribution()
    assert [p for _, p in dist] == [pytest.approx(0.25)] * 4 and sum(p for _, p in dist) == 1
    mask = e.observe("chance")["action_mask"]
    assert sorted(i for i, _ in dist) == list(mask.nonzero()[0])
    e.step(dist[2][0])
    assert e.agent_selection == "player_2"


def test_the_observation_shows_what_the_seat_may_see() -> None:
    e = env("classic", 3, auto_setup=True)
    e.reset(seed=4)
    for _ in range(400):                       # play on until someone holds cards
        agent = e.agent_selection
        e.step(e.action_space(agent).sample(e.observe(agent)["action_mask"]))
        if any(p["cards"] for p in e.match.public()["players"]):
            break
    d = e.match.public()
    blocks = {name: (start, size) for name, start, size in e.encoder.layout()}
    assert sum(size for _, size in blocks.values()) == e.encoder.size
    for seat in range(3):
        obs = e.observe(f"player_{seat}")["observation"]
        start, size = blocks["hand"]
        held = [c for c, v in zip(e.codec.cards, obs[start:start + size]) if v]
        assert held == d["players"][seat]["cards"]
        start, size = blocks["places"]
        per = size // 42
        armies = [obs[start + k * per + 4] for k in range(42)]  # owner(3) + unowned, armies
        assert armies == [t["armies"] for t in d["territories"].values()]
    assert e.encoder.place_fields == ["armies"]


def test_illegal_indices_and_bad_settings_are_refused() -> None:
    e = env("classic", 3)
    e.reset(seed=0)
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(InvalidActionError, match="not legal here"):
        e.step(int(mask.argmin()))
    with pytest.raises(OptionError, match="chance must be one of"):
        env("classic", 3, chance="dice")
    with pytest.raises(OptionError, match="no victory points"):
        env("classic", 3, reward="vp")
    with pytest.raises(OptionError, match=r"players must be a whole number 2…6, not 7"):
        env("classic", 7)


def test_a_missing_extra_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [n for n in sys.modules if n == "pettingzoo" or n.startswith("pettingzoo.")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    monkeypatch.delitem(sys.modules, "riskspec.envs.pettingzoo_env", raising=False)
    with warnings.catch_warnings(), pytest.raises(MissingExtraError, match=r"riskspec\[rl\]"):
        env("classic", 3)


def test_render_and_describe_say_what_is_going_on() -> None:
    e = env("classic", 3, auto_setup=True, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert text.startswith("classic turn 1, reinforce phase, seat ")
    assert text.count("\n  seat ") == 3
    index = int(e.observe(e.agent_selection)["action_mask"].nonzero()[0][0])
    assert e.describe_action(index).startswith("place territory=")
    assert e.action_type(index) == "place"

"""The vector environment for batched self-play: Gymnasium's shapes and spaces, the same
play as the single environments it holds, episodes reset in the same step, returns that
add up, reproducible from one seed."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="the riskspec[rl] extra is not installed")
pytest.importorskip("gymnasium", reason="the riskspec[rl] extra is not installed")

from riskspec.envs import env, vector_env  # noqa: E402
from riskspec.envs.errors import ActionIndexError  # noqa: E402
from riskspec.errors import InvalidActionError, OptionError  # noqa: E402


def _random(obs, rng):
    return [int(rng.choice(m.nonzero()[0])) for m in obs["action_mask"]]


def _run(venv, seed, steps):
    rng = random.Random(seed)
    obs, infos = venv.reset(seed=seed)
    trace = []
    for _ in range(steps):
        actions = _random(obs, rng)
        obs, rewards, term, trunc, infos = venv.step(actions)
        trace.append((actions, rewards.copy(), term.copy(), trunc.copy(),
                      infos["agent"].copy(), obs["observation"].copy()))
    return trace


def test_shapes_and_spaces_are_gymnasiums() -> None:
    venv = vector_env(3, "classic", 4, auto_setup=True)
    obs, infos = venv.reset(seed=0)
    e = env("classic", 4)
    assert obs["observation"].shape == (3, e.encoder.size)
    assert obs["action_mask"].shape == (3, e.codec.size)
    assert venv.observation_space.contains(obs)
    assert venv.action_space.shape == (3,)
    assert list(infos["agent"]) == [venv.possible_agents.index(x.agent_selection)
                                    for x in venv.envs]
    obs, rewards, term, trunc, infos = venv.step(_random(obs, random.Random(0)))
    assert rewards.shape == (3, 4) and term.shape == trunc.shape == (3,)
    assert term.dtype == bool and rewards.dtype == np.float32
    assert venv.observation_space.contains(obs)


def test_each_copy_plays_as_a_single_environment_would() -> None:
    venv = vector_env(2, "classic", 3, auto_setup=True, max_turns=3)
    solo = [env("classic", 3, auto_setup=True, max_turns=3) for _ in range(2)]
    obs, _ = venv.reset(seed=10)
    for i, e in enumerate(solo):
        e.reset(seed=10 + i)
    rng = random.Random(1)
    ended = 0
    for _ in range(400):
        actions = _random(obs, rng)
        for i, e in enumerate(solo):
            mine = e.observe(e.agent_selection)
            assert np.array_equal(mine["observation"], obs["observation"][i])
            assert np.array_equal(mine["action_mask"], obs["action_mask"][i])
            e.step(actions[i])
            if not e.agents or e.terminations[e.agent_selection] or \
                    e.truncations[e.agent_selection]:
                while e.agents:
                    e.step(None)
                e.reset()
        obs, _, term, trunc, _ = venv.step(actions)
        ended += int(term.sum() + trunc.sum())
    assert ended >= 2                      # the comparison crossed autoresets


def _aggressive(venv, paths, rng):
    """The driver's aggressive policy, walked through the indices (it ends games)."""
    from riskspec.reference import driver as D
    from riskspec.reference import engine as E
    actions = []
    for i, e in enumerate(venv.envs):
        pos = e.position
        if pos.pending is None:
            target = D.choose_action(E.legal_actions(pos.state), rng, "aggressive", pos.state)
            paths[i] = pos.indices_of(target)
        actions.append(paths[i].pop(0))
    return actions


def test_rewards_add_up_to_each_episodes_outcome() -> None:
    venv = vector_env(2, "classic", 3, auto_setup=True, max_turns=300)
    venv.reset(seed=5)
    rng, paths = random.Random(2), [[], []]
    total = np.zeros((2, 3))
    outcomes = []
    for _ in range(100_000):
        _, rewards, term, trunc, _ = venv.step(_aggressive(venv, paths, rng))
        total += rewards
        for i in np.nonzero(term | trunc)[0]:
            outcomes.append((bool(term[i]), total[i].copy()))
            total[i] = 0
        if len(outcomes) >= 2:
            break
    assert any(won for won, _ in outcomes)      # a win among them (the case that pays)
    for won, returns in outcomes:
        if won:
            assert sorted(returns) == [-0.5, -0.5, 1.0]
        else:
            assert list(returns) == [0.0, 0.0, 0.0]


def test_one_seed_reproduces_the_run() -> None:
    a = _run(vector_env(2, "napoleon-advanced", 3, auto_setup=True, max_turns=2), 7, 150)
    b = _run(vector_env(2, "napoleon-advanced", 3, auto_setup=True, max_turns=2), 7, 150)
    for x, y in zip(a, b):
        for u, v in zip(x, y):
            assert np.array_equal(np.asarray(u), np.asarray(v))
    c = _run(vector_env(2, "napoleon-advanced", 3, auto_setup=True, max_turns=2), 8, 150)
    assert any(not np.array_equal(x[5], y[5]) for x, y in zip(a, c))


def test_bad_use_is_refused_before_any_copy_moves() -> None:
    venv = vector_env(2, "classic", 3, auto_setup=True)
    with pytest.raises(OptionError, match="call reset"):
        venv.step([0, 0])
    obs, _ = venv.reset(seed=0)
    before = [x.position.state for x in venv.envs]
    good = int(obs["action_mask"][0].nonzero()[0][0])
    with pytest.raises(ActionIndexError, match="needs 2 indices"):
        venv.step([good])
    with pytest.raises(ActionIndexError, match="must be an integer index"):
        venv.step([good, 1.5])
    with pytest.raises(InvalidActionError, match="not legal here"):
        venv.step([good, int(obs["action_mask"][1].argmin())])
    assert [x.position.state for x in venv.envs] == before
    with pytest.raises(OptionError, match=r"num_envs must be a whole number 1…4,096"):
        vector_env(0)
    with pytest.raises(OptionError, match="chance='sample'"):
        vector_env(2, chance="agent")

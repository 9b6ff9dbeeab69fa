"""Wrong use of the environments is refused with a narrow error under RiskspecError that
names what was given — never a bare TypeError, OverflowError or KeyError, never taken as
something else (``1.5`` or ``"5"`` as an index)."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="the riskspec[rl] extra is not installed")
pytest.importorskip("pettingzoo", reason="the riskspec[rl] extra is not installed")

from riskspec.envs import env  # noqa: E402
from riskspec.envs.errors import (  # noqa: E402
    ActionIndexError,
    EnvError,
    EpisodeOverError,
    UnknownAgentError,
)
from riskspec.errors import InvalidActionError, OptionError, RiskspecError  # noqa: E402
from riskspec.reference import engine as E  # noqa: E402

NOT_INDICES = [1.5, "5", "0", True, False, np.True_, None, [3], (3,), {"i": 3}, 3 + 0j,
               np.float64(2.0), b"5"]


def _started(**kwargs):
    e = env("classic", 3, auto_setup=True, **kwargs)
    e.reset(seed=3)
    return e


@pytest.mark.parametrize("action", NOT_INDICES, ids=repr)
def test_what_is_no_index_is_refused_and_changes_nothing(action) -> None:
    e = _started()
    before, agent = E.state_hash(e.position.state), e.agent_selection
    with pytest.raises(ActionIndexError, match="must be an integer index 0…3899") as got:
        e.step(action)
    assert isinstance(got.value, (EnvError, InvalidActionError, RiskspecError))
    assert repr(action)[:20] in str(got.value) or type(action).__name__ in str(got.value)
    assert E.state_hash(e.position.state) == before and e.agent_selection == agent


@pytest.mark.parametrize("action", [-1, 3900, 2**63, 10**30, -(10**30), np.int64(-5)])
def test_an_index_out_of_range_names_the_range(action) -> None:
    e = _started()
    with pytest.raises(ActionIndexError, match="is outside 0…3899"):
        e.step(action)


def test_numpy_integers_are_indices() -> None:
    e = _started()
    legal = e.observe(e.agent_selection)["action_mask"].nonzero()[0]
    e.step(np.int64(legal[0]))          # what action_space.sample(mask) gives
    e.step(np.array(e.observe(e.agent_selection)["action_mask"].nonzero()[0][0]))


def _finish(e) -> None:
    rng = random.Random(0)
    for agent in e.agent_iter(100_000):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
        else:
            legal = obs["action_mask"].nonzero()[0]
            e.step(int(legal[rng.randrange(len(legal))]))


def test_after_the_episode_every_call_says_so() -> None:
    e = _started(max_turns=2)
    _finish(e)
    assert e.agents == []
    for call in (lambda: e.step(None), lambda: e.step(0), lambda: e.last(),
                 lambda: e.last(observe=False)):
        with pytest.raises(EpisodeOverError, match="the episode is over .* call reset"):
            call()
    # the agents may still look at the final position, with an empty mask
    assert e.observe("player_0")["action_mask"].sum() == 0
    e.reset(seed=1)                     # and a new episode starts
    assert e.agents == ["player_0", "player_1", "player_2"]


def test_before_reset_a_step_says_so() -> None:
    e = env("classic", 3)
    with pytest.raises(EpisodeOverError, match="call reset"):
        e.step(0)
    with pytest.raises(EpisodeOverError, match="call reset"):
        e.last()


def test_a_done_agent_steps_with_none_only() -> None:
    e = _started(max_turns=2)
    for _ in range(100_000):
        _, _, term, trunc, _ = e.last()
        if term or trunc:
            break
        e.step(int(e.observe(e.agent_selection)["action_mask"].nonzero()[0][-1]))
    with pytest.raises(ActionIndexError, match="is done: its only action is None, not 5"):
        e.step(5)
    e.step(None)


@pytest.mark.parametrize("agent", ["player_99", "player_3", "chance", "", 0, None, ["a"],
                                   {"a": 1}, 1.5], ids=repr)
def test_an_unknown_agent_is_refused(agent) -> None:
    e = _started()
    for call in (e.observe, e.action_space, e.observation_space):
        with pytest.raises(UnknownAgentError, match="no agent .* the agents are player_0"):
            call(agent)


@pytest.mark.parametrize("kwargs,message", [
    ({"players": 7}, r"players must be a whole number 2…6, not 7 \(int\)"),
    ({"players": 10**12}, r"players must be a whole number 2…6"),
    ({"players": True}, r"players must be a whole number 2…6, not True \(bool\)"),
    ({"players": 3.0}, r"not 3.0 \(float\)"),
    ({"players": "3"}, r"players must be a whole number 2…6, not '3' \(str\)"),
    ({"players": ["red"]}, r"players must be 2…6 colour names"),
    ({"players": [1, 2, 3]}, r"players must be 2…6 colour names"),
    ({"max_turns": 0}, r"max_turns must be a whole number 1…1,000,000, not 0"),
    ({"max_turns": 10**7}, r"max_turns must be a whole number 1…1,000,000"),
    ({"max_turns": 2.5}, r"max_turns must be a whole number 1…1,000,000, not 2.5"),
    ({"max_turns": True}, r"max_turns must be a whole number"),
    ({"auto_setup": "yes"}, r"auto_setup must be True or False, not 'yes'"),
    ({"options": ["game-mode"]}, r"options must map option names"),
    ({"options": {"game-mode": 3}}, r"options must map option names"),
    ({"chance": ["sample"]}, r"chance must be one of sample, agent"),
    ({"reward": 1}, r"reward must be one of"),
    ({"render_mode": {}}, r"render_mode must be one of"),
    ({"variant": 5}, r"variant must be a variant id, not 5"),
])
def test_constructor_numbers_and_options_are_bounded(kwargs, message) -> None:
    args = {"variant": "classic", "players": 3, **kwargs}
    with pytest.raises(OptionError, match=message):
        env(**args)


@pytest.mark.parametrize("seed", [-1, 2**64, 10**40, 1.5, "1", True, [1]], ids=repr)
def test_seeds_are_bounded(seed) -> None:
    e = env("classic", 3)
    with pytest.raises(OptionError, match=r"seed must be a whole number 0…18,446,744,073,709"):
        e.reset(seed=seed)


def test_the_largest_seed_works() -> None:
    e = env("classic", 3, auto_setup=True)
    e.reset(seed=2**64 - 1)
    assert e.agents


def test_describe_and_action_type_refuse_what_is_no_index() -> None:
    e = _started()
    for call in (e.describe_action, e.action_type):
        with pytest.raises(ActionIndexError):
            call("5")
        with pytest.raises(ActionIndexError):
            call(1.5)

"""The variants as OpenSpiel games: OpenSpiel's own random-simulation test (with
serialisation), exact chance probabilities.  Needs ``open_spiel``."""

from __future__ import annotations

from fractions import Fraction

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed on this machine "
                                                "(pip install open_spiel; wheels exist for "
                                                "Linux x86-64 and macOS)")

from riskspec.envs import openspiel  # noqa: E402 (after the skip / the path set-up above)
from riskspec.errors import OptionError  # noqa: E402 (after the skip / the path set-up above)
from riskspec.reference import engine as E  # noqa: E402 (after the skip / the path set-up above)

openspiel.register()


@pytest.mark.parametrize("name,params", [
    ("riskspec_classic", {"players": 2, "max_turns": 4, "auto_setup": True}),
    ("riskspec_classic", {"players": 5, "max_turns": 5, "auto_setup": True}),
    ("riskspec_napoleon_basic", {"max_turns": 2, "auto_setup": True}),
    ("riskspec_napoleon_advanced", {"players": 3, "max_turns": 1, "auto_setup": True}),
])
def test_openspiel_random_sim_test(name: str, params: dict) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["classic", "classic-fr", "classic-it", "classic-pt",
                                     "napoleon-basic", "napoleon-advanced"])
def test_openspiel_random_sim_test_long(variant: str) -> None:
    game = pyspiel.load_game(openspiel.game_name(variant), {"max_turns": 12})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_every_variant_is_registered() -> None:
    names = set(pyspiel.registered_names())
    for vid in ("classic", "classic-fr", "classic-it", "classic-pt", "napoleon-basic",
                "napoleon-advanced"):
        assert openspiel.game_name(vid) in names


def test_chance_nodes_carry_the_engine_probabilities() -> None:
    game = pyspiel.load_game("riskspec_classic", {"players": 3})
    state = game.new_initial_state()
    assert state.is_chance_node()                       # who places first
    exact = state.chance_outcomes_exact()
    assert [p for _, p in exact] == [Fraction(1, 3)] * 3
    assert [p for _, p in state.chance_outcomes()] == [pytest.approx(1 / 3)] * 3
    state.apply_action(exact[1][0])
    assert state.current_player() == 1
    assert game.num_distinct_actions() == state.position.codec.size
    # a battle roll, 3 dice against 2: the exact engine distribution, reached in slots
    s = state
    while True:
        if s.is_chance_node():
            engine = s.position.state
            if E.chance_outcomes(engine) and E.chance_outcomes(engine)[0][0]["type"] == "roll":
                break
            s.apply_action(max(s.chance_outcomes(), key=lambda o: o[1])[0])
        else:
            legal = s.legal_actions()
            attacks = [a for a in legal if "attack" in s.action_to_string(a)]
            s.apply_action(attacks[0] if attacks else legal[-1])
    total = sum(p for _, p in s.chance_outcomes_exact())
    assert total == 1


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(OptionError, match="KEY=CHOICE"):
        openspiel.parse_options("game-mode")
    assert openspiel.parse_options("game-mode=mission, distribution=deal") == {
        "game-mode": "mission", "distribution": "deal"}
    game = pyspiel.load_game("riskspec_classic", {"players": 4, "options": "game-mode=mission"})
    assert game.num_players() == 4


def _play_to_the_end(state, seed: int = 0):
    import random
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_state_stopped_at_its_cap_takes_no_more_actions() -> None:
    from riskspec.envs.errors import EpisodeOverError
    game = pyspiel.load_game("riskspec_classic", {"players": 2, "max_turns": 2,
                                                  "auto_setup": True})
    state = _play_to_the_end(game.new_initial_state())
    assert state.is_terminal() and state.legal_actions() == []
    assert state.position.actor() != E.TERMINAL           # stopped by the cap, not won
    history = list(state.history())
    for index in (0, state.position.legal_indices()[0] if state.position.legal_indices()
                  else 1, 3899):
        with pytest.raises(EpisodeOverError, match=r"the game is over \(stopped at its cap"):
            state.apply_action(index)
    assert list(state.history()) == history


def test_what_is_no_index_is_refused_by_the_game() -> None:
    from riskspec.envs.errors import ActionIndexError
    game = pyspiel.load_game("riskspec_classic", {"players": 3})
    state = game.new_initial_state()
    for bad in (1.5, "5", None, True, [1]):
        with pytest.raises(ActionIndexError, match="must be an integer index 0…3899"):
            state.apply_action(bad)
    for bad in (-1, 3900, 10**30):
        with pytest.raises(ActionIndexError, match="is outside 0…3899"):
            state.apply_action(bad)
    assert state.history() == []


@pytest.mark.parametrize("params,message", [
    ({"max_turns": 0}, r"max_turns must be a whole number 1…1,000,000, not 0"),
    ({"max_turns": 10**7}, r"max_turns must be a whole number 1…1,000,000"),
    ({"max_game_length": 10**9}, r"max_game_length must be a whole number 1…1,000,000"),
    ({"max_game_length": 0}, r"max_game_length must be a whole number 1…1,000,000"),
    ({"players": 99}, r"players must be a whole number 2…6, not 99"),
])
def test_bounded_parameters(params: dict, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        pyspiel.load_game("riskspec_classic", params)


def test_observation_tensors_are_the_definitions() -> None:
    # the observer follows the game incrementally (and remembers the initial state that
    # OpenSpiel observes on every call): each tensor must be encode()'s, for every player
    import random

    import numpy as np
    game = pyspiel.load_game("riskspec_napoleon_advanced", {"players": 3, "max_turns": 3,
                                                            "auto_setup": True})
    rng = random.Random(3)
    state, seen = game.new_initial_state(), 0
    while not state.is_terminal() and seen < 300:
        for p in range(game.num_players()):
            want = np.asarray(game.encoder.encode(state.position, game.seats[p]), np.float32)
            assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32), want)
        seen += 1
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen > 50


@pytest.mark.parametrize("name,params", [
    ("riskspec_classic", {"players": 3, "max_turns": 3, "auto_setup": True}),
    ("riskspec_classic", {"players": 2, "max_turns": 2}),
    ("riskspec_napoleon_advanced", {"players": 3, "max_turns": 1, "auto_setup": True}),
])
def test_the_python_answers_are_the_ones_openspiel_cpp_state_gives(name: str, params: dict) -> None:
    """``legal_actions`` and ``is_chance_node`` are answered in Python (no round trip through
    C++): at every state of a random game, terminal included, they equal what OpenSpiel's
    C++ ``State`` methods answer, for the player to act, each seat and the chance player."""
    import random
    game = pyspiel.load_game(name, params)
    def answer(f, *args):
        try:
            return f(*args)
        except pyspiel.SpielError as exc:   # e.g. legal_actions(-1) at a decision
            return ("SpielError", str(exc))

    s, rng, seen = game.new_initial_state(), random.Random(5), set()
    while True:
        assert s.is_chance_node() == pyspiel.State.is_chance_node(s)
        assert s.legal_actions() == pyspiel.State.legal_actions(s)
        for p in (-1, *range(game.num_players())):
            assert answer(s.legal_actions, p) == answer(pyspiel.State.legal_actions, s, p), p
        seen.add("terminal" if s.is_terminal() else "chance" if s.is_chance_node() else "decision")
        if s.is_terminal():
            break
        s.apply_action(rng.choice(s.legal_actions()))
    assert seen == {"terminal", "chance", "decision"}

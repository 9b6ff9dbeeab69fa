"""Napoléon states against schemas/state.schema.json ($defs/napoleon): every state random
play reaches is valid, malformed ones are refused, and the schema's phases and pending
fields are exactly those of reference/napoleon/state.py."""

from __future__ import annotations

import copy
import json

import pytest

from riskspec.reference import engine as E
from riskspec.reference.driver import play_game
from riskspec.reference.napoleon.state import PHASES
from riskspec.reference.state import InvalidStateError
from riskspec.validation import is_surely_valid, validator

GAMES = [
    ("napoleon-basic", 2, {}),
    ("napoleon-advanced", 3, {}),
    ("napoleon-advanced", 4, {"capitals": "on"}),
]


def schema_errors(data: dict) -> list[str]:
    if is_surely_valid("state.schema.json", data):
        return []
    return [f"{list(e.absolute_path)}: {e.message}"
            for e in validator("state.schema.json").iter_errors(data)]


def _states(variant: str, players: int, options: dict, seed: int, max_turns: int | None) -> list:
    seen: list[str] = []
    play_game(variant, players, seed=seed, options=options, policy="aggressive",
              max_turns=max_turns, on_step=lambda b, a, after, ev: seen.append(E.to_json(after)))
    return [E.to_json(E.new_game(variant, players, options))] + seen


@pytest.mark.parametrize("variant,players,options", GAMES)
def test_every_state_of_random_play_is_schema_valid(variant, players, options) -> None:
    states = _states(variant, players, options, seed=3, max_turns=2)
    phases = set()
    for text in states:
        data = json.loads(text)
        phases.add(data["phase"])
        assert not schema_errors(data), (data["phase"], schema_errors(data)[:3])
    assert {"reinforce", "attack", "battle"} <= phases, "the game reached play"


@pytest.mark.slow
@pytest.mark.parametrize("variant,players,options", GAMES + [("napoleon-advanced", 6, {})])
def test_every_state_of_whole_games_is_schema_valid(variant, players, options) -> None:
    for seed in range(3):
        for text in _states(variant, players, options, seed=seed, max_turns=12):
            assert not schema_errors(json.loads(text))


def _sample(variant="napoleon-advanced", players=3) -> dict:
    r = play_game(variant, players, seed=1, policy="aggressive", max_turns=1)
    return json.loads(E.to_json(r.state))


BREAKS = {
    "no zones object is then a Classic state": lambda d: d.pop("zones"),
    "unknown top-level field": lambda d: d.update(extra=1),
    "ships missing": lambda d: next(iter(d["zones"].values())).pop("ships"),
    "negative ships": lambda d: next(iter(d["zones"].values())).update(ships=-1),
    "generals without epidemics": lambda d: next(iter(d["territories"].values())).pop("epidemics"),
    "unknown territory field": lambda d: next(iter(d["territories"].values())).update(admirals=1),
    "vp without captive_generals": lambda d: d["players"][0].pop("captive_generals"),
    "vp not an integer": lambda d: d["players"][0].update(vp="3"),
    "Classic phase": lambda d: d.update(phase="fortify", pending={}),
    "pending of another phase": lambda d: d.update(phase="attack", pending={"left": 1}),
    "naval flag missing": lambda d: d["turn_flags"].pop("naval_moves"),
    "last attack of one place": lambda d: d["turn_flags"].update(last_attack=["a"]),
    "reinforce after something else": lambda d: d.update(
        phase="reinforce", pending={"to_place": 1, "must_trade": False, "after": "fortify"}),
}


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_malformed_napoleon_states_are_refused(name) -> None:
    good = _sample()
    assert not schema_errors(good)
    bad = copy.deepcopy(good)
    BREAKS[name](bad)
    assert schema_errors(bad), name
    with pytest.raises(InvalidStateError):
        E.from_json(json.dumps(bad))


def test_the_engine_refuses_a_schema_invalid_napoleon_state_on_load() -> None:
    """from_json checks the schema for Napoléon states too (no family is skipped)."""
    d = _sample()
    next(iter(d["zones"].values()))["flags"] = True   # the builder alone would ignore it
    with pytest.raises(InvalidStateError, match="zones"):
        E.from_json(json.dumps(d))


def test_schema_phases_and_pending_fields_are_the_engines() -> None:
    nap = validator("state.schema.json").schema["$defs"]["napoleon"]
    assert nap["properties"]["phase"]["enum"] == list(PHASES)
    by_phase = {}
    for branch in nap["allOf"]:
        phase = branch["if"]["properties"]["phase"]["const"]
        by_phase[phase] = set(branch["then"]["properties"]["pending"]["required"])
    assert by_phase == {ph: set(kinds) for ph, kinds in PHASES.items()}
    fields = validator("state.schema.json").schema["$defs"]["napoleon_pending"]["properties"]
    assert set(fields) == {k for kinds in PHASES.values() for k in kinds}

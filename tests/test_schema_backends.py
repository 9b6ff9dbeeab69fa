"""The compiled schema fast path (``jsonschema_rs``) never accepts what ``jsonschema``
refuses: it is asked only "is this surely valid?", and a yes must be jsonschema's verdict too.

Checked on every shipped document, every case's state, states and events of random games,
and thousands of states and events mutated from them (a key dropped or added, a value of
another type, out of range, a string with a trailing newline, a big number, a tuple)."""

from __future__ import annotations

import copy
import json
import random

import pytest

from riskspec.conformance.vectors import load_cases
from riskspec.reference.driver import play_game
from riskspec.reference.serial import to_json
from riskspec.validation import _compiled, is_plain_json, is_surely_valid, validator

pytestmark = pytest.mark.skipif(_compiled("state.schema.json") is None,
                                reason="jsonschema_rs is not installed: no fast path to check")

TWISTS = ["drop", "add", "null", "string", "negative", "huge", "float", "bool", "list",
          "newline", "tuple", "empty"]


def _python_valid(name: str, obj: object) -> bool:
    return next(validator(name).iter_errors(obj), None) is None


def _spots(obj: object, trail: tuple = ()) -> list[tuple]:
    out = [trail]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _spots(v, trail + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _spots(v, trail + (i,))
    return out


def _twisted(obj: object, rng: random.Random) -> object:
    """A copy of ``obj`` with one value changed in one of the ways of TWISTS."""
    new = copy.deepcopy(obj)
    trail = rng.choice(_spots(new)[1:] or [()])
    if not trail:
        return new
    parent = new
    for k in trail[:-1]:
        parent = parent[k]
    key, old = trail[-1], parent[trail[-1]]
    twist = rng.choice(TWISTS)
    if twist == "drop" and isinstance(parent, dict):
        del parent[key]
    elif twist == "add" and isinstance(old, dict):
        old["unexpected"] = 1
    elif twist == "null":
        parent[key] = None
    elif twist == "string":
        parent[key] = str(old)
    elif twist == "negative":
        parent[key] = -1 - (old if type(old) is int else 0)
    elif twist == "huge":
        parent[key] = 2 ** rng.choice([31, 53, 63, 64, 80])
    elif twist == "float":
        parent[key] = (old if type(old) is int else 0) + rng.choice([0.0, 0.5])
    elif twist == "bool":
        parent[key] = rng.choice([True, False])
    elif twist == "list":
        parent[key] = [old]
    elif twist == "newline" and isinstance(old, str):
        parent[key] = old + "\n"
    elif twist == "tuple" and isinstance(old, list):
        parent[key] = tuple(old)
    elif twist == "empty":
        parent[key] = type(old)() if isinstance(old, (str, list, dict)) else 0
    return new


@pytest.fixture(scope="module")
def corpus() -> dict[str, list[object]]:
    states: list[object] = [c.state for c in load_cases() if c.state]
    events: list[object] = []

    def keep(before, action, after, evs) -> None:
        if len(states) % 7 == 0:
            states.append(json.loads(to_json(after)))
        events.extend(evs)

    for variant, players in (("classic", 3), ("classic", 2), ("napoleon-advanced", 3)):
        play_game(variant, players, seed=5, max_turns=6, on_step=keep)
    return {"state.schema.json": states, "event.schema.json": events[::3]}


def test_every_shipped_state_and_event_is_valid_under_both(corpus) -> None:
    for name, items in corpus.items():
        fast = [is_surely_valid(name, x) for x in items]
        assert all(fast), f"{name}: the fast path refused {fast.count(False)} valid items"
        sample = items[::10]
        assert all(_python_valid(name, x) for x in sample), name


def test_a_yes_of_the_fast_path_is_a_yes_of_jsonschema_on_mutated_inputs(corpus) -> None:
    rng = random.Random(20261202)
    seen = {"fast yes": 0, "fast no": 0}
    for name, items in corpus.items():
        for _ in range(400 if name == "state.schema.json" else 600):
            x = _twisted(rng.choice(items), rng)
            if is_surely_valid(name, x):
                seen["fast yes"] += 1
                assert _python_valid(name, x), (name, json.dumps(x, default=repr)[:400])
            else:
                seen["fast no"] += 1
    # both kinds were exercised: mutants that stay valid, and ones that are refused
    assert seen["fast yes"] > 50 and seen["fast no"] > 300, seen


def test_what_jsonschema_accepts_and_the_fast_path_cannot_read_falls_back() -> None:
    state = next(c.state for c in load_cases() if c.state)
    assert is_plain_json(state)
    as_tuple = {**state, "players": tuple(state["players"])}
    assert not is_plain_json(as_tuple)
    assert not is_surely_valid("state.schema.json", as_tuple)       # not asked: jsonschema says
    assert not _python_valid("state.schema.json", as_tuple)         # a tuple is no JSON array
    assert not is_plain_json({1: "a"}) and not is_plain_json({"a": {2, 3}})


def test_the_environment_switch_turns_the_fast_path_off(monkeypatch) -> None:
    from riskspec import validation
    state = next(c.state for c in load_cases() if c.state)
    monkeypatch.setenv(validation.BACKEND_ENV, "python")
    validation._compiled.cache_clear()
    try:
        assert validation._compiled("state.schema.json") is None
        assert not is_surely_valid("state.schema.json", state)
    finally:
        monkeypatch.delenv(validation.BACKEND_ENV)
        validation._compiled.cache_clear()
    assert is_surely_valid("state.schema.json", state)


def test_every_shipped_document_gets_the_same_verdict_from_both() -> None:
    from riskspec.conformance.vectors import default_vectors_dir, vector_files
    from riskspec.loading import default_root
    from riskspec.validation import FORMATS
    from riskspec.yamlio import load_path

    files = sorted(default_root().rglob("*.yaml")) + vector_files(default_vectors_dir())
    checked = 0
    for f in files:
        data = load_path(f).data
        name = FORMATS.get(data.get("format")) if isinstance(data, dict) else None
        if name is None:
            continue
        assert is_surely_valid(name, data) == _python_valid(name, data) is True, f
        checked += 1
    assert checked >= 40, checked

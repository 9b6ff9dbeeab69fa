"""The compiled schema fast path (``jsonschema_rs``) never accepts what ``jsonschema``
refuses: it is asked only "is this surely valid?", and a yes must be jsonschema's verdict too.

Checked on every shipped document, every case's state, states and events of random games,
the hostile states of the ``load_state`` campaign (:mod:`state_edits`) and events with one
value changed (dropped, of another type, out of range, a string with a trailing newline)."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from common import examples, json_paths
from hypothesis import HealthCheck, given, settings
from state_edits import hostile_state, make_pool

from riskspec.conformance.vectors import load_cases
from riskspec.reference.driver import play_game
from riskspec.validation import compiled_validator, is_plain_json, is_surely_valid, validator

POOL = make_pool()
pytestmark = pytest.mark.skipif(compiled_validator("state.schema.json") is None,
                                reason="jsonschema_rs is not installed: no fast path to check")

EVENT_TWISTS = ["drop", "add", "null", "string", "negative", "huge", "float", "bool", "list",
                "newline", "empty"]


def _python_valid(name: str, obj: object) -> bool:
    return next(validator(name).iter_errors(obj), None) is None


def _twisted_event(event: dict, rng: random.Random) -> dict:
    """A copy of ``event`` with one value changed in one of the ways of EVENT_TWISTS."""
    new = copy.deepcopy(event)
    trail = rng.choice(json_paths(new)[1:] or [()])
    if not trail:
        return new
    parent = new
    for k in trail[:-1]:
        parent = parent[k]
    key, old = trail[-1], parent[trail[-1]]
    twist = rng.choice(EVENT_TWISTS)
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
    elif twist == "empty":
        parent[key] = type(old)() if isinstance(old, (str, list, dict)) else 0
    return new


@pytest.fixture(scope="module")
def corpus() -> dict[str, list[object]]:
    events: list[object] = []
    for variant, players in (("classic", 3), ("classic", 2), ("napoleon-advanced", 3)):
        play_game(variant, players, seed=5, max_turns=6,
                  on_step=lambda before, action, after, evs: events.extend(evs))
    return {"state.schema.json": [c.state for c in load_cases() if c.state] + POOL,
            "event.schema.json": events[::3]}


def test_every_shipped_state_and_event_is_valid_under_both(corpus) -> None:
    for name, items in corpus.items():
        fast = [is_surely_valid(name, x) for x in items]
        assert all(fast), f"{name}: the fast path refused {fast.count(False)} valid items"
        sample = items[::10]
        assert all(_python_valid(name, x) for x in sample), name


def test_a_yes_of_the_fast_path_is_a_yes_of_jsonschema_on_hostile_states(request) -> None:
    seen: Counter = Counter()

    @settings(max_examples=examples(request, short=400), deadline=None, database=None,
              derandomize=True, suppress_health_check=list(HealthCheck))
    @given(hostile_state(POOL))
    def run(case: tuple[str, str]) -> None:
        edits, text = case
        try:
            state = json.loads(text)
        except (ValueError, RecursionError):
            seen["unreadable"] += 1
            return
        if is_surely_valid("state.schema.json", state):
            seen["fast yes"] += 1
            assert _python_valid("state.schema.json", state), (edits, text[:400])
        else:
            seen["fast no"] += 1

    run()
    # both kinds were exercised: edits that keep the schema's form, and ones that break it
    assert seen["fast yes"] > 50 and seen["fast no"] > 50, seen


def test_a_yes_of_the_fast_path_is_a_yes_of_jsonschema_on_changed_events(corpus) -> None:
    rng = random.Random(20261202)
    seen: Counter = Counter()
    for _ in range(600):
        event = _twisted_event(rng.choice(corpus["event.schema.json"]), rng)
        if is_surely_valid("event.schema.json", event):
            seen["fast yes"] += 1
            assert _python_valid("event.schema.json", event), event
        else:
            seen["fast no"] += 1
    assert seen["fast yes"] > 50 and seen["fast no"] > 300, seen


def test_a_value_nested_too_deep_for_the_compiled_validator_is_not_given_to_it() -> None:
    deep: dict = {}
    inner = deep
    for _ in range(200_000):        # the compiled validator crashes the process on this
        inner["a"] = {}
        inner = inner["a"]
    assert not is_plain_json(deep)
    assert not is_surely_valid("event.schema.json", deep)
    assert is_plain_json({"a": [[[1]]]}) and not is_plain_json([[[1]]], max_depth=2)


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
    validation.compiled_validator.cache_clear()
    try:
        assert validation.compiled_validator("state.schema.json") is None
        assert not is_surely_valid("state.schema.json", state)
    finally:
        monkeypatch.delenv(validation.BACKEND_ENV)
        validation.compiled_validator.cache_clear()
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

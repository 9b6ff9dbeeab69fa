"""Differential property testing: random games on an engine and the reference side by side."""

from __future__ import annotations

import io
import os
import shlex
import sys
from pathlib import Path

import pytest

from riskspec.conformance.check import CheckConfig, check
from riskspec.conformance.client import EngineClient, reference_client
from riskspec.conformance.properties import differential_check, invariants, starts_from_vectors
from riskspec.conformance.vectors import load_cases

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not (ROOT / "schemas" / "state.schema.json").exists()
                                and "RISKSPEC_TEST_ENGINE" not in os.environ,
                                reason="schemas/state.schema.json (reference engine) not there yet")


def engine_argv(*extra: str) -> list[str]:
    base = os.environ.get("RISKSPEC_TEST_ENGINE")
    prefix = shlex.split(base) if base else [sys.executable, "-m", "riskspec.cli", "engine"]
    return [*prefix, *extra]


@pytest.fixture(scope="module")
def starts():
    cases = [c for c in load_cases() if c.section in ("attack", "conquest", "fortify", "cards")]
    return starts_from_vectors(cases, limit=10)


def test_invariants_catch_broken_states():
    good = {"territories": {"a": {"owner": 0, "armies": 1}}, "players": [{"cards": ["x"], "reserve": 0}],
            "draw_pile": ["y"], "discards": [], "phase": "attack", "winner": None}
    assert invariants(good, 2) == []
    bad = {**good, "territories": {"a": {"owner": 0, "armies": 0}}, "draw_pile": ["x"]}
    assert len(invariants(bad, 2)) == 2


def test_reference_agrees_with_itself_through_the_protocol(starts):
    with EngineClient(engine_argv(), timeout=60, handshake_timeout=120) as engine:
        assert differential_check(engine, reference_client(), starts, examples=15, max_steps=40) is None


def test_a_mutant_is_found_shrunk_and_saved_as_a_replayable_vector(starts, tmp_path):
    argv = engine_argv("--mutant", "ties-to-attacker")
    with EngineClient(argv, timeout=60, handshake_timeout=120) as engine:
        found = differential_check(engine, reference_client(), starts, examples=200, max_steps=30,
                                   save_dir=tmp_path)
    assert found is not None, "the differential test missed ties-to-attacker"
    div, path = found
    assert "roll" in str(div.steps[-1]["action"]) and len(div.steps) <= 6, div.steps
    # the saved vector fails on the mutant and passes on the reference
    bad_code, rep = check(CheckConfig(argv=argv, vectors=[path], quiet=True, timeout=60, handshake_timeout=120),
                          io.StringIO(), io.StringIO())
    assert bad_code == 1 and rep["totals"]["fail"] == 1
    ok_code, rep = check(CheckConfig(argv=engine_argv(), vectors=[path], quiet=True, timeout=60,
                                     handshake_timeout=120), io.StringIO(), io.StringIO())
    assert ok_code == 0, rep["failures"]

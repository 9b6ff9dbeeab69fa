"""The Hypothesis state machine for engines (riskspec check --hypothesis): it finds a planted
deviation, shrinks it to a minimal vector naming the rule, saves a vector that replays the
failure, replays a found failure first from its example database, keeps quiet on a faithful
engine, and its generic invariants catch what they say."""

from __future__ import annotations

import builtins
import json
import subprocess
import sys
from pathlib import Path

import pytest

from riskspec.conformance.client import reference_client
from riskspec.conformance.invariants import state_problems, step_problems
from riskspec.conformance.planted import write_planted
from riskspec.conformance.runner import run_case
from riskspec.conformance.stateful import (
    MissingExtra,
    adapter_client,
    hypothesis_check,
    load_adapter,
    require_hypothesis,
    save_found,
)
from riskspec.conformance.vectors import load_file

pytest.importorskip("hypothesis")


def planted_client(tmp_path: Path, name: str):
    return adapter_client(load_adapter(f"{write_planted(name, tmp_path)}:MiniRisk"))


def test_a_planted_deviation_is_shrunk_to_one_step_and_saved_as_a_failing_vector(tmp_path):
    res = hypothesis_check(planted_client(tmp_path, "place-two"), reference_client(), examples=20,
                           max_steps=20, derandomize=True)
    d = res.divergence
    assert d is not None and d.rule == "classic.reinforce.place" and d.kind == "state"
    assert len(res.case["steps"]) == 1 and res.case["steps"][0]["action"]["type"] == "place"
    path = save_found(res, tmp_path / "found")
    assert path is not None and json.loads(path.read_text())["cases"][0]["covers"] == ["classic.reinforce.place"]
    (case,) = load_file(path)
    assert run_case(planted_client(tmp_path, "place-two"), case).outcome == "fail"
    assert run_case(reference_client(), case).outcome == "pass"


def test_the_database_replays_a_found_failure_first(tmp_path):
    db = tmp_path / "db"
    first = hypothesis_check(planted_client(tmp_path, "place-two"), reference_client(), examples=30,
                             max_steps=20, database=db, shrink=False)
    assert first.divergence is not None and first.database is not None and any(first.database.iterdir())
    again = hypothesis_check(planted_client(tmp_path, "place-two"), reference_client(), examples=1,
                             max_steps=20, database=db)
    assert again.divergence is not None and again.divergence.rule == first.divergence.rule


def test_the_reference_against_itself_has_no_divergence():
    res = hypothesis_check(reference_client(), reference_client(), examples=6, max_steps=15,
                           derandomize=True, variants=["classic"])
    assert res.divergence is None, res.divergence
    assert res.stats.steps > 0 and res.stats.legal_checks > 0


def test_a_time_budget_ends_the_run_and_keeps_the_smallest_divergence_found(tmp_path):
    ticks = {"n": 0}

    def clock() -> float:               # one "second" per reading: the budget is 8 readings
        ticks["n"] += 1
        return float(ticks["n"])
    res = hypothesis_check(reference_client(), reference_client(), examples=100_000, max_steps=10,
                           derandomize=True, variants=["classic"], time_budget=8, clock=clock)
    assert res.divergence is None and res.examples < 20, res.examples
    assert any("time budget" in n for n in res.notes), res.notes
    ticks["n"] = 0
    found = hypothesis_check(planted_client(tmp_path, "place-two"), reference_client(), examples=100_000,
                             max_steps=20, derandomize=True, time_budget=40, clock=clock)
    assert found.divergence is not None and found.divergence.rule == "classic.reinforce.place"
    assert found.examples < 200, found.examples


def test_step_invariants_catch_unaccounted_armies_and_a_phase_going_back():
    before = {"phase": "attack", "turn": 3, "current": 1,
              "territories": {"a": {"owner": 1, "armies": 5}, "b": {"owner": 0, "armies": 2}}}
    after = {**before, "territories": {"a": {"owner": 1, "armies": 4}, "b": {"owner": 0, "armies": 2}}}
    battle = [{"type": "battle", "attacker_losses": 1, "defender_losses": 0}]
    assert step_problems(before, after, battle, family="classic") == []
    assert "armies on the board changed by -1" in step_problems(before, after, [], family="classic")[0]
    back = {**after, "phase": "reinforce"}
    assert any("within one turn" in p for p in step_problems(before, back, battle, family="classic"))
    assert step_problems(before, {**back, "turn": 4}, battle, family="classic") == []


def test_state_invariants_catch_a_card_in_two_places_and_an_inconsistent_owner():
    s = {"phase": "attack", "territories": {}, "draw_pile": ["x"], "discards": [], "winner": None,
         "players": [{"cards": ["x"], "reserve": 0}]}
    assert "a card is in two places" in state_problems(s)
    from riskspec.reference import engine as E
    state = E.to_dict(E.new_game("classic", 3))
    assert state_problems(state, variant="classic") == []
    state["current"] = 7
    assert state_problems(state, variant="classic")[0].startswith("state.seat-range:")


def test_a_missing_hypothesis_is_a_clear_usage_error(monkeypatch):
    real = builtins.__import__

    def no_hypothesis(name, *args, **kw):
        if name == "hypothesis" or name.startswith("hypothesis."):
            raise ImportError(name)
        return real(name, *args, **kw)
    monkeypatch.setattr(builtins, "__import__", no_hypothesis)
    with pytest.raises(MissingExtra, match=r'pip install "riskspec\[hypothesis\]"'):
        require_hypothesis()


def test_check_cli_prints_the_minimal_vector_and_exits_1(tmp_path):
    engine = write_planted("place-two", tmp_path)
    r = subprocess.run([sys.executable, "-m", "riskspec.cli", "check", "--python-engine", f"{engine}:MiniRisk",
                        "--hypothesis", "20", "--hypothesis-steps", "20", "--no-hypothesis-db",
                        "--hypothesis-derandomize",  # the same 20 examples every run: no flakiness
                        "--fuzz-save", str(tmp_path / "found"), "--report", str(tmp_path / "r.json")],
                       capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "DIVERGENCE [state] rule classic.reinforce.place" in r.stdout
    assert 'step 1: {"type": "place"' in r.stdout and "saved: " in r.stdout
    rep = json.loads((tmp_path / "r.json").read_text())
    assert rep["hypothesis"]["unexpected"] == 1 and rep["hypothesis"]["findings"][0]["steps"] == 1
    assert list((tmp_path / "found").glob("classic.reinforce.place.fuzz-*.json"))


def test_check_cli_refuses_hypothesis_only_without_n():
    r = subprocess.run([sys.executable, "-m", "riskspec.cli", "check", "--hypothesis-only"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "--hypothesis-only needs --hypothesis N" in r.stderr


@pytest.mark.slow
def test_pytest_plugin_adds_a_hypothesis_item_that_fails_with_the_vector(tmp_path):
    engine = write_planted("place-two", tmp_path)
    (tmp_path / "empty").mkdir()
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(tmp_path),
                        "--riskspec-engine", f"{sys.executable} {engine}", "--riskspec-hypothesis", "15",
                        "--riskspec-hypothesis-db", str(tmp_path / "db"), str(tmp_path / "empty")],
                       capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert r.returncode == 1, r.stdout[-2000:]
    assert "riskspec-hypothesis" in r.stdout and "rule classic.reinforce.place" in r.stdout


@pytest.mark.slow
def test_the_crosshair_backend_finds_the_planted_deviation_in_process(tmp_path):
    pytest.importorskip("hypothesis_crosshair_provider")
    res = hypothesis_check(planted_client(tmp_path, "place-two"), reference_client(), examples=10,
                           max_steps=20, backend="crosshair", time_budget=600)
    assert res.divergence is not None and res.divergence.rule == "classic.reinforce.place"
    assert res.backend == "crosshair"

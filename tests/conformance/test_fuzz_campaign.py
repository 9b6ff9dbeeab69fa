"""Fuzz campaigns split across processes or a Dask cluster: the same seed, the same result."""

from __future__ import annotations

import importlib.util
import json
import signal
import subprocess
import sys
import time

import pytest

from riskspec.conformance.client import EngineClient
from riskspec.conformance.fuzz_campaign import (
    CampaignOptions,
    EngineSpec,
    FuzzPlan,
    JournalError,
    run_fuzz_campaign,
)

ARGV = (sys.executable, "-m", "riskspec.cli", "engine", "--mutant", "ties-to-attacker")
PLAN = FuzzPlan(games=12, max_steps=60, seed=3, variants=("classic",))


def outcome(res):
    """What must not depend on the sharding: each divergence and the counts."""
    divs = [(d.key, d.game, d.what, len(d.steps), d.case_id) for d in res.divergences]
    s = res.stats
    return divs, (s.games, s.steps, s.legal_checks, s.outcome_checks, s.probes, dict(s.by_family))


def campaign(**opts):
    spec = EngineSpec(argv=ARGV, timeout=60, handshake_timeout=120)
    with spec.client() as engine:
        return run_fuzz_campaign(spec, engine, PLAN, CampaignOptions(**opts))


def test_one_process_two_processes_and_a_dask_cluster_find_the_same_divergences(tmp_path):
    one = campaign(workers=1)
    assert one.divergences, "the ties-to-attacker mutant must diverge"
    assert one.backend == "serial" and one.stats.games == PLAN.games
    two = campaign(workers=2, chunk=2)
    assert two.backend == "processes" and two.workers == 2
    assert outcome(two) == outcome(one)
    if importlib.util.find_spec("distributed") is None:
        pytest.skip("Dask distributed is not installed (pip install 'riskspec[dask]'): the cluster "
                    "leg did not run")
    dask = campaign(workers=2, dask="", chunk=3)
    assert dask.backend == "dask"
    assert outcome(dask) == outcome(one)


def test_a_killed_run_resumes_from_its_journal_without_losing_or_repeating_games(tmp_path):
    journal = tmp_path / "fz.jsonl"
    cmd = [sys.executable, "-m", "riskspec.cli", "check", "--engine", " ".join(ARGV[:4]) + " --mutant ties-to-attacker",
           "--fuzz", "30", "--fuzz-steps", "40", "--fuzz-seed", "3", "--fuzz-only", "--variant", "classic",
           "--workers", "1", "--fuzz-journal", str(journal), "--fuzz-save", str(tmp_path / "found"),
           "--report", str(tmp_path / "r.json"), "-q"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and proc.poll() is None:
        if journal.exists() and journal.read_text().count("\n") >= 6:   # the header and 5 games
            break
        time.sleep(0.2)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    lines = journal.read_text().splitlines()
    kept = {json.loads(ln)["game"] for ln in lines[1:] if ln.strip().endswith("}")}
    assert 5 <= len(kept) < 30, "the run was not interrupted half-way"
    subprocess.run(cmd, check=False, timeout=600, capture_output=True)
    rep = json.loads((tmp_path / "r.json").read_text())["fuzz"]
    games = [json.loads(ln)["game"] for ln in journal.read_text().splitlines()[1:]]
    assert sorted(games) == sorted(set(games)), "a game was recorded twice"
    assert rep["resumed"] >= len(kept) and rep["complete"]
    fresh = tmp_path / "fresh.jsonl"
    subprocess.run([*cmd[:cmd.index("--fuzz-journal") + 1], str(fresh),
                    *cmd[cmd.index("--fuzz-journal") + 2:]], check=False, timeout=600, capture_output=True)
    again = json.loads((tmp_path / "r.json").read_text())["fuzz"]
    assert again["resumed"] == 0
    for key in ("games", "steps", "legal_checks", "probes", "divergences"):
        assert rep[key] == again[key], key
    assert [f["case"] for f in rep["findings"]] == [f["case"] for f in again["findings"]]


def test_a_journal_of_another_campaign_is_refused(tmp_path):
    journal = tmp_path / "fz.jsonl"
    spec = EngineSpec(argv=ARGV, timeout=60, handshake_timeout=120)
    small = FuzzPlan(games=2, max_steps=10, seed=3, variants=("classic",))
    with EngineClient(list(ARGV), timeout=60, handshake_timeout=120) as engine:
        run_fuzz_campaign(spec, engine, small, CampaignOptions(journal=journal))
        other = FuzzPlan(games=2, max_steps=10, seed=4, variants=("classic",))
        with pytest.raises(JournalError, match="another campaign .*seed"):
            run_fuzz_campaign(spec, engine, other, CampaignOptions(journal=journal))

"""Suite power: every single-rule deviation of the reference engine must be flagged by `riskspec check`.

Each mutant (``riskspec.conformance.mutants``) is served through the protocol as
``riskspec engine --mutant NAME`` and checked like any third-party engine.  The
default run checks each mutant against the cases that cover the rule it breaks
(``--select RULE``) and stops at the first failure; ``--runslow`` runs the whole
suite against every mutant.  Both report the catch rate.
"""

from __future__ import annotations

import io
import os
import shlex
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from riskspec.conformance.check import CheckConfig, check
from riskspec.conformance.mutants import MUTANTS

ROOT = Path(__file__).resolve().parents[2]
needs_engine = pytest.mark.skipif(not (ROOT / "schemas" / "state.schema.json").exists()
                                and "RISKSPEC_TEST_ENGINE" not in os.environ,
                                reason="schemas/state.schema.json (reference engine) not there yet")


def engine_argv(*extra: str) -> list[str]:
    base = os.environ.get("RISKSPEC_TEST_ENGINE")  # e.g. a wrapper for local experiments
    prefix = shlex.split(base) if base else [sys.executable, "-m", "riskspec.cli", "engine"]
    return [*prefix, *extra]


def run_mutant(name: str, *, select: list[str], maxfail: int = 1) -> tuple[str, dict]:
    cfg = CheckConfig(argv=engine_argv("--mutant", name), select=select, maxfail=maxfail, quiet=True,
                      timeout=60, handshake_timeout=120)
    code, rep = check(cfg, io.StringIO(), io.StringIO())
    return name, rep


def catch_table(results: dict[str, dict]) -> tuple[float, list[str]]:
    caught = {n for n, rep in results.items() if rep["failures"]}
    lines = []
    for n, rep in sorted(results.items()):
        f = rep["failures"][0] if rep["failures"] else None
        lines.append(f"  {'CAUGHT' if f else 'MISSED'} {n:24} ({MUTANTS[n].rule})"
                     + (f" by {f['case']}" if f else ""))
    return len(caught) / len(results), lines


def test_there_are_at_least_20_distinct_single_rule_mutants():
    assert len(MUTANTS) >= 20
    import json
    kinds = {(json.dumps(dict(m.params), sort_keys=True), m.board_edit is not None and m.name, m.wrap)
             for m in MUTANTS.values()}
    assert len(kinds) == len(MUTANTS)  # no two mutants make the same deviation


@needs_engine
def test_catch_rate_on_the_rules_each_mutant_breaks(capsys):
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = dict(pool.map(lambda n: run_mutant(n, select=[MUTANTS[n].rule]), sorted(MUTANTS)))
    rate, lines = catch_table(results)
    with capsys.disabled():
        print(f"\nsuite power (targeted): {rate:.0%} of {len(results)} mutants caught\n" + "\n".join(lines))
    assert rate == 1.0, "\n".join(lines)


@needs_engine
@pytest.mark.slow
def test_catch_rate_of_the_whole_suite(capsys, request):
    if not request.config.getoption("--runslow", default=False):  # guard even without tests/conftest.py
        pytest.skip("slow: run with --runslow")
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = dict(pool.map(lambda n: run_mutant(n, select=[], maxfail=0), sorted(MUTANTS)))
    rate, lines = catch_table(results)
    with capsys.disabled():
        print(f"\nsuite power (whole suite): {rate:.0%} of {len(results)} mutants caught\n" + "\n".join(lines))
    assert rate == 1.0


@needs_engine
def test_reference_engine_itself_passes_through_the_protocol(tmp_path):
    """The unmutated engine, as a subprocess, passes every case (the control group)."""
    cfg = CheckConfig(argv=engine_argv(), quiet=True, jobs=2, timeout=60, handshake_timeout=120,
                      reports=[tmp_path / "r.json"], select=["classic.attack.*", "classic.cards.*",
                                                            "classic.amb.fortify-path*"])
    code, rep = check(cfg, io.StringIO(), io.StringIO())
    assert code == 0, rep["failures"][:3]
    assert rep["totals"]["pass"] > 40

"""The pytest plugin: `pytest --riskspec-engine=CMD` turns vector files into items, xdist spreads them."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import TOY, TOY_VECTORS

ROOT = Path(__file__).resolve().parents[2]


def run_pytest(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)


def test_plugin_runs_vectors_over_two_workers():
    r = run_pytest("--riskspec-engine", f"{sys.executable} {TOY}", str(TOY_VECTORS), "-n", "2")
    assert r.returncode == 0, r.stdout[-2000:]
    assert "6 passed, 1 skipped" in r.stdout


def test_plugin_reports_case_rules_and_diff():
    r = run_pytest("--riskspec-engine", f"{sys.executable} {TOY} --bug add3", str(TOY_VECTORS))
    assert r.returncode == 1
    assert "FAIL toy.move.add.002" in r.stdout and "covers: toy.move.add" in r.stdout
    assert '$.error: expected {"code": "too-many", "rule": "toy.move.add"}, got "accepted"' in r.stdout


def test_plugin_is_inert_without_the_option():
    r = run_pytest(str(TOY_VECTORS))
    assert r.returncode == 5  # no tests collected: JSON files are ignored


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_plugin_on_the_shipped_vectors_with_pyargs():
    engine = ROOT / "conformance" / "examples" / "js-engine" / "engine.js"
    # a generous per-answer wait: two node processes on a loaded machine (what is tested here is
    # the plugin's collection, not an engine's speed; the runner's deadlines have their own tests)
    r = run_pytest("--riskspec-engine", f"node {engine}", "--pyargs", "riskspec.conformance", "-n", "2",
                   "-k", "reinforce", "--riskspec-timeout", "60")
    assert r.returncode == 0, r.stdout[-2000:]
    assert " passed" in r.stdout and "skipped" in r.stdout

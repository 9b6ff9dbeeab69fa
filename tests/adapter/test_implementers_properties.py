"""The implementer's guide's example (docs/implementers.md §5a) runs as written: the published
rule properties (riskspec.properties) pass on the Python example engine and fail, naming the
rule and the smallest input, on a copy with a planted slip."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import riskspec.handbook
from riskspec.conformance.planted import EXAMPLE, planted_source

pytest.importorskip("hypothesis")


def guide_example() -> str:
    text = (Path(riskspec.handbook.__file__).parent / "implementers.md").read_text(encoding="utf-8")
    m = re.search(r"```python\n(# file: test_engine_rules\.py.*?)```", text, re.S)
    assert m, "the guide's example test file is not found in docs/implementers.md"
    return m.group(1)


def run_example(tmp_path: Path, engine_source: str) -> subprocess.CompletedProcess:
    (tmp_path / "engine.py").write_text(engine_source, encoding="utf-8")
    (tmp_path / "test_engine_rules.py").write_text(guide_example(), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:riskspec",
                           "--rootdir", str(tmp_path), "test_engine_rules.py"],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)


def test_the_guide_example_passes_on_the_example_engine(tmp_path):
    r = run_example(tmp_path, EXAMPLE.read_text(encoding="utf-8"))
    assert r.returncode == 0, r.stdout[-3000:]
    assert "3 passed" in r.stdout


def test_the_guide_example_catches_a_planted_minimum(tmp_path):
    r = run_example(tmp_path, planted_source("minimum-2"))
    assert r.returncode == 1, r.stdout[-3000:]
    assert "1 failed, 2 passed" in r.stdout
    assert ("classic.reinforce.minimum: for territories=1, continents=[] the rule gives 3, "
            "your function gave 2") in r.stdout

"""benchmarks/bench_envs.py runs end to end on a tiny load: both environments paired with
the engine replaying their own game (the script checks each replay ends where the
environment's game ended, and fails otherwise), and the part-by-part timing of a step."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_envs.py"
pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason="needs the checkout's benchmarks/")


def _run(*args: str) -> str:
    done = subprocess.run([sys.executable, str(SCRIPT), "--turns", "3", "--rounds", "2",
                           "--steps", "40", *args], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_every_side_is_paired_with_the_engine_on_its_own_game():
    out = _run()
    for side in ("pettingzoo", "openspiel", "openspiel+obs"):
        if side != "pettingzoo" and "open_spiel is not installed" in out:
            continue
        assert re.search(rf"^\s+{re.escape(side)}\s+[\d,]+ \(.*\)\s+[\d.]+× \(", out, re.M), out
        assert re.search(rf"^\s+engine \({re.escape(side)}'s game\)\s+[\d,]+ \(", out, re.M), out


def test_no_part_of_a_step_is_counted_twice():
    """The parts are timed around their outermost calls only, and not while the untimed
    reset plays the setup: no part, and not the rest (the whole less the parts), is negative."""
    out = _run("--parts")
    rows = dict(re.findall(r"^\s+(.+?)\s+(-?[\d.]+)$", out, re.M))
    assert {"observation", "engine apply", "engine legal_actions", "action mask",
            "whole step", "the rest (the AEC protocol, glue)"} <= set(rows), out
    assert all(float(v) >= 0 for v in rows.values()), out


def test_the_layers_replay_the_agents_game_against_its_engine_side():
    """Each layer steps the PettingZoo agent's recorded indices (the script stops with an
    error if a layer's game is not the agent's) and is compared with that game's engine
    side: no engine side of its own."""
    out = _run("--layers", "--no-openspiel")
    for side in ("pz step() only", "pz step()+last(observe=False)", "pz step()+last()"):
        assert re.search(rf"^\s+{re.escape(side)}\s+[\d,]+ \(.*\)\s+[\d.]+× \(", out, re.M), out
        assert f"engine ({side}'s game)" not in out, out
    assert "engine (pettingzoo's game)" in out, out

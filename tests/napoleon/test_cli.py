"""riskspec play / replay for Napoléon."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "import sys; from riskspec.cli import main; sys.exit(main())", *args], capture_output=True,
                          text=True, timeout=120)


def test_napoleon_play_and_replay(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    r = _run("play", "napoleon-basic", "--players", "2", "--games", "1", "--log", str(log))
    assert r.returncode == 0, r.stderr
    assert "napoleon-basic" in r.stdout and "won" in r.stdout
    r = _run("replay", str(log))
    assert r.returncode == 0, r.stderr
    assert "replayed identically" in r.stdout

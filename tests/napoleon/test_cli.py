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


def _summary(capsys, *args: str) -> str:
    import re

    from riskspec.cli import main
    assert main(["play", *args, "--quiet"]) == 0
    out = capsys.readouterr().out
    return re.sub(r" in [0-9.]+ s \(.*\)", "", out)  # the times differ from run to run


def test_play_defaults_to_the_variants_smallest_player_count(capsys) -> None:
    assert "napoleon-basic, 2 players" in _summary(capsys, "napoleon-basic", "--max-turns", "3")
    assert "napoleon-advanced, 3 players" in _summary(capsys, "napoleon-advanced", "--seed", "2")


def test_play_takes_a_parameter_an_option_sets(capsys) -> None:
    on = _summary(capsys, "napoleon-advanced", "--players", "4", "--option", "capitals=on")
    by_param = _summary(capsys, "napoleon-advanced", "--players", "4",
                        "--option", "capitals.enabled=true")
    assert on == by_param and "4 players" in on
    off = _summary(capsys, "napoleon-advanced", "--players", "4",
                   "--option", "capitals.enabled=false")
    assert off == _summary(capsys, "napoleon-advanced", "--players", "4")
    assert on != off, "the option changes the game (seed 0: a different number of steps)"


def test_play_refuses_a_parameter_value_no_option_gives(capsys) -> None:
    from riskspec.cli import main
    assert main(["play", "napoleon-advanced", "--option", "capitals.enabled=maybe"]) != 0
    err = capsys.readouterr().err
    assert "capitals=on" in err and "capitals=off" in err
    assert main(["play", "napoleon-advanced", "--option", "capitals.enabled=true",
                 "--option", "capitals=off"]) != 0

"""`riskspec play` and `riskspec replay`."""

from __future__ import annotations

import json

import pytest

from riskspec.cli import main


def test_play_prints_a_summary_and_writes_a_log_that_replays(tmp_path, capsys):
    log = tmp_path / "game.json"
    assert main(["play", "classic", "--players", "3", "--seed", "4", "--max-turns", "15",
                 "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "winner" in out and "actions/s" in out and "turns/s" in out
    data = json.loads(log.read_text())
    assert data["format"] == "riskspec/log@2" and data["steps"]
    assert main(["replay", str(log)]) == 0
    assert "replayed identically" in capsys.readouterr().out


def test_replay_reports_the_first_diverging_step_of_a_tampered_log(tmp_path, capsys):
    log = tmp_path / "game.json"
    main(["play", "classic", "--players", "4", "--seed", "1", "--max-turns", "8", "--log", str(log)])
    capsys.readouterr()
    data = json.loads(log.read_text())
    k = next(i for i, st in enumerate(data["steps"]) if st["action"]["type"] == "place")
    other = next(st["action"]["territory"] for st in data["steps"][k + 1:]
                 if st["action"]["type"] == "place"
                 and st["action"]["territory"] != data["steps"][k]["action"]["territory"])
    data["steps"][k]["action"]["territory"] = other
    log.write_text(json.dumps(data))
    assert main(["replay", str(log)]) == 1
    err = capsys.readouterr().err
    assert f"diverges at step {k + 1} " in err


def test_replay_of_a_file_that_is_not_a_log_is_a_clear_error(tmp_path, capsys):
    bad = tmp_path / "x.json"
    bad.write_text('{"format": "riskspec/state@1"}')
    assert main(["replay", str(bad)]) == 2
    assert "not a riskspec/log@2" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2


def test_play_options_and_games(tmp_path, capsys):
    assert main(["play", "classic", "--players", "2", "--games", "2", "--max-turns", "10",
                 "--option", "classic.amb.two-player-victory=all-territories",
                 "--policy", "by-type", "--log", str(tmp_path / "g.json")]) == 0
    assert (tmp_path / "g-1.json").exists() and (tmp_path / "g-2.json").exists()
    assert main(["play", "classic", "--players", "9"]) == 2
    assert main(["play", "classic", "--players", "3", "--option", "nonsense"]) == 2
    assert "KEY=CHOICE" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["play", "replay"])
def test_help_teaches_with_examples(command, capsys):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = capsys.readouterr().out
    assert "examples:" in out and f"riskspec {command}" in out


def test_play_progress_bar_on_stderr_when_asked(capsys):
    assert main(["play", "classic", "--players", "3", "--max-turns", "5", "--progress",
                 "--quiet"]) == 0
    captured = capsys.readouterr()
    assert "\r[" in captured.err and "actions/s" in captured.err
    assert "game" not in captured.out.splitlines()[0].split()[:1]  # --quiet: no table header

"""Issue 17: a newcomer's first hour with the CLI — one test per thing they tripped over."""

from __future__ import annotations

import io
import sys

import pytest

from riskspec.cli import main
from riskspec.cli.progress import Progress
from riskspec.reference.driver import play_game


# -- play: games end, the cap is exact, progress is never silent ---------------------------
# a sample (quick seeds); 100 games each: benchmarks/bench_engine.py --policy aggressive
@pytest.mark.parametrize("players,seed", [(2, 1), (2, 2), (3, 1), (4, 1), (4, 2), (4, 3),
                                          (5, 3), (6, 3)])
def test_the_default_policy_ends_classic_games_under_the_default_cap(players, seed):
    from riskspec.cli.play import DEFAULT_MAX_TURNS
    r = play_game("classic", players, seed=seed, policy="aggressive", max_turns=DEFAULT_MAX_TURNS)
    assert r.winner is not None, (players, seed, r.turns)
    assert r.turns < DEFAULT_MAX_TURNS


def test_the_readme_example_seed_3_that_ran_939_turns_now_ends_quickly():
    # seed 3 of the README's 4-player run took 939 turns and 634k steps with the old policy
    r = play_game("classic", 4, seed=3, policy="aggressive", max_turns=None)
    assert r.winner is not None and r.applied < 100_000, (r.turns, r.applied)


def test_max_turns_80_reports_at_most_80_turns(capsys):
    assert main(["play", "classic", "--players", "4", "--seed", "1", "--max-turns", "80",
                 "--policy", "by-type", "--quiet"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert "0 won, 80 turns" in line, line
    r = play_game("classic", 4, seed=1, policy="by-type", max_turns=80)
    assert r.winner is None and r.turns == 80 and r.state.turn == 81


def test_max_turns_must_not_be_negative(capsys):
    assert main(["play", "classic", "--max-turns", "-1"]) == 2
    assert "--max-turns" in capsys.readouterr().err


def test_play_log_in_a_missing_folder_fails_before_the_game(tmp_path, capsys, monkeypatch):
    import riskspec.reference.driver as D
    monkeypatch.setattr(D, "play_game", lambda *a, **k: pytest.fail("a game was played"))
    assert main(["play", "classic", "--log", str(tmp_path / "missing-dir" / "g.json")]) == 2
    err = capsys.readouterr().err
    assert "missing-dir" in err and "does not exist" in err and "mkdir -p" in err
    assert "Traceback" not in err
    (tmp_path / "d").mkdir()
    assert main(["play", "classic", "--log", str(tmp_path / "d")]) == 2
    assert "not a regular file" in capsys.readouterr().err


class _Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_progress_off_a_terminal_prints_a_line_every_interval_once_a_run_is_long():
    clock, out = _Clock(), io.StringIO()
    p = Progress("lines", stream=out, clock=clock, quiet_for=10, every=10)
    for t in range(35):
        clock.t = float(t)
        p.show(f"step {t}", done=t / 100)
    lines = out.getvalue().splitlines()
    assert lines == ["progress: step 10 (10%, 10 s elapsed)", "progress: step 20 (20%, 20 s elapsed)",
                     "progress: step 30 (30%, 30 s elapsed)"]
    p.done()
    assert out.getvalue().count("\n") == 3


def test_progress_short_run_off_a_terminal_is_silent_and_quiet_is_off():
    clock, out = _Clock(), io.StringIO()
    p = Progress.for_args(False, False, stream=out, clock=clock)
    assert p.mode == "lines"
    clock.t = 5.0
    p.show("x")
    assert out.getvalue() == ""
    assert Progress.for_args(True, False, stream=out).mode == "off"
    assert Progress.for_args(True, True, stream=out).mode == "bar"


def test_play_prints_progress_lines_on_a_non_terminal_when_long(capsys, monkeypatch):
    import riskspec.cli.progress as P
    monkeypatch.setattr(P, "QUIET_FOR", 0.0)
    monkeypatch.setattr(P, "EVERY", 0.0)
    assert main(["play", "classic", "--players", "3", "--max-turns", "3"]) == 0
    err = capsys.readouterr().err
    assert not sys.stderr.isatty()
    assert "progress: game 1/1" in err and "actions/s" in err and "\r" not in err


# -- check: an engine that cannot start stops the run once, with one line -----------------
def _script(tmp_path, name, body):
    path = tmp_path / name
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(0o755)
    return str(path)


@pytest.mark.parametrize("kind", ["missing", "not-json", "exits"])
def test_check_with_an_unusable_engine_stops_at_once_with_one_line(kind, tmp_path, capsys):
    engine = {"missing": "nonexistent-binary-riskspec",
              "not-json": _script(tmp_path, "j.sh", "echo hello >&2\necho notjson\n"),
              "exits": _script(tmp_path, "x.sh", "echo dying >&2\nexit 3\n")}[kind]
    report = tmp_path / "r.md"
    assert main(["check", "--engine", engine, "--report", str(report)]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, lines
    assert "cannot be checked" in lines[0] and "nothing was run" in lines[0]
    assert {"missing": "No such file", "not-json": "'notjson'",
            "exits": "exit status 3"}[kind] in lines[0]
    if kind != "missing":
        assert "its stderr" in lines[0]
    assert captured.out == "" and not report.exists()


def test_check_list_does_not_start_the_engine(capsys):
    assert main(["check", "--engine", "nonexistent-binary-riskspec", "--list",
                 "--select", "classic.attack.*"]) == 0
    assert "classic." in capsys.readouterr().out

"""Hand-made hostile engines (the toy engine's hostile modes) against the real runner.

Each test runs the toy vectors (7 cases: 6 claimed, 1 skipped) against a toy engine that
misbehaves in one way, and asserts the exact status recorded, that no result is lost and
that all three reports parse.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from helpers import outcomes, run_toy
from hostile_reports import assert_files_parse

from riskspec.conformance import client as client_mod

CLAIMED = 6


def run_reports(tmp_path: Path, *flags: str, **kw):
    paths = {"reports": [tmp_path / "r.json", tmp_path / "r.md"], "junit": tmp_path / "j.xml",
             "results": tmp_path / "r.jsonl"}
    code, rep, out = run_toy(*flags, **paths, **kw)
    saved = assert_files_parse(tmp_path / "r.json", tmp_path / "r.md", tmp_path / "j.xml")
    assert saved["totals"]["run"] == rep["planned"] == 7, "a result was lost"
    assert len((tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()) == 8
    return code, rep, out


@pytest.mark.parametrize("mode, fault", [
    ("deep-nest", "garbage"), ("deep-valid", "garbage"), ("nan", "garbage"), ("big-int", "garbage"),
    ("not-utf8", "garbage"), ("id-true", "wrong-id"), ("id-string", "wrong-id"),
    ("id-float", "wrong-id"), ("id-null", "wrong-id"), ("ansi-stderr", "crash"),
    ("exit-with-child", "crash"), ("crash", "crash"), ("hang", "timeout"),
])
def test_one_hostile_answer_is_one_error_and_the_run_goes_on(tmp_path, mode, fault):
    code, rep, _ = run_reports(tmp_path, "--misbehave", mode, "--at", "1", "--once",
                               str(tmp_path / "once"), "--pidfile", str(tmp_path / "pid"),
                               timeout=3.0)
    assert code == 1
    bad = [r for r in rep["results"] if r["outcome"] not in ("pass", "skip")]
    assert [(r["outcome"], r["fault"]) for r in bad] == [
        ("timeout" if fault == "timeout" else "error", fault)], bad
    assert sum(r["outcome"] == "pass" for r in rep["results"]) == CLAIMED - 1
    assert rep["complete"] is True
    if mode == "ansi-stderr":
        assert "FATAL" in bad[0]["stderr"] and "\x1b" not in bad[0]["stderr"]
        assert "\\x00" in bad[0]["stderr"]          # shown, not passed through


def test_engine_error_with_hostile_text_is_kept_and_cleaned(tmp_path):
    code, rep, _ = run_reports(tmp_path, "--misbehave", "surrogate-error", "--every")
    assert code == 1
    res = outcomes(rep)
    assert {o for c, o in res.items() if c != "toy.bonus.extra.001"} == {"error"}
    msg = rep["results"][0]["message"]
    assert "refused to set up" in msg and "\ufffd" in msg and "\\x00" in msg and "\x1b" not in msg
    md = (tmp_path / "r.md").read_text(encoding="utf-8")
    assert "# Verdict: CONFORMS" in md and "**DOES NOT CONFORM**" in md  # the fake stays in its block


def test_deep_nesting_on_every_answer_with_two_jobs_never_passes(tmp_path):
    """The reproduced defect: 100,000 '[' per answer, --jobs 2 exited 0 with 'no cases'."""
    code, rep, out = run_reports(tmp_path, "--misbehave", "deep-nest", "--every", jobs=2)
    assert code == 1
    assert [r["fault"] for r in rep["results"] if r["outcome"] != "skip"] == ["garbage"] * CLAIMED
    assert rep["complete"] is True and rep["totals"]["error"] == CLAIMED


def test_an_engine_claiming_nothing_checked_nothing(tmp_path):
    code, rep, out = run_reports(tmp_path, "--rules", "nothing.*")
    assert code == 1
    assert set(outcomes(rep).values()) == {"skip"}
    assert "NOT A PASS: no case was executed" in out
    assert "NOT CHECKED" in (tmp_path / "r.md").read_text(encoding="utf-8")
    assert "run-complete" in (tmp_path / "j.xml").read_text(encoding="utf-8")


def test_too_many_actions_is_a_limit_error(tmp_path):
    code, rep, _ = run_reports(tmp_path, "--misbehave", "too-many", "--every")
    assert code == 1
    res = {(r["outcome"], r.get("fault")) for r in rep["results"]}
    assert ("error", "limit") in res and res <= {("error", "limit"), ("pass", None), ("skip", None)}
    limited = [r["case"] for r in rep["results"] if r.get("fault") == "limit"]
    assert limited == ["toy.turn.order.001", "toy.turn.perft.001", "toy.win.reach.001"]


def test_lying_answers_fail_the_cases_they_touch(tmp_path):
    code, rep, _ = run_reports(tmp_path, "--misbehave", "lie-state", "--every")
    assert code == 1
    res = outcomes(rep)
    assert res["toy.move.add.001"] == "fail"
    failed = next(r for r in rep["results"] if r["case"] == "toy.move.add.001")
    assert failed["diffs"][0]["path"] == "$.state.counter"


def test_slow_answers_hit_the_case_deadline(tmp_path):
    code, rep, _ = run_reports(tmp_path, "--misbehave", "slow", "--every", "--size", "400",
                               timeout=5.0, case_timeout=1.0)
    assert code == 1
    perft = next(r for r in rep["results"] if r["case"] == "toy.turn.perft.001")
    assert perft["outcome"] == "timeout" and "case deadline of 1 s" in perft["message"]


def test_line_over_the_limit_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(client_mod, "MAX_LINE", 1 << 20)
    code, rep, _ = run_reports(tmp_path, "--misbehave", "huge-line", "--at", "1", "--once",
                               str(tmp_path / "once"), "--size", str(2 << 20))
    bad = [r for r in rep["results"] if r["outcome"] not in ("pass", "skip")]
    assert [(r["outcome"], r["fault"]) for r in bad] == [("error", "limit")]


def test_a_valid_20_mb_answer_passes(tmp_path):
    code, rep, _ = run_reports(tmp_path, "--misbehave", "big-valid", "--every",
                               "--size", str(20 << 20), timeout=60.0)
    assert code == 0, rep["failures"]
    assert rep["totals"]["pass"] == CLAIMED


def test_fifty_mb_of_stderr_before_the_handshake_is_drained(tmp_path):
    code, rep, _ = run_reports(tmp_path, "--misbehave", "stderr-flood", "--size", str(50 << 20),
                               timeout=30.0, handshake_timeout=60.0)
    assert code == 0, rep["failures"]
    assert rep["totals"]["pass"] == CLAIMED


def _gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(")")[-1].split()[0] == "Z"
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc")
def test_no_orphans_after_an_engine_exits_with_a_child_holding_its_pipes(tmp_path):
    pidfile = tmp_path / "pid"
    code, rep, _ = run_reports(tmp_path, "--misbehave", "exit-with-child", "--at", "1", "--once",
                               str(tmp_path / "once"), "--pidfile", str(pidfile), timeout=30.0)
    # recorded as a crash (before: no EOF while the child held stdout, so "timeout")
    assert rep["results"][0]["fault"] == "crash"
    assert "still held its output open" in rep["results"][0]["message"]
    child = int(pidfile.read_text())
    deadline = time.monotonic() + 10
    while not _gone(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _gone(child), f"engine child {child} survived the run"


def _is_running(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for init to reap it does not)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs Linux /proc")
@pytest.mark.parametrize("mode, outcome, fault", [("setsid-hang", "timeout", "timeout"),
                                                  ("setsid-exit", "error", "crash")])
def test_a_daemon_holding_the_pipes_does_not_defeat_the_deadlines(tmp_path, mode, outcome, fault):
    """Issue #24: an engine that starts a ``setsid`` daemon holding its stdout (out of its
    process group, living 300 s) and then hangs or exits. Each case ends at its deadline
    (a timeout, or a crash), the daemon is found by the pipe it holds and killed, the report
    counts it, no result is lost, and no daemon outlives the run."""
    pidfile = tmp_path / "daemons"
    try:
        code, rep, out = run_reports(tmp_path, "--misbehave", mode, "--at", "1", "--every",
                                     "--pidfile", str(pidfile), "--size", "300",
                                     timeout=2.0, case_timeout=5.0)
        daemons = [int(p) for p in pidfile.read_text().split()]
        assert code == 1 and rep["complete"] is True
        bad = [(r["outcome"], r["fault"]) for r in rep["results"] if r["outcome"] != "skip"]
        assert bad == [(outcome, fault)] * CLAIMED, bad
        assert len(daemons) >= CLAIMED
        assert rep["stray_processes_killed"] == len(daemons), (rep["stray_processes_killed"], daemons)
        assert "processes of the engine that still held its output" in out
        time.sleep(0.2)
        assert not [p for p in daemons if _is_running(p)], "a daemon outlived the run"
    finally:  # bounded either way: the daemons sleep 300 s at most, and are ended here
        for pid in (int(p) for p in pidfile.read_text().split()) if pidfile.exists() else ():
            if _is_running(pid):
                try:
                    os.kill(pid, 9)
                except OSError:
                    pass

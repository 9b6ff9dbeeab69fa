"""The protocol client, runner, reports and expectations, against the toy engine (no real engine needed)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import xml.etree.ElementTree as ET

import pytest
from helpers import TOY_VECTORS, outcomes, run_toy, toy_argv

from riskspec.conformance.client import EngineClient
from riskspec.conformance.errors import EngineCrashed, EngineGarbage, EngineTimeout, EngineWrongId
from riskspec.conformance.expectations import Expectations
from riskspec.conformance.protocol import schema_errors
from riskspec.conformance.vectors import load_cases, select


def test_toy_engine_passes_and_reports_unclaimed(tmp_path):
    code, rep, out = run_toy(reports=[tmp_path / "r.json", tmp_path / "r.md"], junit=tmp_path / "j.xml",
                             results=tmp_path / "r.jsonl")
    assert code == 0, rep["failures"]
    res = outcomes(rep)
    assert res["toy.bonus.extra.001"] == "skip"
    assert sum(1 for o in res.values() if o == "pass") == 6
    assert rep["complete"] is True and rep["engine"]["name"] == "toy"
    assert rep["by_rule"]["toy.bonus.extra"]["status"] == "not-claimed"
    assert rep["by_rule"]["toy.move.add"]["status"] == "pass"
    assert rep["rules_not_claimed"] == ["toy.bonus.extra"]
    assert "toy.move" in rep["by_section"] and rep["by_variant"]["toy"]["pass"] == 6
    saved = json.loads((tmp_path / "r.json").read_text())
    assert saved["complete"] is True and saved["totals"]["pass"] == 6
    md = (tmp_path / "r.md").read_text()
    assert "Rules not claimed" in md and "toy.bonus.extra" in md
    suites = ET.parse(tmp_path / "j.xml").getroot()
    assert sum(int(s.get("tests")) for s in suites) == 7
    lines = (tmp_path / "r.jsonl").read_text().splitlines()
    assert len(lines) == 8 and json.loads(lines[0])["format"] == "riskspec/results@1"
    assert "6 passed" in out


def test_rule_deviation_is_reported_with_case_rules_and_diff():
    code, rep, _ = run_toy("--bug", "add3")
    assert code == 1
    [fail] = rep["failures"]
    assert fail["case"] == "toy.move.add.002" and fail["covers"] == ["toy.move.add"]
    assert fail["diffs"][0]["path"] == "$.error"
    assert "accepted an action the rules forbid" in fail["message"]
    assert rep["by_rule"]["toy.move.add"]["status"] == "fail"


@pytest.mark.parametrize("mode, outcome, fault", [
    ("crash", "error", "crash"), ("stderr-crash", "error", "crash"), ("hang", "timeout", "timeout"),
    ("garbage", "error", "garbage"), ("wrong-id", "error", "wrong-id"), ("schema", "error", "schema"),
])
def test_misbehaviour_mid_run_is_survived_and_reported(tmp_path, mode, outcome, fault):
    once = tmp_path / "once"
    code, rep, out = run_toy("--misbehave", mode, "--at", "6", "--once", str(once), timeout=1.0)
    assert code == 1
    bad = [r for r in rep["results"] if r["outcome"] not in ("pass", "skip")]
    assert len(bad) == 1, bad
    assert bad[0]["outcome"] == outcome and bad[0]["fault"] == fault
    # the engine was restarted and every later case still ran and passed
    assert sum(r["outcome"] == "pass" for r in rep["results"]) == 5
    assert rep["restarts"] >= 1 and rep["engine_faults"][0]["kind"] == fault
    if mode == "stderr-crash":
        assert "toy engine exploded" in bad[0]["stderr"]


@pytest.mark.parametrize("mode", ["exit-at-handshake", "bad-handshake", "garbage-handshake",
                                  "hang-at-handshake"])
def test_bad_handshake_every_case_errors_quickly(mode):
    """Every case errors, and the engine is not retried once per case (the run is bounded
    by the handshake timeout, whatever the machine's load)."""
    code, rep, _ = run_toy("--misbehave", mode, timeout=0.5, handshake_timeout=0.5)
    assert code == 1
    assert rep["restarts"] < rep["totals"]["error"]
    assert set(outcomes(rep).values()) == {"error"}
    assert rep["totals"]["error"] == 7


def test_handshake_failure_once_then_recovers(tmp_path):
    code, rep, _ = run_toy("--misbehave", "exit-at-handshake", "--once", str(tmp_path / "o"))
    res = list(outcomes(rep).values())
    assert res[0] == "error" and res.count("pass") == 5


def test_missing_program_is_an_error_not_a_crash():
    code, rep, _ = run_toy(argv=["/nonexistent/engine-binary"])
    assert code == 1 and set(outcomes(rep).values()) == {"error"}
    assert "cannot start" in rep["results"][0]["message"]


def test_client_faults_directly():
    with EngineClient(toy_argv("--misbehave", "wrong-id", "--at", "2"), timeout=2) as c:
        assert c.request("new_game", variant="toy", players=2).ok
        with pytest.raises(EngineWrongId):
            c.request("state")
        r = c.request("new_game", variant="toy", players=2)  # restarted transparently
        assert r.ok and c.starts == 2
    with EngineClient(toy_argv("--misbehave", "garbage", "--at", "1"), timeout=2) as c:
        with pytest.raises(EngineGarbage):
            c.request("new_game", variant="toy", players=2)
    with EngineClient(toy_argv("--misbehave", "crash", "--at", "1"), timeout=2) as c:
        with pytest.raises(EngineCrashed):
            c.request("new_game", variant="toy", players=2)
    with EngineClient(toy_argv("--misbehave", "hang", "--at", "1"), timeout=0.5) as c:
        with pytest.raises(EngineTimeout):
            c.request("new_game", variant="toy", players=2)


def test_structured_errors_and_unknown_op():
    with EngineClient(toy_argv(), timeout=2) as c:
        r = c.request("apply", action={"type": "add", "n": 1})
        assert not r.ok and r.error["kind"] == "bad-request"
        c.request("new_game", variant="toy", players=2)
        r = c.request("apply", action={"type": "add", "n": 5})
        assert r.error == {"kind": "illegal-action", "code": "too-many", "rule": "toy.move.add",
                           "message": "add 1 or 2"}
        r = c.request("new_game", variant="classic", players=2)
        assert r.error["kind"] == "unsupported"


def test_killed_run_leaves_valid_partial_report(tmp_path):
    report, journal, hung = tmp_path / "r.json", tmp_path / "r.jsonl", tmp_path / "hung"
    os.mkfifo(hung)  # the engine writes its pid here as it starts hanging: no polling
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.append(hung.read_text()), daemon=True)
    reader.start()
    engine = " ".join(toy_argv("--misbehave", "hang", "--at", "9", "--pidfile", str(hung)))
    proc = subprocess.Popen([sys.executable, "-m", "riskspec.cli", "check", "-q", "--engine", engine,
                             "--vectors", str(TOY_VECTORS), "--timeout", "60", "--report", str(report),
                             "--results", str(journal)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        reader.join(30)  # every case before the hanging request is recorded by then
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        if reader.is_alive():  # the engine never hung: let the reader see the end of the FIFO
            os.close(os.open(hung, os.O_WRONLY | os.O_NONBLOCK))
    assert said and said[0].strip().isdigit(), "the engine never reached its hanging request"
    rep = json.loads(report.read_text())
    assert rep["complete"] is False and rep["totals"]["run"] >= 2 and rep["planned"] == 7
    assert all(r["outcome"] == "pass" for r in rep["results"])
    lines = journal.read_text().splitlines()
    assert len(lines) - 1 == rep["totals"]["run"]


def test_expectations_xfail_xpass_and_write_expect(tmp_path):
    exp = tmp_path / "known.json"
    code, rep, out = run_toy("--bug", "add3", write_expect=exp)
    data = json.loads(exp.read_text())
    assert [e["case"] for e in data["known_failures"]] == ["toy.move.add.002"]
    assert "wrote 1 known failures" in out
    code, rep, _ = run_toy("--bug", "add3", expect=exp)
    assert code == 0 and outcomes(rep)["toy.move.add.002"] == "xfail"
    code, rep, _ = run_toy(expect=exp)  # fixed engine: unexpected pass is reported
    assert outcomes(rep)["toy.move.add.002"] == "xpass"
    assert "passed" in rep["results"][1]["message"]
    exp.write_text(json.dumps({"format": "riskspec/expect@1",
                               "known_failures": [{"rule": "toy.move.*", "reason": "wip"}]}))
    code, rep, _ = run_toy("--bug", "add3", expect=exp)
    assert outcomes(rep)["toy.move.add.002"] == "xfail" and outcomes(rep)["toy.move.add.001"] == "xpass"


def test_selection_and_parallel_jobs():
    code, rep, _ = run_toy(select=["toy.move.*"], jobs=2)
    assert sorted(outcomes(rep)) == ["toy.move.add.001", "toy.move.add.002"]
    code, rep, _ = run_toy(skip=["toy.win.*"], jobs=3)
    assert code == 0 and not any(c.startswith("toy.win") for c in outcomes(rep))
    cases = load_cases([TOY_VECTORS])
    assert [c.id for c in select(cases, select=["toy.win.reach"])] == ["toy.win.reach.001", "toy.win.goal.001"]


def test_partial_claims_options_and_ops():
    code, rep, _ = run_toy("--rules", "toy.move.*")
    res = outcomes(rep)
    assert res["toy.move.add.001"] == "pass" and res["toy.turn.order.001"] == "skip"
    code, rep, _ = run_toy("--ops", "new_game,load_state,apply,state,quit")
    res = outcomes(rep)
    assert res["toy.move.add.002"] == "pass"  # needs only new_game/apply/state
    assert res["toy.move.add.001"] == "skip" and "op chance_outcomes" in rep["results"][0]["message"]


def test_perft_divide_printout(tmp_path):
    doc = json.loads((TOY_VECTORS / "toy" / "basic.json").read_text())
    case = next(c for c in doc["cases"] if c["id"] == "toy.turn.perft.001")
    case["steps"][0]["expect"]["perft"] = {"depth": 2, "nodes": 5, "divide": {"add n=1": 2, "add n=2": 3}}
    doc["cases"] = [case]
    (tmp_path / "v.json").write_text(json.dumps(doc))
    code, rep, _ = run_toy(vectors=[tmp_path / "v.json"])
    msg = rep["failures"][0]["message"]
    assert "perft(depth=2): expected 5, got 4" in msg
    assert "add n=2: 2  (expected 3)" in msg and "add n=1: 2\n" in msg + "\n"


def test_check_cli_help_teaches():
    out = subprocess.run([sys.executable, "-m", "riskspec.cli", "check", "--help"],
                         capture_output=True, text=True).stdout
    assert "examples:" in out and "--engine" in out and "--write-expect" in out


def test_protocol_schemas_accept_examples():
    assert not schema_errors("protocol-request.schema.json", {"id": 1, "op": "new_game", "variant": "classic",
                                                               "players": 3, "options": {}})
    assert schema_errors("protocol-request.schema.json", {"id": 1, "op": "apply"})
    assert not schema_errors("protocol-response.schema.json",
                             {"id": 1, "ok": False, "error": {"kind": "illegal-action", "code": "x"}})
    assert schema_errors("protocol-response.schema.json", {"id": 1, "ok": True})


def test_expectations_file_errors(tmp_path):
    from riskspec.conformance.errors import ExpectationsError
    bad = tmp_path / "e.json"
    bad.write_text('{"format": "riskspec/expect@1", "known_failures": [{"case": "x"}]}')
    with pytest.raises(ExpectationsError, match="reason"):
        Expectations.load(bad)


def test_a_bad_expectations_file_is_said_before_any_vector_file_is_read(tmp_path, monkeypatch):
    import riskspec.conformance.check as check_mod
    from riskspec.conformance.errors import ExpectationsError

    def no_reading(*args, **kwargs):
        raise AssertionError("the vector files were read before the expectations file")
    monkeypatch.setattr(check_mod, "load_cases", no_reading)
    cfg = check_mod.CheckConfig(argv=["/nonexistent/engine"], expect=tmp_path / "missing.json")
    with pytest.raises(ExpectationsError, match="missing.json"):
        check_mod.probe_engine(cfg)


def test_quiet_hides_progress_never_what_failed(tmp_path):
    from riskspec.conformance.check import CheckConfig, check
    exp = tmp_path / "known.json"
    exp.write_text(json.dumps({"format": "riskspec/expect@1", "known_failures": [
        {"case": "toy.move.add.001", "reason": "thought broken"}]}))
    for quiet in (True, False):
        import io
        err = io.StringIO()
        code, rep = check(CheckConfig(argv=toy_argv("--bug", "add3"), vectors=[TOY_VECTORS], quiet=quiet,
                                      timeout=2.0, expect=exp, junit=tmp_path / "j.xml"), io.StringIO(), err)
        text = err.getvalue()
        assert code == 1 and "FAIL toy.move.add.002" in text and "rerun: " in text
        assert "XPASS toy.move.add.001: listed as a known failure (thought broken)" in text
        assert ("[1/" in text) is (not quiet)            # progress lines only without --quiet
    junit = ET.parse(tmp_path / "j.xml").getroot()
    [failure] = [f for f in junit.iter("failure") if f.get("type") == "nonconformance"]
    assert "rerun: " in failure.text and "--select toy.move.add.002" in failure.text


class _NegativeReserve:
    """The in-process reference client, but every state ``apply`` returns has a negative
    reserve (what a drifting counter looks like on the wire)."""

    def __init__(self) -> None:
        from riskspec.conformance.client import reference_client
        self.inner = reference_client()

    def start(self):
        return self.inner.start()

    def request(self, op, **fields):
        r = self.inner.request(op, **fields)
        if op == "apply" and r.ok:
            r.result["state"]["players"][0]["reserve"] = -1
        return r


def test_every_state_an_engine_returns_is_checked_against_the_state_schema():
    from riskspec.conformance.client import reference_client
    from riskspec.conformance.runner import run_case
    [c] = [x for x in load_cases() if x.id == "napoleon.leaders.ransom.001"]
    assert run_case(reference_client(), c).outcome == "pass"
    res = run_case(_NegativeReserve(), c)
    assert (res.outcome, res.fault) == ("error", "schema"), res.message
    assert "the state returned by apply" in res.message and "state schema" in res.message
    assert "players" in res.message and "-1" in res.message

"""A run that checked nothing (or not everything) never passes; nothing recorded is lost."""

from __future__ import annotations

import io
import json
import os

from helpers import TOY_VECTORS, run_toy, toy_argv
from hostile_reports import assert_files_parse, assert_report_parses

from riskspec.conformance import runner
from riskspec.conformance.check import CheckConfig, check
from riskspec.conformance.report import ReportWriter
from riskspec.conformance.runner import Campaign, CaseResult, RunOptions
from riskspec.conformance.vectors import load_cases


def test_an_exception_inside_a_case_is_that_cases_error(tmp_path, monkeypatch):
    def boom(*a, **k):
        raise RecursionError("maximum recursion depth exceeded")
    monkeypatch.setattr(runner, "partial_diff", boom)
    code, rep, _ = run_toy(reports=[tmp_path / "r.json"])
    assert code == 1 and rep["complete"] is True
    errors = [r for r in rep["results"] if r["outcome"] == "error"]
    assert errors and all(r["fault"] == "suite" and "RecursionError" in r["message"] for r in errors)
    assert rep["totals"]["run"] == 7


def test_a_dying_worker_is_a_run_error_and_the_run_is_incomplete(tmp_path):
    class Boom:
        def apply(self, res):
            if res.case == "toy.turn.order.001":
                raise MemoryError("worker out of memory")

        def unused(self):
            return []

    cases = load_cases([TOY_VECTORS])
    camp = Campaign(toy_argv(), cases, options=RunOptions(jobs=1, timeout=5), expectations=Boom())
    camp.run()
    assert camp.run_errors and "MemoryError" in camp.run_errors[0]
    assert camp.not_run() and len(camp.results) + len(camp.not_run()) >= len(cases) - 1
    writer = ReportWriter(reports=[tmp_path / "r.json", tmp_path / "r.md"], junit=tmp_path / "j.xml",
                          planned=len(cases))
    for r in camp.results:
        writer.add(r)
    rep = writer.close(complete=True, run_errors=camp.run_errors, not_run=camp.not_run())
    assert rep["complete"] is False           # build_report will not call it complete
    assert_report_parses(rep)
    saved = assert_files_parse(tmp_path / "r.json", tmp_path / "r.md", tmp_path / "j.xml")
    assert saved["complete"] is False and "the run itself failed" in (tmp_path / "r.md").read_text()


def test_maxfail_leaves_results_missing_and_says_so():
    code, rep, out = run_toy("--bug", "add3", maxfail=1)
    assert code == 1
    assert rep["totals"]["run"] < rep["planned"] == 7
    assert rep["complete"] is False and "NOT A PASS" in out and "--maxfail stopped" in out
    assert len(rep["not_run"]) == rep["planned"] - rep["totals"]["run"]


def test_a_report_that_cannot_be_written_mid_run_loses_nothing_elsewhere(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    writer = ReportWriter(reports=[a, b], planned=3)
    for n in range(3):
        if n == 1:
            a.unlink()
            os.mkfifo(a)                       # someone put a FIFO there mid-run
        writer.add(CaseResult(case=f"c{n}", title="t", covers=["r"], variant="v", section="s",
                              outcome="pass"))
    rep = writer.close()
    assert str(a) in writer.write_errors and "FIFO" in writer.write_errors[str(a)]
    assert json.loads(b.read_text())["totals"]["run"] == 3 and rep["complete"] is True


def test_check_exit_status_is_2_when_a_report_could_not_be_written(tmp_path, monkeypatch):
    from riskspec.conformance import report
    real = report.atomic_write

    def flaky(path, text):
        if path.name == "bad.json":
            raise OSError(28, "No space left on device")
        real(path, text)
    monkeypatch.setattr(report, "atomic_write", flaky)
    err = io.StringIO()
    code, rep = check(CheckConfig(argv=toy_argv(), vectors=[TOY_VECTORS], quiet=True, timeout=5,
                                  reports=[tmp_path / "bad.json", tmp_path / "good.json"]),
                      io.StringIO(), err)
    assert code == 2 and "could not write" in err.getvalue() and "No space left" in err.getvalue()
    assert json.loads((tmp_path / "good.json").read_text())["totals"]["run"] == 7

"""`riskspec check --fuzz` findings land in the JSON, Markdown and JUnit reports, not just stdout."""

from __future__ import annotations

import io
import json
import sys
import xml.etree.ElementTree as ET
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from riskspec.cli import main
from riskspec.conformance import fuzz_report
from riskspec.conformance.check import CheckConfig, FuzzConfig, check
from riskspec.conformance.report import render_junit, render_markdown, unchecked_reason
from riskspec.conformance.vectors import load_cases

MUTANT = [sys.executable, "-m", "riskspec.cli", "engine", "--mutant", "ties-to-attacker"]


def run(tmp: Path, *, expect: Path | None = None, only: bool = True) -> tuple[int, dict, str, str]:
    out, err = io.StringIO(), io.StringIO()
    cfg = CheckConfig(argv=MUTANT, variant="classic", select=["classic.attack.ties.00*"], quiet=True,
                      timeout=60, handshake_timeout=120, expect=expect,
                      reports=[tmp / "r.json", tmp / "r.md"], junit=tmp / "j.xml",
                      fuzz=FuzzConfig(games=12, max_steps=100, seed=0, save_dir=tmp / "found", only=only))
    code, rep = check(cfg, out, err)
    return code, rep, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("fuzzrep")
    return (*run(tmp), tmp)


def test_each_divergence_is_in_the_json_report_shrunk_saved_and_replayable(fuzzed):
    code, rep, out, _, tmp = fuzzed
    assert code == 1
    saved = json.loads((tmp / "r.json").read_text())
    fz = saved["fuzz"]
    assert fz["reference"]["name"] == "riskspec-reference" and fz["reference"]["version"]
    assert Path(fz["reference"]["path"]).is_dir()
    assert fz["games"] == fz["games_planned"] == 12 and fz["steps"] > 100 and fz["legal_checks"] > 0
    assert fz["divergences"] == len(fz["findings"]) == fz["unexpected"] >= 1 and fz["known"] == 0
    keys = {(f["kind"], f["rule"], (f.get("action") or {}).get("type")) for f in fz["findings"]}
    assert len(keys) == len(fz["findings"])                    # distinct divergences only
    f = fz["findings"][0]
    assert f["rule"] == "classic.attack.ties" and f["outcome"] == "fail"
    assert f["rule_statement"].startswith("A compared pair of equal dice")
    assert f["docs"] == "rules/classic.attack.ties.md"
    assert f["steps"] <= 3 and f["shrunk_from"] > f["steps"]    # shrunk
    [case] = load_cases([Path(f["path"])])
    assert case.id == f["case"] and case.covers == ("classic.attack.ties",)
    assert f["rerun"].endswith(f"--vectors {f['path']}") and "--mutant ties-to-attacker" in f["rerun"]
    # the rule it breaks is broken in the report, and the verdict says so
    assert saved["by_rule"]["classic.attack.ties"]["status"] == "fail"
    assert saved["by_rule"]["classic.attack.ties"]["fuzz"] == {"fail": 1}
    assert saved["complete"] and unchecked_reason(saved) == ""
    assert f"DIVERGENCE 1: [{f['kind']}] rule classic.attack.ties" in out and f"saved: {f['path']}" in out


def schema_problems(rep: dict) -> list[str]:
    from riskspec.validation import validator
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator("report.schema.json").iter_errors(rep)]


def test_the_json_report_follows_its_schema(fuzzed, tmp_path):
    saved = json.loads((fuzzed[-1] / "r.json").read_text())
    assert schema_problems(saved) == []
    broken = json.loads(json.dumps(saved))
    del broken["fuzz"]["findings"][0]["rule"]               # a finding must name its rule
    broken["fuzz"]["reference"].pop("path")                 # and the reference its path
    assert len(schema_problems(broken)) == 2
    from helpers import run_toy
    _, toy, _ = run_toy("--bug", "add3", reports=[tmp_path / "toy.json"])
    assert schema_problems(json.loads((tmp_path / "toy.json").read_text())) == []


def test_markdown_and_junit_carry_the_findings(fuzzed):
    _, _, _, _, tmp = fuzzed
    md = (tmp / "r.md").read_text()
    fz = json.loads((tmp / "r.json").read_text())["fuzz"]
    f = fz["findings"][0]
    assert "DOES NOT CONFORM" in md and "## Differential fuzzing" in md
    assert f"riskspec-reference {fz['reference']['version']}" in md and fz["reference"]["path"] in md
    assert "### DIVERGENCE 1: `classic.attack.ties`" in md and f"`{f['path']}`" in md
    broken = md.split("## Rules broken", 1)[1].split("##", 1)[0]
    assert "classic.attack.ties" in broken and "fuzz divergence" in broken
    root = ET.parse(tmp / "j.xml").getroot()
    [suite] = [s for s in root if s.get("name") == "riskspec.fuzz"]
    assert suite.get("failures") == str(fz["unexpected"]) and suite.get("errors") == "0"
    cases = {tc.get("name"): tc for tc in suite}
    assert f["case"] in cases and cases[f["case"]].find("failure") is not None
    assert f["path"] in cases[f["case"]].find("failure").text


def test_expect_makes_a_known_divergence_xfail_in_every_report(tmp_path):
    known = tmp_path / "known.json"
    known.write_text(json.dumps({"format": "riskspec/expect@1", "known_failures": [
        {"rule": "classic.attack.ties", "reason": "our house rule: ties go to the attacker"}]}))
    code, rep, out, _ = run(tmp_path, expect=known)
    assert code == 0, out
    fz = rep["fuzz"]
    assert fz["unexpected"] == 0 and fz["known"] == fz["divergences"] >= 1
    assert all(f["outcome"] == "xfail" and f["reason"].startswith("our house rule") for f in fz["findings"])
    assert rep["by_rule"]["classic.attack.ties"]["status"] == "xfail"
    assert rep["unused_expectations"] == []                  # the fuzz used the entry
    assert "DOES NOT CONFORM" not in (tmp_path / "r.md").read_text()
    suite = [s for s in ET.parse(tmp_path / "j.xml").getroot() if s.get("name") == "riskspec.fuzz"][0]
    assert suite.get("failures") == "0" and all(tc.find("failure") is None for tc in suite)
    assert "KNOWN (our house rule" in out


def test_vectors_and_fuzz_in_one_report(tmp_path):
    code, rep, _, _ = run(tmp_path, only=False)
    assert code == 1 and rep["totals"]["fail"] >= 1 and rep["fuzz"]["unexpected"] >= 1
    assert "fuzz_only" not in rep


def test_a_fuzz_run_that_compared_nothing_is_not_a_pass():
    section = {"reference": {"name": "riskspec-reference", "version": "0", "path": "/x"}, "games": 0,
               "steps": 0, "divergences": 0, "unexpected": 0, "known": 0, "findings": [],
               "notes": ["the engine does not claim 'apply': nothing to fuzz"]}
    rep = {"totals": {"run": 0, "pass": 0, "fail": 0, "error": 0, "timeout": 0, "skip": 0, "xfail": 0,
                      "xpass": 0}, "planned": 0, "fuzz": section, "fuzz_only": True, "results": [],
           "complete": True, "by_variant": {}, "by_section": {}, "by_rule": {}, "failures": [],
           "rules_not_claimed": [], "rules_without_vectors": [], "updated": "now"}
    why = unchecked_reason(rep)
    assert why.startswith("the fuzzer compared no step") and "nothing to fuzz" in why
    assert "NOT CHECKED: the fuzzer compared no step" in render_markdown(rep)
    root = ET.fromstring(render_junit(rep).split("\n", 1)[1])
    suite = [s for s in root if s.get("name") == "riskspec.fuzz"][0]
    assert suite.get("errors") == "1"
    assert fuzz_report.unchecked({**section, "steps": 5}) == ""


def test_the_cli_writes_the_fuzz_into_the_reports(tmp_path):
    args = ["check", "--engine", " ".join(MUTANT), "--fuzz", "6", "--fuzz-only", "--fuzz-steps", "60",
            "--variant", "classic", "--fuzz-save", str(tmp_path / "found"), "--report",
            str(tmp_path / "r.json"), "--junit", str(tmp_path / "j.xml"), "-q"]
    with redirect_stdout(io.StringIO()) as out, redirect_stderr(io.StringIO()):
        code = main(args)
    rep = json.loads((tmp_path / "r.json").read_text())
    assert rep["fuzz"]["games"] == 6 and rep["fuzz_only"] is True and rep["results"] == []
    assert code == (1 if rep["fuzz"]["unexpected"] else 0), out.getvalue()
    for f in rep["fuzz"]["findings"]:
        assert f["rerun"].startswith("riskspec check --engine ") and "--select" not in f["rerun"]

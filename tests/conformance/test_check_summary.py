"""The terminal summary of `riskspec check`: per variant, per section, and the suite's gaps."""

from __future__ import annotations

import io

from helpers import run_toy

from riskspec.conformance.report import print_summary


def test_summary_tables_follow_the_report() -> None:
    code, rep, _ = run_toy()
    out = io.StringIO()
    print_summary(rep, out)
    text = out.getvalue()
    assert "by variant" in text and "by section" in text
    for variant, counts in rep["by_variant"].items():
        line = next(ln for ln in text.splitlines() if ln.startswith(variant + " "))
        assert str(counts.get("pass", ".")) in line.split()


def test_gaps_are_listed_only_when_there_are_some() -> None:
    rep = {"by_variant": {"v": {"pass": 1}}, "by_section": {"v.s": {"pass": 1}},
           "rules_without_vectors": ["v.s.a", "v.s.b"]}
    out = io.StringIO()
    print_summary(rep, out)
    assert "2 testable rule(s) have no vector: v.s.a, v.s.b" in out.getvalue()
    rep["rules_without_vectors"] = []
    out = io.StringIO()
    print_summary(rep, out)
    assert "no vector" not in out.getvalue()


def test_a_selection_reports_gaps_only_among_the_selected_rules() -> None:
    code, rep, _ = run_toy(select=["toy.move.*"])
    assert rep["rules_without_vectors"] == [] and set(rep["by_rule"]) == {"toy.move.add"}


def test_cli_fuzz_runs_after_the_vectors(capsys, tmp_path) -> None:
    from riskspec.cli import main

    code = main(["check", "--select", "classic.setup.*", "--fuzz", "5", "--fuzz-steps", "12",
                 "--fuzz-save", str(tmp_path / "found"), "-q"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "riskspec check --fuzz: no divergence" in out and "5 games" in out
    assert not (tmp_path / "found").exists()

"""Reach: every claimed rule says how many cases ran on it; unreached claims say why."""

from __future__ import annotations

import io
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from riskspec.conformance.check import CheckConfig, check
from riskspec.conformance.protocol import Capabilities
from riskspec.conformance.report import build_report, claimed_rules, render_markdown, spec_rules
from riskspec.conformance.runner import CaseResult, _skip_if_unclaimed

CAPS = {"variants": ["classic"], "ops": ["load_state", "apply", "state"],
        "rules": ["classic.elimination.*", "classic.attack.ties"]}
JS = Path(__file__).resolve().parents[2] / "conformance" / "examples" / "js-engine" / "engine.js"


def _res(case, covers, outcome, **kw):
    return CaseResult(case=case, title="", covers=covers, variant="classic", section="x", outcome=outcome, **kw)


def test_claimed_rules_expand_globs_over_the_spec():
    rules = spec_rules(["classic"])
    claimed = claimed_rules(rules, CAPS)
    assert "classic.attack.ties" in claimed and "classic.elimination.out" in claimed
    assert all(r.startswith("classic.elimination.") or r == "classic.attack.ties" for r in claimed)
    assert claimed_rules(rules, {**CAPS, "variants": ["napoleon-basic"]}) == set()
    assert claimed_rules(rules, None) is None     # no handshake: nothing to measure against


def test_claimed_rule_with_only_skipped_cases_is_not_reached_with_why():
    results = [_res("a.001", ["classic.elimination.out"], "skip",
                    not_claimed=["classic.amb.defender-dice-choice=defender-chooses"]),
               _res("a.002", ["classic.elimination.out", "classic.missions.victory"], "skip",
                    not_claimed=["game-mode=mission"]),
               _res("b.001", ["classic.attack.ties"], "pass"),
               _res("c.001", ["classic.fortify.path"], "skip", not_claimed=["rule classic.fortify.path"])]
    rep = build_report(results, {"capabilities": CAPS}, complete=True, rules=spec_rules(["classic"]))
    out = rep["by_rule"]["classic.elimination.out"]
    assert out["status"] == "not-reached" and out["claimed"] is True and out["ran"] == 0
    assert rep["by_rule"]["classic.fortify.path"]["status"] == "not-claimed"
    assert "classic.elimination.out" not in rep["rules_not_claimed"]
    assert rep["by_rule"]["classic.attack.ties"]["ran"] == 1
    reach = rep["reach"]
    assert reach["claimed"] == len(claimed_rules(spec_rules(["classic"]), CAPS))
    assert reach["reached"] == 1 and reach["cases_run"] == 1
    assert reach["not_reached"]["classic.elimination.out"] == {
        "classic.amb.defender-dice-choice=defender-chooses": 1, "game-mode=mission": 1}
    assert reach["not_reached"]["classic.elimination.take-cards"] == {"no case of this run covers it": 0}
    md = render_markdown(rep)
    assert "## Claimed, not reached" in md and f"1/{reach['claimed']} claimed rules reached" in md
    assert "- `classic.elimination.out` — classic.amb.defender-dice-choice=defender-chooses (1)" in md


def test_a_case_stopped_on_another_rule_reaches_but_does_not_judge():
    results = [_res("a.001", ["classic.elimination.out"], "fail", rule="classic.attack.ties"),
               _res("b.001", ["classic.attack.ties"], "pass")]
    rep = build_report(results, {"capabilities": CAPS}, complete=True, rules=spec_rules(["classic"]))
    assert "classic.elimination.out" not in rep["reach"]["not_reached"]
    assert rep["reach"]["unjudged"] == {"classic.elimination.out": ["classic.attack.ties"]}
    assert "## Reached, not judged" in render_markdown(rep)


def test_rules_broken_lists_only_claimed_rules():
    results = [_res("a.001", ["classic.attack.ties"], "fail", rule="classic.attack.ties"),
               _res("a.002", ["classic.attack.ties"], "fail", rule="classic.fortify.path")]
    rep = build_report(results, {"capabilities": CAPS}, complete=True, rules=spec_rules(["classic"]))
    broken = render_markdown(rep).split("## Rules broken", 1)[1].split("##", 1)[0]
    assert "`classic.attack.ties`" in broken and "classic.fortify.path" not in broken


def test_a_failure_blamed_on_an_unclaimed_rule_is_a_skip_with_that_reason():
    caps = Capabilities({"capabilities": {**CAPS, "rules": ["classic.fortify.*"]}})
    case = SimpleNamespace(covers=["classic.fortify.leave-one"], variant="classic")
    res = _res("classic.fortify.leave-one.201", list(case.covers), "fail", rule="classic.cards.earn", step=2,
               message="step 3 (end-turn): expectation not met", diffs=[{"path": "$.state.phase"}])
    _skip_if_unclaimed(case, res, caps)
    assert res.outcome == "skip" and res.not_claimed == ["rule classic.cards.earn"] and res.rule is None
    assert res.message.startswith("not claimed: rule classic.cards.earn (the case needs it at step 3")
    kept = _res("x", ["classic.fortify.leave-one"], "fail", rule="classic.fortify.path")
    _skip_if_unclaimed(case, kept, caps)       # a claimed rule broken: the failure stands
    assert kept.outcome == "fail" and kept.rule == "classic.fortify.path"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_summary_line_prints_reach_and_strict_reach_fails_an_unreached_claim():
    cfg = dict(argv=["node", str(JS)], quiet=True, select=["classic.attack.*"], skip=["classic.attack.ties.*", "classic.amb.tie-rule.*"])
    out = io.StringIO()
    code, rep = check(CheckConfig(**cfg), out, io.StringIO())
    assert code == 0 and "reach 3/4 claimed rules" in out.getvalue()
    assert rep["reach"]["not_reached"] == {"classic.attack.ties": {"no case of this run covers it": 0}}
    out = io.StringIO()
    code, _ = check(CheckConfig(**cfg, strict_reach=True), out, io.StringIO())
    assert code == 1 and "--strict-reach: 1 claimed rule(s) not reached: classic.attack.ties" in out.getvalue()


# -- capabilities an engine can state ------------------------------------------------------
def test_player_counts_in_the_handshake_skip_other_counts_with_the_reason():
    both = Capabilities({"capabilities": {**CAPS, "players": [3, 4, 5]}})
    per = Capabilities({"capabilities": {**CAPS, "players": {"classic": [2]}}})
    needs = dict(variant="classic", options={}, covers=["classic.attack.ties"], ops=[], inline_map=False)
    assert both.unclaimed(**needs, players=6) == ["players 6"] and both.unclaimed(**needs, players=4) == []
    assert per.unclaimed(**needs, players=3) == ["players 3"]
    assert per.plays_count("classic-fr", 6)          # a variant not listed: any count
    assert Capabilities({"capabilities": CAPS}).plays_count("classic", 6)   # default: any
    from riskspec.conformance.protocol import schema_errors
    assert not schema_errors("protocol-handshake.schema.json", {
        "protocol": "riskspec/1", "engine": {"name": "x", "version": "1"},
        "capabilities": {**CAPS, "players": {"classic": [3, 4]}}})
    assert schema_errors("protocol-handshake.schema.json", {
        "protocol": "riskspec/1", "engine": {"name": "x", "version": "1"},
        "capabilities": {**CAPS, "players": [0]}})


def test_the_fuzzer_starts_only_at_player_counts_the_engine_plays():
    from riskspec.conformance.fuzz_starts import fuzz_starts
    caps = Capabilities({"capabilities": {**CAPS, "rules": "*", "players": [4]}})
    starts, _ = fuzz_starts(caps, variants=["classic"])
    assert starts and {s.players for s in starts} == {4}
    none = Capabilities({"capabilities": {**CAPS, "rules": "*", "players": [7]}})
    starts, notes = fuzz_starts(none, variants=["classic"])
    assert starts == [] and any("none of the player counts" in n for n in notes)


def test_a_handshake_claiming_ambiguity_ids_as_rules_is_refused(tmp_path):
    import json
    import sys

    from riskspec.conformance.client import EngineClient
    from riskspec.conformance.errors import EngineFault
    engine = tmp_path / "e.py"
    hs = {"protocol": "riskspec/1", "engine": {"name": "x", "version": "1"},
          "capabilities": {**CAPS, "rules": ["classic.attack.ties", "classic.amb.tie-rule"]}}
    engine.write_text(f"import sys\nprint({json.dumps(json.dumps(hs))}, flush=True)\nsys.stdin.read()\n")
    client = EngineClient([sys.executable, str(engine)], timeout=5)
    with pytest.raises(EngineFault, match=r"capabilities.rules lists ambiguity IDs \(classic.amb.tie-rule\)"):
        client.start()
    client.close()


def test_adapter_kit_states_player_counts():
    from riskspec.adapter import Adapter

    class Two(Adapter):
        players = (2, 3)
    assert Two().capabilities()["players"] == [2, 3]
    assert "players" not in Adapter().capabilities()

"""Another language: the JavaScript example engine speaks the protocol and is reported as partially conformant."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from riskspec.conformance.check import CheckConfig, check

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "conformance" / "examples" / "js-engine" / "engine.js"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")

CLAIMED = ["classic.reinforce.territory-armies", "classic.reinforce.minimum", "classic.reinforce.continent-bonus",
           "classic.reinforce.count-time", "classic.reinforce.place", "classic.attack.declare",
           "classic.attack.compare", "classic.attack.ties", "classic.attack.losses"]


def test_js_engine_partial_conformance(tmp_path):
    cfg = CheckConfig(argv=[NODE, str(ENGINE)], quiet=True, reports=[tmp_path / "r.json", tmp_path / "r.md"],
                      junit=tmp_path / "j.xml", jobs=2)
    code, rep = check(cfg, io.StringIO(), io.StringIO())
    assert code == 0, rep["failures"][:3]
    assert rep["engine"]["name"] == "js-mini-risk"
    assert rep["totals"]["pass"] >= 15 and rep["totals"]["fail"] == rep["totals"]["error"] == 0
    for rule in CLAIMED:
        assert rep["by_rule"][rule]["status"] == "pass", rule
    # every claimed rule is reached by at least one case (100 % reach)
    assert rep["reach"]["claimed"] == len(CLAIMED) and rep["reach"]["not_reached"] == {}
    for rule in ["classic.fortify.path", "classic.cards.set-values", "classic.setup.claim-territories",
                 "classic.attack.adjacency", "classic.victory.domination"]:
        assert rep["by_rule"][rule]["status"] == "not-claimed", rule
        assert rule in rep["rules_not_claimed"]
    skipped = [r for r in rep["results"] if r["outcome"] == "skip"]
    assert skipped and all(r["message"].startswith("not claimed:") for r in skipped)
    # cases of a claimed rule that need an op the engine lacks are skipped for that reason
    assert any("op legal_actions" in r["message"] for r in skipped)
    md = (tmp_path / "r.md").read_text()
    assert "Rules not claimed by the engine" in md and "CONFORMS (for what it claims)" in md


def test_js_engine_found_out_when_it_claims_too_much(tmp_path):
    """Claiming a rule it does not implement (conquest) turns into failures, not a crash of the runner."""
    src = ENGINE.read_text()
    greedy = tmp_path / "greedy.js"
    greedy.write_text(src.replace('"classic.attack.losses",', '"classic.attack.losses", "classic.conquest.*",'))
    cfg = CheckConfig(argv=[NODE, str(greedy)], quiet=True, select=["classic.conquest.*"])
    code, rep = check(cfg, io.StringIO(), io.StringIO())
    assert code == 1
    assert rep["by_rule"]["classic.conquest.capture"]["status"] == "fail"
    assert any("conquest is not implemented" in f["message"] for f in rep["failures"])

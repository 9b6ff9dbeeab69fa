"""Claims follow readings: a case runs only under readings the engine claims, each claimed once."""

from __future__ import annotations

import io
import sys

from riskspec.conformance.check import CheckConfig, check
from riskspec.conformance.claims import (
    case_needs,
    required_readings,
    touched_ambiguities,
)
from riskspec.conformance.mutants import MUTANTS, reading_of
from riskspec.conformance.protocol import Capabilities
from riskspec.conformance.vectors import load_cases

DICE = "classic.amb.defender-dice-choice"


def caps(options, rules="*"):
    return Capabilities({"protocol": "riskspec/1", "engine": {"name": "t", "version": "1"},
                         "capabilities": {"variants": ["classic"], "ops": ["new_game", "apply", "state"],
                                          "options": options, "rules": rules}})


def test_rules_lead_to_the_ambiguities_touching_them():
    assert touched_ambiguities("classic", ["classic.attack.defender-dice"]) == [DICE]
    assert touched_ambiguities("classic", ["classic.attack.declare"]) == []
    # an ambiguity named in covers is touched itself, and a case's reading too
    assert touched_ambiguities("classic", [], {"ambiguity": "classic.amb.tie-rule", "reading": "x"}) == \
        ["classic.amb.tie-rule"]
    # the Italian edition resolves the dice ambiguity the other way: its default differs
    assert required_readings("classic", ["classic.attack.defender-dice"], {}) == {DICE: "defender-chooses"}
    assert required_readings("classic-it", ["classic.attack.defender-dice"], {}) == {DICE: "always-maximum"}
    assert required_readings("classic", ["classic.attack.defender-dice"], {DICE: "always-maximum"}) == \
        {DICE: "always-maximum"}


def test_a_default_reading_runs_only_if_claimed():
    needs = {"variant": "classic", "options": {}, "covers": ["classic.attack.defender-dice"], "ops": ["new_game"],
                 "inline_map": False, "readings": {DICE: "defender-chooses"}}
    assert caps({}).unclaimed(**needs) == []                      # not listed: the default is played
    assert caps("*").unclaimed(**needs) == []
    assert caps({DICE: "*"}).unclaimed(**needs) == []
    assert caps({DICE: ["always-maximum"]}).unclaimed(**needs) == [f"{DICE}=defender-chooses"]
    # a case setting the reading itself needs it listed
    needs_other = dict(needs, options={DICE: "always-maximum"}, readings={})
    assert caps({DICE: ["always-maximum"]}).unclaimed(**needs_other) == []
    assert caps({}).unclaimed(**needs_other) == [f"{DICE}=always-maximum"]


def test_an_ambiguity_is_claimed_once_in_options_not_again_as_a_rule():
    case = next(c for c in load_cases() if c.id == "classic.amb.tie-rule.defender-wins.001")
    needs = dict(case_needs(case), ops=[])
    assert "classic.amb.tie-rule" in needs["ambiguities"]
    engine = caps({"classic.amb.tie-rule": ["defender-wins"]}, rules=["classic.attack.*"])
    assert engine.unclaimed(**needs) == []
    other = caps({"classic.amb.tie-rule": ["tie-no-loss"]}, rules="*")
    assert other.unclaimed(**needs) == ["classic.amb.tie-rule=defender-wins"]
    assert caps({"classic.amb.tie-rule": "*"}, rules=["classic.reinforce.*"]).unclaimed(**needs) == \
        ["rule classic.attack.ties"]


def test_mutants_that_play_another_reading_know_it():
    assert reading_of(MUTANTS["defender-always-max"]) == (DICE, "always-maximum")
    assert reading_of(MUTANTS["fortify-connected"]) == ("classic.amb.fortify-path", "connected")
    assert reading_of(MUTANTS["ties-to-attacker"]) is None       # no edition plays that: a bug


def test_an_engine_of_another_edition_passes_what_it_claims():
    """The defender always rolls the most dice (the Italian reading) and says so: no case fails;
    the cases of the other reading, including those that rely on it only through a step (a
    'defend' action in a conquest case), are skipped with the reading they need."""
    argv = [sys.executable, "-m", "riskspec.cli", "engine", "--mutant", "defender-always-max", "--honest"]
    cfg = CheckConfig(argv=argv, quiet=True, timeout=60, handshake_timeout=120, jobs=2,
                      select=["classic.attack.*", "classic.conquest.*", f"{DICE}.*"])
    code, rep = check(cfg, io.StringIO(), io.StringIO())
    assert code == 0, [f["case"] + ": " + f["message"][:200] for f in rep["failures"]]
    res = {r["case"]: r for r in rep["results"]}
    skipped = [r for r in res.values() if r["outcome"] == "skip"]
    assert skipped and all(r["message"] == f"not claimed: {DICE}=defender-chooses" for r in skipped)
    assert res["classic.attack.defender-dice.001"]["outcome"] == "skip"      # covers the rule
    assert res["classic.conquest.move-in.001"]["outcome"] == "skip"          # a 'defend' step
    ran = [r for r in res.values() if r["outcome"] == "pass"]
    assert any(r["case"].startswith(f"{DICE}.always-maximum") for r in ran)
    assert len(ran) >= 5
    # the dishonest twin (claiming every reading) is caught by the same cases
    code, rep = check(CheckConfig(argv=argv[:-1], quiet=True, timeout=60, handshake_timeout=120,
                                  select=["classic.attack.defender-dice"], maxfail=1),
                      io.StringIO(), io.StringIO())
    assert code == 1

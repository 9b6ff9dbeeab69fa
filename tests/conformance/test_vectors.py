"""The test vectors: written once as scenarios, run on the reference engine, exported, traced to the rules."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest

from riskspec.conformance.client import reference_client
from riskspec.conformance.export import build_files, source_vectors_dir
from riskspec.conformance.runner import run_case
from riskspec.conformance.scenario import ScenarioError, load_all
from riskspec.conformance.vectors import Case, load_cases

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not (ROOT / "schemas" / "state.schema.json").exists(),
                                reason="schemas/state.schema.json (reference engine) not there yet")

SCENARIOS = load_all()


@pytest.fixture(scope="module")
def exported():
    return build_files()


@pytest.fixture(scope="module")
def cases():
    # the Classic family's coverage checks; Napoléon's are in tests/napoleon/test_vectors.py
    return [c for c in load_cases([source_vectors_dir()]) if not c.variant.startswith("napoleon")]


@pytest.fixture(scope="module")
def spec_variant():
    from riskspec.loading import load_spec
    return load_spec(strict=False).variants["classic"]


def test_committed_vectors_equal_a_fresh_export(exported):
    files, pending = exported
    out = source_vectors_dir()
    on_disk = {str(p.relative_to(out)): p.read_text(encoding="utf-8") for p in out.rglob("*.json")}
    stale = sorted(set(on_disk) - set(files))
    differ = sorted(rel for rel, text in files.items() if on_disk.get(rel) != text)
    assert not stale and not differ, (
        f"vector files differ from the scenarios (differ: {differ}, stale: {stale}); "
        "run `riskspec vectors export` and commit the result")


@pytest.mark.parametrize("sid", sorted(s for s, sc in SCENARIOS.items() if sc.pending))
def test_pending_scenarios_still_disagree_with_the_reference(sid):
    """A pending scenario documents a known disagreement; when it builds, remove `pending` and export."""
    with pytest.raises(ScenarioError):
        SCENARIOS[sid].build()


def test_every_testable_rule_has_a_case_and_ids_are_sane(cases, spec_variant):
    covered = {r for c in cases for r in c.covers}
    testable = {rid for rid, r in spec_variant.rules.items() if r.testable}
    missing = sorted(testable - covered)
    assert not missing, f"testable rules without a vector: {missing}"
    known = set(spec_variant.rules) | set(spec_variant.ambiguities)
    unknown = sorted(covered - known)
    assert not unknown, f"cases cover IDs the spec does not define: {unknown}"
    for c in cases:
        prefix = c.id.rsplit(".", 1)[0]
        assert c.id.rsplit(".", 1)[1].isdigit(), c.id
        assert any(prefix.startswith(r) or r.startswith(prefix) for r in c.covers) or ".perft." in c.id, c.id


def test_rules_that_forbid_have_negative_cases(cases):
    negative_rules = {r for c in cases if c.negative for r in c.covers}
    errors_by_rule = defaultdict(set)
    for c in cases:
        for st in c.steps:
            if "error" in st.get("expect", {}):
                for r in c.covers:
                    errors_by_rule[r].add(st["expect"]["error"]["code"])
    # every case that expects a rejection is flagged negative, and the core prohibitions are there
    for c in cases:
        if any("error" in st.get("expect", {}) for st in c.steps) and not c.id.startswith("classic.amb."):
            assert c.negative or c.id in {"classic.attack.defender-dice.002", "classic.attack.defender-dice.003",
                                          "classic.cards.forced-trade.001", "classic.cards.territory-bonus-limit.001",
                                          "classic.elimination.forced-trade.001", "classic.turn.order.003"}, c.id
    for rule in ["classic.attack.adjacency", "classic.attack.min-armies", "classic.attack.attacker-dice",
                 "classic.attack.defender-dice", "classic.conquest.move-in", "classic.conquest.leave-one",
                 "classic.fortify.path", "classic.fortify.leave-one", "classic.cards.valid-sets",
                 "classic.cards.trade-timing", "classic.reinforce.place", "classic.setup.claim-territories",
                 "classic.setup.placement-rounds", "classic.two-player.placement", "classic.cards.territory-bonus",
                 "classic.cards.earn", "classic.victory.domination", "classic.missions.deal", "classic.turn.order"]:
        assert rule in negative_rules or errors_by_rule.get(rule), rule


def test_every_case_passes_on_the_reference_through_the_protocol(cases):
    client = reference_client()
    bad = []
    for case in cases:
        res = run_case(client, case)
        if res.outcome != "pass":
            bad.append(f"{case.id}: {res.outcome}: {res.message}")
    assert not bad, "\n".join(bad)


def _readings(spec_variant):
    """(ambiguity, reading) → whether the reference engine implements it: it accepts the
    reading and reads every parameter the reading sets."""
    from riskspec.reference import engine as E
    from riskspec.reference.tables import READER, Params
    read = {READER.spec_name(f) for f in Params.__dataclass_fields__}
    engine_ok = {}
    for amb in spec_variant.ambiguities.values():
        for r in amb.readings:
            try:
                E.new_game("classic", 3, {amb.id: r.id})
                engine_ok[(amb.id, r.id)] = bool(r.parameters) and all(p in read for p in r.parameters)
            except Exception:
                engine_ok[(amb.id, r.id)] = False
    return engine_ok


def test_every_engine_reading_of_every_ambiguity_has_a_telling_case(cases, spec_variant):
    by_reading = defaultdict(list)
    for c in cases:
        if c.reading:
            by_reading[(c.reading["ambiguity"], c.reading["reading"])].append(c)
    readings = _readings(spec_variant)
    pending = {(sc.reading["ambiguity"], sc.reading["reading"]) for sc in SCENARIOS.values()
               if sc.pending and sc.reading}
    # every reading the engine implements (and that changes a parameter) has a case, unless pending
    for amb in {a for a, _ in by_reading}:
        for (a, r), implemented in readings.items():
            if a == amb and implemented:
                assert (a, r) in by_reading or (a, r) in pending, f"no case for reading {a} = {r}"
    # ... and each such case fails under every other reading: its outcome tells the readings apart
    client = reference_client()
    for (amb, reading), cs in by_reading.items():
        others = [r.id for r in spec_variant.ambiguities[amb].readings
                  if r.id != reading and readings[(amb, r.id)] and (amb, r.id) not in pending]
        for c in cs:
            for other in others:
                raw = json.loads(json.dumps(c.raw))
                raw["options"][amb] = other
                if "state" in raw:
                    raw["state"]["options"][amb] = other
                res = run_case(client, Case.from_json(raw))
                assert res.outcome != "pass", f"{c.id} also passes under {amb} = {other}"


def test_readings_without_a_telling_case_are_not_playable(cases, spec_variant, capsys):
    """Every reading the engine plays (it sets a parameter the engine reads) has a telling
    case, in ambiguities with no case at all too; the readings left without one set no
    parameter of play (components, wording) and are printed as the register's gaps."""
    have = {(c.reading["ambiguity"], c.reading["reading"]) for c in cases if c.reading}
    pending = {(sc.reading["ambiguity"], sc.reading["reading"]) for sc in SCENARIOS.values()
               if sc.pending and sc.reading}
    readings = _readings(spec_variant)
    untold = sorted(k for k, playable in readings.items()
                    if playable and k not in have and k not in pending)
    assert not untold, f"readings the engine plays with no telling case: {untold}"
    gaps = sorted(k for k in readings if k not in have)
    assert all(not readings[k] or k in pending for k in gaps)
    with capsys.disabled():
        print(f"\n{len(have)} readings have a telling case; {len(gaps)} set no parameter of "
              "play: " + ", ".join(f"{a} = {r}" for a, r in gaps))


def test_a_case_module_that_fails_to_load_is_named(monkeypatch):
    """A case module raising at import (here: one that does not exist) is reported as a
    ScenarioError naming the module and the error, not as a bare traceback of the export."""
    from riskspec.conformance import scenario
    monkeypatch.setattr(scenario, "CASE_MODULES", ("cases_setup", "cases_no_such_module"))
    with pytest.raises(ScenarioError, match=r"case module riskspec\.conformance\."
                                            r"cases_no_such_module does not load: "
                                            r"ModuleNotFoundError"):
        load_all()


def test_the_failing_line_of_a_case_module_is_given():
    """The message points at the case module's own line where the error came from."""
    from riskspec.conformance.scenario import _where
    with pytest.raises(KeyError) as info:
        exec(compile("x = {}['missing']", "/somewhere/cases_broken.py", "exec"))  # noqa: S102
    assert _where(info.value, "cases_broken") == " (at /somewhere/cases_broken.py:1)"
    assert _where(info.value, "cases_other") == ""

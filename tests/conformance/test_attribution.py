"""A failure names the rule it breaks, where it went wrong first, and how to rerun it."""

from __future__ import annotations

import dataclasses
import io
import json
import subprocess
import sys

import pytest

from riskspec.conformance.attribution import (
    action_rule,
    docs_page,
    failing_rule,
    first_rule,
    rule_from_diffs,
    statement_line,
)
from riskspec.conformance.check import CheckConfig, check
from riskspec.conformance.vectors import Case

MUTANT = [sys.executable, "-m", "riskspec.cli", "engine", "--mutant", "defender-always-max"]


def case(covers, steps, variant="classic"):
    return Case(id="classic.x.y.001", title="t", covers=tuple(covers), variant=variant, options={},
                players=3, steps=tuple(steps))


def test_the_rule_of_the_failing_step():
    c = case(["classic.amb.tie-rule", "classic.conquest.move-in"],
             [{"action": {"type": "defend", "dice": 1}},
              {"action": {"type": "attack", "from": "a", "to": "b", "dice": 3},
               "expect": {"error": {"code": "too-many-dice", "rule": "classic.attack.attacker-dice"}}},
              {"action": {"type": "roll"}, "rule": "classic.attack.ties"}])
    assert first_rule(c) == "classic.conquest.move-in"           # a rule before an ambiguity
    assert failing_rule(c, 0) == "classic.conquest.move-in"      # an expectation: the default
    # a refused legal action: the rule the refusal cites, else the action type's rule
    assert failing_rule(c, 0, refusal={"rule": "classic.attack.defender-dice"}) == \
        "classic.attack.defender-dice"
    assert failing_rule(c, 0, refusal={"rule": "not.a.rule"}) == "classic.attack.defender-dice"
    # an accepted forbidden action: the rule the vector's error cites
    assert failing_rule(c, 1, accepted_forbidden=True) == "classic.attack.attacker-dice"
    assert failing_rule(c, 2) == "classic.attack.ties"           # the step's own rule
    assert action_rule("classic", {"type": "place"}, "setup-place") == "classic.setup.placement-rounds"
    assert action_rule("classic", {"type": "place"}, "reinforce") == "classic.reinforce.place"
    assert action_rule("napoleon-basic", {"type": "maneuver"}) == "napoleon.maneuver.land"
    perft = [{"path": "$.perft(depth=1)", "expected": 44, "actual": 43,
              "divide": ["attack dice=1 from=a to=b: 1", "end-attack: missing  (expected 1)"]}]
    assert rule_from_diffs(c, 0, perft) == "classic.attack.optional"


def test_an_expectation_belongs_to_the_covered_rule_of_its_section():
    # classic.attack.repeat.002: after an undecided battle a new attack elsewhere is missing; the
    # missing 'attack' is the repeat rule's expectation, not classic.attack.declare's
    repeat = case(["classic.attack.repeat"], [{"action": {"type": "roll", "attacker": [6], "defender": [1]}}])
    missing = [{"path": "$.legal_actions", "expected": "includes attack dice=2 from=alberta to=ontario",
                "actual": "absent"}]
    assert failing_rule(repeat, 0, diffs=missing) == "classic.attack.repeat"
    # a perft whose trade is missing: the covered cards rule, not the places whose counts differ
    two = case(["classic.reinforce.place", "classic.cards.optional-trade"], [{"expect": {}}])
    perft = [{"path": "$.perft(depth=2)", "expected": 224, "actual": 196, "divide": [
        "place territory=alaska: 14  (expected 15)", "place territory=peru: 14  (expected 15)",
        "trade bonus_territory=None cards=a,b,c: missing  (expected 14)"]}]
    assert failing_rule(two, 0, diffs=perft) == "classic.cards.optional-trade"
    # counts that differ only: the covered rule of the moves whose counts differ
    fewer = [{**perft[0], "divide": perft[0]["divide"][:2]}]
    assert failing_rule(two, 0, diffs=fewer) == "classic.reinforce.place"
    # a state diff with no action named: the covered rule of the step's action's section
    act = case(["classic.reinforce.place", "classic.cards.optional-trade"],
               [{"action": {"type": "trade", "cards": ["a", "b", "c"]}}])
    state = [{"path": "$.state.players[0].reserve", "expected": 8, "actual": 4}]
    assert failing_rule(act, 0, diffs=state, phase="reinforce") == "classic.cards.optional-trade"
    # ... but a missing end-attack is the rule that attacking is optional, not another attack rule
    board = case(["classic.components.board", "classic.attack.adjacency"], [{"expect": {}}])
    no_end = [{"path": "$.legal_actions", "expected": "59 actions", "actual": "58 actions",
               "divide": ["missing: end-attack"]}]
    assert failing_rule(board, 0, diffs=no_end) == "classic.attack.optional"
    # a field one rule decides: that rule, whatever the case covers
    declare = case(["classic.attack.declare"], [{"action": {"type": "attack"}}])
    assert failing_rule(declare, 0, phase="attack", diffs=[
        {"path": "$.state.pending.defender_dice", "expected": 2, "actual": 3}]) == "classic.attack.defender-dice"
    assert failing_rule(declare, 0, phase="attack", diffs=[
        {"path": "$.state.phase", "expected": "defend", "actual": "battle"}]) == "classic.attack.defender-dice"
    claim = case(["classic.setup.claim-territories"], [{"action": {"type": "claim", "territory": "alaska"}}])
    assert failing_rule(claim, 0, phase="claim", diffs=[
        {"path": "$.state.players[0].reserve", "expected": 34, "actual": 29}]) == "classic.setup.starting-armies"
    # the turn's reinforcements: the covered reinforcement rule, else the territory count's
    place = case(["classic.reinforce.place"], [{"action": {"type": "end-turn"}}])
    to_place = [{"path": "$.state.pending.to_place", "expected": 4, "actual": 3}]
    assert failing_rule(place, 0, phase="fortify", diffs=to_place) == "classic.reinforce.territory-armies"
    bonus = case(["classic.reinforce.continent-bonus"], [{"action": {"type": "end-turn"}}])
    assert failing_rule(bonus, 0, phase="fortify", diffs=to_place) == "classic.reinforce.continent-bonus"
    # a generic phase (the turn sequence) says less than the case's own rule
    ends = case(["classic.fortify.ends-turn"], [{"action": {"type": "fortify"}}])
    assert failing_rule(ends, 0, phase="fortify", diffs=[
        {"path": "$.state.phase", "expected": "reinforce", "actual": "fortify"}]) == "classic.fortify.ends-turn"
    # of several differing fields, the one whose rule the case covers
    discards = case(["classic.cards.discards"], [{"action": {"type": "end-turn"}}])
    assert failing_rule(discards, 0, phase="fortify", diffs=[
        {"path": "$.state.phase", "expected": "draw", "actual": "reinforce"},
        {"path": "$.state.discards", "expected": [], "actual": ["alaska"]}]) == "classic.cards.discards"
    setup = case(["classic.setup.placement-rounds", "classic.setup.claim-territories"],
                 [{"action": {"type": "claim", "territory": "peru"}}])
    assert failing_rule(setup, 0, phase="claim", diffs=[
        {"path": "$.state.pending.own", "expected": 1, "actual": 2}]) == "classic.setup.placement-rounds"
    # the turn goes on after a fortify: one fortify per turn, unless the case is about the turn's end
    after = [{"path": "$.state.phase", "expected": "reinforce", "actual": "fortify"}]
    optional = case(["classic.fortify.optional"], [{"action": {"type": "fortify"}}])
    assert failing_rule(optional, 0, phase="fortify", diffs=after) == "classic.fortify.one-move"
    # an engine refusing with an unrelated rule is not believed: the refused action's rule
    fort = case(["classic.fortify.ends-turn"], [{"action": {"type": "fortify"}}])
    assert failing_rule(fort, 0, refusal={"rule": "classic.victory.domination"}) == "classic.fortify.path"
    assert failing_rule(fort, 0, refusal={"rule": "classic.fortify.one-move"}) == "classic.fortify.one-move"
    trade = case(["classic.cards.set-values"], [{"action": {"type": "trade"}}])
    assert failing_rule(trade, 0, refusal={"rule": "classic.cards.trade-timing"}) == \
        "classic.cards.trade-timing"


def test_action_keys_read_back():
    from riskspec.conformance.attribution import parse_action_key
    from riskspec.conformance.compare import action_key
    for a in ({"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 3}, {"type": "end-attack"},
              {"type": "roll", "attacker": [6, 5], "defender": [4, 4]},
              {"type": "trade", "cards": ["peru", "iceland", "wild-1"], "bonus_territory": None}):
        assert parse_action_key(action_key(a)) == a
    assert parse_action_key("roll attacker=6 defender=1") == {"type": "roll", "attacker": 6, "defender": 1}
    assert parse_action_key("attack from") is None


def test_statement_and_docs_page():
    assert statement_line("classic", "classic.attack.ties").startswith("A compared pair of equal dice")
    assert "\n" not in statement_line("classic", "classic.attack.defender-dice")
    assert docs_page("classic", "classic.attack.ties") == "rules/classic.attack.ties.md"
    from riskspec.sitemap import AMBIGUITIES_PAGE
    assert docs_page("classic", "classic.amb.tie-rule") == f"{AMBIGUITIES_PAGE}#classic.amb.tie-rule"


def test_every_action_rule_is_a_rule_of_its_family():
    from riskspec.conformance.attribution import ACTION_RULES, PHASE_RULES, TURN_RULES
    from riskspec.loading import load_spec
    s = load_spec(strict=False)
    for family, variant in (("classic", "classic"), ("napoleon", "napoleon-advanced")):
        rules = s.variants[variant].rules
        for table in (ACTION_RULES[family], PHASE_RULES[family], {"turn": TURN_RULES[family]}):
            assert set(table.values()) <= set(rules), sorted(set(table.values()) - set(rules))


@pytest.fixture(scope="module")
def upstream_run(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("attr")
    err = io.StringIO()
    cfg = CheckConfig(argv=MUTANT, quiet=True, timeout=60, handshake_timeout=120,
                      select=["classic.conquest.move-in.00[12]"], reports=[tmp / "r.json", tmp / "r.md"])
    code, rep = check(cfg, io.StringIO(), err)
    return code, rep, err.getvalue(), tmp


def test_the_rule_deciding_the_differing_field_is_named_not_the_covered_one(upstream_run):
    code, rep, _, tmp = upstream_run
    assert code == 1 and rep["failures"]
    f = rep["failures"][0]
    # the engine went to the battle straight after the attack: the defender never chose dice
    assert f["rule"] == "classic.attack.defender-dice" and f["covers"] == ["classic.conquest.move-in"]
    assert '$.state.phase: expected "defend", got "battle"' in f["message"]
    assert rep["by_rule"]["classic.attack.defender-dice"]["status"] == "fail"
    assert rep["by_rule"]["classic.conquest.move-in"]["status"] == "unverified"
    md = (tmp / "r.md").read_text()
    broken = md.split("## Rules broken", 1)[1].split("##", 1)[0]
    assert "classic.attack.defender-dice" in broken and "classic.conquest.move-in" not in broken


def test_an_upstream_cause_is_named_first_with_its_rule():
    # one army too few for the territories at the turn's start is not visible until the armies
    # are counted again after a trade: the failure says where it began, and names that rule
    argv = [sys.executable, "-m", "riskspec.cli", "engine", "--mutant", "divisor-4"]
    cfg = CheckConfig(argv=argv, quiet=True, timeout=60, handshake_timeout=120,
                      select=["classic.cards.set-values.001"])
    code, rep = check(cfg, io.StringIO(), io.StringIO())
    [f] = rep["failures"]
    assert code == 1 and f["covers"] == ["classic.cards.set-values"]
    assert f["message"].startswith("upstream cause: after step 1 (end-turn) the engine has "
                                   "pending.to_place 3 where the rules give pending.to_place 4")
    assert f["rule"] == "classic.reinforce.territory-armies"
    assert rep["by_rule"]["classic.cards.set-values"]["status"] == "unverified"


def test_each_failure_shows_statement_docs_and_a_rerun_command(upstream_run):
    _, rep, err, tmp = upstream_run
    f = rep["failures"][0]
    assert f["rule_statement"].startswith("The defender throws")
    assert f["docs"] == "rules/classic.attack.defender-dice.md"
    assert f["rerun"].startswith("riskspec check --engine ") and f["rerun"].endswith(f"--select {f['case']}")
    # --quiet hides progress, never the failures
    assert f"FAIL {f['case']}" in err and "rule broken: classic.attack.defender-dice" in err
    assert f"rerun: {f['rerun']}" in err and "[1/" not in err
    saved = json.loads((tmp / "r.json").read_text())
    assert saved["failures"][0]["rerun"] == f["rerun"]


def test_the_rerun_command_reruns_just_that_case(upstream_run):
    rep = upstream_run[1]
    f = rep["failures"][0]
    cmd = f["rerun"].split(" --select ")
    assert cmd[1] == f["case"]
    sel = CheckConfig(argv=MUTANT, quiet=True, timeout=60, handshake_timeout=120, select=[cmd[1]])
    code, again = check(sel, io.StringIO(), io.StringIO())
    assert code == 1 and [r["case"] for r in again["results"]] == [f["case"]]


def test_an_expectation_on_the_broken_rule_makes_it_xfail(upstream_run, tmp_path):
    exp = tmp_path / "known.json"
    exp.write_text(json.dumps({"format": "riskspec/expect@1", "known_failures": [
        {"rule": "classic.attack.defender-dice", "reason": "we play the Italian edition"}]}))
    cfg = CheckConfig(argv=MUTANT, quiet=True, timeout=60, handshake_timeout=120, expect=exp,
                      select=["classic.conquest.move-in.00[12]"])
    code, rep = check(cfg, io.StringIO(), io.StringIO())
    assert code == 0 and rep["totals"]["xfail"] == rep["totals"]["run"]


def test_python_dash_m_riskspec():
    out = subprocess.run([sys.executable, "-m", "riskspec", "check", "--help"], capture_output=True,
                         text=True, timeout=120, check=False)
    assert out.returncode == 0 and "--engine" in out.stdout


def test_an_upstream_cause_found_after_a_step_that_states_no_phase(tmp_path):
    # the same engine bug, in a case that leaves the phase out of the frame rule and whose
    # attack step states nothing: the failure shows at the defend step, and its upstream
    # cause (the phase after the attack) is named first
    from riskspec.conformance.vectors import default_vectors_dir
    src = default_vectors_dir()
    doc = json.loads((src / "classic" / "conquest.json").read_text(encoding="utf-8"))
    case = next(c for c in doc["cases"] if c["id"] == "classic.conquest.move-in.001")
    case["steps"][0].pop("expect")
    case["unchecked"] = {"fields": ["phase"], "why": "a test of upstream causes"}
    doc["cases"] = [case]
    (tmp_path / "classic").mkdir()
    (tmp_path / "classic" / "conquest.json").write_text(json.dumps(doc), encoding="utf-8")
    (tmp_path / "shared.json").write_text((src / "shared.json").read_text(encoding="utf-8"),
                                          encoding="utf-8")
    cfg = CheckConfig(argv=MUTANT, quiet=True, timeout=60, handshake_timeout=120,
                      vectors=[tmp_path], reports=[])
    code, rep = check(cfg, io.StringIO(), io.StringIO())
    assert code == 1 and len(rep["failures"]) == 1
    f = rep["failures"][0]
    assert f["rule"] == "classic.attack.defender-dice"
    assert f["message"].startswith("upstream cause: after step 1 (attack ")
    assert "phase 'battle' where the rules give phase 'defend'" in f["message"]


def test_ships_moving_in_after_a_battle_at_sea_break_the_naval_rule_not_the_land_one():
    # napoleon.naval.battle-rules.601: an engine letting every ship sail into the conquered zone
    # lists an extra occupy; the ship that stays behind is the naval rule's, whatever the land
    # rule of moving in (napoleon.combat.conquest) says
    steps = [{"action": {"type": "attack", "from": "north-sea", "to": "baltic-sea", "dice": 2}},
             {"action": {"type": "roll", "attacker": [6, 5], "defender": [1]}},
             {"action": {"type": "occupy", "armies": 3}}]
    naval = Case(id="napoleon.naval.battle-rules.999", title="t", covers=("napoleon.naval.battle-rules",),
                 variant="napoleon-basic", options={}, players=2, steps=tuple(steps))
    extra = [{"path": "$.legal_actions", "expected": "2 actions", "actual": "3 actions",
              "divide": ["extra:   occupy armies=4"]}]
    assert failing_rule(naval, 1, diffs=extra) == "napoleon.naval.battle-rules"
    assert failing_rule(naval, 2, refusal={"rule": None}) == "napoleon.naval.battle-rules"
    # the same moves after a land battle stay the land rule's
    land = dataclasses.replace(naval, steps=tuple(
        [{"action": {"type": "attack", "from": "aquitaine", "to": "castile", "dice": 2}}, *steps[1:]]))
    assert failing_rule(land, 1, diffs=extra) == "napoleon.combat.conquest"


@pytest.mark.parametrize("territories, groups, armies, engine, rule", [
    (14, ["north-america"], 9, 4, "classic.reinforce.continent-bonus"),   # 14 ÷ 3 = 4, the bonus left out
    (14, [], 4, 9, "classic.reinforce.continent-bonus"),                  # a continent not held added
    (20, [], 6, 5, "classic.reinforce.territory-armies"),                 # 20 ÷ 4 = 5
    (8, [], 3, 2, "classic.reinforce.minimum"),                           # 8 ÷ 3 = 2, no minimum of 3
    (15, ["australia"], 7, 5, None),        # 15 ÷ 3 without the bonus, or 15 ÷ 4 with it: either
    (15, ["australia"], 7, 7, None),        # no divergence
])
def test_the_part_of_a_reinforcement_count_an_engine_got_wrong(territories, groups, armies, engine, rule):
    from riskspec.conformance.attribution import reinforcement_rule
    event = {"type": "reinforcements", "player": 0, "territories": territories, "groups": groups,
             "armies": armies}
    assert reinforcement_rule("classic", event, engine) == rule

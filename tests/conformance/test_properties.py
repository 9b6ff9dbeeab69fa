"""Differential fuzzing: seeded random games on an engine and the reference side by side."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import textwrap
from contextlib import redirect_stdout
from typing import Any

import pytest

from riskspec.cli import main
from riskspec.conformance.check import CheckConfig, check
from riskspec.conformance.client import EngineClient, InProcessClient, reference_client
from riskspec.conformance.fuzz_campaign import differential_check
from riskspec.conformance.properties import invariants, probes
from riskspec.conformance.reference_api import ReferenceAPI, capabilities
from riskspec.conformance.vectors import load_cases
from riskspec.errors import OptionError


def mutant_argv(*extra: str) -> list[str]:
    return [sys.executable, "-m", "riskspec.cli", "engine", *extra]


class Tweaked(ReferenceAPI):
    """The reference with one answer changed (in process: fast)."""

    def __init__(self, apply_hook: Any = None) -> None:
        super().__init__()
        self.apply_hook = apply_hook

    def apply(self, state: Any, action: Any) -> tuple[Any, list]:
        if self.apply_hook is not None:
            action = self.apply_hook(dict(action))
        return super().apply(state, action)


def in_process(api: Any, **caps: Any) -> InProcessClient:
    return InProcessClient(api, {**capabilities(), **caps}, name="tweaked")


def test_invariants_catch_broken_states():
    good = {"territories": {"a": {"owner": 0, "armies": 1}}, "players": [{"cards": ["x"], "reserve": 0}],
            "draw_pile": ["y"], "discards": [], "phase": "attack", "winner": None}
    assert invariants(good, 2) == []
    bad = {**good, "territories": {"a": {"owner": 0, "armies": 0}}, "draw_pile": ["x"]}
    assert len(invariants(bad, 2)) == 2


def test_probes_include_unsorted_and_impossible_dice():
    import random
    roll = {"type": "roll", "attacker": [6, 3, 1], "defender": [5, 4]}
    got = probes({"territories": {}, "current": 0}, [roll], True, random.Random(0))
    assert {"type": "roll", "attacker": [1, 3, 6], "defender": [5, 4]} in got
    assert {"type": "roll", "attacker": [7, 3, 1], "defender": [5, 4]} in got
    assert {"type": "end-turn"} in got                   # a player's action at a chance node


def test_the_reference_agrees_with_itself_across_the_whole_game():
    with EngineClient(mutant_argv(), timeout=60, handshake_timeout=120) as engine:
        res = differential_check(engine, reference_client(), games=6, max_steps=40, seed=1)
    assert res.divergences == [], [str(d) for d in res.divergences]
    s = res.stats
    assert s.steps >= 120 and s.legal_checks >= 100 and s.probes >= 10
    assert set(s.by_family) == {"classic", "napoleon"}          # both families
    assert res.starts >= 30 and "riskspec-reference" in res.reference


def test_a_mutant_is_found_shrunk_and_saved_as_a_replayable_vector(tmp_path):
    argv = mutant_argv("--mutant", "ties-to-attacker")
    with EngineClient(argv, timeout=60, handshake_timeout=120) as engine:
        res = differential_check(engine, reference_client(), games=12, max_steps=100, seed=0,
                                 save_dir=tmp_path, variants=["classic"])
    assert res.divergences, "the fuzzer missed ties-to-attacker"
    div = res.divergences[0]
    assert div.rule == "classic.attack.ties" and div.kind == "state"
    assert len(div.steps) <= 3 and div.path is not None                 # shrunk
    [case] = load_cases([div.path])
    assert case.covers == ("classic.attack.ties",)
    bad, rep = check(CheckConfig(argv=argv, vectors=[div.path], quiet=True, timeout=60,
                                 handshake_timeout=120), io.StringIO(), io.StringIO())
    assert bad == 1 and rep["failures"][0]["rule"] == "classic.attack.ties"
    ok, rep = check(CheckConfig(argv=mutant_argv(), vectors=[div.path], quiet=True, timeout=60,
                                handshake_timeout=120), io.StringIO(), io.StringIO())
    assert ok == 0, rep["failures"]


def test_an_engine_accepting_unsorted_dice_is_caught():
    def sort_dice(action: dict) -> dict:      # lenient: accepts dice in any order
        if action.get("type") == "roll":
            return {**action, **{k: sorted(action[k], reverse=True) for k in ("attacker", "defender")
                                 if isinstance(action.get(k), list) and all(isinstance(x, int) for x in action[k])}}
        return action
    res = differential_check(in_process(Tweaked(sort_dice)), reference_client(), games=40, max_steps=80,
                             seed=0, variants=["classic"], probe_rate=1.0)
    assert any(d.kind == "accepted" and "roll" in d.what for d in res.divergences), \
        [str(d) for d in res.divergences]


def test_honest_unsupported_and_other_readings_are_no_divergence():
    def no_fortify(action: dict) -> dict:
        if action.get("type") == "fortify":
            raise OptionError("fortifying is not implemented")   # served as kind 'unsupported'
        return action
    res = differential_check(in_process(Tweaked(no_fortify)), reference_client(), games=8,
                             max_steps=120, seed=2, variants=["classic"])
    assert res.divergences == [] and res.stats.unsupported > 0
    # an engine of another edition, claiming just its reading: games play that reading on both
    argv = mutant_argv("--mutant", "defender-always-max", "--honest")
    with EngineClient(argv, timeout=60, handshake_timeout=120) as engine:
        res = differential_check(engine, reference_client(), games=4, max_steps=60, seed=0)
    assert res.divergences == [], [str(d) for d in res.divergences]
    assert set(res.stats.by_family) == {"classic"}           # it claims the Classic variants only


def test_an_internal_error_on_a_malformed_action_is_a_divergence():
    def fragile(action: dict) -> dict:
        if action.get("type") == "teleport":
            raise RuntimeError("teleport")            # served as kind 'internal'
        return action
    res = differential_check(in_process(Tweaked(fragile)), reference_client(), games=10, max_steps=40,
                             seed=0, variants=["classic"], probe_rate=1.0)
    assert any("internal error" in d.what for d in res.divergences)


def test_a_crashing_engine_is_reported_never_a_traceback(tmp_path):
    script = tmp_path / "crashy.py"
    script.write_text(textwrap.dedent("""
        import os
        from riskspec.conformance.reference_api import ReferenceAPI, capabilities
        from riskspec.conformance.server import serve
        class Crashy(ReferenceAPI):
            n = 0
            def apply(self, state, action):
                Crashy.n += 1
                if Crashy.n == 25:
                    os._exit(3)
                return super().apply(state, action)
        serve(Crashy(), name="crashy", capabilities=capabilities(["classic"]))
    """))
    with EngineClient([sys.executable, str(script)], timeout=60, handshake_timeout=120) as engine:
        res = differential_check(engine, reference_client(), games=4, max_steps=30, seed=0)
    assert any(d.kind == "fault" for d in res.divergences)
    assert res.stats.games == 4                              # the next games ran on a restarted engine


def test_cli_fuzz_honours_expect_and_needs_no_hypothesis(tmp_path):
    known = tmp_path / "known.json"
    known.write_text(json.dumps({"format": "riskspec/expect@1", "known_failures": [
        {"rule": "*", "reason": "ties go to the attacker on purpose"}]}))
    args = ["check", "--engine", " ".join(mutant_argv("--mutant", "ties-to-attacker")), "--fuzz", "12",
            "--fuzz-only", "--fuzz-steps", "100", "--variant", "classic", "--fuzz-save", str(tmp_path),
            "-q"]
    out = io.StringIO()
    with redirect_stdout(out):
        code = main([*args, "--expect", str(known)])
    assert code == 0 and "KNOWN (ties go to the attacker on purpose)" in out.getvalue()
    assert "compared against riskspec-reference" in out.getvalue()
    # without Hypothesis importable, the same command runs
    blocked = ("import sys; sys.modules['hypothesis'] = None; from riskspec.cli import main; "
               f"sys.exit(main({args!r}))")
    run = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True, timeout=600,
                         check=False)
    assert run.returncode == 1, run.stderr[-2000:]
    assert "DIVERGENCE 1:" in run.stdout and "Traceback" not in run.stderr


@pytest.mark.parametrize("bad", [["--fuzz-only"], ["--fuzz", "3", "--fuzz-steps", "0"]])
def test_cli_fuzz_usage_errors(bad):
    with redirect_stdout(io.StringIO()):
        assert main(["check", *bad]) == 2


class DiceSlip(ReferenceAPI):
    """The reference with one slip in the number of dice a side may throw (issue #22: such a
    divergence was blamed on ``classic.attack.declare``, or on the comparison of the dice)."""

    def __init__(self, slip: str) -> None:
        super().__init__()
        self.slip = slip

    def legal_actions(self, state: Any) -> list:
        acts = [dict(a) for a in super().legal_actions(state)]
        if self.slip != "attacker-dice-per-army":
            return acts
        offered = {(a.get("from"), a.get("to"), a.get("dice")) for a in acts if a.get("type") == "attack"}
        for a in list(acts):   # dice up to the armies, not armies − 1: one die more at the top
            if a.get("type") == "attack" and a["dice"] < 3 \
                    and (a["from"], a["to"], a["dice"] + 1) not in offered \
                    and self.to_json(state)["territories"][a["from"]]["armies"] == a["dice"] + 1:
                acts.append({**a, "dice": a["dice"] + 1})
        return acts

    def chance_outcomes(self, state: Any) -> list:
        outs = list(super().chance_outcomes(state))
        if self.slip != "defender-one-die" or not outs or outs[0][0].get("type") != "roll":
            return outs
        merged: dict[str, Any] = {}
        for o, p in outs:    # the defender always throws one die
            short = {**o, "defender": list(o["defender"])[:1]}
            key = json.dumps(short, sort_keys=True)
            merged[key] = (short, merged[key][1] + p if key in merged else p)
        return list(merged.values())


@pytest.mark.parametrize("slip, rule, kind", [
    ("attacker-dice-per-army", "classic.attack.attacker-dice", "legal"),
    ("defender-one-die", "classic.attack.defender-dice", "outcomes"),
])
def test_an_attack_dice_divergence_is_blamed_on_the_dice_rule(slip, rule, kind):
    res = differential_check(in_process(DiceSlip(slip)), reference_client(), games=16, max_steps=80,
                             seed=0, variants=["classic"], probe_rate=0.0)
    found = [d for d in res.divergences if d.kind == kind]
    assert found, [str(d) for d in res.divergences]
    assert {d.rule for d in found} == {rule}, [str(d) for d in found]


def test_the_dice_rule_of_legal_and_outcome_differences():
    from riskspec.conformance.properties import _dice_count_rule
    att = {"type": "attack", "from": "alaska", "to": "kamchatka"}
    assert _dice_count_rule("classic", [{**att, "dice": 1}], [{**att, "dice": 1}, {**att, "dice": 2}]) \
        == "classic.attack.attacker-dice"
    assert _dice_count_rule("classic", [{**att, "dice": 1}], [{**att, "to": "alberta", "dice": 1}]) is None
    roll = {"type": "roll", "attacker": [6, 5], "defender": [4, 3]}
    assert _dice_count_rule("classic", [roll], [{**roll, "attacker": [6]}]) == "classic.attack.attacker-dice"
    assert _dice_count_rule("classic", [roll], [{**roll, "defender": [4]}]) == "classic.attack.defender-dice"
    assert _dice_count_rule("classic", [roll], [{**roll, "defender": [4, 2]}]) is None   # same counts
    assert _dice_count_rule("napoleon-basic", [roll], [{**roll, "defender": [4]}]) == "napoleon.combat.dice"


class TwoSlips(DiceSlip):
    """A systematic attack-dice slip (every game's first attack) and a later fortify slip
    (one army fewer moved)."""

    def apply(self, state: Any, action: Any) -> tuple[Any, list]:
        if action.get("type") == "fortify" and action.get("armies", 0) > 1:
            action = {**action, "armies": action["armies"] - 1}
        return super().apply(state, action)


def test_a_game_goes_on_past_a_divergence_so_a_later_one_is_found(monkeypatch):
    import riskspec.conformance.fuzz_starts as starts
    import riskspec.conformance.properties as props
    # positions across the game only: a situation's start (at a reinforcement, say) can meet
    # the fortify slip before any attack, which is not what this test is about
    monkeypatch.setattr(starts, "situation_starts", lambda *a, **k: ([], []))
    monkeypatch.setattr(starts, "_CACHE", {})

    def run() -> Any:
        return differential_check(in_process(TwoSlips("attacker-dice-per-army")), reference_client(),
                                  games=16, max_steps=80, seed=0, variants=["classic"], probe_rate=0.0)
    res = run()
    kinds = {(d.kind, d.rule.split(".")[1]) for d in res.divergences}
    assert kinds == {("legal", "attack"), ("state", "fortify")}, [str(d) for d in res.divergences]
    assert res.stats.resumes > 0 and res.stats.steps >= 16 * 60, res.stats
    later = next(d for d in res.divergences if d.kind == "state")
    assert "resumed after" in later.start.label and later.start.state is not None
    monkeypatch.setattr(props, "MAX_RESUMES", 0)        # the game ends at its first divergence
    ended = run()
    assert ended.stats.resumes == 0 and ended.stats.steps < res.stats.steps / 2
    assert {d.kind for d in ended.divergences} == {"legal"}, "the fortify slip hides behind the first"


def test_an_engine_that_cannot_load_a_state_is_not_resumed():
    res = differential_check(in_process(DiceSlip("attacker-dice-per-army"),
                                        ops=["new_game", "apply", "state", "legal_actions",
                                             "chance_outcomes"]),
                             reference_client(), games=4, max_steps=60, seed=0, variants=["classic"],
                             probe_rate=0.0)
    assert res.divergences and res.stats.resumes == 0


def test_losses_taken_from_the_wrong_side_are_blamed_on_the_losses_rule(tmp_path):
    from riskspec.conformance.planted import write_planted
    from riskspec.conformance.stateful import adapter_client, load_adapter
    engine = adapter_client(load_adapter(f"{write_planted('losses-swapped', tmp_path)}:MiniRisk"))
    res = differential_check(engine, reference_client(), games=12, max_steps=60, max_divergences=1)
    assert res.divergences and res.divergences[0].rule == "classic.attack.losses", \
        [(d.rule, d.what) for d in res.divergences]


def test_a_game_goes_on_past_a_step_the_engine_cannot_judge(tmp_path):
    """The example engine claims 9 rules: a divergence on any other (cards, conquest …) gives
    no verdict, and the game goes on from the reference's position, so the planted minimum of
    2 (seen only once a player is down to 8 territories) is found."""
    from riskspec.conformance.planted import write_planted
    from riskspec.conformance.stateful import adapter_client, load_adapter
    engine = adapter_client(load_adapter(f"{write_planted('minimum-2', tmp_path)}:MiniRisk"))
    res = differential_check(engine, reference_client(), games=24, max_steps=200, max_divergences=3)
    assert res.stats.not_claimed > 0 and res.stats.resumes > res.stats.not_claimed / 2, res.stats
    assert [d.rule for d in res.divergences] == ["classic.reinforce.minimum"], \
        [(d.rule, d.what) for d in res.divergences]


def test_a_conquest_moved_in_at_once_is_not_blamed_on_the_losses_rule():
    from riskspec.conformance.properties import _losses_rule

    def at(a: int, b: int, owner_b: int = 1, phase: str = "attack") -> dict:
        return {"phase": phase, "territories": {"alaska": {"owner": 0, "armies": a},
                                                "kamchatka": {"owner": owner_b, "armies": b}}}
    roll = {"type": "roll", "attacker": [6, 2], "defender": [3]}
    before = at(5, 2)
    # the defender loses one; the engine took it from the attacker instead
    assert _losses_rule("classic", roll, before, at(5, 1), at(4, 2)) == "classic.attack.losses"
    # the reference conquers (occupy next); the engine moved one army in at once
    assert _losses_rule("classic", roll, at(5, 1), at(5, 0, phase="occupy"), at(4, 1, owner_b=0)) is None
    # a tied pair: the ties rule's matter
    assert _losses_rule("classic", {**roll, "defender": [6]}, before, at(4, 2), at(5, 1)) is None


class PlainOnly(TwoSlips):
    """The two slips, and like many engines (rlrisk's adapter) it can be set up only at a
    plain position: an attack or fortify decision, or a reinforcement with no trade owed."""

    def load_state(self, state: Any, **kw: Any) -> Any:
        from riskspec.conformance.errors import UnsupportedRequest
        phase = state.get("phase")
        if not (phase in ("attack", "fortify") or phase == "reinforce" and not (state.get("pending") or {}).get("forced")):
            raise UnsupportedRequest("phase", f"cannot start at phase {phase}")
        return super().load_state(state, **kw)


def test_a_resume_the_engine_cannot_load_goes_on_from_the_next_plain_position(monkeypatch):
    import riskspec.conformance.properties as props
    res = differential_check(in_process(PlainOnly("attacker-dice-per-army")), reference_client(),
                             games=8, max_steps=80, seed=0, variants=["classic"], probe_rate=0.0)
    assert res.stats.resumes > 8 and res.stats.unsupported > 0, res.stats   # refused positions were passed
    assert {(d.kind, d.rule) for d in res.divergences} >= {("legal", "classic.attack.attacker-dice")}
    monkeypatch.setattr(props, "MAX_SKIP", 0)      # no skipping ahead: a refused resume ends the game
    ended = differential_check(in_process(PlainOnly("attacker-dice-per-army")), reference_client(),
                               games=8, max_steps=80, seed=0, variants=["classic"], probe_rate=0.0)
    assert ended.stats.steps < res.stats.steps and ended.stats.resumes < res.stats.resumes, (ended.stats, res.stats)

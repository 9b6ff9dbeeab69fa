"""The frame rule: every observable field is checked after every step."""

from __future__ import annotations

import copy

from riskspec.conformance.client import reference_client
from riskspec.conformance.export import source_vectors_dir
from riskspec.conformance.frame import FIELDS, advance, compared, frame_diff, observe
from riskspec.conformance.runner import run_case
from riskspec.conformance.scenario import load_all
from riskspec.conformance.vectors import Case, load_cases

CASES = {c.id: c for c in load_cases([source_vectors_dir()])}


def test_observe_keeps_the_observable_fields_and_hand_sizes():
    st = CASES["classic.fortify.ends-turn.001"].state
    o = observe(st)
    assert set(o) == {"current", "phase", "turn", "winner", "territories", "players"}
    assert observe({**st, "co_winners": [0, 1]})["co_winners"] == [0, 1]  # a shared victory
    assert o["territories"]["alaska"] == {"owner": 0, "armies": 5}
    assert o["players"][0] == {"reserve": 0, "eliminated": False, "hand": 0}
    nap = next(c for c in CASES.values() if c.variant == "napoleon-advanced" and c.state)
    on = observe(nap.state)
    assert "zones" in on and set(next(iter(on["territories"].values()))) >= {"owner", "armies", "generals"}


def test_a_step_names_what_changes_and_everything_else_stays():
    st = CASES["classic.fortify.ends-turn.001"].state
    exp = advance(observe(st), {"territories": {"alaska": {"armies": 4}}, "players": [{"cards": ["x"]}, {}, {}]})
    after = copy.deepcopy(dict(st))
    after["territories"] = {**st["territories"], "alaska": {"owner": 0, "armies": 4}}
    after["players"] = [{**st["players"][0], "cards": ["x"]}, *st["players"][1:]]
    assert frame_diff(exp, after) == []
    after["territories"]["kamchatka"] = {"owner": 2, "armies": 9}
    d = frame_diff(exp, after)
    assert [x["path"] for x in d] == ["$.state.territories.kamchatka.armies"]
    assert frame_diff(exp, after, unchecked={"territories"}) == []


def test_a_hand_stated_by_its_size_is_checked_by_the_frame_only():
    st = CASES["classic.fortify.ends-turn.001"].state
    step = {"players": [{"cards": 2}, {}, {}], "phase": "attack"}
    assert compared(step) == {"players": [{}, {}, {}], "phase": "attack"}
    assert compared({"players": [{"cards": ["peru"]}]}) == {"players": [{"cards": ["peru"]}]}
    exp = advance(observe(st), step)
    after = copy.deepcopy(dict(st))
    after["phase"] = "attack"
    after["players"] = [{**st["players"][0], "cards": ["peru", "wild-1"]}, *st["players"][1:]]
    assert frame_diff(exp, after) == []
    after["players"][0]["cards"] = ["peru"]
    assert [d["path"] for d in frame_diff(exp, after)] == ["$.state.players[0].hand"]


def _without_state_expectations(case: Case) -> Case:
    raw = copy.deepcopy(dict(case.raw))
    for step in raw["steps"]:
        step.get("expect", {}).pop("state", None)
    return Case.from_json(raw, framed=True)


def test_the_runner_fails_an_unstated_change():
    """The fortify case states that the turn passes; without that statement the frame rule
    sees the current player and turn change and fails the case — through the protocol."""
    client = reference_client()
    case = CASES["classic.fortify.ends-turn.001"]
    assert run_case(client, case).outcome == "pass"
    res = run_case(client, _without_state_expectations(case))
    assert res.outcome == "fail"
    paths = {d["path"] for d in res.diffs}
    assert {"$.state.current", "$.state.turn"} <= paths, res.diffs


def test_every_case_checks_every_observable_field_or_says_why():
    """The backlog of cases written before the frame rule is gone: every shipped case is
    framed, and a case that leaves a field out names it and gives its own reason."""
    scenarios = load_all()
    assert all(c.framed for c in CASES.values())
    for sid, sc in scenarios.items():
        if sc.unchecked is None:
            continue
        assert set(sc.unchecked["fields"]) <= set(FIELDS), sid
        assert "written before the frame rule" not in sc.unchecked["why"], sid
        assert len(sc.unchecked["why"]) >= 20, sid

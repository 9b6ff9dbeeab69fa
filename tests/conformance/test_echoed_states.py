"""A state the engine answers that must be a known one is compared to it: ``load_state``'s to
the state sent, ``new_game``'s to the reference's new game, a ``state`` request with no action
before it to the state last returned.  A mismatch is a lying engine (``lying-state``), never a
pass (issue #24: an engine answering a Napoléon state to a Classic ``load_state`` passed 13 of 14
cases)."""

from __future__ import annotations

import copy

import pytest

from riskspec.conformance.client import Response, reference_client
from riskspec.conformance.runner import echo_diffs, run_case
from riskspec.conformance.vectors import load_cases


class Liar:
    """The reference engine, except that the answers to ``lie_on`` carry a doctored state."""

    def __init__(self, lie_on: str, doctor) -> None:
        self.inner = reference_client()
        self.capabilities = self.inner.capabilities
        self.faults = self.inner.faults
        self.lie_on, self.doctor = lie_on, doctor

    def start(self):
        return self.inner.start()

    def request(self, op: str, **fields) -> Response:
        r = self.inner.request(op, **fields)
        if op == self.lie_on and r.ok:
            result = copy.deepcopy(r.result)
            result["state"] = self.doctor(result["state"])
            return Response(True, result=result)
        return r


def _napoleon_state(_state):
    return reference_client().request("new_game", variant="napoleon-advanced", players=4,
                                      options={}).result["state"]


def _one_owner_changed(state):
    name = sorted(state["territories"])[0]
    t = state["territories"][name]
    t["owner"] = (t["owner"] + 1) % len(state["players"]) if isinstance(t["owner"], int) else 0
    return state


def _extra_armies(state):
    state["players"][0]["reserve"] = state["players"][0].get("reserve", 0) + 7
    return state


CASES = {c.id: c for c in load_cases(None)}
LOADED = next(c for c in CASES.values() if c.state is not None and c.variant == "classic"
              and c.steps and c.steps[0].get("action") is not None)
NEW_GAME = next(c for c in CASES.values() if c.state is None and c.variant == "classic")
QUERIED = next(c for c in CASES.values() if c.state is not None and c.steps
               and c.steps[0].get("action") is None and "state" in c.steps[0].get("expect", {}))


@pytest.mark.parametrize("case", [LOADED, NEW_GAME, QUERIED], ids=lambda c: c.id)
def test_the_honest_reference_passes(case):
    assert run_case(reference_client(), case).outcome == "pass"


@pytest.mark.parametrize("doctor", [_napoleon_state, _one_owner_changed], ids=["another-game", "one-owner"])
def test_load_state_echoing_another_state_is_a_lying_engine(doctor):
    res = run_case(Liar("load_state", doctor), LOADED)
    assert (res.outcome, res.fault) == ("error", "lying-state"), res.message
    assert "load_state answered a state other than the one it was sent" in res.message
    assert res.diffs and all(d["path"].startswith("$.state") for d in res.diffs)


def test_new_game_answering_another_state_than_the_rules_set_up_is_a_lying_engine():
    res = run_case(Liar("new_game", _extra_armies), NEW_GAME)
    assert (res.outcome, res.fault) == ("error", "lying-state"), res.message
    assert any(d["path"] == "$.state.players[0].reserve" for d in res.diffs), res.diffs


def test_a_state_request_with_no_action_before_it_must_repeat_the_last_state():
    res = run_case(Liar("state", _one_owner_changed), QUERIED)
    assert (res.outcome, res.fault) == ("error", "lying-state"), res.message
    assert "no action between" in res.message


def test_echo_diffs_names_variant_and_added_places_and_ignores_other_formats():
    sent = reference_client().request("new_game", variant="classic", players=3, options={}).result["state"]
    other = copy.deepcopy(sent)
    other["variant"] = "classic-fr"
    other["territories"]["atlantis"] = {"owner": 0, "armies": 1}
    paths = [d["path"] for d in echo_diffs(sent, other)]
    assert paths == ["$.state.variant", "$.state.territories.atlantis"]
    assert echo_diffs(sent, copy.deepcopy(sent)) == []
    assert echo_diffs(sent, {"format": "my-engine/1", "board": []}) == []   # not ours to read

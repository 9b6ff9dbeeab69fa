"""Expected values in the vectors are the author's: the reference is checked against them."""

from __future__ import annotations

import pytest

from riskspec.conformance.errors import ScenarioError
from riskspec.conformance.scenario import Builder, Scenario


def _build(fn, **kw):
    return Scenario(id="classic.test.author.001", title="t", covers=("classic.fortify.path",), fn=fn,
                    **kw).build()


def _fortify_position(b):
    b.position({"alaska": (0, 5), "alberta": (0, 3), "northwest-territory": (1, 1)}, phase="fortify")


def test_a_perft_count_the_reference_disagrees_with_fails_the_build():
    def wrong(b: Builder):
        _fortify_position(b)
        b.check(perft={"depth": 1, "nodes": 15})
    with pytest.raises(ScenarioError, match="perft\\(1\\) = 16, the scenario says 15"):
        _build(wrong)


def test_a_perft_check_must_state_its_count():
    def unstated(b: Builder):
        _fortify_position(b)
        b.check(perft={"depth": 1})
    with pytest.raises(ScenarioError, match="states its leaf count"):
        _build(unstated)


def test_the_rule_a_rejection_cites_is_the_authors():
    act = {"type": "fortify", "from": "alaska", "to": "western-united-states", "armies": 1}

    def right(b: Builder):
        _fortify_position(b)
        b.reject(act, "no-path", rule="classic.fortify.path")

    def wrong(b: Builder):
        _fortify_position(b)
        b.reject(act, "no-path", rule="classic.fortify.one-move")

    def unknown(b: Builder):
        _fortify_position(b)
        b.reject(act, "no-path", rule="classic.fortify.nonsense")

    case = _build(right)
    assert case["steps"][0]["expect"]["error"] == {"code": "no-path", "rule": "classic.fortify.path"}
    with pytest.raises(ScenarioError, match="cites 'classic.fortify.path' for 'no-path', the scenario says"):
        _build(wrong)
    with pytest.raises(ScenarioError, match="does not define"):
        _build(unknown)

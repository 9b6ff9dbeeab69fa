"""Napoléon card plays: what the vectors cannot state (they match a step's events as a
subsequence, so an extra event never fails a case); see conformance/mutation-triage.yaml."""

from __future__ import annotations

from riskspec.reference import engine as E


def _case_state(case_id: str):
    from riskspec.conformance.vectors import load_cases
    from riskspec.reference.napoleon.inline import variant_on_map
    case = next(c for c in load_cases() if c.id == case_id)
    v = variant_on_map(E.get_variant(case.variant), case.map, case.missions)
    return E.from_dict(case.state, variant=v), [st["action"] for st in case.steps if "action" in st]


def test_a_placed_epidemic_is_not_reported_lost():
    """napoleon.epidemics.card-move: the relocation draw that places the moved epidemic
    reports the placement, and no 'epidemic-lost'."""
    s, actions = _case_state("napoleon.epidemics.card-move.001")
    for a in actions[:-1]:
        s, _ = E.apply(s, a)
    s, events = E.apply(s, actions[-1])
    assert [e["type"] for e in events] == ["epidemic-card-drawn", "epidemic"], events
    assert E.to_dict(s)["phase"] == "maneuver"

"""Every Napoléon rule that has a case has one on the printed Europe board, so an engine that
plays only the printed board reaches every rule it claims (issue 22)."""

from __future__ import annotations

import pytest

from riskspec.conformance.vectors import load_cases
from riskspec.loading import load_spec

#: (variant, rule) whose cases in that variant cannot run on the printed board as the
#: variant is resolved, and why; each rule has printed-board cases in the other variant
#: (none at present: every rule with cases has printed-board cases in each variant)
EXEMPT: dict[tuple[str, str], str] = {}

CASES = [c for c in load_cases() if c.variant.startswith("napoleon")]


def _printed(case) -> bool:
    return case.map is None and case.missions is None


@pytest.mark.parametrize("variant", ["napoleon-basic", "napoleon-advanced"])
def test_every_rule_with_a_case_has_a_printed_board_case(variant):
    rules = set(load_spec(strict=False).variants[variant].rules)
    mine = [c for c in CASES if c.variant == variant]
    with_case = {r for c in mine for r in c.covers if r in rules}
    printed = {r for c in mine if _printed(c) for r in c.covers if r in rules}
    exempt = {r for (v, r) in EXEMPT if v == variant}
    missing = sorted(with_case - printed - exempt)
    assert not missing, f"{variant}: rules with cases but none on the printed board: {missing}"
    # an exemption is for a rule that has cases, none printed, and printed cases elsewhere
    for r in exempt:
        assert r in with_case - printed, r
        assert any(_printed(c) and r in c.covers for c in CASES if c.variant != variant), r
    assert all(EXEMPT.values())


def test_the_printed_board_cases_are_not_a_handful_and_cover_both_variants():
    printed = [c for c in CASES if _printed(c)]
    # the shipped board's own cases (borders, deck) were 38; the rule cases add over 80
    assert len(printed) >= 38 + 80
    assert {c.variant for c in printed} == {"napoleon-basic", "napoleon-advanced"}


def test_the_check_sees_an_uncovered_rule():
    # the test above can fail: put one rule's printed cases on an inline board and it is reported
    import dataclasses
    rule = "napoleon.naval.battle-rules"
    kept = [dataclasses.replace(c, map={"id": "test-board"}) if _printed(c) and rule in c.covers
            else c for c in CASES]
    with_case = {r for c in kept for r in c.covers}
    printed = {r for c in kept if _printed(c) for r in c.covers}
    assert rule in with_case - printed

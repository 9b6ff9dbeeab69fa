"""A diff line compares like with like: a missing event is not 'expected {…}, got […]'."""

from __future__ import annotations

from riskspec.conformance.compare import events_diff, format_diff, partial_diff


def test_a_missing_event_is_reported_against_the_events_answered_not_as_object_vs_list():
    answered = [{"type": "placed", "player": 0, "territory": "alaska", "armies": 1}]
    diffs = events_diff([{"type": "conquered", "territory": "alaska"}], answered)
    assert len(diffs) == 1 and diffs[0]["path"] == "$.events[0]"
    line = format_diff(diffs)
    assert "none of the 1 events answered has it" in line, line
    assert '"conquered"' in line and '"placed"' in line
    assert ", got [" not in line


def test_matching_events_give_no_diff_and_a_field_diff_keeps_its_form():
    answered = [{"type": "placed", "player": 0, "territory": "alaska", "armies": 1}]
    assert events_diff([{"type": "placed", "armies": 1}], answered) == []
    line = format_diff(partial_diff({"armies": 3}, {"armies": 2}))
    assert line == "$.armies: expected 3, got 2"

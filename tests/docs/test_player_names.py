"""One way of naming players: every seat-valued field reads as that player (issue 26)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from riskspec.docsite import position as pos
from riskspec.validation import load_schema
from riskspec.wording import NUMBER_FIELDS, SEAT_FIELDS


def _integer_fields(schema: Any) -> set[str]:
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, sub in (node.get("properties") or {}).items():
                kind = sub.get("type") if isinstance(sub, dict) else None
                if kind == "integer" or (isinstance(kind, list) and "integer" in kind):
                    found.add(key)
            for sub in node.values():
                walk(sub)
        elif isinstance(node, list):
            for sub in node:
                walk(sub)

    walk(schema)
    return found


@pytest.mark.parametrize("name", ["event", "action", "state"])
def test_every_integer_field_is_classified_as_a_seat_or_a_number(name):
    fields = _integer_fields(load_schema(f"{name}.schema.json"))
    assert fields, name
    unclassified = fields - SEAT_FIELDS - NUMBER_FIELDS
    assert not unclassified, f"{name}: say whether these are seats or numbers: {unclassified}"
    assert not SEAT_FIELDS & NUMBER_FIELDS


STATE = {"players": [{"colour": "red"}, {"colour": "blue"}, {"colour": "grey", "neutral": True}]}


@pytest.mark.parametrize("key", sorted(SEAT_FIELDS))
def test_a_seat_field_reads_as_that_player_not_its_number(key):
    assert pos.value_text(STATE, key, 1) == "blue"
    assert pos.value_text(STATE, key, 2) == "grey (neutral)"


def test_a_count_stays_a_number_and_a_flag_stays_a_flag():
    assert pos.value_text(STATE, "armies", 1) == "1"
    assert pos.value_text(STATE, "eliminated", True) == "yes"


def test_the_shown_ransom_names_the_captor_by_colour():
    from riskspec.cli.show import show_case
    from riskspec.conformance.vectors import load_cases
    from riskspec.loading import load_spec

    case = next(c for c in load_cases() if c.id == "napoleon.leaders.ransom.001")
    text = show_case(case, load_spec(strict=False))
    ransom = next(line for line in text.splitlines() if "event ransomed" in line)
    assert "captor" in ransom and not re.search(r"captor \d", ransom), ransom


def test_a_bookkeeping_field_of_the_phase_is_told_by_its_meaning():
    assert pos.pending_label("left").startswith("cards still to draw")
    assert pos.pending_label("left").endswith("(left)")
    assert pos.pending_label("no-such-field") == "no-such-field"

"""docs/implementers.md's table of what each phase's ``pending`` holds is the one the state
schema gives (issue #22: the pending fields of each phase documented outside the schema)."""

from __future__ import annotations

import copy
from pathlib import Path

from riskspec.docsite.pending_table import BEGIN, END, _schema, pending_table, phases, render_into

DOC = Path(__file__).resolve().parents[2] / "docs" / "implementers.md"


def test_the_committed_table_is_the_schemas():
    text = DOC.read_text(encoding="utf-8")
    assert BEGIN in text and END in text
    assert render_into(text) == text, \
        "docs/implementers.md's pending table is stale: python -m riskspec.docsite.pending_table --write"


def test_every_phase_of_both_families_is_listed_with_every_field_described():
    schema = _schema()
    table = pending_table(schema)
    for family, pending_def in (("classic", "pending"), ("napoleon", "napoleon_pending")):
        listed = phases(schema, family)
        assert set(listed) == set(schema["$defs"][family]["properties"]["phase"]["enum"]), family
        fields = schema["$defs"][pending_def]["properties"]
        for phase, names in listed.items():
            assert f"| `{phase}` |" in table
            for n in names:
                assert fields[n].get("description"), f"{pending_def}.{n} has no description"
    assert "(undescribed)" not in table
    assert "| `defend` | `from`, `to`, `attacker_dice`, `chooser` |" in table


def test_a_schema_change_changes_the_table():
    schema = copy.deepcopy(_schema())
    for item in schema["$defs"]["classic"]["allOf"]:
        if item["if"]["properties"]["phase"].get("const") == "draw":
            item["then"]["properties"]["pending"]["propertyNames"]["enum"].append("to_place")
    text = DOC.read_text(encoding="utf-8")
    assert render_into(text, schema) != text
    assert "| `draw` | `left`, `to_place` |" in pending_table(schema)

"""The table of what each phase's ``pending`` object holds, generated from the state schema.

``docs/implementers.md`` carries it between :data:`BEGIN` and :data:`END`; a test checks that
the committed table is the one the schema gives, and ``python -m riskspec.docsite.pending_table
--write`` rewrites it after a schema change.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

BEGIN = "<!-- riskspec:pending-table begin (generated from schemas/state.schema.json: "\
        "python -m riskspec.docsite.pending_table --write) -->"
END = "<!-- riskspec:pending-table end -->"

#: the family's state definition and its pending definition in the schema's ``$defs``
FAMILIES = (("Classic", "classic", "pending"), ("Napoléon", "napoleon", "napoleon_pending"))


def _schema() -> dict[str, Any]:
    return json.loads(resources.files("riskspec.schemas").joinpath("state.schema.json").read_text("utf-8"))


def phases(schema: Mapping[str, Any], family: str) -> dict[str, list[str]]:
    """Phase → the ``pending`` fields it holds (in the schema's order), for one family."""
    out: dict[str, list[str]] = {}
    for item in schema["$defs"][family].get("allOf", ()):
        phase = item.get("if", {}).get("properties", {}).get("phase", {}).get("const")
        pending = item.get("then", {}).get("properties", {}).get("pending")
        if phase is None or pending is None:
            continue
        allowed = pending.get("propertyNames", {}).get("enum", [])
        out[phase] = list(allowed)
    return out


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ").strip()


def pending_table(schema: Mapping[str, Any] | None = None) -> str:
    """The Markdown tables (one per family) of every phase's ``pending`` fields and what each
    says, in the order of each family's ``phase`` enum."""
    schema = schema or _schema()
    lines: list[str] = []
    for title, family, pending_def in FAMILIES:
        fields = schema["$defs"][pending_def]["properties"]
        order = schema["$defs"][family]["properties"]["phase"]["enum"]
        table = phases(schema, family)
        lines += [f"**{title}** (`$defs/{family}`; fields in `$defs/{pending_def}`)", "",
                  "| phase | `pending` holds | what each field says |", "|---|---|---|"]
        for phase in sorted(table, key=lambda p: order.index(p) if p in order else len(order)):
            names = table[phase]
            if not names:
                lines.append(f"| `{phase}` | `{{}}` (nothing) | — |")
                continue
            says = "; ".join(f"`{n}`: {_cell(fields.get(n, {}).get('description', '(undescribed)')).rstrip('.')}"
                             for n in names) + "."
            lines.append(f"| `{phase}` | {', '.join(f'`{n}`' for n in names)} | {says} |")
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def render_into(text: str, schema: Mapping[str, Any] | None = None) -> str:
    """``text`` with the block between :data:`BEGIN` and :data:`END` replaced by the table."""
    head, sep, rest = text.partition(BEGIN)
    if not sep or END not in rest:
        raise ValueError("the pending-table markers are missing")
    _, _, tail = rest.partition(END)
    return f"{head}{BEGIN}\n\n{pending_table(schema)}\n{END}{tail}"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    doc = Path(__file__).resolve().parents[3] / "docs" / "implementers.md"
    old = doc.read_text(encoding="utf-8")
    new = render_into(old)
    if "--write" in args:
        if new != old:
            from riskspec.safeio import write_text
            write_text(doc, new, "docs/implementers.md")
        return 0
    sys.stdout.write(pending_table())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

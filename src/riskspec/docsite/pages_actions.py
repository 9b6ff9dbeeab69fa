"""The actions and events reference page, written from ``schemas/action.schema.json`` and
``schemas/event.schema.json``.

Every action (player move or chance outcome) and every event type gets its description,
its fields (type, required or not, description) and, for actions, the variants whose
conformance vectors use it, with a link to the first worked example that does.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from riskspec.docsite import md
from riskspec.docsite.examples import Example

PAGE = "actions.md"


def _load(name: str) -> Mapping[str, Any] | None:
    try:
        path = Path(str(resources.files("riskspec.schemas"))) / name
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ModuleNotFoundError, OSError, json.JSONDecodeError):
        return None
    return data if isinstance(data, dict) else None


def _branches(schema: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    for branch in schema.get("oneOf", ()):
        const = ((branch.get("properties") or {}).get("type") or {}).get("const")
        if isinstance(const, str):
            yield const, branch


def _numbered(branches: Iterator[tuple[str, Mapping[str, Any]]]
              ) -> Iterator[tuple[str, str, Mapping[str, Any]]]:
    """(type, anchor, branch): a type listed twice (Classic and Napoléon shapes) gets -2."""
    seen: dict[str, int] = {}
    for name, branch in branches:
        seen[name] = seen.get(name, 0) + 1
        yield name, f"action-{name}" + (f"-{seen[name]}" if seen[name] > 1 else ""), branch


def _type_of(prop: Mapping[str, Any]) -> str:
    if "const" in prop:
        return md.code(json.dumps(prop["const"]))
    if "enum" in prop:
        return " \\| ".join(md.code(json.dumps(x)) for x in prop["enum"])
    if "$ref" in prop:
        return md.code(str(prop["$ref"]).rsplit("/", 1)[-1])
    kind = prop.get("type")
    if kind == "array":
        items = prop.get("items") or {}
        return f"list of {_type_of(items) if isinstance(items, dict) else 'values'}"
    if isinstance(kind, list):
        return " or ".join(map(str, kind))
    if "oneOf" in prop or "anyOf" in prop:
        return " or ".join(_type_of(x) for x in prop.get("oneOf", prop.get("anyOf", ())))
    return str(kind or "any")


def _fields(branch: Mapping[str, Any]) -> str:
    required = set(branch.get("required", ()))
    rows = []
    for name, prop in (branch.get("properties") or {}).items():
        if name == "type" or not isinstance(prop, dict):
            continue
        rows.append([md.code(name), _type_of(prop), "yes" if name in required else "no",
                     md.cell(prop.get("description", ""))])
    return md.table(["Field", "Value", "Required", "Meaning"], rows) if rows \
        else "*No fields besides `type`.*"


def _users(cases: Sequence[Example]) -> dict[str, tuple[list[str], Example]]:
    """action type → (variants whose vectors use it, first case using it)."""
    out: dict[str, tuple[list[str], Example]] = {}
    for case in cases:
        for step in case.steps:
            action = step.get("action") if isinstance(step, Mapping) else None
            kind = action.get("type") if isinstance(action, Mapping) else None
            if not isinstance(kind, str):
                continue
            variants, first = out.setdefault(kind, ([], case))
            if (case.variant or "classic") not in variants:
                variants.append(case.variant or "classic")
    return out


def actions_page(cases: Sequence[Example]) -> dict[str, str]:
    actions, events = _load("action.schema.json"), _load("event.schema.json")
    if actions is None or events is None:
        return {}
    users = _users(cases)
    out = ["# Actions and events", "",
           "What an engine takes (`apply`) and what it reports back, generated from "
           f"{md.code('schemas/action.schema.json')} and {md.code('schemas/event.schema.json')}. "
           "Chance outcomes (dice, draws, deals) are applied exactly like player actions, "
           "so a game replays from its action log. The protocol is described in the "
           "implementer's guide.", "",
           md.paragraphs(actions.get("description", "")), "", "## Actions", ""]
    entries = list(_numbered(_branches(actions)))
    out += [", ".join(md.link(md.code(n), PAGE, PAGE, ident) for n, ident, _ in entries), ""]
    for name, ident, branch in entries:
        title = branch.get("title")
        label = md.code(name) + (f" — {md.cell(title)}" if title and title != name else "")
        out += [md.heading(3, label, ident), "", md.paragraphs(branch.get("description")),
                "", _fields(branch), ""]
        if name in users:
            variants, first = users[name]
            out += [f"Used by the vectors of: {', '.join(md.code(v) for v in variants)}. "
                    f"Example: {md.link(md.cell(first.title), PAGE, first.page, first.anchor)}.",
                    ""]
    out += ["## Events", "", md.paragraphs(events.get("description", "")), ""]
    for name, branch in _branches(events):
        out += [md.heading(3, md.code(name), f"event-{name}"), "",
                md.paragraphs(branch.get("description")), "", _fields(branch), ""]
    return {PAGE: "\n".join(out)}

"""Partial, field-level comparison: only the fields an expectation names are checked.

A diff is a list of ``{"path", "expected", "actual"}`` entries with JSON paths
(``$.territories.alaska.armies``), the smallest places where expected and
actual differ.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

MISSING = "<missing>"


def _path(base: str, key: Any) -> str:
    if isinstance(key, int):
        return f"{base}[{key}]"
    key = str(key)
    if key.replace("-", "").replace("_", "").isalnum():
        return f"{base}.{key}"
    return f"{base}[{json.dumps(key)}]"


def _same_scalar(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return a == b


def partial_diff(expected: Any, actual: Any, path: str = "$", limit: int = 20) -> list[dict]:
    """Where ``actual`` fails to match ``expected`` (dicts: only the keys of ``expected``)."""
    out: list[dict] = []
    _walk(expected, actual, path, out, limit)
    return out


def _walk(exp: Any, act: Any, path: str, out: list[dict], limit: int) -> None:
    if len(out) >= limit:
        return
    if isinstance(exp, Mapping):
        if not isinstance(act, Mapping):
            out.append({"path": path, "expected": exp, "actual": act})
            return
        for key, sub in exp.items():
            if key not in act:
                out.append({"path": _path(path, key), "expected": sub, "actual": MISSING})
            else:
                _walk(sub, act[key], _path(path, key), out, limit)
        return
    if isinstance(exp, Sequence) and not isinstance(exp, str):
        if not isinstance(act, Sequence) or isinstance(act, str) or len(act) != len(exp):
            out.append({"path": path, "expected": exp, "actual": act})
            return
        for i, (e, a) in enumerate(zip(exp, act)):
            _walk(e, a, _path(path, i), out, limit)
        return
    if not _same_scalar(exp, act):
        out.append({"path": path, "expected": exp, "actual": act})


def matches(expected: Any, actual: Any) -> bool:
    return not partial_diff(expected, actual, limit=1)


def events_diff(expected: Sequence[Mapping[str, Any]], actual: Sequence[Any]) -> list[dict]:
    """Each expected event (partial) must match an actual event, in order (others may come between)."""
    i = 0
    for n, want in enumerate(expected):
        while i < len(actual) and not matches(want, actual[i]):
            i += 1
        if i >= len(actual):
            return [{"path": f"$.events[{n}]", "expected": want,
                     "actual": [summarize_event(e) for e in actual], "among": True}]
        i += 1
    return []


def summarize_event(ev: Any) -> Any:
    if isinstance(ev, Mapping) and "type" in ev:
        return ev
    return ev


def action_key(action: Mapping[str, Any]) -> str:
    """A short readable key of an action, for divide printouts: ``attack dice=3 from=alaska to=alberta``."""
    parts = [str(action.get("type", "?"))]
    for k in sorted(action):
        if k == "type":
            continue
        v = action[k]
        if isinstance(v, (list, tuple)):
            v = ",".join(str(x) for x in v)
        elif isinstance(v, Mapping):
            v = json.dumps(v, sort_keys=True, separators=(",", ":"))
        parts.append(f"{k}={v}")
    return " ".join(parts)


def set_diff(expected: Sequence[Mapping[str, Any]], actual: Sequence[Mapping[str, Any]]) -> dict:
    """Missing and extra actions (by key), for a 'divide' printout."""
    e = {action_key(a) for a in expected}
    a = {action_key(x) for x in actual}
    return {"missing": sorted(e - a), "extra": sorted(a - e)}


def format_diff(diffs: Sequence[Mapping[str, Any]]) -> str:
    """Diff lines for humans: ``$.territories.alaska.armies: expected 3, got 2``."""
    lines = []
    for d in diffs:
        if "divide" in d:
            lines.append(f"{d['path']}: expected {d['expected']}, got {d['actual']}")
            for row in d["divide"]:
                lines.append("    " + row)
            continue
        exp = json.dumps(d.get("expected"), sort_keys=True)
        act = d.get("actual")
        act = act if act == MISSING else json.dumps(act, sort_keys=True)
        if len(exp) > 300:
            exp = exp[:300] + " …"
        if isinstance(act, str) and len(act) > 300:
            act = act[:300] + " …"
        if d.get("among"):  # one expected event against every event of the answer
            answered = d.get("actual")
            n = len(answered) if isinstance(answered, list) else 0
            lines.append(f"{d['path']}: expected an event with {exp} (after the ones matched "
                         f"before it); none of the {n} events answered has it: {act}")
            continue
        lines.append(f"{d['path']}: expected {exp}, got {act}")
    return "\n".join(lines)

"""Sparse vector files (``riskspec/vectors@2``): shared maps and default states, positions.

A vector file names a *shared* file (``"shared": "../shared.json"``, a path relative to
the vector file, format ``riskspec/vector-shared@1``) holding, once for the whole suite,

- ``maps``: inline maps (``riskspec/map@1``) by ID — a case's ``"map": "<id>"`` names one;
- ``missions``: inline mission decks (``riskspec/missions@1``) by ID — ``"missions": "<id>"``;
- ``defaults``: default states (``riskspec/state@1``) by ID.

A case's start is a ``position``: ``{"default": "<id>", …}`` — the default state it starts
from and only what differs from it.  :func:`expand_position` is the whole rule (any engine
can apply it; ``docs/formats.md`` states it in words):

1. start from a copy of the named default state;
2. for every other member of the position: when the position's value and the current value
   are both objects, merge them member by member by this same rule; when the current value
   is an array and the position's value an object, the object's members name array indices
   (``"0"``, ``"1"``, …) and each is merged into that element by this same rule; otherwise
   the position's value replaces the current value.

Nothing is ever deleted: a default state holds every field of the family's state.
:func:`compute_position` is the inverse the exporter uses (and checks).
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from riskspec.conformance.errors import VectorError

FORMAT = "riskspec/vectors@2"
FORMAT_V1 = "riskspec/vectors@1"
SHARED_FORMAT = "riskspec/vector-shared@1"
SHARED_FILE = "shared.json"


def copy_json(value: Any) -> Any:
    """A deep copy of a JSON value (objects, arrays, scalars); anything else is deep-copied
    by :func:`copy.deepcopy`.  About five times faster than ``deepcopy`` on states."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    if value is None or isinstance(value, (str, int, float)):
        return value
    return copy.deepcopy(value)


def merge(current: Any, patch: Any) -> Any:
    """``current`` with ``patch`` applied by the position rule (neither argument is changed;
    every part of the answer is a fresh copy, each part of ``current`` copied once)."""
    if isinstance(patch, Mapping) and isinstance(current, Mapping):
        out = dict(current)
        touched = set()
        for key, value in patch.items():
            out[key] = merge(out[key], value) if key in out else copy_json(value)
            touched.add(key)
        return {k: (v if k in touched else copy_json(v)) for k, v in out.items()}
    if isinstance(patch, Mapping) and isinstance(current, list):
        out_l = list(current)
        done: set[int] = set()
        for key, value in patch.items():
            if not (key.isdigit() and int(key) < len(out_l)):
                raise VectorError(f"position: {key!r} is not an index of a {len(out_l)}-element array")
            out_l[int(key)] = merge(out_l[int(key)], value)
            done.add(int(key))
        return [v if i in done else copy_json(v) for i, v in enumerate(out_l)]
    return copy_json(patch)


def expand_position(defaults: Mapping[str, Any], position: Mapping[str, Any]) -> dict[str, Any]:
    """The full state a position stands for."""
    name = str(position.get("default"))
    if name not in defaults:
        raise VectorError(f"position names default state {name!r}, which the shared file lacks "
                          f"(it has: {', '.join(sorted(defaults)) or 'none'})")
    patch = {k: v for k, v in position.items() if k != "default"}
    return merge(defaults[name], patch)


def _diff(base: Any, new: Any) -> Any:
    if isinstance(base, dict) and isinstance(new, dict) and set(base) <= set(new):
        return {k: (_diff(base[k], v) if k in base else v) for k, v in new.items()
                if k not in base or base[k] != v}
    if (isinstance(base, list) and isinstance(new, list) and len(base) == len(new) and base
            and all(isinstance(x, dict) for x in base + new)):
        return {str(i): _diff(b, n) for i, (b, n) in enumerate(zip(base, new)) if b != n}
    return new


def compute_position(default_id: str, default: Mapping[str, Any], state: Mapping[str, Any]) -> dict[str, Any]:
    """The smallest position (by the rule above) that expands to ``state``; checked."""
    pos = {"default": default_id, **_diff(dict(default), dict(state))}
    if expand_position({default_id: default}, pos) != state:
        raise VectorError(f"state cannot be written as a position over {default_id!r}")
    return pos


def content_id(prefix: str, obj: Any) -> str:
    """A stable ID for a shared object: ``<prefix>.<8 hex digits of its canonical JSON's sha256>``."""
    digest = hashlib.sha256(json.dumps(obj, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
    return f"{prefix}.{digest[:8]}"


# -- reading files ----------------------------------------------------------------------------
_SHARED_CACHE: dict[tuple[str, float], dict[str, Any]] = {}


def load_shared(path: Path) -> dict[str, Any]:
    """The shared file at ``path`` (schema-checked, cached by path and mtime)."""
    from riskspec.conformance.protocol import schema_errors
    try:
        key = (str(path.resolve()), path.stat().st_mtime)
    except OSError as exc:
        raise VectorError(f"{path}: cannot read the shared vector file: {exc}") from exc
    if key not in _SHARED_CACHE:
        from riskspec.safeio import MAX_READ_BYTES, read_text
        text = read_text(path, "shared vector file", limit=MAX_READ_BYTES, error=VectorError)
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise VectorError(f"{path}: cannot read the shared vector file: {exc}") from exc
        problems = schema_errors("vectors.schema.json", data, limit=5)
        if problems or data.get("format") != SHARED_FORMAT:
            raise VectorError(f"{path}: not a valid {SHARED_FORMAT} file: "
                              + ("; ".join(problems) or f"format {data.get('format')!r}"))
        _SHARED_CACHE[key] = data
    return _SHARED_CACHE[key]


def expand_case(case: Mapping[str, Any], shared: Mapping[str, Any], where: str = "") -> dict[str, Any]:
    """A sparse case with its map, missions and start state written out (the ``@1`` shape)."""
    out = dict(case)
    for key in ("map", "missions"):
        ref = out.get(key)
        if isinstance(ref, str):
            table = shared.get(key + ("s" if key == "map" else ""), {})
            if ref not in table:
                raise VectorError(f"{where}{case.get('id')}: {key} {ref!r} is not in the shared file")
            out[key] = copy_json(table[ref])
    if "position" in out:
        try:
            out["state"] = expand_position(shared.get("defaults", {}), out.pop("position"))
        except VectorError as exc:
            raise VectorError(f"{where}{case.get('id')}: {exc}") from exc
    return out


def expand_document(data: Mapping[str, Any], path: Path | None = None) -> dict[str, Any]:
    """A ``riskspec/vectors@2`` document with every case expanded (its shared file read from
    beside ``path``); ``@1`` documents come back unchanged."""
    if data.get("format") != FORMAT:
        return dict(data)
    rel = data.get("shared")
    shared: Mapping[str, Any] = {}
    if rel is not None:
        if path is None:
            raise VectorError("a vector document naming a shared file needs its own path")
        shared = load_shared(path.parent / rel)
    where = f"{path}: " if path else ""
    return {**data, "cases": [expand_case(c, shared, where) for c in data.get("cases", [])]}


# -- writing files ----------------------------------------------------------------------------
def dumps(doc: Any, width: int = 100, pack: int = 60) -> str:
    """Stable, readable JSON: a value goes on one line when it fits in ``width`` columns;
    a long object or array whose members are all short (``pack`` columns) fills its lines; an
    object whose members each fit on a line — or any object nested two levels deep (a step,
    its expectations) — puts one member a line, its braces hugging them."""
    def emit(v: Any, indent: int, lead: int) -> str:
        flat = json.dumps(v, ensure_ascii=False)
        if lead + len(flat) <= width or not isinstance(v, (dict, list)) or not v:
            return flat
        pad = " " * (indent + 1)
        is_dict = isinstance(v, dict)
        values = list(v.values()) if isinstance(v, dict) else list(v)
        if is_dict:
            heads = [f"{json.dumps(k, ensure_ascii=False)}: " for k in v]
            items = [h + json.dumps(x, ensure_ascii=False) for h, x in zip(heads, values)]
        else:
            items = [json.dumps(x, ensure_ascii=False) for x in v]
        if all(len(i) <= pack for i in items):
            lines, line = [], ""
            for i in items:
                if line and len(pad) + len(line) + len(i) + 2 > width:
                    lines.append(line + ",")
                    line = ""
                line = f"{line}, {i}" if line else i
            lines.append(line)
            body = "\n".join(pad + ln for ln in lines)
        else:
            if is_dict and lead + 1 + len(items[0]) <= width \
                    and all(len(pad) + len(i) + 1 <= width for i in items[1:]):
                # every member fits on a line: one member a line, the braces hugging them
                return "{" + (",\n" + pad).join(items) + "}"
            if is_dict and indent >= 2:  # a nested object (a step, its expectations): hugged too
                rows = [h + emit(x, indent + 1, (lead + 1 if n == 0 else len(pad)) + len(h))
                        for n, (h, x) in enumerate(zip(heads, values))]
                return "{" + (",\n" + pad).join(rows) + "}"
            if is_dict:
                rows = [pad + h + emit(x, indent + 1, len(pad) + len(h)) for h, x in zip(heads, values)]
            else:
                rows = [pad + emit(x, indent + 1, len(pad)) for x in v]
            body = ",\n".join(rows)
        return ("{" if is_dict else "[") + "\n" + body + "\n" + " " * indent + ("}" if is_dict else "]")
    return emit(doc, 0, 0) + "\n"

"""Export the Python scenarios as vector files: ``riskspec vectors export`` / ``python -m riskspec.conformance.export``.

Every scenario is run against the reference engine (a disagreement stops the
export); the cases are written to ``conformance/vectors/<variant>/<section>.json``
(sorted by ID, stable formatting), so the committed files can be compared with
a fresh export (``--check``).
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from riskspec.conformance.errors import ScenarioError, UsageError, VectorError
from riskspec.conformance.protocol import schema_errors
from riskspec.conformance.sparse import (
    FORMAT,
    SHARED_FILE,
    SHARED_FORMAT,
    compute_position,
    content_id,
    dumps,
)
from riskspec.conformance.vectors import SCHEMA

GENERATED_BY = "riskspec vectors export (from riskspec.conformance.cases_*)"


def source_vectors_dir() -> Path:
    return Path(__file__).resolve().parent / "vectors"


def build_files(only: str | None = None) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """{relative path: file text} of every exported file (the vector files and the shared
    file), and the pending scenarios (id, reason)."""
    from riskspec.conformance.scenario import load_all
    by_file: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    pending: list[tuple[str, str]] = []
    shared: dict[str, dict[str, Any]] = {"maps": {}, "missions": {}, "defaults": {}}
    for sid, sc in sorted(load_all().items()):
        if only and not sid.startswith(only):
            continue
        if sc.pending:
            pending.append((sid, sc.pending))
            continue
        by_file[(sc.variant, sc.section)].append(sparse_case(sc, sc.build(), shared))
    shared_doc = {"format": SHARED_FORMAT, "generated_by": GENERATED_BY,
                  **{k: dict(sorted(v.items())) for k, v in shared.items()}}
    problems = schema_errors(SCHEMA, shared_doc)
    if problems:
        raise ScenarioError(f"exported {SHARED_FILE} breaks the schema: {'; '.join(problems)}")
    files: dict[str, str] = {SHARED_FILE: dumps(shared_doc)}
    for (variant, section), cases in sorted(by_file.items()):
        doc = {"format": FORMAT, "variant": variant, "section": section, "generated_by": GENERATED_BY,
               "shared": f"../{SHARED_FILE}", "cases": sorted(cases, key=lambda c: c["id"])}
        problems = schema_errors(SCHEMA, doc)
        if problems:
            raise ScenarioError(f"exported {variant}/{section}.json breaks the schema: {'; '.join(problems)}")
        files[f"{variant}/{section}.json"] = dumps(doc)
    return files, pending


def sparse_case(sc: Any, case: dict[str, Any], shared: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """``case`` (as a scenario builds it: map, missions and start state written out) with its map
    and missions moved to ``shared`` and its start state written as a position over a default."""
    from riskspec.conformance.scenario import default_state
    out: dict[str, Any] = {}
    refs: dict[str, str] = {}
    for key, table, prefix in (("map", "maps", None), ("missions", "missions", "missions")):
        if key in case:
            obj = case[key]
            ref = content_id(prefix or str(obj.get("id", "map")), obj)
            if shared[table].setdefault(ref, obj) != obj:  # pragma: no cover - sha256 collision
                raise ScenarioError(f"{sc.id}: shared {key} ID {ref} collides")
            refs[key] = ref
    for key, value in case.items():
        if key in refs:
            out[key] = refs[key]
        elif key == "state":
            bg = ([f"held-by-{'nobody' if sc.background[0] is None else sc.background[0]}"
                   f"x{sc.background[1]}"] if sc.background else [])
            did = "-".join([sc.variant, f"{sc.players}p", *refs.values(), *bg])
            if did not in shared["defaults"]:
                shared["defaults"][did] = default_state(sc)
            try:
                out["position"] = compute_position(did, shared["defaults"][did], value)
            except VectorError as exc:
                raise ScenarioError(f"{sc.id}: {exc}") from exc
        else:
            out[key] = value
    return out


def export(out: Path, *, check: bool = False) -> tuple[list[str], list[tuple[str, str]]]:
    """Write (or, with ``check``, compare) the files. Returns (differing/written paths, pending)."""
    from riskspec.safeio import ensure_output_dir, read_text, refuse_special, write_text
    if not check:  # the folder named (and its variant folders): never links, never files
        ensure_output_dir(out, "--out", error=UsageError)
    elif out.exists() and not out.is_dir():
        raise UsageError(f"--out {out}: not a folder")
    files, pending = build_files()
    changed = []
    existing = {str(p.relative_to(out)) for p in out.rglob("*.json")} if out.exists() else set()
    for rel, text in files.items():
        path = out / rel
        old = read_text(path, "vector file", error=UsageError) \
            if refuse_special(path, "vector file", error=UsageError) else None
        if old != text:
            changed.append(rel)
            if not check:
                ensure_output_dir(path.parent, "--out", error=UsageError)
                write_text(path, text, "vector file", error=UsageError)
    for rel in sorted(existing - set(files)):
        changed.append(rel + " (stale)")
        if not check:
            (out / rel).unlink()
    return changed, pending


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m riskspec.conformance.export",
                                 description="Export the conformance scenarios as vector files.")
    ap.add_argument("--out", type=Path, default=source_vectors_dir())
    ap.add_argument("--check", action="store_true", help="only compare; exit 1 if files differ")
    args = ap.parse_args(argv)
    return run(args.out, args.check)


def run(out: Path, check: bool) -> int:
    changed, pending = export(out, check=check)
    for sid, why in pending:
        print(f"pending (not exported): {sid}: {why}", file=sys.stderr)
    if check:
        if changed:
            print("vector files differ from the scenarios: " + ", ".join(changed), file=sys.stderr)
            print("run `riskspec vectors export` and commit the result", file=sys.stderr)
            return 1
        print(f"vectors up to date in {out}")
        return 0
    print(f"{len(changed)} file(s) written in {out}" if changed else f"vectors already up to date in {out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

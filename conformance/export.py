"""Export the Python scenarios as vector files: ``riskspec vectors export`` / ``python -m riskspec.conformance.export``.

Every scenario is run against the reference engine (a disagreement stops the
export); the cases are written to ``conformance/vectors/<variant>/<section>.json``
(sorted by ID, stable formatting), so the committed files can be compared with
a fresh export (``--check``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from riskspec.conformance.errors import ScenarioError
from riskspec.conformance.protocol import schema_errors
from riskspec.conformance.vectors import FORMAT, SCHEMA

GENERATED_BY = "riskspec vectors export (from riskspec.conformance.cases_*)"


def source_vectors_dir() -> Path:
    return Path(__file__).resolve().parent / "vectors"


def build_files(only: str | None = None) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """{relative path: file text} of every exported file, and the pending scenarios (id, reason)."""
    from riskspec.conformance.scenario import load_all
    by_file: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    pending: list[tuple[str, str]] = []
    for sid, sc in sorted(load_all().items()):
        if only and not sid.startswith(only):
            continue
        if sc.pending:
            pending.append((sid, sc.pending))
            continue
        case = sc.build()
        by_file[(sc.variant, sc.section)].append(case)
    files: dict[str, str] = {}
    for (variant, section), cases in sorted(by_file.items()):
        doc = {"format": FORMAT, "variant": variant, "section": section, "generated_by": GENERATED_BY,
               "cases": sorted(cases, key=lambda c: c["id"])}
        problems = schema_errors(SCHEMA, doc)
        if problems:
            raise ScenarioError(f"exported {variant}/{section}.json breaks the schema: {'; '.join(problems)}")
        files[f"{variant}/{section}.json"] = dumps(doc)
    return files, pending


def dumps(doc: Any) -> str:
    """Stable text: one case per block, states on single lines (diffs stay readable)."""
    return json.dumps(doc, indent=1, ensure_ascii=False, sort_keys=False) + "\n"


def export(out: Path, *, check: bool = False) -> tuple[list[str], list[tuple[str, str]]]:
    """Write (or, with ``check``, compare) the files. Returns (differing/written paths, pending)."""
    files, pending = build_files()
    changed = []
    existing = {str(p.relative_to(out)) for p in out.rglob("*.json")} if out.exists() else set()
    for rel, text in files.items():
        path = out / rel
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            changed.append(rel)
            if not check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
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

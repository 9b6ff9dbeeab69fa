"""Write ``conformance/mutation-triage.yaml`` from campaign reports, keeping verdicts already made.

``python -m riskspec.conformance.mutation_triage REPORT.json [REPORT.json …]``: every mutant a
report did not kill gets an entry; an entry already in the file keeps its verdict and reason,
a mutant killed since is marked ``killed`` (by the case that kills it now), a new survivor is
``open`` until someone triages it (as ``equivalent``, with why, or by adding a case).  Entries of
mutants no given report ran (the other family's, or mutants outside a ``--sample``) are kept.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml

from riskspec.conformance.errors import TriageFileError
from riskspec.conformance.mutation import TRIAGE_FILE, load_measured, load_triage, measured_in

TRIAGE = TRIAGE_FILE
HEADER = """\
# Surviving mutants of the reference engine's rule modules (riskspec.conformance.mutation),
# one entry each: verdict equivalent (cannot change any behaviour the spec allows: why),
# killed (a case added since kills it: case), outside (code no vector can reach by design,
# tested elsewhere: where), or open (not triaged yet). Regenerate the list with
#   python -m riskspec.conformance.mutation --family classic --out c.json
#   python -m riskspec.conformance.mutation_triage c.json n.json
# and, after editing a rule module, drop the entries of changed code with
#   python -m riskspec.conformance.mutation_triage --prune
# Every entry survived the campaign that first ran its mutant (first run: survived) but for a
# few an inline case killed before it moved onto the printed board (first run: killed); `measured` lists
# module:kind of each module and operator kind a whole campaign has run (the suite-power
# figures of python -m riskspec.conformance.mutation --summary are stated for those only).
"""


def _source(mutant_id: str) -> str:
    """The mutated line's text (part of the ID: ``module:function:op:text[ #nth]``)."""
    return mutant_id.split(":", 3)[3]


def merge(reports: list[dict[str, Any]], old: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    entries: dict[str, dict[str, Any]] = {}
    for rep in reports:
        for r in rep["results"]:
            mid = r["id"]
            if r["status"] == "killed":
                verdict = old[mid]["verdict"] if mid in old else None
                if verdict == "open":
                    entries[mid] = {**old[mid], "verdict": "killed", "case": r["by"],
                                    "why": f"killed by {r['by']} in a later campaign (new cases, or coverage from both families' cases)"}
                elif verdict in ("equivalent", "outside"):
                    # a case reaches it now: the verdict was wrong (equivalent) or is out of date
                    print(f"note: {mid} was judged {verdict} and is killed by {r['by']}", file=sys.stderr)
                    entries[mid] = {**old[mid], "verdict": "killed", "case": r["by"],
                                    "why": f"killed by {r['by']} (judged {verdict} before: {old[mid]['why']})"}
                elif mid in old:
                    entries[mid] = old[mid]
                continue
            if r["status"] == "skipped":
                continue
            entries[mid] = old.get(mid) or {
                "mutant": mid, "verdict": "open", "first_run": "survived",
                "why": f"not triaged yet ({r['status']}, {r['cases']} covering cases): {_source(mid)}"}
    # entries of mutants no report ran (the other family's, or outside a sample) stay as they are
    reported = {r["id"] for rep in reports for r in rep["results"]}
    entries.update({mid: e for mid, e in old.items() if mid not in reported})
    return sorted(entries.values(), key=lambda e: e["mutant"])


def prune(old: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries whose mutant still exists in the current source (an edited function's
    mutants change; their survivors come back as open on the next campaign)."""
    from riskspec.conformance.mutation import MODULES, mutants_of
    known = {m.id for mods in MODULES.values() for mod in mods for m in mutants_of(mod)}
    gone = sorted(set(old) - known)
    if gone:
        print(f"dropped {len(gone)} entries of changed code: {', '.join(gone)}")
    return [e for mid, e in sorted(old.items()) if mid in known]


def main(argv: list[str] | None = None) -> int:
    args = list(argv if argv is not None else sys.argv[1:])
    if not args or args[0] in ("-h", "--help"):
        print("usage: python -m riskspec.conformance.mutation_triage REPORT.json [...]\n"
              "       python -m riskspec.conformance.mutation_triage --prune\n"
              "merge campaign reports into conformance/mutation-triage.yaml, or drop the "
              "entries whose mutant the current source no longer has")
        return 0 if args else 2
    try:  # a missing file is an error, never "nothing triaged yet" (verdicts would be lost)
        old: dict[str, dict[str, Any]] = dict(load_triage(TRIAGE))
    except TriageFileError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    measured = load_measured(TRIAGE)
    if args == ["--prune"]:
        survivors = prune(old)
    else:
        reports = [json.loads(Path(p).read_text(encoding="utf-8")) for p in args]
        survivors = merge(reports, old)
        measured |= measured_in(reports)
    text = HEADER + yaml.safe_dump({"measured": sorted(measured), "survivors": survivors},
                                   sort_keys=False, allow_unicode=True, width=100)
    TRIAGE.write_text(text, encoding="utf-8")
    counts: dict[str, int] = {}
    for e in survivors:
        counts[e["verdict"]] = counts.get(e["verdict"], 0) + 1
    print(f"{TRIAGE}: {len(survivors)} entries {counts}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""Conformance reports: JSON, Markdown, JUnit XML and a JSON Lines journal.

:class:`ReportWriter` receives each case result as it ends, appends it to the
journal and rewrites every report atomically (write, then rename), so a run
killed half-way still leaves valid, partial reports marked ``"complete": false``.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import threading
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from riskspec.conformance.runner import BAD, OUTCOMES, CaseResult

FORMAT = "riskspec/report@1"


def spec_rules(variants: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Rule ID → {title, testable, section, variant} for the given variants (empty if the spec can't load)."""
    try:
        from riskspec.conformance.specload import spec as cached_spec
        spec = cached_spec()
    except Exception:
        return {}
    out: dict[str, dict[str, Any]] = {}
    for vid in variants:
        variant = spec.variants.get(vid)
        if variant is None:
            continue
        for rid, rule in variant.rules.items():
            out[rid] = {"title": rule.title, "testable": rule.testable, "section": rule.section,
                        "variant": vid}
    return out


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


def _rule_status(outcomes: Sequence[str]) -> str:
    run = [o for o in outcomes if o != "skip"]
    if not outcomes:
        return "no-vector"
    if not run:
        return "not-claimed"
    if any(o in BAD for o in run):
        return "fail"
    if any(o == "xfail" for o in run):
        return "xfail"
    return "pass"


def build_report(results: Sequence[CaseResult], meta: Mapping[str, Any], *, complete: bool,
                 rules: Mapping[str, Mapping[str, Any]] | None = None,
                 planned: int | None = None) -> dict[str, Any]:
    rules = rules or {}
    totals = Counter(r.outcome for r in results)
    by_section: dict[str, Counter] = defaultdict(Counter)
    by_variant: dict[str, Counter] = defaultdict(Counter)
    per_rule: dict[str, list[str]] = defaultdict(list)
    for r in results:
        by_section[f"{r.variant}.{r.section}"][r.outcome] += 1
        by_variant[r.variant][r.outcome] += 1
        for rule in r.covers:
            per_rule[rule].append(r.outcome)
    by_rule: dict[str, dict[str, Any]] = {}
    for rid in sorted(set(per_rule) | set(rules)):
        info = rules.get(rid, {})
        outs = per_rule.get(rid, [])
        status = _rule_status(outs)
        if status == "no-vector" and info and not info.get("testable", True):
            status = "untestable"
        entry: dict[str, Any] = {"status": status, "cases": len(outs)}
        entry.update({o: n for o, n in Counter(outs).items()})
        if info:
            entry["testable"] = info.get("testable", True)
        by_rule[rid] = entry
    no_vector = sorted(rid for rid, info in rules.items()
                       if info.get("testable", True) and rid not in per_rule)
    failures = [r.to_json() for r in results if r.outcome in BAD]
    report = {
        "format": FORMAT,
        "complete": complete,
        **dict(meta),
        "updated": _now(),
        "planned": planned if planned is not None else len(results),
        "totals": {o: totals.get(o, 0) for o in OUTCOMES} | {"run": len(results)},
        "by_variant": {k: dict(v) for k, v in sorted(by_variant.items())},
        "by_section": {k: dict(v) for k, v in sorted(by_section.items())},
        "by_rule": by_rule,
        "rules_not_claimed": sorted(r for r, e in by_rule.items() if e["status"] == "not-claimed"),
        "rules_without_vectors": no_vector,
        "failures": failures,
        "results": [r.to_json() for r in results],
    }
    return report


def _table(rows: dict[str, Mapping[str, int]], first: str) -> list[str]:
    cols = [o for o in OUTCOMES if any(v.get(o) for v in rows.values())] or ["pass"]
    out = [f"| {first} | " + " | ".join(cols) + " |", "|---|" + "---|" * len(cols)]
    for k, v in rows.items():
        out.append(f"| {k} | " + " | ".join(str(v.get(c, 0)) for c in cols) + " |")
    return out


def print_summary(rep: Mapping[str, Any], out: IO[str]) -> None:
    """A compact per-variant and per-section table for the terminal, then the suite's gaps."""
    width = max((len(k) for k in rep["by_section"]), default=8) + 2
    for title, rows in (("variant", rep["by_variant"]), ("section", rep["by_section"])):
        if not rows:
            continue
        out.write(f"{'by ' + title:<{width}}" + "  ".join(f"{o:>7}" for o in OUTCOMES) + "\n")
        for key, counts in rows.items():
            out.write(f"{key:<{width}}" + "  ".join(f"{counts.get(o, 0) or '.':>7}" for o in OUTCOMES)
                      + "\n")
        out.write("\n")
    gaps = rep.get("rules_without_vectors") or []
    if gaps:
        out.write(f"{len(gaps)} testable rule(s) have no vector: {', '.join(gaps[:8])}"
                  f"{' …' if len(gaps) > 8 else ''}\n")


def render_markdown(rep: Mapping[str, Any]) -> str:
    eng = rep.get("engine") or {}
    t = rep["totals"]
    lines = [f"# riskspec conformance report{'' if rep['complete'] else ' (PARTIAL: run not finished)'}", ""]
    lines.append(f"- Engine: **{eng.get('name', '?')} {eng.get('version', '')}** (`{rep.get('command', '')}`)")
    lines.append(f"- Protocol: {rep.get('protocol', '?')}; started {rep.get('started', '?')}, "
                 f"updated {rep['updated']}")
    lines.append(f"- Cases: {t['run']} of {rep['planned']} run — " +
                 ", ".join(f"{t[o]} {o}" for o in OUTCOMES if t.get(o)))
    verdict = "CONFORMS (for what it claims)" if not any(t.get(o) for o in BAD) else "DOES NOT CONFORM"
    lines += [f"- Verdict: **{verdict}**", ""]
    lines += ["## By variant", ""] + _table(rep["by_variant"], "variant") + [""]
    lines += ["## By rule section", ""] + _table(rep["by_section"], "section") + [""]
    bad_rules = [(r, e) for r, e in rep["by_rule"].items() if e["status"] == "fail"]
    if bad_rules:
        lines += ["## Rules broken", ""] + [f"- `{r}` ({e.get('fail', 0)} fail, {e.get('error', 0)} error, "
                                              f"{e.get('timeout', 0)} timeout)" for r, e in bad_rules] + [""]
    if rep["failures"]:
        lines += ["## Failures", ""]
        for f in rep["failures"]:
            lines.append(f"### {f['outcome'].upper()} `{f['case']}` — {f.get('title', '')}")
            lines.append("")
            lines.append(f"Covers: {', '.join('`' + c + '`' for c in f.get('covers', []))}")
            lines.append("")
            lines += ["```", f.get("message", "").rstrip(), "```", ""]
            if f.get("stderr"):
                lines += ["engine stderr (tail):", "```", f["stderr"][-2000:], "```", ""]
    xp = [r for r in rep["results"] if r["outcome"] == "xpass"]
    if xp:
        lines += ["## Unexpected passes (remove them from the expectations file)", ""]
        lines += [f"- `{r['case']}`: {r.get('reason', '')}" for r in xp] + [""]
    xf = [r for r in rep["results"] if r["outcome"] == "xfail"]
    if xf:
        lines += ["## Known failures (xfail)", ""] + [f"- `{r['case']}`: {r.get('reason', '')}" for r in xf] + [""]
    if rep["rules_not_claimed"]:
        lines += ["## Rules not claimed by the engine", ""]
        lines += [", ".join(f"`{r}`" for r in rep["rules_not_claimed"]), ""]
    if rep["rules_without_vectors"]:
        lines += ["## Testable rules with no vector (suite gap)", ""]
        lines += [", ".join(f"`{r}`" for r in rep["rules_without_vectors"]), ""]
    lines += ["## Rules", "", "| rule | status | cases |", "|---|---|---|"]
    for r, e in rep["by_rule"].items():
        lines.append(f"| `{r}` | {e['status']} | {e['cases']} |")
    return "\n".join(lines) + "\n"


def render_junit(rep: Mapping[str, Any]) -> str:
    suites = ET.Element("testsuites", name="riskspec conformance",
                        tests=str(len(rep["results"])))
    by_sec: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for r in rep["results"]:
        by_sec[f"{r['variant']}.{r['section']}"].append(r)
    for sec, rs in sorted(by_sec.items()):
        c = Counter(r["outcome"] for r in rs)
        suite = ET.SubElement(suites, "testsuite", name=sec, tests=str(len(rs)),
                              failures=str(c["fail"] + c["xpass"]), errors=str(c["error"] + c["timeout"]),
                              skipped=str(c["skip"] + c["xfail"]))
        for r in rs:
            tc = ET.SubElement(suite, "testcase", classname=f"riskspec.{sec}", name=r["case"],
                               time=f"{r.get('duration', 0):.3f}")
            msg = r.get("message", "")
            head = msg.splitlines()[0] if msg else r["outcome"]
            if r["outcome"] == "fail":
                ET.SubElement(tc, "failure", message=head, type="nonconformance").text = \
                    f"covers: {', '.join(r.get('covers', []))}\n{msg}"
            elif r["outcome"] == "xpass":
                ET.SubElement(tc, "failure", message=head, type="xpass").text = msg
            elif r["outcome"] in ("error", "timeout"):
                ET.SubElement(tc, "error", message=head, type=r.get("fault") or r["outcome"]).text = \
                    msg + ("\n--- stderr ---\n" + r["stderr"] if r.get("stderr") else "")
            elif r["outcome"] in ("skip", "xfail"):
                ET.SubElement(tc, "skipped", message=head)
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"


def atomic_write(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


class ReportWriter:
    """Collects results and keeps every requested report file valid after each one."""

    def __init__(self, *, reports: Sequence[Path] = (), junit: Path | None = None,
                 journal: Path | None = None, meta: Mapping[str, Any] | None = None,
                 rules: Mapping[str, Mapping[str, Any]] | None = None, planned: int = 0) -> None:
        self.reports: list[Path] = list(reports)
        self.junit = junit
        self.journal = journal
        self.meta = dict(meta or {})
        self.meta.setdefault("started", _now())
        self.rules = rules or {}
        self.planned = planned
        self.results: list[CaseResult] = []
        self._lock = threading.Lock()
        for p in [*self.reports, junit, journal]:
            if p is not None:
                p.parent.mkdir(parents=True, exist_ok=True)
        if journal is not None:
            journal.write_text(json.dumps({"format": "riskspec/results@1", **self.meta}) + "\n",
                               encoding="utf-8")
        self._flush(complete=False)

    def add(self, res: CaseResult) -> None:
        with self._lock:
            self.results.append(res)
            if self.journal is not None:
                with open(self.journal, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps(res.to_json(), ensure_ascii=False) + "\n")
                    fh.flush()
            self._flush(complete=False)

    def report(self, complete: bool) -> dict[str, Any]:
        return build_report(self.results, self.meta, complete=complete, rules=self.rules,
                            planned=self.planned)

    def _flush(self, complete: bool) -> None:
        if not self.reports and self.junit is None:
            return
        rep = self.report(complete)
        for p in self.reports:
            if p.suffix == ".md":
                atomic_write(p, render_markdown(rep))
            else:
                atomic_write(p, json.dumps(rep, indent=1, ensure_ascii=False) + "\n")
        if self.junit is not None:
            atomic_write(self.junit, render_junit(rep))

    def close(self, *, order: Sequence[str] | None = None, **meta: Any) -> dict[str, Any]:
        with self._lock:
            self.meta.update(meta)
            if order is not None:
                idx = {c: i for i, c in enumerate(order)}
                self.results.sort(key=lambda r: idx.get(r.case, 0))
            self.meta["finished"] = _now()
            self._flush(complete=True)
            return self.report(True)


def summary_line(rep: Mapping[str, Any]) -> str:
    t = rep["totals"]
    return ", ".join(f"{t[o]} {'passed' if o == 'pass' else o}" for o in OUTCOMES if t.get(o)) or "no cases"


def print_failures(rep: Mapping[str, Any], stream: Any, limit: int = 50) -> None:
    for f in rep["failures"][:limit]:
        stream.write(f"\n{f['outcome'].upper()} {f['case']}  [covers {', '.join(f.get('covers', []))}]\n")
        stream.write(f"  {f.get('title', '')}\n")
        for line in (f.get("message") or "").splitlines():
            stream.write(f"  {line}\n")
    if len(rep["failures"]) > limit:
        stream.write(f"\n… and {len(rep['failures']) - limit} more failures (see the report)\n")

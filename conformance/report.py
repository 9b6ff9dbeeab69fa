"""Conformance reports: JSON, Markdown, JUnit XML and a JSON Lines journal.

:class:`ReportWriter` receives each case result as it ends, appends it to the
journal and rewrites every report atomically (write, then rename), so a run
killed half-way still leaves valid, partial reports marked ``"complete": false``.
"""

from __future__ import annotations

import datetime as _dt
import json
import re
import threading
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from riskspec import safeio
from riskspec.conformance.attribution import failure_lines
from riskspec.conformance.errors import ReportPathError
from riskspec.conformance.runner import BAD, OUTCOMES, CaseResult
from riskspec.conformance.untrusted import clean_json, clean_text, markdown_inline

FORMAT = "riskspec/report@1"


def spec_rules(variants: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Rule ID → {title, testable, section, variant, variants} for the given variants (empty if the spec can't load)."""
    try:
        from riskspec.loading import load_spec
        spec = load_spec(strict=False)
    except Exception:
        return {}
    out: dict[str, dict[str, Any]] = {}
    for vid in variants:
        variant = spec.variants.get(vid)
        if variant is None:
            continue
        for rid, rule in variant.rules.items():
            seen = out.get(rid, {}).get("variants", [])
            out[rid] = {"title": rule.title, "testable": rule.testable, "section": rule.section,
                        "variant": vid, "variants": [*seen, vid]}
    return out


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat()


def claimed_rules(rules: Mapping[str, Mapping[str, Any]], capabilities: Any) -> set[str] | None:
    """The testable rules of ``rules`` the handshake claims (wildcards expanded, in a variant it
    plays); None when there is no handshake to read (no engine answered)."""
    if not isinstance(capabilities, Mapping):
        return None
    from riskspec.conformance.protocol import Capabilities
    caps = Capabilities({"capabilities": capabilities})
    return {rid for rid, info in rules.items() if info.get("testable", True)
            and any(v in caps.variants for v in info.get("variants", (info.get("variant"),)))
            and caps.claims_rule(rid)}


def _skip_reasons(r: CaseResult) -> list[str]:
    """Why a skipped case did not run: each capability or reading it needs and the engine lacks."""
    if r.not_claimed:
        return list(r.not_claimed)
    return [r.message or "skipped"]


def compute_reach(results: Sequence[CaseResult], claimed: set[str]) -> dict[str, Any]:
    """Reach: how many claimed rules at least one case ran on; for each claimed rule no case
    reached, what kept each of its cases out (reason -> number of cases)."""
    ran: Counter = Counter()
    judged: Counter = Counter()
    stopped_at: dict[str, set[str]] = defaultdict(set)
    why: dict[str, Counter] = defaultdict(Counter)
    for r in results:
        blamed = r.rule if r.outcome in (*BAD, "xfail") and r.rule else None
        for rule in r.covers:
            if rule not in claimed:
                continue
            if r.outcome == "skip":
                for reason in _skip_reasons(r):
                    why[rule][reason] += 1
                continue
            ran[rule] += 1
            if blamed in (None, rule):
                judged[rule] += 1
            else:
                stopped_at[rule].add(str(blamed))
    not_reached = {rid: ({k: n for k, n in sorted(why[rid].items())} if why.get(rid)
                         else {"no case of this run covers it": 0})
                   for rid in sorted(claimed) if not ran.get(rid)}
    # reached, but every case that ran stopped on another rule first: the rule itself unjudged
    unjudged = {rid: sorted(stopped_at[rid]) for rid in sorted(claimed) if ran.get(rid) and not judged.get(rid)}
    return {"claimed": len(claimed), "reached": len(claimed) - len(not_reached),
            "cases_run": sum(1 for r in results if r.outcome != "skip"),
            "not_reached": not_reached, "unjudged": unjudged}


def _rule_status(outcomes: Sequence[str]) -> str:
    run = [o for o in outcomes if o not in ("skip", "unverified")]
    if not outcomes:
        return "no-vector"
    if not run:
        return "unverified" if "unverified" in outcomes else "not-claimed"
    if any(o in BAD for o in run):
        return "fail"
    if any(o == "xfail" for o in run):
        return "xfail"
    return "pass"


def build_report(results: Sequence[CaseResult], meta: Mapping[str, Any], *, complete: bool,
                 rules: Mapping[str, Mapping[str, Any]] | None = None,
                 planned: int | None = None) -> dict[str, Any]:
    """The report of ``results``. ``complete`` is kept only if every planned case has a result
    and the run recorded no ``run_errors``; ``meta`` (engine handshake …) is cleaned."""
    rules = rules or {}
    meta = clean_json(dict(meta))
    claimed = claimed_rules(rules, meta.get("capabilities"))
    planned = planned if planned is not None else len(results)
    complete = bool(complete and len(results) >= planned and not meta.get("run_errors"))
    totals = Counter(r.outcome for r in results)
    by_section: dict[str, Counter] = defaultdict(Counter)
    by_variant: dict[str, Counter] = defaultdict(Counter)
    per_rule: dict[str, list[str]] = defaultdict(list)
    for r in results:
        by_section[f"{r.variant}.{r.section}"][r.outcome] += 1
        by_variant[r.variant][r.outcome] += 1
        # a failure counts against the rule of its failing step; the case's other rules
        # were not judged to the end ("unverified"), neither broken nor shown to hold
        blamed = r.rule if r.outcome in (*BAD, "xfail") and r.rule else None
        for rule in r.covers:
            per_rule[rule].append(r.outcome if blamed in (None, rule) else "unverified")
        if blamed and blamed not in r.covers:
            per_rule[blamed].append(r.outcome)
    fuzzed: dict[str, Counter] = defaultdict(Counter)  # --fuzz divergences, by the rule they break
    for f in (meta.get("fuzz") or {}).get("findings") or []:
        fuzzed[str(f.get("rule"))][f.get("outcome")] += 1
    by_rule: dict[str, dict[str, Any]] = {}
    for rid in sorted(set(per_rule) | set(rules) | set(fuzzed)):
        info = rules.get(rid, {})
        outs = per_rule.get(rid, [])
        status = _rule_status(outs)
        if status == "no-vector" and info and not info.get("testable", True):
            status = "untestable"
        if status == "not-claimed" and claimed is not None and rid in claimed:
            status = "not-reached"   # claimed, but every case of it was kept out: see reach
        entry: dict[str, Any] = {"status": status, "cases": len(outs)}
        entry.update({o: n for o, n in Counter(outs).items()})
        if claimed is not None and rid in claimed:
            entry["claimed"] = True
            entry["ran"] = sum(1 for o in outs if o != "skip")
        if info:
            entry["testable"] = info.get("testable", True)
        if rid in fuzzed:  # a divergence the fuzzer found breaks the rule as a failing case does
            entry["fuzz"] = dict(fuzzed[rid])
            if fuzzed[rid]["fail"]:
                entry["status"] = "fail"
            elif entry["status"] in ("pass", "no-vector", "not-claimed", "unverified"):
                entry["status"] = "xfail"
        by_rule[rid] = entry
    no_vector = sorted(rid for rid, info in rules.items()
                       if info.get("testable", True) and rid not in per_rule)
    failures = [failure_details(r.to_json(), r.variant, meta.get("rerun")) for r in results
                if r.outcome in BAD]
    report = {
        "format": FORMAT,
        "complete": complete,
        **dict(meta),
        "updated": _now(),
        "planned": planned,
        "totals": {o: totals.get(o, 0) for o in OUTCOMES} | {"run": len(results)},
        "by_variant": {k: dict(v) for k, v in sorted(by_variant.items())},
        "by_section": {k: dict(v) for k, v in sorted(by_section.items())},
        "by_rule": by_rule,
        "rules_not_claimed": sorted(r for r, e in by_rule.items() if e["status"] == "not-claimed"),
        **({"reach": compute_reach(results, claimed)} if claimed is not None else {}),
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


def unchecked_reason(rep: Mapping[str, Any]) -> str:
    """Why this run cannot count as a pass even without failures ("" if it can)."""
    from riskspec.conformance import fuzz_report
    t = rep["totals"]
    why = []
    fuzz = rep.get("fuzz")
    if fuzz and fuzz_report.unchecked(fuzz):
        why.append(fuzz_report.unchecked(fuzz))
    hypo = rep.get("hypothesis")
    if hypo and not hypo.get("steps"):
        why.append("the Hypothesis machine compared no step"
                   + (f" ({'; '.join(hypo['notes'])})" if hypo.get("notes") else ""))
    if (fuzz or hypo) and rep.get("fuzz_only"):  # no vector selected: the search is the whole check
        return "; ".join(why)
    if rep.get("run_errors"):
        why.append("the run itself failed (" + "; ".join(map(str, rep["run_errors"]))[:300] + ")")
    if t["run"] < rep["planned"]:
        why.append(f"{rep['planned'] - t['run']} of {rep['planned']} selected cases have no result")
    if not any(t.get(o) for o in OUTCOMES if o != "skip"):
        why.append("no case was executed" + (" (the engine claims none of the selected cases)"
                                             if t.get("skip") else ""))
    return "; ".join(why)


def _fence(text: str) -> str:
    """A code fence longer than any backtick run in ``text`` (engine text cannot close it)."""
    runs = re.findall(r"`+", text)
    return "`" * max(3, max((len(r) for r in runs), default=0) + 1)


def _code_block(text: str) -> list[str]:
    fence = _fence(text)
    return [fence, text, fence]


def render_markdown(rep: Mapping[str, Any]) -> str:
    eng = rep.get("engine") or {}
    if not isinstance(eng, Mapping):
        eng = {}
    t = rep["totals"]
    lines = [f"# riskspec conformance report{'' if rep['complete'] else ' (PARTIAL: run not finished)'}", ""]
    lines.append(f"- Engine: **{markdown_inline(eng.get('name', '?'))} {markdown_inline(eng.get('version', ''))}** "
                 f"({markdown_inline(rep.get('command', ''))})")
    lines.append(f"- Protocol: {rep.get('protocol', '?')}"
                 + (f" ({markdown_inline(rep['transport'])})" if rep.get("transport") else "")
                 + f"; started {rep.get('started', '?')}, "
                 f"updated {rep['updated']}")
    lines.append(f"- Cases: {t['run']} of {rep['planned']} run — " +
                 ", ".join(f"{t[o]} {o}" for o in OUTCOMES if t.get(o)))
    reach = rep.get("reach")
    if reach:
        lines.append(f"- Reach: {reach_text(reach)}")
    unchecked = unchecked_reason(rep)
    fuzz = rep.get("fuzz")
    if fuzz:
        from riskspec.conformance.fuzz_report import summary as fuzz_summary
        lines.append(f"- Differential fuzzing: {fuzz_summary(fuzz)}")
    if any(t.get(o) for o in BAD) or (fuzz or {}).get("unexpected"):
        verdict = "DOES NOT CONFORM"
    elif unchecked:
        verdict = "NOT CHECKED: " + unchecked
    else:
        verdict = "CONFORMS (for what it claims)"
    lines += [f"- Verdict: **{verdict}**", ""]
    if rep.get("run_errors"):
        lines += ["## Run errors", ""] + [f"- {markdown_inline(e)}" for e in rep["run_errors"]] + [""]
    hs = rep.get("handshake")
    if isinstance(hs, Mapping) and hs.get("ok") is False:
        lines += ["## Handshake failed", "",
                  f"The engine did not complete the riskspec/1 handshake ({markdown_inline(hs.get('fault', '?'))}), "
                  "so no case was run.", ""] + _code_block(str(hs.get("message", "")).rstrip()) + [""]
        if hs.get("stderr"):
            lines += ["engine stderr (tail):"] + _code_block(str(hs["stderr"])[-2000:]) + [""]
    lines += ["## By variant", ""] + _table(rep["by_variant"], "variant") + [""]
    lines += ["## By rule section", ""] + _table(rep["by_section"], "section") + [""]
    bad_rules = [(r, e) for r, e in rep["by_rule"].items() if e["status"] == "fail"
                 and (not reach or e.get("claimed") or "testable" not in e)]  # never an unclaimed rule
    if bad_rules:
        lines += ["## Rules broken", ""] + [f"- `{r}` ({e.get('fail', 0)} fail, {e.get('error', 0)} error, "
                                              f"{e.get('timeout', 0)} timeout"
                                              + (f", {e['fuzz']['fail']} fuzz divergence"
                                                 if (e.get('fuzz') or {}).get('fail') else "") + ")"
                                              for r, e in bad_rules] + [""]
    if rep["failures"]:
        lines += ["## Failures", ""]
        for f in rep["failures"]:
            lines.append(f"### {f['outcome'].upper()} `{f['case']}` — {f.get('title', '')}")
            lines.append("")
            lines += [f"- {label}: {text}" for label, text in failure_lines(f, markdown=True)]
            lines.append(f"- Covers: {', '.join('`' + c + '`' for c in f.get('covers', []))}")
            lines.append("")
            lines += _code_block(f.get("message", "").rstrip()) + [""]
            if f.get("stderr"):
                lines += ["engine stderr (tail):"] + _code_block(f["stderr"][-2000:]) + [""]
    if fuzz:
        from riskspec.conformance.fuzz_report import markdown_lines
        lines += markdown_lines(fuzz)
    xp = [r for r in rep["results"] if r["outcome"] == "xpass"]
    if xp:
        lines += ["## Unexpected passes (remove them from the expectations file)", ""]
        lines += [f"- `{r['case']}`: {r.get('reason', '')}" for r in xp] + [""]
    xf = [r for r in rep["results"] if r["outcome"] == "xfail"]
    if xf:
        lines += ["## Known failures (xfail)", ""] + [f"- `{r['case']}`: {r.get('reason', '')}" for r in xf] + [""]
    if reach and reach.get("not_reached"):
        lines += ["## Claimed, not reached", "",
                  "Rules the handshake claims on which no case ran, with what kept each case out "
                  "(a capability or reading the engine does not claim, and how many cases it kept out):", ""]
        lines += [f"- `{r}` — " + "; ".join(f"{markdown_inline(k)}" + (f" ({n})" if n else "") for k, n in why.items())
                  for r, why in reach["not_reached"].items()] + [""]
    if reach and reach.get("unjudged"):
        lines += ["## Reached, not judged", "",
                  "Claimed rules whose every case ran but stopped first on another broken rule "
                  "(named), so the rule itself was neither shown to hold nor to break:", ""]
        lines += [f"- `{r}` — stopped at " + ", ".join(f"`{b}`" for b in stops)
                  for r, stops in reach["unjudged"].items()] + [""]
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
    # rule broken, its statement, docs page and rerun command, as the terminal shows them
    about = {f["case"]: "".join(f"{label}: {text}\n" for label, text in failure_lines(f))
             for f in rep.get("failures") or []}
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
                    f"{about.get(r['case'], '')}covers: {', '.join(r.get('covers', []))}\n{msg}"
            elif r["outcome"] == "xpass":
                ET.SubElement(tc, "failure", message=head, type="xpass").text = msg
            elif r["outcome"] in ("error", "timeout"):
                ET.SubElement(tc, "error", message=head, type=r.get("fault") or r["outcome"]).text = \
                    about.get(r["case"], "") + msg + ("\n--- stderr ---\n" + r["stderr"] if r.get("stderr") else "")
            elif r["outcome"] in ("skip", "xfail"):
                ET.SubElement(tc, "skipped", message=head)
    if rep.get("fuzz"):
        from riskspec.conformance.fuzz_report import junit_suite
        junit_suite(suites, rep["fuzz"])
    unchecked = unchecked_reason(rep)
    hs = rep.get("handshake")
    failed_handshake = isinstance(hs, Mapping) and hs.get("ok") is False
    if unchecked:  # a run that checked nothing (or not everything) must not look green
        suite = ET.SubElement(suites, "testsuite", name="riskspec.run", tests=str(1 + failed_handshake),
                              failures="0", errors=str(1 + failed_handshake), skipped="0")
        if failed_handshake:
            assert isinstance(hs, Mapping)
            tc = ET.SubElement(suite, "testcase", classname="riskspec.run", name="handshake", time="0")
            ET.SubElement(tc, "error", message=clean_text(f"the engine failed its handshake: "
                                                          f"{hs.get('message', '')}", limit=500, one_line=True),
                          type=f"handshake/{hs.get('fault', '?')}").text = \
                str(hs.get("message", "")) + ("\n--- stderr ---\n" + str(hs["stderr"]) if hs.get("stderr") else "")
        tc = ET.SubElement(suite, "testcase", classname="riskspec.run", name="run-complete", time="0")
        ET.SubElement(tc, "error", message=clean_text(unchecked, limit=500, one_line=True),
                      type="incomplete").text = "\n".join(rep.get("not_run", [])[:1000])
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"


def _refuse_special(path: Path, what: str) -> bool:
    """Raise if ``path`` is a symbolic link or exists and is not a regular file; whether it exists."""
    return safeio.refuse_special(path, what, error=ReportPathError)


def check_output_path(path: Path, what: str = "report") -> None:
    """Refuse, before any work, an output path this run must not or cannot write (see
    :func:`riskspec.safeio.check_output_file`: a link, a device, FIFO, folder or socket, a
    missing parent folder — never created — or one that cannot be written in)."""
    safeio.check_output_file(path, what, error=ReportPathError)


def atomic_write(path: Path, text: str, what: str = "report") -> None:
    """Replace ``path`` atomically by a file holding ``text`` (:func:`riskspec.safeio.write_text`)."""
    safeio.write_text(path, text, what, error=ReportPathError)


def _append_line(path: Path, text: str) -> None:
    """Append one line to the journal, never through a symlink nor into a FIFO or device."""
    safeio.append_line(path, text, "results journal", error=ReportPathError)


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
        #: report files that could not be written (path → reason); the run goes on
        self.write_errors: dict[str, str] = {}
        self._lock = threading.Lock()
        for p in [*self.reports, junit, journal]:
            if p is not None:
                check_output_path(p)
        if journal is not None:
            _refuse_special(journal, "results journal")
            atomic_write(journal, json.dumps({"format": "riskspec/results@1", **clean_json(self.meta)},
                                             ensure_ascii=False) + "\n")
        self._flush(complete=False)

    def add(self, res: CaseResult) -> None:
        with self._lock:
            self.results.append(res)
            if self.journal is not None:
                self._guard(self.journal, lambda: _append_line(
                    self.journal, json.dumps(res.to_json(), ensure_ascii=False) + "\n"))
            self._flush(complete=False)

    def update_meta(self, **meta: Any) -> None:
        """Add to the report's top-level fields (the fuzzing's findings so far …) and rewrite
        the reports at once (still ``"complete": false``)."""
        with self._lock:
            self.meta.update(meta)
            self._flush(complete=False)

    def _guard(self, path: Path, write: Any) -> None:
        """Write, remembering (not raising) a failure: one report that cannot be written must
        not stop the run nor lose the results kept in the others."""
        try:
            write()
        except (OSError, ReportPathError, ValueError) as exc:
            self.write_errors.setdefault(str(path), clean_text(getattr(exc, "strerror", None) or exc))

    def report(self, complete: bool) -> dict[str, Any]:
        return build_report(self.results, self.meta, complete=complete, rules=self.rules,
                            planned=self.planned)

    def _flush(self, complete: bool) -> None:
        if not self.reports and self.junit is None:
            return
        rep = self.report(complete)
        for p in self.reports:
            if p.suffix == ".md":
                self._guard(p, lambda p=p: atomic_write(p, render_markdown(rep)))
            else:
                self._guard(p, lambda p=p: atomic_write(p, report_json(rep)))
        if self.junit is not None:
            junit = self.junit
            self._guard(junit, lambda: atomic_write(junit, render_junit(rep)))

    def close(self, *, order: Sequence[str] | None = None, complete: bool = True,
              **meta: Any) -> dict[str, Any]:
        """Final reports; ``complete`` only if the run really ran every planned case."""
        with self._lock:
            self.meta.update(meta)
            if order is not None:
                idx = {c: i for i, c in enumerate(order)}
                self.results.sort(key=lambda r: idx.get(r.case, 0))
            self.meta["finished"] = _now()
            self._flush(complete=complete)
            return self.report(complete)


def report_json(rep: Mapping[str, Any]) -> str:
    """The JSON report text: strict JSON (no NaN), UTF-8 encodable."""
    return json.dumps(rep, indent=1, ensure_ascii=False, allow_nan=False) + "\n"


def reach_text(reach: Mapping[str, Any]) -> str:
    """``45/51 claimed rules reached (6 claimed, not reached)`` — the reach of a run."""
    gap = reach["claimed"] - reach["reached"]
    return (f"{reach['reached']}/{reach['claimed']} claimed rules reached"
            + (f" ({gap} claimed, not reached)" if gap else ""))


def summary_line(rep: Mapping[str, Any]) -> str:
    t = rep["totals"]
    return ", ".join(f"{t[o]} {'passed' if o == 'pass' else o}" for o in OUTCOMES if t.get(o)) or "no cases"


def failure_details(f: dict[str, Any], variant: str, rerun: Any) -> dict[str, Any]:
    """A failure entry with what a reader acts on: the rule's statement and docs page, and a
    command rerunning just this case."""
    from riskspec.conformance.attribution import docs_page, statement_line
    rule = f.get("rule")
    if isinstance(rule, str):
        text, page = statement_line(variant, rule), docs_page(variant, rule)
        if text:
            f["rule_statement"] = text
        if page:
            f["docs"] = page
    if isinstance(rerun, str) and rerun:
        import shlex
        f["rerun"] = f"{rerun} --select {shlex.quote(str(f.get('case', '')))}"
    return f


def print_failures(rep: Mapping[str, Any], stream: Any, limit: int = 50) -> None:
    for f in rep["failures"][:limit]:
        stream.write(f"\n{f['outcome'].upper()} {f['case']}  [covers {', '.join(f.get('covers', []))}]\n")
        stream.write(f"  {f.get('title', '')}\n")
        for label, text in failure_lines(f):
            stream.write(f"  {label}: {text}\n")
        for line in (f.get("message") or "").splitlines():
            stream.write(f"  {line}\n")
    if len(rep["failures"]) > limit:
        stream.write(f"\n… and {len(rep['failures']) - limit} more failures (see the report)\n")
    for r in rep["results"]:  # an entry of the expectations file that no longer fails
        if r["outcome"] == "xpass":
            stream.write(f"\nXPASS {r['case']}: listed as a known failure ({r.get('reason', '')}) but "
                         f"passed: remove it from the expectations file\n")

"""The ``fuzz`` section of a conformance report: what ``riskspec check --fuzz`` found.

:func:`fuzz_section` turns a :class:`~riskspec.conformance.properties.FuzzResult` into
plain JSON kept in the JSON report (``"fuzz"``); :func:`markdown_lines` and
:func:`junit_suite` render it in the Markdown and JUnit reports.  Each distinct
divergence, already shrunk, is one *finding*: the rule of the diverging step (with
its one-line statement and docs page), where it started, the saved vector and the
command that replays it, and whether ``--expect`` lists it (``xfail``) or not
(``fail``).  The section also says which reference was compared against (name,
version, path) and how much was compared (games, steps, legal-action sets, …).
"""

from __future__ import annotations

import shlex
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import Any

from riskspec.conformance.attribution import failure_lines
from riskspec.conformance.untrusted import clean_text, markdown_inline

#: the counters of :class:`~riskspec.conformance.properties.FuzzStats` a report keeps
COUNTS = ("games", "steps", "legal_checks", "outcome_checks", "probes", "unsupported", "not_claimed",
          "longest", "resumes")


def fuzz_section(res: Any, *, games: int, max_steps: int, seed: int, replay: str | None) -> dict[str, Any]:
    """The report's ``fuzz`` object.  ``replay``: the command (engine, timeouts) that a saved
    vector's ``--vectors PATH`` is appended to; None: ``riskspec check``."""
    from riskspec.conformance.attribution import docs_page, statement_line
    from riskspec.conformance.properties import reference_info
    s = res.stats
    findings = []
    for d in res.divergences:
        variant = d.start.variant if d.start is not None else "classic"
        f: dict[str, Any] = {
            "case": d.case_id, "outcome": "xfail" if d.known else "fail", "kind": d.kind,
            "rule": d.rule, "variant": variant, "what": clean_text(d.what, limit=500, one_line=True),
            "start": d.start.label if d.start is not None else None, "game": d.game,
            "steps": len(d.steps), "shrunk_from": d.shrunk_from or None,
            "action": (d.last or {}).get("action"),
        }
        if d.known:
            f["reason"] = d.known
        text, page = statement_line(variant, d.rule), docs_page(variant, d.rule)
        if text:
            f["rule_statement"] = text
        if page:
            f["docs"] = page
        if d.path is not None:
            f["path"] = str(d.path)
            f["rerun"] = f"{replay or 'riskspec check'} --vectors {shlex.quote(str(d.path))}"
        findings.append({k: v for k, v in f.items() if v is not None})
    unexpected = sum(1 for f in findings if f["outcome"] == "fail")
    return {
        "reference": reference_info(),
        "seed": seed, "games_planned": games, "max_steps": max_steps, "starts": res.starts,
        **{k: getattr(s, k) for k in COUNTS},
        "by_family": dict(sorted(s.by_family.items())),
        "divergences": len(findings), "unexpected": unexpected, "known": len(findings) - unexpected,
        "seconds": round(res.seconds, 1),
        "workers": res.workers, "backend": res.backend, "resumed": res.resumed, "complete": res.complete,
        "notes": [clean_text(n, limit=300, one_line=True) for n in res.notes],
        "findings": findings,
    }


def unchecked(section: Mapping[str, Any]) -> str:
    """Why the fuzzing cannot count as a pass even without divergences ("" if it can)."""
    if section.get("steps", 0) == 0:
        notes = "; ".join(section.get("notes") or [])
        return "the fuzzer compared no step" + (f" ({notes})" if notes else "")
    return ""


def summary(section: Mapping[str, Any]) -> str:
    """One line: how much was compared, and what was found."""
    ref = section.get("reference") or {}
    return (f"{section.get('games', 0)} games, {section.get('steps', 0)} steps against "
            f"{ref.get('name', '?')} {ref.get('version', '')}: {section.get('unexpected', 0)} divergence(s)"
            + (f", {section['known']} known" if section.get("known") else ""))


def markdown_lines(section: Mapping[str, Any]) -> list[str]:
    ref = section.get("reference") or {}
    fam = ", ".join(f"{k} {v}" for k, v in (section.get("by_family") or {}).items()) or "none"
    lines = ["## Differential fuzzing", "",
             f"- Compared against: **{markdown_inline(ref.get('name', '?'))} {markdown_inline(ref.get('version', ''))}** "
             f"(`{markdown_inline(ref.get('path', '?'))}`)",
             f"- Seed {section.get('seed')}: {section.get('games', 0)} of {section.get('games_planned', 0)} "
             f"games from {section.get('starts', 0)} start positions, {section.get('steps', 0)} steps "
             f"(longest game {section.get('longest', 0)}; by family: {fam}; "
             f"{section.get('resumes', 0)} resumed past a divergence or a step without a verdict)",
             f"- Compared: {section.get('legal_checks', 0)} legal-action sets, "
             f"{section.get('outcome_checks', 0)} chance-outcome tables; {section.get('probes', 0)} illegal "
             f"or malformed actions sent; no verdict on {section.get('unsupported', 0)} steps answered "
             f"unsupported and {section.get('not_claimed', 0)} divergences on rules not claimed",
             f"- Divergences: **{section.get('unexpected', 0)}**"
             + (f" (and {section['known']} known, from the expectations file)" if section.get("known") else "")]
    why = unchecked(section)
    if why:
        lines.append(f"- NOT CHECKED: {markdown_inline(why)}")
    lines += [f"- note: {markdown_inline(n)}" for n in section.get("notes") or []]
    lines.append("")
    for n, f in enumerate(section.get("findings") or [], 1):
        tag = "KNOWN" if f["outcome"] == "xfail" else "DIVERGENCE"
        lines += [f"### {tag} {n}: `{f['rule']}` — {markdown_inline(f['what'])}", ""]
        lines.append(f"- Kind: {f['kind']}; variant {f['variant']}; from {markdown_inline(f.get('start', '?'))}, "
                     f"{f['steps']} step(s)" + (f" (shrunk from {f['shrunk_from']})" if f.get("shrunk_from") else ""))
        if f.get("reason"):
            lines.append(f"- Known: {markdown_inline(f['reason'])}")
        lines += [f"- {label}: {text}" for label, text in failure_lines(f, markdown=True)]
        if f.get("path"):
            lines.append(f"- Saved: `{markdown_inline(f['path'])}`")
        lines.append("")
    return lines


def junit_suite(parent: ET.Element, section: Mapping[str, Any]) -> None:
    """A ``riskspec.fuzz`` test suite: the run itself (an error when nothing was compared), then
    one test case per divergence (a failure, or skipped when known)."""
    findings = section.get("findings") or []
    why = unchecked(section)
    suite = ET.SubElement(parent, "testsuite", name="riskspec.fuzz", tests=str(len(findings) + 1),
                          failures=str(section.get("unexpected", 0)), errors=str(int(bool(why))),
                          skipped=str(section.get("known", 0)))
    run = ET.SubElement(suite, "testcase", classname="riskspec.fuzz", name="fuzz-run",
                        time=f"{section.get('seconds', 0):.3f}")
    if why:
        ET.SubElement(run, "error", message=clean_text(why, limit=500, one_line=True), type="incomplete")
    ET.SubElement(run, "system-out").text = summary(section)
    for f in findings:
        tc = ET.SubElement(suite, "testcase", classname=f"riskspec.fuzz.{f['variant']}", name=f["case"],
                           time="0")
        body = "\n".join([f"rule: {f['rule']}" + (f" — {f['rule_statement']}" if f.get("rule_statement") else ""),
                          f"from: {f.get('start', '?')}, {f['steps']} step(s)",
                          *([f"saved: {f['path']}", f"rerun: {f['rerun']}"] if f.get("path") else [])])
        if f["outcome"] == "xfail":
            ET.SubElement(tc, "skipped", message=clean_text(f"known: {f.get('reason', '')}", limit=300,
                                                            one_line=True))
        else:
            ET.SubElement(tc, "failure", message=clean_text(f"[{f['kind']}] {f['what']}", limit=300,
                                                            one_line=True), type="divergence").text = body


def print_lines(section: Mapping[str, Any]) -> list[str]:
    """What ``riskspec check --fuzz`` prints on stdout (the same findings as the reports)."""
    ref = section.get("reference") or {}
    fam = ", ".join(f"{k} {v}" for k, v in (section.get("by_family") or {}).items()) or "none"
    games = section.get("games", 0)
    lines = [f"riskspec check --fuzz: compared against {ref.get('name', '?')} {ref.get('version', '')} "
             f"({ref.get('path', '?')})",
             f"  {games} games from {section.get('starts', 0)} start positions, {section.get('steps', 0)} "
             f"steps ({section.get('steps', 0) / max(1, games):.1f} per game, longest "
             f"{section.get('longest', 0)}; by family: {fam}; {section.get('resumes', 0)} resumed past a "
             f"divergence or a step without a verdict); {section.get('legal_checks', 0)} legal-action "
             f"sets and {section.get('outcome_checks', 0)} chance-outcome tables compared; "
             f"{section.get('probes', 0)} illegal or malformed actions sent; no verdict on "
             f"{section.get('unsupported', 0)} steps answered unsupported and {section.get('not_claimed', 0)} "
             f"divergences on rules not claimed; "
             f"{section.get('seconds', 0)} s"]
    lines += [f"  note: {n}" for n in section.get("notes") or []]
    findings = section.get("findings") or []
    for n, f in enumerate(findings, 1):
        tag = f"KNOWN ({f.get('reason', '')})" if f["outcome"] == "xfail" else "DIVERGENCE"
        lines.append(f"{tag} {n}: [{f['kind']}] rule {f['rule']}: {f['what']}")
        if f.get("rule_statement"):
            lines.append(f"  rule: {f['rule_statement']}")
        if f.get("docs"):
            lines.append(f"  docs: {f['docs']} (rulebook site; or: riskspec explain {f['rule']})")
        lines.append(f"  from {f.get('start', '?')}, {f['steps']} step(s)"
                     + (f" (shrunk from {f['shrunk_from']})" if f.get("shrunk_from") else ""))
        if f.get("path"):
            lines.append(f"  saved: {f['path']}")
            lines.append(f"  rerun: {f['rerun']}")
    if unchecked(section):
        pass  # riskspec check says NOT A PASS, and why
    elif not findings:
        lines.append("riskspec check --fuzz: no divergence")
    else:
        lines.append(f"riskspec check --fuzz: {section.get('unexpected', 0)} divergence(s)"
                     + (f", {section['known']} known" if section.get("known") else ""))
    return lines

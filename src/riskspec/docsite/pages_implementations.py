"""The Implementations page: third-party engines × rule sections, from the checked-in reports.

``conformance/engine-reports/`` holds ``engines.yaml`` (each engine, its adapter, what it claims,
and a finding for every failure) and one ``<engine>.json`` report per engine
(``riskspec implementations`` writes them).  Nothing here runs an engine: the page says
what the committed reports say, so it builds where the engines are not installed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riskspec import model as m
from riskspec.docsite import md

PAGE = "implementations.md"
#: a mark, then its word: without an emoji font the word still says it (issue 26)
MARK = {"pass": "✅", "fail": "❌", "not-claimed": "—"}
WORD = {"pass": "passed", "fail": "failing"}


def _reports() -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
    try:
        from riskspec.conformance.implementations import REGISTRY, load_reports
    except ImportError:
        return []
    return load_reports() if REGISTRY.is_file() else []


def _sections(spec: m.Spec) -> dict[str, list[str]]:
    """Classic rule sections (``classic.attack``) -> their rule IDs, in spec order."""
    out: dict[str, list[str]] = {}
    for rule_id in spec.variant("classic").rules:
        out.setdefault(rule_id.rsplit(".", 1)[0], []).append(rule_id)
    return out


def _cell(rules: list[str], status: Mapping[str, str]) -> str:
    counts = {k: sum(1 for r in rules if status.get(r, "not-claimed") == k) for k in MARK}
    counts["fail"] += sum(1 for r in rules if status.get(r) == "error")
    if counts["pass"] == counts["fail"] == 0:
        return MARK["not-claimed"]
    parts = [f"{MARK[k]} {counts[k]} {WORD[k]}" for k in ("pass", "fail") if counts[k]]
    return " ".join(parts) + (f" ({counts['not-claimed']} not claimed)" if counts["not-claimed"] else "")


def _matrix(spec: m.Spec, reports: list[tuple[dict[str, Any], dict[str, Any]]]) -> str:
    rows = []
    for sec, rules in _sections(spec).items():
        first = md.link(md.code(sec), PAGE, md.page_of_rule(rules[0]))
        rows.append([first, *(_cell(rules, rep["by_rule"]) for _, rep in reports)])
    return md.table(["Rule section (Classic)", *(md.cell(e["name"]) for e, _ in reports)], rows)


def _rules_list(status: Mapping[str, str], which: str) -> str:
    ids = [r for r, s in status.items() if s == which and ".amb." not in r]
    return ", ".join(md.link(md.code(r), PAGE, md.page_of_rule(r)) for r in ids) or "none"


def _reach_lines(reach: Mapping[str, Any] | None) -> list[str]:
    """The reach of a report: claimed rules reached, and why each unreached one was not."""
    if not reach:
        return []
    out = [f"**Reach:** {reach['reached']} of the {reach['claimed']} rules the adapter claims are "
           f"reached by at least one case ({reach['cases_run']} cases ran).", ""]
    if reach.get("not_reached"):
        out += ["**Claimed, not reached:** " + "; ".join(
            f"{md.link(md.code(r), PAGE, md.page_of_rule(r))} ("
            + ", ".join(md.cell(k) + (f" × {n}" if n else "") for k, n in why.items()) + ")"
            for r, why in reach["not_reached"].items()) + ".", ""]
    return out


def _case(r: Mapping[str, Any]) -> str:
    rule = f", breaks {md.link(md.code(r['rule']), PAGE, md.page_of_rule(r['rule']))}" \
        if r.get("rule") and ".amb." not in r["rule"] else ""
    return f"`{r['case']}` ({r['outcome']}{rule})"


def _engine(e: Mapping[str, Any], rep: Mapping[str, Any] | None) -> list[str]:
    out = [md.heading(2, md.cell(e["name"]), e["id"]), "",
           (f"`pip install '{e['requirement']}'` · [{md.cell(e.get('home', ''))}]({e.get('home', '')}) · "
           f"adapter `{e['adapter']}`"), "", md.paragraphs(e["about"]), ""]
    if rep is None:
        return out + ["No report yet: run `riskspec implementations`.", ""]
    t, lines = rep["totals"], rep["adapter"]["lines"]
    out += [md.table(["pass", "fail", "error", "skip", "cases", "adapter lines (code)"],
                     [[t["pass"], t["fail"], t["error"] + t.get("timeout", 0), t["skip"], t["run"],
                       f"{lines['total']} ({lines['code']})"]]), "",
            *_reach_lines(rep.get("reach")),
            f"**Rules passed:** {_rules_list(rep['by_rule'], 'pass')}.", "",
            f"**Rules failed:** {_rules_list(rep['by_rule'], 'fail')}.", ""]
    bad = {r["case"]: r for r in rep["results"] if r["outcome"] in ("fail", "error", "timeout")}
    from riskspec.conformance.implementations import explained_by
    history = e.get("history") or []
    if history:
        rows = [[md.cell(h["when"]), h["pass"], h["fail"], h["error"], h["skip"], h["cases"],
                 h.get("adapter_lines", "")] for h in history]
        rows.append(["this report", t["pass"], t["fail"], t["error"] + t.get("timeout", 0), t["skip"], t["run"],
                     lines["total"]])
        out += [md.heading(3, "Before and after"), "",
                md.table(["run", "pass", "fail", "error", "skip", "cases", "adapter lines"], rows), "",
                md.paragraphs(e.get("history_note", "")), ""]
    by_case = {c: f for f in e.get("findings") or [] for c in explained_by(f, rep)}
    if bad:
        out += [md.heading(3, "Every failure, classified"), "",
                md.table(["case", "outcome", "rule broken", "classified as"],
                         [[md.code(c), r["outcome"],
                           md.link(md.code(r["rule"]), PAGE, md.page_of_rule(r["rule"]))
                           if r.get("rule") and ".amb." not in r["rule"] else md.code(r.get("rule", "—")),
                           f"{by_case[c]['kind']}: {md.cell(by_case[c]['title'])}"
                           + (f" (`{by_case[c]['cite']}`)" if by_case[c].get("cite") else "")
                           if c in by_case else "**not explained**"] for c, r in sorted(bad.items())]), ""]
    for f in e.get("findings") or []:
        cases = explained_by(f, rep)
        out += [md.heading(3, f"{md.cell(f['title'])} — {f['kind']}"), "",
                f"`{f['cite']}` (in the installed package)" if f.get("cite") else "", "",
                md.paragraphs(f["explain"]), "",
                "Cases: " + (", ".join(_case(bad[c]) for c in cases) or "none now") + ".", ""]
    if e.get("code_findings"):
        out += [md.heading(3, "Seen in the code, not reached by a vector"), ""]
        for f in e["code_findings"]:
            out += [f"- **{md.cell(f['title'])}** (`{f['cite']}`): {md.paragraphs(f['explain'])}"]
        out.append("")
    return out


def _suite_size() -> str:
    """The shipped vector suite as measured when the page is built: files, cases, bytes."""
    try:
        from riskspec.conformance.vectors import default_vectors_dir, load_cases
    except ImportError:
        return ""
    files = sorted(default_vectors_dir().rglob("*.json"))     # the shared maps file included
    size = sum(f.stat().st_size for f in files)
    return (f"The suite these engines ran: {len(load_cases())} cases in {len(files)} vector files, "
            f"{size:,} bytes of JSON (`conformance/vectors/`, measured when this page was built).")


def implementations_page(spec: m.Spec) -> dict[str, str]:
    """``{"implementations.md": text}``, or nothing when riskspec ships no engine reports."""
    pairs = _reports()
    if not pairs or "classic" not in spec.variants:     # the engines play Classic
        return {}
    done = [(e, r) for e, r in pairs if r is not None]
    lines = [
        "# Implementations", "",
        ("Independently written Risk engines from PyPI, run through the whole conformance suite by "
        "their adapters (`conformance/examples/`, written on the adapter kit `riskspec.adapter`). "
        "Each adapter claims only what its engine implements; a rule it does not claim is shown as "
        "not claimed (—), never as a failure. Every failure is explained below: an **engine "
        "deviation** cited to the engine's code, a **riskspec fault**, or an **adapter artefact**."), "",
        ("Regenerate with `pip install 'riskspec[engines]' && riskspec implementations` "
        "(reports in `conformance/engine-reports/`)."), "",
        "Per rule section: ✅ *N passed*: rules whose every case passed; ❌ *N failing*: rules "
        "with a failing case; — not claimed.", "",
        _matrix(spec, done) if done else "No reports yet.", "",
        _suite_size(), "",
    ]
    for e, rep in pairs:
        lines += _engine(e, rep)
    return {PAGE: "\n".join(lines)}

"""Pages about the rules: the rules index, one page per rule, the ambiguity register, sources."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from riskspec import model as m
from riskspec.docsite import md
from riskspec.docsite.examples import Case, no_example_note, outcome, render_case

Pages = dict[str, str]


def _root_dir(spec: m.Spec) -> Path:
    root = Path(spec.root)
    return root.parent if root.name == "spec" else root


def section_key(rule: m.Rule) -> str:
    """``family.section`` of a rule (sections are per family: classic.attack, napoleon.attack)."""
    return ".".join(rule.id.split(".")[:2])


def section_titles(spec: m.Spec) -> dict[str, str]:
    """``family.section`` → title, from the ``sections`` tables of the rule files."""
    titles: dict[str, str] = {}
    files: dict[str, list[m.Rule]] = {}
    for r in spec.rules.values():
        files.setdefault(r.file, []).append(r)
    for f, rules in sorted(files.items()):
        path = Path(f) if Path(f).is_absolute() else _root_dir(spec) / f
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError):
            continue
        table = data.get("sections") if isinstance(data, dict) else None
        if isinstance(table, dict):
            for r in rules:
                if r.section in table:
                    titles.setdefault(section_key(r), str(table[r.section]))
    for r in spec.rules.values():
        titles.setdefault(section_key(r), r.section.replace("-", " ").capitalize())
    return titles


def family_title(spec: m.Spec, family: str) -> str:
    """The title of a rule family: its base variant's title (the one that extends nothing)."""
    bases = [v for v in spec.variants.values() if v.family == family]
    bases.sort(key=lambda v: (v.extends is not None, v.id))
    return bases[0].title if bases else family.capitalize()


def rules_by_family(spec: m.Spec) -> dict[str, dict[str, list[m.Rule]]]:
    """family → section key → rules, in the order of the spec."""
    out: dict[str, dict[str, list[m.Rule]]] = {}
    for r in spec.rules.values():
        out.setdefault(r.id.split(".")[0], {}).setdefault(section_key(r), []).append(r)
    return out


def ordered_variants(spec: m.Spec) -> list[m.Variant]:
    """Base variants first, then the ones extending them (each family together)."""
    return sorted(spec.variants.values(), key=lambda v: (v.family, v.extends is not None, v.id))


def _variants_of(spec: m.Spec, rule_id: str) -> list[m.Variant]:
    return [v for v in spec.variants.values() if rule_id in v.rules]


def resolved_params(v: m.Variant) -> Mapping[str, Any]:
    """A variant's parameters with its defaults settled (raw values if the spec is broken)."""
    try:
        return v.resolve().params
    except Exception:  # noqa: BLE001 - a half-written spec must still render
        return {k: p.value for k, p in v.parameters.items()}


def parameter_info(spec: m.Spec, name: str) -> m.Parameter | None:
    for v in spec.variants.values():
        if name in v.parameters:
            return v.parameters[name]
    return None


def citation(c: m.Citation, spec: m.Spec, page: str) -> str:
    src = spec.sources.get(c.source)
    label = md.link(md.code(c.source), page, md.SOURCES_PAGE, md.anchor_id(c.source)) if src \
        else md.code(c.source)
    title = f" ({md.cell(src.title)})" if src else ""
    note = f" — {md.cell(c.note)}" if c.note else ""
    return f"{label}{title} § “{md.cell(c.passage)}”{note}"


def _param_rows(spec: m.Spec, names: tuple[str, ...], variants: list[m.Variant],
                page: str) -> list[list[str]]:
    rows = []
    for pk in names:
        vals = {v.id: resolved_params(v).get(pk) for v in variants if pk in v.parameters}
        distinct = {md.fmt_value(x) for x in vals.values()}
        if len(distinct) == 1:
            shown = md.code(next(iter(vals.values())))
        elif vals:
            shown = "; ".join(f"{md.link(vid, page, md.page_of_variant(vid))}: {md.code(x)}"
                              for vid, x in vals.items())
        else:
            shown = "*(not defined by any variant)*"
        p = parameter_info(spec, pk)
        desc = md.cell(p.description) if p else ""
        if p and p.allowed:
            desc += " Allowed: " + ", ".join(md.code(a) for a in p.allowed) + "."
        rows.append([md.code(pk), shown, desc])
    return rows


def rule_page(spec: m.Spec, rule: m.Rule, cases: list[Case], sections: dict[str, str]) -> str:
    page = md.page_of_rule(rule.id)
    variants = _variants_of(spec, rule.id)
    out = [f"# {rule.id} — {md.cell(rule.title)}", ""]
    meta = [f"**Rule ID** {md.code(rule.id)}",
            "**Section** " + md.link(md.cell(sections.get(section_key(rule), rule.section)), page,
                                     md.RULES_INDEX, md.anchor_id(f"section-{section_key(rule)}")),
            "**Variants** " + (", ".join(md.link(v.title, page, md.page_of_variant(v.id))
                                         for v in variants) or "none"),
            "**Testable** " + ("yes" if rule.testable else
                               f"no — {md.cell(rule.untestable_reason)}")]
    out += ["  \n".join(meta), ""]
    if rule.reconstructed:
        out += ["!!! note \"Reconstructed\"", f"    {md.cell(rule.reconstructed)}", ""]
    out += ["## Statement", "", md.paragraphs(rule.statement), ""]
    if rule.options:
        out += ["Applies only under the options "
                + ", ".join(md.code(f"{k}={v}") for k, v in rule.options.items()) + ".", ""]
    out += ["## Parameters", ""]
    if rule.parameters:
        out += [md.table(["Parameter", "Value", "Meaning"],
                         _param_rows(spec, rule.parameters, variants, page)), ""]
    else:
        out += ["This rule uses no parameter.", ""]
    out += ["## Sources", ""]
    out += [f"- {citation(c, spec, page)}" for c in rule.sources] or ["No source states this rule."]
    out.append("")
    if rule.reconstructed:
        out += [f"Reconstructed: {md.cell(rule.reconstructed)}", ""]
    if rule.ambiguities:
        out += ["## Ambiguities", ""]
        for aid in rule.ambiguities:
            a = spec.ambiguities.get(aid)
            if a is None:
                out.append(f"- {md.code(aid)} *(not in the register)*")
                continue
            res = "; ".join(f"{md.cell(vid)}: {md.code(r.reading)}"
                            for vid, r in a.resolutions.items())
            out.append(f"- {md.link(f'{aid} — {md.cell(a.title)}', page, md.AMBIGUITIES_PAGE, md.anchor_id(aid))}"
                       f" (resolved: {res})")
        out.append("")
    if rule.notes:
        out += ["## Notes", "", md.paragraphs(rule.notes), ""]
    out += ["## Worked examples", ""]
    if cases:
        for c in cases:
            out.append(render_case(c, page, spec))
    else:
        out.append(no_example_note("rule"))
    out += [f"*Defined in {md.code(rule.file)}. "
            f"In a terminal: {md.code('riskspec explain ' + rule.id)}.*", ""]
    return "\n".join(out)


def rules_index(spec: m.Spec, sections: dict[str, str]) -> str:
    page = md.RULES_INDEX
    out = ["# Rules", "",
           f"Every rule of every variant, {len(spec.rules)} in all, by section. Each rule has a "
           "permanent ID; its page gives the statement, the parameters it reads, the source "
           "passages it was read from, the ambiguities it touches and worked examples from the "
           "conformance vectors.", ""]
    if not spec.rules:
        out += ["*No rules are written yet.*", ""]
    for family, secs in rules_by_family(spec).items():
        out += [md.heading(2, md.cell(family_title(spec, family)) + f" ({md.code(family + '.*')})",
                           f"family-{family}"), ""]
        for key, rules in secs.items():
            out += [md.heading(3, md.cell(sections.get(key, key)), f"section-{key}"), ""]
            rows = []
            for r in rules:
                marks = []
                if not r.testable:
                    marks.append("untestable")
                if r.reconstructed:
                    marks.append("reconstructed")
                rows.append([md.link(md.code(r.id), page, md.page_of_rule(r.id)),
                             md.cell(r.title), ", ".join(v.id for v in _variants_of(spec, r.id)),
                             ", ".join(marks)])
            out += [md.table(["ID", "Title", "Variants", "Marks"], rows), ""]
    return "\n".join(out)


def ambiguity_register(spec: m.Spec, by_id: Mapping[str, list[Case]]) -> str:
    page = md.AMBIGUITIES_PAGE
    out = ["# Ambiguity register", "",
           "Every point where the rule texts disagree or leave a question open. For each: the "
           "question, the readings side by side with the sources that support each, the reading "
           "each variant takes and why, and the worked examples whose outcome differs between "
           "readings. Every ambiguity is also a game option named by its ID, so an engine can "
           "play any reading: `--option ID=READING`.", ""]
    if not spec.ambiguities:
        out += ["*No ambiguities are recorded yet.*", ""]
    for a in spec.ambiguities.values():
        out += [md.heading(2, f"{a.id} — {md.cell(a.title)}", a.id), "",
                f"**Question.** {md.paragraphs(a.question)}", ""]
        if a.rules:
            out += ["**Rules.** " + ", ".join(
                md.link(md.code(r), page, md.page_of_rule(r)) if r in spec.rules else md.code(r)
                for r in a.rules), ""]
        if not a.testable:
            out += ["*Not testable: the readings cannot be told apart by play.*", ""]
        header = ["", *[md.code(r.id) for r in a.readings]]
        chosen = {r.id: [vid for vid, res in a.resolutions.items() if res.reading == r.id]
                  for r in a.readings}
        rows = [
            ["**Reading**", *[md.cell(r.statement) for r in a.readings]],
            ["**Sources**", *["<br>".join(citation(c, spec, page) for c in r.sources) or "—"
                              for r in a.readings]],
            ["**Basis**", *[md.cell(r.basis) or "—" for r in a.readings]],
            ["**Parameters**", *[", ".join(md.code(f"{k}={md.fmt_value(v)}")
                                           for k, v in r.parameters.items()) or "—"
                                 for r in a.readings]],
            ["**Chosen by**", *[", ".join(md.link(v, page, md.page_of_variant(v))
                                          if v in spec.variants else md.cell(v)
                                          for v in chosen[r.id]) or "—" for r in a.readings]],
        ]
        out += [md.table(header, rows), "", "**Resolution per variant.**", ""]
        for vid, res in a.resolutions.items():
            label = md.link(vid, page, md.page_of_variant(vid)) if vid in spec.variants else vid
            out.append(f"- {label}: {md.code(res.reading)} — {md.cell(res.why)}")
        out += ["", "**Examples whose outcome depends on the reading.**", ""]
        out += _differing(spec, a, by_id.get(a.id, []), page)
        out.append("")
    return "\n".join(out)


def _reading_of(spec: m.Spec, a: m.Ambiguity, case: Case) -> str | None:
    if case.reading and case.reading[0] == a.id:
        return case.reading[1]
    if a.id in case.options:
        return str(case.options[a.id])
    v = spec.variants.get(case.variant or "")
    if v is not None and a.id in v.options:
        return v.options[a.id].default
    return None


def _differing(spec: m.Spec, a: m.Ambiguity, cases: list[Case], page: str) -> list[str]:
    if not cases:
        return [no_example_note("ambiguity")]
    rows = []
    for c in cases:
        rows.append([md.code(_reading_of(spec, a, c) or "?"),
                     md.link(md.cell(c.title), page, c.page, c.anchor), outcome(c, spec, page)])
    readings = {r[0] for r in rows}
    lines = [md.table(["Reading", "Example", "Outcome"], rows), ""]
    if len(readings) < 2:
        lines.append("*Only one reading has an example so far: the contrast is still missing.*")
    return lines


def sources_page(spec: m.Spec) -> str:
    page = md.SOURCES_PAGE
    cited: dict[str, set[str]] = {}
    for r in spec.rules.values():
        for c in r.sources:
            cited.setdefault(c.source, set()).add(r.id)
    out = ["# Sources", "",
           "The rule texts the specification was read from. Rules, readings, parameters and map "
           "entries cite them by ID plus the passage's heading or first words.", ""]
    for s in spec.sources.values():
        rules = sorted(cited.get(s.id, ()))
        out += [md.heading(2, f"{md.cell(s.title)}", s.id), "",
                f"ID {md.code(s.id)} · language {md.code(s.language)} · file {md.code(s.file)}", ""]
        if rules:
            out += [f"Cited by {len(rules)} rule(s): " + ", ".join(
                md.link(md.code(r), page, md.page_of_rule(r)) for r in rules) + ".", ""]
        else:
            out += ["No rule cites it yet.", ""]
    return "\n".join(out)


def rule_pages(spec: m.Spec, by_id: Mapping[str, list[Case]]) -> Pages:
    sections = section_titles(spec)
    pages: Pages = {md.RULES_INDEX: rules_index(spec, sections),
                    md.AMBIGUITIES_PAGE: ambiguity_register(spec, by_id),
                    md.SOURCES_PAGE: sources_page(spec)}
    for r in spec.rules.values():
        pages[md.page_of_rule(r.id)] = rule_page(spec, r, by_id.get(r.id, []), sections)
    return pages

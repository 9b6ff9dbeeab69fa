"""Pages about the rules: the rules index, one page per rule, the ambiguity register, sources."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from riskspec import model as m
from riskspec.docsite import md
from riskspec.docsite.examples import Example, no_example_note
from riskspec.wording import span_words, value_words

Pages = dict[str, str]


def _root_dir(spec: m.Spec) -> Path:
    root = Path(spec.root)
    return root.parent if root.name == "spec" else root


def section_key(rule: m.Rule) -> str:
    """``family.section`` of a rule (sections are per family: classic.attack, napoleon.attack)."""
    return ".".join(rule.id.split(".")[:2])


_TITLES: dict[int, tuple[m.Spec, dict[str, str]]] = {}


def section_titles(spec: m.Spec) -> dict[str, str]:
    """``family.section`` → title, from the ``sections`` tables of the rule files (read once
    per spec)."""
    hit = _TITLES.get(id(spec))
    if hit is not None and hit[0] is spec:
        return dict(hit[1])
    titles = _section_titles(spec)
    _TITLES[id(spec)] = (spec, titles)
    return dict(titles)


def _section_titles(spec: m.Spec) -> dict[str, str]:
    titles: dict[str, str] = {}
    files: dict[str, list[m.Rule]] = {}
    for r in spec.rules.values():
        files.setdefault(r.file, []).append(r)
    for f, rules in sorted(files.items()):
        path = Path(f) if Path(f).is_absolute() else _root_dir(spec) / f
        try:
            data = yaml.load(path.read_text(encoding="utf-8"),
                             Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
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
    if not bases:
        return family.capitalize()
    title = bases[0].title
    if any(v.extends == bases[0].id and v.phases != bases[0].phases for v in bases[1:]):
        title = title.split(" — ")[0]  # the base is one game of several: name the family
    return title


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


def player_subst(spec: m.Spec, variant: m.Variant | None, page: str) -> Callable[[str], str]:
    """How a player reads a backticked span of a statement: numbers and lists substituted, a
    policy or a table parameter by its name in words, a map by its title, a rule by a link,
    a value in words."""
    params = resolved_params(variant) if variant is not None else {}

    def subst(span: str) -> str:
        if span in spec.rules and span not in params:
            return md.link(md.text(spec.rules[span].title), page, md.page_of_rule(span))
        return md.text(span_words(span, params=params, spec=spec))

    return subst


def rule_page(spec: m.Spec, rule: m.Rule, cases: list[Example], sections: dict[str, str],
              functions: Sequence[Any] = ()) -> str:
    """A rule's page; ``functions``: the engine functions citing it
    (:func:`riskspec.reference.citations.rule_functions`)."""
    page = md.page_of_rule(rule.id)
    variants = _variants_of(spec, rule.id)
    base = ordered_variants(spec)
    first = next((v for v in base if v in variants), None)
    out = ["---", "search:", "  boost: 2", "---", "",
           f"# {md.cell(rule.title)} <small>{rule.id}</small>", ""]
    if first is not None and first.family == "napoleon":
        out += [napoleon_notice(spec), ""]
    out += [md.paragraphs(rule.statement, player_subst(spec, first, page)), ""]
    differ = [pk for pk in rule.parameters
              if len({md.fmt_value(resolved_params(v).get(pk)) for v in variants
                      if pk in v.parameters}) > 1]
    if first is not None and rule.parameters:
        out += [f"*Numbers as in {md.link(md.cell(first.title), page, md.page_of_variant(first.id))}"
                + ("; other editions differ (see the parameters below)." if differ else ".")
                + "*", ""]
    if rule.options:
        out += ["Applies only when the game is played with "
                + ", ".join(f"{md.text(k)} {md.text(value_words(v))}" for k, v in rule.options.items())
                + ".", ""]
    if rule.reconstructed:
        out += ['!!! note "Reconstructed"', f"    {md.cell(rule.reconstructed)}", ""]
    meta = [f"**Rule** {md.code(rule.id)}",
            "**Section** " + md.link(md.cell(sections.get(section_key(rule), rule.section)), page,
                                     md.RULES_INDEX, md.anchor_id(f"section-{section_key(rule)}")),
            "**Variants** " + (", ".join(md.link(md.cell(v.title), page, md.page_of_variant(v.id))
                                         for v in variants) or "none"),
            "**Testable** " + ("yes" if rule.testable else
                               f"no — {md.cell(rule.untestable_reason)}")]
    out += ["  \n".join(meta), ""]
    out += ["## Worked examples", ""]
    if cases:
        from riskspec.docsite.example_render import outcome
        for c in cases:
            out.append(f"- {md.link(f'{c.label}: {md.cell(c.title)}', page, c.page, c.anchor)}"
                       f" — {outcome(c, spec, page)}")
        out.append("")
    else:
        out.append(no_example_note("rule"))
    out += ["## For implementers", "",
            "The statement with its parameter names (each one a key of the variant's "
            "parameters):", "", md.paragraphs(rule.statement), ""]
    out += ["### Parameters", ""]
    if rule.parameters:
        out += [md.table(["Parameter", "Value", "Meaning"],
                         _param_rows(spec, rule.parameters, variants, page)), ""]
    else:
        out += ["This rule uses no parameter.", ""]
    if rule.options:
        out += ["Options: " + ", ".join(md.code(f"{k}={v}") for k, v in rule.options.items())
                + ".", ""]
    out += ["### Sources", ""]
    out += [f"- {citation(c, spec, page)}" for c in rule.sources] or ["No source states this rule."]
    out.append("")
    if rule.ambiguities:
        out += ["### Ambiguities", ""]
        for aid in rule.ambiguities:
            a = spec.ambiguities.get(aid)
            if a is None:
                out.append(f"- {md.code(aid)} *(not in the register)*")
                continue
            res = "; ".join(f"{md.cell(vid)}: {md.code(r.reading)}"
                            for vid, r in a.resolutions.items())
            out.append(f"- {md.link(f'{aid} — {md.cell(a.title)}', page, md.page_of_ambiguity(aid))}"
                       f" (resolved: {res})")
        out.append("")
    out += ["### In the reference engine", ""]
    if functions:
        out += ["The functions of the reference engine that cite this rule (its ID constant, "
                "in a check, a `@cites` decorator or a comment):", ""]
        out += [f"- {md.code(f.qualname)} — {md.code(f.where)}" for f in functions]
    else:
        out.append("No function of the reference engine cites this rule.")
    out.append("")
    if rule.notes:
        out += ["### Notes", "", md.paragraphs(rule.notes), ""]
    out += [f"*Defined in {md.code(rule.file)}. "
            f"In a terminal: {md.code('riskspec explain ' + rule.id)}.*", ""]
    return "\n".join(out)


def napoleon_notice(spec: m.Spec) -> str:
    """The notice every Napoléon page carries: how much of the board is reconstructed
    (counted by the code behind ``riskspec explain napoleon-europe``)."""
    from riskspec.boards import reconstruction_tally
    boards = [v.board for v in ordered_variants(spec) if v.family == "napoleon"]
    if not boards:
        return ""
    b = boards[0]
    t = reconstruction_tally(b)
    land = t.get("land border", (0, 0))
    return ('!!! warning "The Napoléon board is mostly reconstructed"\n'
            f"    {t['total'][0]} of {t['total'][1]} facts of the board "
            f"{md.code(b.id)} are reconstructed, not read from a source — among them "
            f"{land[0]} of {land[1]} land borders. The rules are read from the source; the "
            f"map (and the examples on it) may differ from the printed board. In a terminal: "
            f"{md.code('riskspec explain ' + b.id)}.")


def rule_home(spec: m.Spec, rule: m.Rule, sections: Mapping[str, str]) -> str:
    """Which part of its family's rules a rule belongs to (for navigation): for a family with
    a base game and extensions, the base game's own section, the extension's sections
    (named so in the section title, or used only by the extension's turn phases), optional
    rules, or the rules of every game."""
    family = rule.id.split(".")[0]
    variants = [v for v in ordered_variants(spec) if v.family == family]
    if len(variants) < 2:
        return ""
    base = variants[0]
    phases = [ph.get("id") for ph in base.phases]
    ext = [v for v in variants[1:] if v.extends == base.id
           and [ph.get("id") for ph in v.phases] != phases]  # a different game, not an edition
    if not ext:
        return ""
    title = sections.get(section_key(rule), "").lower()
    plain = {o for v in variants for o, opt in v.options.items() if not opt.ambiguity}
    if "optional" in title or any(k in plain for k in rule.options):
        return "Optional rules"
    if rule.section == "basic" or "basic" in title:
        return md.cell(base.title)
    in_phases = {v.id: {r.split(".")[1] for ph in v.phases for r in ph.get("rules", ())
                        if r.startswith(family + ".")} for v in variants}
    only_ext = any(rule.section in in_phases[e.id] for e in ext) and \
        rule.section not in in_phases[base.id]
    if "advanced" in title or only_ext:
        return md.cell(ext[0].title)
    return "Rules of every game"


def rules_index(spec: m.Spec, sections: dict[str, str]) -> str:
    page = md.RULES_INDEX
    out = ["# Rules", "",
           f"Every rule of every variant, {len(spec.rules)} in all, by section. Each rule's "
           "page opens with the rule as a player reads it, then gives the implementer's detail: "
           "the parameters it reads, the source passages it was read from, the ambiguities it "
           "touches and worked examples replayed on the reference engine. In a terminal: "
           "`riskspec rules --search WORD`.", ""]
    if not spec.rules:
        out += ["*No rules are written yet.*", ""]
    for family, secs in rules_by_family(spec).items():
        out += [md.heading(2, md.cell(family_title(spec, family)), f"family-{family}"), ""]
        if family == "napoleon":
            out += [napoleon_notice(spec), ""]
        for key, rules in secs.items():
            part = rule_home(spec, rules[0], sections)
            label = md.cell(sections.get(key, key)) + (f" ({part})" if part else "")
            out += [md.heading(3, label, f"section-{key}"), ""]
            rows = []
            for r in rules:
                marks = []
                if not r.testable:
                    marks.append("untestable")
                if r.reconstructed:
                    marks.append("reconstructed")
                rows.append([md.link(md.cell(r.title), page, md.page_of_rule(r.id)),
                             md.code(r.id), ", ".join(marks)])
            out += [md.table(["Rule", "ID", "Marks"], rows), ""]
    return "\n".join(out)


SEARCH_BOOST = 4


def _readings_table(spec: m.Spec, a: m.Ambiguity, page: str) -> str:
    """The readings: a two-column summary (reading, chosen by), then each reading as its own
    block (statement, sources, basis, parameters) — readable on a phone as on a desktop,
    where a six-column table clipped its last column."""
    chosen = {r.id: [vid for vid, res in a.resolutions.items() if res.reading == r.id]
              for r in a.readings}

    def chosen_by(rid: str) -> str:
        return ", ".join(md.link(md.cell(spec.variants[v].title), page, md.page_of_variant(v))
                         if v in spec.variants else md.cell(v) for v in chosen[rid]) or "—"

    out = [md.table(["Reading", "Chosen by"],
                    [[f"[{md.code(r.id)}](#{md.anchor_id('reading-' + r.id)})", chosen_by(r.id)]
                     for r in a.readings]), ""]
    for r in a.readings:
        out += [md.heading(3, f"Reading {md.code(r.id)}", f"reading-{r.id}"), "",
                md.paragraphs(r.statement), ""]
        facts = [("Chosen by", chosen_by(r.id)),
                 ("Sources", "; ".join(citation(c, spec, page) for c in r.sources) or "—"),
                 ("Basis", md.cell(r.basis) if r.basis else ""),
                 ("Parameters", ", ".join(md.code(f"{k}={md.fmt_value(v)}")
                                          for k, v in r.parameters.items()))]
        out += [f"- **{k}:** {v}" for k, v in facts if v] + [""]
    return "\n".join(out)


def ambiguity_page(spec: m.Spec, a: m.Ambiguity, cases: list[Example]) -> str:
    page = md.page_of_ambiguity(a.id)
    # search: an ambiguity page answers a dispute ("fortify chain"); weighed above the rule
    # pages that match one of its words (Material's per-page boost)
    out = ["---", "search:", f"  boost: {SEARCH_BOOST}", "---", "", f"# {md.cell(a.title)}", ""]
    fam = a.id.split(".")[0]
    if any(v.family == "napoleon" for v in spec.variants.values() if v.family == fam):
        out += [napoleon_notice(spec), ""]
    out += [f"**Question.** {md.paragraphs(a.question)}", "",
            f"Ambiguity {md.code(a.id)} · play any reading with "
            f"{md.code('--option ' + a.id + '=READING')}.", ""]
    if a.rules:
        out += ["**Rules.** " + ", ".join(
            md.link(md.cell(spec.rules[r].title), page, md.page_of_rule(r))
            if r in spec.rules else md.code(r) for r in a.rules), ""]
    if not a.testable:
        out += ["*Not testable: the readings cannot be told apart by play.*", ""]
    out += ["## The readings", "", _readings_table(spec, a, page), "",
            "## Resolution per variant", ""]
    for vid, res in a.resolutions.items():
        label = md.link(md.cell(spec.variants[vid].title), page, md.page_of_variant(vid)) \
            if vid in spec.variants else md.cell(vid)
        out.append(f"- {label}: {md.code(res.reading)} — {md.cell(res.why)}")
    out += ["", "## Examples whose outcome depends on the reading", ""]
    out += _differing(spec, a, cases, page)
    out += ["", f"*Defined in {md.code(a.file)}.*", ""]
    return "\n".join(out)


def ambiguity_register(spec: m.Spec, by_id: Mapping[str, list[Example]]) -> str:
    page = md.AMBIGUITIES_PAGE
    out = ["# Ambiguity register", "",
           "Every point where the rule texts disagree or leave a question open. Each has its "
           "own page: the question, the readings side by side with the sources that support "
           "each, the reading each variant takes and why, and the worked examples whose outcome "
           "differs between readings. Every ambiguity is also a game option named by its ID, so "
           "an engine can play any reading: `--option ID=READING`.", ""]
    if not spec.ambiguities:
        out += ["*No ambiguities are recorded yet.*", ""]
    fams: dict[str, list[m.Ambiguity]] = {}
    for a in spec.ambiguities.values():
        fams.setdefault(a.id.split(".")[0], []).append(a)
    for fam, ambs in fams.items():
        out += [md.heading(2, md.cell(family_title(spec, fam)), f"family-{fam}"), ""]
        rows = []
        for a in ambs:
            res = ", ".join(sorted({md.code(r.reading) for r in a.resolutions.values()}))
            n = len(by_id.get(a.id, []))
            rows.append([f'<span id="{md.anchor_id(a.id)}"></span>'
                         + md.link(md.cell(a.title), page, md.page_of_ambiguity(a.id)),
                         md.code(a.id), str(len(a.readings)), res or "—", str(n)])
        out += [md.table(["Question", "ID", "Readings", "Chosen", "Examples"], rows), ""]
    return "\n".join(out)


def _reading_of(spec: m.Spec, a: m.Ambiguity, case: Example) -> str | None:
    if case.reading and case.reading[0] == a.id:
        return case.reading[1]
    if a.id in case.options:
        return str(case.options[a.id])
    v = spec.variants.get(case.variant or "")
    if v is not None and a.id in v.options:
        return v.options[a.id].default
    return None


def _differing(spec: m.Spec, a: m.Ambiguity, cases: list[Example], page: str) -> list[str]:
    from riskspec.docsite.example_render import outcome
    if not cases:
        return [no_example_note("ambiguity")]
    rows = []
    for c in cases:
        rows.append([md.code(_reading_of(spec, a, c) or "?"),
                     md.link(f"{c.label}: {md.cell(c.title)}", page, c.page, c.anchor),
                     outcome(c, spec, page)])
    readings = {r[0] for r in rows}
    lines = [md.table(["Reading", "Example", "Outcome on the reference engine"], rows), ""]
    if len(readings) < 2:
        lines.append("*Only one reading has an example so far: the contrast is still missing.*")
    return lines


LANGUAGES = {"en": "English", "fr": "French", "it": "Italian", "pt": "Portuguese",
             "de": "German", "es": "Spanish", "nl": "Dutch"}


def sources_page(spec: m.Spec) -> str:
    page = md.SOURCES_PAGE
    cited: dict[str, set[str]] = {}
    for r in spec.rules.values():
        for c in r.sources:
            cited.setdefault(c.source, set()).add(r.id)
    for a in spec.ambiguities.values():
        for rd in a.readings:
            for c in rd.sources:
                cited.setdefault(c.source, set()).add(a.id)
    out = ["# Sources", "",
           "The rule texts the specification was read from. They are informal, partly "
           "machine-translated and sometimes garbled, so the specification states every rule in "
           "its own words and cites the passage it was read from: the source ID plus the "
           "passage's heading or first words (e.g. `classic-en` § “3. Fortifying”). The texts "
           "themselves are not published with riskspec; this page says what each one is.", ""]
    rows = [[md.link(md.code(s.id), page, page, md.anchor_id(s.id)),
             LANGUAGES.get(s.language, s.language), md.cell(s.edition or s.title),
             str(len(cited.get(s.id, ())))] for s in spec.sources.values()]
    if rows:
        out += [md.table(["Source", "Language", "Edition", "Cited by"], rows), ""]
    for s in spec.sources.values():
        used = sorted(cited.get(s.id, ()))
        rules = [x for x in used if x in spec.rules]
        ambs = [x for x in used if x in spec.ambiguities]
        out += [md.heading(2, f"{md.cell(s.title)}", s.id), ""]
        facts = [["Source ID", md.code(s.id)],
                 ["Language", LANGUAGES.get(s.language, s.language)]]
        for label, value in (("Edition", s.edition), ("What it covers", s.coverage),
                             ("How complete", s.completeness), ("Reliability", s.reliability)):
            if value:
                facts.append([label, md.cell(value)])
        facts.append(["File", md.code(s.file)])
        for label, value in facts:
            out += [label, f":   {value}", ""]
        if rules:
            out += [f"Cited by {len(rules)} rule(s): " + ", ".join(
                md.link(md.cell(spec.rules[r].title), page, md.page_of_rule(r))
                for r in rules) + ".", ""]
        if ambs:
            out += [f"Supports readings of {len(ambs)} ambiguit(ies): " + ", ".join(
                md.link(md.cell(spec.ambiguities[a].title), page, md.page_of_ambiguity(a))
                for a in ambs) + ".", ""]
        if not used:
            out += ["Nothing cites it yet.", ""]
    return "\n".join(out)


def rule_pages(spec: m.Spec, by_id: Mapping[str, list[Example]]) -> Pages:
    sections = section_titles(spec)
    pages: Pages = {md.RULES_INDEX: rules_index(spec, sections),
                    md.AMBIGUITIES_PAGE: ambiguity_register(spec, by_id),
                    md.SOURCES_PAGE: sources_page(spec)}
    for a in spec.ambiguities.values():
        pages[md.page_of_ambiguity(a.id)] = ambiguity_page(spec, a, by_id.get(a.id, []))
    from riskspec.reference.citations import rule_functions
    cited = rule_functions()
    for r in spec.rules.values():
        pages[md.page_of_rule(r.id)] = rule_page(spec, r, by_id.get(r.id, []), sections,
                                                 cited.get(r.id, ()))
    return pages

"""Pages about variants and maps, and the pages that hold the worked examples."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from riskspec import model as m
from riskspec.boards import board_to_dot, board_to_json
from riskspec.docsite import md
from riskspec.docsite.boardsvg import draw, marks_reconstruction
from riskspec.docsite.example_render import pictures, render_case
from riskspec.docsite.examples import Example
from riskspec.docsite.pages_rules import (
    citation,
    napoleon_notice,
    ordered_variants,
    resolved_params,
    section_key,
    section_titles,
)
from riskspec.wording import span

Pages = dict[str, str]


# --------------------------------------------------------------------------- variants

def _condition(cond: Any) -> str:
    """A mission condition in words (the condition language is small and closed)."""
    if not isinstance(cond, dict) or len(cond) != 1:
        return md.code(cond)
    (kind, body), = cond.items()
    if kind in ("all", "any"):
        joiner = " and " if kind == "all" else " or "
        return "(" + joiner.join(_condition(c) for c in body) + ")"
    if kind == "destroy_player":
        return (f"destroy the {md.code(body.get('colour'))} player; otherwise "
                f"{_condition(body.get('fallback'))}")
    parts = ", ".join(f"{md.cell(k)} {md.code(v)}" for k, v in body.items())
    return f"{md.cell(kind.replace('_', ' '))}: {parts}"


def variant_page(spec: m.Spec, v: m.Variant) -> str:
    page = md.page_of_variant(v.id)
    params = resolved_params(v)
    notice = [napoleon_notice(spec), ""] if v.family == "napoleon" else []
    out = [f"# {md.cell(v.title)}", "", *notice, md.paragraphs(v.description), "",
           md.table(["Property", "Value"], [
               ["Variant ID", md.code(v.id)],
               ["Extends", md.link(v.extends, page, md.page_of_variant(v.extends))
                if v.extends and v.extends in spec.variants else md.cell(v.extends) or "—"],
               ["Players", span(v.min_players, v.max_players)],
               ["Colours", ", ".join(md.code(c) for c in v.colours) or "—"],
               ["Map", md.link(md.cell(v.board.title), page, md.page_of_map(v.board.id))],
               ["Rules", str(len(v.rules))], ["Ambiguities", str(len(v.ambiguities))],
               ["Sources", ", ".join(md.link(md.code(s), page, md.SOURCES_PAGE, md.anchor_id(s))
                                     if s in spec.sources else md.code(s) for s in v.sources)],
               ["Defined in", md.code(v.file)],
           ]), ""]
    out += ["## Turn structure", ""]
    if v.phases:
        for i, ph in enumerate(v.phases, 1):
            mand = "mandatory" if ph.get("mandatory") else "optional"
            rules = [md.link(md.code(r), page, md.page_of_rule(r)) if r in spec.rules else md.code(r)
                     for r in ph.get("rules", ())]
            out.append(f"{i}. **{md.cell(ph.get('title'))}** ({md.code(ph.get('id'))}, {mand})"
                       + (" — rules " + ", ".join(rules) if rules else ""))
        out.append("")
    else:
        out += ["*No phases are listed.*", ""]
    out += ["## Parameters", "",
            "Every number and policy the reference engine reads, with this variant's defaults "
            "(ambiguity resolutions and default options applied).", ""]
    rows = []
    for k in sorted(v.parameters):
        p = v.parameters[k]
        desc = md.cell(p.description)
        if p.allowed:
            desc += " Allowed: " + ", ".join(md.code(a) for a in p.allowed) + "."
        srcs = "<br>".join(citation(c, spec, page) for c in p.sources)
        value = params.get(k, p.value)
        shown = md.code(value) + (f" (file: {md.code(p.value)})" if value != p.value else "")
        rows.append([md.code(k), shown, desc, srcs or "—"])
    out += [md.table(["Parameter", "Value", "Meaning", "Sources"], rows) if rows
            else "*No parameters.*", ""]
    out += ["## Options", "",
            "Choices a game is created with. Every ambiguity is an option too, named by its ID.", ""]
    rows = []
    for o in v.options.values():
        name = (md.link(md.code(o.id), page, md.page_of_ambiguity(o.id))
                if o.ambiguity else md.code(o.id))
        choices = "<br>".join(
            f"{md.code(c.id)}: " + (md.cell(c.description) if c.description else "")
            + (" — sets " + ", ".join(md.code(f"{pk}={md.fmt_value(pv)}")
                                      for pk, pv in c.parameters.items()) if c.parameters else "")
            for c in o.choices.values())
        rows.append([name, md.cell(o.description), md.code(o.default), choices])
    out += [md.table(["Option", "What it decides", "Default", "Choices"], rows) if rows
            else "*No options.*", ""]
    if v.missions:
        out += ["## Missions", ""]
        rows = [[md.code(ms.id), md.cell(ms.title), _condition(ms.condition),
                 md.cell(ms.level) or "—", md.cell(str(ms.provenance))]
                for ms in v.missions.values()]
        out += [md.table(["Mission", "Title", "Condition", "Level", "Provenance"], rows), ""]
        for d in v.mission_decks.values():
            out.append(f"- Deck {md.code(d.id)} — {md.cell(d.title)}: "
                       + ", ".join(md.code(c) for c in d.cards))
        out.append("")
    out += ["## Rules", ""]
    titles = section_titles(spec)
    section = None
    for r in v.rules.values():
        if section_key(r) != section:
            section = section_key(r)
            out += ["", f"**{md.cell(titles.get(section, section))}**", ""]
        out.append(f"- {md.link(md.code(r.id), page, md.page_of_rule(r.id))} — {md.cell(r.title)}")
    if not v.rules:
        out.append("*No rules are written for this variant yet.*")
    out.append("")
    return "\n".join(out)


def variants_index(spec: m.Spec) -> str:
    page = "variants/index.md"
    rows = [[md.link(md.cell(v.title), page, md.page_of_variant(v.id)), md.code(v.id),
             span(v.min_players, v.max_players),
             md.link(md.cell(v.board.title), page, md.page_of_map(v.board.id)),
             str(len(v.rules)), str(len(v.ambiguities))] for v in ordered_variants(spec)]
    return "\n".join(["# Variants", "", "Each variant is a complete, playable rule set: its "
                      "map, turn structure, parameters, options and rules.", "",
                      napoleon_notice(spec), "",
                      md.table(["Variant", "ID", "Players", "Map", "Rules", "Ambiguities"], rows)
                      if rows else "*No variants.*", ""])


# --------------------------------------------------------------------------- maps

class _Prov:
    """Collects the distinct provenances of a board, so tables can point to one list."""

    def __init__(self, page: str) -> None:
        self.page = page
        self.entries: dict[str, m.Provenance] = {}

    def ref(self, p: m.Provenance, spec: m.Spec) -> str:
        if p.reconstructed is None:
            return citation(m.Citation(p.source or "?", p.passage or "?"), spec, self.page)
        key = p.name or f"note-{len([k for k in self.entries if k.startswith('note-')]) + 1}"
        for k, known in self.entries.items():
            if known == p:
                key = k
                break
        self.entries[key] = p
        return "reconstructed, " + md.link(md.code(key), self.page, self.page,
                                           md.anchor_id(f"prov-{key}"))

    def section(self) -> list[str]:
        out = []
        for k, p in self.entries.items():
            out += [md.heading(3, md.code(k), f"prov-{k}"), "", md.paragraphs(p.reconstructed), ""]
            if p.basis:
                out += [f"**Basis.** {md.paragraphs(p.basis)}", ""]
        return out


def map_page(spec: m.Spec, b: m.Board) -> str:
    page = md.page_of_map(b.id)
    prov = _Prov(page)
    used_by = [v for v in spec.variants.values() if v.board.id == b.id]
    notice = [napoleon_notice(spec), ""] if any(v.family == "napoleon" for v in used_by) else []
    out = [f"# {md.cell(b.title)}", "", *notice, '<div class="rs-scroll" markdown>', "",
           f"[![{md.cell(b.title)}: every territory and zone at its approximate place, "
           f"coloured by {'empire' if any(g.kind == 'empire' for g in b.groups) else 'continent'}"
           f", joined by its borders]({b.id}.svg){{ .rs-map }}]({b.id}.svg)", "", "</div>", "",
           ("Places sit at the layout hints of the map file (approximate positions, not "
            "rules); land borders are solid, sea lines and sea borders dashed"
            + ("; reconstructed borders are orange and dotted — a border drawn in grey or "
               "blue is stated by a source" if marks_reconstruction(b) else "")
            + ". The tables below are the same facts in text." if b.layout else
            "Laid out from the borders alone (this map has no layout hints)."), "",
           f"Drawn from the data on every build. Download: [SVG]({b.id}.svg) · "
           f"[JSON]({b.id}.json) (as `riskspec map {used_by[0].id if used_by else b.id}`) · "
           f"[Graphviz]({b.id}.dot).", "",
           md.table(["Property", "Value"], [
               ["Map ID", md.code(b.id)],
               ["Used by", ", ".join(md.link(md.cell(v.title), page, md.page_of_variant(v.id))
                                     for v in used_by) or "—"],
               ["Territories", str(len(b.territories))], ["Groups", str(len(b.groups))],
               ["Maritime zones", str(len(b.zones))], ["Routes", str(len(b.routes))],
               ["Borders", str(len(b.borders))], ["Cards", str(len(b.cards))],
               ["Provenance", prov.ref(b.provenance, spec)], ["Defined in", md.code(b.file)],
           ]), ""]
    out += ["## Groups", ""]
    rows = []
    for g in b.groups:
        cap = (f"{md.cell(b.territory(g.capital.territory).name)}: +{g.capital.bonus} with "
               f"{g.capital.territories} territories" if g.capital
               and g.capital.territory in b.territory_index else "—")
        rows.append([md.cell(g.name), md.code(g.id), md.cell(g.kind), str(g.bonus),
                     str(len(g.territories)), cap, prov.ref(g.provenance, spec)])
    out += [md.table(["Group", "ID", "Kind", "Bonus", "Territories", "Capital", "Provenance"],
                     rows), ""]
    out += ["## Territories", ""]
    rows = []
    for t in b.territories:
        neigh = ", ".join(_place_name(b, n) for n in b.adjacency.get(t.id, ()))
        rows.append([md.cell(t.name),
                     md.code(t.id), md.cell(t.group), ", ".join(md.cell(a) for a in t.aliases),
                     neigh, prov.ref(t.provenance, spec)])
    out += [md.table(["Territory", "ID", "Group", "Aliases", "Neighbours", "Provenance"], rows), ""]
    if b.zones:
        out += ["## Maritime zones", ""]
        rows = [[md.cell(z.name), md.code(z.id),
                 ", ".join(_place_name(b, n) for n in b.adjacency.get(z.id, ())),
                 prov.ref(z.provenance, spec)] for z in b.zones]
        out += [md.table(["Zone", "ID", "Neighbours", "Provenance"], rows), ""]
    if b.routes:
        out += ["## Routes", ""]
        rows = [[md.cell(r.name), md.code(r.id), ", ".join(_place_name(b, z) for z in r.zones),
                 str(r.bonus), prov.ref(r.provenance, spec)] for r in b.routes]
        out += [md.table(["Route", "ID", "Zones", "Bonus", "Provenance"], rows), ""]
    out += ["## Borders", "", "Each border once; borders are undirected.", ""]
    rows = [[_place_name(b, x.a), _place_name(b, x.b), md.code(x.kind),
             prov.ref(x.provenance, spec)] for x in b.borders]
    out += [md.table(["From", "To", "Kind", "Provenance"], rows), ""]
    out += ["## Cards", "", f"Symbols: {', '.join(md.code(s) for s in b.symbols)} (and "
            f"{md.code('wild')}).", ""]
    rows = [[md.code(c.id), _place_name(b, c.territory) if c.territory else "—", md.code(c.symbol),
             md.cell((c.effect or {}).get("text") or (c.effect or {}).get("kind")) or "—",
             prov.ref(c.provenance, spec)] for c in b.cards]
    out += [md.table(["Card", "Territory", "Symbol", "Effect", "Provenance"], rows), ""]
    out += ["## Provenance", "",
            "Where the map's facts come from when no rule text states them: each reconstruction "
            "with its basis.", ""] + (prov.section() or ["Every entry cites a source passage.", ""])
    return "\n".join(out)


def _place_name(b: m.Board, pid: str) -> str:
    if pid in b.territory_index:
        return md.cell(b.territory(pid).name)
    for z in b.zones:
        if z.id == pid:
            return f"*{md.cell(z.name)}*"
    return md.code(pid)


def maps_index(spec: m.Spec) -> str:
    page = "maps/index.md"
    rows = [[md.link(md.cell(b.title), page, md.page_of_map(b.id)), md.code(b.id),
             str(len(b.territories)), str(len(b.groups)), str(len(b.zones)), str(len(b.borders))]
            for b in spec.boards.values()]
    return "\n".join(["# Maps", "", napoleon_notice(spec), "", md.table(["Map", "ID", "Territories", "Groups", "Zones",
                                               "Borders"], rows) if rows else "*No maps.*", ""])


def map_files(b: m.Board) -> dict[str, str]:
    """The non-Markdown files of a map page: its picture and its exports."""
    return {f"maps/{b.id}.svg": draw(b, title=f"{b.title}: territories, zones and borders",
                                      ident=f"map-{b.id}"),
            f"maps/{b.id}.json": json.dumps(board_to_json(b), indent=2, sort_keys=True) + "\n",
            f"maps/{b.id}.dot": board_to_dot(b)}


# --------------------------------------------------------------------------- examples

def example_pages(spec: m.Spec, cases: list[Example]) -> tuple[Pages, dict[str, str]]:
    """One page per variant and section, the index, and every example's two pictures."""
    groups: dict[str, list[Example]] = {}
    for c in cases:
        groups.setdefault(c.page, []).append(c)
    titles = section_titles(spec)
    pages: Pages = {}
    files: dict[str, str] = {}
    index = ["# Worked examples", "",
             f"{len(cases)} numbered examples: the conformance cases, each replayed on the "
             "reference engine when the site is built. Each shows the position before and "
             "after as a picture and as a table, every step with the events the engine "
             "reported (or the rejection and the rule behind it), and the command that replays "
             "it. The anchor of an example is permanent (it is made from the case ID); its "
             "number may change when cases are added.", ""]
    if not groups:
        index += ["*No conformance vectors exist yet.*", ""]
    by_variant: dict[str, list[tuple[str, list[Example]]]] = {}
    for page, pcases in groups.items():
        by_variant.setdefault(pcases[0].variant or "other", []).append((page, pcases))
    order = [v.id for v in ordered_variants(spec)]
    for vid in sorted(by_variant, key=lambda v: (order.index(v) if v in order else len(order), v)):
        vtitle = spec.variants[vid].title if vid in spec.variants else vid
        index += [md.heading(2, md.cell(vtitle), f"examples-{vid}"), ""]
        rows = []
        for page, pcases in by_variant[vid]:
            sec = titles.get(pcases[0].section_key) or section_name(pcases[0].section)
            body = [f"# {md.cell(vtitle)}: {md.cell(sec)}", ""]
            if vid in spec.variants and spec.variants[vid].family == "napoleon":
                body += [napoleon_notice(spec), ""]
            body += [f"Examples {pcases[0].number}–{pcases[-1].number}. Pictures: owners as "
                     "colours, armies as numbers, the action as a red arrow, changed places "
                     "ringed in yellow; G, F, E, A: generals, fortifications, epidemics, "
                     "admirals; a zone's number is its ships. Each picture shows the part of "
                     "the board the example is about (across the dotted edge of the map where "
                     "the world goes on round the back); where the changes span the board, one "
                     "picture, \"Before → after\", tags each changed place with its before → "
                     "after.", ""]
            body += [render_case(c, page, spec, level=2) for c in pcases]
            pages[page] = "\n".join(body)
            rows.append([md.link(md.cell(sec), "examples/index.md", page),
                         f"{pcases[0].number}–{pcases[-1].number}", str(len(pcases))])
            for c in pcases:
                files.update(pictures(c, spec))
        index += [md.table(["Section", "Examples", "Count"], rows), ""]
    pages["examples/index.md"] = "\n".join(index)
    return pages, files


def section_name(section: str) -> str:
    return {"amb": "Ambiguities, reading by reading"}.get(section,
                                                          section.replace("-", " ").capitalize())


def board_pages(spec: m.Spec, cases: list[Example]) -> tuple[Pages, Mapping[str, str]]:
    pages: Pages = {"variants/index.md": variants_index(spec), "maps/index.md": maps_index(spec)}
    files: dict[str, str] = {}
    for v in spec.variants.values():
        pages[md.page_of_variant(v.id)] = variant_page(spec, v)
    for b in spec.boards.values():
        pages[md.page_of_map(b.id)] = map_page(spec, b)
        files.update(map_files(b))
    ep, ef = example_pages(spec, cases)
    pages.update(ep)
    files.update(ef)
    return pages, files

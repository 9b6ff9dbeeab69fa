"""The error codes page, written from the engine: the code lists of
:mod:`riskspec.reference.codes` (what each code means, what to do) and, read from the
engine's source by :mod:`riskspec.reference.citations`, the rules each code is raised citing
and the functions that raise it.  The same table as ``riskspec codes``."""

from __future__ import annotations

from collections.abc import Collection

from riskspec.docsite import md

PAGE = "codes.md"
#: more rules than this cited with one code are shown by section (``napoleon.effects.*``)
_MANY = 4


def _rules(rules: list[str], known: Collection[str]) -> str:
    by_section: dict[str, list[str]] = {}
    for rid in rules:
        by_section.setdefault(rid.rsplit(".", 1)[0], []).append(rid)
    out = []
    for section, ids in by_section.items():
        if len(ids) > _MANY:
            out.append(md.code(f"{section}.*") + f" ({len(ids)} rules)")
            continue
        out += [md.link(md.code(r), PAGE, md.page_of_rule(r)) if r in known else md.code(r)
                for r in ids]
    return ", ".join(out) or "—"


def code_anchor(code: str) -> str:
    return md.anchor_id(f"code-{code}")


def codes_page(known_rules: Collection[str]) -> dict[str, str]:
    from riskspec.reference.codes import table

    rows = table()
    out = ["# Error codes", "",
           "Every code the reference engine refuses an action with: the protocol's "
           "`error.code`, which the conformance suite compares (never the message). "
           "Generated from the engine — the code lists of `riskspec.reference.codes` and, "
           "read from its source, the rules each code is raised citing and the functions "
           "raising it. In a terminal: `riskspec codes` (and `riskspec codes CODE`).", "",
           "- **`invalid-action`**: the action is malformed. One parser serves both families, "
           "so the same input gets the same code in Classic and Napoléon.",
           "- **`illegal-action`**: the action is well formed but a rule forbids it now; the "
           "error also names the rule (`error.rule`).", ""]
    for kind, title in (("invalid-action", "Malformed actions (`invalid-action`)"),
                        ("illegal-action", "Rule refusals (`illegal-action`)")):
        mine = [r for r in rows if r["kind"] == kind]
        out += [f"## {title}", "",
                md.table(["Code", "Families", "Means", "What to do", "Rules cited"],
                         [[md.link(md.code(r["code"]), PAGE, PAGE, code_anchor(r["code"])),
                           ", ".join(r["families"]), md.cell(r["means"]), md.cell(r["todo"]),
                           _rules(r["rules"], known_rules)] for r in mine]), ""]
    out += ["## Where each code is raised", ""]
    for r in rows:
        out += [md.heading(3, md.code(r["code"]), code_anchor(r["code"])), "",
                f"{md.cell(r['means'])}. *Do:* {md.cell(r['todo'])}.", ""]
        out += [f"- {md.code(f)}" for f in r["functions"]]
        out.append("")
    return {PAGE: "\n".join(out)}

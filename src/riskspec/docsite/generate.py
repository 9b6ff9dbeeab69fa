"""Spec + vectors → a ready-to-build mkdocs project (Markdown pages and ``mkdocs.yml``).

Nothing is hand-copied: every page about a rule, ambiguity, variant or map is
written from the loaded specification on each build, and worked examples from
the conformance vectors. The hand-written pages (home, getting started,
implementer's guide, formats) and the ``mkdocs.yml`` template come from the
checkout's ``docs/`` folder; a hand-written page may contain these markers,
replaced at build time:

``<!-- riskspec:variants -->``  a table of the variants
``<!-- riskspec:schemas -->``   a table of the file formats (from ``schemas/*.json``)
``<!-- riskspec:counts -->``    one line: how many variants, rules, ambiguities, maps, examples
``<!-- riskspec:napoleon-notice -->``  the notice that the Napoléon board is mostly reconstructed
``<!-- riskspec:link PAGE | LABEL -->``  a link to PAGE if the site has it, else LABEL alone
                                  (for pages other people are still writing)
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

import riskspec
from riskspec import model as m
from riskspec.docsite import md
from riskspec.docsite.cliref import PAGE as CLI_PAGE
from riskspec.docsite.cliref import cli_page
from riskspec.docsite.examples import Example, cases_by_id, load_cases, with_traces
from riskspec.docsite.odds import odds_pages
from riskspec.docsite.pages_actions import PAGE as ACTIONS_PAGE
from riskspec.docsite.pages_actions import actions_page
from riskspec.docsite.pages_board import board_pages, section_name
from riskspec.docsite.pages_codes import PAGE as CODES_PAGE
from riskspec.docsite.pages_codes import codes_page
from riskspec.docsite.pages_implementations import PAGE as IMPLEMENTATIONS_PAGE
from riskspec.docsite.pages_implementations import implementations_page
from riskspec.docsite.pages_rules import (
    family_title,
    napoleon_notice,
    ordered_variants,
    rule_home,
    rule_pages,
    rules_by_family,
    section_titles,
)
from riskspec.errors import RiskspecError
from riskspec.wording import count_of, spec_size

MARKER = ".riskspec-docs"  # a folder holding it was made by us and may be wiped
HAND_WRITTEN = ["index.md", "getting-started.md", "implementers.md", "formats.md"]


class DocsError(RiskspecError):
    """The documentation cannot be generated or built (one clear line for the user)."""


@dataclass
class Generated:
    project: Path  # the folder with mkdocs.yml and docs/
    pages: dict[str, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    @property
    def config(self) -> Path:
        return self.project / "mkdocs.yml"

    @property
    def docs_dir(self) -> Path:
        return self.project / "docs"


def hand_written_dir() -> Path | None:
    """The hand-written pages and ``mkdocs.yml``: the checkout's ``docs/`` when running from
    one (editable install), else the copy installed with the package."""
    found = checkout_docs_dir()
    if found is not None:
        return found
    try:
        packaged = Path(str(resources.files("riskspec.handbook")))
    except (ModuleNotFoundError, TypeError):
        return None
    return packaged if (packaged / "mkdocs.yml").is_file() else None


def checkout_docs_dir() -> Path | None:
    """``docs/`` of the source checkout this package runs from (editable install), if any."""
    here = Path(riskspec.__file__).resolve()
    for parent in here.parents:
        cand = parent / "docs"
        if (cand / "mkdocs.yml").is_file():
            return cand
        if (parent / "pyproject.toml").is_file():
            break
    return None


def _schemas_table() -> str:
    try:
        folder = Path(str(resources.files("riskspec.schemas")))
    except ModuleNotFoundError:
        return "*The schemas are not installed.*"
    rows = []
    for path in sorted(folder.glob("*.schema.json")):
        try:
            s = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            continue
        fmt = (s.get("properties", {}).get("format", {}) or {}).get("const", "")
        rows.append([md.code(fmt) if fmt else "—", md.cell(s.get("title", path.stem)),
                     md.code(f"schemas/{path.name}"), md.cell(s.get("description", ""))])
    return md.table(["Format", "Title", "Schema", "What it holds"], rows) if rows \
        else "*No schemas found.*"


def _parameter_ranges() -> str:
    """Per family, every parameter the engine reads with its type and range (from
    ``schemas/parameters.schema.json``, the table ``riskspec validate`` checks against)."""
    from riskspec.loading.params import get_family_tables, get_range_text

    out = []
    for family, table in get_family_tables().items():
        rows = [[md.code(name), md.cell(get_range_text(schema))]
                for name, schema in table["properties"].items()]
        out.append(f"### {family.capitalize()} ({len(rows)} parameters)\n\n"
                   + md.table(["Parameter", "Type and range"], rows))
    return "\n\n".join(out)


def _variants_table(spec: m.Spec, page: str) -> str:
    rows = [[md.link(md.cell(v.title), page, md.page_of_variant(v.id)), md.code(v.id),
             md.cell(v.description)] for v in ordered_variants(spec)]
    return md.table(["Variant", "ID", "Description"], rows) if rows else "*No variants yet.*"


_LINK = re.compile(r"<!--\s*riskspec:link\s+(\S+?)\s*\|\s*(.*?)\s*-->")


def _fill(text: str, spec: m.Spec, cases: list[Example], page: str, known: set[str]) -> str:
    counts = f"{spec_size(spec)}, {count_of(len(cases), 'worked example')}"

    def link(mt: re.Match[str]) -> str:
        target, label = mt.group(1), mt.group(2)
        return md.link(label, page, target) if target in known else label

    text = _LINK.sub(link, text)
    return (text.replace("<!-- riskspec:variants -->", _variants_table(spec, page))
                .replace("<!-- riskspec:schemas -->", _schemas_table())
                .replace("<!-- riskspec:parameter-ranges -->", _parameter_ranges())
                .replace("<!-- riskspec:counts -->", counts)
                .replace("<!-- riskspec:napoleon-notice -->", napoleon_notice(spec)))


def _rules_nav(spec: m.Spec) -> list[Any]:
    """Rules by family (variant) → part (basic game, extension, optional) → section → rule."""
    sections = section_titles(spec)
    nav: list[Any] = ["rules/index.md"]
    families = rules_by_family(spec)
    for family, secs in families.items():
        parts: dict[str, list[Any]] = {}
        for key, rules in secs.items():
            entry = {sections.get(key, key): [{r.title: md.page_of_rule(r.id)} for r in rules]}
            parts.setdefault(rule_home(spec, rules[0], sections), []).append(entry)
        fam_nav: list[Any] = []
        for part, entries in parts.items():
            fam_nav += entries if not part or len(parts) == 1 else [{part: entries}]
        nav += fam_nav if len(families) == 1 else [{family_title(spec, family): fam_nav}]
    return nav


def _examples_nav(spec: m.Spec, pages: Mapping[str, str]) -> list[Any]:
    nav: list[Any] = ["examples/index.md"]
    titles = section_titles(spec)
    for v in [*ordered_variants(spec), None]:
        vid = v.id if v is not None else "other"
        prefix = f"examples/{md.anchor_id(vid)}/"
        mine = [p for p in pages if p.startswith(prefix)]
        if not mine:
            continue
        entries = []
        for p in mine:
            sec = p[len(prefix):-3]
            key = f"{v.family if v is not None else vid}.{sec}"
            entries.append({titles.get(key) or section_name(sec): p})
        nav.append({v.title if v is not None else "Other": entries})
    return nav


def _ambiguities_nav(spec: m.Spec) -> list[Any]:
    nav: list[Any] = [md.AMBIGUITIES_PAGE]
    fams: dict[str, list[Any]] = {}
    for a in spec.ambiguities.values():
        fams.setdefault(a.id.split(".")[0], []).append({a.title: md.page_of_ambiguity(a.id)})
    for fam, entries in fams.items():
        nav.append({family_title(spec, fam): entries})
    return nav


def _nav(spec: m.Spec, pages: Mapping[str, str], extra_hand: list[str]) -> list[Any]:
    nav: list[Any] = [
        {"Home": "index.md"}, {"Getting started": "getting-started.md"},
        {"Variants": ["variants/index.md"] + [{v.title: md.page_of_variant(v.id)}
                                              for v in ordered_variants(spec)]},
        {"Rules": _rules_nav(spec)},
        {"Ambiguity register": _ambiguities_nav(spec)},
        {"Worked examples": _examples_nav(spec, pages)},
        {"Maps": ["maps/index.md"] + [{b.title: md.page_of_map(b.id)}
                                      for b in spec.boards.values()]},
        {"Sources": md.SOURCES_PAGE},
        {"Implementer's guide": "implementers.md"},
        *([{"Implementations": IMPLEMENTATIONS_PAGE}] if IMPLEMENTATIONS_PAGE in pages else []),
        *([{"Protocol": "protocol.md"}] if "protocol.md" in extra_hand else []),
        *([{"Actions and events": ACTIONS_PAGE}] if ACTIONS_PAGE in pages else []),
        *([{"Error codes": CODES_PAGE}] if CODES_PAGE in pages else []),
        {"File formats": "formats.md"},
        *([{"Position notation": "notation.md"}] if "notation.md" in extra_hand else []),
        *([{"Game viewer": "viewer/index.md"}] if "viewer/index.md" in pages else []),
        *([{"Command-line reference": CLI_PAGE}] if CLI_PAGE in pages else []),
    ]
    if "odds.md" in pages:
        nav.append({"Battle odds": "odds.md"})
    if CHANGELOG_PAGE in pages:
        nav.append({"Changelog": CHANGELOG_PAGE})
    nav += [p for p in extra_hand if p not in ("protocol.md", "notation.md")]
    return nav


CHANGELOG_PAGE = "changelog.md"


def changelog_page(docs_src: Path) -> dict[str, str]:
    """``{"changelog.md": text}`` from the checkout's ``CHANGELOG.md`` (beside ``docs/``), or
    nothing when there is none (an installed package)."""
    src = docs_src.parent / "CHANGELOG.md"
    if not src.is_file():
        return {}
    text = src.read_text(encoding="utf-8")
    lines = text.splitlines()
    head = next((i for i, ln in enumerate(lines) if ln.startswith("# ")), None)
    note = ["", "*Generated from `CHANGELOG.md` on every build.*", ""]
    body = lines[:head + 1] + note + lines[head + 1:] if head is not None else \
        ["# Changelog", *note, *lines]
    return {CHANGELOG_PAGE: "\n".join(body) + "\n"}


def _prepare(project: Path) -> None:
    if project.exists():
        if not (project / MARKER).exists() and any(project.iterdir()):
            raise DocsError(f"{project} exists and was not made by `riskspec docs`; "
                            f"choose an empty or new folder")
        shutil.rmtree(project)
    (project / "docs").mkdir(parents=True)
    (project / MARKER).write_text("made by riskspec docs; deleted and rewritten on each build\n")


def generate(spec: m.Spec, project: Path, *, docs_src: Path | None = None,
             vectors: Path | None = None, cases: list[Example] | None = None,
             progress: Callable[[str], None] | None = None,
             cli_parser: argparse.ArgumentParser | None = None) -> Generated:
    """Write the mkdocs project for ``spec`` into ``project`` (wiped first); with
    ``cli_parser``, the command-line reference page of that parser too."""
    say = progress or (lambda _msg: None)
    docs_src = docs_src or hand_written_dir()
    if docs_src is None or not (docs_src / "mkdocs.yml").is_file():
        raise DocsError("the hand-written pages (docs/ with mkdocs.yml) were not found; "
                        "reinstall riskspec or pass --docs DIR")
    result = Generated(project.resolve())
    if cases is None:
        cases = load_cases(vectors, result.warnings)
    if any(c.trace is None for c in cases):
        say(f"replaying {len(cases)} examples on the reference engine …")
        cases = with_traces(cases, result.warnings, progress=say)
    _prepare(result.project)
    say("writing the pages and drawing the pictures …")
    by_id = cases_by_id(cases)
    pages: dict[str, str] = {}
    files: dict[str, str] = {}
    from riskspec.docsite import viewer
    files.update(viewer.site_files(spec, cases, progress=say))
    pages[viewer.SITE_PAGE] = viewer.site_page()
    pages.update(rule_pages(spec, by_id))
    bp, bf = board_pages(spec, cases)
    pages.update(bp)
    files.update(bf)
    if cli_parser is not None:
        pages[CLI_PAGE] = cli_page(cli_parser)
    pages.update(actions_page(cases))
    pages.update(codes_page(spec.rules))
    pages.update(implementations_page(spec))
    pages.update(changelog_page(docs_src))
    op, of = odds_pages(spec)
    pages.update(op)
    files.update(of)
    extra_hand = []
    hand: dict[str, str] = {}
    for src in sorted(docs_src.rglob("*")):
        rel = src.relative_to(docs_src).as_posix()
        if src.is_dir() or rel == "mkdocs.yml" or rel.startswith((".", "__")) \
                or src.suffix in (".py", ".pyc"):
            continue
        if rel in pages or rel in files:
            raise DocsError(f"docs/{rel} has the name of a generated page; rename it")
        if src.suffix == ".md":
            hand[rel] = src.read_text(encoding="utf-8")
            if rel not in HAND_WRITTEN:
                extra_hand.append(rel)
        else:
            dest = result.docs_dir / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dest)
    known = set(pages) | set(hand) | set(files)
    for rel, raw in hand.items():
        pages[rel] = _fill(raw, spec, cases, rel, known)
    for name in HAND_WRITTEN:
        if name not in pages:
            raise DocsError(f"docs/{name} is missing from {docs_src}")
    for rel, content in {**pages, **files}.items():
        dest = result.docs_dir / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(content if content.endswith("\n") else content + "\n", encoding="utf-8")
    try:
        config = yaml.safe_load((docs_src / "mkdocs.yml").read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise DocsError(f"{docs_src / 'mkdocs.yml'} is not plain YAML: {exc}") from None
    config["docs_dir"] = "docs"
    config["nav"] = _nav(spec, pages, extra_hand)
    (result.project / "mkdocs.yml").write_text(
        "# Generated by `riskspec docs build` from docs/mkdocs.yml; do not edit.\n"
        + yaml.safe_dump(config, sort_keys=False, allow_unicode=True), encoding="utf-8")
    result.pages = pages
    return result

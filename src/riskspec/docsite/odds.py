"""HOOK — battle odds tables and plot, rendered once ``riskspec.reference.odds`` exists.

Nothing here computes odds: the numbers must come from the reference engine.
While ``riskspec.reference.odds`` is missing (or lacks the function below) the
site simply has no odds page.

Contract the odds module is expected to offer (any one variant at a time)::

    docs_odds(variant: riskspec.model.Variant) -> dict
        {"intro": str,                         # optional Markdown paragraph
         "tables": [{"title": str,             # e.g. "One roll: 3 dice against 2"
                     "header": [str, ...],
                     "rows": [[str | int | float, ...], ...]}, ...],
         "plot_svg": str | None}               # optional standalone SVG document

Floats are printed as percentages with one decimal. When no ``plot_svg`` is
given, the last table that is a grid of probabilities (a label column, then
numbers in [0, 1]) is drawn here as a heat map. Adapt this hook, not the odds
module, if the odds API ends up different.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from riskspec import model as m
from riskspec.docsite import md

PAGE = "odds.md"


def _provider() -> Any | None:
    try:
        mod = importlib.import_module("riskspec.reference.odds")
    except ImportError:
        return None
    fn = getattr(mod, "docs_odds", None)
    return fn if callable(fn) else None


def _percent(x: float, digits: int = 1) -> str:
    """A probability as a percentage that never shows 100 (0) unless it is exactly 1 (0)."""
    from riskspec.reference.odds import format_probability
    return format_probability(x, digits, percent=True)


def _fmt(x: Any) -> str:
    if isinstance(x, float):
        return _percent(x)
    return md.cell(x)


def _merged(tables: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Runs of tables with the same header become one table, each row led by the part of its
    table's title after the colon (six one-roll tables → one table of six matchups)."""
    out: list[dict[str, Any]] = []
    for t in tables:
        header = list(t.get("header") or [])
        title = str(t.get("title", ""))
        label = title.split(":", 1)[1].strip() if ":" in title else title
        prev = out[-1] if out else None
        if prev is not None and prev.get("_header") == header:
            prev["rows"] += [[label, *r] for r in t.get("rows", [])]
            prev["title"] = title.split(":", 1)[0] + ": every matchup"
            prev["merged"] = True
            continue
        out.append({"title": title, "header": header, "rows": list(t.get("rows", [])),
                    "_header": header, "_label": label, "merged": False})
    for t in out:
        if t["merged"]:
            first = len(t["_header"])
            t["header"] = ["dice", *t["_header"]]
            t["rows"] = [r if len(r) > first else [t["_label"], *r] for r in t["rows"]]
    return out


def odds_pages(spec: m.Spec) -> tuple[dict[str, str], dict[str, str]]:
    """(Markdown pages, other files); both empty when the odds module does not exist yet.

    One section per rule family; variants of a family whose odds are the same (the
    editions of Classic Risk) share one set of tables."""
    fn = _provider()
    if fn is None or not spec.variants:
        return {}, {}
    out = ["# Battle odds", "",
           "Exact probabilities computed by the reference engine (`riskspec odds`) from each "
           "variant's parameters, one section per rule family; variants with the same battle "
           "rules share their tables.", ""]
    files: dict[str, str] = {}
    families: dict[str, dict[str, tuple[Mapping[str, Any], list[m.Variant]]]] = {}
    for v in sorted(spec.variants.values(), key=lambda v: (v.family, v.extends is not None, v.id)):
        data = fn(v)
        if not isinstance(data, Mapping):
            continue
        key = json.dumps(data, sort_keys=True, default=str)
        fam = families.setdefault(v.family, {})
        fam.setdefault(key, (data, []))[1].append(v)
    from riskspec.docsite.pages_rules import family_title
    for family, groups in families.items():
        out += [md.heading(2, md.cell(family_title(spec, family)), f"odds-{family}"), ""]
        for data, variants in groups.values():
            names = ", ".join(md.link(md.cell(v.title), PAGE, md.page_of_variant(v.id))
                              for v in variants)
            if len(groups) > 1:
                out += [md.heading(3, md.cell(variants[0].title), f"odds-{variants[0].id}"), ""]
            out += [f"For {names}.", ""]
            for v in variants[0 if len(groups) == 1 else 1:]:
                if f"odds-{v.id}" != f"odds-{family}":  # old links per variant still land
                    out.append(f'<span id="odds-{v.id}"></span>')
            if data.get("intro"):
                out += [str(data["intro"]), ""]
            for tb in _merged(data.get("tables") or []):
                out += [f"**{md.cell(tb.get('title', ''))}**", "",
                        md.table([md.cell(h) for h in tb.get("header", [])],
                                 [[_fmt(c) for c in row] for row in tb.get("rows", [])]), ""]
            plot = data.get("plot_svg") or _heatmap_of(data.get("tables") or [])
            if plot:
                name = f"odds-{variants[0].id}.svg"
                files[name] = str(plot)
                out += [f"![Battle odds plot for {names}]({name})", ""]
    return {PAGE: "\n".join(out)}, files


def _grid(t: Mapping[str, Any]) -> bool:
    rows = t.get("rows") or []
    return bool(rows) and len(t.get("header") or []) > 2 and all(
        len(r) == len(t["header"]) and all(isinstance(c, float) and 0 <= c <= 1 for c in r[1:])
        for r in rows)


def _heatmap_of(tables: Sequence[Mapping[str, Any]]) -> str | None:
    grids = [t for t in tables if isinstance(t, Mapping) and _grid(t)]
    return heatmap(grids[-1]) if grids else None


def heatmap(t: Mapping[str, Any], cell: int = 46) -> str:
    """A grid of probabilities as an SVG heat map (rows top to bottom, columns left to right)."""
    header, rows = list(t["header"]), list(t["rows"])
    left, top = 70, 56
    w, h = left + cell * (len(header) - 1) + 10, top + cell * len(rows) + 10
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
           f'height="{h}" font-family="sans-serif" font-size="11" role="img">',
           f"<title>{escape(str(t.get('title', 'odds')))}</title>",
           f'<rect width="{w}" height="{h}" fill="#fff"/>',
           f'<text x="4" y="18" font-size="12" font-weight="bold">'
           f"{escape(str(t.get('title', '')).split(':')[0][:60])} (in %)</text>",
           f'<text x="4" y="{top - 8}" font-size="10">{escape(str(header[0]))}</text>']
    for j, col in enumerate(header[1:]):
        out.append(f'<text x="{left + cell * j + cell / 2}" y="{top - 8}" '
                   f'text-anchor="middle">{escape(str(col))}</text>')
    for i, row in enumerate(rows):
        y = top + cell * i
        out.append(f'<text x="{left - 6}" y="{y + cell / 2 + 4}" text-anchor="end">'
                   f"{escape(str(row[0]))}</text>")
        for j, p in enumerate(row[1:]):
            shade = round(255 - 200 * p)
            fill = f"rgb({shade},{shade},255)"
            ink = "#fff" if p > 0.6 else "#000"
            out.append(f'<rect x="{left + cell * j}" y="{y}" width="{cell}" height="{cell}" '
                       f'fill="{fill}" stroke="#fff"><title>{escape(str(row[0]))}, '
                       f'{escape(str(header[j + 1]))}: {escape(_percent(p))}</title></rect>'
                       f'<text x="{left + cell * j + cell / 2}" y="{y + cell / 2 + 4}" '
                       f'text-anchor="middle" fill="{ink}">{escape(_percent(p, 0)[:-2])}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"

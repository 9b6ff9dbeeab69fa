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

Floats are printed as percentages with one decimal. Adapt this hook, not the
odds module, if the odds API ends up different.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
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


def _fmt(x: Any) -> str:
    if isinstance(x, float):
        return f"{100 * x:.1f} %"
    return md.cell(x)


def odds_pages(spec: m.Spec) -> tuple[dict[str, str], dict[str, str]]:
    """(Markdown pages, other files); both empty when the odds module does not exist yet."""
    fn = _provider()
    if fn is None or not spec.variants:
        return {}, {}
    out = ["# Battle odds", "",
           "Exact probabilities computed by the reference engine (`riskspec odds`) from each "
           "variant's parameters.", ""]
    files: dict[str, str] = {}
    for v in spec.variants.values():
        data = fn(v)
        if not isinstance(data, Mapping):
            continue
        out += [md.heading(2, md.cell(v.title), f"odds-{v.id}"), ""]
        if data.get("intro"):
            out += [str(data["intro"]), ""]
        for t in data.get("tables") or []:
            out += [f"**{md.cell(t.get('title', ''))}**", "",
                    md.table([md.cell(h) for h in t.get("header", [])],
                             [[_fmt(c) for c in row] for row in t.get("rows", [])]), ""]
        if data.get("plot_svg"):
            name = f"odds-{v.id}.svg"
            files[name] = str(data["plot_svg"])
            out += [f"![Battle odds plot for {md.cell(v.title)}]({name})", ""]
    return {PAGE: "\n".join(out)}, files

"""Small Markdown helpers shared by the page writers: escaping, tables, links, values."""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

# the site's addresses live in riskspec.sitemap (the conformance reports link to them too);
# the page writers use them through this module
from riskspec.sitemap import AMBIGUITIES_PAGE as AMBIGUITIES_PAGE
from riskspec.sitemap import RULES_INDEX as RULES_INDEX
from riskspec.sitemap import SOURCES_PAGE as SOURCES_PAGE
from riskspec.sitemap import anchor_id as anchor_id
from riskspec.sitemap import page_of_ambiguity as page_of_ambiguity
from riskspec.sitemap import page_of_examples as page_of_examples
from riskspec.sitemap import page_of_map as page_of_map
from riskspec.sitemap import page_of_rule as page_of_rule
from riskspec.sitemap import page_of_variant as page_of_variant

_ESCAPE = re.compile(r"([\\`*_\[\]#|{}])")


def _literal(s: str) -> str:
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _ESCAPE.sub(r"\\\1", s)


def text(value: str | None, subst: Callable[[str], str | None] | None = None) -> str:
    """Prose from the spec as literal Markdown: no accidental emphasis, links or HTML.

    A span in backticks (```attack.ties```) becomes inline code — or, with ``subst``, what
    ``subst(span)`` returns for it (e.g. a parameter's value in words) unless that is None.
    """
    if not value:
        return ""
    parts = value.strip().split("`")
    if len(parts) % 2 == 0:  # an unpaired backtick: all literal
        return _literal(value.strip())
    out = []
    for i, part in enumerate(parts):
        if i % 2 == 0:
            out.append(_literal(part))
        else:
            shown = subst(part) if subst is not None else None
            out.append(shown if shown is not None else code(part))
    return "".join(out)


def paragraphs(value: str | None, subst: Callable[[str], str | None] | None = None) -> str:
    """Like :func:`text`, keeping blank-line paragraph breaks (single newlines fold)."""
    if not value:
        return ""
    pars = [" ".join(p.split()) for p in value.strip().split("\n\n")]
    return "\n\n".join(text(p, subst) for p in pars if p)


def cell(value: Any) -> str:
    """One table cell: escaped, single line."""
    if value is None or value == "":
        return ""
    return text(" ".join(str(value).split()))


def code(value: Any) -> str:
    """Inline code; pipes are replaced so the result is safe inside a table too."""
    s = value if isinstance(value, str) else fmt_value(value)
    s = s.replace("|", "¦").replace("\n", " ")
    ticks = "``" if "`" in s else "`"
    pad = " " if ticks == "``" else ""
    return f"{ticks}{pad}{s}{pad}{ticks}"


def fmt_value(value: Any) -> str:
    """A parameter value as the spec writes it (JSON-like, compact)."""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def table(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """A Markdown table; cells are used as given (escape them first)."""
    rows = list(rows)
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    for row in rows:
        out.append("| " + " | ".join(str(c) if c not in (None, "") else " " for c in row) + " |")
    return "\n".join(out)


def rel(from_page: str, to_page: str, anchor: str | None = None) -> str:
    """Relative link from one docs page (path under docs/) to another, with an optional anchor."""
    if from_page == to_page:
        target = ""
    else:
        target = posixpath.relpath(to_page, posixpath.dirname(from_page) or ".")
    return target + (f"#{anchor}" if anchor else "")


def link(label: str, from_page: str, to_page: str, anchor: str | None = None) -> str:
    """A Markdown link; just the label when it would point to the page it is on."""
    if from_page == to_page and not anchor:
        return label
    return f"[{label}]({rel(from_page, to_page, anchor)})"


def heading(level: int, title: str, ident: str | None = None) -> str:
    suffix = f" {{#{anchor_id(ident)}}}" if ident else ""
    return f"{'#' * level} {title}{suffix}"

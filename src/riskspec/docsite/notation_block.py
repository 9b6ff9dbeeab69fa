"""The position notation under a worked example (``docs/notation.md``), with a copy button
(the site's code blocks have one)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riskspec.docsite import md


def notation_lines(before: Mapping[str, Any] | None, from_page: str,
                   viewer: str | None = None) -> list[str]:
    """Markdown lines: the start's notation as a copyable code block (none when the example
    has no start the notation can write)."""
    from riskspec.notation import NotationError, write
    if not before:
        return []
    try:
        line = write(before)
    except NotationError:
        return []
    link = md.link("position notation", from_page, "notation.md")
    extra = f" · [step through it in the viewer]({viewer})" if viewer else ""
    return [f"The start in {link}{extra}:", "", "```text", line, "```", ""]


def viewer_link(case_id: str, from_page: str) -> str | None:
    """The relative link to the example's game viewer, when the site has one."""
    from riskspec.docsite import viewer
    if case_id not in viewer.AVAILABLE:
        return None
    target = md.rel(from_page, viewer.site_path(case_id))
    return target + viewer.site_query(case_id)

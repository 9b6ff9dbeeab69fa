"""Small helpers that put counts and ranges into words the same way everywhere
(the CLI, the docs and the reports): "1 rule", "3 rules", "2 players", "2–6 players"."""

from __future__ import annotations

from typing import Any


def count_of(n: int, singular: str, plural: str | None = None) -> str:
    """``n`` with its noun in the right number: ``count_of(1, "rule")`` is ``"1 rule"``."""
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"


def span(low: int, high: int) -> str:
    """A closed range of whole numbers: ``"2–6"``, or one number when both ends agree."""
    return str(low) if low == high else f"{low}–{high}"


def spec_size(spec: Any) -> str:
    """How big a loaded specification is, in words: "7 variants, 160 rules, …"."""
    return ", ".join([count_of(len(spec.variants), "variant"), count_of(len(spec.rules), "rule"),
                      count_of(len(spec.ambiguities), "ambiguity", "ambiguities"),
                      count_of(len(spec.boards), "map")])

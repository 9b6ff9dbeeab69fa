"""Where the rulebook site (``riskspec docs build``) puts its pages, and the anchors in them.

The site's page writers (:mod:`riskspec.docsite`) lay the pages out by these addresses, and
the conformance reports link a failure to its rule's page by them (the report's ``docs``
field), so they live below both.
"""

from __future__ import annotations

import re


def anchor_id(value: str) -> str:
    """An HTML id for an ID (rule, ambiguity, territory …): kept readable, safe in attr_list."""
    return re.sub(r"[^A-Za-z0-9._-]+", "-", value).strip("-") or "x"


def page_of_rule(rule_id: str) -> str:
    return f"rules/{rule_id}.md"


def page_of_variant(variant_id: str) -> str:
    return f"variants/{variant_id}.md"


def page_of_map(board_id: str) -> str:
    return f"maps/{board_id}.md"


def page_of_ambiguity(ambiguity_id: str) -> str:
    return f"ambiguities/{ambiguity_id}.md"


def page_of_examples(variant_id: str, section: str) -> str:
    return f"examples/{anchor_id(variant_id)}/{anchor_id(section)}.md"


AMBIGUITIES_PAGE = "ambiguities/index.md"  # the register; each entry has an anchor there too
SOURCES_PAGE = "sources.md"
RULES_INDEX = "rules/index.md"

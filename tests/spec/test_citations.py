"""Every passage the specification cites is found in the source text it names.

A citation is ``{source, passage}``: the passage is the heading or the first words of the
place read.  Compared word by word (case, punctuation and the kind of quotes and
apostrophes ignored), the passage — or, for a locator like "Setup, step 1", the heading
before its qualifier — must occur in the source file.  Catches citations of words a text
does not contain (a misattribution, or a passage edited away)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "spec"
SOURCES = ROOT.parent / "shared" / "sources"

#: descriptive locators that name a place by what it holds, not by its words
DESCRIPTIVE = {("classic-en", "Set traded table"): "the table of set values after 'Set traded'"}


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def _texts() -> dict[str, str]:
    entries = yaml.load((SPEC / "sources.yaml").read_text(encoding="utf-8"), Loader)["sources"]
    return {e["id"]: _words((SOURCES / e["file"]).read_text(encoding="utf-8")) for e in entries}


def _citations(node: Any, where: str) -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    if isinstance(node, dict):
        if isinstance(node.get("source"), str) and isinstance(node.get("passage"), str):
            out.append((where, node["source"], node["passage"]))
        for v in node.values():
            out += _citations(v, where)
    elif isinstance(node, list):
        for v in node:
            out += _citations(v, where)
    return out


def _all_citations() -> list[tuple[str, str, str]]:
    out = []
    for f in sorted(SPEC.glob("*/*.yaml")):
        out += _citations(yaml.load(f.read_text(encoding="utf-8"), Loader),
                          f.relative_to(ROOT).as_posix())
    return out


def _found(text: str, passage: str) -> bool:
    head = re.split(r"[,(]", passage)[0]
    return any(_words(p) and _words(p) in text for p in (passage, head))


@pytest.mark.skipif(not SOURCES.is_dir(), reason="the shared source texts are not next to the checkout")
def test_every_cited_passage_occurs_in_its_source() -> None:
    texts = _texts()
    cites = _all_citations()
    assert len(cites) > 500  # the whole specification was read
    missing = sorted({(w, s, p) for w, s, p in cites
                      if s in texts and (s, p) not in DESCRIPTIVE and not _found(texts[s], p)})
    assert not missing, missing


def test_the_matcher_refuses_words_a_text_does_not_contain() -> None:
    # a made-up passage (not a source sentence), with a curly apostrophe as the texts have
    text = _words("Prendre: au terme d’une manche, où l’on a pris au moins une région neuve")
    assert _found(text, "Prendre: au terme d'une manche")
    assert _found(text, "pris au moins, step 2")  # heading before the qualifier
    assert not _found(text, "Vous pouvez mettre fin à une")

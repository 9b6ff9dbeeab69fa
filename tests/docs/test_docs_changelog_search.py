"""Issue 26: a changelog page generated from CHANGELOG.md; ambiguity pages weighed in search."""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).parents[2]


def _packaged_changelog() -> bool:
    """Whether the docs the fixtures build from have a CHANGELOG.md beside them: a checkout
    does; an installed wheel does not (its site then has no changelog page)."""
    from riskspec.docsite.generate import hand_written_dir
    docs = hand_written_dir()
    return docs is not None and (docs.parent / "CHANGELOG.md").is_file()


def test_changelog_page_is_generated_from_the_file(fixture_pages, tmp_path):
    from riskspec.docsite.generate import CHANGELOG_PAGE, changelog_page
    docs = tmp_path / "docs"
    docs.mkdir()
    assert changelog_page(docs) == {}  # no CHANGELOG.md beside docs/ (an installed package)
    if not _packaged_changelog():
        assert CHANGELOG_PAGE not in fixture_pages   # installed: no page, and no crash
        return
    page = fixture_pages[CHANGELOG_PAGE]
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert page.startswith("# Changelog") and "Generated from `CHANGELOG.md`" in page
    last = [ln for ln in text.splitlines() if ln.startswith("- ")][-1]
    assert last in page  # the whole file, to its last entry


def test_changelog_is_in_the_nav(fixture_spec, fixture_cases, tmp_path):
    from riskspec.docsite.generate import generate
    gen = generate(fixture_spec, tmp_path / "p", cases=fixture_cases)
    nav = yaml.safe_load(gen.config.read_text(encoding="utf-8"))["nav"]
    assert ({"Changelog": "changelog.md"} in nav) == _packaged_changelog()


def test_ambiguity_pages_are_boosted_in_search(fixture_pages):
    from riskspec.docsite.pages_rules import SEARCH_BOOST
    ambs = [p for p in fixture_pages if p.startswith("ambiguities/") and p != "ambiguities/index.md"]
    assert ambs
    for p in ambs:
        front = fixture_pages[p].split("---\n")[1]
        assert yaml.safe_load(front) == {"search": {"boost": SEARCH_BOOST}}, p
    assert SEARCH_BOOST > 1
    assert not fixture_pages["rules/index.md"].startswith("---")

"""The shipped site's reading pages: rules in players' words, navigation, odds, sources."""

from __future__ import annotations

import re

import pytest
import yaml

from riskspec.docsite import md


@pytest.fixture(scope="module")
def shipped_gen(tmp_path_factory):
    from riskspec.docsite.generate import generate
    from riskspec.loading import load_spec
    spec = load_spec()
    gen = generate(spec, tmp_path_factory.mktemp("pages") / "project", cases=[])
    return spec, gen


def _opening(page: str) -> str:
    """The rule as the page opens: the first paragraph after the title (and any notice)."""
    body = page.split("\n# ", 1)[1].split("\n\n")[1:]
    return next(p for p in body if not p.startswith(("!!!", "    ")))


def test_rule_page_opens_in_players_words(shipped_gen):
    spec, gen = shipped_gen
    page = gen.pages[md.page_of_rule("classic.components.dice")]
    opening = _opening(page)
    sides = spec.variants["classic"].resolve().params["attack.dice_sides"]
    assert f"{sides} faces" in opening and "attack.dice_sides" not in opening
    assert "`" not in opening  # no code spans, no literal backticks in the player's version
    # the implementer's version keeps the parameter name, below
    impl = page.split("## For implementers", 1)[1]
    assert "`attack.dice_sides`" in impl
    for rid in spec.rules:
        text = gen.pages[md.page_of_rule(rid)]
        assert "\\`" not in text, rid  # a backtick is never shown literally


def test_nav_is_variant_section_rule_with_readable_labels(shipped_gen):
    spec, gen = shipped_gen
    nav = yaml.safe_load(gen.config.read_text())["nav"]
    labels: list[str] = []

    def walk(items, path):
        for it in items:
            if isinstance(it, dict):
                (label, sub), = it.items()
                labels.append(label)
                if isinstance(sub, list):
                    walk(sub, [*path, label])
                else:
                    found[sub] = [*path, label]
            else:
                assert it.endswith("index.md") or it in ("protocol.md",) or "/" not in it, it
    found: dict[str, list[str]] = {}
    walk(nav, [])
    for label in labels:
        assert not re.search(r"\.(json|md|yaml)\b", label), label
    rules = next(it["Rules"] for it in nav if isinstance(it, dict) and "Rules" in it)
    assert any(isinstance(x, dict) and "Classic Risk" in x for x in rules)
    where = found[md.page_of_rule("napoleon.capitals.bonus")]
    basic = spec.variants["napoleon-basic"].title
    assert basic not in where and "Optional rules" in where, where
    scoring = found[md.page_of_rule(next(r for r in spec.rules if r.startswith("napoleon.scoring.")))]
    assert basic not in scoring and spec.variants["napoleon-advanced"].title in scoring, scoring
    assert found[md.page_of_rule("classic.fortify.path")][-1] == spec.rules["classic.fortify.path"].title


def test_ambiguity_register_is_split_into_pages(shipped_gen):
    spec, gen = shipped_gen
    assert len(gen.pages[md.AMBIGUITIES_PAGE]) < 60_000
    for aid in spec.ambiguities:
        assert md.page_of_ambiguity(aid) in gen.pages


def test_odds_page_has_one_section_per_family_and_no_repeated_tables(shipped_gen):
    spec, gen = shipped_gen
    page = gen.pages.get("odds.md")
    if page is None:
        pytest.skip("no odds module")
    families = {v.family for v in spec.variants.values()}
    assert page.count("\n## ") == len(families)
    # the four classic editions share one set of tables
    assert page.count("One roll: every matchup") <= len(families) + 1
    assert "Classic Risk, French edition" in page
    assert '<span id="odds-classic-fr"></span>' in page


def test_sources_page_says_what_each_edition_is(shipped_gen):
    spec, gen = shipped_gen
    page = gen.pages[md.SOURCES_PAGE]
    for s in spec.sources.values():
        assert s.edition and s.coverage and s.completeness, s.id
        assert md.cell(s.coverage) in page and md.cell(s.completeness) in page
    assert "| Source | Language | Edition | Cited by |" in page and "Portuguese" in page


def test_rules_search_finds_by_keyword(capsys):
    from riskspec.cli import main
    assert main(["rules", "--search", "fortify"]) == 0
    out = capsys.readouterr().out
    assert "classic.fortify.path" in out and "classic.attack.ties" not in out
    assert "rule(s) mention 'fortify'" in out
    assert main(["rules", "classic", "--search", "ties defender"]) == 0
    assert "classic.attack.ties" in capsys.readouterr().out
    assert main(["rules", "--search", "xyzzy"]) == 1
    assert "no rule mentions 'xyzzy'" in capsys.readouterr().out

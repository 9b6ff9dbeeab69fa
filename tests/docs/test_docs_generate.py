"""Generator unit tests: pages are written from the spec and the vectors, never by hand."""

from __future__ import annotations

import re
import shutil
import sys
import types
from pathlib import Path

import pytest

from riskspec.docsite import md
from riskspec.docsite.boardsvg import draw
from riskspec.docsite.cliref import cli_page
from riskspec.docsite.examples import load_cases
from riskspec.docsite.generate import DocsError, generate
from riskspec.docsite.pages_rules import rule_pages
from riskspec.loading import load_spec

FIXTURE_SPEC = Path(__file__).parent / "fixtures" / "spec"
FIXTURE_VECTORS = Path(__file__).parent / "fixtures" / "vectors"


def _plain(markdown: str) -> str:
    """The page text with Markdown escapes removed, whitespace folded (for substring checks)."""
    for ch in "\\`*_[]#|{}":
        markdown = markdown.replace("\\" + ch, ch)
    return " ".join(markdown.replace("&lt;", "<").replace("&gt;", ">")
                    .replace("&amp;", "&").split())


def test_every_rule_page_has_statement_parameters_and_citations(fixture_spec, fixture_pages):
    assert fixture_spec.rules
    for rule in fixture_spec.rules.values():
        page = _plain(fixture_pages[md.page_of_rule(rule.id)])
        assert f"# {rule.title} <small>{rule.id}</small>" in page
        assert f"**Rule** `{rule.id}`" in page
        assert " ".join(rule.statement.split()) in page  # the implementer's version, verbatim
        assert page.index("For implementers") > page.index(f"# {rule.title} ")
        for p in rule.parameters:
            assert p in page
        for c in rule.sources:
            assert c.source in page and c.passage in page
            if c.note:
                assert c.note in page
        if rule.reconstructed:
            assert rule.reconstructed in page
        if not rule.testable:
            assert rule.untestable_reason in page


def test_rule_page_shows_parameter_value_and_literal_prose(fixture_pages):
    page = fixture_pages["rules/mini.attack.ties.md"]
    assert "| `attack.ties` | `defender` |" in page
    assert "&lt;Angle&gt; \\*stars\\* stay literal" in page  # no HTML, no emphasis
    assert "(../ambiguities/mini.amb.ties.md)" in page


def test_ambiguity_register_lists_every_reading_and_resolution(fixture_spec, fixture_pages):
    assert fixture_spec.ambiguities
    register = fixture_pages[md.AMBIGUITIES_PAGE]
    for a in fixture_spec.ambiguities.values():
        assert f'<span id="{a.id}"></span>' in register  # old links to the register still land
        assert f"({a.id}.md)" in register
        raw = fixture_pages[md.page_of_ambiguity(a.id)]
        page = _plain(raw)
        assert f"# {a.title}" in page and a.id in page
        assert " ".join(a.question.split()) in page
        for r in a.readings:
            assert r.id in page and " ".join(r.statement.split()) in page
            for c in r.sources:
                assert c.source in page and c.passage in page
            if r.basis:
                assert r.basis in page
            for k in r.parameters:
                assert k in page
        lines = [_plain(ln) for ln in raw.splitlines()]
        for vid, res in a.resolutions.items():
            assert any(ln.startswith("- [") and f"{vid}.md)" in ln
                       and f"`{res.reading}` — {res.why}" in ln for ln in lines), (vid, res)


def test_register_contrasts_the_examples_of_each_reading(fixture_pages):
    page = fixture_pages[md.page_of_ambiguity("mini.amb.ties")]
    assert "Examples whose outcome depends on the reading" in page
    assert "examples/mini/attack.md#ex-mini.attack.ties.001" in page
    assert "examples/mini/attack.md#ex-mini.attack.ties.002" in page
    assert "not replayed" in page  # the engine does not play the fixture family


def test_changed_yaml_rule_changes_its_page(tmp_path):
    root = tmp_path / "spec"
    shutil.copytree(FIXTURE_SPEC, root)
    before = rule_pages(load_spec(root), {})["rules/mini.reinforce.base.md"]
    rules = root / "mini" / "rules.yaml"
    rules.write_text(rules.read_text().replace("rounded down.", "rounded up, always."))
    after_spec = load_spec(root)
    after = rule_pages(after_spec, {})["rules/mini.reinforce.base.md"]
    assert "rounded down" in before and "rounded down" not in after
    assert "rounded up, always." in after
    gen = generate(after_spec, tmp_path / "project", cases=[])
    assert "rounded up, always." in (gen.docs_dir / "rules" / "mini.reinforce.base.md").read_text()


def test_worked_examples_render_dice_result_and_rejection(tmp_path):
    """On the shipped spec (the engine plays it): dice, the engine's events, a rejection."""
    from riskspec.docsite.examples import default_vectors_dir, with_traces
    spec = load_spec()
    cases = [c for c in load_cases(default_vectors_dir())
             if c.id in ("classic.attack.ties.001", "classic.attack.adjacency.001")]
    assert len(cases) == 2
    gen = generate(spec, tmp_path / "p", cases=with_traces(cases))
    ties = gen.pages["examples/classic/attack.md"]
    assert re.search(r"Dice: attacker rolls \*\*[1-6 ]+\*\*; defender rolls \*\*[1-6 ]+\*\*", ties)
    assert "Event **battle**" in ties
    assert ("**Rejected** with `not-adjacent` by rule [`classic.attack.adjacency`]"
            "(../../rules/classic.attack.adjacency.md)") in ties
    rule = gen.pages["rules/classic.attack.ties.md"]
    assert "(../examples/classic/attack.md#ex-classic.attack.ties.001)" in rule


def test_rule_without_vectors_says_so(fixture_pages):
    assert "No worked example yet" in fixture_pages["rules/mini.setup.table-talk.md"]


def test_no_vectors_at_all_is_fine(fixture_spec, tmp_path):
    gen = generate(fixture_spec, tmp_path / "p", vectors=tmp_path / "missing")
    assert "No conformance vectors exist yet" in gen.pages["examples/index.md"]
    assert not gen.warnings


def test_bad_vectors_are_skipped_with_a_warning(tmp_path):
    (tmp_path / "bad.json").write_text("{not json")
    (tmp_path / "other.json").write_text('{"format": "riskspec/expect@1"}')
    (tmp_path / "noid.json").write_text('{"format": "riskspec/vectors@1", "cases": [{"steps": []}]}')
    warnings: list[str] = []
    assert load_cases(tmp_path, warnings) == []
    assert len(warnings) == 3 and "bad.json" in warnings[0]
    assert all("skipped" in w for w in warnings)


def test_variant_page_has_turn_structure_parameters_and_options(fixture_spec, fixture_pages):
    page = fixture_pages["variants/mini.md"]
    assert "## Turn structure" in page and "**Place reinforcements**" in page
    for name in fixture_spec.variants["mini"].parameters:
        assert md.code(name) in page
    assert "`game-mode`" in page and "`mini.amb.ties`" in page
    assert "## Missions" in page and "destroy the `red` player" in page


def test_map_page_and_picture_come_from_the_data(fixture_spec, fixture_pages, tmp_path):
    board = fixture_spec.boards["mini-map"]
    page = _plain(fixture_pages["maps/mini-map.md"])
    for t in board.territories:
        assert t.name in page and t.id in page
    for g in board.groups:
        assert g.name in page
    assert "Trade Route" in page and "West Sea" in page
    assert "The names are invented for the docs tests." in page  # named provenance, in full
    assert "Nothing; this is a fixture." in page
    svg = draw(board, title=f"{board.title}: territories, zones and borders",
               ident=f"map-{board.id}")
    assert svg == draw(board, title=f"{board.title}: territories, zones and borders",
                       ident=f"map-{board.id}")  # deterministic
    assert svg.count("<line ") >= len(board.borders)
    for t in board.territories:
        assert f"<title>{t.name}" in svg
    gen = generate(fixture_spec, tmp_path / "p", cases=[])
    assert (gen.docs_dir / "maps" / "mini-map.svg").read_text() == svg
    assert (gen.docs_dir / "maps" / "mini-map.json").is_file()


def test_cli_reference_lists_every_command():
    from riskspec.cli import COMMANDS, build_parser
    page = cli_page(build_parser())
    assert "## `riskspec docs`" in page and "`riskspec docs build`" in page
    for name in COMMANDS:
        assert f"riskspec {name.removesuffix('_cmd')}" in page


def test_odds_hook_absent_then_present(fixture_spec, tmp_path, monkeypatch):
    gen = generate(fixture_spec, tmp_path / "a", cases=[])
    if "odds.md" not in gen.pages:  # the real odds module may exist by now
        fake = types.ModuleType("riskspec.reference.odds")
        fake.docs_odds = lambda v: {"tables": [{"title": "One roll", "header": ["a", "p"],
                                                "rows": [["3 v 2", 0.371]]}],
                                    "plot_svg": "<svg xmlns='http://www.w3.org/2000/svg'/>"}
        monkeypatch.setitem(sys.modules, "riskspec.reference.odds", fake)
        gen = generate(fixture_spec, tmp_path / "b", cases=[])
        assert "37.1 %" in gen.pages["odds.md"]
        assert (gen.docs_dir / "odds-mini.svg").is_file()
    assert "odds.md" in gen.pages


def test_generate_refuses_to_wipe_a_foreign_folder(fixture_spec, tmp_path):
    (tmp_path / "precious.txt").write_text("keep me")
    with pytest.raises(DocsError, match="not made by"):
        generate(fixture_spec, tmp_path, cases=[])
    assert (tmp_path / "precious.txt").exists()


def test_missing_hand_written_pages_is_a_clear_error(fixture_spec, tmp_path):
    with pytest.raises(DocsError, match="hand-written pages"):
        generate(fixture_spec, tmp_path / "p", docs_src=tmp_path / "nowhere", cases=[])


def test_shipped_spec_generates_a_page_per_rule_and_the_register(tmp_path):
    problems_ok = load_spec(strict=False)
    gen = generate(problems_ok, tmp_path / "p", vectors=FIXTURE_VECTORS.parent / "none")
    for rid in problems_ok.rules:
        assert rid in gen.pages[md.page_of_rule(rid)]
    register = gen.pages[md.AMBIGUITIES_PAGE]
    for aid in problems_ok.ambiguities:
        assert f'<span id="{aid}"></span>' in register
        assert aid in gen.pages[md.page_of_ambiguity(aid)]
    for v in problems_ok.variants:
        assert md.page_of_variant(v) in gen.pages
    for b in problems_ok.boards:
        assert (gen.docs_dir / "maps" / f"{b}.svg").is_file()


def test_docs_cli_without_mkdocs_says_how_to_install(monkeypatch, capsys, tmp_path):
    import importlib.util

    from riskspec.cli import main
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name in ("mkdocs", "material") else real(name, *a))
    assert main(["docs", "build", "--out", str(tmp_path / "site")]) == 2
    err = capsys.readouterr().err
    assert 'pip install "riskspec[docs]"' in err and "Traceback" not in err


def test_docs_help_has_examples(capsys):
    from riskspec.cli import main
    with pytest.raises(SystemExit):
        main(["docs", "build", "--help"])
    out = capsys.readouterr().out
    assert "examples:" in out and "riskspec docs serve --port" in out and "--no-strict" in out


def test_generated_project_needs_no_network(fixture_pages, tmp_path, fixture_spec):
    import yaml
    gen = generate(fixture_spec, tmp_path / "p", cases=[])
    cfg = yaml.safe_load(gen.config.read_text())
    assert cfg["theme"]["font"] is False
    assert "privacy" not in str(cfg.get("plugins"))
    assert Path(gen.docs_dir / "index.md").is_file()


def test_no_empty_links(fixture_pages):
    for name, page in fixture_pages.items():
        assert "]()" not in page, name


def test_odds_heat_map_drawn_from_a_probability_grid():
    from riskspec.docsite.odds import _heatmap_of
    grid = {"title": "Battle: P(conquer)", "header": ["A \\ D", "1", "2"],
            "rows": [["A = 2", 0.4167, 0.1061], ["A = 3", 0.7546, 0.3626]]}
    svg = _heatmap_of([{"title": "x", "header": ["a", "b", "p"], "rows": [[0, 1, "5/12"]]}, grid])
    assert svg is not None and svg.startswith("<svg") and ">75<" in svg and "A = 3, 1: 75.5 %" in svg
    assert _heatmap_of([{"title": "x", "header": ["a", "b"], "rows": [[1, 2]]}]) is None


def test_actions_page_lists_every_action_and_event_type(fixture_pages, fixture_cases):
    import json
    from importlib import resources

    from riskspec.docsite.pages_actions import PAGE
    page = fixture_pages[PAGE]
    folder = Path(str(resources.files("riskspec.schemas")))
    for name, prefix in (("action.schema.json", "action-"), ("event.schema.json", "event-")):
        schema = json.loads((folder / name).read_text(encoding="utf-8"))
        for branch in schema["oneOf"]:
            kind = branch["properties"]["type"]["const"]
            assert f"{{#{prefix}{kind}" in page, kind
            for field in branch["properties"]:
                if field != "type":
                    assert f"`{field}`" in page, (kind, field)
    used = {s["action"]["type"] for c in fixture_cases for s in c.steps if "action" in s}
    assert used, "the fixture vectors use no action"
    for kind in used:
        section = page.split(f"{{#action-{kind}}}", 1)[1].split("\n### ", 1)[0]
        assert "Used by the vectors of:" in section and "(examples/" in section, kind

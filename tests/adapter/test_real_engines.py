"""Third-party engines from PyPI through their adapters: reports current, every failure explained.

The engines come with `pip install -e ".[engines]"` (rlrisk 1.0.2.3, Risk 0.1.4); where one
is not installed its tests skip and say so.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from riskspec.conformance import implementations as impl
from riskspec.docsite.pages_implementations import PAGE, implementations_page
from riskspec.loading import load_spec

ENGINES = impl.load_registry()
BY_ID = {e["id"]: e for e in ENGINES}


def _installed(engine):
    if not impl.is_installed(engine):
        pytest.skip(f"{engine['name']} is not installed: pip install -e '.[engines]' (or '{engine['requirement']}')")


@pytest.mark.parametrize("engine_id", sorted(BY_ID))
def test_checked_in_report_explains_every_failure(engine_id):
    engine = BY_ID[engine_id]
    rep = next(r for e, r in impl.load_reports() if e["id"] == engine_id)
    assert rep is not None, f"no report for {engine_id}: run `riskspec implementations`"
    assert rep["format"] == impl.FORMAT and rep["engine"]["id"] == engine_id
    assert impl.unexplained(rep, engine) == []
    for finding in engine["findings"]:
        assert impl.explained_by(finding, rep), f"{finding['title']!r} explains no failing case any more"
    assert rep["totals"]["pass"] > 0


@pytest.mark.parametrize("engine_id", sorted(BY_ID))
def test_every_claimed_rule_is_reached(engine_id):
    """Each shipped adapter: every rule it claims is reached by at least one case (the committed
    report, which test_engine_run_matches_its_checked_in_report keeps current)."""
    rep = next(r for e, r in impl.load_reports() if e["id"] == engine_id)
    reach = rep["reach"]
    assert reach["claimed"] > 0 and reach["not_reached"] == {}, reach["not_reached"]
    assert reach["reached"] == reach["claimed"]


@pytest.mark.parametrize("engine_id", sorted(BY_ID))
def test_findings_cite_lines_of_the_installed_package(engine_id):
    engine = BY_ID[engine_id]
    _installed(engine)
    for f in engine["findings"] + engine.get("code_findings", []):
        rel, _, line = f["cite"].partition(":")
        top = rel.split("/")[0]
        root = Path(importlib.util.find_spec(top).submodule_search_locations[0]).parent
        lines = (root / rel).read_text(encoding="utf-8").splitlines()
        assert 1 <= int(line) <= len(lines) and lines[int(line) - 1].strip(), f["cite"]


# 70-100 s each: slow. CI runs the same comparison on every push, once, as its own step
# (`riskspec implementations --check` in .ci/run), so a stale report still fails CI.
@pytest.mark.slow
@pytest.mark.parametrize("engine_id", sorted(BY_ID))
def test_engine_run_matches_its_checked_in_report(engine_id):
    """The adapter, rerun through the whole suite: every case of the committed report ends the
    same way, and every failure is explained (new cases may be added freely)."""
    engine = BY_ID[engine_id]
    _installed(engine)
    fresh = impl.run_engine(engine, jobs=2)
    committed = next(r for e, r in impl.load_reports() if e["id"] == engine_id)
    todo = (f"run `riskspec implementations --engine {engine_id}`, explain any new failure in "
            f"conformance/engine-reports/engines.yaml, and commit conformance/engine-reports/{engine_id}.json")
    now = {r["case"]: r["outcome"] for r in fresh["results"]}
    before = {r["case"]: r["outcome"] for r in committed["results"]}
    changed = {c: (o, now.get(c, "skip")) for c, o in before.items() if now.get(c, "skip") != o}
    assert not changed, f"{engine_id}: outcomes changed (committed, now) {changed}: {todo}"
    assert impl.unexplained(fresh, engine) == [], todo
    assert fresh["adapter"]["lines"]["total"] < 1480 / 2      # the kit keeps adapters small


def test_implementations_page_lists_engines_sections_and_findings():
    page = implementations_page(load_spec())[PAGE]
    for engine in ENGINES:
        assert f"## {engine['name']}" in page
        for f in engine["findings"]:
            assert f["title"] in page and f["kind"] in page
    assert "| [`classic.attack`](rules/classic.attack.optional.md) |" in page
    assert "❌" in page and "✅" in page
    # every failing case of every report is in a table with its rule and its finding
    assert "**not explained**" not in page
    # each engine's rows are looked up in its own section: two engines may fail one case
    sections = {chunk.split("\n", 1)[0]: chunk for chunk in page.split("\n## ")[1:]}
    for engine, rep in impl.load_reports():
        own = next(text for head, text in sections.items() if head.startswith(engine["name"]))
        bad = [r for r in rep["results"] if r["outcome"] in ("fail", "error", "timeout")]
        for r in bad:
            row = next(ln for ln in own.splitlines() if ln.startswith(f"| `{r['case']}` |"))
            # an error before any rule is checked (a start the engine cannot load) names none
            assert r.get("rule", "") in row and any(f["title"] in row for f in engine["findings"])
        if engine.get("history"):
            assert f"| this report | {rep['totals']['pass']} | {rep['totals']['fail']} |" in page
    from riskspec.conformance.vectors import default_vectors_dir
    size = sum(p.stat().st_size for p in default_vectors_dir().rglob("*.json"))
    assert f"{size:,} bytes of JSON" in page


def test_registry_errors_name_the_field(tmp_path):
    bad = tmp_path / "engines.yaml"
    bad.write_text("engines:\n  - {id: x, name: X, requirement: x, module: x, adapter: a.py, about: y,\n"
                   "     findings: [{kind: bug, title: t, cases: [a], explain: e}]}\n")
    with pytest.raises(impl.ImplementationsError, match="kind must be one of"):
        impl.load_registry(bad)
    bad.write_text("engines: [{id: x}]\n")
    with pytest.raises(impl.ImplementationsError, match="needs a string 'name'"):
        impl.load_registry(bad)


def test_adapter_lines_count_code_not_docstrings(tmp_path):
    src = tmp_path / "a.py"
    src.write_text('"""Module doc\nmore doc."""\n\nimport os  # code\n# a comment\n\n\ndef f():\n'
                   '    """One line."""\n    """Opens here\n    and closes on its text line."""\n'
                   '    return os.sep\n', encoding="utf-8")
    assert impl.count_lines(src) == {"total": 12, "code": 3}

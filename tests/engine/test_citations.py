"""Rule → code in one hop: every testable rule of both families is cited by at least one
function of the reference engine (its ID constant in a check, a ``@cites`` decorator or a
comment naming it), shown on the rule's docs page and by ``riskspec explain``."""

from __future__ import annotations

import importlib

import pytest

from riskspec.cli import main
from riskspec.loading import load_spec
from riskspec.reference import citations as C
from riskspec.reference.ruleids import cites


@pytest.mark.parametrize("family", ["classic", "napoleon"])
def test_every_testable_rule_maps_to_a_function_that_cites_it(family: str) -> None:
    spec = load_spec()
    testable = [r for r, x in spec.rules.items() if r.startswith(family + ".") and x.testable]
    cited, asked, missing = C.coverage(testable)
    assert not missing, f"testable {family} rules no engine function cites: {missing}"
    assert asked >= 70


def test_every_rule_a_function_cites_is_a_rule_of_the_spec() -> None:
    rules = load_spec().rules
    unknown = {f.qualname: sorted(r for r in f.rules if r not in rules)
               for f in C.functions() if any(r not in rules for r in f.rules)}
    assert not unknown


def test_cites_marks_a_function_and_changes_nothing_else() -> None:
    def f(x: int) -> int:
        return x + 1
    g = cites("classic.attack.ties")(f)
    assert g is f and g(1) == 2 and f.__rules__ == ("classic.attack.ties",)  # type: ignore[attr-defined]


def test_the_decorators_the_scanner_reads_are_those_at_run_time() -> None:
    seen = 0
    for f in C.functions():
        module = importlib.import_module(f"{C.PACKAGE}.{f.module}")
        obj = module
        for part in f.name.split("."):
            obj = getattr(obj, part)
        marked = set(getattr(obj, "__rules__", ()))
        assert marked <= f.rules, f.qualname
        seen += bool(marked)
    assert seen >= 50


def test_a_function_cites_the_rules_it_refuses_with() -> None:
    by_name = {f.qualname: f for f in C.functions()}
    attack = by_name["riskspec.reference.classic:process_attack"]
    assert {"classic.attack.adjacency", "classic.attack.min-armies",
            "classic.attack.attacker-dice", "classic.attack.declare"} <= attack.rules
    assert ("too-many-dice", frozenset({"classic.attack.attacker-dice"}), "illegal-action") \
        in attack.raises


def test_explain_names_the_functions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "classic.reinforce.minimum"]) == 0
    out = capsys.readouterr().out
    assert "in the reference engine" in out
    assert "riskspec.reference.reinforce:compute_reinforcements" in out
    assert "reference/reinforce.py:" in out


def test_each_rule_page_names_the_functions() -> None:
    from riskspec.docsite import md
    from riskspec.docsite.pages_rules import rule_pages
    spec = load_spec()
    pages = rule_pages(spec, {})
    cited = C.rule_functions()
    for rid, rule in spec.rules.items():
        page = pages[md.page_of_rule(rid)]
        assert "### In the reference engine" in page
        for f in cited.get(rid, []):
            assert f"`{f.qualname}`" in page, (rid, f.qualname)
        if rule.testable:
            assert cited.get(rid), rid


def test_the_table_is_kept_in_the_user_cache_and_dropped_when_a_source_changes(tmp_path, monkeypatch):
    """functions() reads the source once and keeps the table in the user cache; a later
    process reads it back, and an edited engine file makes the cache a miss."""
    from riskspec.reference import citations as C
    monkeypatch.setenv("RISKSPEC_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("RISKSPEC_NO_CACHE", raising=False)
    C.functions.cache_clear()
    fresh = C.functions()
    kept = C._cache_path()
    assert kept is not None and kept.is_file()
    C.functions.cache_clear()
    calls = []
    monkeypatch.setattr(C, "_read_functions", lambda: calls.append(1) or ())
    assert C.functions() == fresh and calls == []          # read back, not rebuilt
    C.functions.cache_clear()
    monkeypatch.setattr(C, "_inputs", lambda: [("changed", 0, 0)])
    assert C.functions() == () and calls == [1]             # a changed source is a miss
    C.functions.cache_clear()

"""The tolerant pass of ``riskspec validate`` (cross-file checks over files that break their
schemas) never turns a refusal into an internal error (issue 11 item 9)."""

from __future__ import annotations

import re

import pytest
from spec_copy import edit

from riskspec import loading
from riskspec.cli import main
from riskspec.loading import check_tree


@pytest.mark.parametrize("family", ["classic", "napoleon"])
def test_a_broken_family_field_is_problems_not_an_internal_error(spec, family, capsys):
    # the tolerant pass sorted the variants by family: a number among words raised
    # TypeError, and validate ended "could not run: internal error" (exit 2)
    edit(spec / family / "variant.yaml", f"family: {family}\n", "family: 5\n")
    assert main(["validate", str(spec)]) == 1
    out = capsys.readouterr()
    assert "internal error" not in out.err
    assert f"spec/{family}/variant.yaml" in out.out and "[schema]" in out.out


def test_a_crash_of_the_tolerant_pass_keeps_the_problems_and_says_what_was_skipped(
        spec, monkeypatch):
    edit(spec / "classic" / "rules.yaml", "testable: true", "testable: maybe")
    real = loading._collect

    def collect(root, *, skip_schemas=False, tolerant=False):
        if tolerant:
            raise RuntimeError("a builder assumption broken by schema-invalid data")
        return real(root, skip_schemas=skip_schemas, tolerant=tolerant)

    monkeypatch.setattr(loading, "_collect", collect)
    problems, _ = check_tree(spec, despite_schema=True)
    assert [(p.file, p.code) for p in problems] == [("spec/classic/rules.yaml", "schema"),
                                                    ("spec/classic/rules.yaml", "skipped")]
    assert "stopped early (RuntimeError)" in problems[1].message


def test_a_map_id_of_the_wrong_type_is_problems_not_a_stopped_pass(spec, capsys):
    # hostile-spec campaign (a line turned into a list): the tolerant pass built the map
    # with the id ['x'] and the spec's table of boards by id raised TypeError (unhashable):
    # "could not run: internal error" (exit 2) before the stopped-pass guard
    edit(spec / "classic" / "map.yaml", "id: classic-world\n", "id: [x]\n")
    assert main(["validate", str(spec)]) == 1
    out = capsys.readouterr().out
    assert "[schema] $.id: ['x'] is not of type 'string'" in out
    assert "stopped early" not in out


def test_no_top_level_value_of_the_wrong_type_stops_the_tolerant_pass(spec):
    # every top-level key of every shipped file, its value replaced by a list
    for path in sorted(spec.rglob("*.yaml")):
        text = path.read_text()
        for key in re.findall(r"(?m)^([a-z_]+): \S.*$", text):
            if key == "format":
                continue
            for value in ("[x]",):
                path.write_text(re.sub(rf"(?m)^{key}: .*$", f"{key}: {value}", text, count=1))
                problems, _ = check_tree(spec, despite_schema=True)
                assert problems, (path.name, key, value)
                assert not any("stopped early" in p.message for p in problems), \
                    (path.name, key, value)
        path.write_text(text)

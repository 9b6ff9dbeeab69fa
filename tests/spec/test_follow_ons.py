"""One broken spec file is its own problems, not a cascade (``riskspec validate``, issue 11).

A file that breaks its schema (or cannot be read) defines nothing the other files can rely
on. Its own problems are reported; the references of other files into it are not checked
and are summed up in one ``[skipped]`` line of the broken file — never dozens of follow-on
``unknown-rule`` / ``unknown-source`` lines from the files that depend on it.
"""

from __future__ import annotations

import pytest
from spec_copy import edit

from riskspec.cli import main
from riskspec.errors import Problem
from riskspec.loading import check_files, check_tree
from riskspec.loading._followons import without_follow_ons

# (file, text, replacement): each breaks the file's schema so that what it defines is lost
# to the files that refer to it (before the fix: 47, 46, 1,082, 46 and 34 follow-on lines)
BREAKS = [
    ("classic/rules.yaml", "  - id: classic.components.board\n", "  - id: 5\n"),
    ("classic/ambiguities.yaml", "ambiguities:\n", "ambiguities: 5\nxambiguities:\n"),
    ("sources.yaml", "sources:\n", "sources: 5\nxsources:\n"),
    ("classic/variant.yaml", "ambiguities: [", "xambiguities: ["),
    ("classic/variant.yaml", "id: classic\n", "id: 5\n"),
]


@pytest.mark.parametrize(("name", "old", "new"), BREAKS, ids=[b[0] + ":" + b[1].strip()[:12]
                                                             for b in BREAKS])
def test_a_schema_broken_file_gives_its_own_problems_and_one_skipped_line(spec, name, old,
                                                                          new, capsys):
    edit(spec / name, old, new)
    assert main(["validate", str(spec)]) == 1
    lines = [ln for ln in capsys.readouterr().out.splitlines() if ": [" in ln]
    shown = f"spec/{name}"
    assert all(ln.startswith(shown + ":") for ln in lines), lines[:5]
    assert any("[schema]" in ln for ln in lines), lines
    skipped = [ln for ln in lines if "[skipped]" in ln]
    assert len(skipped) == 1, lines
    assert "were not checked" in skipped[0] and "fix this file" in skipped[0]
    assert len(lines) <= 4, lines


def test_the_skipped_line_counts_the_references_and_names_where_they_are(spec):
    edit(spec / "classic" / "rules.yaml", "  - id: classic.components.board\n", "  - id: 5\n")
    problems, _ = check_tree(spec, despite_schema=True)
    assert [p.code for p in problems] == ["schema", "skipped"]
    # every one of the 49 rule IDs the Classic ambiguities name is one reference
    assert "so 49 references to what it defines were not checked (in " \
           "spec/classic/ambiguities.yaml)" in problems[1].message
    assert (problems[1].file, problems[1].line) == ("spec/classic/rules.yaml", 1)


def test_problems_that_are_no_follow_on_are_still_reported(spec):
    edit(spec / "classic" / "rules.yaml", "  - id: classic.components.board\n", "  - id: 5\n")
    # a map mistake and a Napoléon mistake owe nothing to the broken Classic rules
    edit(spec / "classic" / "map.yaml", "between: [alaska, northwest-territory]",
         "between: [alaska, alaska]")
    edit(spec / "napoleon" / "ambiguities.yaml", "rules: [napoleon.", "rules: [napoleon.nope-")
    problems, _ = check_tree(spec, despite_schema=True)
    codes = {(p.file, p.code) for p in problems}
    assert ("spec/classic/map.yaml", "self-border") in codes
    assert ("spec/napoleon/ambiguities.yaml", "unknown-rule") in codes
    assert not any(p.file == "spec/classic/ambiguities.yaml" for p in problems)


def test_a_variant_given_on_its_own_with_a_broken_rules_file(spec, capsys):
    edit(spec / "classic" / "rules.yaml", "  - id: classic.components.board\n", "  - id: 5\n")
    problems = check_files([spec / "classic" / "variant.yaml"])
    assert problems and all(p.file.endswith("classic/rules.yaml") for p in problems), problems


def test_the_filter_keeps_own_problems_and_leaves_other_families_alone():
    failed = {"spec/classic/rules.yaml": "riskspec/rules@1"}
    own = Problem("spec/classic/rules.yaml", 9, 1, "unknown-section", "x")
    follow = Problem("spec/classic/ambiguities.yaml", 3, 1, "unknown-rule", "y")
    other_family = Problem("spec/napoleon/ambiguities.yaml", 3, 1, "unknown-rule", "z")
    other_kind = Problem("spec/classic/map.yaml", 3, 1, "unknown-place", "w")
    out = without_follow_ons([own, follow, other_family, other_kind], failed)
    assert [p.code for p in out] == ["unknown-section", "skipped", "unknown-rule",
                                     "unknown-place"]
    assert out[2] is other_family and out[3] is other_kind
    assert "1 reference to what it defines was not checked" in out[1].message

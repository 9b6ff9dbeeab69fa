"""`riskspec validate`: the shipped spec is clean; broken files are reported with file, line, code."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from riskspec.cli import main
from riskspec.loading import check_files, check_tree, default_root
from riskspec.validation import check_schemas

LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): \[(?P<code>[a-z0-9-]+)\] (?P<msg>.+)$")


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict[str, str]], str]:
    code = main(["validate", *args])
    out, err = capsys.readouterr()
    found = [m.groupdict() for m in map(LINE.match, out.splitlines()) if m]
    return code, found, out + err


def codes(found: list[dict[str, str]]) -> set[str]:
    return {f["code"] for f in found}


@pytest.fixture()
def tree(tmp_path: Path) -> Path:
    """A private copy of the shipped spec, to break."""
    dest = tmp_path / "spec"
    shutil.copytree(default_root(), dest, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    return dest


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text()
    assert old in text, f"fixture text {old!r} not in {path.name}"
    path.write_text(text.replace(old, new, count))


def test_schemas_are_valid_draft_2020_12() -> None:
    assert check_schemas() == []


def test_shipped_spec_is_clean(capsys: pytest.CaptureFixture[str]) -> None:
    problems, spec = check_tree()
    assert problems == [], "\n".join(map(str, problems))
    assert "classic" in spec.variants
    code, found, text = run_cli(capsys)
    assert code == 0 and not found and text.startswith("ok:")


def test_unknown_territory_in_border(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit(tree / "classic" / "map.yaml", "between: [alaska, kamchatka]", "between: [alaska, kamchatkaa]")
    code, found, _ = run_cli(capsys, str(tree))
    assert code == 1
    hit = [f for f in found if f["code"] == "unknown-place"]
    assert hit and "kamchatkaa" in hit[0]["msg"] and "did you mean kamchatka" in hit[0]["msg"]
    line = int(hit[0]["line"])
    assert "kamchatkaa" in (tree / "classic" / "map.yaml").read_text().splitlines()[line - 1]


def test_duplicate_border_either_direction(tree: Path) -> None:
    edit(tree / "classic" / "map.yaml", "\nborders:\n",
         "\nborders:\n  - {between: [kamchatka, alaska], kind: land, provenance: board}\n")
    problems, _ = check_tree(tree)
    assert "duplicate-border" in {p.code for p in problems}


def test_group_with_no_territories_and_count_mismatch(tree: Path) -> None:
    mp = tree / "classic" / "map.yaml"
    text = mp.read_text()
    text = re.sub(r"group: australia", "group: asia", text)
    mp.write_text(text)
    found = {p.code for p in check_tree(tree)[0]}
    assert {"empty-group"} <= found


def test_expect_count_mismatch(tree: Path) -> None:
    edit(tree / "classic" / "map.yaml", "territories: 42", "territories: 43")
    assert "count-mismatch" in {p.code for p in check_tree(tree)[0]}


def test_unknown_parameter_in_rule(tree: Path) -> None:
    edit(tree / "classic" / "rules.yaml", "parameters: [", "parameters: [attack.no_such_parameter, ")
    problems, _ = check_tree(tree)
    hits = [p for p in problems if p.code == "unknown-parameter"]
    assert hits and hits[0].file.endswith("rules.yaml")


def test_duplicate_rule_id(tree: Path) -> None:
    rules = tree / "classic" / "rules.yaml"
    text = rules.read_text()
    first = re.search(r"- id: (classic\.[a-z.-]+)", text)
    assert first
    second = re.findall(r"- id: (classic\.[a-z.-]+)", text)[1]
    rules.write_text(text.replace(f"- id: {second}\n", f"- id: {first.group(1)}\n", 1))
    assert "duplicate-id" in {p.code for p in check_tree(tree)[0]}


def test_unknown_ambiguity_reference(tree: Path) -> None:
    edit(tree / "classic" / "rules.yaml", "ambiguities: [", "ambiguities: [classic.amb.no-such-thing, ")
    assert "unknown-ambiguity" in {p.code for p in check_tree(tree)[0]}


def test_unknown_rule_in_ambiguity(tree: Path) -> None:
    edit(tree / "classic" / "ambiguities.yaml", "rules: [", "rules: [classic.setup.no-such-rule, ")
    hits = [p for p in check_tree(tree)[0] if p.code == "unknown-rule"]
    assert hits and hits[0].file.endswith("ambiguities.yaml")
    assert "classic.setup.no-such-rule" in hits[0].message and hits[0].line > 0


def test_schema_error_has_line_and_path(tree: Path) -> None:
    edit(tree / "classic" / "variant.yaml", "min: 2", "min: two")
    problems, _ = check_tree(tree)
    hit = [p for p in problems if p.code == "schema"]
    assert hit and "$.players.min" in hit[0].message
    assert "two" in (tree / "classic" / "variant.yaml").read_text().splitlines()[hit[0].line - 1]


def test_yaml11_surprise_in_spec(tree: Path) -> None:
    edit(tree / "classic" / "variant.yaml", "value: true", "value: yes")
    assert "yaml-ambiguous" in {p.code for p in check_tree(tree)[0]}


@pytest.mark.parametrize("content,code", [
    (b"", "empty"), (b"\xff\xfe\x00", "encoding"), (b"{ not: yaml: at all", "yaml-syntax"),
    (b"format: riskspec/map@1\n", "schema"), (b"just a string\n", "format"),
    (b"format: riskspec/nothing@9\n", "format"), (b"[" * 5000, "too-deep"),
])
def test_broken_single_files(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                             content: bytes, code: str) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(content)
    status, found, text = run_cli(capsys, str(bad))
    assert status == 1
    assert code in codes(found), text
    assert all(f["file"].endswith("bad.yaml") for f in found)
    assert "Traceback" not in text


def test_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, text = run_cli(capsys, str(tmp_path / "nope.yaml"))
    assert status == 2 and "no such file" in text  # could not run


def test_standalone_map_file_is_checked(tmp_path: Path) -> None:
    """A user holding a printed board can validate a corrected map file on its own."""
    src = (default_root() / "classic" / "map.yaml").read_text()
    mp = tmp_path / "my-map.yaml"
    mp.write_text(src)
    assert check_files([mp]) == []
    mp.write_text(src.replace("group: europe", "group: eurasia", 1))
    problems = check_files([mp])
    assert [p.code for p in problems] == ["unknown-group"]
    assert "did you mean" in problems[0].message


def test_every_problem_is_reported_not_just_the_first(tmp_path: Path) -> None:
    src = (default_root() / "classic" / "map.yaml").read_text()
    mp = tmp_path / "m.yaml"
    mp.write_text(src.replace("between: [alaska, kamchatka]", "between: [alaska, nowhere]")
                  .replace("group: europe", "group: eurasia", 1))
    found = {p.code for p in check_files([mp])}
    assert {"unknown-place", "unknown-group"} <= found


def test_json_output(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import json
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: no\n")
    assert main(["validate", "--json", str(bad)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False
    assert report["problems"][0]["code"] == "yaml-ambiguous"


def test_a_problem_in_a_shared_file_is_reported_once(tree: Path) -> None:
    rules = tree / "classic" / "rules.yaml"
    edit(rules, "parameters: [", "parameters: [attack.no_such_parameter, ")
    problems, _ = check_tree(tree)
    assert len(problems) == len(set(problems))
    assert [str(p) for p in problems].count(str(problems[0])) == 1


@pytest.mark.parametrize("alone", [True, False], ids=["the-file-alone", "its-tree"])
def test_a_duplicated_source_id_is_found_with_file_line_and_reason(capsys, tree, alone):
    """`riskspec validate sources.yaml` on its own accepted a duplicated source id (issue #24):
    it is a `duplicate-id` at the second one's line, naming where the first is."""
    sources = tree / "sources.yaml"
    edit(sources, "  - id: classic-pt\n", "  - id: classic-en\n")
    second = sources.read_text().splitlines().index("  - id: classic-en", 6) + 1
    code, found, text = run_cli(capsys, str(sources if alone else tree))
    assert code == 1, text
    dup = [f for f in found if f["code"] == "duplicate-id"]
    assert len(dup) == 1, text
    assert dup[0]["file"].endswith("sources.yaml") and int(dup[0]["line"]) == second
    assert "source id 'classic-en' is defined twice" in dup[0]["msg"] and "sources.yaml:" in dup[0]["msg"]

"""Every error code the engine can raise is documented (``riskspec.reference.codes``), shown
by ``riskspec codes`` and listed on the docs' error codes page; the list holds no code the
engine never raises."""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Iterator
from typing import Any

import pytest

from riskspec.cli import main
from riskspec.reference import citations as C
from riskspec.reference.actions import PARSE_CODES
from riskspec.reference.codes import CODES, REFUSALS, table


def _documented(code: str) -> bool:
    return any(code == k or fnmatch.fnmatchcase(k, code) for k in CODES)


def test_every_code_the_source_raises_is_documented_and_of_its_kind() -> None:
    raised = C.raised_codes()
    assert len(raised) >= 90
    missing = sorted(c for c in raised if not _documented(c))
    assert not missing, f"codes raised by the engine but not in riskspec.reference.codes: {missing}"
    for code, info in raised.items():
        for k in CODES:
            if code == k or fnmatch.fnmatchcase(k, code):
                assert CODES[k][0] == info.kind, (code, info)


def test_no_documented_code_is_never_raised() -> None:
    raised = C.raised_codes()
    stale = [k for k in CODES if not any(c == k or fnmatch.fnmatchcase(k, c) for c in raised)]
    assert not stale, f"documented codes the engine never raises: {stale}"


def test_the_parse_codes_are_the_parsers_and_a_refusal_code_is_never_a_parse_code() -> None:
    raised = C.raised_codes()
    assert {c for c, i in raised.items() if i.kind == "invalid-action"} == set(PARSE_CODES)
    assert not set(PARSE_CODES) & set(REFUSALS)
    for code, kind, means, todo in ((c, *v) for c, v in CODES.items()):
        assert means and todo and means[0].islower(), code


def test_every_illegal_action_code_names_the_rules_it_is_raised_citing() -> None:
    for row in table():
        assert row["functions"], row["code"]
        if row["kind"] == "illegal-action":
            assert row["rules"], row["code"]


def _vector_errors() -> Iterator[tuple[str, str, Any]]:
    from riskspec.docsite.examples import default_vectors_dir, load_cases
    for case in load_cases(default_vectors_dir()):
        for step in case.steps:
            err = (step.get("expect") or {}).get("error") if isinstance(step, dict) else None
            if err:
                yield case.id, err["code"], err.get("kind")


def test_every_code_a_vector_expects_is_documented_as_its_kind() -> None:
    seen = 0
    for case, code, kind in _vector_errors():
        assert code in CODES, (case, code)
        if kind is not None:
            assert CODES[code][0] == kind, (case, code, kind)
        seen += 1
    assert seen >= 100


def test_the_docs_page_lists_every_code() -> None:
    from riskspec.docsite.pages_codes import PAGE, code_anchor, codes_page
    from riskspec.loading import load_spec
    page = codes_page(load_spec().rules)[PAGE]
    for code in CODES:
        assert f"`{code}`" in page and code_anchor(code) in page, code
    for code in C.raised_codes():
        assert any(f"`{k}`" in page for k in CODES if k == code or fnmatch.fnmatchcase(k, code))
    assert "codes.md" in open(_docs("implementers.md"), encoding="utf-8").read()


def _docs(name: str) -> str:
    from riskspec.docsite.generate import hand_written_dir
    folder = hand_written_dir()
    assert folder is not None
    return str(folder / name)


def test_riskspec_codes_lists_every_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["codes"]) == 0
    out = capsys.readouterr().out
    for code in CODES:
        assert f"  {code} " in out, code
    assert main(["codes", "--format", "json", "--kind", "invalid-action"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["code"] for r in rows] == list(PARSE_CODES)
    assert all(r["families"] == ["classic", "napoleon"] for r in rows)


def test_riskspec_codes_code_shows_the_rules_and_functions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["codes", "too-many-dice"]) == 0
    out = capsys.readouterr().out
    assert "classic.attack.attacker-dice" in out and "riskspec.reference.classic:process_attack" in out
    assert main(["codes", "--family", "classic", "--format", "json"]) == 0
    classic = {r["code"] for r in json.loads(capsys.readouterr().out)}
    assert "too-many-dice" in classic and "naval-after-land" not in classic
    assert main(["codes", "too-many-dise"]) == 2
    assert "did you mean too-many-dice" in capsys.readouterr().err

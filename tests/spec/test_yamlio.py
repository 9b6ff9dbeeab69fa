"""The strict YAML/JSON reader: every malformed input is a SpecError with a position, never a crash."""

from __future__ import annotations

import pytest

from riskspec.errors import SpecError
from riskspec.yamlio import MAX_BYTES, MAX_DEPTH, load_bytes, loads_yaml


def problems(text: str | bytes, *, json_syntax: bool = False) -> list[tuple[int, int, str]]:
    raw = text.encode() if isinstance(text, str) else text
    with pytest.raises(SpecError) as info:
        load_bytes(raw, "f.yaml", json_syntax=json_syntax)
    return [(p.line, p.column, p.code) for p in info.value.problems]


def test_plain_document_with_positions() -> None:
    doc = loads_yaml("a: 1\nb:\n  - x\n  - {c: true, d: null, e: 2.5}\n3: 35\n")
    assert doc.data == {"a": 1, "b": ["x", {"c": True, "d": None, "e": 2.5}], "3": 35}
    assert doc.position(("b", 1, "c")) == (4, 9)
    assert doc.position(("b", 0)) == (3, 5)
    # a path below a scalar falls back to its closest ancestor
    assert doc.position(("a", "missing")) == (1, 4)


def test_duplicate_key_is_an_error_with_both_lines() -> None:
    with pytest.raises(SpecError) as info:
        loads_yaml("a: 1\nb: 2\na: 3\n", "f.yaml")
    (p,) = info.value.problems
    assert (p.line, p.code) == (3, "duplicate-key")
    assert "first at line 1" in p.message


@pytest.mark.parametrize("scalar", ["no", "Yes", "off", "ON", "y"])
def test_yaml11_booleans_are_refused(scalar: str) -> None:
    assert problems(f"a: {scalar}\n") == [(1, 4, "yaml-ambiguous")]


@pytest.mark.parametrize("scalar", ["1:20", "012", "0x1F", "0o17", "1_000", "2024-01-02"])
def test_yaml11_numbers_and_dates_are_refused(scalar: str) -> None:
    assert problems(f"a: {scalar}\n") == [(1, 4, "yaml-ambiguous")]


def test_quoted_forms_keep_their_text() -> None:
    doc = loads_yaml("a: 'no'\nb: \"1:20\"\nc: !!str 012\nd: '2024-01-02'\n")
    assert doc.data == {"a": "no", "b": "1:20", "c": "012", "d": "2024-01-02"}


def test_true_false_null_and_numbers() -> None:
    doc = loads_yaml("a: true\nb: False\nc: ~\nd: -7\ne: 1e3\nf: 0\n")
    assert doc.data == {"a": True, "b": False, "c": None, "d": -7, "e": 1000.0, "f": 0}


def test_aliases_and_alias_bombs_are_refused_quickly() -> None:
    bomb = "a: &a [x,x,x,x,x,x,x,x,x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]\n"
        for i in range(8))
    found = problems(bomb)
    assert found and {code for _, _, code in found} == {"yaml-alias"}


def test_deep_nesting_is_refused_without_crashing() -> None:
    deep = "[" * 200_000 + "]" * 200_000
    # Our limit, or (with some libyaml builds) libyaml's own, which it hits first.
    ((line, _, code),) = problems(deep)
    assert (line, code) == (1, "too-deep")
    assert problems("[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5)) == [(1, MAX_DEPTH + 1, "too-deep")]


def test_custom_tags_are_refused() -> None:
    assert problems("a: !!python/object:os.system ls\n")[0][2] == "yaml-tag"
    assert problems("a: !custom 3\n")[0][2] == "yaml-tag"


@pytest.mark.parametrize("raw,code", [
    (b"", "empty"), (b"   \n\n", "empty"), (b"# only a comment\n", "empty"),
    (b"a: [1, 2\nb: 3", "yaml-syntax"), (b"a: b: c\n", "yaml-syntax"),
    (b"a: 1\n---\nb: 2\n", "yaml-multi"), (b"\tkey: tab\n", "yaml-syntax"),
])
def test_malformed_input(raw: bytes, code: str) -> None:
    assert problems(raw)[0][2] == code


def test_non_utf8_bytes_give_their_position() -> None:
    assert problems(b"a: 1\nb: caf\xe9\n") == [(2, 7, "encoding")]


def test_oversize_input_is_refused() -> None:
    assert problems(b"a: " + b"x" * (MAX_BYTES + 10))[0][2] == "too-large"


def test_mapping_keys_must_be_scalars_text() -> None:
    assert problems("? [1, 2]\n: x\n")[0][2] == "yaml-key"
    assert problems("true: 1\n")[0][2] == "yaml-key"


def test_json_strict() -> None:
    assert problems('{"a": 1, "a": 2}', json_syntax=True)[0][2] == "duplicate-key"
    assert problems('{"a": NaN}', json_syntax=True)[0][2] == "json-number"
    assert problems('{"a": [1,}', json_syntax=True)[0][2] == "json-syntax"
    doc = load_bytes(b'{\n  "a": [1, {"b": 2}]\n}', "f.json", json_syntax=True)
    assert doc.data == {"a": [1, {"b": 2}]}
    assert doc.position(("a", 1, "b")) == (2, 18)

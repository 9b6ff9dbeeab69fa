"""One parameter reader for every family (:mod:`riskspec.reference.params`, issue 27): the
values a parameter may take are written once, in ``schemas/parameters.schema.json``.

Each family's params dataclass is checked through its schema table (a value outside the
readings, below the least or above the most allowed, or of the wrong type raises an
OptionError naming the parameter); the engine's own table only narrows the schema (it lists
readings the engine does not implement yet); the reader refuses what the validator refuses;
and no engine module holds a copy of a schema's list of readings.
"""

from __future__ import annotations

import ast
import dataclasses
import re
import types
import typing
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from riskspec.errors import OptionError
from riskspec.loading import get_variant
from riskspec.loading.params import get_family_tables, get_value_problem
from riskspec.reference import params as RP
from riskspec.reference import tables as T
from riskspec.reference.napoleon import params as NP

ROOT = Path(RP.__file__).parent

#: family → (its reader, its params dataclass, a variant of it)
FAMILIES: dict[str, tuple[RP.ParamReader, type[Any], str]] = {
    "classic": (T.READER, T.Params, "classic"),
    "napoleon": (NP.READER, NP.NapParams, "napoleon-advanced"),
}


def _params(family: str) -> Any:
    reader, cls, vid = FAMILIES[family]
    raw = get_variant(vid).resolve().params
    return cls(**reader.read(cls, raw, vid))


def _fields(cls: type[Any]) -> list[dataclasses.Field[Any]]:
    return [f for f in dataclasses.fields(cls) if f.init]


def _entry(family: str, name: str) -> Mapping[str, Any]:
    return RP.resolve_schema(get_family_tables()[family]["properties"][name])


def _bad_values(family: str, name: str) -> Iterator[Any]:
    """Values the schema refuses for parameter ``name`` (as the spec writes them)."""
    entry = _entry(family, name)
    kinds = entry.get("type", [])
    kinds = [kinds] if isinstance(kinds, str) else kinds
    if "enum" in entry:
        yield "no-such-reading"
        yield 3
    if "integer" in kinds:
        yield "six"
        yield True
        yield entry["minimum"] - 1
        yield entry["maximum"] + 1
    if "boolean" in kinds:
        yield 1
        yield "yes"
    if "array" in kinds:
        yield 7
        items = entry["items"]
        yield ["no-such-reading"] if "enum" in items else [items["minimum"] - 1]
    if "object" in kinds:
        yield [1]
        inner = entry.get("additionalProperties")
        if isinstance(inner, dict) and inner.get("type") == "integer":
            yield {"1": inner["minimum"] - 1}
        if "pattern" in RP.resolve_schema(entry.get("propertyNames", {})):
            yield {"Not a key!": 1}


CASES = [(family, reader.spec_name(f.name))
         for family, (reader, cls, _) in FAMILIES.items() for f in _fields(cls)]


@pytest.mark.parametrize(("family", "name"), CASES)
def test_every_parameter_read_is_checked_through_the_schema(family: str, name: str) -> None:
    reader, cls, _ = FAMILIES[family]
    good = _params(family)
    field = name.replace(".", "_")
    for value in _bad_values(family, name):
        assert get_value_problem(family, name, value) is not None, (name, value)  # the premise
        with pytest.raises(OptionError, match=re.escape(f"parameter {name} = {value!r}: ")):
            dataclasses.replace(good, **{field: RP.frozen(value)})


@pytest.mark.parametrize("family", FAMILIES)
def test_every_field_is_a_schema_parameter_of_the_type_it_declares(family: str) -> None:
    reader, cls, _ = FAMILIES[family]
    hints = typing.get_type_hints(cls)
    kinds = {int: "integer", bool: "boolean", str: "string", tuple: "array", Mapping: "object"}
    wrong = []
    for f in _fields(cls):
        name = reader.spec_name(f.name)
        entry = _entry(family, name)
        hint = hints[f.name]
        declared = set()
        if typing.get_origin(hint) in (types.UnionType, typing.Union):
            declared.add("null")
            hint = typing.get_args(hint)[0]
        declared.add(kinds[typing.get_origin(hint) or hint])
        schema = entry.get("type", "string" if "enum" in entry else None)
        schema = set([schema] if isinstance(schema, str) else schema)
        if name not in RP.get_family_schema(family).get("required", ()):
            schema.add("null")  # read as None when a variant does not set it
        if declared != schema:
            wrong.append(f"{f.name}: {sorted(declared)} vs the schema's {sorted(schema)}")
    assert wrong == []


@pytest.mark.parametrize("family", FAMILIES)
def test_the_spec_values_are_read_as_they_are(family: str) -> None:
    reader, cls, vid = FAMILIES[family]
    raw = get_variant(vid).resolve().params
    p = _params(family)
    for f in _fields(cls):
        assert getattr(p, f.name) == RP.frozen(raw.get(reader.spec_name(f.name))), f.name


@pytest.mark.parametrize("family", FAMILIES)
def test_not_implemented_only_narrows_the_schema(family: str) -> None:
    reader = FAMILIES[family][0]
    for name, skipped in reader.not_implemented.items():
        readings = reader.get_schema_readings(name)
        assert readings is not None, f"{name} is not a reading parameter"
        assert all(any(r == x and type(r) is type(x) for x in readings) for r in skipped), (name, skipped, readings)
        implemented = reader.get_readings(name)
        assert implemented and len(implemented) == len(readings) - len(skipped), name


def test_a_reading_not_implemented_yet_is_refused_naming_what_is() -> None:
    p = _params("napoleon")
    with pytest.raises(OptionError, match=re.escape(
            "parameter leaders.alone = 'may-stand-alone': the reference engine's Napoléon "
            "implements must-join so far")):
        dataclasses.replace(p, leaders_alone="may-stand-alone")
    with pytest.raises(OptionError, match=re.escape(
            "parameter naval.forced_attack_on_build = False: the reference engine's Napoléon "
            "implements True so far")):
        dataclasses.replace(p, naval_forced_attack_on_build=False)
    with pytest.raises(OptionError, match=re.escape(
            "parameter attack.ties = 'sometimes': the reference engine implements "
            "attacker, defender, neither")):
        dataclasses.replace(_params("classic"), attack_ties="sometimes")


def test_a_missing_parameter_is_named_unless_the_schema_does_not_require_it() -> None:
    raw = dict(get_variant("classic").resolve().params)
    raw.pop("cards.fixed_set_values", None)
    assert T.READER.read(T.Params, raw, "variant 'classic'")["cards_fixed_set_values"] is None
    del raw["attack.ties"]
    with pytest.raises(OptionError, match=r"variant 'classic' lacks parameter 'attack\.ties'"):
        T.READER.read(T.Params, raw, "variant 'classic'")


@pytest.mark.parametrize(("name", "value"), [
    ("setup.starting_units", {"13": 30}), ("setup.starting_units", {}),
    ("scoring.tiebreak", ["regiments", "regiments"]), ("missions.decks", {"1": "Not A Slug"}),
    ("cards.set_values_fixed", {"infantry": 4, "cavalry": 6, "artillery": 8}),
    ("cards.set_values_fixed", {"infantry": 4, "cavalry": 6, "artillery": 8, "mixed": 1, "x": 1}),
    ("generals.bonus_by_count", {"1": [1] * 11}), ("vp.floor", -1001), ("vp.floor", 4.0),
])
def test_the_reader_refuses_what_the_validator_refuses(name: str, value: Any) -> None:
    assert get_value_problem("napoleon", name, value) is not None
    with pytest.raises(OptionError, match=re.escape(f"parameter {name} = {value!r}: ")):
        NP.READER.check_value(name, RP.frozen(value))


def _literal(node: ast.AST) -> frozenset[Any] | None:
    """The values of a literal tuple, list or set of constants (None: not one)."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and node.elts \
            and all(isinstance(e, ast.Constant) for e in node.elts):
        return frozenset(e.value for e in node.elts if isinstance(e, ast.Constant))
    return None


def _reading_lists(tree: ast.AST, names: set[str]) -> Iterator[tuple[int, str, frozenset[Any]]]:
    """Literal lists tied to a parameter: a table entry keyed by its spec name
    (``"attack.ties": (...)``), or a comparison with its params field (``p.attack_ties in
    (...)``)."""
    fields = {n.replace(".", "_"): n for n in names}
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                values = _literal(value)
                if isinstance(key, ast.Constant) and key.value in names and values:
                    yield node.lineno, key.value, values
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            named = [fields[x.attr] for x in sides
                     if isinstance(x, ast.Attribute) and x.attr in fields]
            for name in named:
                for values in filter(None, map(_literal, sides)):
                    yield node.lineno, name, values


def test_no_engine_module_holds_a_copy_of_a_schema_list_of_readings() -> None:
    """The engine names the readings it does not implement; the schema, those a parameter
    has: a module with its own list of a parameter's readings would be a third place."""
    enums = {name: frozenset(e["enum"]) for table in get_family_tables().values()
             for name, e in table["properties"].items() if "enum" in e}
    found = [f"{path.relative_to(ROOT)}:{line}: the readings of {name}"
             for path in sorted(ROOT.rglob("*.py"))
             for line, name, values in _reading_lists(ast.parse(path.read_text(encoding="utf-8")),
                                                      set(enums))
             if values == enums.get(name)]
    assert found == []


def test_the_static_check_sees_a_copy() -> None:
    names = {"attack.ties", "setup.distribution"}
    tree = ast.parse('CHOICES = {"attack.ties": ("defender", "attacker", "neither")}\n'
                     'if p.setup_distribution in ("claim", "deal"): pass\n'
                     'if phase in ("claim", "deal"): pass\n')
    assert [(n, set(v)) for _, n, v in _reading_lists(tree, names)] == [
        ("attack.ties", {"attacker", "defender", "neither"}),
        ("setup.distribution", {"claim", "deal"})]

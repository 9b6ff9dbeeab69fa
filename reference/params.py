"""One reader of spec parameters for every family, driven by ``schemas/parameters.schema.json``.

A family's params dataclass (Classic's :class:`~riskspec.reference.tables.Params`,
Napoléon's :class:`~riskspec.reference.napoleon.params.NapParams`) has one field per spec
parameter (``section.name`` → ``section_name``).  :class:`ParamReader` fills it from a
ruleset's parameters and checks each value — when built, and so on ``dataclasses.replace``
too — against that family's entry in the parameter schema, the one ``riskspec validate``
enforces: its type and range, and for a reading (a word, or true/false) that the engine
implements it.  The engine implements every reading the schema lists but those its family
names in a short table of exceptions (``not_implemented``): the engine states what it does
not do, never a copy of the schema.  A bad value raises :class:`~riskspec.errors.OptionError`
naming the parameter, its value and what the engine accepts.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Mapping
from typing import Any

from riskspec.errors import OptionError
from riskspec.schemas import load_schema

SCHEMA = "parameters.schema.json"

#: a JSON Schema type → (the Python value of it the params hold, what a bad value must be)
_KINDS: dict[str, tuple[Any, str]] = {
    "integer": (lambda v: isinstance(v, int) and not isinstance(v, bool), "a whole number"),
    "boolean": (lambda v: isinstance(v, bool), "true or false"),
    "string": (lambda v: isinstance(v, str), "a name (text)"),
    "array": (lambda v: isinstance(v, tuple), "a list"),
    "object": (lambda v: isinstance(v, Mapping), "a table"),
    "null": (lambda v: v is None, "null"),
}


@functools.cache
def get_family_schema(family: str) -> Mapping[str, Any]:
    """The schema of a family's parameter table (``properties`` by spec name, ``required``)."""
    table: Mapping[str, Any] = load_schema(SCHEMA)["$defs"][family]
    return table


def resolve_schema(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """``schema`` with its ``$ref`` followed (this file's ``#/$defs/…``, or another schema's)."""
    while "$ref" in schema:
        base, _, pointer = schema["$ref"].partition("#")
        doc: Any = load_schema(base.rsplit(":", 1)[-1] + ".schema.json" if base else SCHEMA)
        for part in pointer.strip("/").split("/"):
            doc = doc[part]
        schema = doc
    return schema


def _is_in(value: Any, values: Any) -> bool:
    """``value`` is one of ``values``, of the same type (``1`` is not ``true``)."""
    return any(value == v and type(value) is type(v) for v in values)


def _problem(schema: Mapping[str, Any], value: Any, top: bool = False) -> str:
    """What is wrong with ``value`` as an instance of ``schema`` (empty: nothing).  At the
    ``top`` a reading's list (``enum``) is left to :meth:`ParamReader.check_value`."""
    schema = resolve_schema(schema)
    kinds = schema.get("type", [])
    kinds = [kinds] if isinstance(kinds, str) else kinds
    if kinds and not any(_KINDS[k][0](value) for k in kinds):
        return f"must be {_KINDS[next(k for k in kinds if k != 'null')][1]}"
    if value is None:
        return ""
    if "enum" in schema and not top and not _is_in(value, schema["enum"]):
        return f"must be one of {', '.join(map(str, schema['enum']))}"
    if isinstance(value, int):
        if value < schema.get("minimum", value):
            return f"must be at least {schema['minimum']}"
        if value > schema.get("maximum", value):
            return f"must be at most {schema['maximum']}"
    if isinstance(value, str):
        if "pattern" in schema and not re.search(schema["pattern"], value):
            return "must be " + _pattern_text(schema["pattern"])
        if len(value) > schema.get("maxLength", len(value)):
            return f"must be at most {schema['maxLength']} characters"
    if isinstance(value, tuple):
        return _items_problem(schema, value)
    if isinstance(value, Mapping):
        return _entries_problem(schema, value)
    return ""


def _items_problem(schema: Mapping[str, Any], value: tuple[Any, ...]) -> str:
    if not schema.get("minItems", 0) <= len(value) <= schema.get("maxItems", len(value)):
        return (f"must hold {schema.get('minItems', 0)} to {schema.get('maxItems', '…')} "
                f"items, not {len(value)}")
    if schema.get("uniqueItems") and len(set(map(repr, value))) < len(value):
        return "must not repeat an item"
    for item in value:
        bad = _problem(schema.get("items", {}), item)
        if bad:
            return f"item {item!r} {bad}"
    return ""


def _entries_problem(schema: Mapping[str, Any], value: Mapping[Any, Any]) -> str:
    if not schema.get("minProperties", 0) <= len(value) <= schema.get("maxProperties", len(value)):
        return (f"must hold {schema.get('minProperties', 0)} to "
                f"{schema.get('maxProperties', '…')} entries, not {len(value)}")
    missing = [k for k in schema.get("required", ()) if k not in value]
    if missing:
        return f"lacks entry {missing[0]!r}"
    names = resolve_schema(schema.get("propertyNames", {}))
    known = schema.get("properties", {})
    for key, item in value.items():
        if not isinstance(key, str) or ("pattern" in names and not re.search(names["pattern"], key)):
            return f"key {key!r} must be {_pattern_text(names.get('pattern', ''))}"
        inner = known.get(key, schema.get("additionalProperties", {}))
        if inner is False:
            return f"key {key!r} must be one of {', '.join(known)}"
        bad = _problem(inner, item)
        if bad:
            return f"entry {key}: {bad}"
    return ""


def _pattern_text(pattern: str) -> str:
    """What a key or name matching ``pattern`` is, in words."""
    numbers = [n for n in range(101) if re.search(pattern, str(n))]
    if numbers and len(numbers) == numbers[-1] - numbers[0] + 1:
        return f"a number from {numbers[0]} to {numbers[-1]}"
    if pattern == resolve_schema({"$ref": "urn:riskspec:schema:common#/$defs/slug"}).get("pattern"):
        return "an ID (lower-case words joined by '-')"
    return f"a name matching {pattern}" if pattern else "a name"


def frozen(value: Any) -> Any:
    """A spec value as a params field holds it: lists as tuples (also inside a table), a
    table as a fresh dict."""
    if isinstance(value, list):
        return tuple(frozen(v) for v in value)
    if isinstance(value, Mapping):
        return {k: frozen(v) for k, v in value.items()}
    return value


def _shown(value: Any) -> Any:
    """``value`` as the spec writes it (lists, not the tuples it is kept as)."""
    if isinstance(value, tuple):
        return [_shown(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _shown(v) for k, v in value.items()}
    return value


@dataclasses.dataclass(frozen=True)
class ParamReader:
    """The reader of one family's parameters (``family``: its table in the schema)."""

    family: str
    #: who implements the readings, in messages ("the reference engine")
    engine: str
    #: parameter → the schema's readings this engine does not (yet) implement
    not_implemented: Mapping[str, tuple[Any, ...]] = dataclasses.field(default_factory=dict)
    #: parameter → the readings this engine implements, as asked (see :meth:`get_readings`)
    _readings: dict[str, tuple[Any, ...] | None] = dataclasses.field(
        default_factory=dict, init=False, repr=False, compare=False)

    @property
    def schema(self) -> Mapping[str, Any]:
        return get_family_schema(self.family)

    def spec_name(self, field_name: str) -> str:
        """The spec name of a params field (``end_turn_max_draws`` → ``end_turn.max_draws``)."""
        return _spec_names(self.family)[field_name]

    def get_schema_readings(self, name: str) -> tuple[Any, ...] | None:
        """The readings the schema lists for parameter ``name`` (None: not a reading)."""
        entry = resolve_schema(self.schema["properties"][name])
        if "enum" in entry:
            return tuple(entry["enum"])
        return (False, True) if entry.get("type") == "boolean" else None

    def get_readings(self, name: str) -> tuple[Any, ...] | None:
        """The readings of ``name`` this engine implements (None: not a reading)."""
        if name not in self._readings:
            readings = self.get_schema_readings(name)
            skip = self.not_implemented.get(name, ())
            self._readings[name] = (None if readings is None else
                                    tuple(r for r in readings if not _is_in(r, skip)))
        return self._readings[name]

    def get_readings_table(self) -> dict[str, tuple[Any, ...]]:
        """Every reading parameter → the readings this engine implements."""
        table = {name: self.get_readings(name) for name in self.schema["properties"]}
        return {name: r for name, r in table.items() if r is not None}

    def check_value(self, name: str, value: Any) -> None:
        """Raise :class:`OptionError` unless ``value`` is one parameter ``name`` may take
        (None, for a parameter the schema does not require, is its absence)."""
        if value is None and name not in self.schema.get("required", ()):
            return
        problem = _problem(self.schema["properties"][name], value, top=True)
        if problem:
            raise OptionError(f"parameter {name} = {_shown(value)!r}: {problem}")
        readings = self.get_readings(name)
        if readings is not None and not _is_in(value, readings):
            later = _is_in(value, self.get_schema_readings(name) or ())
            raise OptionError(f"parameter {name} = {_shown(value)!r}: {self.engine} implements "
                              f"{', '.join(map(str, readings))}{' so far' if later else ''}")

    def check(self, params: Any) -> None:
        """Check every field of a params dataclass (call it from ``__post_init__``)."""
        for f in dataclasses.fields(params):
            if f.init:
                self.check_value(self.spec_name(f.name), getattr(params, f.name))

    def read(self, cls: type[Any], params: Mapping[str, Any], owner: str) -> dict[str, Any]:
        """The field values of ``cls`` read from a ruleset's ``params`` (the dataclass checks
        them when built); a parameter the schema requires and ``owner`` lacks raises
        :class:`OptionError`, one it does not require is None when absent."""
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if not f.init:
                continue
            name = self.spec_name(f.name)
            if name in params:
                values[f.name] = frozen(params[name])
            elif name in self.schema.get("required", ()):
                raise OptionError(f"{owner} lacks parameter {name!r}, which the reference "
                                  f"engine needs")
            else:
                values[f.name] = None
        return values


@functools.cache
def _spec_names(family: str) -> dict[str, str]:
    """Field name → spec name, for every parameter of the family's schema table."""
    return {name.replace(".", "_"): name for name in get_family_schema(family)["properties"]}

"""The JSON Schemas shipped in the package, a ``referencing`` registry over them,
and schema validation that reports ``file:line:col: [schema] $.path: message``."""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import TYPE_CHECKING, Any

from riskspec.errors import Problem
from riskspec.yamlio import Document, format_path

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

# jsonschema and referencing are imported by the functions that validate: importing them
# is a third of a CLI command's start-up, and most commands validate nothing.

#: format tag (the ``format:`` field of a file) → schema file name
FORMATS: dict[str, str] = {
    "riskspec/sources@1": "sources.schema.json",
    "riskspec/map@1": "map.schema.json",
    "riskspec/variant@1": "variant.schema.json",
    "riskspec/rules@1": "rules.schema.json",
    "riskspec/ambiguities@1": "ambiguities.schema.json",
    "riskspec/missions@1": "missions.schema.json",
    "riskspec/state@1": "state.schema.json",
    "riskspec/vectors@1": "vectors.schema.json",
    "riskspec/vectors@2": "vectors.schema.json",
    "riskspec/vector-shared@1": "vectors.schema.json",
    "riskspec/log@2": "log.schema.json",
    "riskspec/report@1": "report.schema.json",
}

MAX_ERRORS_PER_FILE = 100


def schema_files() -> list[str]:
    return sorted(p.name for p in resources.files("riskspec.schemas").iterdir()
                  if p.name.endswith(".schema.json"))


@functools.cache
def load_schema(name: str) -> dict[str, Any]:
    text = resources.files("riskspec.schemas").joinpath(name).read_text(encoding="utf-8")
    return json.loads(text)


@functools.cache
def registry() -> Registry:
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    resources_ = []
    for name in schema_files():
        schema = load_schema(name)
        resources_.append((schema["$id"], Resource.from_contents(schema, DRAFT202012)))
    return Registry().with_resources(resources_)


@functools.cache
def validator(name: str) -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(load_schema(name), registry=registry())


def validator_for_id(schema_id: str) -> Draft202012Validator:
    for name in schema_files():
        if load_schema(name)["$id"] == schema_id:
            return validator(name)
    raise KeyError(schema_id)


def check_schemas() -> list[Problem]:
    """Every shipped schema must itself be a valid draft 2020-12 schema."""
    return list(_check_schemas())


@functools.cache
def _check_schemas() -> tuple[Problem, ...]:  # the shipped schemas do not change in a run
    from jsonschema import Draft202012Validator

    problems = []
    meta = Draft202012Validator(Draft202012Validator.META_SCHEMA)
    for name in schema_files():
        for err in meta.iter_errors(load_schema(name)):
            problems.append(Problem(f"schemas/{name}", 1, 1, "metaschema",
                                    f"{format_path(tuple(err.absolute_path))}: {err.message}"))
    return tuple(problems)


def _describe(err: ValidationError) -> ValidationError:
    """For oneOf/anyOf failures, dig into the branch that came closest."""
    from jsonschema.exceptions import best_match

    while err.context:
        better = best_match(err.context)
        if better is None or better is err:
            break
        err = better
    return err


def _shorten(message: str, limit: int = 300) -> str:
    return message if len(message) <= limit else message[:limit] + " …"


#: (schema, file name, digest of its bytes) → its schema problems: a spec folder is checked
#: more than once per run (a tolerant pass, each variant file), and a file is unchanged
_SCHEMA_RESULTS: dict[tuple[str, str, bytes], tuple[Problem, ...]] = {}


def schema_problems(doc: Document, schema_name: str) -> list[Problem]:
    """Validate ``doc`` against one schema; one Problem per error, with its line."""
    if doc.digest is None:
        return _schema_problems(doc, schema_name)
    key = (schema_name, doc.file, doc.digest)
    found = _SCHEMA_RESULTS.get(key)
    if found is None:
        if len(_SCHEMA_RESULTS) >= 512:
            _SCHEMA_RESULTS.clear()
        found = _SCHEMA_RESULTS[key] = tuple(_schema_problems(doc, schema_name))
    return list(found)


def _schema_problems(doc: Document, schema_name: str) -> list[Problem]:
    problems: list[Problem] = []
    errors = sorted(validator(schema_name).iter_errors(doc.data),
                    key=lambda e: (doc.position(tuple(e.absolute_path)), e.message))
    for err in errors:
        detail = _describe(err)
        path = tuple(detail.absolute_path)
        problems.append(doc.problem(path, "schema", f"{format_path(path)}: {_shorten(detail.message)}"))
        if len(problems) >= MAX_ERRORS_PER_FILE:
            problems.append(doc.problem((), "schema", "too many errors; stopping here"))
            break
    return problems


def format_of(doc: Document) -> tuple[str | None, list[Problem]]:
    """The schema file for the document's ``format`` field, or a problem saying why not."""
    data = doc.data
    if not isinstance(data, dict):
        return None, [doc.problem((), "format",
                                  f"expected a mapping at the top level, found {type(data).__name__}")]
    fmt = data.get("format")
    if fmt is None:
        return None, [doc.problem((), "format",
                                  "missing 'format' field; expected one of " + ", ".join(FORMATS))]
    if not isinstance(fmt, str):
        return None, [doc.problem(("format",), "format",
                                  f"'format' must be a string, not {fmt!r:.60}; expected one of "
                                  + ", ".join(FORMATS))]
    if fmt not in FORMATS:
        return None, [doc.problem(("format",), "format",
                                  f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")]
    return FORMATS[fmt], []

"""The JSON Schemas shipped in the package, a ``referencing`` registry over them,
and schema validation that reports ``file:line:col: [schema] $.path: message``."""

from __future__ import annotations

import functools
import os
from importlib import resources
from typing import TYPE_CHECKING, Any

from riskspec.errors import Problem
from riskspec.schemas import load_schema
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


#: ``RISKSPEC_SCHEMA_BACKEND=python`` turns the compiled fast path off (every verdict then
#: comes from ``jsonschema`` alone, as before the fast path existed).
BACKEND_ENV = "RISKSPEC_SCHEMA_BACKEND"

_PLAIN_SCALARS = (str, int, float, bool, type(None))

#: the deepest nesting the compiled validator is given: it recurses on the native stack and
#: crashes the process (SIGSEGV) on a value nested ~100,000 deep; the shipped documents nest
#: about 15 deep, and jsonschema answers (or raises RecursionError) for anything deeper
FAST_MAX_DEPTH = 100


def is_plain_json(obj: Any, max_depth: int = FAST_MAX_DEPTH) -> bool:
    """Whether ``obj`` is built only of what a JSON or YAML parser returns: dicts with string
    keys, lists, strings, numbers, booleans and None (exact types, no subclasses, no tuples),
    nested at most ``max_depth`` deep. Walked without recursion."""
    stack = [(obj, 0)]
    while stack:
        x, depth = stack.pop()
        t = type(x)
        if t is dict or t is list:
            if depth >= max_depth:
                return False
            if t is dict:
                for k, v in x.items():
                    if type(k) is not str:
                        return False
                    stack.append((v, depth + 1))
            else:
                stack.extend((v, depth + 1) for v in x)
        elif t not in _PLAIN_SCALARS:
            return False
    return True


@functools.cache
def compiled_validator(name: str, pointer: str = "") -> Any:
    """The compiled (``jsonschema_rs``) validator of schema ``name`` (or of the ``pointer``
    inside it, e.g. ``/$defs/result_apply``); None when it is not installed, turned off, or
    the schema does not compile there."""
    if os.environ.get(BACKEND_ENV, "").strip().lower() == "python":
        return None
    try:
        import jsonschema_rs
    except ImportError:
        return None
    try:
        reg = jsonschema_rs.Registry([(load_schema(n)["$id"], load_schema(n))
                                      for n in schema_files()])
        schema = load_schema(name)
        if pointer:
            schema = {"$ref": f"{schema['$id']}#{pointer}"}
        return jsonschema_rs.Draft202012Validator(schema, registry=reg, validate_formats=False)
    except Exception:  # noqa: BLE001 - no fast path; jsonschema gives every verdict
        return None


def is_surely_valid(name: str, instance: Any, pointer: str = "") -> bool:
    """True only when ``instance`` is valid against schema ``name`` (or the part of it at
    ``pointer``); False means "not known": ask :func:`validator` for the errors.

    A compiled validator (``jsonschema_rs``, ~150x faster) answers for plain JSON values.
    It is used only in the direction where it can be trusted to agree: where it is
    stricter than ``jsonschema`` (a ``$`` that refuses a trailing newline, a value it cannot
    convert) it says False and ``jsonschema`` decides; where it would be laxer (a tuple read
    as an array) the value is not plain JSON and it is not asked, nor is a value nested
    deeper than :data:`FAST_MAX_DEPTH` (it would crash the compiled validator).
    ``multipleOf`` on fractions, where the two differ, is in no shipped schema;
    tests/fuzz/test_schema_backends.py checks the agreement on every shipped document, every
    case, and hostile states and events."""
    fast = compiled_validator(name, pointer)
    if fast is None or not is_plain_json(instance):
        return False
    try:
        return bool(fast.is_valid(instance))
    except Exception:  # noqa: BLE001 - a value it cannot read: jsonschema decides
        return False


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
    if is_surely_valid(schema_name, doc.data):
        return problems
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

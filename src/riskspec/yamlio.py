"""Strict, safe loading of YAML and JSON documents with source positions.

PyYAML's own constructors silently turn ``no`` into ``False``, ``1:20`` into
``80`` and ``012`` into ``10``, overwrite duplicate keys, expand alias bombs
and (with the C composer) crash on deeply nested input.  This module builds
the document itself from the parser's *event stream*, iteratively, so that:

* every value gets the line and column it was written at (``positions`` maps
  a JSON path tuple to ``(line, column)``, both 1-based);
* a duplicate key, an anchor or alias, a custom tag, a YAML 1.1 scalar whose
  meaning differs in YAML 1.2, a document nested deeper than
  :data:`MAX_DEPTH`, a file larger than :data:`MAX_BYTES` or bytes that are
  not UTF-8 are each reported as a :class:`~riskspec.errors.Problem`;
* mapping keys are always strings (``3: 35`` gives the key ``"3"``), so every
  document is a JSON value and can be checked by a JSON Schema.

Nothing here ever raises anything but :class:`~riskspec.errors.SpecError`.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import pickle
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from riskspec.errors import Problem, SpecError
from riskspec.safeio import describe_path, read_prefix

MAX_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 64
MAX_NODES = 2_000_000

JsonPath = tuple[str | int, ...]

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# YAML 1.2 core schema, plus the YAML 1.1 forms we refuse because they would
# change meaning between the two versions.
_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_BOOL = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_BOOL_11 = re.compile(r"^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$")
_INT = re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$")
_INT_AMBIGUOUS = re.compile(
    r"^[-+]?(?:0[0-9]+|0[oO][0-7]+|0[xX][0-9a-fA-F]+|0[bB][01]+|[0-9][0-9_]*_[0-9_]*)$")
_SEXAGESIMAL = re.compile(r"^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$")
_FLOAT = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")
_FLOAT_SPECIAL = re.compile(r"^(?:[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$")
_TIMESTAMP = re.compile(r"^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt ]|$)")

_STR_TAG = "tag:yaml.org,2002:str"
_KNOWN_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map",
}


@dataclass
class Document:
    """A loaded document: its data, where each value stands, and its file name."""

    data: Any
    file: str
    positions: dict[JsonPath, tuple[int, int]] = field(default_factory=dict)
    #: a digest of the bytes it was read from (None for a document built in memory): the
    #: same bytes under the same name give the same schema problems (see validation)
    digest: bytes | None = None

    def position(self, path: JsonPath) -> tuple[int, int]:
        """Line and column of ``path``, or of its closest ancestor that has one."""
        p = tuple(path)
        while p:
            if p in self.positions:
                return self.positions[p]
            p = p[:-1]
        return self.positions.get((), (1, 1))

    def problem(self, path: JsonPath, code: str, message: str) -> Problem:
        line, col = self.position(path)
        return Problem(self.file, line, col, code, message)


def format_path(path: JsonPath) -> str:
    """``('rules', 3, 'id')`` → ``$.rules[3].id``."""
    out = "$"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _scalar(value: str, tag: str | None, implicit: tuple[bool, bool], style: str | None,
            file: str, mark: Any) -> tuple[Any, Problem | None]:
    """Resolve one scalar; return (value, problem-or-None)."""
    line, col = mark.line + 1, mark.column + 1

    def bad(code: str, msg: str) -> tuple[Any, Problem]:
        return value, Problem(file, line, col, code, msg)

    plain = style is None or style == ""
    if tag is not None and tag not in ("!",):
        full = tag if tag.startswith("tag:") else (
            "tag:yaml.org,2002:" + tag[2:] if tag.startswith("!!") else tag)
        if full not in _KNOWN_TAGS:
            return bad("yaml-tag", f"unsupported tag {tag!r}: only plain YAML data is allowed")
        if full == _STR_TAG:
            return value, None
        # An explicit standard tag on a scalar: resolve as if plain, then check it matches.
        resolved, problem = _scalar(value, None, (True, False), None, file, mark)
        if problem:
            return resolved, problem
        kind: dict[str, type | tuple[type, ...]] = {
            "int": int, "float": (int, float), "bool": bool, "null": type(None)}
        want = kind.get(full.rsplit(":", 1)[1])
        if want is not None and (not isinstance(resolved, want) or
                                 (want is int and isinstance(resolved, bool))):
            return bad("yaml-tag", f"value {value!r} does not match its tag {tag!r}")
        return resolved, None
    if not plain or not implicit[0]:
        return value, None
    if _NULL.match(value):
        return None, None
    if _BOOL.match(value):
        return value.lower() == "true", None
    if _BOOL_11.match(value):
        return bad("yaml-ambiguous",
                   f"plain scalar {value!r} is a boolean in YAML 1.1 but a string in YAML 1.2; "
                   f"write true/false, or quote it to mean the text")
    if _INT.match(value):
        return int(value), None
    if _INT_AMBIGUOUS.match(value):
        return bad("yaml-ambiguous",
                   f"plain scalar {value!r} is read differently by YAML 1.1 and 1.2 "
                   f"(octal, hex, binary or digit separators); write a plain decimal or quote it")
    if _SEXAGESIMAL.match(value):
        return bad("yaml-ambiguous",
                   f"plain scalar {value!r} is a base-60 number in YAML 1.1; quote it to mean the text")
    if _TIMESTAMP.match(value):
        return bad("yaml-ambiguous",
                   f"plain scalar {value!r} is a date in YAML 1.1; quote it to mean the text")
    if _FLOAT.match(value):
        number = float(value)
        if math.isinf(number):
            return bad("yaml-number", f"number {value!r} is too large")
        return number, None
    if _FLOAT_SPECIAL.match(value):
        return bad("yaml-number", f"{value!r} (infinity / not-a-number) is not allowed")
    if value == "<<":
        return bad("yaml-merge", "merge keys ('<<') are not supported; write the keys out")
    return value, None


def _key_text(key: Any) -> str | None:
    if isinstance(key, bool) or key is None:
        return None
    if isinstance(key, (int, float, str)):
        return str(key)
    return None


def _line_of_offset(data: bytes, offset: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, offset) + 1
    col = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return line, col


def _decode(raw: bytes, file: str) -> str:
    if len(raw) > MAX_BYTES:
        raise SpecError([Problem(file, 1, 1, "too-large",
                                 f"file is {len(raw)} bytes; the limit is {MAX_BYTES}")])
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = _line_of_offset(raw, exc.start)
        raise SpecError([Problem(file, line, col, "encoding",
                                 f"byte {raw[exc.start]:#04x} is not valid UTF-8; "
                                 f"save the file as UTF-8")]) from None
    if not text.strip():
        raise SpecError([Problem(file, 1, 1, "empty", "file is empty; expected a document")])
    return text


def loads_yaml(text: str, file: str = "<string>") -> Document:
    """Parse YAML text into a :class:`Document`; raise :class:`SpecError` listing every problem."""
    problems: list[Problem] = []
    positions: dict[JsonPath, tuple[int, int]] = {}
    # Stack frames: [container, path, pending_key, key_marks, seen_keys]
    stack: list[list[Any]] = []
    root: list[Any] = []
    documents = 0
    nodes = 0

    def add(value: Any, mark: Any) -> JsonPath | None:
        """Attach ``value`` to the current container; return its path (None if dropped)."""
        if not stack:
            root.append(value)
            path: JsonPath = ()
        else:
            frame = stack[-1]
            container, cpath = frame[0], frame[1]
            if isinstance(container, list):
                path = cpath + (len(container),)
                container.append(value)
            else:
                if frame[2] is _NO_KEY:
                    key = _key_text(value)
                    if key is None:
                        problems.append(Problem(file, mark.line + 1, mark.column + 1, "yaml-key",
                                                f"mapping key {value!r} must be a string or number"))
                        key = f"<invalid key {value!r}>"
                    if key in frame[4]:
                        first = frame[4][key]
                        problems.append(Problem(file, mark.line + 1, mark.column + 1,
                                                "duplicate-key",
                                                f"key {key!r} appears twice in {format_path(cpath)} "
                                                f"(first at line {first[0]}); later one would "
                                                f"silently win"))
                    else:
                        frame[4][key] = (mark.line + 1, mark.column + 1)
                    frame[2] = key
                    return None
                key = frame[2]
                frame[2] = _NO_KEY
                path = cpath + (key,)
                if key not in container:
                    container[key] = value
        positions.setdefault(path, (mark.line + 1, mark.column + 1))
        return path

    try:
        for event in yaml.parse(text, Loader=_Loader):
            at: Any = event.start_mark  # every parser event has one
            if isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    problems.append(Problem(file, at.line + 1, 1, "yaml-multi",
                                            "more than one YAML document in the file"))
                    break
                continue
            nodes += 1
            if nodes > MAX_NODES:
                problems.append(Problem(file, at.line + 1, 1, "too-large",
                                        f"more than {MAX_NODES} values in the document"))
                break
            anchor = getattr(event, "anchor", None)
            if isinstance(event, yaml.AliasEvent) or anchor is not None:
                problems.append(Problem(file, at.line + 1,
                                        at.column + 1, "yaml-alias",
                                        "anchors and aliases (&, *) are not supported; "
                                        "write the value out"))
                if isinstance(event, yaml.AliasEvent):
                    add(None, at)
                    continue
            if isinstance(event, yaml.ScalarEvent):
                value, problem = _scalar(event.value, event.tag, event.implicit, event.style,
                                         file, at)
                if problem:
                    problems.append(problem)
                add(value, at)
            elif isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                if len(stack) >= MAX_DEPTH:
                    problems.append(Problem(file, at.line + 1,
                                            at.column + 1, "too-deep",
                                            f"nesting deeper than {MAX_DEPTH} levels"))
                    break
                if event.tag not in (None, "!") and event.tag not in _KNOWN_TAGS and \
                        not event.tag.startswith("!!"):
                    problems.append(Problem(file, at.line + 1,
                                            at.column + 1, "yaml-tag",
                                            f"unsupported tag {event.tag!r}"))
                container: Any = [] if isinstance(event, yaml.SequenceStartEvent) else {}
                path = add(container, at)
                if path is None:  # a collection used as a mapping key: already reported
                    path = ("<key>",)
                stack.append([container, path, _NO_KEY, None, {}])
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                stack.pop()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        reason = " ".join(x for x in (exc.context, exc.problem) if x) or "malformed YAML"
        if "nesting depth" in reason:  # libyaml's own limit, reached before ours in some builds
            problems.append(Problem(file, line, col, "too-deep",
                                    f"nesting deeper than {MAX_DEPTH} levels"))
        else:
            problems.append(Problem(file, line, col, "yaml-syntax", reason))
    except yaml.YAMLError as exc:  # reader errors (control characters) and the like
        problems.append(Problem(file, 1, 1, "yaml-syntax", str(exc).splitlines()[0]))
    except RecursionError:
        problems.append(Problem(file, 1, 1, "too-deep", "document nested too deeply"))
    if not problems and not root:
        problems.append(Problem(file, 1, 1, "empty", "file holds no document"))
    if problems:
        raise SpecError(problems)
    return Document(root[0], file, positions)


class _NoKey:
    __slots__ = ()

    def __repr__(self) -> str:
        return "<no key>"


_NO_KEY = _NoKey()


def loads_json(text: str, file: str = "<string>") -> Document:
    """Parse JSON strictly (duplicate keys, NaN and Infinity rejected) with positions."""
    problems: list[Problem] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in items:
            if key in out:
                problems.append(Problem(file, 1, 1, "duplicate-key",
                                        f"key {key!r} appears twice in one JSON object"))
            out[key] = value
        return out

    def constant(name: str) -> Any:
        problems.append(Problem(file, 1, 1, "json-number", f"{name} is not valid JSON"))
        return None

    try:
        data = json.loads(text, object_pairs_hook=pairs, parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise SpecError([Problem(file, exc.lineno, exc.colno, "json-syntax", exc.msg)]) from None
    except RecursionError:
        raise SpecError([Problem(file, 1, 1, "too-deep", "document nested too deeply")]) from None
    positions: dict[JsonPath, tuple[int, int]] = {}
    try:  # JSON is (almost always) YAML: borrow positions from the strict YAML reader
        positions = loads_yaml(text, file).positions
    except SpecError:
        pass
    if problems:
        # Place duplicate-key problems better where the YAML reader found them.
        raise SpecError(problems)
    return Document(data, file, positions)


def real_path(path: str | Path) -> Path:
    """The absolute path with every symlink followed (like ``Path.resolve``, but a symlink
    loop gives a path — which then cannot be opened — instead of raising)."""
    return Path(os.path.realpath(path))


def read_regular(path: str | Path, limit: int) -> bytes:
    """Up to ``limit`` bytes of a regular file (:func:`riskspec.safeio.read_prefix`): a FIFO,
    device, folder or symlink loop raises :class:`OSError` before a byte is read."""
    return read_prefix(path, limit)


def load_path(path: str | Path, *, display: str | None = None) -> Document:
    """Load a ``.yaml``/``.yml``/``.json`` file; every failure is a :class:`SpecError`."""
    p = Path(path)
    name = display or str(path)
    try:
        if not p.is_file():  # a FIFO would block, a device never end: refuse before opening
            kind = describe_path(p)
            why = ("no such file" if kind == "missing" else
                   f"{kind}, not a regular file (a FIFO or device is never opened): name a file")
            raise SpecError([Problem(name, 1, 1, "unreadable", why)])
        raw = read_regular(p, MAX_BYTES + 1)
    except OSError as exc:
        raise SpecError([Problem(name, 1, 1, "unreadable", exc.strerror or str(exc))]) from None
    return load_bytes(raw, name, json_syntax=p.suffix.lower() == ".json")


#: (file name, syntax, digest of the bytes) → the pickled Document: a spec folder is read
#: more than once per run (a tolerant pass, each variant file); unpickling is ~20 times
#: faster than parsing, and every caller gets its own copy
_PARSED: dict[tuple[str, bool, bytes], bytes] = {}


def load_bytes(raw: bytes, file: str, *, json_syntax: bool = False) -> Document:
    digest = hashlib.blake2b(raw, digest_size=16).digest()
    key = (file, json_syntax, digest)
    cached = _PARSED.get(key)
    if cached is not None:
        doc: Document = pickle.loads(cached)
        return doc
    text = _decode(raw, file)
    try:
        doc = loads_json(text, file) if json_syntax else loads_yaml(text, file)
        doc.digest = digest
        if len(_PARSED) >= 256:
            _PARSED.clear()
        _PARSED[key] = pickle.dumps(doc, protocol=pickle.HIGHEST_PROTOCOL)
        return doc
    except (ValueError, RecursionError) as exc:  # e.g. a 5,000-digit integer, deep nesting
        raise SpecError([Problem(file, 1, 1, "too-large",
                                 f"cannot be read: {str(exc)[:200]}")]) from None

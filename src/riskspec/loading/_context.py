"""Shared machinery of the spec loader: the problem collector and small checks."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from riskspec import model as m
from riskspec.errors import Problem, SpecError
from riskspec.validation import format_of, schema_problems
from riskspec.yamlio import Document, JsonPath, load_path, real_path

T = TypeVar("T")


@dataclass
class _Ctx:
    """Problems found so far, and the documents already loaded (by resolved path)."""

    problems: list[Problem] = field(default_factory=list)
    docs: dict[Path, Document | None] = field(default_factory=dict)
    display_root: Path | None = None
    skip_schemas: bool = False  # content already validated clean (see loading.stamp)
    #: a best-effort pass over files known to break their schemas: builders are guarded
    tolerant: bool = False
    #: the spec folder being checked (resolved): no file outside it is ever read
    root: Path | None = None
    #: the files that could not be used (display name -> their format, None if unknown):
    #: references into them are follow-ons (see :mod:`riskspec.loading._followons`)
    failed: dict[str, str | None] = field(default_factory=dict)

    def guard(self, build: Callable[[], T]) -> T | None:
        """``build()``; in a tolerant pass, any exception ends that build (its problems so
        far are kept) — schema-invalid data may break a builder's assumptions."""
        if not self.tolerant:
            return build()
        try:
            return build()
        except Exception:  # noqa: BLE001 - tolerant pass over schema-invalid data only
            return None

    def load(self, path: Path, expected: str | None = None) -> Document | None:
        named = path
        path = real_path(path)
        if path in self.docs:
            return self.docs[path]
        if self.root is not None and not path.is_relative_to(self.root):
            shown = named
            if self.display_root is not None and named.is_relative_to(self.display_root):
                shown = named.relative_to(self.display_root)
            self.problems.append(Problem(str(shown), 1, 1, "path-escape",
                                         f"leads out of the spec folder (to {path}); it is "
                                         f"not read: copy the file into the folder instead"))
            self.docs[path] = None
            self.failed[str(shown)] = expected
            return None
        display = str(path)
        if self.display_root is not None:
            try:
                display = str(path.relative_to(self.display_root))
            except ValueError:
                pass
        doc: Document | None
        try:
            doc = load_path(path, display=display)
        except SpecError as exc:
            self.problems.extend(exc.problems)
            self.docs[path] = None
            self.failed[display] = expected
            return None
        schema, probs = format_of(doc)
        if probs:
            self.problems.extend(probs)
            self.docs[path] = None
            self.failed[display] = expected
            return None
        if expected is not None and doc.data.get("format") != expected:
            self.problems.append(doc.problem(("format",), "format",
                                             f"expected a {expected} file here, found "
                                             f"{doc.data.get('format')!r}"))
            self.docs[path] = None
            self.failed[display] = expected
            return None
        assert schema is not None  # noqa: S101 - format_of guarantees it
        schema_errs = [] if self.skip_schemas else schema_problems(doc, schema)
        self.problems.extend(schema_errs)
        self.docs[path] = None if schema_errs else doc
        if schema_errs:
            self.failed[display] = doc.data["format"]
        return self.docs[path]

    def failed_under(self, folders: Iterable[Path]) -> bool:
        """Whether a file under one of ``folders`` could not be read or used (its problem is
        already reported): references into it are then not checked, as each would only be a
        follow-on of that one problem."""
        roots = [real_path(f) for f in folders]
        return any(d is None and any(p.is_relative_to(r) for r in roots)
                   for p, d in self.docs.items())

    def add(self, doc: Document, path: JsonPath, code: str, message: str) -> None:
        self.problems.append(doc.problem(path, code, message))


def _citations(items: Iterable[dict[str, Any]] | None) -> tuple[m.Citation, ...]:
    return tuple(m.Citation(c["source"], c["passage"], c.get("note")) for c in items or ())


def _check_sources(ctx: _Ctx, doc: Document, path: JsonPath, cites: Iterable[dict[str, Any]],
                   sources: dict[str, m.Source]) -> None:
    for i, c in enumerate(cites or ()):
        if c["source"] not in sources:
            ctx.add(doc, path + (i, "source"), "unknown-source",
                    f"unknown source {c['source']!r}; known: {', '.join(sources)}")


def _provenance(ctx: _Ctx, doc: Document, path: JsonPath, value: Any,
                named: dict[str, Any], sources: dict[str, m.Source]) -> m.Provenance:
    name = None
    if isinstance(value, str):
        name = value
        if value not in named:
            ctx.add(doc, path, "unknown-provenance",
                    f"provenance {value!r} is not defined in this file's 'provenances' table")
            return m.Provenance(reconstructed="(undefined provenance)", name=value)
        value = named[value]
    if "reconstructed" in value:
        _check_sources(ctx, doc, path + ("sources",), value.get("sources", ()), sources)
        return m.Provenance(reconstructed=value["reconstructed"], basis=value.get("basis"),
                            name=name)
    if value["source"] not in sources:
        ctx.add(doc, path + ("source",), "unknown-source", f"unknown source {value['source']!r}")
    return m.Provenance(source=value["source"], passage=value["passage"], name=name)


def _unique(ctx: _Ctx, doc: Document, items: list[dict[str, Any]], key: str, what: str,
            base: JsonPath, seen: dict[str, Any] | None = None) -> None:
    seen = {} if seen is None else seen
    for i, item in enumerate(items):
        ident = item[key]
        if ident in seen:
            ctx.add(doc, base + (i, key), "duplicate-id",
                    f"{what} id {ident!r} is defined twice (first at {seen[ident]}); "
                    f"give each {what} its own id")
        else:
            line, _ = doc.position(base + (i, key))
            seen[ident] = f"{doc.file}:{line}"


def _hint(given: str, known: list[str]) -> str:
    near = m.closest(given, known)
    return f" (did you mean {', '.join(near)}?)" if near else ""

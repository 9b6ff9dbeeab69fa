"""Worked examples: conformance cases replayed on the reference engine, rendered as Markdown.

Cases are read through :mod:`riskspec.conformance.vectors` (one file at a time, so
one bad file is skipped with a warning instead of stopping the build). Every case
is numbered (Example 1, 2 …, in the order the vectors are read) and has a stable
anchor built from its ID. What an example shows after its steps — owners, armies,
pieces, events, a rejection and its rule — is the reference engine's result
(:mod:`riskspec.docsite.trace`), never the case's own (partial) expectations.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any

from riskspec.docsite import md
from riskspec.docsite.trace import Trace

try:
    from riskspec.conformance.vectors import FORMAT
except ImportError:  # pragma: no cover - the conformance package ships with riskspec
    FORMAT = "riskspec/vectors"


@dataclass(frozen=True)
class Example:
    """A worked example of the site: a conformance case (:class:`riskspec.conformance.vectors.Case`,
    kept in ``source``) as the pages show it — numbered, placed on its examples page, with its
    replay on the reference engine."""
    id: str
    title: str
    covers: tuple[str, ...]
    variant: str | None
    options: Mapping[str, Any]
    state: Mapping[str, Any]
    steps: tuple[Mapping[str, Any], ...]
    file: str
    raw: Mapping[str, Any] = field(default_factory=dict)
    description: str = ""
    reading: tuple[str, str] | None = None  # (ambiguity, reading) the outcome belongs to
    negative: bool = False
    players: int | None = None
    number: int = 0
    source: Any = None  # the conformance Case it was read from
    trace: Trace | None = None  # the reference engine's replay (set by :func:`with_traces`)

    @property
    def section(self) -> str:
        parts = self.id.split(".")
        return parts[1] if len(parts) > 2 else "other"

    @property
    def section_key(self) -> str:
        """``family.section`` of the case ID (``classic.attack``), as rules have."""
        return ".".join(self.id.split(".")[:2])

    @property
    def page(self) -> str:
        return example_page(self)

    @property
    def anchor(self) -> str:
        return md.anchor_id(f"ex-{self.id}")

    @property
    def label(self) -> str:
        return f"Example {self.number}" if self.number else "Example"

    @property
    def map(self) -> Mapping[str, Any] | None:
        inline = self.raw.get("map")
        return inline if isinstance(inline, Mapping) else None

    @property
    def map_why(self) -> str:
        """Why the example plays its inline map ("" if the case does not say)."""
        return str(self.raw.get("map_why") or "")


def example_page(case: Example) -> str:
    return md.page_of_examples(case.variant or "other", case.section)


def default_vectors_dir() -> Path | None:
    """``conformance/vectors`` of the installed package, if it exists."""
    try:
        path = Path(str(resources.files("riskspec.conformance"))) / "vectors"
    except (ModuleNotFoundError, TypeError):
        return None
    return path if path.is_dir() else None


def from_conformance(c: Any, rel: str) -> Example:
    """The docs' view of conformance case ``c`` (read from vectors file ``rel``)."""
    rd = c.reading if isinstance(c.reading, Mapping) else {}
    return Example(id=c.id, title=str(c.title or c.id), covers=tuple(c.covers), variant=c.variant,
                options=dict(c.options), state=dict(c.state) if c.state else {},
                steps=tuple(c.steps), file=rel, raw=dict(c.raw),
                description=str(c.description or ""),
                reading=(str(rd["ambiguity"]), str(rd["reading"]))
                if "ambiguity" in rd and "reading" in rd else None,
                negative=bool(c.negative), players=c.players, source=c)


def load_cases(folder: Path | None, warnings: list[str] | None = None) -> list[Example]:
    """Every case of every ``*.json`` vectors file under ``folder``, numbered from 1."""
    from riskspec.conformance.errors import VectorError
    from riskspec.conformance.vectors import load_file, vector_files
    warn = warnings if warnings is not None else []
    if folder is None or not folder.is_dir():
        return []
    cases: list[Example] = []
    seen: set[str] = set()
    for path in vector_files(folder):
        rel = path.relative_to(folder).as_posix()
        try:
            loaded = load_file(path)
        except VectorError as exc:
            warn.append(f"{rel}: skipped, {str(exc).replace(str(path) + ': ', '')}")
            continue
        for c in loaded:
            if c.id in seen:
                warn.append(f"{rel}: case {c.id!r} skipped, its id is used twice")
                continue
            seen.add(c.id)
            cases.append(replace(from_conformance(c, rel), number=len(cases) + 1))
    return cases


def with_traces(cases: list[Example], warnings: list[str] | None = None,
                progress: Any = None) -> list[Example]:
    """The cases, each with its replay on the reference engine."""
    from riskspec.docsite.trace import replay
    out = []
    for i, c in enumerate(cases, 1):
        trace = replay(c.source) if c.source is not None else None
        if warnings is not None and trace is not None:
            if not trace.ok:
                warnings.append(f"example {c.id}: not replayed: {trace.problem}")
            elif not trace.expectations_met:
                warnings.append(f"example {c.id}: the reference engine does not meet the "
                                f"case's expectations (`riskspec check --select {c.id}`)")
        out.append(replace(c, trace=trace))
        if progress is not None and (i % 50 == 0 or i == len(cases)):
            progress(f"replayed {i}/{len(cases)} examples on the reference engine")
    return out


def cases_by_id(cases: Iterable[Example]) -> dict[str, list[Example]]:
    """Rule or ambiguity ID → the cases that cite it (in ``covers`` or as an option)."""
    out: dict[str, list[Example]] = {}
    for c in cases:
        extra = [c.reading[0]] if c.reading else []
        for ident in dict.fromkeys(list(c.covers) + list(c.options) + extra):
            out.setdefault(ident, []).append(c)
    return out


def no_example_note(what: str) -> str:
    return (f"No worked example yet: no conformance vector covers this {what}. "
            f"Vectors live in `conformance/vectors/` (format `{FORMAT}`).\n")

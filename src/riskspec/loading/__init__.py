"""Load, check and build the specification.

``load_spec()`` reads the shipped spec (or another folder), validates every
file against its JSON Schema, then checks what a schema cannot: references
between files (unknown territory in a border, unknown parameter in a rule,
unknown ambiguity, reading or variant), duplicate IDs, asymmetric or duplicate
borders, groups without territories, counts that differ from ``expect``.
All problems are collected, never only the first.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from riskspec import model as m
from riskspec.errors import Problem, SpecError
from riskspec.loading import pickled, stamp

if TYPE_CHECKING:
    from riskspec.loading._context import _Ctx
    from riskspec.loading.variants import _RawVariant
    from riskspec.yamlio import Document

# The builders (and the YAML and JSON Schema libraries under them) are imported by the
# functions that build: a process whose shipped spec comes from the pickled copy
# (:mod:`riskspec.loading.pickled`) never imports them — most of a CLI command's start-up.


def default_root() -> Path:
    """The folder of the shipped specification (inside the installed package)."""
    return Path(str(resources.files("riskspec.spec")))


def _find_variants(ctx: _Ctx, paths: list[Path]) -> dict[str, _RawVariant]:
    """The variant files among ``paths`` (recognised by their ``format``), by ID."""
    from riskspec.loading.variants import _RawVariant
    from riskspec.yamlio import read_regular
    raws: dict[str, _RawVariant] = {}
    for path in paths:
        if not path.is_file():  # a FIFO, device or dangling link: load_path reports it
            ctx.load(path)  # (without blocking) and records it as failed
            continue
        try:
            head = read_regular(path, 4096)
        except OSError:
            continue
        if b"riskspec/variant@1" not in head:
            continue
        doc = ctx.load(path, "riskspec/variant@1")
        if doc is None:
            continue
        vid = doc.data["id"]
        if vid in raws:
            ctx.add(doc, ("id",), "duplicate-id",
                    f"variant id {vid!r} is also defined in {raws[vid].doc.file}")
            continue
        raws[vid] = _RawVariant(doc, path)
    return raws


def _collect(root: Path, *, skip_schemas: bool = False,
             tolerant: bool = False) -> tuple[_Ctx, m.Spec]:
    from riskspec.loading._context import _Ctx
    from riskspec.loading.variants import _build_variant, _load_sources, _Shared
    from riskspec.yamlio import real_path
    root = real_path(root)
    ctx = _Ctx(display_root=root.parent if root.name == "spec" else root, root=root,
               skip_schemas=skip_schemas or tolerant, tolerant=tolerant)
    files = _tree_files(ctx, root)
    sources = ctx.guard(lambda: _load_sources(ctx, root)) or {}
    raws = ctx.guard(lambda: _find_variants(ctx, files)) or {}
    shared = _Shared(sources, raws)
    variants = {}
    for vid in raws:
        v = ctx.guard(functools.partial(_build_variant, ctx, vid, shared))
        if v is not None:
            variants[vid] = v
    # Files in the tree that no variant reaches are still checked (and reported).
    for path in files:
        if real_path(path) not in ctx.docs:
            doc = ctx.load(path)
            if doc is not None:
                ctx.guard(functools.partial(_standalone, ctx, doc, sources))
    # each family's primary edition (one that extends nothing) first, then its editions
    # (as text: in a tolerant pass a schema-broken family or id may be a number)
    variants = dict(sorted(variants.items(), key=lambda kv: (
        str(kv[1].family), kv[1].extends is not None, str(kv[0]))))
    # (a board of a tolerant pass may carry a schema-broken id, a list: it is left out)
    boards = {b.id: b for b in shared.boards.values() if isinstance(b.id, str)}
    spec = m.Spec(sources=sources, variants=variants, boards=boards, rules=shared.rules,
                  ambiguities=shared.ambiguities, root=str(root))
    return ctx, spec


def _tree_files(ctx: _Ctx, root: Path) -> list[Path]:
    """The YAML files of a spec folder; a symlink that leads out of it is a problem, and
    is never read (a spec must not make the validator read any YAML on the machine)."""
    from riskspec.yamlio import real_path
    files = []
    for path in sorted(root.rglob("*.y*ml")):
        if path.is_symlink() and not real_path(path).is_relative_to(root):
            shown = path.relative_to(ctx.display_root) if ctx.display_root else path
            ctx.problems.append(Problem(str(shown), 1, 1, "path-escape",
                                        f"leads out of the spec folder (to {real_path(path)}); "
                                        f"it is not read: copy the file into the folder instead"))
            ctx.failed[str(shown)] = None
            continue
        files.append(path)
    return files


def _standalone(ctx: _Ctx, doc: Document, sources: dict[str, m.Source]) -> None:
    """Checks for a file given on its own (no variant around it)."""
    from riskspec.loading.boards import build_board
    from riskspec.loading.content import build_ambiguities, build_missions, build_rules
    fmt = doc.data["format"]
    if fmt == "riskspec/map@1":
        build_board(ctx, doc, sources)
    elif fmt == "riskspec/rules@1":
        build_rules(ctx, doc, sources, {})
    elif fmt == "riskspec/ambiguities@1":
        build_ambiguities(ctx, doc, sources, {})
    elif fmt == "riskspec/missions@1":
        build_missions(ctx, doc, sources, None, ())


def check_tree(root: Path | None = None, *,
               despite_schema: bool = False) -> tuple[list[Problem], m.Spec]:
    """Validate a whole spec folder; return every problem and what could be built.

    ``despite_schema`` (``riskspec validate``): when some file breaks its schema, the
    cross-file checks are run once more over every file, schema-invalid ones included,
    so that one run reports both kinds (see :func:`_with_cross_checks`)."""
    from riskspec.loading._followons import without_follow_ons
    root = root or default_root()
    ctx, spec = _collect(root)
    problems = _distinct(ctx.problems)
    if despite_schema:
        problems = _with_cross_checks(problems, lambda: _collect(root, tolerant=True)[0])
    return without_follow_ons(problems, ctx.failed), spec


def _with_cross_checks(problems: list[Problem], tolerant: Callable[[], _Ctx]) -> list[Problem]:
    """``problems`` plus what a tolerant pass (schemas not enforced, every builder guarded:
    a file that breaks its schema may stop the checks of that file early) finds besides.
    A problem on a line a schema problem already names is left out: it is most likely
    the same mistake seen again."""
    if not any(p.code == "schema" for p in problems):
        return problems
    seen = set(problems)
    lines = {(p.file, p.line) for p in problems if p.code == "schema"}
    try:
        found = tolerant().problems
    except Exception as exc:  # noqa: BLE001 - best effort over schema-invalid data: never
        # lose the problems found to a crash here; say what was not checked
        first = next(p for p in problems if p.code == "schema")
        return problems + [Problem(first.file, 1, 1, "skipped",
                                   f"the cross-file checks over the files that break their "
                                   f"schemas stopped early ({type(exc).__name__}): fix the "
                                   f"schema problems and validate again")]
    extra = [p for p in _distinct(found)
             if p not in seen and p.code != "schema" and (p.file, p.line) not in lines]
    return problems + extra


def _distinct(problems: list[Problem]) -> list[Problem]:
    """Each problem once: a file shared by several variants is checked once per variant."""
    return list(dict.fromkeys(problems))


def check_files(paths: list[Path]) -> list[Problem]:
    """Validate the given files. A variant file pulls in its map, rules and ambiguities.
    Schema and cross-file problems are reported together (see :func:`check_tree`)."""
    from riskspec.loading._context import _Ctx
    from riskspec.loading._followons import without_follow_ons
    ctx = _files_ctx(paths, _Ctx())
    problems = _with_cross_checks(_distinct(ctx.problems),
                                  lambda: _files_ctx(paths, _Ctx(tolerant=True,
                                                                 skip_schemas=True)))
    return without_follow_ons(problems, ctx.failed)


def _files_ctx(paths: list[Path], ctx: _Ctx) -> _Ctx:
    from riskspec.loading._context import _Ctx
    from riskspec.loading.variants import _load_sources
    sources = _load_sources(_Ctx(), default_root())
    for path in paths:
        if path.is_dir():
            problems, _ = check_tree(path, despite_schema=not ctx.tolerant)
            ctx.problems.extend(problems)
            continue
        doc = ctx.load(path)
        if doc is None:
            continue
        ctx.guard(functools.partial(_check_one, ctx, path, doc, sources))
    return ctx


def _check_one(ctx: _Ctx, path: Path, doc: Document, sources: dict[str, m.Source]) -> None:
    from riskspec.loading._context import _Ctx
    from riskspec.loading.variants import _build_variant, _RawVariant, _Shared, sources_of
    if doc.data["format"] == "riskspec/sources@1":
        sources_of(ctx, doc)   # given on its own: its own checks (a duplicated id …)
        return
    if doc.data["format"] == "riskspec/variant@1":
        # Its siblings (resolutions name them) and the shipped variants (it may extend
        # one) are known too; only the given variant is built and reported.
        shipped = _find_variants(_Ctx(), sorted(default_root().rglob("variant*.y*ml")))
        siblings = _find_variants(_Ctx(), sorted(path.parent.glob("*.y*ml")))
        raws = {**shipped, **siblings, doc.data["id"]: _RawVariant(doc, path)}
        _build_variant(ctx, doc.data["id"], _Shared(sources, raws))
    else:
        _standalone(ctx, doc, sources)


@functools.cache
def _default_spec() -> m.Spec:
    root = default_root()
    kept = pickled.read_spec(root)   # built by an earlier process from the same files
    if kept is not None:
        return kept
    try:
        key: str | None = stamp.content_key(root)
    except OSError:
        key = None
    ctx, spec = _collect(root, skip_schemas=key is not None and stamp.is_stamped(key))
    if ctx.problems:
        raise SpecError(_distinct(ctx.problems))
    if key is not None and not ctx.skip_schemas:
        stamp.write_stamp(key)
    if key is not None:
        pickled.write_spec(root, spec)
    return spec


def load_spec(root: str | Path | None = None, *, strict: bool = True) -> m.Spec:
    """The specification; raises :class:`SpecError` (with every problem) if it is invalid.

    ``strict=False`` returns whatever could be built despite problems (for
    tools that must keep working while a file is being edited).  The shipped tree is
    read once per process when it is valid, whichever ``strict`` asks; while it has
    problems, a non-strict call rebuilds what it can each time.
    """
    if root is None:
        try:
            return _default_spec()
        except SpecError:
            if strict:
                raise
    problems, spec = check_tree(Path(root) if root is not None else default_root())
    if problems and strict:
        raise SpecError(problems)
    return spec


def build_inline_board(data: Mapping[str, Any], *, file: str = "<inline map>",
                       sources: Mapping[str, m.Source] | None = None) -> m.Board:
    """A board from a ``riskspec/map@1`` object held in memory (a test's, a conformance
    case's or a docs example's own small map), built and cross-checked as a map file is,
    against ``sources`` (default: the shipped spec's); :class:`SpecError` lists every
    problem, each in ``file``."""
    from riskspec.loading._context import _Ctx
    from riskspec.loading.boards import build_board
    from riskspec.yamlio import Document
    ctx = _Ctx()
    known = load_spec().sources if sources is None else sources
    board = build_board(ctx, Document(data=dict(data), file=file), dict(known))
    if ctx.problems:
        raise SpecError(ctx.problems)
    return board


def build_inline_missions(data: Mapping[str, Any], board: m.Board, *,
                          file: str = "<inline missions>"
                          ) -> tuple[dict[str, m.Mission], dict[str, m.MissionDeck]]:
    """Mission cards and decks from a ``riskspec/missions@1`` object held in memory,
    checked against its schema, then built as a missions file is, their conditions
    checked against ``board``; :class:`SpecError` lists every problem."""
    from riskspec.loading._context import _Ctx
    from riskspec.loading.content import build_missions
    from riskspec.validation import schema_problems
    from riskspec.yamlio import Document
    doc = Document(data=dict(data), file=file)
    problems = schema_problems(doc, "missions.schema.json")
    if problems:
        raise SpecError(problems)
    ctx = _Ctx()
    cards, decks = build_missions(ctx, doc, dict(load_spec().sources), board, ())
    if ctx.problems:
        raise SpecError(ctx.problems)
    return cards, decks


def get_variant(variant_id: str) -> m.Variant:
    """A shipped variant by ID (e.g. ``classic``)."""
    return load_spec().variant(variant_id)

"""Mutation testing: how many small deviations of the reference engine do the vectors catch?

``python -m riskspec.conformance.mutation --family classic --sample 150`` (or the slow test
``tests/conformance/test_mutation.py`` with ``--runslow``).

A small AST mutator (mutmut-style operators) makes one change at a time inside a function of
a reference rule module — a comparison (``<`` ↔ ``<=``, ``==`` ↔ ``!=``, ``in`` ↔ ``not in``), an
arithmetic operator (``+`` ↔ ``-``, ``*`` → ``+``, ``//`` → ``*``), a boolean (``and`` ↔ ``or``,
``not x`` → ``x``, ``True`` ↔ ``False``), an integer constant (``n`` → ``n + 1``) or ``min`` ↔
``max``; beside these one-token edits, rule-level ones (:data:`RULE_KINDS`): a count or
threshold one lower (``off-by-one``), a bound moved by one the other way from the token edit
(``bound``: "at least y" read as "at least y - 1", "more than y" as "more than y + 1"),
``any`` ↔ ``all`` (one group or every group), a reading's branch swapped for its sibling's
(``branch-swap``: the bodies of ``if r == "x"`` / ``elif r == "y"``) and how many stay behind
(``stay-behind``: ``armies - 1`` → ``armies - 2`` or ``armies - 0``) and a check made at the wrong
moment (``wrong-moment``: a ``require``/``check_*``/guard statement moved past the state change
after it, or before the one before it).  A mutant is named by
content (module, function, operator, the mutated line's text and its index among the same
edit of the same text), so an edit elsewhere in the function keeps its ID and its triage
entry; it carries the rule ID the function cites nearest the line.  The mutated function is swapped in *in-process* (its ``__code__`` replaced, so every
reference to it sees the change), and only the conformance cases whose run executed the
mutated line are replayed through the protocol (the in-process reference client).  A mutant
is *killed* when one of those cases does not pass.  Survivors are triaged in
``conformance/mutation-triage.yaml``: equivalent (and why) or the case that now kills it.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import functools
import importlib
import inspect
import json
import random
import signal
import sys
import time
import types
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from riskspec.conformance.errors import TriageFileError, VectorError

#: the rule modules mutated, by family (engine plumbing, I/O, odds and the random-play policies
#: are left out; ``chance`` serves both families, ``modifiers`` only Napoléon)
MODULES: dict[str, tuple[str, ...]] = {
    "classic": ("classic", "battle", "cards", "reinforce", "setup", "occupy", "elimination", "missions",
                "legal", "listed", "actions", "classic_family", "chance"),
    "napoleon": ("napoleon.combat", "napoleon.game", "napoleon.naval", "napoleon.maneuvers",
                 "napoleon.epidemics", "napoleon.leaders", "napoleon.tiebreak", "napoleon.invasion",
                 "napoleon.effects", "napoleon.missions", "napoleon.ransom", "napoleon.plays",
                 "napoleon.turn_end", "napoleon.legal", "napoleon.reach", "napoleon.setup_readings",
                 "modifiers"),
}
#: held out: modules first mutated after the suite's cases were written (the legality and
#: listing code), scored before any case was written for their mutants
HELD_OUT_MODULES: frozenset[str] = frozenset({"legal", "listed", "actions", "classic_family", "chance",
                                              "napoleon.legal", "napoleon.reach",
                                              "napoleon.setup_readings", "modifiers"})
PKG = "riskspec.reference"

_CMP = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
        ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
_BIN = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Add, ast.FloorDiv: ast.Mult}


#: operator kinds: the one-token edits, and the rule-level edits beside them (one name each)
TOKEN = "token"
RULE_KINDS: tuple[str, ...] = ("off-by-one", "bound", "any-all", "branch-swap", "stay-behind",
                                "wrong-moment")
KINDS: tuple[str, ...] = (TOKEN, *RULE_KINDS)


@dataclass(frozen=True, order=True)
class Mutant:
    """One mutant, named by content: the function, the operator and the mutated line's text
    (comments and spacing left out), and its index among the same edit of the same text in
    that function -- an edit elsewhere in the function (a comment, a new line) leaves the ID alone."""

    module: str      # e.g. "classic" (under riskspec.reference)
    function: str    # qualified name of the top-level function or method mutated
    op: str          # e.g. "Lt->LtE", "const 3->4", "and->or", "off-by-one 3->2", "any->all"
    text: str        # the mutated node's source line, normalised (see :func:`normalise`)
    nth: int = 0     # index among the same edit of the same text in the function
    line: int = field(default=0, compare=False)   # where it is now: line of the module's file,
    col: int = field(default=0, compare=False)    # column (neither is part of the ID)
    rule: str = field(default="", compare=False)  # the rule ID the function cites nearest the line

    @property
    def kind(self) -> str:
        return op_kind(self.op)

    @property
    def id(self) -> str:
        base = f"{self.module}:{self.function}:{self.op}:{self.text}"
        return f"{base} #{self.nth}" if self.nth else base


def op_kind(op: str) -> str:
    """The operator kind of an ``op`` (a rule-level kind is the op's first word)."""
    head = op.split(" ")[0]
    if head in ("any->all", "all->any"):
        return "any-all"
    return head if head in RULE_KINDS else TOKEN


def normalise(line: str) -> str:
    """A source line without its comment, leading/trailing and repeated spaces."""
    quote: str | None = None
    out: list[str] = []
    i = 0
    while i < len(line):
        ch = line[i]
        if quote:
            if ch == "\\":
                out.append(line[i:i + 2])
                i += 2
                continue
            if line.startswith(quote, i):
                out.append(quote)
                i += len(quote)
                quote = None
                continue
        elif ch in "'\"":
            quote = line[i:i + 3] if line[i:i + 3] in ("'''", '"""') else ch
            out.append(quote)
            i += len(quote)
            continue
        elif ch == "#":
            break
        out.append(ch)
        i += 1
    return " ".join("".join(out).split())


def _int_const(node: Any) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int


def _str_eq(test: Any) -> tuple[str, str] | None:
    """(dump of the left side, the string) of a test ``x == "s"``."""
    if (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)
            and isinstance(test.comparators[0], ast.Constant) and isinstance(test.comparators[0].value, str)):
        return ast.dump(test.left), test.comparators[0].value
    return None


def _shift(node: Any, op: type, by: int = 1) -> Any:
    return ast.copy_location(ast.BinOp(left=node, op=op(), right=ast.copy_location(ast.Constant(by), node)), node)


def _swap_branches(n: Any) -> None:
    n.body, n.orelse[0].body = n.orelse[0].body, n.body


#: methods that change the object they are called on (a state change when it is the state's)
_MUTATORS = frozenset({"append", "extend", "insert", "pop", "remove", "clear", "add", "discard",
                       "update", "setdefault", "popitem", "sort", "reverse"})


#: the names the rule modules give the state a step changes, and the lists a step appends its
#: events (or a message's parts) to: not state (Classic's ``events``, Napoléon's ``ev``)
_STATE_NAMES = frozenset({"s", "state", "new"})
_EVENT_LISTS = frozenset({"events", "ev", "out", "parts", "lines"})


def _called_name(stmt: Any) -> str | None:
    """The name a statement ``f(...)`` or ``x.f(...)`` calls (None for any other statement)."""
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        func = stmt.value.func
        if isinstance(func, ast.Name):
            return func.id
        if isinstance(func, ast.Attribute):
            return func.attr
    return None


def is_check(stmt: Any) -> bool:
    """A rule check: ``require(...)``, a ``check_*(...)`` call, or a guard ``if …: raise/return``."""
    name = _called_name(stmt)
    if name is not None:
        return name == "require" or name.startswith(("check_", "_check"))
    return (isinstance(stmt, ast.If) and not stmt.orelse and bool(stmt.body)
            and isinstance(stmt.body[-1], (ast.Raise, ast.Return)))


def is_change(stmt: Any) -> bool:
    """A state change: an assignment to an attribute or item (``s.x = …``, ``s.a[t] += …``),
    ``del`` of one, a call of a mutating method (``events`` lists are not state) or of a step
    given the state (``end_turn(s, events)``)."""
    if isinstance(stmt, ast.AnnAssign) and stmt.value is None:
        return False  # a declaration
    if isinstance(stmt, (ast.Assign, ast.Delete)):
        targets = stmt.targets
    elif isinstance(stmt, (ast.AugAssign, ast.AnnAssign)):
        targets = [stmt.target]
    else:
        targets = []
    flat = [e for t in targets for e in (t.elts if isinstance(t, ast.Tuple) else [t])]
    if any(isinstance(t, (ast.Attribute, ast.Subscript)) for t in flat):
        return True
    name = _called_name(stmt)
    if name is None or is_check(stmt):
        return False
    call = stmt.value
    if name in _MUTATORS and isinstance(call.func, ast.Attribute):
        owner = call.func.value
        return not (isinstance(owner, ast.Name) and owner.id in _EVENT_LISTS)
    # a step given the state to change (``end_turn(s, events)``, ``conquer(s, f, t, …)``)
    return bool(call.args) and isinstance(call.args[0], ast.Name) and call.args[0].id in _STATE_NAMES


def _move(seq: list[Any], node: Any, to: int) -> None:
    """Move ``node`` of ``seq`` to index ``to`` (counted in ``seq`` as it was)."""
    i = next(k for k, x in enumerate(seq) if x is node)
    seq.insert(to, node)
    del seq[i if i < to else i + 1]


def _assigned_names(stmts: Sequence[Any]) -> set[str]:
    return {t.id for st in stmts for t in ast.walk(st) if isinstance(t, ast.Name) and isinstance(t.ctx, ast.Store)}


def _read_names(stmt: Any) -> set[str]:
    return {t.id for t in ast.walk(stmt) if isinstance(t, ast.Name) and isinstance(t.ctx, ast.Load)}


def _wrong_moment(node: Any, parent: Any) -> list[tuple[str, Any]]:
    """A check moved past the first state change after it (done too late), or the first check
    after a state change moved before that change (done too early); the statements between
    them (local computations only: no check, no change) stay where they are.  A check that
    reads a name computed in between is not moved earlier (that only breaks the code)."""
    if not isinstance(node, ast.stmt) or parent is None:
        return []
    check = is_check(node)
    if not check and not is_change(node):
        return []
    for fld in ("body", "orelse", "finalbody"):
        seq: list[Any] = getattr(parent, fld, None) or []
        at = next((k for k, x in enumerate(seq) if x is node), None)
        if at is None:
            continue
        j = next((k for k in range(at + 1, len(seq)) if is_check(seq[k]) or is_change(seq[k])), None)
        if j is None or not (is_change if check else is_check)(seq[j]):
            return []
        if check:  # the check moved to just after the change
            return [("wrong-moment check-after-change",
                     lambda n, fld=fld, j=j: _move(getattr(parent, fld), n, j + 1))]
        if _read_names(seq[j]) & _assigned_names(seq[at + 1:j]):
            return []
        return [("wrong-moment check-before-change",
                 lambda n, fld=fld, at=at, j=j: _move(getattr(parent, fld), getattr(parent, fld)[j], at))]
    return []


def _mutations(node: ast.AST, parent: Any) -> list[tuple[str, Any]]:
    """(description, how to apply to a copy of ``node``) for each mutation of ``node``: the
    one-token edits first, then the rule-level ones (:data:`RULE_KINDS`)."""
    out: list[tuple[str, Any]] = []
    new: Any
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _CMP:
        new = _CMP[type(node.ops[0])]
        out.append((f"{type(node.ops[0]).__name__}->{new.__name__}",
                    lambda n, new=new: setattr(n, "ops", [new()])))
    elif isinstance(node, ast.BinOp) and type(node.op) in _BIN:
        new = _BIN[type(node.op)]
        out.append((f"{type(node.op).__name__}->{new.__name__}", lambda n, new=new: setattr(n, "op", new())))
    elif isinstance(node, ast.BoolOp):
        new = ast.Or if isinstance(node.op, ast.And) else ast.And
        out.append((f"{type(node.op).__name__.lower()}->{new.__name__.lower()}",
                    lambda n, new=new: setattr(n, "op", new())))
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        out.append(("not-removed", "unwrap"))
    elif isinstance(node, ast.Constant) and type(node.value) is bool:
        out.append((f"{node.value}->{not node.value}", lambda n: setattr(n, "value", not n.value)))
    elif isinstance(node, ast.Constant) and type(node.value) is int and 0 <= node.value <= 100:
        out.append((f"const {node.value}->{node.value + 1}", lambda n: setattr(n, "value", n.value + 1)))
    elif isinstance(node, ast.Name) and node.id in ("min", "max") and isinstance(node.ctx, ast.Load):
        new = "max" if node.id == "min" else "min"
        out.append((f"{node.id}->{new}", lambda n, new=new: setattr(n, "id", new)))
    # -- rule-level edits ---------------------------------------------------------------------
    if _int_const(node) and 0 <= node.value <= 100:  # type: ignore[attr-defined]
        v = node.value  # type: ignore[attr-defined]
        if isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Sub) and parent.right is node:
            # how many must stay behind (``armies - 1``): one more, one fewer
            out.append((f"stay-behind {v}->{v + 1}", lambda n: setattr(n, "value", n.value + 1)))
            if v > 0:
                out.append((f"stay-behind {v}->{v - 1}", lambda n: setattr(n, "value", n.value - 1)))
        elif v > 0:
            # a count or threshold one lower (the token edit makes it one higher)
            out.append((f"off-by-one {v}->{v - 1}", lambda n: setattr(n, "value", n.value - 1)))
    if (isinstance(node, ast.Compare) and len(node.ops) == 1
            and type(node.ops[0]) in (ast.Lt, ast.LtE, ast.Gt, ast.GtE) and not _int_const(node.comparators[0])):
        # a bound moved by one the other way from the token edit: ``x >= y`` -> ``x > y`` raises
        # "at least y" to "more than y"; this lowers it to "at least y - 1" (constants: off-by-one)
        up = type(node.ops[0]) in (ast.Gt, ast.LtE)
        sym = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}[type(node.ops[0])]
        out.append((f"bound {sym} y{'+' if up else '-'}1",
                    lambda n, up=up: setattr(n, "comparators",
                                             [_shift(n.comparators[0], ast.Add if up else ast.Sub)])))
    if (isinstance(node, ast.Name) and node.id in ("any", "all") and isinstance(node.ctx, ast.Load)
            and isinstance(parent, ast.Call) and parent.func is node):
        # "for any one" read as "for every one" (per group instead of any), and back
        new = "all" if node.id == "any" else "any"
        out.append((f"{node.id}->{new}", lambda n, new=new: setattr(n, "id", new)))
    if isinstance(node, ast.If) and len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If):
        a, b = _str_eq(node.test), _str_eq(node.orelse[0].test)
        if a and b and a[0] == b[0] and a[1] != b[1]:
            # a reading's branch swapped for its sibling's
            out.append((f"branch-swap {a[1]!r}<->{b[1]!r}", _swap_branches))
    out.extend(_wrong_moment(node, parent))
    return out


def _functions(tree: ast.Module) -> Iterator[tuple[str, Any]]:
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, node
        elif isinstance(node, ast.ClassDef):
            for sub in node.body:
                if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield f"{node.name}.{sub.name}", sub


def _skip(node: Any, parents: dict[Any, Any]) -> bool:
    """Docstrings, annotations, f-string parts and default values are not rule logic."""
    p = parents.get(node)
    while p is not None:
        if isinstance(p, (ast.JoinedStr, ast.arg, ast.arguments)):
            return True
        if isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef)) and node in (p.returns,):
            return True
        if isinstance(p, ast.AnnAssign) and node is p.annotation:
            return True
        node, p = p, parents.get(p)
    return False


def module_path(module: str) -> Path:
    return Path(inspect.getfile(importlib.import_module(f"{PKG}.{module}")))


@functools.cache
def _rule_names(module: str) -> dict[str, str]:
    """Constant name -> rule ID of the ``ruleids`` modules (the family's own win)."""
    names: dict[str, str] = {}
    order = ("ruleids", "napoleon.ruleids") if module.startswith("napoleon.") else ("napoleon.ruleids", "ruleids")
    for rid_mod in order:
        mod = importlib.import_module(f"{PKG}.{rid_mod}")
        names.update({k: v for k, v in vars(mod).items() if k.isupper() and isinstance(v, str) and "." in v})
    return names


def _cited_rules(module: str, fn: Any) -> list[tuple[int, str]]:
    """(line, rule ID) of each rule the function cites (a ``ruleids`` constant or a rule ID string)."""
    names = _rule_names(module)
    ids = set(names.values())
    out = []
    for node in ast.walk(fn):
        rid = None
        if isinstance(node, ast.Attribute) and node.attr in names:
            rid = names[node.attr]
        elif isinstance(node, ast.Name) and node.id in names:
            rid = names[node.id]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ids:
            rid = node.value
        if rid:
            out.append((getattr(node, "lineno", fn.lineno), rid))
    return sorted(out)


def _sites(module: str, source: str, kinds: Sequence[str] = KINDS) -> Iterator[tuple[Mutant, Any, Any, Any, Any]]:
    """(mutant, node, how to apply it, function node, module tree) of every mutation of the
    module's functions, of the given operator kinds."""
    tree = ast.parse(source)
    lines = source.splitlines()
    for qual, fn in _functions(tree):
        parents = {c: p for p in ast.walk(fn) for c in ast.iter_child_nodes(p)}
        body = fn.body[1:] if (fn.body and isinstance(fn.body[0], ast.Expr)
                               and isinstance(fn.body[0].value, ast.Constant)) else fn.body
        cited = _cited_rules(module, fn)
        seen: dict[tuple[str, str], int] = {}
        for stmt in body:
            for node in ast.walk(stmt):
                if not hasattr(node, "lineno") or _skip(node, parents):
                    continue
                line = getattr(node, "lineno")  # noqa: B009
                for desc, how in _mutations(node, parents.get(node)):
                    text = normalise(lines[line - 1])
                    seen[(text, desc)] = nth = seen.get((text, desc), -1) + 1
                    if op_kind(desc) not in kinds:
                        continue
                    rule = min(cited, key=lambda c: abs(c[0] - line))[1] if cited else ""
                    col = getattr(node, "col_offset")  # noqa: B009
                    yield Mutant(module, qual, desc, text, nth, line, col, rule), node, how, fn, tree


def source_line(m: Mutant) -> int:
    """The line of the module's source file that ``m`` mutates."""
    return m.line


def mutants_of(module: str, *, kinds: Sequence[str] = KINDS, source: str | None = None) -> list[Mutant]:
    """Every mutant of the module (of the given operator kinds), from its file or ``source``."""
    text = module_path(module).read_text(encoding="utf-8") if source is None else source
    return list(_mutants_cached(module, tuple(kinds), text))


@functools.lru_cache(maxsize=256)
def _mutants_cached(module: str, kinds: tuple[str, ...], text: str) -> tuple[Mutant, ...]:
    return tuple(site[0] for site in _sites(module, text, kinds))


def _mutated_code(m: Mutant) -> types.CodeType:
    """The code object of ``m.function`` with the mutation applied."""
    path = module_path(m.module)
    target = next((site[1:] for site in _sites(m.module, path.read_text(encoding="utf-8"), (m.kind,))
                   if site[0].id == m.id), None)
    if target is None:
        raise LookupError(f"mutant {m.id} no longer matches the source")
    node, how, fn, tree = target
    if how == "unwrap":
        parents = {c: p for p in ast.walk(fn) for c in ast.iter_child_nodes(p)}
        parent = parents[node]
        for name, value in ast.iter_fields(parent):
            if value is node:
                setattr(parent, name, node.operand)
            elif isinstance(value, list):
                setattr(parent, name, [node.operand if v is node else v for v in value])
    else:
        how(node)
    ast.fix_missing_locations(tree)
    code = compile(tree, str(path), "exec")
    name = m.function.split(".")[-1]

    def find(c: types.CodeType) -> types.CodeType | None:
        for const in c.co_consts:
            if isinstance(const, types.CodeType):
                if const.co_name == name and const.co_qualname == m.function:
                    return const
                hit = find(const)
                if hit is not None:
                    return hit
        return None

    found = find(code)
    if found is None:
        raise LookupError(f"mutant {m.id}: no code object for {m.function}")
    return found


def _live_function(m: Mutant) -> types.FunctionType:
    mod = importlib.import_module(f"{PKG}.{m.module}")
    obj: Any = mod
    for part in m.function.split("."):
        obj = inspect.getattr_static(obj, part)
    if isinstance(obj, (staticmethod, classmethod)):
        obj = obj.__func__
    if isinstance(obj, property):
        obj = obj.fget
    while not isinstance(obj, types.FunctionType) and hasattr(obj, "__wrapped__"):
        obj = obj.__wrapped__
    if not isinstance(obj, types.FunctionType):
        raise LookupError(f"mutant {m.id}: {m.function} is not a plain function")
    return obj


#: module-level memo tables of the reference engine that hold results of rule functions
#: (listed actions with their valid card sets and dice limits, listed roll tables, the names
#: an action may use): a mutant
#: must neither read entries the unmutated code built nor leave its own behind
_MEMOS: dict[str, tuple[str, ...]] = {"listed": ("_CACHES",), "chance": ("_LISTED_ROLLS",),
                                      "actions": ("_NAMES",)}
#: module-level "asked for last" pointers into those memos, reset with them
_LAST: dict[str, Any] = {"listed": None}


def _lru_caches() -> Iterator[Any]:
    """The ``functools`` caches of the reference engine's modules (module-level functions and
    class methods): read from the loaded modules, not from a scan of every live object (the
    coverage run clears them before each case)."""
    for name, mod in list(sys.modules.items()):
        if not name.startswith(PKG) or mod is None:
            continue
        for value in vars(mod).values():
            members = vars(value).values() if inspect.isclass(value) and value.__module__ == name else (value,)
            for obj in members:
                obj = getattr(obj, "__func__", obj)
                if isinstance(obj, functools._lru_cache_wrapper) and getattr(obj, "__module__", "") == name:
                    yield obj


def _clear_caches() -> None:
    for cache in _lru_caches():
        cache.cache_clear()
    for name, memos in _MEMOS.items():
        mod = sys.modules.get(f"{PKG}.{name}")
        if mod is None:
            continue
        for memo in memos:
            getattr(mod, memo).clear()
        if name in _LAST:
            mod._last = _LAST[name]  # type: ignore[attr-defined]


@contextlib.contextmanager
def applied(m: Mutant) -> Iterator[None]:
    """The reference engine with mutant ``m`` swapped in (caches cleared before and after)."""
    fn = _live_function(m)
    original = fn.__code__
    new = _mutated_code(m)
    if new.co_freevars != original.co_freevars:
        raise LookupError(f"mutant {m.id}: closure mismatch")
    _clear_caches()
    fn.__code__ = new
    try:
        yield
    finally:
        fn.__code__ = original
        _clear_caches()


# -- running the cases ------------------------------------------------------------------------
class _Timeout(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _Timeout()


def run_cases(cases: Sequence[Any], *, stop_at_first: bool = True, limit_s: float = 5.0) -> list[tuple[str, str]]:
    """(case id, outcome) of the cases that do not pass on the (possibly mutated) reference."""
    from riskspec.conformance.client import reference_client
    from riskspec.conformance.runner import run_case
    bad: list[tuple[str, str]] = []
    client = reference_client()
    old = signal.signal(signal.SIGALRM, _alarm)
    try:
        for case in cases:
            signal.setitimer(signal.ITIMER_REAL, limit_s)
            try:
                res = run_case(client, case)
                outcome = res.outcome
            except _Timeout:
                outcome, client = "timeout", reference_client()
            except Exception as exc:  # noqa: BLE001 - a mutant may break anything: that kills it
                outcome = f"error: {type(exc).__name__}"
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            if outcome != "pass":
                bad.append((case.id, outcome))
                if stop_at_first:
                    break
    finally:
        signal.signal(signal.SIGALRM, old)
    return bad


def line_coverage(cases: Sequence[Any], files: set[str]) -> dict[tuple[str, int], set[str]]:
    """(file, line) of the given files → IDs of the cases whose run executed it (sys.settrace),
    each case run from cold memos (:func:`_clear_caches`)."""
    from riskspec.conformance.client import reference_client
    from riskspec.conformance.runner import run_case
    cover: dict[tuple[str, int], set[str]] = defaultdict(set)
    current: set[tuple[str, int]] = set()

    def local(frame: Any, event: str, arg: Any) -> Any:
        if event == "line":
            current.add((frame.f_code.co_filename, frame.f_lineno))
        return local

    def glob(frame: Any, event: str, arg: Any) -> Any:
        return local if frame.f_code.co_filename in files else None

    client = reference_client()
    for case in cases:
        current.clear()
        # each case from cold memos: a line that builds a memo entry (a roll table, the names
        # of a board) counts for every case that needs it, not only the first one to run
        _clear_caches()
        sys.settrace(glob)
        try:
            run_case(client, case)
        finally:
            sys.settrace(None)
        for key in current:
            cover[key].add(case.id)
    return cover


def _all_cases(vectors: Sequence[Path] = ()) -> list[Any]:
    """Every shipped case (or those of ``vectors``): modules shared by the families (cards,
    battle) are exercised by both."""
    from riskspec.conformance.vectors import load_cases
    return load_cases(list(vectors) or None)


def campaign(family: str, *, sample: int | None = None, seed: int = 12,
             only: tuple[str, ...] = (), progress: Any = None,
             kinds: Sequence[str] = (TOKEN,), select: Any = None,
             vectors: Sequence[Path] = ()) -> dict[str, Any]:
    """Mutate the family's rule modules (a seeded sample of ``sample`` mutants, or all; with
    ``only``, just the mutants whose ID starts with one of those prefixes), replay the covering
    cases for each (the shipped vectors, or those of ``vectors``); the results as a JSON-able
    report."""
    cases = _all_cases(vectors)
    by_id = {c.id: c for c in cases}
    all_mutants = [m for mod in MODULES[family] for m in mutants_of(mod, kinds=kinds)
                   if (not only or m.id.startswith(only)) and (select is None or select(m))]
    if only and not all_mutants:
        raise LookupError(f"no mutant of the {family} modules starts with {' or '.join(only)!r}")
    chosen = sorted(random.Random(seed).sample(all_mutants, sample)) if sample and sample < len(all_mutants) \
        else all_mutants
    t0 = time.monotonic()
    files = {str(module_path(m.module)) for m in chosen}
    cover = line_coverage(cases, files)
    t_cov = time.monotonic() - t0
    results: list[dict[str, Any]] = []
    for i, m in enumerate(chosen, 1):
        covering = sorted(cover.get((str(module_path(m.module)), source_line(m)), ()))
        entry: dict[str, Any] = {"id": m.id, "kind": m.kind, "cases": len(covering)}
        if m.rule:
            entry["rule"] = m.rule
        if not covering:
            entry["status"] = "not-covered"
        else:
            try:
                with applied(m):
                    bad = run_cases([by_id[c] for c in covering])
            except LookupError as exc:
                entry.update(status="skipped", why=str(exc))
            else:
                entry.update(status="killed", by=bad[0][0], outcome=bad[0][1]) if bad else \
                    entry.update(status="survived")
        results.append(entry)
        if progress:
            progress(i, len(chosen), entry)
    counts: dict[str, int] = defaultdict(int)
    for r in results:
        counts[r["status"]] += 1
    return {"family": family, "modules": list(MODULES[family]), "mutants_total": len(all_mutants),
            "kinds": list(kinds), "sampled": len(chosen), "seed": seed, "only": list(only), "cases": len(cases), "counts": dict(counts),
            "coverage_seconds": round(t_cov, 1), "seconds": round(time.monotonic() - t0, 1),
            "results": results}


def score(report: dict[str, Any], equivalent: set[str], later: set[str] = frozenset()) -> dict[str, Any]:  # type: ignore[assignment]
    """Killed / (mutants that ran or are uncovered, minus the triaged equivalent ones); with
    ``later`` (the triage file's ``killed`` entries: mutants a case was written for after they
    survived), also the first-run figure: the kills that owe nothing to those cases."""
    rs = [r for r in report["results"] if r["status"] != "skipped"]
    eq = [r for r in rs if r["id"] in equivalent and r["status"] != "killed"]
    killed = sum(1 for r in rs if r["status"] == "killed")
    first = sum(1 for r in rs if r["status"] == "killed" and r["id"] not in later)
    denom = len(rs) - len(eq)
    return {"killed": killed, "first_run_killed": first, "equivalent": len(eq), "non_equivalent": denom,
            "mutants": len(rs), "skipped": len(report["results"]) - len(rs),
            "survivors": sorted(r["id"] for r in rs if r["status"] != "killed" and r["id"] not in equivalent),
            "score": round(killed / denom, 4) if denom else 1.0,
            "first_run_score": round(first / denom, 4) if denom else 1.0}


#: the triage verdicts of the surviving mutants, shipped as package data
TRIAGE_FILE = Path(__file__).with_name("mutation-triage.yaml")


def _read_triage(path: Path | None = None) -> dict[str, Any]:
    import yaml
    p = path or TRIAGE_FILE
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise TriageFileError(f"{p}: cannot read the mutation triage file ({exc.strerror or exc}); "
                              f"it ships with riskspec as package data: reinstall the package, or "
                              f"pass the path of a checkout's conformance/mutation-triage.yaml") from None
    try:
        data = yaml.safe_load(text) or {}
        return {"survivors": {e["mutant"]: e for e in data.get("survivors", [])},
                "measured": [str(x) for x in data.get("measured", [])]}
    except (yaml.YAMLError, AttributeError, KeyError, TypeError) as exc:
        raise TriageFileError(f"{p}: not a mutation triage file (a mapping with a list 'survivors' "
                              f"of entries with 'mutant'): {exc}") from None


def load_triage(path: Path | None = None) -> dict[str, dict[str, str]]:
    """The triage file's entries by mutant ID; :class:`TriageFileError` if it is missing or
    malformed (an install without the package data, a wrong path)."""
    return _read_triage(path)["survivors"]  # type: ignore[no-any-return]


def load_measured(path: Path | None = None) -> set[str]:
    """``module:kind`` of every module and operator kind whose mutants a whole campaign has run
    and whose survivors are all in the triage file (the file's ``measured`` list)."""
    return set(_read_triage(path)["measured"])


def measured_in(reports: Sequence[dict[str, Any]]) -> set[str]:
    """``module:kind`` pairs every one of whose current mutants the reports ran."""
    ran: dict[str, set[str]] = defaultdict(set)
    for rep in reports:
        for r in rep["results"]:
            ran[f"{r['id'].split(':')[0]}:{r.get('kind', op_kind(r['id'].split(':')[2]))}"].add(r["id"])
    out = set()
    for key, ids in ran.items():
        mod, kind = key.split(":")
        if {m.id for m in mutants_of(mod, kinds=(kind,))} <= ids:
            out.add(key)
    return out


# -- the figures, honestly: first run and final ----------------------------------------------
def _groups(family: str) -> list[tuple[str, Any]]:
    """(label, which mutants) of the rows a family's suite power is reported in."""
    held = [m for m in MODULES[family] if m in HELD_OUT_MODULES]
    core = len(MODULES[family]) - len(held)
    rows: list[tuple[str, Any]] = [
        (f"token edits, {core} rule modules", lambda m: m.kind == TOKEN and m.module not in HELD_OUT_MODULES)]
    rows += [(f"{k}, {core} rule modules", lambda m, k=k: m.kind == k and m.module not in HELD_OUT_MODULES)
             for k in RULE_KINDS]
    if held:
        rows += [(f"token edits, {len(held)} held-out modules ({', '.join(held)})",
                  lambda m: m.kind == TOKEN and m.module in HELD_OUT_MODULES),
                 (f"rule-level edits, {len(held)} held-out modules",
                  lambda m: m.kind != TOKEN and m.module in HELD_OUT_MODULES)]
    return rows


def power(family: str, triage: dict[str, dict[str, Any]] | None = None,
          measured: set[str] | None = None) -> list[dict[str, Any]]:
    """The family's suite power per row of :func:`_groups`, from the source and the triage
    file alone (no campaign): every mutant a campaign did not kill has an entry (the slow test
    checks it), so *first run* = mutants with no entry (killed before any case was written for
    them), *final* = first run + entries ``killed`` (by a case written since), over the
    non-equivalent mutants (all but ``equivalent`` and ``outside``); ``open`` entries count as
    survivors.  Only the modules and kinds a whole campaign has run count (``measured``); the
    others are named (``unmeasured``, with ``unmeasured_mutants``).
    Entries pruned after an edit lose that history (the mutant then counts as a
    first-run kill): with content IDs an edit elsewhere in the function no longer prunes."""
    triage = load_triage() if triage is None else triage
    measured = load_measured() if measured is None else measured
    ms = [m for mod in MODULES[family] for m in mutants_of(mod, kinds=KINDS)]
    out = []
    for label, pick in _groups(family):
        every = [m for m in ms if pick(m)]
        unmeasured = sorted({m.module for m in every if f"{m.module}:{m.kind}" not in measured})
        group = [m for m in every if f"{m.module}:{m.kind}" in measured]
        verdicts: dict[str, int] = defaultdict(int)
        for m in group:
            if m.id in triage:
                verdicts[triage[m.id]["verdict"]] += 1
        n = len(group)
        eq, outside, later, open_ = (verdicts[v] for v in ("equivalent", "outside", "killed", "open"))
        first = n - eq - outside - later - open_
        denom = n - eq - outside
        out.append({"family": family, "row": label, "mutants": n, "first_run": first,
                    "final": first + later, "non_equivalent": denom, "equivalent": eq,
                    "outside": outside, "killed_by_later_case": later, "open": open_,
                    "unmeasured": unmeasured, "unmeasured_mutants": len(every) - n,
                    "first_run_score": round(first / denom, 4) if denom else 1.0,
                    "final_score": round((first + later) / denom, 4) if denom else 1.0})
    return out


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f} %" if b else "–"


_NAME = {"classic": "Classic", "napoleon": "Napoléon"}


def power_table(triage: dict[str, dict[str, Any]] | None = None, measured: set[str] | None = None) -> str:
    """The Markdown table of both families' suite power (docs/protocol.md quotes it; a test
    checks the quote against this)."""
    lines = ["| family | mutants | first run (before any case written for them) | final | "
             "equivalent | outside | open |", "|---|---|---|---|---|---|---|"]
    for family in MODULES:
        for r in power(family, triage, measured):
            n = r["mutants"]
            if not n and not r["unmeasured_mutants"]:
                continue
            label = f"{_NAME[family]}: {r['row']}"
            if r["unmeasured"]:
                um = r["unmeasured"]
                which = ", ".join(um) if len(um) <= 3 else f"{len(um)} modules"
                label += f" (not measured yet: {r['unmeasured_mutants']} mutants of {which})"
            if not n:
                lines.append(f"| {label} | 0 | | | | | |")
                continue
            den = r["non_equivalent"]
            lines.append(f"| {label} | {n} | {r['first_run']}/{den} = {_pct(r['first_run'], den)} | "
                         f"{r['final']}/{den} = {_pct(r['final'], den)} | {r['equivalent']} ({_pct(r['equivalent'], n)}) | "
                         f"{r['outside']} ({_pct(r['outside'], n)}) | {r['open']} |")
    mods = [f"{_NAME[family]} {len(ms)} ({', '.join(ms)})" for family, ms in MODULES.items()]
    return "Modules mutated: " + "; ".join(mods) + ".\n\n" + "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m riskspec.conformance.mutation", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--family", choices=sorted(MODULES))
    ap.add_argument("--summary", action="store_true",
                    help="print both families' suite power (first run, final, equivalent, outside, "
                         "open, per operator kind) from the source and the triage file, and exit")
    ap.add_argument("--sample", type=int, default=None, metavar="N", help="a seeded sample of N mutants")
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--only", action="append", default=[], metavar="PREFIX",
                    help="run only the mutants whose ID starts with PREFIX (repeatable), e.g. "
                         "'napoleon.game:' or one whole ID from conformance/mutation-triage.yaml")
    ap.add_argument("--open", action="store_true",
                    help="run only the mutants the triage file lists as open")
    ap.add_argument("--kinds", default=TOKEN, metavar="KIND,…",
                    help=f"operator kinds to apply, comma-separated, or 'all' (default {TOKEN}; "
                         f"kinds: {', '.join(KINDS)})")
    ap.add_argument("--vectors", type=Path, action="append", default=[], metavar="DIR",
                    help="replay the vectors of this folder or file (repeatable) instead of the "
                         "shipped ones, e.g. one `riskspec vectors export --out DIR` wrote with "
                         "new cases")
    ap.add_argument("--out", type=Path, help="write the JSON report here")
    args = ap.parse_args(argv)
    try:
        return _run(args)
    except TriageFileError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    if args.summary:
        print(power_table())
        return 0
    if not args.family:
        print("error: --family is required (or --summary)", file=sys.stderr)
        return 2
    only = list(args.only)
    if args.open:
        open_ = [k for k, v in load_triage().items() if v.get("verdict") == "open"]
        only = [k for k in open_ if not only or k.startswith(tuple(only))]
        if not only:
            print("no mutant is open in conformance/mutation-triage.yaml (for those prefixes)")
            return 0

    def progress(i: int, n: int, entry: dict[str, Any]) -> None:
        if entry["status"] == "survived" or i % 25 == 0 or i == n:
            print(f"[{i}/{n}] {entry['status']}: {entry['id']}", file=sys.stderr, flush=True)

    try:
        kinds = KINDS if args.kinds == "all" or args.open else tuple(k.strip() for k in args.kinds.split(","))
        unknown = sorted(set(kinds) - set(KINDS))
        if unknown:
            raise LookupError(f"unknown operator kind {', '.join(unknown)} (kinds: {', '.join(KINDS)})")
        rep = campaign(args.family, sample=args.sample, seed=args.seed, only=tuple(only),
                       progress=progress, kinds=kinds, vectors=args.vectors)
    except (LookupError, VectorError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    triage = load_triage()
    rep["score"] = score(rep, {k for k, v in triage.items() if v.get("verdict") in ("equivalent", "outside")},
                         {k for k, v in triage.items() if v.get("verdict") == "killed"})
    if args.out:
        from riskspec.safeio import write_text
        write_text(args.out, json.dumps(rep, indent=1) + "\n", "--out")
    s = rep["score"]
    n, den = s["mutants"], s["non_equivalent"]
    eq = sum(1 for r in rep["results"] if r["status"] != "killed" and triage.get(r["id"], {}).get("verdict") == "equivalent")
    print(f"{args.family}: {rep['sampled']} of {rep['mutants_total']} mutants ({', '.join(rep['kinds'])}) of "
          f"{len(rep['modules'])} modules ({', '.join(rep['modules'])}), {dict(rep['counts'])} in {rep['seconds']} s\n"
          f"  first run (killed before any case was written for them): {s['first_run_killed']}/{den} "
          f"non-equivalent = {100 * s['first_run_score']:.1f} %\n"
          f"  final (with the cases written since): {s['killed']}/{den} = {100 * s['score']:.1f} %\n"
          f"  equivalent {eq} ({_pct(eq, n)} of all), outside the vectors' reach {s['equivalent'] - eq} "
          f"({_pct(s['equivalent'] - eq, n)} of all), survivors without either verdict {len(s['survivors'])}")
    for sid in s["survivors"]:
        print(f"  survivor: {sid}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

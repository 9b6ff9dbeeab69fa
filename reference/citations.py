"""What the reference engine's source says about itself: which function cites which rule,
and which error codes it refuses actions with (citing which rules).

Read from the source text (the ``ast`` of every module of ``riskspec.reference``), never by
importing or running the engine, so the docs build, ``riskspec codes`` and ``riskspec
explain`` can show *rule → code in one hop* and *code → rules* without playing a game.

A function **cites** a rule when its own text names it: a rule-ID constant of a ``ruleids``
module (``R.ATTACK_COMPARE``, ``RID.COMBAT_DICE``, in its body or a decorator), or the rule ID
written in its docstring or in a comment between its first and last line.  A function
**raises** a code at each ``require(cond, CODE, RULE, …)``, ``reject(CODE, RULE, …)``,
``IllegalActionError(…, code=…, rule=…)`` and ``_bad(action, CODE, …)`` (a malformed
action); a code computed by a call (``problem or ""``) is followed into the function that
returns it, and the strings that function can return are its codes.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import os
import pickle
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).parent
PACKAGE = "riskspec.reference"
RULE_ID = re.compile(r"\b(?:classic|napoleon)\.[a-z0-9-]+\.[a-z0-9-]+\b")
#: modules whose constants are rule IDs
RULEIDS = ("ruleids", "napoleon.ruleids")
#: modules that only say what the engine is (this one, the ID lists): cite nothing
SKIP = frozenset({"citations", "ruleids", "napoleon.ruleids", "codes"})


@dataclass
class Function:
    """One top-level function or method of the engine."""

    module: str                     # e.g. "classic", "napoleon.combat"
    name: str                       # e.g. "process_attack", "Class.method"
    line: int
    end: int
    rules: set[str] = field(default_factory=set)
    #: (code, rules it may cite there, "invalid-action" or "illegal-action")
    raises: list[tuple[str, frozenset[str], str]] = field(default_factory=list)

    @property
    def qualname(self) -> str:
        return f"{PACKAGE}.{self.module}:{self.name}"

    @property
    def where(self) -> str:
        return f"reference/{self.module.replace('.', '/')}.py:{self.line}"


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


@functools.cache
def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(ROOT.rglob("*.py")) if p.name != "__init__.py"}


@functools.cache
def _trees() -> dict[str, ast.Module]:
    return {m: ast.parse(p.read_text(encoding="utf-8")) for m, p in _modules().items()}


@functools.cache
def _constants() -> dict[str, dict[str, str]]:
    """ruleids module → constant name → rule ID."""
    out: dict[str, dict[str, str]] = {}
    for mod in RULEIDS:
        consts = out.setdefault(mod, {})
        for node in _trees()[mod].body:
            if (isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Constant)
                    and isinstance(node.value.value, str) and RULE_ID.fullmatch(node.value.value)):
                for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    if isinstance(target, ast.Name):
                        consts[target.id] = node.value.value
    return out


@functools.cache
def _tables_of_rules() -> dict[str, dict[str, frozenset[str]]]:
    """ruleids module → name of a dict of rule IDs (``EFFECT_RULES``) → the IDs it holds."""
    out: dict[str, dict[str, frozenset[str]]] = {}
    for mod in RULEIDS:
        consts = _constants()[mod]
        for node in _trees()[mod].body:
            value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
            if isinstance(value, ast.Dict):
                ids = frozenset(consts[v.id] for v in value.values
                                if isinstance(v, ast.Name) and v.id in consts)
                targets = node.targets if isinstance(node, ast.Assign) else \
                    [node.target] if isinstance(node, ast.AnnAssign) else []
                for target in targets:
                    if isinstance(target, ast.Name) and ids:
                        out.setdefault(mod, {})[target.id] = ids
    return out


def _imports(tree: ast.Module, module: str) -> tuple[dict[str, str], dict[str, tuple[str, str]]]:
    """(alias → engine module, name → (engine module, its name)) of a module's imports."""
    mods: dict[str, str] = {}
    names: dict[str, tuple[str, str]] = {}
    known = _modules()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(PACKAGE):
            base = node.module[len(PACKAGE) + 1:]
            for a in node.names:
                sub = f"{base}.{a.name}" if base else a.name
                if sub in known:
                    mods[a.asname or a.name] = sub
                elif base in known:
                    names[a.asname or a.name] = (base, a.name)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith(PACKAGE + ".") and a.name[len(PACKAGE) + 1:] in known:
                    mods[a.asname or a.name] = a.name[len(PACKAGE) + 1:]
    return mods, names


class _Module:
    def __init__(self, name: str) -> None:
        self.name, self.tree = name, _trees()[name]
        self.mods, self.names = _imports(self.tree, name)
        self.defs = {n.name: n for n in self.tree.body
                     if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}

    def rule_of(self, node: ast.AST) -> str | None:
        """The rule ID a name or attribute stands for, if it is a rule-ID constant."""
        consts = _constants()
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            mod = self.mods.get(node.value.id)
            return consts.get(mod, {}).get(node.attr) if mod else None
        if isinstance(node, ast.Name):
            if node.id in self.names:
                mod, name = self.names[node.id]
                return consts.get(mod, {}).get(name)
            if self.name in consts:
                return consts[self.name].get(node.id)
        return None

    def rules_in(self, node: ast.AST, *, tables: bool = False) -> set[str]:
        """The rule IDs a piece of code names (``tables``: and those of the rule tables
        it reads, such as ``RID.EFFECT_RULES``: a refusal's possible rules, not a citation)."""
        out: set[str] = set()
        for sub in ast.walk(node):
            rid = self.rule_of(sub)
            if rid:
                out.add(rid)
            elif tables and isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name):
                mod = self.mods.get(sub.value.id)
                out |= _tables_of_rules().get(mod or "", {}).get(sub.attr, frozenset())
            elif isinstance(sub, ast.Constant) and isinstance(sub.value, str) \
                    and RULE_ID.fullmatch(sub.value):
                out.add(sub.value)
        return out

    def function(self, call: ast.AST) -> tuple[_Module, ast.FunctionDef] | None:
        """The engine function a call calls, when it can be told from the text."""
        f = call.func if isinstance(call, ast.Call) else None
        if isinstance(f, ast.Name):
            if f.id in self.defs:
                return self, self.defs[f.id]  # type: ignore[return-value]
            if f.id in self.names:
                mod, name = self.names[f.id]
                other = _module(mod)
                return (other, other.defs[name]) if name in other.defs else None  # type: ignore[return-value]
        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in self.mods:
            other = _module(self.mods[f.value.id])
            return (other, other.defs[f.attr]) if f.attr in other.defs else None  # type: ignore[return-value]
        return None


@functools.cache
def _module(name: str) -> _Module:
    return _Module(name)


def _strings(mod: _Module, node: ast.AST, scope: ast.AST, seen: set[int]) -> set[str]:
    """The strings an expression can evaluate to (codes), followed through names assigned in
    ``scope`` and into the functions it calls."""
    if id(node) in seen:
        return set()
    seen.add(id(node))
    if isinstance(node, ast.Constant):
        return {node.value} if isinstance(node.value, str) and node.value else set()
    if isinstance(node, ast.JoinedStr):  # f"{kind}-limit": the pattern "*-limit"
        return {"".join(str(v.value) if isinstance(v, ast.Constant) else "*" for v in node.values)}
    if isinstance(node, ast.BoolOp):
        return set().union(*(_strings(mod, v, scope, seen) for v in node.values))
    if isinstance(node, ast.IfExp):
        return _strings(mod, node.body, scope, seen) | _strings(mod, node.orelse, scope, seen)
    if isinstance(node, ast.Name):
        out: set[str] = set()
        for value in _assigned(scope, node.id):
            out |= _strings(mod, value, scope, seen)
        return out
    if isinstance(node, ast.Call):
        target = mod.function(node)
        if target is None:
            return set()
        other, fn = target
        out = set()
        for sub in ast.walk(fn):
            if isinstance(sub, ast.Return) and sub.value is not None:
                out |= _strings(other, sub.value, fn, seen)
        return out
    return set()


def _assigned(scope: ast.AST, name: str) -> list[ast.AST]:
    """The values assigned to ``name`` in ``scope`` (also from one tuple to another)."""
    index = _ASSIGNED.get(id(scope))
    if index is None or index[0] is not scope:
        index = _ASSIGNED[id(scope)] = (scope, _assignments(scope))
    return index[1].get(name, [])


_ASSIGNED: dict[int, tuple[ast.AST, dict[str, list[ast.AST]]]] = {}


def _assignments(scope: ast.AST) -> dict[str, list[ast.AST]]:
    out: dict[str, list[ast.AST]] = {}
    for name, value in _each_assignment(scope):
        out.setdefault(name, []).append(value)
    return out


def _each_assignment(scope: ast.AST) -> Iterator[tuple[str, ast.AST]]:
    for sub in ast.walk(scope):
        if isinstance(sub, ast.Assign):
            targets, value = sub.targets, sub.value
        elif isinstance(sub, (ast.AnnAssign, ast.NamedExpr)) and sub.value is not None:
            targets, value = [sub.target], sub.value
        else:
            continue
        for t in targets:
            if isinstance(t, ast.Name):
                yield t.id, value
            elif isinstance(t, ast.Tuple) and isinstance(value, ast.Tuple):
                for el, val in zip(t.elts, value.elts):
                    if isinstance(el, ast.Name):
                        yield el.id, val


def _rules_of_expr(mod: _Module, node: ast.AST, scope: ast.AST, seen: set[int]) -> set[str]:
    """The rule IDs a ``rule`` argument may be: constants in it, in the values of the local
    names it reads, or returned by the engine functions it calls."""
    if id(node) in seen:
        return set()
    seen.add(id(node))
    found = mod.rules_in(node, tables=True)
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load):
            for value in _assigned(scope, sub.id):
                found |= _rules_of_expr(mod, value, scope, seen)
        elif isinstance(sub, ast.Call):
            target = mod.function(sub)
            targets: list[tuple[_Module, ast.AST]] = [target] if target is not None \
                else _hooks(sub)
            for other, fn in targets:
                for r in ast.walk(fn):
                    if isinstance(r, ast.Return) and r.value is not None:
                        found |= _rules_of_expr(other, r.value, fn, seen)
    return found


def _hooks(call: ast.Call) -> list[tuple[_Module, ast.AST]]:
    """The functions a call of a family hook (``family.out_of_turn_rule(…)``) may reach: every
    engine function of that name (or with a leading underscore) — each family's own."""
    f = call.func
    if not isinstance(f, ast.Attribute):
        return []
    out: list[tuple[_Module, ast.AST]] = []
    for name in _modules():
        if name in SKIP:
            continue
        mod = _module(name)
        for fname in (f.attr, "_" + f.attr):
            if fname in mod.defs:
                out.append((mod, mod.defs[fname]))
    return out


def _raises(mod: _Module, fn: ast.AST) -> Iterator[tuple[str, frozenset[str], str]]:
    for node in ast.walk(fn):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        kw = {k.arg: k.value for k in node.keywords if k.arg}
        code = rule = None
        kind = "illegal-action"
        if name == "require" and len(node.args) >= 3 and mod.name != "consistency" \
                and not mod.name.endswith(".consistency"):
            code, rule = node.args[1], node.args[2]
        elif name == "reject" and len(node.args) >= 2:
            code, rule = node.args[0], node.args[1]
        elif name == "IllegalActionError" and "code" in kw:
            code, rule = kw["code"], kw.get("rule")
        elif name == "_bad" and len(node.args) >= 2:
            code, kind = node.args[1], "invalid-action"
        if code is None:
            continue
        if isinstance(code, ast.Attribute) and code.attr == "code":
            continue  # a refusal passed on (engine.apply re-raising with the position)
        if isinstance(code, ast.Name) and code.id == "code" and name != "IllegalActionError":
            continue  # a helper's own parameter
        rules = frozenset(_rules_of_expr(mod, rule, fn, set())) if rule is not None else frozenset()
        for c in sorted(_strings(mod, code, fn, set())):
            yield c, rules, kind


def _comment_rules(text: str) -> dict[int, set[str]]:
    """line → rule IDs written after a ``#`` on it (a comment: the engine's string literals
    hold no rule IDs, ``tests/engine/test_rule_ids.py``)."""
    out: dict[int, set[str]] = {}
    for i, line in enumerate(text.splitlines(), 1):
        j = line.find("#")
        if j >= 0:
            ids = RULE_ID.findall(line, j)
            if ids:
                out[i] = set(ids)
    return out


def _defs(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef]]:
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, node  # type: ignore[misc]
        elif isinstance(node, ast.ClassDef):
            for sub in node.body:
                if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield f"{node.name}.{sub.name}", sub  # type: ignore[misc]


#: bump when the layout of the cached table changes
_LAYOUT = 1


def _cache_path() -> Path | None:
    from riskspec import __version__
    from riskspec.loading.stamp import cache_dir
    folder = cache_dir()
    if folder is None:
        return None
    where = hashlib.sha256(str(ROOT).encode()).hexdigest()[:16]
    return folder / f"citations-{where}-{__version__}-{_LAYOUT}.pickle"


def _inputs() -> list[tuple[str, int, int]]:
    """The engine's source files with size and modification time (as the spec cache keys)."""
    out = []
    for path in _modules().values():
        st = path.stat()
        out.append((str(path), st.st_size, st.st_mtime_ns))
    return out


@functools.cache
def functions() -> tuple[Function, ...]:
    """Every function of the engine with the rules it cites and the codes it raises.

    Reading the source costs about 0.8 CPU-s, so the table is kept in the user cache (as the
    spec is, :mod:`riskspec.loading.pickled`) and read back while no source file changed;
    ``RISKSPEC_NO_CACHE=1`` turns that off. A missing or unreadable cache is only a miss."""
    path = _cache_path()
    if path is not None:
        try:
            with open(path, "rb") as f:
                if pickle.load(f) == _inputs():
                    kept = pickle.load(f)
                    if isinstance(kept, tuple) and all(isinstance(x, Function) for x in kept):
                        return kept
        except Exception:  # noqa: BLE001 - any unreadable cache is only a miss
            pass
    out = _read_functions()
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            part = path.with_suffix(f".{os.getpid()}.part")
            with open(part, "wb") as f:
                pickle.dump(_inputs(), f, protocol=pickle.HIGHEST_PROTOCOL)
                pickle.dump(out, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(part, path)
        except OSError:
            pass
    return out


def _read_functions() -> tuple[Function, ...]:
    out = []
    for name, path in _modules().items():
        if name in SKIP:
            continue
        mod = _module(name)
        comments = _comment_rules(path.read_text(encoding="utf-8"))
        for qual, fn in _defs(mod.tree):
            first = min([fn.lineno] + [d.lineno for d in fn.decorator_list])
            f = Function(name, qual, fn.lineno, fn.end_lineno or fn.lineno)
            f.rules = mod.rules_in(fn)
            doc = ast.get_docstring(fn) or ""
            f.rules |= set(RULE_ID.findall(doc))
            for line in range(first, f.end + 1):
                f.rules |= comments.get(line, set())
            f.rules = {r for r in f.rules if ".amb." not in r}
            f.raises = list(dict.fromkeys(_raises(mod, fn)))
            out.append(f)
    return tuple(out)


def rule_functions() -> dict[str, list[Function]]:
    """rule ID → the engine functions that cite it (module order)."""
    out: dict[str, list[Function]] = {}
    for f in functions():
        for r in sorted(f.rules):
            out.setdefault(r, []).append(f)
    return out


@dataclass
class Raised:
    """Where one code is raised: its kind, the rules cited with it, the functions."""

    kind: str
    rules: set[str] = field(default_factory=set)
    functions: list[str] = field(default_factory=list)


def raised_codes() -> dict[str, Raised]:
    """code → where it is raised; a code built by an f-string is a pattern (``*-limit``)."""
    out: dict[str, Raised] = {}
    for f in functions():
        for code, rules, kind in f.raises:
            entry = out.setdefault(code, Raised(kind))
            entry.rules |= rules
            if f.qualname not in entry.functions:
                entry.functions.append(f.qualname)
    return out


def coverage(rule_ids: Mapping[str, object] | list[str]) -> tuple[int, int, list[str]]:
    """(rules cited by a function, rules asked about, the rules cited by none)."""
    cited = rule_functions()
    ids = list(rule_ids)
    missing = [r for r in ids if r not in cited]
    return len(ids) - len(missing), len(ids), missing

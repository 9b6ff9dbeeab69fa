"""The import layers, read statically (``ast``, imports inside functions included, so that an
import a test run never reaches is caught too):

- no module of ``riskspec.envs``, ``riskspec.reference`` or ``riskspec.loading`` imports
  ``riskspec.cli``, directly or through another riskspec module;
- no import cycle among the conformance modules;
- ``riskspec.cli`` may import ``riskspec.docsite`` and ``riskspec.conformance``, and
  ``riskspec.docsite`` may import ``riskspec.conformance``, never the other way."""

from __future__ import annotations

import ast
import functools
import importlib.util
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

import pytest

import riskspec

#: the packages that must stay below the CLI
LOWER = ("riskspec.envs", "riskspec.reference", "riskspec.loading")
FORBIDDEN = "riskspec.cli"
#: the packages installed from another folder than their parent's (pyproject's package-dir)
MOVED = ("riskspec.reference", "riskspec.conformance")
#: the packages layered above one another, highest first
LAYERED = ("riskspec.cli", "riskspec.docsite", "riskspec.conformance")


def _roots() -> dict[str, Path]:
    roots = {"riskspec": Path(riskspec.__file__).parent}
    for name in MOVED:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.submodule_search_locations, name
        roots[name] = Path(next(iter(spec.submodule_search_locations)))
    return roots


ROOTS = _roots()


def module_file(name: str) -> Path | None:
    """The source file of riskspec module ``name`` (a package's ``__init__.py``), or None."""
    root = max((r for r in ROOTS if name == r or name.startswith(r + ".")), key=len, default=None)
    if root is None:
        return None
    base = ROOTS[root].joinpath(*name[len(root):].split(".")[1:])
    for path in (base / "__init__.py", base.with_suffix(".py")):
        if path.is_file():
            return path
    return None


def is_package(name: str) -> bool:
    path = module_file(name)
    return path is not None and path.name == "__init__.py"


def modules_of(package: str) -> list[str]:
    path = module_file(package)
    assert path is not None and path.name == "__init__.py", package
    names = [package]
    for file in sorted(path.parent.rglob("*.py")):
        rel = file.relative_to(path.parent).with_suffix("")
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        if parts:
            names.append(".".join((package, *parts)))
    return names


def imported_names(source: str, module: str, *, package: bool = False) -> Iterator[str]:
    """Every module name ``source`` (the text of ``module``) may import, anywhere in it:
    ``import a.b``, ``from a import b`` (both ``a`` and ``a.b``), relative imports, and
    ``importlib.import_module("a.b")`` / ``__import__("a.b")`` with a literal name."""
    here = module.split(".") if package else module.split(".")[:-1]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                stem = here[:len(here) - node.level + 1]
                base = ".".join([*stem, base] if base else stem)
            yield base
            for alias in node.names:
                yield f"{base}.{alias.name}"
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in ("import_module", "__import__") and isinstance(node.args[0].value, str):
                yield node.args[0].value


def _with_parents(name: str) -> Iterator[str]:
    parts = name.split(".")
    for i in range(1, len(parts) + 1):
        yield ".".join(parts[:i])


@functools.cache
def riskspec_imports(module: str) -> frozenset[str]:
    """The riskspec modules that importing ``module`` runs directly (with their packages)."""
    path = module_file(module)
    assert path is not None, module
    found: set[str] = set()
    for name in imported_names(path.read_text(encoding="utf-8"), module,
                               package=is_package(module)):
        if name.split(".")[0] != "riskspec":
            continue
        for part in _with_parents(name):
            if module_file(part) is not None:
                found.add(part)
    return frozenset(found - {module})


def chain_to(start: str, target: str) -> list[str] | None:
    """The import chain from ``start`` to a module in ``target`` (static), or None."""
    seen = {start: [start]}
    todo = [start]
    while todo:
        mod = todo.pop()
        for nxt in sorted(riskspec_imports(mod)):
            if nxt in seen:
                continue
            seen[nxt] = [*seen[mod], nxt]
            if nxt == target or nxt.startswith(target + "."):
                return seen[nxt]
            todo.append(nxt)
    return None


def test_the_scanner_sees_imports_anywhere() -> None:
    source = """
import os
from . import sibling
from ..cli import play
def f():
    from riskspec.cli.play import parse_options
    import riskspec.cli.odds
class C:
    def g(self):
        importlib.import_module("riskspec.cli.show")
"""
    names = set(imported_names(source, "riskspec.envs.codec"))
    assert {"riskspec.envs.sibling", "riskspec.cli.play", "riskspec.cli.play.parse_options",
            "riskspec.cli.odds", "riskspec.cli.show"} <= names
    assert "riskspec.loading.boards" in set(
        imported_names("from .boards import build_board", "riskspec.loading", package=True))


def test_the_resolver_finds_moved_packages() -> None:
    assert module_file("riskspec.reference.engine") is not None
    assert module_file("riskspec.cli.play") is not None
    assert module_file("riskspec.errors.OptionError") is None
    assert "riskspec.progress" in riskspec_imports("riskspec.cli.play")
    assert chain_to("riskspec.cli.play", "riskspec.model") is not None


@pytest.mark.parametrize("module", [m for p in LOWER for m in modules_of(p)])
def test_no_lower_module_imports_the_cli(module: str) -> None:
    assert chain_to(module, FORBIDDEN) is None, " → ".join(chain_to(module, FORBIDDEN) or [])


def import_graph() -> dict[str, frozenset[str]]:
    """Every riskspec module → the riskspec modules importing it runs directly."""
    mods = modules_of("riskspec") + modules_of("riskspec.reference") + modules_of("riskspec.conformance")
    return {m: riskspec_imports(m) for m in mods}


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    comp.append(top)
                    if top == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def package_of(module: str) -> str | None:
    return next((p for p in LAYERED if module == p or module.startswith(p + ".")), None)


def test_the_cycle_finder_finds_a_cycle_and_only_cycles() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_imports_inside_functions() -> None:
    graph = import_graph()
    # `riskspec engine` imports the reference's server inside its command function; the runner
    # imports the claims at the top: both are edges
    assert "riskspec.conformance.reference_api" in graph["riskspec.cli.engine"]
    assert "riskspec.conformance.claims" in graph["riskspec.conformance.runner"]
    assert len(graph) > 100


def test_no_import_cycle_among_the_conformance_modules() -> None:
    graph = import_graph()
    found = [c for c in cycles(graph) if any(m.startswith("riskspec.conformance") for m in c)]
    assert found == [], "import cycles in riskspec.conformance: " + "; ".join(" → ".join(c) for c in found)


def test_no_cycle_through_the_cli_the_docs_site_and_the_conformance_suite() -> None:
    graph = import_graph()
    packages: dict[str, set[str]] = {p: set() for p in LAYERED}
    edges: dict[tuple[str, str], list[str]] = {}
    for module, targets in graph.items():
        src = package_of(module)
        for t in targets:
            dst = package_of(t)
            if src and dst and src != dst:
                packages[src].add(dst)
                edges.setdefault((src, dst), []).append(f"{module} → {t}")
    found = cycles(packages)
    assert found == [], "package cycle: " + "; ".join(
        f"{a} → {b} ({', '.join(edges[(a, b)][:3])})" for c in found for a in c for b in c
        if (a, b) in edges)
    # the layers, spelled out: nothing below imports what is above it
    for low, high in (("riskspec.conformance", "riskspec.docsite"), ("riskspec.conformance", "riskspec.cli"),
                      ("riskspec.docsite", "riskspec.cli")):
        assert high not in packages[low], f"{low} imports {high}: {edges[(low, high)][:3]}"

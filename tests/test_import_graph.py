"""No import cycles among the conformance modules, nor between the command line, the docs site
and the conformance suite.

The graph is read from the source (``ast``), imports inside functions included: a cycle
hidden in a function is still a cycle between two modules that need each other.  Layers:
``riskspec.cli`` may import ``riskspec.docsite`` and ``riskspec.conformance``,
``riskspec.docsite`` may import ``riskspec.conformance``, never the other way.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERED = ("riskspec.cli", "riskspec.docsite", "riskspec.conformance")


def modules() -> dict[str, Path]:
    """Module name → file, for ``conformance/*.py`` and ``src/riskspec/**/*.py``."""
    out = {}
    for p in sorted((ROOT / "conformance").glob("*.py")):
        out["riskspec.conformance" + ("" if p.stem == "__init__" else f".{p.stem}")] = p
    for p in sorted((ROOT / "src" / "riskspec").rglob("*.py")):
        parts = list(p.relative_to(ROOT / "src").with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = p
    return out


def import_graph(mods: Mapping[str, Path]) -> dict[str, set[str]]:
    """Module → the modules among ``mods`` it imports, anywhere in its body."""
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for name, path in mods.items():
        package = name if path.stem == "__init__" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([node.module] if node.module else []))
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            graph[name].update(t for t in targets if t in mods and t != name)
    return graph


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
    graph = import_graph(modules())
    # `riskspec engine` imports the reference's server inside its command function; the runner
    # imports the claims at the top: both are edges
    assert "riskspec.conformance.reference_api" in graph["riskspec.cli.engine"]
    assert "riskspec.conformance.claims" in graph["riskspec.conformance.runner"]
    assert len(graph) > 100


def test_no_import_cycle_among_the_conformance_modules() -> None:
    graph = import_graph(modules())
    found = [c for c in cycles(graph) if any(m.startswith("riskspec.conformance") for m in c)]
    assert found == [], "import cycles in riskspec.conformance: " + "; ".join(" → ".join(c) for c in found)


def test_no_cycle_through_the_cli_the_docs_site_and_the_conformance_suite() -> None:
    graph = import_graph(modules())
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

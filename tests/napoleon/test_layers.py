"""The Napoléon engine's layers (``riskspec.reference.napoleon.LAYERS``): every module is in
one layer, imports only modules of lower layers, and imports nothing inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

from riskspec.reference import napoleon

ROOT = Path(napoleon.__file__).parent
PACKAGE = "riskspec.reference.napoleon"


def _modules() -> dict[str, ast.Module]:
    return {p.stem: ast.parse(p.read_text(encoding="utf-8"))
            for p in sorted(ROOT.glob("*.py")) if p.stem != "__init__"}


def _imported(node: ast.AST) -> set[str]:
    """The modules of this package an import statement names."""
    if isinstance(node, ast.ImportFrom) and node.module == PACKAGE:
        return {a.name for a in node.names}
    if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PACKAGE + "."):
        return {(node.module or "").split(".")[3]}
    if isinstance(node, ast.Import):
        return {a.name.split(".")[3] for a in node.names if a.name.startswith(PACKAGE + ".")}
    return set()


def test_every_module_is_in_exactly_one_layer() -> None:
    placed = [m for layer in napoleon.LAYERS for m in layer]
    assert sorted(placed) == sorted(_modules())


def test_each_module_imports_only_lower_layers() -> None:
    rank = {m: i for i, layer in enumerate(napoleon.LAYERS) for m in layer}
    wrong = [f"{mod} (layer {rank[mod] + 1}) imports {dep} (layer {rank[dep] + 1})"
             for mod, tree in _modules().items()
             for node in ast.walk(tree) for dep in _imported(node)
             if rank[dep] >= rank[mod]]
    assert wrong == []


def test_no_function_level_imports() -> None:
    """Every import of a riskspec module is at the top of its module."""
    inner = []
    for mod, tree in _modules().items():
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    inner.append(f"{mod}.{fn.name}: line {node.lineno}")
    assert inner == []


def test_the_layer_check_sees_a_back_edge() -> None:
    """The checker itself: an import of a higher layer is found."""
    tree = ast.parse("from riskspec.reference.napoleon import legal as L\n"
                     "from riskspec.reference.napoleon.state import NapState\n")
    assert set().union(*(_imported(n) for n in ast.walk(tree))) == {"legal", "state"}

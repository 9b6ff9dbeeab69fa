"""The reference engine's modules form layers: each imports only from the layers below it.

Read statically from the source (``ast``), so an import hidden in a function body counts
as much as one at the top of the file, and a cycle cannot hide behind a lazy import.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "reference"
PACKAGE = "riskspec.reference"

#: The Classic engine and the shared core, lowest layer first.  A module imports only
#: modules of lower layers (never its own layer, never a higher one).
CORE_LAYERS: list[list[str]] = [
    # the rule IDs (and the @cites decorator); the reader of the engine's own source; the reader of
    # spec parameters (driven by the parameter schema)
    ["ruleids", "citations", "params"],
    # numbers and pure rule arithmetic read from the spec
    ["tables", "occupy", "battle", "cards", "reinforce", "elimination"],
    ["modifiers", "state"],
    # queries on a state, and the parsing of actions
    ["actions", "base", "missions"],
    # the legal actions and chance outcomes of a ruleset, listed once with their parse
    ["listed"],
    # the rules: process_* handlers, chance nodes
    ["classic", "chance"],
    ["setup", "legal"],
    # the legal actions as sequences made on demand (random play)
    ["views"],
    # the family registry (families plug in by name, never by import)
    ["family"],
    ["consistency", "serial"],
    ["classic_family"],
    # the public API and what is built on it
    ["engine"],
    ["driver", "log", "builder", "odds", "codes"],
]


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = [p for p in rel.parts if p != "__init__"]
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _target(node: ast.ImportFrom | ast.Import, here: str) -> list[str]:
    """The reference modules an import statement names (relative imports resolved)."""
    known = modules()
    names: list[str] = []
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name.startswith(PACKAGE + "."):
                names.append(alias.name[len(PACKAGE) + 1:])
        return [n for n in names if n in known]
    if node.level:
        is_pkg = modules()[here].name == "__init__.py"
        base = here.split(".") if here else []
        base = base[: len(base) - node.level + (1 if is_pkg else 0)]
        mod = ".".join(base + ([node.module] if node.module else []))
    elif node.module and (node.module == PACKAGE or node.module.startswith(PACKAGE + ".")):
        mod = node.module[len(PACKAGE):].lstrip(".")
    else:
        return []
    for alias in node.names:
        sub = f"{mod}.{alias.name}".strip(".")
        names.append(sub if sub in known else mod)
    return [n for n in names if n in known and n]


@cache
def imports() -> dict[str, list[tuple[str, int, bool]]]:
    """module → [(imported module, line, at module level)]."""
    out: dict[str, list[tuple[str, int, bool]]] = {}
    for name, path in modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        top = {id(n) for n in tree.body}
        found = []
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for target in _target(node, name):
                    if target != name:
                        found.append((target, node.lineno, id(node) in top))
        out[name] = found
    return out


def test_layer_table_names_every_core_module() -> None:
    core = {m for m in modules() if m and not m.startswith("napoleon")}
    listed = [m for layer in CORE_LAYERS for m in layer]
    assert len(listed) == len(set(listed)), "a module is listed in two layers"
    assert set(listed) == core, (f"not in a layer: {sorted(core - set(listed))}; "
                                 f"no such module: {sorted(set(listed) - core)}")


def test_the_scanner_sees_lazy_and_relative_imports(tmp_path: Path) -> None:
    # the checks below are only as good as the scanner: it must see an import in a function
    tree = ast.parse("def f():\n    from riskspec.reference.engine import apply\n")
    node = tree.body[0].body[0]  # type: ignore[attr-defined]
    assert _target(node, "driver") == ["engine"]
    assert _target(ast.parse("from .state import State").body[0], "engine") == ["state"]  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(m for layer in CORE_LAYERS for m in layer))
def test_core_module_imports_only_lower_layers(name: str) -> None:
    layer_of = {m: i for i, layer in enumerate(CORE_LAYERS) for m in layer}
    bad = []
    for target, line, at_top in imports()[name]:
        where = f"reference/{modules()[name].relative_to(ROOT)}:{line}"
        if not at_top:
            bad.append(f"{where}: imports {target} inside a function (import at the top)")
        elif target.startswith("napoleon"):
            bad.append(f"{where}: the core imports the Napoléon family ({target}); "
                       "families plug in through family.REGISTRY")
        elif layer_of[target] >= layer_of[name]:
            bad.append(f"{where}: {name} (layer {layer_of[name]}) imports {target} "
                       f"(layer {layer_of[target]})")
    assert not bad, "\n".join(bad)


def test_no_import_cycle_in_the_core() -> None:
    graph = {m: {t for t, _, _ in imports()[m] if not t.startswith("napoleon")}
             for m in modules() if m and not m.startswith("napoleon")}
    state: dict[str, int] = {}

    def visit(m: str, path: list[str]) -> list[str] | None:
        state[m] = 1
        for t in sorted(graph.get(m, ())):
            if state.get(t) == 1:
                return path + [m, t]
            if t not in state:
                found = visit(t, path + [m])
                if found:
                    return found
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            cycle = visit(m, [])
            assert cycle is None, "import cycle: " + " → ".join(cycle)


def _module_aliases(tree: ast.Module) -> set[str]:
    """Names bound to a module by ``import a.b as X`` / ``from a import b as X`` (any module)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.asname or a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            names |= {a.asname or a.name for a in node.names if a.name[:1].islower()}
    return names


def private_calls(source: str) -> list[tuple[int, str]]:
    """``X._name`` where ``X`` is an imported module: a reach into another module's privates."""
    tree = ast.parse(source)
    aliases = _module_aliases(tree)
    return [(node.lineno, f"{node.value.id}.{node.attr}") for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id in aliases and node.attr.startswith("_")
            and not node.attr.startswith("__")]


def test_the_private_call_finder_finds_them() -> None:
    src = "from riskspec.reference.napoleon import game as G\nG._next(s)\nG.next(s)\nself._x()\n"
    assert private_calls(src) == [(2, "G._next")]


def test_no_engine_module_reaches_into_another_modules_privates() -> None:
    """Each module's public functions are its interface (issue 27: 14 such calls were found)."""
    found = [f"{name}:{line}: {what}" for name, path in modules().items()
             for line, what in private_calls(path.read_text(encoding="utf-8"))]
    assert not found, found

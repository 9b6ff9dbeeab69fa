"""Every data file the package reads ships in the wheel (``[tool.setuptools.package-data]``).

The package folders are mapped by ``package-dir`` in ``pyproject.toml``; a file in one of them
ships only if a ``package-data`` glob names it.  These tests read the checkout's
``pyproject.toml`` and files (they skip, saying so, where the tests run without a checkout),
and, in a non-editable install, compare the installed copy with the checkout.
"""

from __future__ import annotations

import ast
import tomllib
from importlib import resources
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"

#: data files in a package folder that do not ship, each with why (none is opened by the code)
NOT_SHIPPED: dict[str, str] = {}


def _setuptools() -> dict:
    if not PYPROJECT.is_file():
        pytest.skip(f"needs the source checkout's pyproject.toml (not at {PYPROJECT})")
    return tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["setuptools"]


def get_package_folders() -> dict[str, Path]:
    """Each package of ``packages`` and the checkout folder it is built from."""
    cfg = _setuptools()
    dirs = cfg.get("package-dir", {})
    out = {}
    for pkg in cfg["packages"]:
        if pkg in dirs:
            out[pkg] = ROOT / dirs[pkg]
            continue
        parent, _, leaf = pkg.rpartition(".")  # a sub-package lies inside its parent's folder
        while parent and parent not in dirs:
            parent, _, more = parent.rpartition(".")
            leaf = f"{more}.{leaf}"
        out[pkg] = ROOT / dirs[parent] / Path(*leaf.split("."))
    return out


def get_shipped() -> dict[Path, str]:
    """Every checkout file a ``package-data`` glob names → its package."""
    cfg = _setuptools()
    folders = get_package_folders()
    shipped: dict[Path, str] = {}
    for pkg, globs in cfg.get("package-data", {}).items():
        for pattern in globs:
            for path in folders[pkg].glob(pattern):
                if path.is_file():
                    shipped[path.resolve()] = pkg
    return shipped


def _owner(path: Path, folders: dict[str, Path]) -> str:
    """The innermost package whose folder holds ``path`` (a file under a sub-folder that is no
    package, like ``conformance/vectors``, belongs to the package above it)."""
    best = ""
    for pkg, folder in folders.items():
        if path.is_relative_to(folder.resolve()) and len(str(folder)) > len(str(folders.get(best, ""))):
            best = pkg
    return best


def is_source_artefact(path: Path) -> bool:
    return "__pycache__" in path.parts or path.suffix in (".py", ".pyc") or any(
        part.startswith(".") for part in path.parts)


def get_data_files() -> list[Path]:
    """Every file in a package folder that is not Python source (the data the package carries)."""
    files: set[Path] = set()
    for folder in get_package_folders().values():
        for path in folder.rglob("*"):
            rel = path.relative_to(ROOT)
            if path.is_file() and not is_source_artefact(rel):
                files.add(path.resolve())
    return sorted(files)


def get_named_in_code() -> dict[str, list[str]]:
    """String literals of the package's Python source (file name or relative path) → the modules
    naming them."""
    names: dict[str, list[str]] = {}
    for pkg, folder in get_package_folders().items():
        for src in sorted(folder.glob("*.py")):
            for node in ast.walk(ast.parse(src.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) < 200:
                    names.setdefault(node.value, []).append(f"{pkg}:{src.name}")
    return names


def test_every_data_file_the_code_names_ships():
    """A data file whose name (or path inside its package) a module of the package spells out
    is read by the code: it must be package data (``conformance/mutation-triage.yaml`` was not)."""
    shipped, folders, named = get_shipped(), get_package_folders(), get_named_in_code()
    missing = []
    checked = 0
    for path in get_data_files():
        home = folders[_owner(path, folders)].resolve()
        rel = path.relative_to(home).as_posix()
        readers = named.get(rel, []) + named.get(path.name, [])
        if not readers:
            continue
        checked += 1
        if path not in shipped:
            missing.append(f"{path.relative_to(ROOT)} (named in {', '.join(sorted(set(readers)))})")
    assert checked >= 5, f"only {checked} data files named in the code: is the scan broken?"
    assert not missing, "not package data (add to [tool.setuptools.package-data]): " + "; ".join(missing)


def test_every_data_file_in_a_package_folder_ships_or_says_why_not():
    shipped = get_shipped()
    stray = [str(p.relative_to(ROOT)) for p in get_data_files()
             if p not in shipped and str(p.relative_to(ROOT)) not in NOT_SHIPPED]
    assert not stray, ("files in package folders that do not ship (add a package-data glob, or "
                       "list them in NOT_SHIPPED with why): " + ", ".join(stray))
    for rel in NOT_SHIPPED:
        assert (ROOT / rel).is_file(), f"NOT_SHIPPED names {rel}, which is gone"


def test_the_scan_sees_the_files_the_suite_reads():
    """The scan is not vacuous: the triage file and the engines registry are named in the code
    and found as data files."""
    named = get_named_in_code()
    files = {p.relative_to(ROOT).as_posix() for p in get_data_files()}
    assert "mutation-triage.yaml" in named and "conformance/mutation-triage.yaml" in files
    assert "engines.yaml" in named and "conformance/engine-reports/engines.yaml" in files


def _installed_is_checkout() -> bool:
    import riskspec
    return Path(riskspec.__file__).resolve().is_relative_to(ROOT)


def test_the_installed_copy_has_every_package_data_file():
    """In a non-editable install (a built wheel): each file the checkout ships is installed,
    byte for byte.  In an editable install the package is the checkout itself: nothing to compare."""
    shipped = get_shipped()
    if _installed_is_checkout():
        pytest.skip("editable install: the package runs from this checkout, so there is no installed "
                    "copy to compare (CI's wheel run checks it)")
    folders = get_package_folders()
    absent, differ = [], []
    for path, pkg in sorted(shipped.items()):
        rel = path.relative_to(folders[pkg].resolve())
        installed = resources.files(pkg).joinpath(*rel.parts)
        if not installed.is_file():
            absent.append(f"{pkg}/{rel.as_posix()}")
        elif installed.read_bytes() != path.read_bytes():
            differ.append(f"{pkg}/{rel.as_posix()}")
    assert not absent, f"package data missing from the installed copy: {absent[:20]}"
    assert not differ, f"installed package data differs from the checkout (stale install?): {differ[:20]}"


def test_the_version_the_package_reports_is_its_metadata():
    """`riskspec --version` (riskspec.__version__) and the installed metadata (pyproject) agree."""
    from importlib.metadata import version

    import riskspec
    assert riskspec.__version__ == version("riskspec")

"""`pip install .` ships what `riskspec docs build` needs: the wheel holds the hand-written
pages and mkdocs.yml (package ``riskspec.handbook``), and the site generates from them
with no source checkout in sight."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w",
                           str(out), str(ROOT)], capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        pytest.skip(f"cannot build a wheel here: {proc.stderr.strip()[-300:]}")
    return next(out.glob("riskspec-*.whl"))


def test_wheel_ships_the_hand_written_pages(wheel, tmp_path, monkeypatch):
    from riskspec.docsite import generate as g
    names = zipfile.ZipFile(wheel).namelist()
    for page in [*g.HAND_WRITTEN, "mkdocs.yml", "assets/extra.css"]:
        assert f"riskspec/handbook/{page}" in names, page
    zipfile.ZipFile(wheel).extractall(tmp_path / "site-packages")
    handbook = tmp_path / "site-packages" / "riskspec" / "handbook"
    from riskspec.loading import load_spec
    gen = g.generate(load_spec(), tmp_path / "project", docs_src=handbook, cases=[])
    assert "index.md" in gen.pages and (gen.docs_dir / "assets" / "extra.css").is_file()
    assert not (gen.docs_dir / "__init__.py").exists()


def test_installed_package_finds_its_pages_without_a_checkout(monkeypatch):
    from riskspec.docsite import generate as g
    monkeypatch.setattr(g, "checkout_docs_dir", lambda: None)
    found = g.hand_written_dir()
    assert found is not None and (found / "mkdocs.yml").is_file()
    for page in g.HAND_WRITTEN:
        assert (found / page).is_file()


def test_docs_extra_is_mkdocs_only_and_playwright_is_a_test_dependency():
    import tomllib
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    assert not any("playwright" in d for d in extras["docs"])
    assert any("playwright" in d for d in extras["test"])
    assert any(d.startswith("mkdocs") for d in extras["docs"])

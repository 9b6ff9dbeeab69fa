"""Fixtures for the documentation-site tests: a small fixture spec, its vectors, a built site."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

HERE = Path(__file__).parent
FIXTURE_SPEC = HERE / "fixtures" / "spec"
FIXTURE_VECTORS = HERE / "fixtures" / "vectors"


@pytest.fixture(scope="session")
def fixture_spec():
    from riskspec.loading import load_spec
    return load_spec(FIXTURE_SPEC)


@pytest.fixture(scope="session")
def fixture_cases():
    from riskspec.docsite.examples import load_cases
    warnings: list[str] = []
    cases = load_cases(FIXTURE_VECTORS, warnings)
    assert not warnings
    return cases


@pytest.fixture(scope="session")
def fixture_pages(fixture_spec, fixture_cases, tmp_path_factory):
    from riskspec.docsite.generate import generate
    gen = generate(fixture_spec, tmp_path_factory.mktemp("gen") / "project", cases=fixture_cases)
    return gen.pages


def _need_mkdocs() -> None:
    for mod in ("mkdocs", "material"):
        if importlib.util.find_spec(mod) is None:
            pytest.skip(f"{mod} is not installed (pip install -e '.[docs]')")


@pytest.fixture
def need_mkdocs() -> None:
    _need_mkdocs()


@pytest.fixture(scope="session")
def fixture_site(tmp_path_factory):
    """The fixture spec + vectors, built with mkdocs --strict."""
    _need_mkdocs()
    from riskspec.cli import build_parser
    from riskspec.docsite.build import build_site
    out = tmp_path_factory.mktemp("fixture-site") / "site"
    return build_site(out, spec_root=FIXTURE_SPEC, vectors=FIXTURE_VECTORS, cli_parser=build_parser())


@pytest.fixture(scope="session")
def shipped_site(tmp_path_factory):
    """The shipped specification and vectors, built with mkdocs --strict."""
    _need_mkdocs()
    from riskspec.cli import build_parser
    from riskspec.docsite.build import build_site
    out = tmp_path_factory.mktemp("shipped-site") / "site"
    return build_site(out, cli_parser=build_parser())

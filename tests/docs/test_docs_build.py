"""`mkdocs build --strict` of the generated site: fixture spec, shipped spec, offline, broken links."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from riskspec.cli import build_parser
from riskspec.docsite.generate import DocsError, hand_written_dir

EXTERNAL = re.compile(r"""<(?:script|link|img|iframe|source)\b[^>]*?(?:src|href)=["']((?:https?:)?//[^"']+)""",
                      re.I)

FIXTURE_SPEC = Path(__file__).parent / "fixtures" / "spec"
FIXTURE_VECTORS = Path(__file__).parent / "fixtures" / "vectors"


def test_fixture_site_builds_strict(fixture_site, fixture_spec):
    site = fixture_site.site
    assert (site / "index.html").is_file()
    for rid in fixture_spec.rules:
        assert (site / "rules" / rid / "index.html").is_file()
    assert (site / "maps" / "mini-map.svg").is_file()
    index = json.loads((site / "search" / "search_index.json").read_text())
    text = json.dumps(index)
    for rid in fixture_spec.rules:
        assert rid in text


def test_shipped_site_builds_strict(shipped_site):
    assert (shipped_site.site / "index.html").is_file()
    assert (shipped_site.site / "ambiguities" / "index.html").is_file()
    assert (shipped_site.site / "cli" / "index.html").is_file()


@pytest.mark.parametrize("which", ["fixture_site", "shipped_site"])
def test_built_site_fetches_nothing_from_the_network(which, request):
    site = request.getfixturevalue(which).site
    offenders = []
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        offenders += [f"{page.relative_to(site)}: {u}" for u in EXTERNAL.findall(html)]
        assert "fonts.googleapis" not in html and "fonts.gstatic" not in html
    assert not offenders, offenders[:10]


def test_broken_link_fails_the_strict_build(tmp_path, need_mkdocs):
    from riskspec.docsite.build import build_site
    docs = tmp_path / "docs"
    pages = hand_written_dir()   # the checkout's docs/, or the copy installed with the package
    if pages is None:
        pytest.skip("neither a checkout's docs/ nor the installed riskspec.handbook has mkdocs.yml")
    shutil.copytree(pages, docs, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    (docs / "broken.md").write_text("# Broken\n\n[nowhere](no-such-page.md)\n")
    with pytest.raises(DocsError, match="mkdocs build failed"):
        build_site(tmp_path / "site", spec_root=FIXTURE_SPEC, vectors=FIXTURE_VECTORS,
                   docs_src=docs, cli_parser=build_parser())
    site = build_site(tmp_path / "site2", spec_root=FIXTURE_SPEC, vectors=FIXTURE_VECTORS,
                      docs_src=docs, strict=False, cli_parser=build_parser())
    assert (site.site / "broken" / "index.html").is_file()


def test_out_folder_that_is_not_a_site_is_refused(tmp_path, need_mkdocs):
    from riskspec.docsite.build import build_site
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(DocsError, match="not empty"):
        build_site(tmp_path, spec_root=FIXTURE_SPEC)
    assert (tmp_path / "notes.txt").exists()


def test_cli_build_twice_into_the_same_folder(tmp_path, capsys, need_mkdocs):
    from riskspec.cli import main
    args = ["docs", "build", "--out", str(tmp_path / "site"), "--spec", str(FIXTURE_SPEC),
            "--vectors", str(FIXTURE_VECTORS)]
    assert main(args) == 0
    assert main(args) == 0  # a previous site may be replaced
    assert "built" in capsys.readouterr().out

"""Board pictures and marks (issue 26): wrap-around arrows, label sizes, text beside marks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest


@pytest.fixture(scope="module")
def world():
    from riskspec.loading import load_spec
    return load_spec().variants["classic"].board


def test_wrap_around_arrow_crosses_the_map_edge(world):
    from riskspec.docsite.boardsvg import draw, geometry
    geo = geometry(world)
    svg = draw(world, state=None, arrow=("alaska", "kamchatka"), focus=["alaska", "kamchatka"])
    arrow = svg[svg.index("across the edge of the map"):].split("</g>")[0]
    xs = [float(x) for x in re.findall(r'x[12]="([\d.]+)"', arrow)]
    (ax, _), (kx, _) = geo.points["alaska"], geo.points["kamchatka"]
    assert 0.0 in xs and geo.width in xs  # out of one edge, in from the other
    assert all(x < ax or x > kx for x in xs if x not in (0.0, geo.width))  # not across
    assert arrow.count("marker-end") == 1
    # a neighbour on the same side: one straight arrow
    plain = draw(world, arrow=("alaska", "alberta"), focus=["alaska", "alberta"])
    assert "across the edge" not in plain and 'marker-end="url(#arrowhead)"' in plain


def test_labels_are_at_least_11_px_at_the_pictures_size(world):
    from riskspec.docsite import boardsvg
    svg = boardsvg.draw(world, title="t")
    vb_w = float(svg.split('viewBox="')[1].split()[2])
    width = float(re.search(r'<svg[^>]* width="([\d.]+)"', svg).group(1))
    scale = width / vb_w
    sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]
    assert min(sizes) * scale >= 11 - 1e-9, (min(sizes), scale)
    text = (Path(__file__).parents[2] / "docs" / "assets" / "extra.css").read_text("utf-8")
    assert "img.rs-map, .md-typeset .rs-pics img.rs-pic { max-width: none" in text


def test_pass_fail_marks_carry_words():
    from riskspec.docsite.pages_implementations import _cell
    cell = _cell(["a", "b", "c"], {"a": "pass", "b": "fail"})
    assert "1 passed" in cell and "1 failing" in cell and "not claimed" in cell

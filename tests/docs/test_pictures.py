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


def test_a_picture_across_the_map_edge_is_cut_round_the_world(world):
    """Alaska–Kamchatka: the picture is cut round the back of the world (the board drawn once
    more past its right edge, the edge marked), as narrow as one of a pair, not the whole map."""
    from riskspec.docsite.boardsvg import PAIR_PX, draw, geometry, view_width
    geo = geometry(world)
    assert view_width(world, ["alaska", "kamchatka"]) <= PAIR_PX + 0.5
    svg = draw(world, arrow=("alaska", "kamchatka"), focus=["alaska", "kamchatka"], ident="x")
    vx, _, vw, _ = (float(v) for v in svg.split('viewBox="')[1].split('"')[0].split())
    (ax, _), (kx, _) = geo.points["alaska"], geo.points["kamchatka"]
    assert vx < kx < geo.width < ax + geo.width < vx + vw  # Kamchatka, the edge, Alaska
    assert f'<use href="#x-world" x="{geo.width:.0f}"/>' in svg and "edge of the map" in svg
    # within the map: no copy, no edge
    plain = draw(world, arrow=("alaska", "alberta"), focus=["alaska", "alberta"], ident="y")
    assert "<use" not in plain and "edge of the map" not in plain
    assert float(plain.split('viewBox="')[1].split()[0]) == 0.0  # moved inside, not cut


def test_a_long_arrow_on_a_board_that_does_not_wrap_is_straight():
    """A naval landing from Andalusia to Egypt crosses half of Napoléon's Europe: one straight
    arrow, never out of one side of the map and in from the other."""
    from riskspec.docsite.boardsvg import draw, wraps_round
    from riskspec.loading import load_spec
    board = load_spec().variants["napoleon-basic"].board
    assert not wraps_round(board)
    svg = draw(board, arrow=("andalusia", "egypt"), focus=["andalusia", "egypt"])
    assert "across the edge" not in svg and "<use" not in svg
    assert svg.count('marker-end="url(#arrowhead)"') == 1


def test_a_board_laid_out_on_one_line_stays_compact():
    """A test board whose graph layout lies (nearly) on one line: a few columns, not hundreds
    (an 11-place board was drawn 11,800 px wide)."""
    from riskspec.docsite.svgmap import snap
    line = {f"p{i}": (float(i), 1e-9 * i) for i in range(11)}
    cols = {x for x, _ in snap(line).values()}
    assert max(cols) - min(cols) < 8  # kept near square: it goes on onto more rows


def test_change_notes_read_before_then_after():
    from riskspec.docsite import example_render as er

    class Ctx:
        before = {"players": [{"colour": "blue"}, {"colour": "black"}],
                  "territories": {"a": {"owner": 0, "armies": 5}, "b": {"owner": 1, "armies": 2}}}
        after = {"players": before["players"],
                 "territories": {"a": {"owner": 1, "armies": 3}, "b": {"owner": 1, "armies": 4,
                                                                     "generals": 1}}}
    assert er.change_note(Ctx, "a") == "blue 5 → black 3"  # type: ignore[arg-type]
    assert er.change_note(Ctx, "b") == "2 G0 → 4 G1"  # type: ignore[arg-type]


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

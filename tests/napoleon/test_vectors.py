"""Napoléon conformance vectors: the cases numbered 601-699 on the printed board (the others on
it or on an inline map); IDs the spec defines; run by the reference server."""

from __future__ import annotations

from riskspec.conformance.export import source_vectors_dir
from riskspec.conformance.vectors import load_cases
from riskspec.loading import load_spec

#: the number range of the printed-board cases (conformance/cases_napoleon_printed_*.py)
PRINTED = range(601, 700)


def _cases():
    return [c for c in load_cases([source_vectors_dir()]) if c.variant.startswith("napoleon")]


def test_napoleon_vectors_number_their_printed_cases_and_cover_known_ids() -> None:
    cases = _cases()
    assert len(cases) >= 16
    spec = load_spec()
    for c in cases:
        v = spec.variant(c.variant)
        # the cases written for the printed board are numbered 601-699 and never play an
        # inline map; a case moved onto the printed board from an inline one keeps its ID
        if int(c.id.rsplit(".", 1)[1]) in PRINTED:
            assert c.map is None, f"{c.id}: Napoléon rule vectors numbered 601-699 play the printed board"
        known = set(v.rules) | set(v.ambiguities)
        assert set(c.covers) <= known, c.id
        assert c.id.rsplit(".", 1)[1].isdigit()


def test_napoleon_vectors_pass_on_the_reference_server() -> None:
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-c", "import sys; from riskspec.cli import main; "
                        "sys.exit(main())", "check", "--select", "napoleon.*"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    out = r.stdout + r.stderr
    assert "passed" in out
    # the summary counts Napoléon results per rule section, for each variant
    sections = {c.section for c in _cases() if c.variant == "napoleon-basic"}
    assert {"naval", "cards"} <= sections
    for sec in sections:
        assert f"napoleon-basic.{sec} " in out, sec


def test_an_inline_board_says_why_and_the_pages_and_show_print_it() -> None:
    """``map_why`` (why a case needs its inline board) is exported with the map, refused
    without one, and printed by the example pages and ``riskspec show``."""
    import pytest

    from riskspec.cli import main
    from riskspec.conformance.scenario import ScenarioError, scenario
    from riskspec.docsite.example_render import render_case
    with pytest.raises(ScenarioError, match="map_why"):
        scenario("napoleon.turn.order.999", "no map", ["napoleon.turn.order"],
                 variant="napoleon-basic", map_why="a reason for nothing")(lambda b: None)
    told = [c for c in _cases() if c.map_why]
    assert told and all(c.map is not None for c in told)
    case = told[0]
    spec = load_spec()
    from riskspec.docsite.examples import from_conformance
    page = render_case(from_conformance(case, case.file), "x.md", spec)
    assert f"on a small test board ({case.map_why})" in page
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["show", case.id])
    assert f"(on a small test board: {case.map_why})" in out.getvalue()

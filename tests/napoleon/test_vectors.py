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

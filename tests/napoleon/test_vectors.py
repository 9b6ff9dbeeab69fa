"""Napoléon conformance vectors: on inline maps or, for the printed-board cases, on the shipped
board on purpose; IDs the spec defines; run by the reference server."""

from __future__ import annotations

from riskspec.conformance.export import source_vectors_dir
from riskspec.conformance.vectors import load_cases
from riskspec.loading import load_spec

#: rule cases that are about the shipped board's own numbers
#: (a three-player deal starts only if its quotas cover the 48 territories: the shipped count)
ON_THE_SHIPPED_MAP = {"napoleon.basic.deal.002", "napoleon.reinforce.territories.101",
                      "napoleon.setup.players-and-regiments.701"}

#: the number range of the printed-board cases (conformance/cases_napoleon_printed_*.py)
PRINTED = range(601, 700)


def _cases():
    return [c for c in load_cases([source_vectors_dir()]) if c.variant.startswith("napoleon")]


def test_napoleon_vectors_use_inline_maps_and_known_ids() -> None:
    cases = _cases()
    assert len(cases) >= 16
    spec = load_spec()
    for c in cases:
        v = spec.variant(c.variant)
        # a rule vector plays the shipped map on purpose: the printed-board cases (numbered
        # 601-699), those about the board itself (its borders, its deck: what states cannot
        # show) and a few about the numbers the shipped board gives; the others a purpose-built map
        printed = int(c.id.rsplit(".", 1)[1]) in PRINTED
        if not c.id.startswith("napoleon.components.") and c.id not in ON_THE_SHIPPED_MAP:
            assert (c.map is None) == printed, \
                f"{c.id}: Napoléon rule vectors numbered 601-699 play the printed board, others an inline map"
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

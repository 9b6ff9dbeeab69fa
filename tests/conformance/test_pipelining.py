"""Pipelining (handshake capability ``pipelining``): a case's requests are written ahead and
their responses read in order; the verdicts are those of one request at a time."""

from __future__ import annotations

import sys

from riskspec.conformance.client import EngineClient, python_engine_argv
from riskspec.conformance.runner import planned_requests, run_case
from riskspec.conformance.vectors import load_cases

MUTANT = [sys.executable, "-m", "riskspec.cli", "engine", "--mutant", "defender-always-max"]
#: the reference server, its handshake without the pipelining claim
NO_PIPELINING = [sys.executable, "-c", (
    "import sys; from riskspec.conformance import reference_api as r; caps = r.capabilities; "
    "r.capabilities = lambda *a: {k: v for k, v in caps(*a).items() if k != 'pipelining'}; "
    "sys.exit(r.serve_reference())")]


def _cases(n: int = 40):
    cases = [c for c in load_cases() if c.variant == "classic"]
    step = max(1, len(cases) // n)
    return cases[::step][:n]


def _verdicts(argv, cases):
    with EngineClient(argv, timeout=60, handshake_timeout=120) as client:
        results = [run_case(client, c) for c in cases]
        claimed = client.capabilities.handshake["capabilities"].get("pipelining")
        return [(r.case, r.outcome, r.step, r.rule, r.message) for r in results], client, claimed


def test_the_reference_claims_pipelining_and_a_case_is_one_round_trip():
    case = next(c for c in _cases() if len(planned_requests(c, {})) > 3)
    with EngineClient(python_engine_argv(), timeout=60) as client:
        assert client.start().handshake["capabilities"]["pipelining"] is True
        written = []
        real = client._write_text
        client._write_text = lambda text, timeout: (written.append(text), real(text, timeout))
        assert run_case(client, case).outcome == "pass"
        assert len(written) == 1                       # every request of the case in one write
        assert written[0].count("\n") == len(planned_requests(case, {}))


def test_verdicts_with_and_without_pipelining_are_the_same():
    cases = _cases()
    piped, _, claimed = _verdicts(python_engine_argv(), cases)
    plain, _, unclaimed = _verdicts(NO_PIPELINING, cases)
    assert claimed is True and unclaimed is None
    assert piped == plain and all(v[1] == "pass" for v in piped)


def test_a_failing_case_drains_what_was_written_ahead():
    # the mutant fails cases early (requests written ahead are left unread); the next cases
    # must still read their own answers: same verdicts as one request at a time, no restart
    cases = [c for c in load_cases() if c.id.startswith("classic.attack.defender-dice")][:6]
    cases += _cases(10)
    piped, client, _ = _verdicts(MUTANT, cases)
    assert any(v[1] == "fail" for v in piped) and any(v[1] == "pass" for v in piped)
    assert client.starts == 1 and not client.faults
    argv = [*NO_PIPELINING[:2], NO_PIPELINING[2].replace(
        "r.serve_reference()", "r.serve_reference('defender-always-max')")]
    plain, _, unclaimed = _verdicts(argv, cases)
    assert unclaimed is None and piped == plain
